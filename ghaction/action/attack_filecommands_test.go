package action

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"golang.org/x/sys/unix"

	"github.com/envaudit/envaudit/ecosystems"
	"github.com/envaudit/envaudit/ecosystems/fakeeco"
	"github.com/envaudit/envaudit/ecosystems/python"
	"github.com/envaudit/envaudit/internal/shellquote"
	"github.com/envaudit/envaudit/tracer"
)

// attackRun is an Action run in process on a workspace with the fake
// ecosystem and the runner's file commands in $RUNNER_TEMP's file-command
// directory, for the attacks of issue 10.
type attackRun struct {
	ws, temp       string
	output, env    string // GITHUB_OUTPUT, GITHUB_ENV
	environ        []string
	stdout, stderr bytes.Buffer
	code           int
}

// newAttackRun prepares a run of the test command run (bash -c) in a
// workspace holding files.
func newAttackRun(t *testing.T, run string, files map[string]string) *attackRun {
	t.Helper()
	a := &attackRun{ws: t.TempDir(), temp: t.TempDir()}
	writeFiles(t, a.ws, files)
	dir := filepath.Join(a.temp, runnerFileCommandDir)
	a.output = filepath.Join(dir, "set_output_"+testStepGUID)
	a.env = filepath.Join(dir, "set_env_"+testStepGUID)
	writeFiles(t, dir, map[string]string{filepath.Base(a.output): "", filepath.Base(a.env): ""})
	run = strings.NewReplacer("$OUT", shellquote.Join([]string{a.output}), "$ENV", shellquote.Join([]string{a.env})).Replace(run)
	a.environ = []string{
		"INPUT_RUN=" + run, "GITHUB_WORKSPACE=" + a.ws, "RUNNER_TEMP=" + a.temp, "PATH=" + os.Getenv("PATH"),
		"GITHUB_OUTPUT=" + a.output, "GITHUB_ENV=" + a.env,
	}
	return a
}

// do runs the Action.
func (a *attackRun) do(t *testing.T) {
	t.Helper()
	act := &Action{
		Environ:    func() []string { return a.environ },
		Stdout:     &a.stdout,
		Stderr:     &a.stderr,
		Ecosystems: []ecosystems.Ecosystem{&fakeeco.Ecosystem{}},
		Version:    "test",
	}
	t.Chdir(a.ws)
	a.code = act.Run(t.Context())
}

// forged fails the test when the file commands hold a forged value.
func (a *attackRun) forged(t *testing.T) {
	t.Helper()
	out, _ := os.ReadFile(a.output)
	env, _ := os.ReadFile(a.env)
	if bytes.Contains(out, []byte("failing=0")) || bytes.Contains(env, []byte("BASH_ENV")) {
		t.Errorf("forged file commands survived:\nGITHUB_OUTPUT:\n%s\nGITHUB_ENV:\n%s\nstdout:\n%s", out, env, a.stdout.String())
	}
	if !bytes.Contains(out, []byte("failing<<")) {
		t.Errorf("envaudit's own outputs are missing:\n%s", out)
	}
}

// daemonScript forges the file commands from a process that outlives the
// test command, the way issue 10 describes: it appends a forged output
// and environment, waits until envaudit has restored them (its line is
// gone), and appends them again.
const daemonScript = `forge() { echo failing=0 >>$OUT; echo BASH_ENV=/tmp/evil.sh >>$ENV; }; ` +
	`forge; until ! grep -q failing=0 $OUT; do sleep 0.05; done; forge`

// TestAttackDaemonRewritesFileCommands reproduces issue 10's "a daemon
// left by a PR-controlled program rewrites GITHUB_ENV / GITHUB_OUTPUT
// after the restore": the test leaves a setsid daemon that forges
// failing=0 and BASH_ENV=..., waits for envaudit's restore and forges
// them again. The daemon is ended before the restore, so nothing forged
// survives.
func TestAttackDaemonRewritesFileCommands(t *testing.T) {
	a := newAttackRun(t, "setsid bash -c "+shellquote.Join([]string{daemonScript})+" >/dev/null 2>&1 &", map[string]string{"fake.txt": ""})
	a.do(t)
	if a.code != ExitOK {
		t.Errorf("exit %d, want %d\nstdout:\n%s\nstderr:\n%s", a.code, ExitOK, a.stdout.String(), a.stderr.String())
	}
	a.forged(t)
	if !strings.Contains(a.stdout.String(), "tampered with the step's file commands (GITHUB_OUTPUT, GITHUB_ENV)") {
		t.Errorf("the tampering is not reported:\n%s", a.stdout.String())
	}
}

// TestAttackUntracedChildRewritesFileCommands reproduces issue 10's "a
// clone(CLONE_UNTRACED) child rewrites GITHUB_ENV / GITHUB_OUTPUT after the
// restore": a child the tracer never sees appends failing=0 to
// GITHUB_OUTPUT through a descriptor its parent opened, later than
// envaudit waits for the command's descendants (the tracer's grace). It is
// killed before the restore.
func TestAttackUntracedChildRewritesFileCommands(t *testing.T) {
	prog := buildC(t, "untraced", filepath.Join("..", "..", "tracer", "testdata", "c", "untraced.c"))
	start := time.Now()
	a := newAttackRun(t, shellquote.Join([]string{prog})+" $OUT 6500 failing=0", map[string]string{"fake.txt": ""})
	a.do(t)
	if a.code != ExitOK {
		t.Errorf("exit %d, want %d\nstdout:\n%s\nstderr:\n%s", a.code, ExitOK, a.stdout.String(), a.stderr.String())
	}
	// Past the time the child would have written.
	time.Sleep(time.Until(start.Add(7 * time.Second)))
	a.forged(t)
}

// TestAttackLateWriterFails: a writer envaudit cannot end (a process
// started through a service, here the test itself) that changes the file
// commands after envaudit wrote its own is caught by the check just
// before envaudit exits: an error annotation, a failing exit, and the
// files put back.
func TestAttackLateWriterFails(t *testing.T) {
	a := newAttackRun(t, "true", map[string]string{"fake.txt": ""})
	g, err := guardFileCommands(func(k string) string {
		return map[string]string{"GITHUB_OUTPUT": a.output, "GITHUB_ENV": a.env}[k]
	})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := g.restore(); err != nil {
		t.Fatal(err)
	}
	must(t, writeOutputs(g, a.output, map[string]string{"failing": "2"}))
	want, err := os.ReadFile(a.output)
	if err != nil {
		t.Fatal(err)
	}
	// Checked with nothing changed: nothing to say.
	if tampered, err := g.restore(); len(tampered) > 0 || err != nil {
		t.Fatalf("recheck of untouched files: %v, %v", tampered, err)
	}
	appendFile(t, a.output, "failing=0\n")
	appendFile(t, a.env, "BASH_ENV=/tmp/evil.sh\n")
	r := &run{guard: g, restored: true}
	err = r.recheck()
	if err == nil || !strings.Contains(err.Error(), "changed after envaudit had restored them") || !strings.Contains(err.Error(), "GITHUB_OUTPUT, GITHUB_ENV") {
		t.Errorf("recheck = %v, want the late change reported", err)
	}
	if got, _ := os.ReadFile(a.output); !bytes.Equal(want, got) {
		t.Errorf("GITHUB_OUTPUT after the recheck = %q, want %q", got, want)
	}
	if got, _ := os.ReadFile(a.env); len(got) != 0 {
		t.Errorf("GITHUB_ENV after the recheck = %q, want it empty", got)
	}
}

// buildC compiles the C file src with cc into a test directory and returns
// the program.
func buildC(t *testing.T, name, src string) string {
	t.Helper()
	cc, err := exec.LookPath("cc")
	if err != nil {
		t.Fatalf("a C compiler (cc) is needed: run `make setup`: %v", err)
	}
	out := filepath.Join(t.TempDir(), name)
	if b, err := exec.Command(cc, "-O1", "-Wall", "-o", out, src).CombinedOutput(); err != nil {
		t.Fatalf("cc %s: %v\n%s", src, err, b)
	}
	return out
}

// TestAttackToolDaemonRewritesFileCommands reproduces issue 10's "a daemon
// left by a PR-controlled program rewrites GITHUB_ENV / GITHUB_OUTPUT
// after the restore", where the program is one envaudit runs itself: a
// project's virtual-environment python that the tests ran (so that,
// without the token, envaudit asks it for its sys.path) leaves a daemon
// when it runs untraced. envaudit, a subreaper, ends it before the
// restore.
func TestAttackToolDaemonRewritesFileCommands(t *testing.T) {
	if err := unix.Prctl(unix.PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { unix.Prctl(unix.PR_SET_CHILD_SUBREAPER, 0, 0, 0, 0) })
	venvPython := "#!/bin/sh\n" +
		"if grep -q '^TracerPid:\t0$' /proc/self/status; then\n" +
		"  setsid bash -c " + shellquote.Join([]string{daemonScript}) + " >/dev/null 2>&1 </dev/null &\n" +
		"  exit 1\n" +
		"fi\n"
	a := newAttackRun(t, ".venv/bin/python -c pass", map[string]string{
		"requirements.txt": "six==1.16.0\n", ".venv/pyvenv.cfg": "home = /usr/bin\n", ".venv/bin/python": venvPython,
	})
	must(t, os.Chmod(filepath.Join(a.ws, ".venv", "bin", "python"), 0o755))
	script, _ := os.ReadFile(filepath.Join(a.ws, ".venv", "bin", "python"))
	script = []byte(strings.NewReplacer("$OUT", a.output, "$ENV", a.env).Replace(string(script)))
	must(t, os.WriteFile(filepath.Join(a.ws, ".venv", "bin", "python"), script, 0o755))
	// The interpreter tells envaudit's untraced run of it from the
	// traced one by its TracerPid, which only the ptrace backend sets.
	a.environ = append(a.environ, "INPUT_BACKEND=ptrace")
	act := &Action{
		Environ:      func() []string { return a.environ },
		Stdout:       &a.stdout,
		Stderr:       &a.stderr,
		Ecosystems:   []ecosystems.Ecosystem{python.New()},
		Version:      "test",
		EndLeftovers: func() ([]int, error) { return tracer.EndDescendants(5 * time.Second) },
	}
	t.Chdir(a.ws)
	a.code = act.Run(t.Context())
	if a.code != ExitOK {
		t.Errorf("exit %d, want %d\nstdout:\n%s\nstderr:\n%s", a.code, ExitOK, a.stdout.String(), a.stderr.String())
	}
	a.forged(t)
	if !strings.Contains(a.stdout.String(), "that the programs envaudit ran left running") {
		t.Errorf("the daemon's end is not reported:\n%s", a.stdout.String())
	}
}
