package python

import (
	"path"
	"regexp"
	"slices"
	"sort"
	"strings"

	"github.com/envaudit/envaudit/internal/posdoc"
)

// What the project ships is read from its own build configuration, never
// by running it, so that the project's code is the code a production
// install gets: its imports must be runtime declarations. A file the
// build does not ship and that is no test is tooling (a maintainer
// script, an example, the documentation's configuration), whose imports
// never gate. The rules, by build backend:
//
//   - setuptools (build-backend setuptools.build_meta, or none named, or a
//     setup.py or setup.cfg without a pyproject.toml that names another):
//     the packages and py-modules of [tool.setuptools] in pyproject.toml,
//     of [options] in setup.cfg, or of the setup() call of setup.py where
//     they are literals — a list, or find_packages / find_namespace_packages
//     (find: / find_namespace:, [tool.setuptools.packages.find]) with
//     literal where, include and exclude, applied to the tree as
//     setuptools applies them —, with package_dir; a package ships the
//     modules directly in its directory. Without either, setuptools'
//     automatic discovery: the directories of package_dir, else the
//     src-layout (everything under src/), else the flat layout (the
//     top-level packages, or else modules, but for the names setuptools
//     reserves: tests, docs, examples, tools, scripts, benchmarks, setup,
//     noxfile, tasks ...). An ext_modules argument without packages ships
//     no Python module.
//   - hatchling: [tool.hatch.build.targets.wheel] (or [tool.hatch.build])
//     packages and only-include, each a directory or file shipped whole,
//     and include patterns; else the package or module named like the
//     project at the root or under src/.
//   - flit_core: [tool.flit.module] name, else the project's name with "-"
//     as "_": that package directory or module, at the root or under src/.
//   - poetry-core: [tool.poetry] packages (include, relative to from;
//     patterns allowed), else the package or module named like the
//     project, at the root or under src/.
//   - pdm-backend: [tool.pdm.build] includes under package-dir, else
//     setuptools' automatic discovery.
//   - maturin: [tool.maturin] python-source, shipped whole.
//
// Where the configuration cannot be read statically (a setup.py that
// computes its packages, a backend not listed, a default that finds
// nothing), and where there is no build configuration at all (an
// application run from its tree, with requirements files), every file is
// the project's code but the tests and the places that are tooling by
// convention: docs/, examples/, benchmarks/, tools/, scripts/, ci/, and
// setup.py, noxfile.py, tasks.py and the other task runners' files at the
// root.

// backend names a build backend whose configuration layout reads.
type backend string

const (
	backendNone       backend = ""           // no build configuration: an application
	backendSetuptools backend = "setuptools" // also the legacy backend pip falls back to
	backendHatch      backend = "hatchling"
	backendFlit       backend = "flit"
	backendPoetry     backend = "poetry"
	backendPDM        backend = "pdm"
	backendMaturin    backend = "maturin"
	backendOther      backend = "other" // a backend whose configuration is not read
)

// layout is the project's build configuration as far as it says which
// files ship.
type layout struct {
	backend backend
	// name is the project's distribution name, for the backends'
	// defaults.
	name string
	// unread says a setting that decides what ships could not be read
	// statically.
	unread bool

	// setuptools: packages (explicit names, or found), py_modules,
	// package_dir, and whether ext_modules was given.
	packages     []string
	packagesSet  bool
	find         *findSpec
	pyModules    []string
	pyModulesSet bool
	packageDir   map[string]string
	extModules   bool

	// The other backends: paths shipped whole (directories or files),
	// patterns of files shipped, and the directory their defaults and
	// setuptools' discovery look in ("" for the backend's default).
	trees     []string
	patterns  []string
	sourceDir string
}

// findSpec is a setuptools find directive.
type findSpec struct {
	where            []string
	include, exclude []string
	namespaces       bool
}

// maxLayoutPaths bounds the paths and patterns a build configuration may
// name before layout gives up reading it (unread): every file of the
// tree is matched against each of them.
const maxLayoutPaths = 1024

// readLayout reads what the build ships from the project's pyproject.toml,
// setup.cfg and setup.py, each nil when absent. Malformed settings leave
// the layout unread rather than failing: D1's parsers report the errors
// of the files they read.
func readLayout(pyproject, setupCfg, setupPy []byte) *layout {
	l := &layout{}
	var doc *posdoc.Value
	if pyproject != nil {
		doc, _ = posdoc.ParseTOML("pyproject.toml", pyproject)
	}
	var cfg map[string]*iniSection
	if setupCfg != nil {
		cfg, _ = parseINI("setup.cfg", setupCfg)
	}
	var spy *setupPyArgs
	if setupPy != nil {
		var err error
		if spy, err = parseSetupPy(string(setupPy)); err != nil {
			spy = &setupPyArgs{found: true, layoutUnread: true}
		}
	}
	str := func(v *posdoc.Value) string {
		if v != nil && v.Kind == posdoc.String {
			return v.Text
		}
		return ""
	}
	if doc != nil {
		l.name = str(doc.Lookup("project", "name"))
		if l.name == "" {
			l.name = str(doc.Lookup("tool", "poetry", "name"))
		}
	}
	if l.name == "" && cfg["metadata"] != nil {
		if v := cfg["metadata"].opts["name"]; v != nil {
			l.name = v.text()
		}
	}
	if l.name == "" && spy != nil {
		l.name = spy.name
	}

	build := ""
	hasBuildSystem := false
	if doc != nil {
		build = str(doc.Lookup("build-system", "build-backend"))
		hasBuildSystem = doc.Lookup("build-system") != nil
	}
	switch {
	case strings.HasPrefix(build, "setuptools."):
		l.backend = backendSetuptools
	case strings.HasPrefix(build, "hatchling."):
		l.backend = backendHatch
	case strings.HasPrefix(build, "flit_core.") || strings.HasPrefix(build, "flit."):
		l.backend = backendFlit
	case strings.HasPrefix(build, "poetry.core.") || strings.HasPrefix(build, "poetry."):
		l.backend = backendPoetry
	case strings.HasPrefix(build, "pdm.backend") || strings.HasPrefix(build, "pdm.pep517"):
		l.backend = backendPDM
	case build == "maturin":
		l.backend = backendMaturin
	case build != "":
		l.backend = backendOther
	case hasBuildSystem || cfgConfigures(cfg) || spy != nil && spy.found || doc != nil && doc.Lookup("project") != nil:
		// No backend named: pip builds with setuptools' legacy backend.
		l.backend = backendSetuptools
	case doc != nil && doc.Lookup("tool", "poetry") != nil:
		l.backend = backendPoetry
	}

	switch l.backend {
	case backendSetuptools:
		l.readSetuptools(doc, cfg, spy)
	case backendHatch:
		l.readHatch(doc)
	case backendFlit:
		if m := str(doc.Lookup("tool", "flit", "module", "name")); m != "" {
			l.name = m
		}
	case backendPoetry:
		l.readPoetry(doc)
	case backendPDM:
		l.readPDM(doc)
	case backendMaturin:
		if v := doc.Lookup("tool", "maturin", "python-source"); v != nil {
			if s := cleanRel(str(v)); s != "" {
				l.trees = append(l.trees, s)
			} else {
				l.unread = true
			}
		} else {
			l.unread = true
		}
	case backendOther:
		l.unread = true
	}
	if len(l.trees)+len(l.patterns)+len(l.packages)+len(l.pyModules) > maxLayoutPaths {
		l.unread = true
	}
	return l
}

// cfgConfigures reports whether a setup.cfg configures a build.
func cfgConfigures(cfg map[string]*iniSection) bool {
	return cfg["metadata"] != nil || cfg["options"] != nil
}

// cleanRel cleans a relative slash path of a build configuration; "" when
// it is empty, absolute or climbs out of the root.
func cleanRel(p string) string {
	p = path.Clean(strings.TrimPrefix(strings.ReplaceAll(p, "\\", "/"), "./"))
	if p == "." || p == "" || path.IsAbs(p) || p == ".." || strings.HasPrefix(p, "../") {
		return ""
	}
	return p
}

// tomlStrings returns the strings of an array value; ok is false when v is
// not an array of strings.
func tomlStrings(v *posdoc.Value) (out []string, ok bool) {
	if v == nil || v.Kind != posdoc.Array {
		return nil, false
	}
	for _, e := range v.Elems {
		if e.Kind != posdoc.String {
			return nil, false
		}
		out = append(out, e.Text)
	}
	return out, true
}

// readSetuptools reads packages, py_modules, package_dir and ext_modules:
// from pyproject.toml's [tool.setuptools] first, then setup.cfg's
// [options], then setup.py's setup() call, each setting from the first
// that gives it.
func (l *layout) readSetuptools(doc *posdoc.Value, cfg map[string]*iniSection, spy *setupPyArgs) {
	if doc != nil {
		if st := doc.Lookup("tool", "setuptools"); st != nil {
			if v := st.Get("packages"); v != nil {
				l.packagesSet = true
				if names, ok := tomlStrings(v); ok {
					l.packages = names
				} else if f := v.Get("find"); v.Kind == posdoc.Table && f != nil && f.Kind == posdoc.Table {
					spec := &findSpec{where: []string{"."}, include: []string{"*"}, namespaces: true}
					var ok1, ok2, ok3 = true, true, true
					if w := f.Get("where"); w != nil {
						spec.where, ok1 = tomlStrings(w)
					}
					if w := f.Get("include"); w != nil {
						spec.include, ok2 = tomlStrings(w)
					}
					if w := f.Get("exclude"); w != nil {
						spec.exclude, ok3 = tomlStrings(w)
					}
					if n := f.Get("namespaces"); n != nil {
						spec.namespaces = n.Kind == posdoc.Bool && n.Text == "true"
					}
					l.find = spec
					l.unread = l.unread || !ok1 || !ok2 || !ok3
				} else {
					l.unread = true
				}
			}
			if v := st.Get("py-modules"); v != nil {
				l.pyModulesSet = true
				var ok bool
				if l.pyModules, ok = tomlStrings(v); !ok {
					l.unread = true
				}
			}
			if v := st.Get("package-dir"); v != nil {
				if v.Kind != posdoc.Table {
					l.unread = true
				} else {
					l.packageDir = map[string]string{}
					for _, m := range v.Members {
						if m.Value.Kind != posdoc.String {
							l.unread = true
							continue
						}
						l.packageDir[m.Key] = m.Value.Text
					}
				}
			}
			l.extModules = st.Get("ext-modules") != nil
		}
	}
	if opts := cfg["options"]; opts != nil {
		if v := opts.opts["packages"]; v != nil && !l.packagesSet {
			l.packagesSet = true
			switch t := strings.TrimSpace(v.text()); t {
			case "find:", "find_namespace:":
				spec := &findSpec{where: []string{"."}, include: []string{"*"}, namespaces: t == "find_namespace:"}
				if f := cfg["options.packages.find"]; f != nil {
					if w := f.opts["where"]; w != nil && strings.TrimSpace(w.text()) != "" {
						spec.where = []string{strings.TrimSpace(w.text())}
					}
					if w := f.opts["include"]; w != nil {
						spec.include = cfgList(w.text())
					}
					if w := f.opts["exclude"]; w != nil {
						spec.exclude = cfgList(w.text())
					}
				}
				l.find = spec
			default:
				l.packages = cfgList(t)
			}
		}
		if v := opts.opts["py_modules"]; v != nil && !l.pyModulesSet {
			l.pyModulesSet, l.pyModules = true, cfgList(v.text())
		}
		if v := opts.opts["package_dir"]; v != nil && l.packageDir == nil {
			l.packageDir = map[string]string{}
			for _, item := range cfgList(v.text()) {
				k, d, ok := strings.Cut(item, "=")
				if !ok {
					l.unread = true
					continue
				}
				l.packageDir[strings.TrimSpace(k)] = strings.TrimSpace(d)
			}
		}
	}
	if spy != nil {
		sl := spy.layout
		l.unread = l.unread || spy.layoutUnread
		if sl.packagesSet && !l.packagesSet {
			l.packagesSet, l.packages, l.find = true, sl.packages, sl.find
		}
		if sl.pyModulesSet && !l.pyModulesSet {
			l.pyModulesSet, l.pyModules = true, sl.pyModules
		}
		if sl.packageDir != nil && l.packageDir == nil {
			l.packageDir = sl.packageDir
		}
		l.extModules = l.extModules || sl.extModules
	}
}

// cfgList splits a setup.cfg list: one item a line, or separated by
// commas.
func cfgList(s string) []string {
	var out []string
	for _, line := range strings.Split(s, "\n") {
		for _, item := range strings.Split(line, ",") {
			if item = strings.TrimSpace(item); item != "" && !strings.HasPrefix(item, "#") {
				out = append(out, item)
			}
		}
	}
	return out
}

// readHatch reads hatchling's wheel target: packages and only-include
// ship whole, include patterns select files; the target's settings win
// over [tool.hatch.build]'s.
func (l *layout) readHatch(doc *posdoc.Value) {
	for _, base := range [][]string{{"tool", "hatch", "build", "targets", "wheel"}, {"tool", "hatch", "build"}} {
		t := doc.Lookup(base...)
		if t == nil || t.Kind != posdoc.Table {
			continue
		}
		found := false
		for _, key := range []string{"packages", "only-include"} {
			if v := t.Get(key); v != nil {
				found = true
				items, ok := tomlStrings(v)
				l.unread = l.unread || !ok
				for _, it := range items {
					if c := cleanRel(strings.TrimPrefix(it, "/")); c != "" {
						l.trees = append(l.trees, c)
					}
				}
			}
		}
		if v := t.Get("include"); v != nil {
			found = true
			items, ok := tomlStrings(v)
			l.unread = l.unread || !ok
			for _, it := range items {
				l.patterns = append(l.patterns, hatchPattern(it))
			}
		}
		if found {
			return
		}
	}
}

// hatchPattern turns a hatch include pattern (gitignore style) into one
// globMatch takes against a path relative to the root: an anchored
// pattern ("/src/x") stays where it is, one without a slash but at its
// end matches at any depth, and a directory pattern matches what it
// holds.
func hatchPattern(p string) string {
	anchored := strings.HasPrefix(p, "/")
	p = strings.Trim(p, "/")
	if !anchored && !strings.Contains(p, "/") {
		p = "**/" + p
	}
	return p
}

// readPoetry reads [tool.poetry] packages: each include (a directory, a
// module or a pattern) relative to its from.
func (l *layout) readPoetry(doc *posdoc.Value) {
	v := doc.Lookup("tool", "poetry", "packages")
	if v == nil {
		return
	}
	if v.Kind != posdoc.Array {
		l.unread = true
		return
	}
	for _, e := range v.Elems {
		if e.Kind != posdoc.Table {
			l.unread = true
			continue
		}
		inc := e.Get("include")
		if inc == nil || inc.Kind != posdoc.String {
			l.unread = true
			continue
		}
		from := "."
		if f := e.Get("from"); f != nil && f.Kind == posdoc.String {
			from = f.Text
		}
		p := path.Join(from, inc.Text)
		if strings.ContainsAny(inc.Text, "*?[") {
			l.patterns = append(l.patterns, strings.TrimPrefix(path.Clean(p), "./"))
		} else if c := cleanRel(p); c != "" {
			l.trees = append(l.trees, c)
		}
	}
}

// readPDM reads [tool.pdm.build] includes and package-dir.
func (l *layout) readPDM(doc *posdoc.Value) {
	b := doc.Lookup("tool", "pdm", "build")
	if b == nil || b.Kind != posdoc.Table {
		return
	}
	if v := b.Get("package-dir"); v != nil && v.Kind == posdoc.String {
		l.sourceDir = cleanRel(v.Text)
	}
	if v := b.Get("includes"); v != nil {
		items, ok := tomlStrings(v)
		l.unread = l.unread || !ok
		for _, it := range items {
			p := it
			if l.sourceDir != "" && !strings.HasPrefix(cleanRel(it), l.sourceDir+"/") {
				p = path.Join(l.sourceDir, it)
			}
			if strings.ContainsAny(p, "*?[") {
				l.patterns = append(l.patterns, strings.TrimPrefix(path.Clean(p), "./"))
			} else if c := cleanRel(p); c != "" {
				l.trees = append(l.trees, c)
			}
		}
	}
}

// tree is the project's files as the import script walked them: the
// Python files, relative slash paths, and the directories holding them.
type tree struct {
	files map[string]bool
	dirs  map[string]bool     // every directory above a file ("" is the root)
	sub   map[string][]string // directory → the directories directly in it, sorted
	mods  map[string][]string // directory → the .py files directly in it, sorted
}

func newTree(files []string) *tree {
	t := &tree{files: map[string]bool{}, dirs: map[string]bool{"": true}, sub: map[string][]string{}, mods: map[string][]string{}}
	for _, f := range files {
		if t.files[f] {
			continue
		}
		t.files[f] = true
		if strings.HasSuffix(f, ".py") {
			t.mods[parentDir(f)] = append(t.mods[parentDir(f)], f)
		}
		for d := parentDir(f); d != "" && !t.dirs[d]; d = parentDir(d) {
			t.dirs[d] = true
			t.sub[parentDir(d)] = append(t.sub[parentDir(d)], d)
		}
	}
	for _, l := range t.sub {
		sort.Strings(l)
	}
	for _, l := range t.mods {
		sort.Strings(l)
	}
	return t
}

// subdirs returns the directories directly in dir ("" for the root).
func (t *tree) subdirs(dir string) []string { return t.sub[dir] }

// modules returns the .py files directly in dir.
func (t *tree) modules(dir string) []string { return t.mods[dir] }

func parentDir(p string) string {
	d := path.Dir(p)
	if d == "." {
		return ""
	}
	return d
}

func joinRel(dir, name string) string {
	if dir == "" || dir == "." {
		return name
	}
	return dir + "/" + name
}

// shipped is what the build ships of the tree: package directories whose
// own modules ship, files, whole directories and patterns. unknown says
// the layout could not tell.
type shipped struct {
	unknown  bool
	pkgDirs  map[string]bool
	files    map[string]bool
	trees    []string
	patterns []string
}

// ships reports whether the build ships the file at rel.
func (s *shipped) ships(rel string) bool {
	if s.files[rel] || s.pkgDirs[parentDir(rel)] && strings.HasSuffix(rel, ".py") {
		return true
	}
	for _, t := range s.trees {
		if rel == t || strings.HasPrefix(rel, t+"/") {
			return true
		}
	}
	for _, p := range s.patterns {
		if globMatch(p, rel) {
			return true
		}
		// A pattern naming a directory ships what it holds.
		for d := parentDir(rel); d != ""; d = parentDir(d) {
			if globMatch(p, d) {
				return true
			}
		}
	}
	return false
}

// resolve applies the layout to the tree.
func (l *layout) resolve(t *tree) *shipped {
	s := &shipped{pkgDirs: map[string]bool{}, files: map[string]bool{}}
	if l == nil || l.backend == backendNone || l.unread {
		s.unknown = true
		return s
	}
	s.trees = append(s.trees, l.trees...)
	s.patterns = append(s.patterns, l.patterns...)
	switch l.backend {
	case backendSetuptools:
		l.resolveSetuptools(t, s)
	case backendPDM:
		if len(l.trees) == 0 && len(l.patterns) == 0 {
			dir := l.sourceDir
			if dir == "" {
				dir = "src"
			}
			discover(t, map[string]string{"": dir}, s)
		}
	case backendHatch, backendFlit, backendPoetry:
		if len(l.trees) == 0 && len(l.patterns) == 0 && !l.namedDefault(t, s) {
			s.unknown = true
		}
	}
	return s
}

// importName returns the forms of a distribution's name a backend's
// default looks for as its package or module.
func importNames(name string) []string {
	a := nonWord.ReplaceAllString(name, "_")
	b := strings.ToLower(a)
	if a == b {
		return []string{a}
	}
	return []string{a, b}
}

var nonWord = regexp.MustCompile(`[^A-Za-z0-9_]+`)

// namedDefault finds the package or module named like the project at the
// root or under src/, as hatchling, flit and poetry do without
// configuration.
func (l *layout) namedDefault(t *tree, s *shipped) bool {
	if l.name == "" {
		return false
	}
	for _, n := range importNames(l.name) {
		for _, dir := range []string{"", "src"} {
			switch {
			case t.files[joinRel(joinRel(dir, n), "__init__.py")]:
				s.trees = append(s.trees, joinRel(dir, n))
				return true
			case t.files[joinRel(dir, n+".py")]:
				s.files[joinRel(dir, n+".py")] = true
				return true
			}
		}
	}
	return false
}

// resolveSetuptools applies setuptools' rules: the packages and modules
// given, else its automatic discovery.
func (l *layout) resolveSetuptools(t *tree, s *shipped) {
	pd := l.packageDir
	if pd == nil {
		pd = map[string]string{}
	}
	if !l.packagesSet && !l.pyModulesSet && !l.extModules {
		discover(t, pd, s)
		return
	}
	var pkgs []string
	pkgs = append(pkgs, l.packages...)
	if l.find != nil {
		for _, w := range l.find.where {
			w = cleanRel(w)
			for _, dir := range findPackages(t, w, l.find.namespaces, l.find.include, l.find.exclude, nil) {
				if swept(l.find.include, dir) {
					continue
				}
				s.pkgDirs[dir] = true
			}
		}
	}
	for _, p := range pkgs {
		s.pkgDirs[packageDir(pd, p)] = true
	}
	for _, m := range l.pyModules {
		s.files[packageDir(pd, m)+".py"] = true
	}
}

// swept reports whether find's default include ("*", every package)
// caught dir only because it is there: a directory under a conventional
// tooling directory (examples/, docs/, scripts/ …) that find_namespace:
// takes for a namespace package, or find: for a package because it has
// an __init__.py. Such a directory is tooling, as by convention; only an
// include pattern naming it ships it as the project's code.
func swept(include []string, dir string) bool {
	if !slices.Equal(include, []string{"*"}) {
		return false
	}
	top, _, _ := strings.Cut(dir, "/")
	return toolDirs[top] != ""
}

// packageDir maps a dotted package (or module) name to its directory
// under package_dir, as setuptools' build_py does: the longest prefix the
// mapping names, else the root's entry "".
func packageDir(pd map[string]string, name string) string {
	parts := strings.Split(name, ".")
	var tail []string
	for len(parts) > 0 {
		if d, ok := pd[strings.Join(parts, ".")]; ok {
			return strings.TrimPrefix(path.Join(append([]string{d}, tail...)...), "./")
		}
		tail = append([]string{parts[len(parts)-1]}, tail...)
		parts = parts[:len(parts)-1]
	}
	if d := pd[""]; d != "" {
		return strings.TrimPrefix(path.Join(append([]string{d}, tail...)...), "./")
	}
	return path.Join(tail...)
}

// flatPackageExclude and flatModuleExclude are the names setuptools'
// flat-layout discovery reserves (FlatLayoutPackageFinder._EXCLUDE and
// FlatLayoutModuleFinder.DEFAULT_EXCLUDE): tool and test directories and
// files, never shipped by discovery.
var (
	flatPackageExclude = []string{"ci", "bin", "doc", "docs", "documentation", "manpages", "news", "newsfragments", "changelog",
		"test", "tests", "unit_test", "unit_tests", "example", "examples", "scripts", "tools", "util", "utils", "python",
		"build", "dist", "venv", "env", "requirements", "tasks", "fabfile", "site_scons", "benchmark", "benchmarks",
		"exercise", "exercises", "htmlcov", "[._]*"}
	flatModuleExclude = []string{"setup", "conftest", "test", "tests", "example", "examples", "build", "toxfile", "noxfile",
		"pavement", "dodo", "tasks", "fabfile", "[Ss][Cc]onstruct", "conanfile", "manage", "benchmark", "benchmarks",
		"exercise", "exercises", "htmlcov", "[._]*"}
)

// discover is setuptools' automatic discovery: the directories of
// package_dir's named entries, else the src-layout (package_dir[""] or
// src/, every directory a package), else the flat layout (top-level
// packages, or else top-level modules, but for the reserved names).
func discover(t *tree, pd map[string]string, s *shipped) {
	found := false
	for name, dir := range pd {
		if name == "" {
			continue
		}
		dir = cleanRel(dir)
		s.pkgDirs[dir] = true
		for _, d := range findPackages(t, dir, true, nil, nil, nil) {
			s.pkgDirs[d] = true
		}
		found = true
	}
	if found {
		return
	}
	src := "src"
	if d, ok := pd[""]; ok {
		src = cleanRel(d)
	}
	if src != "" && t.dirs[src] {
		for _, d := range findPackages(t, src, true, nil, nil, nil) {
			s.pkgDirs[d] = true
		}
		for _, m := range t.modules(src) {
			if isIdentifier(strings.TrimSuffix(path.Base(m), ".py")) {
				s.files[m] = true
			}
		}
		return
	}
	pkgs := findPackages(t, "", true, nil, flatPackageExclude, flatPackageName)
	for _, d := range pkgs {
		s.pkgDirs[d] = true
	}
	if len(pkgs) > 0 {
		return
	}
	for _, m := range t.modules("") {
		stem := strings.TrimSuffix(m, ".py")
		if isIdentifier(stem) && !matchAny(flatModuleExclude, stem) {
			s.files[m] = true
		}
	}
}

// flatPackageName is FlatLayoutPackageFinder's test of a package name:
// the top-level name an identifier (or a PEP 561 stubs package), the
// others identifiers.
func flatPackageName(dotted string) bool {
	parts := strings.Split(dotted, ".")
	if !isIdentifier(parts[0]) && !strings.HasSuffix(parts[0], "-stubs") {
		return false
	}
	for _, p := range parts[1:] {
		if !isIdentifier(p) {
			return false
		}
	}
	return true
}

// findPackages is setuptools' PackageFinder (namespaces: the PEP 420
// finder) over the tree below where: the directories of the packages
// whose dotted names (relative to where) pass include (all when empty)
// and not exclude. A plain finder takes only directories with an
// __init__.py and does not look below the others; each pattern also
// excludes the names below it when it ends in ".*", as setuptools
// documents. valid, when given, further tests the dotted name.
func findPackages(t *tree, where string, namespaces bool, include, exclude []string, valid func(string) bool) []string {
	if len(include) == 0 {
		include = []string{"*"}
	}
	exclude = append(append([]string(nil), exclude...), "ez_setup", "*__pycache__")
	if valid != nil {
		// The flat layout's reserved names exclude what lies below them.
		var more []string
		for _, e := range exclude {
			more = append(more, e+".*")
		}
		exclude = append(exclude, more...)
	}
	var out []string
	var walk func(dir, dotted string)
	walk = func(dir, dotted string) {
		for _, sub := range t.subdirs(dir) {
			name := path.Base(sub)
			if strings.Contains(name, ".") {
				continue
			}
			if !namespaces && !t.files[sub+"/__init__.py"] {
				continue
			}
			pkg := name
			if dotted != "" {
				pkg = dotted + "." + name
			}
			if (valid == nil || valid(pkg)) && matchAny(include, pkg) && !matchAny(exclude, pkg) {
				out = append(out, sub)
			}
			walk(sub, pkg)
		}
	}
	walk(where, "")
	sort.Strings(out)
	return out
}

// matchAny reports whether name matches one of the fnmatch patterns.
func matchAny(patterns []string, name string) bool {
	for _, p := range patterns {
		if ok, err := path.Match(p, name); err == nil && ok {
			return true
		}
	}
	return false
}

// globMatch matches a slash path against a pattern whose "**" component
// matches any number of components and whose others match one each, as
// path.Match does.
// It takes time in the product of the two lengths, whatever the pattern.
func globMatch(pattern, name string) bool {
	ps, ns := strings.Split(pattern, "/"), strings.Split(name, "/")
	// ok[j]: ps[i:] matches ns[j:], for i from the end down.
	ok := make([]bool, len(ns)+1)
	ok[len(ns)] = true
	for i := len(ps) - 1; i >= 0; i-- {
		next := make([]bool, len(ns)+1)
		if ps[i] == "**" {
			// Zero components, or one more and still "**".
			next[len(ns)] = ok[len(ns)]
			for j := len(ns) - 1; j >= 0; j-- {
				next[j] = ok[j] || next[j+1]
			}
		} else {
			for j := 0; j < len(ns); j++ {
				if m, err := path.Match(ps[i], ns[j]); err == nil && m {
					next[j] = ok[j+1]
				}
			}
		}
		ok = next
	}
	return ok[0]
}

// Roles of the project's files.
const (
	roleCode    = "code"
	roleTest    = "test"
	roleTooling = "tooling"
)

// isTestFile reports whether rel is one of the project's tests: under a
// tests/ or test/ directory, or named test_*.py, *_test.py or conftest.py.
func isTestFile(rel string) bool {
	parts := strings.Split(rel, "/")
	base := parts[len(parts)-1]
	stem, _, _ := strings.Cut(base, ".")
	for _, p := range parts[:len(parts)-1] {
		if p == "tests" || p == "test" {
			return true
		}
	}
	return strings.HasPrefix(stem, "test_") || strings.HasSuffix(stem, "_test") || base == "conftest.py"
}

// rootTools are the files at the root that configure or run a tool, each
// with what it is.
var rootTools = map[string]string{
	"setup.py":     "the build script",
	"noxfile.py":   "nox's configuration",
	"toxfile.py":   "tox's plugin",
	"tasks.py":     "invoke's tasks",
	"fabfile.py":   "Fabric's tasks",
	"dodo.py":      "doit's tasks",
	"pavement.py":  "Paver's tasks",
	"conanfile.py": "Conan's recipe",
}

// toolDirs are the top-level directories that hold tooling by
// convention, each with what a file there is.
var toolDirs = map[string]string{
	"docs":          "the documentation",
	"doc":           "the documentation",
	"documentation": "the documentation",
	"examples":      "an example",
	"example":       "an example",
	"benchmarks":    "a benchmark",
	"benchmark":     "a benchmark",
	"bench":         "a benchmark",
	"tools":         "a maintainer script",
	"scripts":       "a maintainer script",
	"ci":            "a maintainer script",
	"tasks":         "invoke's tasks",
}

// conventionalTool says what a file is when it is tooling by convention
// whatever the build configuration: a task runner's file at the root, or
// a file under a conventional tooling directory; "" otherwise.
func conventionalTool(rel string) string {
	if t, ok := rootTools[rel]; ok {
		return t
	}
	top, rest, ok := strings.Cut(rel, "/")
	if !ok {
		return ""
	}
	if (top == "docs" || top == "doc") && rest == "conf.py" {
		return "Sphinx's configuration"
	}
	return toolDirs[top]
}

// role says what the file at rel is: one of the tests, the code the build
// ships, or tooling, with what it is.
func (s *shipped) role(rel string) (role, tool string) {
	if isTestFile(rel) {
		return roleTest, ""
	}
	if s.unknown {
		if t := conventionalTool(rel); t != "" {
			return roleTooling, t
		}
		return roleCode, ""
	}
	if s.ships(rel) {
		return roleCode, ""
	}
	if t := conventionalTool(rel); t != "" {
		return roleTooling, t
	}
	top, _, _ := strings.Cut(rel, "/")
	switch top {
	case "bin", "util", "utils", "dev", "devtools", "misc", "contrib":
		return roleTooling, "a maintainer script"
	}
	return roleTooling, "a file the build does not ship"
}
