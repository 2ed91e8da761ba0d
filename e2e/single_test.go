package e2e

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"
)

// TestModeSingle runs the README's audit workflow in mode single for
// each project: the one job traces, gates, annotates and publishes the
// review and the summary comment with its own token (pull-requests:
// write), which never reaches the tests; there is no check run (the
// annotations are the job's own).
//
// The Python project is the exception docs/action.md states ("Tools on
// GitHub-hosted runners"): actions/setup-python installs into the tool
// cache, which the runner user can write, so mode single does not ask
// that python for its sys.path and the installed layer is unknown; the
// summary must say so, naming the program and why.
func TestModeSingle(t *testing.T) {
	for _, p := range projects() {
		t.Run(p.name, func(t *testing.T) {
			if p.name == "python" {
				sc := newScenario(t, p.fixture, p.prefix)
				sc.push("pr", "Greet after a minute")
				a := sc.runAudit(variant(t, sc.auditYML, append(append([]edit(nil), p.edits...), singleEdits()...)...))
				defer logOnFailure(t, a)
				tool := filepath.Join(a.res.Root, "work", "_tool", "Python")
				for _, where := range []string{a.res.Summary, strings.Join(issueBodies(sc.srv), "\n")} {
					if !strings.Contains(where, `"python" is not run`) || !strings.Contains(where, tool) || !strings.Contains(where, "the tests can write") {
						t.Errorf("the summary does not say the tool cache's python was not run, and why:\n%s", where)
					}
				}
				noSecret(t, a)
				return
			}
			sc := newScenario(t, p.fixture, p.prefix)
			sc.push("pr", "Greet after a minute")
			a := sc.runAudit(variant(t, sc.auditYML, append(append([]edit(nil), p.edits...), singleEdits()...)...))
			defer logOnFailure(t, a)
			if s := a.res.Find("envaudit"); a.res.Conclusion != "failure" || s == nil || s.ExitCode != 1 {
				t.Errorf("the job concluded %s, want failure with the envaudit step's exit status 1", a.res.Conclusion)
			}
			if diff := cmp.Diff([]annotation{{"error", p.failingAt.File, p.failingAt.Line}}, shown(a, p.failing)); diff != "" {
				t.Errorf("annotations of %s (-want +got):\n%s", p.failing, diff)
			}
			if !summaryNames(a.res.Summary, "❌", p.failing) {
				t.Errorf("the job summary does not name %s as failing:\n%s", p.failing, a.res.Summary)
			}
			var review []place
			for _, rc := range sc.srv.ReviewComments() {
				review = append(review, place{rc.Path, rc.Line})
			}
			sortPlaces(review)
			want := []place{p.failingAt, p.phantomAt}
			sortPlaces(want)
			if diff := cmp.Diff(want, review, cmpopts.EquateEmpty()); diff != "" {
				t.Errorf("review comments (-want +got):\n%s", diff)
			}
			if ics := sc.srv.IssueComments(); len(ics) != 1 || !strings.HasPrefix(ics[0].Body, "<!-- envaudit:summary -->") || !summaryNames(ics[0].Body, "❌", p.failing) {
				t.Errorf("want one summary comment naming %s as failing, got %+v", p.failing, ics)
			}
			if n := len(sc.srv.CheckRuns()); n != 0 {
				t.Errorf("mode single made %d check runs (its annotations are the job's own)", n)
			}
			noSecret(t, a)
		})
	}
}
