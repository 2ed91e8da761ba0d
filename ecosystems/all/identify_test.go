package all

import (
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/envaudit/envaudit/ecosystems"
)

// TestIdentify checks that Identify asks the ecosystem of each name, and
// names a package of an unknown ecosystem generically.
func TestIdentify(t *testing.T) {
	tests := []struct {
		eco, pkg, version string
		want              ecosystems.Identity
	}{
		{"npm", "@babel/core", "7.0.0", ecosystems.Identity{PURL: "pkg:npm/%40babel/core@7.0.0", Group: "@babel", Name: "core", Taxonomy: "cdx:npm:package"}},
		{"python", "Foo_Bar", "1.0", ecosystems.Identity{PURL: "pkg:pypi/foo-bar@1.0", Name: "Foo_Bar"}},
		{"maven", "org.apache.commons:commons-lang3", "3.12.0", ecosystems.Identity{PURL: "pkg:maven/org.apache.commons/commons-lang3@3.12.0", Group: "org.apache.commons", Name: "commons-lang3"}},
		{"go", "github.com/google/uuid", "v1.6.0", ecosystems.Identity{PURL: "pkg:golang/github.com/google/uuid@v1.6.0", Name: "github.com/google/uuid"}},
		{"cargo", "itoa", "1.0.9", ecosystems.Identity{PURL: "pkg:cargo/itoa@1.0.9", Name: "itoa"}},
		{"cmake", "OpenSSL", "", ecosystems.Identity{PURL: "pkg:deb/debian/libssl3", Name: "OpenSSL"}},
		{"system", "libssl3", "3.0.11-1~deb12u2", ecosystems.Identity{PURL: "pkg:deb/debian/libssl3@3.0.11-1~deb12u2", Name: "libssl3"}},
		{"nuget", "Newtonsoft.Json", "13.0.3", ecosystems.Identity{PURL: "pkg:generic/Newtonsoft.Json@13.0.3", Name: "Newtonsoft.Json"}},
		{"", "thing", "", ecosystems.Identity{PURL: "pkg:generic/thing", Name: "thing"}},
	}
	for _, tt := range tests {
		t.Run(tt.eco+"/"+tt.pkg, func(t *testing.T) {
			if diff := cmp.Diff(tt.want, Identify(tt.eco, tt.pkg, tt.version)); diff != "" {
				t.Errorf("Identify(%q, %q, %q) (-want +got):\n%s", tt.eco, tt.pkg, tt.version, diff)
			}
		})
	}
}
