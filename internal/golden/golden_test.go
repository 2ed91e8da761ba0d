package golden

import (
	"fmt"
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"testing"
)

// recorder is a testing.TB that records failures instead of failing;
// Fatalf ends the goroutine as testing.T's does, so run calls f in one.
type recorder struct {
	testing.TB
	failed []string
	fatal  bool
}

func (r *recorder) Helper() {}

func (r *recorder) Errorf(format string, args ...any) {
	r.failed = append(r.failed, fmt.Sprintf(format, args...))
}

func (r *recorder) Fatalf(format string, args ...any) {
	r.Errorf(format, args...)
	r.fatal = true
	runtime.Goexit()
}

func (r *recorder) Fatal(args ...any) { r.Fatalf("%v", fmt.Sprint(args...)) }

func (r *recorder) run(f func()) {
	done := make(chan struct{})
	go func() {
		defer close(done)
		f()
	}()
	<-done
}

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
			r := &recorder{TB: t}
			r.run(func() { Check(r, tt.file, []byte(tt.got)) })
			switch {
			case tt.fails == "" && len(r.failed) > 0:
				t.Errorf("failed: %q", r.failed)
			case tt.fails != "" && (len(r.failed) != 1 || !strings.Contains(r.failed[0], tt.fails)):
				t.Errorf("failures %q, want one containing %q", r.failed, tt.fails)
			case r.fatal != tt.fatal:
				t.Errorf("fatal = %v, want %v", r.fatal, tt.fatal)
			}
		})
	}
}

// TestImportedOnlyByTests keeps the package out of envaudit itself: it is
// imported by _test.go files and by test-support packages (named *test,
// such as ecosystems/internal/ecotest) only.
func TestImportedOnlyByTests(t *testing.T) {
	const self = "github.com/envaudit/envaudit/internal/golden"
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
		for _, imp := range f.Imports {
			if path, _ := strconv.Unquote(imp.Path.Value); path == self && !strings.HasSuffix(filepath.Dir(p), "test") {
				t.Errorf("%s imports internal/golden outside a test or test-support package", p)
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
