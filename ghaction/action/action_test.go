package action

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/envaudit/envaudit/ecosystems"
	"github.com/envaudit/envaudit/ecosystems/fakeeco"
)

func TestShellCommand(t *testing.T) {
	tests := []struct {
		run  string
		want []string
	}{
		{"npm test", []string{"npm", "test"}},
		{"  pytest -q tests/unit ", []string{"pytest", "-q", "tests/unit"}},
		{"go test ./...", []string{"go", "test", "./..."}},
		{"npm ci && npm test", []string{"bash", "--noprofile", "--norc", "-eo", "pipefail", "-c", "npm ci && npm test"}},
		{"CI=1 npm test", []string{"bash", "--noprofile", "--norc", "-eo", "pipefail", "-c", "CI=1 npm test"}},
		{"echo $HOME", []string{"bash", "--noprofile", "--norc", "-eo", "pipefail", "-c", "echo $HOME"}},
		{"make test\nmake lint", []string{"bash", "--noprofile", "--norc", "-eo", "pipefail", "-c", "make test\nmake lint"}},
	}
	for _, tt := range tests {
		t.Run(tt.run, func(t *testing.T) {
			if diff := cmp.Diff(tt.want, shellCommand(tt.run)); diff != "" {
				t.Errorf("shellCommand (-want +got):\n%s", diff)
			}
		})
	}
}

func TestWorkflowFile(t *testing.T) {
	env := map[string]string{"GITHUB_REPOSITORY": "octo/webapp", "GITHUB_WORKFLOW_REF": "octo/webapp/.github/workflows/ci.yml@refs/heads/main"}
	if got := workflowFile(func(k string) string { return env[k] }); got != ".github/workflows/ci.yml" {
		t.Errorf("workflowFile = %q", got)
	}
	env["GITHUB_WORKFLOW_REF"] = "other/repo/.github/workflows/reusable.yml@v1"
	if got := workflowFile(func(k string) string { return env[k] }); got != "" {
		t.Errorf("workflowFile of another repository's workflow = %q", got)
	}
}

// TestActionEarlyErrors runs the Action in process on inputs and configs
// it must refuse before tracing anything, and checks the error annotation
// (on the config file's line for a bad .envaudit.yml).
func TestActionEarlyErrors(t *testing.T) {
	ws := t.TempDir()
	writeFiles(t, ws, map[string]string{
		"app/fake.txt":      "lib-a\n",
		"app/.envaudit.yml": "ignore:\n  - package: left-pad\n    reason: vendored\nseverity:\n  hidden: fatal\n",
		"py/fake.txt":       "lib-a\n",
		"py/.envaudit.yml":  "test-runners:\n  pip: [nose2]\n",
	})
	t.Chdir(ws)
	ecos := []ecosystems.Ecosystem{&fakeeco.Ecosystem{}}
	tests := []struct {
		name string
		env  []string
		want string
	}{
		{"noRun", nil, "::error::envaudit: run: the test command is required (for example `npm test`)\n"},
		{"badInput", []string{"INPUT_RUN=npm test", "INPUT_FAIL_ON=phantom:typo"}, "::error::envaudit: fail-on: unknown value \"phantom:typo\""},
		{"badConfig", []string{"INPUT_RUN=npm test", "INPUT_WORKING_DIRECTORY=app", "GITHUB_WORKSPACE=" + ws},
			"::error file=app/.envaudit.yml,line=5,title=envaudit::severity of \"hidden\": unknown level \"fatal\" (want error, warning or notice)\n"},
		{"badEpoch", []string{"INPUT_RUN=npm test", "INPUT_SBOM=bom.cdx.json", "SOURCE_DATE_EPOCH=soon"},
			"::error::envaudit: SOURCE_DATE_EPOCH: invalid value \"soon\" (want whole seconds since 1970-01-01 UTC)\n"},
		{"unknownEcosystem", []string{"INPUT_RUN=pytest", "INPUT_WORKING_DIRECTORY=py", "GITHUB_WORKSPACE=" + ws},
			"::error file=py/.envaudit.yml,line=2,title=envaudit::test-runners: unknown ecosystem \"pip\" (want fake)\n"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var stdout, stderr bytes.Buffer
			a := &Action{
				Environ:    func() []string { return tt.env },
				Stdout:     &stdout,
				Stderr:     &stderr,
				Ecosystems: ecos,
			}
			if code := a.Run(t.Context()); code != ExitUsage {
				t.Errorf("exit %d, want %d", code, ExitUsage)
			}
			if !strings.HasPrefix(stdout.String(), tt.want) {
				t.Errorf("stdout = %q, want prefix %q", stdout.String(), tt.want)
			}
		})
	}
}

// TestActionEnvironment runs the Action in process with a token in its
// own environment: the traced command gets the environment without the
// token, the runner's credentials and file commands, plus what the
// ecosystems' TraceEnv adds; .envaudit.yml's test runners are dev tooling;
// and the Action asks to protect itself with that same environment (in
// process, the test's environment is left as it was; TestProtectProcess
// and TestActionWorkflow check the protection itself).
func TestActionEnvironment(t *testing.T) {
	const token = "ghs_envauditInProcessToken0123456789"
	ws, temp := t.TempDir(), t.TempDir()
	writeFiles(t, ws, map[string]string{
		"fake.txt":         "lib-a\n",
		"lib/lib-a/a.txt":  "a\n",
		"lib/runner/r.txt": "r\n",
		".envaudit.yml":    "test-runners:\n  fake: [runner]\n",
	})
	t.Chdir(ws)
	outFile := filepath.Join(temp, "output")
	if err := os.WriteFile(outFile, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	t.Setenv("GITHUB_TOKEN", token)
	t.Setenv("ACTIONS_RUNTIME_TOKEN", "runtime-secret-0123456789")
	t.Setenv("INPUT_RUN", "cat lib/lib-a/a.txt lib/runner/r.txt >/dev/null && env > envdump")
	t.Setenv("INPUT_GITHUB_TOKEN", token)
	t.Setenv("INPUT_ANNOTATE", "false")
	t.Setenv("GITHUB_OUTPUT", outFile)
	t.Setenv("GITHUB_WORKSPACE", ws)
	t.Setenv("RUNNER_TEMP", temp)
	t.Setenv("ENVAUDIT_ORDINARY", "kept")
	before := os.Environ()

	eco := &fakeeco.Ecosystem{}
	var stdout, stderr bytes.Buffer
	var protected []string
	a := &Action{
		Environ:    os.Environ,
		Stdout:     &stdout,
		Stderr:     &stderr,
		Ecosystems: []ecosystems.Ecosystem{eco},
		Protect: func(keep []string) error {
			if _, err := os.Stat(filepath.Join(ws, "envdump")); err == nil {
				t.Error("the Action protected itself after the test command ran")
			}
			protected = keep
			return nil
		},
	}
	if code := a.Run(t.Context()); code != ExitOK {
		t.Fatalf("exit %d\nstdout:\n%s\nstderr:\n%s", code, stdout.String(), stderr.String())
	}
	if diff := cmp.Diff(before, os.Environ()); diff != "" {
		t.Errorf("the Action changed its own environment (-before +after):\n%s", diff)
	}

	dump, err := os.ReadFile(filepath.Join(ws, "envdump"))
	if err != nil {
		t.Fatal(err)
	}
	got := map[string]string{}
	for _, kv := range strings.Split(strings.TrimSpace(string(dump)), "\n") {
		k, v, _ := strings.Cut(kv, "=")
		got[k] = v
	}
	for _, k := range []string{"GITHUB_TOKEN", "ACTIONS_RUNTIME_TOKEN", "INPUT_RUN", "INPUT_GITHUB_TOKEN", "GITHUB_OUTPUT"} {
		if _, ok := got[k]; ok {
			t.Errorf("the traced command got %s", k)
		}
	}
	if strings.Contains(string(dump), token) {
		t.Errorf("the token is in the traced command's environment")
	}
	if protected == nil || slices.ContainsFunc(protected, func(kv string) bool { return strings.Contains(kv, token) }) {
		t.Errorf("the Action protected itself keeping %d variables, token included or not called", len(protected))
	}
	if got["ENVAUDIT_ORDINARY"] != "kept" || got["GITHUB_WORKSPACE"] != ws {
		t.Errorf("the traced command lost ordinary variables: ENVAUDIT_ORDINARY=%q GITHUB_WORKSPACE=%q", got["ENVAUDIT_ORDINARY"], got["GITHUB_WORKSPACE"])
	}
	if !strings.HasSuffix(got["FAKE_LOG"], "/"+fakeeco.Log) {
		t.Errorf("the ecosystem's TraceEnv was not applied: FAKE_LOG=%q", got["FAKE_LOG"])
	}
	// The ecosystem's own tools get the same filtered environment.
	for _, kv := range eco.LastEnv().Environ {
		if strings.Contains(kv, token) {
			t.Errorf("Installed was given the token in %s", strings.SplitN(kv, "=", 2)[0])
		}
	}

	r := readReport(t, filepath.Join(temp, "envaudit-report.json"))
	var findings []string
	for _, e := range r.Ecosystems {
		for _, x := range e.Findings {
			findings = append(findings, fmt.Sprintf("%s %s:%s %s", e.Name, x.Kind, x.Reason, x.Package))
		}
	}
	if diff := cmp.Diff([]string{"fake dev:test-runner runner"}, findings); diff != "" {
		t.Errorf("findings (-want +got):\n%s", diff)
	}
}
