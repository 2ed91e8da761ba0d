//go:build linux && (amd64 || arm64)

package tracer

import (
	"sync"
	"unsafe"

	"golang.org/x/sys/unix"
)

// Every stop of every tracee sends SIGCHLD to the tracer. The Go runtime
// installs a handler for SIGCHLD (so os/signal can relay it), so each one
// would interrupt the tracer's wait4 to run a handler that does nothing:
// about one signal delivery and rt_sigreturn per stop. With SIGCHLD at
// SIG_DFL, whose action is to ignore it, the kernel drops the signal when it
// is generated (unlike SIG_IGN, SIG_DFL does not reap children
// automatically, so wait4 still works). So while any Run is active, SIGCHLD
// is set to SIG_DFL, and the runtime's handler is restored afterwards.
// Consequence: a signal.Notify for SIGCHLD receives nothing during Run.

// kernelSigaction is the kernel's struct sigaction on amd64 and arm64.
type kernelSigaction struct {
	handler  uintptr
	flags    uint64
	restorer uintptr
	mask     uint64
}

var sigchld struct {
	sync.Mutex
	users int
	saved kernelSigaction
}

// quietSIGCHLD sets SIGCHLD to SIG_DFL until the returned function is
// called (by every concurrent Run).
func quietSIGCHLD() (restore func()) {
	sigchld.Lock()
	defer sigchld.Unlock()
	if sigchld.users == 0 {
		dfl := kernelSigaction{} // SIG_DFL
		if rtSigaction(unix.SIGCHLD, &dfl, &sigchld.saved) != nil {
			return func() {}
		}
	}
	sigchld.users++
	return func() {
		sigchld.Lock()
		defer sigchld.Unlock()
		sigchld.users--
		if sigchld.users == 0 {
			rtSigaction(unix.SIGCHLD, &sigchld.saved, nil)
		}
	}
}

func rtSigaction(sig unix.Signal, act, old *kernelSigaction) error {
	_, _, e := unix.RawSyscall6(unix.SYS_RT_SIGACTION, uintptr(sig), uintptr(unsafe.Pointer(act)), uintptr(unsafe.Pointer(old)), 8, 0, 0)
	if e != 0 {
		return e
	}
	return nil
}
