package dpkg

import (
	"bufio"
	"io/fs"
	"strings"

	packageurl "github.com/package-url/packageurl-go"
)

// Distro is what os-release says of the distribution.
type Distro struct {
	ID        string // "debian", "ubuntu"; "" when unknown
	VersionID string // "12", "24.04"
	Codename  string // "bookworm", "noble"
}

// distroFiles are the files ReadDistro reads, the first that exists.
var distroFiles = []string{"etc/os-release", "usr/lib/os-release"}

// ReadDistro reads etc/os-release, else usr/lib/os-release, of the system
// rooted at fsys. A missing or unreadable file gives the zero Distro.
func ReadDistro(fsys fs.FS) Distro {
	for _, f := range distroFiles {
		b, err := fs.ReadFile(fsys, f)
		if err != nil {
			continue
		}
		var d Distro
		sc := bufio.NewScanner(strings.NewReader(string(b)))
		for sc.Scan() {
			k, v, ok := strings.Cut(strings.TrimSpace(sc.Text()), "=")
			if !ok || strings.HasPrefix(k, "#") {
				continue
			}
			v = strings.Trim(v, `"'`)
			switch k {
			case "ID":
				d.ID = strings.ToLower(v)
			case "VERSION_ID":
				d.VersionID = v
			case "VERSION_CODENAME":
				d.Codename = v
			}
		}
		return d
	}
	return Distro{}
}

// PURL returns the package URL of an installed package:
// pkg:deb/debian/zlib1g@1:1.2.13.dfsg-1?arch=amd64&distro=debian-12. The
// namespace is the distribution's ID ("debian" when unknown); the distro
// qualifier is "<id>-<version id>" when both are known.
func (d Distro) PURL(p *Package) string {
	ns := d.ID
	if ns == "" {
		ns = "debian"
	}
	var q packageurl.Qualifiers
	if p.Architecture != "" {
		q = append(q, packageurl.Qualifier{Key: "arch", Value: p.Architecture})
	}
	if d.ID != "" && d.VersionID != "" {
		q = append(q, packageurl.Qualifier{Key: "distro", Value: d.ID + "-" + d.VersionID})
	}
	return packageurl.NewPackageURL(packageurl.TypeDebian, ns, p.Name, p.Version, q, "").ToString()
}
