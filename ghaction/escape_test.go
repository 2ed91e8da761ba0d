package ghaction

import (
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/sethvargo/go-githubactions"
)

func TestCommandEscaping(t *testing.T) {
	tests := []struct {
		name, in, data, property string
	}{
		{"plain", "requirements.txt:3", "requirements.txt:3", "requirements.txt%3A3"},
		{"newline", "x\n::error::forged", "x%0A::error::forged", "x␊%3A%3Aerror%3A%3Aforged"},
		{"crlf", "a\r\nb", "a␍%0Ab", "a␍␊b"},
		{"percent", "%0A, 100%", "%250A, 100%25", "%250A%2C 100%25"},
		{"bidi", "app/evil\u202Esj.json", "app/evil<U+202E>sj.json", "app/evil<U+202E>sj.json"},
		{"zeroWidth", "lo\u200bdash", "lo<U+200B>dash", "lo<U+200B>dash"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if diff := cmp.Diff(tt.data, CommandData(tt.in)); diff != "" {
				t.Errorf("CommandData (-want +got):\n%s", diff)
			}
			if diff := cmp.Diff(tt.property, CommandProperty(tt.in)); diff != "" {
				t.Errorf("CommandProperty (-want +got):\n%s", diff)
			}
		})
	}
}

// TestCommandWriter issues annotations whose message and properties hold
// a line break, a bidirectional control and a zero-width space through
// go-githubactions and CommandWriter: each command stays one line, the
// message's line break is the runner's %0A, and the invisible characters
// are their visible escapes.
func TestCommandWriter(t *testing.T) {
	var out strings.Builder
	gh := githubactions.New(githubactions.WithWriter(CommandWriter(&out)), githubactions.WithGetenv(func(string) string { return "" }))
	gh.WithFieldsMap(map[string]string{"file": "app/\u202Eevil.js", "title": "lo\u200bdash"}).Errorf("line one\nline two \u2066x\u2069")
	gh.Noticef("plain")
	want := "::error file=app/<U+202E>evil.js,title=lo<U+200B>dash::line one%0Aline two <U+2066>x<U+2069>\n::notice::plain\n"
	if diff := cmp.Diff(want, out.String()); diff != "" {
		t.Errorf("commands (-want +got):\n%s", diff)
	}
}
