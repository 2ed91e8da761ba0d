package python

import (
	"errors"
	"fmt"
	"regexp"
	"strconv"
	"strings"

	"github.com/envaudit/envaudit/ecosystems"
	"github.com/envaudit/envaudit/internal/posdoc"
)

// manifest is what one manifest file declares: dependencies, the names the
// project itself goes by (so self-references such as "mypkg[test]" in an
// extra are not dependencies), and requirements files it delegates to
// (setuptools' dynamic dependencies, setup.cfg "file:").
type manifest struct {
	deps     []ecosystems.Dependency
	self     []string // normalised names of the project itself
	reqFiles []reqRoot
}

// reqRoot is a requirements file a manifest names, with the scope and group
// its entries take.
type reqRoot struct {
	file  string // slash path relative to the project root
	pos   ecosystems.Pos
	scope ecosystems.Scope
	group string
}

// newDep returns the declaration of name at line of file, the project's
// manifest, or at via when file lies outside the project (a requirements
// file included from ../): see ecosystems.PosVia.
func newDep(file string, line int, via ecosystems.Pos, name, spec string, scope ecosystems.Scope, group string) ecosystems.Dependency {
	n := ecosystems.NormalizePyPI(name)
	d := ecosystems.Dependency{Name: n, Spec: spec, Scope: scope, Pos: ecosystems.PosVia(file, line, via), Group: group}
	if name != n {
		d.Raw = name
	}
	return d
}

// reqDep parses one PEP 508 string of a TOML manifest. Strings that start
// with "-e " (PDM's editable entries) are read like a requirements line.
func reqDep(file string, v *posdoc.Value, scope ecosystems.Scope, group string, local localNamer) (*ecosystems.Dependency, error) {
	s := strings.TrimSpace(v.Text)
	if rest, ok := strings.CutPrefix(s, "-e "); ok {
		e, err := parseReqArg(strings.TrimSpace(rest), true, local)
		if err != nil {
			return nil, ecosystems.Errorf(file, v.Pos.Line, "invalid editable requirement %q: %w", rest, err)
		}
		if e == nil {
			return nil, nil
		}
		d := newDep(file, v.Pos.Line, ecosystems.Pos{}, e.name, e.spec, scope, group)
		return &d, nil
	}
	r, err := ParseRequirement(s)
	if err != nil {
		return nil, ecosystems.Errorf(file, v.Pos.Line, "invalid requirement %q: %w", s, err)
	}
	d := newDep(file, v.Pos.Line, ecosystems.Pos{}, r.Name, r.Rest, scope, group)
	return &d, nil
}

// want checks the kind of a manifest value and says where it is wrong.
func want(file, what string, v *posdoc.Value, kind posdoc.Kind) error {
	if v.Kind != kind {
		return ecosystems.Errorf(file, v.Pos.Line, "%s must be %s, not %s", what, kind, v.Kind.String())
	}
	return nil
}

// stringArray returns the strings of an array value, or a positioned error.
func stringArray(file, what string, v *posdoc.Value) ([]*posdoc.Value, error) {
	if err := want(file, what, v, posdoc.Array); err != nil {
		return nil, err
	}
	for _, x := range v.Elems {
		if x.Kind != posdoc.String {
			return nil, ecosystems.Errorf(file, x.Pos.Line, "%s must hold strings, not %s", what, x.Kind.String())
		}
	}
	return v.Elems, nil
}

// parseTOML parses a pyproject.toml or Pipfile. Errors are
// *ecosystems.PosError values at the offending line of file, worded
// "invalid TOML: ...".
func parseTOML(file string, data []byte) (*posdoc.Value, error) {
	doc, err := posdoc.ParseTOML(file, data)
	var pe *posdoc.Error
	if errors.As(err, &pe) {
		return nil, ecosystems.Errorf(file, pe.Pos.Line, "invalid TOML: %s", strings.TrimPrefix(pe.Err.Error(), "toml: "))
	}
	return doc, err
}

// parsePyproject reads the dependency tables of a pyproject.toml:
//
//   - [project] dependencies (runtime) and optional-dependencies (optional,
//     group = the extra; Open gives an extra for tests or development, and
//     a test runner in any extra, that tooling's scope), PEP 621;
//   - [dependency-groups] (PEP 735; dev or test by the group's name, with
//     {include-group = "..."} entries checked but not repeated);
//   - [tool.poetry] dependencies (without "python"), dev-dependencies and
//     group.<name>.dependencies;
//   - [tool.pdm] dev-dependencies and [tool.uv] dev-dependencies;
//   - [tool.hatch.envs.<name>] dependencies and extra-dependencies;
//   - [tool.setuptools.dynamic] dependencies / optional-dependencies given
//     as requirements files.
//
// [build-system] requires is not read: build backends are installed into
// an isolated build environment, never into the environment the run uses.
func parsePyproject(file string, data []byte, local localNamer) (*manifest, error) {
	doc, err := parseTOML(file, data)
	if err != nil {
		return nil, err
	}
	m := &manifest{}
	add := func(d *ecosystems.Dependency) {
		if d != nil {
			m.deps = append(m.deps, *d)
		}
	}
	if name := doc.Lookup("project", "name"); name != nil && name.Kind == posdoc.String {
		m.self = append(m.self, ecosystems.NormalizePyPI(name.Text))
	}
	if name := doc.Lookup("tool", "poetry", "name"); name != nil && name.Kind == posdoc.String {
		m.self = append(m.self, ecosystems.NormalizePyPI(name.Text))
	}

	if v := doc.Lookup("project", "dependencies"); v != nil {
		items, err := stringArray(file, "[project] dependencies", v)
		if err != nil {
			return nil, err
		}
		for _, x := range items {
			d, err := reqDep(file, x, ecosystems.ScopeRuntime, "", local)
			if err != nil {
				return nil, err
			}
			add(d)
		}
	}
	if v := doc.Lookup("project", "optional-dependencies"); v != nil {
		if err := want(file, "[project] optional-dependencies", v, posdoc.Table); err != nil {
			return nil, err
		}
		for _, extraM := range v.Members {
			extra := extraM.Key
			items, err := stringArray(file, fmt.Sprintf("[project.optional-dependencies] %s", extra), extraM.Value)
			if err != nil {
				return nil, err
			}
			for _, x := range items {
				d, err := reqDep(file, x, ecosystems.ScopeOptional, extra, local)
				if err != nil {
					return nil, err
				}
				add(d)
			}
		}
	}
	if err := dependencyGroups(file, doc, m, local); err != nil {
		return nil, err
	}
	if err := poetry(file, doc, m); err != nil {
		return nil, err
	}
	if v := doc.Lookup("tool", "pdm", "dev-dependencies"); v != nil {
		if err := want(file, "[tool.pdm] dev-dependencies", v, posdoc.Table); err != nil {
			return nil, err
		}
		for _, gM := range v.Members {
			g := gM.Key
			items, err := stringArray(file, "[tool.pdm.dev-dependencies] "+g, gM.Value)
			if err != nil {
				return nil, err
			}
			for _, x := range items {
				d, err := reqDep(file, x, groupScope(g, ecosystems.ScopeDev), g, local)
				if err != nil {
					return nil, err
				}
				add(d)
			}
		}
	}
	if v := doc.Lookup("tool", "uv", "dev-dependencies"); v != nil {
		items, err := stringArray(file, "[tool.uv] dev-dependencies", v)
		if err != nil {
			return nil, err
		}
		for _, x := range items {
			d, err := reqDep(file, x, ecosystems.ScopeDev, "", local)
			if err != nil {
				return nil, err
			}
			add(d)
		}
	}
	if err := hatchEnvs(file, doc, m, local); err != nil {
		return nil, err
	}
	if err := setuptoolsDynamic(file, doc, m); err != nil {
		return nil, err
	}
	m.deps = dropSelf(m.deps, m.self)
	return m, nil
}

// dependencyGroups reads PEP 735 [dependency-groups]. An include-group entry
// must name an existing group and must not form a cycle; the included
// group's requirements are reported once, at their own lines.
func dependencyGroups(file string, doc *posdoc.Value, m *manifest, local localNamer) error {
	v := doc.Lookup("dependency-groups")
	if v == nil {
		return nil
	}
	if err := want(file, "[dependency-groups]", v, posdoc.Table); err != nil {
		return err
	}
	byNorm := map[string]string{}
	for _, gM := range v.Members {
		g := gM.Key
		n := ecosystems.NormalizePyPI(g)
		if prev, ok := byNorm[n]; ok {
			return ecosystems.Errorf(file, gM.Value.Pos.Line, "dependency group %q duplicates %q", g, prev)
		}
		byNorm[n] = g
	}
	includes := map[string][]string{}
	for _, gM := range v.Members {
		g := gM.Key
		what := "[dependency-groups] " + g
		arr := gM.Value
		if err := want(file, what, arr, posdoc.Array); err != nil {
			return err
		}
		for _, x := range arr.Elems {
			switch x.Kind {
			case posdoc.String:
				d, err := reqDep(file, x, groupScope(g, ecosystems.ScopeDev), g, local)
				if err != nil {
					return err
				}
				if d != nil {
					m.deps = append(m.deps, *d)
				}
			case posdoc.Table:
				inc := x.Lookup("include-group")
				if inc == nil || inc.Kind != posdoc.String || len(x.Members) != 1 {
					return ecosystems.Errorf(file, x.Pos.Line, "%s: a table entry must be {include-group = \"name\"}", what)
				}
				target, ok := byNorm[ecosystems.NormalizePyPI(inc.Text)]
				if !ok {
					return ecosystems.Errorf(file, x.Pos.Line, "%s: include-group %q names no dependency group", what, inc.Text)
				}
				includes[g] = append(includes[g], target)
			default:
				return ecosystems.Errorf(file, x.Pos.Line, "%s must hold strings and include-group tables, not %s", what, x.Kind.String())
			}
		}
	}
	// Cycles: depth-first search over the include graph.
	state := map[string]int{} // 1 visiting, 2 done
	var visit func(g string, path []string) error
	visit = func(g string, path []string) error {
		switch state[g] {
		case 1:
			return ecosystems.Errorf(file, v.Get(path[0]).Pos.Line, "dependency groups include each other in a cycle: %s", strings.Join(append(path, g), " -> "))
		case 2:
			return nil
		}
		state[g] = 1
		for _, t := range includes[g] {
			if err := visit(t, append(path, g)); err != nil {
				return err
			}
		}
		state[g] = 2
		return nil
	}
	for _, gM := range v.Members {
		g := gM.Key
		if err := visit(g, nil); err != nil {
			return err
		}
	}
	return nil
}

// poetry reads [tool.poetry] dependency tables. Their keys are names and
// their values a version string, a table (version, git, path, url,
// optional, extras, markers, ...) or an array of such tables.
func poetry(file string, doc *posdoc.Value, m *manifest) error {
	p := doc.Lookup("tool", "poetry")
	if p == nil || p.Kind != posdoc.Table {
		return nil
	}
	// Which extras list each optional dependency, for its group.
	extraOf := map[string]string{}
	if ex := p.Lookup("extras"); ex != nil && ex.Kind == posdoc.Table {
		for _, eM := range ex.Members {
			e := eM.Key
			if arr := eM.Value; arr.Kind == posdoc.Array {
				for _, x := range arr.Elems {
					if x.Kind == posdoc.String {
						n := ecosystems.NormalizePyPI(x.Text)
						if _, ok := extraOf[n]; !ok {
							extraOf[n] = e
						}
					}
				}
			}
		}
	}
	table := func(what string, t *posdoc.Value, scope ecosystems.Scope, group string, main bool) error {
		if err := want(file, what, t, posdoc.Table); err != nil {
			return err
		}
		for _, nameM := range t.Members {
			name := nameM.Key
			if main && strings.EqualFold(name, "python") {
				continue
			}
			v := nameM.Value
			if !validName(name) {
				return ecosystems.Errorf(file, v.Pos.Line, "%s: invalid package name %q", what, name)
			}
			spec, optional, err := poetrySpec(file, what+" "+name, v)
			if err != nil {
				return err
			}
			sc, g := scope, group
			if optional && main {
				sc, g = ecosystems.ScopeOptional, extraOf[ecosystems.NormalizePyPI(name)]
			}
			m.deps = append(m.deps, newDep(file, v.Pos.Line, ecosystems.Pos{}, name, spec, sc, g))
		}
		return nil
	}
	if v := p.Lookup("dependencies"); v != nil {
		if err := table("[tool.poetry.dependencies]", v, ecosystems.ScopeRuntime, "", true); err != nil {
			return err
		}
	}
	if v := p.Lookup("dev-dependencies"); v != nil {
		if err := table("[tool.poetry.dev-dependencies]", v, ecosystems.ScopeDev, "", false); err != nil {
			return err
		}
	}
	if groups := p.Lookup("group"); groups != nil {
		if err := want(file, "[tool.poetry.group]", groups, posdoc.Table); err != nil {
			return err
		}
		for _, gM := range groups.Members {
			g := gM.Key
			deps := gM.Value.Lookup("dependencies")
			if deps == nil {
				continue
			}
			scope := groupScope(g, ecosystems.ScopeDev)
			if g == "main" {
				scope = ecosystems.ScopeRuntime
			}
			if err := table(fmt.Sprintf("[tool.poetry.group.%s.dependencies]", g), deps, scope, g, g == "main"); err != nil {
				return err
			}
		}
	}
	return nil
}

// poetrySpec summarises a Poetry dependency value as a spec string: the
// version (or git, path, url, file) and, after " ; ", the environment
// marker that its markers and python restriction make, so a dependency
// restricted to other Pythons (`tomli = {version = "^2", python =
// "<3.11"}`) is inapplicable on the interpreter the run used, like a
// requirement with a false marker. A list of constraints for different
// environments joins the versions with " | " and the markers with "or".
func poetrySpec(file, what string, v *posdoc.Value) (spec string, optional bool, err error) {
	version, marker, optional, err := poetryConstraint(file, what, v)
	if err != nil {
		return "", false, err
	}
	return withMarker(version, marker), optional, nil
}

// poetryConstraint reads one Poetry dependency value into its version and
// its marker ("" when it has none).
func poetryConstraint(file, what string, v *posdoc.Value) (version, marker string, optional bool, err error) {
	switch v.Kind {
	case posdoc.String:
		if v.Text == "*" {
			return "", "", false, nil
		}
		return v.Text, "", false, nil
	case posdoc.Table:
		for _, k := range []string{"version", "git", "path", "url", "file"} {
			if x := v.Lookup(k); x != nil && x.Kind == posdoc.String && x.Text != "*" {
				version = x.Text
				break
			}
		}
		var markers []string
		if x := v.Lookup("markers"); x != nil && x.Kind == posdoc.String {
			if _, err := ParseMarker(x.Text); err != nil {
				return "", "", false, ecosystems.Errorf(file, x.Pos.Line, "%s: invalid markers %q: %w", what, x.Text, err)
			}
			markers = append(markers, strings.TrimSpace(x.Text))
		}
		if x := v.Lookup("python"); x != nil && x.Kind == posdoc.String {
			m, err := poetryPythonMarker(x.Text)
			if err != nil {
				return "", "", false, ecosystems.Errorf(file, x.Pos.Line, "%s: invalid python restriction %q: %w", what, x.Text, err)
			}
			if m != "" {
				markers = append(markers, m)
			}
		}
		if x := v.Lookup("optional"); x != nil {
			optional = x.Kind == posdoc.Bool && x.Text == "true"
		}
		return version, joinMarkers(markers, "and"), optional, nil
	case posdoc.Array:
		var versions, markers []string
		optional = true
		always := false // an alternative without a marker applies everywhere
		for _, x := range v.Elems {
			if x.Kind != posdoc.Table {
				return "", "", false, ecosystems.Errorf(file, x.Pos.Line, "%s must hold tables, not %s", what, x.Kind.String())
			}
			ver, m, o, err := poetryConstraint(file, what, x)
			if err != nil {
				return "", "", false, err
			}
			if ver != "" {
				versions = append(versions, ver)
			}
			if m == "" {
				always = true
			} else {
				markers = append(markers, m)
			}
			optional = optional && o
		}
		if always {
			markers = nil
		}
		return strings.Join(versions, " | "), joinMarkers(markers, "or"), optional && len(v.Elems) > 0, nil
	}
	return "", "", false, ecosystems.Errorf(file, v.Pos.Line, "%s must be a version string or a table, not %s", what, v.Kind.String())
}

// joinMarkers joins marker expressions with op ("and", "or"), each in
// parentheses when there are several.
func joinMarkers(ms []string, op string) string {
	if len(ms) < 2 {
		return strings.Join(ms, "")
	}
	parts := make([]string, len(ms))
	for i, m := range ms {
		parts[i] = "(" + m + ")"
	}
	return strings.Join(parts, " "+op+" ")
}

// poetryPythonMarker turns the python restriction of a Poetry dependency
// ("<3.9", ">=3.7,<3.11", "^3.8", "~3.8", "3.8.*", ">=3.6 || ~2.7") into an
// environment marker on python_version (python_full_version where a
// bound has three parts); "" when it restricts nothing ("*").
func poetryPythonMarker(c string) (string, error) {
	c = poetryOpSpace.ReplaceAllString(c, "$1")
	var alts []string
	for _, alt := range strings.Split(c, "||") {
		var clauses []string
		for _, cl := range strings.FieldsFunc(alt, func(r rune) bool { return r == ',' || r == ' ' || r == '\t' }) {
			m, err := poetryPythonClause(cl)
			if err != nil {
				return "", err
			}
			clauses = append(clauses, m...)
		}
		if len(clauses) == 0 {
			return "", nil // "*" or empty: any Python
		}
		alts = append(alts, strings.Join(clauses, " and "))
	}
	return joinMarkers(alts, "or"), nil
}

// poetryOpSpace matches an operator and the blanks after it (">= 3.7"),
// so that blanks only separate clauses.
var poetryOpSpace = regexp.MustCompile(`([<>=!~^]+)\s+`)

// poetryPythonClause turns one clause of a python restriction into marker
// comparisons.
func poetryPythonClause(cl string) ([]string, error) {
	if cl == "*" {
		return nil, nil
	}
	op := ""
	for _, o := range []string{">=", "<=", "!=", "==", "~=", ">", "<", "^", "~", "="} {
		if strings.HasPrefix(cl, o) {
			op, cl = o, strings.TrimSpace(cl[len(o):])
			break
		}
	}
	wild := strings.HasSuffix(cl, ".*")
	ver := strings.TrimSuffix(cl, ".*")
	parts := strings.Split(ver, ".")
	nums := make([]int, len(parts))
	for i, p := range parts {
		n, err := strconv.Atoi(p)
		if err != nil || n < 0 {
			return nil, fmt.Errorf("version %q is not numeric", cl)
		}
		nums[i] = n
	}
	cmp := func(op string, ns []int) string {
		v := make([]string, len(ns))
		for i, n := range ns {
			v[i] = strconv.Itoa(n)
		}
		key := "python_version"
		if len(ns) > 2 {
			key = "python_full_version"
		}
		return fmt.Sprintf("%s %s %q", key, op, strings.Join(v, "."))
	}
	// next returns the version just above the first n parts of nums:
	// ^3.8 and 3.* stop below 4, ~3.8 and 3.8.* below 3.9.
	next := func(n int) []int {
		out := append([]int(nil), nums[:n]...)
		out[n-1]++
		if n == 1 {
			out = append(out, 0)
		}
		return out
	}
	switch {
	case wild && (op == "" || op == "==" || op == "="):
		return []string{cmp(">=", nums), cmp("<", next(len(nums)))}, nil
	case wild:
		return nil, fmt.Errorf("a wildcard version %q needs == or no operator", cl)
	case op == "^":
		n := 1
		for n < len(nums) && nums[n-1] == 0 {
			n++
		}
		return []string{cmp(">=", nums), cmp("<", next(n))}, nil
	case op == "~":
		n := 2
		if len(nums) == 1 {
			n = 1
		}
		return []string{cmp(">=", nums), cmp("<", next(n))}, nil
	case op == "~=":
		if len(nums) < 2 {
			return nil, fmt.Errorf("~= needs two version parts, not %q", cl)
		}
		return []string{cmp(">=", nums), cmp("<", next(len(nums)-1))}, nil
	case op == "" || op == "=":
		return []string{cmp("==", nums)}, nil
	}
	return []string{cmp(op, nums)}, nil
}

// hatchEnvs reads the dependencies and extra-dependencies of Hatch
// environments ([tool.hatch.envs.<name>]): tools for working on the
// project, dev or test by the environment's name, grouped under it.
func hatchEnvs(file string, doc *posdoc.Value, m *manifest, local localNamer) error {
	envs := doc.Lookup("tool", "hatch", "envs")
	if envs == nil || envs.Kind != posdoc.Table {
		return nil
	}
	for _, nameM := range envs.Members {
		name := nameM.Key
		env := nameM.Value
		if env.Kind != posdoc.Table {
			continue
		}
		for _, key := range []string{"dependencies", "extra-dependencies"} {
			v := env.Lookup(key)
			if v == nil {
				continue
			}
			items, err := stringArray(file, fmt.Sprintf("[tool.hatch.envs.%s] %s", name, key), v)
			if err != nil {
				return err
			}
			for _, x := range items {
				d, err := reqDep(file, x, groupScope(name, ecosystems.ScopeDev), name, local)
				if err != nil {
					return err
				}
				if d != nil {
					m.deps = append(m.deps, *d)
				}
			}
		}
	}
	return nil
}

// setuptoolsDynamic follows [tool.setuptools.dynamic] dependencies and
// optional-dependencies given as {file = [...]}: those requirements files
// are the declarations.
func setuptoolsDynamic(file string, doc *posdoc.Value, m *manifest) error {
	dyn := doc.Lookup("tool", "setuptools", "dynamic")
	if dyn == nil || dyn.Kind != posdoc.Table {
		return nil
	}
	files := func(what string, v *posdoc.Value, scope ecosystems.Scope, group string) error {
		f := v.Lookup("file")
		if f == nil {
			return nil
		}
		var names []*posdoc.Value
		switch f.Kind {
		case posdoc.String:
			names = []*posdoc.Value{f}
		case posdoc.Array:
			var err error
			if names, err = stringArray(file, what+" file", f); err != nil {
				return err
			}
		default:
			return ecosystems.Errorf(file, f.Pos.Line, "%s file must be a string or an array of strings, not %s", what, f.Kind.String())
		}
		for _, n := range names {
			m.reqFiles = append(m.reqFiles, reqRoot{file: n.Text, pos: ecosystems.PosVia(file, n.Pos.Line, ecosystems.Pos{}), scope: scope, group: group})
		}
		return nil
	}
	if v := dyn.Lookup("dependencies"); v != nil && v.Kind == posdoc.Table {
		if err := files("[tool.setuptools.dynamic] dependencies", v, ecosystems.ScopeRuntime, ""); err != nil {
			return err
		}
	}
	if v := dyn.Lookup("optional-dependencies"); v != nil && v.Kind == posdoc.Table {
		for _, extraM := range v.Members {
			extra := extraM.Key
			if x := extraM.Value; x.Kind == posdoc.Table {
				if err := files("[tool.setuptools.dynamic.optional-dependencies] "+extra, x, ecosystems.ScopeOptional, extra); err != nil {
					return err
				}
			}
		}
	}
	return nil
}

// dropSelf removes references to the project itself, such as an extra
// that pulls in the project's other extras ("mypkg[test,docs]").
func dropSelf(deps []ecosystems.Dependency, self []string) []ecosystems.Dependency {
	if len(self) == 0 {
		return deps
	}
	out := deps[:0]
	for _, d := range deps {
		isSelf := false
		for _, s := range self {
			if d.Name == s {
				isSelf = true
			}
		}
		if !isSelf {
			out = append(out, d)
		}
	}
	return out
}

// groupScope classifies a named group of dependencies (a dependency group,
// a Poetry group, a Pipfile category, a requirements file name) by the words
// in its name: test words make it test, development words dev, "build"
// build, runtime words runtime; otherwise def.
func groupScope(name string, def ecosystems.Scope) ecosystems.Scope {
	if s, ok := nameScope(name); ok {
		return s
	}
	return def
}

func nameScope(name string) (ecosystems.Scope, bool) {
	words := strings.FieldsFunc(strings.ToLower(name), func(r rune) bool {
		return !(r >= 'a' && r <= 'z' || r >= '0' && r <= '9')
	})
	has := func(set map[string]bool) bool {
		for _, w := range words {
			if set[w] {
				return true
			}
		}
		return false
	}
	switch {
	case has(testWords):
		return ecosystems.ScopeTest, true
	case has(devWords):
		return ecosystems.ScopeDev, true
	case has(map[string]bool{"build": true, "setup": true}):
		return ecosystems.ScopeBuild, true
	case has(runtimeWords):
		return ecosystems.ScopeRuntime, true
	}
	return "", false
}

var testWords = map[string]bool{"test": true, "tests": true, "testing": true, "pytest": true, "unittest": true, "tox": true, "nox": true, "coverage": true, "cov": true, "e2e": true, "integration": true}

var devWords = map[string]bool{"dev": true, "devel": true, "develop": true, "development": true, "lint": true, "linting": true, "linter": true, "linters": true,
	"docs": true, "doc": true, "documentation": true, "typing": true, "types": true, "mypy": true, "style": true, "format": true, "fmt": true,
	"tools": true, "tooling": true, "bench": true, "benchmark": true, "benchmarks": true, "release": true, "debug": true, "ci": true, "check": true, "checks": true, "qa": true, "pre": true, "precommit": true}

var runtimeWords = map[string]bool{"prod": true, "production": true, "runtime": true, "main": true, "install": true, "deploy": true}
