package action

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"time"

	"github.com/envaudit/envaudit/ecosystems"
	"github.com/envaudit/envaudit/engine"
	"github.com/envaudit/envaudit/ghaction"
	"github.com/envaudit/envaudit/ghaction/bundle"
	"github.com/envaudit/envaudit/internal/markdown"
	"github.com/envaudit/envaudit/internal/outfile"
	"github.com/envaudit/envaudit/policy"
)

// selfExe is the executable of the running process whatever PATH or the
// workspace hold: the kernel's link, not a name to look up.
const selfExe = "/proc/self/exe"

// childStopDelay is how long the audit child has to stop after it is
// asked to (it stops the test command and still writes its audit) before
// it is killed: the grace of the trace's audit and then the one of the
// phases after it (engine.AuditAfterInterrupt each), and a margin.
const childStopDelay = 2*engine.AuditAfterInterrupt + 5*time.Second

// childReportWait bounds the wait for the rest of what the audit child
// said once it has exited: its end of the pipe closed then, as nothing it
// ran inherited it.
const childReportWait = 5 * time.Second

// single is the run of mode single, after setup: the audit and the
// publishing of one job, kept apart so that the token's process never
// runs anything the pull request controls. This process holds the token:
// setup marked it non-dumpable and took the token out of its environment;
// it executes nothing but its own binary again, as the audit child, with
// an environment that never had the token (ghaction.ChildEnviron). The
// child does what mode audit does, writing its bundle to a directory
// made for it, and tells the holder over a pipe of its own what went
// wrong and which bundle it wrote (childReport). It ran the pull
// request's code, so its bundle must be the one it vouches for and is
// validated exactly as mode publish validates a downloaded one, the gate
// is applied again, and only then is anything published. A child that
// failed, was killed or vouches for no bundle fails the step, saying
// what went wrong and what the child said of it, whatever the directory
// holds.
//
// The holder runs no git, no interpreter, no package manager: the pull
// request's commits for agent detection come from the API, the
// comparison with the base commit is the child's.
func (r *run) single(ctx context.Context) int {
	dir, err := os.MkdirTemp(r.temp, "envaudit-single-")
	if err != nil {
		return r.fail(fmt.Errorf("the audit child's directory: %w", err))
	}
	defer os.RemoveAll(dir)
	files := Files{Report: r.in.Report, SBOM: r.in.SBOM, SARIF: r.in.SARIF}
	if files.Report == "" {
		files.Report = filepath.Join(r.temp, "envaudit-report.json")
	}
	// The directories of the files the holder writes once the child, and
	// the pull request's code in it, has run: held from before, so that
	// nothing the code does to their paths sends a file elsewhere.
	r.held = outfile.Hold(r.files(nil, nil, files))
	// The child has the timeout input too, and times its own run with
	// it; what follows its test command is bounded by limits of its own,
	// not by what is left of the holder's timeout. So the holder passes
	// on an interrupt only (the runner cancelling the step), at once.
	end, err := r.runChild(engine.AfterRun(ctx), dir, files)
	ctx, cancel := afterRun(ctx)
	defer cancel()
	// Everything of the project has run by now, in the child: the file
	// commands are put back before the holder writes its own.
	warning, rerr := r.restore()
	if rerr != nil {
		return r.fail(rerr)
	}
	if err != nil {
		return r.fail(fmt.Errorf("the audit child could not run: %w", err))
	}
	if err := end.failure(); err != nil {
		return r.fail(err)
	}
	b, err := bundle.ReadDigest(dir, end.report.Bundle)
	if err == nil {
		err = b.CheckHead(r.headSHA(ghaction.PullRequestFromEvent(r.ghctx.Event)))
	}
	if err == nil && b.Prefix != r.prefix {
		// The holder knows its project's directory: one the bundle names
		// otherwise would place the annotations and the review's comments
		// on files the audit never read.
		err = fmt.Errorf("it audited the project in %q, this step's is in %q", b.Prefix, r.prefix)
	}
	if err != nil {
		return r.fail(fmt.Errorf("the audit child's bundle refused: %w", err))
	}
	if warning != "" {
		b.Report.Warnings = append(b.Report.Warnings, warning)
	}
	r.connect()
	res := &Result{Report: b.Report, Prefix: b.Prefix, Files: files}
	res.Notes = auditNotes(b)
	res.PR = ghaction.PullRequestFromEvent(r.ghctx.Event)
	if res.PR != nil {
		// The gate is the base branch's: the checkout's .envaudit.yml is
		// the pull request's, which setup left unread.
		r.cfg = r.baseConfig(ctx, res.PR.BaseSHA)
	}
	r.regate(ctx, res, b)
	// The child's files are rewritten from the validated bundle: they
	// carry this gate's marks and the file-command warning only the
	// holder can give.
	if err := writeOutFiles(r.held, r.files(res.Report, nil, files), &res.Files); err != nil {
		return r.failPublished(ctx, res, err)
	}
	r.publish(ctx, res)
	return r.exit(res)
}

// baseConfig is the .envaudit.yml of base commit sha, read through the
// API (the holder runs no git): in the project's directory, else at the
// repository's root, as loadConfig looks. When it cannot be read no
// config applies, as when the audit child cannot read the base commit:
// never the pull request's.
func (r *run) baseConfig(ctx context.Context, sha string) *policy.Config {
	if r.client == nil || r.repo.Name == "" || sha == "" {
		r.gh.Warningf("envaudit: the base commit's %s could not be read (no API access or no base commit), so no %s applies to this pull request", policy.ConfigFile, policy.ConfigFile)
		return &policy.Config{}
	}
	names := ecosystems.Names(r.a.Ecosystems)
	var candidates []string
	if r.prefix != "" {
		candidates = append(candidates, r.prefix+"/"+policy.ConfigFile)
	}
	candidates = append(candidates, policy.ConfigFile)
	for _, name := range candidates {
		data, err := ghaction.GetFile(ctx, r.client, r.repo, name, sha)
		if errors.Is(err, ghaction.ErrNoFile) {
			continue
		}
		if err == nil {
			var cfg *policy.Config
			if cfg, err = policy.ParseConfig(data, name, names); err == nil {
				return cfg
			}
		}
		r.gh.Warningf("envaudit: the base commit's %s could not be read, so no %s applies to this pull request: %v", name, policy.ConfigFile, err)
		return &policy.Config{}
	}
	return &policy.Config{}
}

// childEnviron is the audit child's environment: the step's, without the
// token, the credentials and the file commands, with the inputs that make
// it audit and write its bundle for the holder, and nothing else (the
// holder annotates, summarises and sets the outputs from the validated
// bundle).
func (r *run) childEnviron() []string {
	env := ghaction.ChildEnviron(r.environ, r.in.Token)
	set := map[string]string{
		"INPUT_MODE":                ghaction.ModeAudit,
		"INPUT_ANNOTATE":            "false",
		"INPUT_SUMMARY":             "false",
		"INPUT_REVIEW":              "false",
		"INPUT_SUBMIT_DEPENDENCIES": "false",
		singleChildVar:              "true",
	}
	out := make([]string, 0, len(env)+len(set))
	for _, kv := range env {
		k, _, _ := strings.Cut(kv, "=")
		if _, ok := set[k]; !ok {
			out = append(out, kv)
		}
	}
	for _, k := range []string{"INPUT_MODE", "INPUT_ANNOTATE", "INPUT_SUMMARY", "INPUT_REVIEW", "INPUT_SUBMIT_DEPENDENCIES", singleChildVar} {
		out = append(out, k+"="+set[k])
	}
	return out
}

// runChild runs the audit child, writing its bundle to dir and its files
// at the paths of files, and returns how it ended; err when it could not
// be started. ctx ending asks the child to stop (SIGTERM), as the runner
// asks the step; the child stops the test command and still writes its
// audit, within childStopDelay.
func (r *run) runChild(ctx context.Context, dir string, files Files) (childEnd, error) {
	exe := r.a.Exe
	if exe == "" {
		exe = selfExe
	}
	resume := randomToken()
	env := append(r.child[:len(r.child):len(r.child)],
		"INPUT_BUNDLE="+dir, "INPUT_REPORT="+files.Report, "INPUT_SBOM="+files.SBOM, "INPUT_SARIF="+files.SARIF,
		resumeTokenVar+"="+resume, holderFDVar+"="+fmt.Sprint(holderFD))
	env = lastWins(env)
	// The child's pipe to the holder: the first of ExtraFiles is its
	// file descriptor 3 (holderFD).
	pr, pw, err := os.Pipe()
	if err != nil {
		return childEnd{}, err
	}
	defer pr.Close()
	cmd := exec.CommandContext(ctx, exe, "action")
	cmd.Args[0] = "envaudit"
	cmd.Env = env
	cmd.Stdout, cmd.Stderr = r.stdout, r.stderr
	cmd.ExtraFiles = []*os.File{pw}
	cmd.Dir, _ = os.Getwd()
	cmd.Cancel = func() error { return cmd.Process.Signal(syscall.SIGTERM) }
	cmd.WaitDelay = childStopDelay
	err = cmd.Start()
	pw.Close()
	if err != nil {
		return childEnd{}, err
	}
	type read struct {
		data []byte
		err  error
	}
	said := make(chan read, 1)
	go func() {
		data, err := io.ReadAll(io.LimitReader(pr, maxChildReport+1))
		said <- read{data, err}
	}()
	err = cmd.Wait()
	// A child killed, or one that panicked (a Go panic exits with status
	// 2, as envaudit's own errors do), may have died between its
	// stop-commands and their resume: every annotation after it, the
	// holder's included, would be lost. Resuming commands that are not
	// stopped only leaves a line in the log.
	fmt.Fprintf(r.stdout, "\n::%s::\n", resume)
	var end childEnd
	var ee *exec.ExitError
	switch {
	case errors.As(err, &ee) && ee.Exited():
		end.code = ee.ExitCode()
	case errors.As(err, &ee):
		end.code, end.signal = -1, ee.String()
	case err != nil:
		// Waiting failed: its output could not be copied, or it did not
		// stop within childStopDelay once asked to. No status to trust.
		end.code, end.signal = -1, "envaudit: "+err.Error()
	}
	var got read
	select {
	case got = <-said:
	case <-time.After(childReportWait):
		pr.Close()
		got = <-said
	}
	if got.err != nil {
		end.reportErr = got.err
	} else {
		end.report, end.reportErr = parseChildReport(got.data)
	}
	return end, nil
}

// lastWins drops every entry of env whose variable a later entry sets
// again.
func lastWins(env []string) []string {
	last := map[string]int{}
	for i, kv := range env {
		k, _, _ := strings.Cut(kv, "=")
		last[k] = i
	}
	out := make([]string, 0, len(last))
	for i, kv := range env {
		k, _, _ := strings.Cut(kv, "=")
		if last[k] == i {
			out = append(out, kv)
		}
	}
	return out
}

// childEnd is how the audit child ended: its exit status, or what killed
// it (signal, "signal: killed"), and what it said on its pipe (report, nil when it said
// nothing; reportErr when what it said could not be read).
type childEnd struct {
	code      int
	signal    string
	report    *childReport
	reportErr error
}

// failure is why the holder cannot publish what the child did, nil when
// it can: the child was killed, failed (exit status 2), said that
// something went wrong, or vouches for no bundle. It carries the child's
// own words, positioned where the child placed them.
func (e childEnd) failure() error {
	how := fmt.Sprintf("exited with status %d", e.code)
	if e.signal != "" {
		how = "was killed (" + e.signal + ")"
	}
	var said error
	switch {
	case e.reportErr != nil:
		said = fmt.Errorf("what it said could not be read: %w", e.reportErr)
	case e.report != nil:
		said = e.report.err()
	}
	var head string
	switch {
	case e.signal != "" || e.code == ExitUsage || said != nil:
		head = "the audit child " + how
	case e.report == nil:
		head = "the audit child " + how + " without saying which bundle it wrote (it is not envaudit, or it crashed)"
	case e.report.Bundle == "":
		head = "the audit child " + how + " and wrote no bundle"
	default:
		return nil
	}
	switch {
	case said == nil && (e.signal != "" || e.code == ExitUsage):
		return errors.New(head + ", and said nothing of why: its output above is all there is")
	case said == nil:
		return errors.New(head)
	case len(leafErrors(said)) == 1:
		return fmt.Errorf("%s: %w", head, said)
	}
	return errors.Join(errors.New(head+"; it said:"), said)
}

// auditNotes are the notes of the audit the bundle carries, for this
// summary: escaped, since the audit ran the pull request's code.
func auditNotes(b *bundle.Bundle) []string {
	var notes []string
	for _, n := range b.Notes {
		notes = append(notes, markdown.Text(n))
	}
	return notes
}
