package bundle

import (
	"fmt"
	"testing"

	"github.com/envaudit/envaudit/audit"
	"github.com/envaudit/envaudit/ecosystems"
)

// bigBundle is the bundle of a tree of n installed packages, each a bloat
// finding, with n/10 declared and traced.
func bigBundle(n int) *Bundle {
	e := audit.EcosystemReport{Name: "npm", Manifests: []string{"package.json"}}
	for i := range n {
		name := fmt.Sprintf("package-%05d", i)
		e.Installed = append(e.Installed, ecosystems.Package{Name: name, Version: "1.0.0", PURL: "pkg:npm/" + name + "@1.0.0", Path: "node_modules/" + name})
		if i%10 == 0 {
			e.Declared = append(e.Declared, ecosystems.Dependency{Name: name, Spec: "^1.0.0", Scope: ecosystems.ScopeRuntime, Pos: ecosystems.Pos{File: "package.json", Line: i/10 + 2}})
			e.Traced = append(e.Traced, audit.TracedPackage{Name: name, Version: "1.0.0", Files: []string{"node_modules/" + name + "/index.js"}, Processes: []string{"node"}})
		} else {
			e.Findings = append(e.Findings, audit.Finding{Kind: audit.Bloat, Reason: audit.ReasonInstalled, Package: name, Version: "1.0.0", Severity: audit.SeverityNotice, Message: name + " is installed, never loaded"})
		}
	}
	e.Metrics = audit.Metrics{Declared: len(e.Declared), Installed: n, Traced: len(e.Traced), Transitive: n - len(e.Declared)}
	return New(&audit.Report{SchemaVersion: audit.SchemaVersion, Tool: audit.Tool{Name: "envaudit"}, Ecosystems: []audit.EcosystemReport{e}}, head, "", 0)
}

// BenchmarkDecode measures decoding and validating the bundle of a
// 20,000-package tree, the largest the attacks used.
func BenchmarkDecode(b *testing.B) {
	data := encode(b, bigBundle(20_000))
	b.SetBytes(int64(len(data)))
	b.ReportMetric(float64(len(data)), "bundle-bytes")
	for b.Loop() {
		if _, err := Decode(data, "b.json"); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkValidate measures the validation alone, beside the decoding.
func BenchmarkValidate(b *testing.B) {
	bb := bigBundle(20_000)
	for b.Loop() {
		if err := Validate(bb); err != nil {
			b.Fatal(err)
		}
	}
}
