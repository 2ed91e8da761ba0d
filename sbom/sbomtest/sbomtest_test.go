package sbomtest

import (
	"errors"
	"strings"
	"testing"

	"github.com/envaudit/envaudit/internal/testenv"
)

// The validators must reject what the schema forbids, or every passing
// SBOM test would prove nothing.
func TestValidateJSON(t *testing.T) {
	tests := []struct {
		name, doc, wantErr string
	}{
		{"minimal", `{"bomFormat":"CycloneDX","specVersion":"1.6","version":1}`, ""},
		{"badScope", `{"bomFormat":"CycloneDX","specVersion":"1.6","components":[{"type":"library","name":"x","scope":"dev"}]}`, "scope"},
		{"methodWithoutConfidence", `{"bomFormat":"CycloneDX","specVersion":"1.6","components":[{"type":"library","name":"x",
			"evidence":{"identity":[{"field":"purl","methods":[{"technique":"dynamic-analysis"}]}]}}]}`, "confidence"},
		{"badSerial", `{"bomFormat":"CycloneDX","specVersion":"1.6","serialNumber":"42"}`, "serialNumber"},
		{"badTimestamp", `{"bomFormat":"CycloneDX","specVersion":"1.6","metadata":{"timestamp":"yesterday"}}`, "timestamp"},
		{"unknownField", `{"bomFormat":"CycloneDX","specVersion":"1.6","extra":1}`, "extra"},
		{"uniqueRefs", `{"bomFormat":"CycloneDX","specVersion":"1.6","metadata":{"component":{"type":"application","name":"p","bom-ref":"p"}},
			"components":[{"type":"library","name":"a","bom-ref":"a"},{"type":"library","name":"b","bom-ref":"b","components":[{"type":"library","name":"c","bom-ref":"c"}]}],
			"dependencies":[{"ref":"p","dependsOn":["a","b"]},{"ref":"b","dependsOn":["c"]}]}`, ""},
		{"duplicateRef", `{"bomFormat":"CycloneDX","specVersion":"1.6","components":[{"type":"library","name":"string-width","bom-ref":"pkg:npm/string-width@4.2.3"},
			{"type":"library","name":"string-width-cjs","bom-ref":"pkg:npm/string-width@4.2.3"}]}`, "not unique"},
		{"duplicateNestedRef", `{"bomFormat":"CycloneDX","specVersion":"1.6","metadata":{"component":{"type":"application","name":"p","bom-ref":"a"}},
			"components":[{"type":"library","name":"b","bom-ref":"b","components":[{"type":"library","name":"a","bom-ref":"a"}]}]}`, "not unique"},
		{"danglingDependency", `{"bomFormat":"CycloneDX","specVersion":"1.6","components":[{"type":"library","name":"a","bom-ref":"a"}],
			"dependencies":[{"ref":"a","dependsOn":["gone"]}]}`, "gone"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			err := ValidateJSON([]byte(tt.doc))
			switch {
			case tt.wantErr == "" && err != nil:
				t.Errorf("unexpected error: %v", err)
			case tt.wantErr != "" && err == nil:
				t.Errorf("accepted an invalid document")
			case tt.wantErr != "" && !strings.Contains(err.Error(), tt.wantErr):
				t.Errorf("error %q does not mention %q", err, tt.wantErr)
			}
		})
	}
}

func TestValidateXML(t *testing.T) {
	testenv.RealInstall(t) // xmllint, from Debian's libxml2-utils
	const head = `<?xml version="1.0" encoding="UTF-8"?>` + "\n"
	tests := []struct {
		name, doc string
		ok        bool
	}{
		{"minimal", head + `<bom xmlns="http://cyclonedx.org/schema/bom/1.6" version="1"></bom>`, true},
		{"badScope", head + `<bom xmlns="http://cyclonedx.org/schema/bom/1.6" version="1"><components><component type="library"><name>x</name><scope>dev</scope></component></components></bom>`, false},
		{"wrongNamespace", head + `<bom xmlns="http://cyclonedx.org/schema/bom/1.9" version="1"></bom>`, false},
		{"duplicateRef", head + `<bom xmlns="http://cyclonedx.org/schema/bom/1.6" version="1"><components><component type="library" bom-ref="x"><name>x</name></component><component type="library" bom-ref="x"><name>y</name></component></components></bom>`, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			err := ValidateXML([]byte(tt.doc))
			if errors.Is(err, ErrNoXmllint) {
				t.Fatal(err)
			}
			if (err == nil) != tt.ok {
				t.Errorf("ValidateXML = %v, want ok=%v", err, tt.ok)
			}
		})
	}
}
