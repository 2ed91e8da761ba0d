package action

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/envaudit/envaudit/ecosystems"
	"github.com/envaudit/envaudit/ecosystems/fakeeco"
	"github.com/envaudit/envaudit/internal/gitcmd"
)

// gitOutcome is what envaudit concluded from git in a pull request run:
// whether each finding is new, the gate's verdict, and whether a coding
// agent wrote the pull request (from its commits).
type gitOutcome struct {
	Changes       map[string]string // package → change
	Failing       string
	AgentAuthored string
}

// TestAttackGitWorkspace reproduces issue 10's attacks on envaudit's git:
// the test command writes into the checkout's .git what would make git,
// run by envaudit after the trace, run a program (core.fsmonitor,
// core.hooksPath, an alias) or read other objects (a replace ref making
// the base commit look like the pull request — the "only new findings
// gate" bypass —, a forged loose object stored under the base commit's
// name, .git turned into a file naming another repository). Each run
// must conclude what the run on the untouched checkout concluded — the
// undeclared package the pull request started to load is new and fails
// the gate, the agent's commit is seen — and nothing the test planted may
// run.
func TestAttackGitWorkspace(t *testing.T) {
	if _, err := exec.LookPath("git"); err != nil {
		t.Fatal("git not found: run `make setup`")
	}
	tests := []struct {
		name   string
		attack string // bash run by the test command after the tests
	}{
		{"untouched", ""},
		{"fsmonitor", `git config core.fsmonitor "$EVIL"`},
		{"hooksPath", `mkdir -p hooks; for h in reference-transaction post-checkout post-merge pre-auto-gc post-index-change; do cp "$EVIL" hooks/$h; cp "$EVIL" .git/hooks/$h; done; git config core.hooksPath "$PWD/hooks"`},
		{"alias", `for c in log diff fetch cat-file ls-tree rev-parse; do git config alias.$c "!$EVIL"; done`},
		{"replaceRef", `git replace -f $BASE $HEAD; git replace -f $HEAD $(git commit-tree "$HEAD^{tree}" -p $BASE -m innocent)`},
		{"forgedObject", forgeBase},
		{"gitDirFile", `evil=$(mktemp -d)/evil.git; cp -r .git "$evil"; (cd "$evil" && git config core.fsmonitor "$EVIL" && git --git-dir="$evil" replace -f $BASE $HEAD); rm -rf .git; echo "gitdir: $evil" > .git`},
	}
	var control *gitOutcome
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, marker := runGitAttack(t, tt.attack, false)
			if tt.name == "untouched" {
				want := gitOutcome{Changes: map[string]string{"lib-c": "new"}, Failing: "1", AgentAuthored: "true"}
				if diff := cmp.Diff(want, got); diff != "" {
					t.Fatalf("the untouched checkout (-want +got):\n%s", diff)
				}
				control = &got
				return
			}
			if control == nil {
				t.Fatal("the untouched run failed")
			}
			if diff := cmp.Diff(*control, got); diff != "" {
				t.Errorf("outcome after the attack (-untouched +attacked):\n%s", diff)
			}
			if b, err := os.ReadFile(marker); err == nil {
				t.Errorf("a program the test planted ran:\n%s", b)
			}
		})
	}
}

// forgeBase stores the pull request's head commit under the base commit's
// name: git reads loose objects without checking their hash, so the base
// reads as the head and the diff against it is empty.
const forgeBase = `mkdir -p ../packs.$$; mv .git/objects/pack/* ../packs.$$/; ` +
	`for p in ../packs.$$/*.pack; do git unpack-objects -q < "$p"; done; ` +
	`b=.git/objects/${BASE:0:2}/${BASE:2}; h=.git/objects/${HEAD:0:2}/${HEAD:2}; chmod u+w "$b"; cp "$h" "$b"`

// runGitAttack makes an upstream repository whose pull request starts to
// load lib-c (a package declared nowhere) in a commit an agent co-wrote,
// clones its head as actions/checkout does (one commit, without the
// base), and runs the Action on the pull request with a test command that
// runs the tests and then attack. It returns what the Action concluded,
// and the file a planted program would write. PATH starts with
// $HOME/.local/bin, as on GitHub's runners; with plantEarly, a git that
// writes the file is there before the Action starts (an earlier step of
// the job put it there).
func runGitAttack(t *testing.T, attack string, plantEarly bool) (gitOutcome, string) {
	t.Helper()
	upstream := t.TempDir()
	git := func(dir string, args ...string) string {
		t.Helper()
		cmd := gitcmd.Command(context.Background(), dir, args...)
		cmd.Env = append(cmd.Env, "GIT_AUTHOR_NAME=t", "GIT_AUTHOR_EMAIL=t@example.com", "GIT_COMMITTER_NAME=t", "GIT_COMMITTER_EMAIL=t@example.com")
		out, err := cmd.CombinedOutput()
		if err != nil {
			t.Fatalf("git %s: %v\n%s", strings.Join(args, " "), err, out)
		}
		return strings.TrimSpace(string(out))
	}
	git(upstream, "init", "-q", "-b", "main")
	writeFiles(t, upstream, map[string]string{
		"fake.txt": "lib-a\n", "lib/lib-a/a.txt": "a\n", "lib/lib-c/c.txt": "c\n",
		"run.sh": "cat lib/lib-a/a.txt\n",
	})
	git(upstream, "add", ".")
	git(upstream, "commit", "-q", "-m", "base")
	base := git(upstream, "rev-parse", "HEAD")
	git(upstream, "checkout", "-q", "-b", "fix")
	writeFiles(t, upstream, map[string]string{"run.sh": "cat lib/lib-a/a.txt lib/lib-c/c.txt # uses lib-c\n"})
	git(upstream, "commit", "-q", "-am", "use lib-c\n\nCo-authored-by: Claude <noreply@anthropic.com>")
	head := git(upstream, "rev-parse", "HEAD")

	ws := filepath.Join(t.TempDir(), "ws")
	git(filepath.Dir(ws), "clone", "-q", "--depth=1", "--branch", "fix", "file://"+upstream, ws)
	temp := t.TempDir()
	marker := filepath.Join(temp, "planted-program-ran")
	evil := filepath.Join(temp, "evil.sh")
	writeFiles(t, temp, map[string]string{"set_output": ""})
	must(t, os.WriteFile(evil, []byte("#!/bin/sh\necho \"$0 $*\" >> "+marker+"\n"), 0o755))
	script := "set -e\nBASE=" + base + " HEAD=" + head + " EVIL=" + evil + "\n" +
		"export GIT_AUTHOR_NAME=x GIT_AUTHOR_EMAIL=x@example.com GIT_COMMITTER_NAME=x GIT_COMMITTER_EMAIL=x@example.com\n" +
		"bash run.sh\n" + attack + "\n"
	must(t, os.WriteFile(filepath.Join(temp, "attack.sh"), []byte(script), 0o644))

	event, err := json.Marshal(prEvent("fix", head, base))
	if err != nil {
		t.Fatal(err)
	}
	writeFiles(t, temp, map[string]string{"event.json": string(event)})
	home := t.TempDir()
	local := filepath.Join(home, ".local", "bin")
	must(t, os.MkdirAll(local, 0o755))
	if plantEarly {
		must(t, os.Symlink(evil, filepath.Join(local, "git")))
	}
	environ := []string{
		"INPUT_RUN=bash " + filepath.Join(temp, "attack.sh"), "GITHUB_WORKSPACE=" + ws, "RUNNER_TEMP=" + temp,
		"PATH=" + local + string(filepath.ListSeparator) + os.Getenv("PATH"), "HOME=" + home,
		"GITHUB_EVENT_NAME=pull_request", "GITHUB_EVENT_PATH=" + filepath.Join(temp, "event.json"),
		"GITHUB_OUTPUT=" + filepath.Join(temp, "set_output"),
	}
	var stdout, stderr bytes.Buffer
	a := &Action{
		Environ:    func() []string { return environ },
		Stdout:     &stdout,
		Stderr:     &stderr,
		Ecosystems: []ecosystems.Ecosystem{&fakeeco.Ecosystem{}},
		Version:    "test",
	}
	t.Chdir(ws)
	a.Run(t.Context())
	if strings.Contains(stderr.String(), "test command exited") || strings.Contains(stdout.String(), "::error::envaudit") {
		t.Logf("stdout:\n%s\nstderr:\n%s", stdout.String(), stderr.String())
	}
	out := readOutputs(t, filepath.Join(temp, "set_output"))
	got := gitOutcome{Changes: map[string]string{}, Failing: out["failing"], AgentAuthored: out["agent-authored"]}
	if p := out["report"]; p != "" {
		for _, e := range readReport(t, p).Ecosystems {
			for _, f := range e.Findings {
				got.Changes[f.Package] = f.Change
			}
		}
	}
	return got, marker
}
