package cmake

import (
	"errors"
	"io/fs"
	"path/filepath"
	"regexp"
	"strings"

	"github.com/envaudit/envaudit/ecosystems"
)

// call is one command of the project's listfiles with its arguments
// expanded, where it was written, and whether it sits in test code.
type call struct {
	name string // lower case
	args []Arg  // variable references expanded where known; unquoted lists split
	line int
	file string // relative to the root, slash-separated
	test bool   // inside if(BUILD_TESTING)-like blocks or a test directory
}

// walker reads a project's listfiles the way CMake's configure step
// visits them: CMakeLists.txt at the root, every add_subdirectory() it
// names inside the project, and every include() of a file inside the
// project, in order, tracking the variables that set(), list(APPEND),
// option() and project() give literal values, so that declarations written
// with ${VAR} are read as configure would. It evaluates no condition: a
// declaration in any branch of an if() is a declaration.
type walker struct {
	src     ecosystems.Source
	root    string // absolute, cleaned: the Source's PathRoot
	files   []string
	calls   []call
	visited map[string]bool // listfiles on the include stack
	seen    map[string]bool // listfiles read at least once
	parsed  map[string][]Command
	// steps and bytes are the walk's work budget (maxWalkSteps,
	// maxWalkBytes).
	steps, bytes *ecosystems.Budget
}

// maxWalkSteps is the walk's budget of steps: each listfile command
// evaluated and each variable reference expanded is one. CMake runs an
// include() each time it is called, and so does the walk, so a listfile
// that includes another twice, which includes a third twice, … (an
// include fan-out of 2^30) would take exponential time; a real project's
// configure evaluates a few thousand to some tens of thousands of
// commands (LLVM's, one of the largest, under 100,000), so the walk
// stops here with an error at the command past it.
const maxWalkSteps = 500_000

// maxWalkBytes is the walk's budget of bytes: every listfile read, every
// variable's value expanded into a reference and every command's
// expanded arguments, which the walk keeps. A chain of set(A "${B}${B}")
// doubles a value at each line, so 64 lines would ask for 2^64 bytes; a
// real project's values are paths and lists of names, and its listfiles
// re-read at each include stay far below this.
const maxWalkBytes = 64 << 20

// scope is a directory scope: add_subdirectory copies it, include shares it.
type scope struct {
	vars map[string]string
	dir  string // CMAKE_CURRENT_SOURCE_DIR, absolute
	test bool   // a test directory
}

// testCond matches the conditions and directory names of test code:
// if(BUILD_TESTING), if(MYLIB_BUILD_TESTS), add_subdirectory(tests).
var (
	testCond = regexp.MustCompile(`(?i)test`)
	testDir  = regexp.MustCompile(`(?i)^(unit_?)?tests?$|^testing$`)
)

// walk reads the project in src. It returns the first listfile syntax
// error, or the error of a budget the walk spent.
func walk(src ecosystems.Source) (*walker, error) {
	w, err := walkBudget(src)
	if err != nil {
		return nil, err
	}
	return w, nil
}

// walkBudget is walk, returning the walker (its budgets, the tests' and
// fuzz targets' work counters) with the error too.
func walkBudget(src ecosystems.Source) (*walker, error) {
	abs := src.PathRoot()
	w := &walker{src: src, root: abs, visited: map[string]bool{}, seen: map[string]bool{}, parsed: map[string][]Command{},
		steps: ecosystems.NewBudget("listfile commands and variable references evaluated", maxWalkSteps),
		bytes: ecosystems.NewBudget("bytes of listfiles read and arguments expanded", maxWalkBytes)}
	top := filepath.Join(abs, "CMakeLists.txt")
	if _, err := src.Stat("CMakeLists.txt"); err != nil {
		if errors.Is(err, fs.ErrNotExist) {
			return w, nil
		}
		return nil, err
	}
	sc := &scope{vars: map[string]string{}, dir: abs}
	sc.setDirVars(abs, abs)
	return w, w.listfile(top, sc, false)
}

func (s *scope) setDirVars(root, dir string) {
	s.dir = dir
	s.vars["CMAKE_SOURCE_DIR"] = root
	s.vars["CMAKE_CURRENT_SOURCE_DIR"] = dir
	if _, ok := s.vars["PROJECT_SOURCE_DIR"]; !ok {
		s.vars["PROJECT_SOURCE_DIR"] = root
	}
}

func (s *scope) child(dir string, test bool) *scope {
	c := &scope{vars: make(map[string]string, len(s.vars)), dir: dir, test: s.test || test}
	for k, v := range s.vars {
		c.vars[k] = v
	}
	c.vars["CMAKE_CURRENT_SOURCE_DIR"] = dir
	return c
}

// rel returns p relative to the root, slash-separated.
func (w *walker) rel(p string) string {
	r, err := filepath.Rel(w.root, p)
	if err != nil {
		return filepath.ToSlash(p)
	}
	return filepath.ToSlash(r)
}

// inside reports whether p lies in the project.
func (w *walker) inside(p string) bool {
	r, err := filepath.Rel(w.root, p)
	return err == nil && r != ".." && !strings.HasPrefix(r, ".."+string(filepath.Separator))
}

// listfile reads one listfile in scope sc; outerTest says that it is
// included from test code.
func (w *walker) listfile(path string, sc *scope, outerTest bool) error {
	if w.visited[path] {
		return nil // an include cycle; CMake would recurse until it fails
	}
	w.visited[path] = true
	defer delete(w.visited, path)
	rel := w.rel(path)
	if !w.seen[path] {
		w.seen[path] = true
		w.files = append(w.files, rel)
	}
	cmds, err := w.parse(rel)
	if err != nil {
		return err
	}
	prevListDir := sc.vars["CMAKE_CURRENT_LIST_DIR"]
	sc.vars["CMAKE_CURRENT_LIST_DIR"] = filepath.Dir(path)
	sc.vars["CMAKE_CURRENT_LIST_FILE"] = path
	defer func() { sc.vars["CMAKE_CURRENT_LIST_DIR"] = prevListDir }()

	// The if() stack: whether each open block's current branch is test code.
	var conds []bool
	inTest := func() bool {
		for _, c := range conds {
			if c {
				return true
			}
		}
		return sc.test || outerTest
	}
	for _, c := range cmds {
		name := c.Lower()
		if err := w.steps.Spend(rel, c.Line, 1); err != nil {
			return err
		}
		ex := expander{vars: sc.vars, steps: w.steps, bytes: w.bytes, file: rel, line: c.Line}
		args := ex.args(c.Args)
		if ex.err != nil {
			return ex.err
		}
		switch name {
		case "if":
			conds = append(conds, mentionsTest(args))
		case "elseif":
			if len(conds) > 0 {
				conds[len(conds)-1] = mentionsTest(args)
			}
		case "else":
			if len(conds) > 0 {
				conds[len(conds)-1] = false
			}
		case "endif":
			if len(conds) > 0 {
				conds = conds[:len(conds)-1]
			}
		}
		w.calls = append(w.calls, call{name: name, args: args, line: c.Line, file: rel, test: inTest()})

		switch name {
		case "set":
			setVar(sc.vars, args)
		case "option":
			if len(args) >= 1 && literal(args[0].Value) {
				if _, ok := sc.vars[args[0].Value]; !ok {
					v := "OFF"
					if len(args) >= 3 {
						v = args[2].Value
					}
					sc.vars[args[0].Value] = v
				}
			}
		case "list":
			if len(args) >= 2 && strings.EqualFold(args[0].Value, "APPEND") && literal(args[1].Value) {
				var vals []string
				if cur := sc.vars[args[1].Value]; cur != "" {
					vals = append(vals, cur)
				}
				for _, a := range args[2:] {
					vals = append(vals, a.Value)
				}
				sc.vars[args[1].Value] = strings.Join(vals, ";")
			}
		case "project":
			if len(args) >= 1 && literal(args[0].Value) {
				p := args[0].Value
				sc.vars["PROJECT_NAME"] = p
				sc.vars["PROJECT_SOURCE_DIR"] = sc.dir
				sc.vars[p+"_SOURCE_DIR"] = sc.dir
				if _, ok := sc.vars["CMAKE_PROJECT_NAME"]; !ok {
					sc.vars["CMAKE_PROJECT_NAME"] = p
				}
			}
		case "include":
			if len(args) == 0 || !literal(args[0].Value) {
				continue
			}
			if f := w.findInclude(args[0].Value, sc); f != "" {
				if err := w.listfile(f, sc, inTest()); err != nil {
					return err
				}
			}
		case "add_subdirectory":
			if len(args) == 0 || !literal(args[0].Value) {
				continue
			}
			dir := args[0].Value
			if !filepath.IsAbs(dir) {
				dir = filepath.Join(sc.dir, dir)
			}
			dir = filepath.Clean(dir)
			f := filepath.Join(dir, "CMakeLists.txt")
			if !w.inside(dir) {
				continue // a directory outside the project is not its listfile
			}
			if _, err := w.src.Stat(w.rel(f)); err != nil {
				// A submodule that was not checked out, or a directory a
				// configure step generates: CMake would fail here, but the
				// other declarations still stand.
				continue
			}
			child := sc.child(dir, inTest() || testDir.MatchString(filepath.Base(dir)))
			if err := w.listfile(f, child, false); err != nil {
				return err
			}
		}
	}
	return nil
}

// parse returns the commands of the listfile rel, read and parsed the
// first time; the bytes of each read count against the walk's budget,
// as CMake reads a listfile again at each include.
func (w *walker) parse(rel string) ([]Command, error) {
	cmds, ok := w.parsed[rel]
	if !ok {
		src, err := w.src.ReadFile(rel)
		if err != nil {
			return nil, err
		}
		if cmds, err = Parse(rel, src); err != nil {
			return nil, err
		}
		w.parsed[rel] = cmds
	}
	size := 0
	for _, c := range cmds {
		size += len(c.Name)
		for _, a := range c.Args {
			size += len(a.Value)
		}
	}
	if err := w.bytes.Spend(rel, 1, size); err != nil {
		return nil, err
	}
	return cmds, nil
}

// findInclude resolves include(x): a path (relative to the current source
// directory) or a module name looked up in CMAKE_MODULE_PATH. Only files in
// the project are read; CMake's own modules (FetchContent, GNUInstallDirs)
// are not project listfiles.
func (w *walker) findInclude(x string, sc *scope) string {
	var candidates []string
	if strings.ContainsAny(x, `/\`) || strings.HasSuffix(x, ".cmake") {
		p := x
		if !filepath.IsAbs(p) {
			p = filepath.Join(sc.dir, p)
		}
		candidates = append(candidates, p)
	} else {
		for _, d := range strings.Split(sc.vars["CMAKE_MODULE_PATH"], ";") {
			if d == "" || !literal(d) {
				continue
			}
			if !filepath.IsAbs(d) {
				d = filepath.Join(sc.dir, d)
			}
			candidates = append(candidates, filepath.Join(d, x+".cmake"))
		}
	}
	for _, c := range candidates {
		c = filepath.Clean(c)
		if !w.inside(c) {
			continue
		}
		if w.src.IsFile(w.rel(c)) {
			return c
		}
	}
	return ""
}

// setVar applies set(NAME values... [CACHE type doc [FORCE]] [PARENT_SCOPE]).
func setVar(vars map[string]string, args []Arg) {
	if len(args) == 0 || !literal(args[0].Value) {
		return
	}
	var vals []string
	for _, a := range args[1:] {
		if a.Kind == Unquoted && (a.Value == "CACHE" || a.Value == "PARENT_SCOPE") {
			break
		}
		vals = append(vals, a.Value)
	}
	if len(vals) == 0 {
		delete(vars, args[0].Value)
		return
	}
	vars[args[0].Value] = strings.Join(vals, ";")
}

func mentionsTest(args []Arg) bool {
	for _, a := range args {
		if testCond.MatchString(a.Value) {
			return true
		}
	}
	return false
}

// literal reports whether s has no variable reference or generator
// expression left in it.
func literal(s string) bool {
	return !strings.Contains(s, "${") && !strings.Contains(s, "$<") && !strings.Contains(s, "$ENV{") && !strings.Contains(s, "$CACHE{")
}

// expander expands the variable references of one command at line of
// file, spending the walk's budgets: a step for each reference, and the
// bytes of each value it puts in place and of the arguments it returns.
// Once a budget is spent, err says so and nothing more is expanded.
type expander struct {
	vars         map[string]string
	steps, bytes *ecosystems.Budget
	file         string
	line         int
	err          error
}

// expandArgs expands the variable references of each argument that vars
// knows (references to unknown variables stay as written) and splits
// unquoted arguments at unescaped semicolons, as CMake does, with no
// budget.
func expandArgs(in []Arg, vars map[string]string) []Arg {
	ex := expander{vars: vars}
	return ex.args(in)
}

// args is expandArgs within the expander's budgets.
func (ex *expander) args(in []Arg) []Arg {
	out := make([]Arg, 0, len(in))
	for _, a := range in {
		if ex.err != nil {
			return out
		}
		if a.Kind == Bracket {
			out = append(out, a)
			continue
		}
		v := ex.expand(a.Value, 0)
		ex.spend(ex.bytes, len(v))
		if a.Kind == Quoted {
			a.Value = unescape(v)
			out = append(out, a)
			continue
		}
		for _, part := range splitList(v) {
			if part == "" {
				continue // CMake drops empty elements of unquoted arguments
			}
			out = append(out, Arg{Value: unescape(part), Kind: Unquoted, Line: a.Line})
		}
	}
	return out
}

// spend spends n of budget b, keeping the first error.
func (ex *expander) spend(b *ecosystems.Budget, n int) {
	if ex.err == nil {
		ex.err = b.Spend(ex.file, ex.line, n)
	}
}

// expand replaces ${NAME} references, innermost first.
func (ex *expander) expand(s string, depth int) string {
	if depth > 16 || ex.err != nil || !strings.Contains(s, "${") {
		return s
	}
	vars := ex.vars
	var b strings.Builder
	for i := 0; i < len(s); {
		switch {
		case s[i] == '\\' && i+1 < len(s):
			b.WriteString(s[i : i+2])
			i += 2
		case strings.HasPrefix(s[i:], "${"):
			end := closingBrace(s, i+1)
			if end < 0 {
				b.WriteString(s[i:])
				i = len(s)
				continue
			}
			if ex.spend(ex.steps, 1); ex.err != nil {
				return b.String()
			}
			inner := ex.expand(s[i+2:end], depth+1)
			if v, ok := vars[inner]; ok {
				v = ex.expand(v, depth+1)
				if ex.spend(ex.bytes, len(v)); ex.err != nil {
					return b.String()
				}
				b.WriteString(v)
			} else {
				b.WriteString("${" + inner + "}")
			}
			i = end + 1
		default:
			b.WriteByte(s[i])
			i++
		}
	}
	return b.String()
}

// closingBrace returns the index of the } matching the { at open.
func closingBrace(s string, open int) int {
	depth := 0
	for j := open; j < len(s); j++ {
		switch s[j] {
		case '{':
			depth++
		case '}':
			depth--
			if depth == 0 {
				return j
			}
		}
	}
	return -1
}

// splitList splits a CMake list at semicolons that are not escaped.
func splitList(s string) []string {
	var out []string
	start := 0
	for i := 0; i < len(s); i++ {
		switch {
		case s[i] == '\\':
			i++
		case s[i] == ';':
			out = append(out, s[start:i])
			start = i + 1
		}
	}
	return append(out, s[start:])
}

// unescape removes the backslash the lexer kept before ; and $.
func unescape(s string) string {
	if !strings.Contains(s, `\`) {
		return s
	}
	return strings.NewReplacer(`\;`, ";", `\$`, "$").Replace(s)
}
