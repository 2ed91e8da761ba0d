package system

import (
	"github.com/package-url/packageurl-go"

	"github.com/envaudit/envaudit/ecosystems"
)

// Identify returns the identity of a Debian package:
// pkg:deb/debian/<name>@<version>. An installed package's own record
// (Package.PURL) also names the distribution that built it and its
// architecture; from a name and a version alone, which is what a package
// declared in a Dockerfile or an Aptfile but not installed has, the
// vendor is taken to be Debian, as when os-release does not say.
func (Ecosystem) Identify(name, version string) ecosystems.Identity {
	return ecosystems.Identity{
		PURL: ecosystems.PackageURL(packageurl.TypeDebian, "debian", name, version),
		Name: name,
	}
}
