package audit

import (
	"bytes"
	"strings"
	"testing"
)

// FuzzParseSelectors checks that every --fail-on value either parses into
// selectors that print back as accepted values, or fails with the flag's
// "unknown value" message.
func FuzzParseSelectors(f *testing.F) {
	for _, s := range []string{DefaultFailOn, "none", "hidden", "phantom, bloat", "dev:test-runner", "x", "", ",", "hidden:", ":undeclared"} {
		f.Add(s)
	}
	valid := map[string]bool{}
	for _, v := range SelectorValues() {
		valid[v] = true
	}
	f.Fuzz(func(t *testing.T, s string) {
		sel, err := ParseSelectors(s)
		if err != nil {
			if !strings.HasPrefix(err.Error(), "unknown value ") {
				t.Fatalf("ParseSelectors(%q): unexpected error %v", s, err)
			}
			return
		}
		for _, x := range sel {
			if !valid[x.String()] {
				t.Fatalf("ParseSelectors(%q) gave %q", s, x)
			}
		}
	})
}

// FuzzReadReport checks that reading arbitrary bytes as a report never
// panics, and that a report it accepts survives a write and a second read.
func FuzzReadReport(f *testing.F) {
	f.Add([]byte(`{"schemaVersion":1,"tool":{"name":"envaudit","version":"x"},"ecosystems":[]}`))
	f.Add([]byte(`{"schemaVersion":1,"ecosystems":[{"name":"npm","declared":[{"name":"a","scope":"runtime","location":{"file":"package.json","line":3}}],"findings":[{"kind":"phantom","reason":"unused","package":"a","severity":"warning","message":"m"}],"metrics":{"precision":1}}]}`))
	f.Add([]byte(`{"schemaVersion":2}`))
	f.Add([]byte("{\n\"schemaVersion\": }"))
	f.Fuzz(func(t *testing.T, data []byte) {
		r, err := ReadReport(bytes.NewReader(data), "r.json")
		if err != nil {
			if !strings.HasPrefix(err.Error(), "r.json") {
				t.Fatalf("error does not name the file: %v", err)
			}
			return
		}
		var b bytes.Buffer
		if err := r.WriteJSON(&b); err != nil {
			t.Fatal(err)
		}
		if _, err := ReadReport(&b, "again.json"); err != nil {
			t.Fatalf("report written from an accepted report does not read back: %v", err)
		}
		for _, w := range []func(*bytes.Buffer) error{
			func(b *bytes.Buffer) error { return r.WriteText(b) },
			func(b *bytes.Buffer) error { return r.WriteMarkdown(b) },
		} {
			if err := w(&bytes.Buffer{}); err != nil {
				t.Fatal(err)
			}
		}
	})
}
