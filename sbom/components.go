package sbom

import (
	"fmt"
	"slices"
	"strings"

	cdx "github.com/CycloneDX/cyclonedx-go"
	"github.com/package-url/packageurl-go"

	"github.com/envaudit/envaudit/audit"
	"github.com/envaudit/envaudit/ecosystems"
)

// component gathers everything the report says about one package version
// of one ecosystem.
type component struct {
	eco       string
	name      string
	version   string
	id        ecosystems.Identity // as the ecosystem names the package
	purl      string
	ref       string
	declared  []ecosystems.Dependency
	installed []ecosystems.Package
	traced    []audit.TracedPackage
	findings  []audit.Finding
	dependsOn []*component
}

// ecosystemComponents merges the layers of one ecosystem by package name
// and version. Installed packages define the versions; declared
// dependencies (which have constraints, not versions) attach to every
// installed version of their name. identify names each package as its
// ecosystem does.
func ecosystemComponents(eco audit.EcosystemReport, identify func(ecosystem, name, version string) ecosystems.Identity) []*component {
	var all []*component
	byName := map[string][]*component{}
	get := func(name, version string) *component {
		for _, c := range byName[name] {
			if c.version == version {
				return c
			}
		}
		c := &component{eco: eco.Name, name: name, version: version}
		byName[name] = append(byName[name], c)
		all = append(all, c)
		return c
	}
	// matching returns the components a layer entry of that name and
	// version belongs to, creating one when the package is in no layer yet.
	matching := func(name, version string) []*component {
		if version != "" {
			for _, c := range byName[name] {
				if c.version == version {
					return []*component{c}
				}
			}
		}
		if version == "" && len(byName[name]) > 0 {
			return byName[name]
		}
		return []*component{get(name, version)}
	}
	for _, p := range eco.Installed {
		c := get(p.Name, p.Version)
		c.installed = append(c.installed, p)
	}
	for _, t := range eco.Traced {
		for _, c := range matching(t.Name, t.Version) {
			c.traced = append(c.traced, t)
		}
	}
	for _, d := range eco.Declared {
		for _, c := range matching(d.Name, "") {
			c.declared = append(c.declared, d)
		}
	}
	for _, f := range eco.Findings {
		for _, c := range matching(f.Package, f.Version) {
			c.findings = append(c.findings, f)
		}
	}
	for _, c := range all {
		c.id = identify(c.eco, c.name, c.version)
		c.purl = c.packageURL()
	}
	for _, c := range all {
		for _, p := range c.installed {
			for _, dep := range p.Deps {
				if d := resolveDep(p.Path, byName[dep]); d != nil && d != c && !slices.Contains(c.dependsOn, d) {
					c.dependsOn = append(c.dependsOn, d)
				}
			}
		}
	}
	return all
}

// resolveDep picks which installed copy of a dependency a package at path
// uses when several versions are installed: the most deeply nested copy
// below the package (npm's nested node_modules), else the least nested one
// (the hoisted copy).
func resolveDep(path string, cands []*component) *component {
	var best *component
	bestPath, nested := "", false
	for _, c := range cands {
		for _, p := range c.installed {
			inside := path != "" && strings.HasPrefix(p.Path, path+"/")
			switch {
			case best == nil,
				inside && (!nested || len(p.Path) > len(bestPath)),
				!inside && !nested && len(p.Path) < len(bestPath):
				best, bestPath, nested = c, p.Path, inside
			}
		}
	}
	return best
}

// packageURL prefers the package URL the installed record carries (it
// may name what only the installation knows: a Debian package's
// architecture, an npm alias's real package, a fetched source's URL), else
// the one the ecosystem builds from the name and version.
func (c *component) packageURL() string {
	for _, p := range c.installed {
		if p.PURL == "" {
			continue
		}
		if _, err := packageurl.FromString(p.PURL); err == nil {
			return p.PURL
		}
	}
	return c.id.PURL
}

// assignRefs gives every component a unique bom-ref: its package URL;
// "<ecosystem>:<purl>" where two ecosystems describe the same package (the
// cmake and system ecosystems both name Debian packages); "<ref>#<name>"
// where one ecosystem installs the same package under two names (an npm
// alias, "string-width-cjs": "npm:string-width@4.2.3", installs
// string-width under node_modules/string-width-cjs beside string-width
// itself); and, should two still collide, a number after the ref of the
// first. A bom-ref names one component, and every dependency entry names
// a bom-ref, so a duplicate makes the whole SBOM invalid.
func assignRefs(comps []*component) {
	ecos := map[string]map[string]bool{}
	for _, c := range comps {
		r := c.baseRef()
		if ecos[r] == nil {
			ecos[r] = map[string]bool{}
		}
		ecos[r][c.eco] = true
	}
	count := map[string]int{}
	for _, c := range comps {
		c.ref = c.baseRef()
		if len(ecos[c.ref]) > 1 {
			c.ref = c.eco + ":" + c.ref
		}
		count[c.ref]++
	}
	for _, c := range comps {
		if count[c.ref] > 1 {
			c.ref += "#" + c.name
		}
	}
	used := map[string]bool{}
	for _, c := range comps {
		ref := c.ref
		for n := 2; used[ref]; n++ {
			ref = fmt.Sprintf("%s#%d", c.ref, n)
		}
		used[ref] = true
		c.ref = ref
	}
}

func (c *component) baseRef() string {
	if c.purl != "" {
		return c.purl
	}
	if c.version != "" {
		return c.eco + "/" + c.name + "@" + c.version
	}
	return c.eco + "/" + c.name
}

// scope is runtime unless every declaration is for development, testing or
// building (or, undeclared, every record marks it dev-only), or the run
// only read the package to build: CycloneDX's excluded, "not reachable at
// runtime". A declared package that was neither installed nor loaded is
// optional, CycloneDX's word for "not installed or otherwise accessible".
func (c *component) scope() cdx.Scope {
	if c.devOnly() || c.compileOnly() {
		return cdx.ScopeExcluded
	}
	if len(c.installed) == 0 && len(c.traced) == 0 {
		return cdx.ScopeOptional
	}
	return cdx.ScopeRequired
}

// compileOnly reports whether the package was only needed to build: every
// traced use of it read files to compile (headers, type declarations), or
// the audit found it a compile-time phantom. Its envaudit:use property
// still says so. (A header-only C++ library is the exception this cannot
// see: compiled into the program, it leaves no runtime trace.)
func (c *component) compileOnly() bool {
	for _, f := range c.findings {
		if f.Kind == audit.Phantom && f.Reason == audit.ReasonCompileTime {
			return true
		}
	}
	if len(c.traced) == 0 {
		return false
	}
	for _, t := range c.traced {
		if t.Use != string(ecosystems.UseCompile) {
			return false
		}
	}
	return true
}

func (c *component) devOnly() bool {
	if len(c.declared) > 0 {
		for _, d := range c.declared {
			switch d.Scope {
			case ecosystems.ScopeDev, ecosystems.ScopeTest, ecosystems.ScopeBuild:
			default:
				return false
			}
		}
		return true
	}
	for _, f := range c.findings {
		if f.Kind == audit.Dev {
			return true
		}
	}
	if len(c.traced) > 0 {
		for _, t := range c.traced {
			if !t.Dev {
				return false
			}
		}
		return true
	}
	if len(c.installed) > 0 {
		for _, p := range c.installed {
			if !p.Dev {
				return false
			}
		}
		return true
	}
	return false
}

// cdx is the CycloneDX component, grouped and named as the ecosystem names
// the package (the npm scope and the Maven group id as the group, the way
// CycloneDX producers conventionally show them).
func (c *component) cdx(maxOcc int) cdx.Component {
	name := c.id.Name
	if name == "" {
		name = c.name
	}
	out := cdx.Component{
		BOMRef:     c.ref,
		Type:       cdx.ComponentTypeLibrary,
		Group:      c.id.Group,
		Name:       name,
		Version:    c.version,
		Scope:      c.scope(),
		PackageURL: c.purl,
		Evidence:   c.evidence(maxOcc),
	}
	out.Properties = c.properties()
	return out
}
