package sbom

import (
	"bytes"
	"path/filepath"
	"strings"
	"testing"

	cdx "github.com/CycloneDX/cyclonedx-go"
	"github.com/google/go-cmp/cmp"

	"github.com/envaudit/envaudit/audit"
	"github.com/envaudit/envaudit/ecosystems"
)

// encodeFacts encodes the unstamped facts as JSON, to compare them.
func encodeFacts(t *testing.T, f *Facts) string {
	t.Helper()
	var buf bytes.Buffer
	if err := Encode(&buf, f.BOM, FormatJSON); err != nil {
		t.Fatal(err)
	}
	return buf.String()
}

// TestFactsCarryNoEnvelope checks that Generate's result is reproducible
// — no serial number, timestamp or tool, and the same facts every time —
// and that stamping them, twice over, leaves them so.
func TestFactsCarryNoEnvelope(t *testing.T) {
	reports, _ := filepath.Glob("testdata/reports/*.json")
	for _, path := range reports {
		t.Run(strings.TrimSuffix(filepath.Base(path), ".json"), func(t *testing.T) {
			r := readReport(t, path)
			f, err := Generate(r, options())
			if err != nil {
				t.Fatal(err)
			}
			if f.BOM.SerialNumber != "" || f.BOM.Metadata.Timestamp != "" || f.BOM.Metadata.Tools != nil {
				t.Errorf("facts carry an envelope: serial %q, timestamp %q, tools %v", f.BOM.SerialNumber, f.BOM.Metadata.Timestamp, f.BOM.Metadata.Tools)
			}
			want := encodeFacts(t, f)
			again, err := Generate(r, options())
			if err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(want, encodeFacts(t, again)); diff != "" {
				t.Errorf("two generations of one report differ (-want +got):\n%s", diff)
			}
			for range 2 {
				bom, err := Stamp(f, Envelope{Tool: audit.Tool{Name: "envaudit", Version: "v1.2.3"}})
				if err != nil {
					t.Fatal(err)
				}
				if bom.SerialNumber == "" || bom.Metadata.Timestamp == "" || bom.Metadata.Tools == nil {
					t.Errorf("stamped BOM lacks its envelope: serial %q, timestamp %q, tools %v", bom.SerialNumber, bom.Metadata.Timestamp, bom.Metadata.Tools)
				}
			}
			if diff := cmp.Diff(want, encodeFacts(t, f)); diff != "" {
				t.Errorf("Stamp changed the facts (-want +got):\n%s", diff)
			}
		})
	}
}

// TestStampTool checks the tool metadata the envelope gives: envaudit's
// package URL when it has a version, and "envaudit" for a nameless tool.
func TestStampTool(t *testing.T) {
	r := readReport(t, "testdata/reports/npm.json")
	f, err := Generate(r, options())
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name string
		tool audit.Tool
		want cdx.Component
	}{
		{"versioned", audit.Tool{Name: "envaudit", Version: "v0.1.0"}, cdx.Component{BOMRef: "envaudit", Type: cdx.ComponentTypeApplication, Name: "envaudit", Version: "v0.1.0", PackageURL: "pkg:golang/github.com/envaudit/envaudit@v0.1.0"}},
		{"unversioned", audit.Tool{Name: "envaudit"}, cdx.Component{BOMRef: "envaudit", Type: cdx.ComponentTypeApplication, Name: "envaudit"}},
		{"nameless", audit.Tool{}, cdx.Component{BOMRef: "envaudit", Type: cdx.ComponentTypeApplication, Name: "envaudit"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			bom, err := Stamp(f, Envelope{SerialNumber: testSerial, Timestamp: testTime, Tool: tt.tool})
			if err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff([]cdx.Component{tt.want}, *bom.Metadata.Tools.Components); diff != "" {
				t.Errorf("tools (-want +got):\n%s", diff)
			}
			if bom.SerialNumber != testSerial || bom.Metadata.Timestamp != "2026-11-30T09:00:00Z" {
				t.Errorf("serial, timestamp = %q, %q", bom.SerialNumber, bom.Metadata.Timestamp)
			}
		})
	}
}

// TestIdentifyNamesComponents checks that components are grouped, named
// and given package URLs by Options.Identify alone, with an installed
// record's valid package URL winning over the built one; and that
// Generate refuses to run without Identify or a report.
func TestIdentifyNamesComponents(t *testing.T) {
	r := &audit.Report{SchemaVersion: 1, Ecosystems: []audit.EcosystemReport{{
		Name: "fake",
		Installed: []ecosystems.Package{
			{Name: "ns/own", Version: "1.0", PURL: "pkg:generic/recorded@1.0"},
			{Name: "ns/built", Version: "2.0"},
			{Name: "ns/broken", Version: "3.0", PURL: "not a purl"},
		},
	}}}
	var asked []string
	identify := func(eco, name, version string) ecosystems.Identity {
		asked = append(asked, eco+" "+name+" "+version)
		g, n, _ := strings.Cut(name, "/")
		return ecosystems.Identity{PURL: "pkg:generic/" + g + "/" + n + "@" + version, Group: g, Name: n}
	}
	f, err := Generate(r, Options{Identify: identify})
	if err != nil {
		t.Fatal(err)
	}
	type comp struct{ Ref, Group, Name, PURL string }
	var got []comp
	for _, c := range *f.BOM.Components {
		got = append(got, comp{c.BOMRef, c.Group, c.Name, c.PackageURL})
	}
	want := []comp{
		{"pkg:generic/ns/broken@3.0", "ns", "broken", "pkg:generic/ns/broken@3.0"},
		{"pkg:generic/ns/built@2.0", "ns", "built", "pkg:generic/ns/built@2.0"},
		{"pkg:generic/recorded@1.0", "ns", "own", "pkg:generic/recorded@1.0"},
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("components (-want +got):\n%s", diff)
	}
	if diff := cmp.Diff([]string{"fake ns/own 1.0", "fake ns/built 2.0", "fake ns/broken 3.0"}, asked); diff != "" {
		t.Errorf("Identify calls (-want +got):\n%s", diff)
	}

	if _, err := Generate(r, Options{}); err == nil {
		t.Error("Generate without Identify succeeded")
	}
	if _, err := Generate(nil, Options{Identify: identify}); err == nil {
		t.Error("Generate without a report succeeded")
	}
	if _, err := Stamp(nil, Envelope{}); err == nil {
		t.Error("Stamp without facts succeeded")
	}
}
