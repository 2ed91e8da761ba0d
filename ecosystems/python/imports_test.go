package python

import (
	"context"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/envaudit/envaudit/ecosystems"
	"github.com/envaudit/envaudit/ecosystems/internal/ecotest"
	"github.com/google/go-cmp/cmp"
)

// stockPython is the python3 a stock machine has on PATH: the short tier
// reads sources with it, as the audit reads them with the run's.
func stockPython(t *testing.T) string {
	t.Helper()
	p, err := exec.LookPath("python3")
	if err != nil {
		t.Fatalf("python3 is not on PATH: the import tests parse with a real interpreter: %v", err)
	}
	p, err = filepath.Abs(p)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// prunedTrees are places the importer must never read: installs, build
// output and tool state. Each fixture gets them at test time (.gitignore
// keeps several out of the repository), each importing a module named
// pruned_*, which no answer may list.
var prunedTrees = []string{
	".venv/lib/python3.11/site-packages/inside.py",
	".tox/py311/lib/inside.py",
	".git/hooks/inside.py",
	"node_modules/pkg/inside.py",
	"build/lib/inside.py",
	"dist/inside.py",
	"app.egg-info/inside.py",
	"__pycache__/inside.py",
}

// TestImports reads each fixture under testdata/imports with the stock
// interpreter and compares the imports with its imports.golden.json. The
// fixture's own site-packages directory stands for the interpreter's
// sys.path, so the module → distribution mapping reads real metadata
// files (RECORD, top_level.txt, an egg-info file) without an install.
func TestImports(t *testing.T) {
	python := stockPython(t)
	for _, dir := range ecotest.Glob(t, "testdata/imports/*", "site-packages") {
		t.Run(filepath.Base(dir), func(t *testing.T) {
			root := t.TempDir()
			if err := ecotest.CopyTree(dir, root, nil); err != nil {
				t.Fatal(err)
			}
			for i, p := range prunedTrees {
				ecotest.WriteFile(t, filepath.Join(root, p), []byte("import pruned_"+strings.Repeat("x", i+1)+"\n"), 0o644)
			}
			e := &Ecosystem{DpkgDir: "-", Query: func(_ context.Context, py, _ string, _ []string) (*Interpreter, error) {
				if py != python {
					t.Errorf("sys.path asked of %q, want the interpreter that read the sources, %q", py, python)
				}
				return &Interpreter{Executable: py, Path: []string{"", filepath.Join(root, "site-packages")}}, nil
			}}
			p := ecotest.Open(t, e, root)
			if p == nil {
				t.Fatalf("no python project in %q", dir)
			}
			got, err := p.(ecosystems.Importer).Imports(context.Background(), ecosystems.Env{
				Environ:     []string{"PATH=/usr/bin:/bin"},
				Executables: []string{python},
			})
			if err != nil {
				t.Fatal(err)
			}
			for _, im := range got.List {
				if strings.HasPrefix(im.Module, "pruned_") {
					t.Errorf("%s: import of %q read from a pruned tree", im.Pos, im.Module)
				}
			}
			ecotest.GoldenJSON(t, filepath.Join(dir, "imports.golden.json"), got, root)
		})
	}
}

// TestImportsNoInterpreter: with no interpreter at all the imports are
// unknown, which is a warning, not an error that stops the audit.
func TestImportsNoInterpreter(t *testing.T) {
	dir := t.TempDir()
	ecotest.WriteFile(t, filepath.Join(dir, "requirements.txt"), []byte("requests\n"), 0o644)
	p := ecotest.Open(t, New(), dir)
	got, err := p.(ecosystems.Importer).Imports(context.Background(), ecosystems.Env{Environ: []string{"PATH=" + dir}})
	if err != nil {
		t.Fatal(err)
	}
	want := &ecosystems.Imports{Warnings: []string{"no python interpreter found (none executed by the run, no virtual environment, no python3 on PATH): the sources' imports are unknown"}}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("Imports (-want +got):\n%s", diff)
	}
}

func TestModuleProvider(t *testing.T) {
	m := moduleIndex{}
	for _, f := range []struct{ site, file, dist string }{
		{"/s", "/s/google/protobuf/__init__.py", "protobuf"},
		{"/s", "/s/google/auth/credentials.py", "google-auth"},
		{"/s", "/s/yaml/_yaml.cpython-311-x86_64-linux-gnu.so", "pyyaml"},
		{"/s", "/s/six.py", "six"},
		{"/s", "/s/requests/__pycache__/api.cpython-311.pyc", "requests"},
		{"/s", "/bin/tool", "tool"},
		{"/s", "/s/tool-1.0.dist-info/METADATA", "tool"},
		{"/t", "/t/six.py", "six-fork"},
	} {
		for _, mod := range fileModules(f.site, f.file) {
			m.add(mod, f.dist)
		}
	}
	for _, tc := range []struct{ module, want string }{
		{"google.protobuf.json_format", "protobuf"},
		{"google.auth", "google-auth"},
		{"google", "protobuf"}, // a namespace package: the first on sys.path
		{"yaml", "pyyaml"},
		{"yaml._yaml", "pyyaml"},
		{"six", "six"},
		{"six.moves", "six"},
		{"requests", ""}, // byte code in __pycache__ is no module of its own
		{"requests.api", ""},
		{"tool", ""},
		{"notreal", ""},
	} {
		t.Run(tc.module, func(t *testing.T) {
			if got := m.provider(tc.module); got != tc.want {
				t.Errorf("provider(%q) = %q, want %q", tc.module, got, tc.want)
			}
		})
	}
}
