package npm

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"maps"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"sort"
	"strings"

	packageurl "github.com/package-url/packageurl-go"

	"github.com/envaudit/envaudit/ecosystems"
	"github.com/envaudit/envaudit/internal/posdoc"
	"github.com/envaudit/envaudit/internal/projfile"
)

// evidence says what D3 rests on for npm, for the report.
const evidence = "files opened or executed under node_modules/<name> (the innermost installed package owns a file); " +
	"reading a package.json locates the package (no use; no bloat if a loaded package depends on it), reading .d.ts declarations is compile-time use"

// pnpEvidence says what D3 rests on for a Plug'n'Play install.
const pnpEvidence = "files of Yarn's cache opened (each package's zip archive, or its unplugged directory, as Yarn's Plug'n'Play state locates it)"

// An installed is one package directory of the node_modules tree, or a link
// to a workspace (which is project code, not a package).
type installed struct {
	name      string // install name: the path below node_modules, "@scope/name" or "name"
	realName  string // "name" of its package.json, when it is a valid string
	version   string
	loc       string // relative to the root and slash-separated, as lockfile keys are; may start with "../"
	dir       string // absolute path as laid out (through the link, for a link)
	real      string // absolute path with every symbolic link resolved
	link      bool
	workspace bool // a link to a workspace package of the project
	broken    bool // its package.json is missing or does not parse
	direct    bool
	dev       bool
	deps      []depRef
	edges     []string
}

// A depRef is one dependency a package.json names.
type depRef struct {
	name     string
	optional bool // optional or peer: npm may leave it out without error
}

// inventory gathers D2 for one project root.
type inventory struct {
	ctx      context.Context
	root     string // absolute
	rootReal string // absolute, symbolic links resolved
	pkgs     []*installed
	byDir    map[string]*installed // every absolute spelling of a package directory → package
	locs     map[string]*installed // loc → package or workspace link
	walked   map[string]bool       // real node_modules directories already walked
	wsReal   map[string]bool       // real directories of the workspaces
	warnings []string
}

func (v *inventory) warnf(format string, args ...any) {
	v.warnings = append(v.warnings, fmt.Sprintf(format, args...))
}

// Installed enumerates the node_modules trees of the project root and its
// workspaces, cross-checks them with the lockfile, and builds the index that
// attributes traced paths to the installed packages. A project whose
// package.json declares dependencies (or that has a lockfile) but that has
// no node_modules anywhere is marked Unknown, with a warning to run npm ci.
// Problems with installed packages (an unreadable package.json in
// node_modules, a disagreement with the lockfile) are warnings; a malformed
// lockfile of the project itself is a *ecosystems.PosError.
func (p *project) Installed(ctx context.Context, env ecosystems.Env) (*ecosystems.Inventory, error) {
	if !p.src.OnDisk() {
		return nil, ecosystems.ErrNotOnDisk
	}
	abs := p.src.Root
	rootReal, err := filepath.EvalSymlinks(abs)
	if err != nil {
		return nil, err
	}
	v := &inventory{
		ctx: ctx, root: abs, rootReal: rootReal,
		byDir: map[string]*installed{}, locs: map[string]*installed{},
		walked: map[string]bool{}, wsReal: map[string]bool{},
	}
	inv := &ecosystems.Inventory{Index: ecosystems.NewPathIndex(), Evidence: ecosystems.Evidence{Basis: evidence}}
	v.excludeToolchain(inv, env)
	if err := v.npx(ctx, inv, env); err != nil {
		return nil, err
	}

	m, ws := p.root, p.ws
	declarers := map[string]*manifest{}
	if m != nil {
		declarers[rootReal] = m
		for _, w := range ws {
			r := filepath.Join(rootReal, filepath.FromSlash(w.dir))
			if rr, err := filepath.EvalSymlinks(r); err == nil {
				r = rr
			}
			v.wsReal[r] = true
			declarers[r] = w.manifest
		}
	}
	lock, lockName := p.lock, p.lockName
	if p.lockErr != nil {
		return nil, p.lockErr
	}
	if p.otherErr != nil {
		return nil, p.otherErr
	}
	if lockName != "" && lock == nil {
		v.warnf("%s: lockfileVersion 1 has no \"packages\" map; the tree is not cross-checked (npm 7 or later writes version 3)", lockName)
	}

	_, statErr := os.Stat(filepath.Join(abs, "node_modules"))
	hasTree := statErr == nil
	if err := v.walk(filepath.Join(abs, "node_modules"), filepath.Join(rootReal, "node_modules")); err != nil {
		return nil, err
	}
	for _, w := range ws {
		layout := filepath.Join(abs, filepath.FromSlash(w.dir), "node_modules")
		real := filepath.Join(rootReal, filepath.FromSlash(w.dir), "node_modules")
		if rr, err := filepath.EvalSymlinks(real); err == nil {
			real = rr
		}
		if _, err := os.Stat(layout); err == nil {
			hasTree = true
		}
		if err := v.walk(layout, real); err != nil {
			return nil, err
		}
	}
	if !hasTree {
		st, file, err := readPnpState(abs)
		if err != nil {
			v.warnf("%v: the Plug'n'Play install is not read", err)
		}
		if st != nil {
			// Yarn's Plug'n'Play: no node_modules; the state names every
			// package and where it lies.
			if err := v.pnp(inv, st); err != nil {
				return nil, err
			}
			inv.Evidence.Basis = pnpEvidence + " (" + file + ")"
			sort.Strings(v.warnings)
			inv.Warnings = append(inv.Warnings, v.warnings...)
			return inv, nil
		}
	}
	if !hasTree && m != nil && (len(m.deps) > 0 || len(lock) > 0) {
		v.warnf("node_modules not found: nothing is installed (run npm ci or npm install)")
		// The install step did not run: what is installed is unknown
		// rather than empty, so no declaration is called not installed
		// (and told to check its name) for a forgotten npm ci.
		inv.Unknown = len(v.pkgs) == 0
	}

	// Direct: the copy the root or a workspace gets when it requires a
	// name its package.json declares.
	for dir, mf := range declarers {
		for _, d := range mf.deps {
			if p := v.resolve(dir, d.Name); p != nil && !p.workspace {
				p.direct = true
			}
		}
	}
	for _, p := range v.pkgs {
		v.link(p, lock[p.loc])
	}
	inv.Links = append(inv.Links, v.loadedLinks(env)...)
	if lock != nil && hasTree {
		v.crossCheck(lock, lockName)
		v.unresolvedOptional(inv, declarers, lock)
	}
	if p.other != nil && hasTree && m != nil {
		v.crossCheckOther(inv, p.other, m, ws)
	}
	for _, p := range v.pkgs {
		if err := v.index(inv.Index, p); err != nil {
			return nil, err
		}
	}
	v.indexBins(inv.Index)

	sort.Slice(v.pkgs, func(i, j int) bool { return v.pkgs[i].loc < v.pkgs[j].loc })
	for _, p := range v.pkgs {
		inv.Packages = append(inv.Packages, p.pkg(v.display(p.dir)))
	}
	sort.Strings(v.warnings)
	inv.Warnings = append(inv.Warnings, v.warnings...)
	return inv, nil
}

// display returns dir relative to the root when it lies inside it.
func (v *inventory) display(dir string) string {
	for _, r := range []string{v.root, v.rootReal} {
		if rel, err := filepath.Rel(r, dir); err == nil && rel != ".." && !strings.HasPrefix(rel, "../") {
			return filepath.ToSlash(rel)
		}
	}
	return filepath.ToSlash(dir)
}

// walk enumerates the packages of one node_modules directory: layout is
// its path as reached from the root, real the same with links resolved.
func (v *inventory) walk(layout, real string) error {
	if err := v.ctx.Err(); err != nil {
		return err
	}
	if v.walked[real] {
		return nil
	}
	v.walked[real] = true
	entries, err := projfile.ReadDir(layout)
	if err != nil {
		if !errors.Is(err, fs.ErrNotExist) {
			v.warnf("%s: %v", v.display(layout), err)
		}
		return nil
	}
	for _, e := range entries {
		name := e.Name()
		if strings.HasPrefix(name, ".") { // .bin, .package-lock.json, .cache, .modules.yaml
			continue
		}
		if !strings.HasPrefix(name, "@") {
			if err := v.visit(name, layout, real, e); err != nil {
				return err
			}
			continue
		}
		scoped, err := projfile.ReadDir(filepath.Join(layout, name))
		if err != nil {
			continue // a file named @x, or a dangling link: not a scope
		}
		for _, se := range scoped {
			if strings.HasPrefix(se.Name(), ".") {
				continue
			}
			if err := v.visit(name+"/"+se.Name(), layout, real, se); err != nil {
				return err
			}
		}
	}
	return nil
}

// visit records the package installed as name in the node_modules
// directory layout (real with links resolved), then walks its own
// node_modules.
func (v *inventory) visit(name, nmLayout, nmReal string, e fs.DirEntry) error {
	dir := filepath.Join(nmLayout, filepath.FromSlash(name))
	place := filepath.Join(nmReal, filepath.FromSlash(name)) // where Node finds it
	p := &installed{name: name, dir: dir, real: place}
	if e.Type()&fs.ModeSymlink != 0 {
		target, err := filepath.EvalSymlinks(place)
		if err != nil {
			v.warnf("%s: broken link: %v", v.display(dir), err)
			return nil
		}
		if isPnpmStore(target) {
			return v.visitStore(name, dir, place, target)
		}
		p.link, p.real = true, target
		if v.wsReal[target] {
			p.workspace = true
		}
	} else if prev := v.byDir[place]; prev != nil {
		// A package of pnpm's store, met again in its own store entry's
		// node_modules, which is walked for the links beside it.
		v.byDir[dir] = prev
		return nil
	}
	if fi, err := os.Stat(p.real); err != nil || !fi.IsDir() {
		return nil // a stray file in node_modules
	}
	p.loc = v.lockKey(dir)
	v.byDir[dir] = p
	v.byDir[place] = p
	v.locs[p.loc] = p
	if p.workspace {
		return nil // its own node_modules is walked as the workspace's
	}
	v.byDir[p.real] = p
	v.readPackageJSON(p)
	v.pkgs = append(v.pkgs, p)
	// Node resolves a package's requires from its real location, so a
	// linked package's dependencies are those beside its target.
	return v.walk(filepath.Join(dir, "node_modules"), filepath.Join(p.real, "node_modules"))
}

// pnpmStore is the directory of pnpm's virtual store inside a
// node_modules directory.
var pnpmStore = string(filepath.Separator) + filepath.Join("node_modules", ".pnpm") + string(filepath.Separator)

// isPnpmStore reports whether an absolute path lies in pnpm's virtual
// store: node_modules/.pnpm/<name>@<version>/node_modules/<name>.
func isPnpmStore(path string) bool { return strings.Contains(path, pnpmStore) }

// visitStore records the package of pnpm's store at target, which the link
// dir (place with links resolved) points to, once however many links point
// to it: pnpm links every package's dependencies beside it in its store
// entry, node_modules/.pnpm/<name>@<version>/node_modules, and the
// project's direct dependencies into node_modules. Its Path is where it
// was first reached (the project's node_modules for a direct dependency,
// the store for the others); the store entry's node_modules is walked for
// the links to its dependencies.
func (v *inventory) visitStore(name, dir, place, target string) error {
	if p := v.byDir[target]; p != nil {
		v.byDir[dir], v.byDir[place] = p, p
		return nil
	}
	if fi, err := os.Stat(target); err != nil || !fi.IsDir() {
		return nil
	}
	shown := dir
	if isPnpmStore(dir) {
		shown = target // a dependency's link in another store entry
	}
	p := &installed{name: name, dir: shown, real: target, loc: v.lockKey(shown)}
	v.byDir[dir], v.byDir[place], v.byDir[target] = p, p, p
	v.locs[p.loc] = p
	v.readPackageJSON(p)
	v.pkgs = append(v.pkgs, p)
	nm := target
	for range strings.Count(name, "/") + 1 {
		nm = filepath.Dir(nm)
	}
	return v.walk(nm, nm)
}

// lockKey returns the lockfile key of a directory: its path relative to the
// root, slash-separated.
func (v *inventory) lockKey(dir string) string {
	rel, err := filepath.Rel(v.root, dir)
	if err != nil {
		return filepath.ToSlash(dir)
	}
	return filepath.ToSlash(rel)
}

// readPackageJSON fills in the package's metadata. The file belongs to a
// third party: anything wrong with it is a warning, and the package stays
// in the inventory under the name it is installed as.
func (v *inventory) readPackageJSON(p *installed) {
	file := filepath.Join(p.real, "package.json")
	rel := v.display(filepath.Join(p.dir, "package.json"))
	data, err := projfile.ReadFile(file, projfile.MaxMetadata)
	if err != nil {
		p.broken = true
		if errors.Is(err, fs.ErrNotExist) {
			v.warnf("%s: no package.json", v.display(p.dir))
		} else {
			v.warnf("%s: %v", rel, err)
		}
		return
	}
	var fields map[string]json.RawMessage
	if err := json.Unmarshal(data, &fields); err != nil {
		p.broken = true
		v.warnf("%v", jsonError(rel, data, err))
		return
	}
	var bad []string
	p.realName = str(fields["name"])
	p.version = str(fields["version"])
	for _, f := range []string{"name", "version"} {
		if raw, ok := fields[f]; ok && !fieldOK(raw, '"') {
			bad = append(bad, fmt.Sprintf("%q is not a string", f))
		}
	}
	for _, f := range []struct {
		field    string
		optional bool
	}{{"dependencies", false}, {"optionalDependencies", true}, {"peerDependencies", true}} {
		raw, ok := fields[f.field]
		if ok && !fieldOK(raw, '{') {
			bad = append(bad, fmt.Sprintf("%q is not an object", f.field))
		}
		for _, n := range keys(raw) {
			p.deps = append(p.deps, depRef{n, f.optional})
		}
	}
	if len(bad) > 0 {
		v.warnf("%s: %s; ignored", rel, strings.Join(bad, ", "))
	}
}

// fieldOK reports whether a JSON value starts with want ('"' for a string,
// '{' for an object) or is null.
func fieldOK(raw json.RawMessage, want byte) bool {
	return len(raw) > 0 && (raw[0] == want || string(raw) == "null")
}

// jsonError positions a JSON decoding error of file at the line of the
// offending byte.
func jsonError(file string, data []byte, err error) error {
	p, ok := posdoc.JSONErrorPos(data, err)
	if !ok {
		return fmt.Errorf("%s: %w", file, err)
	}
	var te *json.UnmarshalTypeError
	if errors.As(err, &te) {
		field := te.Field[strings.LastIndexByte(te.Field, '.')+1:]
		return ecosystems.Errorf(file, p.Line, "%q is %s, want %s", field, jsonKind(te.Value), goKind(te.Type))
	}
	return ecosystems.Errorf(file, p.Line, "%v", err)
}

// jsonKind names a JSON value kind as UnmarshalTypeError.Value gives it.
func jsonKind(v string) string {
	switch {
	case v == "array" || v == "object":
		return "an " + v
	case v == "bool":
		return "a boolean"
	case v == "number" || strings.HasPrefix(v, "number "):
		return "a number"
	}
	return "a " + v
}

// goKind names the JSON kind a Go type decodes from.
func goKind(t reflect.Type) string {
	switch t.Kind() {
	case reflect.String:
		return "a string"
	case reflect.Bool:
		return "a boolean"
	case reflect.Map, reflect.Struct, reflect.Pointer:
		return "an object"
	case reflect.Slice, reflect.Array:
		return "an array"
	}
	return "a number"
}

// str returns a JSON string's value, or "" for anything else.
func str(raw json.RawMessage) string {
	var s string
	if json.Unmarshal(raw, &s) != nil {
		return ""
	}
	return s
}

// keys returns the keys of a JSON object, or nil for anything else.
func keys(raw json.RawMessage) []string {
	var m map[string]json.RawMessage
	if len(raw) == 0 || json.Unmarshal(raw, &m) != nil {
		return nil
	}
	out := make([]string, 0, len(m))
	for k := range m {
		if k != "" {
			out = append(out, k)
		}
	}
	sort.Strings(out)
	return out
}

// resolve finds the package that require(name) gets from a file in the
// directory from (a real path), the way Node does: in from/node_modules,
// then in the node_modules of each enclosing directory, innermost first
// (never looking inside a path that already ends in node_modules).
func (v *inventory) resolve(from, name string) *installed {
	rel := filepath.FromSlash(name)
	for d := from; ; {
		if filepath.Base(d) != "node_modules" {
			if p := v.byDir[filepath.Join(d, "node_modules", rel)]; p != nil {
				return p
			}
		}
		parent := filepath.Dir(d)
		if parent == d {
			return nil
		}
		d = parent
	}
}

// link resolves the package's dependencies to installed packages, falling
// back on the lockfile's record of them when its package.json is broken.
func (v *inventory) link(p *installed, le *lockEntry) {
	refs := p.deps
	if le != nil && p.broken {
		refs = le.refs()
	}
	// npm lists an optional dependency in "dependencies" too; being
	// optional anywhere makes it optional.
	optional := map[string]bool{}
	for _, r := range refs {
		optional[r.name] = optional[r.name] || r.optional
	}
	if le != nil && p.version == "" && !le.Link {
		p.version = le.Version // package.json unreadable or without a version
	}
	seen := map[string]bool{}
	for _, r := range refs {
		q := v.resolve(p.real, r.name)
		if q == nil {
			if !optional[r.name] && !seen[r.name] {
				v.warnf("%s: dependency %q is not installed", p.loc, r.name)
			}
			seen[r.name] = true
			continue
		}
		if q.workspace || q == p || seen[q.name] {
			continue
		}
		seen[q.name] = true
		p.edges = append(p.edges, q.name)
	}
	sort.Strings(p.edges)
}

// pkg returns the copy as D2 lists it, at path.
func (p *installed) pkg(path string) ecosystems.Package {
	return ecosystems.Package{
		Name:    p.name,
		Version: p.version,
		PURL:    purl(p),
		Path:    path,
		Direct:  p.direct,
		Dev:     p.dev,
		Deps:    p.edges,
	}
}

// purl returns the package URL of the package actually installed (the
// target of an alias), pkg:npm/%40scope/name@version.
func purl(p *installed) string {
	name := p.realName
	if name == "" {
		name = p.name
	}
	ns := ""
	if strings.HasPrefix(name, "@") {
		if i := strings.IndexByte(name, '/'); i > 0 {
			ns, name = name[:i], name[i+1:]
		}
	}
	u := packageurl.NewPackageURL(packageurl.TypeNPM, ns, name, p.version, nil, "")
	if u.Normalize() != nil {
		return ""
	}
	return u.ToString()
}

// index records the directories and files a package owns. Both spellings
// of a linked package's directory (through the link and its target) are
// indexed, since a trace may name either.
func (v *inventory) index(x *ecosystems.PathIndex, p *installed) error {
	dirs := []string{p.dir}
	if p.real != p.dir {
		if v.contains(p.real, v.rootReal) {
			// A link to the project itself or above it (npm link of the
			// project into its own tree): owning the target would hand the
			// whole project to the package.
			v.warnf("%s: links to %q, which contains the project; only the link is attributed", p.loc, p.real)
		} else {
			dirs = append(dirs, p.real)
		}
	}
	use := ecosystems.UseRuntime
	types := strings.HasPrefix(p.name, "@types/")
	if types {
		use = ecosystems.UseCompile
	}
	for _, d := range dirs {
		x.AddDir(d, p.name, use)
		x.AddFile(filepath.Join(d, "package.json"), p.name, ecosystems.UseResolve)
	}
	if types {
		return nil
	}
	// Type declarations are the compiler's; find them once per package,
	// without entering nested node_modules (their own packages).
	return filepath.WalkDir(p.real, func(f string, e fs.DirEntry, err error) error {
		if err != nil {
			return nil
		}
		if e.IsDir() {
			if e.Name() == "node_modules" && f != p.real {
				return filepath.SkipDir
			}
			return nil
		}
		if isDeclaration(e.Name()) {
			rel := strings.TrimPrefix(f, p.real)
			for _, d := range dirs {
				x.AddFile(d+rel, p.name, ecosystems.UseCompile)
			}
		}
		return nil
	})
}

// isDeclaration reports whether a file name is a TypeScript declaration
// file.
func isDeclaration(name string) bool {
	return strings.HasSuffix(name, ".d.ts") || strings.HasSuffix(name, ".d.mts") || strings.HasSuffix(name, ".d.cts")
}

// contains reports whether dir is parent or equal to p.
func (v *inventory) contains(dir, p string) bool {
	rel, err := filepath.Rel(dir, p)
	return err == nil && rel != ".." && !strings.HasPrefix(rel, ".."+string(filepath.Separator))
}

// indexBins attributes each node_modules/.bin entry (a link to a package's
// executable) to the package it points into, so that executing
// node_modules/.bin/mocha counts for mocha even where a trace records only
// the path as run.
func (v *inventory) indexBins(x *ecosystems.PathIndex) {
	for real := range v.walked {
		bin := filepath.Join(real, ".bin")
		entries, err := projfile.ReadDir(bin)
		if err != nil {
			continue
		}
		for _, e := range entries {
			f := filepath.Join(bin, e.Name())
			target, err := filepath.EvalSymlinks(f)
			if err != nil {
				continue
			}
			if name, use, ok := x.Lookup(target); ok && use != ecosystems.UseNone {
				x.AddFile(f, name, use)
			}
		}
	}
}

// A lockEntry is one "packages" entry of package-lock.json (v2, v3).
type lockEntry struct {
	Version              string            `json:"version"`
	Resolved             string            `json:"resolved"`
	Link                 bool              `json:"link"`
	Dev                  bool              `json:"dev"`
	Optional             bool              `json:"optional"`
	DevOptional          bool              `json:"devOptional"`
	Dependencies         map[string]string `json:"dependencies"`
	OptionalDependencies map[string]string `json:"optionalDependencies"`
	PeerDependencies     map[string]string `json:"peerDependencies"`
}

func (le *lockEntry) refs() []depRef {
	var out []depRef
	for _, m := range []struct {
		deps     map[string]string
		optional bool
	}{{le.Dependencies, false}, {le.OptionalDependencies, true}, {le.PeerDependencies, true}} {
		names := make([]string, 0, len(m.deps))
		for n := range m.deps {
			names = append(names, n)
		}
		sort.Strings(names)
		for _, n := range names {
			out = append(out, depRef{n, m.optional})
		}
	}
	return out
}

// readLock reads npm-shrinkwrap.json or else package-lock.json and returns
// its "packages" map without the root entry, and the lockfile's name. The
// map is nil when there is no lockfile (name "") or when it predates the
// "packages" map (lockfileVersion 1). A lockfile that does not parse is a
// *ecosystems.PosError: it is the project's own file.
func readLock(src ecosystems.Source) (map[string]*lockEntry, string, error) {
	for _, name := range lockFiles {
		data, err := src.ReadFile(name)
		if errors.Is(err, fs.ErrNotExist) {
			continue
		}
		if err != nil {
			return nil, "", err
		}
		lock, err := parseLock(name, data)
		return lock, name, err
	}
	return nil, "", nil
}

// parseLock parses the lockfile text data of file, returning its
// "packages" map without the root entry, or nil for a lockfile without one.
func parseLock(file string, data []byte) (map[string]*lockEntry, error) {
	var lf struct {
		LockfileVersion int                   `json:"lockfileVersion"`
		Packages        map[string]*lockEntry `json:"packages"`
	}
	if err := json.Unmarshal(data, &lf); err != nil {
		return nil, jsonError(file, data, err)
	}
	if lf.Packages == nil {
		return nil, nil
	}
	delete(lf.Packages, "")
	for k, e := range lf.Packages {
		if e == nil {
			delete(lf.Packages, k)
		}
	}
	return lf.Packages, nil
}

// unresolvedOptional lists in inv.Unlocked each optional dependency a
// package.json declares (in optionalDependencies: an optional peer is
// never installed) that is neither installed nor in the lockfile. npm
// records an optional dependency it skips for this platform in the
// lockfile all the same; one the lockfile lacks was added to package.json
// after the lockfile was written (npm ci then refuses to install), or is
// one npm could not resolve at all — no harmless skip.
func (v *inventory) unresolvedOptional(inv *ecosystems.Inventory, declarers map[string]*manifest, lock map[string]*lockEntry) {
	inLock := map[string]bool{}
	for loc := range lock {
		if i := strings.LastIndex("/"+loc, "/node_modules/"); i >= 0 {
			inLock[loc[i+len("/node_modules/")-1:]] = true
		}
	}
	for _, dir := range slices.Sorted(maps.Keys(declarers)) {
		for _, d := range declarers[dir].deps {
			if d.Scope != ecosystems.ScopeOptional || declarers[dir].optionalPeers[d.Name] || inLock[d.Name] || v.resolve(dir, d.Name) != nil {
				continue
			}
			if !slices.Contains(inv.Unlocked, d.Name) {
				inv.Unlocked = append(inv.Unlocked, d.Name)
			}
		}
	}
}

// crossCheck compares the tree with the lockfile: packages whose lockfile
// entry is missing or names another version, and lockfile entries missing
// from the tree, are warnings. Missing optional entries are not (npm skips
// packages for other platforms), and missing dev-only entries are counted
// in one warning (npm ci --omit=dev leaves them out on purpose).
func (v *inventory) crossCheck(lock map[string]*lockEntry, lockName string) {
	for _, p := range v.pkgs {
		le := lock[p.loc]
		switch {
		case le == nil:
			v.warnf("%s: installed but not in %s", p.loc, lockName)
		case p.link && !le.Link:
			v.warnf("%s: a link on disk but not in %s", p.loc, lockName)
		case !le.Link && le.Version != "" && p.version != "" && le.Version != p.version:
			v.warnf("%s: version %s installed, %s says %s", p.loc, p.version, lockName, le.Version)
		}
		if le != nil {
			p.dev = le.Dev
		}
	}
	var dev []string
	for loc, le := range lock {
		if !strings.Contains("/"+loc, "/node_modules/") || v.locs[loc] != nil || le.Optional {
			continue // a workspace folder, installed, or optional
		}
		if le.Dev {
			dev = append(dev, loc)
			continue
		}
		v.warnf("%s: in %s but not installed", loc, lockName)
	}
	if len(dev) > 0 {
		sort.Strings(dev)
		v.warnf("%d dev packages of %s are not installed (installed with --omit=dev?), e.g. %s", len(dev), lockName, dev[0])
	}
}
