package gomod

import (
	"testing"

	"github.com/envaudit/envaudit/ecosystems"
	"github.com/envaudit/envaudit/ecosystems/internal/ecotest"
)

// TestIdentify checks the package URLs, groups and names against the purl
// specification's golang type.
func TestIdentify(t *testing.T) {
	ecotest.Identities(t, New(), []ecotest.IdentityCase{
		{Name: "module", Pkg: "github.com/google/uuid", Version: "v1.6.0", Want: ecosystems.Identity{PURL: "pkg:golang/github.com/google/uuid@v1.6.0", Name: "github.com/google/uuid"}},
		{Name: "golangOrg", Pkg: "golang.org/x/mod", Version: "v0.43.0", Want: ecosystems.Identity{PURL: "pkg:golang/golang.org/x/mod@v0.43.0", Name: "golang.org/x/mod"}},
		{Name: "lowercasedInPURLOnly", Pkg: "github.com/BurntSushi/toml", Version: "v1.3.2", Want: ecosystems.Identity{PURL: "pkg:golang/github.com/burntsushi/toml@v1.3.2", Name: "github.com/BurntSushi/toml"}},
		{Name: "majorVersionSuffix", Pkg: "github.com/google/go-github/v62", Version: "v62.0.0", Want: ecosystems.Identity{PURL: "pkg:golang/github.com/google/go-github/v62@v62.0.0", Name: "github.com/google/go-github/v62"}},
		{Name: "pseudoVersion", Pkg: "example.com/m", Version: "v0.0.0-20240101000000-abcdefabcdef", Want: ecosystems.Identity{PURL: "pkg:golang/example.com/m@v0.0.0-20240101000000-abcdefabcdef", Name: "example.com/m"}},
		{Name: "noSlash", Pkg: "rsc", Version: "v1.0.0", Want: ecosystems.Identity{PURL: "pkg:golang/rsc@v1.0.0", Name: "rsc"}},
		{Name: "localReplacement", Pkg: "example.com/local", Version: "", Want: ecosystems.Identity{PURL: "pkg:golang/example.com/local", Name: "example.com/local"}},
		{Name: "empty", Pkg: "", Version: "v1.0.0", Want: ecosystems.Identity{}},
	})
}
