package system

import (
	"io/fs"

	"github.com/envaudit/envaudit/ecosystems"
	"github.com/envaudit/envaudit/ecosystems/internal/dpkg"
	"github.com/envaudit/envaudit/ecosystems/internal/toolchain"
)

// toolchainUse finds the packages outside the base whose files the traced
// run loaded only for the toolchain, in every process that loaded them
// (the shared judgment of ecosystems/internal/toolchain): each loaded
// shared object that only toolchain objects need (DT_NEEDED, from the
// program the process ran or from libraries loaded beside it, themselves
// toolchain's), that a build tool's process loaded or read (the Rust
// linker reading libc6-dev's libc.so, whether dpkg or rustup installed
// it), or that a language runtime's own object opens by name (the JVM's
// libnuma). Python's pyexpat module needs libexpat1; cmake needs libcurl4
// and libxml2, and libxml2 libicu72. A package the project's own code or
// run needed in any process — a program it ran, a library its code or a
// non-toolchain package's object needs, one an interpreter loaded with no
// object needing or naming it (ctypes, dlopen) — is not. Each package
// found is returned with why, naming an object that needed it and the
// process.
//
// An object another ecosystem attributes (Env.Attributed: a Python
// extension module of a Debian python3-* package) is that ecosystem's, and
// so is a library only such objects need (libyaml-0-2 for PyYAML's
// _yaml module): it is excluded too, naming the ecosystem's package.
func toolchainUse(sys fs.FS, db *dpkg.DB, base map[*dpkg.Package]string, names map[*dpkg.Package]string, procs []ecosystems.Process, attributed map[string]string) map[string]string {
	a := &toolchain.Analysis{Sys: sys, DB: db, Base: base, Names: names, Attributed: attributed}
	why := map[string]string{}
	project := map[string]bool{}
	for _, l := range a.Loads(procs) {
		if l.Base || dpkg.ToolchainKind(l.Package.Name) != "" || attributed[l.Object] != "" {
			continue // the base (excluded as such), dev tooling (DevTools), or another ecosystem's
		}
		name := names[l.Package]
		if !l.Tool {
			project[name] = true
			continue
		}
		if _, ok := why[name]; !ok {
			why[name] = l.Why
		}
	}
	for name := range project {
		delete(why, name)
	}
	return why
}
