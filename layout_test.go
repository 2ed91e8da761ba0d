package envaudit

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"regexp"
	"sort"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// module is the module's path, the prefix of every package the layers
// place.
const module = "github.com/envaudit/envaudit"

// A layer is one numbered item of CONTRIBUTING.md's layer list: the
// package patterns it names, each a package path relative to the module
// ("tracer"), a tree ("ecosystems/..." is every package below
// ecosystems, not ecosystems itself) or "." for the module's root.
type layer struct {
	n        int
	patterns []string
}

// layerItem is an item of the list: its number, then the patterns in
// backquotes before the dash that starts its prose.
var layerItem = regexp.MustCompile(`^([0-9]+)\. (.*?) — `)

// parseLayers reads the list under the heading "### Layers", bottom layer
// first. Each item must name at least one pattern, and the items must be
// numbered 1, 2, 3 and so on, as a reader counts them.
func parseLayers(r io.Reader) ([]layer, error) {
	var out []layer
	in := false
	sc := bufio.NewScanner(r)
	for line := 1; sc.Scan(); line++ {
		text := sc.Text()
		if strings.HasPrefix(text, "#") {
			in = text == "### Layers"
			continue
		}
		if !in {
			continue
		}
		m := layerItem.FindStringSubmatch(text)
		if m == nil {
			continue
		}
		l := layer{}
		fmt.Sscan(m[1], &l.n)
		if l.n != len(out)+1 {
			return nil, fmt.Errorf("CONTRIBUTING.md:%d: layer %d after layer %d", line, l.n, len(out))
		}
		for _, f := range strings.Split(m[2], ",") {
			f = strings.TrimSpace(f)
			if len(f) < 3 || f[0] != '`' || f[len(f)-1] != '`' {
				return nil, fmt.Errorf("CONTRIBUTING.md:%d: %q is not a package pattern in backquotes", line, f)
			}
			l.patterns = append(l.patterns, f[1:len(f)-1])
		}
		out = append(out, l)
	}
	if err := sc.Err(); err != nil {
		return nil, err
	}
	if len(out) == 0 {
		return nil, errors.New("CONTRIBUTING.md: no numbered list under \"### Layers\"")
	}
	return out, nil
}

// placeOf returns the layer of the package at rel (its path inside the
// module, "." for the root) and the pattern that placed it: the one that
// names it, else the deepest tree it is in, so "ecosystems/all" places
// ecosystems/all above the "ecosystems/..." that places the other
// ecosystems. 0 when no pattern matches.
func placeOf(layers []layer, rel string) (int, string) {
	best, bestPat, depth := 0, "", -1
	for _, l := range layers {
		for _, p := range l.patterns {
			if p == rel {
				return l.n, p
			}
			if tree, ok := strings.CutSuffix(p, "/..."); ok && strings.HasPrefix(rel, tree+"/") && len(tree) > depth {
				best, bestPat, depth = l.n, p, len(tree)
			}
		}
	}
	return best, bestPat
}

// internalTree returns the directory of the internal/ tree rel is in
// ("ecosystems/internal" for ecosystems/internal/dpkg), "" for none.
func internalTree(rel string) string {
	if rel == "internal" || strings.HasPrefix(rel, "internal/") {
		return "internal"
	}
	if i := strings.Index(rel, "/internal/"); i >= 0 {
		return rel[:i+len("/internal")]
	}
	return ""
}

// checkLayers returns every import of graph (package → the module's
// packages it imports, both relative to the module) that the layers do
// not allow, and every package no layer places. A package may import a
// package of a lower layer; of its own layer only its ancestor
// (ecosystems/npm imports ecosystems) or, inside one internal/ tree, the
// other leaves of that tree (internal/markdown imports internal/inert).
// So no package imports upward, and no ecosystem imports a sibling.
func checkLayers(layers []layer, graph map[string][]string) []string {
	var bad []string
	for pkg, imports := range graph {
		from, fromPat := placeOf(layers, pkg)
		if from == 0 {
			bad = append(bad, fmt.Sprintf("%s: in no layer of CONTRIBUTING.md", pkg))
			continue
		}
		for _, imp := range imports {
			to, toPat := placeOf(layers, imp)
			switch {
			case to == 0:
				continue // reported as a package of its own
			case to < from:
				continue
			case to == from && strings.HasPrefix(pkg, imp+"/"):
				continue
			case to == from && internalTree(pkg) != "" && internalTree(pkg) == internalTree(imp):
				continue
			}
			bad = append(bad, fmt.Sprintf("%s (layer %d, `%s`) imports %s (layer %d, `%s`)", pkg, from, fromPat, imp, to, toPat))
		}
	}
	sort.Strings(bad)
	return bad
}

// TestLayers holds the module's import graph, tests aside, to the layer
// order CONTRIBUTING.md documents: internal/ a floor of leaves, the
// front ends (cmd/envaudit, the Action) at the top, every arrow between
// pointing down.
func TestLayers(t *testing.T) {
	doc, err := os.ReadFile("CONTRIBUTING.md")
	if err != nil {
		t.Fatal(err)
	}
	layers, err := parseLayers(bytes.NewReader(doc))
	if err != nil {
		t.Fatal(err)
	}
	goTool, err := exec.LookPath("go")
	if err != nil {
		t.Fatalf("the go command, to list the packages: %v", err)
	}
	cmd := exec.Command(goTool, "list", "-json", "./...")
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("go list -json ./...: %v\n%s", err, stderr.Bytes())
	}
	graph := map[string][]string{}
	dec := json.NewDecoder(bytes.NewReader(out))
	for dec.More() {
		var p struct {
			ImportPath string
			Imports    []string
		}
		if err := dec.Decode(&p); err != nil {
			t.Fatalf("decode go list's output: %v", err)
		}
		var imports []string
		for _, imp := range p.Imports {
			if rel, ok := relative(imp); ok {
				imports = append(imports, rel)
			}
		}
		rel, _ := relative(p.ImportPath)
		graph[rel] = imports
	}
	if len(graph) < 20 {
		t.Fatalf("go list found %d packages: %v", len(graph), graph)
	}
	for _, b := range checkLayers(layers, graph) {
		t.Error(b)
	}
}

// relative returns path inside the module, "." for its root; false for a
// package of another module or the standard library.
func relative(path string) (string, bool) {
	if path == module {
		return ".", true
	}
	rel, ok := strings.CutPrefix(path, module+"/")
	return rel, ok
}

func TestCheckLayers(t *testing.T) {
	const doc = `# Contributing

### Layers

From the bottom up:

1. ` + "`internal/...`" + ` — leaves
2. ` + "`tracer`" + ` — the tracer
3. ` + "`ecosystems`" + ` — the vocabulary
4. ` + "`ecosystems/internal/...`" + ` — their helpers
5. ` + "`ecosystems/...`" + ` — one per ecosystem
6. ` + "`audit`, `audit/...`" + ` — findings
7. ` + "`ecosystems/all`" + ` — the registry
8. ` + "`cmd/...`, `.`" + ` — the CLI, the root

## Next

1. ` + "`nothing`" + ` — not a layer
`
	layers, err := parseLayers(strings.NewReader(doc))
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name  string
		graph map[string][]string
		want  []string
	}{
		{"down", map[string][]string{"audit": {"tracer", "ecosystems", "internal/posdoc"}, "cmd/envaudit": {"audit", "ecosystems/all"}}, nil},
		{"leavesUseEachOther", map[string][]string{"internal/markdown": {"internal/inert"}, "ecosystems/internal/toolchain": {"ecosystems/internal/dpkg", "ecosystems"}}, nil},
		{"ancestor", map[string][]string{"ecosystems/npm": {"ecosystems", "ecosystems/internal/dpkg"}, "audit/reporttest": {"audit"}}, nil},
		{"up", map[string][]string{"internal/dpkg": {"ecosystems"}}, []string{"internal/dpkg (layer 1, `internal/...`) imports ecosystems (layer 3, `ecosystems`)"}},
		{"sibling", map[string][]string{"ecosystems/npm": {"ecosystems/python"}}, []string{"ecosystems/npm (layer 5, `ecosystems/...`) imports ecosystems/python (layer 5, `ecosystems/...`)"}},
		{"childOfAncestor", map[string][]string{"audit": {"audit/reporttest"}}, []string{"audit (layer 6, `audit`) imports audit/reporttest (layer 6, `audit/...`)"}},
		{"registryOverTree", map[string][]string{"ecosystems/npm": {"ecosystems/all"}}, []string{"ecosystems/npm (layer 5, `ecosystems/...`) imports ecosystems/all (layer 7, `ecosystems/all`)"}},
		{"unplaced", map[string][]string{"newpkg": {"audit"}}, []string{"newpkg: in no layer of CONTRIBUTING.md"}},
		{"treeIsNotItsRoot", map[string][]string{"internal": nil}, []string{"internal: in no layer of CONTRIBUTING.md"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if diff := cmp.Diff(tt.want, checkLayers(layers, tt.graph)); diff != "" {
				t.Errorf("checkLayers (-want +got):\n%s", diff)
			}
		})
	}
}

func TestParseLayersErrors(t *testing.T) {
	tests := []struct{ name, doc, want string }{
		{"none", "# x\n\n1. `a` — b\n", `CONTRIBUTING.md: no numbered list under "### Layers"`},
		{"gap", "### Layers\n\n1. `a` — b\n3. `c` — d\n", "CONTRIBUTING.md:4: layer 3 after layer 1"},
		{"bare", "### Layers\n\n1. a — b\n", `CONTRIBUTING.md:3: "a" is not a package pattern in backquotes`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := parseLayers(strings.NewReader(tt.doc))
			if err == nil || err.Error() != tt.want {
				t.Errorf("parseLayers: %v, want %s", err, tt.want)
			}
		})
	}
}
