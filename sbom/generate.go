package sbom

import (
	"errors"
	"slices"
	"strings"

	cdx "github.com/CycloneDX/cyclonedx-go"

	"github.com/envaudit/envaudit/audit"
	"github.com/envaudit/envaudit/ecosystems"
)

// DefaultMaxOccurrences is how many traced files a component lists as
// evidence occurrences when Options.MaxOccurrences is zero. The total is
// always kept in the envaudit:traced-files property.
const DefaultMaxOccurrences = 20

// Options shapes the facts Generate builds from a report.
type Options struct {
	// Identify names a package of an ecosystem (envaudit's ecosystem name,
	// the package's normalised name and its version): its package URL,
	// where no installed record carries a valid one, and its component
	// group and name. Required: the ecosystems build their packages'
	// identities, and this package knows none of them (ecosystems/all's
	// Identify asks the right one).
	Identify func(ecosystem, name, version string) ecosystems.Identity
	// MaxOccurrences caps the traced files listed per component; zero means
	// DefaultMaxOccurrences, a negative value lists none.
	MaxOccurrences int
	// Project names metadata.component; "" uses the base name of the traced
	// run's directory, else "project".
	Project string
}

// Facts is the bill of materials of one report as Generate builds it:
// reproducible, the same report and options always giving the same facts,
// because it carries no serial number, timestamp or tool metadata. Stamp
// adds those.
type Facts struct {
	// BOM holds the facts. Stamp leaves it as it is, so one Facts can be
	// stamped and encoded more than once.
	BOM *cdx.BOM

	// The report and options the facts come from name them for a
	// content-derived serial number (Envelope.ContentSerial).
	report *audit.Report
	opts   Options
}

// Well-known bom-refs.
const (
	projectRef = "project"
	toolRef    = "envaudit"
	runRef     = "traced-run"
)

// Generate maps the report to the facts of a CycloneDX BOM (spec version
// 1.6 content; Stamp it, then Encode it). It fails on a nil report or
// without opts.Identify.
func Generate(r *audit.Report, opts Options) (*Facts, error) {
	if r == nil {
		return nil, errors.New("no report")
	}
	if opts.Identify == nil {
		return nil, errors.New("sbom options: no Identify function to name packages with")
	}
	maxOcc := opts.MaxOccurrences
	if maxOcc == 0 {
		maxOcc = DefaultMaxOccurrences
	}

	bom := cdx.NewBOM()
	bom.Metadata = metadata(r, opts.Project)

	var comps []*component
	for _, eco := range r.Ecosystems {
		comps = append(comps, ecosystemComponents(eco, opts.Identify)...)
	}
	assignRefs(comps)

	components := make([]cdx.Component, 0, len(comps))
	for _, c := range comps {
		components = append(components, c.cdx(maxOcc))
	}
	slices.SortFunc(components, func(a, b cdx.Component) int { return strings.Compare(a.BOMRef, b.BOMRef) })
	if len(components) > 0 {
		bom.Components = &components
	}
	deps := dependencies(comps)
	bom.Dependencies = &deps
	if r.Run != nil {
		bom.Formulation = &[]cdx.Formula{formula(r.Run)}
	}
	return &Facts{BOM: bom, report: r, opts: opts}, nil
}
