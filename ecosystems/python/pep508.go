package python

import (
	"errors"
	"fmt"
	"strings"
)

// Requirement is one PEP 508 dependency specifier, as found in pyproject.toml
// arrays, setup.cfg lists, requirements files, METADATA Requires-Dist and
// egg-info requires.txt:
//
//	name [extra,...] (version-spec | @ url) ; marker
type Requirement struct {
	Name      string   // the name as written
	Extras    []string // requested extras, as written
	Specifier string   // version specifier without spaces ("<2,>=1.0"), "" when absent
	URL       string   // the URL of a "name @ url" requirement
	Marker    *Marker  // environment marker; nil when absent
	// Rest is the text after the name, trimmed: extras, specifier or URL,
	// and marker as written. It is what the report shows as the spec.
	Rest string
}

// ParseRequirement parses a PEP 508 requirement. Errors say what is wrong
// without repeating the input, so callers can prefix the position and the
// requirement: `invalid requirement "foo==": missing version`.
func ParseRequirement(s string) (*Requirement, error) {
	p := &reqParser{s: s}
	return p.parse()
}

type reqParser struct {
	s string
	i int
}

func (p *reqParser) ws() {
	for p.i < len(p.s) && (p.s[p.i] == ' ' || p.s[p.i] == '\t') {
		p.i++
	}
}

func (p *reqParser) eof() bool { return p.i >= len(p.s) }

func (p *reqParser) parse() (*Requirement, error) {
	p.ws()
	start := p.i
	for p.i < len(p.s) && isNameChar(p.s[p.i]) {
		p.i++
	}
	name := p.s[start:p.i]
	if name == "" {
		if p.eof() {
			return nil, errors.New("missing name")
		}
		return nil, fmt.Errorf("unexpected %q where a name should start", p.s[p.i])
	}
	if !validName(name) {
		return nil, fmt.Errorf("invalid name %q", name)
	}
	r := &Requirement{Name: name}
	p.ws()
	r.Rest = strings.TrimSpace(p.s[p.i:])
	if !p.eof() && p.s[p.i] == '[' {
		extras, err := p.extras()
		if err != nil {
			return nil, err
		}
		r.Extras = extras
		p.ws()
	}
	if p.eof() {
		return r, nil
	}
	switch c := p.s[p.i]; {
	case c == '@':
		p.i++
		p.ws()
		start := p.i
		for p.i < len(p.s) && p.s[p.i] != ' ' && p.s[p.i] != '\t' {
			p.i++
		}
		r.URL = p.s[start:p.i]
		if r.URL == "" {
			return nil, errors.New("missing URL after \"@\"")
		}
		for _, c := range []byte(r.URL) {
			if c < 0x21 || c == 0x7f {
				return nil, fmt.Errorf("control character %q in URL", c)
			}
		}
		p.ws()
		if !p.eof() && p.s[p.i] != ';' {
			return nil, fmt.Errorf("unexpected %q after URL", p.s[p.i:])
		}
	case c == '(' || isCmpStart(c):
		spec, err := p.versionSpec()
		if err != nil {
			return nil, err
		}
		r.Specifier = spec
	case c == ';':
	default:
		return nil, fmt.Errorf("unexpected %q after name", p.s[p.i:])
	}
	p.ws()
	if p.eof() {
		return r, nil
	}
	if p.s[p.i] != ';' {
		return nil, fmt.Errorf("unexpected %q", p.s[p.i:])
	}
	p.i++
	m, err := ParseMarker(p.s[p.i:])
	if err != nil {
		return nil, fmt.Errorf("invalid marker: %w", err)
	}
	r.Marker = m
	return r, nil
}

func (p *reqParser) extras() ([]string, error) {
	p.i++ // '['
	var extras []string
	for {
		p.ws()
		if p.eof() {
			return nil, errors.New("missing \"]\" after extras")
		}
		if p.s[p.i] == ']' && len(extras) == 0 {
			p.i++
			return nil, nil
		}
		start := p.i
		for p.i < len(p.s) && isNameChar(p.s[p.i]) {
			p.i++
		}
		e := p.s[start:p.i]
		if !validName(e) {
			if e == "" && !p.eof() {
				return nil, fmt.Errorf("unexpected %q in extras", p.s[p.i])
			}
			return nil, fmt.Errorf("invalid extra %q", e)
		}
		extras = append(extras, e)
		p.ws()
		if p.eof() {
			return nil, errors.New("missing \"]\" after extras")
		}
		switch p.s[p.i] {
		case ',':
			p.i++
		case ']':
			p.i++
			return extras, nil
		default:
			return nil, fmt.Errorf("unexpected %q in extras", p.s[p.i])
		}
	}
}

// versionSpec parses a comma-separated list of version clauses, optionally
// in parentheses (the form older METADATA files use), and returns it
// without spaces.
func (p *reqParser) versionSpec() (string, error) {
	paren := false
	if p.s[p.i] == '(' {
		paren = true
		p.i++
	}
	var clauses []string
	for {
		p.ws()
		op := p.cmpOp()
		if op == "" {
			if p.eof() || p.s[p.i] == ')' || p.s[p.i] == ';' {
				return "", errors.New("missing version specifier")
			}
			if p.s[p.i] == '=' {
				return "", fmt.Errorf("unexpected %q in version specifier (did you mean \"==\"?)", p.s[p.i:])
			}
			return "", fmt.Errorf("unexpected %q in version specifier", p.s[p.i:])
		}
		p.ws()
		start := p.i
		for p.i < len(p.s) && isVersionChar(p.s[p.i], op == "===") {
			p.i++
		}
		v := p.s[start:p.i]
		if v == "" {
			return "", errors.New("missing version")
		}
		if err := checkVersion(op, v); err != nil {
			return "", err
		}
		clauses = append(clauses, op+v)
		p.ws()
		if !p.eof() && p.s[p.i] == ',' {
			p.i++
			continue
		}
		break
	}
	if paren {
		if p.eof() || p.s[p.i] != ')' {
			return "", errors.New("missing \")\" after version specifier")
		}
		p.i++
	}
	return strings.Join(clauses, ","), nil
}

var cmpOps = []string{"===", "~=", "==", "!=", "<=", ">=", "<", ">"}

func isCmpStart(c byte) bool {
	return c == '=' || c == '~' || c == '!' || c == '<' || c == '>'
}

func (p *reqParser) cmpOp() string {
	for _, op := range cmpOps {
		if strings.HasPrefix(p.s[p.i:], op) {
			p.i += len(op)
			return op
		}
	}
	return ""
}

// checkVersion applies the rules of PEP 440 that catch real mistakes:
// wildcards only with == and !=, and only as a final ".*"; "~=" needs at
// least two release components.
func checkVersion(op, v string) error {
	if op == "===" {
		return nil
	}
	if strings.Contains(v, "*") {
		if op != "==" && op != "!=" {
			return fmt.Errorf("wildcard version %q allowed only with == and !=", v)
		}
		if !strings.HasSuffix(v, ".*") || strings.Count(v, "*") > 1 {
			return fmt.Errorf("invalid wildcard version %q", v)
		}
		v = strings.TrimSuffix(v, ".*")
	}
	pv, ok := parseVersion(v)
	if !ok {
		return fmt.Errorf("invalid version %q", v)
	}
	if op == "~=" && len(pv.release) < 2 {
		return fmt.Errorf("\"~=\" needs at least two version components, not %q", v)
	}
	return nil
}

func isNameChar(c byte) bool {
	return 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' ||
		c == '-' || c == '_' || c == '.'
}

// validName reports whether s is a PEP 508 name: letters, digits, "-", "_"
// and ".", starting and ending with a letter or digit.
func validName(s string) bool {
	if s == "" {
		return false
	}
	for i := 0; i < len(s); i++ {
		if !isNameChar(s[i]) {
			return false
		}
	}
	alnum := func(c byte) bool { return isNameChar(c) && c != '-' && c != '_' && c != '.' }
	return alnum(s[0]) && alnum(s[len(s)-1])
}

func isVersionChar(c byte, arbitrary bool) bool {
	if arbitrary {
		return c > ' ' && c != 0x7f && c != ',' && c != ';' && c != ')'
	}
	return 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' ||
		c == '-' || c == '_' || c == '.' || c == '*' || c == '+' || c == '!'
}
