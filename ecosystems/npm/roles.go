package npm

import (
	"maps"
	"path"
	"regexp"
	"slices"
	"sort"
	"strings"

	"github.com/bmatcuk/doublestar/v4"
)

// A roleKind is what a file of the project counts as.
type roleKind int

const (
	roleCode    roleKind = iota // code the package ships
	roleTest                    // a test, or what the test command runs
	roleTooling                 // a maintainer script, an example, a tool's configuration
)

// A fileRole is a file's role, and for tooling what the file is
// ("eslint's configuration", "a maintainer script").
type fileRole struct {
	kind roleKind
	tool string
}

// The tooling kinds of files outside the code and the tests.
const (
	toolScript  = "a maintainer script"
	toolExample = "an example"
	toolDocs    = "the documentation"
	toolBench   = "a benchmark"
)

// toolingDirs are the top-level directories of a package (the root or a
// workspace) that hold tooling rather than code, unless the package
// ships them (files, an entry point) or its test command runs them.
var toolingDirs = map[string]string{
	"scripts": toolScript, "script": toolScript, "tools": toolScript, "tool": toolScript,
	"tasks": toolScript, "gulp": toolScript, "grunt": toolScript,
	"examples": toolExample, "example": toolExample, "demo": toolExample, "demos": toolExample,
	"samples": toolExample, "sample": toolExample, "playground": toolExample,
	"docs": toolDocs, "doc": toolDocs, "documentation": toolDocs, "website": toolDocs,
	"benchmark": toolBench, "benchmarks": toolBench, "bench": toolBench, "perf": toolBench,
}

// A toolConfig describes the configuration files of one tool: the stems
// their base names have (the name without its extension: "eslint.config",
// ".eslintrc", "gulpfile"), and the programs and modules that load them
// besides the tool itself (jest loads babel's configuration, vitest
// vite's).
type toolConfig struct {
	tool     string
	stems    []string
	loadedBy []string
}

// toolConfigs are the configuration files of the tools a JavaScript
// project commonly configures in JavaScript. Any other "<name>.config.*"
// or ".<name>rc.*" at a package's root is a configuration file of <name>.
var toolConfigs = []toolConfig{
	{"eslint", []string{"eslint.config", ".eslintrc"}, []string{"eslint_d", "next", "vue-cli-service"}},
	{"prettier", []string{"prettier.config", ".prettierrc"}, nil},
	{"babel", []string{"babel.config", ".babelrc"}, []string{"babel-node", "@babel/register", "@babel/node", "jest", "babel-jest", "react-scripts", "metro", "webpack", "rollup", "parcel"}},
	{"jest", []string{"jest.config"}, []string{"react-scripts", "craco"}},
	{"vitest", []string{"vitest.config", "vitest.workspace"}, nil},
	{"vite", []string{"vite.config"}, []string{"vitest"}},
	{"webpack", []string{"webpack.config"}, []string{"webpack-dev-server", "webpack-cli", "karma"}},
	{"rollup", []string{"rollup.config"}, nil},
	{"postcss", []string{"postcss.config", ".postcssrc"}, []string{"vite", "vitest", "next", "webpack", "parcel"}},
	{"tailwindcss", []string{"tailwind.config"}, []string{"postcss", "vite", "vitest", "next"}},
	{"stylelint", []string{"stylelint.config", ".stylelintrc"}, nil},
	{"commitlint", []string{"commitlint.config", ".commitlintrc"}, nil},
	{"lint-staged", []string{"lint-staged.config", ".lintstagedrc"}, nil},
	{"mocha", []string{".mocharc"}, []string{"_mocha"}},
	{"karma", []string{"karma.conf", "karma.config"}, nil},
	{"playwright", []string{"playwright.config", "playwright-ct.config"}, []string{"@playwright/test"}},
	{"cypress", []string{"cypress.config"}, nil},
	{"ava", []string{"ava.config"}, nil},
	{"nyc", []string{"nyc.config", ".nycrc"}, nil},
	{"c8", []string{".c8rc"}, nil},
	{"tsup", []string{"tsup.config"}, nil},
	{"next", []string{"next.config"}, nil},
	{"nuxt", []string{"nuxt.config"}, nil},
	{"svelte-kit", []string{"svelte.config"}, []string{"vite", "vitest"}},
	{"astro", []string{"astro.config"}, nil},
	{"semantic-release", []string{"release.config", ".releaserc"}, nil},
	{"release-it", []string{".release-it"}, nil},
	{"standard-version", []string{".versionrc"}, nil},
	{"husky", []string{".huskyrc"}, nil},
	{"size-limit", []string{".size-limit"}, nil},
	{"knip", []string{"knip.config", "knip"}, nil},
	{"docusaurus", []string{"docusaurus.config"}, nil},
	{"webdriverio", []string{"wdio.conf"}, []string{"wdio"}},
	{"protractor", []string{"protractor.conf"}, nil},
	{"nightwatch", []string{"nightwatch.conf"}, nil},
	{"gulp", []string{"gulpfile", "gulpfile.babel"}, nil},
	{"grunt", []string{"Gruntfile", "gruntfile"}, nil},
	{"jake", []string{"Jakefile", "jakefile"}, nil},
	{"danger", []string{"dangerfile", "Dangerfile"}, nil},
	{"pnpm", []string{".pnpmfile"}, nil},
	{"metro", []string{"metro.config"}, []string{"react-native", "jest"}},
	{"craco", []string{"craco.config"}, nil},
	{"vue-cli", []string{"vue.config"}, []string{"vue-cli-service"}},
	{"electron-builder", []string{"electron-builder.config"}, nil},
	{"typedoc", []string{"typedoc.config"}, nil},
	{"storybook", []string{"storybook.config"}, nil},
	{"esbuild", []string{"esbuild.config"}, nil},
	{"parcel", []string{"parcel.config"}, nil},
	{"turbo", []string{"turbo.config"}, nil},
	{"lerna", []string{"lerna.config"}, nil},
}

// testSetupStems are the base names of files a test runner loads before
// the tests: tests whatever runs.
var testSetupStems = map[string]bool{
	"jest.setup": true, "jest.setup-after-env": true, "jest.global-setup": true, "jest.teardown": true,
	"setupTests": true, "setup-tests": true, "vitest.setup": true, "test-setup": true, "test.setup": true,
}

// stem returns a base name without its extension.
func stem(name string) string {
	b := path.Base(name)
	return strings.TrimSuffix(b, path.Ext(b))
}

// toolOf returns the tool whose configuration file local (a path
// relative to its package's directory) is, and whether it is one of the
// known tools; an unknown "<name>.config.*" or ".<name>rc.*" counts only
// at the package's root.
func toolOf(local string) (tc toolConfig, known, ok bool) {
	s := stem(local)
	for _, c := range toolConfigs {
		for _, st := range c.stems {
			if s == st {
				return c, true, true
			}
		}
	}
	if strings.HasPrefix(s, "webpack.") {
		return toolConfigs[slices.IndexFunc(toolConfigs, func(c toolConfig) bool { return c.tool == "webpack" })], true, true
	}
	if strings.Contains(local, "/") {
		return toolConfig{}, false, false
	}
	if n, cut := strings.CutSuffix(s, ".config"); cut && n != "" && !strings.Contains(n, ".") {
		return toolConfig{tool: n}, false, true
	}
	if n, cut := strings.CutSuffix(strings.TrimPrefix(s, "."), "rc"); cut && strings.HasPrefix(s, ".") && n != "" {
		return toolConfig{tool: n}, false, true
	}
	return toolConfig{}, false, false
}

// A pkgDir is one package of the project, the root or a workspace, with
// what its package.json says of its files.
type pkgDir struct {
	dir     string // "." or the workspace's directory
	pk      packaging
	plan    *testPlan
	entries map[string]bool // files the entry points name, or whose build output they name
	ignore  *ignoreList     // .npmignore (else .gitignore) when there is no "files"
}

// local returns f relative to the package's directory.
func (d *pkgDir) local(f string) string {
	if d.dir == "." {
		return f
	}
	return strings.TrimPrefix(f, d.dir+"/")
}

// packages returns the project's packages, the root first; a file belongs
// to the last one whose directory contains it (pkgDirOf).
func (p *project) packages(files map[string]bool) []*pkgDir {
	var out []*pkgDir
	add := func(dir string, pk packaging) {
		d := &pkgDir{dir: dir, pk: pk, plan: planTests(dir, pk)}
		d.entries = resolveEntries(dir, pk, files)
		if pk.files == nil {
			for _, name := range []string{".npmignore", ".gitignore"} {
				f := path.Join(dir, name)
				if data, err := p.src.ReadFile(f); err == nil {
					d.ignore = parseIgnore(string(data))
					break
				}
			}
		}
		for _, name := range []string{".mocharc.json", ".mocharc.jsonc", ".mocharc.yml", ".mocharc.yaml"} {
			if data, err := p.src.ReadFile(path.Join(dir, name)); err == nil {
				d.pk.mocha = mergeMocha(d.pk.mocha, readMochaFile(name, data))
				d.plan = planTests(dir, d.pk)
				break
			}
		}
		out = append(out, d)
	}
	if p.root != nil {
		add(".", p.root.pack)
	} else {
		add(".", packaging{noMain: true})
	}
	ws := append([]workspace(nil), p.ws...)
	sort.Slice(ws, func(i, j int) bool { return len(ws[i].dir) < len(ws[j].dir) })
	for _, w := range ws {
		add(w.dir, w.pack)
	}
	return out
}

// pkgDirOf returns the package the file f belongs to.
func pkgDirOf(pkgs []*pkgDir, f string) *pkgDir {
	own := pkgs[0]
	for _, d := range pkgs[1:] {
		if strings.HasPrefix(f, d.dir+"/") {
			own = d
		}
	}
	return own
}

// sourceDirs are where a package's sources lie when its build writes
// what it ships elsewhere: an entry point in the build output names the
// source of the same name there (dist/index.js names src/index.ts).
var sourceDirs = []string{"", "src", "lib", "source", "sources"}

// resolveEntries returns the files of files that the package's entry
// points name (resolved as Node resolves a path: as written, with an
// extension, or a directory's index), or whose build output they name,
// and those its start script runs; without main and exports, index.js.
func resolveEntries(dir string, pk packaging, files map[string]bool) map[string]bool {
	out := map[string]bool{}
	resolve := func(p string) {
		if strings.Contains(p, "*") {
			// An exports pattern: "*" matches any text, "/" included.
			prefix, suffix, _ := strings.Cut(path.Join(dir, p), "*")
			suffix = strings.ReplaceAll(suffix, "*", "")
			for f := range files {
				if strings.HasPrefix(f, prefix) && strings.HasSuffix(f, suffix) {
					out[f] = true
				}
			}
			return
		}
		base := path.Join(dir, p)
		for _, f := range resolveFile(base, files) {
			out[f] = true
		}
		// The source a build turns into this output.
		noExt := strings.TrimSuffix(base, path.Ext(base))
		rel := strings.TrimPrefix(noExt, dir+"/")
		if dir == "." {
			rel = noExt
		}
		if _, rest, ok := strings.Cut(rel, "/"); ok {
			rel = rest
		}
		for _, sd := range sourceDirs {
			for _, f := range resolveFile(path.Join(dir, sd, rel), files) {
				out[f] = true
			}
		}
	}
	for _, e := range pk.entries {
		if e = strings.TrimSpace(e); e != "" && !strings.HasPrefix(e, "/") {
			resolve(e)
		}
	}
	if pk.noMain {
		resolve("index.js")
	}
	if start, ok := pk.scripts["start"]; ok {
		for _, argv := range splitCommands(start) {
			for _, w := range argv[1:] {
				if isSourceFile(w) {
					resolve(w)
				}
			}
		}
	}
	return out
}

// resolveFile returns the files of files a path names as Node and
// TypeScript resolve it: as written, with a source extension, a
// directory's index, or a ".js" that names its ".ts" source.
func resolveFile(p string, files map[string]bool) []string {
	p = path.Clean(p)
	var out []string
	if files[p] {
		out = append(out, p)
	}
	exts := []string{".js", ".ts", ".tsx", ".jsx", ".mjs", ".cjs", ".mts", ".cts"}
	for _, e := range exts {
		if files[p+e] {
			out = append(out, p+e)
		}
		if files[p+"/index"+e] {
			out = append(out, p+"/index"+e)
		}
	}
	ts := map[string][]string{".js": {".ts", ".tsx"}, ".jsx": {".tsx"}, ".mjs": {".mts"}, ".cjs": {".cts"}}
	if alts, ok := ts[path.Ext(p)]; ok {
		for _, a := range alts {
			if q := strings.TrimSuffix(p, path.Ext(p)) + a; files[q] {
				out = append(out, q)
			}
		}
	}
	return out
}

// packed reports whether npm packs f: "files" names it (a file, a
// directory above it, or a glob), or, without "files", the ignore file
// does not exclude it.
func (d *pkgDir) packed(f string) (packed, explicit bool) {
	local := d.local(f)
	if d.pk.files == nil {
		return d.ignore == nil || !d.ignore.excludes(local), false
	}
	in := false
	for _, pat := range d.pk.files {
		neg := strings.HasPrefix(pat, "!")
		pat = strings.TrimPrefix(strings.TrimPrefix(strings.TrimPrefix(pat, "!"), "./"), "/")
		pat = strings.TrimSuffix(pat, "/")
		if pat == "" {
			continue
		}
		m := local == pat || strings.HasPrefix(local, pat+"/")
		if !m {
			m, _ = doublestar.Match(pat, local)
		}
		if !m {
			m, _ = doublestar.Match(pat+"/**", local)
		}
		if m {
			in = !neg
		}
	}
	return in, in
}

// testRuns reports whether the package's test command runs f, or a
// runner it runs takes f for a test.
func (d *pkgDir) testRuns(f string) bool {
	pl := d.plan
	if pl.files[f] {
		return true
	}
	for _, g := range pl.globs {
		if ok, _ := doublestar.Match(extglob(g), f); ok {
			return true
		}
	}
	for _, td := range pl.dirs {
		if inDirOf(f, td.dir, td.recursive) && hasExt(f, td.exts) {
			return true
		}
	}
	for _, m := range pl.mochaDefault {
		if inDirOf(f, path.Join(m.dir, "test"), m.recursive) && hasExt(f, append([]string{"js", "cjs", "mjs"}, m.exts...)) {
			return true
		}
	}
	if pl.jest && d.jestRuns(f) {
		return true
	}
	return false
}

func inDirOf(f, dir string, recursive bool) bool {
	if dir == "." {
		return recursive || !strings.Contains(f, "/")
	}
	rest, ok := strings.CutPrefix(f, dir+"/")
	return ok && (recursive || !strings.Contains(rest, "/"))
}

func hasExt(f string, exts []string) bool {
	if len(exts) == 0 {
		return true
	}
	e := strings.TrimPrefix(path.Ext(f), ".")
	for _, x := range exts {
		if strings.TrimPrefix(x, ".") == e {
			return true
		}
	}
	return false
}

// jestDefault are jest's default testMatch patterns.
var jestDefault = []string{"**/__tests__/**/*.[jt]s?(x)", "**/?(*.)+(spec|test).[jt]s?(x)"}

// jestRuns reports whether jest, configured by the package's "jest", takes
// f for a test file, or loads it as one of its setup modules.
func (d *pkgDir) jestRuns(f string) bool {
	c := d.pk.jest
	local := d.local(f)
	root := strings.TrimPrefix(strings.TrimPrefix(c.rootDir, "./"), "<rootDir>/")
	rootify := func(p string) string {
		p = strings.TrimPrefix(p, "<rootDir>/")
		p = strings.TrimPrefix(p, "./")
		if root != "" && root != "." {
			p = path.Join(root, p)
		}
		return p
	}
	for _, s := range c.setup {
		if strings.HasPrefix(s, ".") || strings.HasPrefix(s, "<rootDir>") {
			if files := resolveFile(rootify(s), map[string]bool{local: true}); len(files) > 0 {
				return true
			}
		}
	}
	for _, re := range c.testRegex {
		if rx, err := regexp.Compile(re); err == nil && rx.MatchString(local) {
			return true
		}
	}
	match := c.testMatch
	if len(match) == 0 && len(c.testRegex) == 0 {
		match = jestDefault
	}
	for _, g := range match {
		g = rootify(g)
		if ok, _ := doublestar.Match(extglob(g), local); ok {
			return true
		}
	}
	return false
}

// extglob turns the extended glob operators jest and node's test runner
// take (?(a|b), +(a|b), @(a|b), *(a|b)) into the brace alternatives of
// doublestar: "?(c|m)js" is "{,c,m}js". "+(...)" and "*(...)" match one
// or zero repetitions only, and "!(...)" anything, which is as far as
// test file names go.
func extglob(g string) string {
	var b strings.Builder
	for i := 0; i < len(g); i++ {
		c := g[i]
		if strings.IndexByte("?+@*!", c) >= 0 && i+1 < len(g) && g[i+1] == '(' {
			end := strings.IndexByte(g[i:], ')')
			if end > 0 {
				alts := strings.ReplaceAll(g[i+2:i+end], "|", ",")
				switch c {
				case '?', '*':
					b.WriteString("{," + alts + "}")
				case '!':
					b.WriteString("*")
				default:
					b.WriteString("{" + alts + "}")
				}
				i += end
				continue
			}
		}
		b.WriteByte(c)
	}
	return b.String()
}

// runsTool reports whether the test command of the package runs the tool
// (or one of the programs and modules that load its configuration).
func (d *pkgDir) runsTool(tc toolConfig) bool {
	if d.plan.tools[tc.tool] {
		return true
	}
	for _, t := range tc.loadedBy {
		if d.plan.tools[t] {
			return true
		}
	}
	return false
}

// isTestFile reports whether the project file name is a test by its place
// or name: under a test directory, or named *.test.*, *.spec.*,
// *_test.*, test-*, test.* or spec.* — the patterns of jest's, vitest's,
// tap's and ava's default test globs (node --test's *-test.js is one
// only when node --test runs: ab-test.js may be code) — or a type test,
// *.tst.* (TSTyche) or *.test-d.* (tsd, vitest's typecheck), or in
// TSTyche's typetests/ directory.
func isTestFile(name string) bool {
	dirs := strings.Split(name, "/")
	base := dirs[len(dirs)-1]
	for _, d := range dirs[:len(dirs)-1] {
		if testDirs[d] {
			return true
		}
	}
	s := strings.TrimSuffix(base, path.Ext(base))
	return strings.Contains(base, ".test.") || strings.Contains(base, ".spec.") ||
		strings.Contains(base, ".tst.") || strings.Contains(base, ".test-d.") ||
		strings.HasSuffix(s, "_test") || strings.HasPrefix(s, "test-") ||
		s == "test" || s == "tests" || s == "spec" || testSetupStems[s]
}

// roles tells the project's source files apart: the code its packages
// ship, its tests, and tooling. edges are the files each file imports by
// a relative specifier; dynamic are the files with a require or import()
// whose module is computed when the code runs.
//
// A file is, in this order:
//   - code, when an entry point of its package names it (main, module,
//     browser, bin, types, exports, else index.js; an entry point in the
//     build output names its source: dist/index.js names src/index.ts),
//     or the start script runs it;
//   - a test, when it is named like one or lies in a test directory
//     (isTestFile), when the test script runs it (node test.js, mocha's
//     and tap's arguments, node --test's and jest's patterns, mocha's
//     default ./test, setup modules), or when it configures a tool the
//     test script runs (eslint.config.js under `eslint . && mocha`,
//     babel's configuration under jest);
//   - tooling, when it configures another tool ("eslint's
//     configuration");
//   - code, when "files" packs it;
//   - tooling, when it lies in a tooling directory of its package
//     (scripts/, tools/, examples/, docs/, benchmarks/: toolingDirs), or
//     at its package's root while npm does not pack it ("files" or
//     .npmignore leave it out): a maintainer script;
//   - code otherwise.
//
// Then the imports decide what neither the manifest nor a name does:
// tooling a code file imports is code; a code file that no code file
// reaches from the code's roots (entry points, what "files" packs by
// name, and code no file imports) is a test when tests import it (a
// test helper) and tooling when only tooling does — unless "files" packs
// it, or a code file's require or import() computes its module when it
// runs, which may reach it unseen.
func (p *project) roles(files []string, edges map[string][]string, dynamic map[string]bool) map[string]fileRole {
	set := map[string]bool{}
	for _, f := range files {
		set[f] = true
	}
	pkgs := p.packages(set)
	roles := make(map[string]fileRole, len(files))
	demotable := map[string]bool{}
	weak := map[string]bool{} // tooling by place alone
	roots := map[string]bool{}
	for _, f := range files {
		d := pkgDirOf(pkgs, f)
		local := d.local(f)
		tc, known, isConfig := toolOf(local)
		packed, explicit := d.packed(f)
		first, _, nested := strings.Cut(local, "/")
		switch {
		case d.entries[f]:
			roles[f] = fileRole{kind: roleCode}
			roots[f] = true
		case isTestFile(f) || d.testRuns(f):
			roles[f] = fileRole{kind: roleTest}
		case isConfig && d.runsTool(tc):
			roles[f] = fileRole{kind: roleTest}
		case isConfig && known:
			roles[f] = fileRole{kind: roleTooling, tool: tc.tool + "'s configuration"}
		case explicit:
			roles[f] = fileRole{kind: roleCode}
			roots[f] = true
		case isConfig:
			roles[f] = fileRole{kind: roleTooling, tool: tc.tool + "'s configuration"}
			weak[f] = true
		case nested && toolingDirs[first] != "":
			roles[f] = fileRole{kind: roleTooling, tool: toolingDirs[first]}
			weak[f] = true
		case !nested && !packed:
			roles[f] = fileRole{kind: roleTooling, tool: toolScript}
			weak[f] = true
		default:
			roles[f] = fileRole{kind: roleCode}
			demotable[f] = true
		}
	}
	imported := map[string]bool{}
	for _, tos := range edges {
		for _, t := range tos {
			imported[t] = true
		}
	}
	for f := range demotable {
		if !imported[f] {
			roots[f] = true
		}
	}
	// What the code's roots reach is code, tooling they reach included.
	reach := func(from map[string]bool, through func(string) bool) map[string]bool {
		seen := map[string]bool{}
		queue := slices.Sorted(maps.Keys(from))
		for _, f := range queue {
			seen[f] = true
		}
		for len(queue) > 0 {
			f := queue[0]
			queue = queue[1:]
			for _, t := range edges[f] {
				if !seen[t] && through(t) {
					seen[t] = true
					queue = append(queue, t)
				}
			}
		}
		return seen
	}
	code := reach(roots, func(t string) bool { return roles[t].kind == roleCode || weak[t] })
	for f := range code {
		if weak[f] {
			roles[f] = fileRole{kind: roleCode}
		}
	}
	for f, r := range roles {
		if r.kind == roleCode && dynamic[f] {
			return roles
		}
	}
	tests, tooling := map[string]bool{}, map[string]bool{}
	for f, r := range roles {
		switch {
		case r.kind == roleTest:
			tests[f] = true
		case r.kind == roleTooling:
			tooling[f] = true
		}
	}
	unreached := func(t string) bool { return demotable[t] && !code[t] }
	byTests := reach(tests, unreached)
	byTooling := reach(tooling, unreached)
	for f := range demotable {
		switch {
		case code[f]:
		case byTests[f]:
			roles[f] = fileRole{kind: roleTest}
		case byTooling[f]:
			roles[f] = fileRole{kind: roleTooling, tool: toolOfImporter(f, edges, roles)}
		}
	}
	return roles
}

// toolOfImporter names the tooling a file only tooling imports belongs to:
// that of the first tooling file, by name, that imports it.
func toolOfImporter(f string, edges map[string][]string, roles map[string]fileRole) string {
	for _, from := range slices.Sorted(maps.Keys(edges)) {
		if r := roles[from]; r.kind == roleTooling && r.tool != "" && slices.Contains(edges[from], f) {
			return r.tool
		}
	}
	return toolScript
}

// resolveRelative returns the project file a relative specifier in file
// names, as Node and TypeScript resolve it, or "".
func resolveRelative(file, spec string, files map[string]bool) string {
	if !strings.HasPrefix(spec, "./") && !strings.HasPrefix(spec, "../") && spec != "." && spec != ".." {
		return ""
	}
	spec, _, _ = strings.Cut(spec, "?")
	p := path.Join(path.Dir(file), spec)
	if p == ".." || strings.HasPrefix(p, "../") {
		return ""
	}
	if got := resolveFile(p, files); len(got) > 0 {
		return got[0]
	}
	return ""
}
