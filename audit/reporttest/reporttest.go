// Package reporttest owns the example report that the packages rendering
// or post-processing a finished report test against (policy, sarif,
// baseline, the GitHub outputs): one npm audit with a finding of every
// kind, new and existing ones, evidence and a lockfile among its
// manifests. Only _test.go files import it.
package reporttest

import (
	"bytes"
	_ "embed"
	"encoding/json"
	"testing"

	"github.com/envaudit/envaudit/audit"
)

//go:embed report.json
var example []byte

// Example returns a fresh copy of the example report, decoded strictly so
// a field the report model no longer has fails the test that reads it.
func Example(t testing.TB) *audit.Report {
	t.Helper()
	dec := json.NewDecoder(bytes.NewReader(example))
	dec.DisallowUnknownFields()
	var r audit.Report
	if err := dec.Decode(&r); err != nil {
		t.Fatalf("decode the example report: %v", err)
	}
	return &r
}
