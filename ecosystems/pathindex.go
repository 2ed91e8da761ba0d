package ecosystems

import (
	"hash/fnv"
	"path/filepath"
	"strings"
)

// PathIndex attributes absolute file paths to the packages that own them:
// by exact file where the ecosystem records ownership (Python RECORD, dpkg
// lists), else by the longest directory prefix (node_modules/<pkg>,
// <modcache>/<module>@<version>). Every path that goes in or is looked up is
// canonicalised by Canon, so ecosystems never match paths themselves.
//
// The zero value is not usable; call NewPathIndex.
type PathIndex struct {
	files map[string]owner
	dirs  map[string]owner
}

type owner struct {
	pkg string
	use Use
}

// NewPathIndex returns an empty index.
func NewPathIndex() *PathIndex {
	return &PathIndex{files: map[string]owner{}, dirs: map[string]owner{}}
}

// AddFile records that pkg owns the file at path. A file owned by one
// package and lying in a directory owned by another belongs to the first.
func (x *PathIndex) AddFile(path, pkg string, use Use) {
	x.files[Canon(path)] = owner{pkg, use}
}

// AddDir records that pkg owns everything below dir, except what a longer
// directory prefix or an exact file entry gives to another package.
func (x *PathIndex) AddDir(dir, pkg string, use Use) {
	x.dirs[Canon(dir)] = owner{pkg, use}
}

// Each calls fn for every entry: each file and each directory a package
// owns, in no particular order.
func (x *PathIndex) Each(fn func(path string, dir bool)) {
	for p := range x.files {
		fn(p, false)
	}
	for p := range x.dirs {
		fn(p, true)
	}
}

// Len reports the number of entries.
func (x *PathIndex) Len() int { return len(x.files) + len(x.dirs) }

// Lookup returns the package that owns path and the kind of use the file
// shows. It tries the exact file first and then each enclosing directory,
// innermost first.
func (x *PathIndex) Lookup(path string) (pkg string, use Use, ok bool) {
	if x == nil || path == "" {
		return "", "", false
	}
	p := Canon(path)
	if o, ok := x.files[p]; ok {
		return o.pkg, o.use, true
	}
	if len(x.dirs) == 0 {
		return "", "", false
	}
	for {
		if o, ok := x.dirs[p]; ok {
			return o.pkg, o.use, true
		}
		i := strings.LastIndexByte(p, '/')
		if i <= 0 {
			if o, ok := x.dirs["/"]; ok && p != "/" {
				return o.pkg, o.use, true
			}
			return "", "", false
		}
		p = p[:i]
	}
}

// mergedUsr lists the top-level directories that a merged-/usr system
// (Debian 12, Ubuntu 22.04 and later, Fedora) links into /usr. Both spellings
// of such a path name the same file, so the index stores only the /usr one.
var mergedUsr = []string{"/bin", "/sbin", "/lib", "/lib32", "/lib64", "/libx32"}

// Canon returns the canonical form of an absolute path for attribution: it
// is cleaned (no "..", ".", or doubled slashes) and a merged-/usr alias
// (/lib/x86_64-linux-gnu/libz.so.1) is rewritten to its /usr form
// (/usr/lib/x86_64-linux-gnu/libz.so.1). Canon does not touch the file
// system; symlinks are resolved by the tracer, which records both the path
// as opened and the real path.
func Canon(path string) string {
	if path == "" {
		return ""
	}
	p := path
	if !isClean(p) {
		// Most paths given are clean already (a dpkg list's, a real
		// path the kernel named): Clean is for the others.
		p = filepath.ToSlash(filepath.Clean(path))
	}
	for _, d := range mergedUsr {
		if p == d || (strings.HasPrefix(p, d) && p[len(d)] == '/') {
			return "/usr" + p
		}
	}
	return p
}

// isClean reports whether p is an absolute path as filepath.Clean leaves
// it on a system whose separator is /: "/", or elements that are neither
// empty, "." nor "..".
func isClean(p string) bool {
	if filepath.Separator != '/' || p == "" || p[0] != '/' {
		return false
	}
	if p == "/" {
		return true
	}
	for elems := p[1:]; ; {
		e, rest, more := strings.Cut(elems, "/")
		if e == "" || e == "." || e == ".." {
			return false
		}
		if !more {
			return true
		}
		elems = rest
	}
}

// Rename gives every entry's package the name rename returns for it, for
// an ecosystem whose names are settled only once its index is built (CMake
// package names that differ only in case are one package).
func (x *PathIndex) Rename(rename func(pkg string) string) {
	for _, m := range []map[string]owner{x.files, x.dirs} {
		for p, o := range m {
			o.pkg = rename(o.pkg)
			m[p] = o
		}
	}
}

// AddOwned adds the entries of from whose package owned accepts, where x
// has no entry for the same path: for a package a later enumeration no
// longer found (a test removed it after loading it), whose files the
// earlier one still attributes.
func (x *PathIndex) AddOwned(from *PathIndex, owned func(pkg string) bool) {
	if from == nil {
		return
	}
	for _, m := range [][2]map[string]owner{{x.files, from.files}, {x.dirs, from.dirs}} {
		for p, o := range m[1] {
			if _, ok := m[0][p]; !ok && owned(o.pkg) {
				m[0][p] = o
			}
		}
	}
}

// Digests returns, for each package that owns an entry, a digest of the
// entries it owns (each file and directory), independent of the order they
// were added in: two indexes attribute the same paths to a package exactly
// when its digests are equal (up to a 64-bit hash collision). It tells
// whether a package's recorded files changed between two enumerations of
// one installation. The kind of use of each entry is left out: it is
// envaudit's judgment, which may rest on the run (a distribution Python
// imported at start-up shows no use unless a loaded one needs it), not
// what the package's metadata records.
func (x *PathIndex) Digests() map[string]uint64 {
	out := map[string]uint64{}
	if x == nil {
		return out
	}
	for kind, m := range []map[string]owner{x.files, x.dirs} {
		for p, o := range m {
			h := fnv.New64a()
			h.Write([]byte{byte(kind)})
			h.Write([]byte(p))
			out[o.pkg] += h.Sum64()
		}
	}
	return out
}
