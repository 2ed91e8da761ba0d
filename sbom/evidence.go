package sbom

import (
	"cmp"
	"fmt"
	"slices"
	"strings"

	cdx "github.com/CycloneDX/cyclonedx-go"

	"github.com/envaudit/envaudit/audit"
	"github.com/envaudit/envaudit/ecosystems"
)

// Confidence of each identification technique, as CycloneDX records it
// (0 to 1).
const (
	// A manifest or the package manager's own record names the package
	// exactly.
	confidenceManifest float32 = 1
	// A traced file is attributed by exact ownership records or install-path
	// layout; a vendored or shaded copy can still be misattributed.
	confidenceTraced float32 = 0.9
	// Reading a header or type declaration while building shows the package
	// was needed, but less directly than loading its code.
	confidenceCompile float32 = 0.7
)

// evidence is how the component was identified — its declarations and
// install records (manifest analysis), its traced uses (dynamic analysis)
// — and the traced files, at most maxOcc of them, as occurrences.
func (c *component) evidence(maxOcc int) *cdx.Evidence {
	var methods []cdx.EvidenceIdentityMethod
	for _, d := range c.declared {
		methods = append(methods, cdx.EvidenceIdentityMethod{
			Technique:  cdx.EvidenceIdentityTechniqueManifestAnalysis,
			Confidence: new(confidenceManifest),
			Value:      d.Pos.String(),
		})
	}
	for _, p := range c.installed {
		v := p.Path
		if v == "" {
			v = "installed"
		}
		methods = append(methods, cdx.EvidenceIdentityMethod{
			Technique:  cdx.EvidenceIdentityTechniqueManifestAnalysis,
			Confidence: new(confidenceManifest),
			Value:      v,
		})
	}
	var files []string
	for _, t := range c.traced {
		conf := confidenceTraced
		if t.Use == string(ecosystems.UseCompile) {
			conf = confidenceCompile
		}
		v := fmt.Sprintf("%d files used", tracedFiles(t))
		if tracedFiles(t) == 1 {
			v = "1 file used"
		}
		if len(t.Processes) > 0 {
			v += " by " + strings.Join(t.Processes, ", ")
		}
		methods = append(methods, cdx.EvidenceIdentityMethod{
			Technique:  cdx.EvidenceIdentityTechniqueDynamicAnalysis,
			Confidence: new(conf),
			Value:      v,
		})
		files = append(files, t.Files...)
	}
	if len(methods) == 0 {
		return nil
	}
	slices.SortFunc(methods, func(a, b cdx.EvidenceIdentityMethod) int {
		return cmp.Or(strings.Compare(string(a.Technique), string(b.Technique)), strings.Compare(a.Value, b.Value))
	})
	methods = slices.CompactFunc(methods, func(a, b cdx.EvidenceIdentityMethod) bool {
		return a.Technique == b.Technique && a.Value == b.Value
	})
	best := float32(0)
	for _, m := range methods {
		best = max(best, *m.Confidence)
	}
	id := cdx.EvidenceIdentity{
		Field:      cdx.EvidenceIdentityFieldTypeName,
		Confidence: new(best),
		Methods:    &methods,
	}
	if c.purl != "" {
		id.Field = cdx.EvidenceIdentityFieldTypePURL
		id.ConcludedValue = c.purl
	}
	ev := &cdx.Evidence{Identity: &cdx.EvidenceIdentityChoice{Identities: &[]cdx.EvidenceIdentity{id}}}

	slices.Sort(files)
	files = slices.Compact(files)
	if maxOcc > 0 && len(files) > 0 {
		if len(files) > maxOcc {
			files = files[:maxOcc]
		}
		occ := make([]cdx.EvidenceOccurrence, len(files))
		for i, f := range files {
			occ[i] = cdx.EvidenceOccurrence{Location: f}
		}
		ev.Occurrences = &occ
	}
	return ev
}

// tracedFiles is how many files the run used of a package: the report's
// total, which it keeps when it lists only some of the files.
func tracedFiles(t audit.TracedPackage) int {
	return max(t.FileCount, len(t.Files))
}
