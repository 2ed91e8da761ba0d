package audit

import (
	"fmt"
	"sort"
	"strings"

	"github.com/envaudit/envaudit/ecosystems"
)

// startup stands for the runtime's start-up, or the command itself, in a
// load chain: the From of an ecosystems.LinkStartup or LinkFetched. No
// package name is empty, so it cannot clash.
const startup = ""

// loadStep is how a package in a load chain was reached: from which
// package, and by which link ("" for a recorded dependency edge).
type loadStep struct {
	from string
	how  string
	kind ecosystems.LinkKind // the link's kind; "" for a recorded edge
}

// loads explains what the environment loaded by itself: a breadth-first
// walk from the packages whose load needs no explanation — what the
// project declares or imports, the test runners, the runtime's start-up —
// that steps only into loaded packages, over the installation's recorded
// dependency edges and the ecosystem's links (a loaded package's own
// imports, guarded ones included; the entry points it discovers; start-up
// hooks). A loaded package it reaches was loaded by something already
// loaded, so it is no undeclared dependency of the project's: every step
// of its chain is a package that was loaded too, and the chain says how.
type loads struct {
	from map[string]loadStep // reached package → how it was reached; a root maps to itself
	root map[string]string   // reached package → the root its chain starts at
}

// explainLoads walks from roots (each loaded, or startup) into the loaded
// packages. Roots and edges are visited in sorted order, recorded edges
// before links, so the chain is the shortest and, among those, the first
// by name.
func explainLoads(roots []string, loaded set, g graph, links []ecosystems.Link) loads {
	type edge struct {
		to, how string
		kind    ecosystems.LinkKind
	}
	adj := map[string][]edge{}
	for n, deps := range g {
		for _, d := range deps {
			adj[n] = append(adj[n], edge{to: d})
		}
	}
	for _, l := range links {
		if l.To == "" || l.To == l.From || l.Kind.FromCommand() != (l.From == startup) {
			continue
		}
		adj[l.From] = append(adj[l.From], edge{to: l.To, how: l.Explain(), kind: l.Kind})
	}
	for n, es := range adj {
		sort.SliceStable(es, func(i, j int) bool {
			if (es[i].how == "") != (es[j].how == "") {
				return es[i].how == ""
			}
			if es[i].to != es[j].to {
				return es[i].to < es[j].to
			}
			return es[i].how < es[j].how
		})
		adj[n] = es
	}
	ls := loads{from: map[string]loadStep{}, root: map[string]string{}}
	rs := append([]string(nil), roots...)
	sort.Strings(rs)
	var queue []string
	for _, r := range rs {
		if _, ok := ls.from[r]; ok || (r != startup && !loaded[r]) {
			continue
		}
		ls.from[r], ls.root[r] = loadStep{from: r}, r
		queue = append(queue, r)
	}
	for len(queue) > 0 {
		n := queue[0]
		queue = queue[1:]
		for _, e := range adj[n] {
			if _, ok := ls.from[e.to]; ok || !loaded[e.to] {
				continue
			}
			ls.from[e.to], ls.root[e.to] = loadStep{from: n, how: e.how, kind: e.kind}, ls.root[n]
			queue = append(queue, e.to)
		}
	}
	return ls
}

// reached reports whether name's load is explained.
func (ls loads) reached(name string) bool {
	_, ok := ls.from[name]
	return ok
}

// chain returns the packages name's load came through, root first,
// without name itself (startup left out), and the chain rendered for a
// message: `"pytest" → "anyio" (pytest11 entry point)`, `"requests"
// (optional import at requests/compat.py:11)`, `the start-up (start-up
// file distutils-precedence.pth)`, `the command (fetched at run time by
// npx cowsay@1.6.0) → "cowsay"`.
func (ls loads) chain(name string) (via []string, rendered string) {
	type hop struct {
		name, how string
		kind      ecosystems.LinkKind
	}
	var hops []hop
	for n := name; ; {
		st := ls.from[n]
		if st.from == n {
			break
		}
		hops = append(hops, hop{name: st.from, how: st.how, kind: st.kind})
		n = st.from
	}
	// hops[i] is the package before the step that reached the one after
	// it; reverse into root-first order, keeping each step's how with the
	// package it leads to.
	var parts []string
	for i := len(hops) - 1; i >= 0; i-- {
		h := hops[i]
		label := "the start-up"
		if h.kind == ecosystems.LinkFetched {
			label = "the command"
		}
		if h.name != startup {
			label = fmt.Sprintf("%q", h.name)
			via = append(via, h.name)
		}
		if h.how != "" {
			label += " (" + h.how + ")"
		}
		parts = append(parts, label)
	}
	return via, strings.Join(parts, " → ")
}
