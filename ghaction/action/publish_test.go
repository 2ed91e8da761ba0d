package action

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-github/v62/github"
	"github.com/sethvargo/go-githubactions"

	"github.com/envaudit/envaudit/audit"
	"github.com/envaudit/envaudit/audit/reporttest"
	"github.com/envaudit/envaudit/ecosystems"
	"github.com/envaudit/envaudit/ghaction"
	"github.com/envaudit/envaudit/ghaction/ghfake"
	"github.com/envaudit/envaudit/ghaction/runnertest"
	"github.com/envaudit/envaudit/policy"
)

// exampleResult is the example report gated by the default gate, in the
// project directory app of the repository, for pull request 7.
func exampleResult(t *testing.T) *Result {
	t.Helper()
	r := reporttest.Example(t)
	def, err := policy.ParseFailOn("")
	if err != nil {
		t.Fatal(err)
	}
	res := &Result{Report: r, Items: r.Items(), Gate: policy.Gate{FailOn: def}, Prefix: "app",
		PR: &policy.PullRequest{Number: 7, HeadSHA: "cafe", BaseSHA: "f00d", Author: "octocat"}}
	res.Failing = res.Gate.Apply(res.Items)
	return res
}

// workflowCommands returns a writer of workflow commands to buf that
// reads no environment.
func workflowCommands(buf *bytes.Buffer) *githubactions.Action {
	return githubactions.New(githubactions.WithWriter(buf), githubactions.WithGetenv(func(string) string { return "" }))
}

// fakeClient starts the fake API for pull request 7 of octo/webapp, whose
// diff adds lines 8 and 9 of app/package.json (yargs changed, left-padd
// added), and returns a client of it.
func fakeClient(t *testing.T) (*ghfake.Server, *github.Client) {
	t.Helper()
	srv := ghfake.New("octo/webapp", 7)
	t.Cleanup(srv.Close)
	srv.SetFiles(ghfake.File{Filename: "app/package.json", Status: "modified", Patch: "@@ -6,7 +6,8 @@\n   \"dependencies\": {\n     \"debug\": \"^4.3.4\",\n-    \"yargs\": \"^16.0.0\"\n+    \"yargs\": \"^17.0.0\",\n+    \"left-padd\": \"^1.0.0\"\n   },\n   \"devDependencies\": {\n     \"@types/node\": \"^20.0.0\","})
	c, err := ghaction.NewClient(srv.APIURL(), "tok-123", nil)
	if err != nil {
		t.Fatal(err)
	}
	return srv, c
}

var octoWebapp = ghaction.Repo{Owner: "octo", Name: "webapp"}

// TestAnnotationsPublisher checks that the publisher writes the
// annotations ghaction plans, as its golden file has them, and counts
// the findings GitHub's limits leave out.
func TestAnnotationsPublisher(t *testing.T) {
	want, err := os.ReadFile("../testdata/annotations.golden")
	if err != nil {
		t.Fatal(err)
	}
	res := exampleResult(t)
	var buf bytes.Buffer
	if err := (Annotations{GH: workflowCommands(&buf)}).Publish(t.Context(), res); err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(string(want), buf.String()); diff != "" {
		t.Errorf("annotations (-want +got):\n%s", diff)
	}
	if res.Dropped != 0 {
		t.Errorf("dropped %d of the example's findings", res.Dropped)
	}

	// Past GitHub's ten errors per step the rest are counted for the
	// summary.
	res.Items = nil
	for i := range 13 {
		res.Items = append(res.Items, audit.Item{Ecosystem: "npm", Manifest: "package.json", Failing: true,
			Finding: audit.Finding{Kind: audit.Hidden, Reason: audit.ReasonUndeclared, Package: fmt.Sprintf("p%02d", i), Severity: audit.SeverityError,
				Location: &ecosystems.Pos{File: "package.json", Line: 1 + i}}})
	}
	buf.Reset()
	if err := (Annotations{GH: workflowCommands(&buf)}).Publish(t.Context(), res); err != nil {
		t.Fatal(err)
	}
	if res.Dropped != 3 || strings.Count(buf.String(), "::error ") != ghaction.AnnotationLimit {
		t.Errorf("dropped %d, %d errors written, want 3 and %d:\n%s", res.Dropped, strings.Count(buf.String(), "::error "), ghaction.AnnotationLimit, buf.String())
	}
}

// TestReviewPublisher reviews pull request 7 against the fake API: the
// inline comments and the summary comment, a read-only token (a notice
// and a note), a failing API (an error, and a note whose error text is
// made inert Markdown), and the cases where there is nothing to review.
func TestReviewPublisher(t *testing.T) {
	tests := []struct {
		name     string
		mode     string
		noClient bool
		readOnly bool
		pr       int // 0: the result's pull request; -1: none
		wantErr  string
		// wantLog, wantCommands and wantNote are prefixes of what the
		// publisher logged, wrote as workflow commands and noted; "" for
		// nothing.
		wantLog, wantCommands, wantNote string
		wantComments, wantSummaries     int
	}{
		{name: "auto", mode: "auto", wantLog: "envaudit: review: 2 inline comments, summary comment ", wantComments: 2, wantSummaries: 1},
		{name: "readOnly", mode: "auto", readOnly: true,
			wantCommands: "::notice::envaudit: pull-request review skipped: ",
			wantNote:     "Pull-request review skipped: the token may not write (a fork's read-only token, or no `pull-requests: write` permission)."},
		{name: "apiFails", mode: "auto", pr: 99, wantErr: "pull-request review failed: ",
			wantNote: "Pull-request review failed: list files of pull request #\u206099: GET http:\u2060//127.0.0.1:"},
		{name: "off", mode: "false"},
		{name: "autoWithoutToken", mode: "auto", noClient: true},
		{name: "wantedWithoutToken", mode: "true", noClient: true,
			wantCommands: "::notice::envaudit: review requested, but this is not a pull request event with a token and repository\n"},
		{name: "wantedOutsidePullRequest", mode: "true", pr: -1,
			wantCommands: "::notice::envaudit: review requested, but this is not a pull request event with a token and repository\n"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			srv, c := fakeClient(t)
			srv.ReadOnly = tt.readOnly
			if tt.noClient {
				c = nil
			}
			res := exampleResult(t)
			switch tt.pr {
			case -1:
				res.PR = nil
			case 0:
			default:
				res.PR.Number = tt.pr
			}
			var log, commands bytes.Buffer
			err := Review{GH: workflowCommands(&commands), Client: c, Repo: octoWebapp, Mode: tt.mode, Log: &log}.Publish(t.Context(), res)
			if got := errString(err); !strings.HasPrefix(got, tt.wantErr) || (tt.wantErr == "") != (got == "") {
				t.Errorf("error %q, want prefix %q", got, tt.wantErr)
			}
			checkPrefix(t, "log", log.String(), tt.wantLog)
			checkPrefix(t, "workflow commands", commands.String(), tt.wantCommands)
			note := strings.Join(res.Notes, "\n")
			checkPrefix(t, "notes", note, tt.wantNote)
			if strings.Contains(note, "http://") {
				t.Errorf("a note links: %q", note)
			}
			if n := len(srv.ReviewComments()); n != tt.wantComments {
				t.Errorf("%d review comments, want %d", n, tt.wantComments)
			}
			summaries := 0
			for _, ic := range srv.IssueComments() {
				if strings.HasPrefix(ic.Body, ghaction.SummaryMarker) {
					summaries++
					// The comment is the summary, verdict first.
					if !strings.Contains(ic.Body, "❌ 2 findings fail this check") {
						t.Errorf("summary comment without the verdict:\n%s", ic.Body)
					}
				}
			}
			if summaries != tt.wantSummaries {
				t.Errorf("%d summary comments, want %d", summaries, tt.wantSummaries)
			}
		})
	}
}

// TestSnapshotPublisher submits the example's dependency snapshot to the
// fake API, and checks a read-only token and a missing token.
func TestSnapshotPublisher(t *testing.T) {
	job := ghaction.SnapshotJob{Correlator: "ci_test_envaudit_app", RunID: "4242", SHA: "cafe", Ref: "refs/pull/7/merge"}
	scanned := time.Date(2026, 11, 30, 9, 0, 0, 0, time.UTC)
	tests := []struct {
		name                            string
		readOnly, noClient              bool
		wantErr                         string
		wantLog, wantCommands, wantNote string
		wantSnapshots                   int
	}{
		{name: "submitted", wantLog: "envaudit: dependency snapshot: ", wantSnapshots: 1},
		{name: "readOnly", readOnly: true,
			wantCommands: "::notice::envaudit: dependency snapshot skipped: ",
			wantNote:     "Dependency snapshot skipped: the token may not write it (`contents: write`)."},
		{name: "noToken", noClient: true, wantErr: "submit-dependencies needs GITHUB_REPOSITORY and a token"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			srv, c := fakeClient(t)
			srv.ReadOnly = tt.readOnly
			if tt.noClient {
				c = nil
			}
			res := exampleResult(t)
			var log, commands bytes.Buffer
			err := Snapshot{GH: workflowCommands(&commands), Client: c, Repo: octoWebapp, Job: job, Scanned: scanned, Log: &log}.Publish(t.Context(), res)
			if diff := cmp.Diff(tt.wantErr, errString(err)); diff != "" {
				t.Errorf("error (-want +got):\n%s", diff)
			}
			checkPrefix(t, "log", log.String(), tt.wantLog)
			checkPrefix(t, "workflow commands", commands.String(), tt.wantCommands)
			checkPrefix(t, "notes", strings.Join(res.Notes, "\n"), tt.wantNote)
			snaps := srv.Snapshots()
			if len(snaps) != tt.wantSnapshots {
				t.Fatalf("%d snapshots, want %d", len(snaps), tt.wantSnapshots)
			}
			if len(snaps) == 1 {
				var got struct {
					Job struct {
						Correlator string `json:"correlator"`
					} `json:"job"`
					Sha     string    `json:"sha"`
					Scanned time.Time `json:"scanned"`
				}
				if err := json.Unmarshal(snaps[0], &got); err != nil {
					t.Fatal(err)
				}
				if got.Job.Correlator != job.Correlator || got.Sha != job.SHA || !got.Scanned.Equal(scanned) {
					t.Errorf("snapshot of job %q, commit %q, scanned %v", got.Job.Correlator, got.Sha, got.Scanned)
				}
			}
		})
	}
}

// TestSummaryPublisher appends the job summary to a step summary file
// that already holds an earlier step's: the summary ghaction renders, as
// its golden file has it for the same result.
func TestSummaryPublisher(t *testing.T) {
	want, err := os.ReadFile("../testdata/summary.golden.md")
	if err != nil {
		t.Fatal(err)
	}
	// The result of ghaction's summary golden file.
	r := reporttest.Example(t)
	r.Ecosystems[0].Findings[1].Change = audit.ChangeNew      // left-padd
	r.Ecosystems[0].Findings[0].Change = audit.ChangeExisting // yargs
	r.Ecosystems[0].Findings[4].Change = audit.ChangeNew      // lodash
	r.Ecosystems[0].Findings[4].Provenance = audit.ProvenanceMachine
	r.Ecosystems[0].Findings[6].Ignored = "colour output of mocha" // chalk
	strict, _ := policy.ParseAgentPolicy("strict")
	def, _ := policy.ParseFailOn("")
	res := &Result{
		Report:      r,
		Items:       r.Items(),
		Gate:        strict.For(policy.Gate{FailOn: def}, true),
		AgentPolicy: strict.Name,
		Detection:   policy.Detection{Agent: "Copilot coding agent", Signal: `head branch "copilot/fix-deps"`},
		PR:          &policy.PullRequest{Number: 7, Author: "Copilot"},
		Base:        "0123456789abcdef",
		Dropped:     2,
		Notes:       []string{"Review comments skipped: the token is read-only."},
	}
	res.Failing = res.Gate.Apply(res.Items)

	path := filepath.Join(t.TempDir(), "step_summary")
	if err := os.WriteFile(path, []byte("# an earlier step\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := (Summary{Path: path}).Publish(t.Context(), res); err != nil {
		t.Fatal(err)
	}
	got, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff("# an earlier step\n"+string(want)+"\n", string(got)); diff != "" {
		t.Errorf("step summary (-want +got):\n%s", diff)
	}

	if err := (Summary{}).Publish(t.Context(), res); err != nil {
		t.Errorf("no summary file: %v", err)
	}
	err = (Summary{Path: filepath.Join(t.TempDir(), "missing", "step_summary")}).Publish(t.Context(), res)
	if err == nil || !strings.HasPrefix(err.Error(), "write the file command ") {
		t.Errorf("unwritable summary file: %v", err)
	}
}

// TestOutputsPublisher sets the step's outputs in an output file that
// already holds one, and reads them back as the runner does.
func TestOutputsPublisher(t *testing.T) {
	res := exampleResult(t)
	res.Files = Files{Report: "/tmp/r/envaudit-report.json", SBOM: "bom.cdx.json"}
	res.Detection = policy.Detection{Agent: "Copilot coding agent"}
	path := filepath.Join(t.TempDir(), "set_output")
	if err := os.WriteFile(path, []byte("earlier<<EOF\nkept\nEOF\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := (Outputs{Path: path}).Publish(t.Context(), res); err != nil {
		t.Fatal(err)
	}
	want := map[string]string{
		"earlier": "kept",
		"report":  "/tmp/r/envaudit-report.json", "sbom": "bom.cdx.json", "sarif": "", "bundle": "",
		"phantom": "3", "hidden": "2", "bloat": "1", "agent-authored": "true", "failing": "2", "error": "",
	}
	if diff := cmp.Diff(want, readOutputs(t, path)); diff != "" {
		t.Errorf("outputs (-want +got):\n%s", diff)
	}
	if err := (Outputs{}).Publish(t.Context(), res); err != nil {
		t.Errorf("no output file: %v", err)
	}
}

// readOutputs parses an output file as the runner does.
func readOutputs(t *testing.T, path string) map[string]string {
	t.Helper()
	return runnertest.Read(t, path)
}

func checkPrefix(t *testing.T, what, got, want string) {
	t.Helper()
	if want == "" && got != "" || !strings.HasPrefix(got, want) {
		t.Errorf("%s = %q, want prefix %q", what, got, want)
	}
}

func errString(err error) string {
	if err == nil {
		return ""
	}
	return err.Error()
}
