package action

import (
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/envaudit/envaudit/ghaction"
	"github.com/envaudit/envaudit/ghaction/ghfake"
	"github.com/envaudit/envaudit/policy"
)

func TestParseLog(t *testing.T) {
	tests := []struct {
		name string
		out  string
		want []policy.Commit
	}{
		{name: "empty"},
		{
			name: "two",
			out: "c1\x1fOcto Cat\x1focto@example.com\x1fFix delays\n\nCo-authored-by: Copilot <198982749+Copilot@users.noreply.github.com>\n\x1e\n" +
				"c2\x1fDevin AI\x1fdevin-ai-integration[bot]@users.noreply.github.com\x1fAdd ms\n\x1e\n",
			want: []policy.Commit{
				{SHA: "c1", AuthorName: "Octo Cat", AuthorEmail: "octo@example.com", Message: "Fix delays\n\nCo-authored-by: Copilot <198982749+Copilot@users.noreply.github.com>\n"},
				{SHA: "c2", AuthorName: "Devin AI", AuthorEmail: "devin-ai-integration[bot]@users.noreply.github.com", Message: "Add ms\n"},
			},
		},
		{name: "truncated", out: "c1\x1fOcto Cat\x1focto@example.com", want: nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if diff := cmp.Diff(tt.want, parseLog([]byte(tt.out))); diff != "" {
				t.Errorf("parseLog (-want +got):\n%s", diff)
			}
		})
	}
}

// TestPullRequestCommits takes the commits from the API when it answers,
// else those git listed before the run.
func TestPullRequestCommits(t *testing.T) {
	srv := ghfake.New("octo/webapp", 7)
	t.Cleanup(srv.Close)
	var c ghfake.Commit
	c.SHA = "api1"
	c.Commit.Message = "from the API"
	srv.SetCommits(c)
	client, err := ghaction.NewClient(srv.APIURL(), "tok", nil)
	if err != nil {
		t.Fatal(err)
	}
	fromGit := []policy.Commit{{SHA: "g1"}}
	pr := &policy.PullRequest{Number: 7, BaseSHA: "base", HeadSHA: "head"}
	repo := ghaction.Repo{Owner: "octo", Name: "webapp"}
	tests := []struct {
		name     string
		client   bool
		repo     ghaction.Repo
		fromGit  []policy.Commit
		wantSHAs []string
	}{
		{name: "api", client: true, repo: repo, fromGit: fromGit, wantSHAs: []string{"api1"}},
		{name: "noToken", repo: repo, fromGit: fromGit, wantSHAs: []string{"g1"}},
		{name: "unknownRepo", client: true, fromGit: fromGit, wantSHAs: []string{"g1"}},
		{name: "apiFails", client: true, repo: ghaction.Repo{Owner: "octo", Name: "other"}, fromGit: fromGit, wantSHAs: []string{"g1"}},
		{name: "none", repo: repo},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			cl := client
			if !tt.client {
				cl = nil
			}
			var shas []string
			for _, c := range pullRequestCommits(t.Context(), cl, tt.repo, pr, tt.fromGit) {
				shas = append(shas, c.SHA)
			}
			if diff := cmp.Diff(tt.wantSHAs, shas); diff != "" {
				t.Errorf("commits (-want +got):\n%s", diff)
			}
		})
	}
}

// TestGitCommits lists the pull request's range with git log, and nothing
// without a range or when git cannot.
func TestGitCommits(t *testing.T) {
	var gotArgs []string
	git := func(ctx context.Context, dir string, args ...string) ([]byte, error) {
		gotArgs = append([]string{dir}, args...)
		return []byte("g1\x1fOcto\x1focto@example.com\x1ffrom git\n\x1e\n"), nil
	}
	pr := policy.PullRequest{Number: 7, BaseSHA: "base", HeadSHA: "head"}
	tests := []struct {
		name     string
		pr       *policy.PullRequest
		git      func(ctx context.Context, dir string, args ...string) ([]byte, error)
		wantSHAs []string
	}{
		{name: "range", pr: &pr, git: git, wantSHAs: []string{"g1"}},
		{name: "noPullRequest", git: git},
		{name: "noRange", pr: &policy.PullRequest{Number: 7}, git: git},
		{name: "gitFails", pr: &pr, git: func(context.Context, string, ...string) ([]byte, error) { return nil, errors.New("no such commit") }},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			gotArgs = nil
			var shas []string
			for _, c := range gitCommits(t.Context(), tt.git, tt.pr, "/work/app") {
				shas = append(shas, c.SHA)
			}
			if diff := cmp.Diff(tt.wantSHAs, shas); diff != "" {
				t.Errorf("commits (-want +got):\n%s", diff)
			}
			if gotArgs != nil && strings.Join(gotArgs, " ") != "/work/app log --format="+logFormat+" base..head" {
				t.Errorf("git %q", gotArgs)
			}
		})
	}
}
