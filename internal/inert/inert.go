// Package inert owns the one function every string envaudit did not write
// itself passes before it is shown: a package name, a file name, a
// finding's message, a tool's error output, a note of the audit job. It
// reaches the job summary, pull-request comments, check runs, workflow
// annotations and the publish bundle, and it comes from the project
// under review, which may be a pull request written to abuse them.
//
// Such a string must show as what it holds. A control character (a line
// break, an escape sequence) can end the line it stands on or start a
// workflow command; a bidirectional control (U+202E RIGHT-TO-LEFT
// OVERRIDE, the isolates) makes a name read backwards, so that
// "evil<U+202E>txt.js" shows as "eviltxt.js" reversed; a zero-width
// character (U+200B, U+2060, U+FEFF) makes two different names look
// the same. So each is replaced by a visible escape:
//
//   - a C0 control by its Unicode control picture (U+240A "␊" for a line
//     feed), DEL by U+2421 "␡", as a terminal shows them;
//   - any other control, format or separator character — the C1
//     controls, the bidirectional controls and marks, the zero-width
//     characters, the tag characters, the line and paragraph separators
//     (Unicode categories Cc, Cf, Zl and Zp) — by its code point between
//     angle brackets, "<U+202E>";
//   - each byte of invalid UTF-8 by U+FFFD "�".
//
// The escapes themselves are printable and pass again unchanged, so the
// function can be applied twice. Markup is not its concern: package
// markdown escapes for Markdown, package ghaction for workflow commands,
// each after this.
package inert

import (
	"fmt"
	"strings"
	"unicode"
	"unicode/utf8"
)

// Line returns s with every character Escaped replaces shown as its
// visible escape: one line, whatever s held.
func Line(s string) string { return escape(s, false) }

// Text returns s as Line does, except that line feeds and tabs are kept:
// prose (a message, an error a tool printed) may span lines, and where it
// is shown the renderer decides what a line break does.
func Text(s string) string { return escape(s, true) }

// Escaped reports whether Line (multiline false) or Text (multiline
// true) replaces the character r. (A byte of invalid UTF-8, which they
// replace too, is no character.)
func Escaped(r rune, multiline bool) bool {
	if multiline && (r == '\n' || r == '\t') {
		return false
	}
	return unicode.In(r, unicode.Cc, unicode.Cf, unicode.Zl, unicode.Zp)
}

// Is reports whether s passes Line (multiline false) or Text (multiline
// true) unchanged.
func Is(s string, multiline bool) bool { return Count(s, multiline) == 0 }

// Count returns how many characters (and bytes of invalid UTF-8) Line or
// Text replaces in s.
func Count(s string, multiline bool) int {
	n := 0
	for i := 0; i < len(s); {
		r, size := utf8.DecodeRuneInString(s[i:])
		if escapedAt(r, size, multiline) {
			n++
		}
		i += size
	}
	return n
}

// escapedAt is Escaped for the rune r of size bytes: U+FFFD written as
// itself (three bytes) is printable, a byte of invalid UTF-8 (size 1) is
// not.
func escapedAt(r rune, size int, multiline bool) bool {
	if r == utf8.RuneError {
		return size == 1
	}
	return Escaped(r, multiline)
}

func escape(s string, multiline bool) string {
	if Count(s, multiline) == 0 {
		return s
	}
	var b strings.Builder
	b.Grow(len(s) + 16)
	for i := 0; i < len(s); {
		r, size := utf8.DecodeRuneInString(s[i:])
		i += size
		switch {
		case !escapedAt(r, size, multiline):
			b.WriteRune(r)
		case r == utf8.RuneError:
			b.WriteRune(utf8.RuneError)
		case r < 0x20:
			b.WriteRune(0x2400 + r)
		case r == 0x7f:
			b.WriteRune('\u2421')
		default:
			fmt.Fprintf(&b, "<U+%04X>", r)
		}
	}
	return b.String()
}
