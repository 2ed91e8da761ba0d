package main

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"maps"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"runtime"
	"slices"
	"strings"
	"syscall"
	"testing"

	"github.com/google/go-cmp/cmp"
	"go.yaml.in/yaml/v3"

	"github.com/envaudit/envaudit/ghaction"
	"github.com/envaudit/envaudit/ghaction/ghfake"
	"github.com/envaudit/envaudit/ghaction/runnertest"
	"github.com/envaudit/envaudit/internal/gitcmd"
	"github.com/envaudit/envaudit/internal/testenv"
	"github.com/envaudit/envaudit/sbom/sbomtest"
)

// actionFile is the part of action.yml a runner reads.
type actionFile struct {
	Inputs map[string]struct {
		Default string `yaml:"default"`
	} `yaml:"inputs"`
	Outputs map[string]struct {
		Value string `yaml:"value"`
	} `yaml:"outputs"`
	Runs struct {
		Using string       `yaml:"using"`
		Steps []actionStep `yaml:"steps"`
	} `yaml:"runs"`
}

type actionStep struct {
	ID    string            `yaml:"id"`
	If    string            `yaml:"if"`
	Uses  string            `yaml:"uses"`
	Shell string            `yaml:"shell"`
	Env   map[string]string `yaml:"env"`
	With  map[string]string `yaml:"with"`
	Run   string            `yaml:"run"`
}

// runnerFileCommandDir is the directory of $RUNNER_TEMP in which the
// runner keeps the file commands of every step.
const runnerFileCommandDir = runnertest.Dir

// actionRepoRoot is the action's checkout: the module root.
func actionRepoRoot(t *testing.T) string {
	t.Helper()
	root, err := filepath.Abs("../..")
	if err != nil {
		t.Fatal(err)
	}
	return root
}

// actionCheckout copies the Action's files as the runner downloads an
// action — what git tracks, and the new files it would track — to a
// directory of its own, readable by every user, and returns it. The
// repository itself is no action checkout: make setup's installs and
// the corpus's builds, which other tests write while this one runs,
// would change the source the release was built from under it.
func actionCheckout(t *testing.T) string {
	t.Helper()
	dir := filepath.Join(t.TempDir(), "envaudit")
	if err := testenv.CopyCheckout(actionRepoRoot(t), dir); err != nil {
		t.Fatal(err)
	}
	// The steps may run as another user: t.TempDir's directories are
	// its owner's alone.
	for d := filepath.Dir(dir); d != filepath.Dir(filepath.Dir(filepath.Dir(dir))); d = filepath.Dir(d) {
		if err := os.Chmod(d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

func readAction(t *testing.T) (*actionFile, string) {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(actionRepoRoot(t), "action.yml"))
	if err != nil {
		t.Fatal(err)
	}
	var a actionFile
	if err := yaml.Unmarshal(data, &a); err != nil {
		t.Fatal(err)
	}
	return &a, string(data)
}

var actionExpr = regexp.MustCompile(`\$\{\{\s*(.*?)\s*\}\}`)

// TestActionYAML checks the rules action.yml must keep: a composite
// action; every uses: pinned by full commit SHA; no expression inside a
// run: script (script injection); every input reaching envaudit through
// an explicit env: mapping with the name envaudit reads; every output
// wired to envaudit's step.
func TestActionYAML(t *testing.T) {
	a, raw := readAction(t)
	if a.Runs.Using != "composite" {
		t.Errorf("runs.using = %q, want composite", a.Runs.Using)
	}
	var main *actionStep
	for i, s := range a.Runs.Steps {
		switch {
		case s.Uses != "":
			if !regexp.MustCompile(`^[\w.-]+/[\w.-]+(/[\w.-]+)*@[0-9a-f]{40}$`).MatchString(s.Uses) {
				t.Errorf("step %d: uses %q is not pinned by a full commit SHA", i, s.Uses)
			}
		case s.Run != "":
			if strings.Contains(s.Run, "${{") {
				t.Errorf("step %q interpolates an expression into its script:\n%s", s.ID, s.Run)
			}
			if s.Shell != "bash" {
				t.Errorf("step %q: shell %q, want bash", s.ID, s.Shell)
			}
		}
		if s.ID == "envaudit" {
			main = &a.Runs.Steps[i]
		}
	}
	// Every uses: says which release its commit is, in a comment; none
	// changes the job's toolchain (setup-go put its Go first on PATH for
	// every later step, the traced command included).
	for _, s := range a.Runs.Steps {
		if s.Uses == "" {
			continue
		}
		name, _, _ := strings.Cut(s.Uses, "@")
		if !regexp.MustCompile(`# (.*\s)?` + regexp.QuoteMeta(name) + ` v\d+\.\d+\.\d+\b`).MatchString(raw) {
			t.Errorf("action.yml does not say which release of %s its commit is (a comment \"# %s vX.Y.Z\")", name, name)
		}
		if strings.HasPrefix(name, "actions/setup-") {
			t.Errorf("action.yml uses %s, which changes the job's toolchain for the steps after it", name)
		}
	}
	// The install writes no file command but its outputs, and reaches
	// the token only through its own env: (never an input's value).
	for _, s := range a.Runs.Steps {
		if strings.Contains(s.Run, "GITHUB_ENV") || strings.Contains(s.Run, "GITHUB_PATH") {
			t.Errorf("step %q writes GITHUB_ENV or GITHUB_PATH", s.ID)
		}
		if s.ID == "key" || s.ID == "build" {
			if want := `bash "$GITHUB_ACTION_PATH/scripts/action/install.sh" `; !strings.HasPrefix(s.Run, want) {
				t.Errorf("step %q runs %q, want %s...", s.ID, s.Run, want)
			}
			if got := s.Env["ENVAUDIT_TOKEN"]; got != "${{ github.token }}" {
				t.Errorf("step %q: ENVAUDIT_TOKEN = %q, want the job's token", s.ID, got)
			}
		}
	}
	if main == nil {
		t.Fatal("no step with id envaudit")
	}
	for name := range a.Inputs {
		key := "INPUT_" + strings.ToUpper(strings.ReplaceAll(name, "-", "_"))
		if got, want := main.Env[key], "${{ inputs."+name+" }}"; got != want {
			t.Errorf("input %q: env %s = %q, want %q", name, key, got, want)
		}
	}
	for key := range main.Env {
		if strings.HasPrefix(key, "INPUT_") {
			name := strings.ToLower(strings.ReplaceAll(strings.TrimPrefix(key, "INPUT_"), "_", "-"))
			if _, ok := a.Inputs[name]; !ok {
				t.Errorf("env %s maps no declared input", key)
			}
		}
	}
	if d := a.Inputs["github-token"].Default; d != "${{ github.token }}" {
		t.Errorf("github-token default = %q", d)
	}
	wantOutputs := []string{"baseline", "study"}
	for k := range (ghaction.Outputs{}).Map() {
		wantOutputs = append(wantOutputs, k)
	}
	var gotOutputs []string
	for name, o := range a.Outputs {
		gotOutputs = append(gotOutputs, name)
		if want := "${{ steps.envaudit.outputs." + name + " }}"; o.Value != want {
			t.Errorf("output %q = %q, want %q", name, o.Value, want)
		}
	}
	slices.Sort(wantOutputs)
	slices.Sort(gotOutputs)
	if diff := cmp.Diff(wantOutputs, gotOutputs); diff != "" {
		t.Errorf("outputs (-envaudit writes +action.yml declares):\n%s", diff)
	}

	// The SBOM and the bundle are uploaded by upload-artifact v4.6.2,
	// whatever the gate said, under the names of their inputs, unless
	// upload-artifacts is false.
	uploads := map[string]bool{}
	for _, s := range a.Runs.Steps {
		if !strings.HasPrefix(s.Uses, "actions/upload-artifact@") {
			continue
		}
		if s.Uses != "actions/upload-artifact@ea165f8d65b6e75b540449e92b4886f43607fa02" {
			t.Errorf("upload step uses %q, want v4.6.2's commit", s.Uses)
		}
		if !strings.HasPrefix(s.If, "always() && inputs.upload-artifacts == 'true' && ") {
			t.Errorf("upload step of %q runs if %q", s.With["name"], s.If)
		}
		uploads[s.With["name"]+" "+s.With["path"]] = true
	}
	for _, want := range []string{"${{ inputs.sbom-artifact }} ${{ steps.envaudit.outputs.sbom }}", "${{ inputs.bundle-artifact }} ${{ steps.envaudit.outputs.bundle }}"} {
		if !uploads[want] {
			t.Errorf("no upload step of %s (have %v)", want, uploads)
		}
	}

	// docs/action.md documents every input and output.
	docs, err := os.ReadFile(filepath.Join(actionRepoRoot(t), "docs", "action.md"))
	if err != nil {
		t.Fatal(err)
	}
	for name := range a.Inputs {
		if !strings.Contains(string(docs), "| `"+name+"` |") {
			t.Errorf("docs/action.md has no row for input %q", name)
		}
	}
	for _, name := range gotOutputs {
		if !strings.Contains(string(docs), "| `"+name+"` |") {
			t.Errorf("docs/action.md has no row for output %q", name)
		}
	}
}

// runnerArch is RUNNER_ARCH as the runner names this machine's
// architecture.
func runnerArch() string {
	return map[string]string{"amd64": "X64", "arm64": "ARM64"}[runtime.GOARCH]
}

// publishRelease publishes the Action's release v1 in srv, as
// .github/workflows/release.yml would: envaudit built from the Action's
// checkout at actionPath for this machine, the listing of the sources it
// was built from (sources.sha256) and their checksums.txt. The
// actionRunner's job then installs it by the release path (scripts/action
// tests that path, and the fallback build, on their own).
func publishRelease(t *testing.T, srv *ghfake.Server, actionPath string) {
	t.Helper()
	asset := "envaudit-linux-" + runtime.GOARCH
	bin := filepath.Join(t.TempDir(), asset)
	build := exec.Command("go", "build", "-o", bin, "./cmd/envaudit")
	build.Dir = actionPath
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("building envaudit for the Action's release: %v\n%s", err, out)
	}
	data, err := os.ReadFile(bin)
	if err != nil {
		t.Fatal(err)
	}
	// The listing of the source files the binary was built from, as
	// release.yml makes it: install.sh's own.
	list := exec.Command("bash", filepath.Join(actionPath, "scripts", "action", "install.sh"), "sources", actionPath)
	sources, err := list.Output()
	if err != nil {
		t.Fatalf("install.sh sources %s: %v", actionPath, err)
	}
	sum := func(b []byte) string { s := sha256.Sum256(b); return hex.EncodeToString(s[:]) }
	srv.AddRelease("envaudit/envaudit", "v1", []string{asset, "sources.sha256", "checksums.txt"}, map[string][]byte{
		asset:            data,
		"sources.sha256": sources,
		"checksums.txt":  []byte(sum(data) + "  " + asset + "\n" + sum(sources) + "  sources.sha256\n"),
	})
}

// actionRunner runs the steps of action.yml the way the Actions runner does for
// a composite action: inputs from with: and defaults, expressions in env:
// and with: evaluated, each run: step a bash script with its own
// GITHUB_OUTPUT file, uses: steps replaced by what the machine already has.
type actionRunner struct {
	t          *testing.T
	action     *actionFile
	actionPath string
	workspace  string
	temp       string
	token      string
	env        []string // the job's environment
	summary    string   // GITHUB_STEP_SUMMARY content, all steps
	stdout     bytes.Buffer
	// stepFiles are the file commands of the step that ran last.
	stepFiles map[string]string
	// uid, when not 0, is the user the envaudit step runs as, the way a
	// runner runs steps as an ordinary user: the workspace and the
	// temporary directory are handed over to it first.
	uid int
}

type actionRun struct {
	code    int
	stdout  string
	outputs map[string]string // the action's outputs
	// fileCommands holds the envaudit step's file commands as the runner
	// reads them after the step, by variable.
	fileCommands map[string]string
}

// fileCommands makes a step's file commands the way the runner does: in
// $RUNNER_TEMP/_runner_file_commands, one empty file per command named by
// its prefix and a new GUID, the previous step's files removed.
func (r *actionRunner) fileCommands() map[string]string {
	t := r.t
	dir := filepath.Join(r.temp, runnerFileCommandDir)
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	for _, p := range r.stepFiles {
		if err := os.Remove(p); err != nil && !errors.Is(err, fs.ErrNotExist) {
			t.Fatal(err)
		}
	}
	r.stepFiles = runnertest.StepFiles(t, r.temp)
	return r.stepFiles
}

// runAction runs the action with the given inputs, stopping at the first
// failing step like the runner.
func (r *actionRunner) runAction(with map[string]string) actionRun {
	t := r.t
	inputs := map[string]string{}
	for name, in := range r.action.Inputs {
		inputs[name] = in.Default
	}
	for k, v := range with {
		if _, ok := r.action.Inputs[k]; !ok {
			t.Fatalf("with: unknown input %q", k)
		}
		inputs[k] = v
	}
	stepOut := map[string]map[string]string{}
	eval := func(s string) string {
		return actionExpr.ReplaceAllStringFunc(s, func(m string) string {
			e := actionExpr.FindStringSubmatch(m)[1]
			parts := strings.Split(e, ".")
			switch {
			case parts[0] == "inputs" && len(parts) == 2:
				return r.evalDefault(inputs[parts[1]])
			case e == "github.token":
				return r.token
			case e == "github.action_path":
				return r.actionPath
			case e == "github.action_ref":
				return "v1"
			case e == "github.action_repository":
				return "envaudit/envaudit"
			case e == "runner.os":
				return "Linux"
			case e == "runner.arch":
				return "X64"
			case e == "runner.temp":
				return r.temp
			case parts[0] == "steps" && len(parts) == 4 && parts[2] == "outputs":
				return stepOut[parts[1]][parts[3]]
			}
			t.Fatalf("action.yml uses an expression the test runner does not know: %s", m)
			return ""
		})
	}
	var res actionRun
	var stdout bytes.Buffer
	for i, s := range r.action.Runs.Steps {
		if s.Uses != "" {
			// cache: a miss.
			for _, v := range s.With {
				eval(v)
			}
			if s.ID != "" {
				stepOut[s.ID] = map[string]string{"cache-hit": ""}
			}
			continue
		}
		fileCmds := r.fileCommands()
		outFile, sumFile := fileCmds["GITHUB_OUTPUT"], fileCmds["GITHUB_STEP_SUMMARY"]
		script := filepath.Join(r.temp, fmt.Sprintf("step-%d.sh", i))
		if err := os.WriteFile(script, []byte(s.Run), 0o755); err != nil {
			t.Fatal(err)
		}
		env := append(slices.Clone(r.env), "GITHUB_ACTION_PATH="+r.actionPath)
		for k, p := range fileCmds {
			env = append(env, k+"="+p)
		}
		for k, v := range s.Env {
			env = append(env, k+"="+eval(v))
		}
		cmd := exec.Command("bash", "--noprofile", "--norc", "-e", "-o", "pipefail", script)
		if s.ID == "envaudit" && r.uid != 0 {
			for _, dir := range []string{r.workspace, r.temp} {
				testenv.HandOver(t, dir, r.uid)
			}
			cmd.SysProcAttr = &syscall.SysProcAttr{Credential: &syscall.Credential{Uid: uint32(r.uid), Gid: uint32(r.uid), Groups: []uint32{}}}
		}
		cmd.Dir = r.workspace
		cmd.Env = env
		var stderr bytes.Buffer
		cmd.Stdout = &stdout
		cmd.Stderr = &stderr
		err := cmd.Run()
		if sum, _ := os.ReadFile(sumFile); len(sum) > 0 {
			r.summary += string(sum)
		}
		if s.ID != "" {
			stepOut[s.ID] = readActionOutputs(t, outFile)
		}
		if s.ID == "envaudit" {
			res.fileCommands = map[string]string{}
			for k, p := range fileCmds {
				data, err := os.ReadFile(p)
				if err != nil {
					t.Fatalf("%s after the envaudit step: %v", k, err)
				}
				res.fileCommands[k] = string(data)
			}
		}
		if err != nil {
			ee, ok := err.(*exec.ExitError)
			if !ok {
				t.Fatal(err)
			}
			res.code = ee.ExitCode()
			if s.ID != "envaudit" {
				t.Fatalf("step %q failed: %v\n%s", s.ID, err, stderr.String())
			}
			t.Logf("envaudit step exited %d; stderr:\n%s", res.code, stderr.String())
			break
		}
		t.Logf("step %q stderr:\n%s", s.ID, stderr.String())
	}
	res.stdout = stdout.String()
	r.stdout.Write(stdout.Bytes())
	res.outputs = map[string]string{}
	for name, o := range r.action.Outputs {
		res.outputs[name] = eval(o.Value)
	}
	return res
}

// evalDefault evaluates an input's default, which may itself be an
// expression (github-token: ${{ github.token }}).
func (r *actionRunner) evalDefault(v string) string {
	if strings.TrimSpace(v) == "${{ github.token }}" {
		return r.token
	}
	return v
}

// readActionOutputs parses a GITHUB_OUTPUT file as the runner does.
func readActionOutputs(t *testing.T, path string) map[string]string {
	t.Helper()
	return runnertest.Read(t, path)
}

// TestActionWorkflow runs action.yml's steps as a runner would on a real
// npm project (installed by npm ci in `make setup`) in a git repository
// whose last commit is a coding agent's pull request, against a local
// GitHub API: a baseline step, an install step, then the audit in one job
// (mode single). It checks the outputs, the annotations, the job summary,
// the review, the SBOM's validity, and that neither the token nor the
// actionRunner's credentials nor its file commands reach the traced test
// command. Then the same pull request in the two-workflow setup: mode
// audit writes the bundle and nothing through the API, and mode publish,
// on the workflow_run event, publishes it.
func TestActionWorkflow(t *testing.T) {
	testenv.RealInstall(t)
	fixture, err := filepath.Abs("testdata/action")
	if err != nil {
		t.Fatal(err)
	}
	tarball := filepath.Join(fixture, "cache", "is-number-7.0.0.tgz")
	for _, need := range []string{filepath.Join(fixture, "webapp", "node_modules", "debug", "package.json"), tarball} {
		if _, err := os.Stat(need); err != nil {
			t.Fatalf("%v: run `make setup` (scripts/setup.d/ghaction.sh installs the Action test's fixtures)", err)
		}
	}
	for _, tool := range []string{"git", "npm", "node", "go", "bash", "tar"} {
		if _, err := exec.LookPath(tool); err != nil {
			t.Fatalf("%s not found: run `make setup`", tool)
		}
	}
	a, _ := readAction(t)

	// The repository: the base commit declares debug and uses it; the
	// agent's pull request declares left-pad (never used) and requires ms
	// and is-number (never declared).
	ws := t.TempDir()
	app := filepath.Join(ws, "app")
	if err := copyTree(filepath.Join(fixture, "webapp"), app, func(rel string) bool { return rel == "node_modules" }); err != nil {
		t.Fatal(err)
	}
	git := func(args ...string) string {
		t.Helper()
		cmd := gitcmd.Command(context.Background(), ws, args...)
		cmd.Env = append(cmd.Env,
			"GIT_AUTHOR_NAME=Octo Cat", "GIT_AUTHOR_EMAIL=octo@example.com", "GIT_COMMITTER_NAME=Octo Cat", "GIT_COMMITTER_EMAIL=octo@example.com")
		out, err := cmd.CombinedOutput()
		if err != nil {
			t.Fatalf("git %s: %v\n%s", strings.Join(args, " "), err, out)
		}
		return strings.TrimSpace(string(out))
	}
	head := map[string][]byte{}
	for _, f := range []string{"package.json", "package-lock.json", "index.js"} {
		data, err := os.ReadFile(filepath.Join(app, f))
		if err != nil {
			t.Fatal(err)
		}
		head[f] = data
	}
	baseManifest := strings.Replace(string(head["package.json"]), ",\n    \"left-pad\": \"1.3.0\"", "", 1)
	if baseManifest == string(head["package.json"]) {
		t.Fatal("fixture package.json no longer declares left-pad as the test expects")
	}
	writeActionFile(t, filepath.Join(app, "package.json"), baseManifest)
	writeActionFile(t, filepath.Join(app, "index.js"), "'use strict';\nconst debug = require('debug')('webapp');\n\nfunction wait(delay) {\n  debug('waiting %d ms', delay);\n  return String(delay);\n}\n\nmodule.exports = { wait };\n")
	git("init", "-q", "-b", "main")
	git("add", ".")
	git("commit", "-q", "-m", "webapp")
	base := git("rev-parse", "HEAD")
	for f, data := range head {
		writeActionFile(t, filepath.Join(app, f), string(data))
	}
	git("add", ".")
	git("commit", "-q", "-m", "Format delays with ms\n\nCo-authored-by: Copilot <198982749+Copilot@users.noreply.github.com>")
	headSHA := git("rev-parse", "HEAD")

	// The local GitHub API, with the pull request's real patches.
	srv := ghfake.New("octo/webapp", 12)
	t.Cleanup(srv.Close)
	var files []ghfake.File
	for _, f := range []string{"app/package.json", "app/index.js", "app/package-lock.json"} {
		d := git("diff", base, headSHA, "--", f)
		if i := strings.Index(d, "@@"); i >= 0 {
			files = append(files, ghfake.File{Filename: f, Status: "modified", Patch: d[i:]})
		}
	}
	srv.SetFiles(files...)

	temp := t.TempDir()
	home := filepath.Join(temp, "home")
	if err := os.MkdirAll(home, 0o755); err != nil {
		t.Fatal(err)
	}
	envDump := filepath.Join(temp, "traced-env.txt")
	// The probe, run by the traced command, copies the environment block
	// of every ancestor process it can read (which the token must be in
	// none of) and lists them.
	probe := filepath.Join(temp, "probe.sh")
	ancestors := filepath.Join(temp, "ancestors")
	if err := os.Mkdir(ancestors, 0o755); err != nil {
		t.Fatal(err)
	}
	writeActionFile(t, probe, ancestorProbe)
	tamper := filepath.Join(temp, "tamper.sh")
	writeActionFile(t, tamper, fileCommandTamper)
	event := func(login, branch string, number int) string {
		p := filepath.Join(temp, fmt.Sprintf("event-%s-%d.json", login, number))
		ev := map[string]any{
			"action": "synchronize",
			"number": number,
			"pull_request": map[string]any{
				"number": number,
				"body":   "Formats delays.",
				"user":   map[string]any{"login": login, "type": "Bot"},
				"head":   map[string]any{"ref": branch, "sha": headSHA},
				"base":   map[string]any{"ref": "main", "sha": base},
			},
		}
		data, _ := json.Marshal(ev)
		writeActionFile(t, p, string(data))
		return p
	}
	const token = "ghs_envauditTestToken0123456789abcdef"
	const runtimeToken = "runtime-secret-0123456789"
	jobEnv := func(eventPath string) []string {
		var env []string
		for _, kv := range os.Environ() {
			k, _, _ := strings.Cut(kv, "=")
			if strings.HasPrefix(k, "GITHUB_") || strings.HasPrefix(k, "RUNNER_") || strings.HasPrefix(k, "INPUT_") || k == "HOME" {
				continue
			}
			env = append(env, kv)
		}
		return append(env,
			"HOME="+home, "CI=true", "GITHUB_ACTIONS=true", "NO_COLOR=1",
			"GITHUB_WORKSPACE="+ws, "RUNNER_TEMP="+temp, "RUNNER_OS=Linux", "RUNNER_ARCH="+runnerArch(),
			"GITHUB_EVENT_NAME=pull_request", "GITHUB_EVENT_PATH="+eventPath,
			"GITHUB_API_URL="+srv.APIURL(), "GITHUB_SERVER_URL=https://github.com",
			"GITHUB_REPOSITORY=octo/webapp", "GITHUB_SHA="+headSHA, "GITHUB_REF=refs/pull/12/merge",
			"GITHUB_WORKFLOW=ci", "GITHUB_JOB=test", "GITHUB_RUN_ID=4242",
			"GITHUB_WORKFLOW_REF=octo/webapp/.github/workflows/ci.yml@refs/pull/12/merge",
			// A workflow that exports the token to every step, and the
			// actionRunner's own credential: neither may reach the tests.
			"GITHUB_TOKEN="+token, "ACTIONS_RUNTIME_TOKEN="+runtimeToken,
			"ENVDUMP="+envDump, "PROBE="+probe, "ANCESTORS="+ancestors, "TAMPER="+tamper,
		)
	}
	r := &actionRunner{t: t, action: a, actionPath: actionCheckout(t), workspace: ws, temp: temp, token: token}
	if os.Geteuid() == 0 {
		// As root the probe could read every process: run the step as
		// nobody, as a runner runs steps as its own ordinary user.
		r.uid = 65534
	}
	if p := os.Getenv("ENVAUDIT_ACTION_PATH"); p != "" {
		r.actionPath = p // build the Action from another checkout
	}
	publishRelease(t, srv, r.actionPath)
	r.env = jobEnv(event("Copilot", "copilot/format-delays", 12))

	// Step 1: the baseline, before anything is installed.
	bl := r.runAction(map[string]string{"mode": "baseline", "working-directory": "app"})
	if bl.code != 0 || bl.outputs["baseline"] == "" {
		t.Fatalf("baseline step: exit %d, outputs %v\n%s", bl.code, bl.outputs, bl.stdout)
	}
	var downloads []string
	for _, req := range srv.Requests() {
		if req.Storage {
			downloads = append(downloads, req.Path)
		}
	}
	if len(downloads) != 2 {
		t.Errorf("the first step downloaded %q, want the release's checksums.txt and binary; its output:\n%s", downloads, bl.stdout)
	}
	// Step 2: the workflow installs the project, and one more package
	// outside its manifests.
	install := exec.Command("bash", "-c", `set -e
cp -r "$FIXTURE/webapp/node_modules" app/node_modules
mkdir -p app/node_modules/is-number
tar -xzf "$FIXTURE/cache/is-number-7.0.0.tgz" -C app/node_modules/is-number --strip-components=1`)
	install.Dir = ws
	install.Env = append(os.Environ(), "FIXTURE="+fixture)
	if out, err := install.CombinedOutput(); err != nil {
		t.Fatalf("install step: %v\n%s", err, out)
	}

	// Step 3: the audit of the agent's pull request, under agent-policy
	// strict, in one job. The test command also dumps its environment,
	// writes to the step's file commands and tries to forge an annotation.
	with := map[string]string{
		"mode":                "single",
		"run":                 `npm test && env > "$ENVDUMP" && bash "$PROBE" && bash "$TAMPER" && echo "::error::forged by the tests"`,
		"working-directory":   "app",
		"agent-policy":        "strict",
		"sbom":                "envaudit.cdx.json",
		"sarif":               "envaudit.sarif",
		"report":              "envaudit-report.json",
		"submit-dependencies": "true",
	}
	res := r.runAction(with)

	t.Run("exit", func(t *testing.T) {
		if res.code != exitFindings {
			t.Errorf("envaudit step exited %d, want %d (findings fail the strict agent gate)", res.code, exitFindings)
		}
	})
	t.Run("outputs", func(t *testing.T) {
		want := map[string]string{
			"report": "envaudit-report.json", "sbom": "envaudit.cdx.json", "sarif": "envaudit.sarif",
			"phantom": "1", "hidden": "2", "bloat": "1", "agent-authored": "true", "failing": "3", "baseline": "", "bundle": "", "study": "", "error": "",
		}
		if diff := cmp.Diff(want, res.outputs); diff != "" {
			t.Errorf("outputs (-want +got):\n%s", diff)
		}
	})
	line := 1 + strings.Count(string(head["package.json"])[:strings.Index(string(head["package.json"]), `"left-pad"`)], "\n")
	t.Run("annotations", func(t *testing.T) {
		for _, want := range []string{
			fmt.Sprintf("::error file=app/package.json,line=%d,title=envaudit%%3A npm phantom dependency left-pad (unused)::", line),
			"::error file=app/package.json,title=envaudit%3A npm hidden dependency is-number (undeclared)::",
			// The code requires ms, which only debug brings: the error is on
			// the require's line.
			"::error file=app/index.js,line=3,title=envaudit%3A npm hidden dependency ms (direct)::",
			"::add-mask::" + token,
		} {
			if !strings.Contains(res.stdout, want) {
				t.Errorf("stdout lacks %q:\n%s", want, res.stdout)
			}
		}
		// The forged annotation came while workflow commands were stopped.
		m := regexp.MustCompile(`(?m)^::stop-commands::(\S+)$`).FindStringSubmatch(res.stdout)
		if m == nil {
			t.Fatalf("no stop-commands:\n%s", res.stdout)
		}
		stop, forged, resume := strings.Index(res.stdout, m[0]), strings.Index(res.stdout, "::error::forged"), strings.Index(res.stdout, "::"+m[1]+"::")
		if !(stop < forged && forged < resume) {
			t.Errorf("the traced command's workflow command was not fenced (stop %d, forged %d, resume %d)", stop, forged, resume)
		}
		if n := strings.Count(res.stdout, token); n != 1 {
			t.Errorf("the token appears %d times in the log, want once (in add-mask)", n)
		}
	})
	t.Run("summary", func(t *testing.T) {
		for _, want := range []string{
			"## envaudit: ❌ 3 findings fail this check",
			"**agent-authored**: Copilot coding agent (author login \"Copilot\"); agent policy `strict`",
			"Compared with base `" + base[:7] + "`: 4 new, 0 already there.",
			"| ❌ | hidden · undeclared | `is-number` 7.0.0 |",
			"installed by a workflow step",
			"| 2 | 4 | 3 | 50% | 67% | 25% |",
		} {
			if !strings.Contains(r.summary, want) {
				t.Errorf("job summary lacks %q:\n%s", want, r.summary)
			}
		}
	})
	t.Run("files", func(t *testing.T) {
		data, err := os.ReadFile(filepath.Join(ws, "envaudit.cdx.json"))
		if err != nil {
			t.Fatal(err)
		}
		if err := sbomtest.ValidateJSON(data); err != nil {
			t.Errorf("SBOM does not validate against CycloneDX 1.6: %v", err)
		}
		if !strings.Contains(string(data), `"name": "webapp/app"`) || !strings.Contains(string(data), "pkg:npm/is-number@7.0.0") {
			t.Errorf("SBOM lacks the project or is-number")
		}
		report := readReportFile(t, filepath.Join(ws, "envaudit-report.json"))
		got := map[string]string{}
		for _, f := range report.Ecosystems[0].Findings {
			got[string(f.Kind)+" "+f.Package] = f.Change + " " + f.Provenance
		}
		want := map[string]string{"phantom left-pad": "new ", "bloat left-pad": "new ", "hidden ms": "new workflow", "hidden is-number": "new workflow"}
		if diff := cmp.Diff(want, got); diff != "" {
			t.Errorf("findings (-want +got):\n%s", diff)
		}
		var sarif struct {
			Runs []struct {
				Results []struct {
					RuleID    string `json:"ruleId"`
					Locations []struct {
						PhysicalLocation struct {
							ArtifactLocation struct{ URI string }
						}
					}
				}
			}
		}
		data, err = os.ReadFile(filepath.Join(ws, "envaudit.sarif"))
		if err != nil || json.Unmarshal(data, &sarif) != nil || len(sarif.Runs[0].Results) != 3 {
			t.Fatalf("SARIF: %v\n%s", err, data)
		}
		var uris []string
		for _, res := range sarif.Runs[0].Results {
			uris = append(uris, res.RuleID+" "+res.Locations[0].PhysicalLocation.ArtifactLocation.URI)
		}
		slices.Sort(uris)
		// A direct use of a transitive package is placed at the import.
		if diff := cmp.Diff([]string{"envaudit/hidden app/index.js", "envaudit/hidden app/package.json", "envaudit/phantom app/package.json"}, uris); diff != "" {
			t.Errorf("SARIF results (-want +got):\n%s", diff)
		}
	})
	t.Run("review", func(t *testing.T) {
		var got []string
		for _, c := range srv.ReviewComments() {
			got = append(got, fmt.Sprintf("%s:%d", c.Path, c.Line))
		}
		// The pull request changed both lines: the direct use of ms in
		// index.js and the left-pad declaration.
		if diff := cmp.Diff([]string{"app/index.js:3", fmt.Sprintf("app/package.json:%d", line)}, got); diff != "" {
			t.Errorf("review comments (-want +got):\n%s", diff)
		}
		comments := srv.IssueComments()
		if len(comments) != 1 || !strings.HasPrefix(comments[0].Body, ghaction.SummaryMarker) {
			t.Errorf("summary comments = %+v", comments)
		}
		if n := len(srv.Snapshots()); n != 1 {
			t.Errorf("%d dependency snapshots submitted, want 1", n)
		}
		for _, req := range srv.Requests() {
			// The storage host a release download redirects to gets no
			// token (scripts/action checks it).
			if req.Auth != "Bearer "+token && !req.Storage {
				t.Errorf("%s %s sent Authorization %q", req.Method, req.Path, req.Auth)
			}
		}
	})
	t.Run("tokenInvisible", func(t *testing.T) {
		data, err := os.ReadFile(envDump)
		if err != nil {
			t.Fatalf("the traced command did not run to the end: %v", err)
		}
		env := string(data)
		for _, secret := range []string{token, runtimeToken} {
			if strings.Contains(env, secret) {
				t.Errorf("the traced command saw a secret %q", secret[:8])
			}
		}
		for _, name := range []string{"GITHUB_TOKEN=", "ACTIONS_RUNTIME_TOKEN=", "INPUT_", "GITHUB_OUTPUT=", "GITHUB_STEP_SUMMARY=", "GITHUB_ENV="} {
			if strings.Contains(env, "\n"+name) || strings.HasPrefix(env, name) {
				t.Errorf("the traced command's environment has %s", name)
			}
		}
		if !strings.Contains(env, "GITHUB_WORKSPACE="+ws) {
			t.Errorf("the traced command lost the actionRunner's ordinary variables:\n%s", env)
		}

		// Nor could it read them from its ancestors: the step's shell is
		// gone (exec) and envaudit's environment block is not readable.
		list, err := os.ReadFile(filepath.Join(ancestors, "list"))
		if err != nil {
			t.Fatalf("the probe did not run: %v", err)
		}
		t.Logf("the traced command's ancestors:\n%s", list)
		if !regexp.MustCompile(`(?m)^\d+ envaudit unreadable$`).Match(list) {
			t.Errorf("envaudit is not among the traced command's ancestors, or its environment was readable:\n%s", list)
		}
		// In mode single the audit child, executed as /proc/self/exe,
		// stands between them, unreadable too.
		if !regexp.MustCompile(`(?m)^\d+ exe unreadable\n\d+ envaudit unreadable$`).Match(list) {
			t.Errorf("the audit child is not the token's holder's child, or its environment was readable:\n%s", list)
		}
		copies, err := filepath.Glob(filepath.Join(ancestors, "[0-9]*"))
		if err != nil {
			t.Fatal(err)
		}
		for _, f := range copies {
			data, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			for _, secret := range []string{token, runtimeToken, filepath.Join(temp, runnerFileCommandDir)} {
				if bytes.Contains(data, []byte(secret)) {
					t.Errorf("the traced command read %q from the environment of its ancestor %s", secret[:8], filepath.Base(f))
				}
			}
		}
	})

	t.Run("fileCommands", func(t *testing.T) {
		// The test command found the file commands by listing the
		// runner's directory and wrote to every one of them, and made
		// one more; envaudit put back what they held (nothing: the
		// runner makes them empty) before writing its own.
		done, err := os.ReadFile(filepath.Join(temp, "tampered"))
		if err != nil {
			t.Fatalf("the tamper script did not run: %v", err)
		}
		for _, prefix := range []string{"set_output_", "set_env_", "add_path_", "save_state_", "step_summary_"} {
			if !strings.Contains(string(done), "/"+prefix) {
				t.Errorf("the tamper script found no %s file:\n%s", prefix, done)
			}
		}
		want := map[string]string{"GITHUB_ENV": "", "GITHUB_PATH": "", "GITHUB_STATE": ""}
		got := map[string]string{}
		for k, v := range res.fileCommands {
			if k != "GITHUB_OUTPUT" && k != "GITHUB_STEP_SUMMARY" {
				got[k] = v
			}
		}
		if diff := cmp.Diff(want, got); diff != "" {
			t.Errorf("file commands after the step (-want +got):\n%s", diff)
		}
		if foreign := foreignOutputLines(res.fileCommands["GITHUB_OUTPUT"]); len(foreign) > 0 {
			t.Errorf("GITHUB_OUTPUT holds lines envaudit did not write: %q", foreign)
		}
		if strings.Contains(res.fileCommands["GITHUB_STEP_SUMMARY"], "FORGED-SUMMARY") || !strings.HasPrefix(res.fileCommands["GITHUB_STEP_SUMMARY"], "## envaudit") {
			t.Errorf("GITHUB_STEP_SUMMARY is not envaudit's own:\n%.300s", res.fileCommands["GITHUB_STEP_SUMMARY"])
		}
		if _, err := os.Lstat(filepath.Join(temp, runnerFileCommandDir, tamperedNewFile)); !errors.Is(err, fs.ErrNotExist) {
			t.Errorf("the file the test command made is still there: %v", err)
		}
		// The warning names every file command the test command wrote
		// and the one it made, and the report warns in the same words.
		m := regexp.MustCompile(`(?m)^::warning::envaudit: (.* tampered with the step's file commands .*)$`).FindStringSubmatch(res.stdout)
		names := "(GITHUB_OUTPUT, GITHUB_ENV, GITHUB_PATH, GITHUB_STATE, GITHUB_STEP_SUMMARY, new " + tamperedNewFile + ")"
		if m == nil || !strings.Contains(m[1], names) {
			t.Fatalf("no warning naming the tampered file commands %s:\n%s", names, res.stdout)
		}
		msg := m[1]
		report := readReportFile(t, filepath.Join(ws, "envaudit-report.json"))
		if !slices.Contains(report.Warnings, msg) {
			t.Errorf("report warnings = %q, want %q", report.Warnings, msg)
		}
	})

	// The same pull request pushed again, now by a person: the default
	// gate fails the undeclared package and the direct use of ms, and the
	// summary comment is edited in place.
	r.env = jobEnv(event("octocat", "format-delays", 12))
	delete(with, "submit-dependencies")
	res2 := r.runAction(with)
	if res2.code != exitFindings || res2.outputs["agent-authored"] != "false" || res2.outputs["failing"] != "2" {
		t.Errorf("human push: exit %d, outputs %v", res2.code, res2.outputs)
	}
	comments := srv.IssueComments()
	if len(comments) != 1 || !strings.Contains(comments[0].Body, "❌ 2 findings fail this check") {
		t.Errorf("summary comment not updated in place: %+v", comments)
	}
	if n := len(srv.ReviewComments()); n != 2 {
		t.Errorf("%d review comments after the second push, want the first two only", n)
	}

	// The same change from a fork, as a new pull request: the token is
	// read-only. The review is skipped with a notice; the gate and the
	// summary are unchanged. (A new pull request, because on #12 the
	// summary comment may already say exactly this, and an unchanged
	// comment is not written again.)
	srv.ReadOnly = true
	srv.PR = 13
	r.env = jobEnv(event("octocat", "format-delays", 13))
	res3 := r.runAction(with)
	if res3.code != exitFindings || res3.outputs["failing"] != "2" {
		t.Errorf("read-only token: exit %d, outputs %v", res3.code, res3.outputs)
	}
	if !strings.Contains(res3.stdout, "::notice::envaudit: pull-request review skipped: ") || strings.Contains(res3.stdout, "::warning::envaudit: pull-request review") {
		t.Errorf("read-only token: no notice:\n%s", res3.stdout)
	}
	if !strings.Contains(r.summary, "Pull-request review skipped: the token may not write") {
		t.Errorf("read-only token: the job summary does not say the review was skipped")
	}

	// The two-workflow setup, on a new pull request #14 of the same
	// change. The audit workflow runs on pull_request with a read-only
	// token: mode audit writes nothing through the API.
	srv.PR = 14
	r.env = jobEnv(event("Copilot", "copilot/format-delays", 14))
	auditWith := maps.Clone(with)
	delete(auditWith, "mode")
	writes := func() int {
		n := 0
		for _, req := range srv.Requests() {
			if req.Method != "GET" {
				n++
			}
		}
		return n
	}
	before := writes()
	srv.ReadOnly = false // even a token that may write is not used to
	audited := r.runAction(auditWith)
	if audited.code != exitFindings || audited.outputs["failing"] != "3" || audited.outputs["bundle"] == "" {
		t.Fatalf("mode audit: exit %d, outputs %v", audited.code, audited.outputs)
	}
	if n := writes() - before; n != 0 {
		t.Errorf("mode audit made %d API writes", n)
	}
	if strings.Count(audited.stdout, "::error file=") != 3 {
		t.Errorf("mode audit did not annotate the three failing findings:\n%s", audited.stdout)
	}
	// The publish workflow runs on workflow_run, in a checkout of the
	// default branch, with the bundle the audit run uploaded.
	pr := ghfake.PullRequest{Number: 14, State: "open", Head: ghfake.Ref{Ref: "copilot/format-delays", SHA: headSHA}, Base: ghfake.Ref{Ref: "main", SHA: base}}
	pr.User.Login, pr.User.Type = "Copilot", "Bot"
	srv.SetPullRequests(pr)
	runEvent := filepath.Join(temp, "event-workflow-run.json")
	data, _ := json.Marshal(map[string]any{"action": "completed", "workflow_run": map[string]any{
		"id": 777, "head_sha": headSHA, "head_branch": "copilot/format-delays", "event": "pull_request", "conclusion": "failure",
		"path": ".github/workflows/envaudit.yml", "pull_requests": []any{map[string]any{"number": 14}},
	}})
	// The audit workflow, which the pull request leaves as the default
	// branch has it.
	for _, sha := range []string{headSHA, base} {
		srv.SetContent(sha, ".github/workflows/envaudit.yml", []byte("name: envaudit\non: pull_request\n"))
	}
	writeActionFile(t, runEvent, string(data))
	r.env = append(jobEnv(runEvent), "GITHUB_EVENT_NAME=workflow_run", "GITHUB_SHA="+base, "GITHUB_REF=refs/heads/main")
	published := r.runAction(map[string]string{
		"mode": "publish", "bundle": audited.outputs["bundle"], "agent-policy": "strict", "submit-dependencies": "true",
	})
	if published.code != 0 {
		t.Fatalf("mode publish exited %d:\n%s", published.code, published.stdout)
	}
	runs := srv.CheckRuns()
	if len(runs) != 1 || runs[0].HeadSHA != headSHA || runs[0].Conclusion != "failure" || runs[0].Output.Title != "3 findings fail this check" {
		t.Fatalf("check runs %+v", runs)
	}
	var anns []string
	for _, a := range runs[0].Annotations {
		anns = append(anns, fmt.Sprintf("%s %s:%d", a.AnnotationLevel, a.Path, a.StartLine))
	}
	slices.Sort(anns)
	if diff := cmp.Diff([]string{"failure app/index.js:3", "failure app/package.json:1", fmt.Sprintf("failure app/package.json:%d", line)}, anns); diff != "" {
		t.Errorf("check run annotations (-want +got):\n%s", diff)
	}
	var on14 int
	for _, c := range srv.IssueComments() {
		if strings.Contains(c.Body, "Pull request #14") {
			on14++
		}
	}
	if on14 != 1 {
		t.Errorf("%d summary comments on #14, want 1", on14)
	}
	if n := len(srv.Snapshots()); n != 2 {
		t.Errorf("%d dependency snapshots in all, want the single job's and the publisher's", n)
	}
}

// ancestorProbe runs inside the traced command as the pull request's code
// could: it walks up its ancestors, copies the environment block of each
// one it can read to $ANCESTORS/PID, and lists them in $ANCESTORS/list as
// "PID COMM readable|unreadable".
const ancestorProbe = `set -u
pid=$$
while pid=$(awk '$1 == "PPid:" {print $2}' "/proc/$pid/status") && [ "$pid" -gt 0 ]; do
  comm=$(cat "/proc/$pid/comm")
  if cat "/proc/$pid/environ" >"$ANCESTORS/$pid" 2>/dev/null; then
    echo "$pid $comm readable" >>"$ANCESTORS/list"
  else
    rm -f "$ANCESTORS/$pid"
    echo "$pid $comm unreadable" >>"$ANCESTORS/list"
  fi
done
`

// tamperedNewFile is the file command of a step of its own that
// fileCommandTamper makes.
const tamperedNewFile = "set_env_00000000-0000-4000-8000-000000000000"

// fileCommandTamper runs inside the traced command as the pull request's
// code could: it lists the runner's file-command directory (RUNNER_TEMP is
// in its environment) and writes to every file there, forging an output,
// the environment and PATH of later steps, state and the job summary, and
// makes a file command of its own. It lists what it wrote in
// $RUNNER_TEMP/tampered.
const fileCommandTamper = `set -eu
for f in "$RUNNER_TEMP"/_runner_file_commands/*; do
  case "$f" in
    */set_output_*) echo hidden=0 >>"$f" ;;
    */set_env_*) echo NODE_OPTIONS=--require=/tmp/evil.js >>"$f" ;;
    */add_path_*) echo /tmp/evil >>"$f" ;;
    */save_state_*) echo isPost=true >>"$f" ;;
    */step_summary_*) echo "FORGED-SUMMARY" >>"$f" ;;
  esac
  echo "$f" >>"$RUNNER_TEMP/tampered"
done
echo INJECTED=1 >"$RUNNER_TEMP/_runner_file_commands/` + tamperedNewFile + `"
`

// foreignOutputLines returns the lines of a GITHUB_OUTPUT file that are
// not in name<<DELIMITER blocks, which is how go-githubactions writes
// every output (the traced command appends name=value lines).
func foreignOutputLines(content string) []string {
	var foreign []string
	lines := strings.Split(strings.TrimSuffix(content, "\n"), "\n")
	for i := 0; i < len(lines); i++ {
		_, delim, ok := strings.Cut(lines[i], "<<")
		if !ok || delim == "" {
			if lines[i] != "" {
				foreign = append(foreign, lines[i])
			}
			continue
		}
		for i++; i < len(lines) && lines[i] != delim; i++ {
		}
	}
	return foreign
}

func writeActionFile(t *testing.T, path, content string) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, []byte(content), 0o644); err != nil {
		t.Fatal(err)
	}
}
