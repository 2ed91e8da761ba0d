// Package shellquote owns how envaudit writes a command line back as text:
// the traced command in the report's renderings, the SBOM's properties,
// the job summary and the CLI's messages all quote it the one way Join
// does, so the same command reads the same everywhere and can be pasted
// into a POSIX shell.
package shellquote

import (
	"strconv"
	"strings"
)

// Join returns argv as a POSIX shell would read it back: words of safe
// characters as they are, every other word (an empty one among them) in
// single quotes; a single quote inside such a word closes the quotes, is
// written with a backslash, and opens them again.
func Join(argv []string) string {
	var b strings.Builder
	for i, a := range argv {
		if i > 0 {
			b.WriteByte(' ')
		}
		if a != "" && strings.IndexFunc(a, unsafe) < 0 {
			b.WriteString(a)
			continue
		}
		b.WriteString("'" + strings.ReplaceAll(a, "'", `'\''`) + "'")
	}
	return b.String()
}

// unsafe reports whether r needs quoting: anything but letters, digits and
// punctuation no shell gives a meaning to in a word.
func unsafe(r rune) bool {
	return !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || strings.ContainsRune("-_./:=@%+,", r))
}

// Quoted returns argv for a message: Join's text in double quotes (Go
// syntax, so a control character in a word cannot reach the terminal),
// whole — a message never cuts the command a reader may want to run
// again.
func Quoted(argv []string) string {
	return strconv.Quote(Join(argv))
}
