package cargo

import (
	"errors"
	"fmt"
	"strings"

	"github.com/envaudit/envaudit/ecosystems"
	"github.com/envaudit/envaudit/internal/posdoc"
)

// tomlDoc is a parsed TOML document of the project (or a cargo
// configuration file), with the position of every key, so that a value can
// be pointed at in the file.
type tomlDoc struct {
	file string
	root *posdoc.Value
}

// parseTOML parses data (the file at rel, slash-separated). Errors are
// *ecosystems.PosError at the offending line.
func parseTOML(rel string, data []byte) (*tomlDoc, error) {
	root, err := posdoc.ParseTOML(rel, data)
	if err != nil {
		var pe *posdoc.Error
		if errors.As(err, &pe) {
			return nil, ecosystems.ErrorAt(rel, pe.Pos.Line, pe.Err)
		}
		return nil, ecosystems.ErrorAt(rel, 0, err)
	}
	return &tomlDoc{file: rel, root: root}, nil
}

// line returns the line where the key path, or its longest present prefix,
// is first mentioned, or 0.
func (d *tomlDoc) line(parts ...string) int {
	line, v := 0, d.root
	for _, k := range parts {
		m := v.Member(k)
		if m == nil {
			break
		}
		line, v = m.Pos.Line, m.Value
	}
	return line
}

// errorf returns a positioned error at the line of the key path.
func (d *tomlDoc) errorf(parts []string, format string, args ...any) error {
	return ecosystems.Errorf(d.file, d.line(parts...), format, args...)
}

// table returns the table at the key path, nil when absent, or an error
// when the key holds something else.
func (d *tomlDoc) table(parts ...string) (*posdoc.Value, error) {
	cur := d.root
	for i, k := range parts {
		if cur.Kind != posdoc.Table {
			return nil, d.errorf(parts[:i], "%s: want a table", dotted(parts[:i]))
		}
		if cur = cur.Get(k); cur == nil {
			return nil, nil
		}
	}
	if cur.Kind != posdoc.Table {
		return nil, d.errorf(parts, "%s: want a table", dotted(parts))
	}
	return cur, nil
}

// str returns the string at key k of table t (at path), "" when absent.
func (d *tomlDoc) str(t *posdoc.Value, path []string, k string) (string, error) {
	v := t.Get(k)
	if v == nil {
		return "", nil
	}
	if v.Kind != posdoc.String {
		return "", d.errorf(append(append([]string(nil), path...), k), "%s: want a string, not %s", dotted(append(path, k)), v.Kind)
	}
	return v.Text, nil
}

// strings returns the array of strings at key k of table t.
func (d *tomlDoc) strings(t *posdoc.Value, path []string, k string) ([]string, error) {
	v := t.Get(k)
	if v == nil {
		return nil, nil
	}
	if v.Kind != posdoc.Array {
		return nil, d.errorf(append(append([]string(nil), path...), k), "%s: want an array of strings, not %s", dotted(append(path, k)), v.Kind)
	}
	out := make([]string, 0, len(v.Elems))
	for _, e := range v.Elems {
		if e.Kind != posdoc.String {
			return nil, d.errorf(append(append([]string(nil), path...), k), "%s: want an array of strings, found %s", dotted(append(path, k)), e.Kind)
		}
		out = append(out, e.Text)
	}
	return out, nil
}

// text returns the string at key k of table t, or "" when it is absent or
// not a string: for cargo's own files, which cargo has already checked.
func text(t *posdoc.Value, k string) string {
	if v := t.Get(k); v != nil && v.Kind == posdoc.String {
		return v.Text
	}
	return ""
}

// members returns the members of table t, none when t is nil.
func members(t *posdoc.Value) []*posdoc.Member {
	if t == nil {
		return nil
	}
	return t.Members
}

// isTrue reports whether v is the boolean true.
func isTrue(v *posdoc.Value) bool {
	return v != nil && v.Kind == posdoc.Bool && v.Text == "true"
}

// dotted spells a key path as TOML would, quoting parts that need it.
func dotted(parts []string) string {
	q := make([]string, len(parts))
	for i, p := range parts {
		bare := p != ""
		for _, c := range p {
			if !(c == '-' || c == '_' || 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9') {
				bare = false
				break
			}
		}
		if bare {
			q[i] = p
		} else {
			q[i] = fmt.Sprintf("%q", p)
		}
	}
	return strings.Join(q, ".")
}
