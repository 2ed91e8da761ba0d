package action

import (
	"bytes"
	"context"
	"fmt"
	"path"
	"strings"

	"github.com/envaudit/envaudit/ghaction"
	"github.com/envaudit/envaudit/internal/gitcmd"
	"github.com/envaudit/envaudit/internal/gittree"
	"github.com/envaudit/envaudit/internal/markdown"
)

// A Distrust is a reason mode publish fails the check whatever the bundle
// says: what the bundle claims cannot be believed. The audit job ran the
// pull request's code, and code of the pull request that ran before the
// audit step (an install script, a setup step) may still be running when
// envaudit exits, and rewrite the bundle before it is uploaded; a pull
// request may also change the workflow its own run uses. So the
// publisher's verdict is never greener than the run's, and never rests on
// a workflow the default branch does not have.
type Distrust struct {
	// Title is one line, for the check run's title.
	Title string
	// Why is a paragraph of Markdown for the summaries: the job summary,
	// the check run's and the pull request's summary comment. Text from
	// elsewhere in it is escaped.
	Why string
}

// distrust returns the reasons the check fails whatever res says, each
// said in the log: the triggering run did not succeed though the bundle
// explains no failure (runDistrust), and the pull request's audit
// workflow is not the default branch's (workflowDistrust).
func (r *run) distrust(ctx context.Context, res *Result) []Distrust {
	var out []Distrust
	for _, d := range []*Distrust{r.runDistrust(res), r.workflowDistrust(ctx)} {
		if d != nil {
			r.gh.Warningf("envaudit: %s: this check fails", d.Title)
			out = append(out, *d)
		}
	}
	return out
}

// runDistrust is "fail if either fails": a triggering run that did not
// succeed never yields a green check. When the bundle itself fails the
// check (a finding fails this gate, or the test command failed), the
// run's failure is explained and nothing more is said; otherwise the run
// failed for something the bundle does not show, and the bundle is not
// believed. nil when the run succeeded.
func (r *run) runDistrust(res *Result) *Distrust {
	c := r.run.Conclusion
	if c == "success" {
		return nil
	}
	if ri := res.Report.Run; res.Failing > 0 || ri != nil && !ri.Succeeded {
		return nil
	}
	how := "did not say how it ended"
	if c != "" {
		how = "concluded `" + markdown.Code(c) + "`"
	}
	run := fmt.Sprintf("run %d", r.run.ID)
	if u := r.runURL(r.run.ID); u != "" {
		run = fmt.Sprintf("[run %d](%s)", r.run.ID, u)
	}
	return &Distrust{
		Title: "The audit run did not succeed, but its bundle reports no failing finding",
		Why: fmt.Sprintf("**The audit %s %s, but its bundle reports no failing finding and a test command that succeeded.** "+
			"Code of the pull request that ran before the audit step (an install script, a setup step) can leave a process "+
			"behind that rewrites the bundle after envaudit wrote it, so a bundle that contradicts its own run is not believed: "+
			"this check fails. The audit run's log says which step failed.", run, how),
	}
}

// workflowDistrust compares the triggering run's workflow file
// (workflow_run.path) at the pull request's head commit with the default
// branch's (at GITHUB_SHA, the commit the publish workflow runs on),
// through the contents API: a pull_request workflow runs as the pull
// request has it, so a pull request can replace the audit workflow with
// one of the same name that uploads a clean bundle. A file that differs,
// or that cannot be read, fails the check. nil when both are the same.
func (r *run) workflowDistrust(ctx context.Context) *Distrust {
	p, head, base := r.run.Path, r.run.HeadSHA, r.ghctx.SHA
	branch := "the default branch"
	if r.run.DefaultBranch != "" {
		branch = "the default branch (`" + markdown.Code(r.run.DefaultBranch) + "`)"
	}
	unread := func(why string) *Distrust {
		return &Distrust{
			Title: "The audit workflow could not be compared with the default branch's",
			Why: "**The audit workflow could not be compared with " + branch + "'s:** " + markdown.Text(why) + ". " +
				"A pull request can change the workflow its own run uses, and make it upload any bundle; a bundle whose workflow " +
				"is not known to be the default branch's is not believed, so this check fails.",
		}
	}
	switch {
	case !workflowPath(p):
		return unread(fmt.Sprintf("the event names the workflow file %q, not one in .github/workflows", p))
	case gittree.HashOf(base) == nil:
		return unread(fmt.Sprintf("GITHUB_SHA (%q) names no commit of the default branch", base))
	case r.client == nil || r.repo.Name == "":
		return unread("no token and repository to read it with")
	}
	theirs, err := ghaction.GetFile(ctx, r.client, r.repo, p, head)
	if err != nil {
		return unread(fmt.Sprintf("%s at the pull request's head %s: %v", p, gitcmd.ShortSHA(head), err))
	}
	ours, err := ghaction.GetFile(ctx, r.client, r.repo, p, base)
	if err != nil {
		return unread(fmt.Sprintf("%s at %s: %v", p, gitcmd.ShortSHA(base), err))
	}
	if bytes.Equal(theirs, ours) {
		return nil
	}
	return &Distrust{
		Title: "The pull request changes the audit workflow",
		Why: fmt.Sprintf("**The pull request changes the audit workflow `%s`.** The run that audited it used the pull request's "+
			"version of that file, which can make the bundle say anything (upload a clean one, skip the audit), so its findings "+
			"are shown but this check fails until the file at the pull request's head is %s's (at `%s`). "+
			"Change the audit workflow in a pull request of its own, and update this one from %s once it is merged.",
			markdown.Code(p), branch, gitcmd.ShortSHA(base), branch),
	}
}

// workflowPath reports whether p names a workflow file as GitHub has
// them: a clean path in .github/workflows ending in .yml or .yaml.
func workflowPath(p string) bool {
	return strings.HasPrefix(p, ".github/workflows/") && path.Clean(p) == p &&
		(strings.HasSuffix(p, ".yml") || strings.HasSuffix(p, ".yaml")) && !strings.ContainsAny(p, "\\\x00")
}
