package npm

import (
	"testing"

	"github.com/envaudit/envaudit/ecosystems"
	"github.com/envaudit/envaudit/ecosystems/internal/ecotest"
)

// TestIdentify checks the package URLs, groups and names against the purl
// specification's npm type.
func TestIdentify(t *testing.T) {
	ecotest.Identities(t, New(), []ecotest.IdentityCase{
		{Name: "plain", Pkg: "debug", Version: "4.3.4", Want: ecosystems.Identity{PURL: "pkg:npm/debug@4.3.4", Name: "debug", Taxonomy: "cdx:npm:package"}},
		{Name: "scoped", Pkg: "@babel/core", Version: "7.0.0", Want: ecosystems.Identity{PURL: "pkg:npm/%40babel/core@7.0.0", Group: "@babel", Name: "core", Taxonomy: "cdx:npm:package"}},
		{Name: "scopedTypes", Pkg: "@types/node", Version: "20.11.5", Want: ecosystems.Identity{PURL: "pkg:npm/%40types/node@20.11.5", Group: "@types", Name: "node", Taxonomy: "cdx:npm:package"}},
		{Name: "legacyCaseKept", Pkg: "JSONStream", Version: "1.3.5", Want: ecosystems.Identity{PURL: "pkg:npm/JSONStream@1.3.5", Name: "JSONStream", Taxonomy: "cdx:npm:package"}},
		{Name: "noVersion", Pkg: "left-padd", Version: "", Want: ecosystems.Identity{PURL: "pkg:npm/left-padd", Name: "left-padd", Taxonomy: "cdx:npm:package"}},
		{Name: "prereleaseVersion", Pkg: "next", Version: "14.0.0-canary.1+build", Want: ecosystems.Identity{PURL: "pkg:npm/next@14.0.0-canary.1%2Bbuild", Name: "next", Taxonomy: "cdx:npm:package"}},
		{Name: "scopeWithoutName", Pkg: "@scope", Version: "1.0", Want: ecosystems.Identity{PURL: "pkg:npm/%40scope@1.0", Name: "@scope", Taxonomy: "cdx:npm:package"}},
		{Name: "empty", Pkg: "", Version: "1.0", Want: ecosystems.Identity{Taxonomy: "cdx:npm:package"}},
	})
}
