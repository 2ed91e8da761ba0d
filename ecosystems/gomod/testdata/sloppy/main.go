// Command sloppy is an envaudit fixture of the mistakes a coding agent
// makes in go.mod: it imports x/sys/unix, which go.mod only marks
// indirect (a direct use of a transitive module); it requires x/mod and
// never imports it (unused); only its Windows file imports mousetrap
// (platform-specific, needed there, not unused); and only a test built
// with the integration tag imports go-cmp (imported, not reached by
// this run's tests).
package main

import (
	"fmt"

	"github.com/google/uuid"
	"golang.org/x/sys/unix"
	"golang.org/x/term"

	"example.com/envaudit-fixture/sloppy/internal/console"
)

func describe() string {
	id := uuid.NewSHA1(uuid.NameSpaceURL, []byte("envaudit"))
	return fmt.Sprintf("%s tty=%v pid>0=%v explorer=%v", id, term.IsTerminal(0), unix.Getpid() > 0, console.StartedByExplorer())
}

func main() { fmt.Println(describe()) }
