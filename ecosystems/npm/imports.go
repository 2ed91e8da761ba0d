package npm

import (
	"context"
	"encoding/json"
	"fmt"
	"path"
	"sort"
	"strings"

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
// skipped too.
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
}

// testDirs are the directory names whose files are tests (or the helpers
// and fixtures only tests use).
var testDirs = map[string]bool{
	"test": true, "tests": true, "__tests__": true, "__mocks__": true,
	"__fixtures__": true, "spec": true, "e2e": true, "cypress": true,
}

// importNamespace is the esbuild namespace of the project's files: they
// are loaded through the Source, never by esbuild from disk.
const importNamespace = "envaudit"

// typeMarker prefixes the specifier of an explicit type-only import
// (`import type`, `export type ... from`) in the text esbuild parses:
// esbuild drops such statements without an import record, so they are
// turned into value imports of a marked specifier, which the resolver
// callback recognises as compile-time.
const typeMarker = "\x00type:"

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
// ImportRuntime. Relative and absolute specifiers (the project's own
// files), Node's built-in modules ("fs", "node:fs"), URLs and package.json
// "#imports" are not packages and are left out. A specifier names its
// package by its first segment, or its first two for a scope ("lodash/fp"
// is lodash, "@babel/core/lib/x" is @babel/core) — the directory under
// node_modules that Node resolves it to, which is also how an alias is
// named. Files under a test directory (test/, tests/, __tests__/, spec/,
// ...) and files named *.test.* or *.spec.* are tests: their imports are
// marked Test. A specifier naming the project's own package or one of its
// workspaces is project code, not a dependency.
//
// A file that does not parse is a warning; the imports of every other
// file still count. Imports never runs the project's code.
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
	// Two reads of the same files: with TypeScript's verbatim module
	// syntax esbuild keeps every import statement, and with its default
	// semantics it erases the imports used only as types. An import the
	// second read lacks names types only.
	all, warnings := p.scan(files, `{"compilerOptions":{"verbatimModuleSyntax":true}}`, true)
	runtime := map[importKey]bool{}
	if again := reread(all); len(again) > 0 {
		kept, _ := p.scan(again, `{}`, false)
		for _, r := range kept {
			runtime[r.key()] = true
		}
	}
	out.Warnings = warnings
	own := p.ownNames()
	for _, r := range all {
		name, ok := packageOf(r.spec)
		if !ok || own[name] {
			continue
		}
		kind := ecosystems.ImportRuntime
		if r.typeOnly || (isTypeScript(r.file) && !runtime[r.key()]) {
			kind = ecosystems.ImportCompile
		}
		out.List = append(out.List, ecosystems.Import{
			Package: name,
			Module:  r.spec,
			Pos:     ecosystems.Pos{File: r.file, Line: r.line},
			Kind:    kind,
			Test:    isTestFile(r.file),
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
				if strings.HasPrefix(name, ".") || skipDirs[name] || skipDirs[rel] {
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

// A record is one import esbuild reported: the importing file, the line
// of its specifier, the specifier as written, and whether the statement
// was explicitly type-only.
type record struct {
	file     string
	line     int
	spec     string
	typeOnly bool
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
}

// pluginName names the resolver callback in esbuild's messages.
const pluginName = "envaudit-imports"

// scan parses files with esbuild (the tsconfig raw applied to every file)
// and returns the import records of all of them. Every import is resolved
// to an error carrying a note: esbuild then stops after parsing, before
// linking anything, and the errors are the records. With markTypes, the
// explicit type-only statements of TypeScript files are kept as marked
// value imports (see typeMarker). Parse errors are returned as warnings.
func (p *project) scan(files []string, tsconfig string, markTypes bool) ([]record, []string) {
	plugin := api.Plugin{
		Name: pluginName,
		Setup: func(b api.PluginBuild) {
			b.OnResolve(api.OnResolveOptions{Filter: ".*"}, func(a api.OnResolveArgs) (api.OnResolveResult, error) {
				if a.Kind == api.ResolveEntryPoint {
					return api.OnResolveResult{Path: a.Path, Namespace: importNamespace}, nil
				}
				text, _ := json.Marshal(note{Importer: a.Importer, Spec: a.Path})
				return api.OnResolveResult{Errors: []api.Message{{Text: string(text)}}}, nil
			})
			b.OnLoad(api.OnLoadOptions{Filter: ".*", Namespace: importNamespace}, func(a api.OnLoadArgs) (api.OnLoadResult, error) {
				data, err := p.src.ReadFile(a.Path)
				if err != nil {
					return api.OnLoadResult{}, err
				}
				text := string(data)
				if markTypes && isTypeScript(a.Path) {
					text = markTypeImports(text)
				}
				return api.OnLoadResult{Contents: &text, Loader: sourceExts[path.Ext(a.Path)]}, nil
			})
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
		TsconfigRaw: tsconfig,
		Plugins:     []api.Plugin{plugin},
	})
	var recs []record
	var warnings []string
	for _, m := range res.Errors {
		var n note
		if m.PluginName != pluginName || json.Unmarshal([]byte(m.Text), &n) != nil {
			// The output format is CommonJS, which is what makes esbuild
			// recognise require.resolve; what it cannot express in it
			// (top-level await) is no fault of the sources.
			if !strings.Contains(m.Text, "output format") {
				warnings = append(warnings, parseWarning(m))
			}
			continue
		}
		r := record{file: n.Importer, spec: n.Spec}
		if m.Location != nil {
			r.line = m.Location.Line
		}
		if s, ok := strings.CutPrefix(r.spec, typeMarker); ok {
			r.spec, r.typeOnly = s, true
		}
		recs = append(recs, r)
	}
	return recs, warnings
}

// parseWarning words an esbuild error that is not an import record: a
// file that does not parse.
func parseWarning(m api.Message) string {
	if m.Location == nil {
		return fmt.Sprintf("parsing the sources: %s", m.Text)
	}
	file := strings.TrimPrefix(m.Location.File, importNamespace+":")
	return fmt.Sprintf("%s:%d: %s (its imports are not read)", file, m.Location.Line, m.Text)
}

func isTypeScript(name string) bool {
	switch path.Ext(name) {
	case ".ts", ".mts", ".cts", ".tsx":
		return true
	}
	return false
}

// reread returns the TypeScript files among the importers of recs that
// import a package with a value import: only those can hold an import
// TypeScript erases, so only those are read a second time.
func reread(recs []record) []string {
	seen := map[string]bool{}
	var out []string
	for _, r := range recs {
		if _, ok := packageOf(r.spec); !ok || r.typeOnly || !isTypeScript(r.file) || seen[r.file] {
			continue
		}
		seen[r.file] = true
		out = append(out, r.file)
	}
	sort.Strings(out)
	return out
}

// isTestFile reports whether the project file name is a test: under a
// test directory, or named *.test.* or *.spec.*.
func isTestFile(name string) bool {
	dirs := strings.Split(name, "/")
	base := dirs[len(dirs)-1]
	for _, d := range dirs[:len(dirs)-1] {
		if testDirs[d] {
			return true
		}
	}
	return strings.Contains(base, ".test.") || strings.Contains(base, ".spec.") ||
		strings.HasSuffix(strings.TrimSuffix(base, path.Ext(base)), "_test")
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

// markTypeImports rewrites the explicit type-only statements of a
// TypeScript source — `import type X from "m"`, `import type {A} from
// "m"`, `export type * from "m"`, `export type {A} from "m"` — into value
// imports of marked specifiers (typeMarker). "type" becomes as many
// spaces, so every line keeps its number. A statement written another way
// (a comment between the keywords) stays as esbuild reads it: type-only,
// and so not reported.
func markTypeImports(src string) string {
	var b strings.Builder
	done := 0
	for i := 0; i < len(src); {
		j := indexTypeStmt(src, i)
		if j < 0 {
			break
		}
		q, ok := typeClauseEnd(src, j+len("import type"))
		if !ok {
			i = j + len("import type")
			continue
		}
		if b.Len() == 0 {
			b.Grow(len(src) + 64)
		}
		b.WriteString(src[done : j+len("import ")])
		b.WriteString("    ")
		b.WriteString(src[j+len("import type") : q+1])
		b.WriteString(typeMarker)
		done, i = q+1, q+1
	}
	if done == 0 {
		return src
	}
	b.WriteString(src[done:])
	return b.String()
}

// indexTypeStmt returns the index of the next "import type" or "export
// type" at or after i that starts a line (only blanks before it), or -1.
func indexTypeStmt(src string, i int) int {
	for i < len(src) {
		k := strings.Index(src[i:], "port type")
		if k < 0 || i+k < 2 {
			return -1
		}
		j := i + k - 2
		if w := src[j : j+2]; (w == "im" || w == "ex") && lineStart(src, j) {
			return j
		}
		i += k + len("port type")
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

// typeClauseEnd reads what follows "import type" at i — blanks, then
// `{...}`, `*`, `* as N` or a name, then `from` and a quote — and returns
// the index of the quote.
func typeClauseEnd(src string, i int) (int, bool) {
	n := skipBlanks(src, i)
	if n == i || n >= len(src) {
		if n >= len(src) || (src[n] != '{' && src[n] != '*') {
			return 0, false
		}
	}
	i = n
	switch {
	case src[i] == '{':
		k := strings.IndexByte(src[i:], '}')
		if k < 0 {
			return 0, false
		}
		i += k + 1
	case src[i] == '*':
		i++
		if m := skipBlanks(src, i); strings.HasPrefix(src[m:], "as") {
			i = skipName(src, skipBlanks(src, m+2))
		}
	default:
		e := skipName(src, i)
		if e == i || src[i:e] == "from" && startsQuote(src, skipBlanks(src, e)) {
			return 0, false // `import type from "m"` imports a default named type
		}
		i = e
	}
	i = skipBlanks(src, i)
	if !strings.HasPrefix(src[i:], "from") {
		return 0, false
	}
	i = skipBlanks(src, i+len("from"))
	if !startsQuote(src, i) {
		return 0, false
	}
	return i, true
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
