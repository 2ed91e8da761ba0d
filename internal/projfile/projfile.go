// Package projfile owns reading the files a project under audit
// controls — its manifests, lockfiles and configuration, and the package
// metadata its installation left (node_modules, site-packages, ...) — so
// that no such file can stall or exhaust envaudit.
//
// A pull request controls these files: it can replace a manifest with a
// named pipe that no one writes (a read blocks forever), a symbolic link
// to /dev/zero (a read never ends) or to a socket, or make a lockfile
// gigabytes long. So every file is opened non-blocking (opening a pipe
// then returns at once instead of waiting for a writer), checked on the
// open descriptor to be a regular file (or a directory, for listing),
// and read up to a size cap that depends on what the file is; a file past
// its cap is refused before it is read.
package projfile

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"syscall"
)

// The size caps, by what a file is. Each is far above any real file of
// its kind and low enough that what the file costs stays within a
// runner's memory. A manifest costs the most for its size: each of its
// declarations becomes a finding with its renderings, some 4 KB each, so
// a requirements.txt of short lines at the 4 MiB cap (287,000
// declarations) took 1.5 GB and 8 s to audit, and one of 16 MiB 4.9 GB
// and 96 s.
const (
	// MaxManifest caps a file that declares dependencies
	// (requirements.txt, package.json, pom.xml, Cargo.toml, go.mod): the
	// largest real ones (a BOM pom, a monorepo's go.mod) are hundreds of
	// kilobytes.
	MaxManifest = 4 << 20
	// MaxLockfile caps a file a package manager writes
	// (package-lock.json, pnpm-lock.yaml, Cargo.lock, go.sum): the
	// largest monorepo lockfiles run to tens of megabytes.
	MaxLockfile = 64 << 20
	// MaxConfig caps a configuration file (.envaudit.yml, setup.cfg,
	// .cargo/config.toml, a workflow).
	MaxConfig = 4 << 20
	// MaxMetadata caps one installed package's metadata file (its
	// package.json, METADATA, RECORD, Cargo.toml).
	MaxMetadata = 16 << 20
)

// ErrNotRegular is the cause of an error for a file that is a named pipe,
// a device or a socket: none is read.
var ErrNotRegular = errors.New("not a regular file")

// TooLargeError is a file past its size cap, refused unread.
type TooLargeError struct {
	Size int64 // the size fstat reported, or how much was read before the cap
	Max  int64
}

func (e *TooLargeError) Error() string {
	return fmt.Sprintf("file is larger than the %s limit", Size(e.Max))
}

// Size formats a byte count the way the caps are documented: "16 MiB".
func Size(n int64) string {
	switch {
	case n >= 1<<20 && n%(1<<20) == 0:
		return fmt.Sprintf("%d MiB", n>>20)
	case n >= 1<<10 && n%(1<<10) == 0:
		return fmt.Sprintf("%d KiB", n>>10)
	}
	return fmt.Sprintf("%d bytes", n)
}

// Open opens the file at path for reading without blocking and returns it
// with its file information, taken from the open descriptor (so no rename
// between a check and the open can swap the file). A file that is neither
// regular nor a directory is closed and refused with an *fs.PathError
// wrapping ErrNotRegular that names its kind.
func Open(path string) (*os.File, fs.FileInfo, error) {
	// O_NONBLOCK makes opening a FIFO with no writer return at once; on a
	// regular file or a directory it changes nothing.
	f, err := os.OpenFile(path, os.O_RDONLY|syscall.O_NONBLOCK|syscall.O_NOCTTY, 0)
	if err != nil {
		return nil, nil, err
	}
	fi, err := f.Stat()
	if err != nil {
		f.Close()
		return nil, nil, err
	}
	if !fi.Mode().IsRegular() && !fi.IsDir() {
		f.Close()
		return nil, nil, &fs.PathError{Op: "open", Path: path, Err: notRegular(fi.Mode())}
	}
	return f, fi, nil
}

// notRegular returns ErrNotRegular saying what the file is instead.
func notRegular(m fs.FileMode) error {
	kind := "a special file"
	switch {
	case m&fs.ModeNamedPipe != 0:
		kind = "a named pipe"
	case m&fs.ModeSocket != 0:
		kind = "a socket"
	case m&fs.ModeCharDevice != 0:
		kind = "a character device"
	case m&fs.ModeDevice != 0:
		kind = "a block device"
	case m&fs.ModeIrregular != 0:
		kind = "an irregular file"
	}
	return fmt.Errorf("%w (%s)", ErrNotRegular, kind)
}

// ReadFile reads the regular file at path, refusing it when it is
// larger than max bytes. Errors are *fs.PathError values naming path.
func ReadFile(path string, max int64) ([]byte, error) {
	f, fi, err := Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return read(f, fi, path, max)
}

// ReadFS reads the file name of fsys as ReadFile does: a file that is not
// regular (as fsys reports it on the opened file) or is larger than max
// bytes is refused. On DirFS the open itself never blocks; on another
// fs.FS (a git tree) there is nothing that could.
func ReadFS(fsys fs.FS, name string, max int64) ([]byte, error) {
	f, err := fsys.Open(name)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	fi, err := f.Stat()
	if err != nil {
		return nil, err
	}
	return read(f, fi, name, max)
}

// read reads the opened file f, whose information is fi, up to max bytes.
// The size fstat reports is checked first, and the read is bounded too,
// since a file can grow while it is read and some report no size at all.
func read(f io.Reader, fi fs.FileInfo, name string, max int64) ([]byte, error) {
	switch {
	case fi.IsDir():
		return nil, &fs.PathError{Op: "read", Path: name, Err: errors.New("is a directory")}
	case !fi.Mode().IsRegular():
		return nil, &fs.PathError{Op: "read", Path: name, Err: notRegular(fi.Mode())}
	case fi.Size() > max:
		return nil, &fs.PathError{Op: "read", Path: name, Err: &TooLargeError{Size: fi.Size(), Max: max}}
	}
	var buf bytes.Buffer
	buf.Grow(int(fi.Size()) + bytes.MinRead)
	n, err := buf.ReadFrom(io.LimitReader(f, max+1))
	if err != nil {
		return nil, &fs.PathError{Op: "read", Path: name, Err: err}
	}
	if n > max {
		return nil, &fs.PathError{Op: "read", Path: name, Err: &TooLargeError{Size: n, Max: max}}
	}
	return buf.Bytes(), nil
}

// DirFS returns the file system of the directory tree at root, as
// os.DirFS does (symbolic links followed), except that every file is
// opened as Open opens it: a named pipe, device or socket is refused at
// the open, which never blocks, and ReadFile reads at most MaxLockfile
// bytes (the largest cap; read a file of a known kind with ReadFS and
// its own cap).
func DirFS(root string) fs.FS { return dirFS(root) }

type dirFS string

var (
	_ fs.ReadFileFS = dirFS("")
	_ fs.StatFS     = dirFS("")
	_ fs.ReadDirFS  = dirFS("")
)

func (d dirFS) join(op, name string) (string, error) {
	if !fs.ValidPath(name) {
		return "", &fs.PathError{Op: op, Path: name, Err: fs.ErrInvalid}
	}
	return filepath.Join(string(d), filepath.FromSlash(name)), nil
}

// rename makes an error name the fs.FS name, as os.DirFS's do.
func rename(err error, name string) error {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		pe.Path = name
	}
	return err
}

func (d dirFS) Open(name string) (fs.File, error) {
	p, err := d.join("open", name)
	if err != nil {
		return nil, err
	}
	f, _, err := Open(p)
	if err != nil {
		return nil, rename(err, name)
	}
	return f, nil
}

func (d dirFS) ReadFile(name string) ([]byte, error) {
	p, err := d.join("read", name)
	if err != nil {
		return nil, err
	}
	data, err := ReadFile(p, MaxLockfile)
	return data, rename(err, name)
}

// Stat follows symbolic links and opens nothing, so it cannot block.
func (d dirFS) Stat(name string) (fs.FileInfo, error) {
	p, err := d.join("stat", name)
	if err != nil {
		return nil, err
	}
	fi, err := os.Stat(p)
	return fi, rename(err, name)
}

func (d dirFS) ReadDir(name string) ([]fs.DirEntry, error) {
	p, err := d.join("readdir", name)
	if err != nil {
		return nil, err
	}
	entries, err := ReadDir(p)
	return entries, rename(err, name)
}

// ReadDir lists the directory at path sorted by file name, as os.ReadDir
// does, but opens it as Open does: os.ReadDir's blocking open would hang
// on a named pipe where a directory was expected.
func ReadDir(path string) ([]fs.DirEntry, error) {
	f, fi, err := Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	if !fi.IsDir() {
		return nil, &fs.PathError{Op: "readdirent", Path: path, Err: syscall.ENOTDIR}
	}
	entries, err := f.ReadDir(-1)
	slices.SortFunc(entries, func(a, b fs.DirEntry) int { return strings.Compare(a.Name(), b.Name()) })
	return entries, err
}
