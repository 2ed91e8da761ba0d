package gomod

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"

	"github.com/package-url/packageurl-go"
	"golang.org/x/mod/module"

	"github.com/envaudit/envaudit/ecosystems"
)

// Evidence says what the Go ecosystem's D3 rests on.
const Evidence = "source files the go command opened to compile or hash under GOMODCACHE/<module>@<version>, a local replacement or vendor/<module> " +
	"(it compiles only imported packages and hashes their sources even when the build is cached); go.mod and module-cache metadata are not use"

// StdlibName is the excluded name of the Go standard library.
const StdlibName = "go standard library"

// listModule is one module of `go list -m -json all`.
type listModule struct {
	Path     string
	Version  string
	Main     bool
	Indirect bool
	Dir      string
	GoMod    string
	Replace  *listModule
	Error    *struct{ Err string }
}

// Installed enumerates the selected module graph (D2) through the go
// command and indexes each module's directories for attribution (D3).
func (p *project) Installed(ctx context.Context, env ecosystems.Env) (*ecosystems.Inventory, error) {
	if !p.src.OnDisk() {
		return nil, ecosystems.ErrNotOnDisk
	}
	e, root, mods, work := p.eco, p.src.Root, p.mods, p.work
	inv := &ecosystems.Inventory{Index: ecosystems.NewPathIndex(), Evidence: ecosystems.Evidence{Basis: Evidence}}
	inv.Excluded = []ecosystems.Excluded{{Name: StdlibName, Why: "toolchain baseline"}}

	run := e.Run
	if run == nil {
		run = ExecRunner
	}
	environ := env.Environ
	if environ == nil {
		environ = os.Environ()
	}
	environ = listEnv(environ, work != nil && ecosystems.Getenv(environ, "GOWORK") != "off")
	goCmd, environ, err := e.goCommand(env, environ)
	if err != nil {
		return nil, err
	}

	goenv, err := readGoEnv(ctx, env.Memo, run, root, environ, goCmd)
	if err != nil {
		return nil, err
	}

	direct := map[string]bool{}
	for _, m := range mods {
		for _, r := range m.f.Require {
			if !r.Indirect {
				direct[r.Mod.Path] = true
			}
		}
	}

	vendored := p.vendored
	if p.vendorErr != nil {
		inv.Warnings = append(inv.Warnings, p.vendorErr.Error())
	}

	var listed []listModule
	out, err := run(ctx, root, environ, goCmd, "list", "-m", "-json", "all")
	if err == nil {
		listed, err = decodeList(out)
	}
	if err != nil && len(vendored) == 0 {
		// The go command stops at a module it cannot resolve: a path no one
		// publishes, or one an offline module cache lacks. With -e it lists
		// the others, so the audit can say which declaration is not
		// installed instead of failing.
		var unresolved []string
		if listed, unresolved = listResolved(ctx, run, root, environ, goCmd); len(unresolved) == 0 {
			return nil, fmt.Errorf("list the module graph: %w", err)
		}
		inv.Warnings = append(inv.Warnings, unresolved...)
		err = nil
	}
	if err != nil {
		// A vendored project need not have its dependencies in the module
		// cache; vendor/modules.txt is then the record of what is installed.
		inv.Warnings = append(inv.Warnings, fmt.Sprintf("list the module graph: %v; using vendor/modules.txt", err))
		listed = vendored
	}

	edges := map[string][]string{}
	selected := map[string]string{}
	mainMods := map[string]bool{}
	for _, m := range listed {
		if m.Main {
			mainMods[m.Path] = true
		} else {
			selected[m.Path] = m.Version
		}
	}
	if out, err := run(ctx, root, environ, goCmd, "mod", "graph"); err != nil {
		inv.Warnings = append(inv.Warnings, fmt.Sprintf("go mod graph: %v", err))
	} else {
		edges = parseGraph(out, selected, mainMods)
	}

	for _, m := range listed {
		if m.Main {
			continue
		}
		if m.Error != nil {
			inv.Warnings = append(inv.Warnings, fmt.Sprintf("module %s@%s: %s", m.Path, m.Version, m.Error.Err))
		}
		pkg := ecosystems.Package{
			Name:    m.Path,
			Version: m.Version,
			Direct:  direct[m.Path],
			Deps:    edges[m.Path],
		}
		src := module.Version{Path: m.Path, Version: m.Version} // what is actually installed
		dir := m.Dir
		if r := m.Replace; r != nil {
			if r.Version == "" {
				// A local directory: no module-cache copy.
				src = module.Version{Path: m.Path}
				if dir == "" {
					dir = filepath.Join(root, filepath.FromSlash(r.Path))
					if filepath.IsAbs(r.Path) {
						dir = r.Path
					}
				}
			} else {
				src = module.Version{Path: r.Path, Version: r.Version}
				pkg.Version = r.Version
			}
		}
		if dir == "" && src.Version != "" && goenv.GOMODCACHE != "" {
			// Not extracted (only its go.mod was needed): where it would be.
			if d, err := cacheDir(goenv.GOMODCACHE, src); err == nil {
				dir = d
			}
		}
		pkg.PURL = purl(src)
		if dir != "" {
			pkg.Path = relPath(root, dir)
			inv.Index.AddDir(dir, m.Path, ecosystems.UseRuntime)
			inv.Index.AddFile(filepath.Join(dir, "go.mod"), m.Path, ecosystems.UseNone)
		}
		if goenv.GOMODCACHE != "" && src.Version != "" {
			if ep, err := module.EscapePath(src.Path); err == nil {
				inv.Index.AddDir(filepath.Join(goenv.GOMODCACHE, "cache", "download", filepath.FromSlash(ep), "@v"), m.Path, ecosystems.UseNone)
			}
		}
		inv.Packages = append(inv.Packages, pkg)
	}
	for _, v := range vendored {
		inv.Index.AddDir(filepath.Join(root, "vendor", filepath.FromSlash(v.Path)), v.Path, ecosystems.UseRuntime)
	}
	sort.Slice(inv.Packages, func(i, j int) bool { return inv.Packages[i].Name < inv.Packages[j].Name })
	return inv, nil
}

// listEnv returns environ with -mod=readonly added to GOFLAGS, so listing
// the graph never edits go.mod and works in a vendoring module (where the
// default -mod=vendor cannot compute "all"); an explicit -mod=mod in the
// environment is honoured outside workspace mode (where the go command
// refuses it).
func listEnv(environ []string, workspace bool) []string {
	out := make([]string, 0, len(environ)+1)
	flags := ""
	for _, kv := range environ {
		if v, ok := strings.CutPrefix(kv, "GOFLAGS="); ok {
			flags = v
			continue
		}
		out = append(out, kv)
	}
	if workspace || !strings.Contains(" "+flags+" ", " -mod=mod ") {
		var kept []string
		for _, f := range strings.Fields(flags) {
			if !strings.HasPrefix(f, "-mod=") && !strings.HasPrefix(f, "--mod=") {
				kept = append(kept, f)
			}
		}
		flags = strings.Join(append(kept, "-mod=readonly"), " ")
	}
	return append(out, "GOFLAGS="+flags)
}

// goCommand returns the go command to ask and the environment to ask it
// with: Ecosystem.Go, else go as env's Tools allow, else go on environ's
// PATH. Where the project's code may not run (env.ProjectCode), the go
// command may not switch to the toolchain go.mod names either
// (GOTOOLCHAIN=local): it would run one from the module cache, which the
// tests could write.
func (e *Ecosystem) goCommand(env ecosystems.Env, environ []string) (string, []string, error) {
	if e.Go != "" {
		return e.Go, environ, nil
	}
	if env.Tools == nil {
		return lookPath("go", environ), environ, nil
	}
	if env.ProjectCode() != nil {
		environ = append(environ[:len(environ):len(environ)], "GOTOOLCHAIN=local")
	}
	p, err := env.LookTool("go")
	return p, environ, err
}

// lookPath finds name in the PATH of environ, falling back to the
// process's own PATH, then to the bare name.
func lookPath(name string, environ []string) string {
	if f := ecosystems.LookPath(environ, name); f != "" {
		return f
	}
	if f, err := exec.LookPath(name); err == nil {
		return f
	}
	return name
}

// listResolved lists the module graph with -e and returns the modules the
// go command resolved, and a warning per module it could not: one with an
// error and no go.mod the go command could read, which nothing installed.
// It returns no warning when the listing fails or every module resolved.
func listResolved(ctx context.Context, run Runner, root string, environ []string, goCmd string) ([]listModule, []string) {
	out, err := run(ctx, root, environ, goCmd, "list", "-m", "-e", "-json", "all")
	if err != nil {
		return nil, nil
	}
	all, err := decodeList(out)
	if err != nil {
		return nil, nil
	}
	var listed []listModule
	var unresolved []string
	for _, m := range all {
		if m.Error != nil && m.Dir == "" && m.GoMod == "" && m.Replace == nil {
			unresolved = append(unresolved, fmt.Sprintf("module %s@%s cannot be resolved by the go command (%s): it is not installed", m.Path, m.Version, m.Error.Err))
			continue
		}
		listed = append(listed, m)
	}
	return listed, unresolved
}

// decodeList decodes the concatenated JSON objects of `go list -m -json`.
func decodeList(out []byte) ([]listModule, error) {
	var mods []listModule
	dec := json.NewDecoder(bytes.NewReader(out))
	for {
		var m listModule
		err := dec.Decode(&m)
		if errors.Is(err, io.EOF) {
			return mods, nil
		}
		if err != nil {
			return nil, fmt.Errorf("decode go list output: %w", err)
		}
		if m.Path == "" {
			return nil, fmt.Errorf("decode go list output: module without a path")
		}
		mods = append(mods, m)
	}
}

// parseGraph reads `go mod graph` ("from@v to@v" a line; a main module
// without version) into the dependencies of each selected module version,
// sorted. Edges of versions MVS did not select, and the go and toolchain
// pseudo-modules, are dropped.
func parseGraph(out []byte, selected map[string]string, mainMods map[string]bool) map[string][]string {
	set := map[string]map[string]bool{}
	sc := bufio.NewScanner(bytes.NewReader(out))
	sc.Buffer(make([]byte, 64*1024), 1024*1024)
	for sc.Scan() {
		f := strings.Fields(sc.Text())
		if len(f) != 2 {
			continue
		}
		fp, fv, _ := strings.Cut(f[0], "@")
		tp, _, _ := strings.Cut(f[1], "@")
		if fv == "" || mainMods[fp] || selected[fp] != fv {
			continue
		}
		if tp == "go" || tp == "toolchain" || mainMods[tp] {
			continue
		}
		if _, ok := selected[tp]; !ok {
			continue
		}
		if set[fp] == nil {
			set[fp] = map[string]bool{}
		}
		set[fp][tp] = true
	}
	edges := map[string][]string{}
	for p, s := range set {
		for t := range s {
			edges[p] = append(edges[p], t)
		}
		sort.Strings(edges[p])
	}
	return edges
}

// cacheDir returns the directory GOMODCACHE/<escaped path>@<escaped
// version> where the go command extracts module m.
func cacheDir(modcache string, m module.Version) (string, error) {
	ep, err := module.EscapePath(m.Path)
	if err != nil {
		return "", err
	}
	ev, err := module.EscapeVersion(m.Version)
	if err != nil {
		return "", err
	}
	return filepath.Join(modcache, filepath.FromSlash(ep)+"@"+ev), nil
}

// ModuleOf returns the module and version of a path under the module cache
// directory modcache (GOMODCACHE/<escaped path>@<escaped version>/...),
// unescaping both: ".../github.com/!burnt!sushi/toml@v1.3.2/decode.go" is
// github.com/BurntSushi/toml v1.3.2. It is how a traced path names its module
// without an inventory, e.g. for a trace recorded on another machine.
func ModuleOf(modcache, path string) (module.Version, bool) {
	rel, err := filepath.Rel(modcache, path)
	if err != nil || rel == "." || strings.HasPrefix(rel, "..") {
		return module.Version{}, false
	}
	rel = filepath.ToSlash(rel)
	if strings.HasPrefix(rel, "cache/") {
		return module.Version{}, false
	}
	at := strings.IndexByte(rel, '@')
	if at < 0 {
		return module.Version{}, false
	}
	ev := rel[at+1:]
	if i := strings.IndexByte(ev, '/'); i >= 0 {
		ev = ev[:i]
	}
	p, err := module.UnescapePath(rel[:at])
	if err != nil {
		return module.Version{}, false
	}
	v, err := module.UnescapeVersion(ev)
	if err != nil {
		return module.Version{}, false
	}
	return module.Version{Path: p, Version: v}, true
}

// purl returns pkg:golang/<namespace>/<name>@<version> for a module; a
// local replacement has no version.
func purl(m module.Version) string {
	ns, name := "", m.Path
	if i := strings.LastIndexByte(m.Path, '/'); i >= 0 {
		ns, name = m.Path[:i], m.Path[i+1:]
	}
	return packageurl.NewPackageURL(packageurl.TypeGolang, ns, name, m.Version, nil, "").ToString()
}

// relPath returns p relative to root (slash-separated) when it lies inside
// root, else p.
func relPath(root, p string) string {
	if r, err := filepath.Rel(root, p); err == nil && r != ".." && !strings.HasPrefix(r, ".."+string(filepath.Separator)) {
		return filepath.ToSlash(r)
	}
	return filepath.ToSlash(p)
}

// readVendor reads vendor/modules.txt: "# path version" lines (or
// "# path version => replacement") name the vendored modules.
func readVendor(src ecosystems.Source) ([]listModule, error) {
	data, err := src.ReadFile("vendor/modules.txt")
	if err != nil {
		if errors.Is(err, fs.ErrNotExist) {
			return nil, nil
		}
		return nil, fmt.Errorf("read %q: %w", "vendor/modules.txt", err)
	}
	var mods []listModule
	for _, l := range strings.Split(string(data), "\n") {
		rest, ok := strings.CutPrefix(l, "# ")
		if !ok {
			continue
		}
		f := strings.Fields(rest)
		if len(f) < 2 || f[0] == "=>" {
			continue
		}
		m := listModule{Path: f[0], Version: f[1]}
		if f[1] == "=>" {
			m.Version = ""
		}
		mods = append(mods, m)
	}
	return mods, nil
}
