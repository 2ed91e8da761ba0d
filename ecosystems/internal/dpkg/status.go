// Package dpkg owns reading the database of Debian's package manager: the
// installed packages in /var/lib/dpkg/status (name, architecture, version,
// priority, dependency fields) and the files each one owns, from
// /var/lib/dpkg/info/<package>[:<arch>].list with the diversions in
// /var/lib/dpkg/diversions taken into account. It answers what `dpkg -S`,
// `dpkg-query -W` and `dpkg-query -L` answer, without running dpkg, through
// an fs.FS rooted at the system root so that tests can use fixture trees.
//
// # Formats
//
// The status file is a sequence of deb822 paragraphs separated by empty
// lines; each paragraph is a set of "Field: value" lines, a line starting
// with a space or a tab continuing the previous field:
//
//	Package: zlib1g
//	Status: install ok installed
//	Priority: optional
//	Architecture: amd64
//	Multi-Arch: same
//	Version: 1:1.2.13.dfsg-1
//	Depends: libc6 (>= 2.14)
//
// A .list file names one absolute path per line: every directory and file
// the package unpacked ("/." first). Packages with "Multi-Arch: same" keep
// their lists under "<name>:<arch>.list", the others under "<name>.list".
// The diversions file is a sequence of three-line records: the diverted
// path, the path the diverted file was moved to, and the package that
// diverted it (":" for a local diversion).
package dpkg

import (
	"bufio"
	"bytes"
	"fmt"
	"io"
	"strings"
	"unicode/utf8"
)

// Package is one package paragraph of the status file.
type Package struct {
	Name         string
	Architecture string // amd64, arm64, all, ...
	Version      string
	Status       string // the state word of the Status field: installed, config-files, half-installed, ...
	Priority     string // required, important, standard, optional, extra; "" when absent
	Essential    bool
	Section      string
	Source       string // source package name, without a version
	MultiArch    string // same, foreign, allowed; "" when absent
	Depends      [][]Dep
	PreDepends   [][]Dep
	Provides     []Dep
	// Line is the line of the status file where the paragraph starts.
	Line int
}

// Dep is one package relation: "libc6 (>= 2.14)", "python3:any".
type Dep struct {
	Name    string
	Arch    string // the architecture qualifier after a colon ("any", "amd64"); "" when absent
	Op      string // <<, <=, =, >=, >>; "" when there is no version restriction
	Version string
}

// Installed reports whether the package is unpacked and configured.
func (p *Package) Installed() bool { return p.Status == "installed" }

// ID returns "name:arch", the key dpkg uses for a package instance.
func (p *Package) ID() string {
	if p.Architecture == "" {
		return p.Name
	}
	return p.Name + ":" + p.Architecture
}

// ParseStatus parses a status file (or any file of package paragraphs in
// the same format, such as /var/lib/dpkg/available). name is used in
// errors: `var/lib/dpkg/status:12: line is not a "Field: value" pair`.
//
// Every line is checked for form, but only the fields Package reads are
// kept: the rest (Description, Conffiles, Maintainer, ...) is most of a
// status file, and copying it out only to drop it made the read before
// a traced run several times slower.
func ParseStatus(r io.Reader, name string) ([]*Package, error) {
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 64*1024), 16*1024*1024)
	var (
		out    []*Package
		fields statusFields
		inPara bool    // a paragraph has started and not been flushed
		last   *string // the kept field a continuation line continues; nil for a dropped one
		start  int
		line   int
	)
	flush := func() error {
		if !inPara {
			return nil
		}
		p, err := newPackage(&fields)
		if err != nil {
			return fmt.Errorf("%s:%d: %w", name, start, err)
		}
		p.Line = start
		out = append(out, p)
		fields, inPara, last = statusFields{}, false, nil
		return nil
	}
	for sc.Scan() {
		line++
		b := sc.Bytes()
		if len(bytes.TrimSpace(b)) == 0 {
			if err := flush(); err != nil {
				return nil, err
			}
			continue
		}
		if b[0] == '#' && !inPara {
			continue // a comment before a paragraph (deb822 allows them)
		}
		if b[0] == ' ' || b[0] == '\t' {
			if !inPara {
				return nil, fmt.Errorf("%s:%d: continuation line outside a paragraph", name, line)
			}
			if last != nil {
				*last += "\n" + string(bytes.TrimSpace(b))
			}
			continue
		}
		i := bytes.IndexByte(b, ':')
		if i <= 0 {
			return nil, fmt.Errorf("%s:%d: line is not a \"Field: value\" pair", name, line)
		}
		key := b[:i]
		if bytes.IndexByte(key, ' ') >= 0 || bytes.IndexByte(key, '\t') >= 0 {
			return nil, fmt.Errorf("%s:%d: field name %q contains white space", name, line, key)
		}
		if !inPara {
			inPara, start = true, line
		}
		last = fields.field(key)
		if last != nil {
			*last = string(bytes.TrimSpace(b[i+1:]))
		}
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("%s:%d: %w", name, line+1, err)
	}
	if err := flush(); err != nil {
		return nil, err
	}
	return out, nil
}

func ascii(b []byte) bool {
	for _, c := range b {
		if c >= utf8.RuneSelf {
			return false
		}
	}
	return true
}

// statusFields are the values of the fields of one paragraph that
// newPackage reads.
type statusFields struct {
	pkg, arch, version, status, priority, essential string
	section, source, multiArch                      string
	depends, preDepends, provides                   string
}

// field returns where the value of the field named key is kept, or nil
// for a field Package does not read. deb822 field names are
// case-insensitive.
func (f *statusFields) field(key []byte) *string {
	var buf [len("architecture")]byte
	var lower []byte
	if !ascii(key) {
		// Unicode case folding, as for any other name: the Kelvin sign
		// lowercases to "k".
		lower = []byte(strings.ToLower(string(key)))
	} else if len(key) <= len(buf) {
		lower = buf[:len(key)]
		for i, c := range key {
			if 'A' <= c && c <= 'Z' {
				c += 'a' - 'A'
			}
			lower[i] = c
		}
	}
	switch string(lower) {
	case "package":
		return &f.pkg
	case "architecture":
		return &f.arch
	case "version":
		return &f.version
	case "status":
		return &f.status
	case "priority":
		return &f.priority
	case "essential":
		return &f.essential
	case "section":
		return &f.section
	case "source":
		return &f.source
	case "multi-arch":
		return &f.multiArch
	case "depends":
		return &f.depends
	case "pre-depends":
		return &f.preDepends
	case "provides":
		return &f.provides
	}
	return nil
}

func newPackage(f *statusFields) (*Package, error) {
	p := &Package{
		Name:         f.pkg,
		Architecture: f.arch,
		Version:      f.version,
		Priority:     strings.ToLower(f.priority),
		Essential:    strings.EqualFold(f.essential, "yes"),
		Section:      f.section,
		MultiArch:    strings.ToLower(f.multiArch),
	}
	if p.Name == "" {
		return nil, fmt.Errorf("paragraph without a Package field")
	}
	if hasByte(p.Name, " \t\n/") {
		return nil, fmt.Errorf("invalid package name %q", p.Name)
	}
	if st := strings.Fields(f.status); len(st) == 3 {
		p.Status = st[2]
	} else if f.status != "" {
		return nil, fmt.Errorf("package %q: Status %q is not \"want flag state\"", p.Name, f.status)
	}
	if src := strings.Fields(f.source); len(src) > 0 {
		p.Source = src[0]
	}
	var err error
	if p.Depends, err = parseRelations(f.depends); err != nil {
		return nil, fmt.Errorf("package %q: Depends: %w", p.Name, err)
	}
	if p.PreDepends, err = parseRelations(f.preDepends); err != nil {
		return nil, fmt.Errorf("package %q: Pre-Depends: %w", p.Name, err)
	}
	prov, err := parseRelations(f.provides)
	if err != nil {
		return nil, fmt.Errorf("package %q: Provides: %w", p.Name, err)
	}
	for _, alts := range prov {
		p.Provides = append(p.Provides, alts...)
	}
	return p, nil
}

// parseRelations parses a relationship field: comma-separated groups of
// "|"-separated alternatives, each "name[:arch] [(op version)]" with
// optional "[arch list]" and "<profile>" restrictions, which are dropped
// (they never constrain an installed package's fields).
//
// Every field of every package of the status file is parsed, so the
// relations of a field share one array: each group is a full window of
// it (appending to one copies it).
func parseRelations(s string) ([][]Dep, error) {
	s = strings.TrimSpace(s)
	if s == "" {
		return nil, nil
	}
	deps := make([]Dep, 0, 1+strings.Count(s, ",")+strings.Count(s, "|"))
	var out [][]Dep
	for groups := s; ; {
		group, more, ok := strings.Cut(groups, ",")
		first := len(deps)
		for alts := group; ; {
			alt, rest, ok := strings.Cut(alts, "|")
			d, err := parseDep(alt)
			if err != nil {
				return nil, err
			}
			if d.Name != "" {
				deps = append(deps, d)
			}
			if !ok {
				break
			}
			alts = rest
		}
		if len(deps) > first {
			if out == nil {
				out = make([][]Dep, 0, 1+strings.Count(s, ","))
			}
			out = append(out, deps[first:len(deps):len(deps)])
		}
		if !ok {
			break
		}
		groups = more
	}
	return out, nil
}

// hasByte is strings.ContainsAny for a set of ASCII bytes, which in UTF-8
// match only themselves, without building the set on every call.
func hasByte(s, set string) bool {
	for i := 0; i < len(s); i++ {
		if strings.IndexByte(set, s[i]) >= 0 {
			return true
		}
	}
	return false
}

// depNameEnd reports whether c ends the name of a relation.
func depNameEnd(c byte) bool {
	switch c {
	case ' ', '\t', '\n', '(', '[', '<':
		return true
	}
	return false
}

func parseDep(s string) (Dep, error) {
	s = strings.TrimSpace(s)
	if s == "" {
		return Dep{}, nil
	}
	var d Dep
	i := 0
	for i < len(s) && !depNameEnd(s[i]) {
		i++
	}
	name, rest := s[:i], s[i:]
	if name == "" {
		return Dep{}, fmt.Errorf("missing package name in %q", s)
	}
	for {
		rest = strings.TrimLeft(rest, " \t\n")
		if rest == "" {
			break
		}
		var end byte
		switch rest[0] {
		case '(':
			end = ')'
		case '[':
			end = ']'
		case '<':
			end = '>'
		default:
			return Dep{}, fmt.Errorf("unexpected %q in %q", rest, s)
		}
		j := strings.IndexByte(rest, end)
		if j < 0 {
			return Dep{}, fmt.Errorf("unterminated %q in %q", rest[:1], s)
		}
		if rest[0] == '(' {
			if d.Op != "" {
				return Dep{}, fmt.Errorf("second version restriction in %q", s)
			}
			v := strings.TrimSpace(rest[1:j])
			for _, op := range []string{"<<", "<=", ">=", ">>", "=", "<", ">"} {
				if strings.HasPrefix(v, op) {
					d.Op, d.Version = op, strings.TrimSpace(v[len(op):])
					break
				}
			}
			if d.Op == "" || d.Version == "" || hasByte(d.Version, " \t\n") {
				return Dep{}, fmt.Errorf("invalid version restriction %q", v)
			}
		}
		// [arch list] and <build profile> restrictions are dropped.
		rest = rest[j+1:]
	}
	if hasByte(name, ")]>") {
		return Dep{}, fmt.Errorf("invalid package name %q", name)
	}
	if i := strings.IndexByte(name, ':'); i >= 0 {
		name, d.Arch = name[:i], name[i+1:]
		if name == "" {
			return Dep{}, fmt.Errorf("missing package name in %q", s)
		}
	}
	d.Name = name
	return d, nil
}
