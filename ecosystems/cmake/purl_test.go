package cmake

import (
	"testing"

	"github.com/envaudit/envaudit/ecosystems"
	"github.com/envaudit/envaudit/ecosystems/internal/ecotest"
)

// TestIdentify checks the package URLs, groups and names against the purl
// specification's deb and generic type.
func TestIdentify(t *testing.T) {
	ecotest.Identities(t, New(), []ecotest.IdentityCase{
		{Name: "tableRuntimePackage", Pkg: "OpenSSL", Version: "3.0.11-1~deb12u2", Want: ecosystems.Identity{PURL: "pkg:deb/debian/libssl3@3.0.11-1~deb12u2", Name: "OpenSSL"}},
		{Name: "tableCaseFolded", Pkg: "zlib", Version: "", Want: ecosystems.Identity{PURL: "pkg:deb/debian/zlib1g", Name: "zlib"}},
		{Name: "tableAlias", Pkg: "libpng", Version: "", Want: ecosystems.Identity{PURL: "pkg:deb/debian/libpng16-16", Name: "libpng"}},
		{Name: "headerOnlyDevPackage", Pkg: "nlohmann_json", Version: "3.11.2-2", Want: ecosystems.Identity{PURL: "pkg:deb/debian/nlohmann-json3-dev@3.11.2-2", Name: "nlohmann_json"}},
		{Name: "debianPackageName", Pkg: "libssl-dev", Version: "3.0.11-1~deb12u2", Want: ecosystems.Identity{PURL: "pkg:deb/debian/libssl-dev@3.0.11-1~deb12u2", Name: "libssl-dev"}},
		{Name: "debianPackageByPattern", Pkg: "libboost-system1.74.0", Version: "1.74.0-18.1", Want: ecosystems.Identity{PURL: "pkg:deb/debian/libboost-system1.74.0@1.74.0-18.1", Name: "libboost-system1.74.0"}},
		{Name: "onlyPatterns", Pkg: "Boost", Version: "1.74.0", Want: ecosystems.Identity{PURL: "pkg:generic/Boost@1.74.0", Name: "Boost"}},
		{Name: "unknownLibrary", Pkg: "jq", Version: "", Want: ecosystems.Identity{PURL: "pkg:generic/jq", Name: "jq"}},
		{Name: "empty", Pkg: "", Version: "1.0", Want: ecosystems.Identity{}},
	})
}
