package bundle

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/envaudit/envaudit/ecosystems"
)

// TestInert gives the example report a package whose name holds a line
// break and a tab wherever the name is used (declared, installed,
// traced, the findings), and a message with a line break, which it may
// hold: the inert copy validates, each refused character is its control
// picture, the message keeps its line break, nothing else changes, and
// the original report is left as it was.
func TestInert(t *testing.T) {
	b := example(t)
	r := b.Report
	e := &r.Ecosystems[0]
	old := e.Findings[0].Package
	const hostile, shown = "evil\npkg\t|", "evil␊pkg␉|"
	replaced := 0
	rename := func(s *string) {
		if *s == old {
			*s = hostile
			replaced += 2
		}
	}
	for i := range e.Declared {
		rename(&e.Declared[i].Name)
	}
	for i := range e.Installed {
		rename(&e.Installed[i].Name)
	}
	for i := range e.Traced {
		rename(&e.Traced[i].Name)
	}
	for i := range e.Findings {
		rename(&e.Findings[i].Package)
	}
	e.Findings[0].Message = "line one\nline two"
	before, err := json.Marshal(r)
	if err != nil {
		t.Fatal(err)
	}
	if err := Validate(b); err == nil || !strings.Contains(err.Error(), "control character") {
		t.Fatalf("Validate of the hostile report: %v, want a control character refused", err)
	}

	inert, n, err := Inert(r)
	if err != nil {
		t.Fatal(err)
	}
	if n != replaced {
		t.Errorf("Inert replaced %d characters, want %d", n, replaced)
	}
	if err := Validate(New(inert, b.HeadSHA, b.Prefix, b.Failing)); err != nil {
		t.Errorf("the inert report does not validate: %v", err)
	}
	got, err := json.Marshal(inert)
	if err != nil {
		t.Fatal(err)
	}
	// The inert report is the hostile one with the name shown.
	hostileJSON, _ := json.Marshal(hostile)
	shownJSON, _ := json.Marshal(shown)
	want := strings.ReplaceAll(string(before), string(hostileJSON), string(shownJSON))
	if diff := cmp.Diff(want, string(got)); diff != "" {
		t.Errorf("inert report (-want +got):\n%s", diff)
	}
	after, _ := json.Marshal(r)
	if string(after) != string(before) {
		t.Errorf("Inert changed the report it was given")
	}

	// A report with nothing to replace is returned as it is.
	clean := example(t).Report
	if same, n, err := Inert(clean); err != nil || n != 0 || same != clean {
		t.Errorf("Inert of a clean report = %p, %d, %v; want the report itself, 0, nil", same, n, err)
	}
}

// FuzzInert puts any string where a name, a path and a message go: the
// inert copy always validates, unless a string is over its cap.
func FuzzInert(f *testing.F) {
	for _, s := range []string{"evil\npkg", "a\x00b", "\x7f\u2028\u0085", "ok", "\xff\xfe", "|`<>"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if s == "" || len(s) > 100 {
			return
		}
		b := example(t)
		e := &b.Report.Ecosystems[0]
		e.Warnings = append(e.Warnings, s)
		e.Findings[0].Message = s
		e.Excluded = append(e.Excluded, ecosystems.Excluded{Name: "x" + s, Why: s})
		inert, _, err := Inert(b.Report)
		if err != nil {
			t.Fatal(err)
		}
		if err := Validate(New(inert, b.HeadSHA, b.Prefix, b.Failing)); err != nil {
			t.Errorf("Inert(%q) does not validate: %v", s, err)
		}
	})
}

// TestInvalidBytes counts the escapes of invalid UTF-8 in JSON text, not
// an escaped backslash before the same letters.
func TestInvalidBytes(t *testing.T) {
	for _, tt := range []struct {
		name string
		s    string
		want int
	}{
		{name: "none", s: "ok", want: 0},
		{name: "invalid", s: "a\xffb\xfe", want: 2},
		{name: "literal", s: `\ufffd`, want: 0},
		{name: "validReplacementChar", s: "\ufffd", want: 0},
		{name: "literalThenInvalid", s: `\` + "\xff", want: 1},
	} {
		t.Run(tt.name, func(t *testing.T) {
			data, err := json.Marshal(tt.s)
			if err != nil {
				t.Fatal(err)
			}
			if got := invalidBytes(data); got != tt.want {
				t.Errorf("invalidBytes(%s) = %d, want %d", data, got, tt.want)
			}
		})
	}
}
