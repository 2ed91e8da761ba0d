package npm

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	envaudit "github.com/envaudit/envaudit/audit"
	"github.com/envaudit/envaudit/ecosystems"
	"github.com/envaudit/envaudit/ecosystems/internal/ecotest"
	"github.com/envaudit/envaudit/engine"
	"github.com/envaudit/envaudit/internal/testenv"
	"github.com/envaudit/envaudit/sbom"
	"github.com/envaudit/envaudit/sbom/sbomtest"
	"github.com/envaudit/envaudit/tracer"
)

func TestMain(m *testing.M) {
	tracer.Main() // the test binary doubles as the tracer's helper
	testenv.Hermetic()
	os.Exit(m.Run())
}

// traceReport opens dir with the npm ecosystem alone, traces command in
// it and audits the run, for real.
func traceReport(t *testing.T, dir string, command ...string) *envaudit.Report {
	t.Helper()
	ecotest.Require(t, ecotest.Prereqs{Tools: []string{"node"}})
	p, err := engine.Open(engine.Options{Dir: dir, Ecosystems: []ecosystems.Ecosystem{New()}})
	if err != nil {
		t.Fatal(err)
	}
	var stdout, stderr bytes.Buffer
	tr, err := p.Trace(t.Context(), engine.RunOptions{Command: command, Stdout: &stdout, Stderr: &stderr})
	if err != nil {
		t.Fatal(err)
	}
	defer tr.Close()
	if tr.Trace.End.ExitCode != 0 {
		t.Fatalf("%v exited %d, stdout %q, stderr %q", command, tr.Trace.End.ExitCode, stdout.String(), stderr.String())
	}
	r, err := tr.Audit(t.Context())
	if err != nil {
		t.Fatal(err)
	}
	return r
}

// TestRealOptionalAndCopies audits a copy of the optional fixture, whose
// code loads nothing, after a declaration was added to its package.json
// that the lockfile npm wrote does not have: fsevents, which the lockfile
// records and npm skipped on Linux, stays skipped; the optional
// dependency the lockfile lacks is not installed, an error; is-number,
// installed at 7.0.0 for the project and at 6.0.0 under is-odd, is two
// bloat findings, each with its version, and the SBOM stays valid.
func TestRealOptionalAndCopies(t *testing.T) {
	src := installedFixture(t, "real/optional")
	dir := filepath.Join(t.TempDir(), "optional")
	if err := ecotest.CopyTree(src, dir, nil); err != nil {
		t.Fatal(err)
	}
	manifest := filepath.Join(dir, "package.json")
	data, err := os.ReadFile(manifest)
	if err != nil {
		t.Fatal(err)
	}
	added := strings.Replace(string(data), `"fsevents": "2.3.3"`, `"fsevents": "2.3.3",`+"\n"+`    "left-pad": "1.3.0"`, 1)
	if added == string(data) {
		t.Fatal("package.json has no fsevents declaration to add beside")
	}
	if err := os.WriteFile(manifest, []byte(added), 0o644); err != nil {
		t.Fatal(err)
	}
	r := traceReport(t, dir, "node", "index.js")
	var buf bytes.Buffer
	identify := func(_, name, version string) ecosystems.Identity { return New().Identify(name, version) }
	if err := sbom.Write(&buf, r, sbom.Options{Identify: identify}, sbom.Envelope{SerialNumber: "urn:uuid:00000000-0000-4000-8000-000000000000"}, sbom.FormatJSON); err != nil {
		t.Fatal(err)
	}
	if err := sbomtest.ValidateJSON(buf.Bytes()); err != nil {
		t.Errorf("SBOM: %v", err)
	}
	rep := r.Ecosystems[0]
	var got []string
	for _, f := range rep.Findings {
		if f.Kind == envaudit.Phantom && f.Reason != envaudit.ReasonUnused || f.Kind == envaudit.Bloat {
			got = append(got, fmt.Sprintf("%s %s %s@%s %s", f.Kind, f.Reason, f.Package, f.Version, f.Severity))
		}
	}
	want := []string{
		"phantom not-installed left-pad@ error",
		"phantom skipped fsevents@ notice",
		"bloat installed is-odd@3.0.1 notice",
		"bloat installed is-number@7.0.0 notice",
		"bloat installed is-number@6.0.0 notice",
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("findings (-want +got):\n%s", diff)
	}
	for _, f := range rep.Findings {
		if f.Package == "left-pad" && !strings.Contains(f.Message, "lockfile") {
			t.Errorf("left-pad's message does not name the lockfile: %s", f.Message)
		}
	}
}
