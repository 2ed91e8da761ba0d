package npm

import (
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/envaudit/envaudit/ecosystems"
)

// TestIdentify checks the package URLs, groups and names against the purl
// specification's npm type.
func TestIdentify(t *testing.T) {
	tests := []struct {
		name, pkg, version string
		want               ecosystems.Identity
	}{
		{"plain", "debug", "4.3.4", ecosystems.Identity{PURL: "pkg:npm/debug@4.3.4", Name: "debug", Taxonomy: "cdx:npm:package"}},
		{"scoped", "@babel/core", "7.0.0", ecosystems.Identity{PURL: "pkg:npm/%40babel/core@7.0.0", Group: "@babel", Name: "core", Taxonomy: "cdx:npm:package"}},
		{"scopedTypes", "@types/node", "20.11.5", ecosystems.Identity{PURL: "pkg:npm/%40types/node@20.11.5", Group: "@types", Name: "node", Taxonomy: "cdx:npm:package"}},
		{"legacyCaseKept", "JSONStream", "1.3.5", ecosystems.Identity{PURL: "pkg:npm/JSONStream@1.3.5", Name: "JSONStream", Taxonomy: "cdx:npm:package"}},
		{"noVersion", "left-padd", "", ecosystems.Identity{PURL: "pkg:npm/left-padd", Name: "left-padd", Taxonomy: "cdx:npm:package"}},
		{"prereleaseVersion", "next", "14.0.0-canary.1+build", ecosystems.Identity{PURL: "pkg:npm/next@14.0.0-canary.1%2Bbuild", Name: "next", Taxonomy: "cdx:npm:package"}},
		{"scopeWithoutName", "@scope", "1.0", ecosystems.Identity{PURL: "pkg:npm/%40scope@1.0", Name: "@scope", Taxonomy: "cdx:npm:package"}},
		{"empty", "", "1.0", ecosystems.Identity{Taxonomy: "cdx:npm:package"}},
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
