package policy

import (
	"testing"

	"github.com/envaudit/envaudit/audit"
	"github.com/google/go-cmp/cmp"
)

func TestParseFailOn(t *testing.T) {
	tests := []struct {
		in, want, wantErr string
	}{
		{"", "hidden:dev-declared,hidden:direct,hidden:missing,hidden:tampered,hidden:undeclared,phantom:not-installed", ""},
		{"none", "none", ""},
		{"hidden", "hidden", ""},
		{"phantom:unused, hidden:transitive", "hidden:transitive,phantom:unused", ""},
		{"phantom\nhidden:undeclared\n", "hidden:undeclared,phantom", ""},
		{"phantom:typo", "", `fail-on: unknown value "phantom:typo"`},
	}
	for _, tt := range tests {
		t.Run(tt.in, func(t *testing.T) {
			sel, err := ParseFailOn(tt.in)
			if tt.wantErr != "" {
				if err == nil || len(err.Error()) < len(tt.wantErr) || err.Error()[:len(tt.wantErr)] != tt.wantErr {
					t.Fatalf("err = %v, want prefix %q", err, tt.wantErr)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if got := (Gate{FailOn: sel}).String(); got != tt.want {
				t.Errorf("ParseFailOn(%q) = %s, want %s", tt.in, got, tt.want)
			}
		})
	}
}

func TestGate(t *testing.T) {
	undeclared := audit.Finding{Kind: audit.Hidden, Reason: audit.ReasonUndeclared, Package: "lodash"}
	with := func(f audit.Finding, change, ignored string) audit.Finding {
		f.Change, f.Ignored = change, ignored
		return f
	}
	unused := audit.Finding{Kind: audit.Phantom, Reason: audit.ReasonUnused, Package: "yargs"}
	def, _ := ParseFailOn("")
	strict, _ := ParseAgentPolicy("strict")
	tests := []struct {
		name  string
		gate  Gate
		f     audit.Finding
		fails bool
	}{
		{"defaultUndeclared", Gate{FailOn: def}, undeclared, true},
		{"defaultUnused", Gate{FailOn: def}, unused, false},
		{"newFails", Gate{FailOn: def}, with(undeclared, audit.ChangeNew, ""), true},
		{"existingPasses", Gate{FailOn: def}, with(undeclared, audit.ChangeExisting, ""), false},
		{"existingFailsWhenAsked", Gate{FailOn: def, Existing: true}, with(undeclared, audit.ChangeExisting, ""), true},
		{"ignoredNeverFails", Gate{FailOn: def, Existing: true}, with(undeclared, audit.ChangeNew, "vendored"), false},
		{"throughUndeclaredPasses", Gate{FailOn: def, Existing: true}, audit.Finding{Kind: audit.Hidden, Reason: audit.ReasonUndeclared, Package: "libjq1", Via: []string{"jq"}}, false},
		{"throughUndeclaredStrict", strict.For(Gate{FailOn: def}, true), audit.Finding{Kind: audit.Hidden, Reason: audit.ReasonUndeclared, Package: "libjq1", Via: []string{"jq"}, Change: audit.ChangeNew}, false},
		{"strictAgentUnused", strict.For(Gate{FailOn: def}, true), with(unused, audit.ChangeNew, ""), true},
		{"strictHumanUnused", strict.For(Gate{FailOn: def}, false), with(unused, audit.ChangeNew, ""), false},
		{"strictAgentExisting", strict.For(Gate{FailOn: def}, true), with(unused, audit.ChangeExisting, ""), false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := tt.gate.Fails(tt.f); got != tt.fails {
				t.Errorf("Fails = %v, want %v", got, tt.fails)
			}
		})
	}
}

func TestParseAgentPolicy(t *testing.T) {
	tests := []struct {
		in, name, failOn, wantErr string
	}{
		{"", "same", "", ""},
		{"same", "same", "", ""},
		{"strict", "strict", "hidden,phantom", ""},
		{"phantom:unused,hidden", "phantom:unused,hidden", "hidden,phantom:unused", ""},
		{"none", "none", "none", ""},
		{"lenient", "", "", `agent-policy: want same, strict or a fail-on list: fail-on: unknown value "lenient"`},
	}
	for _, tt := range tests {
		t.Run(tt.in, func(t *testing.T) {
			p, err := ParseAgentPolicy(tt.in)
			if tt.wantErr != "" {
				if err == nil || len(err.Error()) < len(tt.wantErr) || err.Error()[:len(tt.wantErr)] != tt.wantErr {
					t.Fatalf("err = %v, want prefix %q", err, tt.wantErr)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			failOn := ""
			if p.FailOn != nil {
				failOn = Gate{FailOn: p.FailOn}.String()
			}
			if p.Name != tt.name || failOn != tt.failOn {
				t.Errorf("ParseAgentPolicy(%q) = %q %q, want %q %q", tt.in, p.Name, failOn, tt.name, tt.failOn)
			}
		})
	}
}

// TestMark checks that Mark gives every finding of a report its gating
// verdict, the default gate failing the direct use of a transitive
// package and a missing one but not the transitive packages only declared
// packages need, nor an untested import.
func TestMark(t *testing.T) {
	r := &audit.Report{Ecosystems: []audit.EcosystemReport{{Name: "npm", Findings: []audit.Finding{
		{Kind: audit.Hidden, Reason: audit.ReasonDirect, Package: "ms"},
		{Kind: audit.Hidden, Reason: audit.ReasonMissing, Package: "axios"},
		{Kind: audit.Hidden, Reason: audit.ReasonTransitive, Package: "has-flag", Grouped: true},
		{Kind: audit.Phantom, Reason: audit.ReasonUntested, Package: "yargs", Gating: true},
		{Kind: audit.Phantom, Reason: audit.ReasonDevOnly, Package: "express"},
	}}}}
	def, _ := ParseFailOn("")
	n := Gate{FailOn: def, Existing: true}.Mark(r)
	var got []bool
	for _, f := range r.Ecosystems[0].Findings {
		got = append(got, f.Gating)
	}
	if diff := cmp.Diff([]bool{true, true, false, false, false}, got); diff != "" || n != 2 {
		t.Errorf("Mark = %d, gating (-want +got):\n%s", n, diff)
	}
}
