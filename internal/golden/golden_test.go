package golden

import (
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/envaudit/envaudit/internal/faketb"
)

func TestCheck(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "sub", "x.golden")

	t.Setenv("ENVAUDIT_UPDATE", "1")
	Check(t, file, []byte("a\n"))
	if b, err := os.ReadFile(file); err != nil || string(b) != "a\n" {
		t.Fatalf("the update wrote %q, %v; want \"a\\n\" in a new directory", b, err)
	}

	t.Setenv("ENVAUDIT_UPDATE", "")
	tests := []struct {
		name      string
		file, got string
		fails     string // a part of the failure, "" for none
		fatal     bool
	}{
		{name: "equal", file: file, got: "a\n"},
		{name: "different", file: file, got: "b\n", fails: "(-want +got)"},
		{name: "missing", file: filepath.Join(dir, "missing.golden"), got: "", fails: "regenerate with ENVAUDIT_UPDATE=1", fatal: true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			tb := faketb.Run(t, func(tb testing.TB) { Check(tb, tt.file, []byte(tt.got)) })
			failures := tb.Failures()
			switch {
			case tt.fails == "" && len(failures) > 0:
				t.Errorf("failed: %q", failures)
			case tt.fails != "" && (len(failures) != 1 || !strings.Contains(failures[0], tt.fails)):
				t.Errorf("failures %q, want one containing %q", failures, tt.fails)
			case tb.Stopped() != tt.fatal:
				t.Errorf("stopped = %v, want %v", tb.Stopped(), tt.fatal)
			}
		})
	}
}

// testSupport are the packages of helpers for tests. envaudit itself must
// not link them in: only _test.go files import them, and other
// test-support packages. The check covers them all, from here.
var testSupport = map[string]bool{
	"github.com/envaudit/envaudit/internal/golden":             true,
	"github.com/envaudit/envaudit/internal/faketb":             true,
	"github.com/envaudit/envaudit/ecosystems/internal/ecotest": true,
}

// TestImportedOnlyByTests walks the module and fails for each import of a
// test-support package from a file that is neither a test nor part of
// another test-support package.
func TestImportedOnlyByTests(t *testing.T) {
	fset := token.NewFileSet()
	n := 0
	err := filepath.WalkDir("../..", func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && (d.Name() == "testdata" || d.Name() == "node_modules" || d.Name() == ".git") {
			return filepath.SkipDir
		}
		if d.IsDir() || !strings.HasSuffix(p, ".go") || strings.HasSuffix(p, "_test.go") {
			return nil
		}
		n++
		f, err := parser.ParseFile(fset, p, nil, parser.ImportsOnly)
		if err != nil {
			return err
		}
		dir := "github.com/envaudit/envaudit/" + filepath.ToSlash(filepath.Dir(strings.TrimPrefix(p, "../../")))
		for _, imp := range f.Imports {
			if path, _ := strconv.Unquote(imp.Path.Value); testSupport[path] && !testSupport[dir] {
				t.Errorf("%s imports %s outside a test", p, path)
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if n < 100 {
		t.Errorf("walked %d Go files, want the whole module", n)
	}
}
