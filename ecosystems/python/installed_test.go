package python

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/envaudit/envaudit/ecosystems"
	"github.com/envaudit/envaudit/ecosystems/internal/ecotest"
	"github.com/google/go-cmp/cmp"
)

// fakeQuery answers for an interpreter from a fixture's interpreter.json,
// whose sys.path entries are relative to the case directory.
func fakeQuery(t *testing.T, caseDir string) QueryFunc {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(caseDir, "interpreter.json"))
	if err != nil {
		t.Fatal(err)
	}
	var in Interpreter
	if err := json.Unmarshal(data, &in); err != nil {
		t.Fatal(err)
	}
	abs := func(p string) string {
		if p == "" || filepath.IsAbs(p) {
			return p
		}
		return filepath.Join(caseDir, p)
	}
	for i, p := range in.Path {
		in.Path[i] = abs(p)
	}
	in.Executable = abs(in.Executable)
	return func(ctx context.Context, python, dir string, environ []string) (*Interpreter, error) {
		c := in
		return &c, nil
	}
}

// copyDpkg copies a fixture's dpkg database to a temporary directory,
// replacing $CASE in file lists by the case directory.
func copyDpkg(t *testing.T, caseDir string) string {
	t.Helper()
	src := filepath.Join(caseDir, "dpkg")
	if _, err := os.Stat(src); err != nil {
		return "-"
	}
	dst := t.TempDir()
	err := filepath.WalkDir(src, func(p string, d os.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(src, p)
		target := filepath.Join(dst, rel)
		if d.IsDir() {
			return os.MkdirAll(target, 0o755)
		}
		data, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		return os.WriteFile(target, []byte(strings.ReplaceAll(string(data), "$CASE", caseDir)), 0o644)
	})
	if err != nil {
		t.Fatal(err)
	}
	return dst
}

// inventoryView is the golden form of an inventory: the case directory
// written as $CASE, and the owner of each probe path.
type inventoryView struct {
	Packages     []ecosystems.Package  `json:"packages"`
	Excluded     []ecosystems.Excluded `json:"excluded"`
	Inapplicable []ecosystems.Excluded `json:"inapplicable,omitempty"`
	Warnings     []string              `json:"warnings"`
	Evidence     string                `json:"evidence"`
	Owners       []string              `json:"owners"` // "path → package (use)" or "path → -"
}

func viewInventory(t *testing.T, inv *ecosystems.Inventory, caseDir string, probes []string) inventoryView {
	t.Helper()
	v := inventoryView{Packages: inv.Packages, Excluded: inv.Excluded, Inapplicable: inv.Inapplicable, Warnings: inv.Warnings, Evidence: inv.Evidence.Basis}
	if v.Excluded == nil {
		v.Excluded = []ecosystems.Excluded{}
	}
	if v.Warnings == nil {
		v.Warnings = []string{}
	}
	for _, p := range probes {
		pkg, use, ok := inv.Index.Lookup(filepath.Join(caseDir, p))
		if ok {
			v.Owners = append(v.Owners, fmt.Sprintf("%s → %s (%s)", p, pkg, use))
		} else {
			v.Owners = append(v.Owners, p+" → -")
		}
	}
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	b = []byte(strings.ReplaceAll(string(b), caseDir, "$CASE"))
	var out inventoryView
	if err := json.Unmarshal(b, &out); err != nil {
		t.Fatal(err)
	}
	return out
}

func readProbes(t *testing.T, file string) []string {
	t.Helper()
	f, err := os.Open(file)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var out []string
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		if l := strings.TrimSpace(sc.Text()); l != "" && !strings.HasPrefix(l, "#") {
			out = append(out, l)
		}
	}
	return out
}

// TestInstalledFixtures enumerates D2 from the fake site directories of
// each case under testdata/installed, with a fake interpreter, and
// compares packages, edges, exclusions, warnings and the owners of the
// probe paths with want.json.
func TestInstalledFixtures(t *testing.T) {
	for _, dir := range ecotest.Glob(t, "testdata/installed/*") {
		t.Run(filepath.Base(dir), func(t *testing.T) {
			caseDir, err := filepath.Abs(dir)
			if err != nil {
				t.Fatal(err)
			}
			e := &Ecosystem{Query: fakeQuery(t, caseDir), DpkgDir: copyDpkg(t, caseDir)}
			env := ecosystems.Env{Environ: []string{"PATH=/nonexistent"}, Executables: []string{"/usr/bin/python3"}}
			inv, err := ecotest.Open(t, e, filepath.Join(caseDir, "project")).Installed(context.Background(), env)
			if err != nil {
				t.Fatal(err)
			}
			golden(t, filepath.Join(dir, "want.json"), viewInventory(t, inv, caseDir, readProbes(t, filepath.Join(dir, "probes.txt"))))
		})
	}
}

// TestInapplicable evaluates the environment markers of declarations in
// the marker environment of a Python 3.11 on Linux: a name applies unless
// every declaration of it has a marker that is false there.
func TestInapplicable(t *testing.T) {
	markers := map[string]string{"python_version": "3.11", "python_full_version": "3.11.2", "sys_platform": "linux", "os_name": "posix", "platform_system": "Linux"}
	dep := func(name, spec string) ecosystems.Dependency {
		return ecosystems.Dependency{Name: name, Spec: spec, Scope: ecosystems.ScopeRuntime}
	}
	tests := []struct {
		name    string
		deps    []ecosystems.Dependency
		markers map[string]string
		want    []ecosystems.Excluded
	}{
		{"versionMarker", []ecosystems.Dependency{dep("tomli", `; python_version < "3.11"`)}, markers,
			[]ecosystems.Excluded{{Name: "tomli", Why: `environment marker 'python_version < "3.11"' is false for /usr/bin/python3`}}},
		{"platformMarker", []ecosystems.Dependency{dep("pywin32", `>=306 ; sys_platform == 'win32'`)}, markers,
			[]ecosystems.Excluded{{Name: "pywin32", Why: `environment marker "sys_platform == 'win32'" is false for /usr/bin/python3`}}},
		{"trueMarker", []ecosystems.Dependency{dep("tomli", `; python_version >= "3.8"`)}, markers, nil},
		{"noMarker", []ecosystems.Dependency{dep("tomli", `>=2`)}, markers, nil},
		{"oneDeclarationApplies", []ecosystems.Dependency{
			dep("numpy", `<1.25; python_version < "3.9"`),
			dep("numpy", `>=1.25; python_version >= "3.9"`),
		}, markers, nil},
		{"allDeclarationsFalse", []ecosystems.Dependency{
			dep("pywin32", `; sys_platform == "win32"`),
			dep("pywin32", `; os_name == "nt"`),
		}, markers, []ecosystems.Excluded{{Name: "pywin32", Why: `environment marker 'sys_platform == "win32"' is false for /usr/bin/python3`}}},
		{"undecidable", []ecosystems.Dependency{dep("pytest", `; extra == "test"`)}, markers, nil},
		{"url", []ecosystems.Dependency{dep("attrs", `@ https://files.example/a;b/attrs-23.1.0-py3-none-any.whl ; python_version < "3"`)}, markers,
			[]ecosystems.Excluded{{Name: "attrs", Why: `environment marker 'python_version < "3"' is false for /usr/bin/python3`}}},
		{"noEnvironment", []ecosystems.Dependency{dep("tomli", `; python_version < "3.11"`)}, nil, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := inapplicable(tt.deps, tt.markers, "/usr/bin/python3")
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("inapplicable (-want +got):\n%s", diff)
			}
		})
	}
}

// installedAt opens the project in root with e and enumerates its
// installation with env.
func installedAt(e *Ecosystem, root string, env ecosystems.Env) (*ecosystems.Inventory, error) {
	p, err := e.Open(context.Background(), ecosystems.Dir(root))
	if err != nil {
		return nil, err
	}
	if p == nil {
		return nil, fmt.Errorf("no python project in %q", root)
	}
	return p.Installed(context.Background(), env)
}

// requirements opens, with e, a project whose requirements.txt holds text.
func requirements(t *testing.T, e *Ecosystem, text string) ecosystems.Project {
	t.Helper()
	root := t.TempDir()
	ecotest.WriteFile(t, filepath.Join(root, "requirements.txt"), []byte(text), 0o644)
	return ecotest.Open(t, e, root)
}

func TestInstalledWithoutInterpreter(t *testing.T) {
	e := &Ecosystem{Query: func(context.Context, string, string, []string) (*Interpreter, error) {
		t.Fatal("Query called without an interpreter")
		return nil, nil
	}}
	inv, err := requirements(t, e, "pyyaml\n").Installed(context.Background(), ecosystems.Env{Environ: []string{"PATH=" + t.TempDir()}})
	if err != nil {
		t.Fatal(err)
	}
	want := []string{"no python interpreter found (none executed by the run, no virtual environment, no python3 on PATH): installed packages unknown"}
	if diff := cmp.Diff(want, inv.Warnings); diff != "" {
		t.Errorf("warnings (-want +got):\n%s", diff)
	}
	if len(inv.Packages) != 0 || inv.Index == nil || !inv.Unknown {
		t.Errorf("packages = %v, index = %v, unknown = %v; want none, an empty index, unknown", inv.Packages, inv.Index, inv.Unknown)
	}
}

// TestInstalledEmptyVenv audits a project whose virtual environment holds
// no interpreter (the install step never ran) when the run executed no
// python: the installed packages are unknown, rather than read from the
// python3 on PATH, which would call every declaration not installed. A
// project without such a directory asks that python3.
func TestInstalledEmptyVenv(t *testing.T) {
	pathDir := t.TempDir()
	if err := os.WriteFile(filepath.Join(pathDir, "python3"), []byte("#!/bin/sh\n"), 0o755); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name    string
		files   map[string]string // relative path → content; a trailing "/" makes a directory
		unknown bool
		warning string
	}{
		{"emptyDotVenv", map[string]string{".venv/": "", "requirements.txt": "pyyaml\n"}, true, `the project's virtual environment ".venv" has no interpreter: nothing is installed in it (create it and install the dependencies); installed packages unknown`},
		{"venvWithoutPython", map[string]string{"venv/pyvenv.cfg": "home = /usr/bin\n", "venv/lib/": "", "requirements.txt": "pyyaml\n"}, true, `the project's virtual environment "venv" has no interpreter: nothing is installed in it (create it and install the dependencies); installed packages unknown`},
		{"noVenv", map[string]string{"requirements.txt": "pyyaml\n"}, false, ""},
		{"unrelatedVenvDir", map[string]string{"venv/notes.txt": "not a virtual environment\n", "requirements.txt": "pyyaml\n"}, false, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			root := t.TempDir()
			for name, content := range tt.files {
				p := filepath.Join(root, filepath.FromSlash(name))
				if strings.HasSuffix(name, "/") {
					if err := os.MkdirAll(p, 0o755); err != nil {
						t.Fatal(err)
					}
					continue
				}
				if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
					t.Fatal(err)
				}
				if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			asked := false
			e := &Ecosystem{DpkgDir: "-", Query: func(context.Context, string, string, []string) (*Interpreter, error) {
				asked = true
				return &Interpreter{Executable: filepath.Join(pathDir, "python3")}, nil
			}}
			inv, err := ecotest.Open(t, e, root).Installed(context.Background(), ecosystems.Env{Environ: []string{"PATH=" + pathDir}})
			if err != nil {
				t.Fatal(err)
			}
			if inv.Unknown != tt.unknown || asked == tt.unknown {
				t.Errorf("unknown = %v, interpreter asked = %v; want unknown = %v", inv.Unknown, asked, tt.unknown)
			}
			var want []string
			if tt.warning != "" {
				want = []string{tt.warning}
			}
			if diff := cmp.Diff(want, inv.Warnings); diff != "" {
				t.Errorf("warnings (-want +got):\n%s", diff)
			}
		})
	}
}

func TestInstalledQueryFails(t *testing.T) {
	e := &Ecosystem{Query: func(context.Context, string, string, []string) (*Interpreter, error) {
		return nil, fmt.Errorf("exit status 1: boom")
	}}
	inv, err := requirements(t, e, "pyyaml\n").Installed(context.Background(), ecosystems.Env{Executables: []string{"/opt/py/bin/python3.12"}})
	if err != nil {
		t.Fatal(err)
	}
	want := []string{`ask the interpreter the run executed "/opt/py/bin/python3.12" for its sys.path: exit status 1: boom: installed packages unknown`}
	if diff := cmp.Diff(want, inv.Warnings); diff != "" {
		t.Errorf("warnings (-want +got):\n%s", diff)
	}
	if !inv.Unknown {
		t.Error("inventory not marked Unknown after a failed interpreter query")
	}
}

// TestChooseInterpreter builds small trees of interpreters and venvs and
// checks which interpreter D2 is read from.
func TestChooseInterpreter(t *testing.T) {
	base := t.TempDir()
	mkexe := func(p, content string) string {
		p = filepath.Join(base, p)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(content), 0o755); err != nil {
			t.Fatal(err)
		}
		return p
	}
	link := func(target, p string) string {
		p = filepath.Join(base, p)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.Symlink(target, p); err != nil {
			t.Fatal(err)
		}
		return p
	}
	sysPy := mkexe("usr/bin/python3.11", "\x7fELF")
	shim := mkexe("pyenv/shims/python3", "#!/bin/sh\n")
	otherPy := mkexe("opt/py/bin/python3.12", "\x7fELF")
	proj := filepath.Join(base, "proj")
	inVenv := link(sysPy, "proj/.venv/bin/python")
	outVenv := link(sysPy, "venvs/app/bin/python")
	mkexe("venvs/app/pyvenv.cfg", "home = /usr/bin\n")
	bare := filepath.Join(base, "bare")
	pathDir := filepath.Dir(mkexe("pathdir/python3", "\x7fELF"))
	venvPytest := mkexe("venvs/app/bin/pytest", "#!"+outVenv+"\n")
	envScript := mkexe("tools/run-tests", "#!/usr/bin/env -S python3.12 -u\n")

	for _, tc := range []struct {
		name    string
		root    string
		env     ecosystems.Env
		want    string
		wantWhy string
	}{
		{"executedInsideProject", proj, ecosystems.Env{Executables: []string{sysPy, inVenv}}, inVenv, "the interpreter the run executed inside the project"},
		{"resolvedToProjectVenv", proj, ecosystems.Env{Executables: []string{"/bin/sh", sysPy}}, inVenv, "the virtual environment whose interpreter the run executed"},
		{"resolvedToVirtualEnv", bare, ecosystems.Env{Environ: []string{"VIRTUAL_ENV=" + filepath.Dir(filepath.Dir(outVenv))}, Executables: []string{sysPy}}, outVenv, "the virtual environment whose interpreter the run executed"},
		{"venvScript", bare, ecosystems.Env{Environ: []string{"PATH=" + filepath.Dir(outVenv) + ":/usr/bin"}, Executables: []string{filepath.Join(filepath.Dir(outVenv), "pytest"), sysPy}}, outVenv, "the virtual environment a program of which the run executed"},
		{"otherInterpreter", proj, ecosystems.Env{Executables: []string{otherPy}}, otherPy, "the interpreter the run executed"},
		{"shimLast", bare, ecosystems.Env{Executables: []string{shim, otherPy}}, otherPy, "the interpreter the run executed"},
		{"onlyShim", bare, ecosystems.Env{Executables: []string{shim}}, shim, "the interpreter the run executed"},
		{"notPython", bare, ecosystems.Env{Environ: []string{"PATH=" + pathDir}, Executables: []string{"/usr/bin/node", filepath.Join(base, "python-config")}}, filepath.Join(pathDir, "python3"), "python3 on the run's PATH"},
		// Before the run: the programs the command starts.
		{"commandInterpreter", bare, ecosystems.Env{Environ: []string{"PATH=" + pathDir}, Command: []string{otherPy, "-m", "pytest"}}, otherPy, "the interpreter the command starts"},
		{"commandScript", bare, ecosystems.Env{Environ: []string{"PATH=" + pathDir}, Command: []string{venvPytest}}, outVenv, "the interpreter the command starts"},
		{"commandVenvOnPath", bare, ecosystems.Env{Environ: []string{"PATH=" + filepath.Dir(venvPytest) + ":" + pathDir}, Command: []string{"pytest", "-q"}}, outVenv, "the virtual environment a program of which the command starts"},
		{"commandEnvShebang", bare, ecosystems.Env{Environ: []string{"PATH=" + filepath.Dir(envScript) + ":" + filepath.Dir(otherPy) + ":" + pathDir}, Command: []string{"run-tests"}}, otherPy, "the interpreter the command starts"},
		{"commandInProjectVenv", proj, ecosystems.Env{Environ: []string{"PATH=" + pathDir}, Command: []string{".venv/bin/python", "-m", "pytest"}}, inVenv, "the interpreter the command starts inside the project"},
		{"commandNotPython", bare, ecosystems.Env{Environ: []string{"PATH=" + pathDir}, Command: []string{"/usr/bin/make", "test"}}, filepath.Join(pathDir, "python3"), "python3 on the run's PATH"},
		{"executedBeforeCommand", bare, ecosystems.Env{Executables: []string{otherPy}, Command: []string{venvPytest}}, otherPy, "the interpreter the run executed"},
		{"noTraceVenv", proj, ecosystems.Env{Environ: []string{"PATH=" + pathDir}}, inVenv, "the project's virtual environment"},
		{"nothing", bare, ecosystems.Env{Environ: []string{"PATH=" + bare}}, "", ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got, why := chooseInterpreter(tc.root, tc.env)
			if got != tc.want || why != tc.wantWhy {
				t.Errorf("chooseInterpreter = %q (%s), want %q (%s)", got, why, tc.want, tc.wantWhy)
			}
		})
	}
}

func TestEditablePaths(t *testing.T) {
	dir := t.TempDir()
	pth := filepath.Join(dir, "__editable__.demo-0.1.pth")
	finder := filepath.Join(dir, "__editable___demo_0_1_finder.py")
	if err := os.WriteFile(pth, []byte("/src/demo/src\nimport __editable___demo_0_1_finder; __editable___demo_0_1_finder.install()\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(finder, []byte("import sys\nMAPPING: dict[str, str] = {'demo': '/src/demo/src/demo', \"demo_ext\": \"/src/demo/ext\"}\nNAMESPACES = {}\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	got := editablePaths(&dist{files: []string{pth, finder, filepath.Join(dir, "other.pth")}})
	want := []string{"/src/demo/src", "/src/demo/src/demo", "/src/demo/ext"}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("editablePaths (-want +got):\n%s", diff)
	}
}

func TestSplitMetaName(t *testing.T) {
	for in, want := range map[string][2]string{
		"PyYAML-6.0.dist-info":              {"PyYAML", "6.0"},
		"cryptography.egg-info":             {"cryptography", ""},
		"pluggy-1.0.0+repack.egg-info":      {"pluggy", "1.0.0+repack"},
		"setuptools-66.1.1-py3.11.egg-info": {"setuptools", "66.1.1"},
	} {
		n, v := splitMetaName(in)
		if n != want[0] || v != want[1] {
			t.Errorf("splitMetaName(%q) = %q, %q; want %q, %q", in, n, v, want[0], want[1])
		}
	}
}

// TestOnlyModules checks which packages Debian splits off a distribution
// as modules alone: files in the site directory, its parents and the
// documentation, and nothing else.
func TestOnlyModules(t *testing.T) {
	site := "/usr/lib/python3/dist-packages"
	for _, tc := range []struct {
		name  string
		files []string
		want  bool
	}{
		{"cffiBackend", []string{"/.", "/usr", "/usr/lib", "/usr/lib/python3", site, site + "/_cffi_backend.cpython-311-x86_64-linux-gnu.so", "/usr/share", "/usr/share/doc", "/usr/share/doc/python3-cffi-backend/copyright"}, true},
		{"aProgramToo", []string{site + "/_m.so", "/usr/bin/tool"}, false},
		{"aLibraryToo", []string{site + "/_m.so", "/usr/lib/x86_64-linux-gnu/libm.so.1"}, false},
		{"onlyDocumentation", []string{"/usr/share/doc/p/copyright"}, false},
		{"anotherSite", []string{"/usr/lib/python3.11/site-packages/m.py"}, false},
	} {
		if got := onlyModules(tc.files, site); got != tc.want {
			t.Errorf("%s: onlyModules = %v, want %v", tc.name, got, tc.want)
		}
	}
}
