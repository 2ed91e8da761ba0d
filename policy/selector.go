package policy

import (
	"fmt"
	"slices"
	"strings"

	"github.com/envaudit/envaudit/audit"
)

// Selector picks findings by kind and, optionally, reason: the unit of
// --fail-on, the Action's fail-on and agent-policy inputs, and the kind of
// an .envaudit.yml rule.
type Selector struct {
	Kind   audit.Kind
	Reason string // "" matches every reason of Kind
}

// Matches reports whether f is selected.
func (s Selector) Matches(f audit.Finding) bool {
	return f.Kind == s.Kind && (s.Reason == "" || s.Reason == f.Reason)
}

func (s Selector) String() string {
	if s.Reason == "" {
		return string(s.Kind)
	}
	return string(s.Kind) + ":" + s.Reason
}

// DefaultFailOn is the default --fail-on: the findings that break a clean
// install — a package the project's code imports that is there only
// through another package (direct), one nothing declared brings
// (undeclared), one not installed at all (missing), and a declaration
// that does not install.
const DefaultFailOn = "hidden:dev-declared,hidden:direct,hidden:missing,hidden:tampered,hidden:undeclared,phantom:not-installed"

// SelectorValues lists every value ParseSelectors accepts in a list: each
// kind, then its kind:reason pairs.
func SelectorValues() []string {
	var out []string
	for _, k := range audit.Kinds() {
		out = append(out, string(k))
		for _, r := range k.Reasons() {
			out = append(out, string(k)+":"+r)
		}
	}
	return out
}

// ParseSelectors parses a comma-separated list of kinds and kind:reason
// pairs ("hidden:undeclared,phantom:not-installed"); "none" selects
// nothing. Spaces around items are ignored; duplicates are dropped; the
// result is sorted.
func ParseSelectors(s string) ([]Selector, error) {
	if strings.TrimSpace(s) == "none" {
		return nil, nil
	}
	valid := SelectorValues()
	var out []Selector
	seen := map[string]bool{}
	for _, item := range strings.Split(s, ",") {
		item = strings.TrimSpace(item)
		if !slices.Contains(valid, item) {
			return nil, fmt.Errorf("unknown value %q (want none, or a comma-separated list of %s)", item, strings.Join(valid, ", "))
		}
		if seen[item] {
			continue
		}
		seen[item] = true
		kind, reason, _ := strings.Cut(item, ":")
		out = append(out, Selector{Kind: audit.Kind(kind), Reason: reason})
	}
	slices.SortStableFunc(out, func(a, b Selector) int { return strings.Compare(a.String(), b.String()) })
	return out, nil
}

// ParseFailOn parses the Action's fail-on input: a list of kinds and
// kind:reason pairs separated by commas, spaces or newlines (YAML block
// scalars give newlines), or "none"; "" means DefaultFailOn.
func ParseFailOn(s string) ([]Selector, error) {
	s = strings.Join(strings.FieldsFunc(s, func(r rune) bool { return r == ',' || r == ' ' || r == '\n' || r == '\t' || r == '\r' }), ",")
	if s == "" {
		s = DefaultFailOn
	}
	sel, err := ParseSelectors(s)
	if err != nil {
		return nil, fmt.Errorf("fail-on: %w", err)
	}
	return sel, nil
}
