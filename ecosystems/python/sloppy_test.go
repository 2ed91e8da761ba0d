package python

import (
	"bytes"
	"fmt"
	"strings"
	"testing"

	"github.com/envaudit/envaudit/audit"
	"github.com/envaudit/envaudit/ecosystems"
	"github.com/envaudit/envaudit/ecosystems/internal/ecotest"
	"github.com/envaudit/envaudit/engine"
	"github.com/envaudit/envaudit/policy"
)

// TestSloppyAudited audits testdata/real/sloppy end to end, the way
// `envaudit run` does: engine.Open, a traced pytest run with the venv's
// interpreter, Audit, and the default gate. The venv (sloppyVenv) sees
// Debian's python3-* packages through the system site directory and has
// envaudit-demo-lib installed by pip, so every version the findings could
// name is the one this machine's install chose, and the golden records
// none. The fixture's README says, case by case, why each
// finding in testdata/real/sloppy/findings.golden is the right one.
func TestSloppyAudited(t *testing.T) {
	proj, vpy, environ := sloppyVenv(t)
	r := auditTraced(t, proj, environ, []string{vpy, "-m", "pytest", "-q", "-p", "no:cacheprovider", "tests"}, "2 passed")
	rep := ecosystemReport(t, r, "python")
	ecotest.Golden(t, "testdata/real/sloppy/findings.golden", renderAudited(t, rep, machineFindings(t, rep, New().DevTools())))
}

// auditTraced audits the project in dir end to end, the way `envaudit
// run` does: engine.Open with the Python ecosystem, command traced with
// environ, Audit, and the default gate marked. The command must exit 0
// and print want.
func auditTraced(t *testing.T, dir string, environ, command []string, want string) *audit.Report {
	t.Helper()
	p, err := engine.Open(engine.Options{Dir: dir, Ecosystems: []ecosystems.Ecosystem{New()}})
	if err != nil {
		t.Fatal(err)
	}
	var stdout, stderr bytes.Buffer
	tr, err := p.Trace(t.Context(), engine.RunOptions{Command: command, Environ: environ, Stdout: &stdout, Stderr: &stderr})
	if err != nil {
		t.Fatal(err)
	}
	defer tr.Close()
	if tr.Trace.End.ExitCode != 0 || !strings.Contains(stdout.String(), want) {
		t.Fatalf("%q exited %d, stdout %q, stderr %q", command, tr.Trace.End.ExitCode, stdout.String(), stderr.String())
	}
	r, instErr := tr.Audit(t.Context())
	if instErr != nil {
		t.Fatal(instErr)
	}
	sel, err := policy.ParseSelectors(policy.DefaultFailOn)
	if err != nil {
		t.Fatal(err)
	}
	policy.Gate{FailOn: sel, Existing: true}.Mark(r)
	return r
}

// ecosystemReport returns the report of ecosystem eco, the only one r
// may hold.
func ecosystemReport(t *testing.T, r *audit.Report, eco string) *audit.EcosystemReport {
	t.Helper()
	if len(r.Ecosystems) != 1 || r.Ecosystems[0].Name != eco {
		var names []string
		for _, e := range r.Ecosystems {
			names = append(names, e.Name)
		}
		t.Fatalf("report ecosystems %q, want %q alone", names, eco)
	}
	return &r.Ecosystems[0]
}

// machineFindings checks the findings that depend on what else this
// machine installed rather than on the fixture, and returns them, to be
// left out of the golden: the venv sees every Debian python3-* package
// through its system site directory, so bloat names whatever other
// packages the machine has, and pytest loads whichever plugins are
// installed (a test-runner notice each), and a declared package loads
// whichever optional imports of its own the machine has (a grouped
// transitive notice each). The bloat of declared packages
// is the fixture's and stays in the golden. Each other bloat package must
// be installed and not loaded; each test-runner package must be loaded,
// undeclared, and be a runner or reached from one in D2 or through a link
// (a plugin the runner discovers).
func machineFindings(t *testing.T, rep *audit.EcosystemReport, devTools []string) map[*audit.Finding]bool {
	t.Helper()
	declared, traced, deps := map[string]bool{}, map[string]bool{}, map[string][]string{}
	for _, d := range rep.Declared {
		declared[d.Name] = true
	}
	for _, p := range rep.Traced {
		traced[p.Name] = true
	}
	for _, p := range rep.Installed {
		deps[p.Name] = p.Deps
	}
	fromDev := map[string]bool{}
	for queue := append([]string(nil), devTools...); len(queue) > 0; queue = queue[1:] {
		if n := queue[0]; !fromDev[n] {
			fromDev[n] = true
			queue = append(queue, deps[n]...)
		}
	}
	fromDecl := map[string]bool{}
	for queue := keys(declared); len(queue) > 0; queue = queue[1:] {
		if n := queue[0]; !fromDecl[n] {
			fromDecl[n] = true
			queue = append(queue, deps[n]...)
		}
	}
	out := map[*audit.Finding]bool{}
	for i := range rep.Findings {
		f := &rep.Findings[i]
		switch {
		case f.Kind == audit.Hidden && f.Reason == audit.ReasonTransitive && !fromDecl[f.Package]:
			// Loaded by a declared package through a link of its own
			// (requests' optional simplejson, urllib3's brotli, where
			// the machine has them): the audit must have said which.
			if !traced[f.Package] || declared[f.Package] || len(f.Via) == 0 || !fromDecl[f.Via[0]] {
				t.Errorf("transitive %s: loaded %v, declared %v, via %q; want loaded, undeclared, through a declared package", f.Package, traced[f.Package], declared[f.Package], f.Via)
			}
		case f.Kind == audit.Bloat && !declared[f.Package]:
			if _, ok := deps[f.Package]; !ok || traced[f.Package] {
				t.Errorf("bloat %s: installed %v, loaded %v; want installed, not loaded", f.Package, ok, traced[f.Package])
			}
		case f.Kind == audit.Dev && f.Reason == audit.ReasonTestRunner:
			// From the runners: by their requirements, or by a link
			// the audit followed from one (a pytest11 plugin, and what
			// it requires) or from the start-up.
			linked := len(f.Via) > 0 && fromDev[f.Via[0]] || strings.Contains(f.Message, "through the start-up")
			if !traced[f.Package] || declared[f.Package] || !fromDev[f.Package] && !linked {
				t.Errorf("test-runner %s: loaded %v, declared %v, from the runners %v (via %q); want loaded, undeclared, from the runners", f.Package, traced[f.Package], declared[f.Package], fromDev[f.Package], f.Via)
			}
		default:
			continue
		}
		if f.Gating {
			t.Errorf("%s %s %s gates", f.Kind, f.Reason, f.Package)
		}
		out[f] = true
	}
	return out
}

// renderAudited prints the findings of rep, but those in skip, as the
// default gate marked them (auditTraced), one a line: kind, reason, package, where
// the finding is placed (the manifest line, or the import needing it), the
// imports of the project's code that need it (with their kind, and whether
// a test file imports it), severity, and whether it
// gates. Grouped findings (packages only declared ones need, dev tools the
// run had no reason to load) are listed per kind and reason, as the
// renderings show them.
func renderAudited(t *testing.T, rep *audit.EcosystemReport, skip map[*audit.Finding]bool) string {
	t.Helper()
	var b strings.Builder
	grouped := map[string][]string{}
	var groups []string
	for i := range rep.Findings {
		f := &rep.Findings[i]
		if skip[f] {
			continue
		}
		if f.Grouped {
			k := fmt.Sprintf("%s %s", f.Kind, f.Reason)
			if grouped[k] == nil {
				groups = append(groups, k)
			}
			grouped[k] = append(grouped[k], f.Package)
			if f.Gating {
				t.Errorf("grouped %s %s %s gates", f.Kind, f.Reason, f.Package)
			}
			continue
		}
		at := "-"
		if f.Location != nil {
			at = f.Location.String()
		}
		fmt.Fprintf(&b, "%s %s %s at=%s", f.Kind, f.Reason, f.Package, at)
		if f.Evidence != nil {
			for _, im := range f.Evidence.Imports {
				fmt.Fprintf(&b, " import=%s(%s", im.Pos, im.Kind)
				if im.Test {
					b.WriteString(",test")
				}
				b.WriteByte(')')
			}
		}
		fmt.Fprintf(&b, " %s gating=%v\n", f.Severity, f.Gating)
	}
	for _, k := range groups {
		fmt.Fprintf(&b, "grouped %s: %s\n", k, strings.Join(grouped[k], " "))
	}
	return b.String()
}
