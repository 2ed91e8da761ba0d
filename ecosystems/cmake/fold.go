package cmake

import (
	"slices"
	"sort"
	"strings"

	"github.com/envaudit/envaudit/ecosystems"
)

// folder makes names that differ only in case one name: CMake matches
// find_package names case-insensitively (find_package(CMocka) finds
// cmocka-config.cmake), and a link name (cmocka) or a FetchContent
// directory (_deps/cmocka-src) spells the package as the declaration
// (CMocka) does not. The spelling kept is the first declaration's, else
// the first in sorted order.
type folder map[string]string // lowercased → the spelling kept

// newFolder returns a folder that keeps the declared spellings, the first
// declaration of each name winning.
func newFolder(deps []ecosystems.Dependency) folder {
	f := folder{}
	for _, d := range deps {
		f.add(d.Name)
	}
	return f
}

func (f folder) add(name string) {
	if k := strings.ToLower(name); f[k] == "" {
		f[k] = name
	}
}

// fold returns the spelling kept for name; a name the folder does not
// know is kept as it is.
func (f folder) fold(name string) string {
	if n := f[strings.ToLower(name)]; n != "" {
		return n
	}
	return name
}

// foldDeclared gives every declaration the spelling of the first one of
// its name, keeping the name as written in Raw.
func foldDeclared(deps []ecosystems.Dependency) []ecosystems.Dependency {
	f := newFolder(deps)
	for i, d := range deps {
		if n := f.fold(d.Name); n != d.Name {
			if d.Raw == "" {
				deps[i].Raw = d.Name
			}
			deps[i].Name = n
		}
	}
	return deps
}

// foldInventory gives every name in inv the declared spelling, or, for
// undeclared names that differ only in case, the first in sorted order;
// packages that become one are merged (their dependencies joined).
func foldInventory(inv *ecosystems.Inventory, deps []ecosystems.Dependency) {
	f := newFolder(deps)
	var names []string
	for _, p := range inv.Packages {
		names = append(names, p.Name)
	}
	sort.Strings(names)
	for _, n := range names {
		f.add(n)
	}
	var merged []ecosystems.Package
	at := map[string]int{}
	joined := map[int]bool{}
	for _, p := range inv.Packages {
		p.Name = f.fold(p.Name)
		for i, d := range p.Deps {
			p.Deps[i] = f.fold(d)
		}
		i, dup := at[p.Name]
		if !dup {
			at[p.Name] = len(merged)
			merged = append(merged, p)
			continue
		}
		joined[i] = true
		m := &merged[i]
		m.Direct = m.Direct || p.Direct
		if m.Version == "" {
			m.Version, m.PURL = p.Version, p.PURL
		}
		if m.Path == "" {
			m.Path = p.Path
		}
		for _, d := range p.Deps {
			if !slices.Contains(m.Deps, d) {
				m.Deps = append(m.Deps, d)
			}
		}
	}
	for i := range merged {
		merged[i].Deps = slices.DeleteFunc(merged[i].Deps, func(d string) bool { return d == merged[i].Name })
		if joined[i] {
			sort.Strings(merged[i].Deps)
		}
	}
	inv.Packages = merged
	for i := range inv.Excluded {
		inv.Excluded[i].Name = f.fold(inv.Excluded[i].Name)
	}
	for i := range inv.Observed {
		inv.Observed[i].Package = f.fold(inv.Observed[i].Package)
	}
	if inv.Index != nil {
		inv.Index.Rename(f.fold)
	}
}
