package python

import (
	"strings"

	"github.com/envaudit/envaudit/ecosystems"
	"github.com/envaudit/envaudit/internal/posdoc"
)

// pipfileMeta are the Pipfile tables that are not package categories.
var pipfileMeta = map[string]bool{"source": true, "requires": true, "pipenv": true, "scripts": true}

// parsePipfile reads a Pipfile: [packages] (runtime), [dev-packages] (dev)
// and any other table as a custom package category (pipenv 2022.10 and
// later), scoped by its name and dev by default. Keys are package names;
// values are "*", a version specifier, or a table (version, extras, git,
// path, file, editable, markers, index, ...).
//
// An entry whose path is the project itself (`{path = ".", editable =
// true}`, how pipenv installs the project under development) declares
// nothing.
func parsePipfile(file string, data []byte, local localNamer) (*manifest, error) {
	doc, err := parseTOML(file, data)
	if err != nil {
		return nil, err
	}
	m := &manifest{}
	for _, catM := range doc.Members {
		cat := catM.Key
		if pipfileMeta[cat] {
			continue
		}
		t := catM.Value
		if t.Kind != posdoc.Table {
			return nil, ecosystems.Errorf(file, t.Pos.Line, "%q must be a table of packages, not %s", cat, t.Kind.String())
		}
		scope, group := groupScope(cat, ecosystems.ScopeDev), cat
		switch cat {
		case "packages":
			scope, group = ecosystems.ScopeRuntime, ""
		case "dev-packages":
			scope, group = ecosystems.ScopeDev, ""
		}
		for _, nameM := range t.Members {
			name := nameM.Key
			v := nameM.Value
			if !validName(name) {
				return nil, ecosystems.Errorf(file, v.Pos.Line, "[%s]: invalid package name %q", cat, name)
			}
			spec, err := pipfileSpec(file, "["+cat+"] "+name, v)
			if err != nil {
				return nil, err
			}
			if p := v.Lookup("path"); p != nil && p.Kind == posdoc.String && local != nil {
				if _, self, _ := local(p.Text); self {
					continue
				}
			}
			m.deps = append(m.deps, newDep(file, v.Pos.Line, ecosystems.Pos{}, name, spec, scope, group))
		}
	}
	return m, nil
}

// pipfileSpec summarises a Pipfile package value: its version unless "*",
// else where it comes from (git, path, file).
func pipfileSpec(file, what string, v *posdoc.Value) (string, error) {
	switch v.Kind {
	case posdoc.String:
		if v.Text == "*" {
			return "", nil
		}
		return v.Text, nil
	case posdoc.Table:
		markers := ""
		if x := v.Lookup("markers"); x != nil && x.Kind == posdoc.String {
			if _, err := ParseMarker(x.Text); err != nil {
				return "", ecosystems.Errorf(file, x.Pos.Line, "%s: invalid markers %q: %w", what, x.Text, err)
			}
			markers = x.Text
		}
		spec := ""
		for _, k := range []string{"version", "git", "path", "file"} {
			if x := v.Lookup(k); x != nil && x.Kind == posdoc.String && x.Text != "*" {
				spec = x.Text
				break
			}
		}
		return withMarker(spec, markers), nil
	}
	return "", ecosystems.Errorf(file, v.Pos.Line, "%s must be a version string or a table, not %s", what, v.Kind.String())
}

// withMarker appends a table's "markers" to its spec the way a PEP 508
// string writes them (">=9 ; sys_platform == 'linux'", or "; ..." without a
// version), so the report shows them and Installed can evaluate them.
func withMarker(spec, markers string) string {
	markers = strings.TrimSpace(markers)
	switch {
	case markers == "":
		return spec
	case spec == "":
		return "; " + markers
	}
	return spec + " ; " + markers
}
