// Package gittree owns a read-only fs.FS over a directory of a git commit,
// so that an ecosystem can open a project as it was at another commit (the
// base of a pull request) without checking it out or writing its files
// anywhere, and reading only objects it has verified.
//
// The object store git reads is the checkout's, which the pull request's
// code may have written before envaudit ran (an install script plants a
// pack or a loose object, or makes .git a file naming a repository of its
// own): git does not check that an object's contents hash to its name,
// so a forged object could make the base commit declare what the pull
// request declares, or carry the pull request's .envaudit.yml. So every
// object is verified by hashing, against the name the chain from the
// commit gives it — the commit's own ID, which the caller has from a
// source the pull request cannot write (the event), names its tree, each
// tree names its entries — and one that does not hash to its name is an
// error, never content:
//
//   - the commit is read raw (`git cat-file commit`) and hashed;
//   - each tree on the way from the repository's top to the directory,
//     and the directory's whole subtree, is listed (`git ls-tree -z`, -r
//     -t -l for the subtree), and the raw tree objects are rebuilt from
//     the listing — "<mode> <name>\0<binary id>" per entry, in the order
//     listed — and hashed;
//   - a file's contents are read when it is first read (`git cat-file
//     blob`), hashed, and kept.
//
// The hash is SHA-1 for a 40-digit ID and SHA-256 for a 64-digit one,
// whatever the repository's configuration says. (A tree holding an entry
// mode git itself no longer writes, such as 100664 from its first
// versions, is listed with the canonical mode and fails to verify.) The
// sizes ls-tree lists are read from the store too, so Stat's sizes are
// hints; what is read is exactly the object named.
//
// Directories are the ones the listing implies. A symbolic link (mode
// 120000) named as the last element of a path is followed inside the tree
// when it is opened or stat'ed, as os.DirFS follows it on disk (Lstat and
// ReadLink do not follow it); one that leads out of the tree, or in a
// circle, names nothing. A submodule (mode 160000) is an empty directory:
// its files are another repository's.
//
// git runs through the caller's Git, which must take no configuration from
// the machine or the workspace (gitcmd.Output): the repository is a pull
// request's, and its .git/config could otherwise name programs for git to
// run.
package gittree

import (
	"bytes"
	"context"
	"crypto/sha1"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"hash"
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

// ErrForged is the cause of an error for an object whose contents do not
// hash to its name: the object store was written by someone other than
// git.
var ErrForged = errors.New("the object's contents do not hash to its ID (the repository's object store was tampered with)")

// FS is the tree of one directory at one commit. Its methods are safe for
// concurrent use.
type FS struct {
	ctx    context.Context
	git    Git
	dir    string // where git runs
	commit string
	// newHash is the hash of the commit's object format.
	newHash func() hash.Hash
	blob    map[string]*entry        // file (or link, or submodule) path → entry
	dirs    map[string][]fs.DirEntry // directory path ("." for the root) → entries, sorted
	// top holds the regular files at the repository's top, by name,
	// when the directory is below it (TopFile).
	top map[string]*entry

	mu   sync.Mutex
	data map[string][]byte // object id → contents read and verified
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
// the caller's git runs in it) at commit, a full commit ID (40 or 64 hex
// digits: the one the chain of verified objects starts from). A directory
// that the commit does not have is an empty tree: the project did not
// exist there. ctx bounds every git run of the FS, including the reads
// made later.
func Open(ctx context.Context, git Git, dir, commit string) (*FS, error) {
	newHash := HashOf(commit)
	if newHash == nil {
		return nil, fmt.Errorf("bad commit %q: not a full commit ID", commit)
	}
	t := &FS{ctx: ctx, git: git, dir: dir, commit: commit, newHash: newHash, blob: map[string]*entry{}, dirs: map[string][]fs.DirEntry{".": nil}, data: map[string][]byte{}}
	raw, err := git(ctx, dir, "cat-file", "commit", commit)
	if err != nil {
		return nil, fmt.Errorf("read commit %s: %w", commit, err)
	}
	if err := t.verify("commit", commit, raw); err != nil {
		return nil, err
	}
	tree, err := commitTree(raw, len(commit))
	if err != nil {
		return nil, fmt.Errorf("commit %s: %w", commit, err)
	}
	out, err := git(ctx, dir, "rev-parse", "--show-prefix")
	if err != nil {
		return nil, fmt.Errorf("find %s in its repository: %w", dir, err)
	}
	// Down from the repository's top to the directory, one verified tree
	// at a time.
	prefix := strings.Trim(strings.TrimSpace(string(out)), "/")
	if prefix != "" {
		t.top = map[string]*entry{}
	}
	for i, name := range strings.Split(prefix, "/") {
		if name == "" {
			continue
		}
		recs, err := t.list(tree, false)
		if err != nil {
			return nil, err
		}
		if err := t.verifyTree(tree, recs); err != nil {
			return nil, err
		}
		next := ""
		for _, r := range recs {
			if r.path == name && r.typ == "tree" {
				next = r.oid
			}
			if i == 0 && (r.mode == "100644" || r.mode == "100755") {
				t.top[r.path] = &entry{name: r.path, mode: 0o644, oid: r.oid}
			}
		}
		if next == "" {
			return t, nil // the commit has no such directory
		}
		tree = next
	}
	recs, err := t.list(tree, true)
	if err != nil {
		return nil, err
	}
	if err := t.verifyListing(tree, recs); err != nil {
		return nil, err
	}
	for _, r := range recs {
		if r.typ == "tree" {
			continue // a directory: what is below it says it
		}
		if err := t.add(r); err != nil {
			return nil, fmt.Errorf("list tree %s of commit %s: %w", tree, commit, err)
		}
	}
	for d := range t.dirs {
		sort.Slice(t.dirs[d], func(i, j int) bool { return t.dirs[d][i].Name() < t.dirs[d][j].Name() })
	}
	return t, nil
}

// list lists tree: its entries, or, recursive, every entry below it
// with every subtree before what is in it (-r -t) and the blobs' sizes.
func (t *FS) list(tree string, recursive bool) ([]record, error) {
	args := []string{"ls-tree", "-z", "--full-tree"}
	if recursive {
		args = append(args, "-r", "-t", "-l")
	}
	out, err := t.git(t.ctx, t.dir, append(args, tree)...)
	if err == nil {
		var recs []record
		if recs, err = parseListing(out, recursive); err == nil {
			return recs, nil
		}
	}
	return nil, fmt.Errorf("list tree %s of commit %s: %w", tree, t.commit, err)
}

// HashOf returns the hash of the object format whose IDs look like id:
// SHA-1 for 40 lowercase hex digits, SHA-256 for 64; nil for anything
// else.
func HashOf(id string) func() hash.Hash {
	if strings.Trim(id, "0123456789abcdef") != "" {
		return nil
	}
	switch len(id) {
	case 40:
		return sha1.New
	case 64:
		return sha256.New
	}
	return nil
}

// ObjectID returns the ID of the object of type typ ("blob", "tree",
// "commit") with contents data, hashed by newHash: the hash of
// "<type> <size>\0<contents>", in hex.
func ObjectID(newHash func() hash.Hash, typ string, data []byte) string {
	h := newHash()
	fmt.Fprintf(h, "%s %d\x00", typ, len(data))
	h.Write(data)
	return hex.EncodeToString(h.Sum(nil))
}

// verify checks that data, read as the object of type typ named id,
// hashes to id.
func (t *FS) verify(typ, id string, data []byte) error {
	if ObjectID(t.newHash, typ, data) != id {
		return fmt.Errorf("%s %s: %w", typ, id, ErrForged)
	}
	return nil
}

// commitTree returns the tree a raw commit names on its first line.
func commitTree(raw []byte, idLen int) (string, error) {
	line, _, _ := bytes.Cut(raw, []byte{'\n'})
	tree, ok := bytes.CutPrefix(line, []byte("tree "))
	if !ok || len(tree) != idLen || HashOf(string(tree)) == nil {
		return "", fmt.Errorf("no tree on its first line %q", clip(string(line)))
	}
	return string(tree), nil
}

// record is one ls-tree record: "<mode> <type> <id>[ <size>]\t<path>".
type record struct {
	mode, typ, oid, size, path string
}

// parseListing parses the NUL-separated records of `git ls-tree -z`,
// with sizes when long (-l).
func parseListing(out []byte, long bool) ([]record, error) {
	var recs []record
	for _, rec := range bytes.Split(out, []byte{0}) {
		if len(rec) == 0 {
			continue
		}
		meta, name, ok := strings.Cut(string(rec), "\t")
		f := strings.Fields(meta)
		want := 3
		if long {
			want = 4
		}
		if !ok || len(f) != want || !fs.ValidPath(name) || name == "." {
			return nil, fmt.Errorf("unexpected ls-tree record %q", clip(string(rec)))
		}
		r := record{mode: f[0], typ: f[1], oid: f[2], path: name}
		if long {
			r.size = f[3]
		}
		recs = append(recs, r)
	}
	return recs, nil
}

// verifyTree checks that the entries of one tree, as listed, rebuild the
// tree object named id.
func (t *FS) verifyTree(id string, recs []record) error {
	raw, err := t.rawTree(recs)
	if err != nil {
		return fmt.Errorf("tree %s: %w", id, err)
	}
	return t.verify("tree", id, raw)
}

// verifyListing checks a recursive listing of the tree named root (with
// -t, so that every subtree is listed too, before what is in it): the
// entries of each directory, in the order listed, rebuild the tree
// object its parent names it by, and the top ones the tree root.
func (t *FS) verifyListing(root string, recs []record) error {
	children := map[string][]record{} // directory ("" for the top) → its entries, as listed
	names := map[string]string{"": root}
	for _, r := range recs {
		dir, base := "", r.path
		if i := strings.LastIndexByte(r.path, '/'); i >= 0 {
			dir, base = r.path[:i], r.path[i+1:]
		}
		if _, ok := names[dir]; !ok {
			return fmt.Errorf("tree %s: %q is listed before its directory", root, clip(r.path))
		}
		children[dir] = append(children[dir], record{mode: r.mode, typ: r.typ, oid: r.oid, path: base})
		if r.typ == "tree" {
			names[r.path] = r.oid
		}
	}
	for dir, id := range names {
		if err := t.verifyTree(id, children[dir]); err != nil {
			return err
		}
	}
	return nil
}

// rawTree rebuilds a tree object from its entries: "<mode> <name>\0"
// and the binary ID, for each, with a tree's mode written as git writes
// it (40000).
func (t *FS) rawTree(entries []record) ([]byte, error) {
	var b bytes.Buffer
	for _, e := range entries {
		id, err := hex.DecodeString(e.oid)
		if err != nil || len(id) != t.newHash().Size() {
			return nil, fmt.Errorf("entry %q: bad object ID %q", clip(e.path), clip(e.oid))
		}
		b.WriteString(strings.TrimPrefix(e.mode, "0"))
		b.WriteByte(' ')
		b.WriteString(e.path)
		b.WriteByte(0)
		b.Write(id)
	}
	return b.Bytes(), nil
}

// add records one entry of the listing (a file, link or submodule), at
// its path relative to the directory.
func (t *FS) add(r record) error {
	name := r.path
	e := &entry{name: path.Base(name), oid: r.oid}
	switch r.mode {
	case "100644":
		e.mode = 0o644
	case "100755":
		e.mode = 0o755
	case "120000":
		e.mode = fs.ModeSymlink | 0o777
	case "160000":
		e.mode = fs.ModeDir | 0o555 // a submodule: an empty directory here
	default:
		return fmt.Errorf("unexpected mode %q of %q", r.mode, clip(name))
	}
	if r.size != "-" && r.size != "" {
		n, err := strconv.ParseInt(r.size, 10, 64)
		if err != nil {
			return fmt.Errorf("bad size %q of %q", r.size, clip(name))
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

// clip shortens a value for an error message.
func clip(s string) string {
	const n = 80
	if len(s) <= n {
		return s
	}
	return s[:n] + "…"
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

// contents reads a blob once, and verifies it: what is kept is the
// object its entry names.
func (t *FS) contents(e *entry) ([]byte, error) {
	t.mu.Lock()
	defer t.mu.Unlock()
	if b, ok := t.data[e.oid]; ok {
		return b, nil
	}
	b, err := t.git(t.ctx, t.dir, "cat-file", "blob", e.oid)
	if err != nil {
		return nil, fmt.Errorf("read %s at %s: %w", e.name, t.commit, err)
	}
	if err := t.verify("blob", e.oid, b); err != nil {
		return nil, fmt.Errorf("read %s at %s: %w", e.name, t.commit, err)
	}
	t.data[e.oid] = b
	return b, nil
}

// Blob returns the contents of the file name without following a
// symbolic link (a link's target, as git recorded it), verified, with
// the object ID it has at the commit; ok is false when the commit has
// no file (nor link) there.
func (t *FS) Blob(name string) (data []byte, oid string, ok bool, err error) {
	e, found := t.blob[name]
	if !found || e.mode.IsDir() {
		return nil, "", false, nil
	}
	data, err = t.contents(e)
	return data, e.oid, true, err
}

// ID returns the object ID of the file (or link) name at the commit, and
// whether it is a regular file; "" when the commit has none there.
func (t *FS) ID(name string) (oid string, regular bool) {
	e, found := t.blob[name]
	if !found || e.mode.IsDir() {
		return "", false
	}
	return e.oid, e.mode.IsRegular()
}

// TopFile returns the contents of the regular file name at the top of
// the repository (where a repository-wide configuration file lies),
// verified; ok is false when the commit has no regular file there.
func (t *FS) TopFile(name string) (data []byte, ok bool, err error) {
	e := t.top[name]
	if t.top == nil { // the directory is the top
		if e = t.blob[name]; e != nil && !e.mode.IsRegular() {
			e = nil
		}
	}
	if e == nil {
		return nil, false, nil
	}
	data, err = t.contents(e)
	return data, true, err
}

// BlobID returns the ID git gives a file holding data, in the commit's
// object format: what ID returns for a file the commit has with that
// content.
func (t *FS) BlobID(data []byte) string { return ObjectID(t.newHash, "blob", data) }

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
