//go:build linux

package nnp

import (
	"errors"
	"fmt"
	"os/exec"
	"runtime"

	"golang.org/x/sys/unix"
)

// errMainThread is what a start on the main thread would be: impossible,
// since Start moves off it, and refused rather than done if it ever were.
var errMainThread = errors.New("the program would start from the main thread")

// Start starts cmd, made by exec.Command or exec.CommandContext and not
// started yet, as cmd.Start would, but with no_new_privs set in the
// program from its first instruction. It returns once the program runs,
// or with cmd.Start's own error when it could not start (then cmd must
// not be waited for). Otherwise the caller waits for cmd as usual.
//
// cmd.SysProcAttr must not ask for a parent-death signal: the thread the
// program starts from exits at once, and the kernel would send it then.
func Start(cmd *exec.Cmd) error {
	if cmd.Err != nil || cmd.Path == "" {
		// What exec.Command could not find or make: Start says so.
		return cmd.Start()
	}
	if cmd.SysProcAttr != nil && cmd.SysProcAttr.Pdeathsig != 0 {
		return fmt.Errorf("start %q: a parent-death signal cannot be kept: the thread that starts the program exits", cmd.Path)
	}
	done := make(chan error, 1)
	go startLocked(cmd, true, done)
	return <-done
}

// startLocked starts cmd from a thread of its own under no_new_privs and
// sends cmd.Start's result to done. It returns with its thread still
// locked, so that the runtime ends that thread (package doc).
func startLocked(cmd *exec.Cmd, moveOffMain bool, done chan<- error) {
	runtime.LockOSThread()
	if unix.Gettid() == unix.Getpid() {
		// The main thread cannot exit; keep it locked to this goroutine
		// while another goroutine, on another thread therefore, starts
		// the program, then give it back.
		defer runtime.UnlockOSThread()
		if !moveOffMain {
			done <- fmt.Errorf("start %q: %w", cmd.Path, errMainThread)
			return
		}
		inner := make(chan error, 1)
		go startLocked(cmd, false, inner)
		done <- <-inner
		return
	}
	if err := unix.Prctl(unix.PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0); err != nil {
		done <- fmt.Errorf("start %q: set no_new_privs: %w", cmd.Path, err)
		return
	}
	done <- cmd.Start()
}

// Run starts cmd as Start does and waits for it, as cmd.Run would.
func Run(cmd *exec.Cmd) error {
	if err := Start(cmd); err != nil {
		return err
	}
	return cmd.Wait()
}
