package python

import (
	"errors"
	"fmt"
	"strings"

	"github.com/envaudit/envaudit/ecosystems"
)

// Marker is a parsed PEP 508 environment marker
// (`python_version < "3.11" and extra == "test"`).
type Marker struct {
	// An "and" or "or" node has two operands; a comparison has none.
	op          string // "and", "or", or a comparison operator
	left, right *Marker
	lhs, rhs    markerTerm
}

// markerTerm is one side of a comparison: a variable or a quoted string.
type markerTerm struct {
	variable string // canonical variable name; "" for a literal
	value    string
}

// markerVars maps the variables PEP 508 (and the legacy dotted spellings
// setuptools still accepts) to their canonical names.
var markerVars = map[string]string{
	"python_version":                 "python_version",
	"python_full_version":            "python_full_version",
	"os_name":                        "os_name",
	"sys_platform":                   "sys_platform",
	"platform_release":               "platform_release",
	"platform_system":                "platform_system",
	"platform_version":               "platform_version",
	"platform_machine":               "platform_machine",
	"platform_python_implementation": "platform_python_implementation",
	"implementation_name":            "implementation_name",
	"implementation_version":         "implementation_version",
	"extra":                          "extra",
	"extras":                         "extras",
	"dependency_groups":              "dependency_groups",
	"os.name":                        "os_name",
	"sys.platform":                   "sys_platform",
	"platform.version":               "platform_version",
	"platform.machine":               "platform_machine",
	"platform.python_implementation": "platform_python_implementation",
	"python_implementation":          "platform_python_implementation",
}

// ParseMarker parses the marker expression after a requirement's ";".
func ParseMarker(s string) (*Marker, error) {
	toks, err := lexMarker(s)
	if err != nil {
		return nil, err
	}
	p := &markerParser{toks: toks}
	m, err := p.or(0)
	if err != nil {
		return nil, err
	}
	if p.i < len(p.toks) {
		return nil, fmt.Errorf("unexpected %q", p.toks[p.i].text)
	}
	return m, nil
}

type markerTok struct {
	kind byte // 'v' variable/word, 's' string, 'o' operator, '(' or ')'
	text string
}

func lexMarker(s string) ([]markerTok, error) {
	var toks []markerTok
	for i := 0; i < len(s); {
		c := s[i]
		switch {
		case c == ' ' || c == '\t':
			i++
		case c == '(' || c == ')':
			toks = append(toks, markerTok{c, string(c)})
			i++
		case c == '"' || c == '\'':
			j := strings.IndexByte(s[i+1:], c)
			if j < 0 {
				return nil, errors.New("unterminated string")
			}
			toks = append(toks, markerTok{'s', s[i+1 : i+1+j]})
			i += j + 2
		case isCmpStart(c):
			op := ""
			for _, o := range cmpOps {
				if strings.HasPrefix(s[i:], o) {
					op = o
					break
				}
			}
			if op == "" {
				return nil, fmt.Errorf("unexpected %q", s[i:])
			}
			toks = append(toks, markerTok{'o', op})
			i += len(op)
		case 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || c == '_':
			j := i
			for j < len(s) && (isNameChar(s[j])) {
				j++
			}
			toks = append(toks, markerTok{'v', s[i:j]})
			i = j
		default:
			return nil, fmt.Errorf("unexpected %q", s[i:])
		}
	}
	return toks, nil
}

type markerParser struct {
	toks []markerTok
	i    int
}

// maxMarkerDepth bounds parenthesis nesting so hostile input cannot
// exhaust the stack.
const maxMarkerDepth = 100

func (p *markerParser) peekWord(w string) bool {
	return p.i < len(p.toks) && p.toks[p.i].kind == 'v' && p.toks[p.i].text == w
}

func (p *markerParser) or(depth int) (*Marker, error) {
	m, err := p.and(depth)
	if err != nil {
		return nil, err
	}
	for p.peekWord("or") {
		p.i++
		r, err := p.and(depth)
		if err != nil {
			return nil, err
		}
		m = &Marker{op: "or", left: m, right: r}
	}
	return m, nil
}

func (p *markerParser) and(depth int) (*Marker, error) {
	m, err := p.atom(depth)
	if err != nil {
		return nil, err
	}
	for p.peekWord("and") {
		p.i++
		r, err := p.atom(depth)
		if err != nil {
			return nil, err
		}
		m = &Marker{op: "and", left: m, right: r}
	}
	return m, nil
}

func (p *markerParser) atom(depth int) (*Marker, error) {
	if p.i >= len(p.toks) {
		return nil, errors.New("missing expression")
	}
	if p.toks[p.i].kind == '(' {
		if depth >= maxMarkerDepth {
			return nil, errors.New("too deeply nested")
		}
		p.i++
		m, err := p.or(depth + 1)
		if err != nil {
			return nil, err
		}
		if p.i >= len(p.toks) || p.toks[p.i].kind != ')' {
			return nil, errors.New("missing \")\"")
		}
		p.i++
		return m, nil
	}
	lhs, err := p.term()
	if err != nil {
		return nil, err
	}
	if p.i >= len(p.toks) {
		return nil, fmt.Errorf("missing operator after %q", lhs.text())
	}
	var op string
	switch t := p.toks[p.i]; {
	case t.kind == 'o':
		op = t.text
		p.i++
	case t.kind == 'v' && t.text == "in":
		op = "in"
		p.i++
	case t.kind == 'v' && t.text == "not" && p.i+1 < len(p.toks) && p.toks[p.i+1].kind == 'v' && p.toks[p.i+1].text == "in":
		op = "not in"
		p.i += 2
	default:
		return nil, fmt.Errorf("unexpected %q after %q", t.text, lhs.text())
	}
	rhs, err := p.term()
	if err != nil {
		return nil, err
	}
	return &Marker{op: op, lhs: lhs, rhs: rhs}, nil
}

func (p *markerParser) term() (markerTerm, error) {
	if p.i >= len(p.toks) {
		return markerTerm{}, errors.New("missing value")
	}
	t := p.toks[p.i]
	p.i++
	switch t.kind {
	case 's':
		return markerTerm{value: t.text}, nil
	case 'v':
		if v, ok := markerVars[t.text]; ok {
			return markerTerm{variable: v}, nil
		}
		return markerTerm{}, fmt.Errorf("unknown marker variable %q", t.text)
	}
	return markerTerm{}, fmt.Errorf("unexpected %q", t.text)
}

func (t markerTerm) text() string {
	if t.variable != "" {
		return t.variable
	}
	return `"` + t.value + `"`
}

// Tri is a three-valued truth: a marker over variables the environment
// does not know evaluates to Unknown rather than guessing.
type Tri int8

// The three truth values.
const (
	False Tri = iota - 1
	Unknown
	True
)

// Eval evaluates the marker in env, which maps canonical variable names to
// values; variables missing from env are unknown. Comparisons follow
// packaging: a version comparison when the right side is a valid version
// specifier, else a string comparison; "extra" values compare by their
// normalised names.
func (m *Marker) Eval(env map[string]string) Tri {
	switch m.op {
	case "and":
		l, r := m.left.Eval(env), m.right.Eval(env)
		switch {
		case l == False || r == False:
			return False
		case l == True && r == True:
			return True
		}
		return Unknown
	case "or":
		l, r := m.left.Eval(env), m.right.Eval(env)
		switch {
		case l == True || r == True:
			return True
		case l == False && r == False:
			return False
		}
		return Unknown
	}
	lhs, lok := m.lhs.resolve(env)
	rhs, rok := m.rhs.resolve(env)
	if !lok || !rok {
		return Unknown
	}
	if m.lhs.variable == "extra" || m.rhs.variable == "extra" {
		lhs, rhs = ecosystems.NormalizePyPI(lhs), ecosystems.NormalizePyPI(rhs)
	}
	switch m.op {
	case "in":
		return tri(strings.Contains(rhs, lhs))
	case "not in":
		return tri(!strings.Contains(rhs, lhs))
	}
	if r, ok := specContains(m.op, rhs, lhs); ok {
		return tri(r)
	}
	switch m.op {
	case "==", "===":
		return tri(lhs == rhs)
	case "!=":
		return tri(lhs != rhs)
	case "<":
		return tri(lhs < rhs)
	case "<=":
		return tri(lhs <= rhs)
	case ">":
		return tri(lhs > rhs)
	case ">=":
		return tri(lhs >= rhs)
	}
	return Unknown
}

func (t markerTerm) resolve(env map[string]string) (string, bool) {
	if t.variable == "" {
		return t.value, true
	}
	v, ok := env[t.variable]
	return v, ok
}

func tri(b bool) Tri {
	if b {
		return True
	}
	return False
}
