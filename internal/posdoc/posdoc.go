// Package posdoc owns the positioned reading of JSON and TOML documents:
// it parses a document into a tree of values that keep the line and column
// where each key and value is written, so that a manifest entry or a type
// error can be reported at its exact place as `file:line: message`.
//
// Both readers first check the whole document with the format's reference
// decoder (encoding/json, go-toml), whose errors carry the offending
// position, and only then walk it once to record positions. Each walk is
// linear in the size of its input: offsets only move forward, and lines are
// counted as they pass. Nesting deeper than MaxDepth is refused with a
// positioned error rather than followed, so a hostile document costs no more
// than its length.
//
// Decoding into Go structs stays the job of encoding/json; JSONErrorPos
// gives the position of such a decoder's error, so every JSON error in the
// project is positioned the same way.
package posdoc

import "fmt"

// MaxDepth is the deepest nesting of arrays, objects and inline tables the
// readers follow. Manifests nest two or three levels; anything near the
// limit is not a manifest.
const MaxDepth = 128

// Kind is the kind of a value, named as each format names it.
type Kind uint8

// The kinds of values. Object is a JSON object and Table a TOML table
// (a [header] table or an inline one); DateTime is TOML's date and time
// family.
const (
	Null Kind = iota
	Bool
	Number
	String
	DateTime
	Array
	Object
	Table
)

// String describes the kind for messages: "a string", "an object", "null".
func (k Kind) String() string {
	switch k {
	case Null:
		return "null"
	case Bool:
		return "a boolean"
	case Number:
		return "a number"
	case String:
		return "a string"
	case DateTime:
		return "a date-time"
	case Array:
		return "an array"
	case Object:
		return "an object"
	case Table:
		return "a table"
	}
	return fmt.Sprintf("kind %d", uint8(k))
}

// Pos is a position in a document: a 1-based line and a 1-based column
// counted in bytes. The zero Pos is unknown.
type Pos struct {
	Line int
	Col  int
}

// A Value is one value of a document with the position it starts at.
type Value struct {
	Kind Kind
	Pos  Pos
	// Text is a string's value, a number's or date-time's literal text, or
	// "true", "false" or "null".
	Text string
	// Elems are the elements of an array (for TOML, the tables of an array
	// of tables too), in document order.
	Elems []*Value
	// Members are the keys of an object or table in document order. A
	// JSON object may repeat a key; a TOML table never does.
	Members []*Member
}

// A Member is one key of an object or table.
type Member struct {
	Key string
	// Pos is where the key is first written: for a TOML table that a
	// header or a dotted key spells out, its first mention.
	Pos   Pos
	Value *Value
}

// Get returns the value of key in an object or table, or nil. For a key a
// JSON object repeats it is the last one, as JSON.parse keeps. Get on nil
// or on another kind returns nil, so lookups chain: v.Get("a").Get("b").
func (v *Value) Get(key string) *Value {
	if m := v.Member(key); m != nil {
		return m.Value
	}
	return nil
}

// Member returns the member of key in an object or table (the last one for
// a repeated JSON key), or nil.
func (v *Value) Member(key string) *Member {
	if v == nil || (v.Kind != Object && v.Kind != Table) {
		return nil
	}
	for i := len(v.Members) - 1; i >= 0; i-- {
		if v.Members[i].Key == key {
			return v.Members[i]
		}
	}
	return nil
}

// Lookup follows a path of keys from v and returns the value at its end,
// or nil when a step is missing or not a table or object.
func (v *Value) Lookup(path ...string) *Value {
	for _, k := range path {
		v = v.Get(k)
	}
	return v
}

// Error is a syntax error or an over-deep nesting at a position of a file.
// It prints as `file:line: message`, the form every envaudit error in a
// project file takes.
type Error struct {
	File string
	Pos  Pos
	Err  error
}

func (e *Error) Error() string {
	if e.Pos.Line > 0 {
		return fmt.Sprintf("%s:%d: %v", e.File, e.Pos.Line, e.Err)
	}
	return fmt.Sprintf("%s: %v", e.File, e.Err)
}

func (e *Error) Unwrap() error { return e.Err }

// errDepth is the message of a refused nesting.
func errDepth() error {
	return fmt.Errorf("nested more than %d levels deep", MaxDepth)
}
