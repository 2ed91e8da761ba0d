// Package sbom owns the mapping of an envaudit report to a CycloneDX 1.6
// bill of materials: one component per package of D1 ∪ D2 ∪ D3 with its
// package URL, scope, identity evidence (manifest analysis for declared and
// installed packages, dynamic analysis for traced ones), the traced files as
// occurrences, and the audit's layers and findings as properties in the
// `envaudit:` namespace.
//
// The mapping is deterministic: components, properties and dependencies are
// sorted, and the serial number and timestamp are taken from Options, so the
// same report always gives the same bytes. It never recomputes findings; it
// only renders what the report says.
//
// # Properties
//
// Component properties (all optional, repeated where a package has several):
//
//	envaudit:ecosystem         npm, python, maven, ...
//	envaudit:layer             declared, installed, traced (one property per layer)
//	envaudit:declared-in       manifest location, "package.json:7"
//	envaudit:declared-scope    runtime, dev, test, build, optional, peer, provided
//	envaudit:declared-spec     the version constraint as written
//	envaudit:installed-path    install location
//	envaudit:direct            "true" when the package manager records a direct dependency
//	envaudit:traced-files      total number of files the run used (occurrences are capped)
//	envaudit:traced-by         executable of a process that used it
//	envaudit:use               runtime or compile
//	envaudit:dev-tooling       "true" when only test tooling loaded it
//	envaudit:finding           phantom, hidden, bloat or dev
//	envaudit:finding:reason    unused, not-installed, skipped, compile-time, transitive, undeclared, installed, test-runner
//	envaudit:finding:severity  error, warning or notice
//	envaudit:finding:via       for hidden transitive packages, the declared package path ("express > debug")
//	envaudit:finding:change    new or existing, when compared with a pull request's base
//	envaudit:finding:ignored   the reason of the .envaudit.yml rule that ignores it
//
// Metadata properties carry the traced command (envaudit:command,
// envaudit:exit-code, envaudit:succeeded, ...), the metrics of each ecosystem
// (envaudit:metrics:<ecosystem>:<metric>) and the excluded toolchain
// baselines (envaudit:excluded:<ecosystem>).
//
// CycloneDX keeps component evidence in JSON only: an XML SBOM has the same
// components, properties and dependencies but no evidence element (the
// envaudit:traced-files and envaudit:declared-in properties remain).
package sbom

import (
	"bytes"
	"cmp"
	"crypto/rand"
	"crypto/sha1"
	"fmt"
	"io"
	"math"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"time"

	cdx "github.com/CycloneDX/cyclonedx-go"
	"github.com/package-url/packageurl-go"

	"github.com/envaudit/envaudit/audit"
	"github.com/envaudit/envaudit/ecosystems"
	"github.com/envaudit/envaudit/internal/shellquote"
)

// Format is the encoding of an SBOM.
type Format string

// The SBOM encodings.
const (
	FormatJSON Format = "json"
	FormatXML  Format = "xml"
)

// ParseFormat parses the name of an SBOM encoding ("json" or "xml"; "" is
// JSON).
func ParseFormat(s string) (Format, error) {
	switch strings.ToLower(strings.TrimSpace(s)) {
	case "", "json", "cyclonedx-json":
		return FormatJSON, nil
	case "xml", "cyclonedx-xml":
		return FormatXML, nil
	}
	return "", fmt.Errorf("unknown SBOM format %q (want json or xml)", s)
}

// FormatOf returns the encoding a file name asks for: XML for names ending
// in ".xml", JSON otherwise.
func FormatOf(path string) Format {
	if strings.EqualFold(filepath.Ext(path), ".xml") {
		return FormatXML
	}
	return FormatJSON
}

// DefaultMaxOccurrences is how many traced files a component lists as
// evidence occurrences when Options.MaxOccurrences is zero. The total is
// always kept in the envaudit:traced-files property.
const DefaultMaxOccurrences = 20

// Options controls how a report is rendered.
type Options struct {
	// Format is the encoding; "" means JSON.
	Format Format
	// SerialNumber is the BOM's serial number ("urn:uuid:..."); "" draws a
	// random one, or derives one from the content with ContentSerial.
	// Tests set it.
	SerialNumber string
	// ContentSerial, when SerialNumber is "", derives the serial number
	// from the report and the options instead of drawing it (a name-based,
	// version 5 UUID): a reproducible build (SOURCE_DATE_EPOCH) gets the
	// same bytes for the same report, and another serial for anything else.
	ContentSerial bool
	// Timestamp is metadata.timestamp; the zero time means now.
	Timestamp time.Time
	// MaxOccurrences caps the traced files listed per component; zero means
	// DefaultMaxOccurrences, a negative value lists none.
	MaxOccurrences int
	// Project names metadata.component; "" uses the base name of the traced
	// run's directory, else "project".
	Project string
}

// WriteFile writes the report as a CycloneDX 1.6 SBOM to path. When
// opts.Format is empty the file name chooses it (FormatOf).
func WriteFile(path string, r *audit.Report, opts Options) error {
	if opts.Format == "" {
		opts.Format = FormatOf(path)
	}
	var buf bytes.Buffer
	if err := Write(&buf, r, opts); err != nil {
		return err
	}
	if err := os.WriteFile(path, buf.Bytes(), 0o644); err != nil {
		return fmt.Errorf("write SBOM: %w", err)
	}
	return nil
}

// Write encodes the report as a CycloneDX 1.6 SBOM (pretty JSON, or XML).
func Write(w io.Writer, r *audit.Report, opts Options) error {
	bom, err := New(r, opts)
	if err != nil {
		return err
	}
	format := cdx.BOMFileFormatJSON
	switch opts.Format {
	case "", FormatJSON:
	case FormatXML:
		format = cdx.BOMFileFormatXML
	default:
		return fmt.Errorf("unknown SBOM format %q (want json or xml)", opts.Format)
	}
	// The library builds 1.7 documents by default; EncodeVersion converts a
	// copy and sets $schema and the XML namespace for 1.6.
	enc := cdx.NewBOMEncoder(w, format).SetPretty(true).SetEscapeHTML(false)
	if err := enc.EncodeVersion(bom, cdx.SpecVersion1_6); err != nil {
		return fmt.Errorf("encode SBOM: %w", err)
	}
	return nil
}

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

// Well-known bom-refs.
const (
	projectRef = "project"
	toolRef    = "envaudit"
	runRef     = "traced-run"
)

// New maps the report to a CycloneDX BOM (spec version 1.6 content; encode
// it with EncodeVersion(bom, SpecVersion1_6), as Write does).
func New(r *audit.Report, opts Options) (*cdx.BOM, error) {
	if r == nil {
		return nil, fmt.Errorf("no report")
	}
	ts := opts.Timestamp
	if ts.IsZero() {
		ts = time.Now()
	}
	serial := opts.SerialNumber
	switch {
	case serial != "":
	case opts.ContentSerial:
		var err error
		if serial, err = contentSerial(r, opts, ts); err != nil {
			return nil, err
		}
	default:
		serial = randomSerial()
	}
	maxOcc := opts.MaxOccurrences
	if maxOcc == 0 {
		maxOcc = DefaultMaxOccurrences
	}

	bom := cdx.NewBOM()
	bom.SerialNumber = serial
	bom.Metadata = metadata(r, opts.Project, ts)

	var comps []*component
	for _, eco := range r.Ecosystems {
		comps = append(comps, ecosystemComponents(eco)...)
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
	return bom, nil
}

func randomSerial() string {
	var b [16]byte
	_, _ = rand.Read(b[:])
	b[6] = b[6]&0x0f | 0x40 // version 4
	b[8] = b[8]&0x3f | 0x80 // RFC 4122 variant
	return fmt.Sprintf("urn:uuid:%x-%x-%x-%x-%x", b[0:4], b[4:6], b[6:8], b[8:10], b[10:])
}

// serialNamespace is the namespace of content-derived serial numbers: the
// version 5 UUID of envaudit's URL in RFC 4122's URL namespace.
var serialNamespace = uuidV5([16]byte{0x6b, 0xa7, 0xb8, 0x11, 0x9d, 0xad, 0x11, 0xd1, 0x80, 0xb4, 0x00, 0xc0, 0x4f, 0xd4, 0x30, 0xc8},
	[]byte("https://github.com/envaudit/envaudit/sbom"))

// contentSerial is the serial number of the BOM of r with opts dated ts: a
// version 5 UUID of the report's JSON and the options that shape the BOM
// (not the encoding: the same BOM in JSON and XML is one BOM).
func contentSerial(r *audit.Report, opts Options, ts time.Time) (string, error) {
	var name bytes.Buffer
	fmt.Fprintf(&name, "project=%s\x00timestamp=%s\x00occurrences=%d\x00", opts.Project, ts.UTC().Format(time.RFC3339), opts.MaxOccurrences)
	if err := r.WriteJSON(&name); err != nil {
		return "", fmt.Errorf("serial number: %w", err)
	}
	b := uuidV5(serialNamespace, name.Bytes())
	return fmt.Sprintf("urn:uuid:%x-%x-%x-%x-%x", b[0:4], b[4:6], b[6:8], b[8:10], b[10:]), nil
}

// uuidV5 is the name-based UUID of name in namespace ns (RFC 4122,
// section 4.3, with SHA-1).
func uuidV5(ns [16]byte, name []byte) [16]byte {
	h := sha1.New()
	h.Write(ns[:])
	h.Write(name)
	var b [16]byte
	copy(b[:], h.Sum(nil))
	b[6] = b[6]&0x0f | 0x50 // version 5
	b[8] = b[8]&0x3f | 0x80 // RFC 4122 variant
	return b
}

func metadata(r *audit.Report, project string, ts time.Time) *cdx.Metadata {
	if project == "" && r.Run != nil && r.Run.Dir != "" && r.Run.Dir != "." {
		project = filepath.Base(filepath.FromSlash(r.Run.Dir))
	}
	if project == "" || project == "." || project == string(filepath.Separator) {
		project = "project"
	}
	toolName, toolVersion := r.Tool.Name, r.Tool.Version
	if toolName == "" {
		toolName = "envaudit"
	}
	tool := cdx.Component{
		BOMRef:  toolRef,
		Type:    cdx.ComponentTypeApplication,
		Name:    toolName,
		Version: toolVersion,
	}
	if toolVersion != "" {
		tool.PackageURL = PackageURL("go", "github.com/envaudit/envaudit", toolVersion)
	}
	md := &cdx.Metadata{
		Timestamp: ts.UTC().Format(time.RFC3339),
		// The SBOM records what a build-time test run used.
		Lifecycles: &[]cdx.Lifecycle{{Phase: cdx.LifecyclePhaseBuild}},
		Tools:      &cdx.ToolsChoice{Components: &[]cdx.Component{tool}},
		Component: &cdx.Component{
			BOMRef: projectRef,
			Type:   cdx.ComponentTypeApplication,
			Name:   project,
		},
	}
	var props []cdx.Property
	add := func(name, value string) { props = append(props, cdx.Property{Name: name, Value: value}) }
	add("envaudit:report-schema", strconv.Itoa(r.SchemaVersion))
	if run := r.Run; run != nil {
		add("envaudit:command", shellquote.Join(run.Command))
		add("envaudit:exit-code", strconv.Itoa(run.ExitCode))
		add("envaudit:succeeded", strconv.FormatBool(run.Succeeded))
		add("envaudit:duration-ms", strconv.FormatInt(run.DurationMs, 10))
		add("envaudit:processes", strconv.Itoa(run.Processes))
		if run.Signal != "" {
			add("envaudit:signal", run.Signal)
		}
		if run.TimedOut {
			add("envaudit:timed-out", "true")
		}
		if run.Interrupted {
			add("envaudit:interrupted", cmp.Or(run.InterruptSignal, "true"))
		}
	}
	for _, eco := range r.Ecosystems {
		p := "envaudit:metrics:" + eco.Name + ":"
		m := eco.Metrics
		add(p+"declared", strconv.Itoa(m.Declared))
		add(p+"installed", strconv.Itoa(m.Installed))
		add(p+"traced", strconv.Itoa(m.Traced))
		add(p+"phantom-rate", formatRate(m.PhantomRate))
		add(p+"hidden-rate", formatRate(m.HiddenRate))
		add(p+"bloat-rate", formatRate(m.BloatRate))
		add(p+"transitive", strconv.Itoa(m.Transitive))
		for name, v := range map[string]*float64{"precision": m.Precision, "recall": m.Recall, "f1": m.F1, "inflation": m.Inflation} {
			if v != nil {
				add(p+name, formatRate(*v))
			}
		}
		for _, ex := range eco.Excluded {
			add("envaudit:excluded:"+eco.Name, ex.Name+" ("+ex.Why+")")
		}
		for _, m := range eco.Manifests {
			add("envaudit:manifest:"+eco.Name, m)
		}
	}
	md.Properties = sortedProps(props)
	return md
}

func formula(run *audit.RunInfo) cdx.Formula {
	props := sortedProps([]cdx.Property{
		{Name: "envaudit:command", Value: shellquote.Join(run.Command)},
		{Name: "envaudit:exit-code", Value: strconv.Itoa(run.ExitCode)},
		{Name: "envaudit:succeeded", Value: strconv.FormatBool(run.Succeeded)},
		{Name: "envaudit:dir", Value: run.Dir},
	})
	return cdx.Formula{
		BOMRef: "formula",
		Workflows: &[]cdx.Workflow{{
			BOMRef:     runRef,
			UID:        runRef,
			Name:       "traced test command",
			TaskTypes:  &[]cdx.TaskType{cdx.TaskTypeTest},
			Properties: props,
		}},
	}
}

// formatRate prints a metric with at most four decimals, so reports that
// differ in the last bits of a division give the same SBOM.
func formatRate(v float64) string {
	return strconv.FormatFloat(math.Round(v*1e4)/1e4, 'f', -1, 64)
}

// component gathers everything the report says about one package version
// of one ecosystem.
type component struct {
	eco       string
	name      string
	version   string
	purl      string
	ref       string
	declared  []ecosystems.Dependency
	installed []ecosystems.Package
	traced    []audit.TracedPackage
	findings  []audit.Finding
	dependsOn []*component
}

// ecosystemComponents merges the layers of one ecosystem by package name
// and version. Installed packages define the versions; declared
// dependencies (which have constraints, not versions) attach to every
// installed version of their name.
func ecosystemComponents(eco audit.EcosystemReport) []*component {
	var all []*component
	byName := map[string][]*component{}
	get := func(name, version string) *component {
		for _, c := range byName[name] {
			if c.version == version {
				return c
			}
		}
		c := &component{eco: eco.Name, name: name, version: version}
		byName[name] = append(byName[name], c)
		all = append(all, c)
		return c
	}
	// matching returns the components a layer entry of that name and
	// version belongs to, creating one when the package is in no layer yet.
	matching := func(name, version string) []*component {
		if version != "" {
			for _, c := range byName[name] {
				if c.version == version {
					return []*component{c}
				}
			}
		}
		if version == "" && len(byName[name]) > 0 {
			return byName[name]
		}
		return []*component{get(name, version)}
	}
	for _, p := range eco.Installed {
		c := get(p.Name, p.Version)
		c.installed = append(c.installed, p)
	}
	for _, t := range eco.Traced {
		for _, c := range matching(t.Name, t.Version) {
			c.traced = append(c.traced, t)
		}
	}
	for _, d := range eco.Declared {
		for _, c := range matching(d.Name, "") {
			c.declared = append(c.declared, d)
		}
	}
	for _, f := range eco.Findings {
		for _, c := range matching(f.Package, f.Version) {
			c.findings = append(c.findings, f)
		}
	}
	for _, c := range all {
		c.purl = c.packageURL()
	}
	for _, c := range all {
		for _, p := range c.installed {
			for _, dep := range p.Deps {
				if d := resolveDep(p.Path, byName[dep]); d != nil && d != c && !slices.Contains(c.dependsOn, d) {
					c.dependsOn = append(c.dependsOn, d)
				}
			}
		}
	}
	return all
}

// resolveDep picks which installed copy of a dependency a package at path
// uses when several versions are installed: the most deeply nested copy
// below the package (npm's nested node_modules), else the least nested one
// (the hoisted copy).
func resolveDep(path string, cands []*component) *component {
	var best *component
	bestPath, nested := "", false
	for _, c := range cands {
		for _, p := range c.installed {
			inside := path != "" && strings.HasPrefix(p.Path, path+"/")
			switch {
			case best == nil,
				inside && (!nested || len(p.Path) > len(bestPath)),
				!inside && !nested && len(p.Path) < len(bestPath):
				best, bestPath, nested = c, p.Path, inside
			}
		}
	}
	return best
}

func (c *component) packageURL() string {
	for _, p := range c.installed {
		if p.PURL == "" {
			continue
		}
		if _, err := packageurl.FromString(p.PURL); err == nil {
			return p.PURL
		}
	}
	return PackageURL(c.eco, c.name, c.version)
}

// assignRefs gives every component a unique bom-ref: its package URL, or
// "<ecosystem>:<purl>" where two ecosystems describe the same package (the
// cmake and system ecosystems both name Debian packages).
func assignRefs(comps []*component) {
	count := map[string]int{}
	for _, c := range comps {
		count[c.baseRef()]++
	}
	for _, c := range comps {
		c.ref = c.baseRef()
		if count[c.ref] > 1 {
			c.ref = c.eco + ":" + c.ref
		}
	}
}

func (c *component) baseRef() string {
	if c.purl != "" {
		return c.purl
	}
	if c.version != "" {
		return c.eco + "/" + c.name + "@" + c.version
	}
	return c.eco + "/" + c.name
}

// scope is runtime unless every declaration is for development, testing or
// building (or, undeclared, every record marks it dev-only), or the run
// only read the package to build: CycloneDX's excluded, "not reachable at
// runtime". A declared package that was neither installed nor loaded is
// optional, CycloneDX's word for "not installed or otherwise accessible".
func (c *component) scope() cdx.Scope {
	if c.devOnly() || c.compileOnly() {
		return cdx.ScopeExcluded
	}
	if len(c.installed) == 0 && len(c.traced) == 0 {
		return cdx.ScopeOptional
	}
	return cdx.ScopeRequired
}

// compileOnly reports whether the package was only needed to build: every
// traced use of it read files to compile (headers, type declarations), or
// the audit found it a compile-time phantom. Its envaudit:use property
// still says so. (A header-only C++ library is the exception this cannot
// see: compiled into the program, it leaves no runtime trace.)
func (c *component) compileOnly() bool {
	for _, f := range c.findings {
		if f.Kind == audit.Phantom && f.Reason == audit.ReasonCompileTime {
			return true
		}
	}
	if len(c.traced) == 0 {
		return false
	}
	for _, t := range c.traced {
		if t.Use != string(ecosystems.UseCompile) {
			return false
		}
	}
	return true
}

func (c *component) devOnly() bool {
	if len(c.declared) > 0 {
		for _, d := range c.declared {
			switch d.Scope {
			case ecosystems.ScopeDev, ecosystems.ScopeTest, ecosystems.ScopeBuild:
			default:
				return false
			}
		}
		return true
	}
	for _, f := range c.findings {
		if f.Kind == audit.Dev {
			return true
		}
	}
	if len(c.traced) > 0 {
		for _, t := range c.traced {
			if !t.Dev {
				return false
			}
		}
		return true
	}
	if len(c.installed) > 0 {
		for _, p := range c.installed {
			if !p.Dev {
				return false
			}
		}
		return true
	}
	return false
}

func (c *component) cdx(maxOcc int) cdx.Component {
	group, name := c.groupName()
	out := cdx.Component{
		BOMRef:     c.ref,
		Type:       cdx.ComponentTypeLibrary,
		Group:      group,
		Name:       name,
		Version:    c.version,
		Scope:      c.scope(),
		PackageURL: c.purl,
		Evidence:   c.evidence(maxOcc),
	}
	out.Properties = c.properties()
	return out
}

// groupName splits names whose ecosystem has a namespace the way CycloneDX
// producers conventionally do: the npm scope and the Maven group id become
// the component group.
func (c *component) groupName() (group, name string) {
	switch c.eco {
	case "npm":
		if strings.HasPrefix(c.name, "@") {
			if g, n, ok := strings.Cut(c.name, "/"); ok {
				return g, n
			}
		}
	case "maven":
		if g, n, ok := strings.Cut(c.name, ":"); ok {
			return g, n
		}
	}
	return "", c.name
}

func (c *component) evidence(maxOcc int) *cdx.Evidence {
	var methods []cdx.EvidenceIdentityMethod
	for _, d := range c.declared {
		methods = append(methods, cdx.EvidenceIdentityMethod{
			Technique:  cdx.EvidenceIdentityTechniqueManifestAnalysis,
			Confidence: ptr(confidenceManifest),
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
			Confidence: ptr(confidenceManifest),
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
			Confidence: ptr(conf),
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
		Confidence: ptr(best),
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

func tracedFiles(t audit.TracedPackage) int {
	return max(t.FileCount, len(t.Files))
}

func (c *component) properties() *[]cdx.Property {
	var props []cdx.Property
	add := func(name, value string) {
		if value != "" {
			props = append(props, cdx.Property{Name: name, Value: value})
		}
	}
	add("envaudit:ecosystem", c.eco)
	if len(c.declared) > 0 {
		add("envaudit:layer", "declared")
	}
	if len(c.installed) > 0 {
		add("envaudit:layer", "installed")
	}
	if len(c.traced) > 0 {
		add("envaudit:layer", "traced")
	}
	for _, d := range c.declared {
		add("envaudit:declared-in", d.Pos.String())
		add("envaudit:declared-scope", string(d.Scope))
		add("envaudit:declared-spec", d.Spec)
	}
	for _, p := range c.installed {
		add("envaudit:installed-path", p.Path)
		if p.Direct {
			add("envaudit:direct", "true")
		}
		if c.eco == "npm" {
			// The official CycloneDX taxonomy's npm names, so generic
			// consumers understand these two without knowing envaudit.
			add("cdx:npm:package:path", p.Path)
		}
	}
	if c.eco == "npm" && c.devOnly() {
		add("cdx:npm:package:development", "true")
	}
	if len(c.traced) > 0 {
		n, dev := 0, true
		for _, t := range c.traced {
			n += tracedFiles(t)
			dev = dev && t.Dev
			for _, p := range t.Processes {
				add("envaudit:traced-by", p)
			}
			add("envaudit:use", t.Use)
		}
		add("envaudit:traced-files", strconv.Itoa(n))
		if dev {
			add("envaudit:dev-tooling", "true")
		}
	}
	for _, f := range c.findings {
		add("envaudit:finding", string(f.Kind))
		add("envaudit:finding:reason", f.Reason)
		add("envaudit:finding:severity", f.Severity)
		if len(f.Via) > 0 {
			add("envaudit:finding:via", strings.Join(f.Via, " > "))
		}
		add("envaudit:finding:change", f.Change)
		add("envaudit:finding:ignored", f.Ignored)
	}
	return sortedProps(props)
}

// dependencies lists the project's declared packages and every recorded
// edge between installed packages. Packages without recorded edges get no
// entry: CycloneDX reads an empty dependsOn as "has no dependencies", which
// envaudit does not know.
func dependencies(comps []*component) []cdx.Dependency {
	var direct []string
	var deps []cdx.Dependency
	for _, c := range comps {
		if len(c.declared) > 0 {
			direct = append(direct, c.ref)
		}
		if len(c.dependsOn) == 0 {
			continue
		}
		on := make([]string, len(c.dependsOn))
		for i, d := range c.dependsOn {
			on[i] = d.ref
		}
		slices.Sort(on)
		deps = append(deps, cdx.Dependency{Ref: c.ref, Dependencies: &on})
	}
	slices.Sort(direct)
	direct = slices.Compact(direct)
	project := cdx.Dependency{Ref: projectRef}
	if len(direct) > 0 {
		project.Dependencies = &direct
	}
	deps = append(deps, project)
	slices.SortFunc(deps, func(a, b cdx.Dependency) int { return strings.Compare(a.Ref, b.Ref) })
	return deps
}

func sortedProps(props []cdx.Property) *[]cdx.Property {
	if len(props) == 0 {
		return nil
	}
	slices.SortFunc(props, func(a, b cdx.Property) int {
		return cmp.Or(strings.Compare(a.Name, b.Name), strings.Compare(a.Value, b.Value))
	})
	props = slices.Compact(props)
	return &props
}

func ptr[T any](v T) *T { return &v }

// PackageURL builds the package URL of a package of an ecosystem (envaudit's
// ecosystem names: npm, python, maven, go, cargo, system, cmake), normalised
// as the purl specification requires. Unknown ecosystems get pkg:generic.
// It returns "" when no valid purl can be built (an empty name).
func PackageURL(ecosystem, name, version string) string {
	if name == "" {
		return ""
	}
	typ, ns, n := packageurl.TypeGeneric, "", name
	switch ecosystem {
	case "npm":
		typ = packageurl.TypeNPM
		if strings.HasPrefix(name, "@") {
			if s, rest, ok := strings.Cut(name, "/"); ok {
				ns, n = s, rest
			}
		}
	case "python", "pypi":
		typ = packageurl.TypePyPi
	case "maven":
		typ = packageurl.TypeMaven
		if g, a, ok := strings.Cut(name, ":"); ok {
			ns, n = g, a
		}
	case "go", "gomod", "golang":
		typ = packageurl.TypeGolang
		if i := strings.LastIndex(name, "/"); i > 0 {
			ns, n = name[:i], name[i+1:]
		}
	case "cargo", "rust":
		typ = packageurl.TypeCargo
	case "system", "deb", "dpkg":
		typ = packageurl.TypeDebian
	}
	p := packageurl.NewPackageURL(typ, ns, n, version, nil, "")
	if err := p.Normalize(); err != nil {
		return ""
	}
	return p.ToString()
}
