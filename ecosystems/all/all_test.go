package all

import (
	"os"
	"sort"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// TestEveryEcosystemRegistered checks that each ecosystems/<name> directory
// (other than this one, internal/ and fakeeco, the front ends' test
// ecosystem) has an entry in Ecosystems, and no two share a name.
func TestEveryEcosystemRegistered(t *testing.T) {
	entries, err := os.ReadDir("..")
	if err != nil {
		t.Fatal(err)
	}
	var dirs []string
	for _, e := range entries {
		if e.IsDir() && e.Name() != "all" && e.Name() != "testdata" && e.Name() != "internal" && e.Name() != "fakeeco" {
			dirs = append(dirs, e.Name())
		}
	}
	var names []string
	seen := map[string]bool{}
	for _, e := range Ecosystems() {
		if seen[e.Name()] {
			t.Errorf("ecosystem %q registered twice", e.Name())
		}
		seen[e.Name()] = true
		names = append(names, e.Name())
	}
	// Directory names are the ecosystem names, except where the Go package
	// name differs from the ecosystem's (dirOf).
	for i, n := range names {
		names[i] = dirOf(n)
	}
	sort.Strings(dirs)
	sort.Strings(names)
	if diff := cmp.Diff(dirs, names); diff != "" {
		t.Errorf("ecosystem directories vs registered ecosystems (-dirs +registered):\n%s", diff)
	}
}
