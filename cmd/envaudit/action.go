package main

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"net/http"
	"os"
	"path"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"github.com/google/go-github/v62/github"
	"github.com/sethvargo/go-githubactions"

	"github.com/envaudit/envaudit/audit"
	"github.com/envaudit/envaudit/basecommit"
	"github.com/envaudit/envaudit/baseline"
	"github.com/envaudit/envaudit/ecosystems"
	"github.com/envaudit/envaudit/ecosystems/all"
	"github.com/envaudit/envaudit/internal/ghaction"
	"github.com/envaudit/envaudit/internal/gitcmd"
	"github.com/envaudit/envaudit/internal/outfile"
	"github.com/envaudit/envaudit/policy"
	"github.com/envaudit/envaudit/sarif"
	"github.com/envaudit/envaudit/sbom"
)

// cmdAction is the GitHub Action: it traces the test command, audits it,
// and reports to GitHub (annotations, job summary, outputs, pull-request
// review, SARIF, dependency snapshot), or, with mode: baseline, snapshots
// the runner before the project's install steps.
func cmdAction(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	c := newSubcommand("action", noOperands,
		"It runs inside a GitHub Actions step, as action.yml invokes it, and takes its inputs from the INPUT_* variables action.yml maps (run, working-directory, fail-on, ...); docs/action.md lists them.")
	c.stray = "the Action reads its inputs from INPUT_* variables"
	if code, done := c.parse(args, stdout, stderr); done {
		return code
	}
	return runAction(ctx, actionEnv{
		environ: os.Environ,
		stdout:  stdout,
		stderr:  stderr,
		git:     gitcmd.Output,
		now:     time.Now,
		ecos:    all.Ecosystems(),
		protect: protectProcess,
	})
}

// actionEnv is what the Action touches of its surroundings, injectable for
// tests.
type actionEnv struct {
	environ func() []string
	stdout  io.Writer
	stderr  io.Writer
	http    *http.Client // nil: the default client
	git     basecommit.Git
	now     func() time.Time
	ecos    []ecosystems.Ecosystem
	// protect, when set, hides the Action's secrets from the processes it
	// starts, given the environment they get (protectProcess); tests
	// running the Action in process leave it nil.
	protect func(keep []string) error
}

func runAction(ctx context.Context, env actionEnv) int {
	// The Action reads its own settings from one snapshot of the
	// environment; the traced command gets a filtered copy of it.
	environ := env.environ()
	orig := map[string]string{}
	for _, kv := range environ {
		k, v, _ := strings.Cut(kv, "=")
		orig[k] = v
	}
	getenv := func(k string) string { return orig[k] }
	gh := githubactions.New(githubactions.WithWriter(env.stdout), githubactions.WithGetenv(getenv))

	in, err := ghaction.ReadInputs(getenv)
	if err != nil {
		gh.Errorf("envaudit: %v", err)
		return exitUsage
	}
	if in.Token != "" {
		gh.AddMask(in.Token)
	}
	var epoch time.Time
	if in.SBOM != "" {
		if epoch, err = sourceDateEpoch(getenv); err != nil {
			gh.Errorf("envaudit: %v", err)
			return exitUsage
		}
	}
	ghctx, err := gh.Context()
	if err != nil {
		gh.Warningf("envaudit: reading the GitHub context: %v", err)
	}
	cwd, err := os.Getwd()
	if err != nil {
		gh.Errorf("envaudit: %v", err)
		return exitUsage
	}
	workspace := resolved(ghctx.Workspace)
	if workspace == "" {
		workspace = resolved(cwd)
	}
	dir := in.WorkingDirectory
	if dir == "" {
		dir = "."
	}
	absDir := dir
	if !filepath.IsAbs(absDir) {
		absDir = filepath.Join(cwd, dir)
	}
	absDir = resolved(absDir)
	prefix := audit.RepoPrefix(workspace, absDir)
	temp := getenv("RUNNER_TEMP")
	if temp == "" {
		temp = os.TempDir()
	}
	baselinePath := in.Baseline
	if baselinePath == "" {
		baselinePath = filepath.Join(temp, "envaudit-baseline.json")
	}
	setOutput := func(k, v string) {
		if getenv("GITHUB_OUTPUT") != "" {
			gh.SetOutput(k, v)
		}
	}

	// The traced command is the pull request's code, and so are the tools
	// the ecosystems ask about the installation (a project's own
	// interpreter, Maven's plugins): they get neither the token nor the
	// runner's other credentials nor its file commands.
	untrusted := ghaction.FilterEnviron(environ, in.Token)
	// Nor may they read the token from envaudit's own process.
	if env.protect != nil {
		if err := env.protect(untrusted); err != nil {
			gh.Errorf("envaudit: hiding the token from the test command: %v", err)
			return exitUsage
		}
	}

	// Nor may they write the step's file commands, which the runner
	// keeps where they can list them: recorded now, put back once nothing
	// of the project runs any more (before envaudit writes its own), or on
	// the way out of an early return.
	guard, err := guardFileCommands(getenv)
	if err != nil {
		gh.Errorf("envaudit: %v", err)
		return exitUsage
	}
	restored := false
	restoreFileCommands := func() (warning string, ok bool) {
		if restored {
			return "", true
		}
		restored = true
		tampered, err := guard.restore()
		if len(tampered) > 0 {
			warning = tamperedMessage(tampered)
			gh.Warningf("envaudit: %s", warning)
		}
		if err != nil {
			gh.Errorf("envaudit: the step's file commands could not be restored, so its outputs and later steps' environment may be forged: %v", err)
			return warning, false
		}
		return warning, true
	}
	defer restoreFileCommands()

	if in.Mode == "baseline" {
		b, warnings, err := takeBaseline(ctx, dir, untrusted, env.ecos, env.now())
		if err != nil {
			gh.Errorf("envaudit: baseline: %v", err)
			return exitUsage
		}
		if _, ok := restoreFileCommands(); !ok {
			return exitUsage
		}
		for _, w := range warnings {
			fmt.Fprintf(env.stderr, "envaudit: baseline: %s\n", w)
		}
		if err := baseline.Write(baselinePath, b); err != nil {
			gh.Errorf("envaudit: %v", err)
			return exitUsage
		}
		setOutput("baseline", baselinePath)
		fmt.Fprintf(env.stdout, "envaudit: runner baseline of %s written to %s\n", baselineCounts(b), baselinePath)
		return exitOK
	}

	cfg, err := loadActionConfig(absDir, workspace, env.ecos)
	if err != nil {
		annotateError(gh, err)
		return exitUsage
	}

	// Nor may the traced command issue workflow commands (a forged
	// ::error:: or ::add-mask::): GitHub ignores them between
	// stop-commands and the token that resumes them.
	stop := randomToken()
	fmt.Fprintf(env.stdout, "::stop-commands::%s\n", stop)
	// The output paths go through the CLI's checks before anything runs: no
	// output may overwrite a manifest or a file envaudit did not write.
	r, instErr, err := runTraced(ctx, &outputFlags{dir: dir, report: in.Report, sbom: in.SBOM, sarif: in.SARIF}, runOptions{
		command:  shellCommand(in.Run),
		timeout:  in.Timeout,
		environ:  untrusted,
		devTools: cfg.DevTools,
		stdout:   env.stdout,
		stderr:   env.stderr,
	}, env.stderr, env.ecos)
	fmt.Fprintf(env.stdout, "::%s::\n", stop)
	if err != nil {
		annotateError(gh, err)
		return fail(env.stderr, "action", err)
	}
	if instErr != nil {
		gh.Warningf("envaudit: %v", instErr)
	}

	var notes []string
	if b, err := baseline.Read(baselinePath); err == nil {
		_ = b.Enrich(ctx, r) // never fails
	} else if in.Baseline != "" || !errors.Is(err, os.ErrNotExist) {
		gh.Warningf("envaudit: %v", err)
	}

	pr := ghaction.PullRequestFromEvent(ghctx.Event)
	repo, repoErr := ghaction.ParseRepo(ghctx.Repository)
	var client *github.Client
	if in.Token != "" {
		if client, err = ghaction.NewClient(getenv("GITHUB_API_URL"), in.Token, env.http); err != nil {
			gh.Warningf("envaudit: %v", err)
		}
	}

	base := ""
	switch {
	case pr != nil:
		base = pr.BaseSHA
	case ghctx.EventName == "push":
		base, _ = ghctx.Event["before"].(string)
	}
	if strings.Trim(base, "0") != "" {
		err := basecommit.Comparison{Dir: absDir, Base: base, Git: env.git, Ecosystems: declarers(env.ecos), Fetch: true}.Enrich(ctx, r)
		if err != nil {
			gh.Noticef("envaudit: findings were not compared with base commit %s, so every one of them can gate: %v", gitcmd.ShortSHA(base), err)
			notes = append(notes, "Not compared with the base commit: "+err.Error()+".")
			base = ""
		}
	} else {
		base = ""
	}
	_ = cfg.Enrich(ctx, r) // never fails

	var detection policy.Detection
	if pr != nil {
		pr.Commits = prCommits(ctx, env, client, repo, repoErr, pr, absDir)
		detection = policy.DetectAgent(pr, policy.Signatures(cfg.Agents))
	}
	gate := in.AgentPolicy.For(policy.Gate{FailOn: in.FailOn, Existing: !in.OnlyNew}, detection.Authored())
	items := r.Items()
	failing := gate.Apply(items)

	out := ghaction.Outputs{AgentAuthored: detection.Authored(), Failing: failing}
	out.CountFindings(r)
	out.Report = in.Report
	if out.Report == "" {
		out.Report = filepath.Join(temp, "envaudit-report.json")
	}
	out.SBOM, out.SARIF = in.SBOM, in.SARIF
	project := filepath.Base(absDir)
	if repoErr == nil {
		project = path.Join(repo.Name, prefix)
	}
	sbomTime := env.now()
	if !epoch.IsZero() {
		sbomTime = epoch
	}
	// Everything of the project has run (the traced command, the
	// ecosystems' tools, git in a checkout it could configure): the file
	// commands are put back before envaudit writes to them.
	warning, ok := restoreFileCommands()
	if !ok {
		return exitUsage
	}
	if warning != "" {
		r.Warnings = append(r.Warnings, warning)
	}
	err = outfile.WriteAll(
		reportFile("report", out.Report, r),
		sbomFile("sbom", in.SBOM, r, sbom.Options{Identify: all.Identify, Project: project}, sbom.Envelope{Timestamp: sbomTime, ContentSerial: !epoch.IsZero(), Tool: r.Tool}, in.SBOMFormat),
		sarifFile("sarif", in.SARIF, r, sarif.Options{Prefix: prefix, Fallback: workflowFile(getenv)}),
	)
	if err != nil {
		gh.Errorf("envaudit: %v", err)
		return exitUsage
	}

	dropped := 0
	if in.Annotate {
		var anns []ghaction.Annotation
		anns, dropped = ghaction.PlanAnnotations(items, prefix)
		ghaction.WriteAnnotations(gh, anns)
	}
	info := ghaction.SummaryInfo{Gate: gate, AgentPolicy: in.AgentPolicy.Name, Agent: detection, PR: pr, Base: base, Dropped: dropped}

	if doReview(in.Review, pr, client, repoErr) {
		ci := info
		ci.Notes = notes
		ci.MaxRows = 30
		res, err := ghaction.Review(ctx, client, repo, pr, ghaction.ReviewOptions{
			Items:   items,
			Prefix:  prefix,
			Summary: ghaction.Summary(r, items, ci, ghaction.CommentLimit-len(ghaction.SummaryMarker)-1),
		})
		var pe *ghaction.PermissionError
		switch {
		case errors.As(err, &pe):
			gh.Noticef("envaudit: pull-request review skipped: %v. A pull request from a fork gets a read-only token; see docs/action.md for the workflow_run pattern.", err)
			notes = append(notes, "Pull-request review skipped: the token may not write (a fork's read-only token, or no `pull-requests: write` permission).")
		case err != nil:
			gh.Warningf("envaudit: pull-request review failed: %v", err)
			notes = append(notes, "Pull-request review failed: "+err.Error()+".")
		default:
			fmt.Fprintf(env.stderr, "envaudit: review: %d inline %s, summary comment %d\n", res.Comments, plural(res.Comments, "comment", "comments"), res.SummaryID)
		}
	} else if in.Review == "true" {
		gh.Noticef("envaudit: review requested, but this is not a pull request event with a token and repository")
	}

	if in.SubmitDependencies {
		if repoErr != nil || client == nil {
			gh.Warningf("envaudit: submit-dependencies needs GITHUB_REPOSITORY and a token")
		} else {
			job := ghaction.SnapshotJob{
				Correlator: strings.Join([]string{getenv("GITHUB_WORKFLOW"), getenv("GITHUB_JOB"), "envaudit", prefix}, "_"),
				RunID:      getenv("GITHUB_RUN_ID"),
				SHA:        ghctx.SHA,
				Ref:        ghctx.Ref,
			}
			if ghctx.ServerURL != "" && job.RunID != "" {
				job.HTMLURL = fmt.Sprintf("%s/%s/actions/runs/%s", ghctx.ServerURL, repo, job.RunID)
			}
			result, err := ghaction.SubmitSnapshot(ctx, client, repo, ghaction.NewSnapshot(r, prefix, job, env.now(), all.Identify))
			var pe *ghaction.PermissionError
			switch {
			case errors.As(err, &pe):
				gh.Noticef("envaudit: dependency snapshot skipped: %v (it needs `contents: write`)", err)
				notes = append(notes, "Dependency snapshot skipped: the token may not write it (`contents: write`).")
			case err != nil:
				gh.Warningf("envaudit: %v", err)
			default:
				fmt.Fprintf(env.stderr, "envaudit: dependency snapshot: %s\n", result)
			}
		}
	}

	if in.Summary && getenv("GITHUB_STEP_SUMMARY") != "" {
		info.Notes = notes
		gh.AddStepSummary(ghaction.Summary(r, items, info, ghaction.StepSummaryLimit))
	}
	outputs := out.Map()
	names := make([]string, 0, len(outputs))
	for k := range outputs {
		names = append(names, k)
	}
	slices.Sort(names)
	for _, k := range names {
		setOutput(k, outputs[k])
	}

	code := exitOK
	if failing > 0 {
		fmt.Fprintf(env.stderr, "envaudit: %d %s this check (fail-on %s)\n", failing, plural(failing, "finding fails", "findings fail"), gate)
		code = exitFindings
	}
	if ri := r.Run; ri != nil && !ri.Succeeded {
		fmt.Fprintf(env.stderr, "envaudit: the test command %s; the audit rests on a run that did not succeed\n", ri.Status())
		code = exitCommandErr
	}
	return code
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

// loadActionConfig reads .envaudit.yml from the project directory, else
// from the repository root, naming it relative to the repository in
// errors; its ecosystem names must be those of ecos.
func loadActionConfig(dir, workspace string, ecos []ecosystems.Ecosystem) (*policy.Config, error) {
	names := make([]string, len(ecos))
	for i, e := range ecos {
		names[i] = e.Name()
	}
	for _, d := range []string{dir, workspace} {
		p := filepath.Join(d, policy.ConfigFile)
		if _, err := os.Stat(p); err != nil {
			continue
		}
		name := policy.ConfigFile
		if rel := audit.RepoPrefix(workspace, d); rel != "" {
			name = rel + "/" + name
		}
		return policy.LoadConfig(p, name, names)
	}
	return &policy.Config{}, nil
}

// annotateError reports an error as an error annotation, on the file and
// line of a positioned one.
func annotateError(gh *githubactions.Action, err error) {
	var pe *ecosystems.PosError
	if errors.As(err, &pe) && pe.Pos.File != "" && !filepath.IsAbs(pe.Pos.File) {
		fields := map[string]string{"file": filepath.ToSlash(pe.Pos.File), "title": "envaudit"}
		if pe.Pos.Line > 0 {
			fields["line"] = fmt.Sprint(pe.Pos.Line)
		}
		gh.WithFieldsMap(fields).Errorf("%v", pe.Err)
		return
	}
	gh.Errorf("envaudit: %v", err)
}

// doReview decides whether to review: review "auto" does on pull requests
// when a token is there, "true" wants it, "false" never.
func doReview(mode string, pr *policy.PullRequest, client *github.Client, repoErr error) bool {
	return mode != "false" && pr != nil && pr.Number > 0 && client != nil && repoErr == nil
}

// prCommits returns the pull request's commits for agent detection: from
// the API, else from git when the clone has them.
func prCommits(ctx context.Context, env actionEnv, client *github.Client, repo ghaction.Repo, repoErr error, pr *policy.PullRequest, dir string) []policy.Commit {
	if client != nil && repoErr == nil {
		if commits, err := ghaction.ListCommits(ctx, client, repo, pr.Number); err == nil {
			return commits
		}
	}
	if pr.BaseSHA == "" || pr.HeadSHA == "" {
		return nil
	}
	out, err := env.git(ctx, dir, "log", "--format=%H%x1f%an%x1f%ae%x1f%B%x1e", pr.BaseSHA+".."+pr.HeadSHA)
	if err != nil {
		return nil
	}
	var commits []policy.Commit
	for _, rec := range strings.Split(string(out), "\x1e") {
		f := strings.SplitN(strings.TrimLeft(rec, "\n"), "\x1f", 4)
		if len(f) == 4 {
			commits = append(commits, policy.Commit{SHA: f[0], AuthorName: f[1], AuthorEmail: f[2], Message: f[3]})
		}
	}
	return commits
}

func declarers(ecos []ecosystems.Ecosystem) []basecommit.Declarer {
	out := make([]basecommit.Declarer, len(ecos))
	for i, e := range ecos {
		out[i] = e
	}
	return out
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

func resolved(p string) string {
	if p == "" {
		return ""
	}
	if r, err := filepath.EvalSymlinks(p); err == nil {
		return r
	}
	return filepath.Clean(p)
}

func randomToken() string {
	var b [16]byte
	_, _ = rand.Read(b[:])
	return "envaudit-" + hex.EncodeToString(b[:])
}
