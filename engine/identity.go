package engine

import (
	"io/fs"
	"path/filepath"
	"strings"

	"github.com/envaudit/envaudit/ecosystems"
	"github.com/envaudit/envaudit/tracer"
)

// fileID is a file's identity: its device and inode numbers.
type fileID struct{ dev, ino uint64 }

// maxIdentityFiles bounds the files byIdentity stats to find hard links:
// an installation larger than that is matched by path and directory only.
const maxIdentityFiles = 500000

// byIdentity attributes by identity the accesses that the index attributes
// to no package by path, so that a file reached under a name no package
// owns still counts for the package whose file was opened:
//
//   - an access whose trace record carries the file's identity (the tracer
//     records it for a file with other hard links, and for one whose real
//     path names another file or none after the run) is matched against
//     the identities of the index's files: a hard link to a package's file
//     from elsewhere, a file opened in a package directory that was
//     renamed and renamed back;
//   - any other access is matched by its directories against the index's
//     package directories: a file opened in a package directory renamed
//     during the run, when the index was read before the rename.
//
// Such an access gets the package file's path as its real path; the trace
// itself is not changed. Identities are compared only on the machine that
// audits, so a trace recorded on another machine may match by chance; the
// path, when it names a package, always wins.
func byIdentity(tr *tracer.Trace, ids *identities) *tracer.Trace {
	if tr == nil || ids == nil {
		return tr
	}
	var out []tracer.Access
	for i, a := range tr.Accesses {
		if a.Op == tracer.OpWrite || owned(ids.idx, a) {
			continue
		}
		p, ok := ids.find(a)
		if !ok {
			continue
		}
		if out == nil {
			out = append([]tracer.Access(nil), tr.Accesses...)
		}
		out[i].Real = p
	}
	if out == nil {
		return tr
	}
	t := *tr
	t.Accesses = out
	return &t
}

// indexIdentities takes the identities of idx's package directories now:
// call it when the installation is read, so that a directory renamed later
// is still recognised. The identities of its files are taken on first
// need.
func indexIdentities(idx *ecosystems.PathIndex) *identities {
	if idx == nil || idx.Len() == 0 {
		return nil
	}
	ids := &identities{idx: idx, dirs: map[fileID]string{}, dirStat: map[string]fileID{}}
	idx.Each(func(p string, dir bool) {
		if dir && p != "/" {
			if id, ok := statID(p); ok {
				ids.dirs[id] = p
			}
		}
	})
	return ids
}

func owned(idx *ecosystems.PathIndex, a tracer.Access) bool {
	for _, p := range []string{a.Real, a.Path} {
		if _, _, ok := idx.Lookup(p); p != "" && ok {
			return true
		}
	}
	return false
}

// identities holds what byIdentity knows of an index's files.
type identities struct {
	idx     *ecosystems.PathIndex
	files   map[fileID]string // the index's files, by identity; nil until needed
	dirs    map[fileID]string // the index's package directories, by identity, when it was read
	dirStat map[string]fileID // identities of the traced files' directories
}

func (ids *identities) find(a tracer.Access) (string, bool) {
	if a.Ino != 0 {
		if p, ok := ids.fileIndex()[fileID{a.Dev, a.Ino}]; ok {
			return p, true
		}
	}
	real := a.RealPath()
	if !filepath.IsAbs(real) {
		return "", false
	}
	dirs := ids.dirs
	if len(dirs) == 0 {
		return "", false
	}
	for d := filepath.Dir(real); d != "/" && d != "."; d = filepath.Dir(d) {
		id, ok := ids.dirStat[d]
		if !ok {
			id, _ = statID(d)
			ids.dirStat[d] = id
		}
		if id.ino == 0 {
			continue
		}
		if pkgDir, ok := dirs[id]; ok {
			return pkgDir + strings.TrimPrefix(real, d), true
		}
	}
	return "", false
}

func (ids *identities) fileIndex() map[fileID]string {
	if ids.files != nil {
		return ids.files
	}
	ids.files = map[fileID]string{}
	n := 0
	add := func(p string, d fs.DirEntry) {
		if n >= maxIdentityFiles {
			return
		}
		n++
		var id fileID
		var ok bool
		if d != nil {
			if fi, err := d.Info(); err == nil && fi.Mode().IsRegular() {
				id, ok = infoID(fi)
			}
		} else {
			id, ok = statID(p)
		}
		if ok {
			ids.files[id] = p
		}
	}
	ids.idx.Each(func(p string, dir bool) {
		if !dir {
			add(p, nil)
			return
		}
		if p == "/" {
			return
		}
		filepath.WalkDir(p, func(q string, d fs.DirEntry, err error) error {
			if err != nil || n >= maxIdentityFiles {
				return filepath.SkipDir
			}
			if d.Type().IsRegular() {
				add(q, d)
			}
			return nil
		})
	})
	return ids.files
}
