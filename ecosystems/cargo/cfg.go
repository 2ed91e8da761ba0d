package cargo

import (
	"fmt"
	"strconv"
	"strings"
)

// A cfgExpr is a parsed cfg predicate, as in a target table's key
// [target.'cfg(all(unix, not(target_os = "macos")))'.dependencies]:
// all(...), any(...), not(...), a bare name (unix) or key = "value"
// (target_os = "linux"). The grammar is the Rust reference's
// "Conditional compilation" ConfigurationPredicate.
type cfgExpr struct {
	op    string // "all", "any", "not", "name" or "pair"
	key   string // the name, or the key of a pair
	value string // the value of a pair
	args  []*cfgExpr
}

// cfgSet is the configuration of a target, as `rustc --print cfg` prints
// it: one name (unix) or key="value" pair (target_os="linux") a line.
type cfgSet map[string]bool

// parseCfgSet reads the output of `rustc --print cfg`.
func parseCfgSet(out string) cfgSet {
	set := cfgSet{}
	for _, l := range strings.Split(out, "\n") {
		l = strings.TrimSpace(l)
		if l == "" {
			continue
		}
		if k, v, ok := strings.Cut(l, "="); ok {
			if u, err := strconv.Unquote(v); err == nil {
				v = u
			}
			set[k+"="+v] = true
			continue
		}
		set[l] = true
	}
	return set
}

// eval reports whether e holds for the configuration set.
func (e *cfgExpr) eval(set cfgSet) bool {
	switch e.op {
	case "all":
		for _, a := range e.args {
			if !a.eval(set) {
				return false
			}
		}
		return true
	case "any":
		for _, a := range e.args {
			if a.eval(set) {
				return true
			}
		}
		return false
	case "not":
		return !e.args[0].eval(set)
	case "pair":
		return set[e.key+"="+e.value]
	default:
		return set[e.key]
	}
}

// parseCfg parses a target table's key "cfg(<predicate>)".
func parseCfg(s string) (*cfgExpr, error) {
	p := &cfgParser{s: s}
	if !p.word("cfg") || !p.punct('(') {
		return nil, fmt.Errorf("%q: want cfg(...)", s)
	}
	e, err := p.pred()
	if err != nil {
		return nil, fmt.Errorf("%q: %w", s, err)
	}
	if !p.punct(')') {
		return nil, fmt.Errorf("%q: want ) at offset %d", s, p.i)
	}
	if p.skip(); p.i != len(p.s) {
		return nil, fmt.Errorf("%q: unexpected %q after cfg(...)", s, p.s[p.i:])
	}
	return e, nil
}

// cfgParser is a recursive-descent parser of cfg predicates.
type cfgParser struct {
	s string
	i int
}

func (p *cfgParser) skip() {
	for p.i < len(p.s) && (p.s[p.i] == ' ' || p.s[p.i] == '\t' || p.s[p.i] == '\n') {
		p.i++
	}
}

// punct consumes the character c, after white space.
func (p *cfgParser) punct(c byte) bool {
	p.skip()
	if p.i < len(p.s) && p.s[p.i] == c {
		p.i++
		return true
	}
	return false
}

// ident consumes an identifier: a letter or _, then letters, digits and _.
func (p *cfgParser) ident() string {
	p.skip()
	start := p.i
	for p.i < len(p.s) {
		c := p.s[p.i]
		if c == '_' || 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || p.i > start && '0' <= c && c <= '9' {
			p.i++
			continue
		}
		break
	}
	return p.s[start:p.i]
}

// word consumes the identifier w.
func (p *cfgParser) word(w string) bool {
	save := p.i
	if p.ident() == w {
		return true
	}
	p.i = save
	return false
}

func (p *cfgParser) pred() (*cfgExpr, error) {
	name := p.ident()
	if name == "" {
		return nil, fmt.Errorf("want a name at offset %d", p.i)
	}
	switch name {
	case "all", "any", "not":
		save := p.i
		if !p.punct('(') {
			p.i = save
			break // a bare name that happens to be spelled so
		}
		e := &cfgExpr{op: name}
		for {
			if p.punct(')') {
				break
			}
			a, err := p.pred()
			if err != nil {
				return nil, err
			}
			e.args = append(e.args, a)
			if p.punct(',') {
				continue
			}
			if !p.punct(')') {
				return nil, fmt.Errorf("want , or ) at offset %d", p.i)
			}
			break
		}
		if name == "not" && len(e.args) != 1 {
			return nil, fmt.Errorf("not() takes one predicate, not %d", len(e.args))
		}
		return e, nil
	}
	if !p.punct('=') {
		return &cfgExpr{op: "name", key: name}, nil
	}
	p.skip()
	if p.i >= len(p.s) || p.s[p.i] != '"' {
		return nil, fmt.Errorf("want a string after %s = at offset %d", name, p.i)
	}
	end := p.i + 1
	for end < len(p.s) && p.s[end] != '"' {
		if p.s[end] == '\\' {
			end++
		}
		end++
	}
	if end >= len(p.s) {
		return nil, fmt.Errorf("unterminated string after %s =", name)
	}
	v, err := strconv.Unquote(p.s[p.i : end+1])
	if err != nil {
		return nil, fmt.Errorf("bad string after %s =: %w", name, err)
	}
	p.i = end + 1
	return &cfgExpr{op: "pair", key: name, value: v}, nil
}
