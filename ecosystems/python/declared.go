package python

import (
	"context"
	"errors"
	"io/fs"
	"path"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"sync"

	"github.com/envaudit/envaudit/ecosystems"
	"github.com/envaudit/envaudit/internal/posdoc"
)

// project is a Python project opened once: its manifests and the
// requirements files they include parsed into D1, and its own name.
type project struct {
	eco   *Ecosystem
	src   ecosystems.Source
	deps  []ecosystems.Dependency
	files []ecosystems.File
	// self is the project's own distribution name, as its pyproject.toml,
	// setup.cfg or setup.py give it; "" when none does.
	self string
	// setupUnread names the arguments of setup.py's setup() call that are
	// not literals (install_requires computed from a file, say), until
	// Installed reads them from the installed project's metadata;
	// setupLine is the call's line.
	setupUnread []string
	setupLine   int
	// layout is what the build configuration says the build ships: the
	// project's code, as Imports tells it from tests and tooling.
	layout *layout

	// importsMu guards importsPython: the interpreter whose installation
	// named the packages of the imports Imports read, which MapImports
	// compares with the run's.
	importsMu     sync.Mutex
	importsPython string
}

// mapped records that the imports' packages were named with python's
// installation.
func (p *project) mapped(python string) {
	p.importsMu.Lock()
	defer p.importsMu.Unlock()
	p.importsPython = python
}

// Open reads the Python manifests at the top of the tree — requirements*.txt,
// requirements/*.txt, pyproject.toml, setup.cfg (when it has an [options]
// or [metadata] section; otherwise it only configures tools) and Pipfile —
// through the Source, once, following -r includes of requirements files and
// the requirements files pyproject.toml and setup.cfg delegate to, into
// D1. Files labels those manifests; a requirements file named only by -c
// is a lockfile (it pins versions, declaring nothing), and so are the
// lockfiles of Poetry, Pipenv, uv and PDM (lockFiles), which it does not
// parse; the files read only for a local project's name (the root's
// setup.cfg or setup.py, a local path's pyproject.toml) are
// configuration. A tree with no manifest is absent.
//
// A requirements file's scope comes from its name (requirements-dev.txt
// is dev, requirements/test.txt is test); a file whose name says nothing
// takes the strongest scope of the files that include it, and runtime when
// nothing includes it. A declaration in an extra is optional unless the
// extra is named for tests or development, or declares a test runner
// (extraScope). D1 is sorted by file and line.
func (e *Ecosystem) Open(_ context.Context, src ecosystems.Source) (ecosystems.Project, error) {
	top, err := manifests(src)
	if err != nil || len(top) == 0 {
		return nil, err
	}
	p := &project{eco: e, src: src}
	// Files read for names only are configuration, unless a manifest
	// (appended first, so SortFiles keeps it) is the same file.
	var configs []ecosystems.File
	read := func(name string) ([]byte, error) {
		data, err := src.ReadFile(name)
		if err == nil {
			configs = append(configs, ecosystems.File{Path: path.Clean(name), Kind: ecosystems.KindConfig})
		}
		return data, err
	}
	local := localNames(src, read)
	var reqRoots []reqRoot
	for _, f := range top {
		var m *manifest
		switch f {
		case "setup.py":
			p.files = append(p.files, ecosystems.File{Path: f, Kind: ecosystems.KindManifest})
			data, err := src.ReadKind(f, ecosystems.KindManifest)
			if err != nil {
				return nil, err
			}
			if m, p.setupUnread, p.setupLine, err = parseSetupPyManifest(f, data); err != nil {
				return nil, err
			}
		case "pyproject.toml", "Pipfile", "setup.cfg":
			p.files = append(p.files, ecosystems.File{Path: f, Kind: ecosystems.KindManifest})
			data, err := src.ReadKind(f, ecosystems.KindManifest)
			if err != nil {
				return nil, err
			}
			switch f {
			case "pyproject.toml":
				m, err = parsePyproject(f, data, local)
			case "Pipfile":
				m, err = parsePipfile(f, data, local)
			default:
				m, err = parseSetupCfg(f, data)
			}
			if err != nil {
				return nil, err
			}
		default:
			// Labelled by readRequirementTree: a constraints file is a
			// lockfile even when its name says requirements.
			reqRoots = append(reqRoots, reqRoot{file: f, scope: ""})
			continue
		}
		p.deps = append(p.deps, m.deps...)
		reqRoots = append(reqRoots, m.reqFiles...)
	}
	rd, reqFiles, err := readRequirementTree(src, reqRoots, local, top)
	if err != nil {
		return nil, err
	}
	p.deps = append(p.deps, rd...)
	devTools := map[string]bool{}
	for _, n := range e.DevTools() {
		devTools[n] = true
	}
	for i := range p.deps {
		if d := &p.deps[i]; d.Scope == ecosystems.ScopeOptional {
			d.Scope = extraScope(d.Group, d.Name, devTools)
		}
	}
	sortDeps(p.deps)
	p.self = projectName(read, ".")
	p.layout = readLayout(readIfAny(read, "pyproject.toml"), readIfAny(read, "setup.cfg"), readIfAny(read, "setup.py"))
	for _, l := range lockFiles {
		if src.IsFile(l) {
			p.files = append(p.files, ecosystems.File{Path: l, Kind: ecosystems.KindLockfile})
		}
	}
	p.files = ecosystems.SortFiles(append(append(p.files, reqFiles...), configs...))
	return p, nil
}

// readIfAny returns the contents of name read with read, nil when it
// cannot be read.
func readIfAny(read func(string) ([]byte, error), name string) []byte {
	data, err := read(name)
	if err != nil {
		return nil
	}
	return data
}

// sortDeps sorts declarations by file and line, keeping the order of
// those on one line.
func sortDeps(deps []ecosystems.Dependency) {
	sort.SliceStable(deps, func(i, j int) bool {
		a, b := deps[i].Pos, deps[j].Pos
		if a.File != b.File {
			return a.File < b.File
		}
		return a.Line < b.Line
	})
}

// Files returns the files Open read.
func (p *project) Files() []ecosystems.File { return append([]ecosystems.File(nil), p.files...) }

// Declared returns D1, sorted by file and line.
func (p *project) Declared() []ecosystems.Dependency {
	return append([]ecosystems.Dependency(nil), p.deps...)
}

// extraScope is the scope of a declaration in the extra (or optional
// group) named extra: an extra for the tests or for development ("test",
// "dev", "docs", "lint") is that tooling's, and so is a test runner
// (devTools) in any extra, whatever its name ("all"): a project declaring
// pytest in an extra runs its tests with it, it does not ship it to its
// users. Other extras stay optional.
func extraScope(extra, name string, devTools map[string]bool) ecosystems.Scope {
	if s, ok := nameScope(extra); ok && (s == ecosystems.ScopeTest || s == ecosystems.ScopeDev) {
		return s
	}
	if devTools[name] {
		return ecosystems.ScopeTest
	}
	return ecosystems.ScopeOptional
}

// lockFiles are the lockfiles of the Python package managers whose
// manifests Open reads (Poetry, Pipenv, uv, PDM). They are not parsed —
// D2 is what the interpreter has installed — but they are the project's
// record of what was resolved, so Files lists them as lockfiles.
var lockFiles = []string{"Pipfile.lock", "pdm.lock", "poetry.lock", "uv.lock"}

// manifests returns the Python manifests at the top of the tree, sorted.
func manifests(src ecosystems.Source) ([]string, error) {
	var out []string
	for _, pat := range []string{"requirements*.txt", "requirements/*.txt"} {
		m, err := fs.Glob(src.FS, pat)
		if err != nil {
			return nil, err
		}
		for _, p := range m {
			if src.IsFile(p) {
				out = append(out, p)
			}
		}
	}
	for _, name := range []string{"pyproject.toml", "Pipfile"} {
		if src.IsFile(name) {
			out = append(out, name)
		}
	}
	if data, err := src.ReadFile("setup.cfg"); err == nil && setupCfgDeclares(data) {
		out = append(out, "setup.cfg")
	}
	if data, err := src.ReadFile("setup.py"); err == nil && setupPyDeclares(data) {
		out = append(out, "setup.py")
	}
	sort.Strings(out)
	return out, nil
}

var setupCfgSection = regexp.MustCompile(`(?m)^\[(options|metadata)[\].]`)

func setupCfgDeclares(data []byte) bool { return setupCfgSection.Match(data) }

// scopeRank orders scopes from the strongest claim (needed at run time) to
// the weakest, to pick the scope of a file included from several places.
var scopeRank = map[ecosystems.Scope]int{
	ecosystems.ScopeRuntime:  0,
	ecosystems.ScopeOptional: 1,
	ecosystems.ScopeBuild:    2,
	ecosystems.ScopeTest:     3,
	ecosystems.ScopeDev:      4,
}

type reqNode struct {
	f *reqFile
	// via is where the project reaches the file: the first -r or -c line
	// (or manifest entry) that led to it, placed in the project
	// (ecosystems.PosVia), which a file outside the project's
	// declarations are placed on.
	via      ecosystems.Pos
	scope    ecosystems.Scope
	group    string
	fixed    bool // the scope comes from the manifest or the file's own name
	declares bool // reached as requirements (a root or through -r)
}

// maxRequirementFiles is the budget of requirements files one reading of
// the project follows through -r and -c. Each file is read once by its
// name, but a name is a path, so a file that includes itself through a
// directory linked to its own ("-r sub/requirements.txt", sub → .) names
// a new file at each level, and two such includes double them: 2^depth
// names. A real project has a handful of requirements files, a monorepo
// some dozens.
const maxRequirementFiles = 1000

// readRequirementTree reads the requirements files in roots and everything
// they include (-r) or constrain with (-c), and returns the declarations of
// all but the constraint files, and every file it read: the constraint
// files as lockfiles, the others as manifests.
//
// A pip-compile output is a lockfile too: the inputs its annotations name
// with -r (requirements.in) are read as if it included them, and declare;
// of its own pins only those its annotations tie to no input in the tree
// declare (an input that is missing, or no annotation at all), and it is
// a manifest when any does. A pin that
// only other packages need (`# via requests`) declares nothing. manifests
// are the top-level manifests Open reads (pyproject.toml, setup.cfg,
// Pipfile), which declare what the annotations attribute to them.
func readRequirementTree(src ecosystems.Source, roots []reqRoot, local localNamer, manifests []string) ([]ecosystems.Dependency, []ecosystems.File, error) {
	isManifest := map[string]bool{}
	for _, m := range manifests {
		isManifest[m] = true
	}
	nodes := map[string]*reqNode{}
	var order []string
	budget := ecosystems.NewBudget("requirements files read through -r and -c", maxRequirementFiles)
	var load func(name string, from ecosystems.Pos) (*reqNode, error)
	load = func(name string, from ecosystems.Pos) (*reqNode, error) {
		if n, ok := nodes[name]; ok {
			return n, nil
		}
		at, line := from.File, from.Line
		if at == "" {
			at, line = name, 0
		}
		if err := budget.Spend(at, line, 1); err != nil {
			return nil, err
		}
		data, err := src.ReadKind(name, ecosystems.KindManifest)
		if err != nil {
			if from.File != "" {
				if errors.Is(err, fs.ErrNotExist) {
					return nil, ecosystems.Errorf(from.File, from.Line, "requirements file %q does not exist", name)
				}
				return nil, ecosystems.Errorf(from.File, from.Line, "read requirements file %q: %w", name, err)
			}
			return nil, err
		}
		f, err := parseRequirements(name, data, local)
		if err != nil {
			return nil, err
		}
		if f.compiled {
			f.includes = append(f.includes, compiledInputs(src, name, f)...)
		}
		n := &reqNode{f: f, via: from}
		if s, ok := nameScope(name); ok {
			n.scope, n.fixed = s, true
		}
		nodes[name] = n
		order = append(order, name)
		for _, refs := range [][]reqRef{f.includes, f.constraints} {
			for _, r := range refs {
				if urlScheme(r.target) != "" {
					continue // remote files are not part of the project
				}
				if _, err := load(joinRef(name, r.target), ecosystems.PosVia(name, r.line, n.via)); err != nil {
					return nil, err
				}
			}
		}
		return n, nil
	}
	for _, r := range roots {
		n, err := load(path.Clean(r.file), r.pos)
		if err != nil {
			return nil, nil, err
		}
		if r.scope != "" {
			n.scope, n.group, n.fixed = r.scope, r.group, true
		}
	}
	// Constraint files declare nothing, unless something also names them
	// as requirements.
	constraint := map[string]bool{}
	for _, name := range order {
		for _, c := range nodes[name].f.constraints {
			constraint[joinRef(name, c.target)] = true
		}
	}
	var queue []string
	for _, r := range roots {
		name := path.Clean(r.file)
		if constraint[name] && r.scope == "" {
			continue
		}
		n := nodes[name]
		if !n.fixed {
			n.scope = ecosystems.ScopeRuntime
		}
		n.declares = true
		queue = append(queue, name)
	}
	// Propagate scopes through -r until nothing changes; every change makes
	// a scope stronger, so this ends.
	for len(queue) > 0 {
		name := queue[0]
		queue = queue[1:]
		n := nodes[name]
		for _, inc := range n.f.includes {
			if urlScheme(inc.target) != "" {
				continue
			}
			t := nodes[joinRef(name, inc.target)]
			changed := !t.declares
			t.declares = true
			if !t.fixed && (t.scope == "" || scopeRank[n.scope] < scopeRank[t.scope]) {
				t.scope, t.group = n.scope, n.group
				changed = true
			}
			if changed {
				queue = append(queue, joinRef(name, inc.target))
			}
		}
	}
	var deps []ecosystems.Dependency
	var files []ecosystems.File
	for _, name := range order {
		n := nodes[name]
		if !n.declares {
			files = append(files, ecosystems.File{Path: name, Kind: ecosystems.KindLockfile})
			continue
		}
		// A pip-compile output is a lockfile, unless its inputs are not in
		// the tree: then its pins of them are the only declarations there
		// are, and it is where they are declared.
		kind := ecosystems.KindManifest
		if n.f.compiled {
			kind = ecosystems.KindLockfile
		}
		for _, e := range n.f.entries {
			if n.f.compiled && !pinDeclares(src, name, n.f, e.line, nodes, isManifest) {
				continue
			}
			kind = ecosystems.KindManifest
			deps = append(deps, newDep(name, e.line, n.via, e.name, e.spec, n.scope, n.group))
		}
		files = append(files, ecosystems.File{Path: name, Kind: kind})
	}
	return deps, files, nil
}

// compiledInputs returns the -r inputs that the annotations of the
// pip-compile output name (with its entries in f) and that exist in the
// tree, as includes relative to name's directory, once each.
func compiledInputs(src ecosystems.Source, name string, f *reqFile) []reqRef {
	var out []reqRef
	seen := map[string]bool{}
	for _, e := range f.entries {
		for _, v := range f.via[e.line] {
			if v.constraint {
				continue
			}
			p := viaPath(src, name, v.file)
			if p == "" || !isRequirementsInput(p) || seen[p] || p == name {
				continue
			}
			seen[p] = true
			out = append(out, reqRef{line: e.line, target: relTo(path.Dir(name), p)})
		}
	}
	return out
}

// isRequirementsInput reports whether an annotation's input is a
// requirements file (requirements.in, base.txt), not a manifest of another
// format.
func isRequirementsInput(p string) bool {
	return strings.HasSuffix(p, ".in") || strings.HasSuffix(p, ".txt")
}

// viaPath finds an annotation's input in the tree, relative to the
// compiled file's directory or else to the root (where pip-compile usually
// runs); "" when it is in neither place.
func viaPath(src ecosystems.Source, name, file string) string {
	for _, p := range []string{joinVia(name, file), path.Clean(file)} {
		if !path.IsAbs(p) && !strings.HasPrefix(p, "../") && src.IsFile(p) {
			return p
		}
	}
	return ""
}

// relTo returns the slash path p (relative to the root) relative to dir.
func relTo(dir, p string) string {
	if dir == "." {
		return p
	}
	r, err := filepath.Rel(filepath.FromSlash(dir), filepath.FromSlash(p))
	if err != nil {
		return p
	}
	return filepath.ToSlash(r)
}

// pinDeclares reports whether the pin at line of the pip-compile output
// name is a declaration: it has no annotation, or an annotation names an
// input (not a constraint) that is in the tree neither as a requirements
// file read nor as a manifest Open reads.
func pinDeclares(src ecosystems.Source, name string, f *reqFile, line int, nodes map[string]*reqNode, isManifest map[string]bool) bool {
	if !f.annotated[line] {
		return true
	}
	for _, v := range f.via[line] {
		if v.constraint {
			continue
		}
		p := viaPath(src, name, v.file)
		switch {
		case p == "":
			return true // its input is not in the tree: the lock is all there is
		case nodes[p] != nil && nodes[p].declares && p != name, isManifest[p]:
			// declared there
		default:
			return true
		}
	}
	return false
}

// joinRef resolves a -r or -c target against the directory of the file
// that names it, as pip does.
func joinRef(from, target string) string {
	if path.IsAbs(target) {
		return path.Clean(target)
	}
	return path.Join(path.Dir(from), target)
}

// localNames returns a localNamer for paths relative to the root: the
// project root itself is "self"; another directory is named by its
// pyproject.toml ([project] or [tool.poetry] name), setup.cfg ([metadata]
// name) or a literal name="..." in setup.py, read with read.
func localNames(src ecosystems.Source, read func(string) ([]byte, error)) localNamer {
	return func(p string) (string, bool, bool) {
		dir := path.Clean(filepath.ToSlash(strings.TrimPrefix(p, "file://")))
		if path.IsAbs(dir) && src.OnDisk() {
			// An absolute path into the project is named from the root.
			if r, err := filepath.Rel(src.Root, filepath.FromSlash(dir)); err == nil && r != ".." && !strings.HasPrefix(r, ".."+string(filepath.Separator)) {
				dir = filepath.ToSlash(r)
			}
		}
		if dir == "." {
			return "", true, true
		}
		name := projectName(read, dir)
		return name, false, name != ""
	}
}

var setupPyName = regexp.MustCompile(`\bname\s*=\s*['"]([A-Za-z0-9][A-Za-z0-9._-]*)['"]`)

// projectName reads, with read, the distribution name of the local project
// in dir (relative to the root, or absolute).
func projectName(read func(string) ([]byte, error), dir string) string {
	if data, err := read(path.Join(dir, "pyproject.toml")); err == nil {
		if doc, err := parseTOML("pyproject.toml", data); err == nil {
			for _, p := range [][]string{{"project", "name"}, {"tool", "poetry", "name"}} {
				if v := doc.Lookup(p...); v != nil && v.Kind == posdoc.String && validName(v.Text) {
					return v.Text
				}
			}
		}
	}
	if data, err := read(path.Join(dir, "setup.cfg")); err == nil {
		if secs, err := parseINI("setup.cfg", data); err == nil && secs["metadata"] != nil {
			if v := secs["metadata"].opts["name"]; v != nil && validName(v.text()) {
				return v.text()
			}
		}
	}
	if data, err := read(path.Join(dir, "setup.py")); err == nil {
		if m := setupPyName.FindSubmatch(data); m != nil {
			return string(m[1])
		}
	}
	return ""
}
