package ghaction

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"net/url"
	"strings"

	"github.com/google/go-github/v62/github"

	"github.com/envaudit/envaudit/audit"
	"github.com/envaudit/envaudit/basecommit"
	"github.com/envaudit/envaudit/internal/markdown"
	"github.com/envaudit/envaudit/policy"
)

// SummaryMarker marks envaudit's summary comment on a pull request, so each
// push updates the one comment instead of adding another.
const SummaryMarker = "<!-- envaudit:summary -->"

// findingMarker marks an inline review comment with the finding it is
// about, so a later push does not comment on the same line twice.
func findingMarker(it audit.Item) string { return "<!-- envaudit:finding " + markerKey(it) + " -->" }

// markerKeyEscaper keeps a finding's key inside the HTML comment of its
// marker: a package name is the project's text, and one holding "-->"
// would end the comment and put what follows in the rendered body. Real
// names hold none of these characters, so their markers read as before.
var markerKeyEscaper = strings.NewReplacer("%", "%25", "<", "%3C", ">", "%3E", "!", "%21", "\r", "%0D", "\n", "%0A")

// markerKey is the item's key as its marker holds it.
func markerKey(it audit.Item) string { return markerKeyEscaper.Replace(it.Key()) }

// actionsBot is the author of what GitHub Actions' GITHUB_TOKEN writes.
const actionsBot = "github-actions[bot]"

// maxReviewComments caps the inline comments of one review: beyond that a
// review is noise, and the summary comment lists everything anyway.
const maxReviewComments = 25

// NewClient returns a GitHub API client for apiURL (GITHUB_API_URL, e.g.
// https://ghe.example.com/api/v3 on GitHub Enterprise Server; "" means
// github.com) authenticated with token. hc may be nil.
func NewClient(apiURL, token string, hc *http.Client) (*github.Client, error) {
	c := github.NewClient(hc)
	if token != "" {
		c = c.WithAuthToken(token)
	}
	if apiURL != "" {
		// GITHUB_API_URL already includes any /api/v3 path, so set the base
		// URL directly rather than through WithEnterpriseURLs, which would
		// append it again. The trailing slash is required.
		u, err := url.Parse(strings.TrimSuffix(apiURL, "/") + "/")
		if err != nil || u.Scheme == "" || u.Host == "" {
			return nil, fmt.Errorf("GITHUB_API_URL: invalid URL %q", apiURL)
		}
		c.BaseURL = u
	}
	return c, nil
}

// Repo names a repository.
type Repo struct{ Owner, Name string }

// ParseRepo parses "owner/name" (GITHUB_REPOSITORY).
func ParseRepo(s string) (Repo, error) {
	o, n, ok := strings.Cut(s, "/")
	if !ok || o == "" || n == "" || strings.Contains(n, "/") {
		return Repo{}, fmt.Errorf("GITHUB_REPOSITORY: want owner/name, not %q", s)
	}
	return Repo{o, n}, nil
}

func (r Repo) String() string { return r.Owner + "/" + r.Name }

// PermissionError is a call the token was not allowed to make: the
// read-only token of a pull request from a fork, or a workflow that did
// not grant the permission. The Action reports it as a notice, not a
// failure: the audit itself is complete.
type PermissionError struct {
	Op     string // what envaudit tried, "comment on pull request #7"
	Status int
	Err    error
}

func (e *PermissionError) Error() string {
	return fmt.Sprintf("%s: HTTP %d (the token is read-only or lacks the permission): %v", e.Op, e.Status, e.Err)
}

func (e *PermissionError) Unwrap() error { return e.Err }

// apiError wraps an API error, turning 401 and 403 (other than rate
// limits, which go-github reports as their own types) into a
// *PermissionError.
func apiError(op string, err error) error {
	var er *github.ErrorResponse
	if errors.As(err, &er) && er.Response != nil {
		switch er.Response.StatusCode {
		case http.StatusUnauthorized, http.StatusForbidden:
			return &PermissionError{Op: op, Status: er.Response.StatusCode, Err: err}
		}
	}
	return fmt.Errorf("%s: %w", op, err)
}

// ChangedLines returns, per repository path, the lines the pull request
// added, from the pull request's file patches. Files without a patch
// (binary, or too large for the API to diff) have no commentable lines.
func ChangedLines(ctx context.Context, c *github.Client, repo Repo, number int) (map[string]map[int]bool, error) {
	out := map[string]map[int]bool{}
	opts := &github.ListOptions{PerPage: 100}
	for {
		files, resp, err := c.PullRequests.ListFiles(ctx, repo.Owner, repo.Name, number, opts)
		if err != nil {
			return nil, apiError(fmt.Sprintf("list files of pull request #%d", number), err)
		}
		for _, f := range files {
			if f.GetPatch() != "" && f.GetStatus() != "removed" {
				out[f.GetFilename()] = basecommit.AddedLines(f.GetPatch())
			}
		}
		if resp.NextPage == 0 {
			return out, nil
		}
		opts.Page = resp.NextPage
	}
}

// ListCommits returns the commits of a pull request (the API returns at
// most 250), for agent detection.
func ListCommits(ctx context.Context, c *github.Client, repo Repo, number int) ([]policy.Commit, error) {
	var out []policy.Commit
	opts := &github.ListOptions{PerPage: 100}
	for {
		commits, resp, err := c.PullRequests.ListCommits(ctx, repo.Owner, repo.Name, number, opts)
		if err != nil {
			return nil, apiError(fmt.Sprintf("list commits of pull request #%d", number), err)
		}
		for _, rc := range commits {
			cm := policy.Commit{SHA: rc.GetSHA(), AuthorLogin: rc.GetAuthor().GetLogin()}
			if gc := rc.GetCommit(); gc != nil {
				cm.Message = gc.GetMessage()
				cm.AuthorName = gc.GetAuthor().GetName()
				cm.AuthorEmail = gc.GetAuthor().GetEmail()
			}
			out = append(out, cm)
		}
		if resp.NextPage == 0 {
			return out, nil
		}
		opts.Page = resp.NextPage
	}
}

// ReviewOptions is what Review posts.
type ReviewOptions struct {
	// Items are the findings; those on lines the pull request added get
	// an inline comment.
	Items []audit.Item
	// Prefix is the project's directory in the repository
	// (audit.RepoPrefix).
	Prefix string
	// Summary is the Markdown of the summary comment (without the
	// marker); "" posts none.
	Summary string
}

// ReviewResult says what Review did.
type ReviewResult struct {
	Comments       int   // inline comments posted
	AlreadyThere   int   // inline comments skipped: an earlier run posted them
	OffDiff        int   // findings on lines the pull request did not change
	SummaryID      int64 // the summary comment
	SummaryCreated bool  // false when an existing one was updated (or left as it was)
}

// Review posts the findings to a pull request: an inline review comment on
// each finding whose manifest line the pull request added (others would be
// about lines it did not write), and everything in one summary comment
// that later runs edit in place. A *PermissionError means the token may
// not write (a fork's read-only token).
func Review(ctx context.Context, c *github.Client, repo Repo, pr *policy.PullRequest, opts ReviewOptions) (ReviewResult, error) {
	var res ReviewResult
	changed, err := ChangedLines(ctx, c, repo, pr.Number)
	if err != nil {
		return res, err
	}
	// Anyone may write envaudit's markers in a comment: only the token's
	// own comments are envaudit's.
	me, err := tokenLogin(ctx, c)
	if err != nil {
		return res, err
	}
	items := append([]audit.Item(nil), opts.Items...)
	SortByImportance(items)
	var onDiff []audit.Item
	for _, it := range items {
		if !annotated(it.Finding) {
			continue
		}
		file, line := it.Location(opts.Prefix)
		if line > 0 && changed[file][line] {
			onDiff = append(onDiff, it)
		} else {
			res.OffDiff++
		}
	}

	if len(onDiff) > 0 {
		posted, err := existingFindingComments(ctx, c, repo, pr.Number, me)
		if err != nil {
			return res, err
		}
		var drafts []*github.DraftReviewComment
		for _, it := range onDiff {
			file, line := it.Location(opts.Prefix)
			if posted[fmt.Sprintf("%s:%d:%s", file, line, markerKey(it))] {
				res.AlreadyThere++
				continue
			}
			if len(drafts) == maxReviewComments {
				break
			}
			drafts = append(drafts, &github.DraftReviewComment{
				Path: github.String(file),
				Line: github.Int(line),
				Side: github.String("RIGHT"),
				Body: github.String(reviewCommentBody(it)),
			})
		}
		if len(drafts) > 0 {
			req := &github.PullRequestReviewRequest{
				Body:     github.String(fmt.Sprintf("envaudit: %d %s on lines this pull request changed.", len(drafts), plural(len(drafts), "finding", "findings"))),
				Event:    github.String("COMMENT"),
				Comments: drafts,
			}
			if pr.HeadSHA != "" {
				req.CommitID = github.String(pr.HeadSHA)
			}
			if _, _, err := c.PullRequests.CreateReview(ctx, repo.Owner, repo.Name, pr.Number, req); err != nil {
				return res, apiError(fmt.Sprintf("review pull request #%d", pr.Number), err)
			}
			res.Comments = len(drafts)
		}
	}

	if opts.Summary != "" {
		id, created, err := upsertSummary(ctx, c, repo, pr.Number, me, opts.Summary)
		if err != nil {
			return res, err
		}
		res.SummaryID, res.SummaryCreated = id, created
	}
	return res, nil
}

// reviewCommentBody is an inline comment: the finding's title and
// description, each line inert Markdown (the names and messages are the
// project's), and its marker.
func reviewCommentBody(it audit.Item) string {
	lines := strings.Split(it.Describe(), "\n")
	for i, l := range lines {
		lines[i] = markdown.Text(l)
	}
	return fmt.Sprintf("**%s**\n\n%s\n\n%s", markdown.Text(title(it)), strings.Join(lines, "\n"), findingMarker(it))
}

// tokenLogin returns the login of the token's comments: the user of a
// personal access token (GET /user), or github-actions[bot] for GitHub
// Actions' GITHUB_TOKEN, an installation token, which may not read /user.
func tokenLogin(ctx context.Context, c *github.Client) (string, error) {
	u, _, err := c.Users.Get(ctx, "")
	if err == nil && u.GetLogin() != "" {
		return u.GetLogin(), nil
	}
	var er *github.ErrorResponse
	if errors.As(err, &er) && er.Response != nil && er.Response.StatusCode == http.StatusForbidden {
		return actionsBot, nil
	}
	if err == nil {
		err = errors.New("no login in the answer")
	}
	return "", apiError("identify the token's user", err)
}

// existingFindingComments returns "path:line:key" of the inline comments
// envaudit already posted on the pull request as login.
func existingFindingComments(ctx context.Context, c *github.Client, repo Repo, number int, login string) (map[string]bool, error) {
	out := map[string]bool{}
	opts := &github.PullRequestListCommentsOptions{ListOptions: github.ListOptions{PerPage: 100}}
	for {
		comments, resp, err := c.PullRequests.ListComments(ctx, repo.Owner, repo.Name, number, opts)
		if err != nil {
			return nil, apiError(fmt.Sprintf("list review comments of pull request #%d", number), err)
		}
		for _, cm := range comments {
			body := cm.GetBody()
			i := strings.Index(body, "<!-- envaudit:finding ")
			if i < 0 || !strings.EqualFold(cm.GetUser().GetLogin(), login) {
				continue
			}
			key, _, _ := strings.Cut(body[i+len("<!-- envaudit:finding "):], " -->")
			out[fmt.Sprintf("%s:%d:%s", cm.GetPath(), cm.GetLine(), key)] = true
		}
		if resp.NextPage == 0 {
			return out, nil
		}
		opts.Page = resp.NextPage
	}
}

// upsertSummary edits the pull request's envaudit summary comment, the
// first comment of login with the marker, or creates it when there is
// none. A comment of someone else with the marker (quoting it, or another
// workflow's envaudit with its own token) is not envaudit's to edit.
func upsertSummary(ctx context.Context, c *github.Client, repo Repo, number int, login, summary string) (int64, bool, error) {
	body := clip(SummaryMarker+"\n"+summary, CommentLimit)
	opts := &github.IssueListCommentsOptions{ListOptions: github.ListOptions{PerPage: 100}}
	for {
		comments, resp, err := c.Issues.ListComments(ctx, repo.Owner, repo.Name, number, opts)
		if err != nil {
			return 0, false, apiError(fmt.Sprintf("list comments of pull request #%d", number), err)
		}
		for _, cm := range comments {
			if !strings.Contains(cm.GetBody(), SummaryMarker) || !strings.EqualFold(cm.GetUser().GetLogin(), login) {
				continue
			}
			if cm.GetBody() == body {
				return cm.GetID(), false, nil
			}
			if _, _, err := c.Issues.EditComment(ctx, repo.Owner, repo.Name, cm.GetID(), &github.IssueComment{Body: github.String(body)}); err != nil {
				return 0, false, apiError(fmt.Sprintf("update comment %d on pull request #%d", cm.GetID(), number), err)
			}
			return cm.GetID(), false, nil
		}
		if resp.NextPage == 0 {
			break
		}
		opts.Page = resp.NextPage
	}
	cm, _, err := c.Issues.CreateComment(ctx, repo.Owner, repo.Name, number, &github.IssueComment{Body: github.String(body)})
	if err != nil {
		return 0, false, apiError(fmt.Sprintf("comment on pull request #%d", number), err)
	}
	return cm.GetID(), true, nil
}
