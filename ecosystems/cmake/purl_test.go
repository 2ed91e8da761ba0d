package cmake

import (
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/envaudit/envaudit/ecosystems"
)

// TestIdentify checks the package URLs, groups and names against the purl
// specification's deb and generic type.
func TestIdentify(t *testing.T) {
	tests := []struct {
		name, pkg, version string
		want               ecosystems.Identity
	}{
		{"tableRuntimePackage", "OpenSSL", "3.0.11-1~deb12u2", ecosystems.Identity{PURL: "pkg:deb/debian/libssl3@3.0.11-1~deb12u2", Name: "OpenSSL"}},
		{"tableCaseFolded", "zlib", "", ecosystems.Identity{PURL: "pkg:deb/debian/zlib1g", Name: "zlib"}},
		{"tableAlias", "libpng", "", ecosystems.Identity{PURL: "pkg:deb/debian/libpng16-16", Name: "libpng"}},
		{"headerOnlyDevPackage", "nlohmann_json", "3.11.2-2", ecosystems.Identity{PURL: "pkg:deb/debian/nlohmann-json3-dev@3.11.2-2", Name: "nlohmann_json"}},
		{"debianPackageName", "libssl-dev", "3.0.11-1~deb12u2", ecosystems.Identity{PURL: "pkg:deb/debian/libssl-dev@3.0.11-1~deb12u2", Name: "libssl-dev"}},
		{"debianPackageByPattern", "libboost-system1.74.0", "1.74.0-18.1", ecosystems.Identity{PURL: "pkg:deb/debian/libboost-system1.74.0@1.74.0-18.1", Name: "libboost-system1.74.0"}},
		{"onlyPatterns", "Boost", "1.74.0", ecosystems.Identity{PURL: "pkg:generic/Boost@1.74.0", Name: "Boost"}},
		{"unknownLibrary", "jq", "", ecosystems.Identity{PURL: "pkg:generic/jq", Name: "jq"}},
		{"empty", "", "1.0", ecosystems.Identity{}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := New().Identify(tt.pkg, tt.version)
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("Identify(%q, %q) (-want +got):\n%s", tt.pkg, tt.version, diff)
			}
		})
	}
}
