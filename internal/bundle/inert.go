package bundle

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strings"

	"github.com/envaudit/envaudit/audit"
)

// multilineKeys are the report's fields whose strings may hold line
// breaks (Validate's multiline texts): a warning, a finding's message, the
// evidence of a traced layer, why a package was excluded, a word of the
// command. Every other string is one line.
var multilineKeys = map[string]bool{"warnings": true, "message": true, "evidence": true, "why": true, "command": true}

// Inert returns a copy of r in which every character Validate refuses in
// a string (a control character; a line break outside a multiline field)
// is replaced by a visible stand-in: a C0 control by its control picture
// (U+240A for a line feed), DEL by U+2421, any other, and each byte of
// invalid UTF-8, by U+FFFD. It also
// returns how many it replaced. A package name may hold a line break (a
// JSON manifest's key can), and the bundle must still be written, so
// that the rest of the audit is published; the stand-in keeps the name
// recognisable and inert wherever it is shown. r itself is not changed.
func Inert(r *audit.Report) (*audit.Report, int, error) {
	data, err := json.Marshal(r)
	if err != nil {
		return nil, 0, err
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	var doc any
	if err := dec.Decode(&doc); err != nil {
		return nil, 0, err
	}
	// encoding/json writes each byte of invalid UTF-8 as the escape
	// \ufffd (a valid U+FFFD it writes as it is): those are replaced too.
	n := invalidBytes(data)
	doc = inertValue(doc, false, &n)
	if n == 0 {
		return r, 0, nil
	}
	if data, err = json.Marshal(doc); err != nil {
		return nil, 0, err
	}
	var out audit.Report
	if err := json.Unmarshal(data, &out); err != nil {
		return nil, 0, fmt.Errorf("the report made inert does not decode: %w", err)
	}
	return &out, n, nil
}

// invalidBytes counts the escapes \ufffd in JSON text data: each a
// backslash not itself escaped (an odd run of them) before "ufffd".
func invalidBytes(data []byte) int {
	n := 0
	for i := 0; ; {
		j := bytes.Index(data[i:], []byte(`\ufffd`))
		if j < 0 {
			return n
		}
		j += i
		run := 0
		for k := j; k >= 0 && data[k] == '\\'; k-- {
			run++
		}
		if run%2 == 1 {
			n++
		}
		i = j + len(`\ufffd`)
	}
}

// inertValue replaces the refused characters in every string of v;
// multiline says v is the value of one of multilineKeys (or an element of
// such a list).
func inertValue(v any, multiline bool, n *int) any {
	switch x := v.(type) {
	case string:
		return inertString(x, multiline, n)
	case []any:
		for i := range x {
			x[i] = inertValue(x[i], multiline, n)
		}
	case map[string]any:
		for k, e := range x {
			x[k] = inertValue(e, multilineKeys[k], n)
		}
	}
	return v
}

func inertString(s string, multiline bool, n *int) string {
	if !strings.ContainsFunc(s, func(r rune) bool { return refused(r, multiline) }) {
		return s
	}
	var b strings.Builder
	for _, r := range s {
		switch {
		case !refused(r, multiline):
			b.WriteRune(r)
			continue
		case r < 0x20:
			b.WriteRune(0x2400 + r)
		case r == 0x7f:
			b.WriteRune('\u2421')
		default:
			b.WriteRune('\ufffd')
		}
		*n++
	}
	return b.String()
}

// refused says whether Validate refuses r in a string (text's rule).
func refused(r rune, multiline bool) bool {
	if r == '\n' && multiline {
		return false
	}
	return r < 0x20 || r == 0x7f || (r >= 0x80 && r < 0xa0) || r == '\u2028' || r == '\u2029'
}
