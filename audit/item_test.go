package audit

import (
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/envaudit/envaudit/ecosystems"
)

func TestPrimaryManifest(t *testing.T) {
	tests := []struct {
		name     string
		in, lock []string
		want     string
	}{
		{"npm", []string{"package-lock.json", "package.json"}, []string{"package-lock.json"}, "package.json"},
		{"cargo", []string{"Cargo.lock", "Cargo.toml"}, []string{"Cargo.lock"}, "Cargo.toml"},
		{"gomod", []string{"go.mod", "go.sum"}, []string{"go.sum"}, "go.mod"},
		{"nested", []string{"web/yarn.lock", "web/package.json"}, []string{"web/yarn.lock"}, "web/package.json"},
		{"onlyLockfile", []string{"yarn.lock"}, []string{"yarn.lock"}, "yarn.lock"},
		{"noLockfiles", []string{"b.txt", "a.txt"}, nil, "b.txt"},
		{"none", nil, nil, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := (EcosystemReport{Manifests: tt.in, Lockfiles: tt.lock}).PrimaryManifest(); got != tt.want {
				t.Errorf("PrimaryManifest of %q = %q, want %q", tt.in, got, tt.want)
			}
		})
	}
}

func TestItems(t *testing.T) {
	r := &Report{Ecosystems: []EcosystemReport{
		{Name: "npm", Manifests: []string{"package-lock.json", "package.json"}, Lockfiles: []string{"package-lock.json"}, Findings: []Finding{
			{Kind: Phantom, Reason: ReasonUnused, Package: "yargs", Location: &ecosystems.Pos{File: "package.json", Line: 8}},
			{Kind: Hidden, Reason: ReasonUndeclared, Package: "ms"},
		}},
		{Name: "system", Findings: []Finding{{Kind: Hidden, Reason: ReasonUndeclared, Package: "jq"}}},
	}}
	type loc struct {
		Key, File string
		Line      int
	}
	var got []loc
	for _, it := range r.Items() {
		file, line := it.Location("app")
		got = append(got, loc{it.Key(), file, line})
	}
	want := []loc{
		{"npm/phantom/yargs", "app/package.json", 8},
		{"npm/hidden/ms", "app/package.json", 0},
		{"system/hidden/jq", "", 0},
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("items (-want +got):\n%s", diff)
	}
}

func TestDescribe(t *testing.T) {
	it := Item{Ecosystem: "npm", Finding: Finding{
		Kind: Hidden, Reason: ReasonTransitive, Package: "ms", Message: `"ms" is hidden`,
		Via: []string{"debug"}, Evidence: &Evidence{Files: []string{"node_modules/ms/index.js"}, Processes: []string{"node"}},
		Provenance: ProvenanceWorkflow, Change: ChangeNew,
	}}
	want := `"ms" is hidden
Reached through: debug.
Evidence: node_modules/ms/index.js (used by node).
A workflow step installed this package outside the manifests.
New in this pull request.`
	if diff := cmp.Diff(want, it.Describe()); diff != "" {
		t.Errorf("Describe (-want +got):\n%s", diff)
	}
	bare := Item{Finding: Finding{Kind: Phantom, Reason: ReasonUnused, Package: "x"}}
	if diff := cmp.Diff("x is phantom (unused)", bare.Describe()); diff != "" {
		t.Errorf("Describe without a message (-want +got):\n%s", diff)
	}
}

func TestRepoPrefix(t *testing.T) {
	tests := []struct{ name, ws, dir, want string }{
		{"root", "/w", "/w", ""},
		{"sub", "/w", "/w/app/web", "app/web"},
		{"outside", "/w", "/elsewhere", ""},
		{"sibling", "/w", "/w2/app", ""},
		{"noWorkspace", "", "/w/app", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := RepoPrefix(tt.ws, tt.dir); got != tt.want {
				t.Errorf("RepoPrefix(%q, %q) = %q, want %q", tt.ws, tt.dir, got, tt.want)
			}
		})
	}
}

// TestKindReasons checks that every reason constant belongs to exactly
// one kind, so selectors and help text list each once.
func TestKindReasons(t *testing.T) {
	seen := map[string]Kind{}
	for _, k := range Kinds() {
		if len(k.Reasons()) == 0 {
			t.Errorf("kind %q has no reasons", k)
		}
		for _, r := range k.Reasons() {
			if other, ok := seen[r]; ok {
				t.Errorf("reason %q belongs to %q and %q", r, other, k)
			}
			seen[r] = k
		}
	}
	for _, r := range []string{ReasonUnused, ReasonNotInstalled, ReasonSkipped, ReasonCompileTime, ReasonTransitive, ReasonUndeclared, ReasonInstalled, ReasonTestRunner} {
		if _, ok := seen[r]; !ok {
			t.Errorf("reason %q belongs to no kind", r)
		}
	}
}
