package sbom

import (
	"fmt"
	"strconv"
	"strings"
	"time"

	cdx "github.com/CycloneDX/cyclonedx-go"
)

// The CycloneDX versions Encode writes.
const (
	Spec16 = "1.6"
	Spec17 = "1.7"
)

// ParseSpec parses a CycloneDX version: "1.6" (also "") or "1.7".
func ParseSpec(s string) (string, error) {
	switch strings.TrimSpace(s) {
	case "", Spec16:
		return Spec16, nil
	case Spec17:
		return Spec17, nil
	}
	return "", fmt.Errorf("unknown CycloneDX version %q (want 1.6 or 1.7)", s)
}

func cdxSpec(spec string) cdx.SpecVersion {
	if spec == Spec17 {
		return cdx.SpecVersion1_7
	}
	return cdx.SpecVersion1_6
}

// citations attributes, in a CycloneDX 1.7 BOM, each component's traced
// evidence (the files the traced run opened, its occurrences) to the
// traced run, the workflow of the BOM's formulation that produced it. Each
// citation points at the evidence by its JSON Pointer, as the
// specification asks of every serialisation. Evidence of identity alone
// (read from the installation's records, no run) is not cited: it has no
// process, and cyclonedx-go v0.12.0 writes a citation's attributedTo as
// an XML attribute where the 1.7 XSD wants the reference as text.
func citations(bom *cdx.BOM, ts time.Time) *[]cdx.Citation {
	if bom.Components == nil || !tracedRun(bom) {
		return nil
	}
	stamp := ts.UTC().Format(time.RFC3339)
	var out []cdx.Citation
	for i, c := range *bom.Components {
		if c.Evidence == nil || c.Evidence.Occurrences == nil || len(*c.Evidence.Occurrences) == 0 {
			continue
		}
		out = append(out, cdx.Citation{
			BOMRef:    "citation-" + strconv.Itoa(len(out)+1),
			Pointers:  &[]string{"/components/" + strconv.Itoa(i) + "/evidence"},
			Timestamp: stamp,
			Process:   runRef,
			Note:      "files the traced test command opened or executed, recorded by envaudit's tracer",
		})
	}
	if len(out) == 0 {
		return nil
	}
	return &out
}

// tracedRun reports whether the BOM's formulation holds the traced run.
func tracedRun(bom *cdx.BOM) bool {
	if bom.Formulation == nil {
		return false
	}
	for _, f := range *bom.Formulation {
		if f.Workflows == nil {
			continue
		}
		for _, w := range *f.Workflows {
			if w.BOMRef == runRef {
				return true
			}
		}
	}
	return false
}
