package python

import (
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/envaudit/envaudit/ecosystems"
)

// TestIdentify checks the package URLs, groups and names against the purl
// specification's pypi type.
func TestIdentify(t *testing.T) {
	tests := []struct {
		name, pkg, version string
		want               ecosystems.Identity
	}{
		{"plain", "requests", "2.31.0", ecosystems.Identity{PURL: "pkg:pypi/requests@2.31.0", Name: "requests"}},
		{"lowercased", "PyYAML", "6.0", ecosystems.Identity{PURL: "pkg:pypi/pyyaml@6.0", Name: "PyYAML"}},
		{"underscoreAsDash", "Foo_Bar", "1.0", ecosystems.Identity{PURL: "pkg:pypi/foo-bar@1.0", Name: "Foo_Bar"}},
		{"dotKept", "zope.interface", "6.0", ecosystems.Identity{PURL: "pkg:pypi/zope.interface@6.0", Name: "zope.interface"}},
		{"localVersion", "torch", "2.1.0+cpu", ecosystems.Identity{PURL: "pkg:pypi/torch@2.1.0%2Bcpu", Name: "torch"}},
		{"noVersion", "python-dateutil", "", ecosystems.Identity{PURL: "pkg:pypi/python-dateutil", Name: "python-dateutil"}},
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
