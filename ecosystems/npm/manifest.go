package npm

import (
	"bytes"
	"errors"
	"io/fs"
	"path"
	"path/filepath"
	"sort"
	"strings"

	"github.com/envaudit/envaudit/ecosystems"
	"github.com/envaudit/envaudit/internal/posdoc"
)

// depFields are package.json's dependency objects, in the order npm reads
// them, with the scope each gives its entries.
var depFields = []struct {
	field string
	scope ecosystems.Scope
}{
	{"dependencies", ecosystems.ScopeRuntime},
	{"devDependencies", ecosystems.ScopeDev},
	{"peerDependencies", ecosystems.ScopePeer},
	{"optionalDependencies", ecosystems.ScopeOptional},
}

// A manifest is one parsed package.json of the project (the root or a
// workspace).
type manifest struct {
	file       string // relative to the project root, slash-separated
	name       string // "name", or "" when absent
	deps       []ecosystems.Dependency
	workspaces []wsGlob // workspace globs as written (root manifest only)
	// optionalPeers are the peer dependencies peerDependenciesMeta makes
	// optional (Scope optional in deps): npm neither installs them nor
	// records them in the lockfile, unlike optionalDependencies.
	optionalPeers map[string]bool
	// pack is what the manifest says of the package's files: what it
	// ships and how its tests run (see roles.go).
	pack packaging
}

// readManifest reads and checks the package.json at rel, reached through
// via (see parseManifest). It returns an error wrapping fs.ErrNotExist
// when there is none.
func readManifest(src ecosystems.Source, rel string, via ecosystems.Pos) (*manifest, error) {
	data, err := src.ReadFile(rel)
	if err != nil {
		return nil, err
	}
	return parseManifest(rel, data, via)
}

// parseManifest parses the package.json text data of file. Everything wrong
// with it is a *ecosystems.PosError at the line of the offending value.
// Its dependencies are placed on their lines, or, for a workspace outside
// the project ("workspaces": ["../shared"]), on via, the workspace
// pattern that reaches it (ecosystems.PosVia).
func parseManifest(file string, data []byte, via ecosystems.Pos) (*manifest, error) {
	data = bytes.TrimPrefix(data, []byte("\xef\xbb\xbf")) // npm strips a byte order mark
	doc, err := posdoc.ParseJSON(file, data)
	if err != nil {
		return nil, posError(err)
	}
	if doc.Kind != posdoc.Object {
		return nil, ecosystems.Errorf(file, doc.Pos.Line, "top-level value is %s, want an object", doc.Kind)
	}
	m := &manifest{file: file}
	var at []posdoc.Pos // of each entry of m.deps
	if n := doc.Get("name"); n != nil {
		if n.Kind != posdoc.String {
			return nil, ecosystems.Errorf(file, n.Pos.Line, "\"name\" is %s, want a string", n.Kind)
		}
		m.name = n.Text
	}
	for _, f := range depFields {
		obj := doc.Get(f.field)
		if obj == nil || obj.Kind == posdoc.Null {
			continue
		}
		if obj.Kind != posdoc.Object {
			return nil, ecosystems.Errorf(file, obj.Pos.Line, "%q is %s, want an object", f.field, obj.Kind)
		}
		// A repeated name counts once, where it is written last, as in
		// JSON.parse.
		last := map[string]int{}
		for i, mem := range obj.Members {
			last[mem.Key] = i
		}
		for i, mem := range obj.Members {
			if mem.Key == "" {
				return nil, ecosystems.Errorf(file, mem.Pos.Line, "empty package name in %q", f.field)
			}
			if mem.Value.Kind != posdoc.String {
				return nil, ecosystems.Errorf(file, mem.Value.Pos.Line, "%q in %q: version spec is %s, want a string", mem.Key, f.field, mem.Value.Kind)
			}
			if last[mem.Key] != i {
				continue
			}
			at = append(at, mem.Pos)
			m.deps = append(m.deps, ecosystems.Dependency{
				Name:  mem.Key,
				Spec:  mem.Value.Text,
				Scope: f.scope,
				Pos:   ecosystems.PosVia(file, mem.Pos.Line, via),
				// Type declarations are read by the TypeScript compiler,
				// never loaded when the code runs.
				CompileOnly: strings.HasPrefix(mem.Key, "@types/"),
			})
		}
	}
	// A peer dependency marked optional in peerDependenciesMeta is one npm
	// never installs on its own: an optional dependency of the project.
	// Malformed entries are ignored, as npm ignores them.
	if meta := doc.Get("peerDependenciesMeta"); meta != nil && meta.Kind == posdoc.Object {
		for i := range m.deps {
			d := &m.deps[i]
			if d.Scope != ecosystems.ScopePeer {
				continue
			}
			if o := meta.Get(d.Name).Get("optional"); o != nil && o.Kind == posdoc.Bool && o.Text == "true" {
				d.Scope = ecosystems.ScopeOptional
				if m.optionalPeers == nil {
					m.optionalPeers = map[string]bool{}
				}
				m.optionalPeers[d.Name] = true
			}
		}
	}
	// File order, whatever the order of the dependency objects.
	sort.Sort(byPos{m.deps, at})
	m.pack = readPackaging(doc)
	if ws := doc.Get("workspaces"); ws != nil && ws.Kind != posdoc.Null {
		list := ws
		if ws.Kind == posdoc.Object { // the {"packages": [...]} form of yarn and npm
			list = ws.Get("packages")
			if list == nil {
				return nil, ecosystems.Errorf(file, ws.Pos.Line, "\"workspaces\" object has no \"packages\" array")
			}
		}
		if list.Kind != posdoc.Array {
			return nil, ecosystems.Errorf(file, list.Pos.Line, "\"workspaces\" is %s, want an array of globs", list.Kind)
		}
		for _, e := range list.Elems {
			if e.Kind != posdoc.String {
				return nil, ecosystems.Errorf(file, e.Pos.Line, "workspace pattern is %s, want a string", e.Kind)
			}
			m.workspaces = append(m.workspaces, wsGlob{e.Text, e.Pos.Line})
		}
	}
	return m, nil
}

// posError turns the reader's positioned error into the ecosystem's.
func posError(err error) error {
	var pe *posdoc.Error
	if errors.As(err, &pe) {
		return ecosystems.ErrorAt(pe.File, pe.Pos.Line, pe.Err)
	}
	return err
}

// A wsGlob is one entry of "workspaces" and its line.
type wsGlob struct {
	glob string
	line int
}

// A workspace is one workspace package of the project.
type workspace struct {
	dir string // relative to the root, slash-separated
	*manifest
}

// readWorkspaces expands the root manifest's workspace globs and reads each
// workspace's package.json. Directories without a package.json are not
// workspaces, as in npm. Negated globs ("!packages/old") remove matches.
func readWorkspaces(src ecosystems.Source, m *manifest) ([]workspace, error) {
	dirs, lines, err := expandWorkspaces(src, m.file, m.workspaces)
	if err != nil {
		return nil, err
	}
	var out []workspace
	for i, d := range dirs {
		via, _ := ecosystems.NewPos("", m.file, lines[i])
		wm, err := readManifest(src, path.Join(d, "package.json"), via)
		if errors.Is(err, fs.ErrNotExist) {
			continue
		}
		if err != nil {
			return nil, err
		}
		if wm.name == "" { // npm names an unnamed workspace after its folder
			wm.name = path.Base(d)
		}
		out = append(out, workspace{dir: d, manifest: wm})
	}
	return out, nil
}

// expandWorkspaces returns the directories, relative to the root, that the
// workspace globs match, sorted, and for each the line of the first glob
// that matched it. A glob is matched one path segment at a
// time with path.Match; "**" matches any number of directories (never
// descending into node_modules or hidden directories).
func expandWorkspaces(src ecosystems.Source, file string, globs []wsGlob) ([]string, []int, error) {
	dirs, lines, _, err := expandWorkspacesBudget(src, file, globs)
	return dirs, lines, err
}

// maxGlobSteps is the work budget of expanding a root manifest's
// workspace globs, in steps: a directory visited costs one, counted again
// for each glob, each "**" and each linked path that reaches it, and a
// directory read or a link followed on disk (once per path) costs
// globDiskCost more, as it takes a system call per path segment. Globs
// are matched against the project's own tree, which the pull request
// writes, so "**/**/**/…" or a directory linked to its parent would
// otherwise make the walk exponential in the glob's length; a monorepo's
// "packages/*" visits its packages, and even "**" over a repository of
// 15,000 directories stays within it, at about a second of reads.
const maxGlobSteps = 200_000

// globDiskCost is what a read of the disk adds to a step of the glob walk.
const globDiskCost = 10

// expandWorkspacesBudget is expandWorkspaces, also returning the budget it
// spent (the tests' and fuzz targets' work counter).
func expandWorkspacesBudget(src ecosystems.Source, file string, globs []wsGlob) ([]string, []int, *ecosystems.Budget, error) {
	budget := ecosystems.NewBudget("steps of the workspace globs' walk", maxGlobSteps)
	dirs, lines, err := expandWorkspacesIn(src, file, globs, budget)
	return dirs, lines, budget, err
}

func expandWorkspacesIn(src ecosystems.Source, file string, globs []wsGlob, budget *ecosystems.Budget) ([]string, []int, error) {
	include, exclude := map[string]bool{}, map[string]bool{}
	tree := &globTree{src: src, budget: budget, file: file, entries: map[string][]fs.DirEntry{}, isDir: map[string]bool{}}
	first := map[string]int{} // the line of the first glob including each directory
	for _, wg := range globs {
		g := wg.glob
		set := include
		if strings.HasPrefix(g, "!") {
			set, g = exclude, g[1:]
		}
		g = strings.TrimSuffix(strings.TrimPrefix(path.Clean(filepath.ToSlash(g)), "./"), "/")
		if g == "" || g == "." {
			continue
		}
		if _, err := path.Match(g, ""); err != nil {
			return nil, nil, ecosystems.Errorf(file, wg.line, "workspace pattern %q: %w", wg.glob, err)
		}
		tree.line = wg.line
		gw := globWalk{tree: tree, file: file, line: wg.line, budget: budget}
		if err := gw.dirs("", strings.Split(g, "/"), set); err != nil {
			return nil, nil, err
		}
		for d := range include {
			if _, ok := first[d]; !ok {
				first[d] = wg.line
			}
		}
	}
	var out []string
	for d := range include {
		if !exclude[d] {
			out = append(out, d)
		}
	}
	sort.Strings(out)
	lines := make([]int, len(out))
	for i, d := range out {
		lines[i] = first[d]
	}
	return out, lines, nil
}

// globWalk is the expansion of one workspace glob, written at line of
// file, spending budget.
type globWalk struct {
	tree   *globTree
	file   string
	line   int
	budget *ecosystems.Budget
}

// globTree is the project's tree as the workspace globs see it, each
// directory read and each link followed once however many globs reach
// it, spending globDiskCost of the budget for each read.
type globTree struct {
	src     ecosystems.Source
	budget  *ecosystems.Budget
	file    string
	line    int
	entries map[string][]fs.DirEntry
	errs    map[string]error
	isDir   map[string]bool
	// spent is the budget's error when a link could not be followed for
	// it; the walk returns it at its next step.
	spent error
}

// IsDir reports whether rel is a directory, following links.
func (t *globTree) IsDir(rel string) bool {
	d, ok := t.isDir[rel]
	if !ok {
		t.spent = t.budget.Spend(t.file, t.line, globDiskCost)
		d = t.spent == nil && t.src.IsDir(rel)
		t.isDir[rel] = d
	}
	return d
}

// ReadDir reads the directory rel.
func (t *globTree) ReadDir(rel string) ([]fs.DirEntry, error) {
	if e, ok := t.entries[rel]; ok {
		return e, t.errs[rel]
	}
	if err := t.budget.Spend(t.file, t.line, globDiskCost); err != nil {
		return nil, err
	}
	e, err := t.src.ReadDir(rel)
	t.entries[rel] = e
	if err != nil {
		if t.errs == nil {
			t.errs = map[string]error{}
		}
		t.errs[rel] = err
	}
	return e, err
}

// dirs adds to out the directories below rel that segs match.
func (g globWalk) dirs(rel string, segs []string, out map[string]bool) error {
	src := g.tree
	if src.spent != nil {
		return src.spent
	}
	if err := g.budget.Spend(g.file, g.line, 1); err != nil {
		return err
	}
	if len(segs) == 0 {
		if rel != "" {
			out[rel] = true
		}
		return nil
	}
	seg, rest := segs[0], segs[1:]
	join := func(name string) string {
		if rel == "" {
			return name
		}
		return rel + "/" + name
	}
	if seg == ".." || !strings.ContainsAny(seg, `*?[\`) {
		if !src.IsDir(join(seg)) {
			return nil
		}
		return g.dirs(path.Clean(join(seg)), rest, out)
	}
	dir := rel
	if dir == "" {
		dir = "."
	}
	entries, err := src.ReadDir(dir)
	if err != nil {
		if errors.Is(err, fs.ErrNotExist) {
			return nil
		}
		return err
	}
	if seg == "**" {
		if err := g.dirs(rel, rest, out); err != nil {
			return err
		}
	}
	for _, e := range entries {
		name := e.Name()
		if name == "node_modules" || strings.HasPrefix(name, ".") {
			continue
		}
		if seg == "**" {
			// "**" does not follow symbolic links, which could loop.
			if !e.IsDir() {
				continue
			}
			if err := g.dirs(join(name), segs, out); err != nil {
				return err
			}
			continue
		}
		if ok, _ := path.Match(seg, name); ok && isDir(src, join(name), e) {
			if err := g.dirs(join(name), rest, out); err != nil {
				return err
			}
		}
	}
	return nil
}

// isDir reports whether the entry is a directory, following a symbolic link.
func isDir(src *globTree, rel string, e fs.DirEntry) bool {
	if e.IsDir() {
		return true
	}
	if e.Type()&fs.ModeSymlink == 0 {
		return false
	}
	return src.IsDir(rel)
}

// byPos sorts dependencies by where their keys are written.
type byPos struct {
	deps []ecosystems.Dependency
	at   []posdoc.Pos
}

func (b byPos) Len() int { return len(b.deps) }
func (b byPos) Less(i, j int) bool {
	if b.at[i].Line != b.at[j].Line {
		return b.at[i].Line < b.at[j].Line
	}
	return b.at[i].Col < b.at[j].Col
}
func (b byPos) Swap(i, j int) {
	b.deps[i], b.deps[j] = b.deps[j], b.deps[i]
	b.at[i], b.at[j] = b.at[j], b.at[i]
}
