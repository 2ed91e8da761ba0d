package python

import (
	"context"
	_ "embed"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/envaudit/envaudit/ecosystems"
	"github.com/envaudit/envaudit/ecosystems/internal/dpkg"
	"github.com/envaudit/envaudit/internal/toolexec"
)

// importsScript walks the project's own sources and lists their imports
// with the interpreter's ast module; see the script for its contract.
//
//go:embed imports.py
var importsScript string

// Bounds on the import reading: a project tree far larger than any real
// one (a vendored monorepo, a data directory of generated code) is read in
// part, with a warning, rather than holding the audit up.
const (
	importsMaxFiles = 20000
	importsMaxBytes = 4 << 20
	importsTimeout  = 2 * time.Minute
)

var _ ecosystems.Importer = (*project)(nil)

// scriptImport is one import as the script reports it.
type scriptImport struct {
	Module string `json:"module"`
	File   string `json:"file"`
	Line   int    `json:"line"`
	Kind   string `json:"kind"`
}

// scriptAnswer is the script's answer in its project mode.
type scriptAnswer struct {
	Walked   []string       `json:"walked"`
	Read     []string       `json:"read"`
	Imports  []scriptImport `json:"imports"`
	Warnings []string       `json:"warnings"`
}

// Imports reads what the project's own Python sources import, with the
// ast module of the interpreter the run used (chosen as Installed chooses
// it): every import statement at any depth, importlib.import_module and
// __import__ of a literal name, an import guarded by an except clause
// that catches ImportError and goes on as optional (one that re-raises or
// exits needs the module all the same), one under `if TYPE_CHECKING:` as
// compile-time, one on the branch of a sys.version_info or sys.platform
// test that this interpreter does not take as platform-specific, the
// imports of an exec'd literal, and the imports of setup.py as
// compile-time (they build the project). The standard library, relative
// imports and the project's own top-level modules are left out. Files
// under tests/ or test/, test_*.py, *_test.py and conftest.py are the
// tests (Import.Test); of the others, those the build configuration ships
// are the project's code, and the rest tooling (Import.Tool says which:
// the build script, nox's configuration, a maintainer script, an example,
// the documentation ...; layout.go has the rules). Imports.Code, Tests
// and Tooling list the files read by role.
//
// The script runs isolated (-I) and without site (-S): it imports nothing
// of the project or its environment and never runs the project's code. It
// walks the project root, leaving out hidden directories (.venv, .tox,
// .git), virtual environments, node_modules, site-packages, build and
// dist. A file that does not parse is a warning naming it.
//
// Each module is mapped to the distribution installed for the run that
// provides it: the one whose RECORD, installed-files.txt or dpkg file list
// holds the longest dotted prefix of the module's name (so the parts of a
// namespace package are told apart), else whose top_level.txt names its
// top-level package; the first on sys.path where several do. A module no
// installed distribution provides has an empty Package.
func (p *project) Imports(ctx context.Context, env ecosystems.Env) (*ecosystems.Imports, error) {
	if !p.src.OnDisk() {
		return nil, ecosystems.ErrNotOnDisk
	}
	root, err := filepath.Abs(p.src.Root)
	if err != nil {
		return nil, err
	}
	environ := env.Environ
	if environ == nil {
		environ = os.Environ()
		env.Environ = environ
	}
	res := &ecosystems.Imports{}
	python, why := chooseInterpreter(root, env)
	if python == "" {
		res.Warnings = append(res.Warnings, "no python interpreter found (none executed by the run, no virtual environment, no python3 on PATH): the sources' imports are unknown")
		return res, nil
	}
	// The script runs isolated (-I -S: no site, no .pth file), so any
	// interpreter reads the sources alike: where the chosen one may not
	// run, python3 from PATH does.
	if _, err := env.CheckTool(python); err != nil {
		p, lerr := env.LookTool("python3", "python")
		if lerr != nil {
			res.Warnings = append(res.Warnings, fmt.Sprintf("%s: %v: the sources' imports are unknown", why, err))
			return res, nil
		}
		python, why = p, whyOnPath
	}
	env.Asked.Add("python", python, why)
	// The distributions that provide the modules are read while the
	// script reads the sources: each mostly waits on its own process or
	// files.
	type providers struct {
		mods  moduleIndex
		warns []string
	}
	prov := make(chan providers, 1)
	pctx, cancel := context.WithCancel(ctx)
	received := false
	defer func() {
		// A return before the answer was needed (the script failed)
		// leaves nothing running behind it.
		cancel()
		if !received {
			<-prov
		}
	}()
	go func() {
		mods, warns := p.moduleProviders(pctx, env.Memo, python, root, environ)
		prov <- providers{mods, warns}
	}()
	out, err := toolexec.Run(ctx, toolexec.Cmd{
		Path:    python,
		Args:    []string{"-I", "-S", "-c", importsScript, "project", root, strconv.Itoa(importsMaxFiles), strconv.Itoa(importsMaxBytes)},
		Dir:     root,
		Env:     environ,
		Timeout: importsTimeout,
	})
	if err != nil {
		if ctx.Err() != nil {
			return nil, ctx.Err()
		}
		res.Warnings = append(res.Warnings, fmt.Sprintf("read the sources' imports with %s %q: %s: the sources' imports are unknown", why, python, toolReason(err)))
		return res, nil
	}
	var ans scriptAnswer
	if err := json.Unmarshal(out, &ans); err != nil {
		res.Warnings = append(res.Warnings, fmt.Sprintf("read the sources' imports with %s %q: unreadable answer: %v", why, python, err))
		return res, nil
	}
	res.Files = len(ans.Read)
	res.Warnings = append(res.Warnings, ans.Warnings...)

	// What the build ships is the project's code; the tests and the
	// tooling are told apart from it by the build configuration.
	ships := p.layout.resolve(newTree(ans.Walked))
	roles := map[string][2]string{}
	res.Code, res.Tests, res.Tooling = []string{}, []string{}, []string{}
	for _, f := range ans.Read {
		pos, err := ecosystems.NewPos("", f, 0)
		if err != nil {
			continue // the imports of such a file are left out below, with a warning
		}
		role, tool := ships.role(pos.File)
		roles[f] = [2]string{role, tool}
		switch role {
		case roleCode:
			res.Code = append(res.Code, pos.File)
		case roleTest:
			res.Tests = append(res.Tests, pos.File)
		default:
			res.Tooling = append(res.Tooling, pos.File)
		}
	}

	pv := <-prov
	received = true
	mods := pv.mods
	res.Warnings = append(res.Warnings, pv.warns...)
	p.mapped(python)
	for _, si := range ans.Imports {
		pos, err := ecosystems.NewPos("", si.File, si.Line)
		if err != nil {
			// The script names the files it walked below the root; any
			// other name is no place to point at.
			res.Warnings = append(res.Warnings, fmt.Sprintf("import of %q: %v (not counted)", si.Module, err))
			continue
		}
		r := roles[si.File]
		res.List = append(res.List, ecosystems.Import{
			Package: mods.packageOf(si.Module),
			Module:  si.Module,
			Pos:     pos,
			Kind:    ecosystems.ImportKind(si.Kind),
			Test:    r[0] == roleTest,
			Tool:    r[1],
		})
	}
	sort.SliceStable(res.List, func(i, j int) bool {
		a, b := res.List[i], res.List[j]
		if a.Pos.File != b.Pos.File {
			return a.Pos.File < b.Pos.File
		}
		if a.Pos.Line != b.Pos.Line {
			return a.Pos.Line < b.Pos.Line
		}
		return a.Module < b.Module
	})
	return res, nil
}

var _ ecosystems.ImportMapper = (*project)(nil)

// MapImports names the packages of imports again with the installation of
// the interpreter the run used, chosen as Installed chooses it, when that
// is not the interpreter Imports asked before the run: a version manager's
// python3 first on PATH may lack what the tests' interpreter has, and a
// package the code imports would then be named by nothing. The sources
// are not read again. The interpreter is asked only as Installed asks it
// (its .pth files run): where the front end's policy keeps it from
// running, or it cannot answer, the names stay as they were, with a
// warning.
func (p *project) MapImports(ctx context.Context, env ecosystems.Env, imports *ecosystems.Imports) (*ecosystems.Imports, error) {
	if !p.src.OnDisk() || imports == nil {
		return imports, nil
	}
	root, err := filepath.Abs(p.src.Root)
	if err != nil {
		return nil, err
	}
	if env.Environ == nil {
		env.Environ = os.Environ()
	}
	p.importsMu.Lock()
	before := p.importsPython
	p.importsMu.Unlock()
	python, why := chooseInterpreter(root, env)
	if python == "" || before == "" || python == before {
		return imports, nil
	}
	out := *imports
	out.Warnings = append([]string(nil), imports.Warnings...)
	if err = env.ProjectCode(); err == nil {
		python, err = env.CheckTool(python)
	}
	if err != nil {
		out.Warnings = append(out.Warnings, fmt.Sprintf("%s %q was not asked which distributions provide the imported modules: %v: they are named as %q's installation names them", why, python, err, before))
		return &out, nil
	}
	mods, warns := p.moduleProviders(ctx, nil, python, root, env.Environ)
	if len(warns) > 0 {
		if ctx.Err() != nil {
			return nil, ctx.Err()
		}
		out.Warnings = append(out.Warnings, warns...)
		return &out, nil
	}
	out.List = append([]ecosystems.Import(nil), imports.List...)
	for i := range out.List {
		out.List[i].Package = mods.packageOf(out.List[i].Module)
	}
	p.mapped(python)
	return &out, nil
}

// toolReason is a failed tool run's reason without its command line, which
// here holds a whole script.
func toolReason(err error) string {
	var te *toolexec.Error
	if errors.As(err, &te) {
		return te.Reason()
	}
	return err.Error()
}

// moduleIndex maps dotted module names to the distributions that provide
// them, each list in sys.path order.
type moduleIndex map[string][]string

// provider returns the distribution that provides module: the first of
// those providing its longest known dotted prefix; "" when none does.
func (m moduleIndex) provider(module string) string {
	for name := module; name != ""; {
		if ds := m[name]; len(ds) > 0 {
			return ds[0]
		}
		i := strings.LastIndexByte(name, '.')
		if i < 0 {
			break
		}
		name = name[:i]
	}
	return ""
}

// toolchainModules are the top-level modules of the packaging toolchain
// whose distribution their names do not say: setuptools provides
// pkg_resources, its distutils hook and, from Python 3.12 on (the import
// script leaves it out where the standard library still has it),
// distutils. Code that imports them needs setuptools installed, which
// Python 3.12 virtual environments and uv do not do by themselves: when
// no installed distribution provides the module, it is still
// setuptools'.
var toolchainModules = map[string]string{
	"pkg_resources":   "setuptools",
	"setuptools":      "setuptools",
	"_distutils_hack": "setuptools",
	"distutils":       "setuptools",
}

// packageOf returns the distribution that provides module: its provider
// among those installed, else, for the toolchain's modules, the
// toolchain's distribution; "" when neither says.
func (m moduleIndex) packageOf(module string) string {
	if d := m.provider(module); d != "" {
		return d
	}
	top, _, _ := strings.Cut(module, ".")
	return toolchainModules[top]
}

func (m moduleIndex) add(module, dist string) {
	for _, d := range m[module] {
		if d == dist {
			return
		}
	}
	m[module] = append(m[module], dist)
}

// moduleProviders asks the interpreter for its sys.path and indexes the
// modules each distribution there provides. A failing query leaves the
// index empty, with a warning: every import then has no Package, which is
// said rather than guessed.
func (p *project) moduleProviders(ctx context.Context, memo *ecosystems.Memo, python, root string, environ []string) (moduleIndex, []string) {
	in, err := p.eco.query(ctx, memo, python, root, environ)
	if err != nil {
		return moduleIndex{}, []string{fmt.Sprintf("ask %q for its sys.path: %s: the distributions providing the imported modules are unknown", python, toolReason(err))}
	}
	dists := scanPath(root, in.Path)
	var warns []string
	var dp *dpkgInfo
	if p.eco.DpkgDir != "-" {
		metaDirs := map[string]bool{}
		for _, d := range dists {
			if !d.hasFiles && (strings.HasPrefix(d.meta, "/usr/") || p.eco.DpkgDir != "") {
				metaDirs[d.meta] = true
			}
		}
		if len(metaDirs) > 0 {
			dir := p.eco.DpkgDir
			if dir == "" {
				dir = "/var/lib/dpkg"
			}
			if dp, err = readDpkg(dir, metaDirs); err != nil {
				warns = append(warns, fmt.Sprintf("read the dpkg database %q: %v", dir, err))
				dp = nil
			}
			dp.noteTops(dists)
		}
	}
	return indexModules(dists, dp), warns
}

// indexModules lists the modules each distribution provides: from its
// file list (RECORD, installed-files.txt, or the dpkg list of the Debian
// package that installed it), every package directory and module under
// its site directory by dotted name (the dpkg list only when that package
// installed no other distribution); from top_level.txt, its top-level
// names; with neither, the import name its own name suggests.
func indexModules(dists []*dist, dp *dpkgInfo) moduleIndex {
	m := moduleIndex{}
	// A dpkg package that installed several distributions lists all their
	// files as one: its list tells none of them apart.
	distsOf := map[*dpkg.Package]int{}
	if dp != nil {
		for _, d := range dists {
			if pkg, ok := dp.owner[d.meta]; ok {
				distsOf[pkg]++
			}
		}
	}
	for _, d := range dists {
		files := d.files
		if !d.hasFiles && dp != nil {
			files = dp.distFiles(d, func(pkg *dpkg.Package) bool { return distsOf[pkg] == 1 })
		}
		found := false
		for _, f := range files {
			for _, mod := range fileModules(d.site, f) {
				m.add(mod, d.name)
				found = true
			}
		}
		for _, t := range d.topLevel {
			t = strings.ReplaceAll(strings.Trim(filepath.ToSlash(t), "/"), "/", ".")
			if t != "" {
				m.add(t, d.name)
				found = true
			}
		}
		if !found {
			m.add(strings.ReplaceAll(d.name, "-", "_"), d.name)
		}
	}
	return m
}

// fileModules returns the dotted module names a file under site makes
// importable: "a/b/c.py" gives a, a.b and a.b.c; an extension module
// "a/_x.cpython-311-x86_64-linux-gnu.so" gives a and a._x. Files outside
// site, metadata, byte code caches and names that are not identifiers give
// nothing.
func fileModules(site, f string) []string {
	rel, ok := strings.CutPrefix(f, site+"/")
	if !ok {
		return nil
	}
	parts := strings.Split(rel, "/")
	last := parts[len(parts)-1]
	var stem string
	switch {
	case strings.HasSuffix(last, ".py"), strings.HasSuffix(last, ".pyc") && len(parts) > 1 && parts[len(parts)-2] != "__pycache__",
		strings.HasSuffix(last, ".so"), strings.HasSuffix(last, ".pyd"):
		stem, _, _ = strings.Cut(last, ".")
	default:
		return nil
	}
	names := append(parts[:len(parts)-1:len(parts)-1], stem)
	if stem == "__init__" {
		names = names[:len(names)-1]
	}
	var out []string
	for i, n := range names {
		if !isIdentifier(n) {
			break
		}
		out = append(out, strings.Join(names[:i+1], "."))
	}
	return out
}

// isIdentifier reports whether s can be a module name: an ASCII Python
// identifier (distributions' module names are, in practice).
func isIdentifier(s string) bool {
	if s == "" {
		return false
	}
	for i, r := range s {
		switch {
		case r == '_', r >= 'a' && r <= 'z', r >= 'A' && r <= 'Z':
		case r >= '0' && r <= '9' && i > 0:
		default:
			return false
		}
	}
	return true
}
