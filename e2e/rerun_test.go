package e2e

import (
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// TestRerunAndSecondPush runs the npm project's pull request through
// both workflows, then re-runs the publish run (it downloads the artifact
// again and duplicates nothing), then pushes a fix (ms declared): the
// audit passes, and the publisher updates the one summary comment and
// posts a passing check run on the new head.
func TestRerunAndSecondPush(t *testing.T) {
	p := npmRoot
	sc := newScenario(t, p.fixture, p.prefix)
	sc.push("pr", "Greet after a minute")
	auditWF := variant(t, sc.auditYML, p.edits...)
	a := sc.runAudit(auditWF)
	publishID := sc.newRunID()
	first := sc.runPublish(sc.publish, a, publishID, 1)
	if first.res.Conclusion != "success" {
		t.Errorf("the first publish concluded %s", first.res.Conclusion)
		logOnFailure(t, first)
	}
	before := sc.srv.IssueComments()
	reviews := len(sc.srv.ReviewComments())
	t.Run("rerun", func(t *testing.T) {
		again := sc.runPublish(sc.publish, a, publishID, 2)
		defer logOnFailure(t, again)
		if again.res.Conclusion != "success" {
			t.Errorf("the re-run concluded %s", again.res.Conclusion)
		}
		downloaded := false
		for _, r := range sc.srv.RequestsBy(again.res.Token) {
			downloaded = downloaded || strings.HasSuffix(r.Path, "/zip")
		}
		if !downloaded {
			t.Errorf("the re-run did not download the bundle artifact")
		}
		after := sc.srv.IssueComments()
		if len(before) != 1 || len(after) != 1 || after[0].ID != before[0].ID {
			t.Errorf("summary comments before the re-run %d, after %d (want the one comment, edited)", len(before), len(after))
		}
		if n := len(sc.srv.ReviewComments()); n != reviews || n == 0 {
			t.Errorf("%d review comments after the re-run, %d before: want the same, and some", n, reviews)
		}
	})
	sc.push("push2", "Declare ms")
	a2 := sc.runAudit(auditWF)
	t.Run("secondAudit", func(t *testing.T) {
		defer logOnFailure(t, a2)
		if a2.res.Conclusion != "success" || action(t, a2).Outputs["failing"] != "0" {
			t.Errorf("the audit of the fix concluded %s with %q failing, want success and 0", a2.res.Conclusion, action(t, a2).Outputs["failing"])
		}
	})
	pub2 := sc.runPublish(sc.publish, a2, sc.newRunID(), 1)
	t.Run("secondPublish", func(t *testing.T) {
		defer logOnFailure(t, pub2)
		after := sc.srv.IssueComments()
		if len(after) != 1 || len(before) != 1 || after[0].ID != before[0].ID {
			t.Fatalf("summary comments %+v, want the first one, edited", after)
		}
		if after[0].Body == before[0].Body || strings.Contains(after[0].Body, "❌") {
			t.Errorf("the summary comment was not updated to the passing audit:\n%s", after[0].Body)
		}
		var onHead []string
		for _, c := range sc.srv.CheckRuns() {
			if c.HeadSHA == sc.o.head {
				onHead = append(onHead, c.Conclusion)
			}
		}
		if diff := cmp.Diff([]string{"success"}, onHead); diff != "" {
			t.Errorf("check runs on the new head (-want +got):\n%s", diff)
		}
		if n := len(sc.srv.ReviewComments()); n != reviews {
			t.Errorf("%d review comments, %d before: the finding on the same line was commented again", n, reviews)
		}
	})
}
