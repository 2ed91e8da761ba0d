package gomod

import (
	"strings"

	"github.com/package-url/packageurl-go"

	"github.com/envaudit/envaudit/ecosystems"
)

// Identify returns the identity of a Go module: the component name is the
// whole module path, as Go tools name a module, and the package URL splits
// it at its last slash into the purl namespace and name,
// pkg:golang/github.com/google/uuid@v1.6.0. The purl specification's
// golang type lowercases both (github.com/BurntSushi/toml is
// pkg:golang/github.com/burntsushi/toml), although Go module paths are
// case-sensitive; the component name keeps the path's case.
func (*Ecosystem) Identify(name, version string) ecosystems.Identity {
	ns, n := "", name
	if i := strings.LastIndexByte(name, '/'); i > 0 {
		ns, n = name[:i], name[i+1:]
	}
	return ecosystems.Identity{
		PURL: ecosystems.PackageURL(packageurl.TypeGolang, ns, n, version),
		Name: name,
	}
}
