package ghrunner

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"
)

const testToken = "ghs_0123456789abcdef"

// machine is a runner machine for tests: its PATH the system's
// directories, the actions given, the token testToken.
func machine(t *testing.T, actions map[string]Impl) *Machine {
	t.Helper()
	var granted []Permissions
	t.Cleanup(func() { _ = granted })
	return &Machine{
		Scratch:   t.TempDir(),
		Env:       map[string]string{"PATH": "/usr/local/bin:/usr/bin:/bin", "LANG": "C.UTF-8"},
		Actions:   actions,
		ServerURL: "http://github.invalid", APIURL: "http://github.invalid/api/v3",
		Token: func(p Permissions) string { granted = append(granted, p); return testToken },
	}
}

// composite writes an action.yml into a new directory and returns it.
func composite(t *testing.T, yml string) Composite {
	t.Helper()
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "action.yml"), []byte(yml), 0o644); err != nil {
		t.Fatal(err)
	}
	return Composite{Dir: dir}
}

func runJob(t *testing.T, m *Machine, yml, event string, payload map[string]any) *JobResult {
	t.Helper()
	wf, err := ParseWorkflow("test.yml", []byte(yml))
	if err != nil {
		t.Fatal(err)
	}
	run := &Run{Workflow: wf, WorkflowFile: ".github/workflows/test.yml", Event: event, Payload: payload, Repository: "octo/app",
		RunID: 42, RunNumber: 3, RunAttempt: 1, SHA: strings.Repeat("a", 40), Ref: "refs/pull/7/merge", HeadRef: "feature", BaseRef: "main", Actor: "octocat"}
	res, err := m.RunJob(context.Background(), run, wf.Jobs[0].ID)
	if err != nil {
		t.Fatal(err)
	}
	return res
}

// outcomes lists each step's name and conclusion, composite steps
// indented.
func outcomes(steps []*StepResult, indent string) []string {
	var out []string
	for _, s := range steps {
		out = append(out, indent+s.Name+": "+s.Conclusion)
		out = append(out, outcomes(s.Steps, indent+"  ")...)
	}
	return out
}

// The composite under test mimics action.yml's shape: inputs mapped
// through env:, an id'd step whose outputs feed the next steps and the
// action's outputs, and if: always() steps after a failing one.
const compositeYML = `name: probe
inputs:
  run:
    default: ""
  fail:
    default: "false"
  github-token:
    default: ${{ github.token }}
outputs:
  answer:
    value: ${{ steps.main.outputs.answer }}
  multi:
    value: ${{ steps.main.outputs.multi }}
runs:
  using: composite
  steps:
    - id: main
      name: main
      shell: bash
      env:
        INPUT_RUN: ${{ inputs.run }}
        INPUT_FAIL: ${{ inputs.fail }}
        TOKEN: ${{ inputs.github-token }}
        REF_IN_ENV: ${{ github.action_ref }}
      run: |
        echo "ref in run: [${{ github.action_ref }}] ref in env: [$REF_IN_ENV] GITHUB_ACTION_REF=[$GITHUB_ACTION_REF]"
        echo "path=$GITHUB_ACTION_PATH"
        echo "token=$TOKEN"
        echo "answer=42 for $INPUT_RUN" >> "$GITHUB_OUTPUT"
        printf 'multi<<EOF\nline 1\nline 2\nEOF\n' >> "$GITHUB_OUTPUT"
        echo "### summary of main" >> "$GITHUB_STEP_SUMMARY"
        echo "::error file=$GITHUB_WORKSPACE/package.json,line=7,endLine=8,title=hidden ms::ms is loaded%0Abut not declared"
        test "$INPUT_FAIL" != true
    - if: always() && steps.main.outputs.answer != ''
      shell: bash
      run: echo "after main, outcome ${{ steps.main.outcome }}"
    - shell: bash
      run: echo "never after a failure"
    - if: failure()
      shell: bash
      run: echo "::warning::cleaning up"
`

func TestComposite(t *testing.T) {
	for _, tt := range []struct {
		name       string
		fail       string
		conclusion string
		steps      []string
		outputs    map[string]string
		anns       []Annotation
	}{
		{
			name: "success", fail: "false", conclusion: "success",
			steps: []string{"probe@v1: success", "  main: success", "  Run echo \"after main, outcome ${{ steps.main.outcome }}\": success",
				"  Run echo \"never after a failure\": success", "  Run echo \"::warning::cleaning up\": skipped", "Run echo \"out=${{ steps.p.outputs.answer }}\": success"},
			outputs: map[string]string{"answer": "42 for npm test", "multi": "line 1\nline 2"},
			anns:    []Annotation{{Level: "error", File: "package.json", Line: 7, EndLine: 8, Title: "hidden ms", Message: "ms is loaded\nbut not declared", Step: "main", Shown: true}},
		},
		{
			name: "failure", fail: "true", conclusion: "failure",
			steps: []string{"probe@v1: failure", "  main: failure", "  Run echo \"after main, outcome ${{ steps.main.outcome }}\": success",
				"  Run echo \"never after a failure\": skipped", "  Run echo \"::warning::cleaning up\": success", "Run echo \"out=${{ steps.p.outputs.answer }}\": skipped"},
			outputs: map[string]string{"answer": "42 for npm test", "multi": "line 1\nline 2"},
			anns: []Annotation{
				{Level: "error", File: "package.json", Line: 7, EndLine: 8, Title: "hidden ms", Message: "ms is loaded\nbut not declared", Step: "main", Shown: true},
				{Level: "error", Message: "Process completed with exit code 1.", Step: "main", Shown: true},
				{Level: "warning", Message: "cleaning up", Step: `Run echo "::warning::cleaning up"`, Shown: true},
			},
		},
	} {
		t.Run(tt.name, func(t *testing.T) {
			c := composite(t, compositeYML)
			m := machine(t, map[string]Impl{"acme/probe": c})
			res := runJob(t, m, `name: t
on: pull_request
jobs:
  j:
    runs-on: ubuntu-24.04
    steps:
      - id: p
        name: probe@v1
        uses: acme/probe@v1
        with:
          run: npm test
          fail: `+tt.fail+`
      - run: echo "out=${{ steps.p.outputs.answer }}"
`, "pull_request", map[string]any{"action": "synchronize"})
			if res.Conclusion != tt.conclusion {
				t.Errorf("conclusion %s, want %s\n%s", res.Conclusion, tt.conclusion, res.Log)
			}
			if diff := cmp.Diff(tt.steps, outcomes(res.Steps, "")); diff != "" {
				t.Errorf("steps (-want +got):\n%s", diff)
			}
			if diff := cmp.Diff(tt.outputs, res.Find("p").Outputs); diff != "" {
				t.Errorf("the composite's outputs (-want +got):\n%s", diff)
			}
			if diff := cmp.Diff(tt.anns, res.Annotations); diff != "" {
				t.Errorf("annotations (-want +got):\n%s", diff)
			}
			for _, want := range []string{
				// actions/runner#2473: empty in a composite's run:, set in env:.
				"ref in run: [] ref in env: [v1] GITHUB_ACTION_REF=[]",
				"path=" + c.Dir,
				"token=***",
			} {
				if !strings.Contains(res.Log, want) {
					t.Errorf("the log lacks %q:\n%s", want, res.Log)
				}
			}
			if strings.Contains(res.Log, testToken) {
				t.Errorf("the log shows the token:\n%s", res.Log)
			}
			if want := "### summary of main\n"; res.Summary != want {
				t.Errorf("summary %q, want %q", res.Summary, want)
			}
		})
	}
}

// TestShells checks the runner's shells: bash with -eo pipefail when
// named, bash -e without pipefail when not, sh -e for sh.
func TestShells(t *testing.T) {
	for _, tt := range []struct {
		name, shell string
		want        string
	}{
		{"bashNamed", "shell: bash", "failure"},
		{"unspecified", "", "success"},
		{"sh", "shell: sh", "success"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			res := runJob(t, machine(t, nil), `on: push
jobs:
  j:
    runs-on: ubuntu-24.04
    steps:
      - `+tt.shell+`
        run: |
          false | true
          echo reached
`, "push", map[string]any{})
			if res.Conclusion != tt.want {
				t.Errorf("conclusion %s, want %s\n%s", res.Conclusion, tt.want, res.Log)
			}
		})
	}
}

// TestFileCommands checks GITHUB_ENV and GITHUB_PATH reach later steps
// (and not the step that wrote them), that each step gets files of its
// own under RUNNER_TEMP/_runner_file_commands, and the runner's
// variables.
func TestFileCommands(t *testing.T) {
	m := machine(t, nil)
	res := runJob(t, m, `on: pull_request
env:
  FROM_WORKFLOW: w
jobs:
  j:
    runs-on: ubuntu-24.04
    defaults:
      run:
        shell: bash
    steps:
      - run: |
          echo "SET_BY_ONE=1" >> "$GITHUB_ENV"
          echo "/opt/added" >> "$GITHUB_PATH"
          echo "one sees [${SET_BY_ONE:-}] $PATH"
          echo "files $(dirname "$GITHUB_OUTPUT") $(basename "$GITHUB_OUTPUT" | cut -c1-11)"
      - run: |
          echo "two sees [$SET_BY_ONE] $PATH $FROM_WORKFLOW"
          echo "vars $GITHUB_EVENT_NAME $GITHUB_REPOSITORY $GITHUB_RUN_ID $GITHUB_REF $GITHUB_HEAD_REF $CI $RUNNER_OS"
          test -f "$GITHUB_EVENT_PATH"
          echo "NODE_OPTIONS=--require=/tmp/x.js" >> "$GITHUB_ENV"
`, "pull_request", map[string]any{"action": "opened"})
	for _, want := range []string{
		"one sees [] /usr/local/bin:/usr/bin:/bin",
		"files " + filepath.Join(res.Temp, "_runner_file_commands") + " set_output_",
		"two sees [1] /opt/added:/usr/local/bin:/usr/bin:/bin w",
		"vars pull_request octo/app 42 refs/pull/7/merge feature true Linux",
	} {
		if !strings.Contains(res.Log, want) {
			t.Errorf("the log lacks %q:\n%s", want, res.Log)
		}
	}
	want := []Annotation{{Level: "error", Message: "Can't store NODE_OPTIONS output parameter using '$GITHUB_ENV' command.", Step: `Run echo "two sees [$SET_BY_ONE] $PATH $FROM_WORKFLOW"`, Shown: true}}
	if diff := cmp.Diff(want, res.Annotations); diff != "" {
		t.Errorf("annotations (-want +got):\n%s", diff)
	}
	if res.Conclusion != "failure" {
		t.Errorf("conclusion %s, want failure (NODE_OPTIONS refused)", res.Conclusion)
	}
}

// TestWorkflowCommands checks masks, stopped commands and GitHub's
// limit of 10 annotations of a level per step.
func TestWorkflowCommands(t *testing.T) {
	res := runJob(t, machine(t, nil), `on: push
jobs:
  j:
    runs-on: ubuntu-24.04
    steps:
      - name: noisy
        shell: bash
        run: |
          v=s3; v=${v}cr3t
          echo "::add-mask::$v"
          echo "the value is $v"
          echo "::stop-commands::pause-token"
          echo "::error::forged while stopped"
          echo "::pause-token::"
          for i in $(seq 1 12); do echo "::warning file=a.js,line=$i::w$i"; done
          echo "::notice title=$v::masked title"
`, "push", map[string]any{})
	if !strings.Contains(res.Log, "the value is ***") || strings.Contains(res.Log, "the value is s3cr3t") {
		t.Errorf("the mask is not applied:\n%s", res.Log)
	}
	if !strings.Contains(res.Log, "::error::forged while stopped") {
		t.Errorf("a stopped command is not logged as text:\n%s", res.Log)
	}
	var levels []string
	shown := 0
	for _, a := range res.Annotations {
		levels = append(levels, a.Level)
		if a.Shown {
			shown++
		}
	}
	if want := append(append([]string{}, strings.Split(strings.Repeat("warning ", 12), " ")[:12]...), "notice"); !cmp.Equal(want, levels) {
		t.Errorf("annotation levels %v, want %v", levels, want)
	}
	if shown != 11 {
		t.Errorf("%d annotations shown, want 11 (10 warnings and the notice)", shown)
	}
	if last := res.Annotations[len(res.Annotations)-1]; last.Title != "***" {
		t.Errorf("notice title %q, want it masked", last.Title)
	}
}

// TestNative checks a Go-implemented action: its inputs (defaults and
// expressions), outputs, state for its post step, PATH and variables
// it exports, and the post step's if.
func TestNative(t *testing.T) {
	var postRan []string
	impl := Native{
		Inputs: map[string]string{"token": "${{ github.token }}", "node-version": ""},
		Main: func(s *StepAPI) error {
			if s.Input("token") != testToken || s.Env["INPUT_NODE-VERSION"] != "20" {
				s.Logf("::error::inputs %q", s.Inputs)
			}
			s.SetOutput("version", "v"+s.Input("node-version"))
			s.SaveState("key", "k1")
			s.AddPath("/opt/tool/bin")
			s.ExportVariable("TOOL_HOME", "/opt/tool")
			return nil
		},
		Post:   func(s *StepAPI) error { postRan = append(postRan, s.State("key")); return nil },
		PostIf: "success()",
	}
	for _, tt := range []struct {
		name, last string
		post       []string
		concl      string
	}{
		{"success", "true", []string{"k1"}, "success"},
		{"failure", "false", nil, "failure"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			postRan = nil
			res := runJob(t, machine(t, map[string]Impl{"actions/setup-tool": impl}), `on: push
jobs:
  j:
    runs-on: ubuntu-24.04
    steps:
      - id: tool
        uses: actions/setup-tool@v1
        with:
          node-version: 20
      - run: |
          echo "$PATH $TOOL_HOME ${{ steps.tool.outputs.version }}"
          `+tt.last+`
`, "push", map[string]any{})
			if !strings.Contains(res.Log, "/opt/tool/bin:/usr/local/bin:/usr/bin:/bin /opt/tool v20") {
				t.Errorf("the next step does not see the action's effects:\n%s", res.Log)
			}
			if diff := cmp.Diff(tt.post, postRan, cmpopts.EquateEmpty()); diff != "" {
				t.Errorf("post steps (-want +got):\n%s", diff)
			}
			if res.Conclusion != tt.concl {
				t.Errorf("conclusion %s, want %s", res.Conclusion, tt.concl)
			}
		})
	}
}

func TestJobIf(t *testing.T) {
	wf := `on:
  workflow_run:
    workflows: [envaudit]
    types: [completed]
permissions:
  pull-requests: write
jobs:
  publish:
    if: github.event.workflow_run.event == 'pull_request'
    runs-on: ubuntu-24.04
    steps:
      - run: echo ran
`
	for _, tt := range []struct {
		event string
		want  string
	}{
		{"pull_request", "success"},
		{"push", "skipped"},
	} {
		t.Run(tt.event, func(t *testing.T) {
			res := runJob(t, machine(t, nil), wf, "workflow_run", map[string]any{"action": "completed", "workflow_run": map[string]any{"name": "envaudit", "event": tt.event}})
			if res.Conclusion != tt.want {
				t.Errorf("conclusion %s, want %s", res.Conclusion, tt.want)
			}
			// A skipped job is given no token.
			want := Permissions{"pull-requests": "write", "metadata": "read"}
			if tt.want == "skipped" {
				want = nil
			}
			if !cmp.Equal(want, res.Permissions) {
				t.Errorf("permissions %v, want %v", res.Permissions, want)
			}
		})
	}
}

func TestTriggered(t *testing.T) {
	w, err := ParseWorkflow("p.yml", []byte(`name: envaudit publish
on:
  workflow_run:
    workflows: [envaudit]
    types: [completed]
  pull_request:
jobs:
  j:
    runs-on: ubuntu-24.04
    steps:
      - run: "true"
`))
	if err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct {
		name, event string
		payload     map[string]any
		want        bool
	}{
		{"completed", "workflow_run", map[string]any{"action": "completed", "workflow_run": map[string]any{"name": "envaudit"}}, true},
		{"requested", "workflow_run", map[string]any{"action": "requested", "workflow_run": map[string]any{"name": "envaudit"}}, false},
		{"otherWorkflow", "workflow_run", map[string]any{"action": "completed", "workflow_run": map[string]any{"name": "ci"}}, false},
		{"prSynchronize", "pull_request", map[string]any{"action": "synchronize"}, true},
		{"prLabeled", "pull_request", map[string]any{"action": "labeled"}, false},
		{"push", "push", map[string]any{}, false},
	} {
		t.Run(tt.name, func(t *testing.T) {
			if got := w.Triggered(tt.event, tt.payload); got != tt.want {
				t.Errorf("Triggered = %v, want %v", got, tt.want)
			}
		})
	}
}

func TestParseErrors(t *testing.T) {
	if _, err := ParseWorkflow("bad.yml", []byte("on: push\njobs:\n  j:\n    steps: 3\n")); err == nil || !strings.HasPrefix(err.Error(), "bad.yml:") {
		t.Errorf("ParseWorkflow error %v, want one positioned in bad.yml", err)
	}
	for _, tt := range []struct{ name, yml, want string }{
		{"noShell", "runs:\n  using: composite\n  steps:\n    - run: echo\n", "action.yml:4: required property is missing: shell"},
		{"noUsing", "runs:\n  steps: []\n", "runs.using is missing"},
		{"both", "runs:\n  using: composite\n  steps:\n    - run: x\n      uses: a/b@v1\n      shell: bash\n", "either uses or run"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			if _, err := ParseAction("action.yml", []byte(tt.yml)); err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Errorf("ParseAction error %v, want %q", err, tt.want)
			}
		})
	}
}
