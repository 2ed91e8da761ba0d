package python

import (
	"github.com/package-url/packageurl-go"

	"github.com/envaudit/envaudit/ecosystems"
)

// Identify returns the identity of a Python distribution:
// pkg:pypi/<name>@<version>, the name lowercased with "_" written "-" as
// the purl specification's pypi type requires (dots are kept:
// pkg:pypi/zope.interface). PyPI has no namespaces, so there is no group.
func (*Ecosystem) Identify(name, version string) ecosystems.Identity {
	return ecosystems.Identity{
		PURL: ecosystems.PackageURL(packageurl.TypePyPi, "", name, version),
		Name: name,
	}
}
