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
//     (.bin, .package-lock.json, .cache, .modules.yaml) are not packages;
//     .bin links are attributed to the package they point into. The tree
//     is what Node's resolution walks; npm's hidden lockfile
//     (.package-lock.json) and pnpm's .modules.yaml, which Node never
//     reads, decide nothing (TestInstallStateAsRuntime).
//   - pnpm's layout: a link into the virtual store
//     node_modules/.pnpm/<name>@<version>/node_modules/<name> is that
//     store package, one package however many links reach it; its
//     dependencies are the links beside it in its store entry's
//     node_modules, walked in turn. A store entry no link reaches is no
//     package: no require can find it.
//   - Yarn 1 (yarn.lock) and Yarn 2+ with the node-modules linker lay out
//     node_modules as npm does, and are read so.
//   - pnpm-lock.yaml (lockfileVersion 9) or yarn.lock (Yarn 1's format, or
//     the YAML of Yarn 2 and later), when there is no npm lockfile: the
//     tree stays D2; the lockfile's graph, walked from the declarations,
//     marks the packages only dev dependencies reach as dev, and is
//     cross-checked with the tree as package-lock.json is (a declaration
//     the lockfile lacks, an installed package it lacks or records at
//     another version, a locked package neither dev-only nor optional
//     that is not installed, are warnings; an optional declaration in
//     neither is Unlocked). A Plug'n'Play install is not cross-checked.
//   - Yarn's Plug'n'Play, for a project without node_modules:
//     read as Yarn's runtime reads it: only when .pnp.cjs exists, from the
//     state it inlines or, when its $$SETUP_STATE says so, from
//     .pnp.data.json (a .pnp.data.json the runtime does not read decides
//     nothing). Each package (a name
//     at an npm reference; the virtual instances Yarn makes for peer
//     dependencies are the same package) lies where its packageLocation
//     points, inside a zip archive of Yarn's cache or an unplugged
//     directory; the archive, which Node's PnP runtime opens, is attributed
//     to it. A package a workspace depends on is Direct.
//   - npm-shrinkwrap.json, else package-lock.json (lockfileVersion 2 or 3):
//     its "packages" map is cross-checked against the tree (entries missing
//     on disk, packages missing from it, versions that differ are
//     warnings), its "dev" flags mark dev-only packages, and its edges stand
//     in for a package.json that cannot be read. An optional dependency
//     neither installed nor in the lockfile is Unlocked, which the audit
//     reports not installed: npm records the ones it skips for the
//     platform (fsevents on Linux), so the lockfile is out of date with
//     package.json and a clean install fails or goes without it.
//   - the npm command's own package, and corepack beside it (found through
//     the traced run's PATH and the node executable it ran), listed as
//     excluded toolchain baseline.
//   - npx's cache directories the traced run used (<npm cache>/_npx/<hash>,
//     found in the files of Env.Processes): what `npx --yes X` fetched and
//     ran. Each package of their node_modules joins D2 marked dev, with its
//     edges and files, and a LinkFetched from the command to X (the
//     cache's package.json names what npx was asked for): the audit
//     reports X as an undeclared tool of the test command.
//
// Links (Inventory.Links): the installed JavaScript files the traced run
// loaded are parsed with esbuild (loadedLinks), and a loaded package's
// require of another installed package its package.json does not list is
// a LinkOptional when its failure is handled (debug's require of
// supports-color in a try block), else a LinkImport.
//
// Every installed copy is a package of its own (the same name may be
// installed at several versions; Path tells them apart). Its edges are the
// packages its dependencies resolve to the way Node resolves them (its own
// node_modules first, then each enclosing one). It is Direct when the root
// or a workspace package.json declares its name and resolves to that copy.
//
// Open reads package.json, the workspaces' package.json files and the
// lockfile through the Source, once; Files labels them manifests and a
// lockfile, and lists yarn.lock and pnpm-lock.yaml, when present, as
// lockfiles too; the first of them is parsed when there is no npm
// lockfile. node_modules, an installed tree, is read
// from disk by Installed.
//
// D3 (attribution): a traced path belongs to the innermost package directory
// that contains it. Reading a package's package.json is locating it
// (UseResolve: Node's resolution, require.resolve and bundlers read it
// to find the package; no use, but when a loaded package depends on it the
// copy is needed where it is, so no bloat); reading a TypeScript declaration file (.d.ts, .d.mts, .d.cts),
// or any file of an @types package, is compile-time use.
//
// Imports (the project's own imports): every .js, .mjs, .cjs, .jsx, .ts,
// .mts, .cts and .tsx file of the project outside node_modules, build and
// coverage output (and the directories the scripts compile into),
// vendored copies, Flow's library definitions and dot directories, read
// through the Source and parsed with esbuild, or by a tolerant scanner
// where esbuild refuses a file (Flow); see (*project).Imports. Each
// file counts as the code a package ships, a test or tooling, as its
// package.json says (files, the entry points, scripts.test and what it
// runs, the configuration of jest and mocha; see roles.go): the imports
// carry it (Import.Test, Import.Tool) and Imports lists the files by role.
//
// npm package names are case-sensitive and are kept as written. An installed
// package is named by the directory it is installed under, which is the name
// require() and package.json use (an alias "x": "npm:y@1" installs y under
// node_modules/x); its package URL names the package actually installed.
package npm

import (
	"context"
	"errors"
	"io/fs"

	"github.com/envaudit/envaudit/ecosystems"
)

// Ecosystem is the npm ecosystem. The zero value is ready to use.
type Ecosystem struct{}

var _ ecosystems.Ecosystem = Ecosystem{}

// New returns the npm ecosystem.
func New() Ecosystem { return Ecosystem{} }

// Name returns "npm".
func (Ecosystem) Name() string { return "npm" }

// lockFiles are the lockfiles npm reads, in order of precedence.
var lockFiles = []string{"npm-shrinkwrap.json", "package-lock.json"}

// otherLockFiles are the lockfiles of the other package managers that
// install into node_modules (pnpm, yarn), in order of precedence. D2 is
// the tree they installed; the lockfile, the project's record of it, is
// its cross-check and says which packages are dev-only (readOtherLock).
var otherLockFiles = []string{"pnpm-lock.yaml", "yarn.lock"}

// project is an npm project opened once: its package.json files parsed,
// D1 derived from them, and the lockfile parsed.
type project struct {
	src   ecosystems.Source
	root  *manifest // nil for a tree with a lockfile but no package.json
	ws    []workspace
	deps  []ecosystems.Dependency
	files []ecosystems.File
	// lock is the lockfile's "packages" map (nil without one, or for a
	// lockfileVersion 1), lockName its file name; lockErr is what is wrong
	// with it, which Installed reports: D1 stands without it.
	lock     map[string]*lockEntry
	lockName string
	lockErr  error
	// other is pnpm-lock.yaml or yarn.lock when there is no npm lockfile
	// (nil without one); otherErr is what is wrong with it.
	other    *otherLock
	otherErr error
}

// Open reads package.json, the package.json of every workspace its
// "workspaces" globs match, and the lockfile (npm-shrinkwrap.json, else
// package-lock.json, else pnpm-lock.yaml or yarn.lock) through the Source,
// once. Files labels the package.json files manifests and the lockfile a
// lockfile, and lists yarn's and pnpm's lockfiles as lockfiles too
// (otherLockFiles). A tree
// with neither package.json nor an npm lockfile is absent.
func (Ecosystem) Open(_ context.Context, src ecosystems.Source) (ecosystems.Project, error) {
	p := &project{src: src}
	m, err := readManifest(src, "package.json", ecosystems.Pos{})
	switch {
	case err == nil:
		p.root = m
		p.files = append(p.files, ecosystems.File{Path: "package.json", Kind: ecosystems.KindManifest})
		if p.ws, err = readWorkspaces(src, m); err != nil {
			return nil, err
		}
		for _, w := range p.ws {
			p.files = append(p.files, ecosystems.File{Path: w.file, Kind: ecosystems.KindManifest})
		}
	case !errors.Is(err, fs.ErrNotExist):
		return nil, err
	}
	p.lock, p.lockName, p.lockErr = readLock(src)
	if p.lockName != "" {
		p.files = append(p.files, ecosystems.File{Path: p.lockName, Kind: ecosystems.KindLockfile})
	}
	if p.root == nil && p.lockName == "" {
		return nil, nil
	}
	if p.lockName == "" {
		p.other, p.otherErr = readOtherLock(src)
	}
	for _, l := range otherLockFiles {
		if src.IsFile(l) {
			p.files = append(p.files, ecosystems.File{Path: l, Kind: ecosystems.KindLockfile})
		}
	}
	if p.root != nil {
		p.deps = declared(p.root, p.ws)
	}
	p.files = ecosystems.SortFiles(p.files)
	return p, nil
}

// Files returns the files Open read.
func (p *project) Files() []ecosystems.File { return append([]ecosystems.File(nil), p.files...) }

// Declared returns the dependencies declared in the root package.json and
// in each workspace's package.json, in file order (root first, then the
// workspaces by directory).
func (p *project) Declared() []ecosystems.Dependency {
	return append([]ecosystems.Dependency(nil), p.deps...)
}

// declared returns D1 of the root manifest m and its workspaces:
// dependencies naming a workspace package are project code and left out.
func declared(m *manifest, ws []workspace) []ecosystems.Dependency {
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
	return out
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
