package cmake

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/envaudit/envaudit/ecosystems"
	"github.com/google/go-cmp/cmp"
)

// update regenerates golden files: ENVAUDIT_UPDATE=1 go test ./...
var update = os.Getenv("ENVAUDIT_UPDATE") != ""

// renderDeclared renders D1 one dependency a line:
// "file:line<TAB>name<TAB>spec<TAB>scope[ compile-only]<TAB>raw", "-" for
// empty fields, in the order Declared returns them.
func renderDeclared(ds []ecosystems.Dependency) string {
	var lines []string
	dash := func(s string) string {
		if s == "" {
			return "-"
		}
		return s
	}
	for _, d := range ds {
		scope := string(d.Scope)
		if d.CompileOnly {
			scope += " compile-only"
		}
		lines = append(lines, strings.Join([]string{d.Pos.String(), d.Name, dash(d.Spec), scope, dash(d.Raw)}, "\t"))
	}
	return strings.Join(lines, "\n") + "\n"
}

func golden(t *testing.T, file, got string) {
	t.Helper()
	if update {
		if err := os.WriteFile(file, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(file)
	if err != nil {
		t.Fatalf("%v (regenerate with ENVAUDIT_UPDATE=1)", err)
	}
	if diff := cmp.Diff(string(want), got); diff != "" {
		t.Errorf("%s (-want +got):\n%s", file, diff)
	}
}

// TestFixtures runs Detect and Declared on every fixture project under
// testdata/cmake with a golden file: manifests.golden, declared.golden and
// excluded.golden for good projects, error.golden for bad ones.
func TestFixtures(t *testing.T) {
	dirs, err := filepath.Glob("../../testdata/cmake/*")
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, dir := range dirs {
		_, errDeclared := os.Stat(filepath.Join(dir, "declared.golden"))
		_, errError := os.Stat(filepath.Join(dir, "error.golden"))
		if errDeclared != nil && errError != nil {
			continue
		}
		n++
		t.Run(filepath.Base(dir), func(t *testing.T) {
			e := New()
			manifests, err := e.Detect(dir)
			if err != nil {
				t.Fatal(err)
			}
			deps, err := e.Declared(dir)
			if errError == nil {
				var pe *ecosystems.PosError
				if !errors.As(err, &pe) {
					t.Fatalf("Declared: error %v is not a *ecosystems.PosError", err)
				}
				golden(t, filepath.Join(dir, "error.golden"), err.Error()+"\n")
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			golden(t, filepath.Join(dir, "manifests.golden"), strings.Join(manifests, "\n")+"\n")
			golden(t, filepath.Join(dir, "declared.golden"), renderDeclared(deps))
			d, err := declare(dir, Libraries, false)
			if err != nil {
				t.Fatal(err)
			}
			var ex []string
			for _, name := range sortedKeys(d.excluded) {
				ex = append(ex, name+"\t"+d.excluded[name])
			}
			golden(t, filepath.Join(dir, "excluded.golden"), strings.Join(ex, "\n")+"\n")
		})
	}
	if n < 5 {
		t.Fatalf("found %d fixture projects under testdata/cmake, want at least 5", n)
	}
}
