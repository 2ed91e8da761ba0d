package cargo

import (
	"errors"
	"io/fs"
	"path"
	"path/filepath"
	"sort"
	"strings"

	"github.com/envaudit/envaudit/ecosystems"
	"github.com/envaudit/envaudit/internal/posdoc"
)

// manifest is one parsed Cargo.toml of the project.
type manifest struct {
	rel  string // slash-separated path from the root: "Cargo.toml", "crates/app/Cargo.toml"
	dir  string // its directory, slash-separated: ".", "crates/app"
	doc  *tomlDoc
	name string // [package] name; "" for a virtual workspace manifest
}

// project is a Cargo project opened once: the root manifest and the
// workspace members (the root itself when it has a [package]), their
// declarations, and Cargo.lock.
type project struct {
	src     ecosystems.Source
	root    *manifest
	members []*manifest
	decls   []decl
	files   []ecosystems.File
	// lock is Cargo.lock parsed; lockErr says why there is none (absent,
	// unreadable, malformed), for Installed.
	lock    *lockFile
	lockErr error
}

// readManifest parses the Cargo.toml at rel.
func readManifest(src ecosystems.Source, rel string) (*manifest, error) {
	data, err := src.ReadFile(rel)
	if err != nil {
		return nil, err
	}
	return parseManifest(rel, data)
}

func parseManifest(rel string, data []byte) (*manifest, error) {
	doc, err := parseTOML(rel, data)
	if err != nil {
		return nil, err
	}
	m := &manifest{rel: rel, dir: path.Dir(rel), doc: doc}
	pkg, err := doc.table("package")
	if err != nil {
		return nil, err
	}
	if pkg != nil {
		if m.name, err = doc.str(pkg, []string{"package"}, "name"); err != nil {
			return nil, err
		}
		if m.name == "" {
			return nil, doc.errorf([]string{"package"}, "[package] without a name")
		}
	}
	return m, nil
}

// readProject reads Cargo.toml and, when it declares a [workspace], the
// manifests of its members (members globs minus exclude). It returns nil
// when there is no Cargo.toml.
func readProject(src ecosystems.Source) (*project, error) {
	rm, err := readManifest(src, "Cargo.toml")
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	pr := &project{src: src, root: rm}
	ws, err := rm.doc.table("workspace")
	if err != nil {
		return nil, err
	}
	if rm.name != "" {
		pr.members = append(pr.members, rm)
	}
	if ws == nil {
		if rm.name == "" {
			return nil, rm.doc.errorf(nil, "neither [package] nor [workspace]")
		}
		return pr, nil
	}
	wpath := []string{"workspace"}
	globs, err := rm.doc.strings(ws, wpath, "members")
	if err != nil {
		return nil, err
	}
	excl, err := rm.doc.strings(ws, wpath, "exclude")
	if err != nil {
		return nil, err
	}
	excluded := map[string]bool{}
	for _, e := range excl {
		excluded[path.Clean(e)] = true
	}
	seen := map[string]bool{".": true}
	gfs := &globFS{FS: src.FS, budget: ecosystems.NewBudget("directories read and paths matched by workspace.members", maxMemberGlobSteps)}
	for _, g := range globs {
		// Members lie below the workspace root, so the pattern is matched
		// in the project's tree.
		matches, err := fs.Glob(gfs, path.Clean(filepath.ToSlash(g)))
		if err != nil {
			return nil, rm.doc.errorf([]string{"workspace", "members"}, "workspace.members: bad pattern %q: %v", g, err)
		}
		if gfs.budget.Spend(".", 0, len(matches)) != nil || gfs.over {
			return nil, rm.doc.errorf([]string{"workspace", "members"}, "workspace.members: pattern %q: more than %d %s: %w", g, maxMemberGlobSteps, "directories read and paths matched", ecosystems.ErrOverBudget)
		}
		sort.Strings(matches)
		for _, dir := range matches {
			if seen[dir] || excluded[dir] {
				continue
			}
			rel := path.Join(dir, "Cargo.toml")
			if !src.IsFile(rel) {
				continue // a glob also matches directories that are not crates
			}
			seen[dir] = true
			mm, err := readManifest(src, rel)
			if err != nil {
				return nil, err
			}
			if mm.name == "" {
				return nil, mm.doc.errorf(nil, "workspace member without [package]")
			}
			pr.members = append(pr.members, mm)
		}
	}
	return pr, nil
}

// memberDirs returns the directories of the workspace members.
func (pr *project) memberDirs() map[string]bool {
	dirs := map[string]bool{}
	for _, m := range pr.members {
		dirs[m.dir] = true
	}
	return dirs
}

// memberNames returns the package names of the workspace members.
func (pr *project) memberNames() map[string]bool {
	names := map[string]bool{}
	for _, m := range pr.members {
		names[m.name] = true
	}
	return names
}

// depKinds are the dependency tables of a manifest and their scopes; the
// underscore spellings are cargo's older aliases.
var depKinds = []struct {
	table string
	scope ecosystems.Scope
}{
	{"dependencies", ecosystems.ScopeRuntime},
	{"dev-dependencies", ecosystems.ScopeDev},
	{"dev_dependencies", ecosystems.ScopeDev},
	{"build-dependencies", ecosystems.ScopeBuild},
	{"build_dependencies", ecosystems.ScopeBuild},
}

// decl is one declared dependency with what attribution needs.
type decl struct {
	dep    ecosystems.Dependency
	extern string // the crate name the code uses: the key, with - as _
	local  string // for a path dependency, its directory relative to the root (slash-separated)
}

// declared returns the dependencies m declares, in file order. Path
// dependencies on workspace members are project code and left out.
func (pr *project) declared(m *manifest) ([]decl, error) {
	var out []decl
	add := func(tpath []string, scope ecosystems.Scope, group string) error {
		t, err := m.doc.table(tpath...)
		if err != nil || t == nil {
			return err
		}
		for _, mem := range t.Members {
			d, err := pr.entry(m, tpath, mem.Key, mem.Value, scope)
			if err != nil {
				return err
			}
			if d.local != "" && pr.memberDirs()[d.local] {
				continue
			}
			d.dep.Group = group
			out = append(out, d)
		}
		return nil
	}
	for _, k := range depKinds {
		if err := add([]string{k.table}, k.scope, ""); err != nil {
			return nil, err
		}
	}
	targets, err := m.doc.table("target")
	if err != nil {
		return nil, err
	}
	for _, cfg := range members(targets) {
		for _, k := range depKinds {
			if err := add([]string{"target", cfg.Key, k.table}, k.scope, cfg.Key); err != nil {
				return nil, err
			}
		}
	}
	sort.SliceStable(out, func(i, j int) bool { return out[i].dep.Pos.Line < out[j].dep.Pos.Line })
	return out, nil
}

// entry interprets one dependency entry: `key = "1.2"` or a table with
// version, package (a rename), path, git, optional and workspace = true
// (inherited from the root's [workspace.dependencies]).
func (pr *project) entry(m *manifest, tpath []string, key string, v *posdoc.Value, scope ecosystems.Scope) (decl, error) {
	kpath := append(append([]string(nil), tpath...), key)
	d := decl{
		dep: ecosystems.Dependency{
			Name:  key,
			Scope: scope,
			Pos:   ecosystems.PosVia(m.rel, m.doc.line(kpath...), ecosystems.Pos{}),
		},
		extern: strings.ReplaceAll(key, "-", "_"),
	}
	var t *posdoc.Value
	switch v.Kind {
	case posdoc.String:
		d.dep.Spec = v.Text
		return d, nil
	case posdoc.Table:
		t = v
	default:
		return d, m.doc.errorf(kpath, "%s: want a version string or a table, not %s", dotted(kpath), v.Kind)
	}
	src, srcDoc, srcPath, baseDir := t, m.doc, kpath, m.dir
	if inh := t.Get("workspace"); inh != nil {
		if !isTrue(inh) {
			return d, m.doc.errorf(append(kpath, "workspace"), "%s.workspace: only `workspace = true` is allowed", dotted(kpath))
		}
		wd, err := pr.root.doc.table("workspace", "dependencies")
		if err != nil {
			return d, err
		}
		wv := wd.Get(key)
		if wv == nil {
			return d, m.doc.errorf(kpath, "%s: inherits from the workspace, but [workspace.dependencies] of %s has no %q", dotted(kpath), pr.root.rel, key)
		}
		srcDoc, srcPath, baseDir = pr.root.doc, []string{"workspace", "dependencies", key}, pr.root.dir
		switch wv.Kind {
		case posdoc.String:
			// `itoa = "1"` is short for `itoa = { version = "1" }`.
			src = &posdoc.Value{Kind: posdoc.Table, Pos: wv.Pos, Members: []*posdoc.Member{{Key: "version", Pos: wv.Pos, Value: wv}}}
		case posdoc.Table:
			src = wv
		default:
			return d, srcDoc.errorf(srcPath, "%s: want a version string or a table, not %s", dotted(srcPath), wv.Kind)
		}
		d.dep.Spec = "workspace"
	}
	get := func(k string) (string, error) { return srcDoc.str(src, srcPath, k) }
	pkgName, err := get("package")
	if err != nil {
		return d, err
	}
	if pkgName != "" {
		d.dep.Name, d.dep.Raw = pkgName, key
	}
	var spec []string
	for _, k := range []string{"version", "path", "git", "branch", "tag", "rev", "registry"} {
		s, err := get(k)
		if err != nil {
			return d, err
		}
		if s == "" {
			continue
		}
		if k == "version" {
			spec = append(spec, s)
		} else {
			spec = append(spec, k+"="+s)
		}
		if k == "path" {
			d.local = path.Clean(path.Join(baseDir, s))
		}
	}
	if len(spec) > 0 {
		if d.dep.Spec != "" {
			d.dep.Spec += ": "
		}
		d.dep.Spec += strings.Join(spec, " ")
	}
	if o := t.Get("optional"); o != nil {
		if o.Kind != posdoc.Bool {
			return d, m.doc.errorf(append(kpath, "optional"), "%s.optional: want a boolean, not %s", dotted(kpath), o.Kind)
		}
		if isTrue(o) && scope == ecosystems.ScopeRuntime {
			d.dep.Scope = ecosystems.ScopeOptional
		}
	}
	return d, nil
}

// allDeclared returns the declarations of every member.
func (pr *project) allDeclared() ([]decl, error) {
	var out []decl
	for _, m := range pr.members {
		ds, err := pr.declared(m)
		if err != nil {
			return nil, err
		}
		out = append(out, ds...)
	}
	return out, nil
}

// manifests returns the manifests' paths.
func (pr *project) manifests() []string {
	out := []string{pr.root.rel}
	for _, m := range pr.members {
		if m != pr.root {
			out = append(out, m.rel)
		}
	}
	return out
}

// maxMemberGlobSteps is the budget of matching workspace.members: the
// directories fs.Glob reads and the paths it matches, over all the
// patterns. The patterns are matched in the project's tree, which the
// pull request writes: "*/*/*/…" over directories linked to their parent
// matches 2^depth paths; a real workspace's "crates/*" reads a directory
// or two and matches its crates.
const maxMemberGlobSteps = 100_000

// globFS is the project's files as fs.Glob reads them for
// workspace.members, each directory read spending one step of budget.
// Past the budget every read fails, which fs.Glob passes over, so the
// match ends at once; over says so.
type globFS struct {
	fs.FS
	budget *ecosystems.Budget
	over   bool
}

func (g *globFS) ReadDir(name string) ([]fs.DirEntry, error) {
	if g.over || g.budget.Spend(".", 0, 1) != nil {
		g.over = true
		return nil, ecosystems.ErrOverBudget
	}
	return fs.ReadDir(g.FS, name)
}

func (g *globFS) Stat(name string) (fs.FileInfo, error) {
	if g.over || g.budget.Spend(".", 0, 1) != nil {
		g.over = true
		return nil, ecosystems.ErrOverBudget
	}
	return fs.Stat(g.FS, name)
}
