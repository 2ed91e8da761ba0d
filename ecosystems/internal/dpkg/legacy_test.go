package dpkg

import (
	"bufio"
	"bytes"
	"fmt"
	"io"
	"io/fs"
	"path"
	"strings"

	"github.com/envaudit/envaudit/ecosystems"
)

// This file keeps the readers as they were before they were made faster
// (a map of every field of a paragraph, a bufio.Scanner a list line), only
// as the oracle the faster ones are checked against: same packages, same
// ownership, same warnings and errors.

// legacyParseStatus is ParseStatus keeping every field of a paragraph.
func legacyParseStatus(r io.Reader, name string) ([]*Package, error) {
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 64*1024), 16*1024*1024)
	var (
		out    []*Package
		fields map[string]string
		last   string
		start  int
		line   int
	)
	flush := func() error {
		if fields == nil {
			return nil
		}
		p, err := legacyNewPackage(fields)
		if err != nil {
			return fmt.Errorf("%s:%d: %w", name, start, err)
		}
		p.Line = start
		out = append(out, p)
		fields, last = nil, ""
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
		if b[0] == '#' && fields == nil {
			continue
		}
		if b[0] == ' ' || b[0] == '\t' {
			if fields == nil {
				return nil, fmt.Errorf("%s:%d: continuation line outside a paragraph", name, line)
			}
			fields[last] += "\n" + strings.TrimSpace(string(b))
			continue
		}
		i := bytes.IndexByte(b, ':')
		if i <= 0 {
			return nil, fmt.Errorf("%s:%d: line is not a \"Field: value\" pair", name, line)
		}
		key := string(b[:i])
		if strings.ContainsAny(key, " \t") {
			return nil, fmt.Errorf("%s:%d: field name %q contains white space", name, line, key)
		}
		if fields == nil {
			fields = map[string]string{}
			start = line
		}
		last = legacyCanonicalField(key)
		fields[last] = strings.TrimSpace(string(b[i+1:]))
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("%s:%d: %w", name, line+1, err)
	}
	if err := flush(); err != nil {
		return nil, err
	}
	return out, nil
}

func legacyCanonicalField(k string) string {
	switch strings.ToLower(k) {
	case "package":
		return "Package"
	case "architecture":
		return "Architecture"
	case "version":
		return "Version"
	case "status":
		return "Status"
	case "priority":
		return "Priority"
	case "essential":
		return "Essential"
	case "section":
		return "Section"
	case "source":
		return "Source"
	case "multi-arch":
		return "Multi-Arch"
	case "depends":
		return "Depends"
	case "pre-depends":
		return "Pre-Depends"
	case "provides":
		return "Provides"
	}
	return k
}

// ownership is what the lists give: DB.load's result.
type ownership struct {
	Files    map[string][]string // by package ID
	Owners   map[string][]string // path → owner IDs, in order
	Dirs     map[string]bool
	Warnings []string
}

// ownershipOf loads db's lists (if not yet) and returns what it found.
func ownershipOf(db *DB) ownership {
	_ = db.load()
	o := ownership{Files: map[string][]string{}, Owners: map[string][]string{}, Dirs: db.dirs, Warnings: db.warnings}
	for p, fs := range db.files {
		o.Files[p.ID()] = fs
	}
	for c, ps := range db.owners {
		for _, p := range ps {
			o.Owners[c] = append(o.Owners[c], p.ID())
		}
	}
	return o
}

// legacyLoad is ownershipOf(legacyLoadDB(db)).
func legacyLoad(db *DB) ownership { return ownershipOf(legacyLoadDB(db)) }

// legacyLoadDB is DB.load reading the lists one after the other through a
// bufio.Scanner, on a fresh DB over the same packages.
func legacyLoadDB(db *DB) *DB {
	old := &DB{fsys: db.fsys, admin: db.admin, Packages: db.Packages}
	old.once.Do(func() {}) // ownershipOf must not load old again
	old.files = map[*Package][]string{}
	old.owners = map[string][]*Package{}
	old.dirs = map[string]bool{}
	listed := map[*Package][]string{}
	for _, p := range old.Packages {
		f := old.ListFile(p)
		if f == "" {
			old.warnings = append(old.warnings, fmt.Sprintf("dpkg: no file list for installed package %q", p.ID()))
			continue
		}
		b, err := fs.ReadFile(old.fsys, f)
		if err != nil {
			old.warnings = append(old.warnings, fmt.Sprintf("dpkg: read %q: %v", f, err))
			continue
		}
		sc := bufio.NewScanner(bytes.NewReader(b))
		sc.Buffer(make([]byte, 64*1024), 1024*1024)
		for sc.Scan() {
			line := strings.TrimRight(sc.Text(), "\r")
			if line == "" || line == "/." || line[0] != '/' {
				continue
			}
			c := ecosystems.Canon(line)
			if prev := old.owners[c]; len(prev) > 0 && prev[len(prev)-1] == p {
				continue
			}
			listed[p] = append(listed[p], c)
			old.owners[c] = append(old.owners[c], p)
			for d := path.Dir(c); d != "/" && !old.dirs[d]; d = path.Dir(d) {
				old.dirs[d] = true
			}
		}
		if err := sc.Err(); err != nil {
			old.warnings = append(old.warnings, fmt.Sprintf("dpkg: read %q: %v", f, err))
		}
	}
	divs, err := readDiversions(old.fsys, path.Join(old.admin, "diversions"))
	if err != nil {
		old.warnings = append(old.warnings, err.Error())
	}
	moved := old.applyDiversions(divs)
	for p, paths := range listed {
		var files []string
		for _, c := range paths {
			if old.dirs[c] {
				continue
			}
			if to, ok := moved[movedKey{p, c}]; ok {
				c = to
			}
			files = append(files, c)
		}
		old.files[p] = files
	}
	return old
}

func legacyNewPackage(f map[string]string) (*Package, error) {
	p := &Package{
		Name:         f["Package"],
		Architecture: f["Architecture"],
		Version:      f["Version"],
		Priority:     strings.ToLower(f["Priority"]),
		Essential:    strings.EqualFold(f["Essential"], "yes"),
		Section:      f["Section"],
		MultiArch:    strings.ToLower(f["Multi-Arch"]),
	}
	if p.Name == "" {
		return nil, fmt.Errorf("paragraph without a Package field")
	}
	if strings.ContainsAny(p.Name, " \t\n/") {
		return nil, fmt.Errorf("invalid package name %q", p.Name)
	}
	if st := strings.Fields(f["Status"]); len(st) == 3 {
		p.Status = st[2]
	} else if f["Status"] != "" {
		return nil, fmt.Errorf("package %q: Status %q is not \"want flag state\"", p.Name, f["Status"])
	}
	if src := strings.Fields(f["Source"]); len(src) > 0 {
		p.Source = src[0]
	}
	var err error
	if p.Depends, err = legacyParseRelations(f["Depends"]); err != nil {
		return nil, fmt.Errorf("package %q: Depends: %w", p.Name, err)
	}
	if p.PreDepends, err = legacyParseRelations(f["Pre-Depends"]); err != nil {
		return nil, fmt.Errorf("package %q: Pre-Depends: %w", p.Name, err)
	}
	prov, err := legacyParseRelations(f["Provides"])
	if err != nil {
		return nil, fmt.Errorf("package %q: Provides: %w", p.Name, err)
	}
	for _, alts := range prov {
		p.Provides = append(p.Provides, alts...)
	}
	return p, nil
}

// legacyParseRelations parses a relationship field: comma-separated groups of
// "|"-separated alternatives, each "name[:arch] [(op version)]" with
// optional "[arch list]" and "<profile>" restrictions, which are dropped
// (they never constrain an installed package's fields).
func legacyParseRelations(s string) ([][]Dep, error) {
	s = strings.TrimSpace(s)
	if s == "" {
		return nil, nil
	}
	var out [][]Dep
	for _, group := range strings.Split(s, ",") {
		var alts []Dep
		for _, alt := range strings.Split(group, "|") {
			d, err := legacyParseDep(alt)
			if err != nil {
				return nil, err
			}
			if d.Name != "" {
				alts = append(alts, d)
			}
		}
		if len(alts) > 0 {
			out = append(out, alts)
		}
	}
	return out, nil
}

func legacyParseDep(s string) (Dep, error) {
	s = strings.TrimSpace(s)
	if s == "" {
		return Dep{}, nil
	}
	var d Dep
	i := strings.IndexAny(s, " \t\n([<")
	if i < 0 {
		i = len(s)
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
		end := map[byte]byte{'(': ')', '[': ']', '<': '>'}[rest[0]]
		if end == 0 {
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
			if d.Op == "" || d.Version == "" || strings.ContainsAny(d.Version, " \t\n") {
				return Dep{}, fmt.Errorf("invalid version restriction %q", v)
			}
		}
		// [arch list] and <build profile> restrictions are dropped.
		rest = rest[j+1:]
	}
	if strings.ContainsAny(name, ")]>") {
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
