package action

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"os"
	"path"
	"path/filepath"
	"strings"

	"github.com/envaudit/envaudit/audit"
	"github.com/envaudit/envaudit/baseline"
	"github.com/envaudit/envaudit/engine"
	"github.com/envaudit/envaudit/ghaction"
	"github.com/envaudit/envaudit/ghaction/bundle"
	"github.com/envaudit/envaudit/internal/gitcmd"
	"github.com/envaudit/envaudit/internal/markdown"
	"github.com/envaudit/envaudit/internal/outfile"
	"github.com/envaudit/envaudit/policy"
	"github.com/envaudit/envaudit/sarif"
	"github.com/envaudit/envaudit/sbom"
)

// trace is the second phase: the test command run under the tracer in the
// project and audited. Installations that could not be enumerated are a
// warning: the report is complete otherwise and says so.
func (r *run) trace(ctx context.Context) (*audit.Report, error) {
	// The gate belongs to the base branch: its configuration and what it
	// declares were read before anything of the pull request runs
	// (prefetch). Nor may the traced command issue workflow commands (a forged
	// ::error:: or ::add-mask::): GitHub ignores them between
	// stop-commands and the token that resumes them.
	// Each of the two lines starts on a line of its own: the resume token
	// after a command whose last output has no final newline would
	// otherwise end that line, and be no command; every annotation after
	// it would be lost. (An empty line in the log is the price.)
	stop := r.getenv(resumeTokenVar)
	if !isResumeToken(stop) {
		stop = randomToken()
	}
	fmt.Fprintf(r.stdout, "\n::stop-commands::%s\n", stop)
	r.stopped = stop
	rep, instErr, err := r.traced(ctx)
	r.resumeCommands()
	if err != nil {
		return nil, err
	}
	if instErr != nil {
		r.gh.Warningf("envaudit: %v", instErr)
	}
	if ri := rep.Run; ri != nil && ri.Fallback != "" {
		r.gh.Noticef("envaudit: ptrace traced the test command, since the eBPF tracer cannot run here: %s", ri.Fallback)
	}
	return rep, nil
}

// traced opens the project, checks the output paths against its files
// before anything runs (no output may overwrite a manifest or a file
// envaudit did not write), and runs and audits the test command.
func (r *run) traced(ctx context.Context) (rep *audit.Report, instErr, err error) {
	p, err := engine.OpenContext(ctx, engine.Options{
		Dir:        r.dir,
		Ecosystems: r.a.Ecosystems,
		DevTools:   r.cfg.DevTools,
		Version:    r.a.Version,
	})
	var de *engine.DirError
	if errors.As(err, &de) {
		return nil, nil, fmt.Errorf("working-directory: %w", err)
	}
	if err != nil {
		return nil, nil, err
	}
	outs := r.files(nil, nil, Files{Report: r.in.Report, SBOM: r.in.SBOM, SARIF: r.in.SARIF, Bundle: r.bundleDir})
	if err := outfile.Check(p.Inputs(), outs); err != nil {
		return nil, nil, err
	}
	// Held from now on: the test command may replace a directory on the
	// way to an output (by a link into the runner's file-command
	// directory, say) once its path is checked.
	r.held = outfile.Hold(outs)
	t, err := p.Trace(ctx, engine.RunOptions{
		Command: shellCommand(r.in.Run),
		Timeout: r.in.Timeout,
		Environ: r.untrusted,
		Stdout:  r.stdout,
		Stderr:  r.stderr,
		// A process the test left running could rewrite the file
		// commands once envaudit restored them.
		KillDescendants: true,
		// Nor may a program it plants on PATH, or a project's own, run
		// as one of envaudit's tools.
		Tools:     r.tools,
		Backend:   r.in.Backend,
		Loader:    r.loader,
		LoaderErr: r.loaderErr,
		// Nor may it take the runner's passwordless sudo and read, as
		// root, what envaudit keeps from it: under eBPF as under
		// ptrace, the command runs under no_new_privs.
		NoNewPrivs: true,
	})
	r.loader = nil // Trace closes it
	if err != nil {
		return nil, nil, err
	}

	defer t.Close()
	r.survivors = t.Trace.End.Survivors
	rep, instErr = t.Audit(ctx)
	return rep, instErr, nil
}

// readBaseline reads the runner baseline (mode baseline's file) before
// the test command runs: it lies where the project's install steps, and
// the command itself, could replace it by a named pipe or a link to
// /dev/zero, which baseline.Read refuses without blocking, within the
// timeout that bounds everything before the command. The enrich phase
// applies it, or warns why it could not be read.
func (r *run) readBaseline() {
	r.runnerBaseline, r.runnerBaselineErr = baseline.Read(r.baselinePath)
}

// enrichment is one enricher of the enrich phase, and what its failure
// means for the run; nil failed makes a failure a warning.
type enrichment struct {
	audit.Enricher
	failed func(error)
}

// enrich is the third phase: the runner baseline tells the provenance of
// hidden packages, the comparison with the base commit which findings are
// new, and the config, last so that its ignores and severities have the
// final word, applies .envaudit.yml. It also connects to GitHub's API,
// which the later phases use.
func (r *run) enrich(ctx context.Context, res *Result) {
	var steps []enrichment
	if r.runnerBaseline != nil {
		steps = append(steps, enrichment{Enricher: r.runnerBaseline})
	} else if err := r.runnerBaselineErr; err != nil && (r.in.Baseline != "" || !errors.Is(err, os.ErrNotExist)) {
		r.gh.Warningf("envaudit: %v", err)
	}

	res.PR = ghaction.PullRequestFromEvent(r.ghctx.Event)
	if repo, err := ghaction.ParseRepo(r.ghctx.Repository); err == nil {
		r.repo = repo
	}
	if r.in.Token != "" {
		c, err := ghaction.NewClient(r.getenv("GITHUB_API_URL"), r.in.Token, r.a.HTTP)
		if err != nil {
			r.gh.Warningf("envaudit: %v", err)
		}
		r.client = c
	}

	if st := r.baseState; st != nil {
		res.Base = st.sha
		notCompared := func(err error) {
			r.gh.Noticef("envaudit: findings were not compared with base commit %s, so every one of them can gate: %v", gitcmd.ShortSHA(st.sha), err)
			res.Notes = append(res.Notes, "Not compared with the base commit: "+markdown.Text(err.Error())+".")
			res.BundleNotes = append(res.BundleNotes, "Not compared with the base commit: "+err.Error()+".")
			res.Base = ""
		}
		if st.base != nil {
			steps = append(steps, enrichment{Enricher: st.base, failed: notCompared})
		} else {
			notCompared(st.err)
		}
		r.baseNotes(res)
	}
	steps = append(steps, enrichment{Enricher: r.cfg})

	for _, s := range steps {
		if err := s.Enrich(ctx, res.Report); err != nil {
			if s.failed != nil {
				s.failed(err)
			} else {
				r.gh.Warningf("envaudit: %v", err)
			}
		}
	}
}

// base returns the commit to compare with: the pull request's base, or
// the commit before a push; "" for none (a new branch's push names the
// zero commit).
func (r *run) base(pr *policy.PullRequest) string {
	base := ""
	switch {
	case pr != nil:
		base = pr.BaseSHA
	case r.ghctx.EventName == "push":
		base, _ = r.ghctx.Event["before"].(string)
	}
	if strings.Trim(base, "0") == "" {
		return ""
	}
	return base
}

// gate is the fourth phase: whether a coding agent wrote the pull request
// (from its commits too), and so which gate applies, and which findings
// fail it.
func (r *run) gate(ctx context.Context, res *Result) {
	if res.PR != nil {
		res.PR.Commits = pullRequestCommits(ctx, r.client, r.repo, res.PR, r.commits)
		res.Detection = policy.DetectAgent(res.PR, policy.Signatures(r.cfg.Agents))
	}
	res.AgentPolicy = r.in.AgentPolicy.Name
	res.Gate = r.in.AgentPolicy.For(policy.Gate{FailOn: r.in.FailOn, Existing: !r.in.OnlyNew}, res.Detection.Authored())
	// The findings carry the gate's verdict before anything is printed
	// or written: the report file, the SARIF log and the bundle say which
	// findings failed this check.
	res.Gate.Mark(res.Report)
	res.Items = res.Report.Items()
	res.Failing = res.Gate.Apply(res.Items)
}

// write is the fifth phase, once the file commands are back (restore):
// the report (under RUNNER_TEMP unless the report input names a path),
// the SBOM, the SARIF log and the publish bundle are written. A file that
// could not be written is an error, the others are still written, and
// no output names it. A bundle that could not be written is said plainly
// in the summary (noBundle): the publish workflow will find none.
func (r *run) write(res *Result) error {
	res.Files = Files{Report: r.in.Report, SBOM: r.in.SBOM, SARIF: r.in.SARIF}
	if res.Files.Report == "" {
		res.Files.Report = filepath.Join(r.temp, "envaudit-report.json")
	}
	var b *bundle.Bundle
	if head := r.headSHA(res.PR); head != "" {
		// A name, version or path of the project's may hold a control,
		// bidirectional or zero-width character (a line break in a
		// package.json key, a right-to-left override in a file name):
		// the bundle carries it as a visible escape, says so, and the
		// rest of the audit is still published. Its prose (messages,
		// warnings, notes) passes inert too, keeping its line breaks.
		rep, n, err := bundle.Inert(res.Report)
		if err == nil {
			if n > 0 {
				msg := fmt.Sprintf("%d control, bidirectional or zero-width %s in the project's package names, versions, paths or messages %s shown in the publish bundle as %s (U+240A for a line break, <U+202E> for a right-to-left override)",
					n, plural(n, "character", "characters"), plural(n, "is", "are"), plural(n, "a visible escape", "visible escapes"))
				r.gh.Warningf("envaudit: %s", msg)
				rep.Warnings = append(rep.Warnings, msg)
			}
			b = bundle.New(rep, head, res.Prefix, res.Failing)
			b.Notes = bundle.InertNotes(res.BundleNotes)
			err = bundle.Validate(b)
		}
		// What the publisher would refuse is said here, where the audit
		// ran; the publisher then finds no bundle and fails the check.
		if err != nil {
			r.noBundle(res, "the publisher would refuse it: "+err.Error())
			b = nil
		} else {
			res.Files.Bundle = r.bundleDir
		}
	} else {
		r.noBundle(res, "neither the pull request's head nor GITHUB_SHA names the commit audited")
	}
	err := writeOutFiles(r.held, r.files(res.Report, b, res.Files), &res.Files)
	switch {
	case b != nil && res.Files.Bundle == "":
		r.noBundle(res, "writing it failed: "+err.Error())
	case b != nil && r.holder != nil:
		// The holder publishes this bundle, and no other that the
		// directory may hold.
		digest, derr := b.Digest()
		if derr != nil {
			return errors.Join(err, fmt.Errorf("bundle: %w", derr))
		}
		r.said.Bundle = digest
	}
	return err
}

// writeOutFiles writes each of files that has a path, whole or not at all,
// through the directories held before the run (outfile.Dirs.WriteAtomic),
// on past a failure: each that could not be written is taken out of f (by
// its label), so that no output names it (an older file may be there), and
// its error is returned with the others'.
func writeOutFiles(held *outfile.Dirs, files []outfile.File, f *Files) error {
	paths := map[string]*string{"report": &f.Report, "sbom": &f.SBOM, "sarif": &f.SARIF, "bundle": &f.Bundle}
	var errs []error
	for _, file := range files {
		if file.Path == "" {
			continue
		}
		if err := held.WriteAtomic(file.Path, file.Write); err != nil {
			errs = append(errs, fmt.Errorf("%s: %w", file.Label, err))
			if p := paths[file.Label]; p != nil {
				*p = ""
			}
		}
	}
	return errors.Join(errs...)
}

// headSHA is the commit the audit audited, as the bundle records it: the
// pull request's head (GITHUB_SHA is the merge commit on pull_request),
// else GITHUB_SHA; "" when neither is a full commit hash.
func (r *run) headSHA(pr *policy.PullRequest) string {
	head := r.ghctx.SHA
	if pr != nil && pr.HeadSHA != "" {
		head = pr.HeadSHA
	}
	if len(head) != 40 && len(head) != 64 {
		return ""
	}
	return head
}

// files are the output files of report r and bundle b at the paths of f,
// labelled by the inputs that name them; r and b may be nil for
// outfile.Check, b is nil when no bundle is written.
func (r *run) files(rep *audit.Report, b *bundle.Bundle, f Files) []outfile.File {
	project := filepath.Base(r.absDir)
	if r.repo.Name != "" {
		project = path.Join(r.repo.Name, r.prefix)
	}
	sbomOpts := sbom.Options{Identify: r.identify, Project: project}
	env := sbom.Envelope{Timestamp: r.epoch, ContentSerial: !r.epoch.IsZero(), Spec: r.in.SBOMSpec}
	if r.epoch.IsZero() {
		env.Timestamp = r.now()
	}
	sarifOpts := sarif.Options{Prefix: r.prefix, Fallback: workflowFile(r.getenv)}
	return []outfile.File{
		audit.ReportFile("report", f.Report, rep),
		sbom.File("sbom", f.SBOM, rep, sbomOpts, env, sbom.Format(r.in.SBOMFormat)),
		sarif.File("sarif", f.SARIF, rep, sarifOpts),
		{Label: "bundle", Path: bundlePath(f.Bundle), Format: bundle.FileFormat, Write: func(w io.Writer) error { return b.Encode(w) }},
	}
}

// bundlePath is the bundle's file in directory dir, "" for none.
func bundlePath(dir string) string {
	if dir == "" {
		return ""
	}
	return filepath.Join(dir, bundle.FileName)
}

// shellCommand is how the run input is executed: like a workflow's run:
// step, by bash with -e and pipefail. A plain command line (words of safe
// characters, one line) runs directly, so reports and summaries name
// "npm test" rather than the shell around it.
func shellCommand(run string) []string {
	plain := !strings.ContainsFunc(run, func(r rune) bool {
		return !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || strings.ContainsRune(" -_./:=@%+,", r))
	})
	if f := strings.Fields(run); plain && len(f) > 0 && !strings.Contains(f[0], "=") {
		return f
	}
	return []string{"bash", "--noprofile", "--norc", "-eo", "pipefail", "-c", run}
}

// workflowFile returns the repository path of the running workflow
// (GITHUB_WORKFLOW_REF is "owner/repo/.github/workflows/ci.yml@refs/..."):
// where SARIF places findings no manifest can hold.
func workflowFile(getenv func(string) string) string {
	ref, _, _ := strings.Cut(getenv("GITHUB_WORKFLOW_REF"), "@")
	repo := getenv("GITHUB_REPOSITORY")
	if repo == "" || !strings.HasPrefix(ref, repo+"/") {
		return ""
	}
	return strings.TrimPrefix(ref, repo+"/")
}

// randomToken is a token that resumes workflow commands after
// stop-commands: one the traced command cannot guess.
func randomToken() string {
	var b [16]byte
	_, _ = rand.Read(b[:])
	return "envaudit-" + hex.EncodeToString(b[:])
}

// resumeTokenVar hands mode single's audit child the token its
// stop-commands is resumed with, so that the holder can resume the log's
// workflow commands itself when the child dies before it did. An INPUT_
// variable, so the traced command's environment never has it.
const resumeTokenVar = "INPUT_ENVAUDIT_RESUME_TOKEN"

// isResumeToken reports whether s is a token randomToken makes.
func isResumeToken(s string) bool {
	hexPart, ok := strings.CutPrefix(s, "envaudit-")
	if !ok || len(hexPart) != 32 {
		return false
	}
	_, err := hex.DecodeString(hexPart)
	return err == nil && strings.ToLower(hexPart) == hexPart
}
