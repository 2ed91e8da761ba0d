package action

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// cleanBundle runs mode audit on a project no finding fails (fake.txt
// declares lib-a, the test loads it) and returns the bundle's directory.
func cleanBundle(t *testing.T) string {
	t.Helper()
	return bundleOf(t, newPRWorkspace(t, "cat lib/lib-a/a.txt", "app", map[string]string{"app/fake.txt": "lib-a\n", "app/lib/lib-a/a.txt": "a\n"}), ExitOK)
}

// TestAttackPublishTrust reproduces issue 20's attacks on mode publish
// through what the audit job and the pull request control besides the
// bundle's content: the bundle rewritten after the audit step by a
// process the install step left behind (the audit run failed, its bundle
// says nothing fails), and a pull request that changes the audit
// workflow itself (a clean bundle from a run of its own workflow). The
// check run fails, and it, the summary comment and the job summary say
// why; only a run that succeeded, of the default branch's workflow,
// turns it green.
func TestAttackPublishTrust(t *testing.T) {
	clean := cleanBundle(t)
	failing := auditBundle(t)
	tests := []struct {
		name   string
		bundle string
		// edit changes the event's workflow_run; head, when set, is the
		// audit workflow at the pull request's head ("-" for none).
		edit func(wr map[string]any)
		head string
		// conclusion and title are the check run's; why is what the
		// summaries say ("" for nothing).
		conclusion, title, why string
	}{
		{name: "succeeded", bundle: clean, edit: func(wr map[string]any) { wr["conclusion"] = "success" },
			conclusion: "success", title: "No finding fails this check"},
		{name: "rewrittenBundle", bundle: clean,
			conclusion: "failure", title: "The audit run did not succeed, but its bundle reports no failing finding",
			why: "**The audit [run 4242](https://github.com/octo/webapp/actions/runs/4242) concluded `failure`, but its bundle reports no failing finding and a test command that succeeded.**"},
		{name: "cancelled", bundle: clean, edit: func(wr map[string]any) { wr["conclusion"] = "cancelled" },
			conclusion: "failure", title: "The audit run did not succeed, but its bundle reports no failing finding", why: "concluded `cancelled`"},
		{name: "noConclusion", bundle: clean, edit: func(wr map[string]any) { delete(wr, "conclusion") },
			conclusion: "failure", title: "The audit run did not succeed, but its bundle reports no failing finding", why: "did not say how it ended"},
		// The run failed for the findings the bundle shows: nothing more
		// to say.
		{name: "failedForFindings", bundle: failing, conclusion: "failure", title: "2 findings fail this check"},
		{name: "workflowChanged", bundle: clean, edit: func(wr map[string]any) { wr["conclusion"] = "success" },
			head:       auditWorkflowYAML + "      - run: cp clean.json $RUNNER_TEMP/envaudit-bundle/envaudit-bundle.json\n",
			conclusion: "failure", title: "The pull request changes the audit workflow",
			why: "**The pull request changes the audit workflow `.github/workflows/envaudit.yml`.**"},
		{name: "workflowChangedAndFailed", bundle: clean, head: "name: envaudit\n",
			conclusion: "failure", title: "The audit run did not succeed, but its bundle reports no failing finding; The pull request changes the audit workflow",
			why: "this check fails until the file at the pull request's head is the default branch (`main`)'s"},
		{name: "workflowUnreadable", bundle: clean, edit: func(wr map[string]any) { wr["conclusion"] = "success" }, head: "-",
			conclusion: "failure", title: "The audit workflow could not be compared with the default branch's",
			why: "**The audit workflow could not be compared with the default branch (`main`)'s:** .github/workflows/envaudit.yml at the pull request's head ccccccc: no such file at that commit."},
		{name: "noPath", bundle: clean, edit: func(wr map[string]any) { wr["conclusion"] = "success"; delete(wr, "path") },
			conclusion: "failure", title: "The audit workflow could not be compared with the default branch's",
			why: `the event names the workflow file "", not one in .github/workflows`},
		{name: "pathOutsideWorkflows", bundle: clean, edit: func(wr map[string]any) {
			wr["conclusion"] = "success"
			wr["path"] = ".github/workflows/../../README.md"
		},
			conclusion: "failure", title: "The audit workflow could not be compared with the default branch's", why: "not one in .github/workflows"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p := newPublisher(t, false, "", "INPUT_BUNDLE="+tt.bundle)
			if tt.edit != nil {
				p.editRun(t, tt.edit)
			}
			switch tt.head {
			case "":
			case "-":
				p.srv.SetContent(modesHead, auditWorkflow, nil)
			default:
				p.srv.SetContent(modesHead, auditWorkflow, []byte(tt.head))
			}
			cr := p.published(t)
			if cr.Conclusion != tt.conclusion || cr.Output.Title != tt.title {
				t.Errorf("check run %s %q, want %s %q", cr.Conclusion, cr.Output.Title, tt.conclusion, tt.title)
			}
			comments := p.srv.IssueComments()
			if len(comments) != 1 {
				t.Fatalf("%d summary comments, want 1", len(comments))
			}
			summary, err := os.ReadFile(filepath.Join(p.temp, "step_summary"))
			if err != nil {
				t.Fatal(err)
			}
			for where, doc := range map[string]string{"check run": cr.Output.Summary, "summary comment": comments[0].Body, "job summary": string(summary)} {
				switch {
				case tt.why == "" && strings.Contains(doc, "whatever the findings say"):
					t.Errorf("the %s distrusts a bundle it may believe:\n%s", where, doc)
				case tt.why != "" && !strings.Contains(doc, tt.why):
					t.Errorf("the %s does not say %q:\n%s", where, tt.why, doc)
				case tt.conclusion == "failure" && strings.Contains(doc, "✅"):
					t.Errorf("the %s shows a green verdict for a failing check:\n%s", where, doc)
				}
			}
		})
	}
}
