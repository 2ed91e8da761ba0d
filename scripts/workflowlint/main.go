// Command workflowlint owns the lint of every GitHub Actions workflow the
// repository has or shows: it runs actionlint (github.com/rhysd/actionlint,
// with shellcheck over every run: script) over .github/workflows/*.yml and
// over the fenced YAML blocks of README.md, CONTRIBUTING.md and docs/*.md
// that are workflows, a job, or a list of steps — the examples a user
// copies. `make check` runs it:
//
//	go run ./scripts/workflowlint [-C DIR] [-shellcheck PROGRAM]
//
// A block that is a job or a list of steps is linted inside a minimal
// workflow, and every uses: of envaudit/envaudit@REF becomes uses: ./, so
// that actionlint checks the example's with: against this checkout's
// action.yml (an unknown input, a missing required one). Errors are
// reported at the Markdown file's own line and column:
//
//	README.md:87:11: input "fail_on" is not defined in action "envaudit" ... [action]
//
// Nothing is skipped silently: a YAML block that is not a workflow, a job
// or a list of steps is listed as skipped with its top-level keys, and one
// that has a workflow's keys without being one of the three (on: without
// jobs:, a single step not in a list) is an error, as is a block that is
// not YAML. Exit status: 0 clean, 1 errors found, 2 a file or shellcheck
// missing.
package main

import (
	"bytes"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"github.com/rhysd/actionlint"
	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/text"
	"go.yaml.in/yaml/v3"
)

func main() {
	os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
}

// docs are the Markdown files whose examples are linted, as globs from the
// repository's root.
var docs = []string{"README.md", "CONTRIBUTING.md", "docs/*.md"}

func run(args []string, stdout, stderr io.Writer) int {
	flags := flag.NewFlagSet("workflowlint", flag.ContinueOnError)
	flags.SetOutput(stderr)
	root := flags.String("C", ".", "the repository's root `directory`")
	shellcheck := flags.String("shellcheck", "shellcheck", "the shellcheck `program` actionlint runs over run: scripts")
	if err := flags.Parse(args); err != nil {
		return 2
	}
	if flags.NArg() > 0 {
		fmt.Fprintf(stderr, "workflowlint: unexpected argument %q\n", flags.Arg(0))
		return 2
	}
	sc, err := exec.LookPath(*shellcheck)
	if err != nil {
		fmt.Fprintf(stderr, "workflowlint: -shellcheck: %v: run `make setup` (scripts/setup.d/workflowlint.apt installs shellcheck)\n", err)
		return 2
	}
	targets, skipped, err := collect(*root)
	if err != nil {
		fmt.Fprintf(stderr, "workflowlint: %v\n", err)
		return 2
	}
	found, err := lint(*root, sc, targets)
	if err != nil {
		fmt.Fprintf(stderr, "workflowlint: %v\n", err)
		return 2
	}
	for _, e := range found {
		fmt.Fprintln(stdout, e)
	}
	var kinds []string
	for _, k := range []Kind{File, Workflow, Job, Steps} {
		n := 0
		for _, t := range targets {
			if t.Kind == k {
				n++
			}
		}
		kinds = append(kinds, fmt.Sprintf("%s %d", k, n))
	}
	fmt.Fprintf(stderr, "workflowlint: linted %s; skipped YAML blocks that are none of these: %d", strings.Join(kinds, ", "), len(skipped))
	for i, s := range skipped {
		sep := ", "
		if i == 0 {
			sep = " ("
		}
		fmt.Fprintf(stderr, "%s%s:%d, %s", sep, s.File, s.Line, s.Why)
	}
	if len(skipped) > 0 {
		fmt.Fprint(stderr, ")")
	}
	fmt.Fprintln(stderr)
	if len(found) > 0 {
		return 1
	}
	return 0
}

// Kind is what a lint target is.
type Kind int

const (
	// File is a workflow file of .github/workflows.
	File Kind = iota
	// Workflow is a whole workflow shown in the docs.
	Workflow
	// Job is one job shown in the docs, linted in a workflow of its own.
	Job
	// Steps is a list of steps shown in the docs, linted in a job of its
	// own.
	Steps
	// Skipped is a YAML block that is no part of a workflow (a
	// .envaudit.yml).
	Skipped
)

func (k Kind) String() string {
	return [...]string{"workflow files", "doc workflows", "doc jobs", "doc step lists", "skipped"}[k]
}

// Target is a workflow actionlint reads, and where its lines come from.
type Target struct {
	File string // relative to the root
	Line int    // the first line of a block's content in File; 1 for a file
	Kind Kind
	// Why says what a skipped block is: its top-level keys.
	Why string
	// Text is what actionlint reads.
	Text []byte
	// lines[i] is where line i+1 of Text lies in File; a line the wrapping
	// added has line 0.
	lines []origin
}

// origin is where a line of a target's Text lies: its line in the file,
// and what to add to a column of Text to get the file's column.
type origin struct{ line, shift int }

// Finding is one error actionlint found, at its place in the file.
type Finding struct {
	File         string
	Line, Column int
	Message      string
	Rule         string
}

func (f Finding) String() string {
	return fmt.Sprintf("%s:%d:%d: %s [%s]", f.File, f.Line, f.Column, f.Message, f.Rule)
}

// collect reads the workflow files and the Markdown files' YAML blocks
// under root, in that order, each sorted by name.
func collect(root string) (targets, skipped []Target, err error) {
	files, err := filepath.Glob(filepath.Join(root, ".github", "workflows", "*.y*ml"))
	if err != nil {
		return nil, nil, err
	}
	slices.Sort(files)
	for _, f := range files {
		if ext := filepath.Ext(f); ext != ".yml" && ext != ".yaml" {
			continue
		}
		data, err := os.ReadFile(f)
		if err != nil {
			return nil, nil, err
		}
		rel, _ := filepath.Rel(root, f)
		t := Target{File: filepath.ToSlash(rel), Line: 1, Kind: File, Text: data}
		for i := range bytes.Count(data, []byte("\n")) + 1 {
			t.lines = append(t.lines, origin{line: i + 1})
		}
		targets = append(targets, t)
	}
	var mds []string
	for _, g := range docs {
		m, err := filepath.Glob(filepath.Join(root, g))
		if err != nil {
			return nil, nil, err
		}
		slices.Sort(m)
		mds = append(mds, m...)
	}
	if len(mds) == 0 {
		return nil, nil, fmt.Errorf("no Markdown file %s in %q", strings.Join(docs, ", "), root)
	}
	for _, f := range mds {
		data, err := os.ReadFile(f)
		if err != nil {
			return nil, nil, err
		}
		rel, _ := filepath.Rel(root, f)
		blocks, err := Blocks(filepath.ToSlash(rel), data)
		if err != nil {
			return nil, nil, err
		}
		for _, b := range blocks {
			if b.Kind == Skipped {
				skipped = append(skipped, b)
			} else {
				targets = append(targets, b)
			}
		}
	}
	return targets, skipped, nil
}

// lint runs actionlint over the targets, with this checkout as the
// project (so uses: ./ reads its action.yml), and returns what it found
// at the files' own positions.
func lint(root, shellcheck string, targets []Target) ([]Finding, error) {
	abs, err := filepath.Abs(root)
	if err != nil {
		return nil, err
	}
	project, err := actionlint.NewProject(abs)
	if err != nil {
		return nil, err
	}
	l, err := actionlint.NewLinter(io.Discard, &actionlint.LinterOptions{Shellcheck: shellcheck, WorkingDir: abs})
	if err != nil {
		return nil, err
	}
	var found []Finding
	for _, t := range targets {
		errs, err := l.Lint(t.File, t.Text, project)
		if err != nil {
			return nil, fmt.Errorf("%s:%d: %w", t.File, t.Line, err)
		}
		for _, e := range errs {
			found = append(found, t.place(e.Line, e.Column, e.Message, e.Kind))
		}
	}
	return found, nil
}

// placeRef is a position actionlint writes into a message ("previously
// defined at line:24,col:11").
var placeRef = regexp.MustCompile(`line:(\d+),col:(\d+)`)

// place maps a position in t.Text, and the positions its message names,
// to the file's.
func (t Target) place(line, col int, msg, rule string) Finding {
	msg = placeRef.ReplaceAllStringFunc(msg, func(m string) string {
		sub := placeRef.FindStringSubmatch(m)
		l, _ := strconv.Atoi(sub[1])
		c, _ := strconv.Atoi(sub[2])
		if ml, mc, ok := t.origin(l, c); ok {
			return fmt.Sprintf("line:%d,col:%d", ml, mc)
		}
		return m
	})
	f := Finding{File: t.File, Line: t.Line, Column: 1, Message: msg, Rule: rule}
	if ml, mc, ok := t.origin(line, col); ok {
		f.Line, f.Column = ml, mc
	} else if t.Kind != File {
		// A line the wrapping added: the block's own start.
		f.Message = "in the workflow this block is linted in: " + msg
	}
	return f
}

// origin is the file's line and column of a position in t.Text; ok is
// false for a line the wrapping added.
func (t Target) origin(line, col int) (int, int, bool) {
	if line < 1 || line > len(t.lines) || t.lines[line-1].line == 0 {
		return 0, 0, false
	}
	o := t.lines[line-1]
	return o.line, max(col+o.shift, 1), true
}

// The top-level keys that make a YAML block a part of a workflow.
var (
	workflowKeys = []string{"on", "jobs"}
	jobKeys      = []string{"runs-on", "steps"}
	stepKeys     = []string{"uses", "run"}
	// partKeys are keys of workflows, jobs and steps: a block with one at
	// its top level that is none of the three is an error, not skipped.
	partKeys = []string{"on", "jobs", "runs-on", "steps", "uses", "run", "with", "permissions", "needs", "strategy", "services", "container", "concurrency", "defaults", "shell", "working-directory", "timeout-minutes"}
)

// envauditUses is a uses: of the Action in the docs, which the lint points
// at this checkout.
var envauditUses = regexp.MustCompile(`^(\s*(?:-\s+)?uses:\s*)envaudit/envaudit@[^\s#]+`)

// wrapper is the workflow a job or a list of steps is linted in.
var wrapper = map[Kind]struct {
	head   string
	indent int
}{
	Workflow: {"", 0},
	Job:      {"on: workflow_dispatch\njobs:\n  doc:\n", 4},
	Steps:    {"on: workflow_dispatch\njobs:\n  doc:\n    runs-on: ubuntu-24.04\n    steps:\n", 6},
}

// Blocks returns the fenced yaml (or yml) blocks of a Markdown file,
// each classified, and for a workflow, a job or a list of steps, its
// lint target. A block that is not YAML, or that has a workflow's keys
// without being a workflow, a job or a list of steps, is an error at its
// line.
func Blocks(name string, src []byte) ([]Target, error) {
	// starts[i] is the offset of line i+1.
	starts := []int{0}
	for i, c := range src {
		if c == '\n' {
			starts = append(starts, i+1)
		}
	}
	lineOf := func(off int) int {
		i, _ := slices.BinarySearch(starts, off+1)
		return i
	}
	var out []Target
	var errs []error
	doc := goldmark.New().Parser().Parse(text.NewReader(src))
	err := ast.Walk(doc, func(n ast.Node, entering bool) (ast.WalkStatus, error) {
		fb, ok := n.(*ast.FencedCodeBlock)
		if !entering || !ok {
			return ast.WalkContinue, nil
		}
		if lang := string(fb.Language(src)); lang != "yaml" && lang != "yml" {
			return ast.WalkContinue, nil
		}
		segs := fb.Lines()
		if segs.Len() == 0 {
			return ast.WalkContinue, nil
		}
		// The block's lines as written, and where each lies.
		var lines []string
		var at []origin
		for i := range segs.Len() {
			seg := segs.At(i)
			l := lineOf(seg.Start)
			lines = append(lines, strings.Repeat(" ", seg.Padding)+strings.TrimRight(string(seg.Value(src)), "\r\n"))
			at = append(at, origin{line: l, shift: seg.Start - starts[l-1] - seg.Padding})
		}
		t, err := classify(name, lines, at)
		if err != nil {
			errs = append(errs, err)
		} else {
			out = append(out, t)
		}
		return ast.WalkSkipChildren, nil
	})
	if err != nil {
		return nil, err
	}
	return out, errors.Join(errs...)
}

// classify makes the target of a block's lines.
func classify(name string, lines []string, at []origin) (Target, error) {
	t := Target{File: name, Line: at[0].line}
	body := strings.Join(lines, "\n") + "\n"
	var n yaml.Node
	if err := yaml.Unmarshal([]byte(body), &n); err != nil {
		line := t.Line
		if m := regexp.MustCompile(`line (\d+)`).FindStringSubmatch(err.Error()); m != nil {
			if k, _ := strconv.Atoi(m[1]); k >= 1 && k <= len(at) {
				line = at[k-1].line
			}
		}
		return t, fmt.Errorf("%s:%d: a yaml block that is not YAML: %w", name, line, err)
	}
	if len(n.Content) == 0 {
		t.Kind, t.Why = Skipped, "empty"
		return t, nil
	}
	top := n.Content[0]
	has := func(m *yaml.Node, keys ...string) []string {
		var found []string
		for i := 0; m.Kind == yaml.MappingNode && i+1 < len(m.Content); i += 2 {
			if slices.Contains(keys, m.Content[i].Value) {
				found = append(found, m.Content[i].Value)
			}
		}
		return found
	}
	switch {
	case top.Kind == yaml.MappingNode && len(has(top, workflowKeys...)) > 0:
		if got := has(top, workflowKeys...); len(got) != 2 {
			return t, fmt.Errorf("%s:%d: a workflow needs on: and jobs:, this block has only %q", name, t.Line, got[0]+":")
		}
		t.Kind = Workflow
	case top.Kind == yaml.MappingNode && len(has(top, jobKeys...)) > 0:
		if len(has(top, "steps")) == 0 {
			return t, fmt.Errorf("%s:%d: a job without steps: (a job that calls a reusable workflow is not linted alone)", name, t.Line)
		}
		t.Kind = Job
	case top.Kind == yaml.MappingNode && len(has(top, partKeys...)) > 0:
		return t, fmt.Errorf("%s:%d: a block with %s: is part of a workflow, but none of a workflow (on:, jobs:), a job (runs-on:, steps:) or a list of steps", name, t.Line, strings.Join(has(top, partKeys...), ":, "))
	case top.Kind == yaml.SequenceNode:
		steps := 0
		for _, item := range top.Content {
			if len(has(item, stepKeys...)) > 0 {
				steps++
			}
		}
		switch {
		case steps == len(top.Content):
			t.Kind = Steps
		case steps > 0:
			return t, fmt.Errorf("%s:%d: a list with %d steps (uses: or run:) and %d other items", name, t.Line, steps, len(top.Content)-steps)
		default:
			t.Kind, t.Why = Skipped, "a list of no steps"
			return t, nil
		}
	default:
		var keys []string
		for i := 0; top.Kind == yaml.MappingNode && i+1 < len(top.Content); i += 2 {
			keys = append(keys, top.Content[i].Value)
		}
		t.Kind, t.Why = Skipped, "keys "+strings.Join(keys, ", ")
		if len(keys) == 0 {
			t.Why = "no mapping"
		}
		return t, nil
	}

	// Dedent, wrap, and point the Action's uses: at this checkout.
	dedent := -1
	for _, l := range lines {
		if strings.TrimSpace(l) == "" {
			continue
		}
		if d := len(l) - len(strings.TrimLeft(l, " ")); dedent < 0 || d < dedent {
			dedent = d
		}
	}
	w := wrapper[t.Kind]
	var b strings.Builder
	b.WriteString(w.head)
	for range strings.Count(w.head, "\n") {
		t.lines = append(t.lines, origin{})
	}
	pad := strings.Repeat(" ", w.indent)
	for i, l := range lines {
		if len(l) >= dedent {
			l = l[dedent:]
		}
		l = envauditUses.ReplaceAllString(l, "${1}./")
		if l != "" {
			l = pad + l
		}
		b.WriteString(l + "\n")
		t.lines = append(t.lines, origin{line: at[i].line, shift: at[i].shift + dedent - w.indent})
	}
	t.Text = []byte(b.String())
	return t, nil
}
