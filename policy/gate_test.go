package policy

import (
	"testing"

	"github.com/envaudit/envaudit/audit"
)

func TestParseFailOn(t *testing.T) {
	tests := []struct {
		in, want, wantErr string
	}{
		{"", "hidden:undeclared,phantom:not-installed", ""},
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
