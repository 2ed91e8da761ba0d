package cargo

import (
	"path"
	"path/filepath"
	"strings"

	"github.com/envaudit/envaudit/internal/projfile"
)

// withExterns returns the declarations with each one's extern name as
// rustc gives it to the code (--extern NAME=...) and the code writes it
// (NAME::item, use NAME, extern crate NAME): a renamed dependency
// (`key = { package = "real" }`) by its key, with - as _, as Open set
// it; any other by the name of the crate's library, which its own
// Cargo.toml may set apart from the package's ([lib] name = "xml" in
// xml-rs). That Cargo.toml is read where the build takes the crate's
// sources: a path dependency's directory, or the directory sources and
// the registry of cfg at each version Cargo.lock pins. Where none is
// found, or it names no library, the package name with - as _ stands,
// as cargo itself defaults it.
func (pr *project) withExterns(cfg config) []decl {
	out := append([]decl(nil), pr.decls...)
	libs := map[string]string{} // package → its library's name, once read
	for i, d := range out {
		if d.dep.Raw != "" {
			continue // renamed: the key is the name
		}
		if d.local != "" {
			if n := localLibName(pr, d.local); n != "" {
				out[i].extern = n
			}
			continue
		}
		n, ok := libs[d.dep.Name]
		if !ok {
			n = pr.installedLibName(cfg, d.dep.Name)
			libs[d.dep.Name] = n
		}
		if n != "" {
			out[i].extern = n
		}
	}
	return out
}

// installedLibName returns the library name of the crate name as its
// sources installed for this build say, at the first version Cargo.lock
// pins whose sources are found; "" when none says.
func (pr *project) installedLibName(cfg config, name string) string {
	if pr.lock == nil {
		return ""
	}
	for _, p := range pr.lock.Packages {
		if p.Name != name {
			continue
		}
		for _, dir := range cfg.sourceDirs(p.Name, p.Version) {
			data, err := projfile.ReadFile(filepath.Join(dir, "Cargo.toml"), projfile.MaxManifest)
			if err != nil {
				continue
			}
			if n := libName(filepath.Join(dir, "Cargo.toml"), data); n != "" {
				return n
			}
		}
	}
	return ""
}

// localLibName returns the library name of the path dependency in dir
// (slash-separated, relative to the root, or outside it), "" when its
// Cargo.toml cannot be read or names no library.
func localLibName(pr *project, dir string) string {
	rel := path.Join(dir, "Cargo.toml")
	data, err := pr.src.ReadFile(rel)
	if err != nil {
		return ""
	}
	return libName(rel, data)
}

// libName returns the name a crate's Cargo.toml gives its library,
// [lib] name, with - as _ (cargo's own normalisation of a target's name);
// "" when it sets none or does not parse.
func libName(rel string, data []byte) string {
	doc, err := parseTOML(rel, data)
	if err != nil {
		return ""
	}
	lib, err := doc.table("lib")
	if err != nil || lib == nil {
		return ""
	}
	return strings.ReplaceAll(text(lib, "name"), "-", "_")
}
