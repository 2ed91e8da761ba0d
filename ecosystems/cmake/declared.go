package cmake

import (
	"path"
	"path/filepath"
	"regexp"
	"sort"
	"strings"

	"github.com/envaudit/envaudit/ecosystems"
)

// baseLinks are the link names of the seven base C/C++ libraries (and the
// dynamic loader's): every C or C++ program loads them, so they are
// toolchain baseline, never a declared, installed or traced dependency.
var baseLinks = map[string]string{
	"c":       "libc.so.6",
	"stdc++":  "libstdc++.so.6",
	"m":       "libm.so.6",
	"gcc_s":   "libgcc_s.so.1",
	"pthread": "libpthread.so.0",
	"dl":      "libdl.so.2",
	"rt":      "librt.so.1",
}

// loaderName names the dynamic loader in the excluded list.
const loaderName = "ld-linux"

// baseWhy is the reason given for the base libraries.
const baseWhy = "base C/C++ library (%s, glibc and GCC runtime): toolchain baseline"

// declarations is what a project's manifests declare: D1, and what
// Installed needs to relate the configuration's results to it.
type declarations struct {
	files    []string // manifests read, relative to the root
	deps     []ecosystems.Dependency
	excluded map[string]string // baseline declared (Threads, pthread) → why
	// pkgPrefixes maps a pkg_check_modules/pkg_search_module prefix to the
	// names of its modules, so pkgcfg_lib_<PREFIX>_<lib> cache entries find
	// their declaration.
	pkgPrefixes map[string][]string
	fetches     []fetchDecl
	// links are the names declared only as link items (target_link_libraries
	// sqlite3): the linker, not configure, resolves them.
	links map[string]bool
	other map[string]bool // names declared otherwise
}

// fetchDecl is one FetchContent, ExternalProject or CPM declaration.
type fetchDecl struct {
	raw  string // the name as written (FetchContent lower-cases it for _deps/<name>-src)
	name string // the dependency's name
	url  string // repository or archive URL
	tag  string // GIT_TAG or version
}

// declare reads the project's CMake listfiles, vcpkg.json and
// conanfile.txt.
func declare(src ecosystems.Source, tbl *Table) (*declarations, error) {
	d := &declarations{excluded: map[string]string{}, pkgPrefixes: map[string][]string{}, links: map[string]bool{}, other: map[string]bool{}}
	w, err := walk(src)
	if err != nil {
		return nil, err
	}
	d.files = append(d.files, w.files...)
	d.fromListfiles(w, tbl)
	for _, m := range []struct {
		file  string
		parse func(string, []byte, *Table) ([]ecosystems.Dependency, error)
	}{{"vcpkg.json", parseVcpkg}, {"conanfile.txt", parseConanfile}} {
		data, err := src.ReadFile(m.file)
		if err != nil {
			continue
		}
		d.files = append(d.files, m.file)
		deps, err := m.parse(m.file, data, tbl)
		if err != nil {
			return nil, err
		}
		for _, dep := range deps {
			if why, base := baseDecl(dep.Name); base {
				d.excluded[dep.Name] = why
				continue
			}
			d.deps = append(d.deps, dep)
			d.other[dep.Name] = true
		}
	}
	sort.Strings(d.files)
	return d, nil
}

// baseDecl reports whether a declared name is baseline: Threads or a base
// library's link name.
func baseDecl(name string) (string, bool) {
	if name == "Threads" {
		return "the platform's thread library (libpthread, part of glibc): toolchain baseline", true
	}
	if so, ok := baseLinks[name]; ok {
		return strings.Replace(baseWhy, "%s", so, 1), true
	}
	return "", false
}

// scopeOf gives a declaration's scope: test for test frameworks and
// declarations in test code, build for tools, optional for what the
// project can configure without, runtime otherwise.
func scopeOf(lib *Library, test, required bool) ecosystems.Scope {
	switch {
	case test || lib != nil && lib.Test:
		return ecosystems.ScopeTest
	case lib != nil && lib.Tool:
		return ecosystems.ScopeBuild
	case !required:
		return ecosystems.ScopeOptional
	}
	return ecosystems.ScopeRuntime
}

// canonical returns the dependency name for a library row, else the name
// as written.
func canonical(lib *Library, written string) string {
	if lib != nil {
		return lib.Name
	}
	return written
}

func (d *declarations) add(lib *Library, written, spec string, scope ecosystems.Scope, file string, line int) {
	name := canonical(lib, written)
	if why, base := baseDecl(name); base {
		d.excluded[name] = why
		return
	}
	dep := ecosystems.Dependency{Name: name, Spec: spec, Scope: scope, Pos: ecosystems.PosVia(file, line, ecosystems.Pos{})}
	if written != name {
		dep.Raw = written
	}
	dep.CompileOnly = lib != nil && lib.HeaderOnly
	d.deps = append(d.deps, dep)
}

// findPackageKeywords are find_package's keywords; any other argument after
// the version is a component (after REQUIRED or COMPONENTS) or ignored.
var findPackageKeywords = map[string]bool{
	"EXACT": true, "QUIET": true, "MODULE": true, "CONFIG": true, "NO_MODULE": true, "REQUIRED": true,
	"COMPONENTS": true, "OPTIONAL_COMPONENTS": true, "NO_POLICY_SCOPE": true, "GLOBAL": true, "BYPASS_PROVIDER": true,
	"NAMES": true, "CONFIGS": true, "HINTS": true, "PATHS": true, "PATH_SUFFIXES": true, "REGISTRY_VIEW": true,
	"NO_DEFAULT_PATH": true, "NO_PACKAGE_ROOT_PATH": true, "NO_CMAKE_PATH": true, "NO_CMAKE_ENVIRONMENT_PATH": true,
	"NO_SYSTEM_ENVIRONMENT_PATH": true, "NO_CMAKE_PACKAGE_REGISTRY": true, "NO_CMAKE_BUILDS_PATH": true,
	"NO_CMAKE_SYSTEM_PATH": true, "NO_CMAKE_INSTALL_PREFIX": true, "NO_CMAKE_SYSTEM_PACKAGE_REGISTRY": true,
	"CMAKE_FIND_ROOT_PATH_BOTH": true, "ONLY_CMAKE_FIND_ROOT_PATH": true, "NO_CMAKE_FIND_ROOT_PATH": true,
}

var versionArg = regexp.MustCompile(`^\d+(\.\d+)*(\.\.\.<?\d+(\.\d+)*)?$`)

// linkKeywords are target_link_libraries' keywords.
var linkKeywords = map[string]bool{
	"PUBLIC": true, "PRIVATE": true, "INTERFACE": true, "LINK_PUBLIC": true, "LINK_PRIVATE": true,
	"LINK_INTERFACE_LIBRARIES": true, "debug": true, "optimized": true, "general": true,
}

var plainLinkName = regexp.MustCompile(`^[A-Za-z0-9_][A-Za-z0-9_.+-]*$`)

// pkgModule splits a pkg-config module spec: "glib-2.0>=2.10" →
// ("glib-2.0", ">=2.10").
var pkgModule = regexp.MustCompile(`^([^<>=]+)((?:[<>]=?|=).+)?$`)

// fromListfiles extracts the declarations of the walked listfiles.
func (d *declarations) fromListfiles(w *walker, tbl *Table) {
	// Targets the project defines, and those its tests run.
	targets, testTargets := map[string]bool{}, map[string]bool{}
	for _, c := range w.calls {
		switch c.name {
		case "add_library", "add_executable", "add_custom_target":
			if len(c.args) > 0 {
				targets[c.args[0].Value] = true
				if c.test {
					testTargets[c.args[0].Value] = true
				}
			}
		case "add_test":
			// add_test(NAME n COMMAND tgt ...) or the old add_test(n tgt ...).
			if len(c.args) > 0 && c.args[0].Value == "NAME" {
				for i := 0; i+1 < len(c.args); i++ {
					if c.args[i].Value == "COMMAND" {
						testTargets[c.args[i+1].Value] = true
						break
					}
				}
			} else if len(c.args) > 1 {
				testTargets[c.args[1].Value] = true
			}
		case "gtest_discover_tests", "gtest_add_tests", "catch_discover_tests", "doctest_discover_tests":
			for i, a := range c.args {
				if a.Value == "TARGET" && i+1 < len(c.args) {
					testTargets[c.args[i+1].Value] = true
				}
			}
			if len(c.args) > 0 && c.args[0].Value != "TARGET" {
				testTargets[c.args[0].Value] = true
			}
		}
	}

	for _, c := range w.calls {
		switch c.name {
		case "find_package":
			d.findPackage(c, tbl)
		case "pkg_check_modules", "pkg_search_module":
			d.pkgModules(c, tbl)
		case "fetchcontent_declare", "externalproject_add":
			d.fetch(c, tbl)
		case "cpmaddpackage", "cpmfindpackage", "cpmdeclarepackage":
			d.cpm(c, tbl)
		case "target_link_libraries", "link_libraries":
			items := c.args
			test := c.test
			if c.name == "target_link_libraries" {
				if len(items) == 0 {
					continue
				}
				test = test || testTargets[items[0].Value]
				items = items[1:]
			}
			for i := 0; i < len(items); i++ {
				a := items[i]
				if a.Value == "-framework" {
					i++
					continue
				}
				name, ok := linkName(a, targets, w)
				if !ok {
					continue
				}
				lib := tbl.ByLink(name)
				if lib == nil {
					lib = tbl.ByCMake(name)
				}
				d.add(lib, name, "", scopeOf(lib, test, true), c.file, a.Line)
				d.links[canonical(lib, name)] = true
			}
		}
	}
}

// names returns every declared name.
func (d *declarations) names() []string {
	seen := map[string]bool{}
	var out []string
	for _, dep := range d.deps {
		if !seen[dep.Name] {
			seen[dep.Name] = true
			out = append(out, dep.Name)
		}
	}
	return out
}

// linkOnly returns the names declared only as link items.
func (d *declarations) linkOnly() []string {
	var out []string
	for n := range d.links {
		if !d.other[n] {
			out = append(out, n)
		}
	}
	sort.Strings(out)
	return out
}

func (d *declarations) findPackage(c call, tbl *Table) {
	if len(c.args) == 0 || !literal(c.args[0].Value) {
		return
	}
	a0 := c.args[0]
	var version string
	var comps []string
	required := false
	inComps := false
	for i, a := range c.args[1:] {
		v := a.Value
		switch {
		case i == 0 && versionArg.MatchString(v):
			version = v
		case v == "REQUIRED":
			required, inComps = true, true
		case v == "COMPONENTS":
			inComps = true
		case findPackageKeywords[v]:
			inComps = false
		case inComps && literal(v):
			comps = append(comps, v)
		}
	}
	spec := version
	if len(comps) > 0 {
		spec = strings.TrimSpace(spec + " COMPONENTS " + strings.Join(comps, " "))
	}
	lib := tbl.ByCMake(a0.Value)
	d.add(lib, a0.Value, spec, scopeOf(lib, c.test, required), c.file, a0.Line)
	d.other[canonical(lib, a0.Value)] = true
}

func (d *declarations) pkgModules(c call, tbl *Table) {
	if len(c.args) < 2 {
		return
	}
	prefix := c.args[0].Value
	required := false
	for _, a := range c.args[1:] {
		switch a.Value {
		case "REQUIRED":
			required = true
			continue
		case "QUIET", "NO_CMAKE_PATH", "NO_CMAKE_ENVIRONMENT_PATH", "IMPORTED_TARGET", "GLOBAL":
			continue
		}
		if !literal(a.Value) {
			continue
		}
		m := pkgModule.FindStringSubmatch(a.Value)
		if m == nil {
			continue
		}
		mod := strings.TrimSpace(m[1])
		lib := tbl.ByPkgConfig(mod)
		d.add(lib, mod, m[2], scopeOf(lib, c.test, required), c.file, a.Line)
		d.pkgPrefixes[prefix] = append(d.pkgPrefixes[prefix], canonical(lib, mod))
		d.other[canonical(lib, mod)] = true
	}
}

func (d *declarations) fetch(c call, tbl *Table) {
	if len(c.args) == 0 || !literal(c.args[0].Value) {
		return
	}
	a0 := c.args[0]
	f := fetchDecl{raw: a0.Value}
	for i := 1; i+1 < len(c.args); i++ {
		switch c.args[i].Value {
		case "GIT_REPOSITORY", "URL", "SVN_REPOSITORY", "HG_REPOSITORY":
			if f.url == "" {
				f.url = c.args[i+1].Value
			}
		case "GIT_TAG", "SVN_REVISION", "HG_TAG":
			f.tag = c.args[i+1].Value
		}
	}
	lib := tbl.ByFetch(f.raw, f.url)
	f.name = canonical(lib, f.raw)
	d.fetches = append(d.fetches, f)
	d.other[f.name] = true
	d.add(lib, f.raw, fetchSpec(f), scopeOf(lib, c.test, true), c.file, a0.Line)
}

// cpm reads CPMAddPackage("gh:owner/repo@version"), ("gh:owner/repo#tag")
// and the keyword form (NAME, GITHUB_REPOSITORY, GIT_REPOSITORY, URL,
// VERSION, GIT_TAG).
func (d *declarations) cpm(c call, tbl *Table) {
	if len(c.args) == 0 {
		return
	}
	var f fetchDecl
	line := c.args[0].Line
	if len(c.args) == 1 {
		s := c.args[0].Value
		scheme, ref := "", s
		if i := strings.Index(ref, ":"); i >= 0 && i < 3 {
			scheme, ref = ref[:i+1], ref[i+1:]
		}
		if i := strings.LastIndexAny(ref, "@#"); i >= 0 && !strings.HasPrefix(ref, "git@") {
			f.tag = ref[i+1:]
			ref = ref[:i]
		}
		f.url = scheme + ref
		f.raw = path.Base(strings.TrimSuffix(ref, ".git"))
	} else {
		for i := 0; i+1 < len(c.args); i++ {
			v := c.args[i+1].Value
			switch c.args[i].Value {
			case "NAME":
				f.raw, line = v, c.args[i+1].Line
			case "GITHUB_REPOSITORY":
				f.url = "gh:" + v
			case "GITLAB_REPOSITORY":
				f.url = "gl:" + v
			case "GIT_REPOSITORY", "URL":
				f.url = v
			case "VERSION", "GIT_TAG":
				if f.tag == "" || c.args[i].Value == "GIT_TAG" {
					f.tag = v
				}
			}
		}
		if f.raw == "" {
			if r := repoOf(f.url); r != "" {
				f.raw = path.Base(r)
			}
		}
	}
	if f.raw == "" || !literal(f.raw) {
		return
	}
	lib := tbl.ByFetch(f.raw, f.url)
	f.name = canonical(lib, f.raw)
	d.fetches = append(d.fetches, f)
	d.other[f.name] = true
	d.add(lib, f.raw, fetchSpec(f), scopeOf(lib, c.test, true), c.file, line)
}

// fetchSpec is a fetched dependency's spec: "<url>@<tag>", or the URL.
func fetchSpec(f fetchDecl) string {
	switch {
	case f.url != "" && f.tag != "":
		return f.url + "@" + f.tag
	case f.url != "":
		return f.url
	}
	return f.tag
}

// linkName returns the library name a target_link_libraries item names, if
// it names one the project does not build: a plain name (sqlite3), -lname,
// or a library file outside the project (/usr/lib/x86_64-linux-gnu/libz.so
// → z). Keywords, namespaced targets (ZLIB::ZLIB: covered by their
// find_package), project targets, variable references
// (${ZLIB_LIBRARIES}: covered by the find that set them), generator
// expressions and linker flags name none.
func linkName(a Arg, targets map[string]bool, w *walker) (string, bool) {
	v := a.Value
	switch {
	case v == "" || a.Kind == Unquoted && linkKeywords[v]:
		return "", false
	case !literal(v) || strings.Contains(v, "::") || targets[v]:
		return "", false
	case strings.HasPrefix(v, "-l") && len(v) > 2:
		return v[2:], true
	case strings.HasPrefix(v, "-"):
		return "", false
	case strings.ContainsAny(v, `/\`) || isLibraryFile(v):
		p := v
		if !filepath.IsAbs(p) || w.inside(p) {
			return "", false // a library the project builds or ships
		}
		n, ok := linkNameOfFile(path.Base(filepath.ToSlash(p)))
		return n, ok
	case plainLinkName.MatchString(v):
		return v, true
	}
	return "", false
}

// isLibraryFile reports whether a name is a library file's name:
// libz.so, libz.so.1, libz.a.
func isLibraryFile(name string) bool {
	_, ok := linkNameOfFile(name)
	return ok && strings.HasPrefix(name, "lib")
}

// linkNameOfFile returns the link name of a library file name:
// libz.so.1.2.13 → z, libstdc++.so.6 → stdc++, libfoo.a → foo.
func linkNameOfFile(base string) (string, bool) {
	if !strings.HasPrefix(base, "lib") {
		return "", false
	}
	s := base[3:]
	if i := strings.Index(s, ".so"); i > 0 && (len(s) == i+3 || s[i+3] == '.') {
		return s[:i], true
	}
	if strings.HasSuffix(s, ".a") && len(s) > 2 {
		return s[:len(s)-2], true
	}
	return "", false
}
