package ghaction

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/envaudit/envaudit/audit"
	"github.com/envaudit/envaudit/ecosystems"
	"github.com/envaudit/envaudit/ghaction/ghfake"
)

// TestCreateCheckRun posts a check run with more annotations than one
// request may carry: the first 50 go with the creation, the rest in
// updates of 50, every one on a line GitHub accepts.
func TestCreateCheckRun(t *testing.T) {
	srv := ghfake.New("octo/webapp", 7)
	t.Cleanup(srv.Close)
	c, err := NewClient(srv.APIURL(), "tok", nil)
	if err != nil {
		t.Fatal(err)
	}
	var items []audit.Item
	for i := range 120 {
		items = append(items, audit.Item{Ecosystem: "npm", Manifest: "package.json", Failing: i%2 == 0, Finding: audit.Finding{
			Kind: audit.Hidden, Reason: audit.ReasonUndeclared, Package: fmt.Sprintf("p%03d", i), Severity: audit.SeverityWarning,
		}})
	}
	items = append(items, audit.Item{Ecosystem: "npm", Manifest: "package.json", Finding: audit.Finding{
		Kind: audit.Phantom, Reason: audit.ReasonUnused, Package: "left-pad", Severity: audit.SeverityWarning, Location: &ecosystems.Pos{File: "package.json", Line: 9},
	}})
	anns := CheckAnnotations(items, "app")
	if len(anns) != 121 {
		t.Fatalf("%d annotations, want 121", len(anns))
	}
	id, err := CreateCheckRun(context.Background(), c, Repo{"octo", "webapp"}, CheckRun{
		HeadSHA: "cafe", Conclusion: "failure", Title: "60 findings fail", Summary: "## envaudit", Annotations: anns,
	})
	if err != nil {
		t.Fatal(err)
	}
	runs := srv.CheckRuns()
	if len(runs) != 1 || runs[0].ID != id {
		t.Fatalf("check runs %+v, want the one created (%d)", runs, id)
	}
	got := runs[0]
	if got.Name != "envaudit" || got.HeadSHA != "cafe" || got.Conclusion != "failure" || got.Status != "completed" {
		t.Errorf("check run %+v", got)
	}
	if len(got.Annotations) != 121 {
		t.Errorf("%d annotations posted, want 121", len(got.Annotations))
	}
	var methods []string
	for _, r := range srv.Requests() {
		methods = append(methods, r.Method+" "+r.Path)
	}
	want := []string{"POST /repos/octo/webapp/check-runs", "PATCH /repos/octo/webapp/check-runs/" + fmt.Sprint(id), "PATCH /repos/octo/webapp/check-runs/" + fmt.Sprint(id)}
	if diff := cmp.Diff(want, methods); diff != "" {
		t.Errorf("requests (-want +got):\n%s", diff)
	}
	// The failing findings first, as failures; a hidden package on line 1
	// of the manifest; the phantom on its line.
	if a := got.Annotations[0]; a.AnnotationLevel != "failure" || a.Path != "app/package.json" || a.StartLine != 1 {
		t.Errorf("first annotation %+v", a)
	}
	found := false
	for _, a := range got.Annotations {
		if strings.Contains(a.Title, "left-pad") {
			found = a.StartLine == 9 && a.AnnotationLevel == "warning"
		}
	}
	if !found {
		t.Errorf("the phantom is not annotated on line 9 as a warning")
	}
}

// TestDownloadArtifact downloads an artifact by name across pages of the
// run's artifacts, never sending the token to the storage host, and
// refuses one larger than the limit or missing.
func TestDownloadArtifact(t *testing.T) {
	srv := ghfake.New("octo/webapp", 7)
	t.Cleanup(srv.Close)
	c, err := NewClient(srv.APIURL(), "tok-secret", nil)
	if err != nil {
		t.Fatal(err)
	}
	srv.AddArtifact(99, "sbom", []byte("other"))
	srv.AddArtifact(99, "envaudit-sbom", []byte("sbom"))
	srv.AddArtifact(98, "envaudit-bundle", []byte("another run's"))
	srv.AddArtifact(99, "envaudit-bundle", []byte("PK-bundle"))
	repo := Repo{"octo", "webapp"}
	ctx := context.Background()
	data, err := DownloadArtifact(ctx, c, nil, repo, 99, "envaudit-bundle", 1<<20)
	if err != nil || string(data) != "PK-bundle" {
		t.Fatalf("DownloadArtifact = %q, %v", data, err)
	}
	for _, r := range srv.Requests() {
		if strings.HasPrefix(r.Path, "/blob/") && r.Auth != "" {
			t.Errorf("the storage host got Authorization %q", r.Auth)
		}
	}
	if _, err := DownloadArtifact(ctx, c, nil, repo, 99, "envaudit-bundle", 4); err == nil || !strings.Contains(err.Error(), "more than the 4") {
		t.Errorf("DownloadArtifact over the limit: %v", err)
	}
	if _, err := DownloadArtifact(ctx, c, nil, repo, 97, "envaudit-bundle", 1<<20); err == nil || !strings.Contains(err.Error(), "no such artifact") {
		t.Errorf("DownloadArtifact of a run without it: %v", err)
	}
}

// TestPullRequestForCommit finds a fork's pull request, which the
// workflow_run event does not list, by its head commit, through the
// head owner:branch when the commit's pulls leave it out.
func TestPullRequestForCommit(t *testing.T) {
	srv := ghfake.New("octo/webapp", 7)
	t.Cleanup(srv.Close)
	c, err := NewClient(srv.APIURL(), "tok", nil)
	if err != nil {
		t.Fatal(err)
	}
	head := strings.Repeat("a", 40)
	fork := ghfake.PullRequest{Number: 7, State: "open", Head: ghfake.Ref{Ref: "fix", SHA: head}, Base: ghfake.Ref{Ref: "main", SHA: strings.Repeat("b", 40)}}
	fork.Head.Repo = &struct {
		Owner ghfake.User `json:"owner"`
	}{ghfake.User{Login: "mallory"}}
	fork.User.Login = "mallory"
	closed := ghfake.PullRequest{Number: 3, State: "closed", Head: ghfake.Ref{Ref: "old", SHA: head}}
	srv.SetPullRequests(closed, fork)
	repo := Repo{"octo", "webapp"}
	ctx := context.Background()
	pr, err := PullRequestForCommit(ctx, c, repo, head, "mallory", "fix")
	if err != nil || pr == nil || pr.Number != 7 || pr.Author != "mallory" || pr.BaseRef != "main" {
		t.Fatalf("PullRequestForCommit = %+v, %v", pr, err)
	}
	if pr, err := PullRequestForCommit(ctx, c, repo, strings.Repeat("c", 40), "mallory", "fix"); err != nil || pr != nil {
		t.Errorf("PullRequestForCommit of a commit no open pull request has = %+v, %v", pr, err)
	}
	got, err := GetPullRequest(ctx, c, repo, 7)
	if err != nil || got.HeadSHA != head {
		t.Errorf("GetPullRequest = %+v, %v", got, err)
	}
}

// TestWorkflowRunFromEvent reads the triggering run of a workflow_run
// event.
func TestWorkflowRunFromEvent(t *testing.T) {
	ev := map[string]any{"workflow_run": map[string]any{
		"id": float64(4242), "head_sha": "abc", "head_branch": "fix", "event": "pull_request", "conclusion": "failure",
		"path":            ".github/workflows/envaudit.yml",
		"head_repository": map[string]any{"owner": map[string]any{"login": "mallory"}},
		"pull_requests":   []any{map[string]any{"number": float64(7)}},
	}, "repository": map[string]any{"full_name": "octo/rt", "default_branch": "main"}}
	want := &WorkflowRun{ID: 4242, HeadSHA: "abc", HeadBranch: "fix", HeadOwner: "mallory", Event: "pull_request", Conclusion: "failure",
		Path: ".github/workflows/envaudit.yml", PullRequests: []int{7}, DefaultBranch: "main"}
	if diff := cmp.Diff(want, WorkflowRunFromEvent(ev)); diff != "" {
		t.Errorf("(-want +got):\n%s", diff)
	}
	if WorkflowRunFromEvent(map[string]any{"pull_request": map[string]any{}}) != nil {
		t.Error("a pull_request event read as a workflow run")
	}
}
