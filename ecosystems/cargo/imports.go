package cargo

import (
	"context"
	"fmt"
	"io/fs"
	"path"
	"regexp"
	"sort"
	"strings"

	"github.com/envaudit/envaudit/ecosystems"
)

// Imports implements ecosystems.Importer: rustc's word on what the run
// compiled (compiledImports), and, for the bench targets cargo test does
// not build, the crates their sources name (benchImports). Without the
// wrapper's records the bench imports alone are known, with a warning that
// the other targets were not judged.
func (pr *project) Imports(ctx context.Context, env ecosystems.Env) (*ecosystems.Imports, error) {
	bench, read, err := pr.benchImports(ctx)
	if err != nil {
		return nil, err
	}
	var res *ecosystems.Imports
	if pr.src.OnDisk() {
		if res, err = pr.compiledImports(env); err != nil {
			return nil, err
		}
	} else if bench == nil {
		return nil, ecosystems.ErrNotOnDisk
	}
	switch {
	case bench == nil:
		if res != nil {
			sortImports(res.List)
		}
		return res, nil
	case res == nil:
		bench.Warnings = append(bench.Warnings, fmt.Sprintf("cargo: only the bench targets, which cargo test does not build, were read for imports (%s); the other targets' use is rustc's verdict, not known for this run", strings.Join(read, ", ")))
		sortImports(bench.List)
		return bench, nil
	}
	// A bench the run did compile (cargo bench, --all-targets) is in
	// rustc's records already.
	have := map[[2]string]bool{}
	for _, im := range res.List {
		have[[2]string{im.Package, im.Pos.File}] = true
	}
	for _, im := range bench.List {
		if !have[[2]string{im.Package, im.Pos.File}] {
			res.List = append(res.List, im)
		}
	}
	res.Files += bench.Files
	res.Warnings = append(res.Warnings, bench.Warnings...)
	sortImports(res.List)
	return res, nil
}

// sortImports orders imports by file, line and package.
func sortImports(list []ecosystems.Import) {
	sort.SliceStable(list, func(i, j int) bool {
		a, b := list[i], list[j]
		if a.Pos.File != b.Pos.File {
			return a.Pos.File < b.Pos.File
		}
		if a.Pos.Line != b.Pos.Line {
			return a.Pos.Line < b.Pos.Line
		}
		return a.Package < b.Package
	})
}

// compiledImports is the compiler's word rather than a reading of the
// sources: rustc's verdict on each compilation of a
// workspace crate in the traced run, as the rustc wrapper recorded it
// (wrapper.go). A declared crate a compilation was given and used is an
// import of that compilation's code: a test's when the compilation is a
// test harness (`--test`: unit tests, tests/*.rs) or an example or bench
// target, a build-only one (ImportCompile) for a build script, and the
// code's otherwise; a crate the library's doc tests name is the code's
// when the run compiled the doc tests. Each import is placed at the first
// line of the compiled target's sources that names the crate (a path, a
// use or an extern crate item), else at its root file.
//
// Without the wrapper's records (a run not through envaudit, a project
// that sets the lint's level itself, a cargo that failed before it
// compiled anything) it returns nil: nothing is known.
// The imports are complete only when the run compiled the tests of every
// workspace crate (cargo test); otherwise a warning says which were not,
// so the absence of an import is no evidence there.
func (pr *project) compiledImports(env ecosystems.Env) (*ecosystems.Imports, error) {
	recs, warnings := readRecords(env.Channel)
	if len(recs) == 0 {
		// Not through the wrapper, or nothing compiled (cargo failed
		// before): Installed says why.
		return nil, nil
	}
	res := &ecosystems.Imports{Warnings: warnings}
	byMember := map[string]map[string]string{}
	for _, m := range pr.members {
		byMember[m.name] = pr.externsOf(m)
	}
	compiled, tested := map[string]bool{}, map[string]bool{}
	files := map[string]bool{}
	seen := map[ecosystems.Import]bool{}
	src := newSourceCache(pr)
	add := func(im ecosystems.Import) {
		if !seen[im] {
			seen[im] = true
			res.List = append(res.List, im)
		}
	}
	for _, r := range recs {
		externs, ok := byMember[r.pkg]
		if !ok {
			continue
		}
		compiled[r.pkg] = true
		if r.test {
			tested[r.pkg] = true
		}
		file := pr.relSource(r.src)
		if file != "" {
			files[file] = true
		}
		kind := ecosystems.ImportRuntime
		if r.crate == "build_script_build" {
			kind = ecosystems.ImportCompile
		}
		test := r.test || testTarget(pr.memberDir(r.pkg), file)
		for _, ext := range r.externs {
			pkg, ok := externs[ext]
			if !ok || r.unused[ext] {
				continue
			}
			at := src.firstUse(file, ext)
			if at == (ecosystems.Pos{}) {
				// The crate root is not the project's (a source generated
				// in a target directory elsewhere): the use is placed on
				// the member's declaration of the crate.
				at = pr.declaredIn(r.pkg, pkg)
			}
			add(ecosystems.Import{Package: pkg, Module: ext, Pos: at, Kind: kind, Test: test})
		}
	}
	if ranRustdoc(env.Executables) {
		for _, m := range pr.members {
			if !tested[m.name] {
				continue
			}
			for _, u := range pr.doctestCrates(m, byMember[m.name]) {
				// Doc tests are tests: what only they use is the
				// tests' need, which a dev-dependency covers.
				add(ecosystems.Import{Package: u.pkg, Module: externOf(byMember[m.name], u.pkg), Pos: ecosystems.PosVia(u.file, u.line, pr.declaredIn(m.name, u.pkg)), Kind: ecosystems.ImportRuntime, Test: true})
			}
		}
	}
	for _, m := range pr.members {
		switch {
		case !compiled[m.name]:
			res.Warnings = append(res.Warnings, fmt.Sprintf("the run compiled no crate of %q through envaudit's rustc wrapper: what its code uses is unknown", m.name))
		case !tested[m.name]:
			res.Warnings = append(res.Warnings, fmt.Sprintf("the run compiled no test of %q (cargo test compiles them): what its tests use is unknown", m.name))
		}
	}
	all := map[string]bool{}
	for f := range files {
		for _, g := range src.list(f) {
			all[g] = true
		}
	}
	res.Files = len(all)
	return res, nil
}

// externsOf maps the extern names a member's code uses to the packages
// it declares.
func (pr *project) externsOf(m *manifest) map[string]string {
	out := map[string]string{}
	for _, d := range pr.decls {
		if d.dep.Pos.File == m.rel {
			out[d.extern] = d.dep.Name
		}
	}
	return out
}

// externOf returns the extern name under which externs gives pkg.
func externOf(externs map[string]string, pkg string) string {
	var names []string
	for e, p := range externs {
		if p == pkg {
			names = append(names, e)
		}
	}
	sort.Strings(names)
	if len(names) == 0 {
		return pkg
	}
	return names[0]
}

// declaredIn returns where the member named member declares pkg: its
// line in the member's Cargo.toml, else that manifest.
func (pr *project) declaredIn(member, pkg string) ecosystems.Pos {
	for _, m := range pr.members {
		if m.name != member {
			continue
		}
		for _, d := range pr.decls {
			if d.dep.Pos.File == m.rel && d.dep.Name == pkg {
				return d.dep.Pos
			}
		}
		return ecosystems.PosVia(m.rel, 0, ecosystems.Pos{})
	}
	return ecosystems.Pos{}
}

// memberDir returns the directory (slash-separated, from the root) of
// the member named name.
func (pr *project) memberDir(name string) string {
	for _, m := range pr.members {
		if m.name == name {
			return m.dir
		}
	}
	return "."
}

// testTarget reports whether file, a crate root, is a target only tests
// and benchmarks build: under the member's tests/, benches/ or examples/.
func testTarget(memberDir, file string) bool {
	rel := file
	if memberDir != "." {
		var ok bool
		if rel, ok = strings.CutPrefix(file, memberDir+"/"); !ok {
			return false
		}
	}
	first, _, _ := strings.Cut(rel, "/")
	return first == "tests" || first == "benches" || first == "examples"
}

// relSource returns a crate root as cargo named it (relative to the
// workspace root, or absolute) as the project names it (ecosystems.NewPos);
// "" when it is not the project's.
func (pr *project) relSource(p string) string {
	pos, err := ecosystems.NewPos(pr.src.Root, p, 0)
	if err != nil {
		return ""
	}
	return pos.File
}

// sourceCache reads the project's Rust sources once per Imports call.
type sourceCache struct {
	pr    *project
	files map[string][]string // dir → its .rs files, root file first
	lines map[string][]string
	refs  map[string]*regexp.Regexp
}

func newSourceCache(pr *project) *sourceCache {
	return &sourceCache{pr: pr, files: map[string][]string{}, lines: map[string][]string{}, refs: map[string]*regexp.Regexp{}}
}

// firstUse returns the first line, in the crate root file and then in the
// other Rust files below its directory, that names the extern crate ext
// outside a comment; the root file alone when none does.
func (c *sourceCache) firstUse(root, ext string) ecosystems.Pos {
	if root == "" {
		return ecosystems.Pos{}
	}
	re := c.refs[ext]
	if re == nil {
		re = crateRef(ext)
		c.refs[ext] = re
	}
	for _, f := range c.list(root) {
		lines, ok := c.lines[f]
		if !ok {
			if data, err := c.pr.src.ReadFile(f); err == nil {
				lines = strings.Split(string(data), "\n")
			}
			c.lines[f] = lines
		}
		for i, l := range lines {
			if t := strings.TrimSpace(l); strings.HasPrefix(t, "//") || strings.HasPrefix(t, "*") {
				continue
			}
			if re.MatchString(l) {
				return ecosystems.PosVia(f, i+1, ecosystems.Pos{})
			}
		}
	}
	return ecosystems.PosVia(root, 0, ecosystems.Pos{})
}

// list returns the Rust files of the target whose root file is root: the
// root first, then the others below its directory.
func (c *sourceCache) list(root string) []string {
	dir := path.Dir(root)
	list, ok := c.files[root]
	if !ok {
		list = []string{root}
		_ = fs.WalkDir(c.pr.src.FS, dir, func(p string, d fs.DirEntry, err error) error {
			if err != nil {
				return nil
			}
			if d.IsDir() && p != dir && (d.Name() == "target" || strings.HasPrefix(d.Name(), ".")) {
				return fs.SkipDir
			}
			if !d.IsDir() && strings.HasSuffix(p, ".rs") && p != root {
				list = append(list, p)
			}
			return nil
		})
		c.files[root] = list
	}
	return list
}

var _ ecosystems.Importer = (*project)(nil)
