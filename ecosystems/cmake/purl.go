package cmake

import (
	"strings"

	"github.com/package-url/packageurl-go"

	"github.com/envaudit/envaudit/ecosystems"
)

// Identify returns the identity of a C/C++ library, named as this
// ecosystem names it (see Names in the package documentation). A library
// Debian packages is a Debian package: a CMake package name the library
// table maps to Debian packages is pkg:deb/debian/<runtime package> (OpenSSL
// is pkg:deb/debian/libssl3, nlohmann_json, header only, its -dev package),
// and a name that is itself one of the table's Debian packages is that
// package. Any other library (one the table does not know, or whose Debian
// packages it only gives as patterns, such as Boost's) is pkg:generic. The
// component name is always the library's own name.
//
// Installed packages carry their own, more precise package URL (the Debian
// package dpkg says owns the resolved files, with its architecture and
// distribution, or the fetched source's vcs_url); Identify names the
// others, such as a declared library that is not installed.
func (e Ecosystem) Identify(name, version string) ecosystems.Identity {
	id := ecosystems.Identity{Name: name}
	t := e.table()
	deb := ""
	if lib := t.ByCMake(name); lib != nil {
		deb = runtimeDeb(lib.Debs)
	} else if !isPattern(name) && t.ByDeb(name) != nil {
		deb = name
	}
	if deb != "" {
		id.PURL = ecosystems.PackageURL(packageurl.TypeDebian, "debian", deb, version)
	} else {
		id.PURL = ecosystems.PackageURL(packageurl.TypeGeneric, "", name, version)
	}
	return id
}

// runtimeDeb picks the package a library's row names first among those
// that are not -dev packages (the shared library a program loads), else
// its first -dev package (a header-only library has no other); patterns
// name no one package and are passed over.
func runtimeDeb(debs []string) string {
	first := ""
	for _, d := range debs {
		if isPattern(d) {
			continue
		}
		if !strings.HasSuffix(d, "-dev") {
			return d
		}
		if first == "" {
			first = d
		}
	}
	return first
}

// isPattern reports whether a name of the library table is a glob.
func isPattern(s string) bool { return strings.ContainsAny(s, "*?[") }
