package maven

import (
	"strings"

	"github.com/package-url/packageurl-go"

	"github.com/envaudit/envaudit/ecosystems"
)

// Identify returns the identity of a Maven artifact named
// "<group id>:<artifact id>": the group id is both the component group and
// the purl namespace, pkg:maven/org.apache.commons/commons-lang3@3.12.0.
// Maven coordinates are case-sensitive and kept as written; a name without
// a group id has no namespace.
func (Ecosystem) Identify(name, version string) ecosystems.Identity {
	group, artifact := "", name
	if g, a, ok := strings.Cut(name, ":"); ok {
		group, artifact = g, a
	}
	return ecosystems.Identity{
		PURL:  ecosystems.PackageURL(packageurl.TypeMaven, group, artifact, version),
		Group: group,
		Name:  artifact,
	}
}
