package gomod

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"go/build"
	"go/parser"
	"go/token"
	"io"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"slices"
	"sort"
	"strconv"
	"strings"

	"github.com/envaudit/envaudit/ecosystems"
)

// listPackage is one package of `go list -e -deps -test -json`.
type listPackage struct {
	Dir            string
	ImportPath     string
	ForTest        string
	Standard       bool
	DepOnly        bool
	Module         *struct{ Path, Dir string }
	GoFiles        []string
	CgoFiles       []string
	TestGoFiles    []string
	XTestGoFiles   []string
	IgnoredGoFiles []string
}

// listFields are the fields Imports asks go list for: the standard
// library's packages, which every listing with -deps holds, are large
// otherwise.
const listFields = "Dir,ImportPath,ForTest,Standard,DepOnly,Module,GoFiles,CgoFiles,TestGoFiles,XTestGoFiles,IgnoredGoFiles"

// Imports implements ecosystems.Importer: it reads the import
// declarations of every Go file of the main modules' packages, as the go
// command lists them for the run's environment (GOOS, GOARCH and -tags in
// GOFLAGS decide which files a package compiles).
//
// `go list -e -deps -test -json <module>/...` for each main module gives
// each package's compiled, test and ignored files and, for every package
// the build and its tests import, the module that provides it; each file
// is parsed with go/parser for the import's position. The packages of
// _examples and _example directories, which the go command's wildcards
// pass over, are listed by their directories. An import is:
//   - runtime, from a file the package compiles (GoFiles, CgoFiles): the
//     project's code;
//   - Test, from a _test.go file (TestGoFiles of the package's internal
//     test, XTestGoFiles of its external _test package);
//   - platform, from a file excluded only by GOOS or GOARCH here (a
//     _windows.go suffix, a //go:build darwin line): some other platform
//     compiles it, so its modules are needed there, not here;
//   - runtime all the same from a file excluded by another build tag
//     (//go:build integration): the project's code needs the module when
//     built that way, and this run did not build it;
//   - Tool, from tooling (toolOf): a package under an examples, example,
//     _examples or _example directory of its module ("an example"), a
//     file built only with the tools tag, the tools.go idiom that keeps a
//     program's module required ("a tools file (//go:build tools)"), and
//     a file built only with the ignore tag, a program run on its own with
//     go run (a generator) and never part of its package ("a program run
//     on its own (//go:build ignore)").
//
// Code, Tests and Tooling list the files by these roles (platform and
// other-tag files are code). Imports of the standard library and of the
// main modules' own packages are not listed. The module of an import
// outside the listing (only an excluded file imports it) is the longest
// module path the go.mod files require that prefixes it; an import no
// module provides has Package "". Imports compiles nothing and runs none
// of the project's code.
func (p *project) Imports(ctx context.Context, env ecosystems.Env) (*ecosystems.Imports, error) {
	if !p.src.OnDisk() {
		return nil, ecosystems.ErrNotOnDisk
	}
	e, root := p.eco, p.src.Root
	run := e.Run
	if run == nil {
		run = ExecRunner
	}
	environ := env.Environ
	if environ == nil {
		environ = os.Environ()
	}
	if len(p.vendored) == 0 {
		// As for the module graph: never edit go.mod. A vendoring module
		// keeps its default -mod=vendor, which reads vendor/ and edits
		// nothing either, so its sources need not be in the module cache.
		environ = listEnv(environ, p.work != nil && ecosystems.Getenv(environ, "GOWORK") != "off")
	}
	goCmd, environ, err := e.goCommand(env, environ)
	if err != nil {
		return nil, err
	}

	mainMods := map[string]bool{}
	byPath := map[string]goMod{} // the main modules by module path
	roots := []string{root}
	if r, err := filepath.EvalSymlinks(root); err == nil && r != root {
		roots = append(roots, r)
	}
	args := []string{"list", "-e", "-deps", "-test", "-json=" + listFields}
	for _, m := range p.mods {
		if m.f.Module == nil {
			continue
		}
		mainMods[m.f.Module.Mod.Path] = true
		byPath[m.f.Module.Mod.Path] = m
		args = append(args, m.f.Module.Mod.Path+"/...")
	}
	if len(mainMods) == 0 {
		return &ecosystems.Imports{}, nil
	}
	exampleDirs, err := p.underscoreExamples()
	if err != nil {
		return nil, err
	}
	for _, d := range exampleDirs {
		args = append(args, "./"+d)
	}
	out, err := run(ctx, root, environ, goCmd, args...)
	if err != nil {
		return nil, fmt.Errorf("list the packages: %w", err)
	}
	pkgs, err := decodePackages(out)
	if err != nil {
		return nil, err
	}

	goenv, err := readGoEnv(ctx, env.Memo, run, root, environ, goCmd)
	if err != nil {
		return nil, err
	}
	plat := newPlatforms(goenv.GOOS, goenv.GOARCH, goenv.CGO_ENABLED == "1", buildTags(goenv.GOFLAGS))

	// Which module provides each package the listing holds; "" for the
	// standard library.
	owner := map[string]string{}
	for _, pk := range pkgs {
		ip, _, _ := strings.Cut(pk.ImportPath, " ")
		switch {
		case pk.Standard:
			owner[ip] = ""
		case pk.Module != nil:
			owner[ip] = pk.Module.Path
		}
	}
	var required []string
	for _, m := range p.mods {
		for _, r := range m.f.Require {
			required = append(required, r.Mod.Path)
		}
	}
	moduleOf := func(ip string) (mod string, skip bool) {
		if m, ok := owner[ip]; ok {
			return m, m == "" || mainMods[m]
		}
		if isStdlib(ip) {
			return "", true
		}
		for m := range mainMods {
			if withinModule(ip, m) {
				return m, true
			}
		}
		best := ""
		for _, r := range required {
			if withinModule(ip, r) && len(r) > len(best) {
				best = r
			}
		}
		return best, false
	}

	res := &ecosystems.Imports{}
	for _, pk := range pkgs {
		// The listing holds each package once as such and again as
		// compiled for its tests ("p [p.test]") and the test main
		// ("p.test"); the first lists all of its files.
		if pk.DepOnly || pk.ForTest != "" || pk.Module == nil || !mainMods[pk.Module.Path] || strings.HasSuffix(pk.ImportPath, ".test") {
			continue
		}
		type file struct {
			name    string
			kind    ecosystems.ImportKind
			ignored bool // excluded from the package here
		}
		var files []file
		for _, f := range append(append([]string(nil), pk.GoFiles...), pk.CgoFiles...) {
			files = append(files, file{name: f, kind: ecosystems.ImportRuntime})
		}
		for _, f := range append(append([]string(nil), pk.TestGoFiles...), pk.XTestGoFiles...) {
			files = append(files, file{name: f, kind: ecosystems.ImportRuntime})
		}
		for _, f := range pk.IgnoredGoFiles {
			files = append(files, file{name: f, ignored: true})
		}
		// A go.work module outside the project has its sources' imports
		// placed on the use directive that reaches it.
		via := byPath[pk.Module.Path].via
		example := isExample(pk.Module.Dir, pk.Dir)
		for _, f := range files {
			abs := filepath.Join(pk.Dir, f.name)
			rel := relPath(root, abs)
			data, err := p.src.ReadFile(rel)
			if err != nil {
				res.Warnings = append(res.Warnings, fmt.Sprintf("read %q: %v", rel, err))
				continue
			}
			tool := ""
			if example {
				tool = toolExample
			} else if f.ignored {
				tool = plat.toolOf(f.name, data)
			}
			if f.ignored { // excluded here: for which reason?
				f.kind = ecosystems.ImportRuntime
				if tool == "" && plat.elsewhere(f.name, data) {
					f.kind = ecosystems.ImportPlatform
				}
			}
			specs, err := fileImports(rel, data)
			if err != nil {
				res.Warnings = append(res.Warnings, err.Error())
			}
			if specs == nil && err != nil {
				continue
			}
			res.Files++
			test := tool == "" && strings.HasSuffix(f.name, "_test.go")
			if pos, ok := posVia(roots, abs, 1, ecosystems.Pos{}); ok {
				switch {
				case tool != "":
					res.Tooling = append(res.Tooling, pos.File)
				case test:
					res.Tests = append(res.Tests, pos.File)
				default:
					res.Code = append(res.Code, pos.File)
				}
			}
			for _, s := range specs {
				if s.path == "C" {
					continue // cgo's pseudo-package
				}
				mod, skip := moduleOf(s.path)
				if skip {
					continue
				}
				pos, ok := posVia(roots, abs, s.line, via)
				if !ok {
					res.Warnings = append(res.Warnings, fmt.Sprintf("%s: import of %q: the file is not the project's (not counted)", abs, s.path))
					continue
				}
				res.List = append(res.List, ecosystems.Import{
					Package: mod,
					Module:  s.path,
					Pos:     pos,
					Kind:    f.kind,
					Test:    test,
					Tool:    tool,
				})
			}
		}
	}
	sort.SliceStable(res.List, func(i, j int) bool {
		a, b := res.List[i].Pos, res.List[j].Pos
		if a.File != b.File {
			return a.File < b.File
		}
		return a.Line < b.Line
	})
	for _, l := range []*[]string{&res.Code, &res.Tests, &res.Tooling} {
		sort.Strings(*l)
		*l = slices.Compact(*l)
	}
	return res, nil
}

// What Import.Tool says of the Go files that are tooling.
const (
	toolExample = "an example"
	toolTools   = "a tools file (//go:build tools)"
	toolProgram = "a program run on its own (//go:build ignore)"
)

// exampleDirs are the names of the directories whose packages are
// examples: the conventional places of example programs, which the
// module's users do not import.
var exampleDirs = []string{"examples", "example", "_examples", "_example"}

// isExample reports whether the package directory dir lies under an
// example directory of the module rooted at modDir.
func isExample(modDir, dir string) bool {
	if modDir == "" {
		return false
	}
	rel, err := filepath.Rel(modDir, dir)
	if err != nil || rel == ".." || strings.HasPrefix(rel, ".."+string(filepath.Separator)) {
		return false
	}
	for _, el := range strings.Split(filepath.ToSlash(rel), "/") {
		if slices.Contains(exampleDirs, el) {
			return true
		}
	}
	return false
}

// toolOf says what tooling a file excluded from its package here is: one
// the build takes only with the tools tag, or only with the ignore tag;
// "" for any other file.
func (pl platforms) toolOf(name string, data []byte) string {
	for _, t := range []struct{ tag, tool string }{{"tools", toolTools}, {"ignore", toolProgram}} {
		c := pl.here
		c.BuildTags = append(slices.Clip(c.BuildTags), t.tag)
		c.OpenFile = func(string) (io.ReadCloser, error) { return io.NopCloser(bytes.NewReader(data)), nil }
		if ok, err := c.MatchFile(".", name); err == nil && ok {
			return t.tool
		}
	}
	return ""
}

// underscoreExamples returns the directories, slash-separated and
// relative to the root, of the Go packages below an _examples or
// _example directory of a main module: the go command's wildcards skip
// directories whose names begin with an underscore, so they are listed
// by name. A directory of another module (with a go.mod of its own),
// testdata, vendor and hidden directories (as the go command's patterns
// pass them over) and node_modules (a JavaScript install's, no Go
// example's) are not searched.
func (p *project) underscoreExamples() ([]string, error) {
	var dirs []string
	for _, m := range p.mods {
		modDir := path.Dir(m.rel)
		if !fs.ValidPath(modDir) {
			continue // a go.work module outside the project
		}
		err := fs.WalkDir(p.src.FS, modDir, func(name string, d fs.DirEntry, err error) error {
			if err != nil {
				if name == modDir {
					return err
				}
				return fs.SkipDir
			}
			if !d.IsDir() {
				return nil
			}
			base := path.Base(name)
			if name != modDir && (base == "testdata" || base == "vendor" || base == "node_modules" || strings.HasPrefix(base, ".") || p.src.IsFile(path.Join(name, "go.mod"))) {
				return fs.SkipDir
			}
			if !underExample(modDir, name) {
				return nil
			}
			entries, err := fs.ReadDir(p.src.FS, name)
			if err != nil {
				return fs.SkipDir
			}
			for _, e := range entries {
				if !e.IsDir() && strings.HasSuffix(e.Name(), ".go") {
					dirs = append(dirs, name)
					break
				}
			}
			return nil
		})
		if err != nil {
			return nil, fmt.Errorf("look for examples in %q: %w", modDir, err)
		}
	}
	return dirs, nil
}

// underExample reports whether the directory name (relative to the root)
// lies in an _examples or _example directory of the module at modDir.
func underExample(modDir, name string) bool {
	rel := strings.TrimPrefix(name, modDir+"/")
	if modDir == "." {
		rel = name
	}
	for _, el := range strings.Split(rel, "/") {
		if el == "_examples" || el == "_example" {
			return true
		}
	}
	return false
}

// posVia returns the position of line in the file at abs, below one of
// roots (the project root as given, and with its symbolic links resolved,
// as the go command may name a package's directory), else via, the use
// directive of a go.work module outside the project; false when there is
// neither.
func posVia(roots []string, abs string, line int, via ecosystems.Pos) (ecosystems.Pos, bool) {
	for _, r := range roots {
		if pos, err := ecosystems.NewPos(r, abs, line); err == nil {
			return pos, true
		}
	}
	return via, via != ecosystems.Pos{}
}

// importSpec is one import declaration of a Go file.
type importSpec struct {
	path string
	line int
}

// fileImports parses the import declarations of data, the file at rel
// (relative to the project root). A syntax error after some imports
// returns them with the error.
func fileImports(rel string, data []byte) ([]importSpec, error) {
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, rel, data, parser.ImportsOnly|parser.SkipObjectResolution)
	if err != nil {
		// The go command reports the file's syntax error itself; the
		// imports found before it still count.
		if f == nil {
			return nil, fmt.Errorf("parse %q: %w", rel, err)
		}
		err = fmt.Errorf("parse %q: %w", rel, err)
	}
	var out []importSpec
	for _, s := range f.Imports {
		ip, uerr := strconv.Unquote(s.Path.Value)
		if uerr != nil {
			continue
		}
		out = append(out, importSpec{path: ip, line: fset.Position(s.Path.Pos()).Line})
	}
	return out, err
}

// decodePackages decodes the concatenated JSON objects of `go list -json`.
func decodePackages(out []byte) ([]listPackage, error) {
	var pkgs []listPackage
	dec := json.NewDecoder(bytes.NewReader(out))
	for {
		var pk listPackage
		err := dec.Decode(&pk)
		if errors.Is(err, io.EOF) {
			return pkgs, nil
		}
		if err != nil {
			return nil, fmt.Errorf("decode go list output: %w", err)
		}
		pkgs = append(pkgs, pk)
	}
}

// isStdlib reports whether an import path outside the listing names the
// standard library: its first element has no dot, which no module path
// may lack (the go command's own rule for module paths).
func isStdlib(ip string) bool {
	first, _, _ := strings.Cut(ip, "/")
	return !strings.Contains(first, ".")
}

// buildTags returns the tags of a -tags flag in GOFLAGS (comma-separated,
// or space-separated as before Go 1.13).
func buildTags(goflags string) []string {
	var tags []string
	for _, f := range strings.Fields(goflags) {
		f = strings.TrimPrefix(f, "-")
		v, ok := strings.CutPrefix(f, "-tags=")
		if !ok {
			v, ok = strings.CutPrefix(f, "tags=")
		}
		if ok {
			tags = append(tags, strings.FieldsFunc(v, func(r rune) bool { return r == ',' })...)
		}
	}
	return tags
}

// knownOS and knownArch are the values of GOOS and GOARCH the go command
// knows (go tool dist list, and the names it reserves for file-name
// suffixes): a file constrained to one of them is platform code.
var (
	knownOS = []string{"aix", "android", "darwin", "dragonfly", "freebsd", "hurd", "illumos", "ios", "js", "linux", "nacl",
		"netbsd", "openbsd", "plan9", "solaris", "wasip1", "windows", "zos"}
	knownArch = []string{"386", "amd64", "amd64p32", "arm", "armbe", "arm64", "arm64be", "loong64", "mips", "mipsle",
		"mips64", "mips64le", "mips64p32", "mips64p32le", "ppc", "ppc64", "ppc64le", "riscv", "riscv64", "s390", "s390x",
		"sparc", "sparc64", "wasm"}
)

// platforms tells a file excluded for this GOOS/GOARCH from one excluded
// for another reason: it matches the file as the go command would for
// every other platform, with the same build tags.
type platforms struct {
	here build.Context
}

func newPlatforms(goos, goarch string, cgo bool, tags []string) platforms {
	c := build.Default
	c.GOOS, c.GOARCH, c.CgoEnabled, c.BuildTags = goos, goarch, cgo, tags
	return platforms{here: c}
}

// elsewhere reports whether the file name, excluded here, would be
// compiled on some other GOOS/GOARCH; data is its content, whose header
// holds its //go:build line.
func (pl platforms) elsewhere(name string, data []byte) bool {
	if !strings.HasSuffix(name, ".go") {
		return false
	}
	for _, goos := range knownOS {
		for _, goarch := range knownArch {
			if goos == pl.here.GOOS && goarch == pl.here.GOARCH {
				continue
			}
			c := pl.here
			c.GOOS, c.GOARCH = goos, goarch
			// MatchFile reads the file's header through OpenFile: from
			// memory, once read, rather than once for each platform.
			c.OpenFile = func(string) (io.ReadCloser, error) { return io.NopCloser(bytes.NewReader(data)), nil }
			if ok, err := c.MatchFile(".", name); err == nil && ok {
				return true
			}
		}
	}
	return false
}

// withinModule reports whether import path ip is module path mod or lies below
// it.
func withinModule(ip, mod string) bool {
	return ip == mod || strings.HasPrefix(ip, mod+"/")
}
