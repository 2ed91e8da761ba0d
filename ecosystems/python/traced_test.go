package python

import (
	"os"
	"path/filepath"
	"sort"
	"testing"

	"github.com/envaudit/envaudit/ecosystems"
	"github.com/envaudit/envaudit/ecosystems/internal/ecotest"
	"github.com/envaudit/envaudit/tracer"
	"github.com/google/go-cmp/cmp"
)

// executed returns what the audit gives Env.Executables: every program the
// run executed, symbolic links resolved.
func executed(tr *tracer.Trace) []string {
	s := map[string]bool{}
	for _, a := range tr.Accesses {
		if a.Op == tracer.OpExec {
			s[a.RealPath()] = true
		}
	}
	for _, p := range tr.Processes {
		if p.Exe != "" {
			s[p.Exe] = true
		}
	}
	return keys(s)
}

// tracedDists is D3: the distributions owning a file the run read or
// executed, as runtime use, but the toolchain, which the audit excludes.
func tracedDists(inv *ecosystems.Inventory, tr *tracer.Trace) []string {
	s := map[string]bool{}
	for _, a := range tr.Accesses {
		if a.Op == tracer.OpWrite {
			continue
		}
		for _, p := range []string{a.Real, a.Path} {
			if p == "" {
				continue
			}
			if pkg, use, ok := inv.Index.Lookup(p); ok {
				if use == ecosystems.UseRuntime && !baseline[pkg] {
					s[pkg] = true
				}
				break
			}
		}
	}
	return keys(s)
}

// TestTracedDebianImport traces Debian's python3 importing yaml in a
// project without a virtual environment: D2 comes from the system
// interpreter, and D3 is exactly the distributions that own the modules
// Python reports loaded.
func TestTracedDebianImport(t *testing.T) {
	f := setupReal(t)
	root := t.TempDir()
	if err := os.WriteFile(filepath.Join(root, "requirements.txt"), []byte("PyYAML\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	oracle, _ := filepath.Abs("testdata/real/oracle.py")
	tr, modules := ecotest.Trace(t, root, f.environ, []string{debianPython, oracle, "modules", "import yaml; yaml.safe_load('a: 1')"})
	inv, err := installedAt(New(), root, ecosystems.Env{Environ: f.environ, Executables: executed(tr)})
	if err != nil {
		t.Fatal(err)
	}
	if !contains(names(inv), "pyyaml") {
		t.Fatalf("pyyaml missing from D2: %v", names(inv))
	}
	for _, p := range inv.Packages {
		if p.Name == "envaudit-demo-lib" {
			t.Errorf("D2 of the system interpreter holds the venv's %s", p.Name)
		}
		if p.Name == "pyyaml" && !p.Direct {
			t.Errorf("pyyaml is declared but not Direct")
		}
	}
	fx := *f
	fx.inv = inv
	_, want := attributeFiles(t, &fx, debianPython, modules)
	got := tracedDists(inv, tr)
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("D3 from the trace vs the distributions of the loaded modules (-want +got):\n%s", diff)
	}
	if !contains(got, "pyyaml") {
		t.Errorf("pyyaml not traced: %v", got)
	}
}

// TestTracedPytest traces `python -m pytest` in the project's venv: the
// interpreter is recognised as the venv's though the trace names the
// resolved /usr/bin/python3.11; D3 equals the distributions owning the
// modules the session loaded (written by the project's conftest.py); the
// runner's packages are all DevTools, their dependencies or what their
// links (the pytest plugins this machine installed) explain; the declared
// but unused requests is not traced.
func TestTracedPytest(t *testing.T) {
	f := setupReal(t)
	out := filepath.Join(t.TempDir(), "modules.json")
	environ := append(append([]string(nil), f.environ...), "ENVAUDIT_MODULES_OUT="+out)
	tr, _ := ecotest.Trace(t, f.proj, environ, []string{filepath.Join(f.venv, "bin", "python"), "-m", "pytest", "-q", "-p", "no:cacheprovider", "tests"})
	inv, err := installedAt(New(), f.proj, ecosystems.Env{Environ: environ, Executables: executed(tr), Processes: tracedProcesses(tr)})
	if err != nil {
		t.Fatal(err)
	}
	if !contains(names(inv), "envaudit-demo-lib") {
		t.Fatalf("D2 is not the venv's: %v", names(inv))
	}
	modules, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	fx := *f
	fx.inv = inv
	_, want := attributeFiles(t, &fx, filepath.Join(f.venv, "bin", "python"), modules)
	got := tracedDists(inv, tr)
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("D3 from the trace vs the distributions of the loaded modules (-want +got):\n%s", diff)
	}
	for _, m := range []string{"envaudit-demo-edit", "envaudit-demo-helper", "envaudit-demo-lib", "iniconfig", "pluggy", "pytest", "python-dateutil", "pyyaml", "six"} {
		if !contains(got, m) {
			t.Errorf("%s not traced: %v", m, got)
		}
	}
	if contains(got, "requests") {
		t.Errorf("requests traced, but no test imports it")
	}
	// Everything traced that the project does not reach from its
	// declarations is the runner's: DevTools or what they pull in, by
	// requirement or by a link (a pytest11 plugin the machine installed,
	// and what that plugin requires), or the start-up's.
	dev := map[string]bool{"": true}
	for _, d := range New().DevTools() {
		dev[d] = true
	}
	deps := map[string][]string{}
	for _, p := range inv.Packages {
		deps[p.Name] = p.Deps
	}
	for _, l := range inv.Links {
		deps[l.From] = append(deps[l.From], l.To)
	}
	reach := func(roots []string) map[string]bool {
		seen := map[string]bool{}
		for len(roots) > 0 {
			n := roots[0]
			roots = roots[1:]
			if seen[n] {
				continue
			}
			seen[n] = true
			roots = append(roots, deps[n]...)
		}
		return seen
	}
	var declaredRoots []string
	for _, p := range inv.Packages {
		if p.Direct && p.Name != "pytest" {
			declaredRoots = append(declaredRoots, p.Name)
		}
	}
	fromDeclared, fromDev := reach(declaredRoots), reach(keys(dev))
	var stray []string
	for _, n := range got {
		if !fromDeclared[n] && !fromDev[n] {
			stray = append(stray, n)
		}
	}
	sort.Strings(stray)
	if len(stray) > 0 {
		t.Errorf("traced packages reached neither from the declarations nor from DevTools: %v", stray)
	}
}

func names(inv *ecosystems.Inventory) []string {
	var out []string
	for _, p := range inv.Packages {
		out = append(out, p.Name)
	}
	return out
}
