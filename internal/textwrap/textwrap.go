// Package textwrap owns how envaudit prints prose to a terminal or a CI
// log: lines wrapped at word boundaries to one width, continuation lines
// indented under the text, and the first write error kept.
package textwrap

import (
	"fmt"
	"io"
	"strings"
	"unicode/utf8"
)

// Writer prints lines to W and keeps the first error in Err, so that a
// caller writing many lines checks once.
type Writer struct {
	W   io.Writer
	Err error
}

// Line prints one line, formatted as fmt.Printf does.
func (l *Writer) Line(format string, args ...any) {
	if l.Err == nil {
		_, l.Err = fmt.Fprintf(l.W, format+"\n", args...)
	}
}

// Width is the width explanations are wrapped to: the common minimum
// of terminals and CI logs.
const Width = 100

// Wrapped prints text after lead, wrapped at word boundaries to Width,
// continuation lines indented to line up with the text.
func (l *Writer) Wrapped(lead, text string) {
	l.WrappedWords(lead, strings.Fields(text))
}

// WrappedWords is Wrapped with the text already cut into the units that
// may not be broken.
func (l *Writer) WrappedWords(lead string, words []string) {
	indent := strings.Repeat(" ", utf8.RuneCountInString(lead))
	line := lead
	width := utf8.RuneCountInString(lead)
	start := true
	for _, word := range words {
		n := utf8.RuneCountInString(word)
		if !start && width+1+n > Width {
			l.Line("%s", line)
			line, width, start = indent, len(indent), true
		}
		if !start {
			line += " "
			width++
		}
		line += word
		width += n
		start = false
	}
	l.Line("%s", strings.TrimRight(line, " "))
}
