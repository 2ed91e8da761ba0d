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

	"github.com/envaudit/envaudit/internal/bundle"
	"github.com/envaudit/envaudit/internal/ghaction"
	"github.com/envaudit/envaudit/internal/outfile"
	"github.com/envaudit/envaudit/policy"
)

// selfExe is the executable of the running process whatever PATH or the
// workspace hold: the kernel's link, not a name to look up.
const selfExe = "/proc/self/exe"

// childStopDelay is how long the audit child has to stop after the step
// is cancelled (it stops the test command and still writes its audit)
// before it is killed.
const childStopDelay = 20 * time.Second

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
		// The gate is the base branch's: the checkout's .envaudit.yml,
		// which setup read, is the pull request's.
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
		r.gh.Warningf("envaudit: the base commit's %s could not be read (no API access or no base commit), so none applies to this pull request", policy.ConfigFile)
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
		r.gh.Warningf("envaudit: the base commit's %s, so none applies to this pull request: %v", name, err)
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
	env := append(r.child[:len(r.child):len(r.child)],
		"INPUT_BUNDLE="+dir, "INPUT_REPORT="+files.Report, "INPUT_SBOM="+files.SBOM, "INPUT_SARIF="+files.SARIF)
	env = lastWins(env)
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
	if errors.As(err, &ee) && ee.Exited() {
		return ee.ExitCode(), nil
	}
	if err != nil {
		return ExitUsage, err
	}
	return ExitOK, nil
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
