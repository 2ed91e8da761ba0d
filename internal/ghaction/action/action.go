package action

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"github.com/google/go-github/v62/github"
	"github.com/sethvargo/go-githubactions"

	"github.com/envaudit/envaudit/audit"
	"github.com/envaudit/envaudit/basecommit"
	"github.com/envaudit/envaudit/ecosystems"
	"github.com/envaudit/envaudit/engine"
	"github.com/envaudit/envaudit/internal/ghaction"
	"github.com/envaudit/envaudit/internal/toolexec"
	"github.com/envaudit/envaudit/policy"
	"github.com/envaudit/envaudit/tracer"
)

// Exit statuses of a run, the command line's (DESIGN.md).
const (
	ExitOK         = 0 // the test command succeeded and no finding fails the gate
	ExitFindings   = 1 // a finding fails the gate
	ExitUsage      = 2 // bad inputs or config, or the run could not be done
	ExitCommandErr = 3 // the test command itself failed
)

// Action is the GitHub Action with what it touches of its surroundings,
// each injectable so that tests run it in process against a fake GitHub
// API. The zero value of an optional field means the real thing.
type Action struct {
	// Environ returns the process's environment (os.Environ): the inputs
	// (INPUT_*), the runner's GITHUB_* and RUNNER_* variables, and what
	// the traced command starts from once filtered.
	Environ func() []string
	// Stdout receives the workflow commands (annotations, masks) and the
	// traced command's output; Stderr progress and the traced command's
	// errors.
	Stdout, Stderr io.Writer
	// HTTP is the client of GitHub's API; nil means http.DefaultClient.
	HTTP *http.Client
	// Git runs git; nil means the git found on PATH as the ecosystems'
	// tools are (gitcmd.Program), before anything of the project runs.
	Git basecommit.Git
	// Now is the clock; nil means time.Now.
	Now func() time.Time
	// Ecosystems are the ecosystems to detect (all.Ecosystems()).
	Ecosystems []ecosystems.Ecosystem
	// Protect, when set, hides the Action's secrets from the processes it
	// starts, given the environment they get (ProtectProcess); tests
	// running the Action in process leave it nil.
	Protect func(keep []string) error
	// EndLeftovers, when set, ends every process still running below
	// envaudit once the project's code and envaudit's tools are done,
	// and returns their pids (tracer.EndDescendants): what a tool left
	// behind, reparented to envaudit by Protect. Tests running the Action
	// in process leave it nil.
	EndLeftovers func() ([]int, error)
	// StartLoader, when set, starts the loader of the eBPF tracer's
	// programs (tracer.StartEBPFLoader) in mode audit, right after
	// Protect and before anything of the project's runs; through sudo
	// when envaudit is not root. Tests running the Action in process
	// leave it nil: the tracer then loads the programs itself as root.
	StartLoader func() (*tracer.EBPFLoader, error)
	// Version is envaudit's version, recorded in the report.
	Version string
	// Identify names the packages of the SBOM and the dependency snapshot
	// as their ecosystems do (all.Identify).
	Identify func(ecosystem, name, version string) ecosystems.Identity
	// Exe is the executable mode single re-executes as its audit child;
	// "" means /proc/self/exe, envaudit's own binary whatever PATH says.
	// Tests leave it "" too: the test binary then acts as envaudit
	// (TestMain).
	Exe string
}

// Result is an audit that is finished, enriched and gated, with what the
// phases before publishing learnt about it: what every publisher reads.
// Publishers may add to Dropped and Notes for the ones after them (the
// summary says what the review and the snapshot could not do).
type Result struct {
	Report *audit.Report
	// Items are the report's findings with the gate applied (Failing
	// set), in report order.
	Items []audit.Item
	Gate  policy.Gate
	// Failing counts the items that fail the gate.
	Failing int
	// AgentPolicy names the agent-policy input, for the summary.
	AgentPolicy string
	Detection   policy.Detection
	// PR is the pull request of the event, nil outside pull requests.
	PR *policy.PullRequest
	// Base is the commit the findings were compared with, "" when none.
	Base string
	// Prefix is the project's directory in the repository
	// (audit.RepoPrefix), "" at its root.
	Prefix string
	// Files are the paths the write phase wrote.
	Files Files
	// Dropped counts the findings that deserved an annotation but did not
	// get one because of GitHub's limits (set by Annotations).
	Dropped int
	// Notes are lines of Markdown the summaries add (a skipped
	// comparison, a read-only token). Any text in them that came from
	// elsewhere, an error's above all, is escaped with markdown.Text.
	Notes []string
	// BundleNotes are the audit's notes (those of the enrich phase) as
	// plain text, for the publish bundle: the publisher of mode publish
	// or single shows them in its summary.
	BundleNotes []string
}

// Files are the paths of the files a run wrote, "" for one not asked for.
// Bundle is the publish bundle's directory.
type Files struct {
	Report, SBOM, SARIF, Bundle string
}

// summaryInfo is what the summaries say beyond the report.
func (res *Result) summaryInfo() ghaction.SummaryInfo {
	return ghaction.SummaryInfo{
		Gate:        res.Gate,
		AgentPolicy: res.AgentPolicy,
		Agent:       res.Detection,
		PR:          res.PR,
		Base:        res.Base,
		Dropped:     res.Dropped,
		Notes:       res.Notes,
	}
}

// outputs are the step's outputs (action.yml) for the result.
func (res *Result) outputs() ghaction.Outputs {
	out := ghaction.Outputs{
		Report:        res.Files.Report,
		SBOM:          res.Files.SBOM,
		SARIF:         res.Files.SARIF,
		Bundle:        res.Files.Bundle,
		AgentAuthored: res.Detection.Authored(),
		Failing:       res.Failing,
	}
	out.CountFindings(res.Report)
	return out
}

// Run runs the Action in the mode its inputs ask for and returns the
// step's exit status. Mode audit traces the test command, audits and
// gates it, writes the report, SBOM, SARIF and publish bundle, annotates
// and writes the job summary, and writes nothing through the API; mode
// publish publishes an audit job's bundle (review, summary comment, check
// run, dependency snapshot); mode single does both, the audit in a child
// process that never had the token (single.go); mode baseline snapshots
// the runner before the project's install steps. Whatever goes wrong is
// reported as an error annotation.
func (a *Action) Run(ctx context.Context) (code int) {
	r := a.start()
	// The file commands are put back on every way out, an early one too,
	// and checked once more last of all: what changed them after
	// envaudit's own writes outlived the run, and fails the step.
	defer func() {
		r.loader.Close()
		if _, err := r.restore(); err != nil {
			r.gh.Errorf("envaudit: %v", err)
			code = ExitUsage
		}
		if err := r.recheck(); err != nil {
			r.gh.Errorf("envaudit: %v", err)
			code = ExitUsage
		}
	}()
	if err := r.setup(); err != nil {
		return r.fail(err)
	}
	// The timeout input bounds the whole step: a hostile project can make
	// reading it or enumerating its installation slow, not only its tests.
	ctx, cancel := engine.WithStepTimeout(ctx, r.in.Timeout)
	defer cancel()
	switch r.in.Mode {
	case ghaction.ModeBaseline:
		return r.baseline(ctx)
	case ghaction.ModePublish:
		return r.publishBundle(ctx)
	case ghaction.ModeSingle:
		return r.single(ctx)
	}
	return r.audit(ctx)
}

// audit is the run of mode audit, after setup: the phases trace, enrich,
// gate, write and publish.
func (r *run) audit(ctx context.Context) int {
	// What the later phases need from git, read while the checkout is
	// still the pull request's as checked out.
	r.prefetch(ctx)
	rep, err := r.trace(ctx)
	if err == nil && ctx.Err() != nil {
		// The timeout fell, or an interrupt (the runner cancelling the
		// step) came, during the trace or its audit: what ran is still
		// enriched, gated and reported, within a grace of its own.
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeout(context.WithoutCancel(ctx), engine.AuditAfterInterrupt)
		defer cancel()
	}
	if err != nil {
		// The error may name a project file, whose name is the project's
		// text: escaped, it cannot start a workflow command.
		fmt.Fprintf(r.stderr, "envaudit: %s\n", ghaction.CommandData(err.Error()))
		return r.fail(err)
	}
	res := &Result{Report: rep, Prefix: r.prefix}
	r.enrich(ctx, res)
	r.gate(ctx, res)
	if err := r.write(res); err != nil {
		return r.fail(err)
	}
	r.publish(ctx, res)
	return r.exit(res)
}

// run is the state one Run shares between its phases.
type run struct {
	a      *Action
	stdout io.Writer
	stderr io.Writer
	git    basecommit.Git
	now    func() time.Time
	gh     *githubactions.Action
	// identify names packages for the SBOM and the snapshot; nil names
	// every package generically.
	identify func(ecosystem, name, version string) ecosystems.Identity
	// environ is the snapshot of the environment the whole run reads;
	// getenv looks a variable up in it.
	environ []string
	getenv  func(string) string

	// Set by setup.
	in    ghaction.Inputs
	ghctx *githubactions.GitHubContext
	// epoch dates the SBOM when SOURCE_DATE_EPOCH is set.
	epoch time.Time
	// dir is the working-directory input ("." by default), absDir the
	// project's absolute directory and workspace the repository's, both
	// with symbolic links resolved.
	dir, absDir, workspace string
	prefix                 string
	temp                   string
	baselinePath           string
	// bundleDir is where mode audit writes the publish bundle.
	bundleDir string
	// untrusted is the environment of everything of the project's that
	// runs: the traced command and the tools the ecosystems ask.
	untrusted []string
	// child is the environment of mode single's audit child: the inputs
	// without the token, no credentials, no file commands.
	child []string
	// tools finds the programs envaudit runs (newTools), made before
	// anything of the project's runs.
	tools *toolexec.Resolver
	// loader is the eBPF programs' loader started in setup, or
	// loaderErr why it could not start; the trace takes it over.
	loader    *tracer.EBPFLoader
	loaderErr error
	guard     *fileCommandGuard
	restored  bool
	// commits are the pull request's commits as git listed them before
	// the run (prefetch).
	commits []policy.Commit
	// survivors is set when processes of the traced command may have
	// outlived it (tracer.End.Survivors).
	survivors bool
	cfg       *policy.Config

	// Set by the trace phase, before the test command runs.
	baseState *baseState

	// Set by enrich (by connect in modes publish and single).
	repo   ghaction.Repo // zero when GITHUB_REPOSITORY is not owner/name
	client *github.Client
	// run is the triggering workflow run of mode publish.
	run *ghaction.WorkflowRun
}

// start takes the snapshot of the environment the run reads.
func (a *Action) start() *run {
	r := &run{a: a, stdout: a.Stdout, stderr: a.Stderr, git: a.Git, now: a.Now, identify: a.Identify}
	if r.stdout == nil {
		r.stdout = io.Discard
	}
	if r.stderr == nil {
		r.stderr = io.Discard
	}
	if r.identify == nil {
		r.identify = func(_, name, version string) ecosystems.Identity { return ecosystems.GenericIdentity(name, version) }
	}
	if r.now == nil {
		r.now = time.Now
	}
	if a.Environ != nil {
		r.environ = a.Environ()
	} else {
		r.environ = os.Environ()
	}
	// Copies: the strings of the process's environment point into its
	// initial environment block, where Protect overwrites the values of
	// the variables it unsets (the token's among them).
	r.environ = slices.Clone(r.environ)
	for i, kv := range r.environ {
		r.environ[i] = strings.Clone(kv)
	}
	vars := make(map[string]string, len(r.environ))
	for _, kv := range r.environ {
		k, v, _ := strings.Cut(kv, "=")
		vars[k] = v
	}
	r.getenv = func(k string) string { return vars[k] }
	r.gh = githubactions.New(githubactions.WithWriter(r.stdout), githubactions.WithGetenv(r.getenv))
	return r
}

// fail reports err as an error annotation, on the file and line of a
// positioned one, and returns the exit status of a run that could not be
// done.
func (r *run) fail(err error) int {
	var pe *ecosystems.PosError
	if errors.As(err, &pe) && pe.Pos.File != "" && !filepath.IsAbs(pe.Pos.File) {
		fields := map[string]string{"file": filepath.ToSlash(pe.Pos.File), "title": "envaudit"}
		if pe.Pos.Line > 0 {
			fields["line"] = fmt.Sprint(pe.Pos.Line)
		}
		r.gh.WithFieldsMap(fields).Errorf("%v", pe.Err)
		return ExitUsage
	}
	r.gh.Errorf("envaudit: %v", err)
	return ExitUsage
}

// exit returns the step's exit status for the result, saying why on
// stderr when it is not success.
func (r *run) exit(res *Result) int {
	code := ExitOK
	if res.Failing > 0 {
		fmt.Fprintf(r.stderr, "envaudit: %d %s this check (fail-on %s)\n", res.Failing, plural(res.Failing, "finding fails", "findings fail"), res.Gate)
		code = ExitFindings
	}
	if ri := res.Report.Run; ri != nil && !ri.Succeeded {
		fmt.Fprintf(r.stderr, "envaudit: the test command %s; the audit rests on a run that did not succeed\n", ri.Status())
		code = ExitCommandErr
	}
	return code
}

func plural(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}
