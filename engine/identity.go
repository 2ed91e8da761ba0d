package engine

import (
	"fmt"
	"io/fs"
	"path/filepath"
	"slices"
	"sort"
	"strings"

	"github.com/envaudit/envaudit/ecosystems"
	"github.com/envaudit/envaudit/tracer"
)

// fileID is a file's identity: its device and inode numbers.
type fileID struct{ dev, ino uint64 }

// maxIdentityFiles bounds the files byIdentity stats to find hard links:
// an installation larger than that is matched by path and directory only.
const maxIdentityFiles = 500000

// byIdentity attributes by what the kernel said of each opened file the
// accesses whose path is no evidence of it, so that a file reached under a
// name its package does not own, or a package's name reached through
// another file, counts for the package whose file was opened:
//
//   - an access whose trace record says its path is unproven
//     (tracer.Access.Unproven: opened through a mount made during the run
//     or of another mount namespace, a path beyond PATH_MAX) counts by
//     its identity alone: for the package whose path names that very file
//     still, or for the package whose installed file has that identity; an
//     access whose file is no installed package's but whose path names one
//     is a gap, since which package's code ran cannot be told (an overlay
//     over a package's directory);
//   - an access to a file renamed, linked or changed during the run other
//     than by the command's own writing (UnprovenChanged) that a path or
//     identity ties to an installed package is a gap: where the file lies
//     after the run says nothing of where it came from;
//   - an access whose record carries its identity because its real path
//     names another file (or none) after the run counts for the package
//     whose installed file has that identity, if one has: a package
//     directory swapped for another's around the open, and put back;
//   - any other access the index attributes to no package is matched by
//     that identity (a hard link to a package's file from elsewhere), or
//     by its directories against the index's package directories (a
//     package directory renamed during the run, when the index was read
//     before the rename); and so is one below a package directory that the
//     run replaced by another (the path then names the other).
//
// Such an access gets the package file's path as its real path; a gap's
// access is left out of the trace the audit attributes, and returned. The
// trace itself is not changed. Identities are compared only on the
// machine that audits, so a trace recorded on another machine may match
// by chance; the path, when it names a package and nothing says
// otherwise, always wins.
func byIdentity(tr *tracer.Trace, ids *identities) (*tracer.Trace, []gap) {
	if tr == nil || ids == nil {
		return tr, nil
	}
	var out []tracer.Access
	var gaps []gap
	changed := false
	for _, a := range tr.Accesses {
		p, keep, g := ids.attribute(a)
		if g != nil {
			gaps = append(gaps, *g)
		}
		if !keep || p != "" {
			changed = true
		}
		if !keep {
			continue
		}
		if p != "" {
			a.Real = p
		}
		out = append(out, a)
	}
	if !changed {
		return tr, gaps
	}
	t := *tr
	t.Accesses = out
	return &t, gaps
}

// gap is an access that names an installed package's file by its path (or
// its identity) but whose file cannot be shown to be that package's file:
// the trace is then incomplete.
type gap struct {
	why  string // tracer.Access.Unproven
	path string // the access's real path
}

// attribute decides access a (byIdentity): p is the package file's path
// it counts as, "" to keep its own; keep is false when it must not count
// at all, with the gap that says why when it names an installed package.
func (ids *identities) attribute(a tracer.Access) (p string, keep bool, g *gap) {
	if a.Op == tracer.OpWrite {
		return "", true, nil
	}
	owner := owned(ids.idx, a)
	id := fileID{a.Dev, a.Ino}
	switch a.Unproven {
	case "":
	case tracer.UnprovenChanged:
		// Renamed or linked during the run: under a package's path, it
		// may have been moved there from another's. Outside every
		// package (a hard link made during the run, elsewhere), its
		// identity says whose it is, when exactly one package's files
		// have it.
		_, known := ids.fileIndex()[id]
		f, ok := ids.installed(id)
		switch {
		case owner || a.Ino != 0 && known && !ok:
			return "", false, &gap{a.Unproven, a.RealPath()}
		case ok:
			return f, true, nil
		}
		return "", true, nil
	default:
		if a.Ino != 0 {
			if owner && ids.names(a.RealPath(), id) {
				return "", true, nil
			}
			if f, ok := ids.installed(id); ok {
				return f, true, nil
			}
		} else if a.Op == tracer.OpExec && a.Unproven == tracer.UnprovenMount {
			// A file the kernel loaded for an exec through such a
			// mount (a script, its interpreters): the binary that ran
			// carries the identity, and an interpreter opens a script
			// again, by an open that does.
			return "", false, nil
		}
		if owner {
			return "", false, &gap{a.Unproven, a.RealPath()}
		}
		return "", true, nil
	}
	if a.Ino != 0 && owner && !ids.names(a.RealPath(), id) {
		// The path names another file after the run: a package
		// directory swapped for another's around the open.
		if f, ok := ids.installed(id); ok {
			return f, true, nil
		}
	}
	if !owner || ids.replaced(a.RealPath()) {
		if f, ok := ids.find(a); ok {
			return f, true, nil
		}
	}
	return "", true, nil
}

// names reports whether path names the file with identity id now.
func (ids *identities) names(path string, id fileID) bool {
	got, ok := statID(path)
	return ok && got == id
}

// replaced reports whether path lies below a package directory that the
// run replaced by another (or removed): the directory at its path is not
// the one the index was read with.
func (ids *identities) replaced(path string) bool {
	if ids.moved == nil {
		ids.moved = map[string]bool{}
		for id, d := range ids.dirs {
			if now, ok := statID(d); !ok || now != id {
				ids.moved[d] = true
			}
		}
	}
	for d := range ids.moved {
		if within(path, d) {
			return true
		}
	}
	return false
}

// gapsText says what the gaps of the audit mean, one sentence per reason,
// with a few of the files (relative to root where they lie in it).
func gapsText(gaps []gap, root string) []string {
	byWhy := map[string][]string{}
	for _, g := range gaps {
		byWhy[g.why] = append(byWhy[g.why], g.path)
	}
	whys := make([]string, 0, len(byWhy))
	for w := range byWhy {
		whys = append(whys, w)
	}
	sort.Strings(whys)
	var out []string
	for _, w := range whys {
		paths := byWhy[w]
		sort.Strings(paths)
		paths = slices.Compact(paths)
		shown := paths
		if len(shown) > 3 {
			shown = shown[:3]
		}
		var names []string
		for _, p := range shown {
			if rel, err := filepath.Rel(root, p); err == nil && filepath.IsLocal(rel) {
				p = filepath.ToSlash(rel)
			}
			names = append(names, fmt.Sprintf("%q", p))
		}
		list := strings.Join(names, ", ")
		if len(paths) > len(shown) {
			list += fmt.Sprintf(" and %d more", len(paths)-len(shown))
		}
		what, why := "files opened under the paths of installed packages ("+list+") are not those packages' files", gapReasons[w][1]
		if len(paths) == 1 {
			what, why = "file opened under the path of an installed package ("+list+") is not that package's file", gapReasons[w][0]
		}
		out = append(out, fmt.Sprintf("%d %s, or cannot be shown to be: %s; which package's code ran there cannot be told",
			len(paths), what, why))
	}
	return out
}

// gapReasons say, by tracer.Access.Unproven, why a gap's files are not
// known to be their paths' packages' (for one file, and for several).
var gapReasons = map[string][2]string{
	tracer.UnprovenMount: {
		"it was reached through a mount made during the run, or one of another mount namespace, and is no installed package's file (an overlay or another file system mounted over a package's directory)",
		"they were reached through a mount made during the run, or one of another mount namespace, and are no installed package's files (an overlay or another file system mounted over a package's directory)",
	},
	tracer.UnprovenChanged: {
		"it was renamed, linked or had its attributes changed during the run other than by the command's writing it, so where it lies says nothing of which package it came from",
		"they were renamed, linked or had their attributes changed during the run other than by the command's writing them, so where they lie says nothing of which package they came from",
	},
	tracer.UnprovenLong: {
		"the kernel could not name it (its path exceeds PATH_MAX) and its identity is no installed package's file's",
		"the kernel could not name them (their paths exceed PATH_MAX) and their identity is no installed package's file's",
	},
	tracer.UnprovenGone: {
		"its descriptor was closed before the tracer could look at the file",
		"their descriptors were closed before the tracer could look at the files",
	},
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
	moved   map[string]bool   // the package directories whose path names another directory, or none, now; nil until needed
	shared  map[fileID]bool   // identities of files under the names of more than one package
}

// installed returns the installed file with identity id, unless no file,
// or the files of more than one package, have it.
func (ids *identities) installed(id fileID) (string, bool) {
	p, ok := ids.fileIndex()[id]
	if !ok || ids.shared[id] {
		return "", false
	}
	return p, true
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
	ids.shared = map[fileID]bool{}
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
		if !ok {
			return
		}
		if q, seen := ids.files[id]; seen && q != p {
			// One file under the names of two packages (hard links
			// from one into the other, or pnpm's store sharing a file
			// of the same content): its identity names neither.
			if a, _, _ := ids.idx.Lookup(q); a != "" {
				if b, _, _ := ids.idx.Lookup(p); b != a {
					ids.shared[id] = true
				}
			}
			return
		}
		ids.files[id] = p
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

// skipNoPackages returns the directories of skip that hold no installed
// package's file and lie in no package's directory, as the installation
// was read before the run. A skipped directory comes from the tools'
// configuration (GOCACHE can be set with go env -w, which a step before the
// tests may have run): pointed at node_modules or site-packages, it would
// make the tracer count the packages' own files instead of recording them.
// Packages of an ecosystem whose installation is read only after the run
// are not known here; skippedPackage finds them then.
func skipNoPackages(skip []string, before map[string]*before) []string {
	var out []string
	for _, d := range skip {
		holds := false
		for _, b := range before {
			if b != nil && b.inv != nil {
				if _, holds = packageIn(b.inv.Index, d); holds {
					break
				}
			}
		}
		if !holds {
			out = append(out, d)
		}
	}
	return out
}

// skippedPackage returns a package of idx whose files lie in a directory the
// trace skipped, with that directory: its opens there were counted, not
// recorded.
func skippedPackage(tr *tracer.Trace, idx *ecosystems.PathIndex) (pkg, dir string, ok bool) {
	if tr == nil {
		return "", "", false
	}
	for _, d := range tr.Header.Skip {
		if pkg, ok := packageIn(idx, d); ok {
			return pkg, d, true
		}
	}
	return "", "", false
}

// packageIn returns a package of idx whose directory holds dir, or whose
// file or directory lies in dir, by dir's path or its real path (the
// tracer skips by both).
func packageIn(idx *ecosystems.PathIndex, dir string) (string, bool) {
	if idx == nil {
		return "", false
	}
	names := []string{ecosystems.Canon(dir)}
	if r, err := filepath.EvalSymlinks(dir); err == nil && ecosystems.Canon(r) != names[0] {
		names = append(names, ecosystems.Canon(r))
	}
	var pkg string
	for _, c := range names {
		if p, _, ok := idx.Lookup(c); ok {
			return p, true
		}
		idx.Each(func(p string, _ bool) {
			if pkg == "" && within(p, c) {
				pkg, _, _ = idx.Lookup(p)
			}
		})
		if pkg != "" {
			return pkg, true
		}
	}
	return "", false
}

// within reports whether path is dir or lies below it.
func within(path, dir string) bool {
	return path == dir || strings.HasPrefix(path, dir) && (dir == "/" || len(path) > len(dir) && path[len(dir)] == '/')
}
