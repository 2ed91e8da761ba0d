package audit

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"testing"

	"github.com/envaudit/envaudit/ecosystems"
	"github.com/envaudit/envaudit/internal/golden"
	"github.com/envaudit/envaudit/tracer"
	"github.com/google/go-cmp/cmp"
)

// fakeEcosystem is one ecosystem of a test case: what a real ecosystem's
// project would have answered (its manifests and lockfiles, Declared,
// Installed) and the ecosystem's DevTools.
type fakeEcosystem struct {
	Name      string                  `json:"name"`
	Manifests []string                `json:"manifests"`
	Lockfiles []string                `json:"lockfiles"`
	DevTools  []string                `json:"devTools"`
	Declared  []ecosystems.Dependency `json:"declared"`
	Installed []ecosystems.Package    `json:"installed"`
	Excluded  []ecosystems.Excluded   `json:"excluded"`
	// Inapplicable are declarations that do not apply to the environment.
	Inapplicable []ecosystems.Excluded `json:"inapplicable"`
	Warnings     []string              `json:"warnings"`
	Evidence     string                `json:"evidence"`
	// UnusedPhrase is what the evidence shows of an unused package
	// (Evidence.Unused).
	UnusedPhrase string `json:"unusedPhrase"`
	// Owns fills the attribution index: a directory or a file per entry.
	Owns []struct {
		Pkg  string         `json:"pkg"`
		Dir  string         `json:"dir"`
		File string         `json:"file"`
		Use  ecosystems.Use `json:"use"`
	} `json:"owns"`
	// Observed is evidence the ecosystem collected itself.
	Observed []ecosystems.Observation `json:"observed"`
	// Links are the installation's reasons for loads beyond its edges.
	Links []ecosystems.Link `json:"links"`
	// NoTestScope stands for an ecosystem whose manifests cannot declare
	// a package for the tests alone (go.mod).
	NoTestScope bool `json:"noTestScope"`
	// NoInventory stands for an ecosystem whose Installed failed.
	NoInventory bool `json:"noInventory"`
	// Unknown stands for an inventory that could not be enumerated.
	Unknown bool `json:"unknown"`
	// Imports is what the ecosystem's importer read of the project's own
	// sources; absent for an ecosystem without one.
	Imports *ecosystems.Imports `json:"imports"`
	// Tampered are the packages whose metadata the run changed.
	Tampered []Tampering `json:"tampered"`
}

// testCase is testdata/cases/<name>/case.json; the trace, if any, is
// trace.jsonl beside it.
type testCase struct {
	Root       string          `json:"root"`
	Ecosystems []fakeEcosystem `json:"ecosystems"`
}

func (e fakeEcosystem) input(root string, tr *tracer.Trace) Input {
	in := Input{
		Name:      e.Name,
		Manifests: e.Manifests,
		Lockfiles: e.Lockfiles,
		Declared:  e.Declared,
		Trace:     tr,
		DevTools:  e.DevTools,
		Root:      root,
		Imports:   e.Imports,
		Tampered:  e.Tampered,

		NoTestScope: e.NoTestScope,
	}
	if e.NoInventory {
		return in
	}
	idx := ecosystems.NewPathIndex()
	for _, o := range e.Owns {
		use := o.Use
		if use == "" {
			use = ecosystems.UseRuntime
		}
		if o.Dir != "" {
			idx.AddDir(o.Dir, o.Pkg, use)
		}
		if o.File != "" {
			idx.AddFile(o.File, o.Pkg, use)
		}
	}
	in.Inventory = &ecosystems.Inventory{
		Packages:     e.Installed,
		Excluded:     e.Excluded,
		Inapplicable: e.Inapplicable,
		Warnings:     e.Warnings,
		Index:        idx,
		Evidence:     ecosystems.Evidence{Basis: e.Evidence, Unused: e.UnusedPhrase},
		Observed:     e.Observed,
		Links:        e.Links,
		Unknown:      e.Unknown,
	}
	return in
}

// loadCase reads a test case and audits it into a report.
func loadCase(t testing.TB, dir string) *Report {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(dir, "case.json"))
	if err != nil {
		t.Fatal(err)
	}
	var tc testCase
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&tc); err != nil {
		t.Fatalf("%s: %v", dir, err)
	}
	var tr *tracer.Trace
	var run *RunInfo
	if f, err := os.Open(filepath.Join(dir, "trace.jsonl")); err == nil {
		var complete bool
		tr, complete, err = tracer.ReadJSONL(f, "trace.jsonl")
		f.Close()
		if err != nil {
			t.Fatal(err)
		}
		run = NewRunInfo(tr, complete, ".")
	} else if !errors.Is(err, fs.ErrNotExist) {
		t.Fatal(err)
	}
	var ecos []EcosystemReport
	for _, e := range tc.Ecosystems {
		ecos = append(ecos, Ecosystem(e.input(tc.Root, tr)))
	}
	return NewReport("test", run, ecos)
}

// TestGolden audits every case under testdata/cases and compares the JSON,
// text and Markdown renderings with the golden files beside it
// (regenerate with ENVAUDIT_UPDATE=1).
func TestGolden(t *testing.T) {
	dirs, err := filepath.Glob("testdata/cases/*")
	if err != nil || len(dirs) == 0 {
		t.Fatalf("no cases under testdata/cases (%v)", err)
	}
	for _, dir := range dirs {
		t.Run(filepath.Base(dir), func(t *testing.T) {
			r := loadCase(t, dir)
			for _, out := range []struct {
				file  string
				write func(*bytes.Buffer) error
			}{
				{"report.json", func(b *bytes.Buffer) error { return r.WriteJSON(b) }},
				{"report.txt", func(b *bytes.Buffer) error { return r.WriteText(b) }},
				{"report.md", func(b *bytes.Buffer) error { return r.WriteMarkdown(b) }},
			} {
				var b bytes.Buffer
				if err := out.write(&b); err != nil {
					t.Fatal(err)
				}
				golden.Check(t, filepath.Join(dir, out.file), b.Bytes())
			}
			// The JSON reads back into the same report.
			var b bytes.Buffer
			if err := r.WriteJSON(&b); err != nil {
				t.Fatal(err)
			}
			back, err := ReadReport(&b, "report.json")
			if err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(r, back); diff != "" {
				t.Errorf("report after a JSON round trip (-want +got):\n%s", diff)
			}
			// Equal inputs give equal reports.
			if diff := cmp.Diff(r, loadCase(t, dir)); diff != "" {
				t.Errorf("second audit differs (-first +second):\n%s", diff)
			}
			checkMetricsAgree(t, r)
		})
	}
}

// checkMetricsAgree checks that the rates and the findings count the same
// sets: |phantom| = φ·n1, |hidden| = η·n3, |bloat| = β·n2. Two kinds of
// finding lie outside those sets on purpose and are not counted: phantoms
// of declarations whose name the run loaded (dev-only, only another copy
// loaded, loaded only by a package that depends on it), which stay in
// D1 ∩ D3, missing packages, which are in no layer, and tampered
// packages, which say what the run did rather than which layer lacks them.
// A dev-declared finding stands in for the phantom finding of its
// declaration, so it counts as one when its package was not loaded; a
// bloat finding of an unloaded copy of a loaded name is per copy, not in
// β, which counts names.
func checkMetricsAgree(t *testing.T, r *Report) {
	t.Helper()
	for _, e := range r.Ecosystems {
		if !e.HasLayer(LayerTraced) {
			// Without D3 the rates are 0 by definition, while D1 \ D2
			// is still known (not-installed phantoms).
			continue
		}
		loaded := map[string]bool{}
		for _, tp := range e.Traced {
			loaded[tp.Name] = tp.Use == "runtime"
		}
		c := map[Kind]int{}
		for _, f := range e.Findings {
			if f.Kind == Hidden && f.Reason == ReasonDevDeclared {
				// It stands in for its declaration's phantom finding:
				// one finding per name of D1 \ D3 still.
				if !loaded[f.Package] {
					c[Phantom]++
				}
				continue
			}
			if (f.Kind == Phantom && loaded[f.Package]) || (f.Kind == Hidden && (f.Reason == ReasonMissing || f.Reason == ReasonTampered)) || (f.Kind == Bloat && loaded[f.Package]) {
				continue
			}
			c[f.Kind]++
		}
		// A package only read or declared to build has its compile-time
		// finding instead of bloat: still in D2 \ D3.
		bloat := map[string]bool{}
		for _, f := range e.Findings {
			if f.Kind == Bloat {
				bloat[f.Package] = true
			}
		}
		for _, tp := range e.Traced {
			if tp.Use == "compile" && !bloat[tp.Name] {
				c[Bloat]++
			}
		}
		// A package the run only located (read its package.json to find
		// it) is in D2 \ D3 but no bloat.
		for _, name := range e.Located {
			if !bloat[name] {
				c[Bloat]++
			}
		}
		for _, f := range e.Findings {
			if f.Kind == Phantom && f.Reason == ReasonCompileTime && !bloat[f.Package] && !loaded[f.Package] && installedName(e, f.Package) && !tracedName(e, f.Package) {
				c[Bloat]++
			}
		}
		m := e.Metrics
		for _, x := range []struct {
			kind  Kind
			rate  float64
			denom int
		}{{Phantom, m.PhantomRate, m.Declared}, {Hidden, m.HiddenRate, m.Traced}, {Bloat, m.BloatRate, m.Installed}} {
			if got, want := c[x.kind], int(x.rate*float64(x.denom)+0.5); got != want {
				t.Errorf("%s: %d %s findings, but rate %v × %d = %d", e.Name, got, x.kind, x.rate, x.denom, want)
			}
		}
	}
}

// TestUnknownInventoryKeepsObservations audits a run whose installation
// could not be enumerated (Maven failed) but whose JVMs logged the classes
// they loaded: the observations still make D3, while what needs D2 — not
// installed, bloat, transitive versus undeclared — stays unknown.
func TestUnknownInventoryKeepsObservations(t *testing.T) {
	tr := &tracer.Trace{
		Header:    tracer.Header{Command: []string{"mvn", "test"}, Dir: "/p"},
		Processes: []tracer.Process{{ID: 1, Exe: "/usr/bin/java"}},
		Accesses:  []tracer.Access{{Proc: 1, Op: tracer.OpRead, Path: "/m2/lib/lib-1.jar"}},
	}
	idx := ecosystems.NewPathIndex()
	idx.AddFile("/m2/lib/lib-1.jar", "g:lib", ecosystems.UseRuntime)
	inv := &ecosystems.Inventory{
		Unknown:  true,
		Index:    idx,
		Packages: []ecosystems.Package{{Name: "g:bloat", Version: "1"}},
		Warnings: []string{"maven: the resolved dependencies are unknown"},
		Observed: []ecosystems.Observation{
			{Package: "g:used", File: "/m2/used/used-1.jar", Process: "java", Use: ecosystems.UseRuntime, Count: 3},
			{Package: "g:extra", File: "target/app.jar!/lib/extra-1.jar", Process: "java", Use: ecosystems.UseRuntime, Count: 1},
			{Package: "g:runner", File: "/m2/runner/runner-1.jar", Process: "java", Use: ecosystems.UseRuntime},
		},
	}
	declared := []ecosystems.Dependency{
		{Name: "g:used", Scope: ecosystems.ScopeRuntime, Pos: ecosystems.Pos{File: "pom.xml", Line: 5}},
		{Name: "g:idle", Scope: ecosystems.ScopeRuntime, Pos: ecosystems.Pos{File: "pom.xml", Line: 9}},
		{Name: "g:typo", Scope: ecosystems.ScopeRuntime, Pos: ecosystems.Pos{File: "pom.xml", Line: 13}},
	}
	type summary struct {
		Missing  []string
		Traced   []string
		Findings []string // kind:reason package severity
	}
	tests := []struct {
		name  string
		trace *tracer.Trace
		inv   *ecosystems.Inventory
		want  summary
	}{
		{"observed", tr, inv, summary{
			Missing: []string{LayerInstalled},
			Traced:  []string{"g:extra", "g:runner", "g:used"},
			Findings: []string{
				"phantom:unused g:idle warning",
				"phantom:unused g:typo warning",
				"hidden:undeclared g:extra warning",
				"dev:test-runner g:runner notice",
			},
		}},
		{"noTrace", nil, inv, summary{Missing: []string{LayerInstalled, LayerTraced}, Traced: []string{}}},
		{"noObservations", tr, &ecosystems.Inventory{Unknown: true, Index: idx}, summary{Missing: []string{LayerInstalled, LayerTraced}, Traced: []string{}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			rep := Ecosystem(Input{Name: "maven", Manifests: []string{"pom.xml"}, Declared: declared, Inventory: tt.inv, Trace: tt.trace, DevTools: []string{"g:runner"}, Root: "/p"})
			got := summary{Missing: rep.Missing, Traced: []string{}}
			for _, p := range rep.Traced {
				got.Traced = append(got.Traced, p.Name)
			}
			for _, f := range rep.Findings {
				got.Findings = append(got.Findings, fmt.Sprintf("%s:%s %s %s", f.Kind, f.Reason, f.Package, f.Severity))
			}
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("audit (-want +got):\n%s", diff)
			}
			if len(rep.Installed) != 0 {
				t.Errorf("an unknown inventory's packages are reported as installed: %v", rep.Installed)
			}
			checkMetricsAgree(t, &Report{Ecosystems: []EcosystemReport{rep}})
		})
	}
}

// TestMissingDeclarationByScope checks what a declaration absent from D2
// is, by its scope: a not-installed error when it must be installed
// (runtime, provided, build), a skipped notice when installs leave it out
// by design (dev, test, peer, optional). policy's TestDefaultGateByScope
// checks that the first gate by default and the second do not.
func TestMissingDeclarationByScope(t *testing.T) {
	tests := []struct {
		scope ecosystems.Scope
		want  string // reason severity
	}{
		{ecosystems.ScopeRuntime, "not-installed error"},
		{"", "not-installed error"},
		{ecosystems.ScopeProvided, "not-installed error"},
		{ecosystems.ScopeBuild, "not-installed error"},
		{ecosystems.ScopeDev, "skipped notice"},
		{ecosystems.ScopeTest, "skipped notice"},
		{ecosystems.ScopePeer, "skipped notice"},
		{ecosystems.ScopeOptional, "skipped notice"},
	}
	for _, tt := range tests {
		name := string(tt.scope)
		if name == "" {
			name = "unscoped"
		}
		t.Run(name, func(t *testing.T) {
			in := Input{
				Name:      "python",
				Manifests: []string{"pyproject.toml"},
				Declared:  []ecosystems.Dependency{{Name: "mypy", Scope: tt.scope, Pos: ecosystems.Pos{File: "pyproject.toml", Line: 12}}},
				Inventory: &ecosystems.Inventory{Index: ecosystems.NewPathIndex()},
				Root:      "/p",
			}
			rep := Ecosystem(in)
			if len(rep.Findings) != 1 {
				t.Fatalf("findings = %+v, want one", rep.Findings)
			}
			f := rep.Findings[0]
			got := f.Reason + " " + f.Severity
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("finding (-want +got):\n%s\nmessage: %s", diff, f.Message)
			}
			if f.Reason == ReasonSkipped {
				want := fmt.Sprintf("%q is declared in pyproject.toml:12 as %s dependency and not installed here: the install left it out", "mypy", withArticle(string(tt.scope)))
				if diff := cmp.Diff(want, f.Message); diff != "" {
					t.Errorf("message (-want +got):\n%s", diff)
				}
			}
		})
	}
}

func installedName(e EcosystemReport, name string) bool {
	for _, p := range e.Installed {
		if p.Name == name {
			return true
		}
	}
	return false
}

func tracedName(e EcosystemReport, name string) bool {
	for _, tp := range e.Traced {
		if tp.Name == name {
			return true
		}
	}
	return false
}
