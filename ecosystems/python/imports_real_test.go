package python

import (
	"context"
	"encoding/json"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/envaudit/envaudit/ecosystems"
	"github.com/envaudit/envaudit/ecosystems/internal/ecotest"
	"github.com/google/go-cmp/cmp"
)

// packagesDistributions asks importlib.metadata in the venv which
// distributions provide each top-level module: the oracle for the mapping
// Imports makes from RECORD, dpkg lists and top_level.txt.
const packagesDistributions = `import importlib.metadata as m, json, re, sys
n = lambda s: re.sub(r"[-_.]+", "-", s).lower()
json.dump({k: sorted({n(d) for d in v}) for k, v in m.packages_distributions().items()}, sys.stdout)
`

// TestRealImportsSloppy reads the imports of testdata/real/sloppy, a
// project as a coding agent leaves it, installed for real: a venv on
// Debian's interpreter with python3-requests, python3-urllib3,
// python3-yaml, python3-six and python3-pytest through its system site
// directory and envaudit-demo-lib installed by pip. Its code imports
// urllib3, which only requests brings (a direct use of a transitive
// package); imports python-dateutil and pyyaml only in functions no test
// calls; never imports six; declares iniconfig, which only pytest loads; imports demolib, which
// envaudit-demo-lib provides under another name; and imports fastjsonx,
// which nothing installed provides. The
// mapping is checked against importlib.metadata's packages_distributions
// in the same venv, and the fixture's own tests must pass there.
func TestRealImportsSloppy(t *testing.T) {
	proj, vpy, environ := sloppyVenv(t)
	if _, err := run(proj, environ, vpy, "-m", "pytest", "-q", "-p", "no:cacheprovider", "tests"); err != nil {
		t.Fatalf("the fixture's own tests fail in its venv: %v", err)
	}
	resolved, err := filepath.EvalSymlinks(vpy)
	if err != nil {
		t.Fatal(err)
	}

	p := ecotest.Open(t, New(), proj)
	got, err := p.(ecosystems.Importer).Imports(context.Background(), ecosystems.Env{Environ: environ, Executables: []string{resolved}})
	if err != nil {
		t.Fatal(err)
	}
	ecotest.CheckLocations(t, proj, p.Declared(), got, nil)
	imp := func(pkg, module, file string, line int, kind ecosystems.ImportKind, test bool) ecosystems.Import {
		return ecosystems.Import{Package: pkg, Module: module, Pos: ecosystems.Pos{File: file, Line: line}, Kind: kind, Test: test}
	}
	want := &ecosystems.Imports{
		List: []ecosystems.Import{
			imp("requests", "requests", "sloppyapp/client.py", 3, ecosystems.ImportRuntime, false),
			imp("urllib3", "urllib3", "sloppyapp/client.py", 5, ecosystems.ImportRuntime, false),
			imp("envaudit-demo-lib", "demolib", "sloppyapp/client.py", 7, ecosystems.ImportRuntime, false),
			imp("", "ujson", "sloppyapp/client.py", 10, ecosystems.ImportOptional, false),
			imp("pyyaml", "yaml", "sloppyapp/client.py", 24, ecosystems.ImportRuntime, false),
			imp("python-dateutil", "dateutil", "sloppyapp/client.py", 30, ecosystems.ImportRuntime, false),
			imp("", "fastjsonx", "sloppyapp/client.py", 37, ecosystems.ImportRuntime, false),
		},
		Files:   3,
		Code:    []string{"sloppyapp/__init__.py", "sloppyapp/client.py"},
		Tests:   []string{"tests/test_client.py"},
		Tooling: []string{},
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("Imports (-want +got):\n%s", diff)
	}

	out, err := run(proj, environ, vpy, "-I", "-c", packagesDistributions)
	if err != nil {
		t.Fatal(err)
	}
	var oracle map[string][]string
	if err := json.Unmarshal(out, &oracle); err != nil {
		t.Fatal(err)
	}
	for _, im := range got.List {
		t.Run(im.Module, func(t *testing.T) {
			top, _, _ := strings.Cut(im.Module, ".")
			ds := oracle[top]
			switch {
			case im.Package == "" && len(ds) != 0:
				t.Errorf("no distribution named for %q; importlib.metadata says %q", im.Module, ds)
			case im.Package != "" && !slices.Contains(ds, im.Package):
				t.Errorf("distribution %q named for %q; importlib.metadata says %q", im.Package, im.Module, ds)
			}
		})
	}
}

// sloppyVenv copies testdata/real/sloppy to a temporary directory and
// makes its venv there: Debian's interpreter and python3-* packages through
// the system site directory, envaudit-demo-lib installed by pip, offline.
// It returns the project, the venv's interpreter and the environment.
func sloppyVenv(t *testing.T) (proj, vpy string, environ []string) {
	t.Helper()
	ecotest.Require(t, ecotest.Prereqs{Debs: realPackages, Files: []string{debianPython}})
	dir := t.TempDir()
	dir, _ = filepath.EvalSymlinks(dir)
	proj = filepath.Join(dir, "proj")
	environ = []string{"PATH=/usr/bin:/bin", "HOME=" + dir, "LANG=C.UTF-8", "PIP_NO_INDEX=1", "PIP_DISABLE_PIP_VERSION_CHECK=1", "PYTHONNOUSERSITE=1", "PYTHONDONTWRITEBYTECODE=1"}
	if err := ecotest.CopyTree("testdata/real/sloppy", proj, nil); err != nil {
		t.Fatal(err)
	}
	if err := ecotest.CopyTree("testdata/real/localpkgs/demolib", filepath.Join(dir, "src", "demolib"), nil); err != nil {
		t.Fatal(err)
	}
	venv := filepath.Join(proj, ".venv")
	if _, err := run(dir, environ, debianPython, "-m", "venv", "--system-site-packages", venv); err != nil {
		t.Fatal(err)
	}
	vpy = filepath.Join(venv, "bin", "python")
	if _, err := run(dir, environ, vpy, "-m", "pip", "install", "-q", "--no-index", "--no-build-isolation", "./src/demolib"); err != nil {
		t.Fatal(err)
	}
	return proj, vpy, environ
}

// TestRealSetupPyComputed installs a project whose setup.py computes
// install_requires (testdata/declared/setuppy-computed) in editable mode
// into a venv, and checks that D1, once Installed has run, holds what
// setuptools wrote into the installed project's Requires-Dist — pointed
// at the setup() call — beside the literal extras read from the syntax,
// sorted by line as D1 always is.
func TestRealSetupPyComputed(t *testing.T) {
	ecotest.Require(t, ecotest.Prereqs{Debs: realPackages, Files: []string{debianPython}})
	dir := t.TempDir()
	dir, _ = filepath.EvalSymlinks(dir)
	proj := filepath.Join(dir, "proj")
	environ := []string{"PATH=/usr/bin:/bin", "HOME=" + dir, "LANG=C.UTF-8", "PIP_NO_INDEX=1", "PIP_DISABLE_PIP_VERSION_CHECK=1", "PYTHONNOUSERSITE=1", "PYTHONDONTWRITEBYTECODE=1"}
	if err := ecotest.CopyTree("testdata/declared/setuppy-computed", proj, nil); err != nil {
		t.Fatal(err)
	}
	venv := filepath.Join(proj, ".venv")
	if _, err := run(dir, environ, debianPython, "-m", "venv", "--system-site-packages", venv); err != nil {
		t.Fatal(err)
	}
	vpy := filepath.Join(venv, "bin", "python")
	if _, err := run(proj, environ, vpy, "-m", "pip", "install", "-q", "--no-index", "--no-build-isolation", "-e", "."); err != nil {
		t.Fatal(err)
	}
	resolved, err := filepath.EvalSymlinks(vpy)
	if err != nil {
		t.Fatal(err)
	}
	p := ecotest.Open(t, New(), proj)
	before := ecotest.RenderDeclared(p.Declared())
	inv, err := p.Installed(context.Background(), ecosystems.Env{Environ: environ, Executables: []string{resolved}})
	if err != nil {
		t.Fatal(err)
	}
	wantBefore := ecotest.RenderDeclared([]ecosystems.Dependency{
		{Name: "pytest", Scope: ecosystems.ScopeTest, Group: "test", Pos: ecosystems.Pos{File: "setup.py", Line: 14}},
	})
	if diff := cmp.Diff(wantBefore, before); diff != "" {
		t.Errorf("D1 from the syntax (-want +got):\n%s", diff)
	}
	want := ecotest.RenderDeclared([]ecosystems.Dependency{
		{Name: "requests", Scope: ecosystems.ScopeRuntime, Pos: ecosystems.Pos{File: "setup.py", Line: 11}},
		{Name: "pytest", Scope: ecosystems.ScopeTest, Group: "test", Pos: ecosystems.Pos{File: "setup.py", Line: 14}},
	})
	if diff := cmp.Diff(want, ecotest.RenderDeclared(p.Declared())); diff != "" {
		t.Errorf("D1 after Installed (-want +got):\n%s", diff)
	}
	for _, x := range inv.Excluded {
		if x.Name == "computed-demo" && x.Why != "the project itself" {
			t.Errorf("the project is excluded as %q", x.Why)
		}
	}
}
