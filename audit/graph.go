package audit

import (
	"sort"

	"github.com/envaudit/envaudit/ecosystems"
)

// graph is the dependency graph of an installation by package name: the
// union of the Deps of every installed package of that name, sorted, so
// walks are deterministic. Packages installed in several versions (npm's
// nested copies) are one node, as they are one name in every layer.
type graph map[string][]string

func newGraph(pkgs []ecosystems.Package) graph {
	seen := map[string]set{}
	for _, p := range pkgs {
		s := seen[p.Name]
		if s == nil {
			s = set{}
			seen[p.Name] = s
		}
		for _, d := range p.Deps {
			if d != "" && d != p.Name {
				s[d] = true
			}
		}
	}
	g := make(graph, len(seen))
	for name, deps := range seen {
		g[name] = sortedNames(deps)
	}
	return g
}

// walk is a breadth-first search from a set of roots. For every package it
// reaches it keeps the predecessor on one shortest path, so Path names the
// declared package a transitive dependency comes through.
type walk struct {
	from map[string]string // reached package → predecessor ("" for a root)
}

// bfs walks g from roots. Roots are visited in sorted order and edges in
// sorted order, so among equally short paths the lexically first wins.
func (g graph) bfs(roots []string) walk {
	w := walk{from: map[string]string{}}
	queue := make([]string, 0, len(roots))
	for _, r := range sortedNames(setOf(roots)) {
		w.from[r] = ""
		queue = append(queue, r)
	}
	for len(queue) > 0 {
		n := queue[0]
		queue = queue[1:]
		for _, d := range g[n] {
			if _, ok := w.from[d]; !ok {
				w.from[d] = n
				queue = append(queue, d)
			}
		}
	}
	return w
}

// reached reports whether name was reached from a root (roots included).
func (w walk) reached(name string) bool {
	_, ok := w.from[name]
	return ok
}

// path returns the packages from the root to name's predecessor: the
// chain name comes through, root first, without name itself. A root's path
// is empty.
func (w walk) path(name string) []string {
	var p []string
	for n := w.from[name]; n != ""; n = w.from[n] {
		p = append(p, n)
	}
	for i, j := 0, len(p)-1; i < j; i, j = i+1, j-1 {
		p[i], p[j] = p[j], p[i]
	}
	return p
}

// set returns the reached packages.
func (w walk) set() set {
	s := make(set, len(w.from))
	for n := range w.from {
		s[n] = true
	}
	return s
}

func sortedNames(s set) []string {
	out := make([]string, 0, len(s))
	for n := range s {
		out = append(out, n)
	}
	sort.Strings(out)
	return out
}
