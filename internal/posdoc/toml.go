package posdoc

import (
	"errors"
	"fmt"
	"strings"

	toml "github.com/pelletier/go-toml/v2"
	"github.com/pelletier/go-toml/v2/unstable"
)

// ParseTOML parses the TOML document data of file into a tree of
// positioned values: the root and every table are of kind Table, an array
// of tables is an Array of Tables, and numbers, booleans and date-times
// keep their literal text.
//
// It accepts exactly the documents go-toml's decoder accepts and reports
// the same first error with the same message ("toml: key a is already
// defined") at the same line, as an *Error. It gets there in one pass:
// go-toml's parser checks the syntax, this package checks the rules the
// parser leaves to the decoder (a key defined once, a table opened once,
// inline tables and arrays closed), with a map per table where go-toml's
// decoder searches every key it has seen, which is quadratic in the keys of
// a table, and go-toml's decoder checks each number and date-time alone.
//
// A key's position is its first mention (a [header], a dotted key). A
// table's is its own [header], or the mention that created it; a string's,
// scalar's or inline table's is its own (a string's opening quote); an
// array's is the line of its key, without a column, as the parser records
// no range for arrays, and an array element of an array is on the line of
// the element before it.
func ParseTOML(file string, data []byte) (*Value, error) {
	b := &tomlBuilder{
		file:  file,
		data:  data,
		p:     &unstable.Parser{},
		cur:   newCursor(data),
		root:  newTable(Pos{Line: 1, Col: 1}),
		index: map[*Value]map[string]*Member{},
		how:   map[*Value]origin{},
	}
	b.how[b.root] = explicitTable
	b.p.Reset(data)
	cur := b.root
	for b.p.NextExpression() {
		expr := b.p.Expression()
		var err error
		switch expr.Kind {
		case unstable.KeyValue:
			err = b.keyValue(cur, expr, 0)
		case unstable.Table:
			cur, err = b.table(expr, false)
		case unstable.ArrayTable:
			cur, err = b.table(expr, true)
		}
		if err != nil {
			return nil, err
		}
	}
	if err := b.p.Error(); err != nil {
		var pe *unstable.ParserError
		if errors.As(err, &pe) {
			p := PosAt(data, 0)
			if len(pe.Highlight) > 0 {
				p = PosAt(data, int(b.p.Range(pe.Highlight).Offset))
			}
			return nil, &Error{File: file, Pos: p, Err: errors.New("toml: " + pe.Message)}
		}
		return nil, &Error{File: file, Err: err}
	}
	return b.root, nil
}

func newTable(p Pos) *Value { return &Value{Kind: Table, Pos: p} }

// origin is how a table or array came to be, which decides what may still
// add to it; the names are go-toml's, as its messages use them.
type origin uint8

const (
	value         origin = iota // a key/value's value: closed
	dottedTable                 // made by a dotted key: only dotted keys add to it
	implicitTable               // an intermediate part of a [header]: may still get its own header
	explicitTable               // opened by its own [header], or the root
	arrayTable                  // made by [[header]]
)

func (o origin) String() string {
	switch o {
	case dottedTable:
		return "kv-table"
	case implicitTable, explicitTable:
		return "table"
	case arrayTable:
		return "array-table"
	}
	return "value"
}

type tomlBuilder struct {
	file string
	data []byte
	p    *unstable.Parser
	cur  *cursor
	root *Value
	// index finds the member of a table by key, so that a table of n keys
	// costs n lookups and not n² comparisons.
	index map[*Value]map[string]*Member
	how   map[*Value]origin // of tables and arrays; absent is value
}

// pos returns where a node starts, or the zero Pos when the parser recorded
// no range for it (arrays). Nodes are asked for in document order, so the
// cursor only moves forward; the parser's own Shape counts lines from the
// start of the document on every call, which is quadratic.
func (b *tomlBuilder) pos(n *unstable.Node) Pos {
	if n == nil || n.Raw.Length == 0 {
		return Pos{}
	}
	return b.cur.pos(int(n.Raw.Offset))
}

// errorf returns a decoder-rule error at p, worded as go-toml words it.
func (b *tomlBuilder) errorf(p Pos, format string, args ...any) error {
	return &Error{File: b.file, Pos: p, Err: fmt.Errorf("toml: "+format, args...)}
}

type keyPart struct {
	key string
	pos Pos
}

func (b *tomlBuilder) keyParts(it unstable.Iterator) []keyPart {
	var parts []keyPart
	for it.Next() {
		n := it.Node()
		parts = append(parts, keyPart{string(n.Data), b.pos(n)})
	}
	return parts
}

func (b *tomlBuilder) get(t *Value, key string) *Value {
	if m := b.index[t][key]; m != nil {
		return m.Value
	}
	return nil
}

func (b *tomlBuilder) add(t *Value, k keyPart, v *Value, how origin) {
	if b.index[t] == nil {
		b.index[t] = map[string]*Member{}
	}
	m := &Member{Key: k.key, Pos: k.pos, Value: v}
	b.index[t][k.key] = m
	t.Members = append(t.Members, m)
	if how != value {
		b.how[v] = how
	}
}

// table handles a [table] or [[array.table]] header and returns the table
// that the following key/value lines fill.
func (b *tomlBuilder) table(expr *unstable.Node, array bool) (*Value, error) {
	parts := b.keyParts(expr.Key())
	if len(parts) == 0 {
		return nil, b.errorf(PosAt(b.data, int(expr.Raw.Offset)), "empty table name")
	}
	at := parts[0].pos
	t := b.root
	for _, k := range parts[:len(parts)-1] {
		next := b.get(t, k.key)
		switch {
		case next == nil:
			next = newTable(k.pos)
			b.add(t, k, next, implicitTable)
		case b.how[next] == arrayTable:
			next = next.Elems[len(next.Elems)-1]
		case b.how[next] == value:
			return nil, b.errorf(at, "key %s already exists as a value", k.key)
		}
		t = next
	}
	last := parts[len(parts)-1]
	v := b.get(t, last.key)
	if array {
		switch {
		case v == nil:
			v = &Value{Kind: Array, Pos: at}
			b.add(t, last, v, arrayTable)
		case b.how[v] != arrayTable:
			return nil, b.errorf(at, "key %s already exists as a %s, but should be an array table", last.key, b.how[v])
		}
		nt := newTable(at)
		b.how[nt] = explicitTable
		v.Elems = append(v.Elems, nt)
		return nt, nil
	}
	if v == nil {
		v = newTable(at)
		b.add(t, last, v, explicitTable)
		return v, nil
	}
	switch b.how[v] {
	case implicitTable:
		b.how[v] = explicitTable
		v.Pos = at
		return v, nil
	case explicitTable:
		return nil, b.errorf(at, "table %s already exists", last.key)
	case dottedTable:
		return nil, b.errorf(at, "table %s already exists as defined by a dotted key", last.key)
	case arrayTable:
		return nil, b.errorf(at, "table %s already exists as an array of tables", last.key)
	}
	return nil, b.errorf(at, "key %s should be a table, not a %s", last.key, b.how[v])
}

// keyValue adds the (possibly dotted) key/value expr to table t.
func (b *tomlBuilder) keyValue(t *Value, expr *unstable.Node, depth int) error {
	parts := b.keyParts(expr.Key())
	if len(parts) == 0 {
		return b.errorf(PosAt(b.data, int(expr.Raw.Offset)), "empty key")
	}
	at := parts[0].pos
	for _, k := range parts[:len(parts)-1] {
		next := b.get(t, k.key)
		switch {
		case next == nil:
			next = newTable(k.pos)
			b.add(t, k, next, dottedTable)
		case b.how[next] != dottedTable:
			return b.errorf(at, "key %s is already defined", k.key)
		}
		t = next
	}
	last := parts[len(parts)-1]
	if b.get(t, last.key) != nil {
		return b.errorf(at, "key %s is already defined", last.key)
	}
	v, err := b.value(expr.Value(), Pos{Line: at.Line}, depth)
	if err != nil {
		return err
	}
	b.add(t, last, v, value)
	return nil
}

// value builds the value of node n; at is where a value without a range of
// its own is taken to be.
func (b *tomlBuilder) value(n *unstable.Node, at Pos, depth int) (*Value, error) {
	if n == nil {
		return nil, b.errorf(at, "missing value")
	}
	if p := b.pos(n); p.Line > 0 {
		at = p
	}
	switch n.Kind {
	case unstable.String:
		return &Value{Kind: String, Pos: at, Text: string(n.Data)}, nil
	case unstable.Bool:
		return &Value{Kind: Bool, Pos: at, Text: string(n.Data)}, nil
	case unstable.Integer, unstable.Float, unstable.LocalDate, unstable.LocalTime, unstable.LocalDateTime, unstable.DateTime:
		if err := b.checkScalar(n, at); err != nil {
			return nil, err
		}
		k := Number
		if n.Kind != unstable.Integer && n.Kind != unstable.Float {
			k = DateTime
		}
		return &Value{Kind: k, Pos: at, Text: string(n.Data)}, nil
	}
	if depth >= MaxDepth {
		return nil, &Error{File: b.file, Pos: at, Err: errDepth()}
	}
	switch n.Kind {
	case unstable.Array:
		v := &Value{Kind: Array, Pos: at}
		next := Pos{Line: at.Line}
		it := n.Children()
		for it.Next() {
			c := it.Node()
			if c.Kind == unstable.Comment {
				continue
			}
			x, err := b.value(c, next, depth+1)
			if err != nil {
				return nil, err
			}
			v.Elems = append(v.Elems, x)
			next = Pos{Line: x.Pos.Line}
		}
		return v, nil
	case unstable.InlineTable:
		t := newTable(at)
		it := n.Children()
		for it.Next() {
			c := it.Node()
			if c.Kind != unstable.KeyValue {
				continue
			}
			if err := b.keyValue(t, c, depth+1); err != nil {
				return nil, err
			}
		}
		return t, nil
	}
	return nil, b.errorf(at, "unexpected %s", n.Kind)
}

// checkScalar has go-toml's decoder convert a number or date-time on its
// own, which the parser only scans: an integer that overflows or a 30th of
// February is an error there and must be one here.
func (b *tomlBuilder) checkScalar(n *unstable.Node, at Pos) error {
	var v struct{ V any }
	err := toml.Unmarshal([]byte("V = "+string(n.Data)), &v)
	var de *toml.DecodeError
	if errors.As(err, &de) {
		return &Error{File: b.file, Pos: at, Err: errors.New("toml: " + strings.TrimPrefix(de.Error(), "toml: "))}
	}
	if err != nil {
		return &Error{File: b.file, Pos: at, Err: err}
	}
	return nil
}
