//go:build linux && (amd64 || arm64)

package tracer

import (
	"bytes"
	"errors"
	"os"
	"strconv"
	"unsafe"

	"golang.org/x/sys/unix"
)

// The ptrace requests below are raw system calls rather than the
// golang.org/x/sys/unix wrappers: PtraceSeize cannot pass options, there is
// no PTRACE_GET_SYSCALL_INFO wrapper, and the hot path must not allocate.
// All of them must be made from the one OS thread that seized the tracee
// (the kernel ties a tracee to its tracer thread, not process); the tracer
// goroutine is locked to that thread for its whole life.

// syscallInfo is struct ptrace_syscall_info (<linux/ptrace.h>), 88 bytes.
// The union after sp is read as nr+args for entry and seccomp stops and as
// rval (nr) + is_error (low byte of args[0]) for exit stops.
type syscallInfo struct {
	op      uint8
	_       [3]uint8
	arch    uint32
	ip      uint64
	sp      uint64
	nr      uint64
	args    [6]uint64
	retData uint32
	_       uint32
}

// ptrace options set at PTRACE_SEIZE, each for a reason:
//   - TRACESYSGOOD: syscall-exit stops report SIGTRAP|0x80, so they cannot
//     be confused with a real SIGTRAP;
//   - TRACEFORK/VFORK/CLONE: every new process and thread is traced from its
//     first instruction, with no window in which it can open a file unseen;
//   - TRACEEXEC: an exec is reported as an event (with the old thread id,
//     needed when a non-leader thread execs) instead of a plain SIGTRAP;
//   - TRACESECCOMP: the filter's SECCOMP_RET_TRACE stops the tracee only on
//     the syscalls that matter, so everything else runs untraced;
//   - EXITKILL: if the tracer dies, the kernel kills every tracee. Without
//     it a tracee would keep running with a filter whose traced syscalls now
//     fail with ENOSYS.
const seizeOptions = unix.PTRACE_O_TRACESYSGOOD | unix.PTRACE_O_TRACEFORK |
	unix.PTRACE_O_TRACEVFORK | unix.PTRACE_O_TRACECLONE | unix.PTRACE_O_TRACEEXEC |
	unix.PTRACE_O_TRACESECCOMP | unix.PTRACE_O_EXITKILL

const (
	ptraceEventSeccomp = unix.PTRACE_EVENT_SECCOMP
	ptraceEventStop    = unix.PTRACE_EVENT_STOP
	syscallStopSig     = int(unix.SIGTRAP) | 0x80
)

func ptrace(req, tid int, addr, data uintptr) unix.Errno {
	_, _, e := unix.RawSyscall6(unix.SYS_PTRACE, uintptr(req), uintptr(tid), addr, data, 0, 0)
	return e
}

func ptraceErr(name string, tid int, e unix.Errno) error {
	if e == 0 {
		return nil
	}
	return os.NewSyscallError("ptrace("+name+") pid "+strconv.Itoa(tid), e)
}

func ptraceSeize(pid int) error {
	return ptraceErr("PTRACE_SEIZE", pid, ptrace(unix.PTRACE_SEIZE, pid, 0, seizeOptions))
}

// getSyscallInfo fills info for a tracee in a syscall or seccomp stop.
func getSyscallInfo(tid int, info *syscallInfo) unix.Errno {
	return ptrace(unix.PTRACE_GET_SYSCALL_INFO, tid, unsafe.Sizeof(*info), uintptr(unsafe.Pointer(info)))
}

// getEventMsg returns PTRACE_GETEVENTMSG: the new thread id at a
// fork/vfork/clone event, the former thread id at an exec event.
func getEventMsg(tid int, msg *uint64) unix.Errno {
	return ptrace(unix.PTRACE_GETEVENTMSG, tid, 0, uintptr(unsafe.Pointer(msg)))
}

// wait4 waits for any tracee or child of the calling thread. Unlike
// unix.Wait4 it does not allocate the status word on every call.
func wait4(pid int, status *uint32, options int) (int, unix.Errno) {
	r, _, e := unix.Syscall6(unix.SYS_WAIT4, uintptr(pid), uintptr(unsafe.Pointer(status)), uintptr(options), 0, 0, 0)
	return int(r), e
}

const pageSize = 4096

// pathMax is PATH_MAX: a path the kernel accepts is shorter, NUL included.
const pathMax = 4096

// memReader reads tracee memory into reusable buffers.
type memReader struct {
	local  [1]unix.Iovec
	remote [1]unix.RemoteIovec
	// noVM is set once process_vm_readv failed with ENOSYS or EPERM: from
	// then on memory is read a word at a time with PTRACE_PEEKDATA.
	noVM bool
}

// firstRead bounds the first read of a string: most paths are shorter,
// and copying the rest of the page would be wasted.
const firstRead = 256

// readString appends the NUL-terminated string at addr in tid's memory to
// dst[:0]. It never reads across a page boundary in one go, so a string
// that ends just before an unmapped page is still read, and stops at
// PATH_MAX.
func (m *memReader) readString(tid int, addr uint64, dst []byte) ([]byte, error) {
	dst = dst[:0]
	for len(dst) < pathMax {
		n := int(pageSize - addr%pageSize)
		if len(dst) == 0 && n > firstRead {
			n = firstRead
		}
		if rest := pathMax - len(dst); n > rest {
			n = rest
		}
		start := len(dst)
		if cap(dst)-start < n {
			grown := make([]byte, start, 2*cap(dst)+n)
			copy(grown, dst)
			dst = grown
		}
		dst = dst[:start+n]
		got, err := m.read(tid, addr, dst[start:], true)
		if got == 0 {
			return dst[:start], err
		}
		if i := bytes.IndexByte(dst[start:start+got], 0); i >= 0 {
			return dst[:start+i], nil
		}
		if got < n {
			return dst[:start+got], unix.EFAULT
		}
		dst = dst[:start+got]
		addr += uint64(got)
	}
	return dst, unix.ENAMETOOLONG
}

// read copies len(buf) bytes (which must not cross a page) from tid's
// memory and returns how many it could read. When stopNUL is set, the
// word-at-a-time fallback may stop early after a NUL byte.
func (m *memReader) read(tid int, addr uint64, buf []byte, stopNUL bool) (int, error) {
	if len(buf) == 0 {
		return 0, nil
	}
	if !m.noVM {
		m.local[0].Base = &buf[0]
		m.local[0].SetLen(len(buf))
		m.remote[0].Base = uintptr(addr)
		m.remote[0].Len = len(buf)
		r, _, e := unix.RawSyscall6(unix.SYS_PROCESS_VM_READV, uintptr(tid),
			uintptr(unsafe.Pointer(&m.local[0])), 1, uintptr(unsafe.Pointer(&m.remote[0])), 1, 0)
		m.local[0].Base = nil
		if e == 0 {
			return int(r), nil
		}
		if e != unix.ENOSYS && e != unix.EPERM {
			return 0, e
		}
		m.noVM = true
	}
	return m.peek(tid, addr, buf, stopNUL)
}

// peek reads with PTRACE_PEEKDATA, one aligned word at a time.
func (m *memReader) peek(tid int, addr uint64, buf []byte, stopNUL bool) (int, error) {
	const w = 8
	n := 0
	for n < len(buf) {
		a := (addr + uint64(n)) &^ (w - 1)
		off := int(addr + uint64(n) - a)
		var word [w]byte
		// PEEKDATA returns the word in *data for the raw syscall.
		if e := ptrace(unix.PTRACE_PEEKDATA, tid, uintptr(a), uintptr(unsafe.Pointer(&word[0]))); e != 0 {
			if n > 0 {
				return n, nil
			}
			return 0, e
		}
		c := copy(buf[n:], word[off:])
		if i := bytes.IndexByte(word[off:off+c], 0); stopNUL && i >= 0 {
			return n + i + 1, nil
		}
		n += c
	}
	return n, nil
}

// readUint64 reads one 64-bit word (openat2's how.flags).
func (m *memReader) readUint64(tid int, addr uint64) (uint64, error) {
	var b [8]byte
	for got := 0; got < 8; {
		chunk := 8 - got
		if p := int(pageSize - (addr+uint64(got))%pageSize); chunk > p {
			chunk = p
		}
		n, err := m.read(tid, addr+uint64(got), b[got:got+chunk], false)
		if err != nil {
			return 0, err
		}
		if n < chunk {
			return 0, unix.EFAULT
		}
		got += n
	}
	return *(*uint64)(unsafe.Pointer(&b[0])), nil
}

// readlinkProc reads /proc/<tid>/<what> into buf (e.g. "cwd", "exe",
// "fd/3") and returns the link target.
func readlinkProc(tid int, what string, buf []byte) ([]byte, error) {
	var p [64]byte
	b := append(p[:0], "/proc/"...)
	b = strconv.AppendInt(b, int64(tid), 10)
	b = append(b, '/')
	b = append(b, what...)
	return readlink(append(b, 0), buf)
}

// procFdPath writes /proc/TID/fd/FD, NUL-terminated, into b.
func procFdPath(b []byte, tid int, fd int64) []byte {
	b = append(b[:0], "/proc/"...)
	b = strconv.AppendInt(b, int64(tid), 10)
	b = append(b, "/fd/"...)
	b = strconv.AppendInt(b, fd, 10)
	return append(b, 0)
}

// readlinkFd reads /proc/TID/fd/FD without allocating (readlinkProc).
func readlinkFd(tid int, fd int64, buf []byte) ([]byte, error) {
	var p [64]byte
	return readlink(procFdPath(p[:0], tid, fd), buf)
}

// readlink reads the link at the NUL-terminated path into buf, growing it
// when the target does not fit, and returns the target.
func readlink(path, buf []byte) ([]byte, error) {
	for {
		r, _, e := unix.Syscall6(unix.SYS_READLINKAT, atFDCWDPtr, uintptr(unsafe.Pointer(&path[0])),
			uintptr(unsafe.Pointer(&buf[0])), uintptr(len(buf)), 0, 0)
		if e != 0 {
			return nil, e
		}
		if int(r) < len(buf) {
			return buf[:r], nil
		}
		buf = make([]byte, 2*len(buf))
	}
}

func init() {
	identityOf = func(path string) (uint64, uint64, bool) {
		var st unix.Stat_t
		if unix.Lstat(path, &st) != nil {
			return 0, 0, false
		}
		return st.Dev, st.Ino, true
	}
}

var errNoStatus = errors.New("no Tgid/PPid in /proc status")

// procIDs returns the thread group id and parent pid of tid from
// /proc/<tid>/status.
func procIDs(tid int) (tgid, ppid int, err error) {
	b, err := os.ReadFile("/proc/" + strconv.Itoa(tid) + "/status")
	if err != nil {
		return 0, 0, err
	}
	tgid, ppid = -1, -1
	for _, line := range bytes.Split(b, []byte("\n")) {
		if v, ok := bytes.CutPrefix(line, []byte("Tgid:")); ok {
			tgid, _ = strconv.Atoi(string(bytes.TrimSpace(v)))
		} else if v, ok := bytes.CutPrefix(line, []byte("PPid:")); ok {
			ppid, _ = strconv.Atoi(string(bytes.TrimSpace(v)))
		}
	}
	if tgid <= 0 || ppid < 0 {
		return 0, 0, errNoStatus
	}
	return tgid, ppid, nil
}

// tracerPid returns TracerPid of /proc/self/status: the pid of the process
// tracing this one, or 0.
func tracerPid() int {
	b, err := os.ReadFile("/proc/self/status")
	if err != nil {
		return 0
	}
	for _, line := range bytes.Split(b, []byte("\n")) {
		if v, ok := bytes.CutPrefix(line, []byte("TracerPid:")); ok {
			n, _ := strconv.Atoi(string(bytes.TrimSpace(v)))
			return n
		}
	}
	return 0
}

// atFDCWDPtr is AT_FDCWD as a syscall argument.
var atFDCWDPtr = func() uintptr { fd := unix.AT_FDCWD; return uintptr(fd) }()
