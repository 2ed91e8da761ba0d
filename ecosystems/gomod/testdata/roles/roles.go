// Package roles is a fixture of the Go ecosystem's imports: which files
// are the module's code, its tests and its tooling (see README.md).
package roles

import (
	"github.com/sirupsen/logrus"
	"golang.org/x/term"
)

// Interactive reports whether fd is a terminal, and logs the answer.
func Interactive(fd int) bool {
	ok := term.IsTerminal(fd)
	logrus.WithField("fd", fd).Debugf("terminal: %v", ok)
	return ok
}
