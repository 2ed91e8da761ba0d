package system

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/envaudit/envaudit/audit"
	"github.com/envaudit/envaudit/ecosystems"
	"github.com/envaudit/envaudit/ecosystems/internal/ecotest"
	"github.com/envaudit/envaudit/internal/testenv"
	"github.com/envaudit/envaudit/policy"
	"github.com/envaudit/envaudit/tracer"
	"github.com/google/go-cmp/cmp"
)

func TestMain(m *testing.M) {
	tracer.Main() // the test binary doubles as the tracer's helper
	testenv.Hermetic()
	os.Exit(m.Run())
}

// TestHiddenToolTraced traces the hidden-tool fixture for real: a script
// that runs tree (declared in the Dockerfile, the workflow and the Aptfile)
// and jq (declared nowhere), on this machine's real dpkg database, and
// audits the run with the audit core. jq must come out as a hidden,
// undeclared system package with /usr/bin/jq as the executed file, its
// libraries as coming through it (warnings that do not fail the check: jq
// alone does), tree as used, and zstd (declared, never run) as a phantom.
func TestHiddenToolTraced(t *testing.T) {
	ecotest.Require(t, ecotest.Prereqs{Tools: []string{"jq", "tree", "zstd"}})
	dir, err := filepath.Abs("testdata/hidden-tool")
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	var stdout, stderr bytes.Buffer
	tr, err := tracer.Run(ctx, tracer.Options{Command: []string{"./run.sh"}, Dir: dir, Stdout: &stdout, Stderr: &stderr})
	if err != nil {
		t.Fatal(err)
	}
	if tr.End.ExitCode != 0 || strings.TrimSpace(stdout.String()) != "1.2.3" {
		t.Fatalf("run.sh exited %d, stdout %q, stderr %q", tr.End.ExitCode, stdout.String(), stderr.String())
	}

	e := New()
	p := ecotest.Open(t, e, dir)
	inv, err := p.Installed(ctx, ecosystems.Env{Executables: audit.Executables(tr)})
	if err != nil {
		t.Fatal(err)
	}
	rep := audit.Ecosystem(audit.Input{
		Name: e.Name(), Manifests: ecosystems.Paths(p.Files()), Declared: p.Declared(), Inventory: inv,
		Trace: tr, DevTools: e.DevTools(), Root: dir,
	})

	var traced []string
	for _, p := range rep.Traced {
		traced = append(traced, fmt.Sprintf("%s %s %s", p.Name, p.Use, strings.Join(p.Files, ",")))
	}
	// The libraries as the loader found them: their real files.
	real := func(soname string) string {
		out, err := exec.Command("sh", "-c", "ldd /usr/bin/jq | awk '$1 == \""+soname+"\" {print $3}'").Output()
		if err != nil || len(out) == 0 {
			t.Fatalf("ldd /usr/bin/jq has no %s: %v", soname, err)
		}
		p, err := filepath.EvalSymlinks(strings.TrimSpace(string(out)))
		if err != nil {
			t.Fatal(err)
		}
		return ecosystems.Canon(p)
	}
	libjq, libonig := real("libjq.so.1"), real("libonig.so.5")
	wantTraced := []string{
		"jq runtime /usr/bin/jq",
		"libjq1 runtime " + libjq,
		"libonig5 runtime " + libonig,
		"tree runtime /usr/bin/tree",
	}
	if diff := cmp.Diff(wantTraced, traced); diff != "" {
		t.Errorf("traced packages (-want +got):\n%s", diff)
	}

	var findings []string
	for _, f := range rep.Findings {
		if f.Kind == audit.Bloat {
			continue
		}
		s := fmt.Sprintf("%s %s %s %s", f.Kind, f.Reason, f.Package, f.Severity)
		if f.Evidence != nil {
			s += " files=" + strings.Join(f.Evidence.Files, ",") + " procs=" + strings.Join(f.Evidence.Processes, ",")
		}
		if len(f.Via) > 0 {
			s += " via=" + strings.Join(f.Via, ",")
		}
		if f.Location != nil {
			s += " at=" + f.Location.String()
		}
		findings = append(findings, s)
	}
	wantFindings := []string{
		"phantom unused zstd warning at=Dockerfile:5",
		"hidden undeclared jq error files=/usr/bin/jq procs=jq",
		"hidden undeclared libjq1 warning files=" + libjq + " procs=jq via=jq",
		"hidden undeclared libonig5 warning files=" + libonig + " procs=jq via=jq,libjq1",
	}
	// The hidden findings point at the main manifest; compare without it.
	for i, f := range findings {
		if strings.HasPrefix(f, "hidden ") {
			findings[i], _, _ = strings.Cut(f, " at=")
		}
	}
	if diff := cmp.Diff(wantFindings, findings); diff != "" {
		t.Errorf("findings (-want +got):\n%s", diff)
	}
	// One missing tool is one failure of the default check: its libraries
	// come through it, and declaring it fixes them too.
	sel, err := policy.ParseSelectors(policy.DefaultFailOn)
	if err != nil {
		t.Fatal(err)
	}
	var failing []string
	for _, it := range (policy.Gate{FailOn: sel, Existing: true}).Failing(&audit.Report{Ecosystems: []audit.EcosystemReport{rep}}) {
		failing = append(failing, it.Finding.Package)
	}
	if diff := cmp.Diff([]string{"jq"}, failing); diff != "" {
		t.Errorf("findings failing --fail-on %s (-want +got):\n%s", policy.DefaultFailOn, diff)
	}
	for _, x := range rep.Excluded {
		if x.Name == "jq" || x.Name == "tree" {
			t.Errorf("%s excluded as %q", x.Name, x.Why)
		}
	}
}
