package audit_test

import (
	"bytes"
	"strings"
	"testing"

	"github.com/envaudit/envaudit/audit"
	"github.com/envaudit/envaudit/audit/reporttest"
)

// TestReportFile checks the output file a front end writes the JSON
// report to: WriteJSON's bytes under the label and path given, in a
// format that recognises them and no other file, so a later run may
// replace its own report and nothing else.
func TestReportFile(t *testing.T) {
	r := reporttest.Example(t)
	f := audit.ReportFile("--report", "out/report.json", r)
	if f.Label != "--report" || f.Path != "out/report.json" || f.Format.Name != "report" {
		t.Errorf("ReportFile = label %q, path %q, format %q", f.Label, f.Path, f.Format.Name)
	}
	var want, got bytes.Buffer
	if err := r.WriteJSON(&want); err != nil {
		t.Fatal(err)
	}
	if err := f.Write(&got); err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got.Bytes(), want.Bytes()) {
		t.Errorf("ReportFile wrote %d bytes unlike WriteJSON's %d", got.Len(), want.Len())
	}
	tests := []struct {
		name, input string
		recognized  bool
	}{
		{"written", got.String(), true},
		{"sarif", `{"version": "2.1.0", "runs": []}`, false},
		{"text", "hello", false},
		{"empty", "", false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if ok := f.Format.Recognize(strings.NewReader(tt.input)); ok != tt.recognized {
				t.Errorf("Recognize = %t, want %t", ok, tt.recognized)
			}
		})
	}
}
