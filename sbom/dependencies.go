package sbom

import (
	"slices"
	"strings"

	cdx "github.com/CycloneDX/cyclonedx-go"
)

// dependencies lists the project's declared packages and every recorded
// edge between installed packages. Packages without recorded edges get no
// entry: CycloneDX reads an empty dependsOn as "has no dependencies", which
// envaudit does not know.
func dependencies(comps []*component) []cdx.Dependency {
	var direct []string
	var deps []cdx.Dependency
	for _, c := range comps {
		if len(c.declared) > 0 {
			direct = append(direct, c.ref)
		}
		if len(c.dependsOn) == 0 {
			continue
		}
		on := make([]string, len(c.dependsOn))
		for i, d := range c.dependsOn {
			on[i] = d.ref
		}
		slices.Sort(on)
		deps = append(deps, cdx.Dependency{Ref: c.ref, Dependencies: &on})
	}
	slices.Sort(direct)
	direct = slices.Compact(direct)
	project := cdx.Dependency{Ref: projectRef}
	if len(direct) > 0 {
		project.Dependencies = &direct
	}
	deps = append(deps, project)
	slices.SortFunc(deps, func(a, b cdx.Dependency) int { return strings.Compare(a.Ref, b.Ref) })
	return deps
}
