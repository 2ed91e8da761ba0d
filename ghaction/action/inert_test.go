package action

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/envaudit/envaudit/ecosystems"
	"github.com/envaudit/envaudit/ecosystems/fakeeco"
	"github.com/envaudit/envaudit/ecosystems/python"
)

// runnerCommands returns the workflow commands the runner finds in one
// stream of a step's log, as it reads them: line by line, a line that
// starts with "::" after leading blanks (which the runner trims) is a
// command, and between ::stop-commands::TOKEN and a line ::TOKEN:: none
// is but that one.
func runnerCommands(log string) []string {
	var cmds []string
	stopped := ""
	for _, l := range strings.Split(log, "\n") {
		l = strings.TrimLeft(l, " \t")
		switch {
		case stopped != "":
			if l == "::"+stopped+"::" {
				stopped = ""
			}
		case strings.HasPrefix(l, "::stop-commands::"):
			stopped = strings.TrimPrefix(l, "::stop-commands::")
		case strings.HasPrefix(l, "::"):
			cmds = append(cmds, l)
		}
	}
	return cmds
}

// runAction runs the Action in process in a workspace holding files, its
// project in app/, with the extra environment env, and returns its exit
// status, stdout and stderr.
func runAction(t *testing.T, files map[string]string, run string, env []string, ecos ...ecosystems.Ecosystem) (int, string, string) {
	t.Helper()
	a := actionRun(t.Context(), t, files, run, env, ecos...)
	return a.code, a.stdout, a.stderr
}

// actionRunOut is what actionRun saw.
type actionRunOut struct {
	code           int
	stdout, stderr string
	// temp is the run's RUNNER_TEMP, which holds its outputs (set_output)
	// and job summary (step_summary).
	temp string
}

// actionRun is runAction under ctx, which also returns the run's
// RUNNER_TEMP.
func actionRun(ctx context.Context, t *testing.T, files map[string]string, run string, env []string, ecos ...ecosystems.Ecosystem) actionRunOut {
	t.Helper()
	ws, temp := t.TempDir(), t.TempDir()
	writeFiles(t, ws, files)
	writeFiles(t, temp, map[string]string{"set_output": "", "step_summary": ""})
	environ := []string{
		"INPUT_RUN=" + run, "INPUT_WORKING_DIRECTORY=app",
		"GITHUB_WORKSPACE=" + ws, "RUNNER_TEMP=" + temp, "PATH=" + os.Getenv("PATH"),
		"GITHUB_OUTPUT=" + filepath.Join(temp, "set_output"), "GITHUB_STEP_SUMMARY=" + filepath.Join(temp, "step_summary"),
	}
	environ = append(environ, env...)
	var stdout, stderr bytes.Buffer
	a := &Action{
		Environ:    func() []string { return environ },
		Stdout:     &stdout,
		Stderr:     &stderr,
		Ecosystems: ecos,
		Version:    "test",
	}
	t.Chdir(ws)
	code := a.Run(ctx)
	return actionRunOut{code: code, stdout: stdout.String(), stderr: stderr.String(), temp: temp}
}

// TestAttackUnterminatedOutput reproduces issue 10's test whose last
// output has no final newline: the resume token envaudit printed after
// it ended that line, so the runner never resumed workflow commands and
// every annotation after it was lost. The token now starts a line of its
// own, and the finding's annotation is a command the runner runs.
func TestAttackUnterminatedOutput(t *testing.T) {
	code, stdout, stderr := runAction(t, map[string]string{
		"app/fake.txt":        "lib-a\nlib-b\n", // lib-b is not installed
		"app/lib/lib-a/a.txt": "a\n",
	}, "cat lib/lib-a/a.txt; printf 'no final newline'", nil, &fakeeco.Ecosystem{})
	if code != ExitFindings {
		t.Fatalf("exit %d, want %d\nstdout:\n%s\nstderr:\n%s", code, ExitFindings, stdout, stderr)
	}
	if !strings.Contains(stdout, "no final newline\n::envaudit-") {
		t.Errorf("the command's output and the resume token are not where the attack puts them:\n%s", stdout)
	}
	want := "::error file=app/fake.txt,line=2,title=envaudit%3A fake phantom dependency lib-b (not-installed)::"
	found := false
	for _, c := range runnerCommands(stdout) {
		found = found || strings.HasPrefix(c, want)
	}
	if !found {
		t.Errorf("the runner runs no %q; it runs %q\nstdout:\n%s", want, runnerCommands(stdout), stdout)
	}
}

// TestAttackNewlineFileName reproduces issue 10's manifest whose file
// name holds a line break and "::error::": printed raw after the resume
// token, in the error that names the file, it was an annotation of the
// attacker's. The runner now finds no forged command on either stream,
// and the step's own error annotation names the file escaped.
func TestAttackNewlineFileName(t *testing.T) {
	name := "requirements-x\n::error::forged by the pull request\n.txt"
	code, stdout, stderr := runAction(t, map[string]string{
		"app/" + name: "foo==\n",
	}, "true", nil, python.New())
	if code != ExitUsage {
		t.Fatalf("exit %d, want %d\nstdout:\n%s\nstderr:\n%s", code, ExitUsage, stdout, stderr)
	}
	for stream, log := range map[string]string{"stdout": stdout, "stderr": stderr} {
		for _, c := range runnerCommands(log) {
			if strings.Contains(c, "forged") && !strings.HasPrefix(c, "::error file=app/requirements-x%0A%3A%3Aerror%3A%3Aforged by the pull request%0A.txt,line=1,") {
				t.Errorf("%s: the runner runs the command %q\n%s", stream, c, log)
			}
		}
	}
	if !strings.Contains(stderr, "envaudit: app/requirements-x%0A::error::forged by the pull request%0A.txt:1: ") {
		t.Errorf("stderr does not name the file escaped:\n%s", stderr)
	}
}
