package npm

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"sort"

	"github.com/envaudit/envaudit/ecosystems"
)

// A node is one JSON value of a manifest with the line it starts on, so that
// declarations and type errors can be reported at their exact line.
type node struct {
	kind    kind
	str     string // string value, or a number's or literal's text
	line    int    // 1-based line of the value
	members []member
	elems   []*node
}

// A member is one key of a JSON object, with the line of the key.
type member struct {
	key  string
	line int
	off  int64 // byte offset of the key's end, to keep file order
	val  *node
}

type kind int

const (
	kindNull kind = iota
	kindBool
	kindNumber
	kindString
	kindArray
	kindObject
)

func (k kind) String() string {
	return [...]string{"null", "a boolean", "a number", "a string", "an array", "an object"}[k]
}

// get returns the value of key in an object, the last one when the key is
// repeated (as JSON.parse does), or nil.
func (n *node) get(key string) *node {
	if n == nil || n.kind != kindObject {
		return nil
	}
	for i := len(n.members) - 1; i >= 0; i-- {
		if n.members[i].key == key {
			return n.members[i].val
		}
	}
	return nil
}

// lines maps byte offsets of a file to 1-based line numbers.
type lines []int // offsets of each '\n'

func newLines(data []byte) lines {
	var l lines
	for i := 0; ; {
		j := bytes.IndexByte(data[i:], '\n')
		if j < 0 {
			return l
		}
		l = append(l, i+j)
		i += j + 1
	}
}

// at returns the line of the byte at offset off.
func (l lines) at(off int64) int {
	return sort.Search(len(l), func(i int) bool { return int64(l[i]) >= off }) + 1
}

// parseJSON parses a JSON document into nodes with line numbers. Syntax
// errors come back as *ecosystems.PosError values at the line of the
// offending byte, with encoding/json's description of it.
//
// The document is validated first with json.Unmarshal, whose syntax errors
// carry the exact offset, and only then walked token by token with a
// Decoder, whose InputOffset after each token gives the token's end: every
// key and scalar sits on a single line (JSON strings cannot contain raw
// newlines), so the line of its end is its line.
func parseJSON(file string, data []byte) (*node, error) {
	data = bytes.TrimPrefix(data, []byte("\xef\xbb\xbf")) // npm strips a byte order mark
	ln := newLines(data)
	var raw json.RawMessage
	if err := json.Unmarshal(data, &raw); err != nil {
		var se *json.SyntaxError
		if errors.As(err, &se) {
			off := se.Offset - 1
			if off < 0 {
				off = 0
			}
			return nil, ecosystems.Errorf(file, ln.at(off), "%v", se)
		}
		return nil, ecosystems.Errorf(file, 1, "%v", err)
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	p := &jsonParser{dec: dec, lines: ln}
	n, err := p.value()
	if err != nil {
		// Unreachable for a document json.Unmarshal accepted; kept so a
		// disagreement between the two is an error, not a panic.
		return nil, ecosystems.Errorf(file, ln.at(dec.InputOffset()), "%v", err)
	}
	return n, nil
}

type jsonParser struct {
	dec   *json.Decoder
	lines lines
}

func (p *jsonParser) line() int {
	off := p.dec.InputOffset() - 1
	if off < 0 {
		off = 0
	}
	return p.lines.at(off)
}

func (p *jsonParser) value() (*node, error) {
	tok, err := p.dec.Token()
	if err == io.EOF {
		return nil, io.ErrUnexpectedEOF
	}
	if err != nil {
		return nil, err
	}
	n := &node{line: p.line()}
	switch t := tok.(type) {
	case json.Delim:
		switch t {
		case '{':
			n.kind = kindObject
			for p.dec.More() {
				tok, err := p.dec.Token()
				if err != nil {
					return nil, err
				}
				key, ok := tok.(string)
				if !ok {
					return nil, fmt.Errorf("object key is %v", tok)
				}
				line, off := p.line(), p.dec.InputOffset()
				v, err := p.value()
				if err != nil {
					return nil, err
				}
				n.members = append(n.members, member{key: key, line: line, off: off, val: v})
			}
		case '[':
			n.kind = kindArray
			for p.dec.More() {
				v, err := p.value()
				if err != nil {
					return nil, err
				}
				n.elems = append(n.elems, v)
			}
		default:
			return nil, fmt.Errorf("unexpected %v", t)
		}
		if _, err := p.dec.Token(); err != nil { // the closing delimiter
			return nil, err
		}
	case string:
		n.kind, n.str = kindString, t
	case json.Number:
		n.kind, n.str = kindNumber, string(t)
	case bool:
		n.kind, n.str = kindBool, fmt.Sprint(t)
	case nil:
		n.kind, n.str = kindNull, "null"
	}
	return n, nil
}
