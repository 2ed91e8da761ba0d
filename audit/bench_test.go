package audit

import (
	"fmt"
	"strings"
	"testing"

	"github.com/envaudit/envaudit/ecosystems"
	"github.com/envaudit/envaudit/tracer"
)

// benchInput is a node_modules of n packages, each depending on up to three
// later ones, 50 of them declared, and a trace of events accesses spread
// over 20 processes and a third of the packages (plus files outside any
// package, as a real run has).
func benchInput(n, events int) Input {
	root := "/src/app"
	idx := ecosystems.NewPathIndex()
	var pkgs []ecosystems.Package
	var decl []ecosystems.Dependency
	name := func(i int) string { return fmt.Sprintf("pkg-%04d", i) }
	for i := 0; i < n; i++ {
		p := ecosystems.Package{Name: name(i), Version: "1.0.0", Path: "node_modules/" + name(i)}
		for _, j := range []int{i*3 + 1, i*3 + 2, i*3 + 3} {
			if j < n {
				p.Deps = append(p.Deps, name(j))
			}
		}
		pkgs = append(pkgs, p)
		idx.AddDir(root+"/node_modules/"+name(i), name(i), ecosystems.UseRuntime)
		if i < 50 {
			decl = append(decl, ecosystems.Dependency{Name: name(i), Scope: ecosystems.ScopeRuntime, Pos: ecosystems.Pos{File: "package.json", Line: i + 5}})
		}
	}
	tr := &tracer.Trace{Header: tracer.Header{Command: []string{"npm", "test"}, Dir: root}}
	for p := 1; p <= 20; p++ {
		tr.Processes = append(tr.Processes, tracer.Process{ID: p, Exe: "/usr/bin/node"})
	}
	for e := 0; e < events; e++ {
		var path string
		switch {
		case e%10 == 0:
			path = fmt.Sprintf("/usr/lib/x86_64-linux-gnu/lib%d.so", e%300)
		case e%10 == 1:
			path = fmt.Sprintf("%s/src/module%d/file%d.js", root, e%40, e%500)
		default:
			pkg := (e * 7) % (n / 3)
			path = fmt.Sprintf("%s/node_modules/%s/lib/%s/f%d.js", root, name(pkg), strings.Repeat("d/", e%4), e%97)
		}
		tr.Accesses = append(tr.Accesses, tracer.Access{Proc: 1 + e%20, Op: tracer.OpRead, Path: path})
	}
	return Input{
		Name:      "npm",
		Manifests: []string{"package.json"},
		Declared:  decl,
		Inventory: &ecosystems.Inventory{Packages: pkgs, Index: idx},
		Trace:     tr,
		DevTools:  []string{"jest"},
		Root:      root,
	}
}

// BenchmarkEcosystem audits 1,000 installed packages against a trace of
// 100,000 accesses (the target: well under a second).
func BenchmarkEcosystem(b *testing.B) {
	in := benchInput(1000, 100000)
	b.ReportAllocs()
	b.ResetTimer()
	for b.Loop() {
		r := Ecosystem(in)
		if r.Metrics.Installed != 1000 {
			b.Fatalf("installed %d", r.Metrics.Installed)
		}
	}
}
