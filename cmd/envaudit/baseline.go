package main

import (
	"context"
	"fmt"
	"io"
	"os"
	"sort"
	"strings"
	"time"

	"github.com/envaudit/envaudit/ecosystems"
	"github.com/envaudit/envaudit/ecosystems/all"
	"github.com/envaudit/envaudit/engine"
	"github.com/envaudit/envaudit/internal/dpkg"
	"github.com/envaudit/envaudit/internal/ghaction"
)

// cmdBaseline snapshots the packages the machine has before the project's
// install steps run, so a later audit can tell a hidden dependency the
// machine provided from one a workflow step installed.
func cmdBaseline(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	c := newSubcommand("baseline", noOperands,
		"It records every Debian package and the installed packages of the project's ecosystems that have any yet, so a later audit tells a hidden package the machine provided from one a workflow step installed (the Action's baseline input).")
	dir := c.flags.String("C", ".", "take the baseline for the project in `DIR`")
	out := c.flags.String("o", "envaudit-baseline.json", "write the baseline to `FILE`")
	if code, done := c.parse(args, stdout, stderr); done {
		return code
	}
	b, warnings, err := takeBaseline(ctx, *dir, os.Environ(), all.Ecosystems(), time.Now())
	if err != nil {
		return fail(stderr, "baseline", err)
	}
	for _, w := range warnings {
		fmt.Fprintf(stderr, "envaudit: baseline: %s\n", w)
	}
	if err := ghaction.WriteBaseline(*out, b); err != nil {
		return fail(stderr, "baseline", err)
	}
	fmt.Fprintf(stdout, "envaudit: baseline of %s written to %s\n", baselineCounts(b), *out)
	return exitOK
}

// resolverEcosystems get their installed layer by asking the build tool to
// resolve the project (mvn dependency:list, go list -m all, Cargo.lock):
// before the install steps that would download, or describe nothing the
// machine provides, so the baseline leaves them out.
var resolverEcosystems = map[string]bool{"maven": true, "go": true, "cargo": true}

// takeBaseline records what the machine has: every Debian package (what
// the runner image provides), and the installed packages of each other
// ecosystem the project uses (a system Python's site-packages). An
// ecosystem that cannot be enumerated yet (no node_modules before npm ci)
// is a warning, not an error. environ is the environment of the tools the
// ecosystems ask.
func takeBaseline(ctx context.Context, dir string, environ []string, ecos []ecosystems.Ecosystem, now time.Time) (*ghaction.Baseline, []string, error) {
	root, err := engine.Root(dir)
	if err != nil {
		return nil, nil, fmt.Errorf("-C: %w", err)
	}
	b := &ghaction.Baseline{Taken: now.UTC().Truncate(time.Second)}
	var warnings []string
	if pkgs, err := dpkgPackages(); err != nil {
		warnings = append(warnings, err.Error())
	} else {
		b.Add("system", pkgs...)
	}
	for _, e := range ecos {
		name := e.Name()
		if name == "system" || resolverEcosystems[name] {
			continue
		}
		manifests, err := e.Detect(root)
		if err != nil || len(manifests) == 0 {
			continue
		}
		inv, err := e.Installed(ctx, root, ecosystems.Env{Environ: environ})
		if err != nil {
			warnings = append(warnings, fmt.Sprintf("%s: %v", name, err))
			continue
		}
		for _, p := range inv.Packages {
			b.Add(name, ghaction.BaselinePackage{Name: p.Name, Version: p.Version})
		}
		if b.Ecosystems[name] == nil {
			b.Add(name) // an empty list says the ecosystem was looked at
		}
	}
	return b, warnings, nil
}

// dpkgPackages lists the installed Debian packages from the dpkg database
// of the machine, read as the system ecosystem and cmake read it.
func dpkgPackages() ([]ghaction.BaselinePackage, error) {
	db, err := dpkg.Open(os.DirFS("/"))
	if err != nil {
		return nil, fmt.Errorf("system: %w", err)
	}
	var pkgs []ghaction.BaselinePackage
	for _, p := range db.Packages {
		if p.Installed() {
			pkgs = append(pkgs, ghaction.BaselinePackage{Name: p.Name, Version: p.Version})
		}
	}
	return pkgs, nil
}

func baselineCounts(b *ghaction.Baseline) string {
	names := make([]string, 0, len(b.Ecosystems))
	for name := range b.Ecosystems {
		names = append(names, name)
	}
	sort.Strings(names)
	parts := make([]string, len(names))
	for i, name := range names {
		parts[i] = fmt.Sprintf("%d %s", len(b.Ecosystems[name]), name)
	}
	if len(parts) == 0 {
		return "no packages"
	}
	return strings.Join(parts, ", ") + " packages"
}
