package maven

import (
	"testing"

	"github.com/envaudit/envaudit/ecosystems"
	"github.com/envaudit/envaudit/ecosystems/internal/ecotest"
)

// TestIdentify checks the package URLs, groups and names against the purl
// specification's maven type.
func TestIdentify(t *testing.T) {
	ecotest.Identities(t, New(), []ecotest.IdentityCase{
		{Name: "groupAndArtifact", Pkg: "org.apache.commons:commons-lang3", Version: "3.12.0", Want: ecosystems.Identity{PURL: "pkg:maven/org.apache.commons/commons-lang3@3.12.0", Group: "org.apache.commons", Name: "commons-lang3"}},
		{Name: "caseKept", Pkg: "com.Example:MyLib", Version: "1.0", Want: ecosystems.Identity{PURL: "pkg:maven/com.Example/MyLib@1.0", Group: "com.Example", Name: "MyLib"}},
		{Name: "debianAlias", Pkg: "junit:junit", Version: "4.x", Want: ecosystems.Identity{PURL: "pkg:maven/junit/junit@4.x", Group: "junit", Name: "junit"}},
		{Name: "noGroup", Pkg: "commons-io", Version: "2.11.0", Want: ecosystems.Identity{PURL: "pkg:maven/commons-io@2.11.0", Name: "commons-io"}},
		{Name: "noVersion", Pkg: "org.slf4j:slf4j-api", Version: "", Want: ecosystems.Identity{PURL: "pkg:maven/org.slf4j/slf4j-api", Group: "org.slf4j", Name: "slf4j-api"}},
		{Name: "empty", Pkg: "", Version: "1.0", Want: ecosystems.Identity{}},
	})
}
