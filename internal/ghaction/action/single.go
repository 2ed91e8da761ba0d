package action

import (
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"time"

	"github.com/envaudit/envaudit/engine"
	"github.com/envaudit/envaudit/internal/bundle"
	"github.com/envaudit/envaudit/internal/ghaction"
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

// childTimeoutSlack is how long the holder lets the audit child run past
// the step's timeout before it asks the child to stop. The child has the
// same timeout, started a moment later: its own deadline stops it first,
// so its report says the command timed out, not that it was interrupted.
const childTimeoutSlack = 5 * time.Second

// single is the run of mode single, after setup: the audit and the
// publishing of one job, kept apart so that the token's process never
// runs anything the pull request controls. This process holds the token:
// setup marked it non-dumpable and took the token out of its environment;
// it executes nothing but its own binary again, as the audit child, with
// an environment that never had the token (ghaction.ChildEnviron). The
// child does what mode audit does, writing its bundle to a directory
// made for it; it ran the pull request's code, so its bundle is validated
// exactly as mode publish validates a downloaded one, the gate is applied
// again, and only then is anything published.
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
	code, err := r.runChild(ctx, dir, files)
	if errors.Is(context.Cause(ctx), context.DeadlineExceeded) {
		// The timeout fell while the child ran: the child, whose own
		// deadline fell at the same time, still wrote its audit of what
		// ran, and the holder still publishes it, within a grace of its
		// own, as mode audit does.
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeout(context.WithoutCancel(ctx), engine.AuditAfterInterrupt)
		defer cancel()
	}
	// Everything of the project has run by now, in the child: the file
	// commands are put back before the holder writes its own.
	warning, rerr := r.restore()
	if rerr != nil {
		return r.fail(rerr)
	}
	if err != nil {
		return r.fail(fmt.Errorf("the audit child: %w", err))
	}
	b, err := bundle.Read(dir)
	if errors.Is(err, os.ErrNotExist) && code != ExitOK {
		// The child said why on the log (an error annotation).
		return code
	}
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
	if err := outfile.WriteAll(r.files(res.Report, nil, files)...); err != nil {
		return r.fail(err)
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
	names := make([]string, len(r.a.Ecosystems))
	for i, e := range r.a.Ecosystems {
		names[i] = e.Name()
	}
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
	}
	out := make([]string, 0, len(env)+len(set))
	for _, kv := range env {
		k, _, _ := strings.Cut(kv, "=")
		if _, ok := set[k]; !ok {
			out = append(out, kv)
		}
	}
	for _, k := range []string{"INPUT_MODE", "INPUT_ANNOTATE", "INPUT_SUMMARY", "INPUT_REVIEW", "INPUT_SUBMIT_DEPENDENCIES"} {
		out = append(out, k+"="+set[k])
	}
	return out
}

// runChild runs the audit child, writing its bundle to dir and its files
// at the paths of files, and returns its exit status.
func (r *run) runChild(ctx context.Context, dir string, files Files) (int, error) {
	exe := r.a.Exe
	if exe == "" {
		exe = selfExe
	}
	resume := randomToken()
	env := append(r.child[:len(r.child):len(r.child)],
		"INPUT_BUNDLE="+dir, "INPUT_REPORT="+files.Report, "INPUT_SBOM="+files.SBOM, "INPUT_SARIF="+files.SARIF,
		resumeTokenVar+"="+resume)
	env = lastWins(env)
	ctx, stop := childContext(ctx)
	defer stop()
	cmd := exec.CommandContext(ctx, exe, "action")
	cmd.Args[0] = "envaudit"
	cmd.Env = env
	cmd.Stdout, cmd.Stderr = r.stdout, r.stderr
	cmd.Dir, _ = os.Getwd()
	// A cancelled step asks the child to stop, as the runner asks the
	// step; the child stops the test command and still writes its audit.
	cmd.Cancel = func() error { return cmd.Process.Signal(syscall.SIGTERM) }
	cmd.WaitDelay = childStopDelay
	err := cmd.Run()
	var ee *exec.ExitError
	if errors.As(err, &ee) && ee.Exited() && ee.ExitCode() <= ExitCommandErr {
		return ee.ExitCode(), nil
	}
	if err != nil {
		// A child killed (or ending otherwise than envaudit does) may
		// have died between its stop-commands and their resume: every
		// annotation after it, the holder's error included, would be
		// lost.
		fmt.Fprintf(r.stdout, "\n::%s::\n", resume)
		return ExitUsage, err
	}
	return ExitOK, nil
}

// childContext is the context the audit child runs under: ctx passed on
// at once when it is interrupted, and childTimeoutSlack late when its
// deadline passes.
func childContext(ctx context.Context) (context.Context, context.CancelFunc) {
	child, cancel := context.WithCancelCause(context.WithoutCancel(ctx))
	unhook := context.AfterFunc(ctx, func() {
		cause := context.Cause(ctx)
		if !errors.Is(cause, context.DeadlineExceeded) {
			cancel(cause)
			return
		}
		// Cancelling a child context already done does nothing: the
		// timer may outlive it.
		time.AfterFunc(childTimeoutSlack, func() { cancel(cause) })
	})
	return child, func() {
		unhook()
		cancel(nil)
	}
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
