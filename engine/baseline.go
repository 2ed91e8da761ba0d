package engine

import (
	"context"
	"fmt"
	"time"

	"github.com/envaudit/envaudit/baseline"
	"github.com/envaudit/envaudit/ecosystems"
)

// TakeBaseline records what the machine has before the project's install
// steps run: every package of the ecosystems that know the machine's own
// (ecosystems.MachineInventory: every Debian package, what the runner
// image provides), and the installed packages of each other ecosystem of
// ecos the project in dir uses (a system Python's site-packages). Ecosystems whose installed
// layer is the build tool's resolution of the project (ecosystems.Resolver:
// mvn dependency:tree, go list -m all, Cargo.lock) are left out: before
// the install steps, resolving would download, or describe nothing the
// machine provides. An ecosystem that cannot be enumerated yet (no
// node_modules before npm ci) is a warning, not an error, and so are a
// manifest that does not parse and a machine inventory that cannot be
// read. env is what the ecosystems' Installed get: the environment of the
// tools they ask, and how they find those tools (nil Tools: on its PATH);
// now dates the baseline. A
// directory that is not a project's comes back as a *DirError.
func TakeBaseline(ctx context.Context, dir string, env ecosystems.Env, ecos []ecosystems.Ecosystem, now time.Time) (b *baseline.Baseline, warnings []string, err error) {
	root, err := Root(dir)
	if err != nil {
		return nil, nil, &DirError{Dir: dir, Err: err}
	}
	b = &baseline.Baseline{Taken: now.UTC().Truncate(time.Second)}
	src := ecosystems.Dir(root)
	for _, e := range ecos {
		name := e.Name()
		if mi, ok := e.(ecosystems.MachineInventory); ok {
			pkgs, err := mi.MachinePackages(ctx)
			if err != nil {
				warnings = append(warnings, fmt.Sprintf("%s: %v", name, err))
				continue
			}
			b.Add(name) // an empty list says the ecosystem was looked at
			for _, p := range pkgs {
				b.Add(name, baseline.Package{Name: p.Name, Version: p.Version})
			}
			continue
		}
		if r, ok := e.(ecosystems.Resolver); ok && r.ResolvesInstalled() {
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
		inv, err := p.Installed(ctx, env)
		if err != nil {
			warnings = append(warnings, fmt.Sprintf("%s: %v", name, err))
			continue
		}
		// The toolchain an inventory keeps but excludes (Python's pip and
		// setuptools) is no package of the runner's to record.
		excluded := map[string]bool{}
		for _, x := range inv.Excluded {
			excluded[x.Name] = true
		}
		for _, p := range inv.Packages {
			if !excluded[p.Name] {
				b.Add(name, baseline.Package{Name: p.Name, Version: p.Version})
			}
		}
		if b.Ecosystems[name] == nil {
			b.Add(name) // an empty list says the ecosystem was looked at
		}
	}
	return b, warnings, nil
}
