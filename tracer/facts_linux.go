//go:build linux && (amd64 || arm64)

package tracer

import (
	"bufio"
	"bytes"
	"os"
	"strconv"
	"unsafe"

	"golang.org/x/sys/unix"
)

// What the kernel says of each opened file, at its open: the tracer does
// not trust a path to say which file it was, since a mount made during the
// run, another mount namespace, a rename or a path longer than PATH_MAX can
// each make a path name another file than the one opened (recorder.file).

// factsMask is what statxFacts asks of statx.
const factsMask = unix.STATX_TYPE | unix.STATX_NLINK | unix.STATX_INO | unix.STATX_MNT_ID | unix.STATX_CTIME

// statxFacts describes the file at the NUL-terminated path, following a
// final /proc magic link (/proc/PID/fd/N, /proc/PID/exe) to the open file
// itself, whatever its path names by now. Its kind is fileUnknown when
// statx fails (the descriptor is gone).
func statxFacts(path []byte) fileFacts {
	var stx unix.Statx_t
	_, _, e := unix.Syscall6(unix.SYS_STATX, atFDCWDPtr, uintptr(unsafe.Pointer(&path[0])), 0,
		factsMask, uintptr(unsafe.Pointer(&stx)), 0)
	if e != 0 {
		return fileFacts{}
	}
	f := fileFacts{
		dev:   unix.Mkdev(stx.Dev_major, stx.Dev_minor),
		ino:   stx.Ino,
		nlink: stx.Nlink,
		kind:  fileOther,
		ctime: stx.Ctime.Sec*1e9 + int64(stx.Ctime.Nsec),
	}
	if stx.Mask&unix.STATX_MNT_ID != 0 {
		f.mnt = stx.Mnt_id
	}
	switch uint32(stx.Mode) & unix.S_IFMT {
	case unix.S_IFREG:
		f.kind = fileRegular
	case unix.S_IFDIR:
		f.kind = fileDir
	}
	return f
}

// fdFacts describes the file behind descriptor fd of tid.
func fdFacts(tid int, fd int64) fileFacts {
	var p [64]byte
	return statxFacts(procFdPath(p[:0], tid, fd))
}

// exeFactsOf describes the binary process pid runs.
func exeFactsOf(pid int) fileFacts {
	var p [64]byte
	b := append(p[:0], "/proc/"...)
	b = strconv.AppendInt(b, int64(pid), 10)
	return statxFacts(append(b, "/exe\x00"...))
}

// ownMounts returns the IDs of the mounts of this process's mount
// namespace (/proc/self/mountinfo's first field), nil when they cannot be
// read: a file opened on any other mount was reached through a mount made
// later, or one of another namespace. Mount IDs are the kernel's, shared
// by every namespace, and not reused while their mount exists.
func ownMounts() map[uint64]bool {
	f, err := os.Open("/proc/self/mountinfo")
	if err != nil {
		return nil
	}
	defer f.Close()
	out := map[uint64]bool{}
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 64<<10), 1<<20)
	for sc.Scan() {
		id, _, _ := bytes.Cut(sc.Bytes(), []byte(" "))
		n, err := strconv.ParseUint(string(id), 10, 64)
		if err != nil {
			return nil
		}
		out[n] = true
	}
	if sc.Err() != nil || len(out) == 0 {
		return nil
	}
	return out
}

// coarseNow is the wall-clock time as the kernel stamps an inode's ctime
// with it (CLOCK_REALTIME_COARSE), in nanoseconds: a ctime taken at or
// after it cannot be earlier. Zero when unreadable.
func coarseNow() int64 {
	var ts unix.Timespec
	if unix.ClockGettime(unix.CLOCK_REALTIME_COARSE, &ts) != nil {
		return 0
	}
	return ts.Nano()
}
