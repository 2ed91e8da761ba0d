package python

import (
	"testing"

	"github.com/envaudit/envaudit/ecosystems"
	"github.com/envaudit/envaudit/ecosystems/internal/ecotest"
)

// TestIdentify checks the package URLs, groups and names against the purl
// specification's pypi type.
func TestIdentify(t *testing.T) {
	ecotest.Identities(t, New(), []ecotest.IdentityCase{
		{Name: "plain", Pkg: "requests", Version: "2.31.0", Want: ecosystems.Identity{PURL: "pkg:pypi/requests@2.31.0", Name: "requests"}},
		{Name: "lowercased", Pkg: "PyYAML", Version: "6.0", Want: ecosystems.Identity{PURL: "pkg:pypi/pyyaml@6.0", Name: "PyYAML"}},
		{Name: "underscoreAsDash", Pkg: "Foo_Bar", Version: "1.0", Want: ecosystems.Identity{PURL: "pkg:pypi/foo-bar@1.0", Name: "Foo_Bar"}},
		{Name: "dotKept", Pkg: "zope.interface", Version: "6.0", Want: ecosystems.Identity{PURL: "pkg:pypi/zope.interface@6.0", Name: "zope.interface"}},
		{Name: "localVersion", Pkg: "torch", Version: "2.1.0+cpu", Want: ecosystems.Identity{PURL: "pkg:pypi/torch@2.1.0%2Bcpu", Name: "torch"}},
		{Name: "noVersion", Pkg: "python-dateutil", Version: "", Want: ecosystems.Identity{PURL: "pkg:pypi/python-dateutil", Name: "python-dateutil"}},
		{Name: "empty", Pkg: "", Version: "1.0", Want: ecosystems.Identity{}},
	})
}
