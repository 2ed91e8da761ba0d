package ghaction

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/envaudit/envaudit/audit/reporttest"
	"github.com/envaudit/envaudit/ecosystems/all"
	"github.com/envaudit/envaudit/ghaction/ghfake"
	"github.com/envaudit/envaudit/internal/golden"
	"github.com/envaudit/envaudit/policy"
)

// manifestPatch is the pull request's diff of app/package.json: it
// changes yargs (line 8) and adds left-padd (line 9); @types/node (line
// 12) is untouched.
const manifestPatch = `@@ -6,7 +6,8 @@
   "dependencies": {
     "debug": "^4.3.4",
-    "yargs": "^16.0.0"
+    "yargs": "^17.0.0",
+    "left-padd": "^1.0.0"
   },
   "devDependencies": {
     "@types/node": "^20.0.0",`

func fakePR(t *testing.T) *ghfake.Server {
	t.Helper()
	srv := ghfake.New("octo/webapp", 7)
	t.Cleanup(srv.Close)
	srv.SetFiles(
		ghfake.File{Filename: "README.md", Status: "modified", Patch: "@@ -1 +1 @@\n-a\n+b"},
		ghfake.File{Filename: "app/logo.png", Status: "added"},
		ghfake.File{Filename: "app/package.json", Status: "modified", Patch: manifestPatch},
	)
	srv.AddIssueComment("octocat", "LGTM once the checks pass")
	return srv
}

func TestReview(t *testing.T) {
	srv := fakePR(t)
	ctx := context.Background()
	c, err := NewClient(srv.APIURL(), "tok-123", nil)
	if err != nil {
		t.Fatal(err)
	}
	repo := Repo{"octo", "webapp"}
	pr := &policy.PullRequest{Number: 7, HeadSHA: "cafe"}
	r := reporttest.Example(t)
	items := r.Items()

	res, err := Review(ctx, c, repo, pr, ReviewOptions{Items: items, Prefix: "app", Summary: "first summary"})
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(ReviewResult{Comments: 2, OffDiff: 4, SummaryID: res.SummaryID, SummaryCreated: true}, res); diff != "" {
		t.Errorf("first run (-want +got):\n%s", diff)
	}
	type at struct {
		Path string
		Line int
		Side string
		Pkg  string
	}
	var got []at
	for _, rc := range srv.ReviewComments() {
		pkg := ""
		for _, name := range []string{"yargs", "left-padd"} {
			if strings.Contains(rc.Body, "npm/phantom/"+name+" -->") {
				pkg = name
			}
		}
		got = append(got, at{rc.Path, rc.Line, rc.Side, pkg})
	}
	want := []at{{"app/package.json", 9, "RIGHT", "left-padd"}, {"app/package.json", 8, "RIGHT", "yargs"}}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("review comments (-want +got):\n%s", diff)
	}
	var review struct {
		CommitID string `json:"commit_id"`
		Event    string `json:"event"`
		Body     string `json:"body"`
	}
	for _, req := range srv.Requests() {
		if req.Method == "POST" && strings.HasSuffix(req.Path, "/reviews") {
			if err := json.Unmarshal([]byte(req.Body), &review); err != nil {
				t.Fatal(err)
			}
		}
		if req.Auth != "Bearer tok-123" {
			t.Errorf("%s %s sent Authorization %q", req.Method, req.Path, req.Auth)
		}
	}
	if review.CommitID != "cafe" || review.Event != "COMMENT" || review.Body == "" {
		t.Errorf("review = %+v", review)
	}

	// A second push: the same findings, a new summary.
	res2, err := Review(ctx, c, repo, pr, ReviewOptions{Items: items, Prefix: "app", Summary: "second summary"})
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(ReviewResult{AlreadyThere: 2, OffDiff: 4, SummaryID: res.SummaryID}, res2); diff != "" {
		t.Errorf("second run (-want +got):\n%s", diff)
	}
	if n := len(srv.ReviewComments()); n != 2 {
		t.Errorf("%d review comments after the second run, want 2", n)
	}
	comments := srv.IssueComments()
	if len(comments) != 2 {
		t.Fatalf("%d issue comments, want the other user's and one summary: %+v", len(comments), comments)
	}
	if comments[0].Body != "LGTM once the checks pass" {
		t.Errorf("someone else's comment changed: %q", comments[0].Body)
	}
	if comments[1].ID != res.SummaryID || comments[1].Body != SummaryMarker+"\nsecond summary" {
		t.Errorf("summary comment = %+v", comments[1])
	}
	patches := 0
	for _, req := range srv.Requests() {
		if req.Method == "PATCH" {
			patches++
		}
	}
	if patches != 1 {
		t.Errorf("%d PATCH requests, want 1 (the summary edited in place)", patches)
	}

	// A third run with an unchanged summary writes nothing.
	before := len(srv.Requests())
	if _, err := Review(ctx, c, repo, pr, ReviewOptions{Items: items, Prefix: "app", Summary: "second summary"}); err != nil {
		t.Fatal(err)
	}
	for _, req := range srv.Requests()[before:] {
		if req.Method != "GET" {
			t.Errorf("unchanged run sent %s %s", req.Method, req.Path)
		}
	}
}

// TestReviewReadOnly checks a read-only token (a fork's pull request)
// gives a *PermissionError the Action turns into a notice.
func TestReviewReadOnly(t *testing.T) {
	srv := fakePR(t)
	srv.ReadOnly = true
	c, err := NewClient(srv.APIURL(), "ro", nil)
	if err != nil {
		t.Fatal(err)
	}
	_, err = Review(context.Background(), c, Repo{"octo", "webapp"}, &policy.PullRequest{Number: 7}, ReviewOptions{Items: reporttest.Example(t).Items(), Prefix: "app", Summary: "s"})
	var pe *PermissionError
	if !errors.As(err, &pe) || pe.Status != 403 {
		t.Fatalf("err = %v, want a 403 *PermissionError", err)
	}
	if !strings.Contains(err.Error(), "review pull request #7: HTTP 403") {
		t.Errorf("err = %v", err)
	}
	if n := len(srv.ReviewComments()) + len(srv.IssueComments()) - 1; n != 0 {
		t.Errorf("%d writes succeeded", n)
	}
}

// TestReviewOtherErrors checks that other API failures are not mistaken
// for permission problems.
func TestReviewOtherErrors(t *testing.T) {
	srv := fakePR(t)
	c, err := NewClient(srv.APIURL(), "tok", nil)
	if err != nil {
		t.Fatal(err)
	}
	_, err = Review(context.Background(), c, Repo{"octo", "missing"}, &policy.PullRequest{Number: 7}, ReviewOptions{})
	var pe *PermissionError
	if err == nil || errors.As(err, &pe) {
		t.Errorf("err = %v, want a plain error", err)
	}
}

func TestNewClient(t *testing.T) {
	tests := []struct{ in, base, wantErr string }{
		{"", "https://api.github.com/", ""},
		{"https://ghe.example.com/api/v3", "https://ghe.example.com/api/v3/", ""},
		{"https://ghe.example.com/api/v3/", "https://ghe.example.com/api/v3/", ""},
		{"not a url", "", `GITHUB_API_URL: invalid URL "not a url"`},
	}
	for _, tt := range tests {
		t.Run(tt.in, func(t *testing.T) {
			c, err := NewClient(tt.in, "", nil)
			if errString(err) != tt.wantErr {
				t.Fatalf("err = %v, want %q", err, tt.wantErr)
			}
			if err == nil && c.BaseURL.String() != tt.base {
				t.Errorf("BaseURL = %s, want %s", c.BaseURL, tt.base)
			}
		})
	}
}

func TestListCommits(t *testing.T) {
	srv := fakePR(t)
	var cm ghfake.Commit
	cm.SHA = "abc1234def"
	cm.Commit.Message = "use lodash\n\nCo-authored-by: Codex <noreply@openai.com>"
	cm.Commit.Author.Name = "Octo Cat"
	cm.Commit.Author.Email = "octo@example.com"
	var other ghfake.Commit
	other.SHA = "1"
	srv.SetCommits(other, other, cm)
	c, _ := NewClient(srv.APIURL(), "tok", nil)
	commits, err := ListCommits(context.Background(), c, Repo{"octo", "webapp"}, 7)
	if err != nil {
		t.Fatal(err)
	}
	if len(commits) != 3 || commits[2].Message != cm.Commit.Message || commits[2].AuthorEmail != "octo@example.com" {
		t.Fatalf("commits = %+v", commits)
	}
	d := policy.DetectAgent(&policy.PullRequest{Commits: commits}, policy.BuiltinAgents)
	if d.Agent != "OpenAI Codex" {
		t.Errorf("DetectAgent = %v", d)
	}
}

func TestSnapshot(t *testing.T) {
	r := reporttest.Example(t)
	job := SnapshotJob{Correlator: "ci_envaudit_app", RunID: "99", HTMLURL: "https://github.com/octo/webapp/actions/runs/99", SHA: "cafe", Ref: "refs/pull/7/merge"}
	snap := NewSnapshot(r, "app", job, time.Date(2026, 11, 30, 9, 0, 0, 0, time.UTC), all.Identify)
	data, err := json.MarshalIndent(snap, "", "  ")
	if err != nil {
		t.Fatal(err)
	}
	golden.Check(t, "testdata/snapshot.golden.json", append(data, '\n'))

	srv := fakePR(t)
	c, _ := NewClient(srv.APIURL(), "tok", nil)
	result, err := SubmitSnapshot(context.Background(), c, Repo{"octo", "webapp"}, snap)
	if err != nil || result != "SUCCESS" {
		t.Fatalf("SubmitSnapshot = %q, %v", result, err)
	}
	sent := srv.Snapshots()
	if len(sent) != 1 {
		t.Fatalf("%d snapshots sent", len(sent))
	}
	var got struct {
		Manifests map[string]struct {
			Resolved map[string]struct {
				Relationship string   `json:"relationship"`
				Scope        string   `json:"scope"`
				Dependencies []string `json:"dependencies"`
			} `json:"resolved"`
		} `json:"manifests"`
	}
	if err := json.Unmarshal(sent[0], &got); err != nil {
		t.Fatal(err)
	}
	res := got.Manifests["envaudit/npm/app/package.json"].Resolved
	if res["pkg:npm/lodash@4.17.21"].Relationship != "indirect" || res["pkg:npm/debug@4.3.4"].Relationship != "direct" ||
		res["pkg:npm/chalk@4.1.2"].Scope != "development" || res["pkg:npm/debug@4.3.4"].Scope != "runtime" {
		t.Errorf("resolved = %+v", res)
	}
	if diff := cmp.Diff([]string{"pkg:npm/ms@2.1.2"}, res["pkg:npm/debug@4.3.4"].Dependencies); diff != "" {
		t.Errorf("debug's dependencies (-want +got):\n%s", diff)
	}
	if _, ok := res["pkg:npm/y18n@5.0.8"]; ok {
		t.Error("a never-loaded package was submitted")
	}

	srv.ReadOnly = true
	_, err = SubmitSnapshot(context.Background(), c, Repo{"octo", "webapp"}, snap)
	var pe *PermissionError
	if !errors.As(err, &pe) {
		t.Errorf("read-only submission: %v", err)
	}
}

// TestReviewForeignMarkers checks that only the token's own comments count
// as envaudit's: someone else's comment with the summary marker is neither
// edited (which would fail with 403 and be misreported as a read-only
// token) nor taken for envaudit's summary, and someone else's inline
// comment with a finding marker does not stand in for envaudit's.
func TestReviewForeignMarkers(t *testing.T) {
	const foreign = "> " + SummaryMarker + "\n> envaudit says left-padd is unused; is it?"
	tests := []struct {
		name  string
		login string // the token's user; "" is GITHUB_TOKEN
		// own is an earlier summary comment of the token's author, "" none.
		own  string
		want ReviewResult // SummaryID aside
	}{
		{"githubToken", "", "", ReviewResult{Comments: 2, OffDiff: 4, SummaryCreated: true}},
		{"githubTokenEditsItsOwn", "", ghfake.ActionsBot, ReviewResult{Comments: 2, OffDiff: 4}},
		{"personalToken", "octo-maintainer", "", ReviewResult{Comments: 2, OffDiff: 4, SummaryCreated: true}},
		{"personalTokenEditsItsOwn", "octo-maintainer", "octo-maintainer", ReviewResult{Comments: 2, OffDiff: 4}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			srv := fakePR(t)
			srv.Login = tt.login
			// A quote of envaudit's summary by a person, a summary of
			// another token (a bot when the token is a person's, and
			// the other way round), and an inline comment quoting a
			// finding marker on a line envaudit comments on.
			srv.AddIssueComment("octocat", foreign)
			other := ghfake.ActionsBot
			if tt.login == "" {
				other = "octo-maintainer"
			}
			srv.AddIssueComment(other, SummaryMarker+"\nanother workflow's summary")
			srv.AddReviewComment("octocat", ghfake.ReviewComment{Path: "app/package.json", Line: 9, Side: "RIGHT", Body: "copied: <!-- envaudit:finding npm/phantom/left-padd -->"})
			if tt.own != "" {
				srv.AddIssueComment(tt.own, SummaryMarker+"\nold summary")
			}
			before := srv.IssueComments()

			c, err := NewClient(srv.APIURL(), "tok", nil)
			if err != nil {
				t.Fatal(err)
			}
			res, err := Review(context.Background(), c, Repo{"octo", "webapp"}, &policy.PullRequest{Number: 7, HeadSHA: "cafe"}, ReviewOptions{Items: reporttest.Example(t).Items(), Prefix: "app", Summary: "new summary"})
			if err != nil {
				t.Fatalf("Review: %v", err)
			}
			id := res.SummaryID
			res.SummaryID = 0
			if diff := cmp.Diff(tt.want, res); diff != "" {
				t.Errorf("result (-want +got):\n%s", diff)
			}

			author := tt.login
			if author == "" {
				author = ghfake.ActionsBot
			}
			after := srv.IssueComments()
			var mine []ghfake.IssueComment
			for i, cm := range after {
				if cm.User.Login != author {
					if i >= len(before) || cm != before[i] {
						t.Errorf("someone else's comment changed: %+v", cm)
					}
					continue
				}
				mine = append(mine, cm)
			}
			if len(mine) != 1 || mine[0].ID != id || mine[0].Body != SummaryMarker+"\nnew summary" {
				t.Errorf("the token's comments = %+v, want one summary, %d", mine, id)
			}
			for _, req := range srv.Requests() {
				if req.Method == "PATCH" && (tt.own == "" || !strings.HasSuffix(req.Path, fmt.Sprintf("/%d", id))) {
					t.Errorf("%s %s: edited a comment that is not the token's", req.Method, req.Path)
				}
			}
		})
	}
}
