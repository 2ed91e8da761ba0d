package main

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"go.yaml.in/yaml/v3"

	"github.com/envaudit/envaudit/internal/testenv"
)

// block is what the tests compare of a Target.
type block struct {
	Line int
	Kind Kind
	Why  string
	Text string
}

func TestBlocks(t *testing.T) {
	for _, tt := range []struct {
		name string
		md   string
		want []block
		err  string
	}{
		{
			name: "workflow",
			md:   "# x\n\n```yaml\non: push\njobs:\n  a:\n    runs-on: ubuntu-24.04\n    steps:\n      - run: true\n```\n",
			want: []block{{Line: 4, Kind: Workflow, Text: "on: push\njobs:\n  a:\n    runs-on: ubuntu-24.04\n    steps:\n      - run: true\n"}},
		},
		{
			name: "theActionAtThisCheckout",
			md:   "```yml\n- uses: envaudit/envaudit@v1 # the Action\n  with:\n    run: npm test\n- uses: actions/checkout@v4\n```\n",
			want: []block{{Line: 2, Kind: Steps, Text: "on: workflow_dispatch\njobs:\n  doc:\n    runs-on: ubuntu-24.04\n    steps:\n" +
				"      - uses: ./ # the Action\n        with:\n          run: npm test\n      - uses: actions/checkout@v4\n"}},
		},
		{
			name: "indentedSteps",
			md:   "text\n\n```yaml\n      - uses: envaudit/envaudit@v1\n        with:\n          sarif: x\n\n      - if: always()\n        run: echo\n```\n",
			want: []block{{Line: 4, Kind: Steps, Text: "on: workflow_dispatch\njobs:\n  doc:\n    runs-on: ubuntu-24.04\n    steps:\n" +
				"      - uses: ./\n        with:\n          sarif: x\n\n      - if: always()\n        run: echo\n"}},
		},
		{
			name: "inAListItem",
			md:   "1. Add:\n\n   ```yaml\n   runs-on: ubuntu-24.04\n   steps:\n     - run: make\n   ```\n",
			want: []block{{Line: 4, Kind: Job, Text: "on: workflow_dispatch\njobs:\n  doc:\n    runs-on: ubuntu-24.04\n    steps:\n      - run: make\n"}},
		},
		{
			name: "configSkipped",
			md:   "```yaml\nignore:\n  - package: x\n    reason: y\n```\n\n```yaml\n- a\n- b\n```\n\n```yaml\n```\n",
			want: []block{{Line: 2, Kind: Skipped, Why: "keys ignore"}, {Line: 8, Kind: Skipped, Why: "a list of no steps"}},
		},
		{
			name: "otherLanguages",
			md:   "```json\n{\"on\": 1}\n```\n\n```\non: push\n```\n\n    on: push\n",
		},
		{
			name: "onWithoutJobs",
			md:   "a\n\n```yaml\non:\n  pull_request:\n```\n",
			err:  "doc.md:4: a workflow needs on: and jobs:, this block has only \"on:\"",
		},
		{
			name: "oneStepNotInAList",
			md:   "```yaml\nuses: envaudit/envaudit@v1\nwith:\n  run: x\n```\n",
			err:  "doc.md:2: a block with uses:, with: is part of a workflow, but none of a workflow (on:, jobs:), a job (runs-on:, steps:) or a list of steps",
		},
		{
			name: "mixedList",
			md:   "```yaml\n- run: a\n- b\n```\n",
			err:  "doc.md:2: a list with 1 steps (uses: or run:) and 1 other items",
		},
		{
			name: "jobWithoutSteps",
			md:   "```yaml\nruns-on: x\n```\n",
			err:  "doc.md:2: a job without steps:",
		},
		{
			name: "notYAML",
			md:   "\n```yaml\non: push\njobs:\n  a: [\n```\n",
			err:  "doc.md:5: a yaml block that is not YAML: yaml: line 3:",
		},
		{
			name: "everyErrorReported",
			md:   "```yaml\non: push\n```\n\n```yaml\nruns-on: x\n```\n",
			err:  "doc.md:2: a workflow needs on: and jobs:, this block has only \"on:\"\ndoc.md:6: a job without steps:",
		},
	} {
		t.Run(tt.name, func(t *testing.T) {
			targets, err := Blocks("doc.md", []byte(tt.md))
			if tt.err != "" {
				if err == nil || !strings.HasPrefix(err.Error(), tt.err) {
					t.Fatalf("error %v, want %q", err, tt.err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			var got []block
			for _, tg := range targets {
				if tg.File != "doc.md" {
					t.Errorf("target of file %q", tg.File)
				}
				got = append(got, block{Line: tg.Line, Kind: tg.Kind, Why: tg.Why, Text: string(tg.Text)})
			}
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("blocks (-want +got):\n%s", diff)
			}
		})
	}
}

// TestPlace: a position in the linted text is the Markdown file's line
// and column, for a whole workflow and for a list of steps wrapped in
// one, in a list item; the message's own positions too.
func TestPlace(t *testing.T) {
	md := "1. The step:\n\n   ```yaml\n         - uses: envaudit/envaudit@v1\n           with:\n             run: x\n   ```\n"
	targets, err := Blocks("doc.md", []byte(md))
	if err != nil || len(targets) != 1 {
		t.Fatalf("%v, %d targets", err, len(targets))
	}
	tg := targets[0]
	// "run" is at line 6, column 14 of the Markdown file; in the text,
	// line 8 (five lines of wrapping), column 11.
	if got, want := tg.place(8, 11, `"run" previously defined at line:7,col:9`, "r"), (Finding{File: "doc.md", Line: 6, Column: 14, Message: `"run" previously defined at line:5,col:12`, Rule: "r"}); got != want {
		t.Errorf("place = %+v, want %+v", got, want)
	}
	if got := tg.place(3, 3, "job", "r"); got.Line != 4 || got.Message != "in the workflow this block is linted in: job" {
		t.Errorf("a wrapping line placed at %+v", got)
	}
}

// writeRepo makes a repository root with an action.yml, a workflow and
// a README.
func writeRepo(t *testing.T, readme string) string {
	t.Helper()
	root := t.TempDir()
	files := map[string]string{
		"action.yml":               "name: x\ndescription: x\ninputs:\n  run:\n    description: x\n    required: true\nruns:\n  using: composite\n  steps:\n    - run: echo\n      shell: bash\n",
		".github/workflows/ci.yml": "on: push\npermissions: {}\njobs:\n  a:\n    runs-on: ubuntu-24.04\n    steps:\n      - run: echo \"$HOME\"\n",
		"README.md":                readme,
	}
	for name, content := range files {
		p := filepath.Join(root, name)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return root
}

// TestRun lints a repository whose README's example misuses the Action
// and quotes a variable badly: actionlint's findings (shellcheck's among
// them) at the README's own lines, exit status 1; and the fixed example
// clean.
func TestRun(t *testing.T) {
	testenv.RealInstall(t)
	if _, err := exec.LookPath("shellcheck"); err != nil {
		t.Fatal(testenv.Message(`program "shellcheck"`))
	}
	bad := "# x\n\n```yaml\non: push\njobs:\n  a:\n    runs-on: ubuntu-24.04\n    steps:\n      - run: echo $1\n      - uses: envaudit/envaudit@v1\n        with:\n          fail_on: none\n```\n"
	var stdout, stderr bytes.Buffer
	code := run([]string{"-C", writeRepo(t, bad)}, &stdout, &stderr)
	want := []string{
		`README.md:9:9: shellcheck reported issue in this script: SC2086:info:1:6: Double quote to prevent globbing and word splitting [shellcheck]`,
		`README.md:10:15: missing input "run" which is required by action "x" defined at "./". all required inputs are "run" [action]`,
		`README.md:12:11: input "fail_on" is not defined in action "x" defined at "./". available inputs are "run" [action]`,
	}
	if diff := cmp.Diff(want, strings.Split(strings.TrimSpace(stdout.String()), "\n")); diff != "" || code != 1 {
		t.Errorf("exit %d, findings (-want +got):\n%s\nstderr: %s", code, diff, stderr.String())
	}

	good := strings.NewReplacer("echo $1", `echo "$1"`, "fail_on: none", "run: make test").Replace(bad)
	stdout.Reset()
	stderr.Reset()
	if code := run([]string{"-C", writeRepo(t, good)}, &stdout, &stderr); code != 0 || stdout.Len() > 0 {
		t.Errorf("exit %d:\n%s%s", code, stdout.String(), stderr.String())
	}
	if want := "workflowlint: linted workflow files 1, doc workflows 1, doc jobs 0, doc step lists 0; skipped YAML blocks that are none of these: 0\n"; stderr.String() != want {
		t.Errorf("stderr %q, want %q", stderr.String(), want)
	}
}

// TestRepository: this repository's workflows and the examples of its
// docs are clean, as `make check` requires; the README's quick start is
// among what is linted.
func TestRepository(t *testing.T) {
	testenv.RealInstall(t)
	if _, err := exec.LookPath("shellcheck"); err != nil {
		t.Fatal(testenv.Message(`program "shellcheck"`))
	}
	var stdout, stderr bytes.Buffer
	if code := run([]string{"-C", "../.."}, &stdout, &stderr); code != 0 {
		t.Errorf("exit %d:\n%s%s", code, stdout.String(), stderr.String())
	}
	targets, _, err := collect("../..")
	if err != nil {
		t.Fatal(err)
	}
	readme := 0
	for _, tg := range targets {
		if tg.File == "README.md" && tg.Kind == Workflow {
			readme++
		}
	}
	if readme < 2 {
		t.Errorf("%d of the README's workflows linted, want its audit and publish workflows", readme)
	}
}

func TestUsage(t *testing.T) {
	for _, args := range [][]string{{"extra"}, {"-nope"}, {"-shellcheck", "/no/such/shellcheck"}, {"-C", "/no/such/dir", "-shellcheck", "sh"}} {
		var stdout, stderr bytes.Buffer
		if code := run(args, &stdout, &stderr); code != 2 || !strings.Contains(stderr.String(), "workflowlint") && !strings.Contains(stderr.String(), "flag") {
			t.Errorf("%q: exit %d, stderr %q", args, code, stderr.String())
		}
	}
}

// FuzzBlocks: on any Markdown, Blocks does not panic, and every target it
// makes is YAML whose lines all map to the file.
func FuzzBlocks(f *testing.F) {
	for _, s := range []string{
		"```yaml\non: push\njobs: {}\n```\n",
		"- x\n\n  ```yaml\n  - uses: envaudit/envaudit@v1\n  ```\n",
		"```yaml\n\truns-on: x\n\tsteps: []\n```\n",
		"> ```yaml\n> - run: x\n> ```\n",
		"```yaml\r\non: push\r\njobs: {}\r\n```\r\n",
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, md []byte) {
		targets, _ := Blocks("f.md", md)
		lines := bytes.Count(md, []byte("\n")) + 1
		for _, tg := range targets {
			if tg.Kind == Skipped {
				continue
			}
			var n yaml.Node
			if err := yaml.Unmarshal(tg.Text, &n); err != nil {
				t.Errorf("target at line %d is not YAML: %v\n%s", tg.Line, err, tg.Text)
			}
			if got := bytes.Count(tg.Text, []byte("\n")); got != len(tg.lines) {
				t.Errorf("%d lines, %d origins", got, len(tg.lines))
			}
			for _, o := range tg.lines {
				if o.line < 0 || o.line > lines {
					t.Errorf("origin line %d outside the file's %d", o.line, lines)
				}
			}
		}
	})
}
