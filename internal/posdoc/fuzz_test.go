package posdoc

import (
	"bytes"
	"encoding/json"
	"errors"
	"strings"
	"testing"

	toml "github.com/pelletier/go-toml/v2"
)

// byteAt returns the byte at a position of data, or false when the
// position is not in data.
func byteAt(data []byte, p Pos) (byte, bool) {
	off := 0
	for l := 1; l < p.Line; l++ {
		i := bytes.IndexByte(data[off:], '\n')
		if i < 0 {
			return 0, false
		}
		off += i + 1
	}
	off += p.Col - 1
	if p.Col < 1 || off >= len(data) {
		return 0, false
	}
	return data[off], true
}

// checkError fails unless err is an *Error of file on a line of data.
func checkError(t *testing.T, err error, file string, data []byte) {
	t.Helper()
	var pe *Error
	if !errors.As(err, &pe) {
		t.Fatalf("error %v (%T) is not an *Error", err, err)
	}
	if lines := bytes.Count(data, []byte("\n")) + 1; pe.File != file || pe.Pos.Line < 0 || pe.Pos.Line > lines {
		t.Fatalf("error %v at %+v, outside %q of %d lines", err, pe.Pos, file, lines)
	}
}

// walk calls f for every value and member of the tree.
func walk(v *Value, f func(v *Value, m *Member)) {
	f(v, nil)
	for _, e := range v.Elems {
		walk(e, f)
	}
	for _, m := range v.Members {
		f(nil, m)
		walk(m.Value, f)
	}
}

// FuzzParseJSON checks that ParseJSON accepts exactly the valid JSON
// documents (nested within MaxDepth), and that every key's and value's
// position is the byte that starts it.
func FuzzParseJSON(f *testing.F) {
	f.Add([]byte("{\"name\": \"x\",\n \"dependencies\": {\"a\": \"^1\"},\n \"workspaces\": [\"p/*\"]}\n"))
	f.Add([]byte(`[1, -2.5e3, true, false, null, "\u00e9\"", {}]`))
	f.Add([]byte("{\"a\":\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		v, err := ParseJSON("f.json", data)
		if err != nil {
			checkError(t, err, "f.json", data)
			if json.Valid(data) && !strings.Contains(err.Error(), "nested more than") {
				t.Fatalf("valid JSON refused: %v", err)
			}
			return
		}
		if !json.Valid(data) {
			t.Fatalf("invalid JSON accepted")
		}
		walk(v, func(v *Value, m *Member) {
			var p Pos
			want := ""
			switch {
			case m != nil:
				p, want = m.Pos, `"`
			case v.Kind == String:
				p, want = v.Pos, `"`
			case v.Kind == Object:
				p, want = v.Pos, "{"
			case v.Kind == Array:
				p, want = v.Pos, "["
			default:
				p, want = v.Pos, v.Text[:1]
			}
			b, ok := byteAt(data, p)
			if !ok || string(b) != want {
				t.Fatalf("value %+v / member %+v at %+v: byte %q, want %q", v, m, p, b, want)
			}
		})
	})
}

// FuzzParseTOML checks that ParseTOML accepts what go-toml's decoder
// accepts, refuses the rest with the decoder's first error at the same
// line, and positions every key and value on a line of the document.
func FuzzParseTOML(f *testing.F) {
	f.Add([]byte("[package]\nname = \"app\"\n[dependencies]\nserde = { version = \"1\", optional = true }\n[target.'cfg(unix)'.dependencies]\nlibc = \"0.2\"\n"))
	f.Add([]byte("[project]\ndependencies = [\n 'a',\n 'b>=1; os_name==\"x\"',\n]\n[dependency-groups]\nx = [{include-group = 'x'}]\n"))
	f.Add([]byte("version = 3\n[[package]]\nname = \"a\"\nversion = \"1.0.0\"\ndependencies = [\"b\"]\n"))
	f.Add([]byte("a.b.c = 1979-05-27T07:32:00Z\n[a]\nd = [[1], [2.5]]\n"))
	f.Add([]byte("[a]\nb.c = 1\n[a.b.d]\n[[x]]\n[x.y]\n[[x]]\n[x.y]\ni = {j.k = 1, j.l = 0x_ff}\n[i]\n"))
	f.Add([]byte("a = []\n[[a]]\nb = 1\nb = 2\n[t]\n[t]\nd = 1979-02-30\nn = 99999999999999999999\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		v, err := ParseTOML("f.toml", data)
		var m map[string]any
		derr := toml.Unmarshal(data, &m)
		if err != nil && strings.Contains(err.Error(), "nested more than") {
			checkError(t, err, "f.toml", data)
			return
		}
		if (err == nil) != (derr == nil) {
			t.Fatalf("ParseTOML error %v, go-toml's decoder error %v", err, derr)
		}
		if err != nil {
			checkError(t, err, "f.toml", data)
			var de *toml.DecodeError
			var pe *Error
			if errors.As(derr, &de) && errors.As(err, &pe) {
				if row, _ := de.Position(); row != pe.Pos.Line || de.Error() != pe.Err.Error() {
					t.Fatalf("ParseTOML error %v at %+v, go-toml's decoder error %v at line %d", err, pe.Pos, derr, row)
				}
			}
			return
		}
		lines := bytes.Count(data, []byte("\n")) + 1
		walk(v, func(v *Value, m *Member) {
			var p Pos
			if v != nil {
				p = v.Pos
			} else {
				p = m.Pos
			}
			if p.Line < 1 || p.Line > lines {
				t.Fatalf("value %+v / member %+v at %+v, outside %d lines", v, m, p, lines)
			}
		})
	})
}
