package npm

import (
	"context"
	"encoding/json"
	"fmt"
	"path/filepath"
	"sort"
	"strings"

	"github.com/envaudit/envaudit/ecosystems"
	"github.com/envaudit/envaudit/internal/projfile"
)

// npxDirName is the directory of npm's cache where npx installs what it
// fetches to run: <cache>/_npx/<hash>/, with a package.json naming the
// packages asked for and a node_modules tree of them.
const npxDirName = "_npx"

// npxDirs returns the directories of npm's npx cache
// (<cache>/_npx/<hash>) in which the traced run loaded or executed a file,
// sorted: what `npx --yes X` fetched and ran. Wherever npm's cache lies
// (~/.npm, npm_config_cache), the layout names it.
func npxDirs(procs []ecosystems.Process, exes []string) []string {
	seen := map[string]bool{}
	note := func(f string) {
		sep := string(filepath.Separator)
		i := strings.Index(f, sep+npxDirName+sep)
		if i < 0 {
			return
		}
		rest := f[i+len(npxDirName)+2:]
		hash, tail, ok := strings.Cut(rest, sep)
		if !ok || hash == "" || !strings.HasPrefix(tail, "node_modules"+sep) {
			return
		}
		seen[f[:i+len(npxDirName)+2+len(hash)]] = true
	}
	for _, p := range procs {
		note(p.Exe)
		for _, f := range p.Files {
			note(f)
		}
	}
	for _, e := range exes {
		note(e)
	}
	out := make([]string, 0, len(seen))
	for d := range seen {
		out = append(out, d)
	}
	sort.Strings(out)
	return out
}

// npxAsked returns the packages an npx cache directory was made for: the
// dependencies of its package.json ("_npx": {"packages": [...]} as
// written beside them).
func npxAsked(dir string) ([]string, []string, error) {
	data, err := projfile.ReadFile(filepath.Join(dir, "package.json"), projfile.MaxMetadata)
	if err != nil {
		return nil, nil, err
	}
	var pj struct {
		Dependencies map[string]json.RawMessage `json:"dependencies"`
		Npx          struct {
			Packages []string `json:"packages"`
		} `json:"_npx"`
	}
	if err := json.Unmarshal(data, &pj); err != nil {
		return nil, nil, fmt.Errorf("%s: %w", filepath.Join(dir, "package.json"), err)
	}
	names := make([]string, 0, len(pj.Dependencies))
	for n := range pj.Dependencies {
		names = append(names, n)
	}
	sort.Strings(names)
	return names, pj.Npx.Packages, nil
}

// npx adds what npx fetched at run time to the inventory: for each npx
// cache directory the run used (npxDirs), every package of its
// node_modules tree, with its dependency edges, marked dev (tooling of
// the test command, which no install of the project provides), its files
// attributed to it, and a LinkFetched from the command to each package
// npx was asked for. The audit reports those as undeclared tools of the
// test command; what they bring along is explained through them.
func (v *inventory) npx(ctx context.Context, inv *ecosystems.Inventory, env ecosystems.Env) error {
	for _, dir := range npxDirs(env.Processes, env.Executables) {
		asked, specs, err := npxAsked(dir)
		if err != nil {
			v.warnf("npx cache %s: %v", dir, err)
			continue
		}
		real, err := filepath.EvalSymlinks(dir)
		if err != nil {
			continue
		}
		n := &inventory{
			ctx: ctx, root: dir, rootReal: real,
			byDir: map[string]*installed{}, locs: map[string]*installed{},
			walked: map[string]bool{}, wsReal: map[string]bool{},
		}
		if err := n.walk(filepath.Join(dir, "node_modules"), filepath.Join(real, "node_modules")); err != nil {
			return err
		}
		for _, p := range n.pkgs {
			n.link(p, nil)
		}
		for _, p := range n.pkgs {
			if err := n.index(inv.Index, p); err != nil {
				return err
			}
		}
		n.indexBins(inv.Index)
		sort.Slice(n.pkgs, func(i, j int) bool { return n.pkgs[i].loc < n.pkgs[j].loc })
		for _, p := range n.pkgs {
			p.dev = true
			inv.Packages = append(inv.Packages, p.pkg(filepath.ToSlash(p.dir)))
		}
		detail := "npx"
		if len(specs) > 0 {
			detail = "npx " + strings.Join(specs, " ")
		}
		for _, name := range asked {
			if n.byDir[filepath.Join(real, "node_modules", filepath.FromSlash(name))] == nil {
				continue
			}
			inv.Links = append(inv.Links, ecosystems.Link{To: name, Kind: ecosystems.LinkFetched, Detail: detail})
		}
		for _, w := range n.warnings {
			v.warnf("npx cache %s: %s", dir, w)
		}
	}
	return nil
}
