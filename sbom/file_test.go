package sbom

import (
	"bytes"
	"strings"
	"testing"

	"github.com/envaudit/envaudit/audit"
)

// TestFile checks the output file a front end writes the SBOM to: the
// format named, else the one the path's extension names; the tool that
// made the report in its metadata; and that its own format recognises
// what it writes, so a later run may replace it.
func TestFile(t *testing.T) {
	tests := []struct {
		name   string
		path   string
		format Format
		xml    bool
	}{
		{"jsonByExtension", "out/bom.json", "", false},
		{"xmlByExtension", "out/bom.xml", "", true},
		{"noExtension", "bom", "", false},
		{"namedOverExtension", "bom.json", FormatXML, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := readReport(t, "testdata/reports/npm.json")
			r.Tool = audit.Tool{Name: "envaudit", Version: "v9.9.9"}
			f := File("--sbom", tt.path, r, options(), Envelope{SerialNumber: testSerial, Timestamp: testTime}, tt.format)
			if f.Label != "--sbom" || f.Path != tt.path || f.Format.Name != "sbom" {
				t.Errorf("File = label %q, path %q, format %q", f.Label, f.Path, f.Format.Name)
			}
			var buf bytes.Buffer
			if err := f.Write(&buf); err != nil {
				t.Fatal(err)
			}
			out := buf.String()
			if got := strings.HasPrefix(out, "<?xml"); got != tt.xml {
				t.Errorf("XML = %t, want %t:\n%.200s", got, tt.xml, out)
			}
			if !strings.Contains(out, "v9.9.9") {
				t.Errorf("the SBOM does not name the report's tool version:\n%.400s", out)
			}
			if !f.Format.Recognize(strings.NewReader(out)) {
				t.Error("FileFormat does not recognise the SBOM File wrote")
			}
		})
	}
}
