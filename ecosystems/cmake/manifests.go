package cmake

import (
	"bytes"
	"encoding/json"
	"errors"
	"io"
	"regexp"
	"strings"

	"github.com/envaudit/envaudit/ecosystems"
)

// parseVcpkg reads the "dependencies" of a vcpkg manifest (vcpkg.json):
// port names, or objects with "name", "version>=", "host" (a build tool:
// scope build) and "features". Port names map through the library table
// (nlohmann-json → nlohmann_json). Each dependency points at the line of its
// name.
func parseVcpkg(file string, src []byte, tbl *Table) ([]ecosystems.Dependency, error) {
	j := &jsonPos{file: file, src: src, dec: json.NewDecoder(bytes.NewReader(src))}
	j.dec.UseNumber()
	if err := j.expectDelim('{', "the manifest"); err != nil {
		return nil, err
	}
	var out []ecosystems.Dependency
	for j.dec.More() {
		key, _, err := j.str("a key")
		if err != nil {
			return nil, err
		}
		if key != "dependencies" {
			if err := j.skip(); err != nil {
				return nil, err
			}
			continue
		}
		if err := j.expectDelim('[', `"dependencies"`); err != nil {
			return nil, err
		}
		for j.dec.More() {
			tok, line, err := j.token()
			if err != nil {
				return nil, err
			}
			var name, spec string
			nameLine, host := line, false
			switch t := tok.(type) {
			case string:
				if name = t; name == "" {
					return nil, ecosystems.Errorf(file, line, "empty port name")
				}
			case json.Delim:
				if t != '{' {
					return nil, ecosystems.Errorf(file, line, "dependency is not a port name or an object")
				}
				for j.dec.More() {
					k, _, err := j.str("a key")
					if err != nil {
						return nil, err
					}
					switch k {
					case "name":
						if name, nameLine, err = j.str(`"name"`); err != nil {
							return nil, err
						}
					case "version>=":
						if spec, _, err = j.str(`"version>="`); err != nil {
							return nil, err
						}
						spec = ">=" + spec
					case "host":
						v, l, err := j.token()
						if err != nil {
							return nil, err
						}
						b, ok := v.(bool)
						if !ok {
							return nil, ecosystems.Errorf(file, l, `"host" is not a boolean`)
						}
						host = b
					default:
						if err := j.skip(); err != nil {
							return nil, err
						}
					}
				}
				if _, _, err := j.token(); err != nil { // }
					return nil, err
				}
				if name == "" {
					return nil, ecosystems.Errorf(file, line, `dependency object without a "name"`)
				}
			default:
				return nil, ecosystems.Errorf(file, line, "dependency is not a port name or an object")
			}
			lib := tbl.ByVcpkg(name)
			scope := scopeOf(lib, false, true)
			if host && scope == ecosystems.ScopeRuntime {
				scope = ecosystems.ScopeBuild
			}
			dep := ecosystems.Dependency{Name: canonical(lib, name), Spec: spec, Scope: scope,
				Pos: ecosystems.Pos{File: file, Line: nameLine}, CompileOnly: lib != nil && lib.HeaderOnly}
			if dep.Name != name {
				dep.Raw = name
			}
			out = append(out, dep)
		}
		if _, _, err := j.token(); err != nil { // ]
			return nil, err
		}
	}
	return out, nil
}

// jsonPos reads JSON tokens and knows the line each one ends on.
type jsonPos struct {
	file string
	src  []byte
	dec  *json.Decoder
}

func (j *jsonPos) lineAt(off int64) int {
	if off > int64(len(j.src)) {
		off = int64(len(j.src))
	}
	return bytes.Count(j.src[:off], []byte("\n")) + 1
}

func (j *jsonPos) token() (json.Token, int, error) {
	tok, err := j.dec.Token()
	if err != nil {
		var se *json.SyntaxError
		switch {
		case errors.As(err, &se):
			return nil, 0, ecosystems.Errorf(j.file, j.lineAt(se.Offset), "invalid JSON: %v", se)
		case errors.Is(err, io.EOF):
			return nil, 0, ecosystems.Errorf(j.file, j.lineAt(int64(len(j.src))), "invalid JSON: unexpected end of file")
		}
		return nil, 0, ecosystems.Errorf(j.file, j.lineAt(j.dec.InputOffset()), "invalid JSON: %v", err)
	}
	return tok, j.lineAt(j.dec.InputOffset()), nil
}

func (j *jsonPos) expectDelim(d json.Delim, what string) error {
	tok, line, err := j.token()
	if err != nil {
		return err
	}
	if got, ok := tok.(json.Delim); !ok || got != d {
		kind := map[json.Delim]string{'{': "an object", '[': "an array"}[d]
		return ecosystems.Errorf(j.file, line, "%s is not %s", what, kind)
	}
	return nil
}

func (j *jsonPos) str(what string) (string, int, error) {
	tok, line, err := j.token()
	if err != nil {
		return "", 0, err
	}
	s, ok := tok.(string)
	if !ok {
		return "", 0, ecosystems.Errorf(j.file, line, "%s is not a string", what)
	}
	return s, line, nil
}

// skip consumes one value.
func (j *jsonPos) skip() error {
	depth := 0
	for {
		tok, _, err := j.token()
		if err != nil {
			return err
		}
		if d, ok := tok.(json.Delim); ok {
			switch d {
			case '{', '[':
				depth++
			default:
				depth--
			}
		}
		if depth == 0 {
			return nil
		}
	}
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
			Pos: ecosystems.Pos{File: file, Line: i + 1}, CompileOnly: lib != nil && lib.HeaderOnly}
		if dep.Name != m[1] {
			dep.Raw = m[1]
		}
		out = append(out, dep)
	}
	return out, nil
}
