package gomod

import (
	"context"
	"path"

	"github.com/envaudit/envaudit/ecosystems"
)

// project is a Go project opened once: its go.work and main modules parsed,
// D1 derived from them, and the vendor listing read.
type project struct {
	eco   *Ecosystem
	src   ecosystems.Source
	mods  []goMod
	work  *workspace // nil without go.work
	deps  []ecosystems.Dependency
	files []ecosystems.File
	// vendored are the modules vendor/modules.txt lists; vendorErr is why
	// it could not be read, a warning of Installed.
	vendored  []listModule
	vendorErr error
}

// Open reads go.work (when present) and the go.mod of every main module,
// and vendor/modules.txt. Its files are go.work and the go.mod files
// (manifests), the root go.mod even when go.work does not use it, and
// go.work.sum, each main module's go.sum and vendor/modules.txt (lockfiles:
// the go command's record of what it selected). A project with neither
// go.work nor go.mod is absent.
func (e *Ecosystem) Open(_ context.Context, src ecosystems.Source) (ecosystems.Project, error) {
	mods, work, err := readProject(src)
	if err != nil || mods == nil {
		return nil, err
	}
	p := &project{eco: e, src: src, mods: mods, work: work, deps: declared(mods, work)}
	p.vendored, p.vendorErr = readVendor(src)
	add := func(name string, kind ecosystems.FileKind) {
		if src.IsFile(name) {
			p.files = append(p.files, ecosystems.File{Path: name, Kind: kind})
		}
	}
	add("go.work", ecosystems.KindManifest)
	add("go.work.sum", ecosystems.KindLockfile)
	add("go.mod", ecosystems.KindManifest)
	for _, m := range mods {
		p.files = append(p.files, ecosystems.File{Path: m.rel, Kind: ecosystems.KindManifest})
		add(joinRel(path.Dir(m.rel), "go.sum"), ecosystems.KindLockfile)
	}
	add("vendor/modules.txt", ecosystems.KindLockfile)
	p.files = ecosystems.SortFiles(p.files)
	return p, nil
}

// Files returns the files Open read.
func (p *project) Files() []ecosystems.File { return append([]ecosystems.File(nil), p.files...) }

// Declared returns the requirements of the project's main modules:
// requires without "// indirect" (runtime), the modules providing tool
// directives (dev), and the requires marked "// indirect" (runtime, with
// Indirect set: the audit counts them only where the project's sources
// import their module). Requirements naming a workspace module are
// project code and left out.
func (p *project) Declared() []ecosystems.Dependency {
	return append([]ecosystems.Dependency(nil), p.deps...)
}

// HasTestScope reports false: go.mod requires the modules the tests
// import as it requires the others (its tool directive declares tools,
// not packages a test imports).
func (*Ecosystem) HasTestScope() bool { return false }

var (
	_ ecosystems.Ecosystem    = (*Ecosystem)(nil)
	_ ecosystems.Resolver     = (*Ecosystem)(nil)
	_ ecosystems.TestScoper   = (*Ecosystem)(nil)
	_ ecosystems.TraceSkipper = (*project)(nil)
	_ ecosystems.Importer     = (*project)(nil)
)

// ResolvesInstalled reports true: D2 is the module graph the go command
// selects, not what an install step put on the machine.
func (*Ecosystem) ResolvesInstalled() bool { return true }
