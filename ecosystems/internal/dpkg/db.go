package dpkg

import (
	"bufio"
	"errors"
	"fmt"
	"io/fs"
	"path"
	"runtime"
	"sort"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/envaudit/envaudit/ecosystems"
)

// The database files, relative to the system root. Each lies in AdminDir
// under the name OpenAdminDir looks for in another database directory.
const (
	AdminDir       = "var/lib/dpkg"
	StatusFile     = AdminDir + "/status"
	InfoDir        = AdminDir + "/info"
	DiversionsFile = AdminDir + "/diversions"
	ArchFile       = AdminDir + "/arch"
)

// DB is the installed part of a dpkg database. It is safe for concurrent
// use once opened.
type DB struct {
	fsys  fs.FS
	admin string // the database directory within fsys
	// Packages are the installed packages (unpacked, whether or not
	// configured), sorted by name and architecture.
	Packages []*Package
	// Native is the native architecture: the first line of
	// var/lib/dpkg/arch, else the most common architecture other than
	// "all" among the installed packages.
	Native string
	// Distro is what etc/os-release says of the distribution.
	Distro Distro

	byName   map[string][]*Package
	provided map[string][]*Package

	key   sharedKey
	reads *reads // nil when the database is not shared

	once     sync.Once
	loadErr  error
	files    map[*Package][]string // canonical file paths, directories left out
	owners   map[string][]*Package // canonical path → owners
	dirs     map[string]bool
	warnings []string
}

// Open reads the status file of the system rooted at fsys. The file lists
// are read on first use (Files, Owners), several at once: fsys must allow
// concurrent reads, as os.DirFS and fstest.MapFS do. A system without a
// dpkg database is an error that wraps fs.ErrNotExist.
func Open(fsys fs.FS) (*DB, error) {
	return OpenAdminDir(fsys, AdminDir)
}

// OpenAdminDir is Open for a database kept in the directory admindir of
// fsys instead of var/lib/dpkg, as `dpkg --admindir` reads one: its status,
// arch and diversions files and its info/*.list lists lie there, while
// fsys stays the system root that os-release and symbolic links are read
// from. A test's database copied to a temporary directory is opened so.
//
// A database opened before from the same files is given again (share.go).
func OpenAdminDir(fsys fs.FS, admindir string) (*DB, error) {
	key, shareable := rootKey(fsys, admindir)
	if shareable {
		if db := sharedDB(key, fsys); db != nil {
			return db, nil
		}
	}
	db := &DB{fsys: fsys, admin: admindir, key: key, byName: map[string][]*Package{}, provided: map[string][]*Package{}}
	if shareable {
		db.reads = &reads{start: time.Now(), files: map[string]fileID{}}
	}
	if err := db.open(); err != nil {
		return nil, err
	}
	if shareable {
		share(db)
	}
	return db, nil
}

// noteStat records the identity of the file name before it is read.
func (db *DB) noteStat(name string) {
	if db.reads != nil {
		id, ok := statID(db.fsys, name)
		db.reads.note(name, id, ok)
	}
}

// open reads the status, arch and os-release files.
func (db *DB) open() error {
	fsys, admindir := db.fsys, db.admin
	status := path.Join(admindir, "status")
	f, err := fsys.Open(status)
	if err != nil {
		return fmt.Errorf("read dpkg status %q: %w", status, err)
	}
	defer f.Close()
	if db.reads != nil {
		fi, err := f.Stat()
		if err != nil {
			return fmt.Errorf("read dpkg status %q: %w", status, err)
		}
		id, ok := infoID(fi)
		db.reads.note(status, id, ok)
		// The lists are read later, each noted then; the directory is
		// noted now, for a list that appears or goes.
		db.noteStat(path.Join(admindir, "info"))
		db.noteStat(path.Join(admindir, "arch"))
		db.noteStat(path.Join(admindir, "diversions"))
		for _, f := range distroFiles {
			db.noteStat(f)
		}
	}
	all, err := ParseStatus(f, status)
	if err != nil {
		return err
	}
	for _, p := range all {
		if !p.unpacked() {
			continue
		}
		db.Packages = append(db.Packages, p)
	}
	sort.SliceStable(db.Packages, func(i, j int) bool {
		a, b := db.Packages[i], db.Packages[j]
		if a.Name != b.Name {
			return a.Name < b.Name
		}
		return a.Architecture < b.Architecture
	})
	arches := map[string]int{}
	for _, p := range db.Packages {
		db.byName[p.Name] = append(db.byName[p.Name], p)
		for _, v := range p.Provides {
			db.provided[v.Name] = append(db.provided[v.Name], p)
		}
		if p.Architecture != "" && p.Architecture != "all" {
			arches[p.Architecture]++
		}
	}
	if b, err := fs.ReadFile(fsys, path.Join(admindir, "arch")); err == nil {
		if fields := strings.Fields(string(b)); len(fields) > 0 {
			db.Native = fields[0]
		}
	}
	if db.Native == "" {
		best := 0
		for a, n := range arches {
			if n > best || (n == best && a < db.Native) {
				db.Native, best = a, n
			}
		}
	}
	db.Distro = ReadDistro(fsys)
	return nil
}

// unpacked reports whether the package's files are on disk: every state
// from unpacked to installed, but not config-files (removed) or
// not-installed.
func (p *Package) unpacked() bool {
	switch p.Status {
	case "installed", "unpacked", "half-configured", "triggers-awaited", "triggers-pending":
		return true
	}
	return false
}

// Lookup returns the installed packages named name (one per architecture).
// "name:arch" selects one architecture.
func (db *DB) Lookup(name string) []*Package {
	n, arch, _ := strings.Cut(name, ":")
	ps := db.byName[n]
	if arch == "" || arch == "any" {
		return ps
	}
	for _, p := range ps {
		if p.Architecture == arch {
			return []*Package{p}
		}
	}
	return nil
}

// Providers returns the installed packages that satisfy a relation to
// name: the packages of that name, else the packages that provide it.
func (db *DB) Providers(d Dep) []*Package {
	if ps := db.Lookup(d.Name + qualifier(d.Arch)); len(ps) > 0 {
		return ps
	}
	return db.provided[d.Name]
}

func qualifier(arch string) string {
	if arch == "" || arch == "any" || arch == "native" {
		return ""
	}
	return ":" + arch
}

// DependsOn returns the installed packages p depends on (Depends and
// Pre-Depends): for each group of alternatives, every installed package
// that satisfies one of them, so the graph is a superset of what dpkg
// needed. Versions are not compared: an installed package that a
// relation names is taken to satisfy it, as dpkg enforced it on install.
func (db *DB) DependsOn(p *Package) []*Package {
	seen := map[*Package]bool{}
	var out []*Package
	for _, groups := range [][][]Dep{p.PreDepends, p.Depends} {
		for _, alts := range groups {
			for _, d := range alts {
				for _, q := range db.Providers(d) {
					if q != p && !seen[q] {
						seen[q] = true
						out = append(out, q)
					}
				}
			}
		}
	}
	sort.Slice(out, func(i, j int) bool { return out[i].ID() < out[j].ID() })
	return out
}

// Closure returns the packages reachable from roots through DependsOn,
// roots included, each mapped to the package it was first reached from
// (nil for a root), breadth-first in sorted order. skip, when non-nil,
// stops the walk at the packages it accepts (they are not included).
func (db *DB) Closure(roots []*Package, skip func(*Package) bool) map[*Package]*Package {
	from := map[*Package]*Package{}
	queue := append([]*Package(nil), roots...)
	sort.Slice(queue, func(i, j int) bool { return queue[i].ID() < queue[j].ID() })
	for _, r := range queue {
		from[r] = nil
	}
	for len(queue) > 0 {
		p := queue[0]
		queue = queue[1:]
		for _, q := range db.DependsOn(p) {
			if _, ok := from[q]; ok || (skip != nil && skip(q)) {
				continue
			}
			from[q] = p
			queue = append(queue, q)
		}
	}
	return from
}

// Base returns the distribution's base: the packages of priority required
// or important, the essential ones, and everything they depend on (Debian
// gives most libraries priority optional, so libc6 is base only as a
// dependency of a required package). Each is mapped to why it is base, for
// the report: "Priority: required", "Essential: yes" or "dependency of the
// base (via coreutils)".
func (db *DB) Base() map[*Package]string {
	var roots []*Package
	for _, p := range db.Packages {
		if p.Priority == "required" || p.Priority == "important" || p.Essential {
			roots = append(roots, p)
		}
	}
	why := map[*Package]string{}
	for p, parent := range db.Closure(roots, nil) {
		switch {
		case parent != nil:
			why[p] = "distribution base: dependency of the base (via " + parent.Name + ")"
		case p.Priority == "required" || p.Priority == "important":
			why[p] = "distribution base: Priority " + p.Priority
		default:
			why[p] = "distribution base: Essential"
		}
	}
	return why
}

// Files returns the files the package owns (directories left out), as
// canonical absolute paths (ecosystems.Canon), in the order of its list,
// with diversions applied: a file another package diverted is listed at
// the path it was moved to.
func (db *DB) Files(p *Package) ([]string, error) {
	if err := db.load(); err != nil {
		return nil, err
	}
	return db.files[p], nil
}

// Owners returns the packages that own the file or directory at path
// (canonicalised), as `dpkg -S` does for an exact path; none when no
// installed package owns it.
func (db *DB) Owners(path string) []*Package {
	if db.load() != nil {
		return nil
	}
	return db.owners[ecosystems.Canon(path)]
}

// IsDir reports whether the lists show path as a directory (some listed
// path lies below it).
func (db *DB) IsDir(path string) bool {
	if db.load() != nil {
		return false
	}
	return db.dirs[ecosystems.Canon(path)]
}

// Warnings returns what was wrong with the lists (a package without a
// list file), found while loading them.
func (db *DB) Warnings() []string {
	_ = db.load()
	return db.warnings
}

// ListFile returns the list file of p that exists under fsys, relative to
// the root, or "" when there is none.
func (db *DB) ListFile(p *Package) string {
	f, _ := db.listFile(p)
	return f
}

// listFile is ListFile with the file's stat.
func (db *DB) listFile(p *Package) (string, fs.FileInfo) {
	for _, n := range []string{p.Name + ":" + p.Architecture, p.Name} {
		f := path.Join(db.admin, "info", n+".list")
		if fi, err := fs.Stat(db.fsys, f); err == nil {
			return f, fi
		}
	}
	return "", nil
}

// maxListLine is the longest line of a list file that is read; a longer
// one ends the list's read with a warning, as bufio.Scanner's limit did.
const maxListLine = 1024 * 1024

// maxListReaders bounds how many list files are read and split at once:
// a CI image has about a thousand, each small, so a few readers keep the
// cores busy without holding many files open.
const maxListReaders = 4

// list is one package's list file as read: its canonical paths, in the
// order of the file, and what was wrong with it.
type list struct {
	paths   []string
	warning string
}

// readList reads the list file of p and returns its canonical paths
// ("/." and lines that are no absolute path left out). It shares nothing
// with the reads of other packages' lists, so that they run in parallel.
func (db *DB) readList(p *Package) list {
	f, fi := db.listFile(p)
	if f == "" {
		return list{warning: fmt.Sprintf("dpkg: no file list for installed package %q", p.ID())}
	}
	if db.reads != nil {
		id, ok := infoID(fi)
		db.reads.note(f, id, ok)
	}
	b, err := fs.ReadFile(db.fsys, f)
	if err != nil {
		return list{warning: fmt.Sprintf("dpkg: read %q: %v", f, err)}
	}
	// One string for the whole file, its lines substrings of it: one
	// allocation instead of one a line, and the index keeps them anyway.
	s := string(b)
	var l list
	l.paths = make([]string, 0, strings.Count(s, "\n")+1)
	for len(s) > 0 {
		line, rest, _ := strings.Cut(s, "\n")
		if len(line) >= maxListLine {
			l.warning = fmt.Sprintf("dpkg: read %q: %v", f, bufio.ErrTooLong)
			break
		}
		s = rest
		line = strings.TrimRight(line, "\r")
		if line == "" || line == "/." || line[0] != '/' {
			continue
		}
		l.paths = append(l.paths, ecosystems.Canon(line))
	}
	return l
}

// readLists reads the list file of every installed package, at most
// maxListReaders at a time; lists[i] is db.Packages[i]'s.
func (db *DB) readLists() []list {
	lists := make([]list, len(db.Packages))
	workers := min(maxListReaders, runtime.GOMAXPROCS(0), len(db.Packages))
	var next atomic.Int64
	var wg sync.WaitGroup
	for range workers {
		wg.Go(func() {
			for {
				i := int(next.Add(1)) - 1
				if i >= len(db.Packages) {
					return
				}
				lists[i] = db.readList(db.Packages[i])
			}
		})
	}
	wg.Wait()
	return lists
}

// parentDir is path.Dir for a canonical absolute path, which has no
// element to clean: the path up to its last slash.
func parentDir(c string) string {
	if i := strings.LastIndexByte(c, '/'); i > 0 {
		return c[:i]
	}
	return "/"
}

// load reads every installed package's list and the diversions, once.
// The lists are read in parallel; ownership is then built from them in
// the order of db.Packages, so that it is the same on every read.
func (db *DB) load() error {
	db.once.Do(func() {
		lists := db.readLists()
		total := 0
		for _, l := range lists {
			total += len(l.paths)
		}
		db.files = make(map[*Package][]string, len(db.Packages))
		db.owners = make(map[string][]*Package, total)
		db.dirs = map[string]bool{}
		// Most paths have one owner: their owner lists are one-element
		// windows of a single array, full, so that a second owner
		// appended (or a diversion) copies instead of overwriting the
		// next path's.
		single := make([]*Package, 0, total)
		// The directory of the previous path, known to be in db.dirs (or
		// "/"): a list names a directory's files one after the other.
		lastDir := "/"
		for i, p := range db.Packages {
			l := &lists[i]
			kept := l.paths[:0]
			for _, c := range l.paths {
				prev, ok := db.owners[c]
				if len(prev) > 0 && prev[len(prev)-1] == p {
					continue // both merged-/usr spellings of one file
				}
				kept = append(kept, c)
				if !ok {
					single = append(single, p)
					db.owners[c] = single[len(single)-1 : len(single) : len(single)]
				} else {
					db.owners[c] = append(prev, p)
				}
				dir := parentDir(c)
				if dir == lastDir {
					continue
				}
				for d := dir; d != "/" && !db.dirs[d]; d = parentDir(d) {
					db.dirs[d] = true
				}
				lastDir = dir
			}
			l.paths = kept
			if l.warning != "" {
				db.warnings = append(db.warnings, l.warning)
			}
		}
		divs, err := readDiversions(db.fsys, path.Join(db.admin, "diversions"))
		if err != nil {
			db.warnings = append(db.warnings, err.Error())
		}
		moved := db.applyDiversions(divs)
		for i, p := range db.Packages {
			paths := lists[i].paths
			if len(paths) == 0 {
				continue
			}
			// The files are the list's paths without its directories,
			// filtered in place: the list is not needed after.
			files := paths[:0]
			for _, c := range paths {
				if db.dirs[c] {
					continue
				}
				if to, ok := moved[movedKey{p, c}]; ok {
					c = to
				}
				files = append(files, c)
			}
			if len(files) == 0 {
				files = nil
			}
			db.files[p] = files
		}
	})
	return db.loadErr
}

// diversion is one record of the diversions file.
type diversion struct {
	from, to string
	by       string // the diverting package's name; ":" for a local diversion
}

type movedKey struct {
	p    *Package
	path string
}

func readDiversions(fsys fs.FS, name string) ([]diversion, error) {
	b, err := fs.ReadFile(fsys, name)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, fmt.Errorf("dpkg: read %q: %w", name, err)
	}
	lines := strings.Split(strings.TrimRight(string(b), "\n"), "\n")
	if len(lines) == 1 && lines[0] == "" {
		return nil, nil
	}
	if len(lines)%3 != 0 {
		return nil, fmt.Errorf("dpkg: %s: %d lines, not a sequence of three-line records", name, len(lines))
	}
	var out []diversion
	for i := 0; i+2 < len(lines); i += 3 {
		out = append(out, diversion{from: ecosystems.Canon(lines[i]), to: ecosystems.Canon(lines[i+1]), by: lines[i+2]})
	}
	return out, nil
}

// applyDiversions moves ownership as dpkg does: the file a package other
// than the diverting one installs at a diverted path really lies at the
// path it was diverted to, and the diverted path holds the diverting
// package's file (if it ships one). It returns, per package and listed
// path, where that package's file really is.
func (db *DB) applyDiversions(divs []diversion) map[movedKey]string {
	moved := map[movedKey]string{}
	for _, d := range divs {
		var stay, move []*Package
		for _, p := range db.owners[d.from] {
			if p.Name == d.by {
				stay = append(stay, p)
			} else {
				move = append(move, p)
			}
		}
		if len(move) == 0 {
			continue
		}
		if len(stay) > 0 {
			db.owners[d.from] = stay
		} else {
			delete(db.owners, d.from)
		}
		db.owners[d.to] = append(db.owners[d.to], move...)
		for _, p := range move {
			moved[movedKey{p, d.from}] = d.to
		}
	}
	return moved
}

// EvalSymlinks resolves every symbolic link in the absolute path p within
// the file system the database was opened on, like filepath.EvalSymlinks
// on the real system; absolute link targets are taken relative to that
// file system's root. The result is canonical (ecosystems.Canon). A file
// system that cannot read links yields p unchanged.
func (db *DB) EvalSymlinks(p string) (string, error) {
	return EvalSymlinks(db.fsys, p)
}

// EvalSymlinks is DB.EvalSymlinks for any file system rooted at "/".
func EvalSymlinks(fsys fs.FS, p string) (string, error) {
	if _, ok := fsys.(fs.ReadLinkFS); !ok {
		return ecosystems.Canon(p), nil
	}
	rest := strings.Split(strings.TrimPrefix(path.Clean("/"+p), "/"), "/")
	resolved := "/"
	for hops := 0; len(rest) > 0; {
		c := rest[0]
		rest = rest[1:]
		if c == "" || c == "." {
			continue
		}
		if c == ".." {
			resolved = path.Dir(resolved)
			continue
		}
		next := path.Join(resolved, c)
		fi, err := fs.Lstat(fsys, strings.TrimPrefix(next, "/"))
		if err != nil {
			return "", err
		}
		if fi.Mode()&fs.ModeSymlink == 0 {
			resolved = next
			continue
		}
		if hops++; hops > 40 {
			return "", &fs.PathError{Op: "evalsymlinks", Path: p, Err: errors.New("too many levels of symbolic links")}
		}
		target, err := fs.ReadLink(fsys, strings.TrimPrefix(next, "/"))
		if err != nil {
			return "", err
		}
		if strings.HasPrefix(target, "/") {
			resolved = "/"
		}
		rest = append(strings.Split(target, "/"), rest...)
	}
	return ecosystems.Canon(resolved), nil
}
