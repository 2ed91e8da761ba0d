package main

import (
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/envaudit/envaudit/ghaction/ghfake"
	"github.com/envaudit/envaudit/internal/testenv"
)

// plantedTool is a program the pull request's code planted in a PATH
// directory it can write, under the name of a tool envaudit may run (git,
// mvn): it records its environment and its parent, then runs the real one.
const plantedTool = `#!/bin/sh
n=$(basename "$0")
env > "$DUMP/ran-$n-$$.env"
cat "/proc/$PPID/comm" > "$DUMP/ran-$n-$$.parent" 2>/dev/null
cat "/proc/$PPID/environ" > "$DUMP/ran-$n-$$.parent-env" 2>/dev/null
PATH=$REAL_PATH exec "$n" "$@"
`

// TestAttackSingleModePrograms reproduces issue 10's four token thefts
// through the programs envaudit itself starts, in a job that holds a write
// token (mode single): a committed .venv/bin/python and mvnw, and a git
// and an mvn planted in a PATH directory the pull request could write,
// each reading its own environment and its parent's. envaudit runs none
// of them: its tools are found before the run, outside the workspace and
// the directories the tests could write; the token's holder, envaudit's
// first process, runs nothing but its own binary as the audit child, whose
// environment never had the token, and the traced command reads no
// ancestor's environment that holds it. The step still
// publishes the review with the token.
func TestAttackSingleModePrograms(t *testing.T) {
	testenv.RealInstall(t)
	for _, tool := range []string{"git", "go", "bash", "python3"} {
		if _, err := exec.LookPath(tool); err != nil {
			t.Fatalf("%s not found: run `make setup`", tool)
		}
	}
	a, _ := readAction(t)
	ws, temp := t.TempDir(), t.TempDir()
	app := filepath.Join(ws, "app")
	if err := copyTree("testdata/action/hostile", app, nil); err != nil {
		t.Fatal(err)
	}
	planted := filepath.Join(ws, ".tools")
	dump := filepath.Join(temp, "dump")
	home := filepath.Join(temp, "home")
	for _, d := range []string{planted, dump, home} {
		if err := os.MkdirAll(d, 0o777); err != nil {
			t.Fatal(err)
		}
	}
	for _, name := range []string{"git", "mvn"} {
		writeActionFile(t, filepath.Join(planted, name), plantedTool)
		if err := os.Chmod(filepath.Join(planted, name), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	head := strings.Repeat("c", 40)
	event := filepath.Join(temp, "event.json")
	data, _ := json.Marshal(map[string]any{"number": 5, "pull_request": map[string]any{
		"number": 5, "user": map[string]any{"login": "mallory", "type": "User"},
		"head": map[string]any{"ref": "x", "sha": head}, "base": map[string]any{"ref": "main", "sha": strings.Repeat("b", 40)},
	}})
	writeActionFile(t, event, string(data))
	srv := ghfake.New("octo/hostile", 5)
	t.Cleanup(srv.Close)
	srv.SetFiles(ghfake.File{Filename: "app/requirements.txt", Status: "added", Patch: "@@ -0,0 +1 @@\n+six"})

	const token = "ghs_envauditPlantedToken0123456789"
	var env []string
	for _, kv := range os.Environ() {
		k, _, _ := strings.Cut(kv, "=")
		if strings.HasPrefix(k, "GITHUB_") || strings.HasPrefix(k, "RUNNER_") || strings.HasPrefix(k, "INPUT_") || k == "HOME" || k == "PATH" {
			continue
		}
		env = append(env, kv)
	}
	env = append(env,
		"HOME="+home, "CI=true", "GITHUB_ACTIONS=true", "DUMP="+dump, "RUNNER_OS=Linux", "RUNNER_ARCH="+runnerArch(),
		"PATH="+planted+":"+os.Getenv("PATH"), "REAL_PATH="+os.Getenv("PATH"),
		"GITHUB_WORKSPACE="+ws, "RUNNER_TEMP="+temp, "GITHUB_EVENT_NAME=pull_request", "GITHUB_EVENT_PATH="+event,
		"GITHUB_API_URL="+srv.APIURL(), "GITHUB_REPOSITORY=octo/hostile", "GITHUB_SHA="+strings.Repeat("d", 40),
		"GITHUB_TOKEN="+token,
	)
	r := &actionRunner{t: t, action: a, actionPath: actionCheckout(t), workspace: ws, temp: temp, token: token, env: env}
	publishRelease(t, srv, r.actionPath)
	if os.Geteuid() == 0 {
		r.uid = 65534
	}
	res := r.runAction(map[string]string{
		"mode": "single", "run": "bash probe.sh", "working-directory": "app", "fail-on": "none",
	})
	if res.code != 0 {
		t.Fatalf("envaudit step exited %d:\n%s", res.code, res.stdout)
	}

	entries, err := os.ReadDir(dump)
	if err != nil {
		t.Fatal(err)
	}
	ran := map[string]int{}
	for _, e := range entries {
		p := filepath.Join(dump, e.Name())
		data, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		if strings.Contains(string(data), token) {
			t.Errorf("%s holds the token", e.Name())
		}
		name := e.Name()
		if strings.HasPrefix(name, "ran-") && strings.HasSuffix(name, ".parent") {
			prog := strings.TrimPrefix(name[:strings.LastIndex(name[:len(name)-len(".parent")], "-")], "ran-")
			ran[prog]++
			// The holder is the step's process, named envaudit; its audit
			// child, executed as /proc/self/exe, is named exe.
			if parent := strings.TrimSpace(string(data)); parent == "envaudit" {
				t.Errorf("%s was run by the token's holder", prog)
			}
		}
	}
	t.Logf("programs run: %v", ran)
	// The tools envaudit runs are found before the run, never in the
	// workspace or a directory the tests could write (internal/toolexec):
	// the planted git and mvn and the committed interpreter and mvnw run
	// nowhere, the child included — stronger than keeping them from the
	// holder.
	for prog, n := range ran {
		t.Errorf("%s ran %d times: envaudit ran a program the pull request planted", prog, n)
	}
	if _, err := os.Stat(filepath.Join(dump, "traced.env")); err != nil {
		t.Errorf("the traced command did not run: %v", err)
	}
	if n := len(srv.IssueComments()); n != 1 {
		t.Errorf("%d summary comments, want the holder's one", n)
	}
	for _, req := range srv.Requests() {
		// The storage host a release download redirects to gets no token.
		if req.Auth != "Bearer "+token && !req.Storage {
			t.Errorf("%s %s sent Authorization %q", req.Method, req.Path, req.Auth)
		}
	}
}
