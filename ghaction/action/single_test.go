package action

import (
	"bytes"
	"context"
	"errors"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/envaudit/envaudit/ecosystems"
	"github.com/envaudit/envaudit/ecosystems/fakeeco"
	"github.com/envaudit/envaudit/ghaction/ghfake"
)

// singleProbe is the pull request's test command in mode single: it
// dumps its own environment, the environment block and command line of
// every ancestor up to the token's holder, and the holder's children,
// then loads its packages.
const singleProbe = `set -u
env > "$DUMP/traced-env"
p=$$
while [ "$p" -gt 1 ]; do
  cat "/proc/$p/environ" > "$DUMP/environ-$p" 2>/dev/null || echo unreadable > "$DUMP/environ-$p"
  tr '\0' ' ' < "/proc/$p/cmdline" > "$DUMP/cmdline-$p" 2>/dev/null || true
  [ "$p" = "$HOLDER_PID" ] && break
  p=$(sed 's/.*) //' "/proc/$p/stat" | cut -d' ' -f2)
done
cat /proc/"$HOLDER_PID"/task/*/children > "$DUMP/holder-children"
for c in $(cat "$DUMP/holder-children"); do cat "/proc/$c/comm" >> "$DUMP/holder-children-comm"; done
cat lib/lib-a/a.txt lib/lib-c/c.txt
`

// vouch ends a stand-in audit child's script: it tells the holder, on
// the pipe of file descriptor 3, the SHA-256 of the bundle it wrote, as
// envaudit's child does (childReport).
const vouch = `printf '{"bundle":"%s"}\n' "$(sha256sum "$INPUT_BUNDLE/envaudit-bundle.json" | cut -c1-64)" >&3
`

// recorder is a program the audit child may run (git, through PATH): it
// records its environment and its parent, then runs the real one.
const recorder = `#!/bin/sh
env > "$DUMP/ran-$(basename "$0")-$$"
echo "$PPID" > "$DUMP/ran-$(basename "$0")-$$.ppid"
PATH=$REAL_PATH exec "$(basename "$0")" "$@"
`

// TestAttackSingleModeToken reproduces issue 10's token theft in a single
// job: the pull request's code (the test command, and the programs the
// audit runs, which a pull request can plant) reads the environment of
// every process it can reach — root may read any — and looks for the
// token. In mode single the token's holder executes nothing but its own
// binary as the audit child, whose environment never had the token: the
// token is in no environment block or command line the run can read, the
// holder's only child is its own binary, and the holder ran no program of
// its own. The holder then publishes the child's bundle with the token.
func TestAttackSingleModeToken(t *testing.T) {
	const token = "ghs_envauditSingleToken0123456789"
	p := newPRProject(t, "bash probe.sh")
	writeFiles(t, filepath.Join(p.ws, "app"), map[string]string{"probe.sh": singleProbe})
	dump := t.TempDir()
	bin := t.TempDir()
	writeFiles(t, bin, map[string]string{"git": recorder})
	if err := os.Chmod(filepath.Join(bin, "git"), 0o755); err != nil {
		t.Fatal(err)
	}
	srv := ghfake.New("octo/webapp", 7)
	t.Cleanup(srv.Close)
	srv.SetFiles(ghfake.File{Filename: "app/fake.txt", Status: "modified", Patch: "@@ -1 +1,2 @@\n lib-a\n+lib-b"})
	environ := append(p.environ[:len(p.environ):len(p.environ)],
		"INPUT_MODE=single", "INPUT_GITHUB_TOKEN="+token, "GITHUB_TOKEN="+token, "GITHUB_API_URL="+srv.APIURL(),
		childVar+"=1", "HOLDER_PID="+strconv.Itoa(os.Getpid()), "DUMP="+dump,
		"PATH="+bin+":"+os.Getenv("PATH"), "REAL_PATH="+os.Getenv("PATH"),
	)
	environ = lastWins(environ)
	var stdout, stderr bytes.Buffer
	a := &Action{
		Environ: func() []string { return environ }, Stdout: &stdout, Stderr: &stderr, Version: "test",
		Ecosystems: []ecosystems.Ecosystem{&fakeeco.Ecosystem{}},
		Git: func(_ context.Context, _ string, args ...string) ([]byte, error) {
			t.Errorf("the token's holder ran git %q", args)
			return nil, errors.New("refused")
		},
	}
	t.Chdir(p.ws)
	code := a.Run(t.Context())
	if code != ExitFindings {
		t.Fatalf("exit %d, want %d\nstdout:\n%s\nstderr:\n%s", code, ExitFindings, stdout.String(), stderr.String())
	}

	t.Run("token", func(t *testing.T) {
		entries, err := os.ReadDir(dump)
		if err != nil {
			t.Fatal(err)
		}
		read := 0
		for _, e := range entries {
			data, err := os.ReadFile(filepath.Join(dump, e.Name()))
			if err != nil {
				t.Fatal(err)
			}
			if strings.Contains(string(data), token) {
				t.Errorf("%s holds the token", e.Name())
			}
			if strings.HasPrefix(e.Name(), "environ-") && string(data) != "unreadable\n" {
				read++
			}
		}
		if _, err := os.Stat(filepath.Join(dump, "traced-env")); err != nil {
			t.Fatalf("the probe did not run: %v", err)
		}
		t.Logf("%d ancestors' environment blocks read, %d files dumped", read, len(entries))
		if os.Geteuid() == 0 && read < 3 {
			t.Errorf("as root the probe read %d ancestors' environments, want at least the child's chain", read)
		}
	})
	t.Run("holderExecutesNothing", func(t *testing.T) {
		children, err := os.ReadFile(filepath.Join(dump, "holder-children"))
		if err != nil {
			t.Fatal(err)
		}
		if n := len(strings.Fields(string(children))); n != 1 {
			t.Errorf("the holder had %d children while the tests ran, want its audit child alone: %q", n, children)
		}
		// The kernel names a process after the file it executed:
		// /proc/self/exe, never a name looked up in PATH.
		comm, _ := os.ReadFile(filepath.Join(dump, "holder-children-comm"))
		if strings.TrimSpace(string(comm)) != "exe" {
			t.Errorf("the holder's child is %q, want one executed as /proc/self/exe", comm)
		}
		cmdline, _ := os.ReadFile(filepath.Join(dump, "cmdline-"+strings.TrimSpace(string(children))))
		if string(cmdline) != "envaudit action " {
			t.Errorf("the holder's child runs %q, want envaudit action", cmdline)
		}
		// Every program the child ran (git) was the child's, never the
		// holder's.
		ppids, _ := filepath.Glob(filepath.Join(dump, "ran-*.ppid"))
		for _, f := range ppids {
			data, _ := os.ReadFile(f)
			if strings.TrimSpace(string(data)) == strconv.Itoa(os.Getpid()) {
				t.Errorf("%s: the holder ran it", filepath.Base(f))
			}
		}
	})
	t.Run("published", func(t *testing.T) {
		for _, want := range []string{
			"::error file=app/fake.txt,line=2,title=envaudit%3A fake phantom dependency lib-b (not-installed)::",
			"::error file=app/fake.txt,title=envaudit%3A fake hidden dependency lib-c (undeclared)::",
		} {
			if strings.Count(stdout.String(), want) != 1 {
				t.Errorf("stdout holds %q %d times, want once:\n%s", want, strings.Count(stdout.String(), want), stdout.String())
			}
		}
		if rc := srv.ReviewComments(); len(rc) != 1 || rc[0].Line != 2 {
			t.Errorf("review comments %+v", rc)
		}
		if ic := srv.IssueComments(); len(ic) != 1 || !strings.Contains(ic[0].Body, "2 findings fail this check") {
			t.Errorf("summary comments %+v", ic)
		}
		for _, r := range srv.Requests() {
			if r.Auth != "Bearer "+token {
				t.Errorf("%s %s: Authorization %q, want the holder's token", r.Method, r.Path, r.Auth)
			}
		}
		outputs := readOutputs(t, filepath.Join(p.temp, "set_output"))
		if outputs["failing"] != "2" || outputs["report"] != filepath.Join(p.temp, "envaudit-report.json") || outputs["bundle"] != "" {
			t.Errorf("outputs %v", outputs)
		}
		if r := readReport(t, outputs["report"]); r.Run == nil || !r.Run.Succeeded {
			t.Errorf("the child's report: %+v", r.Run)
		}
		summary, _ := os.ReadFile(filepath.Join(p.temp, "step_summary"))
		if !strings.Contains(string(summary), "2 findings fail this check") {
			t.Errorf("job summary:\n%s", summary)
		}
		// The child's private directory is gone.
		if left, _ := filepath.Glob(filepath.Join(p.temp, "envaudit-single-*")); len(left) != 0 {
			t.Errorf("left behind: %v", left)
		}
	})
}

// TestSingleModeTimeout runs mode single with a test command that outlasts
// the timeout input. The holder's and the child's deadlines fall together:
// the child still writes its audit of what ran, saying the command timed
// out (not that it was interrupted), and the holder waits for it and
// publishes it with the token although its own deadline has passed.
func TestSingleModeTimeout(t *testing.T) {
	const token = "ghs_envauditSingleTimeout0123456789"
	p := newPRProject(t, "cat lib/lib-a/a.txt lib/lib-c/c.txt; sleep 60")
	srv := ghfake.New("octo/webapp", 7)
	t.Cleanup(srv.Close)
	srv.SetFiles(ghfake.File{Filename: "app/fake.txt", Status: "modified", Patch: "@@ -1 +1,2 @@\n lib-a\n+lib-b"})
	environ := append(p.environ[:len(p.environ):len(p.environ)],
		"INPUT_MODE=single", "INPUT_TIMEOUT=2s", "INPUT_GITHUB_TOKEN="+token, "GITHUB_API_URL="+srv.APIURL(), childVar+"=1")
	var stdout, stderr bytes.Buffer
	a := &Action{
		Environ: func() []string { return environ }, Stdout: &stdout, Stderr: &stderr, Version: "test",
		Ecosystems: []ecosystems.Ecosystem{&fakeeco.Ecosystem{}},
	}
	t.Chdir(p.ws)
	code := a.Run(t.Context())
	if code != ExitCommandErr {
		t.Fatalf("exit %d, want %d\nstdout:\n%s\nstderr:\n%s", code, ExitCommandErr, stdout.String(), stderr.String())
	}
	outputs := readOutputs(t, filepath.Join(p.temp, "set_output"))
	r := readReport(t, outputs["report"])
	if r.Run == nil || !r.Run.TimedOut || r.Run.Interrupted {
		t.Errorf("the child's report says %+v, want a run that timed out", r.Run)
	}
	if ic := srv.IssueComments(); len(ic) != 1 {
		t.Errorf("summary comments %+v, want the holder's one\nstdout:\n%s", ic, stdout.String())
	}
	if rc := srv.ReviewComments(); len(rc) != 1 {
		t.Errorf("review comments %+v, want the new phantom's\nstdout:\n%s", rc, stdout.String())
	}
	if strings.Contains(stdout.String(), "could not be read") {
		t.Errorf("the holder could not read the base commit's config after the timeout:\n%s", stdout.String())
	}
}

// TestAttackSingleModeForgedPrefix reproduces a forged bundle in mode
// single: the audit child ran the pull request's code, so its bundle may
// name another project directory, to place the review's comments and the
// annotations on files of the repository the audit never read. The holder
// knows its own project's directory and refuses a bundle of another.
func TestAttackSingleModeForgedPrefix(t *testing.T) {
	forged := filepath.Join(t.TempDir(), "forged.json")
	data, err := os.ReadFile(filepath.Join(auditBundle(t), "envaudit-bundle.json"))
	if err != nil {
		t.Fatal(err)
	}
	data = bytes.Replace(data, []byte(`"prefix": "app"`), []byte(`"prefix": "docs"`), 1)
	if !bytes.Contains(data, []byte(`"prefix": "docs"`)) {
		t.Fatalf("no prefix to forge in the bundle:\n%s", data)
	}
	if err := os.WriteFile(forged, data, 0o644); err != nil {
		t.Fatal(err)
	}
	child := filepath.Join(t.TempDir(), "child")
	if err := os.WriteFile(child, []byte("#!/bin/sh\ncp \"$FORGED\" \"$INPUT_BUNDLE/envaudit-bundle.json\"\n"+vouch), 0o755); err != nil {
		t.Fatal(err)
	}

	p := newPRProject(t, "true")
	srv := ghfake.New("octo/webapp", 7)
	t.Cleanup(srv.Close)
	environ := append(p.environ[:len(p.environ):len(p.environ)],
		"INPUT_MODE=single", "INPUT_GITHUB_TOKEN=ghs_envauditForgedPrefix0123456789", "GITHUB_API_URL="+srv.APIURL(), "FORGED="+forged)
	var stdout, stderr bytes.Buffer
	a := &Action{
		Environ: func() []string { return environ }, Stdout: &stdout, Stderr: &stderr, Version: "test",
		Ecosystems: []ecosystems.Ecosystem{&fakeeco.Ecosystem{}}, Exe: child,
	}
	t.Chdir(p.ws)
	if code := a.Run(t.Context()); code != ExitUsage {
		t.Errorf("exit %d, want %d", code, ExitUsage)
	}
	if strings.Contains(stdout.String(), "file=docs/") || len(srv.ReviewComments()) != 0 {
		t.Errorf("the forged directory was believed: review comments %+v\nstdout:\n%s", srv.ReviewComments(), stdout.String())
	}
	if !strings.Contains(stdout.String(), "::error::envaudit: the audit child's bundle refused: ") {
		t.Errorf("no error says the bundle was refused:\nstdout:\n%s", stdout.String())
	}
}

// TestSingleModeChildKilled kills mode single's audit child between its
// stop-commands and their resume, as a hostile run (through sudo) or the
// kernel's OOM killer could. The holder resumes the workflow commands
// itself, so that its error annotation still shows.
func TestSingleModeChildKilled(t *testing.T) {
	child := filepath.Join(t.TempDir(), "child")
	script := "#!/bin/sh\nprintf '\\n::stop-commands::%s\\n' \"$" + resumeTokenVar + "\"\nkill -KILL $$\n"
	if err := os.WriteFile(child, []byte(script), 0o755); err != nil {
		t.Fatal(err)
	}
	p := newPRProject(t, "true")
	environ := append(p.environ[:len(p.environ):len(p.environ)], "INPUT_MODE=single", "INPUT_GITHUB_TOKEN=ghs_envauditChildKilled0123456789")
	var stdout, stderr bytes.Buffer
	a := &Action{
		Environ: func() []string { return environ }, Stdout: &stdout, Stderr: &stderr, Version: "test",
		Ecosystems: []ecosystems.Ecosystem{&fakeeco.Ecosystem{}}, Exe: child,
	}
	t.Chdir(p.ws)
	if code := a.Run(t.Context()); code != ExitUsage {
		t.Errorf("exit %d, want %d", code, ExitUsage)
	}
	out := stdout.String()
	_, after, ok := strings.Cut(out, "::stop-commands::")
	if !ok {
		t.Fatalf("the child printed no stop-commands:\n%s", out)
	}
	token, rest, _ := strings.Cut(after, "\n")
	if !isResumeToken(token) {
		t.Fatalf("the child stopped the commands with %q, not the holder's token", token)
	}
	resumed, _, ok := strings.Cut(rest, "::error::envaudit: the audit child was killed (signal: killed)")
	if !ok || !strings.Contains(resumed, "\n::"+token+"::\n") {
		t.Errorf("the holder's error is not after a resume of the workflow commands:\n%s", out)
	}
}

// TestSingleModeHolderReadsNoPRConfig gives the pull request a
// .envaudit.yml that does not parse. The token's holder never reads it
// (its gate is the base commit's): it publishes its child's bundle. The
// child here is a stand-in that writes the bundle mode audit wrote.
func TestSingleModeHolderReadsNoPRConfig(t *testing.T) {
	good := filepath.Join(auditBundle(t), "envaudit-bundle.json")
	child := filepath.Join(t.TempDir(), "child")
	if err := os.WriteFile(child, []byte("#!/bin/sh\ncp \"$GOOD\" \"$INPUT_BUNDLE/envaudit-bundle.json\"\n"+vouch), 0o755); err != nil {
		t.Fatal(err)
	}
	p := newPRProject(t, "true")
	writeFiles(t, p.ws, map[string]string{"app/.envaudit.yml": "ignore: [\n"})
	srv := ghfake.New("octo/webapp", 7)
	t.Cleanup(srv.Close)
	environ := append(p.environ[:len(p.environ):len(p.environ)],
		"INPUT_MODE=single", "INPUT_GITHUB_TOKEN=ghs_envauditHolderConfig0123456789", "GITHUB_API_URL="+srv.APIURL(), "GOOD="+good)
	var stdout, stderr bytes.Buffer
	a := &Action{
		Environ: func() []string { return environ }, Stdout: &stdout, Stderr: &stderr, Version: "test",
		Ecosystems: []ecosystems.Ecosystem{&fakeeco.Ecosystem{}}, Exe: child,
	}
	t.Chdir(p.ws)
	if code := a.Run(t.Context()); code != ExitFindings {
		t.Errorf("exit %d, want %d\nstdout:\n%s", code, ExitFindings, stdout.String())
	}
	if strings.Contains(stdout.String(), ".envaudit.yml") {
		t.Errorf("the holder read the pull request's .envaudit.yml:\n%s", stdout.String())
	}
}

// TestSingleModeTimeoutSlowAudit is TestSingleModeTimeout with an audit
// after the tests that takes longer than the timeout and its slack: the
// enumeration after the run ends 8 s after it starts, past the holder's
// deadline by more than the 5 s after which the holder used to ask the
// child to stop. The timeout bounds the tests: the holder waits for its
// child, which reads the whole installation, and publishes it.
func TestSingleModeTimeoutSlowAudit(t *testing.T) {
	p := newPRProject(t, "cat lib/lib-a/a.txt lib/lib-c/c.txt; sleep 120")
	srv := ghfake.New("octo/webapp", 7)
	t.Cleanup(srv.Close)
	srv.SetFiles(ghfake.File{Filename: "app/fake.txt", Status: "modified", Patch: "@@ -1 +1,2 @@\n lib-a\n+lib-b"})
	environ := append(p.environ[:len(p.environ):len(p.environ)],
		"INPUT_MODE=single", "INPUT_TIMEOUT=2s", "INPUT_GITHUB_TOKEN=ghs_envauditSlowAudit0123456789",
		"GITHUB_API_URL="+srv.APIURL(), childVar+"=1", slowVar+"=8s")
	var stdout, stderr bytes.Buffer
	a := &Action{
		Environ: func() []string { return environ }, Stdout: &stdout, Stderr: &stderr, Version: "test",
		Ecosystems: []ecosystems.Ecosystem{&fakeeco.Ecosystem{}},
	}
	t.Chdir(p.ws)
	if code := a.Run(t.Context()); code != ExitCommandErr {
		t.Fatalf("exit %d, want %d\nstdout:\n%s\nstderr:\n%s", code, ExitCommandErr, stdout.String(), stderr.String())
	}
	r := readReport(t, readOutputs(t, filepath.Join(p.temp, "set_output"))["report"])
	if r.Run == nil || !r.Run.TimedOut || r.Run.Interrupted {
		t.Errorf("the child's report says %+v, want a run that timed out", r.Run)
	}
	var installed, warnings []string
	for _, e := range r.Ecosystems {
		for _, pkg := range e.Installed {
			installed = append(installed, pkg.Name)
		}
		warnings = append(warnings, e.Warnings...)
	}
	if diff := cmp.Diff([]string{"lib-a", "lib-c"}, installed); diff != "" {
		t.Errorf("installed (-want +got):\n%s", diff)
	}
	for _, w := range warnings {
		if strings.Contains(w, "interrupted") || strings.Contains(w, "timeout") {
			t.Errorf("the enumeration after the run was cut short: %s", w)
		}
	}
	if ic := srv.IssueComments(); len(ic) != 1 {
		t.Errorf("summary comments %+v, want the holder's one\nstdout:\n%s", ic, stdout.String())
	}
}

// TestSingleModeCarriesNotes: what the audit child's summary would have
// said beyond the report (here, that the findings were not compared with
// the base commit, which the checkout lacks) reaches the holder's job
// summary and summary comment through the bundle, as plain text.
func TestSingleModeCarriesNotes(t *testing.T) {
	const token = "ghs_envauditSingleNotes0123456789"
	p := newPRProject(t, "cat lib/lib-a/a.txt lib/lib-c/c.txt")
	srv := ghfake.New("octo/webapp", 7)
	t.Cleanup(srv.Close)
	environ := append(p.environ[:len(p.environ):len(p.environ)],
		"INPUT_MODE=single", "INPUT_GITHUB_TOKEN="+token, "GITHUB_API_URL="+srv.APIURL(), childVar+"=1")
	var stdout, stderr bytes.Buffer
	a := &Action{
		Environ: func() []string { return environ }, Stdout: &stdout, Stderr: &stderr, Version: "test",
		Ecosystems: []ecosystems.Ecosystem{&fakeeco.Ecosystem{}},
	}
	t.Chdir(p.ws)
	a.Run(t.Context())
	summary, err := os.ReadFile(filepath.Join(p.temp, "step_summary"))
	if err != nil {
		t.Fatal(err)
	}
	const note = "Not compared with the base commit: fetch base commit bbbbbbb"
	if !strings.Contains(string(summary), note) {
		t.Errorf("the holder's job summary lacks the child's note %q:\n%s\nstdout:\n%s", note, summary, stdout.String())
	}
	ic := srv.IssueComments()
	if len(ic) != 1 || !strings.Contains(ic[0].Body, note) {
		t.Errorf("the summary comment lacks the child's note %q: %+v", note, ic)
	}
}

// TestSingleModeChildPanics: an audit child that stops the workflow
// commands and then panics (a Go panic exits with status 2, as
// envaudit's own errors do) leaves them stopped; the holder resumes them,
// so its own annotations and the later steps' still count.
func TestSingleModeChildPanics(t *testing.T) {
	child := filepath.Join(t.TempDir(), "child")
	script := "#!/bin/sh\nprintf '\\n::stop-commands::%s\\nno final newline' \"$" + resumeTokenVar + "\"\n" +
		"echo 'panic: runtime error: index out of range' >&2\nexit 2\n"
	if err := os.WriteFile(child, []byte(script), 0o755); err != nil {
		t.Fatal(err)
	}
	p := newPRProject(t, "true")
	environ := append(p.environ[:len(p.environ):len(p.environ)], "INPUT_MODE=single", "INPUT_GITHUB_TOKEN=ghs_envauditChildPanics0123456789")
	var stdout, stderr bytes.Buffer
	a := &Action{
		Environ: func() []string { return environ }, Stdout: &stdout, Stderr: &stderr, Version: "test",
		Ecosystems: []ecosystems.Ecosystem{&fakeeco.Ecosystem{}}, Exe: child,
	}
	t.Chdir(p.ws)
	if code := a.Run(t.Context()); code != ExitUsage {
		t.Errorf("exit %d, want %d", code, ExitUsage)
	}
	// The runner's reading of the log: a command after the holder's end
	// must be one, as a later warning of the holder would be.
	log := stdout.String() + "::warning::later\n"
	cmds := runnerCommands(log)
	if len(cmds) == 0 || cmds[len(cmds)-1] != "::warning::later" {
		t.Errorf("workflow commands stay stopped after the child panicked (commands the runner sees: %q):\n%s", cmds, stdout.String())
	}
}
