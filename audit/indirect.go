package audit

import (
	"fmt"
	"path"
	"slices"
	"strings"

	"github.com/envaudit/envaudit/ecosystems"
)

// staleDecl is a requirement marked indirect (Dependency.Indirect) that
// the project's sources import below its manifest's directory: the mark
// is stale.
type staleDecl struct {
	dep     ecosystems.Dependency
	imports []ecosystems.Import
}

// ownDeclared returns the declarations that are the project's own: every
// declaration but a requirement marked indirect that no import of the
// project's sources names (code, tests, another platform's code, tooling).
// Without the imports, no indirect requirement counts. stale are the
// indirect requirements that the code or the tests import below their
// manifest's directory, with those imports: the marks a tidy of that
// module rewrites, since go mod tidy reads every such file whatever its
// build constraints. Tooling files alone never make a mark stale: tidy
// reads a tools.go or an example but not a program behind the ignore
// tag, which may need a module that stays rightly marked indirect.
func ownDeclared(deps []ecosystems.Dependency, in *ecosystems.Imports) (own []ecosystems.Dependency, stale []staleDecl) {
	imported := map[string][]ecosystems.Import{}
	if in != nil {
		for _, i := range in.List {
			if i.Package != "" {
				imported[i.Package] = append(imported[i.Package], i)
			}
		}
	}
	for _, d := range deps {
		if !d.Indirect {
			own = append(own, d)
			continue
		}
		is := imported[d.Name]
		if len(is) == 0 {
			continue
		}
		own = append(own, d)
		var below []ecosystems.Import
		for _, i := range is {
			if i.Tool == "" && within(path.Dir(d.Pos.File), i.Pos.File) {
				below = append(below, i)
			}
		}
		if len(below) > 0 {
			stale = append(stale, staleDecl{dep: d, imports: below})
		}
	}
	return own, stale
}

// within reports whether the slash-separated file lies in dir ("." holds
// every relative file).
func within(dir, file string) bool {
	return dir == "." || file == dir || strings.HasPrefix(file, dir+"/")
}

// staleIndirect returns a manifest finding per stale indirect mark, on
// the requirement's line: a warning that never concerns a layer (the
// requirement is declared, and counts in D1) and that the package
// manager's tidy fixes. Code first: the imports quoted are the code's,
// then the tests', then other platforms'.
func (a *auditor) staleIndirect(stale []staleDecl) []Finding {
	var out []Finding
	for _, s := range stale {
		d, is := s.dep, orderImports(s.imports)
		out = append(out, Finding{
			Kind:     Manifest,
			Reason:   ReasonIndirect,
			Package:  d.Name,
			Version:  versionOf(a.pkgs[d.Name]),
			Severity: SeverityWarning,
			Location: loc(d.Pos),
			Evidence: &Evidence{Imports: importEvidence(is)},
			Message: fmt.Sprintf("%q is required%s with an \"// indirect\" comment, which says only other modules need it, but the project's sources import it at %s: the comment is stale — go mod tidy moves the requirement among the direct ones",
				d.Name, declaredAt(d), importedAt(is)),
		})
	}
	sortFindings(out)
	return out
}

// orderImports orders imports as a finding quotes them: the code's
// first, then the tests', then the others', each by position.
func orderImports(is []ecosystems.Import) []ecosystems.Import {
	rank := func(i ecosystems.Import) int {
		switch {
		case i.Kind == ecosystems.ImportPlatform:
			return 2
		case i.Test:
			return 1
		}
		return 0
	}
	out := append([]ecosystems.Import(nil), is...)
	slices.SortStableFunc(out, func(x, y ecosystems.Import) int { return rank(x) - rank(y) })
	return out
}
