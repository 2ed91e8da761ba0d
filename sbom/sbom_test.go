package sbom

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	cdx "github.com/CycloneDX/cyclonedx-go"
	"github.com/google/go-cmp/cmp"

	"github.com/envaudit/envaudit/audit"
	"github.com/envaudit/envaudit/ecosystems"
	"github.com/envaudit/envaudit/ecosystems/all"
	"github.com/envaudit/envaudit/internal/golden"
	"github.com/envaudit/envaudit/internal/testenv"
	"github.com/envaudit/envaudit/sbom/sbomtest"
)

// Fixed serial number and timestamp of golden SBOMs.
const testSerial = "urn:uuid:3e671687-395b-41f5-a30f-a58921a69b79"

var testTime = time.Date(2026, 11, 30, 9, 0, 0, 0, time.UTC)

func readReport(t *testing.T, path string) *audit.Report {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields() // a typo in a fixture must not silently drop a field
	var r audit.Report
	if err := dec.Decode(&r); err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	return &r
}

// options are the generator's options of the tests: the packages named as
// envaudit's ecosystems name them.
func options() Options { return Options{Identify: all.Identify} }

// fixed is the envelope of golden SBOMs.
func fixed(r *audit.Report) Envelope {
	return Envelope{SerialNumber: testSerial, Timestamp: testTime, Tool: r.Tool}
}

// generate builds the facts of r and stamps them with env.
func generate(t *testing.T, r *audit.Report, opts Options, env Envelope) *cdx.BOM {
	t.Helper()
	f, err := Generate(r, opts)
	if err != nil {
		t.Fatal(err)
	}
	bom, err := Stamp(f, env)
	if err != nil {
		t.Fatal(err)
	}
	return bom
}

// render generates, stamps and encodes r, as the command line does.
func render(t *testing.T, r *audit.Report, opts Options, env Envelope, format Format) []byte {
	t.Helper()
	var buf bytes.Buffer
	if err := Encode(&buf, generate(t, r, opts, env), format); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

// validateXML validates an XML SBOM with xmllint, which `make setup`
// installs: in the short tier it skips the rest of the test (the golden
// comparison and the JSON schema check have run).
func validateXML(t *testing.T, data []byte) {
	t.Helper()
	testenv.RealInstall(t)
	if err := sbomtest.ValidateXML(data); err != nil {
		if errors.Is(err, sbomtest.ErrNoXmllint) {
			t.Fatal(err)
		}
		t.Errorf("XML SBOM does not validate against CycloneDX 1.6: %v", err)
	}
}

// TestGolden renders every report fixture as JSON and XML, compares the
// result with the golden files and validates it against the official 1.6
// schemas.
func TestGolden(t *testing.T) {
	reports, _ := filepath.Glob("testdata/reports/*.json")
	if len(reports) == 0 {
		t.Fatal("no report fixtures")
	}
	for _, path := range reports {
		name := strings.TrimSuffix(filepath.Base(path), ".json")
		t.Run(name, func(t *testing.T) {
			r := readReport(t, path)
			for _, f := range []Format{FormatJSON, FormatXML} {
				got := render(t, r, options(), fixed(r), f)
				golden.Check(t, filepath.Join("testdata", "golden", name+".cdx."+string(f)), got)
				if f == FormatJSON {
					if err := sbomtest.ValidateJSON(got); err != nil {
						t.Errorf("JSON SBOM does not validate against CycloneDX 1.6: %v", err)
					}
				} else {
					validateXML(t, got)
				}
			}
		})
	}
}

// TestDeterministic checks that the order of a report's lists does not
// change the SBOM.
func TestDeterministic(t *testing.T) {
	reports, _ := filepath.Glob("testdata/reports/*.json")
	for _, path := range reports {
		t.Run(filepath.Base(path), func(t *testing.T) {
			r := readReport(t, path)
			want := render(t, r, options(), fixed(r), FormatJSON)
			for i := range r.Ecosystems {
				e := &r.Ecosystems[i]
				slices.Reverse(e.Declared)
				slices.Reverse(e.Installed)
				slices.Reverse(e.Traced)
				slices.Reverse(e.Findings)
				slices.Reverse(e.Excluded)
				for j := range e.Traced {
					slices.Reverse(e.Traced[j].Files)
				}
			}
			got := render(t, r, options(), fixed(r), FormatJSON)
			if diff := cmp.Diff(string(want), string(got)); diff != "" {
				t.Errorf("reordered report gives a different SBOM (-want +got):\n%s", diff)
			}
		})
	}
}

func findComponent(t *testing.T, bom *cdx.BOM, ref string) cdx.Component {
	t.Helper()
	for _, c := range *bom.Components {
		if c.BOMRef == ref {
			return c
		}
	}
	t.Fatalf("no component %q", ref)
	return cdx.Component{}
}

func props(c cdx.Component, name string) []string {
	var out []string
	if c.Properties != nil {
		for _, p := range *c.Properties {
			if p.Name == name {
				out = append(out, p.Value)
			}
		}
	}
	return out
}

// TestComponents checks the mapping of layers and findings to components
// on the npm fixture, one property of the issue at a time.
func TestComponents(t *testing.T) {
	r := readReport(t, "testdata/reports/npm.json")
	opts := options()
	opts.MaxOccurrences = 2
	bom := generate(t, r, opts, fixed(r))
	tests := []struct {
		ref, scope string
		layers     []string
		finding    []string
		reason     []string
	}{
		{"pkg:npm/debug@4.3.4", "required", []string{"declared", "installed", "traced"}, nil, nil},
		{"pkg:npm/yargs@17.7.2", "required", []string{"declared", "installed"}, []string{"phantom"}, []string{"unused"}},
		{"pkg:npm/left-padd", "optional", []string{"declared"}, []string{"phantom"}, []string{"not-installed"}},
		{"pkg:npm/%40types/node@20.11.5", "excluded", []string{"declared", "installed"}, []string{"phantom"}, []string{"compile-time"}},
		{"pkg:npm/mocha@10.2.0", "excluded", []string{"declared", "installed", "traced"}, nil, nil},
		{"pkg:npm/chalk@4.1.2", "excluded", []string{"installed", "traced"}, []string{"dev"}, []string{"test-runner"}},
		{"pkg:npm/ms@2.1.2", "required", []string{"installed", "traced"}, []string{"hidden"}, []string{"transitive"}},
		{"pkg:npm/ms@2.0.0", "required", []string{"installed"}, nil, nil},
		{"pkg:npm/lodash@4.17.21", "required", []string{"installed", "traced"}, []string{"hidden"}, []string{"undeclared"}},
		{"pkg:npm/y18n@5.0.8", "required", []string{"installed"}, []string{"bloat"}, []string{"installed"}},
	}
	for _, tt := range tests {
		t.Run(tt.ref, func(t *testing.T) {
			c := findComponent(t, bom, tt.ref)
			if got := string(c.Scope); got != tt.scope {
				t.Errorf("scope = %q, want %q", got, tt.scope)
			}
			if diff := cmp.Diff(tt.layers, props(c, "envaudit:layer")); diff != "" {
				t.Errorf("layers (-want +got):\n%s", diff)
			}
			if diff := cmp.Diff(tt.finding, props(c, "envaudit:finding")); diff != "" {
				t.Errorf("finding (-want +got):\n%s", diff)
			}
			if diff := cmp.Diff(tt.reason, props(c, "envaudit:finding:reason")); diff != "" {
				t.Errorf("reason (-want +got):\n%s", diff)
			}
		})
	}

	t.Run("group", func(t *testing.T) {
		c := findComponent(t, bom, "pkg:npm/%40types/node@20.11.5")
		if c.Group != "@types" || c.Name != "node" {
			t.Errorf("group, name = %q, %q; want @types, node", c.Group, c.Name)
		}
	})
	t.Run("identity", func(t *testing.T) {
		c := findComponent(t, bom, "pkg:npm/debug@4.3.4")
		ids := *c.Evidence.Identity.Identities
		var got []string
		for _, m := range *ids[0].Methods {
			got = append(got, string(m.Technique)+" "+m.Value)
		}
		want := []string{
			"dynamic-analysis 3 files used by node",
			"manifest-analysis node_modules/debug",
			"manifest-analysis package.json:7",
		}
		if diff := cmp.Diff(want, got); diff != "" {
			t.Errorf("methods (-want +got):\n%s", diff)
		}
		if ids[0].Field != cdx.EvidenceIdentityFieldTypePURL || ids[0].ConcludedValue != "pkg:npm/debug@4.3.4" || *ids[0].Confidence != 1 {
			t.Errorf("identity = %+v", ids[0])
		}
	})
	t.Run("occurrencesCapped", func(t *testing.T) {
		c := findComponent(t, bom, "pkg:npm/debug@4.3.4")
		var got []string
		for _, o := range *c.Evidence.Occurrences {
			got = append(got, o.Location)
		}
		if diff := cmp.Diff([]string{"node_modules/debug/package.json", "node_modules/debug/src/index.js"}, got); diff != "" {
			t.Errorf("occurrences (-want +got):\n%s", diff)
		}
		if diff := cmp.Diff([]string{"3"}, props(c, "envaudit:traced-files")); diff != "" {
			t.Errorf("traced-files (-want +got):\n%s", diff)
		}
		lodash := findComponent(t, bom, "pkg:npm/lodash@4.17.21")
		if diff := cmp.Diff([]string{"30"}, props(lodash, "envaudit:traced-files")); diff != "" {
			t.Errorf("lodash traced-files keeps the total (-want +got):\n%s", diff)
		}
	})
	t.Run("dependencies", func(t *testing.T) {
		got := map[string][]string{}
		for _, d := range *bom.Dependencies {
			if d.Dependencies != nil {
				got[d.Ref] = *d.Dependencies
			}
		}
		want := map[string][]string{
			"project": {"pkg:npm/%40types/node@20.11.5", "pkg:npm/debug@4.3.4", "pkg:npm/left-padd", "pkg:npm/mocha@10.2.0", "pkg:npm/yargs@17.7.2"},
			// debug uses the hoisted ms, yargs its own nested copy.
			"pkg:npm/debug@4.3.4":  {"pkg:npm/ms@2.1.2"},
			"pkg:npm/yargs@17.7.2": {"pkg:npm/ms@2.0.0", "pkg:npm/y18n@5.0.8"},
			"pkg:npm/mocha@10.2.0": {"pkg:npm/chalk@4.1.2"},
		}
		if diff := cmp.Diff(want, got); diff != "" {
			t.Errorf("dependencies (-want +got):\n%s", diff)
		}
	})
	t.Run("metadata", func(t *testing.T) {
		md := bom.Metadata
		if md.Timestamp != "2026-11-30T09:00:00Z" || md.Component.Name != "webapp" {
			t.Errorf("timestamp, project = %q, %q", md.Timestamp, md.Component.Name)
		}
		tools := *md.Tools.Components
		if len(tools) != 1 || tools[0].Name != "envaudit" || tools[0].Version != "v0.1.0" {
			t.Errorf("tools = %+v", tools)
		}
		var cmd string
		for _, p := range *md.Properties {
			if p.Name == "envaudit:command" {
				cmd = p.Value
			}
		}
		if cmd != "npm test" {
			t.Errorf("envaudit:command = %q", cmd)
		}
	})
}

// TestSharedPackageRefs checks that two ecosystems describing the same
// Debian package get distinct bom-refs.
func TestSharedPackageRefs(t *testing.T) {
	r := readReport(t, "testdata/reports/multi.json")
	bom := generate(t, r, options(), fixed(r))
	seen := map[string]bool{}
	var refs []string
	for _, c := range *bom.Components {
		if seen[c.BOMRef] {
			t.Errorf("duplicate bom-ref %q", c.BOMRef)
		}
		seen[c.BOMRef] = true
		if strings.Contains(c.BOMRef, "libssl-dev") {
			refs = append(refs, c.BOMRef)
		}
	}
	want := []string{
		"cmake:pkg:deb/debian/libssl-dev@3.0.11-1~deb12u2?arch=amd64&distro=debian-12",
		"system:pkg:deb/debian/libssl-dev@3.0.11-1~deb12u2?arch=amd64&distro=debian-12",
	}
	if diff := cmp.Diff(want, refs); diff != "" {
		t.Errorf("refs (-want +got):\n%s", diff)
	}
}

// TestRandomSerial checks that an SBOM without an injected serial number
// and timestamp still validates, and that serials differ between calls.
func TestRandomSerial(t *testing.T) {
	r := readReport(t, "testdata/reports/npm.json")
	a, b := render(t, r, options(), Envelope{}, FormatJSON), render(t, r, options(), Envelope{}, FormatJSON)
	if err := sbomtest.ValidateJSON(a); err != nil {
		t.Fatal(err)
	}
	var da, db cdx.BOM
	if err := json.Unmarshal(a, &da); err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(b, &db); err != nil {
		t.Fatal(err)
	}
	if da.SerialNumber == db.SerialNumber {
		t.Errorf("two SBOMs share serial %q", da.SerialNumber)
	}
}

// TestCompileOnlyScope checks that a package the run only read to build
// (headers, type declarations) is excluded, CycloneDX's "not reachable at
// runtime", whatever its declaration says, and keeps envaudit:use; one
// also used at runtime stays required.
func TestCompileOnlyScope(t *testing.T) {
	traced := func(name, version string, uses ...string) []audit.TracedPackage {
		var out []audit.TracedPackage
		for _, u := range uses {
			out = append(out, audit.TracedPackage{Name: name, Version: version, Files: []string{"/usr/include/" + name + ".h"}, Processes: []string{"cc1"}, Use: u})
		}
		return out
	}
	tests := []struct {
		name     string
		declared bool
		uses     []string
		finding  *audit.Finding
		scope    string
		use      []string
	}{
		{"declaredCompileOnly", true, []string{"compile"}, &audit.Finding{Kind: audit.Phantom, Reason: audit.ReasonCompileTime, Severity: "notice"}, "excluded", []string{"compile"}},
		{"undeclaredCompileOnly", false, []string{"compile"}, &audit.Finding{Kind: audit.Hidden, Reason: audit.ReasonUndeclared, Severity: "error"}, "excluded", []string{"compile"}},
		{"compileAndRuntime", true, []string{"compile", "runtime"}, nil, "required", []string{"compile", "runtime"}},
		{"runtime", true, []string{"runtime"}, nil, "required", []string{"runtime"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			e := audit.EcosystemReport{
				Name:      "cmake",
				Installed: []ecosystems.Package{{Name: "libfoo-dev", Version: "1.0"}},
				Traced:    traced("libfoo-dev", "1.0", tt.uses...),
			}
			if tt.declared {
				e.Declared = []ecosystems.Dependency{{Name: "libfoo-dev", Scope: ecosystems.ScopeRuntime, Pos: ecosystems.Pos{File: "CMakeLists.txt", Line: 3}}}
			}
			if tt.finding != nil {
				f := *tt.finding
				f.Package, f.Version = "libfoo-dev", "1.0"
				e.Findings = []audit.Finding{f}
			}
			r := &audit.Report{SchemaVersion: 1, Ecosystems: []audit.EcosystemReport{e}}
			bom := generate(t, r, options(), fixed(r))
			if len(*bom.Components) != 1 {
				t.Fatalf("%d components, want 1", len(*bom.Components))
			}
			c := (*bom.Components)[0]
			if got := string(c.Scope); got != tt.scope {
				t.Errorf("scope = %q, want %q", got, tt.scope)
			}
			if diff := cmp.Diff(tt.use, props(c, "envaudit:use")); diff != "" {
				t.Errorf("envaudit:use (-want +got):\n%s", diff)
			}
		})
	}
}

// TestContentSerial checks serial numbers derived from the content: the
// same report and options give the same bytes; another report, project or
// timestamp another serial; and the serial is a valid version 5 UUID.
func TestContentSerial(t *testing.T) {
	if got := uuidV5([16]byte{0x6b, 0xa7, 0xb8, 0x10, 0x9d, 0xad, 0x11, 0xd1, 0x80, 0xb4, 0x00, 0xc0, 0x4f, 0xd4, 0x30, 0xc8}, []byte("www.example.com")); fmt.Sprintf("%x", got) != "2ed6657de927568b95e12665a8aea6a2" {
		t.Errorf("uuidV5 of the DNS namespace and www.example.com = %x, want RFC 4122's 2ed6657d-e927-568b-95e1-2665a8aea6a2", got)
	}
	serial := func(r *audit.Report, project string, env Envelope) string {
		t.Helper()
		opts := options()
		opts.Project = project
		data := render(t, r, opts, env, FormatJSON)
		if err := sbomtest.ValidateJSON(data); err != nil {
			t.Fatal(err)
		}
		var bom cdx.BOM
		if err := json.Unmarshal(data, &bom); err != nil {
			t.Fatal(err)
		}
		return bom.SerialNumber
	}
	npm, multi := readReport(t, "testdata/reports/npm.json"), readReport(t, "testdata/reports/multi.json")
	base := Envelope{ContentSerial: true, Timestamp: testTime, Tool: npm.Tool}
	want := serial(npm, "webapp", base)
	if !regexp.MustCompile(`^urn:uuid:[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$`).MatchString(want) {
		t.Errorf("serial %q is not a version 5 UUID", want)
	}
	webapp := options()
	webapp.Project = "webapp"
	if a, b := render(t, npm, webapp, base, FormatJSON), render(t, npm, webapp, base, FormatJSON); !bytes.Equal(a, b) {
		t.Errorf("the same report gave two SBOMs")
	}
	if data := render(t, npm, webapp, base, FormatXML); !bytes.Contains(data, []byte(`serialNumber="`+want+`"`)) {
		t.Errorf("the XML encoding has another serial than the JSON one, %q", want)
	}
	others := map[string]string{
		"report":    serial(multi, "webapp", base),
		"project":   serial(npm, "other", base),
		"timestamp": serial(npm, "webapp", Envelope{ContentSerial: true, Timestamp: testTime.Add(time.Second)}),
	}
	for what, got := range others {
		if got == want {
			t.Errorf("another %s gave the same serial %q", what, got)
		}
	}
	if got := serial(npm, "", Envelope{ContentSerial: true, SerialNumber: testSerial, Timestamp: testTime}); got != testSerial {
		t.Errorf("SerialNumber %q did not win over ContentSerial: %q", testSerial, got)
	}
}

// TestXMLRoundTrip decodes the XML SBOM with cyclonedx-go and checks it
// has the same components and dependencies as the JSON one.
func TestXMLRoundTrip(t *testing.T) {
	r := readReport(t, "testdata/reports/npm.json")
	decode := func(f Format) *cdx.BOM {
		var bom cdx.BOM
		format := cdx.BOMFileFormatJSON
		if f == FormatXML {
			format = cdx.BOMFileFormatXML
		}
		data := render(t, r, options(), fixed(r), f)
		if err := cdx.NewBOMDecoder(bytes.NewReader(data), format).Decode(&bom); err != nil {
			t.Fatal(err)
		}
		return &bom
	}
	j, x := decode(FormatJSON), decode(FormatXML)
	strip := func(b *cdx.BOM) []cdx.Component {
		var out []cdx.Component
		for _, c := range *b.Components {
			c.Evidence = nil // JSON only in CycloneDX
			out = append(out, c)
		}
		return out
	}
	if diff := cmp.Diff(strip(j), strip(x)); diff != "" {
		t.Errorf("components differ between JSON and XML (-json +xml):\n%s", diff)
	}
	if diff := cmp.Diff(j.Dependencies, x.Dependencies); diff != "" {
		t.Errorf("dependencies differ between JSON and XML (-json +xml):\n%s", diff)
	}
}

// TestEncode checks that a file name chooses the encoding (FormatOf) and
// that Encode writes it, and refuses an encoding it does not know.
func TestEncode(t *testing.T) {
	r := readReport(t, "testdata/reports/npm.json")
	bom := generate(t, r, options(), fixed(r))
	tests := []struct {
		file   string
		format Format
		prefix string
	}{
		{"bom.cdx.json", "", "{"},
		{"bom.cdx.xml", "", "<?xml"},
		{"BOM.XML", "", "<?xml"},
		{"bom.txt", FormatXML, "<?xml"},
	}
	for _, tt := range tests {
		t.Run(tt.file, func(t *testing.T) {
			format := tt.format
			if format == "" {
				format = FormatOf(tt.file)
			}
			var buf bytes.Buffer
			if err := Encode(&buf, bom, format); err != nil {
				t.Fatal(err)
			}
			if !bytes.HasPrefix(buf.Bytes(), []byte(tt.prefix)) {
				t.Errorf("%s starts with %q, want %q", tt.file, buf.Bytes()[:10], tt.prefix)
			}
		})
	}
	err := Encode(io.Discard, bom, "spdx")
	if diff := cmp.Diff(`unknown SBOM format "spdx" (want json or xml)`, fmt.Sprint(err)); diff != "" {
		t.Errorf("Encode in an unknown format (-want +got):\n%s", diff)
	}
}

func TestParseFormat(t *testing.T) {
	tests := []struct {
		in      string
		want    Format
		wantErr string
	}{
		{"", FormatJSON, ""},
		{"json", FormatJSON, ""},
		{"XML", FormatXML, ""},
		{"cyclonedx-xml", FormatXML, ""},
		{"spdx", "", `unknown SBOM format "spdx" (want json or xml)`},
	}
	for _, tt := range tests {
		t.Run(tt.in, func(t *testing.T) {
			got, err := ParseFormat(tt.in)
			gotErr := ""
			if err != nil {
				gotErr = err.Error()
			}
			if got != tt.want || gotErr != tt.wantErr {
				t.Errorf("ParseFormat(%q) = %q, %q; want %q, %q", tt.in, got, gotErr, tt.want, tt.wantErr)
			}
		})
	}
}

// TestUniqueRefs checks that an npm alias (string-width installed a second
// time as string-width-cjs, both with string-width's package URL) and one
// name installed at two versions give every component a bom-ref of its
// own, and that the SBOM, dependencies included, validates.
func TestUniqueRefs(t *testing.T) {
	pkg := func(name, version, purl, path string, deps ...string) ecosystems.Package {
		return ecosystems.Package{Name: name, Version: version, PURL: purl, Path: path, Deps: deps}
	}
	r := &audit.Report{SchemaVersion: 1, Ecosystems: []audit.EcosystemReport{{
		Name: "npm",
		Declared: []ecosystems.Dependency{
			{Name: "cliui", Spec: "^8", Scope: ecosystems.ScopeRuntime, Pos: ecosystems.Pos{File: "package.json", Line: 3}},
			{Name: "string-width-cjs", Spec: "npm:string-width@4.2.3", Scope: ecosystems.ScopeRuntime, Pos: ecosystems.Pos{File: "package.json", Line: 4}},
		},
		Installed: []ecosystems.Package{
			pkg("cliui", "8.0.1", "pkg:npm/cliui@8.0.1", "node_modules/cliui", "string-width", "strip-ansi"),
			pkg("string-width", "4.2.3", "pkg:npm/string-width@4.2.3", "node_modules/string-width", "strip-ansi"),
			pkg("string-width-cjs", "4.2.3", "pkg:npm/string-width@4.2.3", "node_modules/string-width-cjs", "strip-ansi"),
			pkg("strip-ansi", "6.0.1", "pkg:npm/strip-ansi@6.0.1", "node_modules/strip-ansi"),
			pkg("strip-ansi", "7.1.0", "pkg:npm/strip-ansi@7.1.0", "node_modules/cliui/node_modules/strip-ansi"),
		},
	}}}
	data := render(t, r, options(), fixed(r), FormatJSON)
	if err := sbomtest.ValidateJSON(data); err != nil {
		t.Fatal(err)
	}
	validateXML(t, render(t, r, options(), fixed(r), FormatXML))
	bom := generate(t, r, options(), fixed(r))
	var refs []string
	for _, c := range *bom.Components {
		refs = append(refs, c.BOMRef)
	}
	want := []string{
		"pkg:npm/cliui@8.0.1",
		"pkg:npm/string-width@4.2.3#string-width",
		"pkg:npm/string-width@4.2.3#string-width-cjs",
		"pkg:npm/strip-ansi@6.0.1",
		"pkg:npm/strip-ansi@7.1.0",
	}
	slices.Sort(refs)
	if diff := cmp.Diff(want, refs); diff != "" {
		t.Errorf("refs (-want +got):\n%s", diff)
	}
}
