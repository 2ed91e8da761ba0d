package ecosystems

import (
	"testing"

	"github.com/google/go-cmp/cmp"
)

func TestPackageURL(t *testing.T) {
	tests := []struct {
		name, typ, ns, pkg, version, want string
	}{
		{"pypiNormalised", "pypi", "", "Foo_Bar", "1.0", "pkg:pypi/foo-bar@1.0"},
		{"debLowercased", "deb", "Debian", "Jq", "1.6", "pkg:deb/debian/jq@1.6"},
		{"golangLowercased", "golang", "github.com/BurntSushi", "toml", "v1.3.2", "pkg:golang/github.com/burntsushi/toml@v1.3.2"},
		{"npmScopeEncoded", "npm", "@types", "node", "20.11.5", "pkg:npm/%40types/node@20.11.5"},
		{"mavenCaseKept", "maven", "com.Example", "MyLib", "1.0", "pkg:maven/com.Example/MyLib@1.0"},
		{"versionEncoded", "deb", "debian", "jq", "1.6-2.1+deb12u1", "pkg:deb/debian/jq@1.6-2.1%2Bdeb12u1"},
		{"noVersion", "cargo", "", "itoa", "", "pkg:cargo/itoa"},
		{"typeLowercased", "PyPI", "", "six", "1.16.0", "pkg:pypi/six@1.16.0"},
		{"emptyName", "npm", "", "", "1.0", ""},
		{"invalidType", "no type", "", "x", "1.0", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := PackageURL(tt.typ, tt.ns, tt.pkg, tt.version); got != tt.want {
				t.Errorf("PackageURL(%q, %q, %q, %q) = %q, want %q", tt.typ, tt.ns, tt.pkg, tt.version, got, tt.want)
			}
		})
	}
}

func TestGenericIdentity(t *testing.T) {
	tests := []struct {
		name, pkg, version string
		want               Identity
	}{
		{"versioned", "nlohmann_json", "3.11.2", Identity{PURL: "pkg:generic/nlohmann_json@3.11.2", Name: "nlohmann_json"}},
		{"noVersion", "thing", "", Identity{PURL: "pkg:generic/thing", Name: "thing"}},
		{"empty", "", "1.0", Identity{}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if diff := cmp.Diff(tt.want, GenericIdentity(tt.pkg, tt.version)); diff != "" {
				t.Errorf("GenericIdentity(%q, %q) (-want +got):\n%s", tt.pkg, tt.version, diff)
			}
		})
	}
}
