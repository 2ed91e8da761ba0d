// Package cmake owns envaudit's C/C++ ecosystem for CMake projects: the
// libraries a project declares in its listfiles, vcpkg.json and
// conanfile.txt (D1), what its CMake configuration resolved them to on the
// machine (D2), and the attribution of the shared objects its programs
// loaded and the headers its build compiled to those libraries (D3).
//
// # Names
//
// A dependency is named by its CMake package name as find_package takes it
// (OpenSSL, ZLIB, SQLite3, nlohmann_json), through the library table
// (libraries.txt, embedded; see Table): every other way to name a known
// library — a link name in target_link_libraries (sqlite3, -lssl), a
// pkg-config module (libzstd), a vcpkg port (nlohmann-json), a Conan recipe
// (libcurl), a FetchContent/CPM repository (github.com/nlohmann/json), a
// Debian package (libsqlite3-0, libsqlite3-dev) — becomes that name, so
// the runtime package a program loads and the -dev package it compiled
// against are one dependency. Case is folded for the lookup only. A library
// the table does not know keeps its name as written; one found only by
// its files is named by its link name (libjq.so.1 → jq), so that
// `target_link_libraries(app jq)` and a loaded libjq.so.1 agree.
//
// # Files read
//
// D1 (Declared):
//   - CMakeLists.txt at the root, the CMakeLists.txt of every
//     add_subdirectory() inside the project, and every include()d .cmake
//     file inside it (by path, or by module name through
//     CMAKE_MODULE_PATH), read with a tokenizer of the CMake language
//     (Parse) and the literal values of set(), list(APPEND), option() and
//     project() variables: find_package (version and COMPONENTS are the
//     spec; without REQUIRED the scope is optional),
//     pkg_check_modules/pkg_search_module (each module; its version
//     restriction is the spec), FetchContent_Declare, ExternalProject_Add
//     and CPMAddPackage (the repository and tag are the spec),
//     target_link_libraries and link_libraries items that name a library
//     the project does not build (plain names, -lname, library files
//     outside the project; not keywords, namespaced targets such as
//     ZLIB::ZLIB, variable references or generator expressions).
//     Declarations in test code — if() blocks whose condition mentions a
//     test option, test directories, targets that add_test or
//     gtest_discover_tests run — and test frameworks have scope test;
//     tools (PkgConfig, Doxygen) scope build. No condition is evaluated:
//     a declaration in any branch is a declaration.
//   - vcpkg.json: "dependencies" (names or objects; "host" ones are build
//     scope).
//   - conanfile.txt: [requires], [tool_requires]/[build_requires] (build),
//     [test_requires] (test).
//
// Open reads these files through the Source, once; Files labels each a
// manifest. The build directories, their caches and dependency records,
// are read from disk by Installed.
//
// Threads and the base libraries' link names (pthread, dl, m, rt, c,
// stdc++, gcc_s) are toolchain baseline: not declarations, listed as
// excluded.
//
// D2 (Installed):
//   - CMakeCache.txt of the build directories: build/, cmake-build-*/ and
//     any directory up to two levels below the root with a cache, the root
//     itself, Ecosystem.BuildDirs, and the directories above the programs
//     the traced run executed whose cache names this project
//     (CMAKE_HOME_DIRECTORY) — so `cmake -B /tmp/b` is found from the
//     /tmp/b/app the tests ran. Entries read:
//     FIND_PACKAGE_MESSAGE_DETAILS_<Pkg> (what find_package found, with its
//     version), <Pkg>_DIR (config packages), the *_LIBRARY, *_INCLUDE_DIR and *_EXECUTABLE results of
//     find modules (named by prefix: OPENSSL_SSL_LIBRARY → OpenSSL),
//     pkgcfg_lib_<PREFIX>_<lib> with __pkg_config_arguments_<PREFIX>, and
//     FetchContent's _deps/<name>-src and -build directories
//     (FETCHCONTENT_BASE_DIR, FETCHCONTENT_SOURCE_DIR_<NAME>).
//   - /var/lib/dpkg/status and /var/lib/dpkg/info/*.list (through
//     ecosystems/internal/dpkg, the answer of `dpkg -S` without running it):
//     the resolved files, symbolic links followed (libz.so, owned by
//     zlib1g-dev, → libz.so.1.2.13, owned by zlib1g), give each package
//     its Debian packages, with the runtime library each -dev package
//     depends on; D2 is the resolved packages and the libraries their
//     Debian packages depend on (Depends), with those edges. Package URLs
//     are pkg:deb/<distro>/<package>@<version>?arch=&distro= for the
//     runtime package, pkg:generic with vcs_url or download_url for
//     fetched sources.
//   - Without a CMake cache (a project never configured), each declared
//     name is looked up on the system instead: the table's Debian
//     packages, lib<name>.so, a config-file directory. Without a cache and
//     without a dpkg database, the installation is unknown
//     (Inventory.Unknown), not empty.
//
// D3 (attribution):
//   - Shared objects: a load is run-time use when a program of the project
//     loads it — a program the run executed that lies under the project
//     root or one of its build directories; the libraries its ELF DT_NEEDED
//     entries resolve to through the loader's search path (RPATH,
//     LD_LIBRARY_PATH, RUNPATH, /etc/ld.so.conf, the system directories),
//     read from the executables themselves — or when nothing explains it
//     (the project dlopen()ed it). Every other program is a tool: a
//     packaged one (cc1plus, ld, cmake, sh, python3) or one installed
//     beside the project (an interpreter in a CI tool cache). What a tool
//     needs — its own ELF dependencies, and those of the shared objects it
//     may load at run time (the .so files of its Debian packages and their
//     dependencies, such as python's lib-dynload modules, or those under
//     <prefix>/lib for a program no package owns) — shows no use: a traced
//     build loads libz in the compiler whether or not the project uses it.
//     Nor does what the traced processes loaded only for the toolchain, as
//     the system ecosystem judges it (ecosystems/internal/toolchain): ld
//     dlopen()s every plugin in /usr/lib/bfd-plugins, and LLVMgold-14.so
//     needs libLLVM-14, libz3 and libedit, which no package dependency of
//     ld explains; such a library's name is listed as excluded with the
//     object that needed it, unless the project declares it or the
//     configuration resolved it. A library the project loads is attributed even when a tool loaded it
//     too. (The index is per file, so a library both a tool may load and
//     the project only dlopen()s is missed.)
//   - Headers show compile-time use when the compiler included them, as
//     the build's dependency records list them (the .d files of -MD,
//     compiler_depend.make, Ninja's .ninja_deps): so nlohmann_json, header
//     only, is compile-time rather than unused, while FindZLIB reading
//     zlib.h for its version is no use. Without any dependency record,
//     every read of a header counts.
//   - Static archives read by the linker, and the programs of tool
//     packages (pkg-config), show compile-time use; CMake config files and
//     .pc files none.
//   - The base C/C++ libraries (libc, libstdc++, libm, libgcc_s,
//     libpthread, libdl, librt), the dynamic loader, and the compilers'
//     and build tools' own packages are never attributed; the base is
//     listed as excluded.
package cmake

import (
	"context"
	"io/fs"
	"os"

	"github.com/envaudit/envaudit/ecosystems"
)

// Ecosystem is the C/C++ (CMake) ecosystem. The zero value audits the
// running machine with the embedded library table.
type Ecosystem struct {
	// System is the file system of the machine whose packages and
	// libraries are read, rooted at its "/"; nil means os.DirFS("/").
	System fs.FS
	// BuildDirs are build directories to read besides those found.
	BuildDirs []string
	// Table is the library table; nil means Libraries.
	Table *Table
}

// New returns the C/C++ ecosystem of the running machine.
func New() Ecosystem { return Ecosystem{} }

// Name returns "cmake".
func (Ecosystem) Name() string { return "cmake" }

func (e Ecosystem) sys() fs.FS {
	if e.System != nil {
		return e.System
	}
	return os.DirFS("/")
}

func (e Ecosystem) table() *Table {
	if e.Table != nil {
		return e.Table
	}
	return Libraries
}

// project is a CMake project opened once: its listfiles, vcpkg.json and
// conanfile.txt read and their declarations gathered.
type project struct {
	eco  Ecosystem
	src  ecosystems.Source
	decl *declarations
}

// Open reads the listfiles (CMakeLists.txt, those of subdirectories,
// included .cmake files), vcpkg.json and conanfile.txt through the Source,
// once; Files labels each a manifest. A tree with none of them is absent.
// A listfile, vcpkg.json or conanfile.txt that does not parse is a
// *ecosystems.PosError.
func (e Ecosystem) Open(_ context.Context, src ecosystems.Source) (ecosystems.Project, error) {
	d, err := declare(src, e.table())
	if err != nil || len(d.files) == 0 {
		return nil, err
	}
	d.deps = foldDeclared(d.deps)
	return &project{eco: e, src: src, decl: d}, nil
}

// Files returns the files Open read.
func (p *project) Files() []ecosystems.File {
	out := make([]ecosystems.File, len(p.decl.files))
	for i, f := range p.decl.files {
		out[i] = ecosystems.File{Path: f, Kind: ecosystems.KindManifest}
	}
	return out
}

// Declared returns D1.
func (p *project) Declared() []ecosystems.Dependency {
	return append([]ecosystems.Dependency(nil), p.decl.deps...)
}

var _ ecosystems.Ecosystem = Ecosystem{}

// DevTools returns the test frameworks of the library table (GTest, GMock,
// Catch2, doctest, benchmark). ctest belongs to cmake, which is a tool of
// the machine, not a library.
func (e Ecosystem) DevTools() []string {
	var out []string
	for _, lib := range e.table().All() {
		if lib.Test {
			out = append(out, lib.Name)
		}
	}
	return out
}
