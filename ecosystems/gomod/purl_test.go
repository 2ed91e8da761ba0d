package gomod

import (
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/envaudit/envaudit/ecosystems"
)

// TestIdentify checks the package URLs, groups and names against the purl
// specification's golang type.
func TestIdentify(t *testing.T) {
	tests := []struct {
		name, pkg, version string
		want               ecosystems.Identity
	}{
		{"module", "github.com/google/uuid", "v1.6.0", ecosystems.Identity{PURL: "pkg:golang/github.com/google/uuid@v1.6.0", Name: "github.com/google/uuid"}},
		{"golangOrg", "golang.org/x/mod", "v0.43.0", ecosystems.Identity{PURL: "pkg:golang/golang.org/x/mod@v0.43.0", Name: "golang.org/x/mod"}},
		{"lowercasedInPURLOnly", "github.com/BurntSushi/toml", "v1.3.2", ecosystems.Identity{PURL: "pkg:golang/github.com/burntsushi/toml@v1.3.2", Name: "github.com/BurntSushi/toml"}},
		{"majorVersionSuffix", "github.com/google/go-github/v62", "v62.0.0", ecosystems.Identity{PURL: "pkg:golang/github.com/google/go-github/v62@v62.0.0", Name: "github.com/google/go-github/v62"}},
		{"pseudoVersion", "example.com/m", "v0.0.0-20240101000000-abcdefabcdef", ecosystems.Identity{PURL: "pkg:golang/example.com/m@v0.0.0-20240101000000-abcdefabcdef", Name: "example.com/m"}},
		{"noSlash", "rsc", "v1.0.0", ecosystems.Identity{PURL: "pkg:golang/rsc@v1.0.0", Name: "rsc"}},
		{"localReplacement", "example.com/local", "", ecosystems.Identity{PURL: "pkg:golang/example.com/local", Name: "example.com/local"}},
		{"empty", "", "v1.0.0", ecosystems.Identity{}},
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
