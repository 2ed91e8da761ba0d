package sbom

import (
	"bytes"
	"encoding/json"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/envaudit/envaudit/internal/golden"
	"github.com/envaudit/envaudit/sbom/sbomtest"
)

// TestSpec17: every report fixture as CycloneDX 1.7, JSON and XML, valid
// against the official 1.7 schemas, with a citation of every component's
// traced evidence (its occurrences) to the traced run of the formulation,
// and none of evidence no run gave; the 1.6 document of the same BOM has
// no citations.
func TestSpec17(t *testing.T) {
	reports, _ := filepath.Glob("testdata/reports/*.json")
	for _, path := range reports {
		name := strings.TrimSuffix(filepath.Base(path), ".json")
		t.Run(name, func(t *testing.T) {
			r := readReport(t, path)
			env := fixed(r)
			env.Spec = Spec17
			var js, xml bytes.Buffer
			if err := Write(&js, r, options(), env, FormatJSON); err != nil {
				t.Fatal(err)
			}
			if err := Write(&xml, r, options(), env, FormatXML); err != nil {
				t.Fatal(err)
			}
			if err := sbomtest.ValidateJSON(js.Bytes()); err != nil {
				t.Errorf("JSON does not validate against CycloneDX 1.7: %v", err)
			}
			validateXML(t, xml.Bytes())
			golden.Check(t, filepath.Join("testdata", "golden17", name+".cdx.json"), js.Bytes())

			var doc struct {
				SpecVersion string `json:"specVersion"`
				Components  []struct {
					Evidence *struct {
						Occurrences []any `json:"occurrences"`
					} `json:"evidence"`
				} `json:"components"`
				Formulation []any `json:"formulation"`
				Citations   []struct {
					Pointers  []string `json:"pointers"`
					Process   string   `json:"process"`
					Timestamp string   `json:"timestamp"`
				} `json:"citations"`
			}
			if err := json.Unmarshal(js.Bytes(), &doc); err != nil {
				t.Fatal(err)
			}
			if doc.SpecVersion != "1.7" {
				t.Errorf("specVersion %q", doc.SpecVersion)
			}
			cited := map[int]bool{}
			for _, c := range doc.Citations {
				if len(c.Pointers) != 1 || c.Timestamp == "" {
					t.Fatalf("citation %+v", c)
				}
				i, err := strconv.Atoi(strings.TrimSuffix(strings.TrimPrefix(c.Pointers[0], "/components/"), "/evidence"))
				if err != nil || i >= len(doc.Components) || doc.Components[i].Evidence == nil {
					t.Fatalf("citation points at %q, no component's evidence", c.Pointers[0])
				}
				cited[i] = true
				if c.Process != runRef {
					t.Errorf("component %d cited to process %q, want %q", i, c.Process, runRef)
				}
			}
			for i, c := range doc.Components {
				traced := c.Evidence != nil && len(c.Evidence.Occurrences) > 0 && len(doc.Formulation) > 0
				if traced != cited[i] {
					t.Errorf("component %d: traced evidence %v, cited %v", i, traced, cited[i])
				}
			}

			var v16 bytes.Buffer
			if err := Write(&v16, r, options(), fixed(r), FormatJSON); err != nil {
				t.Fatal(err)
			}
			if bytes.Contains(v16.Bytes(), []byte(`"citations"`)) {
				t.Error("the 1.6 document has citations")
			}
		})
	}
	if _, err := ParseSpec("1.5"); err == nil {
		t.Error("ParseSpec accepted 1.5")
	}
}
