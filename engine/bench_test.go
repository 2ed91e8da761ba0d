package engine

import (
	"context"
	"io/fs"
	"path/filepath"
	"testing"

	"github.com/envaudit/envaudit/ecosystems/all"
	"github.com/envaudit/envaudit/tracer"
)

// BenchmarkAuditRealTree is the whole audit after a traced run, as `run`
// does it: the project's manifests read, the real node_modules of about
// 1,000 packages (ecosystems/npm/testdata/bench, installed by make setup) enumerated,
// and a trace of 100,000 accesses to its files attributed and audited.
func BenchmarkAuditRealTree(b *testing.B) {
	root, err := filepath.Abs("../ecosystems/npm/testdata/bench")
	if err != nil {
		b.Fatal(err)
	}
	var files []string
	err = filepath.WalkDir(filepath.Join(root, "node_modules"), func(path string, d fs.DirEntry, err error) error {
		if err == nil && d.Type().IsRegular() {
			files = append(files, path)
		}
		return err
	})
	if err != nil || len(files) < 10000 {
		b.Fatalf("ecosystems/npm/testdata/bench/node_modules holds %d files (%v): run `make setup`", len(files), err)
	}
	tr := &tracer.Trace{Header: tracer.Header{Command: []string{"npm", "test"}, Dir: root}}
	for i := 1; i <= 20; i++ {
		tr.Processes = append(tr.Processes, tracer.Process{ID: i, Exe: "/usr/bin/node"})
	}
	for i := 0; i < 100_000; i++ {
		// Every process reads a stride of the tree, so paths repeat across
		// processes as they do in a real run.
		tr.Accesses = append(tr.Accesses, tracer.Access{Proc: 1 + i%20, Op: tracer.OpRead, Path: files[(i*7919)%len(files)]})
	}
	ctx := context.Background()
	b.ResetTimer()
	for b.Loop() {
		p, err := Open(Options{Dir: root, Ecosystems: all.Ecosystems()})
		if err != nil {
			b.Fatal(err)
		}
		r, instErr, err := p.AuditTrace(ctx, tr, true, "")
		if err != nil || instErr != nil {
			b.Fatal(err, instErr)
		}
		if len(r.Ecosystems) == 0 || len(r.Ecosystems[0].Installed) < 900 {
			b.Fatalf("audited %d ecosystems, first with %d installed packages", len(r.Ecosystems), len(r.Ecosystems[0].Installed))
		}
	}
}

// BenchmarkReadBefore is what a traced run adds before the command starts
// (readBefore): the imports of the project's sources read and the
// installation enumerated, with the machine's Debian packages, so that the
// audit after the run can tell what the run changed. It runs on each real
// npm fixture `make setup` installs and on the ~1,000-package tree of
// ecosystems/npm/testdata/bench; compare with BenchmarkAuditRealTree, the
// audit after the run.
func BenchmarkReadBefore(b *testing.B) {
	dirs, err := filepath.Glob("../ecosystems/npm/testdata/real/*/node_modules")
	if err != nil || len(dirs) == 0 {
		b.Fatalf("no real npm fixture installed (%v): run `make setup`", err)
	}
	dirs = append(dirs, "../ecosystems/npm/testdata/bench/node_modules")
	for _, nm := range dirs {
		root, err := filepath.Abs(filepath.Dir(nm))
		if err != nil {
			b.Fatal(err)
		}
		b.Run(filepath.Base(root), func(b *testing.B) {
			p, err := Open(Options{Dir: root, Ecosystems: all.Ecosystems()})
			if err != nil {
				b.Fatal(err)
			}
			ctx := context.Background()
			n := 0
			for b.Loop() {
				bf := p.readBefore(ctx, nil, nil, nil, nil, nil)
				if bf["npm"] == nil || bf["npm"].inv == nil {
					b.Fatalf("npm not enumerated before the run: %+v", bf["npm"])
				}
				n = len(bf["npm"].inv.Packages)
			}
			b.ReportMetric(float64(n), "packages")
		})
	}
}

// BenchmarkSettle compares the enumerations of about 1,000 packages
// before and after a run (settle), as the audit does.
func BenchmarkSettle(b *testing.B) {
	root, err := filepath.Abs("../ecosystems/npm/testdata/bench")
	if err != nil {
		b.Fatal(err)
	}
	p, err := Open(Options{Dir: root, Ecosystems: all.Ecosystems()})
	if err != nil {
		b.Fatal(err)
	}
	ctx := context.Background()
	bf, af := p.readBefore(ctx, nil, nil, nil, nil, nil), p.readBefore(ctx, nil, nil, nil, nil, nil)
	if bf["npm"].inv == nil {
		b.Fatal("npm not enumerated: run `make setup`")
	}
	for b.Loop() {
		if _, ts := settle(root, bf["npm"].inv, af["npm"].inv); len(ts) != 0 {
			b.Fatalf("tampered: %v", ts)
		}
	}
}
