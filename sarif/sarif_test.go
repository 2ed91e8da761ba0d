package sarif

import (
	"bytes"
	"encoding/json"
	"path/filepath"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/envaudit/envaudit/audit"
	"github.com/envaudit/envaudit/audit/reporttest"
	"github.com/envaudit/envaudit/ecosystems"
	"github.com/envaudit/envaudit/internal/golden"
)

func TestGolden(t *testing.T) {
	r := reporttest.Example(t)
	r.Ecosystems[0].Findings[0].Ignored = "kept for the CLI"
	var buf bytes.Buffer
	if err := Write(&buf, r, Options{Prefix: "app"}); err != nil {
		t.Fatal(err)
	}
	golden.Check(t, "testdata/report.sarif", buf.Bytes())
}

// TestStructure checks what GitHub code scanning requires of every
// result, on a generic decoding of the output.
func TestStructure(t *testing.T) {
	r := reporttest.Example(t)
	r.Ecosystems = append(r.Ecosystems, audit.EcosystemReport{Name: "system", Findings: []audit.Finding{
		{Kind: audit.Hidden, Reason: audit.ReasonUndeclared, Package: "libsqlite3-0", Severity: "error", Message: "libsqlite3-0 is loaded"}}})
	for _, tt := range []struct {
		name     string
		fallback string
		results  int
	}{
		{"noFallback", "", 6},
		{"workflowFallback", ".github/workflows/ci.yml", 7},
	} {
		t.Run(tt.name, func(t *testing.T) {
			var buf bytes.Buffer
			if err := Write(&buf, r, Options{Fallback: tt.fallback}); err != nil {
				t.Fatal(err)
			}
			var log struct {
				Version string `json:"version"`
				Runs    []struct {
					Tool struct {
						Driver struct {
							Name  string `json:"name"`
							Rules []struct {
								ID                   string `json:"id"`
								ShortDescription     struct{ Text string }
								Help                 struct{ Text string }
								DefaultConfiguration struct{ Level string }
							} `json:"rules"`
						} `json:"driver"`
					} `json:"tool"`
					Results []struct {
						RuleID    string `json:"ruleId"`
						RuleIndex int    `json:"ruleIndex"`
						Level     string `json:"level"`
						Message   struct{ Text string }
						Locations []struct {
							PhysicalLocation struct {
								ArtifactLocation struct{ URI string }
								Region           struct{ StartLine int }
							}
						}
						PartialFingerprints map[string]string
					} `json:"results"`
					Properties map[string]any `json:"properties"`
				} `json:"runs"`
			}
			if err := json.Unmarshal(buf.Bytes(), &log); err != nil {
				t.Fatal(err)
			}
			if log.Version != "2.1.0" || len(log.Runs) != 1 || log.Runs[0].Tool.Driver.Name != "envaudit" {
				t.Fatalf("log header = %+v", log)
			}
			run := log.Runs[0]
			var ids []string
			for _, rule := range run.Tool.Driver.Rules {
				ids = append(ids, rule.ID)
				if rule.ShortDescription.Text == "" || rule.Help.Text == "" || rule.DefaultConfiguration.Level == "" {
					t.Errorf("rule %s incomplete: %+v", rule.ID, rule)
				}
			}
			if diff := cmp.Diff([]string{"envaudit/phantom", "envaudit/hidden", "envaudit/manifest"}, ids); diff != "" {
				t.Errorf("rules (-want +got):\n%s", diff)
			}
			if len(run.Results) != tt.results {
				t.Errorf("%d results, want %d", len(run.Results), tt.results)
			}
			for _, res := range run.Results {
				if run.Tool.Driver.Rules[res.RuleIndex].ID != res.RuleID {
					t.Errorf("ruleIndex %d does not point at %s", res.RuleIndex, res.RuleID)
				}
				if res.Level != "error" && res.Level != "warning" && res.Level != "note" {
					t.Errorf("level %q", res.Level)
				}
				loc := res.Locations[0].PhysicalLocation
				if res.Message.Text == "" || loc.ArtifactLocation.URI == "" || loc.Region.StartLine < 1 || filepath.IsAbs(loc.ArtifactLocation.URI) {
					t.Errorf("result incomplete: %+v", res)
				}
				if res.PartialFingerprints["primaryLocationLineHash"] == "" {
					t.Errorf("no fingerprint: %+v", res)
				}
			}
			if tt.fallback == "" && run.Properties["resultsWithoutLocation"] != float64(1) {
				t.Errorf("properties = %v", run.Properties)
			}
		})
	}
}

// TestFingerprintStable checks the fingerprint survives the manifest
// line moving, and differs between packages.
func TestFingerprintStable(t *testing.T) {
	fp := func(r *audit.Report) map[string]string {
		out := map[string]string{}
		for _, res := range New(r, Options{}).Runs[0].Results {
			out[res.Properties["package"].(string)] = res.PartialFingerprints["primaryLocationLineHash"]
		}
		return out
	}
	a := reporttest.Example(t)
	b := reporttest.Example(t)
	for i := range b.Ecosystems[0].Findings {
		if l := b.Ecosystems[0].Findings[i].Location; l != nil {
			l.Line += 5
		}
	}
	fa, fb := fp(a), fp(b)
	if diff := cmp.Diff(fa, fb); diff != "" {
		t.Errorf("fingerprints changed with the lines (-before +after):\n%s", diff)
	}
	seen := map[string]string{}
	for pkg, f := range fa {
		if other, ok := seen[f]; ok {
			t.Errorf("%s and %s share fingerprint %s", pkg, other, f)
		}
		seen[f] = pkg
	}
}

// TestGrouped checks that grouped findings (hidden transitive packages
// only other packages need, dev declarations the tests had no reason
// to load) make one note per ecosystem, kind and reason on the primary
// manifest, never one result per package.
func TestGrouped(t *testing.T) {
	r := &audit.Report{Ecosystems: []audit.EcosystemReport{{
		Name:      "npm",
		Manifests: []string{"package-lock.json", "package.json"},
		Lockfiles: []string{"package-lock.json"},
		Findings: []audit.Finding{
			{Kind: audit.Hidden, Reason: audit.ReasonDirect, Package: "ms", Severity: audit.SeverityError, Location: &ecosystems.Pos{File: "src/index.js", Line: 2}, Message: "ms is imported", Gating: true},
			{Kind: audit.Hidden, Reason: audit.ReasonTransitive, Package: "has-flag", Severity: audit.SeverityNotice, Grouped: true},
			{Kind: audit.Hidden, Reason: audit.ReasonTransitive, Package: "supports-color", Severity: audit.SeverityNotice, Grouped: true},
			{Kind: audit.Phantom, Reason: audit.ReasonUnused, Package: "eslint", Severity: audit.SeverityNotice, Grouped: true},
		},
	}}}
	type got struct {
		Rule, Level, File string
		Line              int
		Message           string
		Gating            any
	}
	var results []got
	for _, res := range New(r, Options{Prefix: "app"}).Runs[0].Results {
		loc := res.Locations[0].PhysicalLocation
		results = append(results, got{res.RuleID, res.Level, loc.ArtifactLocation.URI, loc.Region.StartLine, res.Message.Text, res.Properties["gating"]})
	}
	want := []got{
		{"envaudit/hidden", "error", "app/src/index.js", 2, "ms is imported", true},
		{"envaudit/hidden", "note", "app/package.json", 1, "npm hidden transitive — 2 packages only other packages need, not the project's code: has-flag, supports-color.", false},
		{"envaudit/phantom", "note", "app/package.json", 1, "npm phantom unused — 1 dev or test declaration the test command had no reason to load, imported by no test: eslint.", false},
	}
	if diff := cmp.Diff(want, results); diff != "" {
		t.Errorf("results (-want +got):\n%s", diff)
	}
}
