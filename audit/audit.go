package audit

import (
	"path"
	"slices"
	"sort"
	"strings"

	"github.com/envaudit/envaudit/ecosystems"
	"github.com/envaudit/envaudit/internal/shellquote"
	"github.com/envaudit/envaudit/tracer"
)

// MaxFiles caps the evidence files kept per traced package; the total is in
// TracedPackage.FileCount.
const MaxFiles = 20

// maxFindingFiles caps the files quoted as evidence in one finding.
const maxFindingFiles = 5

// Input is everything the audit of one ecosystem rests on.
type Input struct {
	// Name is the ecosystem's name ("npm", "python").
	Name string
	// Manifests are the manifests and lockfiles the ecosystem's project
	// read (the files of kinds ecosystems.KindManifest and KindLockfile),
	// relative to Root: where declarations go and findings point. Its
	// configuration files are not listed.
	Manifests []string
	// Lockfiles are those of Manifests that are lockfiles (of kind
	// ecosystems.KindLockfile): where nothing is declared, so no finding
	// is placed on one when a manifest is there.
	Lockfiles []string
	// Imports is what the project's own sources import
	// (ecosystems.Importer), nil when the ecosystem cannot read them or
	// they could not be read: who needed each package, the project's
	// code or only its dependencies and the toolchain.
	Imports *ecosystems.Imports
	// Declared is D1 as the ecosystem parsed it.
	Declared []ecosystems.Dependency
	// Inventory is D2 with its attribution index; nil (or Unknown) when
	// the installation could not be enumerated, which leaves D2 missing
	// rather than empty, and D3 too unless an Unknown inventory carries
	// Observed evidence.
	Inventory *ecosystems.Inventory
	// Trace is the traced run; nil when only D1 and D2 are audited.
	Trace *tracer.Trace
	// DevTools names the ecosystem's test runners (Ecosystem.DevTools).
	DevTools []string
	// NoTestScope says the ecosystem's manifests cannot declare a package
	// for the tests alone (ecosystems.TestScoper; go.mod): a runtime
	// declaration only the tests import is then where it belongs.
	NoTestScope bool
	// Root is the absolute project root; evidence paths inside it are
	// reported relative to it.
	Root string
	// Tampered are the installed packages whose metadata changed while
	// the traced command ran (the engine enumerates the installation
	// before and after the run): each is a hidden finding of reason
	// tampered. Inventory already describes them as they were before the
	// run.
	Tampered []Tampering
}

// Tampering is an installed package whose metadata changed while the
// traced command ran: a test that rewrote node_modules/lodash/package.json
// from 4.17.4 to 4.17.21 after loading it, or removed a package it
// loaded. What the run loaded is what was installed before it, so the
// report keeps that; the change itself is a finding.
type Tampering struct {
	// Package and Version are the package as it was installed before the
	// run.
	Package string `json:"package"`
	Version string `json:"version,omitempty"`
	// Path is its install location, relative to the root when inside it.
	Path string `json:"path,omitempty"`
	// Changes say what changed, each in words: `version "4.17.4" →
	// "4.17.21"`, `name "lodash" → "lodash-es"`, "removed".
	Changes []string `json:"changes"`
}

// use is what the trace shows of one package.
type use struct {
	files   map[string]fileUse // display path → how it was used
	procs   set                // executable base names
	runtime bool               // at least one file loaded or executed at run time
	ordered []string           // files in evidence order, once computed
}

type fileUse struct {
	exec    bool
	runtime bool
}

// Ecosystem audits one ecosystem: it attributes the trace to installed
// packages (D3), classifies dev tooling, and derives findings and metrics.
// It is deterministic: equal inputs give equal reports.
func Ecosystem(in Input) EcosystemReport {
	inv := in.Inventory
	if inv == nil {
		inv = &ecosystems.Inventory{}
	}
	// observedOnly: the installation could not be enumerated, yet the
	// ecosystem collected evidence of use itself during the run (the
	// classes a JVM logged). That evidence names its packages without D2,
	// so it still makes D3; what needs D2 (not-installed, bloat, the graph
	// that tells transitive from undeclared) stays unknown.
	observedOnly := false
	if inv.Unknown {
		// The warnings, exclusions and observations still hold; the
		// packages and the attribution of files to them do not.
		in.Inventory = nil
		observedOnly = in.Trace != nil && len(inv.Observed) > 0
		inv = &ecosystems.Inventory{Excluded: inv.Excluded, Inapplicable: inv.Inapplicable, Observed: inv.Observed, Evidence: inv.Evidence, Warnings: inv.Warnings}
	}
	// What the project's own code imports at run time must be in a
	// production install, whatever else brings it: the toolchain baseline
	// does not hide it (pkg_resources in the code needs setuptools
	// declared, which Python 3.12 venvs and uv do not install).
	im := newImports(in.Imports)
	codeNeeds := setOf(keys(im.required))
	excluded := set{}
	var baseline []ecosystems.Excluded
	for _, e := range inv.Excluded {
		if codeNeeds[e.Name] {
			continue
		}
		excluded[e.Name] = true
		baseline = append(baseline, e)
	}
	// Declarations that do not apply here leave D1 for this run and are
	// listed as excluded; what is installed or loaded of the same name
	// stays in D2 and D3 like any undeclared package.
	inapplicable := set{}
	listed := baseline
	for _, e := range inv.Inapplicable {
		if !excluded[e.Name] && !inapplicable[e.Name] {
			inapplicable[e.Name] = true
			listed = append(listed, e)
		}
	}

	// A requirement the package manager marked as only other
	// dependencies' need (Dependency.Indirect) is the project's
	// declaration only where its sources import the package.
	declared, stale := ownDeclared(in.Declared, in.Imports)

	// D1, with each name's declarations ordered so the one a finding
	// points at comes first: a runtime declaration before a dev one, then
	// by position.
	decls := map[string][]ecosystems.Dependency{}
	for _, d := range declared {
		if d.Name != "" && !excluded[d.Name] && !inapplicable[d.Name] {
			decls[d.Name] = append(decls[d.Name], d)
		}
	}
	// devDecl: the names declared only in dev or test scopes.
	d1, runtimeRoots, devDecl := set{}, set{}, set{}
	for name, ds := range decls {
		sort.SliceStable(ds, func(i, j int) bool { return declBefore(ds[i], ds[j]) })
		d1[name] = true
		if isDevScope(ds[0].Scope) {
			devDecl[name] = true
		} else {
			runtimeRoots[name] = true
		}
	}

	// D2 and its graph.
	pkgs := map[string][]ecosystems.Package{}
	d2 := set{}
	var kept []ecosystems.Package
	for _, p := range inv.Packages {
		if p.Name == "" || excluded[p.Name] {
			continue
		}
		pkgs[p.Name] = append(pkgs[p.Name], p)
		d2[p.Name] = true
		kept = append(kept, p)
	}
	// Paths through the graph never pass through excluded toolchain
	// packages: they are in no layer.
	g := newGraph(kept)

	// D3.
	uses, located := attribute(in, inv.Index, excluded)
	if in.Trace != nil {
		observe(uses, inv.Observed, excluded)
	}
	d3 := set{}
	for name, u := range uses {
		if u.runtime {
			d3[name] = true
		}
	}

	// Dev tooling is what the tooling the run really used brought along:
	// the closure of the dev roots it loaded — test runners (DevTools)
	// and dev/test declarations with files in the trace — minus everything
	// a runtime declaration reaches. Being reachable from a dev root is not
	// enough: a package that only an unloaded dev declaration brings, yet
	// was loaded, was loaded by the code itself, and an install without
	// dev dependencies lacks it (hidden, below). Installed tooling that was
	// never loaded — the closure of every dev root, loaded or not, and of
	// what the package manager records as dev-only — still stays out of
	// D2, so it is not reported as bloat.
	runtimeWalk := g.bfs(sortedNames(runtimeRoots))
	reachedAtRuntime := runtimeWalk.set()
	devRoots := set{}
	for name := range devDecl {
		devRoots[name] = true
	}
	for _, t := range in.DevTools {
		if !runtimeRoots[t] {
			devRoots[t] = true
		}
	}
	loadedRoots := set{}
	for name := range devRoots {
		if uses[name] != nil {
			loadedRoots[name] = true
		}
	}
	devWalk := g.bfs(sortedNames(loadedRoots))
	devSet := minus(devWalk.set(), reachedAtRuntime)
	installedDev := set{}
	for name := range devRoots {
		installedDev[name] = true
	}
	for name, ps := range pkgs {
		for _, p := range ps {
			if (p.Dev || isDevScope(p.Scope)) && !runtimeRoots[name] {
				installedDev[name] = true
			}
		}
	}
	// Where the package manager records which packages are dev-only
	// (npm's lockfile), a copy it installs for production is no tooling
	// though only dev packages reach it here: an edge the install left
	// out (an optional dependency for another platform) keeps it in a
	// production install, where nothing loads it (aliv's wrappy, which
	// DepPrune removed with the tests still passing).
	recordsDev := false
	for _, ps := range pkgs {
		for _, p := range ps {
			recordsDev = recordsDev || p.Dev
		}
	}
	production := func(name string) bool {
		if !recordsDev || installedDev[name] {
			return false
		}
		return slices.ContainsFunc(pkgs[name], func(p ecosystems.Package) bool { return !p.Dev })
	}
	unloadedDev := set{}
	for name := range minus(g.bfs(sortedNames(installedDev)).set(), reachedAtRuntime) {
		if uses[name] == nil {
			unloadedDev[name] = true
		}
	}
	// What the code imports is never tooling, whatever brings it along.
	devSet = minus(devSet, codeNeeds)

	// A loaded package that none of the above explains may still have been
	// loaded by what was: a loaded package's own (optional) import, an
	// entry point a loaded package discovers (pytest's plugins), a
	// start-up hook. Such a load is the environment's doing, not an
	// undeclared dependency of the project's; when its chain starts at
	// neither a runtime declaration nor the code's imports it is tooling.
	loaded := set{}
	for name, u := range uses {
		if u.runtime {
			loaded[name] = true
		}
	}
	roots := append(sortedNames(intersect(d1, loaded)), startup)
	roots = append(roots, sortedNames(intersect(union(codeNeeds, setOf(keys(im.code))), loaded))...)
	roots = append(roots, in.DevTools...)
	// The excluded toolchain and base (pip, setuptools, npm) are loaded
	// by the environment, not the project: what they load by themselves
	// (setuptools' finalize_distribution_options plugins, such as
	// setuptools-scm when pip builds a package during the tests) is
	// theirs. They start chains although no layer keeps them.
	walkable := loaded
	if len(excluded) > 0 {
		walkable = union(loaded, excluded)
		roots = append(roots, sortedNames(excluded)...)
	}
	explained := explainLoads(roots, walkable, g, inv.Links)
	// What the command fetched and ran itself (npx --yes X) is a tool of
	// the test command that nothing declares: a hidden finding of its
	// own, while what it brought along is explained through it.
	fetched := map[string]ecosystems.Link{}
	for _, l := range inv.Links {
		if l.Kind == ecosystems.LinkFetched && l.From == startup && loaded[l.To] && !d1[l.To] {
			if _, ok := fetched[l.To]; !ok {
				fetched[l.To] = l
			}
		}
	}
	linkTooling := set{}
	for name := range loaded {
		if d1[name] || codeNeeds[name] || reachedAtRuntime[name] || devSet[name] || !explained.reached(name) {
			continue
		}
		if _, ok := fetched[name]; ok {
			continue
		}
		if r := explained.root[name]; r == startup || !(runtimeRoots[r] || reachedAtRuntime[r] || codeNeeds[r] || len(im.code[r]) > 0) {
			linkTooling[name] = true
		}
	}
	devSet = union(devSet, linkTooling)

	// Undeclared dev tooling leaves every layer; a declared dev dependency
	// stays in D1 and D3 like any declaration, so loading it is a match.
	tooling := minus(minus(union(devSet, unloadedDev), d1), codeNeeds)
	for name := range tooling {
		if uses[name] == nil && production(name) {
			delete(tooling, name)
		}
	}

	rep := EcosystemReport{
		Name:      in.Name,
		Manifests: nonNil(append([]string(nil), in.Manifests...)),
		Lockfiles: append([]string(nil), in.Lockfiles...),
		Evidence:  inv.Evidence.Basis,
		Declared:  sortedDeclared(declared),
		Installed: sortedInstalled(kept),
		Traced:    tracedPackages(uses, pkgs, devSet),
		Findings:  []Finding{},
		Excluded:  sortedExcluded(listed),
		Warnings:  append([]string(nil), inv.Warnings...),
	}

	traced := in.Trace != nil && (in.Inventory != nil || observedOnly)
	if in.Inventory == nil {
		rep.Missing = append(rep.Missing, LayerInstalled)
	}
	if !traced {
		rep.Missing = append(rep.Missing, LayerTraced)
	}
	m1, m2, m3 := minus(d1, tooling), minus(d2, tooling), minus(d3, tooling)
	rep.Metrics = Measure(sortedNames(m1), sortedNames(m2), sortedNames(m3), traced)
	rep.Metrics.Definition = DefinitionEnvaudit
	rep.StudyMetrics = Measure(StudyDeclared(rep), sortedNames(d2), sortedNames(d3), traced)
	rep.StudyMetrics.Definition = DefinitionStudy

	inventoried := in.Inventory != nil
	rep.Evidence = withEvidence(rep.Evidence, im.evidenceLine())
	if in.Imports != nil {
		rep.Warnings = append(rep.Warnings, in.Imports.Warnings...)
		if x := in.Imports; x.Code != nil || x.Tests != nil || x.Tooling != nil {
			rep.Sources = &Sources{Code: sortedCopy(x.Code), Tests: sortedCopy(x.Tests)}
			if len(x.Tooling) > 0 {
				rep.Sources.Tooling = sortedCopy(x.Tooling)
			}
		}
	}
	a := auditor{in: in, decls: decls, pkgs: pkgs, uses: uses, command: commandString(in.Trace), resolved: inventoried, unused: inv.Evidence.Unused,
		imports: im, graph: g, devWalk: devWalk, loadedRuntime: intersect(runtimeRoots, d3), inapplicable: inapplicable,
		explained: explained, devDeclared: intersect(codeNeeds, devDecl), fetched: fetched, located: located}
	if a.unused == "" {
		a.unused = "no file of it was loaded"
	}
	a.available = set{}
	for _, n := range inv.Available {
		a.available[n] = true
	}
	a.unlocked = set{}
	for _, n := range inv.Unlocked {
		a.unlocked[n] = true
	}
	// What reaches a loaded package only through dev declarations that
	// were not loaded themselves: the dev declaration it comes through.
	a.devOnly = g.bfs(sortedNames(minus(devDecl, loadedRoots)))
	dependents := dependedOn(intersect(m2, m3), g)
	for name := range located {
		if !d3[name] && m2[name] && dependents[name] {
			rep.Located = append(rep.Located, name)
		}
	}
	sort.Strings(rep.Located)
	var fs []Finding
	fs = append(fs, a.phantoms(minus(m1, a.devDeclared), m2, m3, traced, inventoried)...)
	fs = append(fs, a.devDeclaredFindings()...)
	if traced {
		fs = append(fs, a.hidden(minus(m3, m1), runtimeWalk, g)...)
		fs = append(fs, a.dev(minus(d3, d1), devSet, devWalk, linkTooling)...)
		if inventoried {
			fs = append(fs, a.bloat(minus(m2, m3), intersect(m2, m3), d1, g)...)
		}
	}
	if inventoried {
		fs = append(fs, a.missing(excluded)...)
	}
	hiddenNames := set{}
	for _, f := range fs {
		if f.Kind == Hidden {
			hiddenNames[f.Package] = true
		}
	}
	fs = append(fs, a.toolingFindings(hiddenNames, excluded)...)
	fs = append(fs, a.staleIndirect(stale)...)
	fs = append(fs, a.tampered(in.Tampered)...)
	rep.Findings = nonNil(fs)
	return rep
}

// attribute maps every successful read or execution in the trace to the
// package owning the file: the symlink-resolved path first, then the path
// as opened. A file that was only written (an install step, a cache) is no
// evidence of use, nor is a file the ecosystem marks UseNone or
// UseResolve; the files of the latter, read to find their package, are
// returned by package as located (display paths).
func attribute(in Input, idx *ecosystems.PathIndex, excluded set) (map[string]*use, map[string][]string) {
	uses := map[string]*use{}
	located := map[string][]string{}
	if in.Trace == nil || idx == nil {
		return uses, located
	}
	seenLocated := map[string]bool{}
	procs := make(map[int]string, len(in.Trace.Processes))
	for _, p := range in.Trace.Processes {
		procs[p.ID] = processName(p)
	}
	root := ecosystems.Canon(in.Root)
	type hit struct {
		pkg     string
		file    string
		use     ecosystems.Use
		counted bool
	}
	cache := map[[2]string]hit{}
	for _, acc := range in.Trace.Accesses {
		if acc.Op != tracer.OpRead && acc.Op != tracer.OpExec {
			continue
		}
		key := [2]string{acc.Path, acc.Real}
		h, ok := cache[key]
		if !ok {
			for _, p := range []string{acc.Real, acc.Path} {
				if p == "" {
					continue
				}
				if pkg, u, found := idx.Lookup(p); found {
					h = hit{pkg: pkg, use: u, file: displayPath(root, p, acc.Path)}
					h.counted = !excluded[pkg] && u != ecosystems.UseNone && u != ecosystems.UseResolve
					break
				}
			}
			cache[key] = h
		}
		if h.use == ecosystems.UseResolve && !excluded[h.pkg] && !seenLocated[h.file] {
			seenLocated[h.file] = true
			located[h.pkg] = append(located[h.pkg], h.file)
		}
		if !h.counted {
			continue
		}
		u := uses[h.pkg]
		if u == nil {
			u = &use{files: map[string]fileUse{}, procs: set{}}
			uses[h.pkg] = u
		}
		runtime := h.use != ecosystems.UseCompile
		f := u.files[h.file]
		f.exec = f.exec || acc.Op == tracer.OpExec
		f.runtime = f.runtime || runtime
		u.files[h.file] = f
		u.runtime = u.runtime || runtime
		if name := procs[acc.Proc]; name != "" {
			u.procs[name] = true
		}
	}
	return uses, located
}

// observe counts the evidence an ecosystem collected itself (classes a JVM
// logged as loaded) like traced files of their packages.
func observe(uses map[string]*use, obs []ecosystems.Observation, excluded set) {
	for _, o := range obs {
		if o.Package == "" || excluded[o.Package] || o.Use == ecosystems.UseNone {
			continue
		}
		u := uses[o.Package]
		if u == nil {
			u = &use{files: map[string]fileUse{}, procs: set{}}
			uses[o.Package] = u
		}
		runtime := o.Use != ecosystems.UseCompile
		f := u.files[o.File]
		f.runtime = f.runtime || runtime
		u.files[o.File] = f
		u.runtime = u.runtime || runtime
		if o.Process != "" {
			u.procs[o.Process] = true
		}
	}
}

// displayPath returns the path to show for a matched file: relative to the
// root when inside it. When the resolved path lies outside the root but the
// path as opened lies inside (a symlinked install), the latter reads better.
func displayPath(root, matched, opened string) string {
	for _, p := range []string{matched, opened} {
		c := ecosystems.Canon(p)
		if root != "" && root != "/" && strings.HasPrefix(c, root+"/") {
			return c[len(root)+1:]
		}
	}
	return ecosystems.Canon(matched)
}

// processName is the name a report gives a process: its executable's base
// name, else its argv[0]'s.
func processName(p tracer.Process) string {
	switch {
	case p.Exe != "":
		return path.Base(p.Exe)
	case len(p.Argv) > 0 && p.Argv[0] != "":
		return path.Base(p.Argv[0])
	}
	return ""
}

// evidenceOrder sorts evidence files: executed files first, then code
// before the metadata that package managers and loaders read while
// resolving a name (package.json, dist-info), then files read only to
// build, then by path, so the first file quoted in a finding is the most
// telling one. The order is computed once per package.
func (u *use) evidenceOrder() []string {
	if u.ordered != nil {
		return u.ordered
	}
	type ranked struct {
		file string
		rank int
	}
	rs := make([]ranked, 0, len(u.files))
	for f, fu := range u.files {
		r := 1
		switch {
		case fu.exec:
			r = 0
		case !fu.runtime:
			r = 3
		case isMetadata(f):
			r = 2
		}
		rs = append(rs, ranked{f, r})
	}
	sort.Slice(rs, func(i, j int) bool {
		if rs[i].rank != rs[j].rank {
			return rs[i].rank < rs[j].rank
		}
		return rs[i].file < rs[j].file
	})
	u.ordered = make([]string, len(rs))
	for i, r := range rs {
		u.ordered[i] = r.file
	}
	return u.ordered
}

func isMetadata(f string) bool {
	base := path.Base(f)
	return base == "package.json" || strings.Contains(f, ".dist-info/") || strings.Contains(f, ".egg-info/")
}

func tracedPackages(uses map[string]*use, pkgs map[string][]ecosystems.Package, devSet set) []TracedPackage {
	out := make([]TracedPackage, 0, len(uses))
	for name, u := range uses {
		files := u.evidenceOrder()
		tp := TracedPackage{
			Name:      name,
			Version:   versionOf(pkgs[name]),
			Files:     files,
			Processes: nonNil(sortedNames(u.procs)),
			Use:       string(ecosystems.UseRuntime),
			Dev:       devSet[name],
		}
		if !u.runtime {
			tp.Use = string(ecosystems.UseCompile)
		}
		if len(files) > MaxFiles {
			tp.Files = files[:MaxFiles]
			tp.FileCount = len(files)
		}
		out = append(out, tp)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Name < out[j].Name })
	return out
}

// versionOf returns the version of a package installed once, or "" when it
// is installed in several versions (which one a file belongs to is in its
// path, not in the name-level layers).
func versionOf(ps []ecosystems.Package) string {
	v := ""
	for _, p := range ps {
		if p.Version == "" {
			continue
		}
		if v != "" && v != p.Version {
			return ""
		}
		v = p.Version
	}
	return v
}

func isDevScope(s ecosystems.Scope) bool {
	return s == ecosystems.ScopeDev || s == ecosystems.ScopeTest
}

// declBefore orders the declarations of one name: runtime-like before dev
// and test, then by position.
func declBefore(a, b ecosystems.Dependency) bool {
	if da, db := isDevScope(a.Scope), isDevScope(b.Scope); da != db {
		return !da
	}
	if a.Pos.File != b.Pos.File {
		return a.Pos.File < b.Pos.File
	}
	return a.Pos.Line < b.Pos.Line
}

func sortedDeclared(ds []ecosystems.Dependency) []ecosystems.Dependency {
	out := append([]ecosystems.Dependency{}, ds...)
	sort.SliceStable(out, func(i, j int) bool {
		a, b := out[i], out[j]
		if a.Pos.File != b.Pos.File {
			return a.Pos.File < b.Pos.File
		}
		if a.Pos.Line != b.Pos.Line {
			return a.Pos.Line < b.Pos.Line
		}
		return a.Name < b.Name
	})
	return out
}

func sortedInstalled(ps []ecosystems.Package) []ecosystems.Package {
	out := append([]ecosystems.Package{}, ps...)
	sort.SliceStable(out, func(i, j int) bool {
		a, b := out[i], out[j]
		if a.Name != b.Name {
			return a.Name < b.Name
		}
		if a.Path != b.Path {
			return a.Path < b.Path
		}
		return a.Version < b.Version
	})
	return out
}

func sortedExcluded(es []ecosystems.Excluded) []ecosystems.Excluded {
	if len(es) == 0 {
		return nil
	}
	out := append([]ecosystems.Excluded{}, es...)
	sort.SliceStable(out, func(i, j int) bool { return out[i].Name < out[j].Name })
	return out
}

func nonNil[T any](s []T) []T {
	if s == nil {
		return []T{}
	}
	return s
}

// commandString renders the traced command for messages: its words joined
// as a shell reads them, in double quotes, whole — a message never cuts
// the command a reader may want to run again.
func commandString(t *tracer.Trace) string {
	if t == nil || len(t.Header.Command) == 0 {
		return "the traced command"
	}
	return shellquote.Quoted(t.Header.Command)
}

// sortedCopy returns a sorted copy of names, never nil.
func sortedCopy(names []string) []string {
	out := append([]string{}, names...)
	sort.Strings(out)
	return out
}
