package action

import (
	"bytes"
	"cmp"
	"context"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/envaudit/envaudit/ecosystems"
	"github.com/envaudit/envaudit/ecosystems/fakeeco"
	"github.com/envaudit/envaudit/ghaction/ghfake"
)

// failureSaid is what a step that failed said of it: its error
// annotations as the runner reads the log, its job summary and its error
// output.
type failureSaid struct {
	errors  []string
	summary string
	outputs map[string]string
}

// readFailure reads what a step said, from its log and from the file
// commands in temp.
func readFailure(t *testing.T, stdout, temp string) failureSaid {
	t.Helper()
	var f failureSaid
	for _, c := range runnerCommands(stdout) {
		if strings.HasPrefix(c, "::error") {
			f.errors = append(f.errors, c)
		}
	}
	summary, err := os.ReadFile(filepath.Join(temp, "step_summary"))
	if err != nil {
		t.Fatal(err)
	}
	f.summary = string(summary)
	f.outputs = readOutputs(t, filepath.Join(temp, "set_output"))
	return f
}

// check checks that the step said want: an error annotation that starts
// with annotation, a job summary section that holds summary (unless
// noSummary), and an error output that holds summary.
func (f failureSaid) check(t *testing.T, annotation, summary string, noSummary bool) {
	t.Helper()
	found := false
	for _, e := range f.errors {
		found = found || strings.HasPrefix(e, annotation)
	}
	if !found {
		t.Errorf("no error annotation starts with %q; the runner reads %q", annotation, f.errors)
	}
	switch {
	case noSummary && f.summary != "":
		t.Errorf("the summary input is false, yet the job summary says:\n%s", f.summary)
	case !noSummary && (!strings.Contains(f.summary, "## envaudit: ❌ ") || !strings.Contains(f.summary, summary)):
		t.Errorf("the job summary does not say %q:\n%s", summary, f.summary)
	}
	if !strings.Contains(f.outputs["error"], summary) || strings.Contains(f.outputs["error"], "\n") {
		t.Errorf("error output %q, want one line holding %q", f.outputs["error"], summary)
	}
}

// TestFailureSaysWhat runs each mode into an error that stops it before
// it has an audit to show: whatever went wrong, the step fails with an
// error annotation (on the manifest's line for an error in it), a job
// summary section that says it, and the error output.
func TestFailureSaysWhat(t *testing.T) {
	tests := []struct {
		name       string
		files      map[string]string
		env        []string
		annotation string
		summary    string
		noSummary  bool
	}{
		{name: "badInput", env: []string{"INPUT_MODE=bogus"},
			annotation: `::error::envaudit: mode: unknown value "bogus"`, summary: `mode: unknown value "bogus"`},
		{name: "badInputNoSummary", env: []string{"INPUT_MODE=bogus", "INPUT_SUMMARY=false"},
			annotation: `::error::envaudit: mode: unknown value "bogus"`, summary: `mode: unknown value "bogus"`, noSummary: true},
		{name: "manifestError", files: map[string]string{"app/fake.txt": "lib a\n"},
			annotation: `::error file=app/fake.txt,line=1,title=envaudit::invalid name "lib a"`, summary: `app/fake.txt:1: invalid name "lib a"`},
		{name: "noWorkingDirectory", env: []string{"INPUT_WORKING_DIRECTORY=missing"},
			annotation: "::error::envaudit: working-directory: ", summary: "working-directory: "},
		{name: "publishWithoutRun", env: []string{"INPUT_MODE=publish"},
			annotation: "::error::envaudit: mode publish runs in a workflow_run workflow", summary: "mode publish runs in a workflow_run workflow"},
		{name: "baselineNoDirectory", env: []string{"INPUT_MODE=baseline", "INPUT_WORKING_DIRECTORY=missing"},
			annotation: "::error::envaudit: baseline: working-directory: ", summary: "baseline: working-directory: "},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			files := map[string]string{"app/fake.txt": "lib-a\n", "app/lib/lib-a/a.txt": "a\n"}
			for k, v := range tt.files {
				files[k] = v
			}
			a := actionRun(t.Context(), t, files, "cat lib/lib-a/a.txt", tt.env, &fakeeco.Ecosystem{})
			if a.code != ExitUsage {
				t.Fatalf("exit %d, want %d\nstdout:\n%s\nstderr:\n%s", a.code, ExitUsage, a.stdout, a.stderr)
			}
			readFailure(t, a.stdout, a.temp).check(t, tt.annotation, tt.summary, tt.noSummary)
		})
	}
}

// TestWriteFailureKeepsFindings has the test command remove the
// directory the report input names, after envaudit checked it: the report
// cannot be written. The step fails, saying so, and still names its
// findings in annotations and the job summary, with the outputs it can
// set; the report output is empty, since no report is there.
func TestWriteFailureKeepsFindings(t *testing.T) {
	out := filepath.Join(t.TempDir(), "out")
	if err := os.Mkdir(out, 0o755); err != nil {
		t.Fatal(err)
	}
	a := actionRun(t.Context(), t, map[string]string{
		"app/fake.txt":        "lib-a\nlib-b\n", // lib-b is not installed
		"app/lib/lib-a/a.txt": "a\n",
	}, `cat lib/lib-a/a.txt; rm -r "$OUT"`, []string{"INPUT_REPORT=" + filepath.Join(out, "report.json"), "OUT=" + out}, &fakeeco.Ecosystem{})
	if a.code != ExitUsage {
		t.Fatalf("exit %d, want %d\nstdout:\n%s\nstderr:\n%s", a.code, ExitUsage, a.stdout, a.stderr)
	}
	f := readFailure(t, a.stdout, a.temp)
	f.check(t, "::error::envaudit: report: write ", "report: write ", false)
	if !strings.Contains(a.stdout, "::error file=app/fake.txt,line=2,title=envaudit%3A fake phantom dependency lib-b (not-installed)::") {
		t.Errorf("the finding is not annotated:\n%s", a.stdout)
	}
	if !strings.Contains(f.summary, "1 finding fails this check") || !strings.Contains(f.summary, "envaudit could not finish its work:** report: write") {
		t.Errorf("the job summary does not name the finding and the error:\n%s", f.summary)
	}
	if f.outputs["report"] != "" || f.outputs["failing"] != "1" || f.outputs["sbom"] == "" {
		t.Errorf("outputs %v, want no report, the SBOM and one failing finding", f.outputs)
	}
}

// TestNoBundleSaidPlainly: when mode audit writes no publish bundle (here
// no commit names what it audited), the publish workflow will fail, and
// the job summary says so plainly, at the top; the step's status is
// still the gate's.
func TestNoBundleSaidPlainly(t *testing.T) {
	a := actionRun(t.Context(), t, map[string]string{
		"app/fake.txt":        "lib-a\n",
		"app/lib/lib-a/a.txt": "a\n",
	}, "cat lib/lib-a/a.txt", nil, &fakeeco.Ecosystem{})
	if a.code != ExitOK {
		t.Fatalf("exit %d\nstdout:\n%s\nstderr:\n%s", a.code, a.stdout, a.stderr)
	}
	f := readFailure(t, a.stdout, a.temp)
	const note = "⚠️ **No publish bundle was written**: neither the pull request's head nor GITHUB_SHA names the commit audited. A publish workflow (`mode: publish`) has nothing to publish for this run: it fails its check."
	if head, _, _ := strings.Cut(f.summary, "\n### "); !strings.Contains(head, note) {
		t.Errorf("the summary's top does not say %q:\n%s", note, f.summary)
	}
	if f.outputs["bundle"] != "" || f.outputs["error"] != "" {
		t.Errorf("outputs %v, want no bundle and no error", f.outputs)
	}
}

// TestPanicSaysWhat makes envaudit panic while it reads the installation
// after the tests, while the workflow commands are stopped: the step
// still fails with an error annotation the runner reads, a job summary
// section and the error output.
func TestPanicSaysWhat(t *testing.T) {
	eco := &fakeeco.Ecosystem{InstalledHook: func(_ context.Context, call int) error {
		if call == 2 {
			panic("boom")
		}
		return nil
	}}
	a := actionRun(t.Context(), t, map[string]string{
		"app/fake.txt":        "lib-a\n",
		"app/lib/lib-a/a.txt": "a\n",
	}, "cat lib/lib-a/a.txt", nil, eco)
	if a.code != ExitUsage {
		t.Fatalf("exit %d, want %d\nstdout:\n%s\nstderr:\n%s", a.code, ExitUsage, a.stdout, a.stderr)
	}
	readFailure(t, a.stdout, a.temp).check(t, "::error::envaudit: envaudit crashed, which is a bug in envaudit", "(its stack is in the log): boom", false)
	if !strings.Contains(a.stderr, "panic: boom") {
		t.Errorf("no stack in the log:\n%s", a.stderr)
	}
}

// singleRun is one run of mode single on newPRProject against the fake
// API, with its audit child the test binary (childEnv set, see TestMain)
// or the program at exe.
type singleRun struct {
	code           int
	stdout, stderr string
	temp           string
	srv            *ghfake.Server
}

func runSingle(t *testing.T, command string, files map[string]string, exe string, env ...string) singleRun {
	t.Helper()
	p := newPRProject(t, command)
	writeFiles(t, p.ws, files)
	srv := ghfake.New("octo/webapp", 7)
	t.Cleanup(srv.Close)
	srv.SetFiles(ghfake.File{Filename: "app/fake.txt", Status: "modified", Patch: "@@ -1 +1,2 @@\n lib-a\n+lib-b"})
	environ := append(p.environ[:len(p.environ):len(p.environ)],
		"INPUT_MODE=single", "INPUT_GITHUB_TOKEN=ghs_envauditSingleFailure0123456789", "GITHUB_API_URL="+srv.APIURL())
	environ = lastWins(append(environ, env...))
	var stdout, stderr bytes.Buffer
	a := &Action{
		Environ: func() []string { return environ }, Stdout: &stdout, Stderr: &stderr, Version: "test",
		Ecosystems: []ecosystems.Ecosystem{&fakeeco.Ecosystem{}}, Exe: exe,
	}
	t.Chdir(p.ws)
	code := a.Run(t.Context())
	return singleRun{code: code, stdout: stdout.String(), stderr: stderr.String(), temp: p.temp, srv: srv}
}

// scriptChild writes a stand-in audit child, a shell script, and returns
// its path.
func scriptChild(t *testing.T, script string) string {
	t.Helper()
	child := filepath.Join(t.TempDir(), "child")
	if err := os.WriteFile(child, []byte("#!/bin/sh\n"+script), 0o755); err != nil {
		t.Fatal(err)
	}
	return child
}

// TestSingleModeFailureSaysWhat runs mode single into each way its audit
// child can fail: the holder fails the step, publishes nothing through the
// API, and says what went wrong in an error annotation (on the manifest's
// line, where the child would have put it), its job summary and the error
// output — with what the child said of it, or that it said nothing.
func TestSingleModeFailureSaysWhat(t *testing.T) {
	good := filepath.Join(auditBundle(t), "envaudit-bundle.json")
	push := filepath.Join(t.TempDir(), "push.json")
	if err := os.WriteFile(push, []byte("{}"), 0o644); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name       string
		command    string // the test command; "" for one that succeeds
		files      map[string]string
		script     string // a stand-in child; "" runs envaudit's
		env        []string
		annotation string
		summary    string
	}{
		{name: "manifestError", env: []string{childVar + "=1"}, files: map[string]string{"app/fake.txt": "lib a\n"},
			annotation: `::error file=app/fake.txt,line=1,title=envaudit::invalid name "lib a"`,
			summary:    `the audit child exited with status 2: app/fake.txt:1: invalid name "lib a"`},
		{name: "childPanics", env: []string{childVar + "=1", panicVar + "=1"},
			annotation: "::error::envaudit: the audit child exited with status 2: envaudit crashed, which is a bug in envaudit",
			summary:    "(its stack is in the log): boom"},
		{name: "noBundle", env: []string{childVar + "=1", "GITHUB_SHA=0123", "GITHUB_EVENT_NAME=push", "GITHUB_EVENT_PATH=" + push},
			annotation: "::error::envaudit: the audit child exited with status 1: no publish bundle written: neither the pull request's head",
			summary:    "the audit child exited with status 1: no publish bundle written: neither the pull request's head nor GITHUB_SHA names the commit audited"},
		{name: "killed", script: "kill -KILL $$\n",
			annotation: "::error::envaudit: the audit child was killed (signal: killed), and said nothing of why",
			summary:    "the audit child was killed (signal: killed), and said nothing of why: its output above is all there is"},
		{name: "crashed", script: "echo 'panic: runtime error' >&2\nexit 2\n",
			annotation: "::error::envaudit: the audit child exited with status 2, and said nothing of why",
			summary:    "the audit child exited with status 2, and said nothing of why"},
		{name: "vouchesForNothing", script: `cp "$GOOD" "$INPUT_BUNDLE/envaudit-bundle.json"` + "\n",
			annotation: "::error::envaudit: the audit child exited with status 0 without saying which bundle it wrote",
			summary:    "the audit child exited with status 0 without saying which bundle it wrote"},
		{name: "anotherBundle", script: `cp "$GOOD" "$INPUT_BUNDLE/envaudit-bundle.json"` + "\n" + `printf '{"bundle":"%064d"}\n' 0 >&3` + "\n",
			annotation: "::error::envaudit: the audit child's bundle refused: ",
			summary:    "not the bundle the audit wrote (its SHA-256 differs)"},
		{name: "garbled", script: `printf '{"errors":[{"file":"a\\u001bb","message":"ok"}]}' >&3` + "\n",
			annotation: "::error::envaudit: the audit child exited with status 0: what it said could not be read: errors[0]: file ",
			summary:    "is no clean path inside the working directory"},
		// A message is prose: its controls are shown as visible escapes.
		{name: "controlsInMessage", script: `printf '{"errors":[{"message":"ok\\u001b[2J\\u202e"}]}' >&3` + "\n",
			annotation: "::error::envaudit: the audit child exited with status 0: ok␛[2J<U+202E>",
			summary:    "status 0: ok␛"},
		// The pull request's code plants a bundle of its own in the
		// child's directory and keeps the child from writing its report:
		// the child fails, and the holder publishes nothing, the plant
		// least of all.
		{name: "plantedBundle", env: []string{childVar + "=1"},
			command:    `cp "$GOOD" "$(echo "$RUNNER_TEMP"/envaudit-single-*)/envaudit-bundle.json"; mkdir "$RUNNER_TEMP/envaudit-report.json"; cat lib/lib-a/a.txt lib/lib-c/c.txt`,
			annotation: "::error::envaudit: the audit child exited with status 2: report: write ",
			summary:    "the audit child exited with status 2: report: write "},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			exe := ""
			if tt.script != "" {
				exe = scriptChild(t, tt.script)
			}
			env := append([]string{"GOOD=" + good}, tt.env...)
			command := cmp.Or(tt.command, "cat lib/lib-a/a.txt lib/lib-c/c.txt")
			s := runSingle(t, command, tt.files, exe, env...)
			if s.code != ExitUsage {
				t.Fatalf("exit %d, want %d\nstdout:\n%s\nstderr:\n%s", s.code, ExitUsage, s.stdout, s.stderr)
			}
			readFailure(t, s.stdout, s.temp).check(t, tt.annotation, tt.summary, false)
			for _, r := range s.srv.Requests() {
				if r.Method != http.MethodGet {
					t.Errorf("the holder of a failed child wrote through the API: %s %s", r.Method, r.Path)
				}
			}
		})
	}
}
