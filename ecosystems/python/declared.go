package python

import (
	"errors"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"regexp"
	"sort"
	"strings"

	"github.com/envaudit/envaudit/ecosystems"
	"github.com/envaudit/envaudit/internal/posdoc"
)

// Detect returns the Python manifests at the top of root: requirements*.txt,
// requirements/*.txt, pyproject.toml, setup.cfg (when it has an [options] or
// [metadata] section; otherwise it only configures tools) and Pipfile.
func (e *Ecosystem) Detect(root string) ([]string, error) {
	var out []string
	for _, pat := range []string{"requirements*.txt", "requirements/*.txt"} {
		m, err := filepath.Glob(filepath.Join(root, filepath.FromSlash(pat)))
		if err != nil {
			return nil, err
		}
		for _, p := range m {
			if st, err := os.Stat(p); err == nil && st.Mode().IsRegular() {
				rel, _ := filepath.Rel(root, p)
				out = append(out, filepath.ToSlash(rel))
			}
		}
	}
	for _, name := range []string{"pyproject.toml", "Pipfile"} {
		if st, err := os.Stat(filepath.Join(root, name)); err == nil && st.Mode().IsRegular() {
			out = append(out, name)
		}
	}
	if data, err := os.ReadFile(filepath.Join(root, "setup.cfg")); err == nil && setupCfgDeclares(data) {
		out = append(out, "setup.cfg")
	}
	sort.Strings(out)
	return out, nil
}

var setupCfgSection = regexp.MustCompile(`(?m)^\[(options|metadata)[\].]`)

func setupCfgDeclares(data []byte) bool { return setupCfgSection.Match(data) }

// Declared parses every manifest Detect finds, following -r includes of
// requirements files and the requirements files pyproject.toml and setup.cfg
// delegate to, into D1. Requirements files named only by -c are constraints
// and declare nothing. A requirements file's scope comes from its name
// (requirements-dev.txt is dev, requirements/test.txt is test); a file whose
// name says nothing takes the strongest scope of the files that include it,
// and runtime when nothing includes it. The result is sorted by file and
// line.
func (e *Ecosystem) Declared(root string) ([]ecosystems.Dependency, error) {
	files, err := e.Detect(root)
	if err != nil {
		return nil, err
	}
	var deps []ecosystems.Dependency
	var reqRoots []reqRoot
	local := localNames(root)
	for _, f := range files {
		var m *manifest
		switch f {
		case "pyproject.toml", "Pipfile", "setup.cfg":
			data, err := os.ReadFile(filepath.Join(root, f))
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
			reqRoots = append(reqRoots, reqRoot{file: f, scope: ""})
			continue
		}
		deps = append(deps, m.deps...)
		reqRoots = append(reqRoots, m.reqFiles...)
	}
	rd, err := readRequirementTree(root, reqRoots, local)
	if err != nil {
		return nil, err
	}
	deps = append(deps, rd...)
	sort.SliceStable(deps, func(i, j int) bool {
		a, b := deps[i].Pos, deps[j].Pos
		if a.File != b.File {
			return a.File < b.File
		}
		return a.Line < b.Line
	})
	return deps, nil
}

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
	f        *reqFile
	scope    ecosystems.Scope
	group    string
	fixed    bool // the scope comes from the manifest or the file's own name
	declares bool // reached as requirements (a root or through -r)
}

// readRequirementTree reads the requirements files in roots and everything
// they include (-r) or constrain with (-c), and returns the declarations of
// all but the constraint files.
func readRequirementTree(root string, roots []reqRoot, local localNamer) ([]ecosystems.Dependency, error) {
	nodes := map[string]*reqNode{}
	var order []string
	var load func(name string, from ecosystems.Pos) (*reqNode, error)
	load = func(name string, from ecosystems.Pos) (*reqNode, error) {
		if n, ok := nodes[name]; ok {
			return n, nil
		}
		data, err := os.ReadFile(filepath.Join(root, filepath.FromSlash(name)))
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
		n := &reqNode{f: f}
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
				if _, err := load(joinRef(name, r.target), ecosystems.Pos{File: name, Line: r.line}); err != nil {
					return nil, err
				}
			}
		}
		return n, nil
	}
	for _, r := range roots {
		n, err := load(path.Clean(r.file), r.pos)
		if err != nil {
			return nil, err
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
	for _, name := range order {
		n := nodes[name]
		if !n.declares {
			continue
		}
		for _, e := range n.f.entries {
			deps = append(deps, newDep(name, e.line, e.name, e.spec, n.scope, n.group))
		}
	}
	return deps, nil
}

// joinRef resolves a -r or -c target against the directory of the file
// that names it, as pip does.
func joinRef(from, target string) string {
	if path.IsAbs(target) {
		return path.Clean(target)
	}
	return path.Join(path.Dir(from), target)
}

// localNames returns a localNamer for paths relative to root: the project
// root itself is "self"; another directory is named by its pyproject.toml
// ([project] or [tool.poetry] name), setup.cfg ([metadata] name) or a
// literal name="..." in setup.py.
func localNames(root string) localNamer {
	absRoot, _ := filepath.Abs(root)
	return func(p string) (string, bool, bool) {
		p = strings.TrimPrefix(p, "file://")
		dir := filepath.FromSlash(p)
		if !filepath.IsAbs(dir) {
			dir = filepath.Join(root, dir)
		}
		abs, _ := filepath.Abs(dir)
		if abs == absRoot {
			return "", true, true
		}
		name := projectName(dir)
		return name, false, name != ""
	}
}

var setupPyName = regexp.MustCompile(`\bname\s*=\s*['"]([A-Za-z0-9][A-Za-z0-9._-]*)['"]`)

// projectName reads the distribution name of the local project in dir.
func projectName(dir string) string {
	if data, err := os.ReadFile(filepath.Join(dir, "pyproject.toml")); err == nil {
		if doc, err := parseTOML("pyproject.toml", data); err == nil {
			for _, p := range [][]string{{"project", "name"}, {"tool", "poetry", "name"}} {
				if v := doc.Lookup(p...); v != nil && v.Kind == posdoc.String && validName(v.Text) {
					return v.Text
				}
			}
		}
	}
	if data, err := os.ReadFile(filepath.Join(dir, "setup.cfg")); err == nil {
		if secs, err := parseINI("setup.cfg", data); err == nil && secs["metadata"] != nil {
			if v := secs["metadata"].opts["name"]; v != nil && validName(v.text()) {
				return v.text()
			}
		}
	}
	if data, err := os.ReadFile(filepath.Join(dir, "setup.py")); err == nil {
		if m := setupPyName.FindSubmatch(data); m != nil {
			return string(m[1])
		}
	}
	return ""
}
