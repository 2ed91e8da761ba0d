package action

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net/http"
	"os"
	"runtime/debug"
	"slices"
	"strings"
	"time"

	"github.com/google/go-github/v62/github"
	"github.com/sethvargo/go-githubactions"

	"github.com/envaudit/envaudit/audit"
	"github.com/envaudit/envaudit/basecommit"
	"github.com/envaudit/envaudit/baseline"
	"github.com/envaudit/envaudit/ecosystems"
	"github.com/envaudit/envaudit/engine"
	"github.com/envaudit/envaudit/ghaction"
	"github.com/envaudit/envaudit/internal/outfile"
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
	// Error is what kept the run from doing all its work once it had
	// the result (a file it could not write), "" when nothing did: the
	// summary says it first, and the error output holds it.
	Error string
	// Distrust are mode publish's reasons to fail the check whatever
	// the bundle says (trust.go): each fails the check run, and the
	// summaries say it under the verdict.
	Distrust []Distrust
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
		Error:       res.Error,
		Distrust:    res.distrustWhy(),
	}
}

// distrustWhy are the paragraphs of res.Distrust.
func (res *Result) distrustWhy() []string {
	var out []string
	for _, d := range res.Distrust {
		out = append(out, d.Why)
	}
	return out
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
		Error:         res.Error,
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
// the runner before the project's install steps; mode study makes the
// study's tables over a directory of reports (study.go).
//
// Whatever goes wrong, the step says what: an error annotation, a
// section of the job summary and the error output (fail), beside the
// findings when the audit got as far as them (failPublished). A panic
// of envaudit's own is one such error.
func (a *Action) Run(ctx context.Context) (code int) {
	r := a.start()
	// Mode single's audit child tells its holder what went wrong, last
	// of all, once every error is known.
	defer r.tellHolder()
	// The file commands are put back on every way out, an early one too,
	// and checked once more last of all: what changed them after
	// envaudit's own writes outlived the run, and fails the step.
	defer func() {
		r.loader.Close()
		r.held.Close()
		_, rerr := r.restore()
		if err := errors.Join(rerr, r.recheck()); err != nil {
			code = r.fail(err)
		}
	}()
	defer func() {
		if p := recover(); p != nil {
			r.resumeCommands()
			fmt.Fprintf(r.stderr, "panic: %v\n\n%s\n", p, debug.Stack())
			code = r.fail(fmt.Errorf("envaudit crashed, which is a bug in envaudit (its stack is in the log): %v", p))
		}
	}()
	if err := r.setup(); err != nil {
		return r.fail(err)
	}
	// The timeout input bounds the run: setup's reads, the project's and
	// its installation's before the test command, and the command — a
	// hostile project can make reading it slow, not only its tests. It
	// does not cut short what follows the command (afterRun), so that a
	// command that ended in time is audited, gated and published in full.
	ctx, cancel := engine.WithRunTimeout(ctx, r.in.Timeout)
	defer cancel()
	switch r.in.Mode {
	case ghaction.ModeBaseline:
		return r.baseline(ctx)
	case ghaction.ModePublish:
		return r.publishBundle(ctx)
	case ghaction.ModeSingle:
		return r.single(ctx)
	case ghaction.ModeStudy:
		return r.study()
	}
	return r.audit(ctx)
}

// publishTimeout bounds the phases after the test command of modes audit
// and single — enriching, gating, writing and publishing, which ask
// GitHub's API — whatever is left of the timeout input, which bounds the
// command.
const publishTimeout = 5 * time.Minute

// afterRun returns the context of the phases that follow the test
// command, traced with ctx: the timeout input no longer applies
// (engine.AfterRun), publishTimeout does; or, once an interrupt (the
// runner cancelling the step) ended ctx, a grace of its own,
// engine.AuditAfterInterrupt, so that what ran is still reported.
func afterRun(ctx context.Context) (context.Context, context.CancelFunc) {
	ctx = engine.AfterRun(ctx)
	if ctx.Err() != nil {
		return context.WithTimeout(context.WithoutCancel(ctx), engine.AuditAfterInterrupt)
	}
	return context.WithTimeout(ctx, publishTimeout)
}

// audit is the run of mode audit, after setup: the phases trace, enrich,
// gate, write and publish.
func (r *run) audit(ctx context.Context) int {
	// What the later phases need from git, read while the checkout is
	// still the pull request's as checked out, and the runner baseline.
	r.prefetch(ctx)
	r.readBaseline()
	rep, err := r.trace(ctx)
	if err != nil {
		// The error may name a project file, whose name is the project's
		// text: escaped, it cannot start a workflow command. (Mode
		// single's audit child prints it in fail.)
		if r.holder == nil {
			fmt.Fprintf(r.stderr, "envaudit: %s\n", ghaction.CommandData(err.Error()))
		}
		return r.fail(err)
	}
	ctx, cancel := afterRun(ctx)
	defer cancel()
	res := &Result{Report: rep, Prefix: r.prefix}
	r.enrich(ctx, res)
	r.gate(ctx, res)
	// Everything of the project has run by now (the traced command, the
	// ecosystems' tools, git in a checkout it could configure): the file
	// commands are put back before envaudit writes to them.
	warning, err := r.restore()
	if err != nil {
		return r.fail(err)
	}
	if warning != "" {
		res.Report.Warnings = append(res.Report.Warnings, warning)
	}
	if err := r.write(res); err != nil {
		return r.failPublished(ctx, res, err)
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
	// reportsDir and studyDir are mode study's reports input and study
	// directory, absolute.
	reportsDir, studyDir string
	// held are the output files' directories, opened once their paths
	// are checked, before the test command runs: the files are written
	// into them, and only while their paths still name them.
	held *outfile.Dirs
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
	// restoreErr is why the file commands could not be put back: then
	// envaudit writes none of its own.
	restoreErr error
	// survivors is set when processes of the traced command may have
	// outlived it (tracer.End.Survivors).
	survivors bool
	// stopped is the token that resumes the workflow commands while the
	// traced command's output has them stopped, "" otherwise.
	stopped string
	// published is set once the publishers ran.
	published bool
	// holder is mode single's audit child's pipe to its holder, and said
	// what the child tells it there (childReport); nil outside the child.
	holder *os.File
	said   childReport
	cfg    *policy.Config

	// Set by the trace phase, before the test command runs.
	baseState *baseState
	// runnerBaseline is the runner baseline read before the test command
	// ran (readBaseline), nil when it could not be (runnerBaselineErr
	// says why).
	runnerBaseline    *baseline.Baseline
	runnerBaselineErr error

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
	r.gh = githubactions.New(githubactions.WithWriter(ghaction.CommandWriter(r.stdout)), githubactions.WithGetenv(r.getenv))
	// Mode single's audit child takes its pipe to the holder before it
	// runs anything, so that nothing it runs inherits it.
	if r.getenv(singleChildVar) == "true" && r.getenv(holderFDVar) == fmt.Sprint(holderFD) {
		holder, err := holderPipe(holderFD)
		if err != nil {
			r.gh.Warningf("envaudit: the pipe to the token's holder: %v", err)
		}
		r.holder = holder
	}
	return r
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
