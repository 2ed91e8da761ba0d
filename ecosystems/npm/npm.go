// Package npm owns envaudit's npm ecosystem: the dependencies a project
// declares in package.json (D1), the packages npm installed into
// node_modules (D2), and the attribution of traced files to those packages
// (D3).
//
// # Files read
//
// D1 (Declared):
//   - package.json at the project root: "dependencies" (scope runtime),
//     "devDependencies" (dev), "peerDependencies" (peer),
//     "optionalDependencies" (optional), each entry with the line of its key,
//     and "workspaces" (an array of globs, or {"packages": [...]}).
//   - <workspace>/package.json for every workspace directory the globs
//     match: its dependencies, positioned in that file. Dependencies naming
//     a workspace package are project code, not external dependencies.
//
// D2 (Installed):
//   - node_modules/ at the root and in every workspace, recursively:
//     each <name>/ and @<scope>/<name>/ directory is an installed package,
//     read from its package.json ("name", "version", "dependencies",
//     "optionalDependencies", "peerDependencies"); nested node_modules/
//     hold the copies that could not be hoisted. Symbolic links are
//     resolved: a link to a workspace is project code, any other link (npm
//     link, file: dependencies) is a package. Entries starting with a dot
//     (.bin, .package-lock.json, .cache) are not packages; .bin links are
//     attributed to the package they point into.
//   - npm-shrinkwrap.json, else package-lock.json (lockfileVersion 2 or 3):
//     its "packages" map is cross-checked against the tree (entries missing
//     on disk, packages missing from it, versions that differ are
//     warnings), its "dev" flags mark dev-only packages, and its edges stand
//     in for a package.json that cannot be read.
//   - the npm command's own package, and corepack beside it (found through
//     the traced run's PATH and the node executable it ran), listed as
//     excluded toolchain baseline.
//
// Every installed copy is a package of its own (the same name may be
// installed at several versions; Path tells them apart). Its edges are the
// packages its dependencies resolve to the way Node resolves them (its own
// node_modules first, then each enclosing one). It is Direct when the root
// or a workspace package.json declares its name and resolves to that copy.
//
// D3 (attribution): a traced path belongs to the innermost package directory
// that contains it. Reading a package's package.json is metadata (no use);
// reading a TypeScript declaration file (.d.ts, .d.mts, .d.cts), or any file
// of an @types package, is compile-time use.
//
// npm package names are case-sensitive and are kept as written. An installed
// package is named by the directory it is installed under, which is the name
// require() and package.json use (an alias "x": "npm:y@1" installs y under
// node_modules/x); its package URL names the package actually installed.
package npm

import (
	"errors"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"sort"

	"github.com/envaudit/envaudit/ecosystems"
)

// Ecosystem is the npm ecosystem. The zero value is ready to use.
type Ecosystem struct{}

// New returns the npm ecosystem.
func New() Ecosystem { return Ecosystem{} }

// Name returns "npm".
func (Ecosystem) Name() string { return "npm" }

// lockFiles are the lockfiles npm reads, in order of precedence.
var lockFiles = []string{"npm-shrinkwrap.json", "package-lock.json"}

// Detect returns package.json, the workspaces' package.json files and the
// lockfile, those that exist under root. A package.json that does not parse
// is still returned (Declared reports what is wrong with it).
func (Ecosystem) Detect(root string) ([]string, error) {
	var out []string
	m, err := readManifest(root, "package.json")
	switch {
	case err == nil:
		out = append(out, "package.json")
		// Workspace manifests are listed even when they do not parse.
		dirs, err := expandWorkspaces(root, m.file, m.workspaces)
		if err == nil {
			for _, d := range dirs {
				f := path.Join(d, "package.json")
				if fi, err := os.Stat(filepath.Join(root, filepath.FromSlash(f))); err == nil && fi.Mode().IsRegular() {
					out = append(out, f)
				}
			}
		}
	case errors.Is(err, fs.ErrNotExist):
	default:
		var pe *ecosystems.PosError
		if !errors.As(err, &pe) {
			return nil, err
		}
		out = append(out, "package.json")
	}
	for _, l := range lockFiles {
		if fi, err := os.Stat(filepath.Join(root, l)); err == nil && fi.Mode().IsRegular() {
			out = append(out, l)
			break
		}
	}
	sort.Strings(out)
	return out, nil
}

// Declared returns the dependencies declared in the root package.json and
// in each workspace's package.json, in file order (root first, then the
// workspaces by directory). A project without package.json declares nothing.
func (Ecosystem) Declared(root string) ([]ecosystems.Dependency, error) {
	m, err := readManifest(root, "package.json")
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	ws, err := readWorkspaces(root, m)
	if err != nil {
		return nil, err
	}
	internal := map[string]bool{}
	for _, w := range ws {
		internal[w.name] = true
	}
	var out []ecosystems.Dependency
	for _, mf := range append([]*manifest{m}, manifests(ws)...) {
		for _, d := range mf.deps {
			if !internal[d.Name] {
				out = append(out, d)
			}
		}
	}
	return out, nil
}

func manifests(ws []workspace) []*manifest {
	out := make([]*manifest, len(ws))
	for i, w := range ws {
		out[i] = w.manifest
	}
	return out
}

// devTools are the npm packages of JavaScript test runners and the tools
// that run tests under coverage or a TypeScript loader. A package loaded
// only by one of them (and what only they pull in) is test tooling.
var devTools = []string{
	"@jest/core", // jest's engine, loaded by every jest entry point
	"@playwright/test",
	"@tapjs/core",    // node-tap 18 and later
	"@vitest/runner", // vitest's engine
	"ava",
	"c8", // coverage for node --test and others
	"cypress",
	"jasmine",
	"jasmine-core",
	"jest",
	"jest-cli",
	"karma",
	"mocha",
	"nyc", // istanbul's command-line coverage wrapper
	"tap", // node-tap
	"tape",
	"ts-node", // runs TypeScript tests (mocha -r ts-node/register)
	"uvu",
	"vitest",
}

// DevTools returns the packages of the npm test runners (see devTools).
// Node's built-in runner (node --test) is part of node, not a package.
func (Ecosystem) DevTools() []string {
	return append([]string(nil), devTools...)
}
