package cargo

import (
	"fmt"
	"sort"
	"strconv"
	"strings"

	"github.com/envaudit/envaudit/ecosystems"
	"github.com/envaudit/envaudit/internal/posdoc"
)

// lockPackage is one [[package]] of Cargo.lock.
type lockPackage struct {
	Name         string   `toml:"name"`
	Version      string   `toml:"version"`
	Source       string   `toml:"source"`
	Dependencies []string `toml:"dependencies"`
}

// lockFile is a parsed Cargo.lock (format versions 1 to 4).
type lockFile struct {
	Version  int
	Packages []lockPackage
	deps     map[string][]string // "name version" -> dependency names, resolved
}

// parseLock parses Cargo.lock. A dependency is written "name" when one
// version of name is locked, else "name version", and in version 1 files
// "name version (source)"; each is resolved to a locked package's name.
func parseLock(rel string, data []byte) (*lockFile, error) {
	doc, err := parseTOML(rel, data)
	if err != nil {
		return nil, err
	}
	lf := &lockFile{deps: map[string][]string{}}
	if v := doc.root.Get("version"); v != nil && v.Kind == posdoc.Number {
		// Base 0 reads TOML's 0x, 0o and 0b prefixes and underscores.
		if n, err := strconv.ParseInt(v.Text, 0, 64); err == nil {
			lf.Version = int(n)
		}
	}
	raw := doc.root.Get("package")
	if raw != nil && raw.Kind != posdoc.Array {
		return nil, doc.errorf([]string{"package"}, "package: want an array of tables")
	}
	var tables []*posdoc.Value
	if raw != nil {
		tables = raw.Elems
	}
	versions := map[string][]string{}
	for i, t := range tables {
		if t.Kind != posdoc.Table {
			return nil, doc.errorf([]string{"package"}, "package[%d]: want a table", i)
		}
		p := lockPackage{Name: text(t, "name"), Version: text(t, "version"), Source: text(t, "source")}
		if p.Name == "" || p.Version == "" {
			return nil, doc.errorf([]string{"package"}, "package[%d]: want a name and a version", i)
		}
		if ds := t.Get("dependencies"); ds != nil && ds.Kind == posdoc.Array {
			for _, d := range ds.Elems {
				if d.Kind == posdoc.String {
					p.Dependencies = append(p.Dependencies, d.Text)
				}
			}
		}
		lf.Packages = append(lf.Packages, p)
		versions[p.Name] = append(versions[p.Name], p.Version)
	}
	for _, p := range lf.Packages {
		set := map[string]bool{}
		for _, d := range p.Dependencies {
			f := strings.Fields(d)
			if len(f) == 0 {
				continue
			}
			if _, ok := versions[f[0]]; !ok {
				return nil, doc.errorf([]string{"package"}, "package %s %s depends on %q, which is not locked", p.Name, p.Version, d)
			}
			set[f[0]] = true
		}
		k := p.Name + " " + p.Version
		for n := range set {
			lf.deps[k] = append(lf.deps[k], n)
		}
		sort.Strings(lf.deps[k])
	}
	return lf, nil
}

// depsOf returns the names every locked version of name depends on.
func (lf *lockFile) depsOf(name string) []string {
	var out []string
	for _, p := range lf.Packages {
		if p.Name == name {
			out = append(out, lf.deps[p.Name+" "+p.Version]...)
		}
	}
	return out
}

// purl returns pkg:cargo/name@version.
func purl(name, version string) string {
	return fmt.Sprintf("pkg:cargo/%s@%s", name, version)
}

// packages returns the locked packages that are not workspace members.
func (lf *lockFile) packages(members map[string]bool, direct map[string]bool) []ecosystems.Package {
	var out []ecosystems.Package
	for _, p := range lf.Packages {
		if members[p.Name] && p.Source == "" {
			continue
		}
		var deps []string
		for _, d := range lf.deps[p.Name+" "+p.Version] {
			if !members[d] {
				deps = append(deps, d)
			}
		}
		out = append(out, ecosystems.Package{
			Name:    p.Name,
			Version: p.Version,
			PURL:    purl(p.Name, p.Version),
			Direct:  direct[p.Name],
			Deps:    deps,
		})
	}
	sort.SliceStable(out, func(i, j int) bool {
		if out[i].Name != out[j].Name {
			return out[i].Name < out[j].Name
		}
		return out[i].Version < out[j].Version
	})
	return out
}
