package bundle

import (
	"bytes"
	"encoding/json"
	"fmt"

	"github.com/envaudit/envaudit/audit"
	"github.com/envaudit/envaudit/internal/inert"
)

// multilineKeys are the report's fields whose strings are prose and may
// hold line breaks (Validate's prose): a warning, a finding's message,
// the evidence of a traced layer, why a package was excluded, a word of
// the command. Every other string is one line.
var multilineKeys = map[string]bool{"warnings": true, "message": true, "evidence": true, "why": true, "command": true}

// Inert returns a copy of r in which every string has passed inert: a
// one-line string (a name, a version, a path) through inert.Line, prose
// through inert.Text, which keeps its line breaks and tabs. A control,
// bidirectional or zero-width character becomes its visible escape (a
// C0 control its control picture, U+240A "␊" for a line feed; another
// "<U+202E>"), and each byte of invalid UTF-8 U+FFFD. It also returns how
// many it replaced. A package name may hold a line break (a JSON
// manifest's key can) or a right-to-left override, and the bundle must
// still be written, so that the rest of the audit is published; the
// escape keeps the name recognisable and inert wherever it is shown. r
// itself is not changed.
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

// InertNotes returns notes, each passed through inert.Text, for the
// bundle's notes.
func InertNotes(notes []string) []string {
	var out []string
	for _, n := range notes {
		out = append(out, inert.Text(n))
	}
	return out
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

// inertValue passes every string of v through inert; multiline says v is
// the value of one of multilineKeys (or an element of such a list).
func inertValue(v any, multiline bool, n *int) any {
	switch x := v.(type) {
	case string:
		*n += inert.Count(x, multiline)
		if multiline {
			return inert.Text(x)
		}
		return inert.Line(x)
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
