package action

import (
	"context"
	"strings"

	"github.com/google/go-github/v62/github"

	"github.com/envaudit/envaudit/basecommit"
	"github.com/envaudit/envaudit/ghaction"
	"github.com/envaudit/envaudit/policy"
)

// pullRequestCommits returns the pull request's commits for agent
// detection: from the API when there is a client and a repository, else
// fromGit, the ones gitCommits read before the test command ran.
func pullRequestCommits(ctx context.Context, client *github.Client, repo ghaction.Repo, pr *policy.PullRequest, fromGit []policy.Commit) []policy.Commit {
	if client != nil && repo.Name != "" {
		if commits, err := ghaction.ListCommits(ctx, client, repo, pr.Number); err == nil {
			return commits
		}
	}
	return fromGit
}

// gitCommits reads the pull request's commits from git in dir when the
// clone has them (actions/checkout fetches the head alone unless asked
// for more), else none. It runs before the test command, which could
// otherwise rewrite the history it reads (a replace ref, a forged pack
// named in .git, .git itself pointing at another repository).
func gitCommits(ctx context.Context, git basecommit.Git, pr *policy.PullRequest, dir string) []policy.Commit {
	if pr == nil || pr.BaseSHA == "" || pr.HeadSHA == "" {
		return nil
	}
	out, err := git(ctx, dir, "log", "--format="+logFormat, pr.BaseSHA+".."+pr.HeadSHA)
	if err != nil {
		return nil
	}
	return parseLog(out)
}

// logFormat has git log print each commit as its hash, author name,
// author email and message, separated by US (0x1f) and ended by RS
// (0x1e): control characters that ordinary names, addresses and
// messages do not hold.
const logFormat = "%H%x1f%an%x1f%ae%x1f%B%x1e"

// parseLog parses git log output in logFormat. The newline git prints
// between records is dropped; a record without all four fields (the
// empty one after the last separator) is skipped.
func parseLog(out []byte) []policy.Commit {
	var commits []policy.Commit
	for _, rec := range strings.Split(string(out), "\x1e") {
		f := strings.SplitN(strings.TrimLeft(rec, "\n"), "\x1f", 4)
		if len(f) == 4 {
			commits = append(commits, policy.Commit{SHA: f[0], AuthorName: f[1], AuthorEmail: f[2], Message: f[3]})
		}
	}
	return commits
}
