package inert

import (
	"strings"
	"testing"
	"unicode"
	"unicode/utf8"

	"github.com/google/go-cmp/cmp"
)

func TestLineAndText(t *testing.T) {
	tests := []struct {
		name, in, line, text string
	}{
		{name: "plain", in: "lodash 4.17.21 app/index.js:3", line: "lodash 4.17.21 app/index.js:3", text: "lodash 4.17.21 app/index.js:3"},
		{name: "nonASCII", in: "café ünïcode 日本 ⚠ 🙂", line: "café ünïcode 日本 ⚠ 🙂", text: "café ünïcode 日本 ⚠ 🙂"},
		{name: "lineBreaks", in: "one\ntwo\r\nthree", line: "one␊two␍␊three", text: "one\ntwo␍\nthree"},
		{name: "tab", in: "a\tb", line: "a␉b", text: "a\tb"},
		{name: "escapeSequence", in: "\x1b[31mred\x1b[0m", line: "␛[31mred␛[0m", text: "␛[31mred␛[0m"},
		{name: "nul", in: "a\x00b", line: "a␀b", text: "a␀b"},
		{name: "del", in: "a\x7fb", line: "a␡b", text: "a␡b"},
		{name: "c1", in: "a\u0085b\u009bc", line: "a<U+0085>b<U+009B>c", text: "a<U+0085>b<U+009B>c"},
		{name: "rightToLeftOverride", in: "evil\u202Esj.exe", line: "evil<U+202E>sj.exe", text: "evil<U+202E>sj.exe"},
		{name: "isolates", in: "\u2066a\u2067b\u2068c\u2069", line: "<U+2066>a<U+2067>b<U+2068>c<U+2069>", text: "<U+2066>a<U+2067>b<U+2068>c<U+2069>"},
		{name: "marks", in: "\u200e\u200f\u061c", line: "<U+200E><U+200F><U+061C>", text: "<U+200E><U+200F><U+061C>"},
		{name: "zeroWidth", in: "lo\u200bdash\u200c\u200d\u2060\ufeff", line: "lo<U+200B>dash<U+200C><U+200D><U+2060><U+FEFF>", text: "lo<U+200B>dash<U+200C><U+200D><U+2060><U+FEFF>"},
		{name: "tagCharacters", in: "x\U000E0041\U000E007F", line: "x<U+E0041><U+E007F>", text: "x<U+E0041><U+E007F>"},
		{name: "separators", in: "a\u2028b\u2029c", line: "a<U+2028>b<U+2029>c", text: "a<U+2028>b<U+2029>c"},
		{name: "invalidUTF8", in: "a\xffb\xc3", line: "a\ufffdb\ufffd", text: "a\ufffdb\ufffd"},
		{name: "replacementCharacterKept", in: "a\ufffdb", line: "a\ufffdb", text: "a\ufffdb"},
		{name: "empty"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if diff := cmp.Diff(tt.line, Line(tt.in)); diff != "" {
				t.Errorf("Line(%q) (-want +got):\n%s", tt.in, diff)
			}
			if diff := cmp.Diff(tt.text, Text(tt.in)); diff != "" {
				t.Errorf("Text(%q) (-want +got):\n%s", tt.in, diff)
			}
			if got, want := Is(tt.in, false), tt.line == tt.in; got != want {
				t.Errorf("Is(%q, false) = %v, want %v", tt.in, got, want)
			}
			if got, want := Is(tt.in, true), tt.text == tt.in; got != want {
				t.Errorf("Is(%q, true) = %v, want %v", tt.in, got, want)
			}
		})
	}
}

func TestCount(t *testing.T) {
	tests := []struct {
		in              string
		line, multiline int
	}{
		{"plain", 0, 0},
		{"a\nb\tc", 2, 0},
		{"\u202e\xff\ufffd", 2, 2},
	}
	for _, tt := range tests {
		if got := Count(tt.in, false); got != tt.line {
			t.Errorf("Count(%q, false) = %d, want %d", tt.in, got, tt.line)
		}
		if got := Count(tt.in, true); got != tt.multiline {
			t.Errorf("Count(%q, true) = %d, want %d", tt.in, got, tt.multiline)
		}
	}
}

// FuzzLine checks what Line and Text promise for any input: valid UTF-8,
// no character they escape left (Text keeping line feeds and tabs),
// unchanged on a second pass, and the input back when nothing needed an
// escape.
func FuzzLine(f *testing.F) {
	for _, s := range []string{"", "plain", "a\nb", "\u202e", "\xff", "\x1b[0m", "\u2028", "<U+202E>", "\U000E0001"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		for _, multiline := range []bool{false, true} {
			got := escape(s, multiline)
			if !utf8.ValidString(got) {
				t.Fatalf("escape(%q, %v) = %q is not valid UTF-8", s, multiline, got)
			}
			for _, r := range got {
				if Escaped(r, multiline) {
					t.Fatalf("escape(%q, %v) = %q keeps %U", s, multiline, got, r)
				}
				if !multiline && (r == '\n' || unicode.IsControl(r)) {
					t.Fatalf("Line(%q) = %q is not one line", s, got)
				}
			}
			if again := escape(got, multiline); again != got {
				t.Fatalf("escape is not idempotent on %q: %q, then %q", s, got, again)
			}
			if Is(s, multiline) != (got == s) {
				t.Fatalf("Is(%q, %v) = %v, but escape gives %q", s, multiline, Is(s, multiline), got)
			}
			if Is(s, multiline) && strings.Compare(got, s) != 0 {
				t.Fatalf("escape changed %q, which needs no escape", s)
			}
		}
	})
}
