package ghaction

import (
	"cmp"
	"fmt"
	"path"
	"slices"
	"strings"

	"github.com/envaudit/envaudit/audit"
)

// Item is one finding with the ecosystem that reported it.
type Item struct {
	Ecosystem string
	// Manifest is the ecosystem's first manifest: where a finding without a
	// manifest line (a hidden package, which no manifest names) is placed.
	Manifest string
	Finding  audit.Finding
	// Failing says the finding fails the gate.
	Failing bool
}

// Key identifies a finding across runs and pushes: ecosystem, kind and
// package. The reason is left out on purpose, so a phantom that turns from
// "unused" into "not-installed" stays the same review thread and alert.
func (it Item) Key() string {
	return it.Ecosystem + "/" + string(it.Finding.Kind) + "/" + it.Finding.Package
}

// Items flattens the findings of a report, in report order.
func Items(r *audit.Report) []Item {
	var out []Item
	for _, e := range r.Ecosystems {
		manifest := primaryManifest(e.Manifests)
		for _, f := range e.Findings {
			out = append(out, Item{Ecosystem: e.Name, Manifest: manifest, Finding: f})
		}
	}
	return out
}

// primaryManifest is the manifest a finding without a line of its own is
// placed on: the first that is not a lockfile (package.json rather than
// package-lock.json), since that is where a declaration would go.
func primaryManifest(manifests []string) string {
	for _, m := range manifests {
		if !lockfiles[path.Base(m)] {
			return m
		}
	}
	if len(manifests) > 0 {
		return manifests[0]
	}
	return ""
}

// Gate decides which findings fail the step.
type Gate struct {
	// FailOn selects the kinds and reasons that fail.
	FailOn []audit.Selector
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

// Apply marks the failing items and returns how many fail.
func (g Gate) Apply(items []Item) int {
	n := 0
	for i := range items {
		items[i].Failing = g.Fails(items[i].Finding)
		if items[i].Failing {
			n++
		}
	}
	return n
}

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

// ParseFailOn parses the fail-on input: a list of kinds and kind:reason
// pairs separated by commas, spaces or newlines (YAML block scalars give
// newlines), or "none"; "" means audit.DefaultFailOn.
func ParseFailOn(s string) ([]audit.Selector, error) {
	s = strings.Join(strings.FieldsFunc(s, func(r rune) bool { return r == ',' || r == ' ' || r == '\n' || r == '\t' || r == '\r' }), ",")
	if s == "" {
		s = audit.DefaultFailOn
	}
	sel, err := audit.ParseSelectors(s)
	if err != nil {
		return nil, fmt.Errorf("fail-on: %w", err)
	}
	return sel, nil
}

// AgentPolicy is how pull requests written by coding agents are gated.
type AgentPolicy struct {
	// Name is the policy as written: "same", "strict" or a fail-on list.
	Name string
	// FailOn replaces the gate's selectors for agent-authored pull
	// requests; nil keeps them.
	FailOn []audit.Selector
}

// strictFailOn is agent-policy "strict": every phantom and hidden finding,
// whatever its reason — the mis-declarations agents are known for.
var strictFailOn = []audit.Selector{{Kind: audit.Hidden}, {Kind: audit.Phantom}}

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
		sel = []audit.Selector{} // "none": agent pull requests never fail
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

// importance orders findings for annotations, comments and the summary:
// failing first, then by severity, then new before existing, then the kinds
// that break a clean install before the ones that only waste space.
func importance(a, b Item) int {
	return cmp.Or(
		boolRank(b.Failing, a.Failing),
		cmp.Compare(severityRank(a.Finding.Severity), severityRank(b.Finding.Severity)),
		cmp.Compare(changeRank(a.Finding.Change), changeRank(b.Finding.Change)),
		cmp.Compare(kindRank(a.Finding), kindRank(b.Finding)),
		strings.Compare(a.Ecosystem, b.Ecosystem),
		strings.Compare(a.Finding.Package, b.Finding.Package),
		strings.Compare(a.Finding.Version, b.Finding.Version),
	)
}

// SortByImportance sorts items most important first.
func SortByImportance(items []Item) { slices.SortStableFunc(items, importance) }

func boolRank(a, b bool) int {
	switch {
	case a == b:
		return 0
	case a:
		return 1
	}
	return -1
}

func severityRank(s string) int {
	switch s {
	case audit.SeverityError:
		return 0
	case audit.SeverityWarning:
		return 1
	case audit.SeverityNotice:
		return 2
	}
	return 3
}

func changeRank(c string) int {
	switch c {
	case audit.ChangeNew:
		return 0
	case "":
		return 1
	}
	return 2
}

var kindOrder = []string{
	"hidden:" + audit.ReasonUndeclared,
	"phantom:" + audit.ReasonNotInstalled,
	"hidden:" + audit.ReasonTransitive,
	"phantom:" + audit.ReasonUnused,
	"phantom:" + audit.ReasonCompileTime,
	"phantom:" + audit.ReasonSkipped,
	"dev:" + audit.ReasonTestRunner,
	"bloat:" + audit.ReasonInstalled,
}

func kindRank(f audit.Finding) int {
	if i := slices.Index(kindOrder, string(f.Kind)+":"+f.Reason); i >= 0 {
		return i
	}
	return len(kindOrder)
}
