package system

import (
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/envaudit/envaudit/ecosystems"
)

// TestIdentify checks the package URLs, groups and names against the purl
// specification's deb type.
func TestIdentify(t *testing.T) {
	tests := []struct {
		name, pkg, version string
		want               ecosystems.Identity
	}{
		{"package", "libssl3", "3.0.11-1~deb12u2", ecosystems.Identity{PURL: "pkg:deb/debian/libssl3@3.0.11-1~deb12u2", Name: "libssl3"}},
		{"plusEscaped", "libstdc++6", "12.2.0-14", ecosystems.Identity{PURL: "pkg:deb/debian/libstdc%2B%2B6@12.2.0-14", Name: "libstdc++6"}},
		{"epoch", "zlib1g", "1:1.2.13.dfsg-1", ecosystems.Identity{PURL: "pkg:deb/debian/zlib1g@1:1.2.13.dfsg-1", Name: "zlib1g"}},
		{"lowercased", "Jq", "1.6-2.1", ecosystems.Identity{PURL: "pkg:deb/debian/jq@1.6-2.1", Name: "Jq"}},
		{"noVersion", "tree", "", ecosystems.Identity{PURL: "pkg:deb/debian/tree", Name: "tree"}},
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
