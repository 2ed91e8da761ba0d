package e2e

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"go.yaml.in/yaml/v3"

	"github.com/envaudit/envaudit/internal/ghrunner"
)

// The workflows' paths, as README.md names them above their YAML.
const (
	auditFile   = ".github/workflows/envaudit.yml"
	publishFile = ".github/workflows/envaudit-publish.yml"
)

// readmeWorkflow returns the YAML README.md shows for the workflow file
// name: the first fenced yaml block after the line that names it.
func readmeWorkflow(source, name string) ([]byte, error) {
	return docBlock(source, "README.md", name, "yaml")
}

// docBlock returns the fenced block of lang that the Markdown file doc
// (relative to source) shows for the file name: the first after the
// line that is the name in backquotes and a colon.
func docBlock(source, doc, name, lang string) ([]byte, error) {
	data, err := os.ReadFile(filepath.Join(source, doc))
	if err != nil {
		return nil, err
	}
	lines := strings.Split(string(data), "\n")
	for i, l := range lines {
		if strings.TrimSpace(l) != "`"+name+"`:" && !strings.HasPrefix(strings.TrimSpace(l), "`"+name+"` —") {
			continue
		}
		j := i + 1
		for j < len(lines) && strings.TrimSpace(lines[j]) != "" && !strings.HasPrefix(strings.TrimSpace(lines[j]), "```") {
			// The rest of the name's paragraph.
			j++
		}
		for j < len(lines) && strings.TrimSpace(lines[j]) == "" {
			j++
		}
		if j == len(lines) || strings.TrimSpace(lines[j]) != "```"+lang {
			return nil, fmt.Errorf("%s:%d: no ```%s block after %q", doc, i+1, lang, name)
		}
		var b strings.Builder
		for k := j + 1; k < len(lines); k++ {
			if strings.TrimSpace(lines[k]) == "```" {
				return []byte(b.String()), nil
			}
			b.WriteString(lines[k] + "\n")
		}
		return nil, fmt.Errorf("%s:%d: the %s block of %q does not end", doc, j+1, lang, name)
	}
	return nil, fmt.Errorf("%s names no file %q above a %s block", doc, name, lang)
}

// variant is a workflow derived from one of the README's: its YAML
// parsed, edited by the functions given, written back and parsed as a
// workflow. Every scenario that needs another ecosystem's set-up, a
// working directory or another mode derives it so, from the README's
// text, never from a copy of it.
func variant(t *testing.T, yml []byte, edits ...func(t *testing.T, root *yaml.Node)) *ghrunner.Workflow {
	t.Helper()
	var doc yaml.Node
	if err := yaml.Unmarshal(yml, &doc); err != nil {
		t.Fatal(err)
	}
	for _, e := range edits {
		e(t, doc.Content[0])
	}
	var b bytes.Buffer
	enc := yaml.NewEncoder(&b)
	enc.SetIndent(2)
	if err := enc.Encode(&doc); err != nil {
		t.Fatal(err)
	}
	wf, err := ghrunner.ParseWorkflow("variant.yml", b.Bytes())
	if err != nil {
		t.Fatalf("%v\n%s", err, b.String())
	}
	return wf
}

// get returns the value of key in mapping node n, nil when absent.
func get(n *yaml.Node, key string) *yaml.Node {
	for i := 0; i+1 < len(n.Content); i += 2 {
		if n.Content[i].Value == key {
			return n.Content[i+1]
		}
	}
	return nil
}

// set sets key of mapping n to v.
func set(n *yaml.Node, key string, v *yaml.Node) {
	for i := 0; i+1 < len(n.Content); i += 2 {
		if n.Content[i].Value == key {
			n.Content[i+1] = v
			return
		}
	}
	n.Content = append(n.Content, &yaml.Node{Kind: yaml.ScalarNode, Value: key}, v)
}

func scalar(v string) *yaml.Node { return &yaml.Node{Kind: yaml.ScalarNode, Value: v} }

func node(t *testing.T, yml string) *yaml.Node {
	t.Helper()
	var doc yaml.Node
	if err := yaml.Unmarshal([]byte(yml), &doc); err != nil {
		t.Fatal(err)
	}
	return doc.Content[0]
}

// steps returns the steps of the workflow's only job.
func steps(t *testing.T, root *yaml.Node) *yaml.Node {
	t.Helper()
	jobs := get(root, "jobs")
	if jobs == nil || len(jobs.Content) != 2 {
		t.Fatalf("the workflow has not exactly one job")
	}
	return get(jobs.Content[1], "steps")
}

// step returns the index of the step whose uses: starts with prefix, or
// whose run: is prefix exactly.
func step(t *testing.T, root *yaml.Node, prefix string) (*yaml.Node, int) {
	t.Helper()
	ss := steps(t, root)
	for i, s := range ss.Content {
		if u := get(s, "uses"); u != nil && strings.HasPrefix(u.Value, prefix) {
			return ss, i
		}
		if r := get(s, "run"); r != nil && r.Value == prefix {
			return ss, i
		}
	}
	t.Fatalf("no step %q in the workflow", prefix)
	return nil, 0
}

// replaceStep replaces the step matching prefix by the steps of yml (a
// YAML list).
func replaceStep(prefix, yml string) func(*testing.T, *yaml.Node) {
	return func(t *testing.T, root *yaml.Node) {
		ss, i := step(t, root, prefix)
		repl := node(t, yml).Content
		ss.Content = append(ss.Content[:i], append(repl, ss.Content[i+1:]...)...)
	}
}

// setWith sets the input key of the step matching prefix.
func setWith(prefix, key, value string) func(*testing.T, *yaml.Node) {
	return func(t *testing.T, root *yaml.Node) {
		ss, i := step(t, root, prefix)
		with := get(ss.Content[i], "with")
		if with == nil {
			with = &yaml.Node{Kind: yaml.MappingNode}
			set(ss.Content[i], "with", with)
		}
		set(with, key, scalar(value))
	}
}

// setStep sets key of the step matching prefix.
func setStep(prefix, key, value string) func(*testing.T, *yaml.Node) {
	return func(t *testing.T, root *yaml.Node) {
		ss, i := step(t, root, prefix)
		set(ss.Content[i], key, scalar(value))
	}
}

// setPermissions replaces the workflow's permissions.
func setPermissions(yml string) func(*testing.T, *yaml.Node) {
	return func(t *testing.T, root *yaml.Node) { set(root, "permissions", node(t, yml)) }
}

// TestReadmeWorkflows checks what the scenarios rely on in the README's
// workflows: both parse, the audit runs on pull requests with a
// read-only token, and the publisher follows the audit workflow by its
// name, runs only for pull requests' runs and may write what it posts.
func TestReadmeWorkflows(t *testing.T) {
	audit, err := readmeWorkflow("..", auditFile)
	if err != nil {
		t.Fatal(err)
	}
	publish, err := readmeWorkflow("..", publishFile)
	if err != nil {
		t.Fatal(err)
	}
	a, err := ghrunner.ParseWorkflow(auditFile, audit)
	if err != nil {
		t.Fatal(err)
	}
	p, err := ghrunner.ParseWorkflow(publishFile, publish)
	if err != nil {
		t.Fatal(err)
	}
	if !a.Triggered("pull_request", map[string]any{"action": "synchronize"}) {
		t.Errorf("the audit workflow does not run on a pull request's push")
	}
	if want := (ghrunner.Permissions{"contents": "read"}); fmt.Sprint(a.Permissions) != fmt.Sprint(want) {
		t.Errorf("the audit workflow's permissions are %v, want %v", a.Permissions, want)
	}
	if !p.Triggered("workflow_run", map[string]any{"action": "completed", "workflow_run": map[string]any{"name": a.Name}}) {
		t.Errorf("the publish workflow does not follow the audit workflow %q", a.Name)
	}
	for _, scope := range []string{"actions", "pull-requests", "checks"} {
		if p.Permissions[scope] == "" {
			t.Errorf("the publish workflow's token has no %s permission: %v", scope, p.Permissions)
		}
	}
	if len(p.Jobs) != 1 || !strings.Contains(p.Jobs[0].If, "pull_request") {
		t.Errorf("the publish job does not run only for pull requests' runs")
	}
}
