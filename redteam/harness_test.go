package redteam

import (
	"bytes"
	"context"
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"os/user"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"go.yaml.in/yaml/v3"

	"github.com/envaudit/envaudit/ghaction/ghfake"
	"github.com/envaudit/envaudit/internal/testenv"
)

// rtUser is the unprivileged user with passwordless sudo that
// scripts/setup.d/redteam.sh makes, as GitHub-hosted runners run steps as
// such a user.
const rtUser = "envaudit-rt"

// env is what every test shares: the envaudit under test, built once, and
// the runner-like machine around it.
type env struct {
	bin     string            // the envaudit binary
	source  string            // the source tree it was built from
	inputs  map[string]string // action.yml's inputs and their defaults
	modes   string            // action.yml's description of the mode input
	docs    string            // the source tree's docs/action.md
	uid     int
	gid     int
	pathDir string // a PATH directory with the machine's programs but Maven
	// untraced is testdata/untraced/untraced.c built: it starts a program
	// through clone(CLONE_UNTRACED).
	untraced string
	scratch  string // root of everything the suite made, removed at exit
}

var (
	shared     env
	sharedErr  error
	sharedOnce sync.Once
)

func TestMain(m *testing.M) {
	testenv.Hermetic()
	code := m.Run()
	if shared.scratch != "" {
		os.RemoveAll(shared.scratch)
	}
	os.Exit(code)
}

// machine returns the shared environment, building envaudit the first
// time; a missing prerequisite fails the test, naming make setup.
func machine(t *testing.T) *env {
	t.Helper()
	testenv.RealInstall(t)
	sharedOnce.Do(func() { sharedErr = shared.init() })
	if sharedErr != nil {
		t.Fatal(sharedErr)
	}
	return &shared
}

func (e *env) init() error {
	if os.Geteuid() != 0 {
		return errors.New("the red-team suite runs as root (it starts envaudit as " + rtUser + "), as make test does in CI")
	}
	// Every step redirects to /dev/null; a machine where a root process
	// replaced it by a file would make every attack fail for that reason.
	if fi, err := os.Stat("/dev/null"); err != nil || fi.Mode()&fs.ModeCharDevice == 0 {
		return fmt.Errorf("/dev/null is not the null device (%v): something on this machine replaced it; mknod -m 666 /dev/null c 1 3 puts it back", fi.Mode())
	}
	u, err := user.Lookup(rtUser)
	if err != nil {
		return errors.New(testenv.Message("the user " + rtUser + " (scripts/setup.d/redteam.sh)"))
	}
	e.uid, _ = strconv.Atoi(u.Uid)
	e.gid, _ = strconv.Atoi(u.Gid)
	if out, err := exec.Command("sudo", "-n", "-u", rtUser, "sudo", "-n", "true").CombinedOutput(); err != nil {
		return fmt.Errorf("%s has no passwordless sudo: %v %s: %s", rtUser, err, out, testenv.SetupHint)
	}
	for _, f := range []string{"testdata/npm/node_modules/lodash/package.json", "testdata/cache/is-number-7.0.0.tgz"} {
		if _, err := os.Stat(f); err != nil {
			return errors.New(testenv.Message(f + " (scripts/setup.d/redteam.sh)"))
		}
	}
	e.source = os.Getenv("ENVAUDIT_REDTEAM_SOURCE")
	if e.source == "" {
		e.source = ".."
	}
	if e.source, err = filepath.Abs(e.source); err != nil {
		return err
	}
	// Under /var/lib, not /tmp: the programs of the step's PATH live
	// here, and envaudit rightly runs no program from a directory the
	// tests could write (a runner's /usr/bin is root's).
	if e.scratch, err = os.MkdirTemp("/var/lib", "envaudit-redteam-"); err != nil {
		return err
	}
	if err := os.Chmod(e.scratch, 0o711); err != nil {
		return err
	}
	bindir := filepath.Join(e.scratch, "bin")
	if err := os.Mkdir(bindir, 0o755); err != nil {
		return err
	}
	e.bin = filepath.Join(bindir, "envaudit")
	build := exec.Command("go", "build", "-trimpath", "-ldflags", "-X main.version=redteam", "-o", e.bin, "./cmd/envaudit")
	build.Dir = e.source
	if out, err := build.CombinedOutput(); err != nil {
		return fmt.Errorf("building envaudit in %s: %v\n%s", e.source, err, out)
	}
	e.untraced = filepath.Join(bindir, "untraced")
	if out, err := exec.Command("gcc", "-O2", "-o", e.untraced, "testdata/untraced/untraced.c").CombinedOutput(); err != nil {
		return fmt.Errorf("building the CLONE_UNTRACED attacker: %v\n%s", err, out)
	}
	data, err := os.ReadFile(filepath.Join(e.source, "action.yml"))
	if err != nil {
		return err
	}
	var a struct {
		Inputs map[string]struct {
			Description string `yaml:"description"`
			Default     string `yaml:"default"`
		} `yaml:"inputs"`
	}
	if err := yaml.Unmarshal(data, &a); err != nil {
		return fmt.Errorf("action.yml: %w", err)
	}
	e.inputs = map[string]string{}
	for k, v := range a.Inputs {
		e.inputs[k] = v.Default
	}
	e.modes = a.Inputs["mode"].Description
	docs, err := os.ReadFile(filepath.Join(e.source, "docs", "action.md"))
	if err != nil {
		return err
	}
	e.docs = string(docs)

	// The PATH of the step: every program of /usr/bin but Maven, so that
	// the Maven ecosystem falls back to a committed mvnw as issue 10
	// describes ("when mvn is not on PATH").
	e.pathDir = filepath.Join(e.scratch, "usr-bin")
	if err := os.Mkdir(e.pathDir, 0o755); err != nil {
		return err
	}
	entries, err := os.ReadDir("/usr/bin")
	if err != nil {
		return err
	}
	for _, en := range entries {
		if n := en.Name(); n != "mvn" && n != "mvnDebug" && n != "mvnw" {
			if err := os.Symlink(filepath.Join("/usr/bin", n), filepath.Join(e.pathDir, n)); err != nil {
				return err
			}
		}
	}
	return nil
}

// legacy reports whether the envaudit under test predates issue 10's
// modes: its mode input knows only audit and baseline, and its audit mode
// published with the token in the same process that ran the project's
// programs — the job issue 10's mode single replaces.
func (e *env) legacy() bool { return !strings.Contains(e.modes, "single") }

// mode is the mode input for a job that holds a write token beside the
// pull request's code (single), or one that must not (audit), on the
// envaudit under test.
func (e *env) mode(m string) string {
	if m == "single" && e.legacy() {
		return "audit"
	}
	return m
}

// job is one run of the Action's envaudit step on a runner-like machine.
type job struct {
	t     *testing.T
	e     *env
	root  string            // the job's directory, everything below it the user's
	ws    string            // GITHUB_WORKSPACE, a git repository
	app   string            // the project, ws/app
	temp  string            // RUNNER_TEMP
	home  string            // the user's HOME for this job
	loot  string            // where the attacker writes what it stole, through sudo
	token string            // INPUT_GITHUB_TOKEN
	repl  *strings.Replacer // the fixtures' placeholders
	srv   *ghfake.Server
	base  string // the pull request's base commit
	head  string // its head commit
	files map[string]string

	// login and branch are the pull request's author and head branch.
	login, branch string
	// eventData, when set, is the event instead of the pull request's.
	eventData map[string]any
	// inputs are the step's with: values, over action.yml's defaults.
	inputs map[string]string
	// extraEnv is added to the step's environment.
	extraEnv []string
	// deadline bounds the step: it is killed after it, as a hung job is.
	deadline time.Duration
	// sigterm, when set, is when the step gets a SIGTERM, as a cancelled
	// job's does.
	sigterm time.Duration
	// memLimit, when set, is the step's address-space limit in bytes, so
	// a run-away parser fails instead of taking the machine.
	memLimit int64
	// beforeStep, when set, runs once the job is ready, just before the
	// step starts: what the pull request's code left running before the
	// audit step (an install script's daemon).
	beforeStep func()
}

// result is what the runner sees of the step afterwards.
type result struct {
	code     int // exit status, -1 when killed by a signal
	signal   string
	killed   bool // the deadline killed it
	elapsed  time.Duration
	maxRSS   int64 // bytes, of the step and its waited-for descendants
	stdout   string
	stderr   string
	fileCmds map[string]string // each file command's content after the step
	summary  string
	outputs  map[string]string
}

// newJob makes the repository — the base commit is the red-team npm
// project, the pull request's head adds the files of testdata/<fixture>
// over it — installs it (node_modules from make setup's npm ci), and
// starts the fake GitHub API with the pull request's patches. In a
// fixture's files "@LOOT@" stands for the loot directory, "@JOB@" for the
// job's directory (RUNNER_TEMP is @JOB@/temp, the workspace @JOB@/ws) and
// "@UNTRACED@" for the CLONE_UNTRACED starter. The attacker's tools are in
// the loot directory: steal.sh, and testdata/daemon.sh as daemon.sh.
func newJob(t *testing.T, fixture string) *job {
	t.Helper()
	e := machine(t)
	j := &job{t: t, e: e, login: "mallory", branch: "feature", inputs: map[string]string{}, deadline: 3 * time.Minute}
	if b := os.Getenv("ENVAUDIT_REDTEAM_BACKEND"); b != "" {
		// The attacks on the trace, measured under another backend
		// than the default's (RESULTS.md).
		j.inputs["backend"] = b
	}
	var err error
	if j.root, err = os.MkdirTemp(e.scratch, "job-"); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { os.RemoveAll(j.root) })
	j.ws, j.temp, j.home, j.loot = filepath.Join(j.root, "ws"), filepath.Join(j.root, "temp"), filepath.Join(j.root, "home"), filepath.Join(j.root, "loot")
	j.app = filepath.Join(j.ws, "app")
	for _, d := range []string{j.app, j.temp, j.home, j.loot} {
		if err := os.MkdirAll(d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	var b [20]byte
	if _, err := rand.Read(b[:]); err != nil {
		t.Fatal(err)
	}
	j.token = "ghs_" + hex.EncodeToString(b[:])
	j.writeFile(filepath.Join(j.loot, "steal.sh"), stealScript, 0o755)
	j.repl = strings.NewReplacer("@LOOT@", j.loot, "@JOB@", j.root, "@UNTRACED@", e.untraced)
	daemon, err := os.ReadFile("testdata/daemon.sh")
	if err != nil {
		t.Fatal(err)
	}
	j.writeFile(filepath.Join(j.loot, "daemon.sh"), j.repl.Replace(string(daemon)), 0o755)

	if err := copyTree("testdata/npm", j.app, nil, func(rel string) bool { return rel == "node_modules" }); err != nil {
		t.Fatal(err)
	}
	j.writeFile(filepath.Join(j.app, "test.js"), "require('./index.js');\n", 0o644)
	j.writeFile(filepath.Join(j.app, "index.js"), "'use strict';\nconst debug = require('debug')('rt');\nconst _ = require('lodash');\ndebug('%d', _.sum([1, 2]));\n", 0o644)
	j.git("init", "-q", "-b", "main")
	j.git("add", "-A")
	j.git("commit", "-q", "-m", "base")
	j.base = j.git("rev-parse", "HEAD")
	if fixture != "" {
		if err := copyTree(filepath.Join("testdata", fixture), j.app, j.repl, nil); err != nil {
			t.Fatal(err)
		}
	}
	return j
}

// commit commits the pull request's head and installs the project.
func (j *job) commit() {
	t := j.t
	j.git("add", "-A")
	j.git("commit", "-q", "--allow-empty", "-m", "the pull request")
	j.head = j.git("rev-parse", "HEAD")
	if err := copyTree("testdata/npm/node_modules", filepath.Join(j.app, "node_modules"), nil, nil); err != nil {
		t.Fatal(err)
	}
	j.srv = ghfake.New("octo/rt", 7)
	t.Cleanup(j.srv.Close)
	var files []ghfake.File
	for _, f := range strings.Fields(j.git("diff", "--name-only", j.base, j.head)) {
		d := j.git("diff", j.base, j.head, "--", f)
		if i := strings.Index(d, "@@"); i >= 0 {
			files = append(files, ghfake.File{Filename: f, Status: "modified", Patch: d[i:]})
		}
	}
	j.srv.SetFiles(files...)
}

// installIsNumber unpacks is-number 7.0.0 into node_modules, outside the
// manifests, as a workflow step might.
func (j *job) installIsNumber() {
	dir := filepath.Join(j.app, "node_modules", "is-number")
	if err := os.MkdirAll(dir, 0o755); err != nil {
		j.t.Fatal(err)
	}
	tgz, _ := filepath.Abs("testdata/cache/is-number-7.0.0.tgz")
	if out, err := exec.Command("tar", "-xzf", tgz, "-C", dir, "--strip-components=1").CombinedOutput(); err != nil {
		j.t.Fatalf("tar: %v\n%s", err, out)
	}
}

func (j *job) git(args ...string) string {
	j.t.Helper()
	cmd := exec.Command("git", append([]string{"-c", "core.hooksPath=/dev/null"}, args...)...)
	cmd.Dir = j.ws
	cmd.Env = append(os.Environ(), "GIT_CONFIG_NOSYSTEM=1", "GIT_CONFIG_GLOBAL=/dev/null",
		"GIT_AUTHOR_NAME=Mallory", "GIT_AUTHOR_EMAIL=mallory@example.com", "GIT_COMMITTER_NAME=Mallory", "GIT_COMMITTER_EMAIL=mallory@example.com")
	out, err := cmd.CombinedOutput()
	if err != nil {
		j.t.Fatalf("git %s: %v\n%s", strings.Join(args, " "), err, out)
	}
	return strings.TrimSpace(string(out))
}

func (j *job) writeFile(p, content string, mode fs.FileMode) {
	j.t.Helper()
	if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
		j.t.Fatal(err)
	}
	if err := os.WriteFile(p, []byte(content), mode); err != nil {
		j.t.Fatal(err)
	}
	if err := os.Chmod(p, mode); err != nil {
		j.t.Fatal(err)
	}
}

// fileCommands makes the step's file commands the way the runner does:
// in $RUNNER_TEMP/_runner_file_commands, one empty file per command named
// by its prefix and a GUID.
func (j *job) fileCommands() {
	dir := filepath.Join(j.temp, "_runner_file_commands")
	if err := os.MkdirAll(dir, 0o755); err != nil {
		j.t.Fatal(err)
	}
	var b [16]byte
	if _, err := rand.Read(b[:]); err != nil {
		j.t.Fatal(err)
	}
	b[6], b[8] = b[6]&0x0f|0x40, b[8]&0x3f|0x80
	h := hex.EncodeToString(b[:])
	guid := h[:8] + "-" + h[8:12] + "-" + h[12:16] + "-" + h[16:20] + "-" + h[20:]
	j.files = map[string]string{}
	for k, prefix := range map[string]string{"GITHUB_OUTPUT": "set_output_", "GITHUB_ENV": "set_env_", "GITHUB_PATH": "add_path_", "GITHUB_STATE": "save_state_", "GITHUB_STEP_SUMMARY": "step_summary_"} {
		p := filepath.Join(dir, prefix+guid)
		j.writeFile(p, "", 0o644)
		j.files[k] = p
	}
}

// event writes the pull_request event and returns its path.
func (j *job) event() string {
	ev := map[string]any{
		"action": "synchronize",
		"number": 7,
		"pull_request": map[string]any{
			"number": 7,
			"body":   "A change.",
			"user":   map[string]any{"login": j.login, "type": "User"},
			"head":   map[string]any{"ref": j.branch, "sha": j.head},
			"base":   map[string]any{"ref": "main", "sha": j.base},
		},
		"repository": map[string]any{"full_name": "octo/rt"},
	}
	if j.eventData != nil {
		ev = j.eventData
	}
	data, _ := json.Marshal(ev)
	p := filepath.Join(j.temp, "event.json")
	j.writeFile(p, string(data), 0o644)
	return p
}

// environ is the step's environment as the runner gives it to a
// composite action's `exec "$ENVAUDIT_BIN" action` step.
func (j *job) environ() []string {
	name := "pull_request"
	if j.eventData != nil {
		name = "workflow_run"
	}
	env := []string{
		"PATH=" + filepath.Join(j.home, ".local", "bin") + ":" + j.e.pathDir,
		"HOME=" + j.home, "USER=" + rtUser, "LOGNAME=" + rtUser, "LANG=C.UTF-8",
		"CI=true", "GITHUB_ACTIONS=true", "NO_COLOR=1", "RUNNER_OS=Linux", "RUNNER_ARCH=X64",
		"RUNNER_TEMP=" + j.temp, "GITHUB_WORKSPACE=" + j.ws,
		"GITHUB_EVENT_NAME=" + name, "GITHUB_EVENT_PATH=" + j.event(),
		"GITHUB_API_URL=" + j.srv.APIURL(), "GITHUB_SERVER_URL=https://github.com",
		"GITHUB_REPOSITORY=octo/rt", "GITHUB_SHA=" + j.head, "GITHUB_REF=refs/pull/7/merge",
		"GITHUB_HEAD_REF=" + j.branch, "GITHUB_BASE_REF=main",
		"GITHUB_WORKFLOW=ci", "GITHUB_JOB=test", "GITHUB_RUN_ID=4242", "GITHUB_RUN_ATTEMPT=1",
		"GITHUB_WORKFLOW_REF=octo/rt/.github/workflows/ci.yml@refs/pull/7/merge",
		"GITHUB_ACTION_PATH=" + j.e.source, "ENVAUDIT_BIN=" + j.e.bin,
	}
	for k, p := range j.files {
		env = append(env, k+"="+p)
	}
	inputs := map[string]string{}
	for k, v := range j.e.inputs {
		inputs[k] = v
	}
	for k, v := range j.inputs {
		inputs[k] = v
	}
	for k, v := range inputs {
		if strings.Contains(v, "${{") {
			if strings.TrimSpace(v) != "${{ github.token }}" {
				j.t.Fatalf("input %q: default %q is an expression the suite does not know", k, v)
			}
			v = j.token
		}
		env = append(env, "INPUT_"+strings.ToUpper(strings.ReplaceAll(k, "-", "_"))+"="+v)
	}
	return append(env, j.extraEnv...)
}

// run runs the envaudit step as the red-team user and returns what the
// runner sees afterwards; settle is how long the runner takes before it
// reads the file commands (a process that outlived the step may still
// write).
func (j *job) run(settle time.Duration) *result {
	t := j.t
	if j.head == "" {
		j.commit()
	}
	j.fileCommands()
	env := j.environ()
	j.giveToUser()
	if err := os.Chmod(j.loot, 0o777); err != nil {
		t.Fatal(err)
	}
	if j.beforeStep != nil {
		j.beforeStep()
	}
	args := []string{j.e.bin, "action"}
	if j.memLimit > 0 {
		args = append([]string{"/usr/bin/prlimit", "--as=" + strconv.FormatInt(j.memLimit, 10), "--"}, args...)
	}
	ctx, cancel := context.WithTimeout(context.Background(), j.deadline)
	defer cancel()
	cmd := exec.CommandContext(ctx, args[0], args[1:]...)
	cmd.Args[0] = filepath.Base(args[0])
	cmd.Dir = j.ws
	cmd.Env = env
	cmd.SysProcAttr = &syscall.SysProcAttr{Credential: &syscall.Credential{Uid: uint32(j.e.uid), Gid: uint32(j.e.gid), Groups: []uint32{}}}
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	cmd.WaitDelay = 5 * time.Second
	start := time.Now()
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	if j.sigterm > 0 {
		timer := time.AfterFunc(j.sigterm, func() { _ = cmd.Process.Signal(syscall.SIGTERM) })
		defer timer.Stop()
	}
	err := cmd.Wait()
	res := &result{elapsed: time.Since(start), stdout: stdout.String(), stderr: stderr.String(), killed: ctx.Err() != nil}
	if st := cmd.ProcessState; st != nil {
		res.code = st.ExitCode()
		if ws, ok := st.Sys().(syscall.WaitStatus); ok && ws.Signaled() {
			res.signal = ws.Signal().String()
		}
		if ru, ok := st.SysUsage().(*syscall.Rusage); ok {
			res.maxRSS = ru.Maxrss * 1024
		}
	} else if err != nil {
		t.Fatal(err)
	}
	time.Sleep(settle)
	res.fileCmds = map[string]string{}
	for k, p := range j.files {
		data, err := os.ReadFile(p)
		if err != nil {
			res.fileCmds[k] = "<" + err.Error() + ">"
			continue
		}
		res.fileCmds[k] = string(data)
	}
	res.summary = res.fileCmds["GITHUB_STEP_SUMMARY"]
	res.outputs = readOutputs(res.fileCmds["GITHUB_OUTPUT"])
	t.Logf("envaudit step: exit %d%s after %v (max RSS %d MiB)\nstdout:\n%s\nstderr:\n%s", res.code, res.signal, res.elapsed.Round(time.Millisecond), res.maxRSS>>20, clip(res.stdout, 6000), clip(res.stderr, 3000))
	return res
}

// giveToUser makes everything of the job the red-team user's, as a
// runner's workspace and temporary directory are; the directories above
// only let it through.
func (j *job) giveToUser() {
	j.t.Helper()
	if err := filepath.WalkDir(j.root, func(p string, _ fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		return os.Lchown(p, j.e.uid, j.e.gid)
	}); err != nil {
		j.t.Fatal(err)
	}
}

func clip(s string, n int) string {
	if len(s) <= n {
		return s
	}
	return s[:n/2] + "\n[...]\n" + s[len(s)-n/2:]
}

// readOutputs parses a GITHUB_OUTPUT file as the runner does: name=value
// lines and name<<DELIMITER blocks, a later value winning.
func readOutputs(content string) map[string]string {
	out := map[string]string{}
	lines := strings.Split(content, "\n")
	for i := 0; i < len(lines); i++ {
		line := lines[i]
		if name, delim, ok := strings.Cut(line, "<<"); ok && !strings.Contains(name, "=") {
			var val []string
			for i++; i < len(lines) && lines[i] != delim; i++ {
				val = append(val, lines[i])
			}
			out[name] = strings.Join(val, "\n")
		} else if name, val, ok := strings.Cut(line, "="); ok {
			out[name] = val
		}
	}
	return out
}

// tokenIn returns every file below the job's directories (the loot, the
// workspace, RUNNER_TEMP, the home) that holds the token: what an attacker
// would carry away.
func (j *job) tokenIn() []string {
	var found []string
	for _, dir := range []string{j.loot, j.ws, j.temp, j.home} {
		_ = filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
			if err != nil || !d.Type().IsRegular() {
				return nil
			}
			if data, err := os.ReadFile(p); err == nil && bytes.Contains(data, []byte(j.token)) {
				rel, _ := filepath.Rel(j.root, p)
				found = append(found, rel)
			}
			return nil
		})
	}
	return found
}

// lootNames lists the files the attacker wrote in the loot directory.
func (j *job) lootNames() []string {
	entries, _ := os.ReadDir(j.loot)
	var names []string
	for _, e := range entries {
		if n := e.Name(); n != "steal.sh" && n != "scan.py" && n != "daemon.sh" {
			names = append(names, e.Name())
		}
	}
	slices.Sort(names)
	return names
}

// report reads the JSON report the step wrote.
func (j *job) report(res *result) *report {
	j.t.Helper()
	p := res.outputs["report"]
	if p == "" {
		p = filepath.Join(j.temp, "envaudit-report.json")
	}
	if !filepath.IsAbs(p) {
		p = filepath.Join(j.ws, p)
	}
	data, err := os.ReadFile(p)
	if err != nil {
		j.t.Logf("no report: %v", err)
		return &report{}
	}
	var r report
	if err := json.Unmarshal(data, &r); err != nil {
		j.t.Fatalf("report %s: %v", p, err)
	}
	return &r
}

// report is the part of the JSON report the attacks look at.
type report struct {
	Run *struct {
		ExitCode        int      `json:"exitCode"`
		Succeeded       bool     `json:"succeeded"`
		Backend         string   `json:"backend"`
		Loader          string   `json:"loader"`
		IncompleteTrace bool     `json:"incompleteTrace"`
		Gaps            []string `json:"gaps"`
		Warnings        []string `json:"warnings"`
	} `json:"run"`
	Warnings   []string `json:"warnings"`
	Ecosystems []struct {
		Name     string    `json:"name"`
		Findings []finding `json:"findings"`
		Traced   []struct {
			Name string `json:"name"`
		} `json:"traced"`
		Installed []struct {
			Name    string `json:"name"`
			Version string `json:"version"`
		} `json:"installed"`
	} `json:"ecosystems"`
}

type finding struct {
	Kind    string `json:"kind"`
	Reason  string `json:"reason"`
	Package string `json:"package"`
	Version string `json:"version"`
	Change  string `json:"change"`
	Gating  bool   `json:"gating"`
	Message string `json:"message"`
	// Severity and Grouped say how loud the finding is: a grouped notice
	// is counted in one line with others like it, never listed.
	Severity string `json:"severity"`
	Grouped  bool   `json:"grouped"`
}

// find returns the report's finding of kind on pkg, or nil.
func (r *report) find(kind, pkg string) *finding {
	for _, e := range r.Ecosystems {
		for i, f := range e.Findings {
			if f.Kind == kind && f.Package == pkg {
				return &e.Findings[i]
			}
		}
	}
	return nil
}

// writes returns the API requests that were not reads.
func (j *job) writes() []string {
	var w []string
	for _, r := range j.srv.Requests() {
		if r.Method != "GET" && r.Method != "HEAD" {
			w = append(w, r.Method+" "+r.Path)
		}
	}
	return w
}

// observation is one line of ENVAUDIT_REDTEAM_RESULTS.
type observation struct {
	Test     string `json:"test"`
	Source   string `json:"source"`
	Held     bool   `json:"held"`
	Observed string `json:"observed"`
}

var resultsMu sync.Mutex

// observe records what the attack did to envaudit under test: held is
// whether the defence held, observed what was seen. A defence that did
// not hold fails the test.
func observe(t *testing.T, held bool, format string, args ...any) {
	t.Helper()
	msg := fmt.Sprintf(format, args...)
	if held {
		t.Logf("held: %s", msg)
	} else {
		t.Errorf("the attack succeeded: %s", msg)
	}
	p := os.Getenv("ENVAUDIT_REDTEAM_RESULTS")
	if p == "" {
		return
	}
	resultsMu.Lock()
	defer resultsMu.Unlock()
	f, err := os.OpenFile(p, os.O_APPEND|os.O_CREATE|os.O_WRONLY, 0o644)
	if err != nil {
		t.Error(err)
		return
	}
	defer f.Close()
	data, _ := json.Marshal(observation{Test: t.Name(), Source: shared.source, Held: held, Observed: msg})
	if _, err := f.Write(append(data, '\n')); err != nil {
		t.Error(err)
	}
}

// copyTree copies the tree at src to dst, replacing text through repl
// when it is set and leaving out what skip names (paths relative to src).
// Symbolic links are copied as links; modes are kept.
func copyTree(src, dst string, repl *strings.Replacer, skip func(rel string) bool) error {
	return filepath.WalkDir(src, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(src, p)
		if skip != nil && skip(rel) {
			if d.IsDir() {
				return filepath.SkipDir
			}
			return nil
		}
		target := filepath.Join(dst, rel)
		info, err := d.Info()
		if err != nil {
			return err
		}
		switch {
		case d.IsDir():
			return os.MkdirAll(target, 0o755)
		case d.Type()&fs.ModeSymlink != 0:
			link, err := os.Readlink(p)
			if err != nil {
				return err
			}
			return os.Symlink(link, target)
		}
		data, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		if repl != nil {
			data = []byte(repl.Replace(string(data)))
		}
		if err := os.WriteFile(target, data, info.Mode().Perm()); err != nil {
			return err
		}
		return os.Chmod(target, info.Mode().Perm())
	})
}

// stealScript is what every token vector runs through sudo, as root: it
// copies the environment block and command line of every process of the
// job's user (envaudit's processes among them) and of their ancestors into
// the loot directory, so that whatever any of them held is carried away.
const stealScript = `#!/bin/sh
# steal.sh NAME: run as root through sudo by a program the pull request
# controls.
out="$(dirname "$0")/$1-$$"
uid=$(id -u envaudit-rt)
{
  echo "ran as $(id -un) from $PPID"
  for d in /proc/[0-9]*; do
    [ "$(stat -c %u "$d" 2>/dev/null)" = "$uid" ] || continue
    echo "== ${d#/proc/} $(cat "$d/comm" 2>/dev/null)"
    tr '\0' '\n' <"$d/environ" 2>&1
    echo "-- cmdline"
    tr '\0' ' ' <"$d/cmdline" 2>&1
    echo
  done
} >"$out" 2>&1
`
