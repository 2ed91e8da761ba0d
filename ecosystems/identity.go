package ecosystems

import "github.com/package-url/packageurl-go"

// Identity is how a package of an ecosystem is named outside envaudit: in
// a CycloneDX SBOM and in the dependency graph of a code host. Each
// ecosystem builds it (Identifier), because only the ecosystem knows how
// its names split into a namespace and a name and how its package URLs are
// normalised.
type Identity struct {
	// PURL is the package URL, normalised as the purl specification's
	// type requires; "" when no valid package URL can be built (an empty
	// name).
	PURL string
	// Group is the CycloneDX component group: the namespace a producer
	// conventionally shows apart from the name (the npm scope "@babel",
	// the Maven group id "org.apache.commons"); "" when the ecosystem has
	// none or the name has none.
	Group string
	// Name is the CycloneDX component name: the package's name without
	// its Group ("core", "commons-lang3"), the whole name when Group is
	// "" (a Go module path).
	Name string
	// Taxonomy is the namespace of the ecosystem's properties in the
	// official CycloneDX property taxonomy that has a package's install
	// path (Taxonomy + ":path") and its being needed only to develop
	// (Taxonomy + ":development"): "cdx:npm:package" for npm; "" for an
	// ecosystem the taxonomy gives no such properties.
	Taxonomy string
}

// Identifier is implemented by every ecosystem. Identify returns the
// identity of a package of the ecosystem from its normalised name (as D1,
// D2 and D3 name it) and its version ("" when unknown). It must be a pure
// function of its arguments, so an SBOM built from a saved report is
// reproducible on any machine.
type Identifier interface {
	Identify(name, version string) Identity
}

// PackageURL returns the package URL of type typ ("npm", "pypi", "deb",
// ...) with the given namespace, name and version, normalised as the purl
// specification requires for that type (pypi names lowercased with "_" as
// "-"; deb and golang namespaces and names lowercased), or "" when it is
// not a valid package URL (an empty name). Ecosystems build their
// identities with it, so that one library normalises every package URL.
func PackageURL(typ, namespace, name, version string) string {
	if name == "" {
		return ""
	}
	p := packageurl.NewPackageURL(typ, namespace, name, version, nil, "")
	if err := p.Normalize(); err != nil {
		return ""
	}
	return p.ToString()
}

// GenericIdentity is the identity of a package no ecosystem knows how to
// name: pkg:generic/<name>@<version>, with the whole name as the
// component name.
func GenericIdentity(name, version string) Identity {
	return Identity{PURL: PackageURL(packageurl.TypeGeneric, "", name, version), Name: name}
}
