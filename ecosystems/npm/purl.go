package npm

import (
	"strings"

	"github.com/package-url/packageurl-go"

	"github.com/envaudit/envaudit/ecosystems"
)

// Identify returns the identity of an npm package: a scoped name
// ("@babel/core") is the component group "@babel" and name "core", and
// pkg:npm/%40babel/core@<version>, the scope being the purl namespace.
// Its properties are the CycloneDX taxonomy's cdx:npm:package ones.
// Names keep their case: the registry still serves packages published
// before lowercase names were required (JSONStream), and lowercasing would
// name another package.
func (Ecosystem) Identify(name, version string) ecosystems.Identity {
	group, n := "", name
	if strings.HasPrefix(name, "@") {
		if scope, rest, ok := strings.Cut(name, "/"); ok {
			group, n = scope, rest
		}
	}
	return ecosystems.Identity{
		PURL:     ecosystems.PackageURL(packageurl.TypeNPM, group, n, version),
		Group:    group,
		Name:     n,
		Taxonomy: "cdx:npm:package",
	}
}
