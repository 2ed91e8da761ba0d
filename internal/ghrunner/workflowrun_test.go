package ghrunner

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// expandYML parses a one-job workflow and expands its matrix.
func expandYML(t *testing.T, yml string, inputs map[string]any) ([]map[string]any, error) {
	t.Helper()
	wf, err := ParseWorkflow("m.yml", []byte(yml))
	if err != nil {
		t.Fatal(err)
	}
	sc := &scope{contexts: map[string]any{"inputs": inputs, "github": map[string]any{}, "needs": map[string]any{}, "vars": map[string]any{}}}
	return (&workflowRun{}).expand(wf.Jobs[0], sc)
}

func TestExpand(t *testing.T) {
	for _, tt := range []struct {
		name, matrix string
		inputs       map[string]any
		want         []map[string]any
	}{
		{
			// The example of GitHub's documentation of include.
			name: "include",
			matrix: `
        fruit: [apple, pear]
        animal: [cat, dog]
        include:
          - color: green
          - color: pink
            animal: cat
          - fruit: apple
            shape: circle
          - fruit: banana
          - fruit: banana
            animal: cat`,
			want: []map[string]any{
				{"fruit": "apple", "animal": "cat", "color": "pink", "shape": "circle"},
				{"fruit": "apple", "animal": "dog", "color": "green", "shape": "circle"},
				{"fruit": "pear", "animal": "cat", "color": "pink"},
				{"fruit": "pear", "animal": "dog", "color": "green"},
				{"fruit": "banana"},
				{"fruit": "banana", "animal": "cat"},
			},
		},
		{
			// An exclude entry matches on the keys it names.
			name: "exclude",
			matrix: `
        os: [macos, windows]
        version: [12, 14, 16]
        environment: [staging, production]
        exclude:
          - os: macos
            version: 12
            environment: production
          - os: windows
            version: 16`,
			want: []map[string]any{
				{"os": "macos", "version": 12.0, "environment": "staging"},
				{"os": "macos", "version": 14.0, "environment": "staging"},
				{"os": "macos", "version": 14.0, "environment": "production"},
				{"os": "macos", "version": 16.0, "environment": "staging"},
				{"os": "macos", "version": 16.0, "environment": "production"},
				{"os": "windows", "version": 12.0, "environment": "staging"},
				{"os": "windows", "version": 12.0, "environment": "production"},
				{"os": "windows", "version": 14.0, "environment": "staging"},
				{"os": "windows", "version": 14.0, "environment": "production"},
			},
		},
		{
			name:   "row from an expression",
			matrix: "\n        project: ${{ fromJSON(inputs.projects) }}",
			inputs: map[string]any{"projects": `[{"path": "a"}, {"path": "b", "trial": 2}]`},
			want:   []map[string]any{{"project": map[string]any{"path": "a"}}, {"project": map[string]any{"path": "b", "trial": 2.0}}},
		},
		{
			name:   "include only",
			matrix: "\n        include: ${{ fromJSON(inputs.projects) }}",
			inputs: map[string]any{"projects": `[{"path": "a"}, {"path": "b"}]`},
			want:   []map[string]any{{"path": "a"}, {"path": "b"}},
		},
	} {
		t.Run(tt.name, func(t *testing.T) {
			yml := "on: push\njobs:\n  j:\n    runs-on: ubuntu-24.04\n    strategy:\n      matrix:" + tt.matrix + "\n    steps:\n      - run: true\n"
			got, err := expandYML(t, yml, tt.inputs)
			if err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("combinations (-want +got):\n%s", diff)
			}
		})
	}
	whole := "on: push\njobs:\n  j:\n    runs-on: ubuntu-24.04\n    strategy:\n      matrix: ${{ fromJSON(inputs.m) }}\n    steps:\n      - run: true\n"
	got, err := expandYML(t, whole, map[string]any{"m": `{"a": [1, 2], "include": [{"a": 2, "b": "x"}]}`})
	if err != nil {
		t.Fatal(err)
	}
	if want := []map[string]any{{"a": 1.0}, {"a": 2.0, "b": "x"}}; !cmp.Equal(want, got) {
		t.Errorf("whole matrix: %v, want %v", got, want)
	}
	for _, bad := range []struct{ matrix, inputs, want string }{
		{"project: ${{ fromJSON(inputs.p) }}", `[]`, `matrix vector "project" does not contain any values`},
		{"project: ${{ fromJSON(inputs.p) }}", `{"a": 1}`, "not an array"},
		{"include: ${{ fromJSON(inputs.p) }}", `[1]`, "not an object"},
		{"include: ${{ fromJSON(inputs.p) }}", `[]`, "no combination"},
		{"a: ${{ fromJSON(inputs.p) }}\n        b: ${{ fromJSON(inputs.p) }}", "[" + strings.Repeat("1,", 16) + "1]", "more than GitHub's 256"},
	} {
		yml := "on: push\njobs:\n  j:\n    runs-on: ubuntu-24.04\n    strategy:\n      matrix:\n        " + bad.matrix + "\n    steps:\n      - run: true\n"
		if _, err := expandYML(t, yml, map[string]any{"p": bad.inputs}); err == nil || !strings.Contains(err.Error(), bad.want) {
			t.Errorf("matrix %s with %s: err = %v, want %q", bad.matrix, bad.inputs, err, bad.want)
		}
	}
}

// reusableYML is a reusable workflow: a matrix over its projects input,
// each job's output, and a last job that needs them all, with an output
// of the workflow.
const reusableYML = `on:
  workflow_call:
    inputs:
      projects:
        type: string
        required: true
      greeting:
        type: string
        default: hello
      loud:
        type: boolean
        default: false
    secrets:
      token:
        required: false
    outputs:
      summary:
        value: ${{ jobs.sum.outputs.line }}
permissions:
  contents: read
jobs:
  each:
    name: each ${{ matrix.p.name }}
    runs-on: ubuntu-24.04
    strategy:
      fail-fast: false
      matrix:
        p: ${{ fromJSON(inputs.projects) }}
    outputs:
      last: ${{ steps.s.outputs.v }}
    steps:
      - id: s
        env:
          NAME: ${{ matrix.p.name }}
          INDEX: ${{ strategy.job-index }}
          TOTAL: ${{ strategy.job-total }}
          TOKEN: ${{ secrets.token }}
        run: |
          echo "v=$NAME" >> "$GITHUB_OUTPUT"
          echo "$INDEX/$TOTAL $NAME token=$TOKEN" >> "$GITHUB_STEP_SUMMARY"
          test "$NAME" != bad
  sum:
    needs: each
    if: ${{ !cancelled() }}
    runs-on: ubuntu-24.04
    outputs:
      line: ${{ steps.s.outputs.line }}
    steps:
      - id: s
        env:
          RESULT: ${{ needs.each.result }}
          LAST: ${{ needs.each.outputs.last }}
          GREETING: ${{ inputs.greeting }}
          LOUD: ${{ inputs.loud }}
        run: echo "line=$GREETING $RESULT $LAST $LOUD" >> "$GITHUB_OUTPUT"
`

// jobLines shows each job of res as "name: conclusion: summary".
func jobLines(res *WorkflowResult) []string {
	var out []string
	for _, j := range res.Jobs {
		out = append(out, j.Name+": "+j.Conclusion+": "+strings.TrimSpace(j.Summary))
	}
	return out
}

func TestRunWorkflow(t *testing.T) {
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "r.yml"), []byte(reusableYML), 0o644); err != nil {
		t.Fatal(err)
	}
	m := machine(t, nil)
	m.Workflows = map[string]string{"octo/tools/.github/workflows/r.yml": filepath.Join(dir, "r.yml")}
	caller := `name: caller
on: workflow_dispatch
permissions:
  contents: write
  pull-requests: write
jobs:
  first:
    runs-on: ubuntu-24.04
    outputs:
      list: ${{ steps.l.outputs.list }}
    steps:
      - id: l
        run: echo 'list=[{"name":"a"},{"name":"bad"},{"name":"c"}]' >> "$GITHUB_OUTPUT"
  study:
    needs: first
    permissions:
      contents: read
    uses: octo/tools/.github/workflows/r.yml@v1
    with:
      projects: ${{ needs.first.outputs.list }}
      loud: true
    secrets:
      token: ${{ secrets.READ_TOKEN }}
  after:
    needs: study
    runs-on: ubuntu-24.04
    steps:
      - env:
          SUMMARY: ${{ needs.study.outputs.summary }}
        run: echo "$SUMMARY" >> "$GITHUB_STEP_SUMMARY"
  skipped:
    needs: study
    if: success()
    runs-on: ubuntu-24.04
    steps:
      - run: true
  always:
    needs: skipped
    if: always()
    runs-on: ubuntu-24.04
    steps:
      - env:
          RESULT: ${{ needs.skipped.result }}
        run: echo "$RESULT" >> "$GITHUB_STEP_SUMMARY"
`
	wf, err := ParseWorkflow("caller.yml", []byte(caller))
	if err != nil {
		t.Fatal(err)
	}
	run := &Run{Workflow: wf, WorkflowFile: ".github/workflows/caller.yml", Event: "workflow_dispatch", Payload: map[string]any{}, Repository: "octo/app",
		RunID: 42, RunNumber: 3, RunAttempt: 1, SHA: strings.Repeat("a", 40), Ref: "refs/heads/main", Actor: "octocat",
		Secrets: map[string]string{"READ_TOKEN": "s3cret"}}
	res, err := m.RunWorkflow(context.Background(), run)
	if err != nil {
		t.Fatal(err)
	}
	got := jobLines(res)
	want := []string{
		"first: success: ",
		"study / each a: success: 0/3 a token=***",
		"study / each bad: failure: 1/3 bad token=***",
		"study / each c: success: 2/3 c token=***",
		"study / sum: success: ",
		"after: failure: ",
		"skipped: skipped: ",
		"always: success: skipped",
	}
	// after needs study, which failed: it is skipped, as success()
	// does not hold.
	want[5] = "after: skipped: "
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("jobs (-want +got):\n%s", diff)
	}
	if res.Conclusion != "failure" {
		t.Errorf("conclusion %s, want failure", res.Conclusion)
	}
	sum := res.Job("study / sum")[0]
	if sum.Outputs["line"] != "hello failure c true" {
		t.Errorf("sum's output line = %q, want the default greeting, each's result and last output, and the boolean input", sum.Outputs["line"])
	}
	// The called jobs' token: their own permissions, within the
	// caller's.
	if want := (Permissions{"contents": "read", "metadata": "read"}); !cmp.Equal(want, sum.Permissions) {
		t.Errorf("called job's permissions %v, want %v", sum.Permissions, want)
	}
	if got := res.Job("first")[0].Permissions; got["contents"] != "write" {
		t.Errorf("first's permissions %v, want the workflow's", got)
	}
}

func TestRunWorkflowFailFast(t *testing.T) {
	m := machine(t, nil)
	yml := `on: push
jobs:
  build:
    runs-on: ubuntu-24.04
    strategy:
      matrix:
        n: [1, 2, 3]
    steps:
      - env:
          N: ${{ matrix.n }}
        run: test "$N" != 2
  report:
    needs: build
    if: failure()
    runs-on: ubuntu-24.04
    steps:
      - env:
          R: ${{ needs.build.result }}
        run: echo "$R" >> "$GITHUB_STEP_SUMMARY"
`
	wf, err := ParseWorkflow("f.yml", []byte(yml))
	if err != nil {
		t.Fatal(err)
	}
	res, err := m.RunWorkflow(context.Background(), &Run{Workflow: wf, Event: "push", Payload: map[string]any{}, Repository: "octo/app", RunID: 1, RunAttempt: 1, Ref: "refs/heads/main"})
	if err != nil {
		t.Fatal(err)
	}
	got := jobLines(res)
	want := []string{"build (1): success: ", "build (2): failure: ", "build (3): cancelled: ", "report: success: failure"}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("jobs (-want +got):\n%s", diff)
	}
}

func TestRunWorkflowErrors(t *testing.T) {
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "r.yml"), []byte(reusableYML), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "push.yml"), []byte("on: push\njobs:\n  j:\n    runs-on: x\n    steps:\n      - run: true\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct{ jobs, want string }{
		{"  a:\n    needs: b\n    runs-on: x\n    steps:\n      - run: true\n", `needs "b", which the workflow does not have`},
		{"  a:\n    uses: o/r/.github/workflows/none.yml@v1\n", "no workflow"},
		{"  a:\n    uses: o/r/.github/workflows/push.yml@v1\n", "not a reusable workflow"},
		{"  a:\n    uses: o/r/.github/workflows/r.yml@v1\n", "input required and not supplied: projects"},
		{"  a:\n    uses: o/r/.github/workflows/r.yml@v1\n    with:\n      projects: '[]'\n      nope: 1\n", "nope is not defined"},
		{"  a:\n    uses: o/r/.github/workflows/r.yml@v1\n    with:\n      projects: '[{}]'\n      loud: maybe\n", "is not a boolean"},
		{"  a:\n    uses: o/r/.github/workflows/r.yml@v1\n    with:\n      projects: '[{}]'\n    secrets:\n      other: x\n", `takes no secret "other"`},
	} {
		m := machine(t, nil)
		m.Workflows = map[string]string{"o/r/.github/workflows/r.yml": filepath.Join(dir, "r.yml"), "o/r/.github/workflows/push.yml": filepath.Join(dir, "push.yml")}
		wf, err := ParseWorkflow("e.yml", []byte("on: push\njobs:\n"+tt.jobs))
		if err != nil {
			t.Fatal(err)
		}
		_, err = m.RunWorkflow(context.Background(), &Run{Workflow: wf, Event: "push", Payload: map[string]any{}, Repository: "octo/app", RunID: 1, RunAttempt: 1, Ref: "refs/heads/main"})
		if err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("jobs\n%s: err = %v, want %q", tt.jobs, err, tt.want)
		}
	}
}
