package python

import (
	"context"
	"os"
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

// TestMapImports reads a project's imports before the run with the
// python3 first on PATH, whose installation lacks the distribution the
// code imports (a version manager's interpreter), and names them again
// after the run with the interpreter the run executed, which has it; the
// names change only when the interpreter does.
func TestMapImports(t *testing.T) {
	real := strings.TrimSpace(string(must(exec.Command(stockPython(t), "-c", "import sys; print(sys.executable)").Output())))
	dir := t.TempDir()
	onPath := filepath.Join(dir, "pathbin", "python3")
	ran := filepath.Join(dir, "runbin", "python3.11")
	for _, p := range []string{onPath, ran} {
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.Symlink(real, p); err != nil {
			t.Fatal(err)
		}
	}
	root := filepath.Join(dir, "proj")
	ecotest.WriteFile(t, filepath.Join(root, "requirements.txt"), []byte("packaging\n"), 0o644)
	ecotest.WriteFile(t, filepath.Join(root, "app.py"), []byte("import packaging.version\n"), 0o644)
	empty, site := filepath.Join(dir, "empty-site"), filepath.Join(dir, "site")
	ecotest.WriteFile(t, filepath.Join(empty, "README"), nil, 0o644)
	ecotest.WriteFile(t, filepath.Join(site, "packaging", "__init__.py"), nil, 0o644)
	ecotest.WriteFile(t, filepath.Join(site, "packaging", "version.py"), nil, 0o644)
	ecotest.WriteFile(t, filepath.Join(site, "packaging-23.0.dist-info", "METADATA"), []byte("Metadata-Version: 2.1\nName: packaging\nVersion: 23.0\n"), 0o644)
	ecotest.WriteFile(t, filepath.Join(site, "packaging-23.0.dist-info", "RECORD"), []byte("packaging/__init__.py,,\npackaging/version.py,,\n"), 0o644)
	var asked []string
	e := &Ecosystem{DpkgDir: "-", Query: func(_ context.Context, py, _ string, _ []string) (*Interpreter, error) {
		asked = append(asked, py)
		path := empty
		if py == ran {
			path = site
		}
		return &Interpreter{Executable: py, Path: []string{"", path}}, nil
	}}
	p := ecotest.Open(t, e, root)
	environ := []string{"PATH=" + filepath.Dir(onPath)}
	before, err := p.(ecosystems.Importer).Imports(context.Background(), ecosystems.Env{Environ: environ})
	if err != nil {
		t.Fatal(err)
	}
	im := func(pkg string) []ecosystems.Import {
		return []ecosystems.Import{{Package: pkg, Module: "packaging.version", Pos: ecosystems.Pos{File: "app.py", Line: 1}, Kind: ecosystems.ImportRuntime}}
	}
	if diff := cmp.Diff(im(""), before.List); diff != "" {
		t.Fatalf("imports before the run (-want +got):\n%s", diff)
	}
	mapper := p.(ecosystems.ImportMapper)

	// The run executed the interpreter on PATH: nothing to name again.
	same, err := mapper.MapImports(context.Background(), ecosystems.Env{Environ: environ, Executables: []string{onPath}}, before)
	if err != nil {
		t.Fatal(err)
	}
	if same != before {
		t.Errorf("imports named again though the run used the interpreter they were named with")
	}
	// It executed another: named with that one's installation.
	after, err := mapper.MapImports(context.Background(), ecosystems.Env{Environ: environ, Executables: []string{ran}}, before)
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(im("packaging"), after.List); diff != "" {
		t.Errorf("imports after the run (-want +got):\n%s", diff)
	}
	if diff := cmp.Diff(im(""), before.List); diff != "" {
		t.Errorf("MapImports changed the imports it was given (-want +got):\n%s", diff)
	}
	if diff := cmp.Diff([]string{onPath, ran}, asked); diff != "" {
		t.Errorf("interpreters asked for their sys.path (-want +got):\n%s", diff)
	}
	if after.Files != before.Files || !cmp.Equal(after.Code, before.Code) {
		t.Errorf("the files read changed: %+v vs %+v", after, before)
	}
}
