package maven

import (
	"archive/zip"
	"bufio"
	"bytes"
	"errors"
	"io"
	"io/fs"
	"net/url"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"github.com/envaudit/envaudit/ecosystems"
	"github.com/envaudit/envaudit/internal/projfile"
)

// DebianRepository is Debian's Maven repository. Its artifacts are symbolic
// links to the JARs in /usr/share/java, which is also where Debian's own
// class paths (surefire's, a packaged program's) point.
const DebianRepository = "/usr/share/maven-repo"

// A gav is an artifact's group, artifact and version.
type gav struct{ group, artifact, version string }

func (g gav) name() string { return g.group + ":" + g.artifact }

// An owner is what a class source belongs to.
type owner struct {
	name, version string
	file          string // the evidence file: the JAR, nested JAR or shaded package (absolute, "!/" for entries)
	own           bool   // the project's own code (a module's classes or JAR)
	unknown       string // with ok false: the class path entry no artifact owns
}

// An attributor maps the class path entries a JVM loaded classes from to
// the Maven artifacts they are, by (in order): the files of the resolved
// packages (D2); the project's own output; the local repository layout
// <repo>/<group path>/<artifact>/<version>/<artifact>-<version>*.jar;
// Debian's /usr/share/java JARs through the repository links that point at
// them; the META-INF/maven/<group>/<artifact>/pom.properties inside the
// JAR; a JAR's name <artifact>-<version>.jar matched against D2. A JAR that
// holds several pom.properties and is not itself a dependency is a fat JAR
// (maven-shade-plugin): each of its classes is attributed to the artifact
// that had the class (see fatJar).
type attributor struct {
	root        string            // canonical project root
	byFile      map[string]gav    // canonical (and symlink-resolved) file of each D2 package
	d2          map[string]string // D2 name → a version
	d2ByFile    map[string]gav    // "<artifact>-<version>.jar" → D2 package
	reactor     map[string]bool   // the project's modules, group:artifact
	moduleDirs  map[string]string // module group:artifact → its directory
	repos       []string          // local repositories, canonical
	relocations []relocation      // the project's shade relocations

	debian map[string][]gav // symlink-resolved JAR in /usr/share/java → repository artifacts; built on first use
	jars   map[string]*jarInfo
	fat    map[string]*fatJar
}

// A relocation is one <relocation> of the maven-shade-plugin: classes of
// package pattern were moved to shadedPattern in the fat JAR.
type relocation struct{ pattern, shaded string }

// jarInfo is what envaudit read of one JAR: its pom.properties.
type jarInfo struct {
	poms []gav
}

func newAttributor(root string) *attributor {
	return &attributor{
		root:       ecosystems.Canon(root),
		byFile:     map[string]gav{},
		d2:         map[string]string{},
		d2ByFile:   map[string]gav{},
		reactor:    map[string]bool{},
		moduleDirs: map[string]string{},
		jars:       map[string]*jarInfo{},
		fat:        map[string]*fatJar{},
	}
}

// addPackage records a D2 package and its file.
func (at *attributor) addPackage(name, version, file string) {
	g, a, _ := strings.Cut(name, ":")
	v := gav{g, a, version}
	if _, ok := at.d2[name]; !ok {
		at.d2[name] = version
	}
	if file == "" {
		return
	}
	at.byFile[ecosystems.Canon(file)] = v
	if r, err := filepath.EvalSymlinks(file); err == nil {
		if _, ok := at.byFile[ecosystems.Canon(r)]; !ok {
			at.byFile[ecosystems.Canon(r)] = v
		}
	}
	at.d2ByFile[filepath.Base(file)] = v
}

// source attributes a class the JVM loaded from src. ok is false for the
// JDK, for sources that are not class path entries, and for entries no
// artifact owns (named in the owner's unknown). An artifact that is one of
// the project's modules (a sibling's JAR installed in the local
// repository) is the project's own code.
func (at *attributor) source(class, src string) (owner, bool) {
	o, ok := at.entry(class, src)
	if ok && o.name != "" && at.reactor[o.name] {
		return owner{own: true}, true
	}
	return o, ok
}

func (at *attributor) entry(class, src string) (owner, bool) {
	switch {
	case strings.HasPrefix(src, "file:"):
		p, ok := urlPath(src)
		if !ok {
			return owner{}, false
		}
		if strings.HasSuffix(src, "/") {
			return at.dir(p)
		}
		return at.jar(p, class)
	case strings.HasPrefix(src, "jar:") || strings.HasPrefix(src, "nested:"):
		outer, inner, ok := nestedSource(src)
		if !ok {
			return owner{}, false
		}
		switch {
		case inner == "":
			return at.jar(outer, class)
		case !strings.HasSuffix(inner, ".jar"):
			// A directory inside the fat JAR (BOOT-INF/classes): the
			// application's own classes.
			return owner{own: true}, true
		}
		return at.nested(outer, inner)
	}
	return owner{}, false
}

// urlPath returns the file system path of a file: URL.
func urlPath(u string) (string, bool) {
	rest, ok := strings.CutPrefix(u, "file:")
	if !ok {
		return "", false
	}
	rest = strings.TrimPrefix(rest, "//") // file:///path
	if !strings.HasPrefix(rest, "/") {
		return "", false
	}
	p, err := url.PathUnescape(rest)
	if err != nil {
		return "", false
	}
	return filepath.Clean(filepath.FromSlash(p)), true
}

// nestedSource splits the URL of a JAR nested in a fat JAR into the outer
// JAR's path and the entry: Spring Boot's loader before 3.2 uses
// jar:file:/app.jar!/BOOT-INF/lib/x.jar!/, from 3.2 on
// jar:nested:/app.jar/!BOOT-INF/lib/x.jar!/ (the URL of the nested JAR
// itself is nested:/app.jar/!BOOT-INF/lib/x.jar). A plain
// jar:file:/x.jar!/ names the JAR x.jar itself (inner "").
func nestedSource(src string) (outer, inner string, ok bool) {
	s := strings.TrimPrefix(src, "jar:")
	s = strings.TrimSuffix(s, "!/")
	switch {
	case strings.HasPrefix(s, "nested:"):
		s = strings.TrimPrefix(s, "nested:")
		o, i, found := strings.Cut(s, "/!")
		if !found {
			return "", "", false
		}
		p, err := url.PathUnescape(o)
		if err != nil || !strings.HasPrefix(p, "/") {
			return "", "", false
		}
		return filepath.FromSlash(p), strings.TrimPrefix(i, "/"), true
	case strings.HasPrefix(s, "file:"):
		o, i, _ := strings.Cut(s, "!/")
		p, ok := urlPath(o)
		if !ok {
			return "", "", false
		}
		return p, strings.TrimSuffix(i, "!"), true
	}
	return "", "", false
}

// dir attributes a class directory: the project's own output when it lies
// in the project.
func (at *attributor) dir(p string) (owner, bool) {
	if at.inProject(p) {
		return owner{own: true}, true
	}
	return owner{unknown: p}, false
}

func (at *attributor) inProject(p string) bool {
	c := ecosystems.Canon(p)
	return at.root != "" && (c == at.root || strings.HasPrefix(c, at.root+"/"))
}

// jar attributes a class loaded from the JAR at p.
func (at *attributor) jar(p, class string) (owner, bool) {
	c := ecosystems.Canon(p)
	if v, ok := at.byFile[c]; ok {
		return owner{name: v.name(), version: v.version, file: p}, true
	}
	real := c
	if r, err := filepath.EvalSymlinks(p); err == nil {
		real = ecosystems.Canon(r)
		if v, ok := at.byFile[real]; ok {
			return owner{name: v.name(), version: v.version, file: p}, true
		}
	}
	if !at.inProject(p) {
		if v, ok := at.layout(c); ok {
			return owner{name: v.name(), version: v.version, file: p}, true
		}
		if vs := at.debianArtifacts(real); len(vs) > 0 {
			v := at.prefer(vs)
			return owner{name: v.name(), version: v.version, file: p}, true
		}
	}
	info := at.readJar(p)
	switch {
	case len(info.poms) > 1 && class != "":
		return at.fatClass(p, class)
	case len(info.poms) == 1:
		v := info.poms[0]
		if at.reactor[v.name()] {
			return owner{own: true}, true
		}
		return owner{name: v.name(), version: v.version, file: p}, true
	}
	if v, ok := at.d2ByFile[filepath.Base(p)]; ok {
		return owner{name: v.name(), version: v.version, file: p}, true
	}
	if at.inProject(p) {
		return owner{own: true}, true
	}
	return owner{unknown: p}, false
}

// prefer picks among the artifacts a Debian JAR is linked from: one that is
// in D2, else the first by name, and a real version over Debian's alias.
func (at *attributor) prefer(vs []gav) gav {
	best := vs[0]
	for _, v := range vs {
		_, in := at.d2[v.name()]
		_, bestIn := at.d2[best.name()]
		switch {
		case in && !bestIn:
			best = v
		case in == bestIn && v.name() == best.name() && best.version == "debian" && v.version != "debian":
			best = v
		}
	}
	return best
}

// layout recognises a JAR in a local repository by its path:
// <repo>/<group as path>/<artifact>/<version>/<artifact>-<version>[-<classifier>].jar
// (a snapshot's file may carry a timestamp in place of SNAPSHOT).
func (at *attributor) layout(c string) (gav, bool) {
	for _, r := range at.repos {
		if !strings.HasPrefix(c, r+"/") {
			continue
		}
		parts := strings.Split(c[len(r)+1:], "/")
		if len(parts) < 4 {
			continue
		}
		n := len(parts)
		a, v, file := parts[n-3], parts[n-2], parts[n-1]
		if !strings.HasPrefix(file, a+"-"+strings.TrimSuffix(v, "SNAPSHOT")) {
			continue
		}
		return gav{strings.Join(parts[:n-3], "."), a, v}, true
	}
	return gav{}, false
}

// debianArtifacts returns the artifacts of Debian's repository whose file
// is real (symlinks resolved).
func (at *attributor) debianArtifacts(real string) []gav {
	if at.debian == nil {
		at.debian = map[string][]gav{}
		_ = filepath.WalkDir(DebianRepository, func(p string, d fs.DirEntry, err error) error {
			if err != nil || d.IsDir() || !strings.HasSuffix(p, ".jar") {
				return nil
			}
			target, err := filepath.EvalSymlinks(p)
			if err != nil {
				return nil
			}
			rel := strings.Split(filepath.ToSlash(strings.TrimPrefix(p, DebianRepository+"/")), "/")
			if n := len(rel); n >= 4 {
				k := ecosystems.Canon(target)
				at.debian[k] = append(at.debian[k], gav{strings.Join(rel[:n-3], "."), rel[n-3], rel[n-2]})
			}
			return nil
		})
		for k, vs := range at.debian {
			sort.Slice(vs, func(i, j int) bool {
				if vs[i].name() != vs[j].name() {
					return vs[i].name() < vs[j].name()
				}
				return vs[i].version < vs[j].version
			})
			at.debian[k] = vs
		}
	}
	return at.debian[real]
}

// maxNested bounds the size of a JAR nested in a fat JAR that envaudit
// reads into memory to look inside it.
const maxNested = 256 << 20

// nested attributes a JAR nested in a fat JAR (Spring Boot's
// BOOT-INF/lib/x.jar): by the pom.properties inside it, else by its name
// matched against D2.
func (at *attributor) nested(outer, inner string) (owner, bool) {
	key := outer + "!/" + inner
	info, ok := at.jars[key]
	if !ok {
		info = &jarInfo{poms: nestedPOMs(outer, inner)}
		at.jars[key] = info
	}
	file := outer + "!/" + inner
	if len(info.poms) == 1 {
		v := info.poms[0]
		if at.reactor[v.name()] {
			return owner{own: true}, true
		}
		return owner{name: v.name(), version: v.version, file: file}, true
	}
	if v, ok := at.d2ByFile[filepath.Base(inner)]; ok {
		return owner{name: v.name(), version: v.version, file: file}, true
	}
	return owner{unknown: file}, false
}

// nestedPOMs returns the pom.properties artifacts of the JAR inner nested
// in the JAR outer. A JAR that cannot be read counts as one without any:
// the class path entry is then reported as owned by no artifact.
func nestedPOMs(outer, inner string) []gav {
	zr, err := openJar(outer)
	if err != nil {
		return nil
	}
	defer zr.Close()
	for _, f := range zr.File {
		if f.Name != inner || f.UncompressedSize64 > maxNested {
			continue
		}
		rc, err := f.Open()
		if err != nil {
			return nil
		}
		data, err := io.ReadAll(io.LimitReader(rc, maxNested))
		rc.Close()
		if err != nil {
			return nil
		}
		inz, err := zip.NewReader(bytes.NewReader(data), int64(len(data)))
		if err != nil {
			return nil
		}
		return pomProperties(inz)
	}
	return nil
}

// readJar reads the pom.properties of the JAR at p, once. A JAR that
// cannot be read counts as one without any.
func (at *attributor) readJar(p string) *jarInfo {
	if info, ok := at.jars[p]; ok {
		return info
	}
	info := &jarInfo{}
	at.jars[p] = info
	zr, err := openJar(p)
	if err != nil {
		return info
	}
	defer zr.Close()
	info.poms = pomProperties(zr.Reader)
	return info
}

// pomProperties returns the artifacts whose
// META-INF/maven/<group>/<artifact>/pom.properties the JAR holds, sorted.
// maven-archiver writes one for the JAR's own artifact; the shade plugin
// keeps those of every artifact it merged in.
func pomProperties(zr *zip.Reader) []gav {
	var out []gav
	for _, f := range zr.File {
		parts := strings.Split(f.Name, "/")
		if len(parts) != 5 || parts[0] != "META-INF" || parts[1] != "maven" || parts[4] != "pom.properties" {
			continue
		}
		rc, err := f.Open()
		if err != nil {
			continue
		}
		props := parseProperties(io.LimitReader(rc, 64*1024))
		rc.Close()
		v := gav{props["groupId"], props["artifactId"], props["version"]}
		if v.group == "" {
			v.group = parts[2]
		}
		if v.artifact == "" {
			v.artifact = parts[3]
		}
		out = append(out, v)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].name() < out[j].name() })
	return out
}

// parseProperties reads the key=value lines of a Java properties file as
// maven-archiver writes pom.properties (no continuation lines or escapes).
func parseProperties(r io.Reader) map[string]string {
	props := map[string]string{}
	sc := bufio.NewScanner(r)
	for sc.Scan() {
		l := strings.TrimSpace(sc.Text())
		if l == "" || l[0] == '#' || l[0] == '!' {
			continue
		}
		i := strings.IndexAny(l, "=:")
		if i < 0 {
			continue
		}
		props[strings.TrimSpace(l[:i])] = strings.TrimSpace(l[i+1:])
	}
	return props
}

// jarFile is an open JAR. A JAR on a class path or in target/dependency
// may be the project's own, so it is opened as projfile opens project
// files: a named pipe or a device there is refused, never waited on.
type jarFile struct {
	*zip.Reader
	f *os.File
}

func (j *jarFile) Close() error { return j.f.Close() }

// openJar opens the JAR at path, as zip.OpenReader would.
func openJar(path string) (*jarFile, error) {
	f, fi, err := projfile.Open(path)
	if err != nil {
		return nil, err
	}
	if fi.IsDir() {
		f.Close()
		return nil, &fs.PathError{Op: "open", Path: path, Err: errors.New("is a directory")}
	}
	zr, err := zip.NewReader(f, fi.Size())
	if err != nil {
		f.Close()
		return nil, err
	}
	return &jarFile{Reader: zr, f: f}, nil
}
