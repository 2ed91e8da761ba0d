package action

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/google/go-github/v62/github"
	"github.com/sethvargo/go-githubactions"

	"github.com/envaudit/envaudit/ecosystems"
	"github.com/envaudit/envaudit/ghaction"
	"github.com/envaudit/envaudit/internal/markdown"
)

// A Publisher reports a result to one place on GitHub. An error is
// something the publisher could not do that the step should warn about;
// it never changes the step's exit status, which is the gate's. What a
// publisher could not do for a reason the workflow may have chosen (a
// read-only token) is a notice of its own and a note for the summary,
// not an error.
type Publisher interface {
	Publish(ctx context.Context, res *Result) error
}

// publish is the last phase: each publisher in turn, the summary after
// the review and the snapshot so it says what they could not do.
func (r *run) publish(ctx context.Context, res *Result) {
	r.published = true
	for _, p := range r.publishers(res) {
		if err := p.Publish(ctx, res); err != nil {
			r.gh.Warningf("envaudit: %v", err)
		}
	}
}

// publishers are the publishers the inputs ask for, in the order they
// run. Mode audit has only those that need no token (annotations, the
// job summary, the outputs); the token's holder of mode single adds the
// review and the snapshot; mode publish posts the annotations as a check
// run instead, since its own job is not the pull request's.
func (r *run) publishers(res *Result) []Publisher {
	var ps []Publisher
	if r.in.Annotate && r.in.Mode != ghaction.ModePublish {
		ps = append(ps, Annotations{GH: r.gh})
	}
	if r.in.Mode == ghaction.ModeAudit {
		if r.in.Review == "true" || r.in.SubmitDependencies {
			r.gh.Noticef("envaudit: mode audit writes nothing through GitHub's API; the review and the dependency snapshot are posted by mode publish (or mode single)")
		}
	} else {
		ps = append(ps, Review{GH: r.gh, Client: r.client, Repo: r.repo, Mode: r.in.Review, Log: r.stderr})
	}
	if r.in.Mode == ghaction.ModePublish && r.run != nil {
		ps = append(ps, Check{Client: r.client, Repo: r.repo, HeadSHA: r.run.HeadSHA, DetailsURL: r.runURL(r.run.ID), Annotate: r.in.Annotate, Log: r.stderr})
	}
	if r.in.SubmitDependencies && r.in.Mode != ghaction.ModeAudit {
		job := ghaction.SnapshotJob{
			Correlator: strings.Join([]string{r.getenv("GITHUB_WORKFLOW"), r.getenv("GITHUB_JOB"), "envaudit", r.prefix}, "_"),
			RunID:      r.getenv("GITHUB_RUN_ID"),
			SHA:        r.ghctx.SHA,
			Ref:        r.ghctx.Ref,
		}
		unnamed := false
		if r.run != nil {
			// The packages are the pull request's head's, which the
			// triggering run audited.
			job.RunID, job.SHA = fmt.Sprint(r.run.ID), r.run.HeadSHA
			switch {
			case r.run.HeadOwner != "" && !strings.EqualFold(r.run.HeadOwner, r.repo.Owner):
				// A fork's branch is not this repository's: under its
				// name (a fork's "main") the pull request's packages
				// would stand for this repository's branch. The pull
				// request's own ref names them, or none does.
				if res.PR != nil && res.PR.Number > 0 {
					job.Ref = fmt.Sprintf("refs/pull/%d/head", res.PR.Number)
				} else {
					unnamed = true
				}
			case r.run.HeadBranch != "":
				job.Ref = "refs/heads/" + r.run.HeadBranch
			}
		}
		if id, err := strconv.ParseInt(job.RunID, 10, 64); err == nil {
			job.HTMLURL = r.runURL(id)
		}
		if unnamed {
			r.gh.Warningf("envaudit: no dependency snapshot submitted: the audited commit is a fork's, and no pull request of this repository names it")
		} else {
			ps = append(ps, Snapshot{GH: r.gh, Client: r.client, Repo: r.repo, Job: job, Scanned: r.now(), Log: r.stderr, Identify: r.identify})
		}
	}
	if r.in.Summary {
		ps = append(ps, Summary{Path: r.getenv("GITHUB_STEP_SUMMARY"), guard: r.guard})
	}
	return append(ps, Outputs{Path: r.getenv("GITHUB_OUTPUT"), guard: r.guard})
}

// runURL is the web page of workflow run id, "" when the server or the
// repository is not known.
func (r *run) runURL(id int64) string {
	if r.ghctx.ServerURL == "" || r.repo.Name == "" || id <= 0 {
		return ""
	}
	return fmt.Sprintf("%s/%s/actions/runs/%d", r.ghctx.ServerURL, r.repo, id)
}

// Check posts the result as a check run named "envaudit" on the audited
// commit, with an annotation on the manifest line of each finding that
// deserves one and the gate's conclusion: how the findings of an audit
// that ran in another workflow reach the pull request.
type Check struct {
	// Client reaches GitHub's API with the token; nil when there is none.
	Client *github.Client
	// Repo is the repository; its zero value when it is not known.
	Repo ghaction.Repo
	// HeadSHA is the commit the check run is on.
	HeadSHA string
	// DetailsURL links the run that audited the commit.
	DetailsURL string
	// Annotate puts the annotations on the check run (the annotate
	// input).
	Annotate bool
	// Log receives what was posted; nil discards it.
	Log io.Writer
}

// Publish creates the check run.
func (p Check) Publish(ctx context.Context, res *Result) error {
	if p.Client == nil || p.Repo.Name == "" || p.HeadSHA == "" {
		return errors.New("the check run needs GITHUB_REPOSITORY, a token and the audited commit")
	}
	run := res.checkRun(p.HeadSHA, p.DetailsURL)
	if !p.Annotate {
		run.Annotations = nil
	}
	id, err := ghaction.CreateCheckRun(ctx, p.Client, p.Repo, run)
	var pe *ghaction.PermissionError
	switch {
	case errors.As(err, &pe):
		res.Notes = append(res.Notes, "Check run skipped: the token may not write it (`checks: write`).")
		return fmt.Errorf("check run skipped: %w (it needs `checks: write`)", err)
	case err != nil:
		return err
	}
	logf(p.Log, "envaudit: check run %d on %s\n", id, p.HeadSHA)
	return nil
}

// checkRun is the check run of the result on commit head.
func (res *Result) checkRun(head, details string) ghaction.CheckRun {
	run := ghaction.CheckRun{
		HeadSHA:     head,
		Conclusion:  "success",
		Title:       "No finding fails this check",
		Summary:     ghaction.Summary(res.Report, res.Items, res.summaryInfo(), ghaction.CheckOutputLimit),
		Annotations: ghaction.CheckAnnotations(res.Items, res.Prefix),
		DetailsURL:  details,
	}
	if res.Failing > 0 {
		run.Conclusion = "failure"
		run.Title = fmt.Sprintf("%d %s this check", res.Failing, plural(res.Failing, "finding fails", "findings fail"))
	}
	if ri := res.Report.Run; ri != nil && !ri.Succeeded {
		run.Conclusion = "failure"
		run.Title += "; the test command " + ri.Status()
	}
	// Fail if either fails: what the bundle says cannot make it green.
	for i, d := range res.Distrust {
		if i == 0 && run.Conclusion == "success" {
			run.Title = d.Title
		} else {
			run.Title += "; " + d.Title
		}
		run.Conclusion = "failure"
	}
	return run
}

// Annotations writes a workflow annotation on the manifest line of each
// finding that deserves one, the most important first, within GitHub's
// per-step limits (ghaction.PlanAnnotations); it sets res.Dropped.
type Annotations struct {
	// GH writes the workflow commands.
	GH *githubactions.Action
}

// Publish writes the annotations.
func (p Annotations) Publish(_ context.Context, res *Result) error {
	anns, dropped := ghaction.PlanAnnotations(res.Items, res.Prefix)
	ghaction.WriteAnnotations(p.GH, anns)
	res.Dropped = dropped
	return nil
}

// Review reviews the pull request (ghaction.Review): inline comments on
// the manifest lines it added, and the updatable summary comment.
type Review struct {
	// GH writes the notices.
	GH *githubactions.Action
	// Client reaches GitHub's API with the token; nil when there is none.
	Client *github.Client
	// Repo is the repository; its zero value when it is not known.
	Repo ghaction.Repo
	// Mode is the review input: "auto" reviews pull requests when a
	// token is there, "true" wants a review (and notices when it cannot
	// be had), "false" never reviews.
	Mode string
	// Log receives what was posted; nil discards it.
	Log io.Writer
}

// Publish reviews the pull request, when there is one to review.
func (p Review) Publish(ctx context.Context, res *Result) error {
	if p.Mode == "false" || res.PR == nil || res.PR.Number <= 0 || p.Client == nil || p.Repo.Name == "" {
		if p.Mode == "true" {
			p.GH.Noticef("envaudit: review requested, but this is not a pull request event with a token and repository")
		}
		return nil
	}
	info := res.summaryInfo()
	info.MaxRows = 30
	out, err := ghaction.Review(ctx, p.Client, p.Repo, res.PR, ghaction.ReviewOptions{
		Items:   res.Items,
		Prefix:  res.Prefix,
		Summary: ghaction.Summary(res.Report, res.Items, info, ghaction.CommentLimit-len(ghaction.SummaryMarker)-1),
	})
	var pe *ghaction.PermissionError
	switch {
	case errors.As(err, &pe):
		p.GH.Noticef("envaudit: pull-request review skipped: %v. A pull request from a fork gets a read-only token; see docs/action.md for the workflow_run pattern.", err)
		res.Notes = append(res.Notes, "Pull-request review skipped: the token may not write (a fork's read-only token, or no `pull-requests: write` permission).")
		return nil
	case err != nil:
		res.Notes = append(res.Notes, "Pull-request review failed: "+markdown.Text(err.Error())+".")
		return fmt.Errorf("pull-request review failed: %w", err)
	}
	logf(p.Log, "envaudit: review: %d inline %s, summary comment %d\n", out.Comments, plural(out.Comments, "comment", "comments"), out.SummaryID)
	return nil
}

// Snapshot submits the packages the run loaded to the dependency graph
// (ghaction.NewSnapshot), so Dependabot and dependency review cover the
// hidden ones too.
type Snapshot struct {
	// GH writes the notices.
	GH *githubactions.Action
	// Client reaches GitHub's API with the token; nil when there is none.
	Client *github.Client
	// Repo is the repository; its zero value when it is not known.
	Repo ghaction.Repo
	// Job identifies the workflow job submitting the snapshot.
	Job ghaction.SnapshotJob
	// Scanned is when the packages were seen.
	Scanned time.Time
	// Log receives what was submitted; nil discards it.
	Log io.Writer
	// Identify names the packages no installed record gives a package URL
	// (all.Identify).
	Identify func(ecosystem, name, version string) ecosystems.Identity
}

// Publish submits the snapshot.
func (p Snapshot) Publish(ctx context.Context, res *Result) error {
	if p.Repo.Name == "" || p.Client == nil {
		return errors.New("submit-dependencies needs GITHUB_REPOSITORY and a token")
	}
	out, err := ghaction.SubmitSnapshot(ctx, p.Client, p.Repo, ghaction.NewSnapshot(res.Report, res.Prefix, p.Job, p.Scanned, p.Identify))
	var pe *ghaction.PermissionError
	switch {
	case errors.As(err, &pe):
		p.GH.Noticef("envaudit: dependency snapshot skipped: %v (it needs `contents: write`)", err)
		res.Notes = append(res.Notes, "Dependency snapshot skipped: the token may not write it (`contents: write`).")
		return nil
	case err != nil:
		return err
	}
	logf(p.Log, "envaudit: dependency snapshot: %s\n", out)
	return nil
}

// Summary writes the job summary (ghaction.Summary) within GitHub's size
// limit for a step's summary.
type Summary struct {
	// Path is the step's summary file (GITHUB_STEP_SUMMARY); "" writes
	// nothing.
	Path string
	// guard, when set, is told what the summary appended, for the check
	// of the file commands before envaudit exits.
	guard *fileCommandGuard
}

// Publish appends the summary to the step's summary file.
func (p Summary) Publish(_ context.Context, res *Result) error {
	if p.Path == "" {
		return nil
	}
	md := ghaction.Summary(res.Report, res.Items, res.summaryInfo(), ghaction.StepSummaryLimit)
	return appendFileCommand(p.guard, p.Path, md+"\n")
}

// Outputs sets the step's outputs (ghaction.Outputs, as action.yml
// declares them).
type Outputs struct {
	// Path is the step's output file (GITHUB_OUTPUT); "" writes nothing.
	Path string
	// guard, when set, is told what the outputs appended (Summary).
	guard *fileCommandGuard
}

// Publish sets the outputs.
func (p Outputs) Publish(_ context.Context, res *Result) error {
	return writeOutputs(p.guard, p.Path, res.outputs().Map())
}

// outputDelimiter ends each value in the output file. It is
// go-githubactions' (the runner accepts any line that the value does not
// hold); the values are paths and numbers, on one line.
const outputDelimiter = "_GitHubActionsFileCommandDelimeter_"

// writeOutputs appends outputs to the output file at path, by name, as
// name<<delimiter blocks the runner reads after the step, and tells g;
// "" writes nothing.
func writeOutputs(g *fileCommandGuard, path string, outputs map[string]string) error {
	if path == "" {
		return nil
	}
	names := make([]string, 0, len(outputs))
	for k := range outputs {
		names = append(names, k)
	}
	slices.Sort(names)
	var b strings.Builder
	for _, k := range names {
		fmt.Fprintf(&b, "%s<<%s\n%s\n%s\n", k, outputDelimiter, outputs[k], outputDelimiter)
	}
	return appendFileCommand(g, path, b.String())
}

// appendFileCommand appends text to a file command of the step: the
// runner made it, and earlier writes of the step are kept. g (nil for
// none) is told, so that the check before envaudit exits expects it.
func appendFileCommand(g *fileCommandGuard, path, text string) error {
	f, err := os.OpenFile(path, os.O_APPEND|os.O_CREATE|os.O_WRONLY, 0o644)
	if err != nil {
		return fmt.Errorf("write the file command %q: %w", path, err)
	}
	_, err = f.WriteString(text)
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		return fmt.Errorf("write the file command %q: %w", path, err)
	}
	g.wrote(path, text)
	return nil
}

func logf(w io.Writer, format string, args ...any) {
	if w != nil {
		fmt.Fprintf(w, format, args...)
	}
}
