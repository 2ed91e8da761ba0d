package maven

import (
	"archive/zip"
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"github.com/envaudit/envaudit/ecosystems"
	"github.com/envaudit/envaudit/internal/projfile"
)

// maxClassWarnings caps the warnings about class files that do not parse.
const maxClassWarnings = 10

// sourceDirs are the source roots, below src/main or src/test, where a
// class's SourceFile is looked for to place its references in the source.
var sourceDirs = []string{"java", "kotlin", "groovy", "scala"}

// jdkPackages are the package prefixes of the JDK's own classes (JDK 11
// and later) outside java.*, jdk.*, sun.* and com.sun.*: the javax and
// org.* packages of its modules. They load from the JDK whatever JAR on
// the class path also has them (the boot loader is asked first), so they
// are never an artifact's. The Java EE packages JDK 11 removed
// (javax.xml.bind, javax.annotation, javax.activation, javax.jws,
// javax.xml.ws) are not here: they come from artifacts.
var jdkPackages = []string{
	"javax.accessibility.", "javax.annotation.processing.", "javax.crypto.",
	"javax.imageio.", "javax.lang.model.", "javax.management.", "javax.naming.",
	"javax.net.", "javax.print.", "javax.rmi.ssl.", "javax.script.",
	"javax.security.auth.", "javax.security.cert.", "javax.security.sasl.",
	"javax.smartcardio.", "javax.sound.", "javax.sql.", "javax.swing.",
	"javax.tools.", "javax.transaction.xa.", "javax.xml.catalog.",
	"javax.xml.crypto.", "javax.xml.datatype.", "javax.xml.namespace.",
	"javax.xml.parsers.", "javax.xml.stream.", "javax.xml.transform.",
	"javax.xml.validation.", "javax.xml.xpath.", "javax.xml.XMLConstants",
	"org.ietf.jgss.", "org.w3c.dom.", "org.xml.sax.",
	"java.", "jdk.", "sun.", "com.sun.",
}

// jdkClass reports whether a class is the JDK's own.
func jdkClass(name string) bool {
	for _, p := range jdkPackages {
		if strings.HasPrefix(name, p) {
			return true
		}
	}
	return false
}

// Imports reads the classes the project's own compiled code refers to:
// the class files of every module's target/classes and (Test set)
// target/test-classes, parsed in Go (constant pool class entries, the
// descriptors of the fields and methods they declare and use, generic
// signatures, annotations), each referenced class mapped to the resolved
// artifact whose JAR defines it — what `mvn dependency:analyze` calls used
// declared and used undeclared artifacts. The JDK's classes and the
// project's own (any module's) are not imports; a class no resolved JAR
// defines is an import without a package. A class named only by
// annotations the runtime never sees is a compile-time import.
//
// Each import is placed in the .java (or Kotlin, Groovy, Scala) source
// the class's SourceFile attribute names, found below the module's
// src/main or src/test, at the first line that refers to the class (see
// classRef); without that source it is placed at the class file, with no
// line. The class files exist only once the build ran, which is why the
// engine asks after the traced run; a module with sources under src/main
// but no target/classes is a warning.
// The artifacts come from the resolution Installed made, or from a new one
// when Installed was not asked; when Maven cannot resolve, the classes
// cannot be mapped and Imports fails.
func (p *project) Imports(ctx context.Context, env ecosystems.Env) (*ecosystems.Imports, error) {
	if !p.src.OnDisk() {
		return nil, ecosystems.ErrNotOnDisk
	}
	pkgs, err := p.resolvedPackages(ctx, env)
	if err != nil {
		return nil, fmt.Errorf("map classes to artifacts: %w", err)
	}
	root := ecosystems.Canon(p.src.PathRoot())
	out := &ecosystems.Imports{}

	type unit struct {
		m    *module
		test bool
		dir  string
	}
	var units []unit
	for _, m := range p.mods {
		for _, test := range []bool{false, true} {
			d := filepath.Join(m.dir, "target", "classes")
			if test {
				d = filepath.Join(m.dir, "target", "test-classes")
			}
			if st, err := os.Stat(d); err == nil && st.IsDir() {
				units = append(units, unit{m, test, d})
			} else if !test && dirExists(filepath.Join(m.dir, "src", "main")) {
				out.Warnings = append(out.Warnings, fmt.Sprintf("%s: no compiled classes in %q: the build did not run, so its imports are unknown", m.file, displayPath(root, d)))
			}
		}
	}

	// Every class the project compiled is its own, in whichever module.
	type compiled struct {
		u    unit
		file string
		cf   *classFile
	}
	var classes []compiled
	own := map[string]bool{}
	bad := 0
	for _, u := range units {
		err := filepath.WalkDir(u.dir, func(path string, d fs.DirEntry, err error) error {
			if err != nil {
				return err
			}
			if ctx.Err() != nil {
				return ctx.Err()
			}
			if d.IsDir() || !strings.HasSuffix(path, ".class") || !d.Type().IsRegular() {
				return nil
			}
			data, err := projfile.ReadFile(path, projfile.MaxLockfile)
			if err != nil {
				return err
			}
			out.Files++
			cf, err := parseClass(data)
			if err != nil {
				if bad++; bad <= maxClassWarnings {
					out.Warnings = append(out.Warnings, fmt.Sprintf("read class file %q: %v", displayPath(root, path), err))
				}
				return nil
			}
			own[cf.name] = true
			classes = append(classes, compiled{u, path, cf})
			return nil
		})
		if err != nil {
			if ctx.Err() != nil {
				return nil, ctx.Err()
			}
			out.Warnings = append(out.Warnings, fmt.Sprintf("read %q: %v", displayPath(root, u.dir), err))
		}
	}
	if bad > maxClassWarnings {
		out.Warnings = append(out.Warnings, fmt.Sprintf("and %d more class files that do not parse", bad-maxClassWarnings))
	}

	ix := newClassIndex()
	for _, r := range pkgs {
		if r.file != "" && !p.isReactor(r.pkg.Name) {
			if err := ix.addJar(r.pkg.Name, r.file); err != nil {
				out.Warnings = append(out.Warnings, fmt.Sprintf("read the classes of %s: %v", r.pkg.Name, err))
			}
		}
	}

	type key struct {
		file, class string
		test        bool
	}
	found := map[key]ecosystems.Import{}
	for _, c := range classes {
		pos, withLines := p.position(root, c.u.m, c.u.test, c.file, c.cf)
		if pos == (ecosystems.Pos{}) {
			out.Warnings = append(out.Warnings, fmt.Sprintf("class file %q is not the project's: its imports are not counted", displayPath(root, c.file)))
			continue
		}
		for name, ref := range c.cf.refs {
			if jdkClass(name) || own[name] || own[outerClass(name)] {
				continue
			}
			im := ecosystems.Import{Package: ix.lookup(name), Module: name, Pos: pos, Kind: ecosystems.ImportRuntime, Test: c.u.test}
			if withLines {
				im.Pos.Line = ref.line
			}
			if !ref.runtime {
				im.Kind = ecosystems.ImportCompile
			}
			k := key{im.Pos.File, name, im.Test}
			if old, ok := found[k]; ok {
				// Two classes of one source file (App and App$1): the
				// first line, and runtime over compile-time.
				if old.Pos.Line > 0 && (im.Pos.Line == 0 || old.Pos.Line < im.Pos.Line) {
					im.Pos.Line = old.Pos.Line
				}
				if old.Kind == ecosystems.ImportRuntime {
					im.Kind = old.Kind
				}
			}
			found[k] = im
		}
	}
	for _, im := range found {
		out.List = append(out.List, im)
	}
	sort.Slice(out.List, func(i, j int) bool {
		a, b := out.List[i], out.List[j]
		if a.Pos.File != b.Pos.File {
			return a.Pos.File < b.Pos.File
		}
		if a.Pos.Line != b.Pos.Line {
			return a.Pos.Line < b.Pos.Line
		}
		return a.Module < b.Module
	})
	return out, nil
}

// outerClass returns the top-level class of a nested class's binary name
// (org.x.A$B$C → org.x.A), or the name itself.
func outerClass(name string) string {
	if i := strings.IndexByte(name[strings.LastIndexByte(name, '.')+1:], '$'); i > 0 {
		return name[:strings.LastIndexByte(name, '.')+1+i]
	}
	return name
}

// position returns where a class file's references are placed: its
// source file when the SourceFile attribute names one that exists below
// the module's source roots (withLines: the class's line numbers are
// that file's), else the class file itself; for a module outside the
// project root, the <module> line that reaches it. The zero Pos when
// none of these is in the project.
func (p *project) position(root string, m *module, test bool, classPath string, cf *classFile) (ecosystems.Pos, bool) {
	modDir := m.dir
	if cf.source != "" && !strings.ContainsAny(cf.source, `/\`) {
		set := "main"
		if test {
			set = "test"
		}
		pkg := strings.ReplaceAll(packageOf(cf.name), ".", string(filepath.Separator))
		for _, d := range sourceDirs {
			f := filepath.Join(modDir, "src", set, d, pkg, cf.source)
			if fileExists(f) {
				if pos, err := ecosystems.NewPos(root, ecosystems.Canon(f), 0); err == nil {
					return pos, true
				}
				return m.via, false
			}
		}
	}
	if pos, err := ecosystems.NewPos(root, ecosystems.Canon(classPath), 0); err == nil {
		return pos, false
	}
	return m.via, false
}

// isReactor reports whether name is one of the project's modules.
func (p *project) isReactor(name string) bool {
	for _, m := range p.mods {
		if g, a := m.coordinates(); g+":"+a == name {
			return true
		}
	}
	return false
}

// resolvedPackages returns D2 as Installed resolved it, resolving it now
// when Installed was not asked.
func (p *project) resolvedPackages(ctx context.Context, env ecosystems.Env) ([]*resolved, error) {
	if p.resolveDone {
		return p.resolved, p.resolveErr
	}
	environ := env.Environ
	if environ == nil {
		environ = os.Environ()
	}
	abs := p.src.PathRoot()
	res, err := p.eco.resolve(ctx, abs, withoutXlog(environ, env.Scratch), env)
	if err != nil {
		p.resolveErr, p.resolveDone = err, true
		return nil, err
	}
	rs, _ := res.packages(abs, systemPaths(p.l, p.mods))
	p.resolved, p.resolveDone = rs, true
	return rs, nil
}

// A classIndex maps class names to the artifacts whose JARs define them.
type classIndex struct {
	byClass map[string]string // class → the first artifact (in D2 order) that has it
}

func newClassIndex() *classIndex { return &classIndex{byClass: map[string]string{}} }

// addJar indexes the class entries of an artifact's JAR (a directory, as a
// system path may be, is walked the same way). A file that is not a JAR
// (a pom-type dependency) has no classes.
func (ix *classIndex) addJar(name, file string) error {
	st, err := os.Stat(file)
	if err != nil {
		return err
	}
	if st.IsDir() {
		return filepath.WalkDir(file, func(p string, d fs.DirEntry, err error) error {
			if err == nil && !d.IsDir() {
				if rel, err := filepath.Rel(file, p); err == nil {
					ix.add(className(filepath.ToSlash(rel)), name)
				}
			}
			return err
		})
	}
	if !strings.HasSuffix(file, ".jar") && !strings.HasSuffix(file, ".war") && !strings.HasSuffix(file, ".zip") {
		return nil
	}
	zr, err := openJar(file)
	if err != nil {
		if errors.Is(err, zip.ErrFormat) || errors.Is(err, io.ErrUnexpectedEOF) {
			return fmt.Errorf("%q is not a JAR: %w", file, err)
		}
		return err
	}
	defer zr.Close()
	for _, f := range zr.File {
		ix.add(className(f.Name), name)
	}
	return nil
}

func (ix *classIndex) add(class, name string) {
	if class == "" {
		return
	}
	if _, ok := ix.byClass[class]; !ok {
		ix.byClass[class] = name
	}
}

// lookup returns the artifact that defines a class, or "".
func (ix *classIndex) lookup(class string) string { return ix.byClass[class] }

var _ ecosystems.Importer = (*project)(nil)
