package cargo

import (
	"errors"
	"fmt"
	"strings"

	"github.com/pelletier/go-toml/v2"
	"github.com/pelletier/go-toml/v2/unstable"

	"github.com/envaudit/envaudit/ecosystems"
)

// tomlDoc is a decoded TOML document with the line of every key path it
// spells out (tables, dotted keys and their prefixes), so that a value
// found in the decoded tree can be pointed at in the file.
type tomlDoc struct {
	file  string
	tree  map[string]any
	lines map[string]int // key path joined by keySep -> line of first mention
}

const keySep = "\x00"

func keyPath(parts ...string) string { return strings.Join(parts, keySep) }

// parseTOML decodes data (the file at rel, slash-separated) and records key
// positions. Errors are *ecosystems.PosError at the offending line.
func parseTOML(rel string, data []byte) (*tomlDoc, error) {
	doc := &tomlDoc{file: rel, tree: map[string]any{}, lines: map[string]int{}}
	if err := toml.Unmarshal(data, &doc.tree); err != nil {
		var de *toml.DecodeError
		if errors.As(err, &de) {
			row, _ := de.Position()
			return nil, &ecosystems.PosError{Pos: ecosystems.Pos{File: rel, Line: row}, Err: err}
		}
		return nil, &ecosystems.PosError{Pos: ecosystems.Pos{File: rel}, Err: err}
	}
	// Unmarshal accepted the document, so the parser below sees valid TOML;
	// it only supplies positions.
	p := unstable.Parser{}
	p.Reset(data)
	var table []string
	for p.NextExpression() {
		e := p.Expression()
		switch e.Kind {
		case unstable.Table, unstable.ArrayTable:
			table = table[:0]
			it := e.Key()
			for it.Next() {
				table = append(table, string(it.Node().Data))
				doc.mark(&p, table, it.Node())
			}
		case unstable.KeyValue:
			parts := append([]string(nil), table...)
			it := e.Key()
			for it.Next() {
				parts = append(parts, string(it.Node().Data))
				doc.mark(&p, parts, it.Node())
			}
		}
	}
	if err := p.Error(); err != nil {
		return nil, &ecosystems.PosError{Pos: ecosystems.Pos{File: rel}, Err: err}
	}
	return doc, nil
}

func (d *tomlDoc) mark(p *unstable.Parser, parts []string, n *unstable.Node) {
	k := keyPath(parts...)
	if _, ok := d.lines[k]; ok {
		return
	}
	d.lines[k] = p.Shape(n.Raw).Start.Line
}

// line returns the line of the key path, or of its longest mentioned
// prefix, or 0.
func (d *tomlDoc) line(parts ...string) int {
	for n := len(parts); n > 0; n-- {
		if l, ok := d.lines[keyPath(parts[:n]...)]; ok {
			return l
		}
	}
	return 0
}

// errorf returns a positioned error at the line of the key path.
func (d *tomlDoc) errorf(parts []string, format string, args ...any) error {
	return ecosystems.Errorf(d.file, d.line(parts...), format, args...)
}

// table returns the table at the key path, nil when absent, or an error
// when the key holds something else.
func (d *tomlDoc) table(parts ...string) (map[string]any, error) {
	var cur any = d.tree
	for i, k := range parts {
		m, ok := cur.(map[string]any)
		if !ok {
			return nil, d.errorf(parts[:i], "%s: want a table", dotted(parts[:i]))
		}
		if cur, ok = m[k]; !ok {
			return nil, nil
		}
	}
	m, ok := cur.(map[string]any)
	if !ok {
		return nil, d.errorf(parts, "%s: want a table", dotted(parts))
	}
	return m, nil
}

// str returns the string at key k of table t (at path), "" when absent.
func (d *tomlDoc) str(t map[string]any, path []string, k string) (string, error) {
	v, ok := t[k]
	if !ok {
		return "", nil
	}
	s, ok := v.(string)
	if !ok {
		return "", d.errorf(append(append([]string(nil), path...), k), "%s: want a string, not %s", dotted(append(path, k)), typeName(v))
	}
	return s, nil
}

// strings returns the array of strings at key k of table t.
func (d *tomlDoc) strings(t map[string]any, path []string, k string) ([]string, error) {
	v, ok := t[k]
	if !ok {
		return nil, nil
	}
	arr, ok := v.([]any)
	if !ok {
		return nil, d.errorf(append(append([]string(nil), path...), k), "%s: want an array of strings, not %s", dotted(append(path, k)), typeName(v))
	}
	out := make([]string, 0, len(arr))
	for _, e := range arr {
		s, ok := e.(string)
		if !ok {
			return nil, d.errorf(append(append([]string(nil), path...), k), "%s: want an array of strings, found %s", dotted(append(path, k)), typeName(e))
		}
		out = append(out, s)
	}
	return out, nil
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

func typeName(v any) string {
	switch v.(type) {
	case string:
		return "a string"
	case bool:
		return "a boolean"
	case int64, float64:
		return "a number"
	case []any:
		return "an array"
	case map[string]any:
		return "a table"
	default:
		return fmt.Sprintf("%T", v)
	}
}
