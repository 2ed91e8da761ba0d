package system

import (
	"testing"

	"github.com/envaudit/envaudit/ecosystems"
	"github.com/envaudit/envaudit/ecosystems/internal/ecotest"
)

// TestIdentify checks the package URLs, groups and names against the purl
// specification's deb type.
func TestIdentify(t *testing.T) {
	ecotest.Identities(t, New(), []ecotest.IdentityCase{
		{Name: "package", Pkg: "libssl3", Version: "3.0.11-1~deb12u2", Want: ecosystems.Identity{PURL: "pkg:deb/debian/libssl3@3.0.11-1~deb12u2", Name: "libssl3"}},
		{Name: "plusEscaped", Pkg: "libstdc++6", Version: "12.2.0-14", Want: ecosystems.Identity{PURL: "pkg:deb/debian/libstdc%2B%2B6@12.2.0-14", Name: "libstdc++6"}},
		{Name: "epoch", Pkg: "zlib1g", Version: "1:1.2.13.dfsg-1", Want: ecosystems.Identity{PURL: "pkg:deb/debian/zlib1g@1:1.2.13.dfsg-1", Name: "zlib1g"}},
		{Name: "lowercased", Pkg: "Jq", Version: "1.6-2.1", Want: ecosystems.Identity{PURL: "pkg:deb/debian/jq@1.6-2.1", Name: "Jq"}},
		{Name: "noVersion", Pkg: "tree", Version: "", Want: ecosystems.Identity{PURL: "pkg:deb/debian/tree", Name: "tree"}},
		{Name: "empty", Pkg: "", Version: "1.0", Want: ecosystems.Identity{}},
	})
}
