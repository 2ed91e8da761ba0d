package all

import (
	"sync"

	"github.com/envaudit/envaudit/ecosystems"
)

// identifiers maps each registered ecosystem's name to the ecosystem that
// builds its packages' identities; built once, as every component of an
// SBOM asks.
var identifiers = sync.OnceValue(func() map[string]ecosystems.Identifier {
	m := map[string]ecosystems.Identifier{}
	for _, e := range Ecosystems() {
		if id, ok := e.(ecosystems.Identifier); ok {
			m[e.Name()] = id
		}
	}
	return m
})

// Identify returns the identity (package URL, CycloneDX group and name) of
// a package of the named ecosystem, as that ecosystem builds it. A name no
// registered ecosystem has (a report written by another version of
// envaudit) gets ecosystems.GenericIdentity; every registered ecosystem
// implements ecosystems.Identifier, which a test checks.
func Identify(ecosystem, name, version string) ecosystems.Identity {
	if id, ok := identifiers()[ecosystem]; ok {
		return id.Identify(name, version)
	}
	return ecosystems.GenericIdentity(name, version)
}
