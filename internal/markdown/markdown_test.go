package markdown

import (
	"regexp"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/envaudit/envaudit/internal/inert"
)

const wj = wordJoiner

func TestText(t *testing.T) {
	tests := []struct{ name, in, want string }{
		{"plain", "declared in package.json:7, never loaded", "declared in package.json:7, never loaded"},
		{"emphasisKept", "typing_extensions *is* used", "typing_extensions *is* used"},
		{"newlines", "one\r\ntwo\nthree\rfour\tfive  six", "one two three four five six"},
		{"pipe", "a|b", `a\|b`},
		{"backslashBeforePipe", `a\|b`, `a\\\|b`},
		{"link", "[click](https://evil.example)", `\[click\](https:` + wj + `//evil.example)`},
		{"image", "![x](y)", `!\[x\](y)`},
		{"referenceDefinition", "[x]: https://evil.example", `\[x\]: https:` + wj + `//evil.example`},
		{"html", "<img src=x onerror=alert(1)>", "&lt;img src=x onerror=alert(1)&gt;"},
		{"autolink", "<https://evil.example>", "&lt;https:" + wj + "//evil.example&gt;"},
		{"ampersand", "npm ci && npm test & echo", "npm ci && npm test & echo"},
		{"entity", "&lt;b&gt; &#64;octocat", "&amp;lt;b&amp;gt; &amp;#" + wj + "64;octocat"},
		{"mention", "ask @octocat or @org/team", "ask @" + wj + "octocat or @" + wj + "org/team"},
		{"scopedPackage", "@types/node is never loaded", "@" + wj + "types/node is never loaded"},
		{"email", "mail a@example.com", "mail a@" + wj + "example.com"},
		{"crossReference", "fixes #12 and #x", "fixes #" + wj + "12 and #x"},
		{"www", "see www.example.com and WWW.x.org, not awww.b", "see www" + wj + ".example.com and WWW" + wj + ".x.org, not awww.b"},
		{"backtick", "use `x`", "use 'x'"},
		{"bidi", "evil\u202Esj.exe", "evil&lt;U+202E&gt;sj.exe"},
		{"zeroWidth", "lo\u200bdash", "lo&lt;U+200B&gt;dash"},
		{"escapeSequence", "\x1b[31mred", "␛\\[31mred"},
		{"empty", "", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if diff := cmp.Diff(tt.want, Text(tt.in)); diff != "" {
				t.Errorf("Text(%q) (-want +got):\n%s", tt.in, diff)
			}
		})
	}
}

func TestCode(t *testing.T) {
	tests := []struct{ name, in, want string }{
		{"plain", "npm test", "npm test"},
		{"markupKept", "@types/node <b> [x](y) https://x", "@types/node <b> [x](y) https://x"},
		{"backtick", "a`b", "a'b"},
		{"newlines", "a\nb\r\nc\rd", "a b c d"},
		{"pipe", "a | b", `a \| b`},
		{"backslashBeforePipe", `a\|b`, `a\\\|b`},
		{"backslashes", `C:\dir\x`, `C:\dir\x`},
		{"tab", "a\tb", "a b"},
		{"bidi", "evil\u202Esj.exe", "evil<U+202E>sj.exe"},
		{"zeroWidth", "lo\u2060dash\ufeff", "lo<U+2060>dash<U+FEFF>"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if diff := cmp.Diff(tt.want, Code(tt.in)); diff != "" {
				t.Errorf("Code(%q) (-want +got):\n%s", tt.in, diff)
			}
		})
	}
}

// unescapedPipe is a pipe after an even number of backslashes: one that
// ends a table cell.
var unescapedPipe = regexp.MustCompile(`(?:^|[^\\])(?:\\\\)*\|`)

// FuzzText checks what Text promises for any input: one line, no pipe or
// bracket left unescaped, no tag, entity, code span, mention or autolink.
func FuzzText(f *testing.F) {
	for _, s := range []string{"a|b", `\|`, "[x](y)", "<b>", "@x", "#1", "http://x", "www.x", "&#64;", "`x`", "a\nb"} {
		f.Add(s)
	}
	unescapedBracket := regexp.MustCompile(`(?:^|[^\\])(?:\\\\)*[\[\]]`)
	entity := regexp.MustCompile(`^&[#A-Za-z]`)
	forbidden := regexp.MustCompile("[<>`\n\r]|@[A-Za-z0-9]|#[0-9]|://|(?i)(?:^|[^a-z0-9_.-])www\\.")
	f.Fuzz(func(t *testing.T, s string) {
		got := Text(s)
		if unescapedPipe.MatchString(got) || unescapedBracket.MatchString(got) || forbidden.MatchString(got) {
			t.Fatalf("Text(%q) = %q is not inert", s, got)
		}
		for i := strings.Index(got, "&"); i >= 0; i = next(got, i) {
			ref := got[i:]
			if entity.MatchString(ref) && !strings.HasPrefix(ref, "&amp;") && !strings.HasPrefix(ref, "&lt;") && !strings.HasPrefix(ref, "&gt;") {
				t.Fatalf("Text(%q) = %q leaves an entity", s, got)
			}
		}
		// The word joiners are Text's own; every other invisible
		// character is shown as an escape.
		if !inert.Is(strings.ReplaceAll(got, wordJoiner, ""), false) {
			t.Fatalf("Text(%q) = %q keeps a control, bidirectional or zero-width character", s, got)
		}
	})
}

// FuzzCode checks that Code's result cannot end a code span or a table
// row.
func FuzzCode(f *testing.F) {
	for _, s := range []string{"a|b", `\|`, `\\|`, "`", "a\nb"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		got := Code(s)
		if unescapedPipe.MatchString(got) || strings.ContainsAny(got, "`\n\r") {
			t.Fatalf("Code(%q) = %q can end its span or row", s, got)
		}
		if !inert.Is(got, false) {
			t.Fatalf("Code(%q) = %q keeps a control, bidirectional or zero-width character", s, got)
		}
	})
}

// next returns the index of the next ampersand after the one at i, or -1.
func next(s string, i int) int {
	j := strings.Index(s[i+1:], "&")
	if j < 0 {
		return -1
	}
	return i + 1 + j
}
