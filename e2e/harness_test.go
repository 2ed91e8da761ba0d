package e2e

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/envaudit/envaudit/ghaction/ghfake"
	"github.com/envaudit/envaudit/internal/ghrunner"
)

// scenario is one repository with one pull request, the fake GitHub
// that hosts it and a runner that runs its workflows' jobs.
type scenario struct {
	t      *testing.T
	m      *machine
	o      *origin
	srv    *ghfake.Server
	runner *ghrunner.Machine
	// The README's workflows, exactly as it shows them.
	audit, publish *ghrunner.Workflow
	auditYML       []byte
	publishYML     []byte
	nextRun        int64
}

// newScenario makes the repository of fixture project (in directory
// prefix of it) with its base commit on main, the fake API and the
// runner.
func newScenario(t *testing.T, project, prefix string) *scenario {
	t.Helper()
	m := setup(t)
	sc := &scenario{t: t, m: m, o: newOrigin(t, m, project, prefix), nextRun: 1000}
	var err error
	if sc.auditYML, err = readmeWorkflow(m.source, auditFile); err != nil {
		t.Fatal(err)
	}
	if sc.publishYML, err = readmeWorkflow(m.source, publishFile); err != nil {
		t.Fatal(err)
	}
	if sc.audit, err = ghrunner.ParseWorkflow(auditFile, sc.auditYML); err != nil {
		t.Fatal(err)
	}
	if sc.publish, err = ghrunner.ParseWorkflow(publishFile, sc.publishYML); err != nil {
		t.Fatal(err)
	}
	sc.srv = ghfake.New(repoName, prNumber)
	t.Cleanup(sc.srv.Close)
	if err := serveRelease(sc.srv, m); err != nil {
		t.Fatal(err)
	}
	sc.runner = &ghrunner.Machine{
		Scratch: t.TempDir(),
		Env:     m.env,
		Actions: map[string]ghrunner.Impl{
			"actions/checkout":        checkout(map[string]string{repoName: sc.o.url()}),
			"actions/setup-node":      m.setupNode(),
			"actions/setup-python":    m.setupPython(),
			"actions/setup-go":        m.setupGo(),
			"actions/cache":           m.cacheAction(),
			"actions/cache/restore":   m.cacheRestore(),
			"actions/cache/save":      m.cacheSave(),
			"actions/upload-artifact": uploadArtifact(sc.srv),
			"envaudit/envaudit":       ghrunner.Composite{Dir: m.action},
		},
		ServerURL: sc.srv.URL,
		APIURL:    sc.srv.APIURL(),
		Token: func(p ghrunner.Permissions) string {
			var b [20]byte
			if _, err := rand.Read(b[:]); err != nil {
				t.Fatal(err)
			}
			tok := "ghs_" + hex.EncodeToString(b[:])
			sc.srv.AddToken(tok, ghfake.Permissions(p))
			return tok
		},
	}
	return sc
}

// push pushes the fixture's commit directory to the pull request.
func (sc *scenario) push(commit, msg string) {
	sc.t.Helper()
	sc.o.push(commit, msg)
	sc.o.serve(sc.srv)
}

// job is a job that ran: its run, what the runner showed, and the
// environment the project's test command recorded (nil when it did not
// run).
type job struct {
	run      *ghrunner.Run
	res      *ghrunner.JobResult
	evidence *evidence
	elapsed  time.Duration
}

// evidence is what a project's test recorded of the environment it ran
// in: every variable, the toolchain's version (and, for Go, GOROOT as
// go env says) and the program that ran it.
type evidence struct {
	Env     map[string]string `json:"env"`
	Tool    string            `json:"tool"`
	GOROOT  string            `json:"goroot"`
	Program string            `json:"program"`
}

func (sc *scenario) runJob(wf *ghrunner.Workflow, run *ghrunner.Run) *job {
	sc.t.Helper()
	if !wf.Triggered(run.Event, run.Payload) {
		sc.t.Fatalf("workflow %q does not run on this %s event", wf.Name, run.Event)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 15*time.Minute)
	defer cancel()
	start := time.Now()
	res, err := sc.runner.RunJob(ctx, run, wf.Jobs[0].ID)
	if err != nil {
		sc.t.Fatal(err)
	}
	j := &job{run: run, res: res, elapsed: time.Since(start)}
	sc.t.Logf("%s run %d attempt %d: %s in %s", wf.Name, run.RunID, run.RunAttempt, res.Conclusion, j.elapsed.Round(time.Millisecond))
	p := filepath.Join(sc.m.evidence, fmt.Sprintf("%s-%d-%d.json", wf.Jobs[0].ID, run.RunID, run.RunAttempt))
	if data, err := os.ReadFile(p); err == nil {
		j.evidence = &evidence{}
		if err := json.Unmarshal(data, j.evidence); err != nil {
			sc.t.Fatalf("%s: %v", p, err)
		}
	}
	return j
}

// runAudit runs the audit workflow wf (the README's, or a variant of it)
// on the pull_request event of the pull request's last push.
func (sc *scenario) runAudit(wf *ghrunner.Workflow) *job {
	sc.t.Helper()
	sc.nextRun++
	return sc.runJob(wf, &ghrunner.Run{
		Workflow: wf, WorkflowFile: auditFile, Event: "pull_request", Payload: sc.o.pullRequestEvent("synchronize"),
		Repository: repoName, RunID: sc.nextRun, RunNumber: int(sc.nextRun % 1000), RunAttempt: 1,
		SHA: sc.o.merge, Ref: fmt.Sprintf("refs/pull/%d/merge", prNumber), HeadRef: branch, BaseRef: "main", Actor: author,
	})
}

// runPublish runs the publish workflow wf on the workflow_run event of
// the audit run a; a re-run of the same publish run is attempt 2 of
// runID. The contents API serves the audit workflow a ran as the file
// the event names, at the pull request's head and on main alike: the
// workflow of a pull request that does not change it, which the
// publisher compares.
func (sc *scenario) runPublish(wf *ghrunner.Workflow, a *job, runID int64, attempt int) *job {
	sc.t.Helper()
	for _, sha := range []string{sc.o.base, sc.o.head} {
		sc.srv.SetContent(sha, a.run.WorkflowFile, a.run.Workflow.Source)
	}
	return sc.runJob(wf, &ghrunner.Run{
		Workflow: wf, WorkflowFile: publishFile, Event: "workflow_run",
		Payload:    sc.o.workflowRunEvent(a.run.RunID, a.run.Workflow.Name, a.run.WorkflowFile, a.res.Conclusion),
		Repository: repoName, RunID: runID, RunNumber: int(runID % 1000), RunAttempt: attempt,
		SHA: sc.o.base, Ref: "refs/heads/main", Actor: author,
	})
}

// newRunID is a new workflow run's ID.
func (sc *scenario) newRunID() int64 { sc.nextRun++; return sc.nextRun }

// action returns the result of the job's step that used the Action.
func action(t *testing.T, j *job) *ghrunner.StepResult {
	t.Helper()
	for _, s := range j.res.Steps {
		if strings.HasPrefix(s.Uses, "envaudit/envaudit@") && !s.Post {
			return s
		}
	}
	t.Fatalf("the job has no envaudit step:\n%s", j.res.Log)
	return nil
}

// annotation is an annotation as the assertions compare them.
type annotation struct {
	Level, File string
	Line        int
}

// shown returns the annotations GitHub shows on the job about pkg: whose
// title ("envaudit: npm hidden dependency ms (direct)") names it.
func shown(j *job, pkg string) []annotation {
	var out []annotation
	for _, a := range j.res.Shown() {
		if strings.Contains(a.Title, " "+pkg+" ") {
			out = append(out, annotation{a.Level, a.File, a.Line})
		}
	}
	return out
}

// noSecret fails t when the token, or any variable that carries it or the
// runner's file commands, is in the environment the tests ran with.
func noSecret(t *testing.T, j *job) {
	t.Helper()
	if j.evidence == nil {
		t.Fatalf("the test command recorded no environment: it did not run\n%s", j.res.Log)
	}
	for k, v := range j.evidence.Env {
		if strings.Contains(v, j.res.Token) {
			t.Errorf("the test command's environment holds the token in %s", k)
		}
	}
	for _, k := range []string{"GITHUB_TOKEN", "INPUT_GITHUB_TOKEN", "GITHUB_OUTPUT", "GITHUB_ENV", "GITHUB_PATH", "GITHUB_STATE", "GITHUB_STEP_SUMMARY"} {
		if _, ok := j.evidence.Env[k]; ok {
			t.Errorf("the test command's environment has %s", k)
		}
	}
}

// logOnFailure logs the job's log when t has failed.
func logOnFailure(t *testing.T, j *job) {
	t.Helper()
	if t.Failed() {
		t.Logf("log of %s run %d:\n%s\nsummary:\n%s", j.run.Workflow.Name, j.run.RunID, j.res.Log, j.res.Summary)
	}
}
