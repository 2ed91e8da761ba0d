package action

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/envaudit/envaudit/audit"
	"github.com/envaudit/envaudit/basecommit"
	"github.com/envaudit/envaudit/ecosystems"
	"github.com/envaudit/envaudit/ecosystems/fakeeco"
	"github.com/envaudit/envaudit/ghaction/ghfake"
	"github.com/envaudit/envaudit/internal/gitcmd"
)

// hostileConfig is the .envaudit.yml of issue 10's attack: every finding
// ignored, and the built-in list of coding agents turned off so that
// agent-policy strict never applies; its reason tries Markdown.
const hostileConfig = "ignore:\n  - package: \"*\"\n    reason: \"<img src=x onerror=alert(1)> cc @octo/admins\"\nagents:\n  builtin: false\n"

// configRepo makes a repository in a new workspace whose base commit has
// the fake ecosystem's project with no .envaudit.yml, and whose pull
// request (HEAD, and the work tree) adds hostileConfig and loads lib-c,
// which nothing declares. It returns the workspace and both commits.
func configRepo(t *testing.T) (ws, base, head string) {
	t.Helper()
	ws = t.TempDir()
	git := func(args ...string) string {
		t.Helper()
		cmd := gitcmd.Command(context.Background(), ws, args...)
		cmd.Env = append(cmd.Env, "GIT_AUTHOR_NAME=t", "GIT_AUTHOR_EMAIL=t@example.com", "GIT_COMMITTER_NAME=t", "GIT_COMMITTER_EMAIL=t@example.com")
		out, err := cmd.CombinedOutput()
		if err != nil {
			t.Fatalf("git %s: %v\n%s", strings.Join(args, " "), err, out)
		}
		return strings.TrimSpace(string(out))
	}
	git("init", "-q", "-b", "main")
	writeFiles(t, ws, map[string]string{"fake.txt": "lib-a\n", "lib/lib-a/a.txt": "a\n"})
	git("add", ".")
	git("commit", "-q", "-m", "base")
	base = git("rev-parse", "HEAD")
	git("checkout", "-q", "-b", "copilot/fix")
	writeFiles(t, ws, map[string]string{".envaudit.yml": hostileConfig, "lib/lib-c/c.txt": "c\n"})
	git("add", ".")
	git("commit", "-q", "-m", "Use lib-c")
	return ws, base, git("rev-parse", "HEAD")
}

// runEvent runs the Action in process in ws on an event, with
// agent-policy strict, and returns its exit status, its outputs, the job
// summary and the report.
func runEvent(t *testing.T, ws, eventName string, event map[string]any) (int, map[string]string, string, *audit.Report) {
	return runEventGit(t, ws, eventName, event, nil)
}

// runEventGit is runEvent with the Action's git.
func runEventGit(t *testing.T, ws, eventName string, event map[string]any, git basecommit.Git) (int, map[string]string, string, *audit.Report) {
	t.Helper()
	temp := t.TempDir()
	data, err := json.Marshal(event)
	if err != nil {
		t.Fatal(err)
	}
	writeFiles(t, temp, map[string]string{"event.json": string(data), "set_output": "", "step_summary": ""})
	environ := []string{
		"INPUT_RUN=cat lib/lib-a/a.txt lib/lib-c/c.txt", "INPUT_AGENT_POLICY=strict",
		"GITHUB_WORKSPACE=" + ws, "RUNNER_TEMP=" + temp, "PATH=" + os.Getenv("PATH"),
		"GITHUB_EVENT_NAME=" + eventName, "GITHUB_EVENT_PATH=" + filepath.Join(temp, "event.json"),
		"GITHUB_REPOSITORY=octo/webapp",
		"GITHUB_OUTPUT=" + filepath.Join(temp, "set_output"), "GITHUB_STEP_SUMMARY=" + filepath.Join(temp, "step_summary"),
	}
	var stdout, stderr bytes.Buffer
	a := &Action{
		Environ:    func() []string { return environ },
		Stdout:     &stdout,
		Stderr:     &stderr,
		Ecosystems: []ecosystems.Ecosystem{&fakeeco.Ecosystem{}},
		Version:    "test",
		Git:        git,
	}
	t.Chdir(ws)
	code := a.Run(t.Context())
	summary, err := os.ReadFile(filepath.Join(temp, "step_summary"))
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("stdout:\n%s\nstderr:\n%s", stdout.String(), stderr.String())
	return code, readOutputs(t, filepath.Join(temp, "set_output")), string(summary), readReport(t, filepath.Join(temp, "envaudit-report.json"))
}

// TestAttackPullRequestConfig reproduces issue 10's attack on the gate:
// the pull request's own .envaudit.yml ignores every package
// (`ignore: [{package: "*"}]`) and turns off the built-in coding agents
// (`agents: {builtin: false}`) to escape `agent-policy: strict`, while it
// loads a package nothing declares. The configuration is read from the
// base commit, which has none: the new package fails the step, the pull
// request from a copilot/ branch is agent-authored, and the summary and
// the report say, inert, what the pull request changes in .envaudit.yml.
func TestAttackPullRequestConfig(t *testing.T) {
	ws, base, head := configRepo(t)
	code, outputs, summary, r := runEvent(t, ws, "pull_request", prEvent("copilot/fix", head, base))
	if code != ExitFindings {
		t.Errorf("exit %d, want %d: the pull request's configuration decided its gate", code, ExitFindings)
	}
	var libC *audit.Finding
	for i, f := range r.Ecosystems[0].Findings {
		if f.Package == "lib-c" {
			libC = &r.Ecosystems[0].Findings[i]
		}
	}
	if libC == nil || libC.Ignored != "" || libC.Change != audit.ChangeNew || !libC.Gating {
		t.Errorf("lib-c's finding = %+v, want new, not ignored, gating", libC)
	}
	if outputs["agent-authored"] != "true" || outputs["failing"] != "1" {
		t.Errorf("outputs %q, want agent-authored true and 1 failing", outputs)
	}
	for _, want := range []string{
		"This pull request changes `.envaudit.yml`: the changes take effect after merge, and this check used the base branch's.",
		"`+ agents builtin false`", "`- agents builtin true`", "`+ ignore package \"*\" (reason \"<img src=x onerror=alert(1)> cc @octo/admins\")`",
	} {
		if !strings.Contains(summary, want) {
			t.Errorf("job summary lacks %q:\n%s", want, summary)
		}
	}
	if strings.Count(summary, "<img") != strings.Count(summary, "`+ ignore package \"*\" (reason \"<img") {
		t.Errorf("the job summary holds a tag outside a code span:\n%s", summary)
	}
	found := false
	for _, w := range r.Warnings {
		found = found || strings.Contains(w, "this change edits .envaudit.yml, which takes effect after merge")
	}
	if !found {
		t.Errorf("the report's warnings do not say the pull request changes .envaudit.yml: %q", r.Warnings)
	}
}

// TestPushConfig checks that on a push the configuration of the commit
// pushed applies, as before: it is the branch's own.
func TestPushConfig(t *testing.T) {
	ws, base, _ := configRepo(t)
	code, _, _, r := runEvent(t, ws, "push", map[string]any{"before": base})
	if code != ExitOK {
		t.Errorf("exit %d, want %d: the pushed commit's ignore rules did not apply", code, ExitOK)
	}
	for _, f := range r.Ecosystems[0].Findings {
		if f.Package == "lib-c" && f.Ignored == "" {
			t.Errorf("lib-c is not ignored on a push: %+v", f)
		}
	}
}

// TestAttackReplaceRefAction reproduces issue 10's replace-ref attack on
// the Action: the pull request declares lib-b, which is not installed (a
// made-up name), and refs/replace/<base> makes a git that honours replace
// refs read the base commit as the pull request, so that lib-b is
// "existing" and the pull request's .envaudit.yml (ignore everything) is
// the base's: the step would pass. The Action's git ignores replace
// objects, and every object it reads of the base is verified by hashing:
// lib-b and lib-c are new, nothing is ignored, and the step fails —
// even with a git that honours replace refs, which reads a commit that
// does not hash to the base's ID, so no comparison is made at all.
func TestAttackReplaceRefAction(t *testing.T) {
	ws, base, _ := configRepo(t)
	git := func(args ...string) string {
		t.Helper()
		cmd := gitcmd.Command(context.Background(), ws, args...)
		cmd.Env = append(cmd.Env, "GIT_AUTHOR_NAME=t", "GIT_AUTHOR_EMAIL=t@example.com", "GIT_COMMITTER_NAME=t", "GIT_COMMITTER_EMAIL=t@example.com")
		out, err := cmd.CombinedOutput()
		if err != nil {
			t.Fatalf("git %s: %v\n%s", strings.Join(args, " "), err, out)
		}
		return strings.TrimSpace(string(out))
	}
	writeFiles(t, ws, map[string]string{"fake.txt": "lib-a\nlib-b\n"})
	git("commit", "-q", "-am", "Declare lib-b")
	head := git("rev-parse", "HEAD")
	git("replace", base, head)
	event := prEvent("fix", head, base)

	plain := func(ctx context.Context, dir string, args ...string) ([]byte, error) {
		cmd := exec.CommandContext(ctx, "git", args...)
		cmd.Dir = dir
		cmd.Env = append(os.Environ(), "GIT_CONFIG_NOSYSTEM=1", "GIT_CONFIG_GLOBAL=/dev/null")
		return cmd.Output()
	}
	for name, git := range map[string]basecommit.Git{"hardened": nil, "replaceRefsHonoured": plain} {
		t.Run(name, func(t *testing.T) {
			code, outputs, _, r := runEventGit(t, ws, "pull_request", event, git)
			if code != ExitFindings || outputs["failing"] != "2" {
				t.Errorf("exit %d, outputs %q: want lib-b and lib-c failing", code, outputs)
			}
			for _, f := range r.Ecosystems[0].Findings {
				if (f.Package == "lib-b" || f.Package == "lib-c") && (f.Change == audit.ChangeExisting || f.Ignored != "") {
					t.Errorf("%s is %q (ignored %q) with a replace ref planted, want new (or not compared) and not ignored", f.Package, f.Change, f.Ignored)
				}
			}
		})
	}
}

// TestPullRequestConfigBaseUnreadable checks that a pull request whose
// base commit cannot be read gets no configuration at all, rather than
// its own: its ignore-everything rule does not apply, and a warning says
// why.
func TestPullRequestConfigBaseUnreadable(t *testing.T) {
	ws, base, head := configRepo(t)
	broken := func(context.Context, string, ...string) ([]byte, error) {
		return nil, errors.New("fatal: unable to read base")
	}
	code, outputs, summary, r := runEventGit(t, ws, "pull_request", prEvent("fix", head, base), broken)
	if code != ExitFindings || outputs["failing"] != "1" {
		t.Errorf("exit %d, outputs %q: want lib-c failing", code, outputs)
	}
	for _, f := range r.Ecosystems[0].Findings {
		if f.Ignored != "" {
			t.Errorf("%s is ignored by the pull request's own configuration", f.Package)
		}
	}
	found := false
	for _, w := range r.Warnings {
		found = found || strings.Contains(w, "the base commit's .envaudit.yml could not be read, so no .envaudit.yml applies to this pull request")
	}
	if !found {
		t.Errorf("no warning says the configuration does not apply: %q", r.Warnings)
	}
	if !strings.Contains(summary, "Not compared with the base commit: fetch base commit ") {
		t.Errorf("the summary does not say the base was not compared:\n%s", summary)
	}
}

// TestAttackPullRequestConfigSingle is TestAttackPullRequestConfig in mode
// single, where the gate that counts is the token's holder's: the holder
// runs no git, so it reads the base commit's .envaudit.yml through the
// contents API, never the checkout's (the pull request's, which ignores
// every package). The base has none: lib-c, which nothing declares, fails
// the step; then the base gains a config that ignores lib-c, and it
// passes — the holder's gate follows the base, whatever the checkout says.
func TestAttackPullRequestConfigSingle(t *testing.T) {
	ws, base, head := configRepo(t)
	for _, tc := range []struct {
		name     string
		baseCfg  string // "" for none
		wantCode int
		warning  string // what stdout says, "" for nothing
	}{
		{"noBaseConfig", "", ExitFindings, ""},
		{"baseIgnoresLibC", "ignore:\n  - package: lib-c\n    reason: the base branch accepts it\n", ExitOK, ""},
		{"malformedBaseConfig", "ignore: [\n", ExitFindings, "::warning::envaudit: the base commit's .envaudit.yml could not be read, so no .envaudit.yml applies to this pull request: "},
	} {
		t.Run(tc.name, func(t *testing.T) {
			srv := ghfake.New("octo/webapp", 7)
			t.Cleanup(srv.Close)
			if tc.baseCfg != "" {
				srv.SetContent(base, ".envaudit.yml", []byte(tc.baseCfg))
			}
			temp := t.TempDir()
			event, err := json.Marshal(prEvent("fix", head, base))
			if err != nil {
				t.Fatal(err)
			}
			writeFiles(t, temp, map[string]string{"event.json": string(event), "set_output": "", "step_summary": ""})
			environ := []string{
				"INPUT_RUN=cat lib/lib-a/a.txt lib/lib-c/c.txt", "INPUT_MODE=single", "INPUT_REVIEW=false",
				"INPUT_GITHUB_TOKEN=ghs_singleConfigToken", "GITHUB_API_URL=" + srv.APIURL(),
				"GITHUB_WORKSPACE=" + ws, "RUNNER_TEMP=" + temp, "PATH=" + os.Getenv("PATH"),
				"GITHUB_EVENT_NAME=pull_request", "GITHUB_EVENT_PATH=" + filepath.Join(temp, "event.json"),
				"GITHUB_REPOSITORY=octo/webapp", childVar + "=1",
				"GITHUB_OUTPUT=" + filepath.Join(temp, "set_output"), "GITHUB_STEP_SUMMARY=" + filepath.Join(temp, "step_summary"),
			}
			var stdout, stderr bytes.Buffer
			a := &Action{
				Environ: func() []string { return environ }, Stdout: &stdout, Stderr: &stderr, Version: "test",
				Ecosystems: []ecosystems.Ecosystem{&fakeeco.Ecosystem{}},
			}
			t.Chdir(ws)
			if code := a.Run(t.Context()); code != tc.wantCode {
				t.Errorf("exit %d, want %d\nstdout:\n%s\nstderr:\n%s", code, tc.wantCode, stdout.String(), stderr.String())
			}
			if !strings.Contains(stdout.String(), tc.warning) {
				t.Errorf("stdout does not say %q:\n%s", tc.warning, stdout.String())
			}
			asked := false
			for _, r := range srv.Requests() {
				asked = asked || strings.HasPrefix(r.Path, "/repos/octo/webapp/contents/") && strings.Contains(r.Query, base)
			}
			if !asked {
				t.Errorf("the holder never asked the contents API for the base commit's config")
			}
		})
	}
}
