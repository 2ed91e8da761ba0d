package policy

import (
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/envaudit/envaudit/audit"
	"github.com/envaudit/envaudit/ecosystems"
)

func TestParseSelectors(t *testing.T) {
	tests := []struct {
		in      string
		want    []Selector
		wantErr string
	}{
		{in: DefaultFailOn, want: []Selector{{audit.Hidden, audit.ReasonDevDeclared}, {audit.Hidden, audit.ReasonDirect}, {audit.Hidden, audit.ReasonMissing}, {audit.Hidden, audit.ReasonTampered}, {audit.Hidden, audit.ReasonUndeclared}, {audit.Phantom, audit.ReasonNotInstalled}}},
		{in: "none", want: nil},
		{in: " none ", want: nil},
		{in: "hidden", want: []Selector{{audit.Hidden, ""}}},
		{in: "phantom, bloat ,phantom", want: []Selector{{audit.Bloat, ""}, {audit.Phantom, ""}}},
		{in: "dev:test-runner,phantom:compile-time", want: []Selector{{audit.Dev, audit.ReasonTestRunner}, {audit.Phantom, audit.ReasonCompileTime}}},
		{in: "x", wantErr: `unknown value "x" (want none, or a comma-separated list of phantom, phantom:unused, phantom:untested, phantom:dev-only, phantom:not-installed, phantom:skipped, phantom:compile-time, hidden, hidden:direct, hidden:dev-declared, hidden:transitive, hidden:undeclared, hidden:missing, hidden:tampered, bloat, bloat:installed, dev, dev:test-runner, dev:tooling, manifest, manifest:indirect)`},
		{in: "hidden:unused", wantErr: `unknown value "hidden:unused"`},
		{in: "", wantErr: `unknown value ""`},
		{in: "hidden,", wantErr: `unknown value ""`},
		{in: "none,hidden", wantErr: `unknown value "none"`},
		{in: "Hidden", wantErr: `unknown value "Hidden"`},
	}
	for _, tt := range tests {
		name := strings.NewReplacer(",", "_", ":", "-", " ", "").Replace(tt.in)
		if name == "" {
			name = "Empty"
		}
		t.Run(name, func(t *testing.T) {
			got, err := ParseSelectors(tt.in)
			if tt.wantErr != "" {
				if err == nil || !strings.HasPrefix(err.Error(), tt.wantErr) {
					t.Fatalf("ParseSelectors(%q) error = %v, want prefix %q", tt.in, err, tt.wantErr)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("ParseSelectors(%q) (-want +got):\n%s", tt.in, diff)
			}
		})
	}
}

// TestGateFailing checks the CLI's gate: Existing, so every finding may
// fail it, whatever its Change.
func TestGateFailing(t *testing.T) {
	r := &audit.Report{Ecosystems: []audit.EcosystemReport{{Name: "npm", Findings: []audit.Finding{
		{Kind: audit.Phantom, Reason: audit.ReasonUnused, Package: "a"},
		{Kind: audit.Hidden, Reason: audit.ReasonUndeclared, Package: "b", Change: audit.ChangeExisting},
		{Kind: audit.Hidden, Reason: audit.ReasonUndeclared, Package: "c", Ignored: "vendored on purpose"},
		{Kind: audit.Hidden, Reason: audit.ReasonTransitive, Package: "d", Via: []string{"a"}},
		// A library of the undeclared tool b: b's finding stands for it.
		{Kind: audit.Hidden, Reason: audit.ReasonUndeclared, Package: "e", Via: []string{"b"}, Severity: audit.SeverityWarning},
	}}}}
	tests := []struct {
		failOn string
		want   []string
	}{
		{DefaultFailOn, []string{"b"}},
		{"hidden", []string{"b", "d"}},
		{"hidden:undeclared", []string{"b"}},
		{"phantom:unused,hidden:transitive", []string{"a", "d"}},
		{"none", nil},
		{"bloat", nil},
	}
	for _, tt := range tests {
		t.Run(strings.NewReplacer(",", "_", ":", "-").Replace(tt.failOn), func(t *testing.T) {
			sel, err := ParseSelectors(tt.failOn)
			if err != nil {
				t.Fatal(err)
			}
			var got []string
			for _, it := range (Gate{FailOn: sel, Existing: true}).Failing(r) {
				if !it.Failing || it.Ecosystem != "npm" {
					t.Errorf("Failing gave %+v, want it marked failing in npm", it)
				}
				got = append(got, it.Finding.Package)
			}
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("Failing(%s) (-want +got):\n%s", tt.failOn, diff)
			}
		})
	}
}

// TestDefaultGateByScope checks that a declaration absent from D2 fails the
// default gate when it must be installed (runtime, provided, build) and
// does not when installs leave it out by design (dev, test, peer,
// optional), where only phantom:skipped selects it.
func TestDefaultGateByScope(t *testing.T) {
	def, err := ParseSelectors(DefaultFailOn)
	if err != nil {
		t.Fatal(err)
	}
	skipped, err := ParseSelectors("phantom:skipped")
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		scope      ecosystems.Scope
		defFails   bool
		skipFails  bool
		wantReason string
	}{
		{ecosystems.ScopeRuntime, true, false, audit.ReasonNotInstalled},
		{"", true, false, audit.ReasonNotInstalled},
		{ecosystems.ScopeProvided, true, false, audit.ReasonNotInstalled},
		{ecosystems.ScopeBuild, true, false, audit.ReasonNotInstalled},
		{ecosystems.ScopeDev, false, true, audit.ReasonSkipped},
		{ecosystems.ScopeTest, false, true, audit.ReasonSkipped},
		{ecosystems.ScopePeer, false, true, audit.ReasonSkipped},
		{ecosystems.ScopeOptional, false, true, audit.ReasonSkipped},
	}
	for _, tt := range tests {
		name := string(tt.scope)
		if name == "" {
			name = "unscoped"
		}
		t.Run(name, func(t *testing.T) {
			rep := audit.Ecosystem(audit.Input{
				Name:      "python",
				Manifests: []string{"pyproject.toml"},
				Declared:  []ecosystems.Dependency{{Name: "mypy", Scope: tt.scope, Pos: ecosystems.Pos{File: "pyproject.toml", Line: 12}}},
				Inventory: &ecosystems.Inventory{Index: ecosystems.NewPathIndex()},
				Root:      "/p",
			})
			if len(rep.Findings) != 1 || rep.Findings[0].Reason != tt.wantReason {
				t.Fatalf("findings = %+v, want one %s", rep.Findings, tt.wantReason)
			}
			r := &audit.Report{Ecosystems: []audit.EcosystemReport{rep}}
			if got := len(Gate{FailOn: def, Existing: true}.Failing(r)) > 0; got != tt.defFails {
				t.Errorf("default gate fails = %v, want %v", got, tt.defFails)
			}
			if got := len(Gate{FailOn: skipped, Existing: true}.Failing(r)) > 0; got != tt.skipFails {
				t.Errorf("phantom:skipped gate fails = %v, want %v", got, tt.skipFails)
			}
		})
	}
}

// FuzzParseSelectors checks that every --fail-on value either parses into
// selectors that print back as accepted values, or fails with the flag's
// "unknown value" message.
func FuzzParseSelectors(f *testing.F) {
	for _, s := range []string{DefaultFailOn, "none", "hidden", "phantom, bloat", "dev:test-runner", "x", "", ",", "hidden:", ":undeclared"} {
		f.Add(s)
	}
	valid := map[string]bool{}
	for _, v := range SelectorValues() {
		valid[v] = true
	}
	f.Fuzz(func(t *testing.T, s string) {
		sel, err := ParseSelectors(s)
		if err != nil {
			if !strings.HasPrefix(err.Error(), "unknown value ") {
				t.Fatalf("ParseSelectors(%q): unexpected error %v", s, err)
			}
			return
		}
		for _, x := range sel {
			if !valid[x.String()] {
				t.Fatalf("ParseSelectors(%q) gave %q", s, x)
			}
		}
	})
}
