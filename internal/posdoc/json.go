package posdoc

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
)

// ParseJSON parses the JSON document data of file into a tree of
// positioned values. A syntax error is an *Error at the offending byte with
// encoding/json's description of it; so is an array or object nested more
// than MaxDepth levels deep. A byte order mark is an error, as it is to
// encoding/json: callers whose tools accept one strip it first.
func ParseJSON(file string, data []byte) (*Value, error) {
	var raw json.RawMessage
	if err := json.Unmarshal(data, &raw); err != nil {
		if p, ok := JSONErrorPos(data, err); ok {
			return nil, &Error{File: file, Pos: p, Err: err}
		}
		return nil, &Error{File: file, Pos: Pos{Line: 1, Col: 1}, Err: err}
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	w := &jsonWalker{file: file, data: data, dec: dec, cur: newCursor(data)}
	v, err := w.value(0)
	if err != nil {
		var pe *Error
		if errors.As(err, &pe) {
			return nil, err
		}
		// Unreachable for a document json.Unmarshal accepted; kept so a
		// disagreement between the two is an error, not a panic.
		return nil, &Error{File: file, Pos: w.cur.pos(int(dec.InputOffset())), Err: err}
	}
	return v, nil
}

// JSONErrorPos returns the position of the byte an encoding/json decoding
// error of data points at: the offending byte of a *json.SyntaxError, the
// end of the value of a *json.UnmarshalTypeError. It reports false for
// other errors.
func JSONErrorPos(data []byte, err error) (Pos, bool) {
	var se *json.SyntaxError
	var te *json.UnmarshalTypeError
	switch {
	case errors.As(err, &se):
		// Offset counts the bytes read, the offending one included.
		return PosAt(data, int(se.Offset)-1), true
	case errors.As(err, &te):
		return PosAt(data, int(te.Offset)-1), true
	}
	return Pos{}, false
}

type jsonWalker struct {
	file string
	data []byte
	dec  *json.Decoder
	cur  *cursor
}

// start returns the offset of the next token: the decoder stands at the end
// of the previous one, before any white space, comma or colon.
func (w *jsonWalker) start() int {
	off := int(w.dec.InputOffset())
	for off < len(w.data) {
		switch w.data[off] {
		case ' ', '\t', '\r', '\n', ',', ':':
			off++
			continue
		}
		break
	}
	return off
}

func (w *jsonWalker) value(depth int) (*Value, error) {
	at := w.start()
	tok, err := w.dec.Token()
	if err == io.EOF {
		return nil, io.ErrUnexpectedEOF
	}
	if err != nil {
		return nil, err
	}
	v := &Value{Pos: w.cur.pos(at)}
	switch t := tok.(type) {
	case json.Delim:
		if depth >= MaxDepth {
			return nil, &Error{File: w.file, Pos: v.Pos, Err: errDepth()}
		}
		switch t {
		case '{':
			v.Kind = Object
			for w.dec.More() {
				at := w.start()
				tok, err := w.dec.Token()
				if err != nil {
					return nil, err
				}
				key, ok := tok.(string)
				if !ok {
					return nil, fmt.Errorf("object key is %v", tok)
				}
				m := &Member{Key: key, Pos: w.cur.pos(at)}
				if m.Value, err = w.value(depth + 1); err != nil {
					return nil, err
				}
				v.Members = append(v.Members, m)
			}
		case '[':
			v.Kind = Array
			for w.dec.More() {
				e, err := w.value(depth + 1)
				if err != nil {
					return nil, err
				}
				v.Elems = append(v.Elems, e)
			}
		default:
			return nil, fmt.Errorf("unexpected %v", t)
		}
		if _, err := w.dec.Token(); err != nil { // the closing delimiter
			return nil, err
		}
	case string:
		v.Kind, v.Text = String, t
	case json.Number:
		v.Kind, v.Text = Number, string(t)
	case bool:
		v.Kind, v.Text = Bool, fmt.Sprint(t)
	case nil:
		v.Kind, v.Text = Null, "null"
	}
	return v, nil
}
