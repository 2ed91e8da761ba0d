//go:build linux && (amd64 || arm64)

package tracer

import (
	"errors"
	"os"
	"os/exec"
	"runtime"
	"strings"
	"unsafe"

	"golang.org/x/sys/unix"
)

// bpfHelperMode prefixes the helper mode of the eBPF backend, followed by
// the mode the ptrace backend would use ("nnp" or "priv:..."), which here
// only says whether to drop to the invoking user: there is no seccomp
// filter and no no_new_privs, so the command runs as it would untraced.
const bpfHelperMode = "bpf+"

// bpfHelperModeNNP is bpfHelperMode for Options.NoNewPrivs: the helper
// sets no_new_privs before it executes the command.
const bpfHelperModeNNP = "bpfnnp+"

// bpfHelper stops until the tracer has put it in the kernel's traced set,
// then executes the command in place (same pid), so its first instruction
// is already traced.
func bpfHelper(mode string, argv []string, nnp bool) error {
	priv, uid, gid, groups, err := parseHelperMode(mode)
	if err != nil {
		return &helperError{"helper", err}
	}
	if len(argv) == 0 {
		return &helperError{"helper", errors.New("usage: " + HelperArg + " MODE COMMAND [ARG...]")}
	}
	path := argv[0]
	if !strings.Contains(path, "/") {
		p, err := exec.LookPath(path)
		if err != nil {
			return &helperError{"start command", err}
		}
		path = p
	}
	if err := unix.Kill(unix.Getpid(), unix.SIGSTOP); err != nil {
		return &helperError{"helper", err}
	}
	if priv && (uid != 0 || gid != 0) {
		// Raw calls on this (locked, main) thread, the one that
		// executes; the others die with the exec.
		if _, _, e := unix.RawSyscall(unix.SYS_SETGROUPS, uintptr(len(groups)), uintptr(unsafe.Pointer(unsafe.SliceData(groups))), 0); e != 0 {
			return &helperError{"drop privileges: setgroups", e}
		}
		if _, _, e := unix.RawSyscall(unix.SYS_SETRESGID, uintptr(gid), uintptr(gid), uintptr(gid)); e != 0 {
			return &helperError{"drop privileges: setresgid", e}
		}
		if _, _, e := unix.RawSyscall(unix.SYS_SETRESUID, uintptr(uid), uintptr(uid), uintptr(uid)); e != 0 {
			return &helperError{"drop privileges: setresuid", e}
		}
		runtime.KeepAlive(groups)
	}
	if nnp {
		if err := unix.Prctl(unix.PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0); err != nil {
			return &helperError{"set no_new_privs", err}
		}
	}
	err = unix.Exec(path, argv, os.Environ())
	return &helperError{"start command", errors.New("exec " + path + ": " + err.Error())}
}
