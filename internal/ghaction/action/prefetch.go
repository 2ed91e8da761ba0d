package action

import (
	"context"

	"github.com/envaudit/envaudit/audit"
	"github.com/envaudit/envaudit/basecommit"
	"github.com/envaudit/envaudit/internal/ghaction"
	"github.com/envaudit/envaudit/internal/gitcmd"
)

// prefetch reads from git, before the traced command runs, everything the
// enrich and gate phases ask git afterwards: the test command may rewrite
// the checkout's .git (its config, refs/replace, hooks, packs, or .git
// itself as a file naming another repository), and git run afterwards in
// it could be steered however hardened its invocation.
//
// What is read:
//
//   - the comparison with the base commit: the base fetched by the SHA in
//     the event payload when the clone lacks it, its tree and the
//     manifests the ecosystems read there, and the diff of the checkout
//     against it. They are read by running the comparison now on an
//     empty report, through a recorder (gitcmd.Recorder) that the
//     comparison after the run replays: it asks the same questions, since
//     what it asks git depends on the base commit and the ecosystems, not
//     on the report;
//   - the pull request's commits (gitCommits), for the agent detection
//     when the API cannot list them.
//
// After it, r.git is the frozen recorder: a git question that was not
// asked here fails instead of running git.
func (r *run) prefetch(ctx context.Context) {
	rec := gitcmd.NewRecorder(r.git)
	pr := ghaction.PullRequestFromEvent(r.ghctx.Event)
	if base := r.base(pr); base != "" {
		// Errors are recorded too: the comparison after the run meets
		// them again and says so.
		_ = r.comparison(base, rec.Output).Enrich(ctx, &audit.Report{})
	}
	r.commits = gitCommits(ctx, rec.Output, pr, r.absDir)
	rec.Freeze()
	r.git = rec.Output
}

// comparison is the comparison with base, asking git through git.
func (r *run) comparison(base string, git basecommit.Git) basecommit.Comparison {
	return basecommit.Comparison{Dir: r.absDir, Base: base, Git: git, Ecosystems: r.a.Ecosystems, Fetch: true}
}
