// Command basic is an envaudit fixture: it uses uuid and x/term, which it
// requires, and x/sys/unix, which go.mod marks indirect (a hidden transitive
// dependency). go-cmp is required but never imported (a phantom).
package main

import (
	"fmt"

	"github.com/google/uuid"
	"golang.org/x/sys/unix"
	"golang.org/x/term"
)

func describe() string {
	id := uuid.NewSHA1(uuid.NameSpaceURL, []byte("envaudit"))
	return fmt.Sprintf("%s tty=%v pid>0=%v", id, term.IsTerminal(0), unix.Getpid() > 0)
}

func main() { fmt.Println(describe()) }
