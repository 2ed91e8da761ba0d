package cmake

import (
	"errors"
	"regexp"
	"strings"

	"github.com/envaudit/envaudit/ecosystems"
	"github.com/envaudit/envaudit/internal/posdoc"
)

// parseVcpkg reads the "dependencies" of a vcpkg manifest (vcpkg.json):
// port names, or objects with "name", "version>=", "host" (a build tool:
// scope build) and "features". Port names map through the library table
// (nlohmann-json → nlohmann_json). Each dependency points at the line of its
// name.
func parseVcpkg(file string, src []byte, tbl *Table) ([]ecosystems.Dependency, error) {
	doc, err := posdoc.ParseJSON(file, src)
	if err != nil {
		var pe *posdoc.Error
		if errors.As(err, &pe) {
			return nil, ecosystems.Errorf(file, pe.Pos.Line, "invalid JSON: %v", pe.Err)
		}
		return nil, err
	}
	if doc.Kind != posdoc.Object {
		return nil, ecosystems.Errorf(file, doc.Pos.Line, "the manifest is not an object")
	}
	var out []ecosystems.Dependency
	for _, top := range doc.Members {
		if top.Key != "dependencies" {
			continue
		}
		if top.Value.Kind != posdoc.Array {
			return nil, ecosystems.Errorf(file, top.Value.Pos.Line, `"dependencies" is not an array`)
		}
		for _, e := range top.Value.Elems {
			dep, err := vcpkgDependency(file, e, tbl)
			if err != nil {
				return nil, err
			}
			out = append(out, dep)
		}
	}
	return out, nil
}

// vcpkgDependency reads one entry of "dependencies": a port name, or an
// object whose keys count where they are written last.
func vcpkgDependency(file string, e *posdoc.Value, tbl *Table) (ecosystems.Dependency, error) {
	var name, spec string
	nameLine, host := e.Pos.Line, false
	switch e.Kind {
	case posdoc.String:
		if name = e.Text; name == "" {
			return ecosystems.Dependency{}, ecosystems.Errorf(file, e.Pos.Line, "empty port name")
		}
	case posdoc.Object:
		for _, m := range e.Members {
			v := m.Value
			switch m.Key {
			case "name":
				if v.Kind != posdoc.String {
					return ecosystems.Dependency{}, ecosystems.Errorf(file, v.Pos.Line, `"name" is not a string`)
				}
				name, nameLine = v.Text, v.Pos.Line
			case "version>=":
				if v.Kind != posdoc.String {
					return ecosystems.Dependency{}, ecosystems.Errorf(file, v.Pos.Line, `"version>=" is not a string`)
				}
				spec = ">=" + v.Text
			case "host":
				if v.Kind != posdoc.Bool {
					return ecosystems.Dependency{}, ecosystems.Errorf(file, v.Pos.Line, `"host" is not a boolean`)
				}
				host = v.Text == "true"
			}
		}
		if name == "" {
			return ecosystems.Dependency{}, ecosystems.Errorf(file, e.Pos.Line, `dependency object without a "name"`)
		}
	default:
		return ecosystems.Dependency{}, ecosystems.Errorf(file, e.Pos.Line, "dependency is not a port name or an object")
	}
	lib := tbl.ByVcpkg(name)
	scope := scopeOf(lib, false, true)
	if host && scope == ecosystems.ScopeRuntime {
		scope = ecosystems.ScopeBuild
	}
	dep := ecosystems.Dependency{Name: canonical(lib, name), Spec: spec, Scope: scope,
		Pos: ecosystems.PosVia(file, nameLine, ecosystems.Pos{}), CompileOnly: lib != nil && lib.HeaderOnly}
	if dep.Name != name {
		dep.Raw = name
	}
	return dep, nil
}

// conanRef matches a Conan reference: name/version[@user[/channel]][#rev].
var conanRef = regexp.MustCompile(`^([A-Za-z0-9_][A-Za-z0-9_+.-]*)/([^@#\s]+)(@[^#\s]*)?(#\S*)?$`)

// parseConanfile reads the requirements of a conanfile.txt: [requires]
// (runtime), [tool_requires] and [build_requires] (build), [test_requires]
// (test); lines starting with # are comments. Recipe names map through the library table (libcurl
// → CURL); the spec is the version or version range.
func parseConanfile(file string, src []byte, tbl *Table) ([]ecosystems.Dependency, error) {
	var out []ecosystems.Dependency
	section := ""
	for i, line := range strings.Split(string(src), "\n") {
		line = strings.TrimSpace(line)
		if line == "" || line[0] == '#' {
			continue // only whole lines are comments: # inside a reference starts its revision
		}
		if strings.HasPrefix(line, "[") {
			if !strings.HasSuffix(line, "]") {
				return nil, ecosystems.Errorf(file, i+1, "unterminated section header %q", line)
			}
			section = strings.TrimSpace(line[1 : len(line)-1])
			continue
		}
		var scope ecosystems.Scope
		switch section {
		case "requires":
			scope = ecosystems.ScopeRuntime
		case "tool_requires", "build_requires":
			scope = ecosystems.ScopeBuild
		case "test_requires":
			scope = ecosystems.ScopeTest
		case "":
			return nil, ecosystems.Errorf(file, i+1, "%q outside a section", line)
		default:
			continue // [generators], [options], [layout], [imports]
		}
		m := conanRef.FindStringSubmatch(line)
		if m == nil {
			return nil, ecosystems.Errorf(file, i+1, "invalid reference %q (want name/version)", line)
		}
		lib := tbl.ByConan(m[1])
		if scope == ecosystems.ScopeRuntime {
			scope = scopeOf(lib, false, true)
		}
		dep := ecosystems.Dependency{Name: canonical(lib, m[1]), Spec: m[2], Scope: scope,
			Pos: ecosystems.PosVia(file, i+1, ecosystems.Pos{}), CompileOnly: lib != nil && lib.HeaderOnly}
		if dep.Name != m[1] {
			dep.Raw = m[1]
		}
		out = append(out, dep)
	}
	return out, nil
}
