package python

import (
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"maps"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"sort"
	"strings"

	"github.com/envaudit/envaudit/ecosystems"
	"github.com/envaudit/envaudit/ecosystems/internal/dpkg"
	"github.com/envaudit/envaudit/internal/projfile"
	packageurl "github.com/package-url/packageurl-go"
)

// baseline are the distributions of the packaging toolchain itself: every
// environment has them, no project loads them to do its work, and pip or
// importlib.metadata touching them is not use. They are listed as excluded.
var baseline = map[string]bool{"pip": true, "setuptools": true, "wheel": true, "distribute": true}

const whyBaseline = "toolchain baseline"

// evidence says what D3 rests on for Python.
const evidence = "files the run opened in the interpreter's site directories (sys.path), owned per RECORD, installed-files.txt or dpkg file lists, else per top_level.txt"

// dist is one installed distribution found on sys.path.
type dist struct {
	name    string // normalised
	raw     string // as METADATA spells it
	version string
	meta    string // canonical path of the .dist-info / .egg-info
	site    string // canonical sys.path entry that holds it
	reqs    []distReq
	// files are canonical paths from RECORD or installed-files.txt;
	// hasFiles says such a list existed.
	files    []string
	hasFiles bool
	topLevel []string
	extra    []string // metadata directories merged into this one (same name, same directory)
	warnings []string
}

// Installed enumerates the distributions visible to the interpreter the run
// used (see chooseInterpreter), in sys.path order, and builds the index that
// attributes files to them. A missing or failing interpreter, or a project
// virtual environment with no interpreter in it when no other was used, is
// a warning with an inventory marked Unknown: D1 can still be audited, and
// no declared package is called not-installed for want of an interpreter.
func (p *project) Installed(ctx context.Context, env ecosystems.Env) (*ecosystems.Inventory, error) {
	if !p.src.OnDisk() {
		return nil, ecosystems.ErrNotOnDisk
	}
	e, root := p.eco, p.src.Root
	inv := &ecosystems.Inventory{Index: ecosystems.NewPathIndex(), Evidence: ecosystems.Evidence{Basis: evidence}}
	environ := env.Environ
	if environ == nil {
		environ = os.Environ()
		env.Environ = environ
	}
	var err error
	python, why := chooseInterpreter(root, env)
	if python == "" {
		inv.Warnings = append(inv.Warnings, "no python interpreter found (none executed by the run, no virtual environment, no python3 on PATH): installed packages unknown")
		inv.Unknown = true
		return inv, nil
	}
	if why == whyOnPath {
		// The project keeps a virtual environment that nothing was
		// installed into (the install step did not run): the system's
		// python3 would call every declaration not installed.
		if venv := emptyVenv(root); venv != "" {
			inv.Warnings = append(inv.Warnings, fmt.Sprintf("the project's virtual environment %q has no interpreter: nothing is installed in it (create it and install the dependencies); installed packages unknown", venv))
			inv.Unknown = true
			return inv, nil
		}
	}
	// The interpreter answers from the project's .pth files and
	// sitecustomize: one the front end's policy keeps from running (in
	// the workspace, or where the tests could have replaced it) is not
	// asked.
	if err = env.ProjectCode(); err == nil {
		python, err = env.CheckTool(python)
	}
	if err != nil {
		inv.Warnings = append(inv.Warnings, fmt.Sprintf("%s %q was not asked for its sys.path: %v: installed packages unknown", why, python, err))
		inv.Unknown = true
		return inv, nil
	}
	absRoot, err := filepath.Abs(root)
	if err != nil {
		return nil, err
	}
	env.Asked.Add("python", python, why)
	in, err := e.query(ctx, env.Memo, python, absRoot, environ)
	if err != nil {
		if ctx.Err() != nil {
			return nil, ctx.Err()
		}
		inv.Warnings = append(inv.Warnings, fmt.Sprintf("ask %s %q for its sys.path: %v: installed packages unknown", why, python, err))
		inv.Unknown = true
		return inv, nil
	}

	dists := scanPath(absRoot, in.Path)
	if len(p.setupUnread) > 0 && p.self != "" {
		p.addSetupPyFromMetadata(dists)
	}

	// The names D1 declares (Direct) and requests extras of (edges), and
	// the names of the project itself.
	declared := map[string]bool{}
	extras := map[string]map[string]bool{}
	for _, d := range p.deps {
		declared[d.Name] = true
		for _, x := range specExtras(d.Spec) {
			addExtra(extras, d.Name, x)
		}
	}
	shown := in.Executable
	if shown == "" {
		shown = python
	}
	inv.Inapplicable = inapplicable(p.deps, in.Markers, shown)
	self := map[string]bool{}
	if p.self != "" {
		self[ecosystems.NormalizePyPI(p.self)] = true
	}

	// The first distribution of a name on sys.path is the one imports and
	// importlib.metadata find; later ones are shadowed.
	winner := map[string]*dist{}
	var kept []*dist
	for _, d := range dists {
		inv.Warnings = append(inv.Warnings, d.warnings...)
		w, ok := winner[d.name]
		switch {
		case !ok:
			winner[d.name] = d
			kept = append(kept, d)
		case w.site == d.site && (w.version == d.version || d.version == ""):
			// Debian ships some distributions twice in one directory
			// (cryptography-38.0.4.dist-info and cryptography.egg-info):
			// one distribution, two metadata directories.
			w.extra = append(w.extra, d.meta)
			w.files = append(w.files, d.files...)
			w.hasFiles = w.hasFiles || d.hasFiles
			w.topLevel = appendAll(w.topLevel, d.topLevel)
			if len(w.reqs) == 0 {
				w.reqs = d.reqs
			}
		case baseline[d.name]:
			// A venv's own pip shadows the system's: expected, and the
			// toolchain is not audited.
		default:
			inv.Warnings = append(inv.Warnings, fmt.Sprintf("%s %s in %q is shadowed by %s %s in %q, earlier on sys.path", d.name, d.version, d.meta, w.name, w.version, w.meta))
		}
	}

	excluded := map[string]string{}
	for _, d := range kept {
		switch {
		case baseline[d.name]:
			excluded[d.name] = whyBaseline
		case self[d.name]:
			excluded[d.name] = "the project itself"
		}
	}

	var dp *dpkgInfo
	if e.DpkgDir != "-" {
		// By default only distributions under /usr can be Debian's; a
		// DpkgDir given explicitly (a test's database) is asked about all.
		metaDirs := map[string]bool{}
		for _, d := range kept {
			if strings.HasPrefix(d.meta, "/usr/") || e.DpkgDir != "" {
				metaDirs[d.meta] = true
				for _, x := range d.extra {
					metaDirs[x] = true
				}
			}
		}
		if len(metaDirs) > 0 {
			dir := e.DpkgDir
			if dir == "" {
				dir = "/var/lib/dpkg"
			}
			if dp, err = readDpkg(dir, metaDirs); err != nil {
				inv.Warnings = append(inv.Warnings, fmt.Sprintf("read the dpkg database %q: %v", dir, err))
				dp = nil
			}
			dp.noteTops(dists)
		}
	}

	edges := resolveEdges(kept, in.Markers, extras, excluded, dp)

	// What the interpreter imported at start-up, before any project code
	// ran (a .pth file of a site directory importing certifi), is the
	// environment's: still installed, but nothing of it is evidence of use
	// (the .pth may read its data files too), with the file that imports
	// it named in the evidence; unless the project declares it, which is
	// then judged like any declaration, or a distribution the run loaded
	// depends on it (requests needs certifi whoever imported it first).
	quiet := map[string]bool{}
	var quietWhy []string
	startup := startupDists(kept, dp, in)
	for _, name := range slices.Sorted(maps.Keys(startup)) {
		if _, ok := excluded[name]; !ok && !declared[name] && !neededByLoaded(name, kept, edges, env.Processes) {
			quiet[name] = true
			quietWhy = append(quietWhy, name+" ("+startup[name]+")")
		}
	}
	if len(quietWhy) > 0 {
		inv.Evidence.Basis += "; modules the interpreter imported at start-up, before any project code ran, are the environment's and no evidence of use: " + strings.Join(quietWhy, ", ")
	}

	for _, d := range kept {
		if why, ok := excluded[d.name]; ok {
			inv.Excluded = append(inv.Excluded, ecosystems.Excluded{Name: d.name, Why: why})
			if !baseline[d.name] {
				continue
			}
			// The toolchain stays in D2 and owns its files, excluded: the
			// audit lets a baseline distribution the project's code
			// imports (pkg_resources is setuptools') back into the layers.
		}
		p := ecosystems.Package{
			Name:    d.name,
			Version: d.version,
			PURL:    purl(d.name, d.version),
			Path:    relPath(absRoot, d.meta),
			Direct:  declared[d.name],
			Deps:    edges[d.name],
		}
		inv.Packages = append(inv.Packages, p)
	}
	sort.Slice(inv.Packages, func(i, j int) bool { return inv.Packages[i].Name < inv.Packages[j].Name })
	sort.Slice(inv.Excluded, func(i, j int) bool { return inv.Excluded[i].Name < inv.Excluded[j].Name })

	// Index every copy, later sys.path entries first, so that where two
	// copies claim a file the one imports find wins. The project's own
	// distribution owns nothing: its files are the project's sources. The
	// toolchain's are its own, and the audit takes them as no evidence
	// while it is excluded.
	ix := newIndexer(inv.Index, dists, in.CacheTag, dp)
	ix.quiet = quiet
	for i := len(dists) - 1; i >= 0; i-- {
		d := dists[i]
		if _, ok := excluded[d.name]; ok && !baseline[d.name] {
			continue
		}
		if winner[d.name] != d && winner[d.name].site == d.site {
			continue // merged into the winner above
		}
		inv.Warnings = append(inv.Warnings, ix.add(d)...)
	}

	// Why the environment loaded what it loaded, beyond the recorded
	// requirements (links.go): only for a traced run.
	if len(env.Processes) > 0 {
		byName := map[string]*dist{}
		for _, d := range kept {
			if _, ok := excluded[d.name]; !ok || baseline[d.name] {
				byName[d.name] = d
			}
		}
		lf := &linkFinder{python: python, environ: environ, dists: byName, edges: edges, mods: indexModules(kept, dp), path: in.Path,
			loaded: loadedSources(inv.Index, env.Processes), atStartup: startup}
		var warns []string
		inv.Links, warns = lf.find(ctx)
		if ctx.Err() != nil {
			return nil, ctx.Err()
		}
		inv.Warnings = append(inv.Warnings, warns...)
	}
	return inv, nil
}

// maxPth bounds how much of a .pth file is read for the modules it
// imports.
const maxPth = 64 << 10

// startupDists returns the distributions of the modules the interpreter
// imported at start-up (Interpreter.Startup) from its site directories,
// each with what imported it: the .pth file whose import line names the
// module's top-level package, else site or sitecustomize. The standard
// library's modules lie in no site directory and are nobody's.
func startupDists(kept []*dist, dp *dpkgInfo, in *Interpreter) map[string]string {
	if len(in.Startup) == 0 {
		return nil
	}
	sites := map[string]bool{}
	for _, d := range kept {
		sites[d.site] = true
	}
	inSite := func(f string) bool {
		for dir := f; ; {
			parent := filepath.Dir(dir)
			if parent == dir {
				return false
			}
			if sites[filepath.ToSlash(parent)] {
				return true
			}
			dir = parent
		}
	}
	mods := indexModules(kept, dp)
	out := map[string]string{}
	for _, m := range in.Startup {
		f := ecosystems.Canon(m.File)
		if m.Module == "__main__" || !inSite(f) {
			continue
		}
		name := mods.provider(m.Module)
		if name == "" {
			continue
		}
		if _, ok := out[name]; ok {
			continue
		}
		top, _, _ := strings.Cut(m.Module, ".")
		if pth := pthImporting(in.Path, top); pth != "" {
			out[name] = "imported by " + pth
		} else {
			out[name] = "imported by site or sitecustomize"
		}
	}
	return out
}

// neededByLoaded reports whether a distribution of kept that depends on
// name (edges) had a file read by a traced process: then the run needed
// name through it, whether or not the interpreter imported it first.
func neededByLoaded(name string, kept []*dist, edges map[string][]string, procs []ecosystems.Process) bool {
	var dependents []*dist
	for _, d := range kept {
		if slices.Contains(edges[d.name], name) {
			dependents = append(dependents, d)
		}
	}
	if len(dependents) == 0 {
		return false
	}
	owns := func(d *dist, f string) bool {
		if slices.Contains(d.files, f) {
			return true
		}
		for _, t := range d.topLevel {
			t = d.site + "/" + strings.Trim(filepath.ToSlash(t), "/")
			if f == t+".py" || strings.HasPrefix(f, t+"/") {
				return true
			}
		}
		return false
	}
	for _, pr := range procs {
		for _, f := range pr.Files {
			f = ecosystems.Canon(f)
			for _, d := range dependents {
				if owns(d, f) {
					return true
				}
			}
		}
	}
	return false
}

// importWord matches a module name as a word of a .pth import line.
var importWord = regexp.MustCompile(`[A-Za-z_][A-Za-z0-9_]*`)

// pthImporting returns the first .pth file, in the directories of path
// in order, with an import line (site executes the lines that start with
// "import") naming module; "" when none does.
func pthImporting(path []string, module string) string {
	for _, dir := range path {
		if dir == "" {
			continue
		}
		files, _ := filepath.Glob(filepath.Join(dir, "*.pth")) // an unreadable directory holds no .pth site read
		sort.Strings(files)
		for _, f := range files {
			data, err := readHead(f, maxPth)
			if err != nil {
				continue
			}
			for _, line := range strings.Split(string(data), "\n") {
				if !strings.HasPrefix(line, "import ") && !strings.HasPrefix(line, "import\t") {
					continue
				}
				for _, w := range importWord.FindAllString(line, -1) {
					if w == module {
						return f
					}
				}
			}
		}
	}
	return ""
}

// readHead reads at most n bytes of the file at name.
func readHead(name string, n int64) ([]byte, error) {
	f, err := os.Open(name)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return io.ReadAll(io.LimitReader(f, n))
}

// extraMarker finds the extra a Requires-Dist line belongs to in its
// marker (`extra == "test"`).
var extraMarker = regexp.MustCompile(`\bextra\s*==\s*['"]([^'"]+)['"]`)

// addSetupPyFromMetadata declares, for the arguments of setup.py that are
// not literals, what the installed project's own metadata says they held:
// setuptools wrote them into its Requires-Dist (install_requires as plain
// lines, extras_require with an `extra == "name"` marker) when the project
// was installed into its environment (pip install -e .). tests_require is
// not in the metadata. The declarations point at the setup() call. It
// runs once: D1 then holds them.
func (p *project) addSetupPyFromMetadata(dists []*dist) {
	unread := map[string]bool{}
	for _, u := range p.setupUnread {
		unread[u] = true
	}
	p.setupUnread = nil
	self := ecosystems.NormalizePyPI(p.self)
	var d *dist
	for _, x := range dists {
		if x.name == self {
			d = x
			break
		}
	}
	if d == nil {
		return
	}
	devTools := map[string]bool{}
	for _, n := range p.eco.DevTools() {
		devTools[n] = true
	}
	for _, r := range d.reqs {
		extra := r.extra
		if m := extraMarker.FindStringSubmatch(r.req.Rest); m != nil && extra == "" {
			extra = m[1]
		}
		scope := ecosystems.ScopeRuntime
		if extra != "" {
			if !unread["extras_require"] {
				continue
			}
			scope = extraScope(extra, ecosystems.NormalizePyPI(r.req.Name), devTools)
		} else if !unread["install_requires"] {
			continue
		}
		p.deps = append(p.deps, newDep("setup.py", p.setupLine, ecosystems.Pos{}, r.req.Name, r.req.Rest, scope, extra))
	}
	sortDeps(p.deps)
}

// scanPath lists the distributions in each directory of sys.path, in
// order: *.dist-info directories and *.egg-info directories or files, as
// importlib.metadata finds them. Within one directory, .dist-info comes
// before .egg-info and names sort, so the result does not depend on the
// order the file system lists entries in.
func scanPath(root string, path []string) []*dist {
	var out []*dist
	seen := map[string]bool{}
	for _, p := range path {
		if p == "" {
			continue // the script's directory or the working directory
		}
		if !filepath.IsAbs(p) {
			p = filepath.Join(root, p)
		}
		site := ecosystems.Canon(p)
		if seen[site] {
			continue
		}
		seen[site] = true
		entries, err := projfile.ReadDir(site)
		if err != nil {
			continue // zip files and directories that do not exist are on sys.path too
		}
		var metas []string
		for _, en := range entries {
			n := en.Name()
			if strings.HasSuffix(n, ".dist-info") || strings.HasSuffix(n, ".egg-info") {
				metas = append(metas, n)
			}
		}
		sort.Slice(metas, func(i, j int) bool {
			a, b := strings.HasSuffix(metas[i], ".dist-info"), strings.HasSuffix(metas[j], ".dist-info")
			if a != b {
				return a
			}
			return metas[i] < metas[j]
		})
		for _, m := range metas {
			d := readDist(site, m)
			if d == nil {
				continue
			}
			out = append(out, d)
		}
	}
	return out
}

// readDist reads one distribution's metadata. Problems with its files are
// warnings on the dist; nil means the entry is not a distribution at all.
func readDist(site, name string) *dist {
	meta := site + "/" + name
	d := &dist{meta: meta, site: site}
	st, err := os.Stat(meta)
	if err != nil {
		return nil
	}
	warn := func(format string, args ...any) {
		d.warnings = append(d.warnings, fmt.Sprintf(format, args...))
	}
	isDistInfo := strings.HasSuffix(name, ".dist-info")
	// The file with the name and version: METADATA for .dist-info, PKG-INFO
	// for an .egg-info directory, the .egg-info file itself otherwise.
	var headerFile string
	switch {
	case isDistInfo && st.IsDir():
		headerFile = meta + "/METADATA"
	case !isDistInfo && st.IsDir():
		headerFile = meta + "/PKG-INFO"
	case !isDistInfo && st.Mode().IsRegular():
		headerFile = meta
	default:
		return nil
	}
	dirName, dirVersion := splitMetaName(name)
	var h map[string][]string
	data, err := projfile.ReadFile(headerFile, projfile.MaxMetadata)
	if err == nil {
		h = parseHeaders(data)
	} else {
		warn("read %q: %v; using the directory name", headerFile, err)
	}
	raw := first(h, "name")
	if raw == "" {
		if err == nil {
			warn("%q has no Name; using the directory name", headerFile)
		}
		raw = dirName
	}
	if raw == "" {
		return nil
	}
	d.name, d.raw = ecosystems.NormalizePyPI(raw), raw
	d.version = first(h, "version")
	if d.version == "" {
		d.version = dirVersion
	}
	for _, r := range h["requires-dist"] {
		req, err := ParseRequirement(r)
		if err != nil {
			warn("%q: invalid Requires-Dist %q: %v", headerFile, r, err)
			continue
		}
		d.reqs = append(d.reqs, distReq{req: req})
	}
	if !st.IsDir() {
		return d
	}
	if !isDistInfo && len(h["requires-dist"]) == 0 {
		if data, err := projfile.ReadFile(meta+"/requires.txt", projfile.MaxMetadata); err == nil {
			reqs, err := parseRequiresTxt(data)
			if err != nil {
				warn("%q: %v", meta+"/requires.txt", err)
			}
			d.reqs = append(d.reqs, reqs...)
		}
	}
	if isDistInfo {
		if data, err := projfile.ReadFile(meta+"/RECORD", projfile.MaxMetadata); err == nil {
			paths, err := parseRecord(data)
			if err != nil {
				warn("%q: %v; attributing by top_level.txt", meta+"/RECORD", err)
			} else {
				d.hasFiles = true
				for _, p := range paths {
					d.files = append(d.files, joinMeta(site, p))
				}
			}
		}
	} else if data, err := projfile.ReadFile(meta+"/installed-files.txt", projfile.MaxMetadata); err == nil {
		d.hasFiles = true
		for _, p := range textLines(data) {
			d.files = append(d.files, joinMeta(meta, p))
		}
	}
	if data, err := projfile.ReadFile(meta+"/top_level.txt", projfile.MaxMetadata); err == nil {
		d.topLevel = textLines(data)
	}
	return d
}

// joinMeta resolves a path from a file list against base: RECORD paths are
// relative to the site directory and may climb out of it
// (../../../bin/tool); installed-files.txt paths are relative to the
// .egg-info directory; absolute paths stay.
func joinMeta(base, p string) string {
	if filepath.IsAbs(p) {
		return ecosystems.Canon(p)
	}
	return ecosystems.Canon(base + "/" + p)
}

// splitMetaName splits "PyYAML-6.0.dist-info" into its name and version
// parts; the version is "" when the directory name has none
// ("cryptography.egg-info").
func splitMetaName(n string) (name, version string) {
	n = strings.TrimSuffix(strings.TrimSuffix(n, ".dist-info"), ".egg-info")
	name, rest, ok := strings.Cut(n, "-")
	if !ok {
		return name, ""
	}
	// Egg names carry "-py3.11" after the version.
	version, _, _ = strings.Cut(rest, "-")
	return name, version
}

// specExtras returns the extras a declaration requests: the "[a,b]" that
// starts its spec.
func specExtras(spec string) []string {
	if !strings.HasPrefix(spec, "[") {
		return nil
	}
	end := strings.IndexByte(spec, ']')
	if end < 0 {
		return nil
	}
	var out []string
	for _, x := range strings.Split(spec[1:end], ",") {
		if x = strings.TrimSpace(x); x != "" {
			out = append(out, x)
		}
	}
	return out
}

func normExtra(s string) string { return ecosystems.NormalizePyPI(s) }

func addExtra(m map[string]map[string]bool, name, extra string) bool {
	if m[name] == nil {
		m[name] = map[string]bool{}
	}
	x := normExtra(extra)
	if m[name][x] {
		return false
	}
	m[name][x] = true
	return true
}

// resolveEdges computes each distribution's dependencies among the
// installed ones: its requirements that apply in the interpreter's marker
// environment with the extras requested of it (by D1 or by another
// distribution, followed to a fixed point), plus, for Debian-packaged
// distributions, the distributions owned by the dpkg packages its package
// depends on. Edges to excluded distributions and to names that are not
// installed are dropped.
func resolveEdges(dists []*dist, markers map[string]string, extras map[string]map[string]bool, excluded map[string]string, dp *dpkgInfo) map[string][]string {
	byName := map[string]*dist{}
	for _, d := range dists {
		byName[d.name] = d
	}
	edges := map[string]map[string]bool{}
	for changed := true; changed; {
		changed = false
		for _, d := range dists {
			for _, r := range d.reqs {
				if !r.applies(markers, extras[d.name]) {
					continue
				}
				t := ecosystems.NormalizePyPI(r.req.Name)
				if byName[t] == nil || t == d.name {
					continue
				}
				if edges[d.name] == nil {
					edges[d.name] = map[string]bool{}
				}
				edges[d.name][t] = true
				for _, x := range r.req.Extras {
					if addExtra(extras, t, x) {
						changed = true
					}
				}
			}
		}
	}
	if dp != nil {
		distsOf := map[*dpkg.Package][]string{} // dpkg package → distribution names
		for _, d := range dists {
			for _, m := range append([]string{d.meta}, d.extra...) {
				if pkg, ok := dp.owner[m]; ok {
					distsOf[pkg] = appendNew(distsOf[pkg], d.name)
				}
			}
		}
		for _, d := range dists {
			pkg, ok := dp.owner[d.meta]
			if !ok {
				continue
			}
			for _, dep := range dp.db.DependsOn(pkg) {
				for _, t := range distsOf[dep] {
					if t == d.name {
						continue
					}
					if edges[d.name] == nil {
						edges[d.name] = map[string]bool{}
					}
					edges[d.name][t] = true
				}
			}
		}
	}
	out := map[string][]string{}
	for n, ts := range edges {
		for t := range ts {
			if _, ok := excluded[t]; !ok {
				out[n] = append(out[n], t)
			}
		}
		sort.Strings(out[n])
	}
	return out
}

// indexer fills the attribution index, one distribution at a time.
type indexer struct {
	x        *ecosystems.PathIndex
	cacheTag string
	dp       *dpkgInfo
	// tops maps a site directory and a top-level name to the
	// distributions whose top_level.txt lists it.
	tops map[[2]string]map[string]bool
	// dpkgDists maps a dpkg package to the distributions it installed.
	dpkgDists map[*dpkg.Package]map[string]bool
	listings  map[string][]os.DirEntry
	// quiet are the distributions whose files show no use: those the
	// interpreter imported at start-up (startupDists).
	quiet map[string]bool
}

func newIndexer(x *ecosystems.PathIndex, all []*dist, cacheTag string, dp *dpkgInfo) *indexer {
	ix := &indexer{x: x, cacheTag: cacheTag, dp: dp, tops: map[[2]string]map[string]bool{}, dpkgDists: map[*dpkg.Package]map[string]bool{}, listings: map[string][]os.DirEntry{}}
	for _, d := range all {
		for _, t := range d.topLevel {
			k := [2]string{d.site, strings.Trim(filepath.ToSlash(t), "/")}
			if ix.tops[k] == nil {
				ix.tops[k] = map[string]bool{}
			}
			ix.tops[k][d.name] = true
		}
		if dp == nil {
			continue
		}
		for _, m := range append([]string{d.meta}, d.extra...) {
			if pkg, ok := dp.owner[m]; ok {
				if ix.dpkgDists[pkg] == nil {
					ix.dpkgDists[pkg] = map[string]bool{}
				}
				ix.dpkgDists[pkg][d.name] = true
			}
		}
	}
	return ix
}

func (ix *indexer) listing(dir string) ([]os.DirEntry, error) {
	if l, ok := ix.listings[dir]; ok {
		return l, nil
	}
	l, err := projfile.ReadDir(dir)
	if err != nil {
		return nil, err
	}
	ix.listings[dir] = l
	return l, nil
}

// add records the files d owns in the index and returns warnings.
// Exact lists come first (RECORD or installed-files.txt, and the dpkg file
// list of the package that installed it, when that package installed no
// other distribution); without any, the import names of top_level.txt (a
// package directory, a module file, an extension module) under the site
// directory; without that either, the import name the distribution's name
// suggests, if it exists. A top-level directory that several
// distributions claim (a namespace package such as "google") is owned by
// none of them. Every .py file also owns its byte code under __pycache__.
// Metadata files and .pth files are owned with UseNone: importlib.metadata
// and site.py read them in every run, which is no evidence of use.
func (ix *indexer) add(d *dist) []string {
	x, cacheTag, dp := ix.x, ix.cacheTag, ix.dp
	run := ecosystems.UseRuntime // what loading a module file shows
	if ix.quiet[d.name] {
		run = ecosystems.UseNone
	}
	var warns []string
	for _, m := range append([]string{d.meta}, d.extra...) {
		x.AddDir(m, d.name, ecosystems.UseNone)
	}
	addFile := func(p string) {
		use := run
		if strings.HasSuffix(p, ".pth") || inMetadata(p) {
			use = ecosystems.UseNone
		}
		x.AddFile(p, d.name, use)
		for _, c := range pycFiles(p, cacheTag) {
			x.AddFile(c, d.name, use)
		}
	}
	// The dpkg list adds what RECORD misses (Debian installs scripts to
	// /usr/bin itself); RECORD entries come last so they win.
	var files []string
	if dp != nil {
		files = dp.distFiles(d, func(pkg *dpkg.Package) bool { return len(ix.dpkgDists[pkg]) == 1 })
	}
	files = append(files, d.files...)
	for _, f := range files {
		addFile(f)
	}
	for _, p := range editablePaths(d) {
		x.AddDir(p, d.name, run)
	}
	// Modules that the distribution's .pth files import run at every
	// interpreter start (the import hook of an editable install), so
	// loading them says nothing about the project.
	for _, m := range startupModules(files) {
		for _, p := range append(pycFiles(m, cacheTag), m) {
			x.AddFile(p, d.name, ecosystems.UseNone)
		}
	}
	if len(files) > 0 {
		return warns
	}
	top := d.topLevel
	if len(top) == 0 {
		// No file list and no top_level.txt: the import name the
		// distribution name suggests ("python-dateutil" has none, but
		// "typing-extensions" is typing_extensions).
		top = []string{strings.ReplaceAll(d.name, "-", "_")}
	}
	entries, err := ix.listing(d.site)
	if err != nil {
		return append(warns, fmt.Sprintf("list %q: %v", d.site, err))
	}
	for _, t := range top {
		t = strings.Trim(filepath.ToSlash(t), "/")
		if t == "" || strings.Contains(t, "..") {
			continue
		}
		if len(ix.tops[[2]string{d.site, t}]) > 1 {
			// A namespace package: the part of it this distribution
			// provides is usually the directory its dotted name spells
			// (lazr.uri → lazr/uri).
			for _, sub := range []string{strings.ReplaceAll(d.raw, ".", "/"), strings.ReplaceAll(d.name, "-", "/")} {
				if strings.HasPrefix(sub, t+"/") {
					if st, err := os.Stat(d.site + "/" + sub); err == nil && st.IsDir() {
						x.AddDir(d.site+"/"+sub, d.name, run)
						break
					}
				}
			}
			continue
		}
		for _, en := range entries {
			n := en.Name()
			switch {
			case n == t && en.IsDir():
				x.AddDir(d.site+"/"+n, d.name, run)
			case n == t+".py":
				addFile(d.site + "/" + n)
			case strings.HasPrefix(n, t+".") && (strings.HasSuffix(n, ".so") || strings.HasSuffix(n, ".pyd")) && !en.IsDir():
				addFile(d.site + "/" + n)
			}
		}
	}
	return warns
}

// pycFiles returns the byte-code files the interpreter with cacheTag
// writes for the source file p (none for other files).
func pycFiles(p, cacheTag string) []string {
	if !strings.HasSuffix(p, ".py") || cacheTag == "" {
		return nil
	}
	dir, base := filepath.Split(p)
	stem := strings.TrimSuffix(base, ".py")
	var out []string
	for _, opt := range []string{"", ".opt-1", ".opt-2"} {
		out = append(out, dir+"__pycache__/"+stem+"."+cacheTag+opt+".pyc")
	}
	return out
}

// startupModules returns the module files that the .pth files among files
// import: site.py executes a .pth line that starts with "import" at every
// interpreter start. Only top-level modules next to the .pth are found.
func startupModules(files []string) []string {
	var out []string
	for _, f := range files {
		if !strings.HasSuffix(f, ".pth") {
			continue
		}
		data, err := projfile.ReadFile(f, projfile.MaxMetadata)
		if err != nil {
			continue
		}
		for _, l := range textLines(data) {
			rest, ok := strings.CutPrefix(l, "import")
			if !ok || rest == "" || (rest[0] != ' ' && rest[0] != '\t') {
				continue
			}
			stmt, _, _ := strings.Cut(rest, ";")
			for _, name := range strings.Split(stmt, ",") {
				name, _, _ = strings.Cut(strings.TrimSpace(name), " ") // "import x as y"
				if name == "" || strings.ContainsAny(name, "./\\") {
					continue
				}
				out = append(out, filepath.Dir(f)+"/"+name+".py")
			}
		}
	}
	return out
}

// editableFinderMapping matches the MAPPING of the import hook setuptools
// writes for editable installs (__editable___<name>_finder.py).
var (
	editableFinderMapping = regexp.MustCompile(`(?s)MAPPING\s*(?::[^=]*)?=\s*\{(.*?)\}`)
	editableFinderEntry   = regexp.MustCompile(`['"]([^'"]+)['"]\s*:\s*['"]([^'"]+)['"]`)
)

// editablePaths returns the source directories of an editable install
// (PEP 660): the directories its .pth files put on sys.path, or those the
// MAPPING of its import-hook finder names. The files there are the
// distribution's, though its RECORD lists only the hooks.
func editablePaths(d *dist) []string {
	var out []string
	for _, f := range d.files {
		base := filepath.Base(f)
		switch {
		case strings.HasSuffix(base, ".pth") && strings.HasPrefix(base, "__editable__"):
			data, err := projfile.ReadFile(f, projfile.MaxMetadata)
			if err != nil {
				continue
			}
			for _, l := range textLines(data) {
				if strings.HasPrefix(l, "import ") || strings.HasPrefix(l, "import\t") || strings.HasPrefix(l, "#") {
					continue
				}
				if filepath.IsAbs(l) {
					out = append(out, ecosystems.Canon(l))
				}
			}
		case strings.HasPrefix(base, "__editable__") && strings.HasSuffix(base, "_finder.py"):
			data, err := projfile.ReadFile(f, projfile.MaxMetadata)
			if err != nil {
				continue
			}
			if m := editableFinderMapping.FindSubmatch(data); m != nil {
				for _, e := range editableFinderEntry.FindAllSubmatch(m[1], -1) {
					if p := string(e[2]); filepath.IsAbs(p) {
						out = append(out, ecosystems.Canon(p))
					}
				}
			}
		}
	}
	return out
}

func purl(name, version string) string {
	p := packageurl.NewPackageURL(packageurl.TypePyPi, "", name, version, nil, "")
	if err := p.Normalize(); err != nil {
		return ""
	}
	return p.ToString()
}

// relPath returns p relative to root when it lies inside root, else p.
func relPath(root, p string) string {
	if within(root, p) {
		if rel, err := filepath.Rel(root, p); err == nil {
			return filepath.ToSlash(rel)
		}
	}
	return p
}

// dpkgInfo is what the dpkg database says about the distributions Debian
// installed into its site directories (/usr/lib/python3/dist-packages).
// Debian strips the install_requires of the egg-info it ships (its
// requires.txt keeps only the extras), so the package relations of dpkg are
// the record of what a Debian-packaged distribution needs; and dpkg's file
// lists give exact ownership where the egg-info has no installed-files.txt.
type dpkgInfo struct {
	db *dpkg.DB
	// owner maps a canonical metadata directory to the dpkg package
	// whose list names it.
	owner map[string]*dpkg.Package
	// metaOwners are the packages of owner: those that installed a
	// distribution's metadata.
	metaOwners map[*dpkg.Package]bool
	// claimed are the top-level names (site directory/name) that an
	// installed distribution's metadata gives as its own (noteTops).
	claimed map[string]bool
}

// noteTops records the top-level names the distributions ds claim, so
// that a split part whose modules another distribution names is never
// taken for the part of one that merely depends on it (chardet depends
// on python3-pkg-resources, whose pkg_resources is setuptools'). A nil
// dpkgInfo ignores it.
func (dp *dpkgInfo) noteTops(ds []*dist) {
	if dp == nil {
		return
	}
	dp.claimed = map[string]bool{}
	for _, d := range ds {
		for _, t := range d.topLevel {
			if t = strings.Trim(filepath.ToSlash(t), "/"); t != "" && !strings.Contains(t, "..") {
				dp.claimed[d.site+"/"+t] = true
			}
		}
	}
}

// distFiles returns the files the dpkg packages installed for d, when
// the package that owns its metadata installed no other distribution
// (alone): that package's list, and the lists of the packages it depends
// on that install no distribution's metadata themselves, as far as their
// files lie under one of d's top-level names in its site directory.
// Debian splits one distribution over several packages that way —
// pandas' compiled modules are python3-pandas-lib's, setuptools'
// pkg_resources is python3-pkg-resources' — and the split parts are the
// distribution's, not packages of another ecosystem. nil when dpkg did
// not install d.
func (dp *dpkgInfo) distFiles(d *dist, alone func(*dpkg.Package) bool) []string {
	pkg, ok := dp.owner[d.meta]
	if !ok || !alone(pkg) {
		return nil
	}
	files, _ := dp.db.Files(pkg)
	tops := map[string]bool{}
	for _, t := range d.topLevel {
		if t = strings.Trim(filepath.ToSlash(t), "/"); t != "" && !strings.Contains(t, "..") {
			tops[d.site+"/"+t] = true
		}
	}
	for _, f := range files {
		if rel, ok := strings.CutPrefix(f, d.site+"/"); ok {
			top, _, _ := strings.Cut(rel, "/")
			top = strings.TrimSuffix(top, ".py")
			if top != "" && top != "__pycache__" && !strings.HasSuffix(top, ".dist-info") && !strings.HasSuffix(top, ".egg-info") && !strings.HasSuffix(top, ".pth") {
				tops[d.site+"/"+top] = true
			}
		}
	}
	for _, q := range dp.db.DependsOn(pkg) {
		if dp.metaOwners[q] {
			continue
		}
		qfiles, _ := dp.db.Files(q)
		modulesOnly := onlyModules(qfiles, d.site) && !dp.namesClaimed(qfiles, d.site)
		for _, f := range qfiles {
			rel, ok := strings.CutPrefix(f, d.site+"/")
			if !ok {
				continue
			}
			top, _, _ := strings.Cut(rel, "/")
			if modulesOnly || tops[d.site+"/"+top] || tops[d.site+"/"+strings.TrimSuffix(top, ".py")] {
				files = append(files, f)
			}
		}
	}
	return files
}

// namesClaimed reports whether a top-level name of files in site is one
// an installed distribution claims.
func (dp *dpkgInfo) namesClaimed(files []string, site string) bool {
	for _, f := range files {
		if rel, ok := strings.CutPrefix(f, site+"/"); ok {
			top, _, _ := strings.Cut(rel, "/")
			if dp.claimed[site+"/"+top] || dp.claimed[site+"/"+strings.TrimSuffix(top, ".py")] {
				return true
			}
		}
	}
	return false
}

// inMetadata reports whether p is a distribution's metadata directory or
// lies in one, at any depth: PEP 639 puts licence files under
// .dist-info/licenses/, and reading them is no use of the distribution.
func inMetadata(p string) bool {
	for _, part := range strings.Split(filepath.ToSlash(p), "/") {
		if strings.HasSuffix(part, ".dist-info") || strings.HasSuffix(part, ".egg-info") {
			return true
		}
	}
	return false
}

// onlyModules reports whether a package's files are Python modules in the
// site directory site and nothing else but its documentation: a binary
// part Debian splits off with no metadata of its own, such as
// python3-cffi-backend's _cffi_backend module, which python3-cryptography
// depends on (through the virtual python3-cffi-backend-api-min). Its
// modules are part of the distribution that depends on it, whatever their
// top-level name; they are never a system package another ecosystem
// loads.
func onlyModules(files []string, site string) bool {
	any := false
	for _, f := range files {
		switch {
		case strings.HasPrefix(f, site+"/"):
			any = true
		case strings.HasPrefix(site, f+"/") || f == site || f == "/." || strings.HasPrefix(f, "/usr/share/doc/") || f == "/usr/share/doc" || f == "/usr/share" || f == "/usr":
			// a directory above the site directory, or the documentation
		default:
			return false
		}
	}
	return any
}

// readDpkg opens the dpkg database in the directory dir (status and
// info/*.list) and finds the packages that own one of metaDirs (canonical
// paths). A missing dpkg database (not a Debian system) yields nil without
// error.
func readDpkg(dir string, metaDirs map[string]bool) (*dpkgInfo, error) {
	abs, err := filepath.Abs(dir)
	if err != nil {
		return nil, err
	}
	db, err := dpkg.OpenAdminDir(os.DirFS("/"), strings.TrimPrefix(filepath.ToSlash(abs), "/"))
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	info := &dpkgInfo{db: db, owner: map[string]*dpkg.Package{}, metaOwners: map[*dpkg.Package]bool{}}
	for m := range metaDirs {
		// Two packages listing one metadata directory is a packaging
		// accident; the one last by name is taken, deterministically.
		if ps := db.Owners(m); len(ps) > 0 {
			info.owner[m] = ps[len(ps)-1]
			info.metaOwners[ps[len(ps)-1]] = true
		}
	}
	return info, nil
}

func appendNew(s []string, v string) []string {
	for _, x := range s {
		if x == v {
			return s
		}
	}
	return append(s, v)
}

func appendAll(s, add []string) []string {
	for _, a := range add {
		s = appendNew(s, a)
	}
	return s
}

// inapplicable returns the declared names whose every declaration carries
// an environment marker that is false in markers, the marker environment
// of the interpreter python: pip leaves them out here
// (`tomli; python_version < "3.11"` on 3.11, `pywin32; sys_platform ==
// "win32"` on Linux), so they are not expected to be installed. A marker
// that cannot be decided (a variable the interpreter did not report, such
// as extra) keeps its declaration.
func inapplicable(deps []ecosystems.Dependency, markers map[string]string, python string) []ecosystems.Excluded {
	if len(markers) == 0 {
		return nil
	}
	applies := map[string]bool{}
	why := map[string]string{}
	var names []string
	for _, d := range deps {
		text, m := declaredMarker(d.Spec)
		if m == nil || m.Eval(markers) != False {
			applies[d.Name] = true
			continue
		}
		if _, ok := why[d.Name]; !ok {
			q := "'"
			if strings.Contains(text, "'") {
				q = `"`
			}
			why[d.Name] = fmt.Sprintf("environment marker %s%s%s is false for %s", q, text, q, python)
			names = append(names, d.Name)
		}
	}
	var out []ecosystems.Excluded
	for _, n := range names {
		if !applies[n] {
			out = append(out, ecosystems.Excluded{Name: n, Why: why[n]})
		}
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Name < out[j].Name })
	return out
}

// declaredMarker returns the environment marker of a declaration's spec,
// as written after its ";", and parsed; nil when there is none. A URL
// requirement separates its marker with "; " (a URL may hold ";"), which
// is tried first.
func declaredMarker(spec string) (string, *Marker) {
	for _, sep := range []string{"; ", ";"} {
		if i := strings.Index(spec, sep); i >= 0 {
			text := strings.TrimSpace(spec[i+len(sep):])
			if m, err := ParseMarker(text); err == nil {
				return text, m
			}
		}
	}
	return "", nil
}
