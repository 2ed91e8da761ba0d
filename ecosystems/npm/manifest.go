package npm

import (
	"errors"
	"io/fs"
	"path"
	"path/filepath"
	"sort"
	"strings"

	"github.com/envaudit/envaudit/ecosystems"
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
}

// readManifest reads and checks the package.json at rel. It returns an
// error wrapping fs.ErrNotExist when there is none.
func readManifest(src ecosystems.Source, rel string) (*manifest, error) {
	data, err := src.ReadFile(rel)
	if err != nil {
		return nil, err
	}
	return parseManifest(rel, data)
}

// parseManifest parses the package.json text data of file. Everything wrong
// with it is a *ecosystems.PosError at the line of the offending value.
func parseManifest(file string, data []byte) (*manifest, error) {
	doc, err := parseJSON(file, data)
	if err != nil {
		return nil, err
	}
	if doc.kind != kindObject {
		return nil, ecosystems.Errorf(file, doc.line, "top-level value is %s, want an object", doc.kind)
	}
	m := &manifest{file: file}
	var offs []int64 // of each entry of m.deps
	if n := doc.get("name"); n != nil {
		if n.kind != kindString {
			return nil, ecosystems.Errorf(file, n.line, "\"name\" is %s, want a string", n.kind)
		}
		m.name = n.str
	}
	for _, f := range depFields {
		obj := doc.get(f.field)
		if obj == nil || obj.kind == kindNull {
			continue
		}
		if obj.kind != kindObject {
			return nil, ecosystems.Errorf(file, obj.line, "%q is %s, want an object", f.field, obj.kind)
		}
		// A repeated name counts once, where it is written last, as in
		// JSON.parse.
		last := map[string]int{}
		for i, mem := range obj.members {
			last[mem.key] = i
		}
		for i, mem := range obj.members {
			if mem.key == "" {
				return nil, ecosystems.Errorf(file, mem.line, "empty package name in %q", f.field)
			}
			if mem.val.kind != kindString {
				return nil, ecosystems.Errorf(file, mem.val.line, "%q in %q: version spec is %s, want a string", mem.key, f.field, mem.val.kind)
			}
			if last[mem.key] != i {
				continue
			}
			offs = append(offs, mem.off)
			m.deps = append(m.deps, ecosystems.Dependency{
				Name:  mem.key,
				Spec:  mem.val.str,
				Scope: f.scope,
				Pos:   ecosystems.Pos{File: file, Line: mem.line},
				// Type declarations are read by the TypeScript compiler,
				// never loaded when the code runs.
				CompileOnly: strings.HasPrefix(mem.key, "@types/"),
			})
		}
	}
	// A peer dependency marked optional in peerDependenciesMeta is one npm
	// never installs on its own: an optional dependency of the project.
	// Malformed entries are ignored, as npm ignores them.
	if meta := doc.get("peerDependenciesMeta"); meta != nil && meta.kind == kindObject {
		for i := range m.deps {
			d := &m.deps[i]
			if d.Scope != ecosystems.ScopePeer {
				continue
			}
			if o := meta.get(d.Name).get("optional"); o != nil && o.kind == kindBool && o.str == "true" {
				d.Scope = ecosystems.ScopeOptional
			}
		}
	}
	// File order, whatever the order of the dependency objects.
	sort.Sort(byOffset{m.deps, offs})
	if ws := doc.get("workspaces"); ws != nil && ws.kind != kindNull {
		list := ws
		if ws.kind == kindObject { // the {"packages": [...]} form of yarn and npm
			list = ws.get("packages")
			if list == nil {
				return nil, ecosystems.Errorf(file, ws.line, "\"workspaces\" object has no \"packages\" array")
			}
		}
		if list.kind != kindArray {
			return nil, ecosystems.Errorf(file, list.line, "\"workspaces\" is %s, want an array of globs", list.kind)
		}
		for _, e := range list.elems {
			if e.kind != kindString {
				return nil, ecosystems.Errorf(file, e.line, "workspace pattern is %s, want a string", e.kind)
			}
			m.workspaces = append(m.workspaces, wsGlob{e.str, e.line})
		}
	}
	return m, nil
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
	dirs, err := expandWorkspaces(src, m.file, m.workspaces)
	if err != nil {
		return nil, err
	}
	var out []workspace
	for _, d := range dirs {
		wm, err := readManifest(src, path.Join(d, "package.json"))
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
// workspace globs match, sorted. A glob is matched one path segment at a
// time with path.Match; "**" matches any number of directories (never
// descending into node_modules or hidden directories).
func expandWorkspaces(src ecosystems.Source, file string, globs []wsGlob) ([]string, error) {
	include, exclude := map[string]bool{}, map[string]bool{}
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
			return nil, ecosystems.Errorf(file, wg.line, "workspace pattern %q: %w", wg.glob, err)
		}
		if err := globDirs(src, "", strings.Split(g, "/"), set); err != nil {
			return nil, err
		}
	}
	var out []string
	for d := range include {
		if !exclude[d] {
			out = append(out, d)
		}
	}
	sort.Strings(out)
	return out, nil
}

func globDirs(src ecosystems.Source, rel string, segs []string, out map[string]bool) error {
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
		return globDirs(src, path.Clean(join(seg)), rest, out)
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
		if err := globDirs(src, rel, rest, out); err != nil {
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
			if err := globDirs(src, join(name), segs, out); err != nil {
				return err
			}
			continue
		}
		if ok, _ := path.Match(seg, name); ok && isDir(src, join(name), e) {
			if err := globDirs(src, join(name), rest, out); err != nil {
				return err
			}
		}
	}
	return nil
}

// isDir reports whether the entry is a directory, following a symbolic link.
func isDir(src ecosystems.Source, rel string, e fs.DirEntry) bool {
	if e.IsDir() {
		return true
	}
	if e.Type()&fs.ModeSymlink == 0 {
		return false
	}
	return src.IsDir(rel)
}

type byOffset struct {
	deps []ecosystems.Dependency
	offs []int64
}

func (b byOffset) Len() int           { return len(b.deps) }
func (b byOffset) Less(i, j int) bool { return b.offs[i] < b.offs[j] }
func (b byOffset) Swap(i, j int) {
	b.deps[i], b.deps[j] = b.deps[j], b.deps[i]
	b.offs[i], b.offs[j] = b.offs[j], b.offs[i]
}
