package python

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/envaudit/envaudit/ecosystems"
	"github.com/envaudit/envaudit/ecosystems/internal/ecotest"
	"github.com/envaudit/envaudit/internal/testenv"
	"github.com/envaudit/envaudit/tracer"
	"github.com/google/go-cmp/cmp"
)

// The real-install tests use Debian's interpreter and python3-* packages
// (scripts/setup.d/python.apt) and a venv they build once per test binary:
//
//	<tmp>/src/{demolib,demohelper,demoedit}   copies of testdata/real/localpkgs
//	<tmp>/proj                               copy of testdata/real/project
//	<tmp>/proj/.venv                         python3 -m venv --system-site-packages
//
// with pip installing demolib and demohelper (real RECORDs, a console
// script) and demoedit in editable mode.

const debianPython = "/usr/bin/python3"

// realPackages are the Debian packages the real-install tests need.
var realPackages = []string{
	"python3", "python3-venv", "python3-pip", "python3-setuptools", "python3-wheel",
	"python3-yaml", "python3-dateutil", "python3-six", "python3-requests", "python3-urllib3",
	"python3-idna", "python3-certifi", "python3-chardet", "python3-charset-normalizer", "python3-pytest",
}

type realFixture struct {
	dir     string // temporary directory holding everything
	proj    string // the project root
	venv    string // proj/.venv
	python  string // the resolved interpreter the venv links to
	environ []string
	inv     *ecosystems.Inventory
	oracle  []oracleDist
}

type oracleDist struct {
	Name    string   `json:"name"`
	Version string   `json:"version"`
	Path    string   `json:"path"`
	Files   []string `json:"files"`
}

var (
	realOnce sync.Once
	real     *realFixture
	realErr  error
	// realCleanup removes the fixture when the test binary ends (TestMain).
	realCleanup []string
)

func TestMain(m *testing.M) {
	// The traced tests re-execute this binary as the tracer's helper.
	tracer.Main()
	testenv.Hermetic()
	code := m.Run()
	for _, d := range realCleanup {
		os.RemoveAll(d)
	}
	os.Exit(code)
}

// run runs a command and returns its standard output, with standard error
// in the error.
func run(dir string, env []string, name string, args ...string) ([]byte, error) {
	cmd := exec.Command(name, args...)
	cmd.Dir = dir
	cmd.Env = env
	var out, errb bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errb
	if err := cmd.Run(); err != nil {
		return nil, fmt.Errorf("%s %s: %w\n%s", name, strings.Join(args, " "), err, errb.String())
	}
	return out.Bytes(), nil
}

// setupReal builds the venv once per test binary.
func setupReal(t *testing.T) *realFixture {
	t.Helper()
	ecotest.Require(t, ecotest.Prereqs{Debs: realPackages, Files: []string{debianPython}})
	realOnce.Do(func() { real, realErr = buildReal() })
	if realErr != nil {
		t.Fatal(realErr)
	}
	return real
}

func buildReal() (*realFixture, error) {
	start := time.Now()
	dir, err := os.MkdirTemp("", "envaudit-python-real-")
	if err != nil {
		return nil, err
	}
	realCleanup = append(realCleanup, dir)
	dir, _ = filepath.EvalSymlinks(dir)
	f := &realFixture{dir: dir, proj: filepath.Join(dir, "proj")}
	f.venv = filepath.Join(f.proj, ".venv")
	// A small, fixed environment: no VIRTUAL_ENV or PYTHONPATH of ours
	// leaks into the interpreter, and pip stays offline.
	f.environ = []string{"PATH=/usr/bin:/bin", "HOME=" + dir, "LANG=C.UTF-8", "PIP_NO_INDEX=1", "PIP_DISABLE_PIP_VERSION_CHECK=1", "PYTHONNOUSERSITE=1"}
	if err := ecotest.CopyTree("testdata/real/localpkgs", filepath.Join(dir, "src"), nil); err != nil {
		return nil, err
	}
	if err := ecotest.CopyTree("testdata/real/project", f.proj, nil); err != nil {
		return nil, err
	}
	if _, err := run(dir, f.environ, debianPython, "-m", "venv", "--system-site-packages", f.venv); err != nil {
		return nil, err
	}
	pip := filepath.Join(f.venv, "bin", "pip")
	if _, err := run(dir, f.environ, pip, "install", "-q", "--no-index", "--no-build-isolation",
		"./src/demolib", "./src/demohelper", "-e", "./src/demoedit"); err != nil {
		return nil, err
	}
	if f.python, err = filepath.EvalSymlinks(filepath.Join(f.venv, "bin", "python")); err != nil {
		return nil, err
	}
	// The run executed the venv's python, which the tracer reports
	// resolved, as Env.Executables holds it.
	env := ecosystems.Env{Environ: f.environ, Executables: []string{"/usr/bin/dash", f.python}}
	if f.inv, err = installedAt(New(), f.proj, env); err != nil {
		return nil, err
	}
	oracle, err := filepath.Abs("testdata/real/oracle.py")
	if err != nil {
		return nil, err
	}
	out, err := run(f.proj, f.environ, filepath.Join(f.venv, "bin", "python"), oracle, "dists")
	if err != nil {
		return nil, err
	}
	if err := json.Unmarshal(out, &f.oracle); err != nil {
		return nil, err
	}
	fmt.Fprintf(os.Stderr, "python real fixture: venv, 3 local installs, D2 and oracle in %v\n", time.Since(start).Round(time.Millisecond))
	return f, nil
}

func (f *realFixture) pkg(t *testing.T, name string) ecosystems.Package {
	t.Helper()
	for _, p := range f.inv.Packages {
		if p.Name == name {
			return p
		}
	}
	t.Fatalf("%s is not in D2", name)
	return ecosystems.Package{}
}

// TestRealInventoryMatchesImportlib compares D2 with what
// importlib.metadata in the venv reports: the same distributions, first of
// each name on sys.path, with the same versions; pip, setuptools and wheel
// excluded as the toolchain, and in D2 all the same (the audit lets one
// the project's code imports back in).
func TestRealInventoryMatchesImportlib(t *testing.T) {
	f := setupReal(t)
	want := map[string]string{}
	wantExcluded := map[string]string{}
	for _, d := range f.oracle {
		if _, ok := want[d.Name]; ok {
			continue
		}
		want[d.Name] = d.Version
		if baseline[d.Name] {
			wantExcluded[d.Name] = whyBaseline
		}
	}
	got := map[string]string{}
	for _, p := range f.inv.Packages {
		got[p.Name] = p.Version
	}
	gotExcluded := map[string]string{}
	for _, x := range f.inv.Excluded {
		gotExcluded[x.Name] = x.Why
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("D2 vs importlib.metadata (-want +got):\n%s", diff)
	}
	if diff := cmp.Diff(wantExcluded, gotExcluded); diff != "" {
		t.Errorf("excluded (-want +got):\n%s", diff)
	}
	for _, n := range []string{"pip", "setuptools"} {
		if wantExcluded[n] == "" {
			t.Errorf("%s missing from the venv: the fixture no longer exercises the baseline", n)
		}
	}
	if len(f.inv.Warnings) != 0 {
		t.Errorf("warnings on a healthy install: %q", f.inv.Warnings)
	}
	// How long D2 takes for real: the interpreter query, the site
	// directories, the dpkg database.
	start := time.Now()
	inv, err := installedAt(New(), f.proj, ecosystems.Env{Environ: f.environ, Executables: []string{f.python}})
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("Installed: %d packages, %d excluded, %d index entries in %v", len(inv.Packages), len(inv.Excluded), inv.Index.Len(), time.Since(start).Round(time.Millisecond))
}

// dpkgUpstream returns the upstream part of a Debian version:
// "1:2.28.1+dfsg-1" → "2.28.1+dfsg".
func dpkgUpstream(v string) string {
	if i := strings.IndexByte(v, ':'); i >= 0 {
		v = v[i+1:]
	}
	if i := strings.LastIndexByte(v, '-'); i >= 0 {
		v = v[:i]
	}
	return v
}

// TestRealDebianPackages checks the Debian-packaged distributions: where
// they are, which dpkg package installed them, and that their version is
// the one dpkg reports (its upstream part, as Debian may add +dfsg).
func TestRealDebianPackages(t *testing.T) {
	f := setupReal(t)
	for _, tc := range []struct{ name, deb string }{
		{"pyyaml", "python3-yaml"},
		{"python-dateutil", "python3-dateutil"},
		{"six", "python3-six"},
		{"requests", "python3-requests"},
		{"urllib3", "python3-urllib3"},
		{"idna", "python3-idna"},
		{"certifi", "python3-certifi"},
		{"chardet", "python3-chardet"},
		{"charset-normalizer", "python3-charset-normalizer"},
		{"pytest", "python3-pytest"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			p := f.pkg(t, tc.name)
			if !strings.HasPrefix(p.Path, "/usr/lib/python3/dist-packages/") {
				t.Errorf("path = %q, want under /usr/lib/python3/dist-packages", p.Path)
			}
			owner, err := run("/", nil, "dpkg", "-S", p.Path)
			if err != nil {
				t.Fatal(err)
			}
			if got := strings.SplitN(string(owner), ":", 2)[0]; got != tc.deb {
				t.Errorf("dpkg -S %s = %q, want %q", p.Path, got, tc.deb)
			}
			ver, err := run("/", nil, "dpkg-query", "-W", "-f", "${Version}", tc.deb)
			if err != nil {
				t.Fatal(err)
			}
			up := dpkgUpstream(string(ver))
			if p.Version != up && !strings.HasPrefix(up, p.Version+"+") {
				t.Errorf("version = %q, dpkg says %q (upstream %q)", p.Version, ver, up)
			}
			if want := "pkg:pypi/" + tc.name + "@" + strings.ReplaceAll(p.Version, "+", "%2B"); p.PURL != want {
				t.Errorf("purl = %q, want %q", p.PURL, want)
			}
		})
	}
}

// TestRealLocalPackages checks the distributions pip installed into the
// venv: versions from their METADATA, their location, Direct from the
// project's requirements, and their edges.
func TestRealLocalPackages(t *testing.T) {
	f := setupReal(t)
	for _, tc := range []struct {
		name, version, dir string
		deps               []string
	}{
		// envaudit-demo-lib is declared with its "dates" extra, which adds
		// python-dateutil to its requirements.
		{"envaudit-demo-lib", "0.3.0", "envaudit_demo_lib-0.3.0.dist-info", []string{"python-dateutil", "pyyaml", "six"}},
		{"envaudit-demo-helper", "1.2", "envaudit_demo_helper-1.2.dist-info", []string{"python-dateutil"}},
		{"envaudit-demo-edit", "0.0.1", "envaudit_demo_edit-0.0.1.dist-info", nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			p := f.pkg(t, tc.name)
			if p.Version != tc.version || !p.Direct || filepath.Base(p.Path) != tc.dir || !strings.HasPrefix(p.Path, ".venv/lib/python3.") {
				t.Errorf("got %+v, want version %s, direct, path .venv/lib/python3.*/site-packages/%s", p, tc.version, tc.dir)
			}
			if diff := cmp.Diff(tc.deps, p.Deps); diff != "" {
				t.Errorf("deps (-want +got):\n%s", diff)
			}
		})
	}
}

// TestRealEdges checks edges Debian records only in dpkg's relations
// (its egg-info lists no runtime requirements) and ones from METADATA.
// The edges every machine has are listed; those through a group of
// alternatives ("python3-exceptiongroup | python3 (>> 3.11)") exist only
// where apt installed the Python package among them, which depends on the
// machine (a fresh one gets python3-exceptiongroup with pytest, one whose
// python3 satisfied the group first does not), so they come from dpkg.
func TestRealEdges(t *testing.T) {
	f := setupReal(t)
	for _, tc := range []struct {
		name, deb string
		always    []string
	}{
		{"requests", "python3-requests", []string{"certifi", "chardet", "charset-normalizer", "idna", "urllib3"}},
		{"python-dateutil", "python3-dateutil", []string{"six"}},
		{"pytest", "python3-pytest", []string{"attrs", "iniconfig", "more-itertools", "packaging", "pluggy", "py"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			want := append(append([]string(nil), tc.always...), installedAlternatives(t, tc.deb)...)
			sort.Strings(want)
			if diff := cmp.Diff(want, f.pkg(t, tc.name).Deps); diff != "" {
				t.Errorf("%s deps (-want +got):\n%s", tc.name, diff)
			}
		})
	}
	if p := f.pkg(t, "requests"); !p.Direct {
		t.Errorf("requests is declared in requirements.txt but not Direct")
	}
	if p := f.pkg(t, "pyyaml"); p.Direct {
		t.Errorf("pyyaml is not declared but Direct")
	}
}

// installedAlternatives returns the distributions that the Debian package
// deb reaches through a group of alternatives in its Depends or
// Pre-Depends: for each python3-NAME in such a group that dpkg-query says
// is installed, NAME as a PEP 503 name.
func installedAlternatives(t *testing.T, deb string) []string {
	t.Helper()
	out, err := run("/", nil, "dpkg-query", "-W", "-f", "${Pre-Depends}, ${Depends}", deb)
	if err != nil {
		t.Fatal(err)
	}
	var dists []string
	for _, group := range strings.Split(string(out), ",") {
		alts := strings.Split(group, "|")
		if len(alts) < 2 {
			continue
		}
		for _, alt := range alts {
			name := strings.Fields(strings.TrimSpace(alt) + " ")[0]
			name, _, _ = strings.Cut(name, ":")
			dist, ok := strings.CutPrefix(name, "python3-")
			if !ok {
				continue
			}
			if status, err := run("/", nil, "dpkg-query", "-W", "-f", "${db:Status-Status}", name); err == nil && string(status) == "installed" {
				dists = append(dists, ecosystems.NormalizePyPI(dist))
			}
		}
	}
	return dists
}

// TestRealAttributionMatchesRecords looks up every file that
// importlib.metadata lists for a distribution and expects that
// distribution (UseNone for its metadata), the toolchain's included.
func TestRealAttributionMatchesRecords(t *testing.T) {
	f := setupReal(t)
	claims := map[string]int{}
	for _, d := range f.oracle {
		for _, file := range d.Files {
			claims[file]++
		}
	}
	seen := map[string]bool{}
	checked := 0
	for _, d := range f.oracle {
		if seen[d.Name] {
			continue // shadowed copy
		}
		seen[d.Name] = true
		for _, file := range d.Files {
			if claims[file] > 1 {
				continue
			}
			if _, err := os.Stat(file); err != nil {
				continue // RECORD entries for files never written (Debian's ../scripts/pytest)
			}
			pkg, use, ok := f.inv.Index.Lookup(file)
			checked++
			wantUse := ecosystems.UseRuntime
			if strings.Contains(file, ".dist-info/") || strings.Contains(file, ".egg-info/") || strings.HasSuffix(file, ".pth") || strings.HasPrefix(filepath.Base(file), "__editable__") {
				wantUse = ecosystems.UseNone
			}
			if !ok || pkg != d.Name || use != wantUse {
				t.Errorf("Lookup(%s) = %q %q %v, want %q %q", file, pkg, use, ok, d.Name, wantUse)
			}
		}
	}
	if checked < 100 {
		t.Errorf("only %d files checked; the fixture lost its RECORDs", checked)
	}
	t.Logf("%d files of %d distributions attributed as their RECORD or installed-files.txt says", checked, len(seen))
}

// TestRealAttribution checks named files, including those only top_level.txt
// or dpkg lists can attribute. What the names hold of this machine's
// Python (the bytecode cache tag, the standard library's directory, the
// versions in Debian's metadata directory names) is asked of it.
func TestRealAttribution(t *testing.T) {
	f := setupReal(t)
	venvSite := ""
	for _, d := range f.oracle {
		if d.Name == "envaudit-demo-lib" {
			venvSite = filepath.Dir(d.Path)
		}
	}
	dist := "/usr/lib/python3/dist-packages"
	out, err := run(f.proj, f.environ, debianPython, "-c", "import json, os, sys; print(sys.implementation.cache_tag); print(os.path.dirname(os.path.dirname(json.__file__)))")
	if err != nil {
		t.Fatal(err)
	}
	tag, stdlib, _ := strings.Cut(strings.TrimSpace(string(out)), "\n")
	one := func(pattern string) string {
		m, err := filepath.Glob(pattern)
		if err != nil || len(m) != 1 {
			t.Fatalf("%s matches %q, want one directory", pattern, m)
		}
		return m[0]
	}
	yamlMeta, requestsMeta := one(dist+"/PyYAML-*.dist-info"), one(dist+"/requests-*.egg-info")
	for _, tc := range []struct {
		path, pkg string
		use       ecosystems.Use
	}{
		{dist + "/yaml/__init__.py", "pyyaml", ecosystems.UseRuntime},
		{dist + "/yaml/__pycache__/__init__." + tag + ".pyc", "pyyaml", ecosystems.UseRuntime},
		{dist + "/_yaml/__init__.py", "pyyaml", ecosystems.UseRuntime},
		{dist + "/dateutil/parser/_parser.py", "python-dateutil", ecosystems.UseRuntime},
		{dist + "/dateutil/parser/__pycache__/_parser." + tag + ".pyc", "python-dateutil", ecosystems.UseRuntime},
		{dist + "/six.py", "six", ecosystems.UseRuntime},
		{dist + "/__pycache__/six." + tag + ".pyc", "six", ecosystems.UseRuntime},
		{dist + "/requests/api.py", "requests", ecosystems.UseRuntime},
		{dist + "/charset_normalizer/api.py", "charset-normalizer", ecosystems.UseRuntime},
		{dist + "/_pytest/main.py", "pytest", ecosystems.UseRuntime},
		{"/usr/bin/pytest-3", "pytest", ecosystems.UseRuntime},
		{"/bin/pytest-3", "pytest", ecosystems.UseRuntime}, // merged /usr
		{yamlMeta + "/METADATA", "pyyaml", ecosystems.UseNone},
		{requestsMeta + "/PKG-INFO", "requests", ecosystems.UseNone},
		{venvSite + "/demolib/__init__.py", "envaudit-demo-lib", ecosystems.UseRuntime},
		{venvSite + "/demolib/__pycache__/cli." + tag + ".pyc", "envaudit-demo-lib", ecosystems.UseRuntime},
		{f.venv + "/bin/demolib-hello", "envaudit-demo-lib", ecosystems.UseRuntime},
		{venvSite + "/demohelper.py", "envaudit-demo-helper", ecosystems.UseRuntime},
		{f.dir + "/src/demoedit/demoedit/__init__.py", "envaudit-demo-edit", ecosystems.UseRuntime},
		{venvSite + "/__editable___envaudit_demo_edit_0_0_1_finder.py", "envaudit-demo-edit", ecosystems.UseNone},
		{venvSite + "/__pycache__/__editable___envaudit_demo_edit_0_0_1_finder." + tag + ".pyc", "envaudit-demo-edit", ecosystems.UseNone},
		{venvSite + "/pip/__init__.py", "pip", ecosystems.UseRuntime},
		{dist + "/pip/__init__.py", "pip", ecosystems.UseRuntime},
		// Debian splits setuptools: its metadata and _distutils_hack are
		// python3-setuptools', pkg_resources python3-pkg-resources'.
		{dist + "/_distutils_hack/__init__.py", "setuptools", ecosystems.UseRuntime},
		{dist + "/pkg_resources/__init__.py", "setuptools", ecosystems.UseRuntime},
		// python3-cffi-backend holds only the _cffi_backend module, no
		// metadata: python3-cryptography, which depends on it through a
		// virtual package, owns it.
		{one(dist + "/_cffi_backend.*.so"), "cryptography", ecosystems.UseRuntime},
		{stdlib + "/json/__init__.py", "", ""},
		{f.proj + "/tests/test_demo.py", "", ""},
	} {
		t.Run(strings.ReplaceAll(strings.TrimPrefix(tc.path, f.dir), "/", "_"), func(t *testing.T) {
			pkg, use, _ := f.inv.Index.Lookup(tc.path)
			if pkg != tc.pkg || use != tc.use {
				t.Errorf("Lookup(%s) = %q %q, want %q %q", tc.path, pkg, use, tc.pkg, tc.use)
			}
		})
	}
}

// importedDists runs code in the venv's interpreter, takes the files of the
// modules it loaded, and returns the distributions the index attributes
// them to and those Python itself says own them.
func importedDists(t *testing.T, f *realFixture, python, code string) (got, want []string) {
	t.Helper()
	oracle, _ := filepath.Abs("testdata/real/oracle.py")
	out, err := run(f.proj, f.environ, python, oracle, "modules", code)
	if err != nil {
		t.Fatal(err)
	}
	return attributeFiles(t, f, python, out)
}

// attributeFiles attributes a JSON list of module files with the index and
// with the oracle.
func attributeFiles(t *testing.T, f *realFixture, python string, filesJSON []byte) (got, want []string) {
	t.Helper()
	var files []string
	if err := json.Unmarshal(filesJSON, &files); err != nil {
		t.Fatal(err)
	}
	oracle, _ := filepath.Abs("testdata/real/oracle.py")
	cmd := exec.Command(python, oracle, "owners")
	cmd.Dir, cmd.Env, cmd.Stdin = f.proj, f.environ, bytes.NewReader(filesJSON)
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("oracle owners: %v", err)
	}
	var owners map[string]*string
	if err := json.Unmarshal(out, &owners); err != nil {
		t.Fatal(err)
	}
	startup := startupFiles(t, f, python)
	g, w := map[string]bool{}, map[string]bool{}
	for _, file := range files {
		// What the interpreter imported at start-up (a .pth file of the
		// machine importing certifi) is the environment's; the index
		// deliberately counts it as no use.
		if startup[ecosystems.Canon(file)] {
			continue
		}
		if pkg, use, ok := f.inv.Index.Lookup(file); ok && use == ecosystems.UseRuntime && !baseline[pkg] {
			g[pkg] = true
		}
		// The import hook of an editable install runs at every interpreter
		// start (from its .pth); the index deliberately counts it as no use.
		if strings.HasPrefix(filepath.Base(file), "__editable__") {
			continue
		}
		if o := owners[filepath.Clean(file)]; o != nil && !baseline[*o] {
			w[*o] = true
		}
	}
	return keys(g), keys(w)
}

func keys(m map[string]bool) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

// TestRealImports imports modules in the venv and checks that the index
// attributes the loaded modules' files to the distributions Python says
// own them.
func TestRealImports(t *testing.T) {
	f := setupReal(t)
	venvPython := filepath.Join(f.venv, "bin", "python")
	for _, tc := range []struct {
		name, python, code string
		must               []string
	}{
		{"yaml", debianPython, "import yaml", []string{"pyyaml"}},
		{"dateutil", debianPython, "import dateutil.parser", []string{"python-dateutil", "six"}},
		{"requests", venvPython, "import requests", []string{"certifi", "charset-normalizer", "idna", "requests", "urllib3"}},
		{"local", venvPython, "import demolib, demohelper, demoedit", []string{"envaudit-demo-edit", "envaudit-demo-helper", "envaudit-demo-lib", "pyyaml", "python-dateutil", "six"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got, want := importedDists(t, f, tc.python, tc.code)
			if diff := cmp.Diff(want, got); diff != "" {
				t.Errorf("distributions of the loaded modules, index vs importlib (-want +got):\n%s", diff)
			}
			quiet := startupOwners(t, f, tc.python)
			for _, m := range tc.must {
				if !contains(got, m) && !quiet[m] {
					t.Errorf("%s not among the distributions of the loaded modules %v", m, got)
				}
			}
		})
	}
}

// startupScript prints the files of the modules the interpreter imported
// before the script's first line.
const startupScript = "import sys; fs = [m.__file__ for m in list(sys.modules.values()) if isinstance(getattr(m, '__file__', None), str)]; import json; print(json.dumps(fs))"

// startupFiles asks the interpreter python, run as the fixture's
// commands are, for the files of the modules it imports at start-up.
func startupFiles(t *testing.T, f *realFixture, python string) map[string]bool {
	t.Helper()
	out, err := run(f.proj, f.environ, python, "-c", startupScript)
	if err != nil {
		t.Fatal(err)
	}
	var files []string
	if err := json.Unmarshal(out, &files); err != nil {
		t.Fatal(err)
	}
	set := map[string]bool{}
	for _, file := range files {
		set[ecosystems.Canon(file)] = true
	}
	return set
}

// startupOwners returns the distributions that own, per the index, the
// modules python imports at start-up: what the environment loads in
// every run, which no test's import shows.
func startupOwners(t *testing.T, f *realFixture, python string) map[string]bool {
	t.Helper()
	out := map[string]bool{}
	for file := range startupFiles(t, f, python) {
		if pkg, _, ok := f.inv.Index.Lookup(file); ok {
			out[pkg] = true
		}
	}
	return out
}

func contains(s []string, v string) bool {
	for _, x := range s {
		if x == v {
			return true
		}
	}
	return false
}

// TestRealDeclared parses the real project's manifests, whose -e entry
// names a local project by its pyproject.toml.
func TestRealDeclared(t *testing.T) {
	f := setupReal(t)
	deps := ecotest.Open(t, New(), f.proj).Declared()
	var got []string
	for _, d := range deps {
		got = append(got, fmt.Sprintf("%s %s %s", d.Pos, d.Name, d.Scope))
	}
	want := []string{
		"requirements-dev.txt:2 pytest dev",
		"requirements.txt:2 envaudit-demo-lib runtime",
		"requirements.txt:3 envaudit-demo-helper runtime",
		"requirements.txt:4 envaudit-demo-edit runtime",
		"requirements.txt:5 requests runtime",
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("declared (-want +got):\n%s", diff)
	}
}
