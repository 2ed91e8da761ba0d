package maven

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/rogpeppe/go-internal/txtar"

	"github.com/envaudit/envaudit/ecosystems"
	"github.com/envaudit/envaudit/ecosystems/internal/ecotest"
)

// FuzzParsePOM parses arbitrary pom.xml data and resolves its dependencies
// in its own context (properties, dependencyManagement, interpolation):
// it must never panic, errors must be positioned within the file, and every
// dependency must be named group:artifact. The seed corpus is every pom of
// the unit and real fixtures.
func FuzzParsePOM(f *testing.F) {
	for _, pattern := range []string{"unit/*.txtar"} {
		files, _ := filepath.Glob(filepath.Join("testdata", pattern))
		for _, file := range files {
			a, err := txtar.ParseFile(file)
			if err != nil {
				f.Fatal(err)
			}
			for _, af := range a.Files {
				if strings.HasSuffix(af.Name, ".xml") || strings.HasSuffix(af.Name, ".pom") {
					f.Add(af.Data)
				}
			}
		}
	}
	reals, _ := filepath.Glob(filepath.Join("testdata", "real", "*", "pom.xml"))
	for _, file := range reals {
		data, err := os.ReadFile(file)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(data)
	}
	f.Add([]byte(`<project><properties><a>${b}${b}</a><b>${a}</b></properties><dependencies><dependency><groupId>${a}</groupId><artifactId>x</artifactId></dependency></dependencies></project>`))
	f.Fuzz(func(t *testing.T, data []byte) {
		p, err := parsePOM("pom.xml", data)
		lines := bytes.Count(data, []byte("\n")) + 1
		checkPos := func(err error) {
			pe := ecotest.PosError(t, err)
			if pe.Pos.File != "pom.xml" || pe.Pos.Line < 0 || pe.Pos.Line > lines {
				t.Fatalf("error %q: position %v outside the file's %d lines", err, pe.Pos, lines)
			}
		}
		if err != nil {
			checkPos(err)
			return
		}
		m := &module{file: "pom.xml", abs: "/src/pom.xml", dir: "/src", pom: p, inProject: true, props: map[string]string{}}
		for _, pr := range p.properties {
			m.props[pr.name] = pr.val
		}
		l := newLoader(ecosystems.Source{FS: fstest.MapFS{}, Root: "/src"}, nil)
		l.byFile[m.abs] = m
		deps, err := l.declared([]*module{m})
		if err != nil {
			checkPos(err)
			return
		}
		for _, d := range deps {
			if strings.Count(d.Name, ":") != 1 || strings.HasPrefix(d.Name, ":") || strings.HasSuffix(d.Name, ":") {
				t.Fatalf("dependency name %q is not group:artifact", d.Name)
			}
			if d.Pos.Line < 1 || d.Pos.Line > lines {
				t.Fatalf("dependency %q at line %d outside the file's %d lines", d.Name, d.Pos.Line, lines)
			}
		}
	})
}

// FuzzParseTGF parses arbitrary dependency:tree output: never a panic, and
// a parsed tree has a module node and edges between its nodes.
func FuzzParseTGF(f *testing.F) {
	f.Add([]byte("1 g:app:jar:1.0\n2 g:lib:jar:tests:2.0:test\n#\n1 2 test\n"))
	f.Add([]byte("7 g:parent:pom:1\n#\n"))
	files, _ := filepath.Glob(filepath.Join("testdata", "unit", "*.txtar"))
	for _, file := range files {
		a, err := txtar.ParseFile(file)
		if err != nil {
			f.Fatal(err)
		}
		for _, af := range a.Files {
			if strings.HasSuffix(af.Name, ".tgf") {
				f.Add(af.Data)
			}
		}
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		tr, err := parseTGF("t.tgf", data)
		if err != nil {
			return
		}
		if len(tr.nodes) == 0 {
			t.Fatal("tree without nodes")
		}
		for _, e := range tr.edges {
			if e[0] < 0 || e[0] >= len(tr.nodes) || e[1] < 0 || e[1] >= len(tr.nodes) {
				t.Fatalf("edge %v outside the %d nodes", e, len(tr.nodes))
			}
		}
		res := &resolution{trees: []*tree{tr}, localRepo: "/nonexistent-repo"}
		rs, _ := res.packages("/src", nil)
		for _, r := range rs {
			if r.pkg.Name == "" || r.pkg.PURL == "" {
				t.Fatalf("package %+v without a name or package URL", r.pkg)
			}
		}
	})
}

// FuzzClassLoads parses arbitrary class-load logs and splits every source
// URL as attribution does (without opening files): never a panic, every
// class named has no blank in it, and paths are absolute.
func FuzzClassLoads(f *testing.F) {
	f.Add([]byte("java.lang.Object source: shared objects file\norg.x.A source: file:/r/x.jar\n"))
	f.Add([]byte("[0.01s][info][class,load] a.B source: jar:file:/app.jar!/BOOT-INF/lib/x.jar!/\n"))
	f.Add([]byte("[Loaded a.B from file:/x%20y/z.jar]\n[Loaded java.lang.Object from /jdk/jre/lib/rt.jar]\n"))
	f.Add([]byte("a.B source: jar:nested:/app.jar/!BOOT-INF/lib/x.jar!/\nc.D source: file:///x/\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		loads := parseClassLoads(data)
		j := &jvmLog{loads: loads}
		j.classify()
		for _, l := range loads {
			if l.class == "" || strings.ContainsAny(l.class, " \t") {
				t.Fatalf("class %q", l.class)
			}
			if p, ok := urlPath(l.source); ok && !filepath.IsAbs(p) {
				t.Fatalf("urlPath(%q) = %q, not absolute", l.source, p)
			}
			if outer, _, ok := nestedSource(l.source); ok && !filepath.IsAbs(outer) {
				t.Fatalf("nestedSource(%q) outer %q, not absolute", l.source, outer)
			}
		}
	})
}
