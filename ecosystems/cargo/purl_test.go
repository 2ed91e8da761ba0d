package cargo

import (
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/envaudit/envaudit/ecosystems"
)

// TestIdentify checks the package URLs, groups and names against the purl
// specification's cargo type.
func TestIdentify(t *testing.T) {
	tests := []struct {
		name, pkg, version string
		want               ecosystems.Identity
	}{
		{"crate", "itoa", "1.0.9", ecosystems.Identity{PURL: "pkg:cargo/itoa@1.0.9", Name: "itoa"}},
		{"dashAndUnderscoreKept", "serde_json", "1.0.108", ecosystems.Identity{PURL: "pkg:cargo/serde_json@1.0.108", Name: "serde_json"}},
		{"buildMetadata", "libz-sys", "1.1.12+zlib-1.3", ecosystems.Identity{PURL: "pkg:cargo/libz-sys@1.1.12%2Bzlib-1.3", Name: "libz-sys"}},
		{"noVersion", "rand", "", ecosystems.Identity{PURL: "pkg:cargo/rand", Name: "rand"}},
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
