// Package toolchain tells, in a traced run, the shared objects loaded only
// for the build and language toolchain from those the project's own code
// or run needed. The system and cmake ecosystems both judge loaded
// libraries with it, and must agree: a library the linker's plugin needs
// is nobody's finding in either.
//
// A process's objects are its program and the shared objects it loaded.
// An object is the toolchain's in a process when only toolchain objects
// need it (DT_NEEDED, from the program or from libraries loaded beside it
// that are themselves the toolchain's), when a toolchain package owns it,
// when a build tool's process loaded it for itself (a compiler, a linker,
// cmake: whatever such a process loads, it loads for itself), or when an
// object of a language runtime or of the distribution's base names it for
// dlopen() (HotSpot's libjvm opening libnuma at start-up, as procps's
// libproc2 does in ps). A library a program the project ran needs, or one
// an interpreter loaded with no object needing or naming it (ctypes, the
// project's dlopen), is the project's.
package toolchain

import (
	"bytes"
	"fmt"
	"io"
	"io/fs"
	"path"
	"regexp"
	"slices"
	"strings"

	"github.com/envaudit/envaudit/ecosystems"
	"github.com/envaudit/envaudit/ecosystems/internal/dpkg"
	"github.com/envaudit/envaudit/ecosystems/internal/solib"
)

// builderLanguage matches the language toolchain packages whose programs
// only build (rustc, cargo, go), unlike the interpreters and VMs of the
// same kind (python3, node, java, perl), which run the project's code in
// their own process.
var builderLanguage = regexp.MustCompile(`^(rustc|cargo|golang.*|libstd-rust-.*)$`)

// IsBuilder reports whether the toolchain package name holds programs
// that only build, check or trace the project and never run its code in
// their own process: a compiler, a linker, cmake, make, rustc, cargo, go,
// git. Whatever such a process loads, it loads for itself; only what an
// interpreter's own objects need is the interpreter's.
func IsBuilder(name string) bool {
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

// builderProgram matches the file names of compilers and linkers that are
// often installed outside dpkg — a rustup toolchain's rustc, rustdoc,
// cargo and rust-lld (the linker recent Rust uses on x86_64 Linux), GCC's
// internal programs — so that a build tool is known by what it is, not
// only by the package that installed it.
var builderProgram = regexp.MustCompile(`^(rustc|rustdoc|cargo|rust-lld|lld|ld|ld\.(bfd|gold|lld|mold)|ld64\.lld|[a-z0-9_]+-linux-gnu[a-z0-9_]*-ld(\.(bfd|gold))?|collect2|cc1|cc1plus|cc1obj|lto1|lto-wrapper)$`)

// IsBuilderProgram reports whether exe, a program outside any package, is
// a compiler or linker by its file name.
func IsBuilderProgram(exe string) bool {
	return builderProgram.MatchString(path.Base(exe))
}

// Load is one object a traced process loaded (or ran) that a package
// owns.
type Load struct {
	// Object is the object's canonical path.
	Object string
	// Package is the Debian package that owns it.
	Package *dpkg.Package
	// Base is set when that package is of the distribution's base: the
	// system ecosystem never attributes it, but the cmake ecosystem, whose
	// base is only the C/C++ runtime, does (libbsd0, which libedit2 needs,
	// is base as a dependency of iproute2).
	Base bool
	// Tool is set when the object was the toolchain's in every process
	// that loaded it.
	Tool bool
	// Why names, for a Tool load, an object that needed it and the
	// process (the first process that loaded it).
	Why string
}

// Analysis holds what is read once for the loads of a run: the ELF
// dynamic sections of the objects, and which runtime objects name which
// libraries.
type Analysis struct {
	// Sys is the machine's file system, rooted at its "/".
	Sys fs.FS
	// DB is the machine's dpkg database.
	DB *dpkg.DB
	// Base is the distribution's base (dpkg.DB.Base).
	Base map[*dpkg.Package]string
	// Names names each package as the caller reports it; nil means by
	// its Debian name.
	Names map[*dpkg.Package]string
	// Attributed maps files another ecosystem attributes to its package
	// (ecosystems.Env.Attributed).
	Attributed map[string]string

	dyn   map[string]solib.Dynamic
	names map[string]map[string]bool // runtime object → the library names it holds
}

// maxNamingScan bounds how much of a runtime object is searched for a
// library's name.
const maxNamingScan = 256 << 20

// maxName is the longest library name, with its directory, taken from an
// object's strings.
const maxName = 256

// owner is the first package owning the file at p (a file two packages
// share is rare: diversions aside, dpkg refuses it), and whether that
// package is base.
func (a *Analysis) owner(p string) (*dpkg.Package, bool) {
	os := a.DB.Owners(p)
	if len(os) == 0 {
		return nil, false
	}
	_, isBase := a.Base[os[0]]
	return os[0], isBase
}

func (a *Analysis) readDyn(p string) solib.Dynamic {
	d, ok := a.dyn[p]
	if !ok {
		d, _ = solib.ReadDynamic(a.Sys, strings.TrimPrefix(p, "/")) // an unreadable object needs nothing we can name
		a.dyn[p] = d
	}
	return d
}

// nameIn reports whether the object at obj holds soname as a string of
// its own (NUL-terminated, optionally after a directory): a literal the
// object passes to dlopen(). Each object is read once, for the library
// names it holds.
func (a *Analysis) nameIn(obj, soname string) bool {
	m, ok := a.names[obj]
	if !ok {
		m = libraryNames(a.Sys, obj)
		a.names[obj] = m
	}
	return m[soname]
}

// libraryNames returns the strings in the object at obj that name a
// shared object (base names, as dlopen() takes them); none for an
// object that cannot be read.
func libraryNames(sys fs.FS, obj string) map[string]bool {
	f, err := sys.Open(strings.TrimPrefix(obj, "/"))
	if err != nil {
		return nil
	}
	defer f.Close()
	data, err := io.ReadAll(io.LimitReader(f, maxNamingScan))
	if err != nil {
		return nil
	}
	out := map[string]bool{}
	for len(data) > 0 {
		i := bytes.Index(data, []byte(".so"))
		if i < 0 {
			break
		}
		// The string holding ".so" runs from the NUL before it to the
		// NUL after it; a longer one than maxName names no library, and
		// is not searched further back.
		lb := max(0, i-maxName)
		k := bytes.LastIndexByte(data[lb:i], 0)
		end := bytes.IndexByte(data[i:], 0)
		if end < 0 {
			end = len(data) - i
		}
		if k >= 0 || lb == 0 {
			if s := string(data[lb+k+1 : i+end]); len(s) <= maxName && solib.IsSharedObject(s) {
				out[path.Base(s)] = true
			}
		}
		data = data[i+end:]
	}
	return out
}

// Loads returns, in the order the processes first loaded them, the
// objects the processes loaded or ran that a package owns, each told
// toolchain or not. A file another ecosystem attributes is
// that ecosystem's and counts as the toolchain's here, as does a library
// only such files need (libyaml-0-2 for PyYAML's _yaml module).
func (a *Analysis) Loads(procs []ecosystems.Process) []Load {
	if a.dyn == nil {
		a.dyn = map[string]solib.Dynamic{}
		a.names = map[string]map[string]bool{}
	}
	var out []Load
	at := map[string]int{}
	for _, pr := range procs {
		exe := ecosystems.Canon(pr.Exe)
		exePkg, _ := a.owner(exe)
		builder := exePkg != nil && IsBuilder(exePkg.Name) || exePkg == nil && IsBuilderProgram(exe)
		exeTool := exePkg != nil && dpkg.ToolchainKind(exePkg.Name) != "" || exePkg == nil && IsBuilderProgram(exe)
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
			if s := a.readDyn(o).Soname; s != "" && s != path.Base(o) {
				byName[s] = append(byName[s], o)
			}
		}
		needers := map[string][]string{}
		for _, o := range objs {
			for _, n := range a.readDyn(o).Needed {
				for _, lib := range byName[n] {
					if lib != o {
						needers[lib] = append(needers[lib], o)
					}
				}
			}
		}
		// runtimeObjs are the objects in this process of a language
		// runtime (the JVM's libjvm) or of the distribution's base
		// (procps's libproc2, which ps loads): what they dlopen() by a
		// literal name, they open for themselves, as an optional part of
		// their own work.
		var runtimeObjs []string
		if !builder {
			for _, o := range objs {
				if pkg, isBase := a.owner(o); pkg != nil && (isBase || dpkg.ToolchainKind(pkg.Name) == dpkg.KindLanguage) {
					runtimeObjs = append(runtimeObjs, o)
				}
			}
		}
		namedBy := func(o string) string {
			for _, r := range runtimeObjs {
				if r != o && (a.nameIn(r, path.Base(o)) || a.readDyn(o).Soname != "" && a.nameIn(r, a.readDyn(o).Soname)) {
					return r
				}
			}
			return ""
		}
		// tool reports whether only the toolchain needs o in this
		// process; a cycle of needers counts as not toolchain.
		memo := map[string]bool{}
		opener := map[string]string{}
		var tool func(o string) bool
		tool = func(o string) bool {
			if v, ok := memo[o]; ok {
				return v
			}
			memo[o] = false
			pkg, isBase := a.owner(o)
			var v bool
			switch {
			case a.Attributed[o] != "":
				v = true
			case o == exe:
				v = exeTool
			case pkg != nil && !isBase && dpkg.ToolchainKind(pkg.Name) != "":
				v = true
			case len(needers[o]) == 0:
				v = builder
				if !v {
					if r := namedBy(o); r != "" {
						opener[o], v = r, true
					}
				}
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
			pkg, isBase := a.owner(o)
			if pkg == nil {
				continue
			}
			i, seen := at[o]
			if !seen {
				i = len(out)
				at[o] = i
				out = append(out, Load{Object: o, Package: pkg, Base: isBase, Tool: true})
			}
			if !out[i].Tool {
				continue
			}
			if !tool(o) {
				out[i].Tool, out[i].Why = false, ""
				continue
			}
			if out[i].Why == "" {
				soname := a.readDyn(o).Soname
				if soname == "" {
					soname = path.Base(o)
				}
				out[i].Why = a.why(soname, needers[o], opener[o], exe)
			}
		}
	}
	return out
}

// why says why the object named soname was not the project's in the
// process that ran exe: the program itself when it needs the object, else
// the first of the other objects that need it, the runtime object that
// names it for dlopen(), or the build tool that loaded it when none does.
// An object another ecosystem attributes is named as its package.
func (a *Analysis) why(soname string, needers []string, opener, exe string) string {
	named := func(p string) string {
		if at := a.Attributed[p]; at != "" {
			return at + "'s " + p
		}
		if pkg, _ := a.owner(p); pkg != nil {
			if n := a.Names[pkg]; n != "" {
				return n + "'s " + p
			}
			return pkg.Name + "'s " + p
		}
		return p
	}
	if opener != "" {
		if _, isBase := a.owner(opener); isBase {
			return fmt.Sprintf("distribution base: %s names %s and opens it itself (dlopen), in %s", named(opener), soname, path.Base(exe))
		}
		return fmt.Sprintf("toolchain: %s names %s and opens it itself (dlopen), in %s", named(opener), soname, path.Base(exe))
	}
	if len(needers) == 0 {
		return fmt.Sprintf("toolchain: loaded only by %s", named(exe))
	}
	if slices.Contains(needers, exe) {
		return fmt.Sprintf("toolchain: only %s needs %s (DT_NEEDED)", named(exe), soname)
	}
	first := slices.Min(needers)
	if eco, _, ok := strings.Cut(a.Attributed[first], " "); ok {
		return fmt.Sprintf("%s: only %s needs %s (DT_NEEDED)", eco, named(first), soname)
	}
	return fmt.Sprintf("toolchain: only %s needs %s (DT_NEEDED), in %s", named(first), soname, path.Base(exe))
}
