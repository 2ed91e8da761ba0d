package cargo

import (
	"github.com/package-url/packageurl-go"

	"github.com/envaudit/envaudit/ecosystems"
)

// Identify returns the identity of a crate: pkg:cargo/<name>@<version>.
// crates.io has no namespaces, so there is no group, and the name is kept
// as Cargo.lock writes it.
func (Ecosystem) Identify(name, version string) ecosystems.Identity {
	return ecosystems.Identity{
		PURL: ecosystems.PackageURL(packageurl.TypeCargo, "", name, version),
		Name: name,
	}
}
