package python

import (
	"errors"
	"fmt"
	"strings"

	"github.com/envaudit/envaudit/ecosystems"
	toml "github.com/pelletier/go-toml/v2"
	"github.com/pelletier/go-toml/v2/unstable"
)

// tomlKind is the shape of a TOML value as the manifests use it.
type tomlKind int

const (
	tomlOther tomlKind = iota // numbers, booleans, dates
	tomlString
	tomlArray
	tomlTable
)

// tomlValue is a TOML value with the line it starts on, so every entry of
// a pyproject.toml or Pipfile can be reported at its own line, including
// the elements of multi-line arrays.
type tomlValue struct {
	kind    tomlKind
	line    int
	str     string                // tomlString
	boolean bool                  // a true boolean
	other   string                // tomlOther: "a number", "a boolean", "a date-time"
	items   []*tomlValue          // tomlArray (an array of tables holds tables)
	keys    []string              // tomlTable, in document order
	field   map[string]*tomlValue // tomlTable
}

// get returns the value at a dotted path of keys, or nil.
func (v *tomlValue) get(path ...string) *tomlValue {
	for _, k := range path {
		if v == nil || v.kind != tomlTable {
			return nil
		}
		v = v.field[k]
	}
	return v
}

func (v *tomlValue) set(k string, x *tomlValue) {
	if _, ok := v.field[k]; !ok {
		v.keys = append(v.keys, k)
	}
	v.field[k] = x
}

func newTable(line int) *tomlValue {
	return &tomlValue{kind: tomlTable, line: line, field: map[string]*tomlValue{}}
}

// what describes the value for error messages: "a string", "a number" ...
func (v *tomlValue) what() string {
	if v.kind == tomlOther && v.other != "" {
		return v.other
	}
	return v.kind.String()
}

func (k tomlKind) String() string {
	switch k {
	case tomlString:
		return "a string"
	case tomlArray:
		return "an array"
	case tomlTable:
		return "a table"
	}
	return "a scalar"
}

// parseTOML parses a TOML document into a tree of tomlValues. Errors are
// *ecosystems.PosError values at the offending line of file.
//
// go-toml's decoder checks the whole document (duplicate keys, redefined
// tables, types) and reports the error position; its unstable parser then
// gives the position of every key and string, which the decoder does not
// expose.
func parseTOML(file string, data []byte) (*tomlValue, error) {
	var check map[string]any
	if err := toml.Unmarshal(data, &check); err != nil {
		var de *toml.DecodeError
		if errors.As(err, &de) {
			row, _ := de.Position()
			return nil, ecosystems.Errorf(file, row, "invalid TOML: %s", strings.TrimPrefix(de.Error(), "toml: "))
		}
		return nil, ecosystems.Errorf(file, 0, "invalid TOML: %w", err)
	}
	b := &tomlBuilder{p: &unstable.Parser{}, root: newTable(1)}
	b.p.Reset(data)
	cur := b.root
	for b.p.NextExpression() {
		expr := b.p.Expression()
		var err error
		switch expr.Kind {
		case unstable.KeyValue:
			err = b.keyValue(cur, expr)
		case unstable.Table:
			cur, err = b.table(expr, false)
		case unstable.ArrayTable:
			cur, err = b.table(expr, true)
		}
		if err != nil {
			return nil, ecosystems.Errorf(file, b.line(expr), "invalid TOML: %w", err)
		}
	}
	if err := b.p.Error(); err != nil {
		line := 0
		var pe *unstable.ParserError
		if errors.As(err, &pe) && len(pe.Highlight) > 0 {
			line = b.p.Shape(b.p.Range(pe.Highlight)).Start.Line
		}
		return nil, ecosystems.Errorf(file, line, "invalid TOML: %w", err)
	}
	return b.root, nil
}

type tomlBuilder struct {
	p    *unstable.Parser
	root *tomlValue
}

// line returns the line a node starts on, or 0 when the parser recorded no
// source range for it (arrays).
func (b *tomlBuilder) line(n *unstable.Node) int {
	if n == nil || n.Raw.Length == 0 {
		return 0
	}
	return b.p.Shape(n.Raw).Start.Line
}

func keyParts(it unstable.Iterator) (parts []string, first *unstable.Node) {
	for it.Next() {
		n := it.Node()
		if first == nil {
			first = n
		}
		parts = append(parts, string(n.Data))
	}
	return parts, first
}

// table handles a [table] or [[array.table]] header and returns the table
// that the following key/value lines fill.
func (b *tomlBuilder) table(expr *unstable.Node, array bool) (*tomlValue, error) {
	parts, first := keyParts(expr.Key())
	if len(parts) == 0 {
		return nil, errors.New("empty table name")
	}
	line := b.line(first)
	t := b.root
	for _, k := range parts[:len(parts)-1] {
		var err error
		if t, err = descend(t, k, line); err != nil {
			return nil, err
		}
	}
	last := parts[len(parts)-1]
	if array {
		arr := t.field[last]
		if arr == nil {
			arr = &tomlValue{kind: tomlArray, line: line}
			t.set(last, arr)
		}
		if arr.kind != tomlArray {
			return nil, fmt.Errorf("%q is not an array of tables", last)
		}
		nt := newTable(line)
		arr.items = append(arr.items, nt)
		return nt, nil
	}
	nt := t.field[last]
	if nt == nil {
		nt = newTable(line)
		t.set(last, nt)
	}
	if nt.kind != tomlTable {
		return nil, fmt.Errorf("%q is not a table", last)
	}
	nt.line = line
	return nt, nil
}

// descend returns the table under key k of t, creating an implicit table;
// for an array of tables it is the last element, as TOML specifies.
func descend(t *tomlValue, k string, line int) (*tomlValue, error) {
	next := t.field[k]
	switch {
	case next == nil:
		next = newTable(line)
		t.set(k, next)
	case next.kind == tomlArray && len(next.items) > 0 && next.items[len(next.items)-1].kind == tomlTable:
		next = next.items[len(next.items)-1]
	case next.kind != tomlTable:
		return nil, fmt.Errorf("%q is not a table", k)
	}
	return next, nil
}

func (b *tomlBuilder) keyValue(t *tomlValue, expr *unstable.Node) error {
	return b.keyValueDepth(t, expr, 0)
}

// maxTOMLDepth bounds the nesting of arrays and inline tables this package
// follows; manifests nest two or three levels.
const maxTOMLDepth = 64

func (b *tomlBuilder) value(n *unstable.Node, line, depth int) (*tomlValue, error) {
	if n == nil {
		return nil, errors.New("missing value")
	}
	if depth > maxTOMLDepth {
		return nil, errors.New("values nested too deeply")
	}
	if l := b.line(n); l > 0 {
		line = l
	}
	switch n.Kind {
	case unstable.String:
		return &tomlValue{kind: tomlString, line: line, str: string(n.Data)}, nil
	case unstable.Array:
		v := &tomlValue{kind: tomlArray, line: line}
		it := n.Children()
		for it.Next() {
			c := it.Node()
			if c.Kind == unstable.Comment {
				continue
			}
			x, err := b.value(c, line, depth+1)
			if err != nil {
				return nil, err
			}
			v.items = append(v.items, x)
			line = x.line
		}
		return v, nil
	case unstable.InlineTable:
		t := newTable(line)
		it := n.Children()
		for it.Next() {
			c := it.Node()
			if c.Kind != unstable.KeyValue {
				continue
			}
			if err := b.keyValueDepth(t, c, depth+1); err != nil {
				return nil, err
			}
		}
		return t, nil
	}
	v := &tomlValue{kind: tomlOther, line: line, other: "a scalar"}
	switch n.Kind {
	case unstable.Bool:
		v.other, v.boolean = "a boolean", string(n.Data) == "true"
	case unstable.Integer, unstable.Float:
		v.other = "a number"
	case unstable.LocalDate, unstable.LocalTime, unstable.LocalDateTime, unstable.DateTime:
		v.other = "a date-time"
	}
	return v, nil
}

func (b *tomlBuilder) keyValueDepth(t *tomlValue, expr *unstable.Node, depth int) error {
	parts, first := keyParts(expr.Key())
	if len(parts) == 0 {
		return errors.New("empty key")
	}
	line := b.line(first)
	for _, k := range parts[:len(parts)-1] {
		var err error
		if t, err = descend(t, k, line); err != nil {
			return err
		}
	}
	v, err := b.value(expr.Value(), line, depth)
	if err != nil {
		return err
	}
	t.set(parts[len(parts)-1], v)
	return nil
}
