package action

import (
	"context"
	"errors"
	"fmt"
	"path/filepath"

	"github.com/envaudit/envaudit/audit"
	"github.com/envaudit/envaudit/ghaction"
	"github.com/envaudit/envaudit/ghaction/bundle"
	"github.com/envaudit/envaudit/internal/markdown"
	"github.com/envaudit/envaudit/policy"
)

// publishBundle is the run of mode publish, after setup, in a
// workflow_run workflow that holds the write token: the bundle of the
// triggering run is downloaded (or read from the bundle input's
// directory) and validated as the untrusted input it is, the gate is
// applied again, and the result is published — review, summary comment,
// check run, dependency snapshot, job summary, outputs. Nothing of the
// pull request is checked out or run. What the bundle says of where it
// comes from is never believed: the repository, the commit and the pull
// request are the event's, and the bundle must be of that commit.
//
// A bundle that cannot be had or is refused fails the check run on the
// commit (when the event names one), so a hostile audit job cannot turn
// the check green by breaking its bundle; nor by rewriting it, or the
// workflow that wrote it: a triggering run that did not succeed, or ran
// a workflow file other than the default branch's, fails the check
// whatever the bundle says (distrust).
func (r *run) publishBundle(ctx context.Context) int {
	r.run = ghaction.WorkflowRunFromEvent(r.ghctx.Event)
	if r.run == nil || r.run.HeadSHA == "" {
		return r.fail(errors.New("mode publish runs in a workflow_run workflow: the event names no triggering run"))
	}
	r.connect()
	if r.client == nil || r.repo.Name == "" {
		return r.fail(errors.New("mode publish needs GITHUB_REPOSITORY and a token"))
	}
	b, err := r.readBundle(ctx)
	if err == nil {
		err = b.CheckHead(r.run.HeadSHA)
	}
	if err != nil {
		r.rejected(ctx, err)
		return r.fail(fmt.Errorf("bundle refused: %w", err))
	}
	res := &Result{Report: b.Report, Prefix: b.Prefix, Notes: auditNotes(b)}
	r.prefix = b.Prefix
	// The project's .envaudit.yml, as the default branch's checkout has
	// it: in the bundle's project directory (validated to lie inside the
	// repository), else at the root.
	if (r.in.WorkingDirectory == "" || r.in.WorkingDirectory == ".") && b.Prefix != "" {
		cfg, err := loadConfig(filepath.Join(r.workspace, filepath.FromSlash(b.Prefix)), r.workspace, r.a.Ecosystems)
		if err != nil {
			return r.fail(err)
		}
		r.cfg = cfg
	}
	if res.PR, err = r.pullRequest(ctx); err != nil {
		r.gh.Warningf("envaudit: %v", err)
	}
	r.regate(ctx, res, b)
	// The publisher's verdict is never greener than the audit run's,
	// nor rests on a workflow the pull request wrote.
	res.Distrust = r.distrust(ctx, res)
	// Nothing of the project ran here, but the guard is done with the
	// same before envaudit writes its own.
	if _, err := r.restore(); err != nil {
		return r.fail(err)
	}
	// The files of the publishing job's own gate: a SARIF log to upload
	// with security-events: write, which the audit job does not have.
	res.Files = Files{Report: r.in.Report, SBOM: r.in.SBOM, SARIF: r.in.SARIF}
	if res.Files.Report == "" {
		res.Files.Report = filepath.Join(r.temp, "envaudit-report.json")
	}
	// Nothing of the project ran in this job: there is nothing to hold
	// the directories against.
	err = writeOutFiles(nil, r.files(res.Report, nil, res.Files), &res.Files)
	res.Files.Bundle = r.in.Bundle
	if err != nil {
		return r.failPublished(ctx, res, err)
	}
	r.publish(ctx, res)
	// The check run carries the gate; this job succeeded in publishing.
	return ExitOK
}

// readBundle reads the bundle from the bundle input's directory, else
// downloads the triggering run's artifact.
func (r *run) readBundle(ctx context.Context) (*bundle.Bundle, error) {
	if r.in.Bundle != "" {
		return bundle.Read(r.in.Bundle)
	}
	data, err := ghaction.DownloadArtifact(ctx, r.client, r.a.HTTP, r.repo, r.run.ID, r.in.BundleArtifact, bundle.MaxZipSize)
	if err != nil {
		return nil, err
	}
	return bundle.ReadZip(data, fmt.Sprintf("artifact %q", r.in.BundleArtifact))
}

// rejected fails the check run on the event's commit for a bundle that
// could not be had or was refused.
func (r *run) rejected(ctx context.Context, why error) {
	run := ghaction.CheckRun{
		HeadSHA:    r.run.HeadSHA,
		Conclusion: "failure",
		Title:      "The audit job's bundle was refused",
		Summary: "## envaudit: ❌ no audit to publish\n\nThe publish bundle of the audit run could not be used, so no finding " +
			"of it is shown and this check fails: " + markdown.Text(why.Error()) + ".\n",
		DetailsURL: r.runURL(r.run.ID),
	}
	if _, err := ghaction.CreateCheckRun(ctx, r.client, r.repo, run); err != nil {
		r.gh.Warningf("envaudit: %v", err)
	}
}

// pullRequest is the pull request of the triggering run, as the API has
// it: by the number the event lists, else (a pull request from a fork,
// which the event leaves out) by the head commit. Its head is the
// commit the run audited, whatever the pull request's is by now. nil
// when the run was not a pull request's.
func (r *run) pullRequest(ctx context.Context) (*policy.PullRequest, error) {
	var pr *policy.PullRequest
	var err error
	if len(r.run.PullRequests) > 0 {
		pr, err = ghaction.GetPullRequest(ctx, r.client, r.repo, r.run.PullRequests[0])
	} else {
		pr, err = ghaction.PullRequestForCommit(ctx, r.client, r.repo, r.run.HeadSHA, r.run.HeadOwner, r.run.HeadBranch)
	}
	if err != nil || pr == nil {
		return nil, err
	}
	pr.HeadSHA = r.run.HeadSHA
	return pr, nil
}

// regate applies this job's gate to the bundle's findings: the marks of
// the audit job's gate and of its .envaudit.yml are dropped, this job's
// .envaudit.yml (the checkout's, not the pull request's) is applied, the
// agent detection is redone from the API, and the gate inputs decide.
// When the audit job counted otherwise, the summary says so.
func (r *run) regate(ctx context.Context, res *Result, b *bundle.Bundle) {
	rep := res.Report
	for i := range rep.Ecosystems {
		for j := range rep.Ecosystems[i].Findings {
			f := &rep.Ecosystems[i].Findings[j]
			f.Gating, f.Ignored = false, ""
		}
	}
	if err := r.cfg.Enrich(ctx, rep); err != nil {
		r.gh.Warningf("envaudit: %v", err)
	}
	if pr := res.PR; pr != nil {
		if r.client != nil && r.repo.Name != "" {
			commits, err := ghaction.ListCommits(ctx, r.client, r.repo, pr.Number)
			if err != nil {
				r.gh.Warningf("envaudit: %v", err)
			}
			pr.Commits = commits
		}
		res.Detection = policy.DetectAgent(pr, policy.Signatures(r.cfg.Agents))
		if compared(rep) {
			res.Base = pr.BaseSHA
		}
	}
	res.AgentPolicy = r.in.AgentPolicy.Name
	res.Gate = r.in.AgentPolicy.For(policy.Gate{FailOn: r.in.FailOn, Existing: !r.in.OnlyNew}, res.Detection.Authored())
	res.Gate.Mark(rep)
	res.Items = rep.Items()
	res.Failing = res.Gate.Apply(res.Items)
	if b.Failing != res.Failing {
		msg := fmt.Sprintf("the audit job counted %d failing %s; this check's own gate fails %d", b.Failing, plural(b.Failing, "finding", "findings"), res.Failing)
		r.gh.Noticef("envaudit: %s", msg)
		res.Notes = append(res.Notes, "The audit job counted "+fmt.Sprint(b.Failing)+" failing "+plural(b.Failing, "finding", "findings")+
			"; this check applies its own gate, which fails "+fmt.Sprint(res.Failing)+".")
	}
}

// compared reports whether the audit job compared the findings with a
// base commit: then some finding is marked new or existing.
func compared(rep *audit.Report) bool {
	for _, e := range rep.Ecosystems {
		for _, f := range e.Findings {
			if f.Change != "" {
				return true
			}
		}
	}
	return false
}

// connect sets the repository and the API client from the environment.
func (r *run) connect() {
	if repo, err := ghaction.ParseRepo(r.ghctx.Repository); err == nil {
		r.repo = repo
	}
	if r.in.Token != "" && r.client == nil {
		c, err := ghaction.NewClient(r.getenv("GITHUB_API_URL"), r.in.Token, r.a.HTTP)
		if err != nil {
			r.gh.Warningf("envaudit: %v", err)
		}
		r.client = c
	}
}
