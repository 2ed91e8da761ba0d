package system

import (
	"fmt"
	"io/fs"
	"path"
	"regexp"
	"slices"
	"strings"

	"github.com/envaudit/envaudit/ecosystems"
	"github.com/envaudit/envaudit/ecosystems/internal/solib"
	"github.com/envaudit/envaudit/internal/dpkg"
)

// builderLanguage matches the language toolchain packages whose programs
// only build (rustc, cargo, go), unlike the interpreters and VMs of the
// same kind (python3, node, java, perl), which run the project's code in
// their own process.
var builderLanguage = regexp.MustCompile(`^(rustc|cargo|golang.*|libstd-rust-.*)$`)

// isBuilder reports whether the toolchain package name holds programs
// that only build, check or trace the project and never run its code in
// their own process: a compiler, a linker, cmake, make, rustc, cargo, go,
// git. Whatever such a process loads, it loads for itself; only what an
// interpreter's own objects need is the interpreter's.
func isBuilder(name string) bool {
	switch dpkg.ToolchainKind(name) {
	case dpkg.KindCompiler, dpkg.KindBuild:
		return true
	case dpkg.KindDev:
		// A debugger or valgrind runs the program under test in its own
		// process; git and strace do not.
		return name != "gdb" && name != "valgrind"
	case dpkg.KindLanguage:
		return builderLanguage.MatchString(name)
	}
	return false
}

// toolchainUse finds the packages outside the base whose files the traced
// run loaded only for the toolchain, in every process that loaded them:
// each loaded shared object that only toolchain objects need (DT_NEEDED,
// from the program the process ran or from libraries loaded beside it,
// themselves toolchain's), or that a build tool's process loaded or read
// (the Rust linker reading libc6-dev's libc.so script). Python's pyexpat
// module needs libexpat1; cmake needs libcurl4 and libxml2, and libxml2
// libicu72. A package the project's own code or run needed in any process
// — a program it ran, a library its code or a non-toolchain package's
// object needs, one an interpreter loaded with no object needing it
// (ctypes, dlopen) — is not. Each package found is returned with why,
// naming an object that needed it and the process.
//
// An object another ecosystem attributes (Env.Attributed: a Python
// extension module of a Debian python3-* package) is that ecosystem's, and
// so is a library only such objects need (libyaml-0-2 for PyYAML's
// _yaml module): it is excluded too, naming the ecosystem's package.
func toolchainUse(sys fs.FS, db *dpkg.DB, base map[*dpkg.Package]string, names map[*dpkg.Package]string, procs []ecosystems.Process, attributed map[string]string) map[string]string {
	// owner is the first package owning the file at p (a file two
	// packages share is rare: diversions aside, dpkg refuses it), and
	// whether that package is base.
	owner := func(p string) (*dpkg.Package, bool) {
		os := db.Owners(p)
		if len(os) == 0 {
			return nil, false
		}
		_, isBase := base[os[0]]
		return os[0], isBase
	}
	dyn := map[string]solib.Dynamic{}
	readDyn := func(p string) solib.Dynamic {
		d, ok := dyn[p]
		if !ok {
			d, _ = solib.ReadDynamic(sys, strings.TrimPrefix(p, "/")) // an unreadable object needs nothing we can name
			dyn[p] = d
		}
		return d
	}
	why := map[string]string{}
	project := map[string]bool{}
	for _, pr := range procs {
		exe := ecosystems.Canon(pr.Exe)
		exePkg, _ := owner(exe)
		builder := exePkg != nil && isBuilder(exePkg.Name)
		exeTool := exePkg != nil && dpkg.ToolchainKind(exePkg.Name) != ""
		objs := []string{exe}
		for _, f := range pr.Files {
			if f = ecosystems.Canon(f); f != exe && solib.IsSharedObject(f) {
				objs = append(objs, f)
			}
		}
		// Who needs each object in this process, by soname or file name.
		byName := map[string][]string{}
		for _, o := range objs {
			byName[path.Base(o)] = append(byName[path.Base(o)], o)
			if s := readDyn(o).Soname; s != "" && s != path.Base(o) {
				byName[s] = append(byName[s], o)
			}
		}
		needers := map[string][]string{}
		for _, o := range objs {
			for _, n := range readDyn(o).Needed {
				for _, lib := range byName[n] {
					if lib != o {
						needers[lib] = append(needers[lib], o)
					}
				}
			}
		}
		// tool reports whether only the toolchain needs o in this
		// process; a cycle of needers counts as not toolchain.
		memo := map[string]bool{}
		var tool func(o string) bool
		tool = func(o string) bool {
			if v, ok := memo[o]; ok {
				return v
			}
			memo[o] = false
			pkg, isBase := owner(o)
			var v bool
			switch {
			case attributed[o] != "":
				v = true
			case o == exe:
				v = exeTool
			case pkg != nil && !isBase && dpkg.ToolchainKind(pkg.Name) != "":
				v = true
			case len(needers[o]) == 0:
				v = builder
			default:
				v = true
				for _, n := range needers[o] {
					if !tool(n) {
						v = false
						break
					}
				}
			}
			memo[o] = v
			return v
		}
		for _, o := range objs {
			pkg, isBase := owner(o)
			if pkg == nil || isBase {
				continue
			}
			name := names[pkg]
			if dpkg.ToolchainKind(pkg.Name) != "" || attributed[o] != "" {
				continue // dev tooling (DevTools), or another ecosystem's
			}
			if !tool(o) {
				project[name] = true
				continue
			}
			if _, ok := why[name]; ok {
				continue
			}
			soname := readDyn(o).Soname
			if soname == "" {
				soname = path.Base(o)
			}
			why[name] = toolchainWhy(soname, needers[o], exe, owner, names, attributed)
		}
	}
	for name := range project {
		delete(why, name)
	}
	return why
}

// toolchainWhy says why the object named soname was not the project's in
// the process that ran exe: the program itself when it needs the object,
// else the first of the other objects that need it, or the build tool
// that loaded it when none does. An object another ecosystem attributes
// is named as its package.
func toolchainWhy(soname string, needers []string, exe string, owner func(string) (*dpkg.Package, bool), names map[*dpkg.Package]string, attributed map[string]string) string {
	named := func(p string) string {
		if a := attributed[p]; a != "" {
			return a + "'s " + p
		}
		if pkg, _ := owner(p); pkg != nil {
			return names[pkg] + "'s " + p
		}
		return p
	}
	if len(needers) == 0 {
		return fmt.Sprintf("toolchain: loaded only by %s", named(exe))
	}
	if slices.Contains(needers, exe) {
		return fmt.Sprintf("toolchain: only %s needs %s (DT_NEEDED)", named(exe), soname)
	}
	first := slices.Min(needers)
	if eco, _, ok := strings.Cut(attributed[first], " "); ok {
		return fmt.Sprintf("%s: only %s needs %s (DT_NEEDED)", eco, named(first), soname)
	}
	return fmt.Sprintf("toolchain: only %s needs %s (DT_NEEDED), in %s", named(first), soname, path.Base(exe))
}
