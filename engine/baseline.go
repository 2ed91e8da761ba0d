package engine

import (
	"context"
	"fmt"
	"os"
	"time"

	"github.com/envaudit/envaudit/baseline"
	"github.com/envaudit/envaudit/ecosystems"
	"github.com/envaudit/envaudit/internal/dpkg"
)

// TakeBaseline records what the machine has before the project's install
// steps run: every Debian package (what the runner image provides), and
// the installed packages of each other ecosystem of ecos the project in
// dir uses (a system Python's site-packages). Ecosystems whose installed
// layer is the build tool's resolution of the project (ecosystems.Resolver:
// mvn dependency:tree, go list -m all, Cargo.lock) are left out: before
// the install steps, resolving would download, or describe nothing the
// machine provides. An ecosystem that cannot be enumerated yet (no
// node_modules before npm ci) is a warning, not an error, and so are a
// manifest that does not parse and a dpkg database that cannot be read. environ is the
// environment of the tools the ecosystems ask; now dates the baseline. A
// directory that is not a project's comes back as a *DirError.
func TakeBaseline(ctx context.Context, dir string, environ []string, ecos []ecosystems.Ecosystem, now time.Time) (b *baseline.Baseline, warnings []string, err error) {
	root, err := Root(dir)
	if err != nil {
		return nil, nil, &DirError{Dir: dir, Err: err}
	}
	b = &baseline.Baseline{Taken: now.UTC().Truncate(time.Second)}
	if pkgs, err := dpkgPackages(); err != nil {
		warnings = append(warnings, err.Error())
	} else {
		b.Add("system", pkgs...)
	}
	src := ecosystems.Dir(root)
	for _, e := range ecos {
		name := e.Name()
		if r, ok := e.(ecosystems.Resolver); name == "system" || ok && r.ResolvesInstalled() {
			continue
		}
		p, err := e.Open(ctx, src)
		if err != nil {
			// Such a project names no installation; its audit reports the
			// manifest.
			warnings = append(warnings, fmt.Sprintf("%s: %v", name, err))
			continue
		}
		if p == nil {
			continue
		}
		inv, err := p.Installed(ctx, ecosystems.Env{Environ: environ})
		if err != nil {
			warnings = append(warnings, fmt.Sprintf("%s: %v", name, err))
			continue
		}
		for _, p := range inv.Packages {
			b.Add(name, baseline.Package{Name: p.Name, Version: p.Version})
		}
		if b.Ecosystems[name] == nil {
			b.Add(name) // an empty list says the ecosystem was looked at
		}
	}
	return b, warnings, nil
}

// dpkgPackages lists the installed Debian packages from the dpkg database
// of the machine, read as the system ecosystem and cmake read it.
func dpkgPackages() ([]baseline.Package, error) {
	db, err := dpkg.Open(os.DirFS("/"))
	if err != nil {
		return nil, fmt.Errorf("system: %w", err)
	}
	var pkgs []baseline.Package
	for _, p := range db.Packages {
		if p.Installed() {
			pkgs = append(pkgs, baseline.Package{Name: p.Name, Version: p.Version})
		}
	}
	return pkgs, nil
}
