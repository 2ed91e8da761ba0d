package maven

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"github.com/envaudit/envaudit/ecosystems"
	"github.com/envaudit/envaudit/internal/projfile"
)

// A module is one pom.xml with what it inherits: the parent it names (in
// the project through <relativePath>, else in a local repository), the
// properties of both, and its effective coordinates.
type module struct {
	file      string // for positions: relative to the project root (slash-separated), or absolute for a repository pom
	abs       string // absolute path of the pom
	dir       string // absolute directory of the pom
	pom       *pom
	inProject bool
	// via is where the project reaches a pom of its reactor that lies
	// outside the project root (<module>../shared</module>): the
	// <module> line, placed in the project (ecosystems.PosVia), which its
	// declarations and its classes' imports are placed on. Zero for a pom
	// inside the root.
	via    ecosystems.Pos
	parent *module // nil when the parent is unknown or absent
	props  map[string]string
	propAt map[string]propPos // where each of props is defined
	work   *interpWork        // the loader's interpolation budget

	managed     map[depKey]managedDep // effective dependencyManagement, computed on first use
	managedDone bool
}

// depKey identifies a managed dependency as Maven does: by group,
// artifact, type and classifier.
type depKey struct{ group, artifact, typ, classifier string }

// A managedDep is what dependencyManagement gives a dependency that does not
// say it itself.
type managedDep struct{ version, scope string }

// maxPOMs bounds how many poms one project may load (modules, parents and
// imported BOMs), so a pathological project cannot make envaudit walk the
// whole local repository.
const maxPOMs = 2000

// A loader reads the poms of one project and those its poms inherit from or
// import, each once: the project's through the Source, the others (parents
// and BOMs in a local repository, a parent beside a project on disk) from
// disk.
type loader struct {
	src     ecosystems.Source
	root    string   // absolute project root: the Source's PathRoot
	repos   []string // local repositories searched for parents and BOMs outside the project
	byFile  map[string]*module
	loading map[string]bool // files whose parent chain is being resolved (cycles)
	walked  map[string]bool // project poms already in order
	order   []*module       // project poms in reactor order: the root first, then modules depth-first
	loaded  int
	work    *interpWork
}

// maxInterpolationSteps is the budget of property references one project's
// interpolation resolves, over all its poms and fields: a property that
// refers to another many times, which refers to a third many times, and
// so on 16 deep (the nesting interpolation follows), would take the
// number of references to the 16th power, however short each value is
// kept (maxExpansion). A real reactor resolves a few references for each
// coordinate of each dependency: some hundred thousand for the largest.
const maxInterpolationSteps = 2_000_000

// maxInterpolationBytes is the budget of bytes interpolation copies into
// the values it builds, over the project: each value is at most
// maxExpansion, but 2,000,000 of them would be 128 GiB.
const maxInterpolationBytes = 256 << 20

// interpWork is the interpolation budget a loader's modules share, and
// the first error of spending it past its limit, which Open returns.
type interpWork struct {
	steps, bytes *ecosystems.Budget
	err          error
}

// spend spends n of b for the property name of module m, keeping the
// first error, placed on the line that defines the property (or on the
// pom's first line for a built-in one); it reports whether the budget
// still holds.
func (w *interpWork) spend(b *ecosystems.Budget, m *module, name string, n int) bool {
	if w.err == nil {
		at := m.propAt[name]
		if at.file == "" {
			at = propPos{m.file, 1}
		}
		w.err = b.Spend(at.file, at.line, n)
	}
	return w.err == nil
}

// spend spends n of the loader's interpolation budget, steps or bytes,
// for the property name; a module no loader made spends nothing.
func (m *module) spend(steps bool, name string, n int) bool {
	w := m.work
	if w == nil {
		return true
	}
	if steps {
		return w.spend(w.steps, m, name, n)
	}
	return w.spend(w.bytes, m, name, n)
}

// propPos is where a property is defined: its pom and line.
type propPos struct {
	file string
	line int
}

func newLoader(src ecosystems.Source, repos []string) *loader {
	return &loader{src: src, root: src.PathRoot(), repos: repos, byFile: map[string]*module{}, loading: map[string]bool{}, walked: map[string]bool{},
		work: &interpWork{
			steps: ecosystems.NewBudget("property references interpolated", maxInterpolationSteps),
			bytes: ecosystems.NewBudget("bytes of interpolated values", maxInterpolationBytes),
		}}
}

// inside returns abs relative to the root, slash-separated, when it lies in
// the project.
func (l *loader) inside(abs string) (string, bool) {
	r, err := filepath.Rel(l.root, abs)
	if err != nil || r == ".." || strings.HasPrefix(r, ".."+string(filepath.Separator)) {
		return "", false
	}
	return filepath.ToSlash(r), true
}

// onDisk reports whether a file outside the project may be read from disk:
// always beside a project on disk, and in the local repositories for a tree
// that is not (a git commit's poms still inherit from the machine's
// repository, as Maven building them would).
func (l *loader) onDisk(abs string) bool {
	if l.src.OnDisk() {
		return true
	}
	for _, r := range l.repos {
		if rel, err := filepath.Rel(r, abs); err == nil && rel != ".." && !strings.HasPrefix(rel, ".."+string(filepath.Separator)) {
			return true
		}
	}
	return false
}

// readFile reads the pom at abs.
func (l *loader) readFile(abs string) ([]byte, error) {
	if rel, ok := l.inside(abs); ok {
		return l.src.ReadKind(rel, ecosystems.KindManifest)
	}
	if !l.onDisk(abs) {
		return nil, &fs.PathError{Op: "open", Path: abs, Err: fs.ErrNotExist}
	}
	return projfile.ReadFile(abs, projfile.MaxManifest)
}

// stat returns the file information of abs, found as readFile finds it.
func (l *loader) stat(abs string) (fs.FileInfo, error) {
	if rel, ok := l.inside(abs); ok {
		return l.src.Stat(rel)
	}
	if !l.onDisk(abs) {
		return nil, &fs.PathError{Op: "stat", Path: abs, Err: fs.ErrNotExist}
	}
	return os.Stat(abs)
}

// project reads the root pom.xml, its modules (recursively, including those
// of profiles) and the parents they name inside the project. It returns the
// project's poms in reactor order; a project without pom.xml has none. On
// an error, the poms read until then are returned with it.
func (l *loader) project() ([]*module, error) {
	if _, err := l.src.Stat("pom.xml"); errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	err := l.walk(filepath.Join(l.root, "pom.xml"), ecosystems.Pos{})
	return l.order, err
}

// walk adds the pom at abs, reached through via, and its modules to the
// reactor order.
func (l *loader) walk(abs string, via ecosystems.Pos) error {
	if l.walked[abs] {
		return nil
	}
	l.walked[abs] = true
	m, err := l.load(abs, true)
	if err != nil {
		return err
	}
	m.via = via
	l.order = append(l.order, m)
	mods := append([]pomModule(nil), m.pom.modules...)
	for _, pr := range m.pom.profiles {
		mods = append(mods, pr.modules...)
	}
	for _, md := range mods {
		if md.path == "" {
			return ecosystems.Errorf(m.file, md.line, "empty <module>")
		}
		p := filepath.Join(m.dir, filepath.FromSlash(md.path))
		if fi, err := l.stat(p); err == nil && fi.IsDir() {
			p = filepath.Join(p, "pom.xml")
		}
		if fi, err := l.stat(p); err != nil || !fi.Mode().IsRegular() {
			if !strings.HasSuffix(p, ".xml") {
				p = filepath.Join(p, "pom.xml")
			}
			return ecosystems.Errorf(m.file, md.line, "module %q: %q does not exist", md.path, l.rel(p))
		}
		if err := l.walk(p, ecosystems.PosVia(m.file, md.line, m.via)); err != nil {
			return err
		}
	}
	// A parent inside the project that no <module> lists is still one of
	// the project's manifests: its dependencies are inherited.
	if par := m.parent; par != nil && par.inProject {
		return l.walk(par.abs, m.via)
	}
	return nil
}

// rel returns abs relative to the project root, slash-separated, or abs
// itself when it lies outside.
func (l *loader) rel(abs string) string {
	r, err := filepath.Rel(l.root, abs)
	if err != nil || r == ".." || strings.HasPrefix(r, ".."+string(filepath.Separator)) {
		return filepath.ToSlash(abs)
	}
	return filepath.ToSlash(r)
}

// load parses the pom at abs and resolves its parent chain.
func (l *loader) load(abs string, inProject bool) (*module, error) {
	if m := l.byFile[abs]; m != nil {
		m.inProject = m.inProject || inProject
		return m, nil
	}
	if l.loaded++; l.loaded > maxPOMs {
		return nil, ecosystems.Errorf(l.rel(abs), 0, "more than %d poms reached through modules, parents and imports", maxPOMs)
	}
	name := abs
	if inProject {
		name = l.rel(abs)
	}
	data, err := l.readFile(abs)
	if err != nil {
		return nil, err
	}
	p, err := parsePOM(name, data)
	if err != nil {
		return nil, err
	}
	m := &module{file: name, abs: abs, dir: filepath.Dir(abs), pom: p, inProject: inProject}
	l.byFile[abs] = m
	l.loading[abs] = true
	m.parent = l.findParent(m)
	delete(l.loading, abs)
	m.props, m.propAt, m.work = map[string]string{}, map[string]propPos{}, l.work
	if m.parent != nil {
		for k, v := range m.parent.props {
			m.props[k] = v
		}
		for k, v := range m.parent.propAt {
			m.propAt[k] = v
		}
	}
	for _, pr := range p.properties {
		m.props[pr.name] = pr.val
		m.propAt[pr.name] = propPos{name, pr.line}
	}
	return m, nil
}

// findParent returns the module's parent: the pom at <relativePath>
// (default ../pom.xml) when its coordinates match, else the parent's pom in
// a local repository, else nil. A broken parent outside the project is
// treated as absent; Maven would report it when it builds.
func (l *loader) findParent(m *module) *module {
	pp := m.pom.parent
	if pp == nil {
		return nil
	}
	g, a, v := pp.groupID.val, pp.artifactID.val, pp.version.val
	rp := "../pom.xml"
	if pp.hasRelativePath {
		rp = pp.relativePath.val
	}
	if rp != "" {
		p := filepath.Join(m.dir, filepath.FromSlash(rp))
		if fi, err := l.stat(p); err == nil && fi.IsDir() {
			p = filepath.Join(p, "pom.xml")
		}
		if !l.loading[p] && l.coordinatesAt(p, g, a, v) {
			inProject := m.inProject && l.rel(p) != filepath.ToSlash(p)
			if par, err := l.load(p, inProject); err == nil {
				return par
			}
		}
	}
	if p := l.repoPOM(g, a, v); p != "" && !l.loading[p] {
		if par, err := l.load(p, false); err == nil {
			return par
		}
	}
	return nil
}

// coordinatesAt reports whether the pom at p is group:artifact:version, as
// Maven checks a <relativePath> parent (the group and version may be
// inherited from that pom's own parent element).
func (l *loader) coordinatesAt(p, g, a, v string) bool {
	if m := l.byFile[p]; m != nil {
		return m.groupID() == g && m.pom.artifactID.val == a && (v == "" || m.version() == v)
	}
	data, err := l.readFile(p)
	if err != nil {
		return false
	}
	q, err := parsePOM(p, data)
	if err != nil {
		return false
	}
	qg, qv := q.groupID.val, q.version.val
	if q.parent != nil {
		if qg == "" {
			qg = q.parent.groupID.val
		}
		if qv == "" {
			qv = q.parent.version.val
		}
	}
	return qg == g && q.artifactID.val == a && (v == "" || qv == v)
}

// repoPOM returns the path of group:artifact:version's pom in the first
// local repository that has it, or "".
func (l *loader) repoPOM(g, a, v string) string {
	if g == "" || a == "" || v == "" || strings.Contains(g+a+v, "${") || strings.ContainsAny(g+a+v, `/\`) {
		return ""
	}
	for _, r := range l.repos {
		p := filepath.Join(r, filepath.FromSlash(strings.ReplaceAll(g, ".", "/")), a, v, a+"-"+v+".pom")
		if fi, err := os.Stat(p); err == nil && fi.Mode().IsRegular() {
			return p
		}
	}
	return ""
}

// groupID is the module's effective groupId as written (own, else the
// parent element's).
func (m *module) groupID() string {
	if m.pom.groupID.val != "" || m.pom.parent == nil {
		return m.pom.groupID.val
	}
	return m.pom.parent.groupID.val
}

func (m *module) version() string {
	if m.pom.version.val != "" || m.pom.parent == nil {
		return m.pom.version.val
	}
	return m.pom.parent.version.val
}

// coordinates returns the module's interpolated group and artifact.
func (m *module) coordinates() (group, artifact string) {
	g, _ := m.interpolate(m.groupID())
	a, _ := m.interpolate(m.pom.artifactID.val)
	return g, a
}

// lookup resolves one property name the way Maven's model interpolation
// does for the names envaudit supports: project.* (and the deprecated pom.*)
// coordinates, the parent's, the base directory, and <properties> of the
// module and its ancestors. Environment, system and settings properties
// are left unresolved: they depend on the machine, not the project.
func (m *module) lookup(name string) (string, bool) {
	field := name
	for _, prefix := range []string{"project.", "pom."} {
		if strings.HasPrefix(name, prefix) {
			field = name[len(prefix):]
			break
		}
	}
	if field != name || name == "basedir" {
		switch field {
		case "groupId":
			return m.groupID(), m.groupID() != ""
		case "artifactId":
			return m.pom.artifactID.val, m.pom.artifactID.val != ""
		case "version":
			return m.version(), m.version() != ""
		case "packaging":
			if m.pom.packaging.val == "" {
				return "jar", true
			}
			return m.pom.packaging.val, true
		case "basedir":
			return m.dir, true
		case "parent.groupId":
			if m.pom.parent != nil {
				return m.pom.parent.groupID.val, true
			}
		case "parent.artifactId":
			if m.pom.parent != nil {
				return m.pom.parent.artifactID.val, true
			}
		case "parent.version":
			if m.pom.parent != nil {
				return m.pom.parent.version.val, true
			}
		}
	}
	v, ok := m.props[name]
	return v, ok
}

// maxExpansion bounds the length of an interpolated value, so properties
// that refer to each other many times over cannot blow up.
const maxExpansion = 1 << 16

// interpolate replaces every ${name} in s that the module resolves,
// recursively; names it cannot resolve (undefined, cyclic, or expanding
// too far) stay as written and are returned in missing. Past the
// loader's budget nothing more is resolved, and Open fails with the
// budget's error.
func (m *module) interpolate(s string) (out string, missing []string) {
	return m.expand(s, 0, &missing), missing
}

func (m *module) expand(s string, depth int, missing *[]string) string {
	if !strings.Contains(s, "${") {
		return s
	}
	var b strings.Builder
	for {
		i := strings.Index(s, "${")
		if i < 0 {
			b.WriteString(s)
			break
		}
		j := strings.IndexByte(s[i+2:], '}')
		if j < 0 {
			b.WriteString(s)
			break
		}
		b.WriteString(s[:i])
		name := s[i+2 : i+2+j]
		raw := s[i : i+3+j]
		s = s[i+3+j:]
		if !m.spend(true, name, 1) {
			b.WriteString(raw)
			b.WriteString(s)
			break
		}
		v, ok := m.lookup(name)
		if ok && depth < 16 {
			before := len(*missing)
			v = m.expand(v, depth+1, missing)
			ok = len(*missing) == before
		} else {
			ok = false
		}
		if !ok || b.Len()+len(v) > maxExpansion || !m.spend(false, name, len(v)) {
			*missing = append(*missing, name)
			b.WriteString(raw)
			continue
		}
		b.WriteString(v)
	}
	return b.String()
}

// effectiveManaged returns the module's dependencyManagement: the entries
// of its ancestors and its own, interpolated in the module's context (a
// child's property overrides what the parent's entry refers to, as in
// Maven, where inheritance precedes interpolation), the nearer declaration
// winning; then the entries of the BOMs it and its ancestors import (scope
// import, type pom) that it does not manage itself, the first import
// winning, the module's own imports before its parent's. A BOM is
// looked up among the project's poms, then in the local repositories; one
// that is in neither is skipped.
func (l *loader) effectiveManaged(m *module) map[depKey]managedDep {
	if m.managedDone {
		return m.managed
	}
	m.managedDone = true // a BOM importing itself sees an empty map
	m.managed = map[depKey]managedDep{}
	var chain []*module
	seen := map[*module]bool{}
	for a := m; a != nil && !seen[a]; a = a.parent {
		seen[a] = true
		chain = append(chain, a)
	}
	var imports []depKey
	var importVersions []string
	// Nearest first, as Maven's effective model lists them: the module's
	// own entries, then its parent's, and so on.
	for _, a := range chain {
		for _, d := range a.pom.managed {
			k, v, scope := m.resolveManaged(d)
			if k.artifact == "" {
				continue
			}
			if scope == "import" {
				imports = append(imports, k)
				importVersions = append(importVersions, v)
				continue
			}
			if _, ok := m.managed[k]; !ok {
				m.managed[k] = managedDep{version: v, scope: scope}
			}
		}
	}
	for i, k := range imports {
		bom := l.findBOM(k.group, k.artifact, importVersions[i])
		if bom == nil {
			continue
		}
		for bk, bv := range l.effectiveManaged(bom) {
			if _, ok := m.managed[bk]; !ok {
				m.managed[bk] = bv
			}
		}
	}
	return m.managed
}

func (m *module) resolveManaged(d pomDep) (depKey, string, string) {
	g, _ := m.interpolate(d.groupID.val)
	a, _ := m.interpolate(d.artifactID.val)
	t, _ := m.interpolate(d.typ.val)
	c, _ := m.interpolate(d.classif.val)
	v, _ := m.interpolate(d.version.val)
	s, _ := m.interpolate(d.scope.val)
	if t == "" {
		t = "jar"
	}
	return depKey{g, a, t, c}, v, s
}

// findBOM returns the pom group:artifact:version among the project's poms,
// else in a local repository, else nil.
func (l *loader) findBOM(g, a, v string) *module {
	for _, m := range l.byFile {
		if !m.inProject {
			continue
		}
		mg, ma := m.coordinates()
		mv, _ := m.interpolate(m.version())
		if mg == g && ma == a && mv == v {
			return m
		}
	}
	p := l.repoPOM(g, a, v)
	if p == "" {
		return nil
	}
	m, err := l.load(p, false)
	if err != nil {
		return nil
	}
	return m
}
