//go:build linux

package nnp

import (
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"os/exec"
	"runtime"
	"strconv"
	"syscall"

	"golang.org/x/sys/unix"
)

// marker is the trampoline's argv[0]. No program envaudit would start
// otherwise is named so, and a name of envaudit's own binary alone cannot
// be: /proc/self/exe is started with it only by Start.
const marker = "envaudit-nnp-exec"

// selfExe is the running binary, whatever PATH or the working directory
// hold.
const selfExe = "/proc/self/exe"

// What the trampoline writes to the pipe when it fails: a stage byte and
// the errno, little-endian.
const (
	stageExec = 'E' // executing the program
	stageNNP  = 'P' // setting no_new_privs
)

func init() {
	if len(os.Args) < 4 || os.Args[0] != marker {
		return
	}
	// init runs on the main thread (the runtime locks it there for
	// package initialisation); keeping it there makes the thread that
	// sets no_new_privs the one that executes.
	runtime.LockOSThread()
	trampoline(os.Args[1:])
}

// trampoline is the process Start started, with arguments FD PATH ARGV...:
// FD is the write end of Start's pipe. It returns only by exiting.
func trampoline(args []string) {
	fd, err := strconv.Atoi(args[0])
	if err != nil || fd < 3 {
		fmt.Fprintf(os.Stderr, "%s: bad descriptor %q\n", marker, args[0])
		os.Exit(127)
	}
	// The program must not inherit the pipe, and its closing at the exec
	// is what tells Start the exec succeeded.
	unix.CloseOnExec(fd)
	path, argv := args[1], args[2:]
	if err := unix.Prctl(unix.PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0); err != nil {
		report(fd, stageNNP, err)
	}
	err = unix.Exec(path, argv, os.Environ())
	report(fd, stageExec, err)
}

// report writes the failure to the pipe and exits as a shell does when it
// cannot execute a program.
func report(fd int, stage byte, err error) {
	var errno syscall.Errno
	if !errors.As(err, &errno) {
		errno = syscall.EINVAL
	}
	var msg [5]byte
	msg[0] = stage
	binary.LittleEndian.PutUint32(msg[1:], uint32(errno))
	_, _ = unix.Write(fd, msg[:])
	os.Exit(127)
}

// Start starts cmd, made by exec.Command or exec.CommandContext and not
// started yet, as cmd.Start would, but with no_new_privs set in the
// program from its first instruction. It returns once the program runs:
// when the exec fails, the error is the one cmd.Start would have
// returned (a *fs.PathError of op "fork/exec" naming the program), the
// trampoline has been waited for, and cmd must not be waited for again.
// Otherwise the caller waits for cmd as usual; cmd.Process is the
// program's (the trampoline became it, with the same pid).
//
// cmd.Path and cmd.Args are rewritten to start the trampoline, and
// cmd.ExtraFiles gets one more entry; cmd.SysProcAttr must leave the
// trampoline able to exec (no Ptrace, no Setctty games).
func Start(cmd *exec.Cmd) error {
	if cmd.Err != nil || cmd.Path == "" {
		// What exec.Command could not find or make: Start says so.
		return cmd.Start()
	}
	path := cmd.Path
	r, w, err := os.Pipe()
	if err != nil {
		return fmt.Errorf("start %q: %w", path, err)
	}
	defer r.Close()
	fd := 3 + len(cmd.ExtraFiles)
	cmd.ExtraFiles = append(cmd.ExtraFiles, w)
	cmd.Args = append([]string{marker, strconv.Itoa(fd), path}, cmd.Args...)
	cmd.Path = selfExe
	err = cmd.Start()
	w.Close()
	if err != nil {
		var pe *fs.PathError
		if errors.As(err, &pe) && pe.Path == selfExe {
			// The fork of the trampoline failed (too many processes,
			// an argument the kernel refuses): as it would have for
			// the program itself.
			pe.Path = path
		}
		return err
	}
	var msg [5]byte
	n, _ := io.ReadFull(r, msg[:])
	if n < len(msg) {
		// The pipe closed: the exec succeeded (or the trampoline was
		// killed before it, which Wait reports).
		return nil
	}
	_ = cmd.Wait()
	errno := syscall.Errno(binary.LittleEndian.Uint32(msg[1:]))
	switch msg[0] {
	case stageExec:
		return &fs.PathError{Op: "fork/exec", Path: path, Err: errno}
	case stageNNP:
		return fmt.Errorf("start %q: set no_new_privs: %w", path, errno)
	}
	return fmt.Errorf("start %q: the trampoline failed: %w", path, errno)
}

// Run starts cmd as Start does and waits for it, as cmd.Run would.
func Run(cmd *exec.Cmd) error {
	if err := Start(cmd); err != nil {
		return err
	}
	return cmd.Wait()
}
