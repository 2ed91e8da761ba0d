package dpkg

import (
	"errors"
	"io/fs"
	"path"
	"sync"
	"syscall"
	"time"
)

// An audit opens the database several times: the Python ecosystem before
// the run (for the modules of Debian's distributions) and after it, the
// system ecosystem after it; each open reads the status file and, on first
// use, about a thousand list files. A database opened from a real file
// system is shared by the opens that follow, for as long as every file it
// read is still the file it read: the one opened first is given again when
// a stat of each of them (the status, arch, diversions and os-release
// files, the info directory and each list read) finds the same inode,
// size, modification and change times. A write to any of them changes its
// change time, which no process can set back, so a database the traced
// command changed (a package it installed, a list it rewrote) is read
// again, as before. Files changed within racyWindow of their read are not
// trusted to show a later write in their times (the clock the kernel
// stamps them with is coarse): a database that read one is not shared.

// racyWindow is how recent a change may be for a file's times to be
// trusted to show the next one; a variable for the tests.
var racyWindow = 2 * time.Second

// maxShared bounds how many databases are kept: a process audits one
// system, and a test suite's temporary databases must not pile up.
const maxShared = 2

// fileID is what a stat tells of a file's content without reading it.
type fileID struct {
	dev, ino     uint64
	size         int64
	mtime, ctime int64 // nanoseconds
	mode         uint32
	absent       bool
}

// statID returns the identity of the file name in fsys, absent when it
// does not exist; ok is false when fsys gives no inode and times (not the
// real file system) or the stat failed otherwise.
func statID(fsys fs.FS, name string) (id fileID, ok bool) {
	fi, err := fs.Stat(fsys, name)
	if err != nil {
		if errors.Is(err, fs.ErrNotExist) {
			return fileID{absent: true}, true
		}
		return fileID{}, false
	}
	return infoID(fi)
}

// infoID is statID for a FileInfo already taken.
func infoID(fi fs.FileInfo) (fileID, bool) {
	st, ok := fi.Sys().(*syscall.Stat_t)
	if !ok {
		return fileID{}, false
	}
	return fileID{
		dev: uint64(st.Dev), ino: st.Ino, size: st.Size, mode: st.Mode,
		mtime: st.Mtim.Nano(), ctime: st.Ctim.Nano(),
	}, true
}

// reads records the identity of every file a database read, for the
// opens that may share it.
type reads struct {
	mu      sync.Mutex
	start   time.Time
	files   map[string]fileID
	private bool // a file could not be identified, or was racy
}

// note records that name was read with identity id (ok false: unknown).
func (r *reads) note(name string, id fileID, ok bool) {
	if r == nil {
		return
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	if !ok || !id.absent && (time.Unix(0, id.ctime).After(r.start.Add(-racyWindow)) || time.Unix(0, id.mtime).After(r.start.Add(-racyWindow))) {
		r.private = true
		return
	}
	r.files[name] = id
}

// same reports whether every file recorded is still the one read.
func (r *reads) same(fsys fs.FS) bool {
	r.mu.Lock()
	if r.private {
		r.mu.Unlock()
		return false
	}
	files := make(map[string]fileID, len(r.files))
	for k, v := range r.files {
		files[k] = v
	}
	r.mu.Unlock()
	for name, was := range files {
		if now, ok := statID(fsys, name); !ok || now != was {
			return false
		}
	}
	return true
}

// sharedKey names a database: the root it was opened on (by inode) and
// its directory there.
type sharedKey struct {
	root  fileID
	admin string
}

var shared struct {
	mu  sync.Mutex
	dbs []*DB // most recently opened first
}

// rootKey returns the key of the database in admindir of fsys, ok false
// when fsys is not one whose files can be identified.
func rootKey(fsys fs.FS, admindir string) (sharedKey, bool) {
	id, ok := statID(fsys, ".")
	if !ok || id.absent {
		return sharedKey{}, false
	}
	// The times of the root change with its entries; only the inode
	// names it.
	return sharedKey{root: fileID{dev: id.dev, ino: id.ino}, admin: path.Clean(admindir)}, true
}

// sharedDB returns a database opened before from the same files, if any.
func sharedDB(key sharedKey, fsys fs.FS) *DB {
	shared.mu.Lock()
	var cands []*DB
	for _, db := range shared.dbs {
		if db.key == key {
			cands = append(cands, db)
		}
	}
	shared.mu.Unlock()
	for _, db := range cands {
		if db.reads.same(fsys) {
			return db
		}
	}
	return nil
}

// share keeps db for the opens that follow, in place of any other of the
// same key.
func share(db *DB) {
	shared.mu.Lock()
	defer shared.mu.Unlock()
	kept := []*DB{db}
	for _, o := range shared.dbs {
		if o.key != db.key && len(kept) < maxShared {
			kept = append(kept, o)
		}
	}
	shared.dbs = kept
}
