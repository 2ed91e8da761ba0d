package npm

import (
	"encoding/json"
	"os"
	"path/filepath"
	"sort"

	"github.com/envaudit/envaudit/ecosystems"
	"github.com/envaudit/envaudit/internal/projfile"
)

// toolchainWhy is the reason given for npm's own files in the report.
const toolchainWhy = "toolchain baseline"

// excludeToolchain finds the npm command the traced run used and lists it
// as excluded toolchain baseline: its files (and, where a distribution
// unbundles npm into separate directories, its dependencies') are indexed
// as npm's with no evidence of use, so running `npm test` never makes npm
// or its dependencies look like the project's. Corepack, shipped beside npm
// with node, is excluded the same way. Node itself is an executable, not a
// package.
//
// npm is found through the run's PATH (env.Environ, else this process's)
// and next to each node executable the run executed
// (<prefix>/bin/node → <prefix>/lib/node_modules/npm).
func (v *inventory) excludeToolchain(inv *ecosystems.Inventory, env ecosystems.Env) {
	var candidates []string
	pathVar, ok := ecosystems.LookupEnv(env.Environ, "PATH")
	if env.Environ == nil {
		pathVar, ok = os.LookupEnv("PATH")
	}
	if ok {
		for _, d := range filepath.SplitList(pathVar) {
			if d == "" || !filepath.IsAbs(d) {
				continue
			}
			if f, err := filepath.EvalSymlinks(filepath.Join(d, "npm")); err == nil {
				candidates = append(candidates, f)
			}
		}
	}
	for _, exe := range env.Executables {
		candidates = append(candidates, exe)
		if b := filepath.Base(exe); b == "node" || b == "nodejs" {
			prefix := filepath.Dir(filepath.Dir(exe))
			candidates = append(candidates, filepath.Join(prefix, "lib", "node_modules", "npm", "package.json"))
		}
	}
	found := map[string][]string{} // excluded name → directories
	for _, c := range candidates {
		dir := npmPackageDir(c)
		if dir == "" || v.contains(v.rootReal, dir) || v.contains(v.root, dir) {
			continue // the project's own copy of npm is a dependency like any other
		}
		found["npm"] = append(found["npm"], dir)
		parent := filepath.Dir(dir)
		if filepath.Base(parent) != "node_modules" {
			// An unbundled npm (Debian's /usr/share/nodejs/npm) finds its
			// dependencies beside it.
			found["npm"] = append(found["npm"], siblingClosure(dir)...)
		} else if cp := filepath.Join(parent, "corepack"); packageName(cp) == "corepack" {
			found["corepack"] = append(found["corepack"], cp)
		}
	}
	names := make([]string, 0, len(found))
	for n := range found {
		names = append(names, n)
	}
	sort.Strings(names)
	for _, n := range names {
		inv.Excluded = append(inv.Excluded, ecosystems.Excluded{Name: n, Why: toolchainWhy})
		for _, d := range found[n] {
			inv.Index.AddDir(d, n, ecosystems.UseNone)
		}
	}
}

// npmPackageDir returns the directory of the npm package that contains
// file, or "" if file is not part of npm.
func npmPackageDir(file string) string {
	for d := filepath.Dir(file); ; {
		if filepath.Base(d) == "npm" && packageName(d) == "npm" {
			return d
		}
		parent := filepath.Dir(d)
		if parent == d {
			return ""
		}
		d = parent
	}
}

// packageName returns the "name" of the package.json in dir, or "".
func packageName(dir string) string {
	data, err := projfile.ReadFile(filepath.Join(dir, "package.json"), projfile.MaxMetadata)
	if err != nil {
		return ""
	}
	var pj struct {
		Name any `json:"name"`
	}
	if json.Unmarshal(data, &pj) != nil {
		return ""
	}
	s, _ := pj.Name.(string)
	return s
}

// siblingClosure returns the directories beside dir that hold the
// transitive dependencies of the package in dir.
func siblingClosure(dir string) []string {
	base := filepath.Dir(dir)
	seen := map[string]bool{dir: true}
	queue := []string{dir}
	var out []string
	for len(queue) > 0 {
		d := queue[0]
		queue = queue[1:]
		data, err := projfile.ReadFile(filepath.Join(d, "package.json"), projfile.MaxMetadata)
		if err != nil {
			continue
		}
		var pj map[string]json.RawMessage
		if json.Unmarshal(data, &pj) != nil {
			continue
		}
		for _, f := range []string{"dependencies", "optionalDependencies"} {
			for _, n := range keys(pj[f]) {
				s := filepath.Join(base, filepath.FromSlash(n))
				if seen[s] || packageName(s) == "" {
					continue
				}
				seen[s] = true
				out = append(out, s)
				queue = append(queue, s)
			}
		}
	}
	sort.Strings(out)
	return out
}
