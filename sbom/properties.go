package sbom

import (
	"cmp"
	"slices"
	"strconv"
	"strings"

	cdx "github.com/CycloneDX/cyclonedx-go"
)

// properties are the component's envaudit: properties (see the package
// documentation), sorted.
func (c *component) properties() *[]cdx.Property {
	var props []cdx.Property
	add := func(name, value string) {
		if value != "" {
			props = append(props, cdx.Property{Name: name, Value: value})
		}
	}
	add("envaudit:ecosystem", c.eco)
	if len(c.declared) > 0 {
		add("envaudit:layer", "declared")
	}
	if len(c.installed) > 0 {
		add("envaudit:layer", "installed")
	}
	if len(c.traced) > 0 {
		add("envaudit:layer", "traced")
	}
	for _, d := range c.declared {
		add("envaudit:declared-in", d.Pos.String())
		add("envaudit:declared-scope", string(d.Scope))
		add("envaudit:declared-spec", d.Spec)
	}
	for _, p := range c.installed {
		add("envaudit:installed-path", p.Path)
		if p.Direct {
			add("envaudit:direct", "true")
		}
		if tax := c.id.Taxonomy; tax != "" {
			// The official CycloneDX taxonomy's names, where the
			// ecosystem has them, so generic consumers understand
			// these two without knowing envaudit.
			add(tax+":path", p.Path)
		}
	}
	if tax := c.id.Taxonomy; tax != "" && c.devOnly() {
		add(tax+":development", "true")
	}
	if len(c.traced) > 0 {
		n, dev := 0, true
		for _, t := range c.traced {
			n += tracedFiles(t)
			dev = dev && t.Dev
			for _, p := range t.Processes {
				add("envaudit:traced-by", p)
			}
			add("envaudit:use", t.Use)
		}
		add("envaudit:traced-files", strconv.Itoa(n))
		if dev {
			add("envaudit:dev-tooling", "true")
		}
	}
	for _, f := range c.findings {
		add("envaudit:finding", string(f.Kind))
		add("envaudit:finding:reason", f.Reason)
		add("envaudit:finding:severity", f.Severity)
		if len(f.Via) > 0 {
			add("envaudit:finding:via", strings.Join(f.Via, " > "))
		}
		add("envaudit:finding:change", f.Change)
		add("envaudit:finding:ignored", f.Ignored)
	}
	return sortedProps(props)
}

// sortedProps sorts properties by name and value and drops repeats, so a
// report's order never shows in the BOM; nil when there are none, as
// CycloneDX omits an empty list.
func sortedProps(props []cdx.Property) *[]cdx.Property {
	if len(props) == 0 {
		return nil
	}
	slices.SortFunc(props, func(a, b cdx.Property) int {
		return cmp.Or(strings.Compare(a.Name, b.Name), strings.Compare(a.Value, b.Value))
	})
	props = slices.Compact(props)
	return &props
}
