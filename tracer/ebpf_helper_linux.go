//go:build linux && (amd64 || arm64)

package tracer

import (
	"errors"
	"os"
	"os/exec"
	"runtime"
	"strings"
	"unsafe"

	"golang.org/x/net/bpf"
	"golang.org/x/sys/unix"
)

// The helper mode of the eBPF backend is "bpf", then "nnp" when the
// helper sets no_new_privs (Options.NoNewPrivs), then "uring" when it
// installs a seccomp filter that refuses io_uring_setup, then "+" and the
// mode the ptrace backend would use ("nnp" or "priv:..."), which here only
// says whether to drop to the invoking user. Otherwise there is no seccomp
// filter and no no_new_privs, so the command runs as it would untraced.
const (
	bpfHelperPrefix = "bpf"
	bpfHelperNNP    = "nnp"
	bpfHelperURing  = "uring"
)

// bpfHelperMode returns the helper mode for the eBPF backend.
func bpfHelperMode(nnp, refuseURing bool, mode string) string {
	m := bpfHelperPrefix
	if nnp {
		m += bpfHelperNNP
	}
	if refuseURing {
		m += bpfHelperURing
	}
	return m + "+" + mode
}

// parseBPFHelperMode is the inverse of bpfHelperMode; ok is false for a
// mode that is not the eBPF backend's.
func parseBPFHelperMode(m string) (nnp, refuseURing bool, mode string, ok bool) {
	flags, mode, found := strings.Cut(m, "+")
	rest, isBPF := strings.CutPrefix(flags, bpfHelperPrefix)
	if !found || !isBPF {
		return false, false, "", false
	}
	rest, nnp = strings.CutPrefix(rest, bpfHelperNNP)
	rest, refuseURing = strings.CutPrefix(rest, bpfHelperURing)
	return nnp, refuseURing, mode, rest == ""
}

// canRefuseURing reports whether the eBPF backend's helper can install the
// filter that refuses io_uring_setup: a process may install a seccomp
// filter with no_new_privs set or with CAP_SYS_ADMIN (as root).
func canRefuseURing(opts Options) bool {
	return opts.NoNewPrivs || os.Geteuid() == 0
}

// uringFilter returns the seccomp filter that makes io_uring_setup fail
// with EPERM, under every ABI of ar, and allows everything else: what the
// kernel answers when io_uring is disabled (kernel.io_uring_disabled=2), so
// programs that can do without it fall back. The files io_uring opens
// are opened by the kernel on the ring's behalf, where no tracepoint here
// sees them (docs/tracer.md).
func uringFilter(ar *arch) []bpf.Instruction {
	refuse := bpf.RetConstant{Val: seccompRetErrno | uint32(unix.EPERM)}
	allow := bpf.RetConstant{Val: seccompRetAllow}
	var prog []bpf.Instruction
	for _, x := range append([]*abi{ar.native}, ar.compat...) {
		if x.x32 {
			continue // numbered within the native audit arch, below
		}
		nrs := []uint32{x.number(sysIOUringSetup)}
		for _, c := range ar.compat {
			if c.x32 && c.auditArch == x.auditArch {
				nrs = append(nrs, c.number(sysIOUringSetup))
			}
		}
		block := []bpf.Instruction{bpf.LoadAbsolute{Off: seccompDataNr, Size: 4}}
		for i, nr := range nrs {
			block = append(block, bpf.JumpIf{Cond: bpf.JumpEqual, Val: nr, SkipTrue: uint8(len(nrs) - i)})
		}
		block = append(block, allow, refuse)
		prog = append(prog, bpf.LoadAbsolute{Off: seccompDataArch, Size: 4},
			bpf.JumpIf{Cond: bpf.JumpEqual, Val: x.auditArch, SkipFalse: uint8(len(block))})
		prog = append(prog, block...)
	}
	return append(prog, allow)
}

// installURingFilter installs uringFilter on the calling thread, which
// must have no_new_privs set or CAP_SYS_ADMIN.
func installURingFilter() error {
	raw, err := bpf.Assemble(uringFilter(nativeArch))
	if err != nil {
		return err
	}
	prog := unix.SockFprog{Len: uint16(len(raw)), Filter: (*unix.SockFilter)(unsafe.Pointer(&raw[0]))}
	err = unix.Prctl(unix.PR_SET_SECCOMP, unix.SECCOMP_MODE_FILTER, uintptr(unsafe.Pointer(&prog)), 0, 0)
	runtime.KeepAlive(raw)
	return err
}

// bpfHelper stops until the tracer has put it in the kernel's traced set,
// then executes the command in place (same pid), so its first instruction
// is already traced.
func bpfHelper(mode string, argv []string, nnp, refuseURing bool) error {
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
	// Where the filter cannot be installed (a sandbox that forbids
	// seccomp, which the eBPF backend does not otherwise need), the
	// command runs without it: an io_uring it then sets up is seen by
	// the programs and makes the trace incomplete.
	if refuseURing && !nnp {
		// As root, before dropping to the invoking user: without
		// no_new_privs only CAP_SYS_ADMIN may install a filter.
		installURingFilter()
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
		if refuseURing {
			installURingFilter()
		}
	}
	err = unix.Exec(path, argv, os.Environ())
	return &helperError{"start command", errors.New("exec " + path + ": " + err.Error())}
}
