package maven

import (
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/envaudit/envaudit/ecosystems"
)

// TestIdentify checks the package URLs, groups and names against the purl
// specification's maven type.
func TestIdentify(t *testing.T) {
	tests := []struct {
		name, pkg, version string
		want               ecosystems.Identity
	}{
		{"groupAndArtifact", "org.apache.commons:commons-lang3", "3.12.0", ecosystems.Identity{PURL: "pkg:maven/org.apache.commons/commons-lang3@3.12.0", Group: "org.apache.commons", Name: "commons-lang3"}},
		{"caseKept", "com.Example:MyLib", "1.0", ecosystems.Identity{PURL: "pkg:maven/com.Example/MyLib@1.0", Group: "com.Example", Name: "MyLib"}},
		{"debianAlias", "junit:junit", "4.x", ecosystems.Identity{PURL: "pkg:maven/junit/junit@4.x", Group: "junit", Name: "junit"}},
		{"noGroup", "commons-io", "2.11.0", ecosystems.Identity{PURL: "pkg:maven/commons-io@2.11.0", Name: "commons-io"}},
		{"noVersion", "org.slf4j:slf4j-api", "", ecosystems.Identity{PURL: "pkg:maven/org.slf4j/slf4j-api", Group: "org.slf4j", Name: "slf4j-api"}},
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
