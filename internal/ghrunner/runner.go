package ghrunner

import (
	"bufio"
	"context"
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"sort"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"time"
)

// Machine is the runner's machine: the image's environment, and what a
// uses: may name. A Machine runs any number of jobs, each in directories
// of its own, as a fresh hosted runner would.
type Machine struct {
	// Scratch is where each job's directories are made.
	Scratch string
	// Env is the image's environment (PATH, LANG, tool settings); the
	// runner adds HOME and its own variables per job.
	Env map[string]string
	// Actions resolves uses: by "owner/repo" or "owner/repo/path",
	// whatever the ref.
	Actions map[string]Impl
	// ServerURL and APIURL are GITHUB_SERVER_URL and GITHUB_API_URL.
	ServerURL, APIURL string
	// Token issues a job's GITHUB_TOKEN for its permissions.
	Token func(Permissions) string
	// Workflows resolves a job's uses: of a reusable workflow by
	// "owner/repo/.github/workflows/file.yml" (whatever the ref) or
	// "./.github/workflows/file.yml" to the file on this machine.
	Workflows map[string]string
}

// Impl is what a uses: runs: a Composite or a Native.
type Impl interface{ impl() }

// Composite is an action whose metadata (action.yml) in Dir says
// runs.using: composite; the runner runs its steps.
type Composite struct{ Dir string }

// Native stands in for a JavaScript action: Go code that does on this
// machine what the real action documents.
type Native struct {
	// Inputs are the action's inputs and their defaults (which may hold
	// expressions, like ${{ github.token }}).
	Inputs map[string]string
	Main   func(*StepAPI) error
	// Post, when set, runs after the job's steps, if PostIf (always()
	// when empty) holds then.
	Post   func(*StepAPI) error
	PostIf string
}

func (Composite) impl() {}
func (Native) impl()    {}

// Run is one workflow run: the event that started it and what GitHub
// derives from it.
type Run struct {
	Workflow *Workflow
	// WorkflowFile is the workflow's path in the repository
	// (.github/workflows/x.yml).
	WorkflowFile string
	Event        string
	Payload      map[string]any
	Repository   string // owner/name
	RunID        int64
	RunNumber    int
	RunAttempt   int
	// SHA and Ref are GITHUB_SHA and GITHUB_REF: for pull_request the
	// merge commit and refs/pull/N/merge, for workflow_run the default
	// branch's.
	SHA, Ref         string
	HeadRef, BaseRef string
	Actor            string
	// Secrets are the repository's secrets: the secrets context of the
	// workflow's jobs, masked in every log.
	Secrets map[string]string
}

// JobResult is what the runner and GitHub's UI show of a job.
type JobResult struct {
	// ID is the job's ID in its workflow, Name what GitHub shows of it
	// (for a matrix job, its combination; for a called workflow's,
	// behind the caller's name), Matrix its combination.
	ID, Name string
	Matrix   map[string]any
	// Conclusion is success, failure, cancelled or skipped.
	Conclusion string
	// Outputs are the job's outputs.
	Outputs     map[string]string
	Token       string
	Permissions Permissions
	Steps       []*StepResult
	// Annotations are every annotation the job's steps made, in order,
	// each marked whether GitHub shows it.
	Annotations []Annotation
	// Summary is the job summary: the steps' summaries in order.
	Summary string
	// Log is the job's log as GitHub shows it, secrets and masks
	// replaced by ***.
	Log string
	// Root holds the job's directories: Workspace, Temp (RUNNER_TEMP),
	// the tool cache and Home.
	Root, Workspace, Temp, Home string
}

// StepResult is one step's outcome.
type StepResult struct {
	Name, ID, Uses string
	// Outcome is before continue-on-error, Conclusion after it:
	// success, failure, cancelled or skipped.
	Outcome, Conclusion string
	// ExitCode is a run step's exit status (-1 when it did not run).
	ExitCode int
	Outputs  map[string]string
	// Steps are a composite action's.
	Steps []*StepResult
	Post  bool
	// Elapsed is how long the step ran.
	Elapsed time.Duration
}

// Annotation is an error, warning or notice as GitHub shows it on a job.
type Annotation struct {
	Level                            string // error, warning or notice
	File                             string
	Line, EndLine, Column, EndColumn int
	Title, Message                   string
	// Step is the name of the step that made it.
	Step string
	// Shown is false for one GitHub drops: past 10 of a level in a
	// step, or past 50 in the job.
	Shown bool
}

// Shown returns the annotations GitHub shows.
func (r *JobResult) Shown() []Annotation {
	var out []Annotation
	for _, a := range r.Annotations {
		if a.Shown {
			out = append(out, a)
		}
	}
	return out
}

// Find returns the step (at any depth) with id, nil when none.
func (r *JobResult) Find(id string) *StepResult {
	var find func([]*StepResult) *StepResult
	find = func(steps []*StepResult) *StepResult {
		for _, s := range steps {
			if s.ID == id && !s.Post {
				return s
			}
			if f := find(s.Steps); f != nil {
				return f
			}
		}
		return nil
	}
	return find(r.Steps)
}

// Limits of GitHub's UI on annotations and summaries.
const (
	annotationsPerLevelPerStep = 10
	annotationsPerJob          = 50
	summaryLimit               = 1 << 20
)

// job is a running job's state, shared by its steps.
type job struct {
	m        *Machine
	run      *Run
	def      *Job
	ws, temp string
	tool     string
	home     string
	token    string
	tracking string
	github   map[string]any
	envCtx   map[string]string // workflow's and job's env:, evaluated
	exported map[string]string // GITHUB_ENV
	paths    []string          // GITHUB_PATH, most recent last
	status   Status
	jc       *jobContext

	mu          sync.Mutex
	masks       []string
	annotations []Annotation
	summary     strings.Builder
	log         strings.Builder
	posts       []post
	stepSeq     map[string]int
	perStep     map[string]map[string]int
	shownInJob  int
}

// post is an action's post step, run after the job's steps.
type post struct {
	name  string
	impl  *Native
	api   *StepAPI
	frame *frame
}

// frame is a list of steps being run: the job's, or a composite
// action's.
type frame struct {
	j       *job
	steps   map[string]any // the steps context
	inputs  map[string]any // a composite's inputs; nil for the job
	action  *Action        // the composite, nil for the job
	repo    string         // the composite's owner/repo and ref
	ref     string
	env     map[string]string // env: of the step that uses the composite
	status  Status
	results *[]*StepResult
}

// RunJob runs job id of run on m and returns what GitHub would show of
// it. An error is a problem of the emulation or the workflow file (an
// unknown action, a broken expression), not a failing step. The job runs
// alone: its needs and matrix contexts are empty, so a job with a matrix
// or one that calls a reusable workflow is run by RunWorkflow.
func (m *Machine) RunJob(ctx context.Context, run *Run, id string) (*JobResult, error) {
	def := run.Workflow.Job(id)
	if def == nil {
		return nil, fmt.Errorf("workflow %q has no job %q", run.Workflow.Name, id)
	}
	if def.Uses != "" || def.Strategy != nil && def.Strategy.Matrix != nil {
		return nil, fmt.Errorf("job %q has a matrix or calls a workflow: RunWorkflow runs it", id)
	}
	jc := &jobContext{wf: run.Workflow, name: def.Name, needs: map[string]any{}, matrix: map[string]any{}, strategy: map[string]any{},
		inputs: map[string]any{}, secrets: run.Secrets}
	// The job's if: sees github, needs, vars and inputs.
	ok, err := jc.scope(m, run, def, StatusSuccess).condition(def.If)
	if err != nil {
		return nil, fmt.Errorf("job %q: if: %w", id, err)
	}
	if !ok {
		return &JobResult{ID: def.ID, Name: def.Name, Conclusion: "skipped"}, nil
	}
	return m.execJob(ctx, run, def, jc)
}

// jobContext is what a job gets from its place in the workflow run: the
// workflow it belongs to (a called one's, for its jobs), the name GitHub
// shows, the needs, matrix, strategy and inputs contexts, the secrets
// it may read, and for a called workflow's job the permissions its
// caller's token had, which bound its own.
type jobContext struct {
	wf                              *Workflow
	name                            string
	needs, matrix, strategy, inputs map[string]any
	secrets                         map[string]string
	callerPerms                     Permissions
}

// scope is the scope of the job's if: and name: (github without a
// token, needs, vars, inputs, and matrix and strategy once expanded).
func (jc *jobContext) scope(m *Machine, run *Run, def *Job, status Status) *scope {
	j := &job{m: m, run: run, def: def}
	return &scope{contexts: map[string]any{"github": j.githubContext(""), "needs": jc.needs, "vars": map[string]any{}, "inputs": jc.inputs,
		"matrix": jc.matrix, "strategy": jc.strategy}, status: status}
}

// execJob runs def, whose if: held, in directories of its own.
func (m *Machine) execJob(ctx context.Context, run *Run, def *Job, jc *jobContext) (*JobResult, error) {
	j := &job{m: m, run: run, def: def, jc: jc, status: StatusSuccess, exported: map[string]string{},
		stepSeq: map[string]int{}, perStep: map[string]map[string]int{}}
	root, err := os.MkdirTemp(m.Scratch, "runner-")
	if err != nil {
		return nil, err
	}
	repoName := run.Repository[strings.LastIndex(run.Repository, "/")+1:]
	work := filepath.Join(root, "work")
	j.ws, j.temp, j.tool, j.home = filepath.Join(work, repoName, repoName), filepath.Join(work, "_temp"), filepath.Join(work, "_tool"), filepath.Join(root, "home")
	for _, d := range []string{j.ws, j.temp, j.tool, j.home, filepath.Join(j.temp, "_github_workflow"), filepath.Join(j.temp, "_runner_file_commands")} {
		if err := os.MkdirAll(d, 0o755); err != nil {
			return nil, err
		}
	}
	res := &JobResult{ID: def.ID, Name: jc.name, Matrix: jc.matrix, Outputs: map[string]string{}, Root: root, Workspace: j.ws, Temp: j.temp, Home: j.home}
	declared := def.Permissions
	if declared == nil {
		declared = jc.wf.Permissions
	}
	if declared == nil && jc.callerPerms != nil {
		// A called workflow's job without permissions of its own has
		// its caller's.
		declared = jc.callerPerms
	}
	if declared == nil {
		// The restricted default of a repository's workflow permissions.
		declared = Permissions{"contents": "read", "packages": "read"}
	}
	perms := effective(declared)
	if jc.callerPerms != nil {
		// A called workflow can keep or lower its caller's
		// permissions, never raise them.
		for k, v := range perms {
			if c := jc.callerPerms[k]; c == "" || c == "read" && v == "write" {
				if c == "" {
					delete(perms, k)
				} else {
					perms[k] = c
				}
			}
		}
	}
	res.Permissions = perms
	j.token = m.Token(perms)
	res.Token = j.token
	j.masks = append(j.masks, j.token)
	for _, k := range sortedKeys(run.Secrets) {
		// The runner masks every secret of the repository.
		j.masks = append(j.masks, run.Secrets[k])
	}
	j.tracking = "github_" + uuid()
	eventPath := filepath.Join(j.temp, "_github_workflow", "event.json")
	data, err := json.Marshal(run.Payload)
	if err != nil {
		return nil, err
	}
	if err := os.WriteFile(eventPath, data, 0o644); err != nil {
		return nil, err
	}
	j.github = j.githubContext(eventPath)
	sc := &scope{contexts: map[string]any{"github": j.github, "needs": jc.needs, "vars": map[string]any{}, "inputs": jc.inputs,
		"matrix": jc.matrix, "strategy": jc.strategy}, status: StatusSuccess}
	timeout := time.Duration(def.TimeoutMinutes * float64(time.Minute))
	ctx, cancel := context.WithTimeout(ctx, timeout)
	defer cancel()
	defer j.reap()

	j.envCtx = map[string]string{}
	sc.contexts["secrets"] = j.secretsContext()
	sc.contexts["env"] = map[string]any{}
	for _, layer := range []map[string]string{jc.wf.Env, def.Env} {
		for _, k := range sortedKeys(layer) {
			v, err := sc.interpolate(layer[k])
			if err != nil {
				return nil, fmt.Errorf("env %s: %w", k, err)
			}
			j.envCtx[k] = v
			sc.contexts["env"].(map[string]any)[k] = v
		}
	}

	top := &frame{j: j, steps: map[string]any{}, status: StatusSuccess, results: &res.Steps}
	for _, s := range def.Steps {
		if err := top.runStep(ctx, s); err != nil {
			return nil, err
		}
	}
	j.status = top.status
	// Post steps run in the reverse order of their main steps.
	for i := len(j.posts) - 1; i >= 0; i-- {
		p := j.posts[i]
		if err := j.runPost(ctx, p, res); err != nil {
			return nil, err
		}
	}
	res.Conclusion = string(j.status)
	// The job's outputs, evaluated at its end; one that holds a secret
	// is left out, as the runner leaves it out.
	osc := top.scope(j.status, nil)
	for _, k := range sortedKeys(def.Outputs) {
		v, err := osc.interpolate(def.Outputs[k])
		if err != nil {
			return nil, fmt.Errorf("job %q: output %s: %w", def.ID, k, err)
		}
		if j.mask(v) != v {
			j.logf("Skip output '%s' since it may contain secret.", k)
			continue
		}
		res.Outputs[k] = v
	}
	j.mu.Lock()
	defer j.mu.Unlock()
	res.Annotations = j.annotations
	res.Summary = j.summary.String()
	res.Log = j.log.String()
	return res, nil
}

// effective is the permissions a token has for declared ones: every
// token may read the repository's metadata, unless it has no permission
// at all (permissions: {}).
func effective(declared Permissions) Permissions {
	perms := Permissions{}
	for k, v := range declared {
		perms[k] = v
	}
	if _, ok := perms["metadata"]; !ok && len(perms) > 0 {
		perms["metadata"] = "read"
	}
	return perms
}

// secretsContext is the secrets a job's own steps may name: its token
// and the secrets its workflow was given.
func (j *job) secretsContext() map[string]any {
	out := map[string]any{"GITHUB_TOKEN": j.token}
	for k, v := range j.jc.secrets {
		out[k] = v
	}
	return out
}

// reap ends every process a step left behind, found by the tracking
// variable the runner gives each job's processes, as the runner's
// "Cleaning up orphan processes" does.
func (j *job) reap() {
	needle := []byte("RUNNER_TRACKING_ID=" + j.tracking + "\x00")
	for range 3 {
		entries, _ := os.ReadDir("/proc")
		found := false
		for _, e := range entries {
			pid, err := strconv.Atoi(e.Name())
			if err != nil || pid == os.Getpid() {
				continue
			}
			env, err := os.ReadFile(filepath.Join("/proc", e.Name(), "environ"))
			if err == nil && strings.Contains(string(env), string(needle)) {
				found = true
				_ = syscall.Kill(pid, syscall.SIGKILL)
			}
		}
		if !found {
			return
		}
		time.Sleep(100 * time.Millisecond)
	}
}

func (j *job) githubContext(eventPath string) map[string]any {
	r := j.run
	owner := r.Repository[:strings.Index(r.Repository, "/")]
	refName := r.Ref
	for _, p := range []string{"refs/heads/", "refs/tags/", "refs/"} {
		if s, ok := strings.CutPrefix(r.Ref, p); ok {
			refName = s
			break
		}
	}
	refType := "branch"
	if strings.HasPrefix(r.Ref, "refs/tags/") {
		refType = "tag"
	}
	return map[string]any{
		"token": j.token, "job": j.def.ID, "ref": r.Ref, "ref_name": refName, "ref_type": refType, "sha": r.SHA,
		"repository": r.Repository, "repository_owner": owner, "event_name": r.Event, "event": r.Payload,
		"event_path": eventPath, "workspace": j.ws, "run_id": strconv.FormatInt(r.RunID, 10),
		"run_number": strconv.Itoa(r.RunNumber), "run_attempt": strconv.Itoa(r.RunAttempt), "actor": r.Actor,
		"triggering_actor": r.Actor, "workflow": r.Workflow.Name, "workflow_ref": r.Repository + "/" + r.WorkflowFile + "@" + r.Ref,
		"head_ref": r.HeadRef, "base_ref": r.BaseRef, "server_url": j.m.ServerURL, "api_url": j.m.APIURL,
		"graphql_url": strings.TrimSuffix(j.m.APIURL, "/v3") + "/graphql", "retention_days": "90",
		"action": "", "action_path": "", "action_ref": "", "action_repository": "", "path": "", "env": "", "output": "", "state": "", "step_summary": "",
	}
}

// runnerEnv is the environment the runner gives every step's process
// before env: and file commands: the image's, HOME, and the runner's
// GITHUB_* and RUNNER_* variables.
func (j *job) runnerEnv() map[string]string {
	e := map[string]string{}
	for k, v := range j.m.Env {
		e[k] = v
	}
	g := j.github
	s := func(k string) string { v, _ := g[k].(string); return v }
	for k, v := range map[string]string{
		"HOME": j.home, "CI": "true", "GITHUB_ACTIONS": "true", "GITHUB_WORKSPACE": j.ws,
		"GITHUB_EVENT_PATH": s("event_path"), "GITHUB_EVENT_NAME": j.run.Event, "GITHUB_REPOSITORY": j.run.Repository,
		"GITHUB_REPOSITORY_OWNER": s("repository_owner"), "GITHUB_SHA": j.run.SHA, "GITHUB_REF": j.run.Ref,
		"GITHUB_REF_NAME": s("ref_name"), "GITHUB_REF_TYPE": s("ref_type"), "GITHUB_HEAD_REF": j.run.HeadRef,
		"GITHUB_BASE_REF": j.run.BaseRef, "GITHUB_RUN_ID": s("run_id"), "GITHUB_RUN_NUMBER": s("run_number"),
		"GITHUB_RUN_ATTEMPT": s("run_attempt"), "GITHUB_ACTOR": j.run.Actor, "GITHUB_TRIGGERING_ACTOR": j.run.Actor,
		"GITHUB_WORKFLOW": j.run.Workflow.Name, "GITHUB_WORKFLOW_REF": s("workflow_ref"), "GITHUB_JOB": j.def.ID,
		"GITHUB_SERVER_URL": j.m.ServerURL, "GITHUB_API_URL": j.m.APIURL, "GITHUB_GRAPHQL_URL": s("graphql_url"),
		"GITHUB_RETENTION_DAYS": "90", "RUNNER_OS": "Linux", "RUNNER_ARCH": runnerArch(), "RUNNER_NAME": "GitHub Actions 1",
		"RUNNER_ENVIRONMENT": "github-hosted", "RUNNER_TEMP": j.temp, "RUNNER_TOOL_CACHE": j.tool,
		"RUNNER_WORKSPACE": filepath.Dir(j.ws), "RUNNER_TRACKING_ID": j.tracking,
	} {
		e[k] = v
	}
	return e
}

func runnerArch() string {
	switch runtime.GOARCH {
	case "arm64":
		return "ARM64"
	case "arm":
		return "ARM"
	case "386":
		return "X86"
	}
	return "X64"
}

func (f *frame) scope(status Status, stepEnv map[string]string) *scope {
	j := f.j
	env := map[string]any{}
	for _, layer := range []map[string]string{j.envCtx, j.exported, f.env, stepEnv} {
		for k, v := range layer {
			env[k] = v
		}
	}
	gh := map[string]any{}
	for k, v := range j.github {
		gh[k] = v
	}
	if f.action != nil {
		gh["action_path"], gh["action_repository"], gh["action_ref"] = f.action.Dir, f.repo, f.ref
	}
	c := map[string]any{
		"github": gh, "env": env, "steps": f.steps, "vars": map[string]any{}, "needs": j.jc.needs,
		"strategy": j.jc.strategy, "matrix": j.jc.matrix,
		"job":    map[string]any{"status": string(j.status), "container": map[string]any{}, "services": map[string]any{}},
		"runner": map[string]any{"name": "GitHub Actions 1", "os": "Linux", "arch": runnerArch(), "temp": j.temp, "tool_cache": j.tool, "environment": "github-hosted", "debug": ""},
	}
	if f.inputs != nil {
		c["inputs"] = f.inputs
	} else {
		// A composite's steps see no secrets context.
		c["secrets"] = j.secretsContext()
		c["inputs"] = j.jc.inputs
	}
	return &scope{contexts: c, status: status}
}

// stepName is what the log and annotations call s.
func stepName(s *Step) string {
	switch {
	case s.Name != "":
		return s.Name
	case s.Uses != "":
		return s.Uses
	}
	line, _, _ := strings.Cut(strings.TrimSpace(s.Run), "\n")
	return "Run " + line
}

// actionID is GITHUB_ACTION for s: its id, else __run or
// __owner_repo, numbered from the second.
func (j *job) actionID(s *Step) string {
	if s.ID != "" {
		return s.ID
	}
	base := "__run"
	if s.Uses != "" {
		name, _, _ := strings.Cut(s.Uses, "@")
		base = "__" + strings.NewReplacer("/", "_", "-", "_", ".", "_").Replace(name)
	}
	j.mu.Lock()
	defer j.mu.Unlock()
	j.stepSeq[base]++
	if n := j.stepSeq[base]; n > 1 {
		return base + "_" + strconv.Itoa(n)
	}
	return base
}

func (f *frame) runStep(ctx context.Context, s *Step) error {
	j := f.j
	name := stepName(s)
	res := &StepResult{Name: name, ID: s.ID, Uses: s.Uses, ExitCode: -1, Outputs: map[string]string{}}
	*f.results = append(*f.results, res)
	status := f.status
	if ctx.Err() != nil {
		status = StatusCancelled
	}
	sc := f.scope(status, nil)
	run, err := sc.condition(s.If)
	if err != nil {
		return fmt.Errorf("step %q (line %d): if: %w", name, s.Line, err)
	}
	if !run {
		res.Outcome, res.Conclusion = "skipped", "skipped"
		f.record(s, res)
		return nil
	}
	j.logf("##[group]%s", name)
	start := time.Now()
	defer func() { res.Elapsed = time.Since(start) }()
	stepEnv := map[string]string{}
	for _, k := range sortedKeys(s.Env) {
		v, err := sc.interpolate(s.Env[k])
		if err != nil {
			return fmt.Errorf("step %q (line %d): env %s: %w", name, s.Line, k, err)
		}
		stepEnv[k] = v
	}
	sc = f.scope(status, stepEnv)
	timeout := time.Duration(0)
	if s.TimeoutMinutes != "" {
		tm, err := sc.interpolate(s.TimeoutMinutes)
		if err != nil {
			return err
		}
		mins, err := strconv.ParseFloat(tm, 64)
		if err != nil {
			return fmt.Errorf("step %q (line %d): timeout-minutes %q: %w", name, s.Line, tm, err)
		}
		timeout = time.Duration(mins * float64(time.Minute))
	}
	sctx := ctx
	if timeout > 0 {
		var cancel context.CancelFunc
		sctx, cancel = context.WithTimeout(ctx, timeout)
		defer cancel()
	}
	var failed bool
	switch {
	case s.Run != "":
		failed, err = f.runScript(sctx, s, sc, stepEnv, res)
	default:
		failed, err = f.runUses(sctx, s, sc, stepEnv, res)
	}
	if err != nil {
		return err
	}
	res.Outcome = "success"
	if failed {
		res.Outcome = "failure"
		if ctx.Err() != nil || sctx.Err() != nil {
			res.Outcome = "cancelled"
		}
	}
	res.Conclusion = res.Outcome
	if failed && s.ContinueOnError != "" {
		v, err := sc.interpolate(s.ContinueOnError)
		if err != nil {
			return err
		}
		if v == "true" {
			res.Conclusion = "success"
		}
	}
	switch res.Conclusion {
	case "failure":
		f.status = StatusFailure
	case "cancelled":
		f.status = StatusCancelled
	}
	if f.action == nil && f.status != StatusSuccess {
		j.status = f.status
	}
	f.record(s, res)
	return nil
}

// record puts a step's result in the steps context.
func (f *frame) record(s *Step, res *StepResult) {
	if s.ID == "" {
		return
	}
	outs := map[string]any{}
	for k, v := range res.Outputs {
		outs[k] = v
	}
	f.steps[s.ID] = map[string]any{"outputs": outs, "outcome": res.Outcome, "conclusion": res.Conclusion}
}

// shells are the runner's commands for the shell: names on Linux; {0}
// is the script's path.
var shells = map[string]string{
	"bash":   "bash --noprofile --norc -eo pipefail {0}",
	"sh":     "sh -e {0}",
	"python": "python {0}",
	"pwsh":   "pwsh -command \". '{0}'\"",
}

// stepEnvironment is a step's process environment: the runner's, the
// env context's layers, the step's env:, and PATH with GITHUB_PATH's
// directories first, the most recent first.
func (f *frame) stepEnvironment(stepEnv map[string]string) map[string]string {
	j := f.j
	e := j.runnerEnv()
	for _, layer := range []map[string]string{j.envCtx, j.exported, f.env, stepEnv} {
		for k, v := range layer {
			e[k] = v
		}
	}
	if len(j.paths) > 0 {
		var p []string
		for i := len(j.paths) - 1; i >= 0; i-- {
			p = append(p, j.paths[i])
		}
		if e["PATH"] != "" {
			p = append(p, e["PATH"])
		}
		e["PATH"] = strings.Join(p, ":")
	}
	return e
}

// fileCommands makes a step's file-command files, as the runner does:
// one empty file per command in RUNNER_TEMP/_runner_file_commands, named
// by its prefix and a GUID.
func (j *job) fileCommands(env map[string]string) (map[string]string, error) {
	guid := uuid()
	files := map[string]string{}
	for k, prefix := range map[string]string{"GITHUB_OUTPUT": "set_output_", "GITHUB_ENV": "set_env_", "GITHUB_PATH": "add_path_", "GITHUB_STATE": "save_state_", "GITHUB_STEP_SUMMARY": "step_summary_"} {
		p := filepath.Join(j.temp, "_runner_file_commands", prefix+guid)
		if err := os.WriteFile(p, nil, 0o644); err != nil {
			return nil, err
		}
		files[k] = p
		env[k] = p
	}
	return files, nil
}

// applyFileCommands reads what a step wrote to its file commands. A
// malformed file fails the step, as the runner's "Unable to process file
// command" does.
func (f *frame) applyFileCommands(files map[string]string, res *StepResult, state map[string]string) bool {
	j := f.j
	ok := true
	read := func(k string) string {
		data, err := os.ReadFile(files[k])
		if err != nil {
			j.annotate(res.Name, "error", nil, fmt.Sprintf("Unable to process file command '%s' successfully: %v", k, err))
			ok = false
		}
		return string(data)
	}
	for _, k := range []string{"GITHUB_OUTPUT", "GITHUB_ENV", "GITHUB_STATE"} {
		kvs, err := parseKeyValues(read(k))
		if err != nil {
			j.annotate(res.Name, "error", nil, fmt.Sprintf("Unable to process file command '%s' successfully: %v", strings.ToLower(strings.TrimPrefix(k, "GITHUB_")), err))
			ok = false
			continue
		}
		for _, kv := range kvs {
			switch k {
			case "GITHUB_OUTPUT":
				res.Outputs[kv[0]] = kv[1]
			case "GITHUB_ENV":
				if strings.EqualFold(kv[0], "NODE_OPTIONS") {
					j.annotate(res.Name, "error", nil, "Can't store NODE_OPTIONS output parameter using '$GITHUB_ENV' command.")
					ok = false
					continue
				}
				j.exported[kv[0]] = kv[1]
			case "GITHUB_STATE":
				if state != nil {
					state[kv[0]] = kv[1]
				}
			}
		}
	}
	for _, line := range strings.Split(read("GITHUB_PATH"), "\n") {
		if line = strings.TrimSpace(line); line != "" {
			j.paths = append(j.paths, line)
		}
	}
	if sum := read("GITHUB_STEP_SUMMARY"); sum != "" {
		if len(sum) > summaryLimit {
			j.annotate(res.Name, "error", nil, fmt.Sprintf("$GITHUB_STEP_SUMMARY upload aborted, supports content up to a size of %dk, got %dk. For more information see: https://docs.github.com/actions/using-workflows/workflow-commands-for-github-actions#adding-a-markdown-summary", summaryLimit>>10, len(sum)>>10))
		} else {
			j.mu.Lock()
			j.summary.WriteString(j.mask(sum))
			j.mu.Unlock()
		}
	}
	return ok
}

func (f *frame) runScript(ctx context.Context, s *Step, sc *scope, stepEnv map[string]string, res *StepResult) (bool, error) {
	j := f.j
	// In a composite's run: script the runner leaves github.action_ref
	// and github.action_repository empty (actions/runner#2473); env:
	// sees them.
	rsc := sc
	if f.action != nil {
		rsc = f.scope(sc.status, stepEnv)
		gh := rsc.contexts["github"].(map[string]any)
		gh["action_ref"], gh["action_repository"] = "", ""
	}
	script, err := rsc.interpolate(s.Run)
	if err != nil {
		return false, fmt.Errorf("step %q (line %d): run: %w", res.Name, s.Line, err)
	}
	shell := s.Shell
	wd := s.WorkingDirectory
	if f.action == nil {
		if shell == "" {
			shell = j.def.Defaults.Shell
		}
		if shell == "" {
			shell = j.jc.wf.Defaults.Shell
		}
		if wd == "" {
			wd = j.def.Defaults.WorkingDirectory
		}
		if wd == "" {
			wd = j.jc.wf.Defaults.WorkingDirectory
		}
	}
	if shell, err = sc.interpolate(shell); err != nil {
		return false, err
	}
	if wd, err = sc.interpolate(wd); err != nil {
		return false, err
	}
	env := f.stepEnvironment(stepEnv)
	env["GITHUB_ACTION"] = j.actionID(s)
	if f.action != nil {
		env["GITHUB_ACTION_PATH"] = f.action.Dir
		env["GITHUB_ACTION_REPOSITORY"], env["GITHUB_ACTION_REF"] = "", ""
	}
	files, err := j.fileCommands(env)
	if err != nil {
		return false, err
	}
	tmpl, ok := shells[shell]
	switch {
	case shell == "":
		// No shell: bash -e when the runner finds bash, else sh -e.
		tmpl = "bash -e {0}"
		if _, err := lookPath("bash", env["PATH"]); err != nil {
			tmpl = "sh -e {0}"
		}
	case !ok:
		if !strings.Contains(shell, "{0}") {
			return false, fmt.Errorf("step %q (line %d): shell %q has no {0}", res.Name, s.Line, shell)
		}
		tmpl = shell
	}
	ext := ".sh"
	if shell == "python" {
		ext = ".py"
	}
	scriptPath := filepath.Join(j.temp, uuid()+ext)
	if err := os.WriteFile(scriptPath, []byte(script), 0o755); err != nil {
		return false, err
	}
	args := strings.Fields(strings.ReplaceAll(tmpl, "{0}", scriptPath))
	prog, err := lookPath(args[0], env["PATH"])
	if err != nil {
		j.annotate(res.Name, "error", nil, fmt.Sprintf("%s: command not found", args[0]))
		return true, nil
	}
	dir := j.ws
	if wd != "" {
		dir = wd
		if !filepath.IsAbs(dir) {
			dir = filepath.Join(j.ws, wd)
		}
	}
	if fi, err := os.Stat(dir); err != nil || !fi.IsDir() {
		j.annotate(res.Name, "error", nil, fmt.Sprintf("An error occurred trying to start process '%s' with working directory '%s'. No such file or directory", prog, dir))
		return true, nil
	}
	for _, line := range strings.Split(strings.TrimRight(script, "\n"), "\n") {
		j.logf("%s", line)
	}
	cp := &commandProcessor{j: j, step: res.Name, outputs: res.Outputs}
	code, err := j.exec(ctx, cp, prog, args[1:], dir, env)
	if err != nil {
		return false, err
	}
	res.ExitCode = code
	failed := !f.applyFileCommands(files, res, nil) || cp.failed
	if code != 0 {
		j.annotate(res.Name, "error", nil, fmt.Sprintf("Process completed with exit code %d.", code))
		failed = true
	}
	return failed, nil
}

// exec runs a step's process, its stdout and stderr read line by line
// for workflow commands, and returns its exit status (-1 when a signal
// or the step's timeout ended it).
func (j *job) exec(ctx context.Context, cp *commandProcessor, prog string, args []string, dir string, env map[string]string) (int, error) {
	step := cp.step
	cmd := exec.Command(prog, args...)
	cmd.Dir = dir
	cmd.Env = environ(env)
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	pr, pw, err := os.Pipe()
	if err != nil {
		return 0, err
	}
	cmd.Stdout, cmd.Stderr = pw, pw
	if err := cmd.Start(); err != nil {
		pr.Close()
		pw.Close()
		j.annotate(step, "error", nil, fmt.Sprintf("An error occurred trying to start process '%s': %v", prog, err))
		return 127, nil
	}
	pw.Close()
	done := make(chan struct{})
	go func() {
		defer close(done)
		cp.read(pr)
	}()
	waitErr := make(chan error, 1)
	go func() { waitErr <- cmd.Wait() }()
	var werr error
	select {
	case werr = <-waitErr:
	case <-ctx.Done():
		// The runner sends SIGINT, then SIGTERM after 7.5 s, then kills.
		_ = syscall.Kill(-cmd.Process.Pid, syscall.SIGINT)
		select {
		case werr = <-waitErr:
		case <-time.After(7500 * time.Millisecond):
			_ = syscall.Kill(-cmd.Process.Pid, syscall.SIGTERM)
			select {
			case werr = <-waitErr:
			case <-time.After(2500 * time.Millisecond):
				_ = syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL)
				werr = <-waitErr
			}
		}
		j.annotate(step, "error", nil, "The action has timed out.")
	}
	// Processes the step left in the background keep the pipe open;
	// the runner stops reading when the step's process exits.
	select {
	case <-done:
	case <-time.After(2 * time.Second):
		pr.Close()
		<-done
	}
	pr.Close()
	if werr == nil {
		return 0, nil
	}
	var ee *exec.ExitError
	if errors.As(werr, &ee) {
		if ctx.Err() != nil {
			return -1, nil
		}
		return ee.ExitCode(), nil
	}
	return 0, werr
}

func environ(env map[string]string) []string {
	out := make([]string, 0, len(env))
	for _, k := range sortedKeys(env) {
		out = append(out, k+"="+env[k])
	}
	return out
}

// lookPath finds prog in the directories of path, as the runner finds a
// shell with the step's PATH.
func lookPath(prog, path string) (string, error) {
	if strings.Contains(prog, "/") {
		return prog, nil
	}
	for _, d := range filepath.SplitList(path) {
		if d == "" {
			continue
		}
		p := filepath.Join(d, prog)
		if fi, err := os.Stat(p); err == nil && !fi.IsDir() && fi.Mode()&0o111 != 0 {
			return p, nil
		}
	}
	return "", fmt.Errorf("%q not found in PATH", prog)
}

// commandProcessor handles one step's output as the runner does:
// workflow commands acted on, ::stop-commands:: honoured, everything
// logged with masks applied.
type commandProcessor struct {
	j      *job
	step   string
	resume string // the token that resumes commands, "" when they run
	// failed is set by a command that fails the step (set-env,
	// add-path).
	failed bool
	// outputs and state receive the deprecated set-output and
	// save-state commands.
	outputs, state map[string]string
}

func (cp *commandProcessor) read(r io.Reader) {
	br := bufio.NewReaderSize(r, 64<<10)
	for {
		line, err := br.ReadString('\n')
		if line != "" {
			cp.line(strings.TrimRight(line, "\r\n"))
		}
		if err != nil {
			return
		}
	}
}

func (cp *commandProcessor) line(line string) {
	j := cp.j
	c, ok := parseCommand(line)
	if ok && cp.resume != "" {
		if c.Name == cp.resume {
			cp.resume = ""
			j.logf("Resuming commands")
			return
		}
		ok = false
	}
	if !ok || !knownCommands[c.Name] {
		j.logf("%s", line)
		return
	}
	switch c.Name {
	case "error", "warning", "notice":
		j.annotate(cp.step, c.Name, c.Props, c.Data)
	case "add-mask":
		j.mu.Lock()
		if v := strings.TrimSpace(c.Data); v != "" {
			j.masks = append(j.masks, v)
		}
		j.mu.Unlock()
		j.logf("::add-mask::***")
	case "stop-commands":
		cp.resume = c.Data
		j.logf("Commands stopped until %s", j.mask(c.Data))
	case "set-output", "save-state":
		j.annotate(cp.step, "warning", nil, fmt.Sprintf("The `%s` command is deprecated and will be disabled soon. Please upgrade to using Environment Files. For more information see: https://github.blog/changelog/2022-10-11-github-actions-deprecating-save-state-and-set-output-commands/", c.Name))
		m := cp.outputs
		if c.Name == "save-state" {
			m = cp.state
		}
		if m != nil {
			m[c.Props["name"]] = c.Data
		}
	case "set-env", "add-path":
		j.annotate(cp.step, "error", nil, fmt.Sprintf("Unable to process command '%s' successfully.\nThe `%s` command is disabled. Please upgrade to using Environment Files or opt into unsecure command execution by setting the `ACTIONS_ALLOW_UNSECURE_COMMANDS` environment variable to `true`. For more information see: https://github.blog/changelog/2020-10-01-github-actions-deprecating-set-env-and-add-path-commands/", j.mask(line), c.Name))
		cp.failed = true
	case "group":
		j.logf("##[group]%s", c.Data)
	case "endgroup":
		j.logf("##[endgroup]")
	case "debug", "echo", "add-matcher", "remove-matcher":
		// Debug output shows only with step debugging on; problem
		// matchers are not emulated (see docs/action.md).
	}
}

// annotate records an annotation of step, with GitHub's limits.
func (j *job) annotate(step, level string, props map[string]string, msg string) {
	j.mu.Lock()
	defer j.mu.Unlock()
	a := Annotation{Level: level, Step: step, Message: j.mask(msg)}
	if props != nil {
		a.Title = j.mask(props["title"])
		a.File = props["file"]
		// The runner makes a file inside the workspace relative to it.
		if filepath.IsAbs(a.File) {
			if rel, err := filepath.Rel(j.ws, a.File); err == nil && !strings.HasPrefix(rel, "..") {
				a.File = filepath.ToSlash(rel)
			}
		}
		a.Line, _ = strconv.Atoi(props["line"])
		a.EndLine, _ = strconv.Atoi(props["endLine"])
		a.Column, _ = strconv.Atoi(props["col"])
		a.EndColumn, _ = strconv.Atoi(props["endColumn"])
	}
	if j.perStep[step] == nil {
		j.perStep[step] = map[string]int{}
	}
	j.perStep[step][level]++
	if j.perStep[step][level] <= annotationsPerLevelPerStep && j.shownInJob < annotationsPerJob {
		a.Shown = true
		j.shownInJob++
	}
	j.annotations = append(j.annotations, a)
	j.log.WriteString("##[" + level + "]" + a.Message + "\n")
}

// mask replaces every secret and mask in s by ***; j.mu is held or not
// needed.
func (j *job) mask(s string) string {
	for _, m := range j.masks {
		if m != "" {
			s = strings.ReplaceAll(s, m, "***")
		}
	}
	return s
}

func (j *job) logf(format string, args ...any) {
	j.mu.Lock()
	defer j.mu.Unlock()
	j.log.WriteString(j.mask(fmt.Sprintf(format, args...)) + "\n")
}

// runUses runs an action step.
func (f *frame) runUses(ctx context.Context, s *Step, sc *scope, stepEnv map[string]string, res *StepResult) (bool, error) {
	j := f.j
	uses, err := sc.interpolate(s.Uses)
	if err != nil {
		return false, err
	}
	name, ref, ok := strings.Cut(uses, "@")
	if !ok || strings.HasPrefix(uses, "./") || strings.HasPrefix(uses, "docker://") {
		return false, fmt.Errorf("step %q (line %d): uses %q: only owner/repo@ref actions are emulated", res.Name, s.Line, uses)
	}
	impl, ok := j.m.Actions[name]
	if !ok {
		return false, fmt.Errorf("step %q (line %d): no action %q on this machine (an emulation stands in for each action a test uses)", res.Name, s.Line, name)
	}
	with := map[string]string{}
	for _, k := range sortedKeys(s.With) {
		v, err := sc.interpolate(s.With[k])
		if err != nil {
			return false, fmt.Errorf("step %q (line %d): with %s: %w", res.Name, s.Line, k, err)
		}
		with[k] = v
	}
	repo := name
	if parts := strings.SplitN(name, "/", 3); len(parts) == 3 {
		repo = parts[0] + "/" + parts[1]
	}
	switch impl := impl.(type) {
	case Composite:
		return f.runComposite(ctx, s, impl, repo, ref, with, stepEnv, res)
	case Native:
		return f.runNative(ctx, s, &impl, repo, ref, with, stepEnv, res)
	}
	return false, fmt.Errorf("action %q: unknown implementation %T", name, impl)
}

// inputs resolves an action's inputs: with: values, else the defaults
// evaluated in the action's context; an input the action does not
// declare is warned about, as the runner does.
func (f *frame) resolveInputs(step string, declared map[string]string, with map[string]string, sc *scope) (map[string]string, error) {
	j := f.j
	in := map[string]string{}
	var unexpected []string
	for k, v := range with {
		found := false
		for d := range declared {
			if strings.EqualFold(d, k) {
				in[d], found = v, true
			}
		}
		if !found {
			unexpected = append(unexpected, k)
		}
	}
	if len(unexpected) > 0 {
		sort.Strings(unexpected)
		valid := sortedKeys(declared)
		j.annotate(step, "warning", nil, fmt.Sprintf("Unexpected input(s) '%s', valid inputs are ['%s']", strings.Join(unexpected, "', '"), strings.Join(valid, "', '")))
	}
	for _, d := range sortedKeys(declared) {
		if _, ok := in[d]; ok {
			continue
		}
		v, err := sc.interpolate(declared[d])
		if err != nil {
			return nil, fmt.Errorf("input %s default: %w", d, err)
		}
		in[d] = v
	}
	return in, nil
}

func (f *frame) runComposite(ctx context.Context, s *Step, c Composite, repo, ref string, with, stepEnv map[string]string, res *StepResult) (bool, error) {
	j := f.j
	data, err := os.ReadFile(filepath.Join(c.Dir, "action.yml"))
	if err != nil {
		return false, err
	}
	a, err := ParseAction(filepath.Join(c.Dir, "action.yml"), data)
	if err != nil {
		return false, err
	}
	if a.Using != "composite" {
		return false, fmt.Errorf("%s: runs.using %q: only composite actions run from a directory", c.Dir, a.Using)
	}
	a.Dir = c.Dir
	env := map[string]string{}
	for _, layer := range []map[string]string{f.env, stepEnv} {
		for k, v := range layer {
			env[k] = v
		}
	}
	// Inside a composite, the status functions see the composite's own
	// steps (the runner's github.action_status), which start successful.
	status := StatusSuccess
	if ctx.Err() != nil {
		status = StatusCancelled
	}
	inner := &frame{j: j, steps: map[string]any{}, action: a, repo: repo, ref: ref, env: env, status: status, results: &res.Steps}
	// Defaults see the composite's github context.
	declared := map[string]string{}
	for k, in := range a.Inputs {
		declared[k] = in.Default
	}
	ins, err := f.resolveInputs(res.Name, declared, with, inner.scope(f.status, nil))
	if err != nil {
		return false, fmt.Errorf("%s: %w", repo, err)
	}
	inner.inputs = map[string]any{}
	for k, v := range ins {
		inner.inputs[k] = v
	}
	for _, is := range a.Steps {
		if err := inner.runStep(ctx, is); err != nil {
			return false, fmt.Errorf("%s@%s: %w", repo, ref, err)
		}
	}
	osc := inner.scope(inner.status, nil)
	for _, k := range sortedKeys(a.Outputs) {
		v, err := osc.interpolate(a.Outputs[k])
		if err != nil {
			return false, fmt.Errorf("%s@%s: output %s: %w", repo, ref, k, err)
		}
		res.Outputs[k] = v
	}
	return inner.status != StatusSuccess, nil
}

// StepAPI is what a Native action's code gets: its inputs, the
// environment its process would have, the job's directories, and the
// runner's commands.
type StepAPI struct {
	Ctx    context.Context
	Inputs map[string]string
	// Env is the action's process environment, INPUT_* included.
	Env                              map[string]string
	Workspace, Temp, ToolCache, Home string
	// Repo and Ref are the action's (actions/checkout, v4).
	Repo, Ref string

	j     *job
	name  string
	res   *StepResult
	cp    *commandProcessor
	state map[string]string
}

// Input is the named input.
func (a *StepAPI) Input(name string) string { return a.Inputs[name] }

// Logf writes a line to the step's log; a workflow command in it is
// acted on, as any output of the action's process.
func (a *StepAPI) Logf(format string, args ...any) {
	for _, l := range strings.Split(fmt.Sprintf(format, args...), "\n") {
		a.cp.line(l)
	}
}

// SetOutput sets an output of the step.
func (a *StepAPI) SetOutput(name, value string) { a.res.Outputs[name] = value }

// AddPath puts dir first on PATH for the job's later steps.
func (a *StepAPI) AddPath(dir string) {
	a.j.paths = append(a.j.paths, dir)
	a.Env["PATH"] = dir + ":" + a.Env["PATH"]
}

// ExportVariable sets name for the job's later steps.
func (a *StepAPI) ExportVariable(name, value string) {
	a.j.exported[name] = value
	a.Env[name] = value
}

// SaveState keeps a value for the action's post step.
func (a *StepAPI) SaveState(name, value string) { a.state[name] = value }

// State is a value the main step saved, in the post step.
func (a *StepAPI) State(name string) string { return a.state[name] }

// Command is prog with args in dir, with the action's environment.
func (a *StepAPI) Command(dir, prog string, args ...string) *exec.Cmd {
	p, err := lookPath(prog, a.Env["PATH"])
	if err != nil {
		p = prog
	}
	cmd := exec.CommandContext(a.Ctx, p, args...)
	cmd.Dir = dir
	cmd.Env = environ(a.Env)
	return cmd
}

// Token is the job's GITHUB_TOKEN.
func (a *StepAPI) Token() string { return a.j.token }

func (f *frame) runNative(ctx context.Context, s *Step, n *Native, repo, ref string, with, stepEnv map[string]string, res *StepResult) (bool, error) {
	j := f.j
	ins, err := f.resolveInputs(res.Name, n.Inputs, with, f.scope(f.status, stepEnv))
	if err != nil {
		return false, fmt.Errorf("%s: %w", repo, err)
	}
	env := f.stepEnvironment(stepEnv)
	for k, v := range ins {
		env["INPUT_"+strings.ToUpper(strings.ReplaceAll(k, " ", "_"))] = v
	}
	env["GITHUB_ACTION"] = j.actionID(s)
	env["GITHUB_ACTION_REPOSITORY"], env["GITHUB_ACTION_REF"] = repo, ref
	files, err := j.fileCommands(env)
	if err != nil {
		return false, err
	}
	api := &StepAPI{Ctx: ctx, Inputs: ins, Env: env, Workspace: j.ws, Temp: j.temp, ToolCache: j.tool, Home: j.home,
		Repo: repo, Ref: ref, j: j, name: res.Name, res: res, state: map[string]string{}}
	api.cp = &commandProcessor{j: j, step: res.Name, outputs: res.Outputs, state: api.state}
	failed := false
	if err := n.Main(api); err != nil {
		j.annotate(res.Name, "error", nil, err.Error())
		failed = true
	}
	if !f.applyFileCommands(files, res, api.state) || api.cp.failed {
		failed = true
	}
	if n.Post != nil {
		j.posts = append(j.posts, post{name: "Post " + res.Name, impl: n, api: api, frame: f})
	}
	return failed, nil
}

func (j *job) runPost(ctx context.Context, p post, jr *JobResult) error {
	res := &StepResult{Name: p.name, Uses: p.api.Repo, Post: true, ExitCode: -1, Outputs: map[string]string{}}
	jr.Steps = append(jr.Steps, res)
	cond := p.impl.PostIf
	if cond == "" {
		cond = "always()"
	}
	// A post step's status functions see the job's status.
	status := j.status
	if ctx.Err() != nil {
		status = StatusCancelled
	}
	ok, err := p.frame.scope(status, nil).condition(cond)
	if err != nil {
		return fmt.Errorf("%s: post-if: %w", p.name, err)
	}
	if !ok {
		res.Outcome, res.Conclusion = "skipped", "skipped"
		return nil
	}
	j.logf("##[group]%s", p.name)
	api := *p.api
	api.Ctx, api.res, api.name = ctx, res, p.name
	api.Env = map[string]string{}
	for k, v := range p.api.Env {
		api.Env[k] = v
	}
	files, err := j.fileCommands(api.Env)
	if err != nil {
		return err
	}
	api.cp = &commandProcessor{j: j, step: p.name}
	start := time.Now()
	defer func() { res.Elapsed = time.Since(start) }()
	res.Outcome = "success"
	if err := p.impl.Post(&api); err != nil {
		j.annotate(p.name, "error", nil, err.Error())
		res.Outcome = "failure"
	}
	if !p.frame.applyFileCommands(files, res, nil) || api.cp.failed {
		res.Outcome = "failure"
	}
	res.Conclusion = res.Outcome
	if res.Outcome == "failure" {
		j.status = StatusFailure
	}
	return nil
}

func sortedKeys[V any](m map[string]V) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}

// uuid is a random version-4 UUID, the form of the runner's GUIDs.
func uuid() string {
	var b [16]byte
	if _, err := rand.Read(b[:]); err != nil {
		panic(err)
	}
	b[6], b[8] = b[6]&0x0f|0x40, b[8]&0x3f|0x80
	h := hex.EncodeToString(b[:])
	return h[:8] + "-" + h[8:12] + "-" + h[12:16] + "-" + h[16:20] + "-" + h[20:]
}
