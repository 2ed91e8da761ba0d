package sarif

import (
	"bytes"
	"strings"
	"testing"

	"github.com/envaudit/envaudit/audit/reporttest"
)

// TestFile checks the output file a front end writes the SARIF log to:
// what Write writes with the options given, under the label and path
// given, in a format that recognises it and no other file.
func TestFile(t *testing.T) {
	r := reporttest.Example(t)
	var want bytes.Buffer
	if err := Write(&want, r, Options{Prefix: "app"}); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name, input string
		recognized  bool
	}{
		{"written", "", true},
		{"report", `{"schemaVersion": 1}`, false},
		{"otherVersion", `{"version": "2.0.0", "runs": []}`, false},
		{"text", "hello", false},
	}
	f := File("--sarif", "out.sarif", r, Options{Prefix: "app"})
	if f.Label != "--sarif" || f.Path != "out.sarif" || f.Format.Name != "sarif" {
		t.Errorf("File = label %q, path %q, format %q", f.Label, f.Path, f.Format.Name)
	}
	var got bytes.Buffer
	if err := f.Write(&got); err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got.Bytes(), want.Bytes()) {
		t.Errorf("File wrote %d bytes unlike Write's %d", got.Len(), want.Len())
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			input := tt.input
			if input == "" {
				input = got.String()
			}
			if ok := f.Format.Recognize(strings.NewReader(input)); ok != tt.recognized {
				t.Errorf("Recognize = %t, want %t", ok, tt.recognized)
			}
		})
	}
}
