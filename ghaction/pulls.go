package ghaction

import (
	"context"
	"fmt"

	"github.com/google/go-github/v62/github"

	"github.com/envaudit/envaudit/policy"
)

// WorkflowRun is what a workflow_run event says of the run that triggered
// it: the run whose artifacts to publish, the commit it ran on, and the
// pull requests GitHub associates with it (none for a pull request from
// a fork).
type WorkflowRun struct {
	ID         int64
	HeadSHA    string
	HeadBranch string
	HeadOwner  string // the head repository's owner
	Event      string // the triggering run's event, "pull_request"
	// Conclusion is how the triggering run ended: "success", "failure",
	// "cancelled", ...; "" when the event does not say.
	Conclusion string
	// Path is the triggering run's workflow file, as the repository
	// names it (".github/workflows/envaudit.yml").
	Path         string
	PullRequests []int
	// DefaultBranch is the repository's default branch, as the event
	// names it ("" when it does not).
	DefaultBranch string
}

// WorkflowRunFromEvent extracts the triggering run from a workflow_run
// event payload; nil for other events.
func WorkflowRunFromEvent(event map[string]any) *WorkflowRun {
	wr, ok := event["workflow_run"].(map[string]any)
	if !ok {
		return nil
	}
	out := &WorkflowRun{
		ID:         int64(num(wr["id"])),
		HeadSHA:    str(wr["head_sha"]),
		HeadBranch: str(wr["head_branch"]),
		Event:      str(wr["event"]),
		Conclusion: str(wr["conclusion"]),
		Path:       str(wr["path"]),
	}
	if repo, ok := event["repository"].(map[string]any); ok {
		out.DefaultBranch = str(repo["default_branch"])
	}
	if hr, ok := wr["head_repository"].(map[string]any); ok {
		if o, ok := hr["owner"].(map[string]any); ok {
			out.HeadOwner = str(o["login"])
		}
	}
	prs, _ := wr["pull_requests"].([]any)
	for _, p := range prs {
		if m, ok := p.(map[string]any); ok {
			if n := int(num(m["number"])); n > 0 {
				out.PullRequests = append(out.PullRequests, n)
			}
		}
	}
	return out
}

// GetPullRequest returns pull request number as the API has it now.
func GetPullRequest(ctx context.Context, c *github.Client, repo Repo, number int) (*policy.PullRequest, error) {
	pr, _, err := c.PullRequests.Get(ctx, repo.Owner, repo.Name, number)
	if err != nil {
		return nil, apiError(fmt.Sprintf("get pull request #%d", number), err)
	}
	return pullRequest(pr), nil
}

// PullRequestForCommit finds the open pull request whose head is commit
// sha: the pull request of a workflow_run event from a fork, for which
// the event lists none. It asks GET /repos/{o}/{r}/commits/{sha}/pulls;
// when that finds none (the API leaves fork pull requests out of it on
// some installations), it lists the open pull requests of head
// owner:branch. nil, nil when there is none.
func PullRequestForCommit(ctx context.Context, c *github.Client, repo Repo, sha, headOwner, headBranch string) (*policy.PullRequest, error) {
	prs, _, err := c.PullRequests.ListPullRequestsWithCommit(ctx, repo.Owner, repo.Name, sha, &github.ListOptions{PerPage: 100})
	if err != nil {
		return nil, apiError(fmt.Sprintf("list the pull requests of commit %s", sha), err)
	}
	if pr := headed(prs, sha); pr != nil {
		return pr, nil
	}
	if headOwner == "" || headBranch == "" {
		return nil, nil
	}
	prs, _, err = c.PullRequests.List(ctx, repo.Owner, repo.Name, &github.PullRequestListOptions{
		State: "open", Head: headOwner + ":" + headBranch, ListOptions: github.ListOptions{PerPage: 100},
	})
	if err != nil {
		return nil, apiError(fmt.Sprintf("list the pull requests of %s:%s", headOwner, headBranch), err)
	}
	return headed(prs, sha), nil
}

// headed returns the open pull request of prs whose head is sha.
func headed(prs []*github.PullRequest, sha string) *policy.PullRequest {
	for _, pr := range prs {
		if pr.GetState() == "open" && pr.GetHead().GetSHA() == sha {
			return pullRequest(pr)
		}
	}
	return nil
}

func pullRequest(pr *github.PullRequest) *policy.PullRequest {
	return &policy.PullRequest{
		Number:     pr.GetNumber(),
		Author:     pr.GetUser().GetLogin(),
		AuthorType: pr.GetUser().GetType(),
		HeadRef:    pr.GetHead().GetRef(),
		HeadSHA:    pr.GetHead().GetSHA(),
		BaseRef:    pr.GetBase().GetRef(),
		BaseSHA:    pr.GetBase().GetSHA(),
		Body:       pr.GetBody(),
	}
}
