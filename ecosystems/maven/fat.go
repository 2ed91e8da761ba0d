package maven

import (
	"io/fs"
	"path/filepath"
	"sort"
	"strings"
)

// A fatJar is a JAR into which the maven-shade-plugin (or the assembly
// plugin's jar-with-dependencies) merged the classes of several artifacts.
// The JVM names only the fat JAR as the source of every class, but the
// classes keep their names (or a relocated prefix), and the fat JAR keeps
// each merged artifact's META-INF/maven/<group>/<artifact>/pom.properties.
// So envaudit lists the classes of each of those artifacts' original JARs
// (from D2, the local repositories, or a module's target/classes) and
// attributes a class loaded from the fat JAR to the artifact whose
// original has it — after undoing the project's shade relocations — or,
// failing that, to the only artifact with classes in the class's package.
type fatJar struct {
	members      []gav
	classes      map[string]int          // class name → member
	packages     map[string]map[int]bool // package → members with classes in it
	unattributed int                     // classes loaded from it that no member had
}

// fatClass attributes one class loaded from the fat JAR at p.
func (at *attributor) fatClass(p, class string) (owner, bool) {
	fj := at.fat[p]
	if fj == nil {
		fj = at.openFat(p)
		at.fat[p] = fj
	}
	i, ok := fj.lookup(class, at.relocations)
	if !ok {
		fj.unattributed++
		return owner{}, false
	}
	m := fj.members[i]
	if at.reactor[m.name()] {
		return owner{own: true}, true
	}
	file := p + "!/" + strings.ReplaceAll(packageOf(class), ".", "/") + "/"
	return owner{name: m.name(), version: m.version, file: file}, true
}

func (fj *fatJar) lookup(class string, relocs []relocation) (int, bool) {
	if i, ok := fj.classes[class]; ok {
		return i, true
	}
	for _, r := range relocs {
		if r.pattern == "" || r.shaded == "" {
			continue
		}
		if rest, ok := strings.CutPrefix(class, r.shaded+"."); ok {
			if i, ok := fj.classes[r.pattern+"."+rest]; ok {
				return i, true
			}
		}
	}
	if ms := fj.packages[packageOf(class)]; len(ms) == 1 {
		for i := range ms {
			return i, true
		}
	}
	return 0, false
}

// openFat lists the classes of the original of every artifact merged into
// the fat JAR at p.
func (at *attributor) openFat(p string) *fatJar {
	fj := &fatJar{members: at.readJar(p).poms, classes: map[string]int{}, packages: map[string]map[int]bool{}}
	for i, m := range fj.members {
		for _, c := range at.originalClasses(m) {
			if _, dup := fj.classes[c]; !dup {
				fj.classes[c] = i
			}
			pkg := packageOf(c)
			if fj.packages[pkg] == nil {
				fj.packages[pkg] = map[int]bool{}
			}
			fj.packages[pkg][i] = true
		}
	}
	return fj
}

// originalClasses returns the class names of artifact m as it was before
// it was merged: a module's compiled classes, else its JAR in D2 or in a
// local repository.
func (at *attributor) originalClasses(m gav) []string {
	if dir, ok := at.moduleDirs[m.name()]; ok {
		var out []string
		classes := filepath.Join(dir, "target", "classes")
		_ = filepath.WalkDir(classes, func(p string, d fs.DirEntry, err error) error {
			if err != nil || d.IsDir() || !strings.HasSuffix(p, ".class") {
				return nil
			}
			rel, _ := filepath.Rel(classes, p)
			if c := className(filepath.ToSlash(rel)); c != "" {
				out = append(out, c)
			}
			return nil
		})
		return out
	}
	// The same version from D2, then from a local repository, then any
	// version from D2 (Debian's JARs say their upstream version, while
	// Maven resolved Debian's alias for it).
	var same, other []string
	for f, v := range at.byFile {
		switch {
		case v.name() != m.name():
		case v.version == m.version:
			same = append(same, f)
		default:
			other = append(other, f)
		}
	}
	sort.Strings(same)
	sort.Strings(other)
	candidates := same
	if m.version != "" {
		for _, r := range at.repos {
			candidates = append(candidates, repoPath(r, artifact{group: m.group, artifact: m.artifact, typ: "jar", version: m.version}))
		}
	}
	candidates = append(candidates, other...)
	for _, f := range candidates {
		zr, err := openJar(f)
		if err != nil {
			continue
		}
		var out []string
		for _, e := range zr.File {
			if c := className(e.Name); c != "" {
				out = append(out, c)
			}
		}
		zr.Close()
		return out
	}
	return nil
}

// className returns the binary class name of a JAR entry or class file
// path (org/x/A$B.class → org.x.A$B), "" for other entries. A
// multi-release JAR's META-INF/versions/<n>/ prefix is dropped.
func className(entry string) string {
	if !strings.HasSuffix(entry, ".class") || strings.HasSuffix(entry, "module-info.class") || strings.HasSuffix(entry, "package-info.class") {
		return ""
	}
	if rest, ok := strings.CutPrefix(entry, "META-INF/versions/"); ok {
		_, after, found := strings.Cut(rest, "/")
		if !found {
			return ""
		}
		entry = after
	} else if strings.HasPrefix(entry, "META-INF/") {
		return ""
	}
	return strings.ReplaceAll(strings.TrimSuffix(entry, ".class"), "/", ".")
}

// packageOf returns the package of a binary class name ("" for the default
// package).
func packageOf(class string) string {
	if i := strings.LastIndexByte(class, '.'); i >= 0 {
		return class[:i]
	}
	return ""
}
