package ghaction

import (
	"bytes"
	"encoding/json"
	"os"
	"testing"

	"github.com/envaudit/envaudit/audit"
)

// readReport reads testdata/report.json, an npm audit with every kind of
// finding.
func readReport(t *testing.T) *audit.Report {
	t.Helper()
	data, err := os.ReadFile("testdata/report.json")
	if err != nil {
		t.Fatal(err)
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	var r audit.Report
	if err := dec.Decode(&r); err != nil {
		t.Fatal(err)
	}
	return &r
}

func errString(err error) string {
	if err == nil {
		return ""
	}
	return err.Error()
}
