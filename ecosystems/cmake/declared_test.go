package cmake

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/envaudit/envaudit/ecosystems"
	"github.com/envaudit/envaudit/ecosystems/internal/ecotest"
)

// TestFixtures opens every fixture project under testdata with a golden
// file: files.golden, declared.golden and excluded.golden for good
// projects, error.golden for bad ones.
func TestFixtures(t *testing.T) {
	dirs := ecotest.Glob(t, "testdata/*", "declared.golden", "error.golden")
	for _, dir := range dirs {
		t.Run(filepath.Base(dir), func(t *testing.T) {
			if !ecotest.ProjectGoldens(t, New(), dir) {
				return
			}
			d, err := declare(ecosystems.Dir(dir), Libraries)
			if err != nil {
				t.Fatal(err)
			}
			var ex []string
			for _, name := range sortedKeys(d.excluded) {
				ex = append(ex, name+"\t"+d.excluded[name])
			}
			ecotest.Golden(t, filepath.Join(dir, "excluded.golden"), strings.Join(ex, "\n")+"\n")
		})
	}
	if n := len(dirs); n < 5 {
		t.Fatalf("found %d fixture projects under testdata, want at least 5", n)
	}
}
