package audit

import (
	"fmt"
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
}

// phantoms returns a finding per declared package that the run did not
// load (D1 \ D3). Without a trace only not-installed phantoms can be told.
func (a *auditor) phantoms(d1, d2, d3 set, traced, inventoried bool) []Finding {
	var out []Finding
	for _, name := range sortedNames(minus(d1, d3)) {
		d := a.decls[name][0]
		f := Finding{Kind: Phantom, Package: name, Location: loc(d.Pos)}
		where := declaredAt(d)
		switch {
		case inventoried && !d2[name]:
			if skippable(d.Scope) {
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
		case a.uses[name] != nil:
			f.Reason, f.Severity = ReasonCompileTime, SeverityNotice
			files := a.uses[name].evidenceOrder()
			f.Evidence = &Evidence{Files: capped(files, maxFindingFiles), Processes: sortedNames(a.uses[name].procs)}
			f.Message = fmt.Sprintf("%q is declared%s but was only read to build (%s), never loaded at run time", name, where, fileList(files))
		default:
			f.Reason = ReasonUnused
			f.Version = versionOf(a.pkgs[name])
			if isRuntimeScope(d.Scope) {
				f.Severity = SeverityWarning
				f.Message = fmt.Sprintf("%q is declared%s but %s while %s ran", name, where, a.unused, a.command)
			} else {
				f.Severity = SeverityNotice
				f.Message = fmt.Sprintf("%q is declared%s as %s dependency but %s while %s ran; fine if tooling that was not run uses it", name, where, withArticle(string(d.Scope)), a.unused, a.command)
			}
		}
		out = append(out, f)
	}
	sortFindings(out)
	return out
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
		if !a.resolved {
			// Without the graph nothing says whether a declared package
			// brings it: undeclared as far as is known, but no error.
			f.Reason, f.Severity = ReasonUndeclared, SeverityWarning
			f.Location = a.mainManifest()
			f.Message = fmt.Sprintf("%s; the installed packages could not be enumerated, so whether a declared package brings it is unknown", loaded)
		} else if runtime.reached(name) {
			f.Reason, f.Severity = ReasonTransitive, SeverityWarning
			f.Via = runtime.path(name)
			f.Location = a.manifestOf(f.Via[0])
			f.Message = fmt.Sprintf("%s; it comes through %s — declare it if the code imports it directly", loaded, chain(f.Via))
		} else if via := a.devOnly.path(name); len(via) > 0 {
			// The run loaded it, not the dev tooling that brings it:
			// production code that an install without dev dependencies
			// breaks.
			d := a.decls[via[0]][0]
			f.Reason, f.Severity = ReasonTransitive, SeverityWarning
			f.Via = via
			f.Location = a.manifestOf(via[0])
			f.Message = fmt.Sprintf("%s; it comes only through %s, and %q is declared%s as %s dependency only, so an install without %s dependencies lacks it — declare it as a runtime dependency", loaded, chain(via), via[0], declaredAt(d), withArticle(string(d.Scope)), d.Scope)
		} else if via := through.path(name); len(via) > 0 {
			f.Reason, f.Severity = ReasonUndeclared, SeverityWarning
			f.Via = via
			f.Location = a.mainManifest()
			f.Message = fmt.Sprintf("%s; it comes through %s, which is not declared either", loaded, chain(via))
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
func (a *auditor) dev(undeclared, devSet set, w walk) []Finding {
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
		if len(f.Via) == 0 {
			f.Message = fmt.Sprintf("%q is test tooling, loaded%s; not counted as hidden", name, byProcs(procs))
		} else {
			f.Message = fmt.Sprintf("%q was loaded only as part of the test tooling (through %s); not counted as hidden", name, chain(f.Via))
		}
		out = append(out, f)
	}
	return out
}

// bloat returns the installed packages the run never loaded (D2 \ D3),
// ranked by what is worth acting on first: packages the project depends on
// directly (the only ones a manifest edit removes), then those that pull in
// the most other unloaded packages, then by name.
func (a *auditor) bloat(names, d1 set, g graph) []Finding {
	type ranked struct {
		name   string
		direct bool
		brings int
	}
	var rs []ranked
	for _, name := range sortedNames(names) {
		r := ranked{name: name, direct: d1[name]}
		for _, p := range a.pkgs[name] {
			r.direct = r.direct || p.Direct
		}
		for n := range g.bfs([]string{name}).from {
			if n != name && names[n] {
				r.brings++
			}
		}
		rs = append(rs, r)
	}
	sort.SliceStable(rs, func(i, j int) bool {
		if rs[i].direct != rs[j].direct {
			return rs[i].direct
		}
		return rs[i].brings > rs[j].brings
	})
	out := make([]Finding, 0, len(rs))
	for _, r := range rs {
		ps := a.pkgs[r.name]
		what := "installed"
		if len(ps) > 0 && ps[0].Path != "" {
			what = fmt.Sprintf("installed (%s)", ps[0].Path)
		}
		f := Finding{
			Kind:     Bloat,
			Reason:   ReasonInstalled,
			Package:  r.name,
			Version:  versionOf(ps),
			Severity: SeverityNotice,
			Direct:   r.direct,
			PullsIn:  r.brings,
		}
		f.Message = fmt.Sprintf("%q is %s but %s", r.name, what, a.unused)
		if u := a.uses[r.name]; u != nil {
			files := u.evidenceOrder()
			f.Evidence = &Evidence{Files: capped(files, maxFindingFiles), Processes: sortedNames(u.procs)}
			f.Message = fmt.Sprintf("%q is %s but was only read to build (%s), never loaded at run time", r.name, what, fileList(files))
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
		return &ecosystems.Pos{File: ds[0].Pos.File}
	}
	return a.mainManifest()
}

// mainManifest returns the manifest with the most runtime declarations,
// else the first manifest: where an undeclared package would be declared.
func (a *auditor) mainManifest() *ecosystems.Pos {
	count := map[string]int{}
	for _, ds := range a.decls {
		for _, d := range ds {
			if isRuntimeScope(d.Scope) && d.Pos.File != "" {
				count[d.Pos.File]++
			}
		}
	}
	best := ""
	for file, n := range count {
		if best == "" || n > count[best] || (n == count[best] && file < best) {
			best = file
		}
	}
	if best == "" && len(a.in.Manifests) > 0 {
		best = a.in.Manifests[0]
	}
	if best == "" {
		return nil
	}
	return &ecosystems.Pos{File: best}
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
