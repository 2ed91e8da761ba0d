package npm

import (
	"path/filepath"
	"strings"
	"testing"

	envaudit "github.com/envaudit/envaudit/audit"
	"github.com/envaudit/envaudit/ecosystems/internal/ecotest"
	"github.com/envaudit/envaudit/policy"
)

// TestRealSloppyTraced runs the sloppy fixture's tests (npm test: uvu)
// through the engine on its real npm ci install and compares the findings
// with testdata/real/sloppy/findings.json, gated by the default --fail-on.
// The fixture holds each sloppy case: ms required by the code with only
// debug declared (hidden direct, gating), is-number imported on a path the
// tests skip (phantom untested), escape-html imported nowhere (phantom
// unused), kleur declared for runtime but loaded only by uvu and imported
// by neither the code nor a test (phantom unused: uvu brings it), and a
// made-up package required by code the tests do not run
// (hidden missing, gating).
func TestRealSloppyTraced(t *testing.T) {
	dir := installedFixture(t, "real/sloppy")
	ecotest.Require(t, ecotest.Prereqs{Tools: []string{"npm"}})
	r := traceReport(t, dir, "npm", "test", "--silent")
	sel, err := policy.ParseSelectors(policy.DefaultFailOn)
	if err != nil {
		t.Fatal(err)
	}
	(policy.Gate{FailOn: sel, Existing: true}).Mark(r)
	if len(r.Ecosystems) != 1 {
		t.Fatalf("report ecosystems %v, want npm alone", r.Ecosystems)
	}
	type finding struct {
		Kind    envaudit.Kind `json:"kind"`
		Reason  string        `json:"reason"`
		Package string        `json:"package"`
		At      string        `json:"at,omitempty"`
		Gating  bool          `json:"gating"`
	}
	var got []finding
	for _, f := range r.Ecosystems[0].Findings {
		at := ""
		if f.Location != nil {
			at = f.Location.String()
		}
		got = append(got, finding{f.Kind, f.Reason, f.Package, at, f.Gating})
	}
	ecotest.GoldenJSON(t, filepath.Join(dir, "findings.json"), got)
	for _, f := range r.Ecosystems[0].Findings {
		if strings.Contains(f.Message, dir) {
			t.Errorf("%s %s: message names the absolute directory: %s", f.Kind, f.Package, f.Message)
		}
	}
}
