package python

import (
	"strings"

	"github.com/envaudit/envaudit/ecosystems"
)

// iniValue is one option of an INI file: each physical line of its value
// with its line number, so every requirement of a multi-line list keeps
// its own position.
type iniValue struct {
	line  int // line of the key
	lines []iniLine
}

type iniLine struct {
	line int
	text string
}

// iniSection is one [section] of an INI file, options in file order.
type iniSection struct {
	line int
	keys []string
	opts map[string]*iniValue
}

// text joins the value's lines as configparser does: the first line after
// the delimiter, then each continuation line, trailing empty lines dropped.
func (v *iniValue) text() string {
	var parts []string
	for _, l := range v.lines {
		parts = append(parts, l.text)
	}
	return strings.TrimRight(strings.Join(parts, "\n"), " \t\n")
}

// parseINI reads an INI file the way Python's configparser (as setuptools
// configures it) does: "[section]" headers; "key = value" or "key: value"
// options, keys case-sensitive; a value continues on following lines
// indented deeper than its key, across empty lines; lines whose first
// non-blank character is "#" or ";" are comments; no inline comments.
// Duplicate sections or options are errors, as configparser's strict mode
// makes them.
func parseINI(file string, data []byte) (map[string]*iniSection, error) {
	sections := map[string]*iniSection{}
	var cur *iniSection
	var val *iniValue
	indent := 0
	s := strings.TrimPrefix(string(data), "\ufeff")
	for i, raw := range strings.Split(strings.ReplaceAll(s, "\r\n", "\n"), "\n") {
		n := i + 1
		trimmed := strings.TrimSpace(raw)
		if strings.HasPrefix(trimmed, "#") || strings.HasPrefix(trimmed, ";") {
			continue
		}
		if trimmed == "" {
			if val != nil {
				val.lines = append(val.lines, iniLine{n, ""})
			}
			continue
		}
		ind := len(raw) - len(strings.TrimLeft(raw, " \t"))
		if val != nil && ind > indent {
			val.lines = append(val.lines, iniLine{n, trimmed})
			continue
		}
		val = nil
		indent = ind
		if strings.HasPrefix(trimmed, "[") {
			end := strings.LastIndexByte(trimmed, ']')
			if end < 2 {
				return nil, ecosystems.Errorf(file, n, "invalid section header %q", trimmed)
			}
			name := trimmed[1:end]
			if _, dup := sections[name]; dup {
				return nil, ecosystems.Errorf(file, n, "section %q appears twice", name)
			}
			cur = &iniSection{line: n, opts: map[string]*iniValue{}}
			sections[name] = cur
			continue
		}
		if cur == nil {
			return nil, ecosystems.Errorf(file, n, "option %q before any [section]", trimmed)
		}
		k := strings.IndexAny(trimmed, "=:")
		if k <= 0 {
			return nil, ecosystems.Errorf(file, n, "line %q is neither a [section] nor a key = value option", trimmed)
		}
		key := strings.TrimSpace(trimmed[:k])
		if _, dup := cur.opts[key]; dup {
			return nil, ecosystems.Errorf(file, n, "option %q appears twice in its section", key)
		}
		val = &iniValue{line: n, lines: []iniLine{{n, strings.TrimSpace(trimmed[k+1:])}}}
		cur.keys = append(cur.keys, key)
		cur.opts[key] = val
	}
	// configparser strips the blank lines that end a value.
	for _, sec := range sections {
		for _, v := range sec.opts {
			for len(v.lines) > 1 && v.lines[len(v.lines)-1].text == "" {
				v.lines = v.lines[:len(v.lines)-1]
			}
		}
	}
	return sections, nil
}

// parseSetupCfg reads setup.cfg's [options] install_requires (runtime) and
// tests_require (test) and [options.extras_require] (optional, group = the
// extra). Values follow setuptools' "list-semi" rule: one requirement per
// line when the value spans lines, else separated by ";"; lines starting
// with "#" are skipped; "file: a.txt, b.txt" delegates to requirements
// files. setup_requires is not read, for the reason [build-system] is not.
func parseSetupCfg(file string, data []byte) (*manifest, error) {
	secs, err := parseINI(file, data)
	if err != nil {
		return nil, err
	}
	m := &manifest{}
	if md := secs["metadata"]; md != nil {
		if v := md.opts["name"]; v != nil && v.text() != "" {
			m.self = append(m.self, ecosystems.NormalizePyPI(v.text()))
		}
	}
	list := func(what string, v *iniValue, scope ecosystems.Scope, group string) error {
		if rest, ok := strings.CutPrefix(v.text(), "file:"); ok {
			for _, f := range strings.Split(rest, ",") {
				if f = strings.TrimSpace(f); f != "" {
					m.reqFiles = append(m.reqFiles, reqRoot{file: f, pos: ecosystems.PosVia(file, v.line, ecosystems.Pos{}), scope: scope, group: group})
				}
			}
			return nil
		}
		var items []iniLine
		if len(v.lines) > 1 {
			items = v.lines
		} else {
			for _, s := range strings.Split(v.lines[0].text, ";") {
				items = append(items, iniLine{v.line, s})
			}
		}
		for _, it := range items {
			s := strings.TrimSpace(it.text)
			if s == "" || strings.HasPrefix(s, "#") {
				continue
			}
			r, err := ParseRequirement(s)
			if err != nil {
				return ecosystems.Errorf(file, it.line, "%s: invalid requirement %q: %w", what, s, err)
			}
			m.deps = append(m.deps, newDep(file, it.line, ecosystems.Pos{}, r.Name, r.Rest, scope, group))
		}
		return nil
	}
	if opts := secs["options"]; opts != nil {
		if v := opts.opts["install_requires"]; v != nil {
			if err := list("install_requires", v, ecosystems.ScopeRuntime, ""); err != nil {
				return nil, err
			}
		}
		if v := opts.opts["tests_require"]; v != nil {
			if err := list("tests_require", v, ecosystems.ScopeTest, ""); err != nil {
				return nil, err
			}
		}
	}
	if ex := secs["options.extras_require"]; ex != nil {
		for _, k := range ex.keys {
			if err := list("extras_require "+k, ex.opts[k], ecosystems.ScopeOptional, k); err != nil {
				return nil, err
			}
		}
	}
	m.deps = dropSelf(m.deps, m.self)
	return m, nil
}
