package e2e

import (
	"archive/zip"
	"bytes"
	"context"
	"crypto/rand"
	"encoding/csv"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"io"
	"io/fs"
	"maps"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/envaudit/envaudit/ghaction/ghfake"
	"github.com/envaudit/envaudit/internal/ghrunner"
)

// The study workflow's files, as docs/action.md names them above their
// blocks, and the reusable workflow it calls.
const (
	studyFile     = ".github/workflows/envaudit-study.yml"
	projectsFile  = "envaudit-projects.json"
	reusableStudy = "envaudit/envaudit/.github/workflows/study.yml"
	toolsRepo     = "octo/tools"
)

// TestStudyWorkflow runs the study workflow of docs/action.md, exactly as
// it is shown there, over the projects file it shows: two agents'
// projects for one task, generated into the calling repository
// (e2e/testdata/study/claude-greeter and codex-greeter at the paths the
// file gives), and another repository of the organisation
// (e2e/testdata/study/tools as octo/tools). The list job reads the file,
// the reusable workflow (.github/workflows/study.yml of this tree, as
// envaudit/envaudit@v1 serves it) audits each project in a matrix job of
// its own and uploads its report, and its study job prints one study
// table over the three. The expected figures are worked out by hand from
// the fixtures' manifests and code.
func TestStudyWorkflow(t *testing.T) {
	m := setup(t)
	projects, err := docBlock(m.source, "docs/action.md", projectsFile, "json")
	if err != nil {
		t.Fatal(err)
	}
	sr := runStudy(t, m, projects)
	res, srv, readToken := sr.res, sr.srv, sr.readToken
	const runID = studyRunID

	jobs := conclusions(res)
	wantJobs := []string{
		"list: success",
		"study / audit octo/app runs/claude/greeter/1: success",
		"study / audit octo/app runs/codex/greeter/1: success",
		"study / audit octo/tools .: success",
		"study / study: success",
	}
	if diff := cmp.Diff(wantJobs, jobs); diff != "" {
		t.Fatalf("the run's jobs (-want +got):\n%s", diff)
	}

	// One artifact per project, named by its labels (the organisation's
	// repository by its owner and name), and the study's.
	var names []string
	artifacts := map[string][]byte{}
	for _, a := range srv.Artifacts(runID) {
		names = append(names, a.Name)
		artifacts[a.Name] = a.Zip
	}
	slices.Sort(names)
	if want := []string{"envaudit-study", "envaudit__claude__greeter__1", "envaudit__codex__greeter__1", "envaudit__octo__tools__1"}; !slices.Equal(want, names) {
		t.Fatalf("artifacts %q, want %q", names, want)
	}
	for _, n := range names[1:] {
		if files := zipNames(t, artifacts[n]); !slices.Equal(files, []string{"report.json", "sbom.cdx.json"}) {
			t.Errorf("artifact %s holds %q, want the report and the SBOM", n, files)
		}
	}

	// The study's table of projects, worked out by hand. claude declares
	// debug and is-number and loads debug, which loads ms: D1 {debug,
	// is-number}, D2 = D3 ∪ {is-number} = {debug, is-number, ms}, D3
	// {debug, ms}. codex declares debug and left-pad and loads those and
	// ms: D1 {debug, left-pad}, D2 = D3 = {debug, left-pad, ms}. The
	// tools repository declares and loads is-number alone.
	study := zipFiles(t, artifacts["envaudit-study"])
	type row struct {
		agent, task, trial, language string
		n1, n2, n3                   int
		phi, eta, beta, rho, p, r, f float64
		class                        string
	}
	want := []row{
		{"claude", "greeter", "1", "JavaScript", 2, 3, 2, 1. / 2, 1. / 2, 1. / 3, 3. / 2, 1. / 2, 1. / 2, 1. / 2, "mixed"},
		{"codex", "greeter", "1", "JavaScript", 2, 3, 3, 0, 1. / 3, 0, 3. / 2, 1, 2. / 3, 4. / 5, "under"},
		{"octo", "tools", "1", "JavaScript", 1, 1, 1, 0, 0, 0, 1, 1, 1, 1, "exact"},
	}
	rows := readCSV(t, study["projects.csv"])
	if len(rows) != len(want)+1 {
		t.Fatalf("projects.csv has %d rows, want a header and %d:\n%s", len(rows), len(want), study["projects.csv"])
	}
	col := columns(rows[0])
	for i, w := range want {
		r := rows[i+1]
		got := func(c string) string { return r[col[c]] }
		for c, v := range map[string]string{"agent": w.agent, "task": w.task, "trial": w.trial, "language": w.language, "class": w.class,
			"n1": strconv.Itoa(w.n1), "n2": strconv.Itoa(w.n2), "n3": strconv.Itoa(w.n3)} {
			if got(c) != v {
				t.Errorf("project %d (%s): %s = %q, want %q", i+1, got("report"), c, got(c), v)
			}
		}
		for c, v := range map[string]float64{"φ": w.phi, "η": w.eta, "β": w.beta, "ρ": w.rho, "P": w.p, "R": w.r, "F1": w.f} {
			if !near(got(c), v) {
				t.Errorf("project %d (%s/%s): %s = %q, want %.3f", i+1, w.agent, w.task, c, got(c), v)
			}
		}
	}
	// Across agents: one task both did, one pair, J = |{debug}| /
	// |{debug, is-number, left-pad}|.
	cross := readCSV(t, study["cross-agent.csv"])
	if len(cross) != 2 {
		t.Fatalf("cross-agent.csv:\n%s", study["cross-agent.csv"])
	}
	cc := columns(cross[0])
	if g := cross[1]; g[cc["language"]] != "JavaScript" || g[cc["tasks"]] != "1" || g[cc["pairs"]] != "1" || !near(g[cc["J mean"]], 1./3) {
		t.Errorf("cross-agent.csv: %q, want JavaScript, 1 task, 1 pair, J 0.333", g)
	}
	for _, f := range []string{"study.md", "study.txt", "study.json", "metrics.csv", "classes.csv", "rates.svg", "inflation.svg", "agreement.svg"} {
		if len(study[f]) == 0 {
			t.Errorf("the envaudit-study artifact has no %s (it holds %q)", f, slices.Sorted(maps.Keys(study)))
		}
	}
	// The study job's summary: the tables, not every project's row.
	sum := res.Job("study / study")[0].Summary
	if !strings.Contains(sum, "φ mean") || strings.Contains(sum, "runs/claude") {
		t.Errorf("the study job's summary shows no metrics table, or the projects':\n%s", sum)
	}
	var studyID int64
	for _, a := range srv.Artifacts(runID) {
		if a.Name == "envaudit-study" {
			studyID = a.ID
		}
	}
	if link := fmt.Sprintf("[envaudit-study](%s/%s/actions/runs/%d/artifacts/%d)", srv.URL, repoName, runID, studyID); !strings.Contains(sum, link) {
		t.Errorf("the study job's summary does not link the artifact %s:\n%s", link, sum)
	}

	// The read token reached the checkout only: no project's command
	// saw it (nor the job's token), and no log shows it.
	toolsJob := res.Job("study / audit octo/tools .")[0]
	data, err := os.ReadFile(filepath.Join(m.evidence, "study-tools-"+strconv.Itoa(runID)+".json"))
	if err != nil {
		t.Fatalf("the tools project's test recorded no environment: %v", err)
	}
	var ev evidence
	if err := json.Unmarshal(data, &ev); err != nil {
		t.Fatal(err)
	}
	for k, v := range ev.Env {
		if strings.Contains(v, readToken) || strings.Contains(v, toolsJob.Token) {
			t.Errorf("the tools project's test had a token in %s", k)
		}
	}
	for _, j := range res.Jobs {
		if strings.Contains(j.Log, readToken) {
			t.Errorf("the log of %s shows the read token", j.Name)
		}
	}
}

// repo is a repository on "GitHub" with one commit on main.
type repo struct{ url, head string }

// newRepository makes a repository whose one commit on main holds the
// fixture projects of e2e/testdata/study (directory in the repository →
// fixture, @EVIDENCE@ replaced by the machine's evidence directory) and
// files.
func newRepository(t *testing.T, m *machine, dirs map[string]string, files map[string][]byte) repo {
	t.Helper()
	dir := t.TempDir()
	o := &origin{t: t, m: m, bare: filepath.Join(dir, "repo.git"), work: filepath.Join(dir, "work")}
	o.git(dir, "init", "-q", "--bare", "-b", "main", o.bare)
	o.git(o.bare, "config", "uploadpack.allowAnySHA1InWant", "true")
	o.git(dir, "init", "-q", "-b", "main", o.work)
	o.git(o.work, "remote", "add", "origin", o.bare)
	all := map[string][]byte{}
	for dst, fixture := range dirs {
		src := filepath.Join(m.source, "e2e", "testdata", "study", fixture)
		err := filepath.WalkDir(src, func(p string, d fs.DirEntry, err error) error {
			if err != nil || d.IsDir() {
				return err
			}
			rel, _ := filepath.Rel(src, p)
			data, err := os.ReadFile(p)
			all[filepath.Join(dst, rel)] = bytes.ReplaceAll(data, []byte("@EVIDENCE@"), []byte(m.evidence))
			return err
		})
		if err != nil {
			t.Fatal(err)
		}
	}
	for f, data := range files {
		all[f] = data
	}
	for f, data := range all {
		p := filepath.Join(o.work, f)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	o.git(o.work, "add", "-A")
	o.commit("maintainer", "the projects")
	o.git(o.work, "push", "-q", "origin", "main")
	return repo{url: o.url(), head: o.git(o.work, "rev-parse", "HEAD")}
}

func randomHex(t *testing.T) string {
	var b [20]byte
	if _, err := rand.Read(b[:]); err != nil {
		t.Fatal(err)
	}
	return hex.EncodeToString(b[:])
}

// zipNames lists the files of a zip archive, sorted.
func zipNames(t *testing.T, data []byte) []string {
	t.Helper()
	return slices.Sorted(maps.Keys(zipFiles(t, data)))
}

// zipFiles reads every file of a zip archive.
func zipFiles(t *testing.T, data []byte) map[string]string {
	t.Helper()
	zr, err := zip.NewReader(bytes.NewReader(data), int64(len(data)))
	if err != nil {
		t.Fatal(err)
	}
	out := map[string]string{}
	for _, f := range zr.File {
		rc, err := f.Open()
		if err != nil {
			t.Fatal(err)
		}
		b, err := io.ReadAll(rc)
		rc.Close()
		if err != nil {
			t.Fatal(err)
		}
		out[f.Name] = string(b)
	}
	return out
}

func readCSV(t *testing.T, data string) [][]string {
	t.Helper()
	rows, err := csv.NewReader(strings.NewReader(data)).ReadAll()
	if err != nil {
		t.Fatalf("%v:\n%s", err, data)
	}
	return rows
}

// columns maps a CSV header's names to their columns.
func columns(header []string) map[string]int {
	out := map[string]int{}
	for i, h := range header {
		out[h] = i
	}
	return out
}

// near reports whether the cell is the number v, to three places.
func near(cell string, v float64) bool {
	f, err := strconv.ParseFloat(cell, 64)
	return err == nil && math.Abs(f-v) <= 0.005
}

// studyRunID is the run ID of the study workflow's run.
const studyRunID = 7001

// studyRun is a run of the study workflow: what GitHub shows of it, the
// fake API its artifacts are on, and the read token it was given.
type studyRun struct {
	res       *ghrunner.WorkflowResult
	srv       *ghfake.Server
	readToken string
}

// runStudy runs the study workflow of docs/action.md on a
// workflow_dispatch event, its projects file projects: the calling
// repository (octo/app) holds the two agents' greeters at the paths the
// docs' file names, the workflow and the projects file; octo/tools is
// the tools fixture. The secret ENVAUDIT_READ_TOKEN is set. The jobs' logs
// are logged when t fails.
func runStudy(t *testing.T, m *machine, projects []byte) *studyRun {
	t.Helper()
	callerYML, err := docBlock(m.source, "docs/action.md", studyFile, "yaml")
	if err != nil {
		t.Fatal(err)
	}
	wf, err := ghrunner.ParseWorkflow(studyFile, callerYML)
	if err != nil {
		t.Fatal(err)
	}
	app := newRepository(t, m, map[string]string{"runs/claude/greeter/1": "claude-greeter", "runs/codex/greeter/1": "codex-greeter"},
		map[string][]byte{projectsFile: projects, studyFile: callerYML})
	tools := newRepository(t, m, map[string]string{".": "tools"}, nil)

	srv := ghfake.New(repoName, prNumber)
	t.Cleanup(srv.Close)
	if err := serveRelease(srv, m); err != nil {
		t.Fatal(err)
	}
	runner := &ghrunner.Machine{
		Scratch: t.TempDir(),
		Env:     m.env,
		Actions: map[string]ghrunner.Impl{
			"actions/checkout":          checkout(map[string]string{repoName: app.url, toolsRepo: tools.url}),
			"actions/setup-node":        m.setupNode(),
			"actions/setup-python":      m.setupPython(),
			"actions/setup-go":          m.setupGo(),
			"actions/cache/restore":     m.cacheRestore(),
			"actions/cache/save":        m.cacheSave(),
			"actions/upload-artifact":   uploadArtifact(srv),
			"actions/download-artifact": downloadArtifact(srv),
			"envaudit/envaudit":         ghrunner.Composite{Dir: m.action},
		},
		Workflows: map[string]string{reusableStudy: filepath.Join(m.action, ".github", "workflows", "study.yml")},
		ServerURL: srv.URL,
		APIURL:    srv.APIURL(),
		Token: func(p ghrunner.Permissions) string {
			tok := "ghs_" + randomHex(t)
			srv.AddToken(tok, ghfake.Permissions(p))
			return tok
		},
	}
	readToken := "github_pat_" + randomHex(t)
	run := &ghrunner.Run{
		Workflow: wf, WorkflowFile: studyFile, Event: "workflow_dispatch",
		Payload:    map[string]any{"inputs": map[string]any{}, "ref": "refs/heads/main", "repository": repository(), "sender": map[string]any{"login": author}, "workflow": studyFile},
		Repository: repoName, RunID: studyRunID, RunNumber: 1, RunAttempt: 1, SHA: app.head, Ref: "refs/heads/main", Actor: author,
		Secrets: map[string]string{"ENVAUDIT_READ_TOKEN": readToken},
	}
	if !wf.Triggered(run.Event, run.Payload) {
		t.Fatalf("the study workflow does not run on workflow_dispatch")
	}
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Minute)
	defer cancel()
	start := time.Now()
	res, err := runner.RunWorkflow(ctx, run)
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("the study run: %s in %s", res.Conclusion, time.Since(start).Round(time.Millisecond))
	t.Cleanup(func() {
		if t.Failed() {
			for _, j := range res.Jobs {
				t.Logf("log of %s (%s):\n%s\nsummary:\n%s", j.Name, j.Conclusion, j.Log, j.Summary)
			}
		}
	})
	return &studyRun{res: res, srv: srv, readToken: readToken}
}

// conclusions shows each job of res as "name: conclusion".
func conclusions(res *ghrunner.WorkflowResult) []string {
	var out []string
	for _, j := range res.Jobs {
		out = append(out, j.Name+": "+j.Conclusion)
	}
	return out
}

// TestStudyWorkflowMissingReport: a project whose audit job fails (its
// label cannot name an artifact, or another project's artifact has its
// name) has no report of its own; the study job still makes the tables
// of the others, and warns that they do not cover every project.
func TestStudyWorkflowMissingReport(t *testing.T) {
	m := setup(t)
	projects, err := docBlock(m.source, "docs/action.md", projectsFile, "json")
	if err != nil {
		t.Fatal(err)
	}
	var list []any
	if err := json.Unmarshal(projects, &list); err != nil {
		t.Fatal(err)
	}
	list = append(list, map[string]any{"path": "runs/claude/greeter/1", "agent": "claude/opus", "task": "greeter", "run": "node index.js"},
		// The tools repository again: the same labels, so its artifact's
		// name is taken.
		map[string]any{"repository": toolsRepo, "install": "npm ci", "run": "npm test"})
	projects, err = json.Marshal(list)
	if err != nil {
		t.Fatal(err)
	}
	res := runStudy(t, m, projects).res
	jobs := conclusions(res)
	want := []string{
		"list: success",
		"study / audit octo/app runs/claude/greeter/1: success",
		"study / audit octo/app runs/codex/greeter/1: success",
		"study / audit octo/tools .: success",
		"study / audit octo/app runs/claude/greeter/1: failure",
		"study / audit octo/tools .: failure",
		"study / study: success",
	}
	if diff := cmp.Diff(want, jobs); diff != "" {
		t.Fatalf("the run's jobs (-want +got):\n%s", diff)
	}
	bad := res.Jobs[4]
	if a := bad.Shown(); len(a) == 0 || a[0].Step != "labels" || !strings.Contains(a[0].Message, `its agent "claude/opus" cannot name an artifact`) {
		t.Errorf("the failed job's annotations: %+v", a)
	}
	dup := res.Jobs[5]
	if a := dup.Shown(); len(a) == 0 || !strings.Contains(a[0].Message, "an artifact with this name already exists") {
		t.Errorf("the second job of the same labels: annotations %+v, want the upload's conflict", a)
	}
	study := res.Job("study / study")[0]
	var warned bool
	for _, a := range study.Shown() {
		warned = warned || a.Level == "warning" && strings.Contains(a.Message, "Not every project's audit job succeeded (failure)")
	}
	if !warned {
		t.Errorf("the study job does not warn of the missing report: %+v", study.Shown())
	}
	if !strings.Contains(study.Summary, "3 reports, 3 project figures") {
		t.Errorf("the study's summary is not over the three reports:\n%s", study.Summary)
	}
}

// TestStudyLabels runs the label step of the reusable workflow's audit
// job (its script, with bash as the step's shell: bash runs it) on the
// fields of projects: the defaults a project without labels gets, and
// the labels that cannot name an artifact the study job would read back
// whole, each refused with an error that says which.
func TestStudyLabels(t *testing.T) {
	source, err := filepath.Abs("..")
	if err != nil {
		t.Fatal(err)
	}
	data, err := os.ReadFile(filepath.Join(source, ".github", "workflows", "study.yml"))
	if err != nil {
		t.Fatal(err)
	}
	wf, err := ghrunner.ParseWorkflow("study.yml", data)
	if err != nil {
		t.Fatal(err)
	}
	var script string
	for _, s := range wf.Job("audit").Steps {
		if s.ID == "label" {
			script = s.Run
		}
	}
	if script == "" {
		t.Fatal("the audit job has no label step")
	}
	for _, tt := range []struct {
		name                                 string
		repository, path, agent, task, trial string
		run                                  string
		want                                 string // the artifact's name, or the error's words
	}{
		{"another repository", "octo/tools", "", "", "", "", "npm test", "envaudit__octo__tools__1"},
		{"a path", "octo/app", "./services/api/", "", "", "", "npm test", "envaudit__octo__app-services-api__1"},
		{"labels", "octo/app", "runs/claude/greeter/2", "claude", "greeter", "2", "node index.js", "envaudit__claude__greeter__2"},
		{"no run", "octo/app", "", "claude", "greeter", "1", "", "it has no run command"},
		{"double underscore", "octo/app", "", "my__agent", "t", "1", "x", `its agent "my__agent" cannot name an artifact`},
		{"leading underscore", "octo/app", "", "a", "_t", "1", "x", `its task "_t" cannot name an artifact`},
		{"trailing underscore", "octo_/app", "", "", "t", "1", "x", `its agent "octo_" cannot name an artifact`},
		{"slash", "octo/app", "", "a", "x/y", "1", "x", `its task "x/y" cannot name an artifact`},
		{"colon", "octo/app", "", "a:b", "t", "1", "x", "its agent"},
		{"quote", "octo/app", "", `a"b`, "t", "1", "x", "its agent"},
		{"star", "octo/app", "", "a", "t", "*", "x", "its trial"},
		{"backslash", "octo/app", "", `a\b`, "t", "1", "x", "its agent"},
		{"line break", "octo/app", "", "a", "t", "1\n2", "x", `its trial "1%0A2" cannot name an artifact`},
		{"percent", "octo/app", "", "a", "x%0Ay/z", "1", "x", `its task "x%250Ay/z" cannot name`},
	} {
		t.Run(tt.name, func(t *testing.T) {
			dir := t.TempDir()
			out := filepath.Join(dir, "output")
			if err := os.WriteFile(filepath.Join(dir, "script.sh"), []byte(script), 0o644); err != nil {
				t.Fatal(err)
			}
			cmd := exec.Command("bash", "--noprofile", "--norc", "-eo", "pipefail", filepath.Join(dir, "script.sh"))
			cmd.Env = []string{"PATH=/usr/bin:/bin", "GITHUB_OUTPUT=" + out, "RUNNER_TEMP=" + dir, "GITHUB_REPOSITORY=octo/app",
				"REPOSITORY=" + tt.repository, "PROJECT_PATH=" + tt.path, "AGENT=" + tt.agent, "TASK=" + tt.task, "TRIAL=" + tt.trial, "RUN=" + tt.run}
			stdout, err := cmd.Output()
			outputs, _ := os.ReadFile(out)
			if strings.HasPrefix(tt.want, "envaudit__") {
				if err != nil || strings.TrimSpace(string(outputs)) != "name="+tt.want {
					t.Errorf("outputs %q (%v, stdout %q), want name=%s", outputs, err, stdout, tt.want)
				}
				if fi, err := os.Stat(filepath.Join(dir, "envaudit-project")); err != nil || !fi.IsDir() {
					t.Errorf("no report directory under RUNNER_TEMP: %v", err)
				}
				return
			}
			if err == nil || len(outputs) > 0 {
				t.Fatalf("the step succeeded (outputs %q), want it to fail", outputs)
			}
			if !strings.HasPrefix(string(stdout), "::error title=envaudit study::project ") || !strings.Contains(string(stdout), tt.want) || strings.Count(string(stdout), "\n") != 1 {
				t.Errorf("the step says %q, want an error annotation with %q", stdout, tt.want)
			}
		})
	}
}
