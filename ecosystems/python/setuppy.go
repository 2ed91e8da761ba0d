package python

import (
	"errors"
	"fmt"
	"strings"

	"github.com/envaudit/envaudit/ecosystems"
)

// setup.py is a program, and envaudit never runs it. What it declares is
// read from its syntax: the keyword arguments install_requires,
// tests_require and extras_require of its setup(...) call, when they are
// literals — strings, lists and tuples of strings (joined with +), a dict
// of those for the extras — or names bound at the top level of the file to
// such literals. Anything computed (a function reading a file, a
// comprehension) leaves that argument unread, and says so.

// pyToken is one token of Python source, as far as setup.py's literals
// need: names, strings (their value decoded), single-character
// punctuation, and "**".
type pyToken struct {
	kind  byte // 'n' name, 's' string, 'p' punctuation, 'o' other (numbers, operators)
	text  string
	line  int
	depth int  // bracket depth before the token
	bol   bool // the first token of a logical line
}

// tokenizePy splits Python source into tokens. Comments and line
// continuations are dropped; strings keep their decoded value; f-strings
// and byte strings are "other", since they are not requirement literals.
func tokenizePy(src string) ([]pyToken, error) {
	var out []pyToken
	line, depth, bol := 1, 0, true
	for i := 0; i < len(src); {
		c := src[i]
		switch {
		case c == '\n':
			line++
			if depth == 0 {
				bol = true
			}
			i++
			continue
		case c == ' ' || c == '\t' || c == '\r' || c == '\f':
			i++
			continue
		case c == '\\' && i+1 < len(src) && (src[i+1] == '\n' || src[i+1] == '\r'):
			i++
			for i < len(src) && (src[i] == '\r' || src[i] == '\n') {
				if src[i] == '\n' {
					line++
					i++
					break
				}
				i++
			}
			continue
		case c == '#':
			for i < len(src) && src[i] != '\n' {
				i++
			}
			continue
		}
		tok := pyToken{line: line, depth: depth, bol: bol}
		bol = false
		switch {
		case isNameStart(c):
			j := i
			for j < len(src) && isPyNameChar(src[j]) {
				j++
			}
			word := src[i:j]
			if j < len(src) && (src[j] == '\'' || src[j] == '"') && isStringPrefix(word) {
				val, n, lines, err := readPyString(src[j:])
				if err != nil {
					return nil, fmt.Errorf("line %d: %w", line, err)
				}
				tok.kind, tok.text = 's', val
				if strings.ContainsAny(strings.ToLower(word), "fb") {
					tok.kind = 'o'
				}
				out = append(out, tok)
				i, line = j+n, line+lines
				continue
			}
			tok.kind, tok.text = 'n', word
			i = j
		case c == '\'' || c == '"':
			val, n, lines, err := readPyString(src[i:])
			if err != nil {
				return nil, fmt.Errorf("line %d: %w", line, err)
			}
			tok.kind, tok.text = 's', val
			i, line = i+n, line+lines
		case strings.IndexByte("([{", c) >= 0:
			tok.kind, tok.text = 'p', string(c)
			depth++
			i++
		case strings.IndexByte(")]}", c) >= 0:
			tok.kind, tok.text = 'p', string(c)
			if depth > 0 {
				depth--
			}
			tok.depth = depth
			i++
		case c == '*' && i+1 < len(src) && src[i+1] == '*':
			tok.kind, tok.text = 'p', "**"
			i += 2
		case strings.IndexByte(",=:+.;*", c) >= 0:
			tok.kind, tok.text = 'p', string(c)
			// "==", "+=", ... are operators, not the "=" of a binding.
			if i+1 < len(src) && src[i+1] == '=' && c != ',' && c != ':' {
				tok.kind, tok.text = 'o', src[i:i+2]
				i++
			} else if c == ':' && i+1 < len(src) && src[i+1] == '=' {
				tok.kind, tok.text = 'o', ":="
				i++
			}
			i++
		default:
			tok.kind, tok.text = 'o', string(c)
			if c == '=' || c == '!' || c == '<' || c == '>' {
				if i+1 < len(src) && src[i+1] == '=' {
					tok.text = src[i : i+2]
					i++
				}
			}
			i++
		}
		if tok.kind == 'p' && tok.text == ";" && depth == 0 {
			bol = true
		}
		out = append(out, tok)
	}
	return out, nil
}

func isNameStart(c byte) bool {
	return c == '_' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= 0x80
}

func isPyNameChar(c byte) bool { return isNameStart(c) || c >= '0' && c <= '9' }

func isStringPrefix(w string) bool {
	switch strings.ToLower(w) {
	case "r", "u", "b", "br", "rb", "f", "fr", "rf":
		return true
	}
	return false
}

// readPyString reads the string literal at the start of s (after any
// prefix): its value, the bytes it spans and the newlines inside it.
// Escapes are decoded for the common cases requirement strings use; a raw
// string's are kept, which requirements never contain.
func readPyString(s string) (val string, n, lines int, err error) {
	q := s[:1]
	if strings.HasPrefix(s, q+q+q) {
		q = q + q + q
	}
	var b strings.Builder
	for i := len(q); i < len(s); i++ {
		switch {
		case strings.HasPrefix(s[i:], q):
			return b.String(), i + len(q), lines, nil
		case s[i] == '\\' && i+1 < len(s):
			i++
			switch s[i] {
			case 'n':
				b.WriteByte('\n')
			case 't':
				b.WriteByte('\t')
			case '\n':
				lines++
			default:
				b.WriteByte(s[i])
			}
		case s[i] == '\n':
			if len(q) == 1 {
				return "", 0, 0, fmt.Errorf("unterminated string")
			}
			lines++
			b.WriteByte('\n')
		default:
			b.WriteByte(s[i])
		}
	}
	return "", 0, 0, fmt.Errorf("unterminated string")
}

// pyString is one string of a literal, with its line.
type pyString struct {
	text string
	line int
}

// setupPyArgs is what the setup(...) call of a setup.py declares.
type setupPyArgs struct {
	found    bool // a setup(...) call was found
	install  []pyString
	tests    []pyString
	extras   map[string][]pyString
	extraOrd []string
	// unread names the arguments that are not literals.
	unread []string
	line   int // the call's line
	// name is the literal name argument; layout holds what the
	// packages, py_modules, package_dir and ext_modules arguments say of
	// what the build ships, and layoutUnread is set when one of the first
	// three is no literal.
	name         string
	layout       layout
	layoutUnread bool
}

// maxSetupPySteps is the budget of expressions one reading of setup.py
// evaluates: each literal, list, tuple and name it follows is one step.
// A name bound to a list that names another name many times, and so on
// for 8 bindings (the depth evalStrings follows), would take the list's
// length to the 8th power in steps; a real setup.py's requirement lists
// take some hundreds.
const maxSetupPySteps = 100_000

// maxSetupPyBytes is the budget of the bytes of the strings one reading
// of setup.py produces: names built by concatenation (A = B + B, B = C +
// C, …) double at each binding; a real setup.py's requirements are some
// kilobytes.
const maxSetupPyBytes = 4 << 20

// pyEval evaluates the literal expressions of one setup.py: its tokens,
// its top-level bindings, and the budgets the evaluation spends. Once a
// budget is spent, err says so at the token's line, and every evaluation
// fails from then on.
type pyEval struct {
	toks         []pyToken
	binds        map[string][2]int
	file         string
	steps, bytes *ecosystems.Budget
	err          error
}

// spend spends n of budget b at token i's line, and reports whether the
// budget still holds.
func (ev *pyEval) spend(b *ecosystems.Budget, i, n int) bool {
	if ev.err == nil {
		line := 1
		if i < len(ev.toks) {
			line = ev.toks[i].line
		}
		ev.err = b.Spend(ev.file, line, n)
	}
	return ev.err == nil
}

// parseSetupPy reads the setup(...) call of a setup.py at the root.
func parseSetupPy(src string) (*setupPyArgs, error) {
	return parseSetupPyFile("setup.py", src)
}

// parseSetupPyFile reads the setup(...) call of the setup.py file: an
// error when it cannot be tokenized, or when evaluating its literals
// spends a budget (wrapping ecosystems.ErrOverBudget, positioned).
func parseSetupPyFile(file, src string) (*setupPyArgs, error) {
	args, _, err := parseSetupPyEval(file, src)
	return args, err
}

// parseSetupPyEval is parseSetupPyFile, also returning the evaluation
// (its budgets, the tests' and fuzz targets' work counters), nil when the
// file cannot be tokenized.
func parseSetupPyEval(file, src string) (*setupPyArgs, *pyEval, error) {
	toks, err := tokenizePy(src)
	if err != nil {
		return nil, nil, err
	}
	// Top-level bindings NAME = <expr>: the token range of the value.
	binds := map[string][2]int{}
	for i := 0; i+2 < len(toks); i++ {
		t := toks[i]
		if t.bol && t.depth == 0 && t.kind == 'n' && toks[i+1].kind == 'p' && toks[i+1].text == "=" {
			end := i + 2
			for end < len(toks) && !(toks[end].bol && end > i+2) {
				end++
			}
			binds[t.text] = [2]int{i + 2, end}
		}
	}
	args := &setupPyArgs{}
	ev := &pyEval{toks: toks, binds: binds, file: file,
		steps: ecosystems.NewBudget("setup.py expressions evaluated", maxSetupPySteps),
		bytes: ecosystems.NewBudget("bytes of setup.py strings evaluated", maxSetupPyBytes)}
	for i := 0; i+1 < len(toks); i++ {
		t := toks[i]
		if t.kind != 'n' || t.text != "setup" || toks[i+1].text != "(" {
			continue
		}
		if i > 0 && toks[i-1].kind == 'n' && toks[i-1].text == "def" {
			continue
		}
		if i > 0 && toks[i-1].text == "." && (i < 2 || toks[i-2].text != "setuptools" && toks[i-2].text != "core") {
			continue
		}
		args.found, args.line = true, t.line
		// The keyword arguments at the call's own depth.
		d := toks[i+1].depth + 1
		j := i + 2
		for j < len(toks) && !(toks[j].text == ")" && toks[j].depth == d-1) {
			if toks[j].depth == d && toks[j].kind == 'n' && j+1 < len(toks) && toks[j+1].text == "=" && toks[j+1].depth == d {
				kw := toks[j].text
				start := j + 2
				end := start
				for end < len(toks) && !(toks[end].depth == d && toks[end].text == ",") && !(toks[end].text == ")" && toks[end].depth == d-1) {
					end++
				}
				args.keyword(kw, ev, start, end)
				if ev.err != nil {
					return nil, ev, ev.err
				}
				j = end
				continue
			}
			j++
		}
		break
	}
	return args, ev, nil
}

func (a *setupPyArgs) keyword(kw string, ev *pyEval, start, end int) {
	switch kw {
	case "name":
		if strs, ok := ev.strings(start, end, 0); ok && len(strs) == 1 {
			a.name = strs[0].text
		}
	case "packages":
		a.layout.packagesSet = true
		if strs, ok := ev.strings(start, end, 0); ok {
			for _, s := range strs {
				a.layout.packages = append(a.layout.packages, s.text)
			}
		} else if spec, ok := ev.find(start, end); ok {
			a.layout.find = spec
		} else {
			a.layoutUnread = true
		}
	case "py_modules":
		a.layout.pyModulesSet = true
		if strs, ok := ev.strings(start, end, 0); ok {
			for _, s := range strs {
				a.layout.pyModules = append(a.layout.pyModules, s.text)
			}
		} else {
			a.layoutUnread = true
		}
	case "package_dir":
		if m, ok := ev.stringDict(start, end); ok {
			a.layout.packageDir = m
		} else {
			a.layoutUnread = true
		}
	case "ext_modules":
		a.layout.extModules = true
	case "install_requires", "tests_require":
		strs, ok := ev.strings(start, end, 0)
		if !ok {
			a.unread = append(a.unread, kw)
			return
		}
		if kw == "install_requires" {
			a.install = strs
		} else {
			a.tests = strs
		}
	case "extras_require":
		ex, order, ok := ev.extras(start, end)
		if !ok {
			a.unread = append(a.unread, kw)
			return
		}
		a.extras, a.extraOrd = ex, order
	}
}

// evalStrings evaluates toks[start:end] as a string, or a list or tuple
// of strings, or names bound to them, joined with +. A string holds one
// requirement per line, as setuptools splits it.
func (ev *pyEval) strings(start, end int, depth int) ([]pyString, bool) {
	toks, binds := ev.toks, ev.binds
	if depth > 8 || start >= end || !ev.spend(ev.steps, start, 1) {
		return nil, false
	}
	var out []pyString
	for i := start; i < end; {
		t := toks[i]
		switch {
		case t.kind == 's':
			// Adjacent literals concatenate.
			var b strings.Builder
			line := t.line
			for ; i < end && toks[i].kind == 's'; i++ {
				if !ev.spend(ev.bytes, i, len(toks[i].text)) {
					return nil, false
				}
				b.WriteString(toks[i].text)
			}
			text := b.String()
			for k, l := range strings.Split(text, "\n") {
				if l = strings.TrimSpace(l); l != "" && !strings.HasPrefix(l, "#") {
					out = append(out, pyString{l, line + k})
				}
			}
		case t.kind == 'p' && (t.text == "[" || t.text == "("):
			close := matching(toks, i)
			if close < 0 || close >= end {
				return nil, false
			}
			for _, el := range splitTop(toks, i+1, close) {
				strs, ok := ev.strings(el[0], el[1], depth+1)
				if !ok {
					return nil, false
				}
				out = append(out, strs...)
			}
			i = close + 1
		case t.kind == 'n':
			b, ok := binds[t.text]
			if !ok || i+1 < end && toks[i+1].text != "+" {
				return nil, false
			}
			strs, ok := ev.strings(b[0], b[1], depth+1)
			if !ok {
				return nil, false
			}
			// A name's strings are copies: their bytes count again.
			for _, s := range strs {
				if !ev.spend(ev.bytes, i, len(s.text)+1) {
					return nil, false
				}
			}
			out = append(out, strs...)
			i++
		default:
			return nil, false
		}
		if i < end {
			if toks[i].text != "+" {
				return nil, false
			}
			i++
		}
	}
	return out, true
}

// evalExtras evaluates a dict literal (or a name bound to one) of extras
// to requirement strings.
func (ev *pyEval) extras(start, end int) (map[string][]pyString, []string, bool) {
	toks, binds := ev.toks, ev.binds
	if start+1 == end && toks[start].kind == 'n' {
		if b, ok := binds[toks[start].text]; ok {
			return ev.extras(b[0], b[1])
		}
		return nil, nil, false
	}
	if start >= end || toks[start].text != "{" || matching(toks, start) != end-1 {
		return nil, nil, false
	}
	out := map[string][]pyString{}
	var order []string
	for _, el := range splitTop(toks, start+1, end-1) {
		if el[1]-el[0] < 3 || toks[el[0]].kind != 's' || toks[el[0]+1].text != ":" {
			return nil, nil, false
		}
		strs, ok := ev.strings(el[0]+2, el[1], 1)
		if !ok {
			return nil, nil, false
		}
		k := toks[el[0]].text
		if _, dup := out[k]; !dup {
			order = append(order, k)
		}
		out[k] = append(out[k], strs...)
	}
	return out, order, true
}

// evalFind evaluates toks[start:end] as a call of setuptools'
// find_packages or find_namespace_packages (or a name bound to one) with
// literal arguments: where (first, or by keyword), exclude and include.
func (ev *pyEval) find(start, end int) (*findSpec, bool) {
	toks, binds := ev.toks, ev.binds
	if start+1 == end && toks[start].kind == 'n' {
		if b, ok := binds[toks[start].text]; ok {
			return ev.find(b[0], b[1])
		}
		return nil, false
	}
	i := start
	for i+1 < end && toks[i].kind == 'n' && toks[i+1].text == "." {
		i += 2 // setuptools.find_packages
	}
	if i+1 >= end || toks[i].kind != 'n' || toks[i+1].text != "(" || matching(toks, i+1) != end-1 {
		return nil, false
	}
	spec := &findSpec{where: []string{"."}, include: []string{"*"}}
	switch toks[i].text {
	case "find_packages":
	case "find_namespace_packages":
		spec.namespaces = true
	default:
		return nil, false
	}
	positional := []string{"where", "exclude", "include"}
	for n, arg := range splitTop(toks, i+2, end-1) {
		kw := ""
		from := arg[0]
		if arg[1]-arg[0] > 2 && toks[arg[0]].kind == 'n' && toks[arg[0]+1].text == "=" {
			kw, from = toks[arg[0]].text, arg[0]+2
		} else if n < len(positional) {
			kw = positional[n]
		}
		strs, ok := ev.strings(from, arg[1], 1)
		if !ok {
			return nil, false
		}
		var vals []string
		for _, s := range strs {
			vals = append(vals, s.text)
		}
		switch kw {
		case "where":
			if len(vals) != 1 {
				return nil, false
			}
			spec.where = vals
		case "exclude":
			spec.exclude = vals
		case "include":
			spec.include = vals
		default:
			return nil, false
		}
	}
	return spec, true
}

// evalStringDict evaluates a dict literal of strings to strings (or a name
// bound to one).
func (ev *pyEval) stringDict(start, end int) (map[string]string, bool) {
	toks, binds := ev.toks, ev.binds
	if start+1 == end && toks[start].kind == 'n' {
		if b, ok := binds[toks[start].text]; ok {
			return ev.stringDict(b[0], b[1])
		}
		return nil, false
	}
	if start >= end || toks[start].text != "{" || matching(toks, start) != end-1 {
		return nil, false
	}
	out := map[string]string{}
	for _, el := range splitTop(toks, start+1, end-1) {
		if el[1]-el[0] != 3 || toks[el[0]].kind != 's' || toks[el[0]+1].text != ":" || toks[el[0]+2].kind != 's' {
			return nil, false
		}
		out[toks[el[0]].text] = toks[el[0]+2].text
	}
	return out, true
}

// matching returns the index of the bracket closing the one at i, or -1.
func matching(toks []pyToken, i int) int {
	d := toks[i].depth
	for j := i + 1; j < len(toks); j++ {
		if toks[j].kind == 'p' && strings.Contains(")]}", toks[j].text) && toks[j].depth == d {
			return j
		}
	}
	return -1
}

// splitTop splits toks[start:end] at the commas of its own depth,
// dropping empty elements (a trailing comma).
func splitTop(toks []pyToken, start, end int) [][2]int {
	if start >= end {
		return nil
	}
	d := toks[start].depth
	var out [][2]int
	from := start
	for j := start; j <= end; j++ {
		if j == end || toks[j].text == "," && toks[j].depth == d {
			if j > from {
				out = append(out, [2]int{from, j})
			}
			from = j + 1
		}
	}
	return out
}

// parseSetupPyManifest turns the literal arguments of setup.py's setup()
// call into declarations: install_requires runtime, tests_require test,
// each extra optional with the extra as its group. Arguments that are not
// literals are returned in unread, and so are all three when the file
// cannot be tokenized; line is the setup() call's (1 without one). A literal that is not a valid requirement is an
// error at its line.
func parseSetupPyManifest(file string, data []byte) (m *manifest, unread []string, line int, err error) {
	m = &manifest{}
	args, err := parseSetupPyFile(file, string(data))
	if errors.Is(err, ecosystems.ErrOverBudget) {
		return nil, nil, 0, err
	}
	if err != nil {
		// Source this reader cannot split (it knows only what literals
		// need) is Python all the same: its arguments are unread, not
		// wrong.
		return m, []string{"install_requires", "tests_require", "extras_require"}, 1, nil
	}
	add := func(strs []pyString, scope ecosystems.Scope, group string) error {
		for _, s := range strs {
			r, err := ParseRequirement(s.text)
			if err != nil {
				return ecosystems.Errorf(file, s.line, "invalid requirement %q: %w", s.text, err)
			}
			m.deps = append(m.deps, newDep(file, s.line, ecosystems.Pos{}, r.Name, r.Rest, scope, group))
		}
		return nil
	}
	if err := add(args.install, ecosystems.ScopeRuntime, ""); err != nil {
		return nil, nil, 0, err
	}
	if err := add(args.tests, ecosystems.ScopeTest, ""); err != nil {
		return nil, nil, 0, err
	}
	for _, key := range args.extraOrd {
		// "name:marker" is an extra whose requirements apply only where
		// the marker holds; ":marker" adds conditional runtime ones.
		extra, marker, _ := strings.Cut(key, ":")
		extra, marker = strings.TrimSpace(extra), strings.TrimSpace(marker)
		strs := args.extras[key]
		if marker != "" {
			strs = append([]pyString(nil), strs...)
			for i := range strs {
				strs[i].text = andMarker(strs[i].text, marker)
			}
		}
		scope := ecosystems.ScopeOptional
		if extra == "" {
			scope = ecosystems.ScopeRuntime
		}
		if err := add(strs, scope, extra); err != nil {
			return nil, nil, 0, err
		}
	}
	line = args.line
	if line == 0 {
		line = 1
	}
	return m, args.unread, line, nil
}

// andMarker adds the environment marker m to the requirement string r.
func andMarker(r, m string) string {
	req, own, ok := strings.Cut(r, ";")
	if !ok || strings.TrimSpace(own) == "" {
		return strings.TrimSpace(req) + "; " + m
	}
	return strings.TrimSpace(req) + "; (" + strings.TrimSpace(own) + ") and (" + m + ")"
}

// setupPyDeclares reports whether a setup.py passes any of the arguments
// that declare dependencies, literal or not.
func setupPyDeclares(data []byte) bool {
	s := string(data)
	return strings.Contains(s, "install_requires") || strings.Contains(s, "extras_require") || strings.Contains(s, "tests_require")
}
