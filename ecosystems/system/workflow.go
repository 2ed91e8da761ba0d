package system

import (
	"regexp"
	"strconv"
	"strings"

	"github.com/envaudit/envaudit/ecosystems"
	"go.yaml.in/yaml/v3"
)

// yamlErrLine finds the line number in a YAML parser message.
var yamlErrLine = regexp.MustCompile(`^yaml: line (\d+): (.*)$`)

// parseWorkflow returns the packages that a GitHub Actions workflow's steps
// install: apt-get/apt/aptitude install commands in `run:` scripts, and the
// `packages:` input of steps that use awalsh128/cache-apt-pkgs-action. Each
// package points at its line in the workflow file, inside block scalars
// (`run: |` and `run: >`) too. file is the workflow's path for errors.
func parseWorkflow(file string, src []byte) ([]aptInstall, error) {
	top, srcLines, err := parseYAML(file, "workflow", src)
	if top == nil || err != nil {
		return nil, err
	}
	var out []aptInstall
	jobs := lookup(top, "jobs")
	if jobs == nil || jobs.Kind != yaml.MappingNode {
		return nil, nil
	}
	for i := 1; i < len(jobs.Content); i += 2 {
		jobName := jobs.Content[i-1].Value
		job := deref(jobs.Content[i])
		if job.Kind != yaml.MappingNode {
			continue
		}
		steps := lookup(job, "steps")
		if steps == nil || steps.Kind != yaml.SequenceNode {
			continue
		}
		for _, st := range steps.Content {
			st = deref(st)
			if st.Kind != yaml.MappingNode {
				continue
			}
			if k, run := lookupKV(st, "run"); run != nil && run.Kind == yaml.ScalarNode {
				for _, cmd := range scalarScript(k, run, srcLines).commands() {
					out = append(out, inJob(jobName, installs(cmd))...)
				}
			}
			if uses := lookup(st, "uses"); uses != nil && strings.Contains(uses.Value, "cache-apt-pkgs-action") {
				if k, pk := lookupKV(lookup(st, "with"), "packages"); pk != nil && pk.Kind == yaml.ScalarNode {
					s := scalarScript(k, pk, srcLines)
					for _, cmd := range s.commands() {
						for _, w := range cmd {
							for _, arg := range strings.Split(w.text, ",") {
								if p, ok := parseAptArg(arg); ok && w.literal {
									p.line, p.job = w.line, jobName
									out = append(out, p)
								}
							}
						}
					}
				}
			}
		}
	}
	return out, nil
}

// parseYAML parses a CI file whose top level must be a mapping (what
// names the kind of file in the error); an empty document is a nil node.
// It returns the file's lines too, for scalarScript.
func parseYAML(file, what string, src []byte) (*yaml.Node, []string, error) {
	var doc yaml.Node
	if err := yaml.Unmarshal(src, &doc); err != nil {
		msg := err.Error()
		if m := yamlErrLine.FindStringSubmatch(msg); m != nil {
			n, _ := strconv.Atoi(m[1])
			return nil, nil, ecosystems.Errorf(file, n, "invalid YAML: %s", m[2])
		}
		return nil, nil, ecosystems.Errorf(file, 0, "invalid YAML: %s", strings.TrimPrefix(msg, "yaml: "))
	}
	if len(doc.Content) == 0 {
		return nil, nil, nil
	}
	top := deref(doc.Content[0])
	if top.Kind != yaml.MappingNode {
		return nil, nil, ecosystems.Errorf(file, top.Line, "%s is not a mapping", what)
	}
	return top, strings.Split(strings.ReplaceAll(string(src), "\r\n", "\n"), "\n"), nil
}

// inJob marks installs as made by the CI job named job.
func inJob(job string, ps []aptInstall) []aptInstall {
	for i := range ps {
		ps[i].job = job
	}
	return ps
}

// scalarScript returns the text of a scalar with the workflow line of each
// byte. A block scalar's content is taken from the source lines below its
// indicator, so every line keeps its number; a folded block (>) joins its
// lines with spaces, as YAML does. Other scalars lie on the line where they
// start. key is the mapping key the scalar is the value of: a block's
// content is indented more than its key.
func scalarScript(key, n *yaml.Node, src []string) script {
	if n.Style&(yaml.LiteralStyle|yaml.FoldedStyle) == 0 {
		s := script{text: n.Value, lines: make([]int, len(n.Value))}
		for i := range s.lines {
			s.lines[i] = n.Line
		}
		return s
	}
	sep := "\n"
	if n.Style&yaml.FoldedStyle != 0 {
		sep = " "
	}
	var (
		text   strings.Builder
		lines  []int
		indent = -1
	)
	for i := n.Line; i < len(src); i++ { // src[n.Line] is the line after the indicator
		l := src[i]
		if strings.TrimSpace(l) == "" {
			text.WriteByte('\n')
			lines = append(lines, i+1)
			continue
		}
		ind := len(l) - len(strings.TrimLeft(l, " "))
		if indent < 0 {
			if ind <= key.Column-1 {
				break // an empty block
			}
			indent = ind
		}
		if ind < indent {
			break
		}
		piece := l[indent:] + sep
		text.WriteString(piece)
		for range len(piece) {
			lines = append(lines, i+1)
		}
	}
	return script{text: text.String(), lines: lines}
}

// lookup returns the value of key in a mapping node, or nil.
func lookup(m *yaml.Node, key string) *yaml.Node {
	_, v := lookupKV(m, key)
	return v
}

// lookupKV returns the key node and the value node of key in a mapping
// node, or nils.
func lookupKV(m *yaml.Node, key string) (k, v *yaml.Node) {
	m = deref(m)
	if m == nil || m.Kind != yaml.MappingNode {
		return nil, nil
	}
	for i := 0; i+1 < len(m.Content); i += 2 {
		if m.Content[i].Value == key {
			return m.Content[i], deref(m.Content[i+1])
		}
	}
	return nil, nil
}

// deref follows YAML aliases (*anchor) to the node they name.
func deref(n *yaml.Node) *yaml.Node {
	for i := 0; n != nil && n.Kind == yaml.AliasNode && i < 100; i++ {
		n = n.Alias
	}
	return n
}
