// Package toolexec owns running the external tools envaudit asks for
// facts (go, mvn, python, git): one way to start a program with
// a context and a timeout, an explicit environment and no standard input,
// keep its standard output within a bound, and turn a failure into an
// error that ends with the last lines the tool wrote to standard error.
//
// Every tool envaudit asks is a package manager or version-control
// program answering a question; none of them should read a terminal or
// inherit envaudit's environment by accident, hang a run forever, or fill
// memory with output, and when one fails its own words are the useful part
// of the message.
//
// Every tool runs under no_new_privs (package nnp): it cannot gain
// privileges through a setuid program, the runner's sudo above all.
//
// It also owns finding them (Resolver): looked up before the traced
// command runs, so that nothing it plants is found, and, for the Action,
// never inside the workspace or where the traced command could write.
package toolexec

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os/exec"
	"strconv"
	"strings"
	"time"

	"github.com/envaudit/envaudit/internal/nnp"
)

// Defaults for a Cmd that leaves the field zero.
const (
	// DefaultTimeout bounds a tool that hangs (a network file system, a
	// lock held by another process).
	DefaultTimeout = 5 * time.Minute
	// DefaultMaxStdout bounds what is kept of standard output; a tool
	// that writes more fails rather than filling memory.
	DefaultMaxStdout = 64 << 20
	// StderrTail is how much of the end of standard error an error keeps:
	// enough for a tool's closing complaint, not its progress log.
	StderrTail = 1024
)

// A Cmd is one run of an external program.
type Cmd struct {
	// Path is the program: a path, or a name looked up in PATH of the
	// environment envaudit itself runs in.
	Path string
	// Args are the arguments after the program's name.
	Args []string
	// Dir is the working directory; "" is envaudit's.
	Dir string
	// Env is the program's whole environment. It is always this list, so
	// a nil Env is an empty environment, never envaudit's own.
	Env []string
	// Timeout bounds the run; zero means DefaultTimeout.
	Timeout time.Duration
	// MaxStdout bounds standard output in bytes; zero means
	// DefaultMaxStdout.
	MaxStdout int
}

// Error is a run that failed: the program could not start, exited with a
// failure, was stopped by the timeout, or wrote more than MaxStdout. It
// prints as `go list -m all: exit status 1: go: updates to go.mod needed`.
type Error struct {
	// Command is the program and its arguments as a shell would show them.
	Command string
	// Err is what went wrong: an *exec.ExitError, a start error, or a
	// description of the timeout or the overflow.
	Err error
	// Stderr is the end of what the program wrote to standard error,
	// trimmed of white space; at most StderrTail bytes.
	Stderr string
}

func (e *Error) Error() string { return e.Command + ": " + e.Reason() }

// Reason is the error without the command line, for a caller whose own
// message already names the command: `exit status 1: go: updates needed`.
func (e *Error) Reason() string {
	if e.Stderr == "" {
		return e.Err.Error()
	}
	return e.Err.Error() + ": " + e.Stderr
}

func (e *Error) Unwrap() error { return e.Err }

// ErrTimeout is the Err of a run stopped by its Timeout.
var ErrTimeout = errors.New("timed out")

// ErrTooMuchOutput is the Err of a run that wrote more than MaxStdout.
var ErrTooMuchOutput = errors.New("too much output")

// Run runs c and returns its standard output. When the run fails the
// output read so far is returned with an *Error, so a caller can still
// read a tool that reports partial results with a failing status. When ctx
// is done first, the error wraps ctx.Err().
func Run(ctx context.Context, c Cmd) ([]byte, error) {
	timeout := c.Timeout
	if timeout <= 0 {
		timeout = DefaultTimeout
	}
	limit := c.MaxStdout
	if limit <= 0 {
		limit = DefaultMaxStdout
	}
	rctx, cancel := context.WithTimeout(ctx, timeout)
	defer cancel()
	cmd := exec.CommandContext(rctx, c.Path, c.Args...)
	cmd.Dir = c.Dir
	cmd.Env = c.Env
	if cmd.Env == nil {
		cmd.Env = []string{} // nil would mean envaudit's own environment
	}
	// A grandchild that keeps the pipes open must not keep Run waiting.
	cmd.WaitDelay = 2 * time.Second
	stdout := &boundedBuffer{limit: limit, overflow: cancel}
	stderr := &tailBuffer{max: StderrTail}
	cmd.Stdout, cmd.Stderr = stdout, stderr
	// Under no_new_privs: the tool may be the project's own code, and must
	// not take the runner's sudo (package nnp says why it takes a
	// thread of its own).
	err := nnp.Run(cmd)
	if err == nil {
		return stdout.buf.Bytes(), nil
	}
	e := &Error{Command: commandLine(c.Path, c.Args), Err: err, Stderr: stderr.String()}
	switch {
	case stdout.overflowed:
		e.Err = fmt.Errorf("%w: more than %d bytes on standard output", ErrTooMuchOutput, limit)
	case ctx.Err() != nil:
		e.Err = ctx.Err()
	case rctx.Err() != nil:
		e.Err = fmt.Errorf("%w after %v", ErrTimeout, timeout)
	}
	return stdout.buf.Bytes(), e
}

// maxWord is the longest argument an error spells out in full; a longer
// one (a script given to python -c) is cut, as its text is the caller's
// and would bury the tool's complaint.
const maxWord = 60

// commandLine spells a command as a shell user would type it, quoting the
// words that need it.
func commandLine(path string, args []string) string {
	words := make([]string, 0, 1+len(args))
	for _, w := range append([]string{path}, args...) {
		if first, _, multiline := strings.Cut(w, "\n"); multiline || len(w) > maxWord {
			w = first[:min(len(first), maxWord)] + "..."
		}
		if w == "" || strings.ContainsAny(w, " \t\n\"'\\$`") {
			w = strconv.Quote(w)
		}
		words = append(words, w)
	}
	return strings.Join(words, " ")
}

// boundedBuffer keeps up to limit bytes and stops the run at the first byte
// more.
type boundedBuffer struct {
	buf        bytes.Buffer
	limit      int
	overflowed bool
	overflow   func()
}

func (b *boundedBuffer) Write(p []byte) (int, error) {
	if b.buf.Len()+len(p) > b.limit {
		b.overflowed = true
		b.overflow()
		return 0, ErrTooMuchOutput
	}
	return b.buf.Write(p)
}

// tailBuffer keeps the last max bytes written to it.
type tailBuffer struct {
	buf []byte
	max int
	cut bool // bytes before buf were dropped
}

func (t *tailBuffer) Write(p []byte) (int, error) {
	t.buf = append(t.buf, p...)
	if len(t.buf) > 2*t.max {
		t.buf = append(t.buf[:0], t.buf[len(t.buf)-t.max:]...)
		t.cut = true
	}
	return len(p), nil
}

// String returns the tail, starting at a line boundary when the tail cut a
// line, and trimmed of white space.
func (t *tailBuffer) String() string {
	b := t.buf
	if len(b) > t.max || t.cut {
		b = b[max(len(b)-t.max, 0):]
		if i := bytes.IndexByte(b, '\n'); i >= 0 && i < len(b)-1 {
			b = b[i+1:]
		}
	}
	return strings.TrimSpace(string(b))
}
