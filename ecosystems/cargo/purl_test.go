package cargo

import (
	"testing"

	"github.com/envaudit/envaudit/ecosystems"
	"github.com/envaudit/envaudit/ecosystems/internal/ecotest"
)

// TestIdentify checks the package URLs, groups and names against the purl
// specification's cargo type.
func TestIdentify(t *testing.T) {
	ecotest.Identities(t, New(), []ecotest.IdentityCase{
		{Name: "crate", Pkg: "itoa", Version: "1.0.9", Want: ecosystems.Identity{PURL: "pkg:cargo/itoa@1.0.9", Name: "itoa"}},
		{Name: "dashAndUnderscoreKept", Pkg: "serde_json", Version: "1.0.108", Want: ecosystems.Identity{PURL: "pkg:cargo/serde_json@1.0.108", Name: "serde_json"}},
		{Name: "buildMetadata", Pkg: "libz-sys", Version: "1.1.12+zlib-1.3", Want: ecosystems.Identity{PURL: "pkg:cargo/libz-sys@1.1.12%2Bzlib-1.3", Name: "libz-sys"}},
		{Name: "noVersion", Pkg: "rand", Version: "", Want: ecosystems.Identity{PURL: "pkg:cargo/rand", Name: "rand"}},
		{Name: "empty", Pkg: "", Version: "1.0", Want: ecosystems.Identity{}},
	})
}
