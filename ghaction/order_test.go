package ghaction

import (
	"slices"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/envaudit/envaudit/audit"
	"github.com/envaudit/envaudit/policy"
)

// TestImportance checks the order annotations and comments use.
func TestImportance(t *testing.T) {
	items := []audit.Item{
		{Ecosystem: "npm", Finding: audit.Finding{Kind: audit.Bloat, Reason: audit.ReasonInstalled, Package: "b", Severity: "notice"}},
		{Ecosystem: "npm", Finding: audit.Finding{Kind: audit.Phantom, Reason: audit.ReasonUnused, Package: "p", Severity: "warning"}},
		{Ecosystem: "npm", Finding: audit.Finding{Kind: audit.Hidden, Reason: audit.ReasonTransitive, Package: "t", Severity: "warning", Change: "existing"}},
		{Ecosystem: "npm", Finding: audit.Finding{Kind: audit.Hidden, Reason: audit.ReasonTransitive, Package: "u", Severity: "warning", Change: "new"}},
		{Ecosystem: "npm", Finding: audit.Finding{Kind: audit.Hidden, Reason: audit.ReasonUndeclared, Package: "h", Severity: "error"}},
		{Ecosystem: "npm", Finding: audit.Finding{Kind: audit.Phantom, Reason: audit.ReasonNotInstalled, Package: "n", Severity: "error"}, Failing: true},
	}
	SortByImportance(items)
	var got []string
	for _, it := range items {
		got = append(got, it.Finding.Package)
	}
	if diff := cmp.Diff([]string{"n", "h", "u", "p", "t", "b"}, got); diff != "" {
		t.Errorf("order (-want +got):\n%s", diff)
	}
}

// TestKindOrderComplete checks that the ranking of findings knows every
// kind:reason the audit can report.
func TestKindOrderComplete(t *testing.T) {
	for _, v := range policy.SelectorValues() {
		if strings.Contains(v, ":") && !slices.Contains(kindOrder, v) {
			t.Errorf("kindOrder lacks %q", v)
		}
	}
}
