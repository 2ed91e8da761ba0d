package audit

import (
	"fmt"
	"slices"
	"sort"
	"strings"

	"github.com/envaudit/envaudit/ecosystems"
)

// auditor derives the findings of one ecosystem from its layers.
type auditor struct {
	in      Input
	decls   map[string][]ecosystems.Dependency // D1 by name, the declaration to point at first
	pkgs    map[string][]ecosystems.Package    // D2 by name
	uses    map[string]*use                    // what the trace shows, by name
	command string                             // the traced command, quoted
	// unused says what the evidence showed of a package the run did not
	// use: "no file of it was loaded", or the ecosystem's own
	// (Evidence.Unused: no class of a JAR the JVM opened was loaded).
	unused string
	// resolved says D2 and its dependency graph are known; without them a
	// hidden package cannot be told transitive or undeclared.
	resolved bool
	// devOnly walks the graph from the dev and test declarations the run
	// did not load: a loaded package it reaches, and no runtime
	// declaration does, comes only through a dev declaration.
	devOnly walk
	// available are the declared packages that are not installed but that
	// the package archive knows (Inventory.Available): real names.
	available set
	// unlocked are the declared packages neither installed nor in the
	// lockfile (Inventory.Unlocked): no install left them out by design.
	unlocked set
	// imports is what the project's own sources import.
	imports imports
	// graph is the installation's dependency graph; devWalk walks it from
	// the dev roots the run loaded; loadedRuntime are the runtime
	// declarations the run loaded.
	graph         graph
	devWalk       walk
	loadedRuntime set
	// inapplicable are the declarations that do not apply here.
	inapplicable set
	// explained tells how the environment loaded what nothing declared
	// or imported needs (explainLoads).
	explained loads
	// devDeclared are the packages the project's code imports at run time
	// that are declared only for development.
	devDeclared set
	// fetched are the loaded packages the command fetched at run time
	// (ecosystems.LinkFetched: npx --yes), with the link that says how.
	fetched map[string]ecosystems.Link
	// located are, by package, the files the run read only to find the
	// package (ecosystems.UseResolve): a copy holding one is no bloat.
	located map[string][]string
}

// phantoms returns a finding per declared package that the run did not
// load (D1 \ D3). Without a trace only not-installed phantoms can be told.
// With the project's imports, an unloaded declaration the code imports is
// untested, not unused, and a loaded one is still a phantom when the load
// was not the project's: only the tests import it or only its test
// tooling loaded it (dev-only, where the manifest has a test scope), only
// another copy of it was loaded, or only a declared package that depends
// on it loaded it (loadedPhantom).
func (a *auditor) phantoms(d1, d2, d3 set, traced, inventoried bool) []Finding {
	var out []Finding
	for _, name := range sortedNames(d1) {
		d := a.decls[name][0]
		f := Finding{Kind: Phantom, Package: name, Location: loc(d.Pos)}
		where := declaredAt(d)
		other := ""
		if d3[name] {
			if !traced || !inventoried {
				continue
			}
			lf, ok, copyNote := a.loadedPhantom(name, d)
			if !ok {
				continue
			}
			if lf != nil {
				out = append(out, *lf)
				continue
			}
			// Only another copy was loaded: audited as not loaded.
			other = copyNote
		}
		switch {
		case inventoried && !d2[name]:
			if a.unlocked[name] {
				f.Reason, f.Severity = ReasonNotInstalled, SeverityError
				f.Message = fmt.Sprintf("%q is declared%s but is neither installed nor in the lockfile: the lockfile is out of date with the manifest, so a clean install fails or goes without it — update the lockfile", name, where)
			} else if skippable(d.Scope) {
				// Installs leave such declarations out by design (npm ci
				// --omit=dev, optional and peer dependencies, a CI job
				// without the dev group): nothing says the name is wrong.
				f.Reason, f.Severity = ReasonSkipped, SeverityNotice
				f.Message = fmt.Sprintf("%q is declared%s as %s dependency and not installed here: the install left it out", name, where, withArticle(string(d.Scope)))
			} else if a.available[name] {
				f.Reason, f.Severity = ReasonNotInstalled, SeverityError
				f.Message = fmt.Sprintf("%q is declared%s but is not installed, and the package archive has it: install it", name, where)
			} else {
				f.Reason, f.Severity = ReasonNotInstalled, SeverityError
				f.Message = fmt.Sprintf("%q is declared%s but is not installed: the install failed or no package of that name exists — check the name before installing it", name, where)
			}
		case !traced:
			continue
		case d.CompileOnly:
			f.Reason, f.Severity = ReasonCompileTime, SeverityNotice
			f.Message = fmt.Sprintf("%q is declared%s and is needed only to build; nothing of it loads at run time", name, where)
		case a.uses[name] != nil && other == "":
			f.Reason, f.Severity = ReasonCompileTime, SeverityNotice
			files := a.uses[name].evidenceOrder()
			f.Evidence = &Evidence{Files: capped(files, maxFindingFiles), Processes: sortedNames(a.uses[name].procs)}
			f.Message = fmt.Sprintf("%q is declared%s but was only read to build (%s), never loaded at run time", name, where, fileList(files))
		default:
			a.unloaded(&f, d, other)
		}
		out = append(out, f)
	}
	sortFindings(out)
	return out
}

// unloaded fills the finding of an installed declaration whose own copy
// the run never loaded: untested when the project's sources import it
// (the tests do not reach that import), compile-time when they import it
// only to build, unused otherwise. other says which other copy of it was
// loaded, if one was.
func (a *auditor) unloaded(f *Finding, d ecosystems.Dependency, other string) {
	name, where, im := f.Package, declaredAt(d), a.imports
	f.Version = versionOf(a.pkgs[name])
	if other != "" {
		other = " (" + other + ")"
	}
	place := func(is []ecosystems.Import) {
		f.Location = &is[0].Pos
		f.Evidence = &Evidence{Imports: importEvidence(is)}
	}
	switch {
	case len(im.code[name]) > 0:
		is := im.code[name]
		place(is)
		f.Reason, f.Severity = ReasonUntested, SeverityNotice
		f.Message = fmt.Sprintf("%q is declared%s and imported at %s, but %s while %s ran%s: the tests do not reach that import — test the code that imports it rather than removing it", name, where, importedAt(is), a.unused, a.command, other)
	case len(im.test[name]) > 0:
		is := im.test[name]
		place(is)
		f.Reason, f.Severity = ReasonUntested, SeverityNotice
		f.Message = fmt.Sprintf("%q is declared%s and imported by a test at %s, but %s while %s ran%s: that test did not run", name, where, importedAt(is), a.unused, a.command, other)
	case len(im.platform[name]) > 0:
		is := im.platform[name]
		place(is)
		f.Reason, f.Severity = ReasonUntested, SeverityNotice
		f.Message = fmt.Sprintf("%q is declared%s and imported only by code for another platform, at %s: needed there, so not loaded here%s", name, where, importedAt(is), other)
	case len(im.compile[name]) > 0:
		is := im.compile[name]
		place(is)
		f.Reason, f.Severity = ReasonCompileTime, SeverityNotice
		f.Message = fmt.Sprintf("%q is declared%s and imported only to build or type-check, at %s: nothing of it loads at run time%s", name, where, importedAt(is), other)
	case len(im.tool[name]) > 0:
		is := im.tool[name]
		place(is)
		f.Reason, f.Severity = ReasonUnused, SeverityNotice
		f.Message = fmt.Sprintf("%q is declared%s and imported only by %s at %s, which %s does not run%s", name, where, is[0].Tool, importedAt(is), a.command, other)
	default:
		f.Reason = ReasonUnused
		remove := ""
		if im.complete {
			remove = "; nothing in the project's sources imports it"
		}
		switch {
		case isRuntimeScope(d.Scope):
			f.Severity = SeverityWarning
			if remove != "" {
				remove += ": remove it"
			}
			f.Message = fmt.Sprintf("%q is declared%s but %s while %s ran%s%s", name, where, a.unused, a.command, other, remove)
		case im.complete && isDevScope(d.Scope):
			// A linter, a formatter, a release tool: the test command
			// had no reason to load it, and no test imports it.
			f.Severity, f.Grouped = SeverityNotice, true
			f.Message = fmt.Sprintf("%q is declared%s as %s dependency, not loaded while %s ran and imported by no test: tooling the tests do not run%s", name, where, withArticle(string(d.Scope)), a.command, other)
		default:
			f.Severity = SeverityNotice
			f.Message = fmt.Sprintf("%q is declared%s as %s dependency but %s while %s ran%s; fine if tooling that was not run uses it", name, where, withArticle(string(d.Scope)), a.unused, a.command, other)
		}
	}
}

// loadedPhantom decides whether a declaration whose name the run loaded
// (it is in D3) was really used as declared. The declared instance is
// what counts: when only another copy of another version was loaded (a
// dependency's nested copy), the declaration is audited as not loaded,
// and copyNote says which copy was (ok, with a nil finding). With the
// project's imports read in full, a runtime declaration the code never
// imports is a phantom when only the tests import it or only the test
// tooling loaded it (dev-only; none where the manifest declares the
// tests' needs beside the code's, Input.NoTestScope), or when only a
// declared package that depends on it loaded it (unused: that package
// brings it). The tests' imports come first: a declaration the tests
// import is their need, whatever else brings the package along. ok is
// false when the declaration was used.
func (a *auditor) loadedPhantom(name string, d ecosystems.Dependency) (f *Finding, ok bool, copyNote string) {
	if note := a.otherCopyOnly(name); note != "" {
		return nil, true, note
	}
	im := a.imports
	if !im.complete || isDevScope(d.Scope) || im.byCode(name) || len(im.platform[name]) > 0 {
		return nil, false, ""
	}
	testImp := im.test[name]
	if len(testImp) > 0 && a.in.NoTestScope {
		// The tests need it, and the manifest declares what the tests
		// need beside the rest (go.mod): declared where it belongs.
		return nil, false, ""
	}
	where := declaredAt(d)
	u := a.uses[name]
	files := u.evidenceOrder()
	ev := &Evidence{Files: capped(files, maxFindingFiles), Processes: sortedNames(u.procs)}
	base := Finding{Kind: Phantom, Package: name, Version: versionOf(a.pkgs[name]), Location: loc(d.Pos), Evidence: ev, Severity: SeverityWarning}
	if len(testImp) > 0 {
		// The tests import it, whatever else brings it along: the
		// declaration is the tests' need, not the code's.
		base.Reason = ReasonDevOnly
		ev.Imports = importEvidence(testImp)
		base.Message = fmt.Sprintf("%q is declared%s as a runtime dependency, but only the tests import it (%s) and nothing else in the project's sources does: move it to the dev dependencies", name, where, importedAt(testImp))
		return &base, true, ""
	}
	// A declared package that depends on it and was loaded: what did load
	// it.
	others := set{}
	for n := range a.loadedRuntime {
		if n != name {
			others[n] = true
		}
	}
	if w := a.graph.bfs(sortedNames(others)); w.reached(name) {
		via := w.path(name)
		base.Reason, base.Via = ReasonUnused, via
		base.Message = fmt.Sprintf("%q is declared%s and was loaded (%s), but nothing in the project's sources imports it: %s and brings it anyway — remove the declaration", name, where, fileList(files), dependsOn(via))
		return &base, true, ""
	}
	switch {
	case slices.Contains(a.in.DevTools, name):
		base.Reason = ReasonDevOnly
		base.Message = fmt.Sprintf("%q is declared%s as a runtime dependency, but it is test tooling the test command ran and nothing in the project's sources imports it: move it to the dev dependencies", name, where)
	case a.devWalk.reached(name) && len(a.devWalk.path(name)) > 0:
		// Only a dev package loaded it and no test imports it: neither
		// the code nor the tests need the declaration.
		base.Reason, base.Via = ReasonUnused, a.devWalk.path(name)
		base.Message = fmt.Sprintf("%q is declared%s as a runtime dependency, but only the test tooling loaded it (%s depends on it) and neither the project's code nor its tests import it: remove the declaration", name, where, chain(base.Via))
	default:
		// Loaded, imported by nothing the project wrote, and no package
		// explains it: something loaded it by a name the sources do not
		// spell (a plugin, a command a script runs). Counted as used.
		return nil, false, ""
	}
	return &base, true, ""
}

// otherCopyOnly says which other copy of name was loaded when name is
// installed in several copies, some recorded as the project's direct
// dependency, and no loaded file lies in those: "only another copy was
// loaded, 4.17.2 at node_modules/agenda/node_modules/mongodb". It is ""
// when the declared copy was loaded or the copies cannot be told apart.
func (a *auditor) otherCopyOnly(name string) string {
	ps := a.pkgs[name]
	if len(ps) < 2 || a.uses[name] == nil {
		return ""
	}
	direct := false
	for _, p := range ps {
		direct = direct || p.Direct
	}
	if !direct {
		return ""
	}
	loaded := map[int]bool{}
	for file := range a.uses[name].files {
		best := -1
		for i, p := range ps {
			if p.Path == "" || !inDir(file, p.Path) {
				continue
			}
			if best < 0 || len(p.Path) > len(ps[best].Path) {
				best = i
			}
		}
		if best < 0 {
			return "" // a file no copy's path holds: which copy is unknown
		}
		loaded[best] = true
	}
	var copies []string
	for i, p := range ps {
		if !loaded[i] {
			continue
		}
		if p.Direct {
			return ""
		}
		c := p.Path
		if p.Version != "" {
			c = p.Version + " at " + p.Path
		}
		copies = append(copies, c)
	}
	sort.Strings(copies)
	return fmt.Sprintf("only another copy of it was loaded, %s", strings.Join(copies, ", "))
}

// inDir reports whether file lies under dir (both slash-separated, both
// relative to the root or both absolute).
func inDir(file, dir string) bool {
	dir = strings.TrimSuffix(dir, "/")
	return file == dir || strings.HasPrefix(file, dir+"/")
}

// hidden returns a finding per loaded, undeclared package that is not dev
// tooling (D3 \ D1): transitive when a runtime declaration reaches it over
// the installation's dependency edges, undeclared otherwise.
//
// An undeclared package that another undeclared, loaded package depends on
// (urllib3 under an undeclared requests) names it in Via and is a warning:
// declaring the first one fixes both, so the error stays on that one.
func (a *auditor) hidden(names set, runtime walk, g graph) []Finding {
	undeclared := set{}
	for n := range names {
		if !runtime.reached(n) && !a.devOnly.reached(n) {
			undeclared[n] = true
		}
	}
	through := undeclaredWalk(undeclared, g)
	var out []Finding
	for _, name := range sortedNames(names) {
		u := a.uses[name]
		files := u.evidenceOrder()
		procs := sortedNames(u.procs)
		f := Finding{
			Kind:     Hidden,
			Package:  name,
			Version:  versionOf(a.pkgs[name]),
			Evidence: &Evidence{Files: capped(files, maxFindingFiles), Processes: procs},
		}
		loaded := fmt.Sprintf("%q was loaded%s (%s) but is not declared", name, byProcs(procs), fileList(files))
		im := a.imports
		codeImp := append(append([]ecosystems.Import(nil), im.code[name]...), im.compile[name]...)
		needed := codeImp
		if len(needed) == 0 {
			needed = im.test[name]
		}
		if len(needed) > 0 {
			f.Evidence.Imports = importEvidence(needed)
		}
		if !a.resolved {
			// Without the graph nothing says whether a declared package
			// brings it: undeclared as far as is known, but no error.
			f.Reason, f.Severity = ReasonUndeclared, SeverityWarning
			f.Location = a.mainManifest()
			f.Message = fmt.Sprintf("%s; the installed packages could not be enumerated, so whether a declared package brings it is unknown", loaded)
		} else if l, ok := a.fetched[name]; ok && len(needed) == 0 {
			// The test command downloads and runs it itself: a tool no
			// lockfile pins, a version the registry decides at each run,
			// and a run that fails offline.
			f.Reason, f.Severity = ReasonUndeclared, SeverityError
			f.Location = a.mainManifest()
			with := ""
			if l.Detail != "" {
				with = fmt.Sprintf(" (%s)", l.Detail)
			}
			f.Message = fmt.Sprintf("%s: %s fetches it at run time%s, a version no lockfile records and that an offline run lacks — declare it as a dev dependency", loaded, a.command, with)
		} else if via := a.throughDeclared(name, runtime); len(via) > 0 && len(needed) > 0 {
			// The project's own code uses a package that only another
			// package's dependency puts there: it vanishes when that one
			// changes.
			f.Reason, f.Severity = ReasonDirect, SeverityError
			f.Via = via
			f.Location = &needed[0].Pos
			what, as := "the project's code", "declare it"
			if len(codeImp) == 0 {
				what = "the tests"
				if !a.in.NoTestScope {
					as = "declare it as a dev dependency"
				}
			}
			f.Message = fmt.Sprintf("%q is imported by %s at %s but is not declared; it is installed only because %s depends on it — %s", name, what, importedAt(needed), chain(via), as)
		} else if via := a.devWalk.path(name); len(via) > 0 && len(im.required[name]) > 0 {
			// The code needs what only the test tooling brings: it is
			// there while the tests run, and gone from a production
			// install.
			f.Reason, f.Severity = ReasonDirect, SeverityError
			f.Via = via
			f.Location = &needed[0].Pos
			f.Message = fmt.Sprintf("%q is imported by the project's code at %s but is not declared; it is installed only because the test tooling brings it (%s depends on it), so an install without dev dependencies lacks it — declare it as a runtime dependency", name, importedAt(needed), chain(via))
		} else if runtime.reached(name) && im.complete {
			f.Reason, f.Severity, f.Grouped = ReasonTransitive, SeverityNotice, true
			f.Via = runtime.path(name)
			f.Location = a.manifestOf(f.Via[0])
			f.Message = fmt.Sprintf("%s; only declared packages need it (%s): nothing in the project's sources imports it", loaded, dependsOn(f.Via))
		} else if runtime.reached(name) {
			f.Reason, f.Severity = ReasonTransitive, SeverityWarning
			f.Via = runtime.path(name)
			f.Location = a.manifestOf(f.Via[0])
			f.Message = fmt.Sprintf("%s; it comes through %s — declare it if the code imports it directly", loaded, chain(f.Via))
		} else if via := a.devOnly.path(name); len(via) > 0 && !a.loadedByItself(name, needed, through) {
			// The run loaded it, not the dev tooling that brings it:
			// production code that an install without dev dependencies
			// breaks. Unless a loaded package loaded it by itself (debug's
			// guarded require of supports-color, which only chalk, an
			// unloaded dev declaration, installs): then that package
			// explains the load, below.
			d := a.decls[via[0]][0]
			f.Reason, f.Severity = ReasonTransitive, SeverityWarning
			f.Via = via
			f.Location = a.manifestOf(via[0])
			f.Message = fmt.Sprintf("%s; it comes only through %s, and %q is declared%s as %s dependency only, so an install without %s dependencies lacks it — declare it as a runtime dependency", loaded, chain(via), via[0], declaredAt(d), withArticle(string(d.Scope)), d.Scope)
		} else if len(needed) > 0 {
			// Imported by the project's own sources: its own error, even
			// when another undeclared package brings it too.
			f.Reason, f.Severity = ReasonUndeclared, SeverityError
			f.Location = a.mainManifest()
			f.Message = fmt.Sprintf("%s, although the project's sources import it at %s, and no declared package depends on it: a clean install will not have it", loaded, importedAt(needed))
		} else if via := through.path(name); len(via) > 0 {
			f.Reason, f.Severity = ReasonUndeclared, SeverityWarning
			f.Via = via
			f.Location = a.mainManifest()
			f.Message = fmt.Sprintf("%s; it comes through %s, which is not declared either", loaded, chain(via))
		} else if a.loadedByItself(name, needed, through) {
			// A loaded package loaded it by itself (an optional import of
			// its own, a plugin it discovers) and the project needs it
			// nowhere: the environment's doing, not a missing
			// declaration.
			via, how := a.explained.chain(name)
			f.Reason, f.Severity, f.Grouped = ReasonTransitive, SeverityNotice, true
			f.Via = via
			if len(via) > 0 {
				f.Location = a.manifestOf(via[0])
			} else {
				f.Location = a.mainManifest()
			}
			f.Message = fmt.Sprintf("%s; it was loaded through %s, and nothing in the project's sources imports it", loaded, how)
		} else {
			f.Reason, f.Severity = ReasonUndeclared, SeverityError
			f.Location = a.mainManifest()
			f.Message = fmt.Sprintf("%s, and no declared package depends on it: a clean install will not have it", loaded)
		}
		out = append(out, f)
	}
	sortFindings(out)
	return out
}

// loadedByItself reports whether a loaded package loaded name by itself
// (an optional import of its own, a plugin it discovers) while the
// project needs it nowhere and no undeclared loaded package brings it:
// the environment's doing, not a missing declaration.
func (a *auditor) loadedByItself(name string, needed []ecosystems.Import, through walk) bool {
	return len(needed) == 0 && a.explained.reached(name) && len(through.path(name)) == 0
}

// dependsOn says how a package comes through a chain of others:
// `"bull" depends on it`, `"debug" → "supports-color" depends on it`.
func dependsOn(via []string) string {
	return chain(via) + " depends on it"
}

// throughDeclared returns the chain of declared packages a loaded,
// undeclared package comes through: from a runtime declaration, else
// from a dev declaration the run did not load; nil when none brings it.
func (a *auditor) throughDeclared(name string, runtime walk) []string {
	if runtime.reached(name) {
		return runtime.path(name)
	}
	return a.devOnly.path(name)
}

// missing returns a finding per package the project's non-test code
// imports at run time (not optionally, not only to build, not only for
// another platform) that is declared nowhere and not installed at all: a
// clean install crashes on that path. It needs D2, not a trace.
func (a *auditor) missing(excluded set) []Finding {
	var out []Finding
	for _, name := range sortedNames(setOf(keys(a.imports.required))) {
		if a.decls[name] != nil || a.pkgs[name] != nil || excluded[name] || a.uses[name] != nil || a.inapplicable[name] {
			continue
		}
		is := a.imports.required[name]
		out = append(out, Finding{
			Kind:     Hidden,
			Reason:   ReasonMissing,
			Package:  name,
			Severity: SeverityError,
			Location: &is[0].Pos,
			Evidence: &Evidence{Imports: importEvidence(is)},
			Message:  fmt.Sprintf("%q is imported at %s but is declared nowhere and not installed: the code fails on that path after a clean install — declare it", name, importedAt(is)),
		})
	}
	return out
}

// tampered returns a finding per installed package whose metadata the
// traced run changed. It is an error whatever the package's other
// findings: the run rewrote the evidence envaudit reads, which only a
// test that hides what it loaded has reason to do.
func (a *auditor) tampered(ts []Tampering) []Finding {
	var out []Finding
	for _, t := range ts {
		where := ""
		if t.Path != "" {
			where = " at " + t.Path
		}
		ver := ""
		if t.Version != "" {
			ver = " " + t.Version
		}
		out = append(out, Finding{
			Kind:     Hidden,
			Reason:   ReasonTampered,
			Package:  t.Package,
			Version:  t.Version,
			Severity: SeverityError,
			Location: a.manifestOf(t.Package),
			Message: fmt.Sprintf("%q%s%s, installed before %s ran, was changed while it ran (%s): the report and the SBOM describe it as it was installed before the run — find out why the tests rewrite installed packages",
				t.Package, ver, where, a.command, strings.Join(t.Changes, "; ")),
		})
	}
	sortFindings(out)
	return out
}

func keys[V any](m map[string]V) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	return out
}

// undeclaredWalk walks the graph from the undeclared packages that no other
// undeclared package reaches, so the others get the path they come through.
// In a cycle of undeclared packages that nothing else reaches, the first by
// name stands for it.
func undeclaredWalk(undeclared set, g graph) walk {
	reachedByOther := set{}
	for _, n := range sortedNames(undeclared) {
		for m := range g.bfs([]string{n}).from {
			if m != n && undeclared[m] {
				reachedByOther[m] = true
			}
		}
	}
	roots := sortedNames(minus(undeclared, reachedByOther))
	w := g.bfs(roots)
	for _, n := range sortedNames(undeclared) {
		if !w.reached(n) {
			roots = append(roots, n)
			w = g.bfs(roots)
		}
	}
	return w
}

// dev returns a notice per loaded, undeclared package that belongs to the
// test tooling: what would otherwise be hidden, set apart.
func (a *auditor) dev(undeclared, devSet set, w walk, linked set) []Finding {
	var out []Finding
	for _, name := range sortedNames(undeclared) {
		if !devSet[name] || !a.uses[name].runtime {
			continue
		}
		f := Finding{
			Kind:     Dev,
			Reason:   ReasonTestRunner,
			Package:  name,
			Version:  versionOf(a.pkgs[name]),
			Severity: SeverityNotice,
			Via:      w.path(name),
		}
		procs := sortedNames(a.uses[name].procs)
		if linked[name] {
			var how string
			f.Via, how = a.explained.chain(name)
			f.Message = fmt.Sprintf("%q was loaded through %s, by the test tooling or the environment, not by the project's code; not counted as hidden", name, how)
		} else if len(f.Via) == 0 {
			f.Message = fmt.Sprintf("%q is test tooling, loaded%s; not counted as hidden", name, byProcs(procs))
		} else {
			f.Message = fmt.Sprintf("%q was loaded only as part of the test tooling (through %s); not counted as hidden", name, chain(f.Via))
		}
		out = append(out, f)
	}
	return out
}

// bloat returns the installed packages the run never loaded (D2 \ D3),
// one finding per version installed, so that one name installed at two
// versions (a nested copy a dependency brings) is two findings, each with
// its version and where it lies. They are ranked by what is worth acting
// on first: packages the project depends on directly (the only ones a
// manifest edit removes), then those that pull in the most other unloaded
// packages, then by name and version.
func (a *auditor) bloat(names, loaded, d1 set, g graph) []Finding {
	type ranked struct {
		name   string
		copies []ecosystems.Package // of one version; none when D2 lists no record
		direct bool
		brings int
		other  string // for a copy of a loaded name: the copies that were loaded
	}
	// A name the run loaded can still have installed copies it never
	// loaded (a dependency's nested copy at another version): each is
	// bloat as much as an unloaded name, as removal-confirmed bloat
	// counts it, though the name is in D3 and β counts names.
	idle := map[string][]ecosystems.Package{}
	others := map[string]string{}
	for _, name := range sortedNames(loaded) {
		if cs, other := a.unloadedCopies(name); len(cs) > 0 {
			idle[name], others[name] = cs, other
		}
	}
	dependents := dependedOn(loaded, g)
	var rs []ranked
	for _, name := range sortedNames(union(names, setOf(keys(idle)))) {
		if idle[name] == nil && a.buildOnly(name) {
			// Needed to build (read by the compiler, run by the build,
			// declared or imported only to build): its compile-time
			// finding, or its use, says so; bloat would say the
			// opposite. One cause, one finding.
			continue
		}
		brings := 0
		for n := range g.bfs([]string{name}).from {
			if n != name && names[n] {
				brings++
			}
		}
		// A copy is direct as the ecosystem records it; one that records
		// no copy as direct leaves the declaration to say.
		marked := false
		for _, p := range a.pkgs[name] {
			marked = marked || p.Direct
		}
		copies := a.pkgs[name]
		if idle[name] != nil {
			copies = idle[name]
		}
		if all := copies; len(all) > 0 && dependents[name] {
			// A copy the run read to find (a resolver read its
			// package.json) is needed where it is: no bloat.
			if copies = a.notLocated(name, all); len(copies) == 0 {
				continue
			}
		}
		var groups []ranked
		for _, p := range copies {
			i := slices.IndexFunc(groups, func(r ranked) bool { return r.copies[0].Version == p.Version })
			if i < 0 {
				groups = append(groups, ranked{name: name, direct: !marked && d1[name] && idle[name] == nil, brings: brings, other: others[name]})
				i = len(groups) - 1
			}
			groups[i].copies = append(groups[i].copies, p)
			groups[i].direct = groups[i].direct || p.Direct
		}
		if len(groups) == 0 {
			groups = append(groups, ranked{name: name, direct: d1[name], brings: brings})
		}
		sort.SliceStable(groups, func(i, j int) bool { return groups[i].copies[0].Version < groups[j].copies[0].Version })
		rs = append(rs, groups...)
	}
	sort.SliceStable(rs, func(i, j int) bool {
		if rs[i].direct != rs[j].direct {
			return rs[i].direct
		}
		return rs[i].brings > rs[j].brings
	})
	out := make([]Finding, 0, len(rs))
	for _, r := range rs {
		what := "installed"
		var paths []string
		for _, p := range r.copies {
			if p.Path != "" {
				paths = append(paths, p.Path)
			}
		}
		if len(paths) > 0 {
			what = fmt.Sprintf("installed (%s)", strings.Join(paths, ", "))
		}
		f := Finding{
			Kind:     Bloat,
			Reason:   ReasonInstalled,
			Package:  r.name,
			Version:  versionOf(r.copies),
			Severity: SeverityNotice,
			Direct:   r.direct,
			PullsIn:  r.brings,
		}
		f.Message = fmt.Sprintf("%q is %s but %s", r.name, what, a.unused)
		if r.other != "" {
			f.Message = fmt.Sprintf("%q is %s but no file of this copy was loaded; only another copy was, %s", r.name, what, r.other)
		}
		if r.direct {
			f.Message += "; it is a direct dependency"
		}
		if r.brings > 0 {
			f.Message += fmt.Sprintf("; it pulls in %d other unloaded %s", r.brings, plural(r.brings, "package", "packages"))
		}
		out = append(out, f)
	}
	return out
}

// manifestOf returns the manifest file that declares name, without a
// line: where a package it brings along would be declared.
func (a *auditor) manifestOf(name string) *ecosystems.Pos {
	if ds := a.decls[name]; len(ds) > 0 && ds[0].Pos.File != "" {
		whole := ds[0].Pos // made by ecosystems.NewPos: the file alone is a position too
		whole.Line = 0
		return &whole
	}
	return a.mainManifest()
}

// mainManifest returns the manifest with the most runtime declarations,
// else the first manifest of the project (a manifest read from outside
// the project root is no place to point at): where an undeclared package
// would be declared.
func (a *auditor) mainManifest() *ecosystems.Pos {
	count := map[string]int{}
	var best *ecosystems.Pos
	for _, ds := range a.decls {
		for _, d := range ds {
			if !isRuntimeScope(d.Scope) || d.Pos.File == "" {
				continue
			}
			f := d.Pos.File
			count[f]++
			if best == nil || count[f] > count[best.File] || (count[f] == count[best.File] && f < best.File) {
				whole := d.Pos // made by ecosystems.NewPos: the file alone is a position too
				whole.Line = 0
				best = &whole
			}
		}
	}
	if best != nil {
		return best
	}
	for _, m := range a.in.Manifests {
		if pos, err := ecosystems.NewPos("", m, 0); err == nil {
			return &pos
		}
	}
	return nil
}

// severityRank orders severities, most severe first.
func severityRank(s string) int {
	switch s {
	case SeverityError:
		return 0
	case SeverityWarning:
		return 1
	}
	return 2
}

// sortFindings orders findings of one kind: most severe first, then by
// reason and package name.
func sortFindings(fs []Finding) {
	sort.SliceStable(fs, func(i, j int) bool {
		if ri, rj := severityRank(fs[i].Severity), severityRank(fs[j].Severity); ri != rj {
			return ri < rj
		}
		if fs[i].Reason != fs[j].Reason {
			return fs[i].Reason < fs[j].Reason
		}
		return fs[i].Package < fs[j].Package
	})
}

func isRuntimeScope(s ecosystems.Scope) bool {
	return s == ecosystems.ScopeRuntime || s == ""
}

// withArticle puts "a" or "an" before a scope's name: "an optional".
func withArticle(s string) string {
	if s != "" && strings.ContainsRune("aeiou", rune(s[0])) {
		return "an " + s
	}
	return "a " + s
}

// skippable reports whether an install may leave a declaration of scope s
// out on purpose: dev, test, peer and optional dependencies. Runtime,
// provided and build declarations must be installed.
func skippable(s ecosystems.Scope) bool {
	switch s {
	case ecosystems.ScopeDev, ecosystems.ScopeTest, ecosystems.ScopePeer, ecosystems.ScopeOptional:
		return true
	}
	return false
}

func loc(p ecosystems.Pos) *ecosystems.Pos {
	if p.File == "" {
		return nil
	}
	return &p
}

// declaredAt renders " in package.json:8" for a declaration's position.
func declaredAt(d ecosystems.Dependency) string {
	if d.Pos.File == "" {
		return ""
	}
	return " in " + d.Pos.String()
}

// byProcs renders " by node" or " by node and sh" for the processes that
// loaded a package.
func byProcs(procs []string) string {
	switch n := len(procs); {
	case n == 0:
		return ""
	case n == 1:
		return " by " + procs[0]
	case n <= 3:
		return " by " + strings.Join(procs[:n-1], ", ") + " and " + procs[n-1]
	default:
		return fmt.Sprintf(" by %s and %d more", strings.Join(procs[:2], ", "), n-2)
	}
}

// fileList renders the first evidence file and how many others there are.
func fileList(files []string) string {
	switch len(files) {
	case 0:
		return "no file"
	case 1:
		return files[0]
	}
	return fmt.Sprintf("%s and %d more %s", files[0], len(files)-1, plural(len(files)-1, "file", "files"))
}

// chain renders a dependency path as "a" → "b".
func chain(names []string) string {
	q := make([]string, len(names))
	for i, n := range names {
		q[i] = fmt.Sprintf("%q", n)
	}
	return strings.Join(q, " → ")
}

func capped(files []string, n int) []string {
	if len(files) > n {
		return append([]string(nil), files[:n]...)
	}
	return append([]string(nil), files...)
}

func plural(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}

// devDeclaredFindings returns a finding per package the project's code
// imports at run time but declares only for development: an install
// without dev dependencies (`npm ci --omit=dev`, `pip install` of the
// project) breaks at that import, however the tests went. Placed at the
// import, it takes the place of any phantom finding of the declaration:
// one cause, one finding.
func (a *auditor) devDeclaredFindings() []Finding {
	var out []Finding
	for _, name := range sortedNames(a.devDeclared) {
		is := a.imports.required[name]
		d := a.decls[name][0]
		f := Finding{
			Kind:     Hidden,
			Reason:   ReasonDevDeclared,
			Package:  name,
			Version:  versionOf(a.pkgs[name]),
			Severity: SeverityError,
			Location: &is[0].Pos,
			Evidence: &Evidence{Imports: importEvidence(is)},
			Message: fmt.Sprintf("%q is imported by the project's code at %s but declared only as %s dependency%s: an install without dev dependencies breaks there — declare it as a runtime dependency",
				name, importedAt(is), withArticle(string(d.Scope)), declaredAt(d)),
		}
		if u := a.uses[name]; u != nil {
			files := u.evidenceOrder()
			f.Evidence.Files = capped(files, maxFindingFiles)
			f.Evidence.Processes = sortedNames(u.procs)
		}
		out = append(out, f)
	}
	return out
}

// toolingFindings returns a notice per package that only tooling files
// import (a maintainer script, an example, a tool's configuration) and
// that is declared nowhere: whoever runs the tool needs it, the test
// command does not, so it never gates. A package that has a hidden
// finding of its own is left to that one, and the excluded toolchain
// (setuptools, which every setup.py imports) needs none.
func (a *auditor) toolingFindings(hidden, excluded set) []Finding {
	var out []Finding
	for _, name := range sortedNames(setOf(keys(a.imports.tool))) {
		// The toolchain (setuptools, which every setup.py imports) is
		// there for whoever runs the tooling, as for the build.
		if a.decls[name] != nil || hidden[name] || excluded[name] || a.imports.required[name] != nil || a.imports.test[name] != nil {
			continue
		}
		is := a.imports.tool[name]
		installed := "not installed"
		if a.pkgs[name] != nil {
			installed = "installed here"
		}
		out = append(out, Finding{
			Kind:     Dev,
			Reason:   ReasonTooling,
			Package:  name,
			Version:  versionOf(a.pkgs[name]),
			Severity: SeverityNotice,
			Location: &is[0].Pos,
			Evidence: &Evidence{Imports: importEvidence(is)},
			Message: fmt.Sprintf("%q is imported by %s at %s and declared nowhere (%s): whoever runs it needs %q, and %s does not run it — declare it as a dev dependency if the project's tooling is to install it",
				name, is[0].Tool, importedAt(is), installed, name, a.command),
		})
	}
	return out
}

// dependedOn returns the names the loaded packages depend on. A
// package.json read locates a copy only when a loaded package depends on
// its name: that package's resolution (require.resolve, a bundler) read
// it. A tool that reads the package.json of everything in node_modules
// (ducktape checks each against the declared ranges) locates nothing:
// what no loaded package depends on stays bloat.
func dependedOn(loaded set, g graph) set {
	out := set{}
	for n := range loaded {
		for _, d := range g[n] {
			out[d] = true
		}
	}
	return out
}

// notLocated returns the copies of name in which the run read no file
// only to find the package (ecosystems.UseResolve): each such file is the
// innermost copy's that holds it. A copy without a path is kept.
func (a *auditor) notLocated(name string, copies []ecosystems.Package) []ecosystems.Package {
	files := a.located[name]
	if len(files) == 0 {
		return copies
	}
	hit := map[string]bool{}
	for _, f := range files {
		best := ""
		for _, p := range a.pkgs[name] {
			if p.Path != "" && inDir(f, p.Path) && len(p.Path) > len(best) {
				best = p.Path
			}
		}
		if best != "" {
			hit[best] = true
		}
	}
	var out []ecosystems.Package
	for _, p := range copies {
		if p.Path == "" || !hit[p.Path] {
			out = append(out, p)
		}
	}
	return out
}

// unloadedCopies returns the installed copies of a loaded name in which no
// loaded file lies, and the copies that were loaded ("2.1.3 at
// node_modules/ms"); none when the copies cannot be told apart (a copy
// without a path, a loaded file no copy holds).
func (a *auditor) unloadedCopies(name string) ([]ecosystems.Package, string) {
	ps := a.pkgs[name]
	u := a.uses[name]
	if len(ps) < 2 || u == nil {
		return nil, ""
	}
	for _, p := range ps {
		if p.Path == "" {
			return nil, ""
		}
	}
	loaded := map[int]bool{}
	for file, fu := range u.files {
		if !fu.runtime {
			continue
		}
		best := -1
		for i, p := range ps {
			if inDir(file, p.Path) && (best < 0 || len(p.Path) > len(ps[best].Path)) {
				best = i
			}
		}
		if best < 0 {
			return nil, ""
		}
		loaded[best] = true
	}
	var idle []ecosystems.Package
	var used []string
	for i, p := range ps {
		if loaded[i] {
			c := p.Path
			if p.Version != "" {
				c = p.Version + " at " + p.Path
			}
			used = append(used, c)
		} else {
			idle = append(idle, p)
		}
	}
	if len(used) == 0 {
		return nil, ""
	}
	sort.Strings(used)
	return idle, strings.Join(used, ", ")
}

// buildOnly reports whether a package the run never loaded is needed to
// build: the run read it only to build (a header, a type declaration, a
// build tool it ran), or it is declared or imported only to build.
func (a *auditor) buildOnly(name string) bool {
	if a.uses[name] != nil || len(a.imports.compile[name]) > 0 {
		return true
	}
	for _, d := range a.decls[name] {
		if d.CompileOnly {
			return true
		}
	}
	return false
}
