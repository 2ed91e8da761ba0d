// Package gittree owns a read-only fs.FS over a directory of a git commit,
// so that an ecosystem can open a project as it was at another commit (the
// base of a pull request) without checking it out or writing its files
// anywhere.
//
// The tree is listed once, with `git ls-tree -r -z -l`, when it is opened;
// a file's contents are read when it is first read, with `git cat-file
// blob`, and kept. Directories are the ones the listing implies. A
// symbolic link (mode 120000) named as the last element of a path is
// followed inside the tree when it is opened or stat'ed, as os.DirFS
// follows it on disk (Lstat and ReadLink do not follow it); one that leads
// out of the tree, or in a circle, names nothing. A submodule (mode
// 160000) is an empty directory: its files are another repository's.
//
// git runs through the caller's Git, which must take no configuration from
// the machine or the workspace (gitcmd.Output): the repository is a pull
// request's, and its .git/config could otherwise name programs for git to
// run.
package gittree

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"path"
	"sort"
	"strconv"
	"strings"
	"sync"
	"time"
)

// Git runs git with args in dir and returns its standard output.
type Git func(ctx context.Context, dir string, args ...string) ([]byte, error)

// maxLinks bounds how many symbolic links one lookup follows, as the
// kernel's ELOOP does.
const maxLinks = 40

// FS is the tree of one directory at one commit. Its methods are safe for
// concurrent use.
type FS struct {
	ctx  context.Context
	git  Git
	dir  string // where git runs: the directory the tree is of
	rev  string
	blob map[string]*entry        // file (or link, or submodule) path → entry
	dirs map[string][]fs.DirEntry // directory path ("." for the root) → entries, sorted

	mu   sync.Mutex
	data map[string][]byte // object id → contents read
}

// entry is one ls-tree entry.
type entry struct {
	name string // base name
	mode fs.FileMode
	oid  string
	size int64
}

func (e *entry) Name() string               { return e.name }
func (e *entry) IsDir() bool                { return e.mode.IsDir() }
func (e *entry) Type() fs.FileMode          { return e.mode.Type() }
func (e *entry) Info() (fs.FileInfo, error) { return fileInfo{e}, nil }
func (e *entry) String() string             { return fs.FormatDirEntry(e) }

// fileInfo is the fs.FileInfo of an entry. Git records no modification
// times; ModTime is the zero time.
type fileInfo struct{ e *entry }

func (i fileInfo) Name() string       { return i.e.name }
func (i fileInfo) Size() int64        { return i.e.size }
func (i fileInfo) Mode() fs.FileMode  { return i.e.mode }
func (i fileInfo) ModTime() time.Time { return time.Time{} }
func (i fileInfo) IsDir() bool        { return i.e.mode.IsDir() }
func (i fileInfo) Sys() any           { return nil }
func (i fileInfo) String() string     { return fs.FormatFileInfo(i) }

// Open lists the tree of dir (a directory inside a git work tree, named as
// the caller's git runs in it) at commit rev. A directory that the commit
// does not have is an empty tree: the project did not exist there. ctx
// bounds every git run of the FS, including the reads made later.
func Open(ctx context.Context, git Git, dir, rev string) (*FS, error) {
	if rev == "" || strings.HasPrefix(rev, "-") {
		return nil, fmt.Errorf("bad revision %q", rev)
	}
	// "rev:./" is the tree of the directory git runs in, and its entries
	// are named relative to it; --end-of-options keeps rev an operand.
	out, err := git(ctx, dir, "ls-tree", "-r", "-z", "-l", "--end-of-options", rev+"^{commit}", "--", ".")
	if err != nil {
		return nil, fmt.Errorf("list the tree of %s: %w", rev, err)
	}
	t := &FS{ctx: ctx, git: git, dir: dir, rev: rev, blob: map[string]*entry{}, dirs: map[string][]fs.DirEntry{".": nil}, data: map[string][]byte{}}
	for _, rec := range bytes.Split(out, []byte{0}) {
		if len(rec) == 0 {
			continue
		}
		if err := t.add(string(rec)); err != nil {
			return nil, fmt.Errorf("list the tree of %s: %w", rev, err)
		}
	}
	for d := range t.dirs {
		sort.Slice(t.dirs[d], func(i, j int) bool { return t.dirs[d][i].Name() < t.dirs[d][j].Name() })
	}
	return t, nil
}

// add records one "<mode> <type> <object> <size>\t<path>" record.
func (t *FS) add(rec string) error {
	meta, name, ok := strings.Cut(rec, "\t")
	f := strings.Fields(meta)
	if !ok || len(f) != 4 || !fs.ValidPath(name) || name == "." {
		return fmt.Errorf("unexpected ls-tree record %q", rec)
	}
	e := &entry{name: path.Base(name), oid: f[2]}
	switch f[0] {
	case "100644":
		e.mode = 0o644
	case "100755":
		e.mode = 0o755
	case "120000":
		e.mode = fs.ModeSymlink | 0o777
	case "160000":
		e.mode = fs.ModeDir | 0o555 // a submodule: an empty directory here
	default:
		return fmt.Errorf("unexpected mode %q in ls-tree record %q", f[0], rec)
	}
	if f[3] != "-" {
		n, err := strconv.ParseInt(f[3], 10, 64)
		if err != nil {
			return fmt.Errorf("bad size in ls-tree record %q", rec)
		}
		e.size = n
	}
	t.blob[name] = e
	if e.mode.IsDir() {
		t.dirs[name] = nil
	}
	// Every directory above the entry exists and lists what is below it.
	child := fs.DirEntry(e)
	for d := path.Dir(name); ; d = path.Dir(d) {
		_, seen := t.dirs[d]
		t.dirs[d] = append(t.dirs[d], child)
		if seen || d == "." {
			break
		}
		child = &entry{name: path.Base(d), mode: fs.ModeDir | 0o755}
	}
	return nil
}

// resolve follows the symbolic links of name's last element inside the
// tree. It returns the path name stands for: a file entry or a directory.
func (t *FS) resolve(op, name string) (string, error) {
	if !fs.ValidPath(name) {
		return "", &fs.PathError{Op: op, Path: name, Err: fs.ErrInvalid}
	}
	p := name
	for i := 0; i <= maxLinks; i++ {
		if _, ok := t.dirs[p]; ok {
			return p, nil
		}
		e, ok := t.blob[p]
		if !ok {
			return "", &fs.PathError{Op: op, Path: name, Err: fs.ErrNotExist}
		}
		if e.mode.Type() != fs.ModeSymlink {
			return p, nil
		}
		target, err := t.contents(e)
		if err != nil {
			return "", &fs.PathError{Op: op, Path: name, Err: err}
		}
		next := path.Join(path.Dir(p), string(target))
		if path.IsAbs(string(target)) || !fs.ValidPath(next) {
			// Out of the tree: nothing here.
			return "", &fs.PathError{Op: op, Path: name, Err: fs.ErrNotExist}
		}
		p = next
	}
	return "", &fs.PathError{Op: op, Path: name, Err: errors.New("too many levels of symbolic links")}
}

// contents reads a blob once.
func (t *FS) contents(e *entry) ([]byte, error) {
	t.mu.Lock()
	defer t.mu.Unlock()
	if b, ok := t.data[e.oid]; ok {
		return b, nil
	}
	b, err := t.git(t.ctx, t.dir, "cat-file", "blob", e.oid)
	if err != nil {
		return nil, fmt.Errorf("read %s at %s: %w", e.name, t.rev, err)
	}
	t.data[e.oid] = b
	return b, nil
}

// Open opens the file or directory name.
func (t *FS) Open(name string) (fs.File, error) {
	p, err := t.resolve("open", name)
	if err != nil {
		return nil, err
	}
	if entries, ok := t.dirs[p]; ok {
		return &dir{info: t.dirInfo(p), entries: entries}, nil
	}
	e := t.blob[p]
	b, err := t.contents(e)
	if err != nil {
		return nil, &fs.PathError{Op: "open", Path: name, Err: err}
	}
	return &file{info: fileInfo{e}, r: bytes.NewReader(b)}, nil
}

// ReadFile returns the contents of the file name.
func (t *FS) ReadFile(name string) ([]byte, error) {
	p, err := t.resolve("readfile", name)
	if err != nil {
		return nil, err
	}
	if _, ok := t.dirs[p]; ok {
		return nil, &fs.PathError{Op: "readfile", Path: name, Err: errors.New("is a directory")}
	}
	b, err := t.contents(t.blob[p])
	if err != nil {
		return nil, &fs.PathError{Op: "readfile", Path: name, Err: err}
	}
	return append([]byte(nil), b...), nil
}

// ReadDir lists the directory name, sorted by file name.
func (t *FS) ReadDir(name string) ([]fs.DirEntry, error) {
	p, err := t.resolve("readdir", name)
	if err != nil {
		return nil, err
	}
	entries, ok := t.dirs[p]
	if !ok {
		return nil, &fs.PathError{Op: "readdir", Path: name, Err: errors.New("not a directory")}
	}
	return append([]fs.DirEntry(nil), entries...), nil
}

// Stat returns the file information of name, symbolic links followed.
func (t *FS) Stat(name string) (fs.FileInfo, error) {
	p, err := t.resolve("stat", name)
	if err != nil {
		return nil, err
	}
	if _, ok := t.dirs[p]; ok {
		return t.dirInfo(p), nil
	}
	return fileInfo{t.blob[p]}, nil
}

// Lstat returns the file information of name without following a
// symbolic link.
func (t *FS) Lstat(name string) (fs.FileInfo, error) {
	if !fs.ValidPath(name) {
		return nil, &fs.PathError{Op: "lstat", Path: name, Err: fs.ErrInvalid}
	}
	if _, ok := t.dirs[name]; ok {
		return t.dirInfo(name), nil
	}
	if e, ok := t.blob[name]; ok {
		return fileInfo{e}, nil
	}
	return nil, &fs.PathError{Op: "lstat", Path: name, Err: fs.ErrNotExist}
}

// ReadLink returns the target of the symbolic link name, as git recorded
// it.
func (t *FS) ReadLink(name string) (string, error) {
	if !fs.ValidPath(name) {
		return "", &fs.PathError{Op: "readlink", Path: name, Err: fs.ErrInvalid}
	}
	e, ok := t.blob[name]
	if !ok {
		return "", &fs.PathError{Op: "readlink", Path: name, Err: fs.ErrNotExist}
	}
	if e.mode.Type() != fs.ModeSymlink {
		return "", &fs.PathError{Op: "readlink", Path: name, Err: fs.ErrInvalid}
	}
	b, err := t.contents(e)
	if err != nil {
		return "", &fs.PathError{Op: "readlink", Path: name, Err: err}
	}
	return string(b), nil
}

func (t *FS) dirInfo(p string) fs.FileInfo {
	if e, ok := t.blob[p]; ok {
		return fileInfo{e} // a submodule
	}
	return fileInfo{&entry{name: path.Base(p), mode: fs.ModeDir | 0o755}}
}

// file is an open regular file.
type file struct {
	info fs.FileInfo
	r    *bytes.Reader
}

func (f *file) Stat() (fs.FileInfo, error) { return f.info, nil }
func (f *file) Read(b []byte) (int, error) { return f.r.Read(b) }
func (f *file) Close() error               { return nil }

// Seek and ReadAt make a file usable where an io.ReadSeeker is wanted.
func (f *file) Seek(offset int64, whence int) (int64, error) { return f.r.Seek(offset, whence) }
func (f *file) ReadAt(b []byte, off int64) (int, error)      { return f.r.ReadAt(b, off) }

// dir is an open directory.
type dir struct {
	info    fs.FileInfo
	entries []fs.DirEntry
	off     int
}

func (d *dir) Stat() (fs.FileInfo, error) { return d.info, nil }
func (d *dir) Read([]byte) (int, error) {
	return 0, &fs.PathError{Op: "read", Path: d.info.Name(), Err: errors.New("is a directory")}
}
func (d *dir) Close() error { return nil }

// ReadDir returns the next n entries (all of them for n <= 0), as
// fs.ReadDirFile says.
func (d *dir) ReadDir(n int) ([]fs.DirEntry, error) {
	rest := d.entries[d.off:]
	if n <= 0 {
		d.off = len(d.entries)
		return append([]fs.DirEntry(nil), rest...), nil
	}
	if len(rest) == 0 {
		return nil, io.EOF
	}
	if n > len(rest) {
		n = len(rest)
	}
	d.off += n
	return append([]fs.DirEntry(nil), rest[:n]...), nil
}

var (
	_ fs.ReadDirFS  = (*FS)(nil)
	_ fs.ReadFileFS = (*FS)(nil)
	_ fs.StatFS     = (*FS)(nil)
	_ fs.ReadLinkFS = (*FS)(nil)
)
