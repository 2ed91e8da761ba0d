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
		// A go.work module or an included file outside the project is
		// read, but a finding is never placed on it.
		{"outsideFirst", []string{"/srv/shared/go.mod", "go.mod", "go.work"}, nil, "go.mod"},
		{"parentFirst", []string{"../common.txt", "requirements.txt"}, nil, "requirements.txt"},
		{"onlyOutside", []string{"../shared/go.mod", "/srv/x/go.mod"}, nil, ""},
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

// TestMainManifest checks where a finding without a declaration of its
// own is placed: the manifest with the most runtime declarations, as a
// whole file, else the first manifest of the project — never one read
// from outside it (a go.work module in ../, an included ../common.txt).
func TestMainManifest(t *testing.T) {
	dep := func(name, file string, line int, scope ecosystems.Scope) ecosystems.Dependency {
		return ecosystems.Dependency{Name: name, Scope: scope, Pos: ecosystems.Pos{File: file, Line: line}}
	}
	tests := []struct {
		name      string
		manifests []string
		decls     []ecosystems.Dependency
		want      *ecosystems.Pos
	}{
		{"mostRuntime", []string{"a/package.json", "package.json"},
			[]ecosystems.Dependency{dep("x", "a/package.json", 3, ecosystems.ScopeRuntime), dep("y", "package.json", 4, ecosystems.ScopeRuntime), dep("z", "package.json", 5, ecosystems.ScopeRuntime), dep("d", "a/package.json", 6, ecosystems.ScopeDev)},
			&ecosystems.Pos{File: "package.json"}},
		{"tieByName", []string{"b.txt", "a.txt"},
			[]ecosystems.Dependency{dep("x", "b.txt", 1, ecosystems.ScopeRuntime), dep("y", "a.txt", 1, ecosystems.ScopeRuntime)},
			&ecosystems.Pos{File: "a.txt"}},
		{"noRuntime", []string{"/srv/shared/go.mod", "../other/go.mod", "go.mod"},
			[]ecosystems.Dependency{dep("t", "go.mod", 7, ecosystems.ScopeDev)},
			&ecosystems.Pos{File: "go.mod"}},
		{"onlyOutside", []string{"../common.txt"}, nil, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			a := &auditor{in: Input{Manifests: tt.manifests}, decls: map[string][]ecosystems.Dependency{}}
			for _, d := range tt.decls {
				a.decls[d.Name] = append(a.decls[d.Name], d)
			}
			if diff := cmp.Diff(tt.want, a.mainManifest()); diff != "" {
				t.Errorf("mainManifest (-want +got):\n%s", diff)
			}
		})
	}
}

func TestFindingLine(t *testing.T) {
	located := Finding{Kind: Phantom, Reason: ReasonUnused, Package: "yargs", Location: &ecosystems.Pos{File: "package.json", Line: 8}}
	tests := []struct {
		name string
		f    Finding
		dir  string
		want string
	}{
		{"atRoot", located, ".", "phantom:unused yargs package.json:8"},
		{"noDir", located, "", "phantom:unused yargs package.json:8"},
		{"fromDir", located, "web/app", "phantom:unused yargs web/app/package.json:8"},
		{"noReason", Finding{Kind: Hidden, Package: "debug"}, "web", "hidden debug"},
		{"noFile", Finding{Kind: Hidden, Reason: ReasonTransitive, Package: "ms", Location: &ecosystems.Pos{}}, "web", "hidden:transitive ms"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := tt.f.Line(tt.dir); got != tt.want {
				t.Errorf("Line(%q) = %q, want %q", tt.dir, got, tt.want)
			}
		})
	}
}
