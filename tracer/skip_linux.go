//go:build linux && (amd64 || arm64)

package tracer

import (
	"bytes"
	"path/filepath"
	"strconv"
	"unsafe"

	"golang.org/x/sys/unix"
)

// A skipped directory is trusted to hold only files no package owns, but
// the traced command can write below it (the Go build cache is the user's):
// a symbolic link or a hard link planted there could name a package's file,
// and an open through it, counted instead of recorded, would hide that the
// package was used. So before the tracer counts an open below a skipped
// directory it looks, from its side, at what the path names for the tracee,
// and counts only the directory's own files: everything else is traced as
// any other open, with its exit stop. The eBPF backend applies the same
// rule to what the kernel says of the file the open returned
// (bpfTracer.own).

// skipRoot is a skipped directory as it was when the run started, to which
// the file an open below it names must still belong.
type skipRoot struct {
	real []byte // its real path, ending in "/"
	mnt  uint64 // the ID of the mount it is on
}

// skipRoots resolves the skipped directories before the command starts, so
// that nothing the command later does to their paths (a directory replaced
// by a symbolic link, a cache created as one) changes what they are. A
// directory that does not exist yet (a build cache the run will create)
// is resolved through its nearest existing ancestor, on whose mount it
// will be made. It also returns what the tracer's root is (ownFile).
func skipRoots(dirs [][]byte) ([]skipRoot, unix.Statx_t) {
	var out []skipRoot
	var root unix.Statx_t
	if len(dirs) > 0 && !statx(atFDCWDPtr, []byte("/\x00"), 0, &root) {
		// Without mount IDs (Linux before 5.8) no file can be shown to
		// be a skipped directory's own: nothing is skipped.
		return nil, root
	}
	for _, d := range dirs {
		dir := string(d[:len(d)-1])
		rest := ""
		for {
			real, err := filepath.EvalSymlinks(dir)
			if err == nil {
				var stx unix.Statx_t
				if !statx(atFDCWDPtr, append([]byte(real), 0), 0, &stx) {
					break
				}
				r := filepath.Join(real, rest)
				if r != "/" {
					r += "/"
				}
				out = append(out, skipRoot{real: []byte(r), mnt: stx.Mnt_id})
				break
			}
			parent := filepath.Dir(dir)
			if parent == dir {
				break
			}
			rest = filepath.Join(filepath.Base(dir), rest)
			dir = parent
		}
	}
	return out, root
}

// ownFile reports whether the open by tid of path, an absolute path below a
// skipped directory as spelled, names one of the skipped directories' own
// files: it is resolved as the tracee resolves it (from its root, which a
// chroot or another mount namespace may have moved, with every symbolic
// link followed but the last) and must then be a regular file with no
// other hard link, or a directory, on the mount of a skipped directory and
// whose real path lies below it. A path that names nothing is the
// directory's too: the open fails, or creates a new file. Anything else —
// a symbolic link, a hard link, a device, a mount point, a /proc magic
// link, a path the tracer cannot resolve — is not.
//
// It costs the tracer four system calls and the tracee no stop when the
// tracee's root is the tracer's and no symbolic link is on the path (the
// build cache, the toolchain); up to eight otherwise. What the path names,
// and the path in the tracee's memory, may change between this look and
// the kernel's own walk for the open; docs/tracer.md says so.
func (t *tracer) ownFile(tid int, path []byte) bool {
	if len(t.skipRoots) == 0 {
		return false
	}
	c := append(append(t.cpath[:0], path...), 0)
	t.cpath = c
	var p [64]byte
	b := append(p[:0], "/proc/"...)
	b = strconv.AppendInt(b, int64(tid), 10)
	b = append(b, "/root\x00"...)
	var stx unix.Statx_t
	if statx(atFDCWDPtr, b, 0, &stx) && stx.Mnt_id == t.fsRoot.Mnt_id && stx.Ino == t.fsRoot.Ino &&
		stx.Dev_major == t.fsRoot.Dev_major && stx.Dev_minor == t.fsRoot.Dev_minor {
		// The tracee's root is the tracer's: with no symbolic link on
		// the way, the path is the file's real path.
		fd, e := openat2(atFDCWDPtr, c, unix.RESOLVE_NO_SYMLINKS)
		switch e {
		case 0:
			defer closeFd(fd)
			return t.own(fd, path, &stx)
		case unix.ENOENT:
			return true
		case unix.ELOOP:
		default:
			return false
		}
	}
	root, _, e := unix.Syscall6(unix.SYS_OPENAT, atFDCWDPtr, uintptr(unsafe.Pointer(&b[0])),
		unix.O_PATH|unix.O_DIRECTORY|unix.O_CLOEXEC, 0, 0, 0)
	if e != 0 {
		return false
	}
	// RESOLVE_IN_ROOT makes the tracee's root the root of the walk for
	// absolute symbolic links too, as it is for the tracee; a /proc magic
	// link would name the tracer's own descriptors or root instead of the
	// tracee's, so it ends the walk.
	fd, e := openat2(root, c, unix.RESOLVE_IN_ROOT|unix.RESOLVE_NO_MAGICLINKS)
	closeFd(root)
	if e == unix.ENOENT {
		return true
	}
	if e != 0 {
		return false
	}
	defer closeFd(fd)
	b = append(p[:0], "/proc/self/fd/"...)
	b = strconv.AppendInt(b, int64(fd), 10)
	real, err := readlink(append(b, 0), t.link)
	if err != nil {
		return false
	}
	return t.own(fd, real, &stx)
}

// own reports whether the file open as fd (O_PATH), whose real path is
// real, is a skipped directory's own file (ownFile).
func (t *tracer) own(fd uintptr, real []byte, stx *unix.Statx_t) bool {
	if !statx(fd, emptyPath, unix.AT_EMPTY_PATH|unix.AT_SYMLINK_NOFOLLOW, stx) {
		return false
	}
	switch stx.Mode & unix.S_IFMT {
	case unix.S_IFREG:
		if stx.Nlink != 1 {
			return false
		}
	case unix.S_IFDIR:
	default:
		return false
	}
	return belowRoot(t.skipRoots, real, stx.Mnt_id)
}

// belowRoot reports whether real, a real path on the mount with ID mnt, is
// one of roots or lies below it, on its mount.
func belowRoot(roots []skipRoot, real []byte, mnt uint64) bool {
	for _, r := range roots {
		if r.mnt != mnt || !bytes.HasPrefix(real, r.real[:len(r.real)-1]) {
			continue
		}
		// Below r, or r itself.
		if len(real) == len(r.real)-1 || real[len(r.real)-1] == '/' {
			return true
		}
	}
	return false
}

// statx stats the NUL-terminated path from dirfd without allocating, and
// reports whether the mount ID came with the answer (Linux 5.8 and later).
func statx(dirfd uintptr, path []byte, flags int, stx *unix.Statx_t) bool {
	_, _, e := unix.Syscall6(unix.SYS_STATX, dirfd, uintptr(unsafe.Pointer(&path[0])), uintptr(flags),
		unix.STATX_TYPE|unix.STATX_NLINK|unix.STATX_INO|unix.STATX_MNT_ID, uintptr(unsafe.Pointer(stx)), 0)
	return e == 0 && stx.Mask&unix.STATX_MNT_ID != 0
}

// openat2 opens the NUL-terminated path from dirfd as O_PATH, not following
// a final symbolic link, with the resolve flags given.
func openat2(dirfd uintptr, path []byte, resolve uint64) (uintptr, unix.Errno) {
	how := unix.OpenHow{Flags: unix.O_PATH | unix.O_NOFOLLOW | unix.O_CLOEXEC, Resolve: resolve}
	fd, _, e := unix.Syscall6(unix.SYS_OPENAT2, dirfd, uintptr(unsafe.Pointer(&path[0])),
		uintptr(unsafe.Pointer(&how)), unsafe.Sizeof(how), 0, 0)
	return fd, e
}

func closeFd(fd uintptr) { unix.Syscall(unix.SYS_CLOSE, fd, 0, 0) }

var emptyPath = []byte{0}

// skipsOpen reports whether a file open by th of path, with the open
// arguments of kind, is counted instead of recorded.
func (t *tracer) skipsOpen(th *thread, kind sysKind, args *[6]uint64, path []byte) bool {
	if !t.skips(path) {
		return false
	}
	if kind == sysOpenat2 {
		// how.resolve: RESOLVE_IN_ROOT resolves even an absolute path
		// from the directory fd, and the other flags are rare enough to
		// trace as usual.
		if r, err := t.mem.readUint64(th.tid, args[2]+16); err != nil || r != 0 {
			return false
		}
	}
	return t.ownFile(th.tid, path)
}
