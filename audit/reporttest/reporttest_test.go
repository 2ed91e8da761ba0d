package reporttest

import (
	"testing"

	"github.com/envaudit/envaudit/audit"
)

// TestExample checks the example holds what its users rely on: a finding
// of every kind, and copies that do not share state.
func TestExample(t *testing.T) {
	r := Example(t)
	kinds := map[audit.Kind]bool{}
	for _, e := range r.Ecosystems {
		for _, f := range e.Findings {
			kinds[f.Kind] = true
		}
	}
	for _, k := range audit.Kinds() {
		if !kinds[k] {
			t.Errorf("the example has no %s finding", k)
		}
	}
	r.Ecosystems[0].Findings[0].Package = "changed"
	if Example(t).Ecosystems[0].Findings[0].Package == "changed" {
		t.Error("Example returns shared state")
	}
}
