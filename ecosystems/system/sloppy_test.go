package system

import (
	"bytes"
	"fmt"
	"path/filepath"
	"strings"
	"testing"

	"github.com/envaudit/envaudit/audit"
	"github.com/envaudit/envaudit/ecosystems"
	"github.com/envaudit/envaudit/ecosystems/internal/ecotest"
	"github.com/envaudit/envaudit/engine"
	"github.com/envaudit/envaudit/policy"
	"github.com/google/go-cmp/cmp"
)

// TestSloppyToolTraced traces the sloppy-tool fixture through the engine,
// for real on this machine's dpkg database: a project with no manifest at
// all whose script runs sqlite3, and python3, cmake and cc beside it. The
// system ecosystem is reported although the project has none of its
// files; sqlite3 is its one gating finding; the libraries only Python's
// expat module, cmake and the linker needed are excluded as the toolchain's, naming
// the object that needed them, and are in no finding.
func TestSloppyToolTraced(t *testing.T) {
	ecotest.Require(t, ecotest.Prereqs{Tools: []string{"sqlite3", "cmake", "cc", "/usr/bin/python3"}})
	dir, err := filepath.Abs("testdata/sloppy-tool")
	if err != nil {
		t.Fatal(err)
	}
	p, err := engine.Open(engine.Options{Dir: dir, Ecosystems: []ecosystems.Ecosystem{New()}})
	if err != nil {
		t.Fatal(err)
	}
	if names := p.Ecosystems(); len(names) != 0 {
		t.Errorf("ecosystems detected by files: %v, want none", names)
	}
	var stdout, stderr bytes.Buffer
	tr, err := p.Trace(t.Context(), engine.RunOptions{Command: []string{"./run.sh"}, Stdout: &stdout, Stderr: &stderr})
	if err != nil {
		t.Fatal(err)
	}
	defer tr.Close()
	if tr.Trace.End.ExitCode != 0 || strings.TrimSpace(stdout.String()) != "ok" {
		t.Fatalf("run.sh exited %d, stdout %q, stderr %q", tr.Trace.End.ExitCode, stdout.String(), stderr.String())
	}
	r, instErr := tr.Audit(t.Context())
	if instErr != nil {
		t.Fatal(instErr)
	}
	if len(r.Ecosystems) != 1 || r.Ecosystems[0].Name != "system" {
		t.Fatalf("report ecosystems %v, want system alone", r.Ecosystems)
	}
	rep := r.Ecosystems[0]
	if len(rep.Manifests) != 0 || len(rep.Declared) != 0 {
		t.Errorf("manifests %v, declared %v; want none", rep.Manifests, rep.Declared)
	}
	sel, err := policy.ParseSelectors(policy.DefaultFailOn)
	if err != nil {
		t.Fatal(err)
	}
	var failing []string
	for _, it := range (policy.Gate{FailOn: sel, Existing: true}).Failing(r) {
		failing = append(failing, fmt.Sprintf("%s %s %s", it.Finding.Kind, it.Finding.Reason, it.Finding.Package))
	}
	if diff := cmp.Diff([]string{"hidden undeclared sqlite3"}, failing); diff != "" {
		t.Errorf("findings failing --fail-on %s (-want +got):\n%s", policy.DefaultFailOn, diff)
	}
	excluded := map[string]string{}
	for _, x := range rep.Excluded {
		excluded[x.Name] = x.Why
	}
	for name, needer := range map[string]string{"libexpat1": "python3", "libcurl4": "cmake's /usr/bin/cmake needs libcurl.so.4", "libxml2": ", in cmake", "libc6-dev": "toolchain: loaded only by binutils-"} {
		if why := excluded[name]; !strings.HasPrefix(why, "toolchain: ") || !strings.Contains(why, needer) {
			t.Errorf("%s excluded as %q, want the toolchain's, needed by %s", name, why, needer)
		}
	}
	for _, f := range rep.Findings {
		if _, ok := excluded[f.Package]; ok {
			t.Errorf("excluded %s has a finding: %s %s", f.Package, f.Kind, f.Reason)
		}
		if f.Kind == audit.Hidden && f.Package != "sqlite3" && f.Severity == audit.SeverityError {
			t.Errorf("hidden %s is an error: %s", f.Package, f.Message)
		}
	}
}
