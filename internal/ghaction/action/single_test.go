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

	"github.com/envaudit/envaudit/ecosystems"
	"github.com/envaudit/envaudit/internal/fakeeco"
	"github.com/envaudit/envaudit/internal/ghaction/ghfake"
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
