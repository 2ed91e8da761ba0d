package cmake

import (
	"bufio"
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"

	"github.com/envaudit/envaudit/internal/projfile"
)

// cache is a build directory's CMakeCache.txt: what configure resolved.
type cache struct {
	dir     string            // the build directory, absolute
	root    string            // the project's root, absolute
	entries map[string]string // KEY → value
	types   map[string]string // KEY → TYPE (PATH, FILEPATH, STRING, INTERNAL, ...)
}

// readCache reads dir/CMakeCache.txt: "KEY:TYPE=VALUE" lines (the key may
// be quoted; the type may be absent), "//" and "#" comments.
func readCache(dir string) (*cache, error) {
	f := filepath.Join(dir, "CMakeCache.txt")
	b, err := projfile.ReadFile(f, projfile.MaxLockfile)
	if err != nil {
		return nil, err
	}
	c := &cache{dir: dir, entries: map[string]string{}, types: map[string]string{}}
	sc := bufio.NewScanner(bytes.NewReader(b))
	sc.Buffer(make([]byte, 64*1024), 16*1024*1024)
	for sc.Scan() {
		line := strings.TrimRight(sc.Text(), "\r")
		if line == "" || strings.HasPrefix(line, "//") || strings.HasPrefix(line, "#") {
			continue
		}
		var key, rest string
		if strings.HasPrefix(line, `"`) {
			end := strings.IndexByte(line[1:], '"')
			if end < 0 {
				continue
			}
			key, rest = line[1:1+end], line[2+end:]
		} else {
			i := strings.IndexAny(line, ":=")
			if i < 0 {
				continue
			}
			key, rest = line[:i], line[i:]
		}
		typ := ""
		if strings.HasPrefix(rest, ":") {
			eq := strings.IndexByte(rest, '=')
			if eq < 0 {
				continue
			}
			typ, rest = rest[1:eq], rest[eq:]
		}
		if !strings.HasPrefix(rest, "=") {
			continue
		}
		c.entries[key] = rest[1:]
		c.types[key] = typ
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("read %q: %w", f, err)
	}
	return c, nil
}

// buildSkip are directories the build-directory search does not enter.
var buildSkip = map[string]bool{".git": true, "node_modules": true, "_deps": true, "CMakeFiles": true, ".venv": true}

// findBuilds returns the build directories of the project, each once:
// extra (given explicitly), the root itself (an in-source build), every
// directory up to two levels below the root that holds a CMakeCache.txt
// (build/, cmake-build-debug/, out/build/x64/), and the directories above
// each program the traced run executed (up to four levels) whose cache
// names this project as its source (CMAKE_HOME_DIRECTORY), which finds a
// -B directory outside the project from the binary the tests ran.
func findBuilds(root string, executables, extra []string) []*cache {
	var dirs []string
	dirs = append(dirs, extra...)
	dirs = append(dirs, root)
	for _, pattern := range []string{"*", "*/*"} {
		m, _ := filepath.Glob(filepath.Join(root, pattern, "CMakeCache.txt"))
		for _, f := range m {
			d := filepath.Dir(f)
			skip := false
			for _, part := range strings.Split(filepath.ToSlash(strings.TrimPrefix(d, root)), "/") {
				skip = skip || buildSkip[part]
			}
			if !skip {
				dirs = append(dirs, d)
			}
		}
	}
	outside := map[string]bool{}
	for _, x := range executables {
		d := filepath.Dir(x)
		for i := 0; i < 4 && d != "/" && d != "."; i++ {
			dirs = append(dirs, d)
			outside[d] = true
			d = filepath.Dir(d)
		}
	}
	rootReal, _ := filepath.EvalSymlinks(root)
	seen := map[string]bool{}
	var out []*cache
	for _, d := range dirs {
		d = filepath.Clean(d)
		if seen[d] {
			continue
		}
		seen[d] = true
		c, err := readCache(d)
		if err != nil {
			continue
		}
		if outside[d] && !c.ofProject(root, rootReal) {
			continue
		}
		c.root = root
		out = append(out, c)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].dir < out[j].dir })
	return out
}

// ofProject reports whether the cache was configured from root.
func (c *cache) ofProject(root, rootReal string) bool {
	home := filepath.Clean(c.entries["CMAKE_HOME_DIRECTORY"])
	return home == filepath.Clean(root) || rootReal != "" && home == rootReal
}

// rebase maps a path the cache recorded to where it is now: a build
// directory or a project that was configured elsewhere and moved (a cache
// recorded on a CI runner, a fixture) has its build files under its own
// directory and its sources under the root. Paths elsewhere are kept.
func (c *cache) rebase(p string) string {
	for _, m := range []struct{ from, to string }{
		{c.entries["CMAKE_CACHEFILE_DIR"], c.dir},
		{c.entries["CMAKE_HOME_DIRECTORY"], c.root},
	} {
		from := filepath.Clean(m.from)
		if m.from == "" || m.to == "" || from == filepath.Clean(m.to) {
			continue
		}
		if p == from {
			return m.to
		}
		if rest, ok := strings.CutPrefix(p, from+string(filepath.Separator)); ok {
			return filepath.Join(m.to, rest)
		}
	}
	return p
}

// resolved is one package the configuration resolved.
type resolved struct {
	name    string
	version string   // as CMake reported it, when it did
	files   []string // absolute paths of the files the configuration resolved (libraries, headers, programs)
	dirs    []string // config-file directories (<Pkg>_DIR)
	src     string   // FetchContent source directory
	build   string   // FetchContent build directory
	fetch   *fetchDecl
}

// fileSuffixes are the cache variable suffixes whose values are resolved
// files of a find module.
var fileSuffixes = regexp.MustCompile(`(?i)_(LIBRARY|LIBRARIES|LIBRARY_RELEASE|LIBRARY_DEBUG|INCLUDE_DIR|INCLUDE_DIRS|INCLUDE_PATH|EXECUTABLE)$`)

// findDetails parses FIND_PACKAGE_MESSAGE_DETAILS_<Pkg> values:
// [/usr/lib/x86_64-linux-gnu/libz.so][/usr/include][v1.2.13()].
var findDetailsItem = regexp.MustCompile(`\[([^\]]*)\]`)

// resolve reads what the caches say the configuration found and names it
// as the declarations do.
func resolve(caches []*cache, decl *declarations, tbl *Table) map[string]*resolved {
	out := map[string]*resolved{}
	get := func(name string) *resolved {
		r := out[name]
		if r == nil {
			r = &resolved{name: name}
			out[name] = r
		}
		return r
	}
	nameOf := func(written string) string { return canonical(tbl.ByCMake(written), written) }

	for _, c := range caches {
		// Prefixes that name packages in cache keys, longest first:
		// declared names, found packages, and the table's.
		prefixes := map[string]string{} // lower-case prefix → name
		for _, d := range decl.deps {
			prefixes[strings.ToLower(d.Name)] = d.Name
			if d.Raw != "" {
				prefixes[strings.ToLower(d.Raw)] = d.Name
			}
		}
		for k := range c.entries {
			if n, ok := strings.CutPrefix(k, "FIND_PACKAGE_MESSAGE_DETAILS_"); ok {
				prefixes[strings.ToLower(n)] = nameOf(n)
			}
		}
		for _, lib := range tbl.All() {
			for _, p := range append(append([]string{lib.Name}, lib.Aliases...), lib.Cache...) {
				if _, ok := prefixes[strings.ToLower(p)]; !ok {
					prefixes[strings.ToLower(p)] = lib.Name
				}
			}
		}
		byPrefix := func(key string) string {
			best, name := 0, ""
			lk := strings.ToLower(key)
			for p, n := range prefixes {
				if len(p) > best && strings.HasPrefix(lk, p+"_") {
					best, name = len(p), n
				}
			}
			return name
		}

		keys := make([]string, 0, len(c.entries))
		for k := range c.entries {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		for _, k := range keys {
			v := c.entries[k]
			switch {
			case strings.HasPrefix(k, "FIND_PACKAGE_MESSAGE_DETAILS_"):
				r := get(nameOf(strings.TrimPrefix(k, "FIND_PACKAGE_MESSAGE_DETAILS_")))
				for _, m := range findDetailsItem.FindAllStringSubmatch(v, -1) {
					item := m[1]
					switch {
					case strings.HasPrefix(item, "/"):
						r.files = append(r.files, splitPaths(item)...)
					case len(item) > 1 && item[0] == 'v' && item[1] >= '0' && item[1] <= '9':
						ver, _, _ := strings.Cut(item[1:], "(")
						if r.version == "" {
							r.version = ver
						}
					}
				}
			case strings.HasPrefix(k, "CMAKE_") || strings.HasPrefix(k, "FETCHCONTENT_") || strings.HasPrefix(k, "_"):
			case strings.HasPrefix(k, "pkgcfg_lib_"):
				if isNotFound(v) {
					continue
				}
				if name := pkgcfgName(c, k, decl, tbl); name != "" {
					r := get(name)
					r.files = append(r.files, splitPaths(v)...)
				}
			case fileSuffixes.MatchString(k):
				if isNotFound(v) {
					continue
				}
				if name := byPrefix(k); name != "" {
					get(name).files = append(get(name).files, splitPaths(v)...)
				}
			case strings.HasSuffix(k, "_DIR") && c.types[k] == "PATH":
				// A config package: <Pkg>_DIR is the directory of its
				// <Pkg>Config.cmake.
				if isNotFound(v) || !strings.HasPrefix(v, "/") {
					continue
				}
				name := byPrefix(k)
				if name == "" {
					name = nameOf(strings.TrimSuffix(k, "_DIR"))
				}
				get(name).dirs = append(get(name).dirs, v)
			}
		}

		// FetchContent: <base>/<name>-src, FETCHCONTENT_SOURCE_DIR_<NAME>.
		base := c.rebase(c.entries["FETCHCONTENT_BASE_DIR"])
		if base == "" {
			base = filepath.Join(c.dir, "_deps")
		}
		ents, _ := projfile.ReadDir(base)
		for _, e := range ents {
			raw, ok := strings.CutSuffix(e.Name(), "-src")
			if !ok || !e.IsDir() {
				continue
			}
			fd := matchFetch(decl, raw, tbl)
			r := get(fd.name)
			r.src = filepath.Join(base, e.Name())
			if fi, err := os.Stat(filepath.Join(base, raw+"-build")); err == nil && fi.IsDir() {
				r.build = filepath.Join(base, raw+"-build")
			}
			r.fetch = fd
		}
		for _, k := range keys {
			up, ok := strings.CutPrefix(k, "FETCHCONTENT_SOURCE_DIR_")
			if !ok || c.entries[k] == "" {
				continue
			}
			fd := matchFetch(decl, strings.ToLower(up), tbl)
			r := get(fd.name)
			r.src, r.fetch = c.rebase(c.entries[k]), fd
		}
	}
	// Baseline and the build's own machinery are not packages.
	for name := range out {
		if _, base := baseDecl(name); base {
			delete(out, name)
		}
	}
	return out
}

// matchFetch finds the declaration of a fetched dependency by its
// lower-cased name (FetchContent's directory name).
func matchFetch(decl *declarations, lower string, tbl *Table) *fetchDecl {
	for i := range decl.fetches {
		if strings.ToLower(decl.fetches[i].raw) == lower {
			return &decl.fetches[i]
		}
	}
	return &fetchDecl{raw: lower, name: canonical(tbl.ByFetch(lower, ""), lower)}
}

// pkgcfgName names the package of a pkgcfg_lib_<PREFIX>_<lib> entry:
// the module of its prefix when the prefix checked one module (from the
// project's pkg_check_modules, else from the cache's record of the call),
// else the library's row in the table, else the library's link name.
func pkgcfgName(c *cache, key string, decl *declarations, tbl *Table) string {
	rest := strings.TrimPrefix(key, "pkgcfg_lib_")
	var prefixes []string
	for p := range decl.pkgPrefixes {
		prefixes = append(prefixes, p)
	}
	for k := range c.entries {
		if p, ok := strings.CutPrefix(k, "__pkg_config_arguments_"); ok {
			prefixes = append(prefixes, p)
		}
	}
	sort.Slice(prefixes, func(i, j int) bool { return len(prefixes[i]) > len(prefixes[j]) })
	for _, p := range prefixes {
		lib, ok := strings.CutPrefix(rest, p+"_")
		if !ok {
			continue
		}
		if mods := decl.pkgPrefixes[p]; len(mods) == 1 {
			return mods[0]
		}
		var mods []string
		for _, a := range strings.Split(c.entries["__pkg_config_arguments_"+p], ";") {
			switch a {
			case "", "REQUIRED", "QUIET", "NO_CMAKE_PATH", "NO_CMAKE_ENVIRONMENT_PATH", "IMPORTED_TARGET", "GLOBAL":
				continue
			}
			if m := pkgModule.FindStringSubmatch(a); m != nil {
				mods = append(mods, strings.TrimSpace(m[1]))
			}
		}
		if len(mods) == 1 {
			return canonical(tbl.ByPkgConfig(mods[0]), mods[0])
		}
		return canonical(tbl.ByLink(lib), lib)
	}
	return ""
}

func isNotFound(v string) bool {
	return v == "" || strings.HasSuffix(v, "-NOTFOUND") || v == "NOTFOUND"
}

// splitPaths returns the absolute paths of a cache list value.
func splitPaths(v string) []string {
	var out []string
	for _, p := range strings.Split(v, ";") {
		if strings.HasPrefix(p, "/") {
			out = append(out, filepath.Clean(p))
		}
	}
	return out
}

// relFS turns an absolute path into a path for an fs.FS rooted at "/".
func relFS(p string) string { return strings.TrimPrefix(filepath.ToSlash(filepath.Clean(p)), "/") }
