package all

import (
	"sync"

	"github.com/envaudit/envaudit/ecosystems"
)

// byName maps each registered ecosystem's name to the ecosystem; built
// once, as every component of an SBOM asks.
var byName = sync.OnceValue(func() map[string]ecosystems.Ecosystem {
	m := map[string]ecosystems.Ecosystem{}
	for _, e := range Ecosystems() {
		m[e.Name()] = e
	}
	return m
})

// Identify returns the identity (package URL, CycloneDX group and name) of
// a package of the named ecosystem, as that ecosystem builds it
// (ecosystems.Identifier, which every Ecosystem is). A name no registered
// ecosystem has (a report written by another version of envaudit) gets
// ecosystems.GenericIdentity.
func Identify(ecosystem, name, version string) ecosystems.Identity {
	if e, ok := byName()[ecosystem]; ok {
		return e.Identify(name, version)
	}
	return ecosystems.GenericIdentity(name, version)
}
