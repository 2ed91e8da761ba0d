package ghaction

import "strings"

// The runner reads every line of a step's standard output and standard
// error that starts with "::" as a workflow command. A message envaudit
// prints outside a command — an error naming a project file, an
// ecosystem's warning — carries text the project controls, and a file
// name with a line break and "::error::" in it would start a command of
// its own. So such text is escaped as the runner unescapes command data:
// it stays on one line, and reads back as written.
var (
	dataEscaper     = strings.NewReplacer("%", "%25", "\r", "%0D", "\n", "%0A")
	propertyEscaper = strings.NewReplacer("%", "%25", "\r", "%0D", "\n", "%0A", ":", "%3A", ",", "%2C")
)

// CommandData returns s escaped as workflow-command data (the message
// after "::"): %, CR and LF become %25, %0D and %0A. Text printed as a
// plain log line is escaped so too, which keeps it on its own line.
func CommandData(s string) string { return dataEscaper.Replace(s) }

// CommandProperty returns s escaped as a workflow-command property value
// (file=, title=): CommandData's escapes, and : and , as %3A and %2C.
func CommandProperty(s string) string { return propertyEscaper.Replace(s) }
