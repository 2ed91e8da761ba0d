package cmake

import (
	"context"
	"fmt"
	"io/fs"
	"path"
	"path/filepath"
	"regexp"
	"sort"
	"strings"

	"github.com/envaudit/envaudit/ecosystems"
	"github.com/envaudit/envaudit/ecosystems/internal/dpkg"
	"github.com/envaudit/envaudit/ecosystems/internal/solib"
	"github.com/envaudit/envaudit/ecosystems/internal/toolchain"
	packageurl "github.com/package-url/packageurl-go"
)

// Evidence is what the cmake ecosystem's D3 rests on.
const Evidence = "shared objects loaded by the project's own programs (programs the run executed from the project root or a build directory, " +
	"and the libraries the dynamic loader resolves for them), headers the build's dependency files list and static libraries read to build, " +
	"attributed to CMake packages through the CMake cache and dpkg's file lists; libraries that compilers, cmake and other tools load for themselves are no evidence"

// cmakeBase matches the Debian packages of the base C/C++ libraries: glibc,
// the GCC runtime and C++ standard library, their development files and
// the kernel headers. They are excluded, never attributed.
var cmakeBase = regexp.MustCompile(`^(libc6|libc6-dev|libc6-dbg|libc-dev-bin|libc6-(i386|amd64|x32)|libstdc\+\+6|libstdc\+\+-\d+-dev|libgcc-s1|libgcc1|libgcc-\d+-dev|gcc-\d+-base|linux-libc-dev|libcrypt-dev|libnsl-dev|rpcsvc-proto)$`)

// fileKind is what a package file is to a C/C++ build.
type fileKind int

const (
	kindOther  fileKind = iota
	kindShared          // a shared object in a library directory
	kindStatic          // a static archive
	kindHeader          // a header
	kindBin             // a program
	kindMeta            // a CMake config file or pkg-config file
)

var headerExt = map[string]bool{".h": true, ".hh": true, ".hpp": true, ".hxx": true, ".h++": true, ".inl": true, ".ipp": true, ".tcc": true, ".tpp": true, ".inc": true}

func classify(f string) fileKind {
	base := path.Base(f)
	inLib := strings.Contains(f, "/lib/") || strings.Contains(f, "/lib64/") || strings.Contains(f, "/lib32/")
	switch {
	case strings.HasPrefix(f, "/usr/include/") || strings.HasPrefix(f, "/usr/local/include/") || headerExt[path.Ext(base)] && strings.Contains(f, "/include/"):
		return kindHeader
	case inLib && solib.IsSharedObject(base):
		return kindShared
	case inLib && strings.HasSuffix(base, ".a"):
		return kindStatic
	case strings.HasSuffix(base, ".cmake") || strings.HasSuffix(base, ".pc"):
		return kindMeta
	case strings.HasPrefix(f, "/usr/bin/") || strings.HasPrefix(f, "/usr/sbin/") || strings.HasPrefix(f, "/usr/libexec/"):
		return kindBin
	}
	return kindOther
}

// inventory builds one Installed answer.
type inventory struct {
	e      Ecosystem
	tbl    *Table
	sys    fs.FS
	db     *dpkg.DB
	decl   *declarations
	inv    *ecosystems.Inventory
	res    map[string]*resolved
	debs   map[string][]*dpkg.Package // resolved name → its Debian packages
	assign map[*dpkg.Package]string   // Debian package → CMake-level name

	projLibs, toolLibs map[string]bool // real paths the project's / packaged programs' loader resolves
	compiled           map[string]bool // files the build's dependency records list
	gated              bool            // compiled is known: headers outside it were not compiled
	real               map[string]string
	toolWhy            map[*dpkg.Package]string // packages only the toolchain loaded, and why
}

// Installed enumerates what the CMake configuration resolved (D2) and
// builds the index that attributes traced files to CMake package names
// (D3). See the package documentation for the files it reads.
func (p *project) Installed(ctx context.Context, env ecosystems.Env) (*ecosystems.Inventory, error) {
	if !p.src.OnDisk() {
		return nil, ecosystems.ErrNotOnDisk
	}
	e, root, decl := p.eco, p.src.PathRoot(), p.decl
	tbl := e.table()
	var err error
	v := &inventory{
		e: e, tbl: tbl, sys: e.sys(), decl: decl,
		inv:    &ecosystems.Inventory{Index: ecosystems.NewPathIndex(), Evidence: ecosystems.Evidence{Basis: Evidence}},
		debs:   map[string][]*dpkg.Package{},
		assign: map[*dpkg.Package]string{},
		real:   map[string]string{},
	}
	v.excludeBase()
	if v.db, err = dpkg.Open(v.sys); err != nil {
		v.db = nil
		v.inv.Warnings = append(v.inv.Warnings, fmt.Sprintf("no dpkg database (%v): libraries are known only from the CMake cache", err))
	}
	if err := ctx.Err(); err != nil {
		return nil, err
	}

	builds := findBuilds(root, env.Executables, e.BuildDirs)
	if len(builds) == 0 && v.db == nil {
		// Neither a configuration nor a package database says what is
		// installed: not known, which is not "nothing".
		v.inv.Unknown = true
		v.inv.Warnings = append(v.inv.Warnings, "no CMake cache in the project's build directories and no dpkg database: installed libraries not enumerated")
		return v.inv, nil
	}
	if len(builds) > 0 {
		// Configure resolved what find_package and pkg-config found; the
		// linker resolves plain link names, so those are looked up as it
		// would.
		v.res = resolve(builds, decl, tbl)
		for name, r := range v.resolveFromSystem(decl.linkOnly()) {
			if _, ok := v.res[name]; !ok {
				v.res[name] = r
			}
		}
	} else {
		v.res = v.resolveFromSystem(decl.names())
	}
	v.compiled, v.gated = compiled(builds)
	v.loaded(env, builds, root)
	if v.db != nil {
		v.mapDebs()
		if err := v.indexDebs(); err != nil {
			return nil, err
		}
		v.inv.Warnings = append(v.inv.Warnings, v.db.Warnings()...)
	}
	v.indexResolvedFiles()
	v.packages()
	v.toolchainExcluded()
	foldInventory(v.inv, decl.deps)
	return v.inv, nil
}

func (v *inventory) excludeBase() {
	for link, so := range baseLinks {
		v.inv.Excluded = append(v.inv.Excluded, ecosystems.Excluded{Name: link, Why: strings.Replace(baseWhy, "%s", so, 1)})
	}
	v.inv.Excluded = append(v.inv.Excluded, ecosystems.Excluded{Name: loaderName, Why: "the dynamic loader (ld-linux, glibc): toolchain baseline"})
	for name, why := range v.decl.excluded {
		if _, link := baseLinks[name]; !link {
			v.inv.Excluded = append(v.inv.Excluded, ecosystems.Excluded{Name: name, Why: why})
		}
	}
	sort.Slice(v.inv.Excluded, func(i, j int) bool { return v.inv.Excluded[i].Name < v.inv.Excluded[j].Name })
}

// resolveFromSystem stands in for a CMake cache when the project has not
// been configured: each declared name is looked up on the system as
// find_package would find it, through the table's Debian packages, a
// library file of its link name, or a config-file directory.
func (v *inventory) resolveFromSystem(names []string) map[string]*resolved {
	out := map[string]*resolved{}
	if v.db == nil {
		return out
	}
	triplet := map[string]string{"amd64": "x86_64-linux-gnu", "arm64": "aarch64-linux-gnu", "i386": "i386-linux-gnu",
		"armhf": "arm-linux-gnueabihf", "riscv64": "riscv64-linux-gnu", "ppc64el": "powerpc64le-linux-gnu", "s390x": "s390x-linux-gnu"}[v.db.Native]
	want := map[string]bool{}
	for _, n := range names {
		want[n] = true
	}
	for _, d := range v.decl.deps {
		if _, done := out[d.Name]; done || !want[d.Name] {
			continue
		}
		r := &resolved{name: d.Name}
		if lib := v.tbl.ByCMake(d.Name); lib != nil {
			for _, p := range v.db.Packages {
				if v.tbl.ByDeb(p.Name) == lib {
					v.debs[d.Name] = append(v.debs[d.Name], p)
				}
			}
		}
		written := d.Name
		if d.Raw != "" {
			written = d.Raw
		}
		var dirs []string
		for _, dir := range []string{"/usr/lib/" + triplet, "/usr/lib"} {
			if f := path.Join(dir, "lib"+written+".so"); v.exists(f) {
				r.files = append(r.files, f)
			}
			dirs = append(dirs, path.Join(dir, "cmake", written))
		}
		dirs = append(dirs, "/usr/share/cmake/"+written, "/usr/share/"+strings.ToLower(written)+"/cmake")
		for _, dir := range dirs {
			if v.exists(dir) {
				r.dirs = append(r.dirs, dir)
			}
		}
		if len(r.files) > 0 || len(r.dirs) > 0 || len(v.debs[d.Name]) > 0 {
			out[d.Name] = r
		}
	}
	return out
}

// loaded computes the libraries the loader resolves for each program the
// run executed. The project's programs are those under the project root or
// one of its build directories; their libraries are the project's. Every
// other program is a tool — a packaged one (a compiler, cmake, a shell,
// python3) or one installed beside the project (an interpreter in a CI
// tool cache) — and what it loads is its own: the libraries its ELF
// dependencies resolve to, and those of the shared objects it may load at
// run time (its own packages' and their dependencies' — python's
// lib-dynload modules need libssl — or, for a program no package owns, the
// shared objects under its installation prefix's lib directory).
func (v *inventory) loaded(env ecosystems.Env, builds []*cache, root string) {
	v.projLibs, v.toolLibs = map[string]bool{}, map[string]bool{}
	projDirs := []string{root}
	for _, c := range builds {
		projDirs = append(projDirs, c.dir)
	}
	ld := newLoader(v.sys, env.Environ)
	var modules []string
	seenPkg := map[*dpkg.Package]bool{}
	for _, x := range env.Executables {
		exe := ecosystems.Canon(x)
		var owners []*dpkg.Package
		if v.db != nil {
			owners = v.db.Owners(exe)
		}
		switch {
		case len(owners) > 0:
			for p := range v.db.Closure(owners, func(p *dpkg.Package) bool { return cmakeBase.MatchString(p.Name) }) {
				if seenPkg[p] {
					continue
				}
				seenPkg[p] = true
				files, _ := v.db.Files(p)
				for _, f := range files {
					if solib.IsSharedObject(f) {
						modules = append(modules, f)
					}
				}
			}
		case within(exe, projDirs):
			for p := range ld.closure(exe) {
				v.projLibs[p] = true
			}
			continue
		case v.db == nil && strings.HasPrefix(exe, "/usr/"):
			// Without a package database, /usr holds the system's programs.
		default:
			modules = append(modules, v.prefixModules(exe)...)
		}
		for p := range ld.closure(exe) {
			v.toolLibs[p] = true
		}
	}
	for _, m := range modules {
		real := v.realPath(m)
		v.toolLibs[real] = true
		for p := range ld.closure(real) {
			v.toolLibs[p] = true
		}
	}
	v.toolLoads(env)
}

// toolLoads adds to toolLibs what the traced processes loaded only for
// the toolchain, as the system ecosystem judges it (the shared
// ecosystems/internal/toolchain): a package's dependencies do not cover
// what a tool dlopen()s — ld loads every plugin in /usr/lib/bfd-plugins,
// and LLVMgold-14.so (llvm-14-linker-tools) needs libLLVM-14 and its
// libraries. The packages of such loads are recorded, with why, for
// toolchainExcluded.
func (v *inventory) toolLoads(env ecosystems.Env) {
	if v.db == nil || len(env.Processes) == 0 {
		return
	}
	a := &toolchain.Analysis{Sys: v.sys, DB: v.db, Base: v.db.Base(), Attributed: env.Attributed}
	v.toolWhy = map[*dpkg.Package]string{}
	project := map[*dpkg.Package]bool{}
	for _, l := range a.Loads(env.Processes) {
		if !l.Tool || v.projLibs[v.realPath(l.Object)] {
			project[l.Package] = true
			continue
		}
		v.toolLibs[v.realPath(l.Object)] = true
		if _, ok := v.toolWhy[l.Package]; !ok {
			v.toolWhy[l.Package] = l.Why
		}
	}
	for p := range project {
		delete(v.toolWhy, p)
	}
}

// toolchainExcluded lists as excluded, with why, the CMake-level names of
// the packages only the toolchain loaded (toolLoads), unless the project
// declares or its configuration resolved the name: the evidence for a
// library that is nobody's finding. A name another package the project
// loaded shares is not listed.
func (v *inventory) toolchainExcluded() {
	if len(v.toolWhy) == 0 {
		return
	}
	declared := map[string]bool{}
	for _, n := range v.decl.names() {
		declared[n] = true
	}
	why := map[string]string{}
	for p, w := range v.toolWhy {
		if !v.indexed(p) || !v.libraryish(p) {
			continue
		}
		n := v.nameOf(p)
		if _, resolved := v.res[n]; resolved || declared[n] {
			continue
		}
		if _, ok := why[n]; !ok || w < why[n] {
			why[n] = w
		}
	}
	used := map[string]bool{}
	for _, pkg := range v.inv.Packages {
		used[pkg.Name] = true
	}
	for _, n := range sortedKeys(why) {
		if !used[n] {
			v.inv.Excluded = append(v.inv.Excluded, ecosystems.Excluded{Name: n, Why: why[n]})
		}
	}
}

// maxPrefixModules bounds the shared objects read under one tool's prefix.
const maxPrefixModules = 5000

// prefixModules returns the shared objects under <prefix>/lib of a
// program installed at <prefix>/bin/<name>.
func (v *inventory) prefixModules(exe string) []string {
	bin := path.Dir(exe)
	if path.Base(bin) != "bin" {
		return nil
	}
	lib := path.Join(path.Dir(bin), "lib")
	if lib == "/lib" || lib == "/usr/lib" || lib == "/usr/local/lib" {
		return nil // a system directory is not one program's prefix
	}
	var out []string
	_ = fs.WalkDir(v.sys, relFS(lib), func(p string, d fs.DirEntry, err error) error {
		if err != nil || len(out) >= maxPrefixModules {
			return fs.SkipDir
		}
		if !d.IsDir() && solib.IsSharedObject(d.Name()) {
			out = append(out, "/"+p)
		}
		return nil
	})
	return out
}

// within reports whether p lies in one of dirs.
func within(p string, dirs []string) bool {
	for _, d := range dirs {
		d = ecosystems.Canon(d)
		if p == d || strings.HasPrefix(p, d+"/") {
			return true
		}
	}
	return false
}

// realPath resolves a system path through the system file system, once.
func (v *inventory) realPath(p string) string {
	if r, ok := v.real[p]; ok {
		return r
	}
	r, err := dpkg.EvalSymlinks(v.sys, p)
	if err != nil {
		r = ecosystems.Canon(p)
	}
	v.real[p] = r
	return r
}

// libraryUse is the use a load of the shared object at p shows: run time
// when a program of the project loads it, or when no executed program's
// dependencies explain it (the project dlopen()ed it); none when only
// packaged programs load it (the compiler's libz).
func (v *inventory) libraryUse(p string) ecosystems.Use {
	r := v.realPath(p)
	if v.projLibs[r] || !v.toolLibs[r] {
		return ecosystems.UseRuntime
	}
	return ecosystems.UseNone
}

func (v *inventory) headerUse(p string) ecosystems.Use {
	if !v.gated || v.compiled[ecosystems.Canon(p)] || v.compiled[v.realPath(p)] {
		return ecosystems.UseCompile
	}
	return ecosystems.UseNone
}

// mapDebs finds the Debian packages of each resolved package (the owners
// of the files the configuration resolved, symbolic links followed, the
// runtime libraries their -dev packages depend on, and the table's
// packages) and names every installed package.
func (v *inventory) mapDebs() {
	names := sortedKeys(v.res)
	for _, name := range names {
		r := v.res[name]
		seen := map[*dpkg.Package]bool{}
		for _, p := range v.debs[name] {
			seen[p] = true
		}
		add := func(ps []*dpkg.Package) {
			for _, p := range ps {
				if !seen[p] && !cmakeBase.MatchString(p.Name) {
					seen[p] = true
					v.debs[name] = append(v.debs[name], p)
				}
			}
		}
		for _, f := range r.files {
			if v.db.IsDir(f) {
				continue // an include directory other packages share
			}
			add(v.db.Owners(f))
			add(v.db.Owners(v.realPath(f)))
		}
		for _, d := range r.dirs {
			ents, err := fs.ReadDir(v.sys, relFS(d))
			if err != nil {
				continue
			}
			var owners []*dpkg.Package
			sources := map[string]bool{}
			for _, ent := range ents {
				if !ent.IsDir() {
					for _, p := range v.db.Owners(path.Join(d, ent.Name())) {
						owners = append(owners, p)
						sources[sourceOf(p)] = true
					}
				}
			}
			if len(sources) == 1 { // a directory several packages share is nobody's config
				add(owners)
			}
		}
		if lib := v.tbl.ByCMake(name); lib != nil {
			for _, p := range v.db.Packages {
				if v.tbl.ByDeb(p.Name) == lib {
					add([]*dpkg.Package{p})
				}
			}
		}
		// The runtime library a -dev package depends on is built from the
		// same source: libsqlite3-dev → libsqlite3-0.
		for i := 0; i < len(v.debs[name]); i++ {
			d := v.debs[name][i]
			for _, q := range v.db.DependsOn(d) {
				if sourceOf(q) == sourceOf(d) && v.libraryish(q) {
					add([]*dpkg.Package{q})
				}
			}
		}
		for _, p := range v.debs[name] {
			if _, ok := v.assign[p]; !ok {
				v.assign[p] = name
			}
		}
	}
	for _, p := range v.db.Packages {
		if _, ok := v.assign[p]; ok || cmakeBase.MatchString(p.Name) {
			continue
		}
		if lib := v.tbl.ByDeb(p.Name); lib != nil {
			v.assign[p] = lib.Name
		}
	}
}

func sourceOf(p *dpkg.Package) string {
	if p.Source != "" {
		return p.Source
	}
	return p.Name
}

// libraryish reports whether a package ships a shared or static library
// or headers.
func (v *inventory) libraryish(p *dpkg.Package) bool {
	files, _ := v.db.Files(p)
	for _, f := range files {
		switch classify(f) {
		case kindShared, kindStatic, kindHeader:
			return true
		}
	}
	return false
}

// nameOf returns the CMake-level name of an installed package: its
// resolved or table name, else the link name of its library (libjq1 →
// jq), else its Debian name.
func (v *inventory) nameOf(p *dpkg.Package) string {
	if n, ok := v.assign[p]; ok {
		return n
	}
	files, _ := v.db.Files(p)
	stem := strings.TrimPrefix(p.Name, "lib")
	best, bestLen := "", -1
	for _, f := range files {
		if classify(f) != kindShared && classify(f) != kindStatic {
			continue
		}
		n, ok := linkNameOfFile(path.Base(f))
		if !ok {
			continue
		}
		// The library whose name shares the longest prefix with the
		// package's (libldap-2.5-0 → ldap-2.5, not lber-2.5).
		l := commonPrefix(n, stem)
		if l > bestLen || l == bestLen && n < best {
			best, bestLen = n, l
		}
	}
	if best != "" {
		v.assign[p] = best
		return best
	}
	v.assign[p] = p.Name
	return p.Name
}

func commonPrefix(a, b string) int {
	n := 0
	for n < len(a) && n < len(b) && a[n] == b[n] {
		n++
	}
	return n
}

// indexed reports whether a package's files are attributed: every
// installed package except the base C/C++ libraries and the compilers and
// build tools (unless a declaration or the table names them: pkg-config is
// PkgConfig).
func (v *inventory) indexed(p *dpkg.Package) bool {
	if cmakeBase.MatchString(p.Name) {
		return false
	}
	if _, named := v.assign[p]; named {
		return true
	}
	k := dpkg.ToolchainKind(p.Name)
	return k != dpkg.KindCompiler && k != dpkg.KindBuild
}

// indexDebs attributes the files of every indexed Debian package to its
// CMake-level name.
func (v *inventory) indexDebs() error {
	for _, p := range v.db.Packages {
		if !v.indexed(p) {
			continue
		}
		files, err := v.db.Files(p)
		if err != nil {
			return err
		}
		_, named := v.assign[p]
		if !named && !v.libraryish(p) {
			continue
		}
		name := v.nameOf(p)
		lib := v.tbl.ByCMake(name)
		for _, f := range files {
			switch classify(f) {
			case kindShared:
				v.inv.Index.AddFile(f, name, v.libraryUse(f))
			case kindStatic:
				v.inv.Index.AddFile(f, name, ecosystems.UseCompile)
			case kindHeader:
				v.inv.Index.AddFile(f, name, v.headerUse(f))
			case kindMeta:
				v.inv.Index.AddFile(f, name, ecosystems.UseNone)
			case kindBin:
				if lib != nil && lib.Tool {
					v.inv.Index.AddFile(f, name, ecosystems.UseCompile)
				}
			}
		}
	}
	return nil
}

// indexResolvedFiles attributes what the configuration resolved outside
// dpkg: FetchContent sources and builds, and library files no Debian
// package owns (/usr/local, a prefix of the user's).
func (v *inventory) indexResolvedFiles() {
	for _, name := range sortedKeys(v.res) {
		r := v.res[name]
		if r.src != "" {
			use := ecosystems.UseCompile
			if v.gated {
				use = ecosystems.UseNone
				for f := range v.compiled {
					if strings.HasPrefix(f, ecosystems.Canon(r.src)+"/") {
						v.inv.Index.AddFile(f, name, ecosystems.UseCompile)
					}
				}
			}
			v.inv.Index.AddDir(r.src, name, use)
		}
		if r.build != "" {
			v.inv.Index.AddDir(r.build, name, ecosystems.UseNone)
			_ = filepath.WalkDir(r.build, func(p string, d fs.DirEntry, err error) error {
				if err != nil || d.IsDir() {
					return nil
				}
				switch {
				case solib.IsSharedObject(d.Name()):
					v.inv.Index.AddFile(p, name, v.libraryUse(p))
				case strings.HasSuffix(d.Name(), ".a"):
					v.inv.Index.AddFile(p, name, ecosystems.UseCompile)
				}
				return nil
			})
		}
		for _, f := range r.files {
			if v.db != nil && len(v.db.Owners(f)) > 0 {
				continue
			}
			if k := classify(f); k == kindShared {
				v.inv.Index.AddFile(f, name, v.libraryUse(f))
			} else if k == kindStatic {
				v.inv.Index.AddFile(f, name, ecosystems.UseCompile)
			}
		}
	}
}

// packages builds D2: every resolved package, and the libraries their
// Debian packages depend on at run time, named as the index names them,
// with the edges between them.
func (v *inventory) packages() {
	pkgs := map[string]*ecosystems.Package{}
	declared := map[string]bool{}
	for _, d := range v.decl.deps {
		declared[d.Name] = true
	}
	var distro dpkg.Distro
	if v.db != nil {
		distro = v.db.Distro
	}
	edge := func(from, to string) {
		p := pkgs[from]
		if from == to || p == nil {
			return
		}
		for _, d := range p.Deps {
			if d == to {
				return
			}
		}
		p.Deps = append(p.Deps, to)
	}
	type walkItem struct {
		deb  *dpkg.Package
		name string
	}
	var queue []walkItem
	for _, name := range sortedKeys(v.res) {
		r := v.res[name]
		debs := v.debs[name]
		if len(debs) == 0 && r.src == "" && !v.onDisk(r) {
			continue // nothing the configuration named exists any more
		}
		lib := v.tbl.ByCMake(name)
		p := &ecosystems.Package{Name: name, Version: r.version, Direct: declared[name], Dev: lib != nil && lib.Test}
		if prim := v.primary(r, debs); prim != nil {
			p.Version, p.PURL = prim.Version, distro.PURL(prim)
			p.Path = v.pathOf(r)
		}
		if r.fetch != nil {
			if r.fetch.tag != "" {
				p.Version = r.fetch.tag
			}
			p.PURL = genericPURL(name, p.Version, r.fetch.url)
			p.Path = r.src
		}
		pkgs[name] = p
		for _, d := range debs {
			queue = append(queue, walkItem{d, name})
		}
	}
	if v.db != nil {
		seen := map[*dpkg.Package]bool{}
		for _, it := range queue {
			seen[it.deb] = true
		}
		for len(queue) > 0 {
			it := queue[0]
			queue = queue[1:]
			for _, q := range v.db.DependsOn(it.deb) {
				if !v.indexed(q) || !v.libraryish(q) {
					continue
				}
				qn := v.nameOf(q)
				if pkgs[qn] == nil {
					lib := v.tbl.ByCMake(qn)
					pkgs[qn] = &ecosystems.Package{Name: qn, Version: q.Version, PURL: distro.PURL(q), Direct: declared[qn], Dev: lib != nil && lib.Test}
				}
				edge(it.name, qn)
				if !seen[q] {
					seen[q] = true
					queue = append(queue, walkItem{q, qn})
				}
			}
		}
	}
	for _, name := range sortedKeys(pkgs) {
		p := pkgs[name]
		sort.Strings(p.Deps)
		v.inv.Packages = append(v.inv.Packages, *p)
	}
}

// onDisk reports whether any file or directory a resolution names exists.
func (v *inventory) onDisk(r *resolved) bool {
	for _, f := range append(append([]string(nil), r.files...), r.dirs...) {
		if v.exists(f) {
			return true
		}
	}
	return false
}

func (v *inventory) exists(p string) bool {
	_, err := fs.Stat(v.sys, relFS(p))
	return err == nil
}

// primary picks the Debian package a resolved package's URL and version
// name: the owner of the library file the configuration resolved (after
// symbolic links: the runtime package), else of the program it resolved (a
// tool's), else a package that is not a -dev one, else the first.
func (v *inventory) primary(r *resolved, debs []*dpkg.Package) *dpkg.Package {
	if len(debs) == 0 || v.db == nil {
		return nil
	}
	for _, kind := range []fileKind{kindShared, kindBin} {
		for _, f := range r.files {
			if classify(f) == kind {
				if owners := v.db.Owners(v.realPath(f)); len(owners) > 0 && !cmakeBase.MatchString(owners[0].Name) {
					return owners[0]
				}
			}
		}
	}
	for _, d := range debs {
		if !strings.HasSuffix(d.Name, "-dev") && v.libraryish(d) {
			return d
		}
	}
	return debs[0]
}

// pathOf is the install location a report shows: the resolved library
// file, else the config-file directory, else the first file of the package.
func (v *inventory) pathOf(r *resolved) string {
	for _, f := range r.files {
		if classify(f) == kindShared || classify(f) == kindStatic {
			return f
		}
	}
	for _, d := range r.dirs {
		if _, err := fs.Stat(v.sys, relFS(d)); err == nil {
			return d
		}
	}
	return ""
}

// genericPURL is the package URL of fetched sources:
// pkg:generic/fmt@10.2.1?vcs_url=git%2Bhttps://github.com/fmtlib/fmt.git%4010.2.1,
// or with download_url for an archive.
func genericPURL(name, version, url string) string {
	var q packageurl.Qualifiers
	switch {
	case url == "":
	case strings.HasSuffix(url, ".git") || strings.HasPrefix(url, "git@") || strings.HasPrefix(url, "gh:") || strings.HasPrefix(url, "gl:") || !strings.Contains(path.Base(url), "."):
		u := url
		if r, ok := strings.CutPrefix(u, "gh:"); ok {
			u = "https://github.com/" + r
		}
		if r, ok := strings.CutPrefix(u, "gl:"); ok {
			u = "https://gitlab.com/" + r
		}
		if i := strings.IndexAny(u, "@#"); i > len("https://") && !strings.HasPrefix(u, "git@") {
			u = u[:i]
		}
		v := "git+" + u
		if version != "" {
			v += "@" + version
		}
		q = append(q, packageurl.Qualifier{Key: "vcs_url", Value: v})
	default:
		q = append(q, packageurl.Qualifier{Key: "download_url", Value: url})
	}
	return packageurl.NewPackageURL(packageurl.TypeGeneric, "", name, version, q, "").ToString()
}

func sortedKeys[V any](m map[string]V) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}
