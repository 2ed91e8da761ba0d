package python

import (
	"strings"

	"github.com/envaudit/envaudit/ecosystems"
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
	for _, cat := range doc.keys {
		if pipfileMeta[cat] {
			continue
		}
		t := doc.field[cat]
		if t.kind != tomlTable {
			return nil, ecosystems.Errorf(file, t.line, "%q must be a table of packages, not %s", cat, t.what())
		}
		scope, group := groupScope(cat, ecosystems.ScopeDev), cat
		switch cat {
		case "packages":
			scope, group = ecosystems.ScopeRuntime, ""
		case "dev-packages":
			scope, group = ecosystems.ScopeDev, ""
		}
		for _, name := range t.keys {
			v := t.field[name]
			if !validName(name) {
				return nil, ecosystems.Errorf(file, v.line, "[%s]: invalid package name %q", cat, name)
			}
			spec, err := pipfileSpec(file, "["+cat+"] "+name, v)
			if err != nil {
				return nil, err
			}
			if p := v.get("path"); p != nil && p.kind == tomlString && local != nil {
				if _, self, _ := local(p.str); self {
					continue
				}
			}
			m.deps = append(m.deps, newDep(file, v.line, name, spec, scope, group))
		}
	}
	return m, nil
}

// pipfileSpec summarises a Pipfile package value: its version unless "*",
// else where it comes from (git, path, file).
func pipfileSpec(file, what string, v *tomlValue) (string, error) {
	switch v.kind {
	case tomlString:
		if v.str == "*" {
			return "", nil
		}
		return v.str, nil
	case tomlTable:
		markers := ""
		if x := v.get("markers"); x != nil && x.kind == tomlString {
			if _, err := ParseMarker(x.str); err != nil {
				return "", ecosystems.Errorf(file, x.line, "%s: invalid markers %q: %w", what, x.str, err)
			}
			markers = x.str
		}
		spec := ""
		for _, k := range []string{"version", "git", "path", "file"} {
			if x := v.get(k); x != nil && x.kind == tomlString && x.str != "*" {
				spec = x.str
				break
			}
		}
		return withMarker(spec, markers), nil
	}
	return "", ecosystems.Errorf(file, v.line, "%s must be a version string or a table, not %s", what, v.what())
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
