// Package markdown owns making project-controlled text inert in the
// GitHub-flavoured Markdown envaudit writes (the report's Markdown
// rendering, the job summary, pull-request comments): a package name, a
// manifest path, a finding's message or a warning comes from the project
// under review, which may be a pull request written to abuse the summary.
//
// Such a value must render as the text it is, never as a link, an image,
// an @mention or a cross-reference (which notify people and repositories),
// an HTML tag, or a line break that ends the table row or the code span it
// stands in. Text is for values in running text and table cells, Code for
// values inside a code span; both keep a value on one line and leave
// emphasis (* and _) alone, which cannot reach outside its cell. Both
// first pass the value through package inert, as every string envaudit
// shows does: a control, bidirectional or zero-width character in it is
// shown as a visible escape.
package markdown

import (
	"strings"
	"unicode/utf8"

	"github.com/envaudit/envaudit/internal/inert"
)

// wordJoiner (U+2060) is an invisible character that breaks a pattern
// GitHub recognises without changing what a reader sees: between @ and a
// login, between # and an issue number, and inside "://" and "www.".
const wordJoiner = "\u2060"

// Text returns s as inert inline Markdown text, fit for a table cell:
// every run of white space (line endings among them) becomes one space,
// and every other control, bidirectional or zero-width character its
// visible escape (inert.Line);
// backslashes, pipes and brackets are backslash-escaped, so no escape of
// the value's own can undo one of ours, no pipe ends the cell and no
// bracket opens a link, an image or a link reference definition; angle
// brackets, and an ampersand that could start an entity, become character
// references, so neither a tag nor an entity survives; a backtick becomes an apostrophe, so no code
// span opens; and a word joiner follows @ and a # before a digit, and
// splits "://" and "www.", so GitHub makes no mention, cross-reference or
// autolink of them.
func Text(s string) string {
	s = inert.Line(strings.Join(strings.Fields(s), " "))
	var b strings.Builder
	b.Grow(len(s))
	for i := 0; i < len(s); {
		r, size := utf8.DecodeRuneInString(s[i:])
		rest := s[i+size:]
		switch {
		case r == '\\' || r == '|' || r == '[' || r == ']':
			b.WriteByte('\\')
			b.WriteRune(r)
		case r == '<':
			b.WriteString("&lt;")
		case r == '>':
			b.WriteString("&gt;")
		case r == '&' && rest != "" && (rest[0] == '#' || isLetter(rest[0])):
			b.WriteString("&amp;")
		case r == '`':
			b.WriteByte('\'')
		case r == '@':
			b.WriteString("@" + wordJoiner)
		case r == '#' && rest != "" && rest[0] >= '0' && rest[0] <= '9':
			b.WriteString("#" + wordJoiner)
		case r == ':' && strings.HasPrefix(rest, "//"):
			b.WriteString(":" + wordJoiner)
		case (r == 'w' || r == 'W') && len(rest) >= 3 && strings.EqualFold(rest[:3], "ww.") && wordStart(s[:i]):
			b.WriteString(s[i:i+3] + wordJoiner)
			size = 3
		default:
			b.WriteString(s[i : i+size])
		}
		i += size
	}
	return b.String()
}

func isLetter(c byte) bool { return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' }

// wordStart reports whether a word starts after before: GitHub links
// "www." only there.
func wordStart(before string) bool {
	if before == "" {
		return true
	}
	r, _ := utf8.DecodeLastRuneInString(before)
	return !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || r == '_' || r == '-' || r == '.')
}

// Code returns s fit to stand between backticks in a code span, in a
// table cell or in running text. Inside a code span Markdown makes no
// link, mention or tag, so only what could end the span or the row is
// changed: a backtick becomes an apostrophe, each line ending and tab a
// space, every other control, bidirectional or zero-width character its
// visible escape (inert.Line), and
// a pipe is escaped as GitHub's tables want even inside code (a backslash
// right before it is doubled, so it cannot take the escape for itself).
// GitHub shows an escaped pipe as a pipe in a table and as \| elsewhere.
func Code(s string) string {
	s = inert.Line(strings.NewReplacer("\r\n", " ", "\r", " ", "\n", " ", "\t", " ", "`", "'").Replace(s))
	if !strings.Contains(s, "|") {
		return s
	}
	var b strings.Builder
	run := 0 // backslashes just written
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c == '|' {
			b.WriteString(strings.Repeat(`\`, run)) // each one doubled
			b.WriteString(`\|`)
			run = 0
			continue
		}
		b.WriteByte(c)
		if c == '\\' {
			run++
		} else {
			run = 0
		}
	}
	return b.String()
}
