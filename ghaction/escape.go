package ghaction

import (
	"io"
	"strings"

	"github.com/envaudit/envaudit/internal/inert"
)

// The runner reads every line of a step's standard output and standard
// error that starts with "::" as a workflow command. A message envaudit
// prints outside a command — an error naming a project file, an
// ecosystem's warning — carries text the project controls, and a file
// name with a line break and "::error::" in it would start a command of
// its own. So such text is escaped as the runner unescapes command data:
// it stays on one line, and reads back as written. Before that it passes
// inert, as every string envaudit shows does: a control, bidirectional
// or zero-width character is shown as a visible escape.
var (
	dataEscaper     = strings.NewReplacer("%", "%25", "\r", "%0D", "\n", "%0A")
	propertyEscaper = strings.NewReplacer("%", "%25", "\r", "%0D", "\n", "%0A", ":", "%3A", ",", "%2C")
)

// CommandData returns s escaped as workflow-command data (the message
// after "::"): inert.Text's escapes (a carriage return among them), then
// % and LF as %25 and %0A, which the runner shows as a line break in an
// annotation. Text printed as a plain log line is escaped so too, which
// keeps it on its own line.
func CommandData(s string) string { return dataEscaper.Replace(inert.Text(s)) }

// CommandProperty returns s escaped as a workflow-command property value
// (file=, title=): one line (inert.Line), with %, : and , as %25, %3A and
// %2C.
func CommandProperty(s string) string { return propertyEscaper.Replace(inert.Line(s)) }

// CommandWriter returns the writer of the workflow commands envaudit
// issues through go-githubactions (githubactions.WithWriter): each write
// passes inert.Text, so a control, bidirectional or zero-width character
// that a message or a property holds (a file name's, a tool's error
// output) reaches the log as its visible escape, whichever call issued
// the command. go-githubactions writes each command whole, in one write,
// its own line breaks escaped as %0A: the line feed that ends it is the
// only one a write holds, and is kept.
func CommandWriter(w io.Writer) io.Writer { return commandWriter{w} }

type commandWriter struct{ w io.Writer }

func (c commandWriter) Write(p []byte) (int, error) {
	if _, err := io.WriteString(c.w, inert.Text(string(p))); err != nil {
		return 0, err
	}
	return len(p), nil
}
