package maven

import (
	"bufio"
	"bytes"
	"fmt"
	"strings"
)

// An artifact is a Maven artifact's coordinates as dependency:tree prints
// them: group:artifact:type[:classifier]:version[:scope].
type artifact struct {
	group, artifact, typ, classifier, version, scope string
}

func (a artifact) name() string { return a.group + ":" + a.artifact }

// A tree is one module's resolved dependency graph as
// `mvn dependency:tree -DoutputType=tgf` writes it: the module itself
// (nodes[0]), every artifact Maven resolved for it, and the edges from
// each artifact to the artifacts it brought in. Maven prints each artifact
// once, under the path that won mediation, so the edges form a tree.
type tree struct {
	nodes []artifact
	edges [][2]int // indexes into nodes: from, to
}

// parseTGF parses Trivial Graph Format output of dependency:tree:
//
//	1804126860 com.example:app:jar:1.0
//	1513712028 org.apache.commons:commons-lang3:jar:3.12.0:compile
//	#
//	1804126860 1513712028 compile
//
// Node lines are an id and the artifact; after the "#" line, edge lines are
// two ids and a label (the scope). The first node is the module. name is
// used in errors: `tree.tgf:3: ...`.
func parseTGF(name string, data []byte) (*tree, error) {
	t := &tree{}
	ids := map[string]int{}
	sc := bufio.NewScanner(bytes.NewReader(data))
	sc.Buffer(make([]byte, 0, 64*1024), 1024*1024)
	line, edges := 0, false
	for sc.Scan() {
		line++
		s := strings.TrimSpace(sc.Text())
		if s == "" {
			continue
		}
		if s == "#" {
			if edges {
				return nil, fmt.Errorf("%s:%d: second \"#\" line", name, line)
			}
			edges = true
			continue
		}
		f := strings.Fields(s)
		if !edges {
			if len(f) < 2 {
				return nil, fmt.Errorf("%s:%d: node line %q: want an id and an artifact", name, line, s)
			}
			a, err := parseCoordinates(f[1], len(t.nodes) == 0)
			if err != nil {
				return nil, fmt.Errorf("%s:%d: %w", name, line, err)
			}
			if _, dup := ids[f[0]]; dup {
				return nil, fmt.Errorf("%s:%d: duplicate node id %q", name, line, f[0])
			}
			ids[f[0]] = len(t.nodes)
			t.nodes = append(t.nodes, a)
			continue
		}
		if len(f) < 2 {
			return nil, fmt.Errorf("%s:%d: edge line %q: want two node ids", name, line, s)
		}
		from, ok1 := ids[f[0]]
		to, ok2 := ids[f[1]]
		if !ok1 || !ok2 {
			return nil, fmt.Errorf("%s:%d: edge %q names an unknown node", name, line, s)
		}
		t.edges = append(t.edges, [2]int{from, to})
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("%s:%d: %w", name, line+1, err)
	}
	if len(t.nodes) == 0 {
		return nil, fmt.Errorf("%s: no nodes", name)
	}
	return t, nil
}

// parseCoordinates parses g:a:t:v (the module, root) or g:a:t[:c]:v:s.
func parseCoordinates(s string, root bool) (artifact, error) {
	p := strings.Split(s, ":")
	for _, x := range p {
		if x == "" {
			return artifact{}, fmt.Errorf("artifact %q has an empty field", s)
		}
	}
	var a artifact
	switch {
	case root && len(p) == 4:
		a = artifact{group: p[0], artifact: p[1], typ: p[2], version: p[3]}
	case root && len(p) == 5:
		a = artifact{group: p[0], artifact: p[1], typ: p[2], classifier: p[3], version: p[4]}
	case !root && len(p) == 5:
		a = artifact{group: p[0], artifact: p[1], typ: p[2], version: p[3], scope: p[4]}
	case !root && len(p) == 6:
		a = artifact{group: p[0], artifact: p[1], typ: p[2], classifier: p[3], version: p[4], scope: p[5]}
	default:
		return artifact{}, fmt.Errorf("artifact %q: want group:artifact:type[:classifier]:version%s", s, map[bool]string{false: ":scope"}[root])
	}
	return a, nil
}
