package npm

import (
	"context"
	"encoding/json"
	"fmt"
	"maps"
	"path"
	"runtime/debug"
	"slices"
	"sort"
	"strconv"
	"strings"
	"sync"

	"github.com/evanw/esbuild/pkg/api"

	"github.com/envaudit/envaudit/ecosystems"
)

var _ ecosystems.Importer = (*project)(nil)

// sourceExts are the extensions of the JavaScript and TypeScript sources
// the importer reads, with the esbuild loader that parses each. Plain .js
// is parsed as JSX: React projects put JSX in .js files, and the JSX
// grammar accepts every plain script.
var sourceExts = map[string]api.Loader{
	".js":  api.LoaderJSX,
	".mjs": api.LoaderJS,
	".cjs": api.LoaderJS,
	".jsx": api.LoaderJSX,
	".ts":  api.LoaderTS,
	".mts": api.LoaderTS,
	".cts": api.LoaderTS,
	".tsx": api.LoaderTSX,
}

// skipDirs are directories that never hold the project's own sources:
// installed packages, build and coverage output, vendored copies. Every
// directory whose name starts with a dot (.git, .next, .yarn, .cache) is
// skipped too, and so are the directories the package's scripts compile
// their sources into (outputDirs).
var skipDirs = map[string]bool{
	"node_modules":     true,
	"bower_components": true,
	"jspm_packages":    true,
	"vendor":           true,
	"dist":             true,
	"build":            true,
	"coverage":         true,
	"out":              true,
	"storybook-static": true,
	"__snapshots__":    true,
	// Flow's library definitions, which the flow-typed tool installs:
	// declarations of other packages' types, as @types packages are.
	"flow-typed": true,
}

// testDirs are the directory names whose files are tests (or the helpers
// and fixtures only tests use).
var testDirs = map[string]bool{
	"test": true, "tests": true, "__tests__": true, "__mocks__": true,
	"__fixtures__": true, "spec": true, "e2e": true, "cypress": true,
	"typetests": true, "test-d": true,
}

// importNamespace is the esbuild namespace of the project's files: they
// are loaded through the Source, never by esbuild from disk.
const importNamespace = "envaudit"

// The markers prefix specifiers in the TypeScript text esbuild parses (see
// annotateImports). esbuild reports only the imports that survive
// TypeScript's erasure: it drops `import type` statements without a
// record, and erases an import whose bindings are used as types only.
// typeMarker marks an explicit type-only statement, turned into a
// side-effect import, which is never erased; declMarker marks a
// side-effect import added after every other import declaration, so that
// a declaration whose own record esbuild erased is still seen.
const (
	typeMarker = "\x00type:"
	declMarker = "\x00decl:"
)

// Imports reads the project's own JavaScript and TypeScript sources (every
// .js, .mjs, .cjs, .jsx, .ts, .mts, .cts and .tsx file outside
// node_modules, build output and dot directories; see skipDirs) with
// esbuild's parser and returns every import of a package: ESM import and
// export-from statements, require calls, dynamic import() and
// require.resolve with a literal specifier, each at its file:line.
//
// TypeScript imports that name only types — `import type`, `export type
// ... from`, and imports whose bindings are used only as types, which
// TypeScript erases — are ImportCompile; every other import is
// ImportRuntime, except that a require call or import() whose failure the
// code handles — inside a try block, or import() with a catch, the way
// optional dependencies are loaded — is ImportOptional (see guarded), when
// every such import of that module in the file is handled. Relative and absolute specifiers (the project's own
// files), Node's built-in modules ("fs", "node:fs"), URLs and package.json
// "#imports" are not packages and are left out, and so are the module
// aliases of the project's tsconfig.json or jsconfig.json (at the root and
// in each workspace, with the relative files they extend):
// compilerOptions.paths patterns ("@/*", "~lib/*") and specifiers naming a
// file or directory under compilerOptions.baseUrl, which the compiler
// resolves to the project's own files. A specifier names its
// package by its first segment, or its first two for a scope ("lodash/fp"
// is lodash, "@babel/core/lib/x" is @babel/core) — the directory under
// node_modules that Node resolves it to, which is also how an alias is
// named. Files under a test directory (test/, tests/, __tests__/, spec/,
// ...) and files named *.test.* or *.spec.* are tests: their imports are
// marked Test. A specifier naming the project's own package or one of its
// workspaces is project code, not a dependency.
//
// esbuild reports a specifier once per file and kind of import: a file
// that requires the same module twice yields the first place.
//
// A require call or import() expression whose argument is not a string
// literal loads what the code computes when it runs: unless its argument
// can only name one of the project's files (a template or concatenation
// starting with "./", "../", "/", __dirname or process.cwd()), it is a
// warning at its place, since the package it loads cannot be read. esbuild
// never sees such a call as written: it would expand a template literal
// starting with "./" as a glob pattern against the disk, relative to the
// process's working directory and node_modules included, and parse what
// it matched as the project's files (neutralizeComputed). Nothing is read
// from disk but the project's files, through the Source.
//
// A file esbuild refuses — Flow's type syntax above all — is read by a
// tolerant scanner (scanImports), which finds its import declarations
// (`import type` and `import typeof` are ImportCompile), require calls and
// import() expressions; a Flow file (Flow's pragma, or a .flowconfig at
// the root or a workspace's) read so is read in full. Any other file that
// does not parse is a warning, its imports still counted. The imports of
// every other file still count. Imports never runs the project's code. All files are
// read in one esbuild build that stops after parsing: about 0.85 s of CPU
// time for 1,000 TypeScript files of 5 KB (BenchmarkImports).
func (p *project) Imports(ctx context.Context, _ ecosystems.Env) (*ecosystems.Imports, error) {
	files, err := p.sourceFiles()
	if err != nil {
		return nil, err
	}
	out := &ecosystems.Imports{Files: len(files)}
	if len(files) == 0 {
		return out, nil
	}
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	first := p.scan(files, true)
	recs, failed := first.recs, first.failed
	computed := first.computed
	dynamic := first.dynamic
	// An annotation misplaced by a declaration-like line in a template
	// literal can break a file that parses as written: such a file is read
	// again as written, without the erased imports.
	var again []string
	for f := range failed {
		if isTypeScript(f) {
			again = append(again, f)
		}
	}
	if len(again) > 0 {
		sort.Strings(again)
		recs = slices.DeleteFunc(recs, func(r record) bool { return slices.Contains(again, r.file) })
		second := p.scan(again, false)
		recs = append(recs, second.recs...)
		computed = append(computed, second.computed...)
		maps.Copy(dynamic, second.dynamic)
		for _, f := range again {
			delete(failed, f)
		}
		maps.Copy(failed, second.failed)
	}
	guarded := p.guarded(first.catching, failed)
	// What esbuild refuses (Flow's type syntax, a proposal it does not
	// know) the tolerant scanner reads: its imports are evidence all the
	// same. A Flow file read so is read in full; any other stays a
	// warning, since the parser's refusal may hide what the scanner
	// cannot tell.
	flow := p.flowProject()
	for _, f := range slices.Sorted(maps.Keys(failed)) {
		data, err := p.src.ReadFile(f)
		if err != nil {
			continue
		}
		text := string(data)
		found, ok := scanImports(text)
		recs = append(recs, tolerantRecords(f, found, guarded)...)
		for _, c := range computedCalls(text) {
			dynamic[f] = true
			switch {
			case c.made:
				computed = append(computed, createRequireWarning(f, c.line))
			case !c.relative:
				computed = append(computed, computedWarning(f, c.line, nil))
			}
		}
		if ok && (flow || isFlowFile(text)) {
			delete(failed, f)
		}
	}
	for _, f := range slices.Sorted(maps.Keys(failed)) {
		out.Warnings = append(out.Warnings, failed[f]...)
	}
	sort.Strings(computed)
	out.Warnings = append(out.Warnings, slices.Compact(computed)...)
	kept := map[importKey]bool{}
	for _, r := range recs {
		if r.mark == "" {
			kept[r.key()] = true
		}
	}
	roles := p.fileRoles(files, recs, dynamic)
	for _, f := range files {
		switch r := roles[f]; r.kind {
		case roleTest:
			out.Tests = append(out.Tests, f)
		case roleTooling:
			out.Tooling = append(out.Tooling, f)
		default:
			out.Code = append(out.Code, f)
		}
	}
	own := p.ownNames()
	dirs := []string{"."}
	for _, w := range p.ws {
		dirs = append(dirs, w.dir)
	}
	al, err := readAliases(p.src, dirs)
	if err != nil {
		// The compiler fails on it too; the imports stay readable, only
		// the aliases are unknown.
		out.Warnings = append(out.Warnings, fmt.Sprintf("%v (its module aliases are not read)", err))
	}
	for _, r := range recs {
		name, ok := packageOf(r.spec)
		if !ok || own[name] || r.mark == declMarker && kept[r.key()] || al.own(p.src, r.spec) {
			continue
		}
		kind := ecosystems.ImportRuntime
		switch {
		case r.mark != "": // explicitly type-only, or erased
			kind = ecosystems.ImportCompile
		case r.dynamic && guarded[guardKey{r.file, r.spec}]:
			kind = ecosystems.ImportOptional
		}
		pos, err := ecosystems.NewPos("", r.file, r.line)
		if err != nil {
			// esbuild hands back only the names it was given, which are
			// the project's; a name that is not is no place to point at.
			out.Warnings = append(out.Warnings, fmt.Sprintf("import of %q: %v (not counted)", r.spec, err))
			continue
		}
		role := roles[pos.File]
		out.List = append(out.List, ecosystems.Import{
			Package: name,
			Module:  r.spec,
			Pos:     pos,
			Kind:    kind,
			Test:    role.kind == roleTest,
			Tool:    role.tool,
		})
	}
	sort.SliceStable(out.List, func(i, j int) bool {
		a, b := out.List[i], out.List[j]
		if a.Pos.File != b.Pos.File {
			return a.Pos.File < b.Pos.File
		}
		if a.Pos.Line != b.Pos.Line {
			return a.Pos.Line < b.Pos.Line
		}
		return a.Module < b.Module
	})
	return out, nil
}

// fileRoles tells the files apart (roles), with the relative imports of
// recs as the edges between them.
func (p *project) fileRoles(files []string, recs []record, dynamic map[string]bool) map[string]fileRole {
	inProject := map[string]bool{}
	for _, f := range files {
		inProject[f] = true
	}
	edges := map[string][]string{}
	for _, r := range recs {
		if t := resolveRelative(r.file, r.spec, inProject); t != "" && !slices.Contains(edges[r.file], t) {
			edges[r.file] = append(edges[r.file], t)
		}
	}
	return p.roles(files, edges, dynamic)
}

// ownNames are the names of the project's own packages — the root's and
// every workspace's: a specifier naming one of them (a self-reference
// through "exports", a workspace imported by another) is project code.
func (p *project) ownNames() map[string]bool {
	own := map[string]bool{}
	if p.root != nil && p.root.name != "" {
		own[p.root.name] = true
	}
	for _, w := range p.ws {
		own[w.name] = true
	}
	return own
}

// sourceFiles lists the project's own source files, slash-separated and
// relative to the root, in lexical order.
func (p *project) sourceFiles() ([]string, error) {
	built := p.outputDirs()
	var files []string
	var walk func(dir string) error
	walk = func(dir string) error {
		entries, err := p.src.ReadDir(dir)
		if err != nil {
			return fmt.Errorf("reading the sources: %w", err)
		}
		for _, e := range entries {
			name := e.Name()
			rel := name
			if dir != "." {
				rel = dir + "/" + name
			}
			if e.IsDir() {
				if strings.HasPrefix(name, ".") || skipDirs[name] || skipDirs[rel] || built[rel] {
					continue
				}
				if err := walk(rel); err != nil {
					return err
				}
				continue
			}
			if !e.Type().IsRegular() {
				continue
			}
			if _, ok := sourceExts[path.Ext(name)]; ok && !strings.Contains(name, ".min.") {
				files = append(files, rel)
			}
		}
		return nil
	}
	if err := walk("."); err != nil {
		return nil, err
	}
	return files, nil
}

// projectName returns the project's name of a file esbuild names: esbuild
// prefixes an entry point with "./" when a file of that name exists
// relative to the process's working directory (the project's root, when
// envaudit runs there, as the Action does by default), and a message's
// location with the plugin's namespace. The records, the files that fail
// to parse and the guarded imports are all keyed by this one name, which
// is the Pos the import gets; a name NewPos refuses is kept as esbuild
// gave it, and Imports then leaves its imports out with a warning.
func projectName(esbuildName string) string {
	name := strings.TrimPrefix(esbuildName, importNamespace+":")
	if p, err := ecosystems.NewPos("", name, 0); err == nil {
		return p.File
	}
	return name
}

// A record is one import esbuild reported: the importing file, the line
// of its specifier, the specifier as written, and the marker it carried
// (typeMarker, declMarker or "").
type record struct {
	file    string
	line    int
	spec    string
	mark    string
	dynamic bool // a require call or an import() expression
}

type importKey struct {
	file string
	line int
	spec string
}

func (r record) key() importKey { return importKey{r.file, r.line, r.spec} }

// note is what the resolver callback reports of each import, as the text
// of an esbuild message: esbuild attaches the import's location to a
// message a plugin returns without one, which is how each import gets its
// line.
type note struct {
	Importer string `json:"i"`
	Spec     string `json:"s"`
	Dynamic  bool   `json:"d,omitempty"`
}

// scanGCPercent and scanMemoryLimit are the garbage collector's settings
// while esbuild parses: the parse allocates about 200 KB per file, most of
// it garbage at once, and at the default GOGC a third of the scan's time
// went to collecting it (BenchmarkImports, 1,000 TypeScript files: 0.61–
// 0.67 s at GOGC=100, 0.45–0.48 s at 400). The memory limit keeps the
// larger heap goal from growing past it on a large tree: near it the
// collector runs as often as it needs.
const (
	scanGCPercent   = 400
	scanMemoryLimit = 1 << 30
)

// lessGC sets the collector for a scan and returns what restores the
// settings it found. A limit already set lower stays.
func lessGC() (restore func()) {
	pct := debug.SetGCPercent(scanGCPercent)
	limit := debug.SetMemoryLimit(-1)
	if limit > scanMemoryLimit {
		debug.SetMemoryLimit(scanMemoryLimit)
	}
	return func() {
		debug.SetGCPercent(pct)
		debug.SetMemoryLimit(limit)
	}
}

// pluginName names the resolver callback in esbuild's messages.
const pluginName = "envaudit-imports"

// computedIDs are the esbuild messages about a require call or import()
// expression whose argument is not a string literal, raised from debug
// messages to warnings so that scan sees them (logOverride).
var computedIDs = map[string]bool{"unsupported-require-call": true, "unsupported-dynamic-import": true}

var logOverride = map[string]api.LogLevel{
	"unsupported-require-call":   api.LogLevelWarning,
	"unsupported-dynamic-import": api.LogLevelWarning,
}

// A scanResult is what scan read: the import records, the files that
// did not parse with the warnings that say why, the files whose text may
// hold a guarded import (which guarded reads again), and the places of
// the require calls and import() expressions whose module is computed
// when the code runs and may be a package (computedWarning).
type scanResult struct {
	recs     []record
	failed   map[string][]string
	catching []string
	computed []string
	// dynamic are the files with a require or import() of any computed
	// module, one of their own files' included.
	dynamic map[string]bool
}

// A reader reads a file esbuild parses: the project's, through its
// Source, or an installed package's (loadedLinks).
type reader func(name string) ([]byte, error)

// load reads a file for esbuild: its text with every computed require
// call and import() expression neutralized (neutralizeComputed), and
// those calls.
func (read reader) load(name string) (string, []computedCall, error) {
	data, err := read(name)
	if err != nil {
		return "", nil, err
	}
	text := string(data)
	calls := computedCalls(text)
	return neutralizeComputed(text, calls), calls, nil
}

// noDisk is the esbuild plugin callback that loads every file of esbuild's
// own "file" namespace as empty: the project's files are loaded through
// the Source, and nothing else may be read from disk, whatever an import
// names.
func noDisk(b api.PluginBuild) {
	b.OnLoad(api.OnLoadOptions{Filter: ".*", Namespace: "file"}, func(api.OnLoadArgs) (api.OnLoadResult, error) {
		empty := ""
		return api.OnLoadResult{Contents: &empty, Loader: api.LoaderEmpty}, nil
	})
}

// scan parses files with esbuild and returns the import records of all of
// them. Every import is resolved to an error carrying a note: esbuild then
// stops after parsing, before linking anything, and the errors are the
// records. With annotate, TypeScript files are annotated first
// (annotateImports). Records of files that are not among files — none
// should be, since nothing is loaded from disk (noDisk) — are dropped.
func (p *project) scan(files []string, annotate bool) scanResult {
	return scanFiles(files, p.src.ReadFile, annotate)
}

// scanFiles is scan over files that read reads.
func scanFiles(files []string, read reader, annotate bool) scanResult {
	var mu sync.Mutex
	res := scanResult{failed: map[string][]string{}, dynamic: map[string]bool{}}
	calls := map[string][]computedCall{}
	plugin := api.Plugin{
		Name: pluginName,
		Setup: func(b api.PluginBuild) {
			b.OnResolve(api.OnResolveOptions{Filter: ".*"}, func(a api.OnResolveArgs) (api.OnResolveResult, error) {
				if a.Kind == api.ResolveEntryPoint {
					return api.OnResolveResult{Path: a.Path, Namespace: importNamespace}, nil
				}
				dynamic := a.Kind == api.ResolveJSRequireCall || a.Kind == api.ResolveJSDynamicImport
				text, _ := json.Marshal(note{Importer: a.Importer, Spec: a.Path, Dynamic: dynamic})
				return api.OnResolveResult{Errors: []api.Message{{Text: string(text)}}}, nil
			})
			b.OnLoad(api.OnLoadOptions{Filter: ".*", Namespace: importNamespace}, func(a api.OnLoadArgs) (api.OnLoadResult, error) {
				text, cs, err := read.load(a.Path)
				if err != nil {
					return api.OnLoadResult{}, err
				}
				name := projectName(a.Path)
				mu.Lock()
				calls[name] = cs
				if len(cs) > 0 {
					res.dynamic[name] = true
				}
				if strings.Contains(text, "catch") && (strings.Contains(text, "require") || strings.Contains(text, "import(")) {
					res.catching = append(res.catching, name)
				}
				mu.Unlock()
				if annotate && isTypeScript(a.Path) {
					text = annotateImports(text)
				}
				return api.OnLoadResult{Contents: &text, Loader: sourceExts[path.Ext(a.Path)]}, nil
			})
			noDisk(b)
		},
	}
	defer lessGC()()
	out := api.Build(api.BuildOptions{
		EntryPoints: files,
		Bundle:      true,
		Write:       false,
		Outdir:      "/envaudit-imports-never-written",
		LogLevel:    api.LogLevelSilent,
		LogOverride: logOverride,
		Platform:    api.PlatformNode,
		Target:      api.ESNext,
		TsconfigRaw: "{}", // the project's tsconfig.json files change nothing read here
		Plugins:     []api.Plugin{plugin},
	})
	entries := map[string]bool{}
	for _, f := range files {
		entries[f] = true
	}
	for _, m := range out.Errors {
		var n note
		if m.PluginName != pluginName || json.Unmarshal([]byte(m.Text), &n) != nil {
			// The output format is CommonJS, which is what makes esbuild
			// recognise require.resolve; what it cannot express in it
			// (top-level await) is no fault of the sources.
			if !strings.Contains(m.Text, "output format") {
				file := ""
				if m.Location != nil {
					file = projectName(m.Location.File)
				}
				res.failed[file] = append(res.failed[file], parseWarning(file, m))
			}
			continue
		}
		r := record{file: projectName(n.Importer), spec: n.Spec, dynamic: n.Dynamic}
		if !entries[r.file] {
			continue
		}
		if m.Location != nil {
			r.line = m.Location.Line
		}
		for _, mark := range []string{typeMarker, declMarker} {
			if s, ok := strings.CutPrefix(r.spec, mark); ok {
				r.spec, r.mark = s, mark
			}
		}
		res.recs = append(res.recs, r)
	}
	// esbuild reads a createRequire call as any other call: the scanner's
	// record of it is the warning.
	for file, cs := range calls {
		for _, c := range cs {
			if c.made && entries[file] && res.failed[file] == nil {
				res.computed = append(res.computed, createRequireWarning(file, c.line))
			}
		}
	}
	for _, m := range out.Warnings {
		if !computedIDs[m.ID] || m.Location == nil {
			continue
		}
		file := projectName(m.Location.File)
		if entries[file] && res.failed[file] == nil {
			if w := computedWarning(file, m.Location.Line, calls[file]); w != "" {
				res.computed = append(res.computed, w)
			}
		}
	}
	sort.Strings(res.catching)
	sort.Strings(res.computed)
	res.computed = slices.Compact(res.computed)
	return res
}

// createRequireWarning words a createRequire call at file:line: the
// require function it makes loads what its calls name, which no reader
// follows (r('ms') is a plain call), so the imports are incomplete.
func createRequireWarning(file string, line int) string {
	return fmt.Sprintf("%s:%d: a require function made by createRequire: the packages it loads cannot be read (their absence from the imports is no evidence)", file, line)
}

// computedWarning words a require call or import() expression at
// file:line whose module is computed when the code runs, as esbuild
// reports it, or returns "" when every such call the scanner found on
// that line can only name a file of the project (`./locale/${lang}`,
// path.join(__dirname, name)), whose imports are read with the file.
func computedWarning(file string, line int, calls []computedCall) string {
	found := false
	for _, c := range calls {
		if c.line != line {
			continue
		}
		found = true
		if !c.relative {
			found = false
			break
		}
	}
	if found {
		return ""
	}
	return fmt.Sprintf("%s:%d: a require or import() whose module is computed when the code runs: the package it loads cannot be read (its absence from the imports is no evidence)", file, line)
}

// A guardKey is a module a file requires or imports dynamically.
type guardKey struct{ file, spec string }

// guarded returns the modules that files require (or import with import())
// only where a failure to load them is handled: inside a try block, or an
// import() with a catch — the pattern of an optional dependency, which the
// code copes without. esbuild knows such imports (it lets them stay
// unresolved) but its plugin API does not say so; so files are parsed once
// more with a resolver that resolves nothing, and every import the
// resolver was asked for that esbuild did not then report unresolved is
// guarded. Only files whose text has "catch" and "require" or "import("
// can have one (scan lists them), and files that failed to parse are left
// out.
func (p *project) guarded(files []string, failed map[string][]string) map[guardKey]bool {
	return guardedFiles(files, p.src.ReadFile, failed)
}

// guardedFiles is guarded over files that read reads.
func guardedFiles(files []string, read reader, failed map[string][]string) map[guardKey]bool {
	files = slices.DeleteFunc(slices.Clone(files), func(f string) bool { return failed[f] != nil })
	out := map[guardKey]bool{}
	if len(files) == 0 {
		return out
	}
	var mu sync.Mutex
	asked := map[guardKey]bool{}
	plugin := api.Plugin{
		Name: pluginName,
		Setup: func(b api.PluginBuild) {
			b.OnResolve(api.OnResolveOptions{Filter: ".*"}, func(a api.OnResolveArgs) (api.OnResolveResult, error) {
				if a.Kind == api.ResolveEntryPoint {
					return api.OnResolveResult{Path: a.Path, Namespace: importNamespace}, nil
				}
				if a.Kind == api.ResolveJSRequireCall || a.Kind == api.ResolveJSDynamicImport {
					mu.Lock()
					asked[guardKey{projectName(a.Importer), a.Path}] = true
					mu.Unlock()
				}
				// Without a resolve directory esbuild searches nothing on
				// disk: the import stays unresolved, an error unless its
				// failure is handled.
				return api.OnResolveResult{}, nil
			})
			b.OnLoad(api.OnLoadOptions{Filter: ".*", Namespace: importNamespace}, func(a api.OnLoadArgs) (api.OnLoadResult, error) {
				text, _, err := read.load(a.Path)
				if err != nil {
					return api.OnLoadResult{}, err
				}
				return api.OnLoadResult{Contents: &text, Loader: sourceExts[path.Ext(a.Path)]}, nil
			})
			noDisk(b)
		},
	}
	res := api.Build(api.BuildOptions{
		EntryPoints: files,
		Bundle:      true,
		Write:       false,
		Outdir:      "/envaudit-imports-never-written",
		LogLevel:    api.LogLevelSilent,
		Platform:    api.PlatformNode,
		Target:      api.ESNext,
		TsconfigRaw: "{}",
		Plugins:     []api.Plugin{plugin},
	})
	unresolved := map[guardKey]bool{}
	for _, m := range res.Errors {
		rest, ok := strings.CutPrefix(m.Text, "Could not resolve ")
		if !ok || m.Location == nil {
			continue
		}
		spec, err := strconv.Unquote(rest)
		if err != nil {
			continue
		}
		unresolved[guardKey{projectName(m.Location.File), spec}] = true
	}
	for k := range asked {
		if !unresolved[k] {
			out[k] = true
		}
	}
	return out
}

// parseWarning words an esbuild error that is not an import record: a
// file that does not parse.
func parseWarning(file string, m api.Message) string {
	if m.Location == nil {
		return fmt.Sprintf("parsing the sources: %s", m.Text)
	}
	return fmt.Sprintf("%s:%d: %s (its imports are not read)", file, m.Location.Line, m.Text)
}

func isTypeScript(name string) bool {
	switch path.Ext(name) {
	case ".ts", ".mts", ".cts", ".tsx":
		return true
	}
	return false
}

// packageOf returns the package a specifier names, or false when it names
// no package: a relative or absolute path, a URL or a "node:" module, a
// package.json "#import", or one of Node's built-in modules.
func packageOf(spec string) (string, bool) {
	if spec == "" || strings.ContainsAny(spec[:1], "./#~\\") || strings.Contains(spec, ":") {
		return "", false
	}
	parts := strings.SplitN(spec, "/", 3)
	name := parts[0]
	if strings.HasPrefix(name, "@") {
		if len(parts) < 2 || len(name) < 2 || parts[1] == "" {
			return "", false
		}
		name += "/" + parts[1]
	} else if builtins[name] {
		return "", false
	}
	return name, true
}

// builtins are Node's built-in modules that may be required without the
// "node:" prefix (a built-in shadows an npm package of the same name), by
// their first path segment ("fs/promises" is fs).
var builtins = map[string]bool{}

func init() {
	for _, m := range strings.Fields(`assert async_hooks buffer child_process cluster console
		constants crypto dgram diagnostics_channel dns domain events fs http http2 https
		inspector module net os path perf_hooks process punycode querystring readline repl
		stream string_decoder sys timers tls trace_events tty url util v8 vm wasi
		worker_threads zlib`) {
		builtins[m] = true
	}
}

// annotateImports prepares a TypeScript source for esbuild (see the
// markers): an explicit type-only statement at the start of a line —
// `import type X from "m"`, `import type {A} from "m"`, `export type * from
// "m"`, `export type {A} from "m"` — becomes the side-effect import
// `import "<typeMarker>m"`, its clause blanked; after every other import
// declaration from a specifier (`import X from "m"`, `import {A} from
// "m"`, `import * as N from "m"`) the side-effect import `import
// "<declMarker>m"` is added on the same line. Newlines are kept, so every
// line keeps its number. A statement written another way (a comment
// between its words, import attributes) is left as it is: esbuild still
// reads it, though an erased one is then not seen.
func annotateImports(src string) string {
	var b strings.Builder
	done := 0
	for i := 0; i < len(src); {
		j := indexImportStmt(src, i)
		if j < 0 {
			break
		}
		h, ok := readImportHead(src, j)
		if !ok {
			i = j + len("import")
			continue
		}
		if b.Len() == 0 {
			b.Grow(len(src) + 256)
		}
		spec := src[h.quote+1 : h.end-1]
		if _, bare := packageOf(spec); !bare && !h.typeOnly {
			// Only a package import needs its declaration seen.
			i = h.end
			continue
		}
		b.WriteString(src[done:j])
		if h.typeOnly {
			b.WriteString("import")
			for _, c := range []byte(src[j+len("import") : h.quote]) {
				if c != '\n' {
					c = ' '
				}
				b.WriteByte(c)
			}
			b.WriteString(`"` + typeMarker + spec + `"`)
		} else {
			b.WriteString(src[j:h.end])
			b.WriteString(`;import "` + declMarker + spec + `"`)
		}
		done, i = h.end, h.end
	}
	if done == 0 {
		return src
	}
	b.WriteString(src[done:])
	return b.String()
}

// indexImportStmt returns the index of the next "import" or "export" at
// or after i that starts a line (only blanks or a semicolon before it), or
// -1.
func indexImportStmt(src string, i int) int {
	for i < len(src) {
		k := strings.Index(src[i:], "port")
		if k < 0 {
			return -1
		}
		j := i + k - 2
		if j >= 0 {
			if w := src[j : j+2]; (w == "im" || w == "ex") && lineStart(src, j) {
				return j
			}
		}
		i += k + len("port")
	}
	return -1
}

func lineStart(src string, j int) bool {
	for j > 0 {
		j--
		switch src[j] {
		case ' ', '\t':
		case '\n', ';':
			return true
		default:
			return false
		}
	}
	return true
}

// An importHead is the head of an import declaration read by
// readImportHead: whether it is type-only, and the indexes of its
// specifier's opening quote and of the byte after its closing one.
type importHead struct {
	typeOnly   bool
	quote, end int
}

// readImportHead reads the declaration at j, which starts with "import"
// or "export": `import [type] clause from "m"`, or `export type clause
// from "m"`, where clause is `{...}`, `* as N`, `N`, or `N, {...}` or `N,
// * as M`. Any other statement (`import "m"`, `import x = require("m")`,
// an export of values, an import with attributes) is not read.
func readImportHead(src string, j int) (importHead, bool) {
	var h importHead
	export := src[j] == 'e'
	i := j + len("import")
	n := skipBlanks(src, i)
	if n >= len(src) || n == i && src[n] != '{' && src[n] != '*' {
		return h, false
	}
	i = n
	if e := i + len("type"); strings.HasPrefix(src[i:], "type") && e < len(src) && strings.IndexByte("{* \t\r\n", src[e]) >= 0 {
		// `import type from "m"` and `import type, {A} from "m"` import a
		// default binding named type.
		m := skipBlanks(src, e)
		named := strings.HasPrefix(src[m:], ",") ||
			strings.HasPrefix(src[m:], "from") && startsQuote(src, skipBlanks(src, m+len("from")))
		if !named {
			h.typeOnly, i = true, m
		}
	}
	if export && !h.typeOnly {
		return h, false
	}
	for clause := 0; ; clause++ {
		if i >= len(src) || clause == 2 {
			return h, false
		}
		switch c := src[i]; {
		case c == '{':
			k := strings.IndexByte(src[i:], '}')
			if k < 0 {
				return h, false
			}
			i += k + 1
		case c == '*':
			i = skipBlanks(src, i+1)
			if !strings.HasPrefix(src[i:], "as") {
				if !export {
					return h, false
				}
			} else {
				e := skipName(src, skipBlanks(src, i+len("as")))
				if e == i+len("as") {
					return h, false
				}
				i = e
			}
		default:
			e := skipName(src, i)
			if e == i {
				return h, false
			}
			i = e
		}
		i = skipBlanks(src, i)
		if i < len(src) && src[i] == ',' {
			i = skipBlanks(src, i+1)
			continue
		}
		break
	}
	if !strings.HasPrefix(src[i:], "from") {
		return h, false
	}
	i = skipBlanks(src, i+len("from"))
	if !startsQuote(src, i) {
		return h, false
	}
	end := strings.IndexByte(src[i+1:], src[i])
	if end < 0 {
		return h, false
	}
	h.quote, h.end = i, i+1+end+1
	spec := src[i+1 : h.end-1]
	if strings.ContainsAny(spec, "\"\\\n`") || strings.Contains(spec, "${") {
		return h, false
	}
	// Import attributes (`with { type: "json" }`) follow the specifier:
	// such an import is left as written.
	if k := skipBlanks(src, h.end); strings.HasPrefix(src[k:], "with") || strings.HasPrefix(src[k:], "assert") {
		return h, false
	}
	return h, true
}

func skipBlanks(src string, i int) int {
	for i < len(src) && strings.IndexByte(" \t\r\n", src[i]) >= 0 {
		i++
	}
	return i
}

func skipName(src string, i int) int {
	for i < len(src) {
		c := src[i]
		if c == '_' || c == '$' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c >= 0x80 {
			i++
			continue
		}
		break
	}
	return i
}

func startsQuote(src string, i int) bool {
	return i < len(src) && (src[i] == '"' || src[i] == '\'')
}

// flowConfig is Flow's configuration file: at the project's root (or a
// workspace's) it says the project's JavaScript is Flow.
const flowConfig = ".flowconfig"

// flowProject reports whether the project is checked with Flow: a
// .flowconfig at its root or a workspace's, which makes every .js file
// Flow whatever its pragma (`all=true`).
func (p *project) flowProject() bool {
	if p.src.IsFile(flowConfig) {
		return true
	}
	for _, w := range p.ws {
		if p.src.IsFile(path.Join(w.dir, flowConfig)) {
			return true
		}
	}
	return false
}

// isFlowFile reports whether a file's header comments carry Flow's
// pragma (@flow, or @noflow for a file Flow parses without checking).
func isFlowFile(text string) bool {
	head := text
	if len(head) > 4096 {
		head = head[:4096]
	}
	for _, pragma := range []string{"@flow", "@noflow"} {
		if i := strings.Index(head, pragma); i >= 0 {
			end := i + len(pragma)
			if end == len(head) || !isIdentPart(head[end]) {
				return true
			}
		}
	}
	return false
}

// tolerantRecords turns what the tolerant scanner read of file into import
// records: a type-only import is marked so (typeMarker), and the guarded
// modules — those the file loads only where a failure is handled — are
// added to guarded, as the esbuild pass adds those of the files it
// parses.
func tolerantRecords(file string, found []scanned, guarded map[guardKey]bool) []record {
	var out []record
	all := map[guardKey]bool{}
	seen := map[importKey]bool{}
	for _, s := range found {
		r := record{file: file, line: s.line, spec: s.spec, dynamic: s.dynamic}
		if s.typeOnly {
			r.mark = typeMarker
		}
		if seen[r.key()] {
			continue
		}
		seen[r.key()] = true
		out = append(out, r)
		if s.dynamic {
			k := guardKey{file, s.spec}
			if g, ok := all[k]; !ok || g {
				all[k] = s.guarded
			}
		}
	}
	for k, g := range all {
		if g {
			guarded[k] = true
		}
	}
	return out
}
