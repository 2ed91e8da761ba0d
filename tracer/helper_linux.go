//go:build linux && (amd64 || arm64)

package tracer

import (
	"errors"
	"fmt"
	"os"
	"os/exec"
	"runtime"
	"strconv"
	"strings"
	"unsafe"

	"golang.org/x/sys/unix"
)

// The helper is the tracer's own binary, re-executed by Run as
//
//	BINARY __envaudit_exec MODE ARGV...
//
// It stops itself until the tracer has seized it, installs the seccomp
// filter and executes ARGV[0] in place (same pid), so the command runs under
// the filter from its first instruction. MODE is "nnp" (set no_new_privs, the
// only way an unprivileged process may install a filter) or
// "priv:UID:GID:G1,G2" (installed with root privileges, then drop to the
// invoking user, so setuid programs in the command keep working).
//
// Errors go to file descriptor 3, a close-on-exec pipe to the tracer, which
// reports them; the helper then exits with status 127.

const helperErrFd = 3

func init() {
	if len(os.Args) > 1 && (os.Args[1] == HelperArg || os.Args[1] == ReaperArg) {
		// The tracer seizes only the main thread (pid == tid): it must be
		// the thread that installs the filter (filters are per thread) and
		// that executes, or the exec would escape the tracer. Locking in
		// init keeps main on the main thread.
		runtime.LockOSThread()
	}
}

// Main acts as the tracer's helper when the program was started as one
// (os.Args[1] == HelperArg), and then never returns; otherwise it returns at
// once. Call it first thing in main (and in TestMain of tests that Run).
func Main() {
	if len(os.Args) > 1 && os.Args[1] == ReaperArg {
		reaperMain(os.Args[2:])
	}
	if len(os.Args) > 1 && os.Args[1] == LoaderArg {
		loaderMain()
	}
	if len(os.Args) < 2 || os.Args[1] != HelperArg {
		return
	}
	err := helper(os.Args[2:])
	f := os.NewFile(helperErrFd, "tracer pipe")
	fmt.Fprint(f, err.Error())
	os.Exit(127)
}

// helperError is an error the helper reports with its stage.
type helperError struct {
	stage string
	err   error
}

func (e *helperError) Error() string { return e.stage + ": " + e.err.Error() }
func (e *helperError) Unwrap() error { return e.err }

// helper returns only on failure.
func helper(args []string) error {
	unix.CloseOnExec(helperErrFd)
	if len(args) < 2 {
		return &helperError{"helper", errors.New("usage: " + HelperArg + " MODE COMMAND [ARG...]")}
	}
	mode, argv := args[0], args[1:]
	if nnp, refuseURing, rest, ok := parseBPFHelperMode(mode); ok {
		return bpfHelper(rest, argv, nnp, refuseURing)
	}
	priv, uid, gid, groups, err := parseHelperMode(mode)
	if err != nil {
		return &helperError{"helper", err}
	}
	path := argv[0]
	if !strings.Contains(path, "/") {
		p, err := exec.LookPath(path)
		if err != nil {
			return &helperError{"start command", err}
		}
		path = p
	}
	filter, err := assembleFilter(nativeArch)
	if err != nil {
		return &helperError{"helper", err}
	}

	// Wait for the tracer: a filter without a tracer would fail every
	// traced syscall with ENOSYS.
	if err := unix.Kill(unix.Getpid(), unix.SIGSTOP); err != nil {
		return &helperError{"helper", err}
	}
	if tracerPid() == 0 {
		return &helperError{"helper", errors.New("resumed without being traced")}
	}

	if !priv {
		if err := unix.Prctl(unix.PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0); err != nil {
			return &helperError{"set no_new_privs", err}
		}
	}
	prog := unix.SockFprog{Len: uint16(len(filter)), Filter: (*unix.SockFilter)(unsafe.Pointer(&filter[0]))}
	if err := unix.Prctl(unix.PR_SET_SECCOMP, unix.SECCOMP_MODE_FILTER, uintptr(unsafe.Pointer(&prog)), 0, 0); err != nil {
		return &helperError{"install seccomp filter", err}
	}
	runtime.KeepAlive(filter)
	if priv && (uid != 0 || gid != 0) {
		// Raw calls on this thread only: it is the one that executes,
		// and the others die with the exec.
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
	err = unix.Exec(path, argv, os.Environ())
	return &helperError{"start command", fmt.Errorf("exec %q: %w", path, err)}
}

// helperMode is the inverse of parseHelperMode.
func helperMode(priv bool, uid, gid int, groups []int) string {
	if !priv {
		return "nnp"
	}
	var b strings.Builder
	fmt.Fprintf(&b, "priv:%d:%d:", uid, gid)
	for i, g := range groups {
		if i > 0 {
			b.WriteByte(',')
		}
		b.WriteString(strconv.Itoa(g))
	}
	return b.String()
}

func parseHelperMode(mode string) (priv bool, uid, gid int, groups []uint32, err error) {
	if mode == "nnp" {
		return false, 0, 0, nil, nil
	}
	f := strings.Split(mode, ":")
	if len(f) != 4 || f[0] != "priv" {
		return false, 0, 0, nil, fmt.Errorf("bad helper mode %q", mode)
	}
	if uid, err = strconv.Atoi(f[1]); err != nil {
		return false, 0, 0, nil, fmt.Errorf("bad helper mode %q: %w", mode, err)
	}
	if gid, err = strconv.Atoi(f[2]); err != nil {
		return false, 0, 0, nil, fmt.Errorf("bad helper mode %q: %w", mode, err)
	}
	groups = []uint32{}
	if f[3] != "" {
		for _, s := range strings.Split(f[3], ",") {
			g, err := strconv.Atoi(s)
			if err != nil {
				return false, 0, 0, nil, fmt.Errorf("bad helper mode %q: %w", mode, err)
			}
			groups = append(groups, uint32(g))
		}
	}
	return true, uid, gid, groups, nil
}
