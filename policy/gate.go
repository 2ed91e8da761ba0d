package policy

import (
	"fmt"
	"strings"

	"github.com/envaudit/envaudit/audit"
)

// Gate decides which findings fail a check. The CLI's gate is
// Gate{FailOn: --fail-on, Existing: true}: every finding may fail it. The
// Action's fails, by default, only on findings its pull request
// introduced, with AgentPolicy.For making it stricter for an agent's.
type Gate struct {
	// FailOn selects the kinds and reasons that fail.
	FailOn []Selector
	// Existing makes findings already present at the pull request's base
	// fail too; by default only new ones (or all, when no base was
	// compared) do.
	Existing bool
}

// Fails reports whether f fails the gate. A covered finding (a library
// of an undeclared tool) never does: the tool's finding fails instead.
func (g Gate) Fails(f audit.Finding) bool {
	if f.Ignored != "" || f.Covered() || (!g.Existing && f.Change == audit.ChangeExisting) {
		return false
	}
	for _, s := range g.FailOn {
		if s.Matches(f) {
			return true
		}
	}
	return false
}

// Failing returns the items of r that fail the gate, marked so, in
// report order.
func (g Gate) Failing(r *audit.Report) []audit.Item {
	var out []audit.Item
	for _, it := range r.Items() {
		if g.Fails(it.Finding) {
			it.Failing = true
			out = append(out, it)
		}
	}
	return out
}

// Mark sets Finding.Gating on every finding of r — true where the finding
// fails the gate, false elsewhere — and returns how many fail. Front ends
// call it once the gate that decides the run is known and before anything
// is printed or written, so every rendering of r says which findings
// decided it.
func (g Gate) Mark(r *audit.Report) int {
	n := 0
	for i := range r.Ecosystems {
		fs := r.Ecosystems[i].Findings
		for j := range fs {
			fs[j].Gating = g.Fails(fs[j])
			if fs[j].Gating {
				n++
			}
		}
	}
	return n
}

// Apply marks the failing items and returns how many fail.
func (g Gate) Apply(items []audit.Item) int {
	n := 0
	for i := range items {
		items[i].Failing = g.Fails(items[i].Finding)
		if items[i].Failing {
			n++
		}
	}
	return n
}

// String lists the gate's selectors as fail-on takes them, "none" when
// nothing fails, and says when existing findings fail too.
func (g Gate) String() string {
	if len(g.FailOn) == 0 {
		return "none"
	}
	s := make([]string, len(g.FailOn))
	for i, sel := range g.FailOn {
		s[i] = sel.String()
	}
	out := strings.Join(s, ",")
	if g.Existing {
		out += " (new and existing)"
	}
	return out
}

// AgentPolicy is how pull requests written by coding agents are gated.
type AgentPolicy struct {
	// Name is the policy as written: "same", "strict" or a fail-on list.
	Name string
	// FailOn replaces the gate's selectors for agent-authored pull
	// requests; nil keeps them.
	FailOn []Selector
}

// strictFailOn is agent-policy "strict": every phantom and hidden finding,
// whatever its reason — the mis-declarations agents are known for.
var strictFailOn = []Selector{{Kind: audit.Hidden}, {Kind: audit.Phantom}}

// ParseAgentPolicy parses the agent-policy input: "same" (or "") gates
// agent pull requests like any other, "strict" fails on every new phantom
// and hidden finding, and a fail-on list sets the selectors outright.
func ParseAgentPolicy(s string) (AgentPolicy, error) {
	s = strings.TrimSpace(s)
	switch s {
	case "", "same":
		return AgentPolicy{Name: "same"}, nil
	case "strict":
		return AgentPolicy{Name: s, FailOn: strictFailOn}, nil
	}
	sel, err := ParseFailOn(s)
	if err != nil {
		return AgentPolicy{}, fmt.Errorf("agent-policy: want same, strict or a fail-on list: %w", err)
	}
	if sel == nil {
		sel = []Selector{} // "none": agent pull requests never fail
	}
	return AgentPolicy{Name: s, FailOn: sel}, nil
}

// For returns the gate for a pull request, stricter when an agent wrote
// it.
func (p AgentPolicy) For(g Gate, agent bool) Gate {
	if agent && p.FailOn != nil {
		g.FailOn = p.FailOn
	}
	return g
}
