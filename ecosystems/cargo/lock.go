package cargo

import (
	"fmt"
	"sort"
	"strings"

	"github.com/envaudit/envaudit/ecosystems"
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
	if v, ok := doc.tree["version"].(int64); ok {
		lf.Version = int(v)
	}
	raw, _ := doc.tree["package"].([]any)
	if _, ok := doc.tree["package"]; ok && raw == nil {
		return nil, doc.errorf([]string{"package"}, "package: want an array of tables")
	}
	versions := map[string][]string{}
	for i, r := range raw {
		t, ok := r.(map[string]any)
		if !ok {
			return nil, doc.errorf([]string{"package"}, "package[%d]: want a table", i)
		}
		var p lockPackage
		p.Name, _ = t["name"].(string)
		p.Version, _ = t["version"].(string)
		p.Source, _ = t["source"].(string)
		if p.Name == "" || p.Version == "" {
			return nil, doc.errorf([]string{"package"}, "package[%d]: want a name and a version", i)
		}
		if ds, ok := t["dependencies"].([]any); ok {
			for _, d := range ds {
				if s, ok := d.(string); ok {
					p.Dependencies = append(p.Dependencies, s)
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
