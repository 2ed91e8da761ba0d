package engine

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/envaudit/envaudit/audit"
	"github.com/envaudit/envaudit/ecosystems"
	"github.com/envaudit/envaudit/ecosystems/npm"
	"github.com/envaudit/envaudit/internal/testenv"
	"github.com/envaudit/envaudit/sbom"
)

// TestSettle compares installations enumerated before and after a run:
// the audit keeps what was installed before it, and every package whose
// name or version changed, or whose location is gone, is a tampering.
func TestSettle(t *testing.T) {
	root := t.TempDir()
	for _, d := range []string{"lib/a", "lib/b", "lib/c"} {
		if err := os.MkdirAll(filepath.Join(root, d), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	pkg := func(name, version, path string) ecosystems.Package {
		return ecosystems.Package{Name: name, Version: version, Path: path, PURL: "pkg:generic/" + name + "@" + version}
	}
	inv := func(unknown bool, pkgs ...ecosystems.Package) *ecosystems.Inventory {
		x := &ecosystems.Inventory{Packages: pkgs, Index: ecosystems.NewPathIndex(), Unknown: unknown}
		for _, p := range pkgs {
			x.Index.AddDir(filepath.Join(root, p.Path), p.Name, ecosystems.UseRuntime)
		}
		return x
	}
	tests := []struct {
		name          string
		before, after *ecosystems.Inventory
		want          []ecosystems.Package
		wantTampered  []audit.Tampering
		// owner is who the index says owns lib/<dir>/x.js, by dir.
		owner map[string]string
		// edit changes after's index.
		edit func(idx *ecosystems.PathIndex)
	}{
		{
			name:   "unchanged",
			before: inv(false, pkg("a", "1", "lib/a")),
			after:  inv(false, pkg("a", "1", "lib/a")),
			want:   []ecosystems.Package{pkg("a", "1", "lib/a")},
			owner:  map[string]string{"a": "a"},
		},
		{
			name:         "versionRewritten",
			before:       inv(false, pkg("a", "4.17.4", "lib/a"), pkg("b", "1", "lib/b")),
			after:        inv(false, pkg("a", "4.17.21", "lib/a"), pkg("b", "1", "lib/b")),
			want:         []ecosystems.Package{pkg("a", "4.17.4", "lib/a"), pkg("b", "1", "lib/b")},
			wantTampered: []audit.Tampering{{Package: "a", Version: "4.17.4", Path: "lib/a", Changes: []string{`version "4.17.4" → "4.17.21"`}}},
			owner:        map[string]string{"a": "a", "b": "b"},
		},
		{
			name:         "renamed",
			before:       inv(false, pkg("a", "1", "lib/a")),
			after:        inv(false, pkg("z", "2", "lib/a")),
			want:         []ecosystems.Package{pkg("a", "1", "lib/a")},
			wantTampered: []audit.Tampering{{Package: "a", Version: "1", Path: "lib/a", Changes: []string{`name "a" → "z"`, `version "1" → "2"`}}},
			owner:        map[string]string{"a": "a"},
		},
		{
			// A package renamed to another's name does not take that
			// one's files.
			name:         "renamedOntoAnother",
			before:       inv(false, pkg("a", "1", "lib/a"), pkg("b", "1", "lib/b")),
			after:        inv(false, pkg("b", "1", "lib/a"), pkg("b", "1", "lib/b")),
			want:         []ecosystems.Package{pkg("a", "1", "lib/a"), pkg("b", "1", "lib/b")},
			wantTampered: []audit.Tampering{{Package: "a", Version: "1", Path: "lib/a", Changes: []string{`name "a" → "b"`}}},
			owner:        map[string]string{"a": "b", "b": "b"},
		},
		{
			// The metadata now records another file (a RECORD rewritten
			// to claim it).
			name:   "filesChanged",
			before: inv(false, pkg("a", "1", "lib/a"), pkg("b", "1", "lib/b")),
			after:  inv(false, pkg("a", "1", "lib/a"), pkg("b", "1", "lib/b")),
			edit: func(idx *ecosystems.PathIndex) {
				idx.AddFile(filepath.Join(root, "lib/c/x.js"), "b", ecosystems.UseRuntime)
			},
			want:         []ecosystems.Package{pkg("a", "1", "lib/a"), pkg("b", "1", "lib/b")},
			wantTampered: []audit.Tampering{{Package: "b", Version: "1", Path: "lib/b", Changes: []string{"the files it records"}}},
			// As recorded before the run: lib/c is nobody's.
			owner: map[string]string{"a": "a", "b": "b", "c": ""},
		},
		{
			name:         "removed",
			before:       inv(false, pkg("a", "1", "lib/a"), pkg("gone", "3", "lib/gone")),
			after:        inv(false, pkg("a", "1", "lib/a")),
			want:         []ecosystems.Package{pkg("a", "1", "lib/a"), pkg("gone", "3", "lib/gone")},
			wantTampered: []audit.Tampering{{Package: "gone", Version: "3", Path: "lib/gone", Changes: []string{"removed"}}},
			owner:        map[string]string{"a": "a", "gone": "gone"},
		},
		{
			// Found before at a place that is still there, not after (the
			// run used another interpreter): not the run's doing.
			name:   "notFoundAfter",
			before: inv(false, pkg("a", "1", "lib/a"), pkg("c", "1", "lib/c")),
			after:  inv(false, pkg("a", "1", "lib/a")),
			want:   []ecosystems.Package{pkg("a", "1", "lib/a")},
			owner:  map[string]string{"a": "a", "c": ""},
		},
		{
			name:         "nothingAfter",
			before:       inv(false, pkg("a", "1", "lib/a"), pkg("gone", "3", "lib/gone")),
			after:        inv(true),
			want:         []ecosystems.Package{pkg("a", "1", "lib/a"), pkg("gone", "3", "lib/gone")},
			wantTampered: []audit.Tampering{{Package: "gone", Version: "3", Path: "lib/gone", Changes: []string{"removed"}}},
			owner:        map[string]string{"a": "a", "gone": "gone"},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if tt.edit != nil {
				tt.edit(tt.after.Index)
			}
			got, tampered := settle(root, tt.before, tt.after)
			if diff := cmp.Diff(tt.want, got.Packages); diff != "" {
				t.Errorf("packages (-want +got):\n%s", diff)
			}
			if diff := cmp.Diff(tt.wantTampered, tampered); diff != "" {
				t.Errorf("tampered (-want +got):\n%s", diff)
			}
			owners := map[string]string{}
			for dir := range tt.owner {
				owners[dir], _, _ = got.Index.Lookup(filepath.Join(root, "lib", dir, "x.js"))
			}
			if diff := cmp.Diff(tt.owner, owners); diff != "" {
				t.Errorf("owners (-want +got):\n%s", diff)
			}
		})
	}
}

// tamperFixture copies engine/testdata/tamper, installed by `make setup`
// (lodash 4.17.4 and debug 2, which brings ms, required by index.js), to a
// directory of the test's own.
func tamperFixture(t *testing.T) string {
	t.Helper()
	testenv.RealInstall(t)
	if _, err := exec.LookPath("node"); err != nil {
		t.Fatal(testenv.Message("program \"node\""))
	}
	if _, err := os.Stat(filepath.Join("testdata", "tamper", "node_modules", "lodash", "package.json")); err != nil {
		t.Fatal(testenv.Message("engine/testdata/tamper/node_modules (npm ci)"))
	}
	dir := filepath.Join(t.TempDir(), "tamper")
	if err := os.CopyFS(dir, os.DirFS(filepath.Join("testdata", "tamper"))); err != nil {
		t.Fatal(err)
	}
	return dir
}

// runNode traces `node -e script` in dir with the npm ecosystem and
// audits the run.
func runNode(t *testing.T, dir, script string) *audit.Report {
	t.Helper()
	p, err := Open(Options{Dir: dir, Ecosystems: []ecosystems.Ecosystem{npm.Ecosystem{}}})
	if err != nil {
		t.Fatal(err)
	}
	var out bytes.Buffer
	tr, err := p.Trace(t.Context(), RunOptions{Command: []string{"node", "-e", script}, Stdout: &out, Stderr: &out, Timeout: 2 * time.Minute})
	if err != nil {
		t.Fatal(err)
	}
	defer tr.Close()
	if tr.Trace.End.ExitCode != 0 {
		t.Fatalf("node exited %d:\n%s", tr.Trace.End.ExitCode, out.String())
	}
	r, instErr := tr.Audit(t.Context())
	if instErr != nil {
		t.Fatal(instErr)
	}
	return r
}

// finding returns the npm finding of package pkg and reason, or nil.
func finding(r *audit.Report, pkg, reason string) *audit.Finding {
	for _, e := range r.Ecosystems {
		for i, f := range e.Findings {
			if f.Package == pkg && f.Reason == reason {
				return &e.Findings[i]
			}
		}
	}
	return nil
}

// installedVersion returns the version the report lists pkg installed at.
func installedVersion(r *audit.Report, pkg string) string {
	for _, e := range r.Ecosystems {
		for _, p := range e.Installed {
			if p.Name == pkg {
				return p.Version
			}
		}
	}
	return ""
}

// TestAttackRewritePackageJSON reproduces issue 10's attack on the SBOM:
// the test loads lodash 4.17.4 and then rewrites its package.json to
// 4.17.21. The report and the SBOM must still say 4.17.4, and the change
// must be a finding that fails the default gate.
func TestAttackRewritePackageJSON(t *testing.T) {
	dir := tamperFixture(t)
	r := runNode(t, dir, `
		const fs = require('fs');
		require('lodash');
		const f = 'node_modules/lodash/package.json';
		const pj = JSON.parse(fs.readFileSync(f, 'utf8'));
		pj.version = '4.17.21';
		fs.writeFileSync(f, JSON.stringify(pj));
	`)
	if got := installedVersion(r, "lodash"); got != "4.17.4" {
		t.Errorf("the report lists lodash %q installed, want 4.17.4 (what the run loaded)", got)
	}
	f := finding(r, "lodash", audit.ReasonTampered)
	if f == nil {
		t.Fatalf("no tampered finding for lodash; findings: %+v", r.Ecosystems)
	}
	if f.Kind != audit.Hidden || f.Severity != audit.SeverityError || !strings.Contains(f.Message, `version "4.17.4" → "4.17.21"`) {
		t.Errorf("tampered finding %+v", *f)
	}
	facts, err := sbom.Generate(r, sbom.Options{Identify: func(_, name, version string) ecosystems.Identity {
		return npm.Ecosystem{}.Identify(name, version)
	}})
	if err != nil {
		t.Fatal(err)
	}
	found := false
	for _, c := range *facts.BOM.Components {
		if c.Name == "lodash" {
			found = true
			if c.Version != "4.17.4" {
				t.Errorf("the SBOM says lodash %s, want 4.17.4", c.Version)
			}
		}
	}
	if !found {
		t.Errorf("the SBOM has no lodash component")
	}
}

// TestAttackRemoveLoadedPackage is the same attack by removal: the test
// loads lodash and deletes node_modules/lodash. What it loaded is still
// attributed to lodash 4.17.4, and the removal is a finding.
func TestAttackRemoveLoadedPackage(t *testing.T) {
	dir := tamperFixture(t)
	r := runNode(t, dir, `require('lodash'); require('fs').rmSync('node_modules/lodash', {recursive: true});`)
	if got := installedVersion(r, "lodash"); got != "4.17.4" {
		t.Errorf("the report lists lodash %q installed, want 4.17.4", got)
	}
	traced := false
	for _, e := range r.Ecosystems {
		for _, p := range e.Traced {
			traced = traced || p.Name == "lodash"
		}
	}
	if !traced {
		t.Errorf("lodash is not in the traced layer after the run removed it")
	}
	if f := finding(r, "lodash", audit.ReasonTampered); f == nil || !strings.Contains(f.Message, "removed") {
		t.Errorf("tampered finding for lodash = %+v, want one saying it was removed", f)
	}
}

// TestAttackDeleteImportAfterLoading reproduces issue 10's attack on the
// static evidence: index.js requires ms, which only debug's dependency
// installs (a hidden direct dependency, an error), and the test deletes
// that require after loading it, so that afterwards nothing imports ms and
// it would look like a transitive need of debug. The imports are read
// before the run: ms stays hidden direct, at index.js:2.
func TestAttackDeleteImportAfterLoading(t *testing.T) {
	dir := tamperFixture(t)
	r := runNode(t, dir, `
		const fs = require('fs');
		require('./index.js')();
		fs.writeFileSync('index.js', fs.readFileSync('index.js', 'utf8').split('\n').filter(l => !l.includes("'ms'")).join('\n'));
	`)
	f := finding(r, "ms", audit.ReasonDirect)
	if f == nil {
		t.Fatalf("ms is not hidden direct; findings: %+v", r.Ecosystems[0].Findings)
	}
	if f.Location == nil || f.Location.String() != "index.js:2" {
		t.Errorf("ms placed at %v, want index.js:2", f.Location)
	}
	if data, _ := os.ReadFile(filepath.Join(dir, "index.js")); strings.Contains(string(data), "'ms'") {
		t.Fatalf("the test did not delete the require:\n%s", data)
	}
}
