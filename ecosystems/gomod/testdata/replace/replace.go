// Package replace is an envaudit fixture: it uses a module replaced by a
// local directory (localdep), a module replaced by another version (uuid),
// and a module whose path has upper-case letters (BurntSushi/toml, escaped
// as !burnt!sushi in the module cache).
package replace

import (
	"github.com/BurntSushi/toml"
	"github.com/google/uuid"

	"example.com/envaudit-fixture/localdep"
)

// Config is decoded from TOML.
type Config struct {
	Name string
}

// Load decodes s and names it.
func Load(s string) (string, error) {
	var c Config
	if _, err := toml.Decode(s, &c); err != nil {
		return "", err
	}
	return localdep.Greeting() + " " + c.Name + " " + uuid.NewSHA1(uuid.NameSpaceOID, []byte(c.Name)).String(), nil
}
