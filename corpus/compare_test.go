package corpus

import (
	"maps"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/envaudit/envaudit/audit"
)

// TestCompare checks the checker's own verdicts on small made-up results:
// which produced findings are false gating ones and which judged ones are
// missing.
func TestCompare(t *testing.T) {
	judged := func(kind, reason, pkg string, gating bool) expectedFinding {
		return expectedFinding{Ecosystem: "npm", Kind: kind, Reason: reason, Package: pkg, Gating: gating}
	}
	got := func(kindReason, pkg string, gating bool) gotFinding {
		return gotFinding{key: findingKey{"npm", kindReason, pkg}, gating: gating}
	}
	for _, tt := range []struct {
		name            string
		expected        []expectedFinding
		got             []gotFinding
		wantFalse       []string
		wantMissed      []string
		wantGotGating   int
		wantRightGating int
	}{
		{
			name: "clean",
		},
		{
			name:     "judgedAndProduced",
			expected: []expectedFinding{judged("phantom", "unused", "nyc", false), judged("hidden", "direct", "ms", true)},
			got:      []gotFinding{got("phantom:unused", "nyc", false), got("hidden:direct", "ms", true), got("bloat:installed", "nyc", false)},
			// A non-gating finding nobody judged is no failure.
			wantGotGating: 1, wantRightGating: 1,
		},
		{
			name:          "falseGating",
			got:           []gotFinding{got("hidden:undeclared", "libexpat1", true), got("hidden:transitive", "ms", false)},
			wantFalse:     []string{"hidden:undeclared libexpat1"},
			wantGotGating: 1,
		},
		{
			name:       "otherReason",
			expected:   []expectedFinding{judged("hidden", "direct", "ms", true)},
			got:        []gotFinding{got("hidden:transitive", "ms", false)},
			wantMissed: []string{"hidden:direct ms"},
		},
		{
			name:          "gatingJudgedNotGating",
			expected:      []expectedFinding{judged("phantom", "not-installed", "left-pad", false)},
			got:           []gotFinding{got("phantom:not-installed", "left-pad", true)},
			wantFalse:     []string{"phantom:not-installed left-pad"},
			wantMissed:    []string{"phantom:not-installed left-pad"},
			wantGotGating: 1,
		},
	} {
		t.Run(tt.name, func(t *testing.T) {
			r := &result{expected: tt.expected, got: tt.got}
			r.compare()
			var gotFalse, gotMissed []string
			for _, f := range r.falseGating {
				gotFalse = append(gotFalse, f.key.kindReason+" "+f.key.pkg)
			}
			for _, f := range r.missed {
				gotMissed = append(gotMissed, f.Kind+":"+f.Reason+" "+f.Package)
			}
			if diff := cmp.Diff(tt.wantFalse, gotFalse); diff != "" {
				t.Errorf("false gating findings (-want +got):\n%s", diff)
			}
			if diff := cmp.Diff(tt.wantMissed, gotMissed); diff != "" {
				t.Errorf("missed findings (-want +got):\n%s", diff)
			}
			s := summarize([]*result{r})
			if s.gotGating != tt.wantGotGating || s.correctGating != tt.wantRightGating {
				t.Errorf("gating produced %d, right %d; want %d, %d", s.gotGating, s.correctGating, tt.wantGotGating, tt.wantRightGating)
			}
		})
	}
}

// TestParseGate checks that a selector the policy does not know is set
// aside, not fatal, and that the known ones gate.
func TestParseGate(t *testing.T) {
	g, unknown := parseGate("hidden:undeclared, hidden:no-such-reason ,phantom:not-installed")
	if diff := cmp.Diff([]string{"hidden:no-such-reason"}, unknown); diff != "" {
		t.Errorf("unknown selectors (-want +got):\n%s", diff)
	}
	for _, tt := range []struct {
		name string
		f    audit.Finding
		want bool
	}{
		{"undeclared", audit.Finding{Kind: audit.Hidden, Reason: audit.ReasonUndeclared}, true},
		{"notInstalled", audit.Finding{Kind: audit.Phantom, Reason: audit.ReasonNotInstalled}, true},
		{"transitive", audit.Finding{Kind: audit.Hidden, Reason: audit.ReasonTransitive}, false},
		{"ignored", audit.Finding{Kind: audit.Hidden, Reason: audit.ReasonUndeclared, Ignored: "a reason"}, false},
	} {
		t.Run(tt.name, func(t *testing.T) {
			if got := g.Fails(tt.f); got != tt.want {
				t.Errorf("Fails = %v, want %v", got, tt.want)
			}
		})
	}
}

// TestProjectFiles checks every project's files without installing
// anything: project.json and expected.json parse, the licence files and
// stamp files exist, judged findings name a kind and a rationale, and
// stamp agrees with corpus_stamp in scripts/setup.d/corpus.sh.
func TestProjectFiles(t *testing.T) {
	projects := loadProjects(t)
	for _, p := range projects {
		t.Run(p.Name, func(t *testing.T) {
			var j judgment
			if err := readJSON(filepath.Join(p.dir, "expected.json"), &j); err != nil {
				t.Fatal(err)
			}
			for _, f := range j.Findings {
				if f.Ecosystem == "" || f.Kind == "" || f.Reason == "" || f.Package == "" || !strings.Contains(f.Rationale, ":") {
					t.Errorf("judged finding %+v lacks a field or a file:line rationale", f)
				}
			}
			if p.Repository == "" || len(p.Commit) != 40 || p.Licence == "" || len(p.Test.Command) == 0 || len(p.Install) == 0 {
				t.Errorf("project.json lacks the repository, the full commit, the licence, the test command or the install steps")
			}
			for _, f := range append(append([]string(nil), p.LicenceFiles...), p.Stamp...) {
				if _, err := os.Stat(filepath.Join(p.dir, "src", f)); err != nil {
					t.Errorf("%v", err)
				}
			}
			want, err := stamp(p)
			if err != nil {
				t.Fatal(err)
			}
			if _, err := exec.LookPath("jq"); err != nil {
				return // corpus_stamp reads project.json with jq; the short tier may lack it
			}
			out, err := exec.Command("bash", "-c", `. ../scripts/setup.d/corpus.sh && corpus_stamp "$1"`, "bash", filepath.Join(p.dir, "project.json")).Output()
			if err != nil {
				t.Fatalf("corpus_stamp: %v", err)
			}
			if got := strings.TrimSpace(string(out)); got != want {
				t.Errorf("corpus_stamp = %s, stamp = %s", got, want)
			}
		})
	}
}

func TestSample(t *testing.T) {
	ps := []*project{
		{Name: "a", Ecosystems: []string{"npm", "system"}},
		{Name: "b", Ecosystems: []string{"npm"}},
		{Name: "c", Ecosystems: []string{"system"}},
		{Name: "d", Ecosystems: []string{"go", "system"}},
		{Name: "e"},
	}
	got := sample(ps)
	want := map[string]bool{"a": true, "c": true, "d": true}
	if !maps.Equal(got, want) {
		t.Errorf("sample = %v, want %v", got, want)
	}
}
