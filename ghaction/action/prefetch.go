package action

import (
	"context"

	"github.com/envaudit/envaudit/ghaction"
	"github.com/envaudit/envaudit/internal/gitcmd"
)

// prefetch reads from git, before the traced command runs (the gate
// belongs to the base branch: its configuration and what it declares), everything the
// enrich and gate phases ask git afterwards: the test command may rewrite
// the checkout's .git (its config, refs/replace, hooks, packs, or .git
// itself as a file naming another repository), and git run afterwards in
// it could be steered however hardened its invocation.
//
// What is read:
//
//   - the base commit (readBase): fetched by the SHA in the event payload
//     when the clone lacks it, its tree, the manifests the ecosystems read
//     there, its .envaudit.yml and the diff of the checkout against it,
//     kept in r.baseState for the enrich phase;
//   - the pull request's commits (gitCommits), for the agent detection
//     when the API cannot list them.
//
// After it, r.git is the frozen recorder: a git question that was not
// asked here fails instead of running git.
func (r *run) prefetch(ctx context.Context) {
	rec := gitcmd.NewRecorder(r.git)
	r.git = rec.Output
	r.readBase(ctx)
	r.commits = gitCommits(ctx, rec.Output, ghaction.PullRequestFromEvent(r.ghctx.Event), r.absDir)
	rec.Freeze()
}
