package engine

import (
	"context"
	"errors"
	"fmt"
	"github.com/envaudit/envaudit/internal/toolexec"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"sync"

	"github.com/envaudit/envaudit/audit"
	"github.com/envaudit/envaudit/ecosystems"
)

// before is what the engine read of one ecosystem before the traced
// command ran: the project's code is a pull request's, and a test that
// rewrites its sources or the installation must not change what the
// audit rests on.
type before struct {
	// imported is set when Imports was read before the run (imports and
	// importErr are its result); otherwise the audit reads it after.
	imported  bool
	imports   *ecosystems.Imports
	importErr error
	// inv is D2 enumerated before the run, nil when the ecosystem's D2
	// comes from the run (ecosystems.RunOutput) or could not be read then.
	inv *ecosystems.Inventory
	// ids are the identities of inv's package directories as they were
	// before the run, so that a directory the run renames is still known
	// by its inode (nil without inv).
	ids *identities
}

// readBefore takes each ecosystem's static evidence before the command
// runs: what its sources import and, where D2 is what earlier steps
// installed, the installation. env is the command's environment; nothing
// of the run is known yet; command is what it will run. memo shares the tools' answers among these
// reads (and TraceSkip's), never with those after the run.
func (p *Project) readBefore(ctx context.Context, environ, command []string, tools *toolexec.Resolver, memo *ecosystems.Memo, asked *ecosystems.Asked) map[string]*before {
	out := make(map[string]*before, len(p.ecos))
	for _, d := range p.ecos {
		out[d.eco.Name()] = &before{}
	}
	if len(p.ecos) == 0 {
		return out
	}
	// The ecosystems' reads are independent, and each waits on its own
	// files or tool (go list, an interpreter): side by side, the command
	// starts after the slowest rather than after their sum.
	p.step("reading the sources and the installation before the run")
	env := ecosystems.Env{Environ: environ, Command: command, Tools: tools, Memo: memo, Asked: asked}
	var wg sync.WaitGroup
	for _, d := range p.ecos {
		b := out[d.eco.Name()]
		wg.Go(func() {
			runOut := ecosystems.ReadsRunOutput(d.project)
			if im, ok := d.project.(ecosystems.Importer); ok && !runOut.Imports {
				b.imported = true
				if b.imports, b.importErr = im.Imports(ctx, env); b.importErr != nil {
					b.imports = nil
				}
			}
			if !runOut.Installed {
				// An installation that cannot be read now is read
				// after the run as before; only what was read can be
				// compared.
				if inv, err := d.project.Installed(ctx, env); err == nil && inv != nil && !inv.Unknown {
					b.inv = inv
					b.ids = indexIdentities(inv.Index)
				}
			}
		})
	}
	wg.Wait()
	p.done()
	return out
}

// settle compares the installation enumerated after the run (after, with
// the run's evidence; nil or Unknown when it could not be enumerated) with
// the one enumerated before it, and returns the inventory to audit with
// the packages whose metadata changed in between. Every package of
// before is found in after by its install location: one whose name,
// version or recorded files (the index entries its metadata gives it)
// changed is audited as it was before the run, and one whose location is
// gone was removed by the run and is audited (with the files before
// attributed to it) as installed. Packages only one enumeration
// found at a location that still exists (a different interpreter told by
// the run) are left as after has them.
//
// What after alone knows stays: the toolchain the run used, the evidence
// the ecosystem collected during the run, its warnings.
func settle(root string, bf, after *ecosystems.Inventory) (*ecosystems.Inventory, []audit.Tampering) {
	if bf == nil {
		return after, nil
	}
	if after == nil || after.Unknown {
		// The run left nothing that can be enumerated (it removed
		// node_modules): what was there before is what it loaded.
		inv := *bf
		if after != nil {
			inv.Observed = after.Observed
			inv.Warnings = append(append([]string(nil), bf.Warnings...), after.Warnings...)
		}
		var ts []audit.Tampering
		for _, pkg := range bf.Packages {
			if gone(root, pkg.Path) {
				ts = append(ts, audit.Tampering{Package: pkg.Name, Version: pkg.Version, Path: pkg.Path, Changes: []string{"removed"}})
			}
		}
		return &inv, ts
	}
	inv := *after
	inv.Packages = append([]ecosystems.Package(nil), after.Packages...)
	at := make(map[string]int, len(inv.Packages))
	names := map[string]int{}
	for i, pkg := range inv.Packages {
		at[location(pkg)] = i
		names[pkg.Name]++
	}
	// What each package's metadata says it owns (a RECORD, a dpkg list,
	// the directory and its type declarations): compared only where the
	// enumeration before the run recorded files of the package at all,
	// since some ecosystems index only what the run touched.
	ownedBefore, ownedAfter := bf.Index.Digests(), after.Index.Digests()
	// A name that changed moves files between names: the change of name
	// is the finding, not the files the names then own.
	renames := map[string]bool{}
	for _, was := range bf.Packages {
		if i, ok := at[location(was)]; ok && inv.Packages[i].Name != was.Name {
			renames[was.Name], renames[inv.Packages[i].Name] = true, true
		}
	}
	var ts []audit.Tampering
	removed := map[string]bool{}
	refiled := map[string]bool{} // packages whose recorded files changed
	renamed := map[string]string{}
	for _, was := range bf.Packages {
		i, ok := at[location(was)]
		if !ok {
			if gone(root, was.Path) {
				ts = append(ts, audit.Tampering{Package: was.Name, Version: was.Version, Path: was.Path, Changes: []string{"removed"}})
				inv.Packages = append(inv.Packages, was)
				removed[was.Name] = true
			}
			continue
		}
		now := inv.Packages[i]
		var changes []string
		if now.Name != was.Name {
			changes = append(changes, fmt.Sprintf("name %q → %q", was.Name, now.Name))
			if names[now.Name] == 1 {
				// The files are still the ones it had before; another
				// package of the new name keeps its own.
				renamed[now.Name] = was.Name
			}
		}
		if now.Version != was.Version {
			changes = append(changes, fmt.Sprintf("version %q → %q", was.Version, now.Version))
		}
		if d, ok := ownedBefore[was.Name]; ok && !renames[was.Name] && d != ownedAfter[now.Name] {
			changes = append(changes, "the files it records")
			refiled[was.Name] = true
		}
		if len(changes) == 0 {
			continue
		}
		ts = append(ts, audit.Tampering{Package: was.Name, Version: was.Version, Path: was.Path, Changes: changes})
		now.Name, now.Version, now.PURL = was.Name, was.Version, was.PURL
		inv.Packages[i] = now
	}
	if len(renamed) > 0 || len(removed) > 0 || len(refiled) > 0 {
		// The files are attributed as the metadata before the run
		// recorded them: a renamed package's under its old name, a
		// removed one's and a refiled one's as they were.
		idx := ecosystems.NewPathIndex()
		idx.AddOwned(inv.Index, func(pkg string) bool { return !refiled[pkg] })
		idx.Rename(func(pkg string) string {
			if was, ok := renamed[pkg]; ok {
				return was
			}
			return pkg
		})
		idx.AddOwned(bf.Index, func(pkg string) bool { return removed[pkg] || refiled[pkg] })
		inv.Index = idx
	}
	sort.SliceStable(ts, func(i, j int) bool { return ts[i].Package < ts[j].Package })
	return &inv, ts
}

// location keys a package by where it is installed, or by its name when
// the ecosystem records no place.
func location(pkg ecosystems.Package) string {
	if pkg.Path != "" {
		return "path:" + pkg.Path
	}
	return "name:" + pkg.Name
}

// gone reports whether an install location (relative to root, or
// absolute) no longer exists.
func gone(root, path string) bool {
	if path == "" {
		return false
	}
	p := filepath.FromSlash(path)
	if !filepath.IsAbs(p) {
		p = filepath.Join(root, p)
	}
	_, err := os.Lstat(p)
	return errors.Is(err, fs.ErrNotExist)
}
