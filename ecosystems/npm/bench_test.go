package npm

import (
	"context"
	"fmt"
	"io/fs"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/envaudit/envaudit/ecosystems"
	"github.com/envaudit/envaudit/ecosystems/internal/ecotest"
)

// The benchmark fixture testdata/bench is a real node_modules of about
// 1,000 packages (jest, eslint, webpack, babel, typescript, vitest, ...),
// installed by scripts/setup.d/npm.sh with npm ci.

// TestBenchFixture checks the large real tree itself: every package that
// npm ci installed is found, and npm's lockfile and the tree agree, with
// not one warning over a thousand real package.json files.
func TestBenchFixture(t *testing.T) {
	dir := installedFixture(t, "bench")
	inv := ecotest.Installed(t, New(), dir, ecosystems.Env{Environ: []string{}})
	if got := len(inv.Packages); got != 1021 {
		t.Errorf("%d packages, want 1021 (npm ci said: added 1021 packages)", got)
	}
	if len(inv.Warnings) > 0 {
		t.Errorf("warnings: %q", inv.Warnings)
	}
	direct := 0
	for _, p := range inv.Packages {
		if p.Direct {
			direct++
			if !p.Dev {
				t.Errorf("%s is direct but not dev (all are devDependencies)", p.Path)
			}
		}
	}
	if direct != 27 {
		t.Errorf("%d direct packages, want the 27 devDependencies", direct)
	}
}

// tracePaths returns n paths as a trace of a test run over the tree would
// name them: every file of the installed tree in turn, with one path in
// ten outside any package (project files, system libraries).
func tracePaths(tb testing.TB, dir string, n int) []string {
	tb.Helper()
	var files []string
	err := filepath.WalkDir(filepath.Join(dir, "node_modules"), func(p string, e fs.DirEntry, err error) error {
		if err == nil && !e.IsDir() {
			files = append(files, p)
		}
		return err
	})
	if err != nil {
		tb.Fatal(err)
	}
	outside := []string{
		filepath.Join(dir, "package.json"), filepath.Join(dir, "src", "index.js"),
		"/usr/lib/x86_64-linux-gnu/libc.so.6", "/usr/bin/node", "/etc/ld.so.cache",
	}
	paths := make([]string, 0, n)
	for i := 0; len(paths) < n; i++ {
		if i%10 == 9 {
			paths = append(paths, outside[i%len(outside)])
			continue
		}
		paths = append(paths, files[i%len(files)])
	}
	return paths
}

// BenchmarkInstalled builds the inventory and index of the ~1,000-package
// tree: reading every package.json, resolving every edge, cross-checking
// the lockfile, and indexing every package directory and .d.ts file.
func BenchmarkInstalled(b *testing.B) {
	dir := installedFixture(b, "bench")
	env := ecosystems.Env{Environ: []string{}}
	for b.Loop() {
		ecotest.Installed(b, New(), dir, env)
	}
}

// BenchmarkAttribute attributes a trace of 100,000 paths with the index of
// the ~1,000-package tree.
func BenchmarkAttribute(b *testing.B) {
	dir := installedFixture(b, "bench")
	inv := ecotest.Installed(b, New(), dir, ecosystems.Env{Environ: []string{}})
	paths := tracePaths(b, dir, 100_000)
	for b.Loop() {
		owned := 0
		for _, p := range paths {
			if _, _, ok := inv.Index.Lookup(p); ok {
				owned++
			}
		}
		if owned < 80_000 {
			b.Fatalf("%d of %d paths owned", owned, len(paths))
		}
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(len(paths)), "ns/path")
}

// BenchmarkInventoryAndAttribute is the npm share of auditing the tree
// against a 100,000-event trace: the inventory and index built from
// scratch, then every path attributed.
func BenchmarkInventoryAndAttribute(b *testing.B) {
	dir := installedFixture(b, "bench")
	paths := tracePaths(b, dir, 100_000)
	env := ecosystems.Env{Environ: []string{}}
	for b.Loop() {
		inv := ecotest.Installed(b, New(), dir, env)
		for _, p := range paths {
			inv.Index.Lookup(p)
		}
	}
}

// tsTree writes a TypeScript project of n source files into a new
// directory, shaped like a real service's: each file imports a few
// packages (some for their types only) and a few of its sibling modules,
// and holds a class, an interface, generic helpers and a decorator, about
// 150 lines and 5 KB in all; one file in ten is a test.
func tsTree(tb testing.TB, n int) string {
	tb.Helper()
	dir := tb.TempDir()
	pkgs := []string{"express", "lodash", "@nestjs/common", "rxjs/operators", "zod", "pg", "ioredis", "date-fns", "uuid", "@aws-sdk/client-s3"}
	ecotest.WriteFile(tb, filepath.Join(dir, "package.json"), []byte(`{"name": "svc", "dependencies": {"express": "^4"}}`), 0o644)
	for i := range n {
		var b strings.Builder
		fmt.Fprintf(&b, "import type { Request, Response } from %q\n", pkgs[i%len(pkgs)])
		fmt.Fprintf(&b, "import { map, filter } from %q\n", pkgs[(i+3)%len(pkgs)])
		fmt.Fprintf(&b, "import * as helper%d from %q\n", i, pkgs[(i+7)%len(pkgs)])
		fmt.Fprintf(&b, "import { Model%d } from './m%d'\n", (i+1)%n, (i+1)%n)
		fmt.Fprintf(&b, "import { Model%d as Other } from '../src/m%d'\n", (i+2)%n, (i+2)%n)
		fmt.Fprintf(&b, "import { Options } from %q\n\n", pkgs[(i+5)%len(pkgs)])
		fmt.Fprintf(&b, "export interface Shape%d<T> {\n  id: string\n  value: T\n  tags: ReadonlyArray<string>\n  options?: Options\n}\n\n", i)
		fmt.Fprintf(&b, "function logged(target: object, key: string, d: PropertyDescriptor): PropertyDescriptor {\n  const original = d.value\n  d.value = function (...args: unknown[]) {\n    return original.apply(this, args)\n  }\n  return d\n}\n\n")
		fmt.Fprintf(&b, "export class Model%d<T extends { id: string } = { id: string }> {\n  private readonly items = new Map<string, T>()\n  constructor(private readonly name: string, protected other?: Other) {}\n\n", i)
		for m := range 12 {
			fmt.Fprintf(&b, "  @logged\n  async method%d(req: Request, res: Response, input: Shape%d<T>): Promise<T | undefined> {\n", m, i)
			fmt.Fprintf(&b, "    const found = [...this.items.values()].filter((x) => x.id === input.id).map((x) => ({ ...x, n: %d }))\n", m)
			fmt.Fprintf(&b, "    if (found.length === 0) {\n      throw new Error(`no ${input.id} in ${this.name}`)\n    }\n")
			fmt.Fprintf(&b, "    return (found[0] as unknown) as T ?? helper%d[%q]\n  }\n\n", i, "x")
		}
		fmt.Fprintf(&b, "}\n\nexport const pipeline%d = [map, filter] as const\n", i)
		if i%17 == 0 {
			fmt.Fprintf(&b, "export async function lazy(): Promise<unknown> {\n  return import('chalk')\n}\n")
		}
		name := filepath.Join(dir, "src", fmt.Sprintf("m%d.ts", i))
		if i%10 == 9 {
			name = filepath.Join(dir, "src", fmt.Sprintf("m%d.test.ts", i))
		}
		ecotest.WriteFile(tb, name, []byte(b.String()), 0o644)
	}
	return dir
}

// BenchmarkImports reads the imports of a 1,000-file TypeScript project
// (tsTree). Issue 9 asks for under half a second per read of a tree of
// this size; compare with BenchmarkInstalled, which the same audit runs.
// Besides the time it reports the CPU time of a read (cpu-ms/op), which
// other work on a shared machine does not inflate: on two idle cores the
// wall time is about half of it.
func BenchmarkImports(b *testing.B) {
	dir := tsTree(b, 1000)
	p := ecotest.Open(b, New(), dir)
	var n int
	cpu0 := cpuTime(b)
	for b.Loop() {
		im, err := p.(ecosystems.Importer).Imports(context.Background(), ecosystems.Env{})
		if err != nil {
			b.Fatal(err)
		}
		if im.Files != 1000 || len(im.Warnings) > 0 {
			b.Fatalf("%d files read, warnings %q", im.Files, im.Warnings)
		}
		n = len(im.List)
	}
	b.ReportMetric(float64((cpuTime(b)-cpu0).Milliseconds())/float64(b.N), "cpu-ms/op")
	b.ReportMetric(float64(n), "imports")
}

// cpuTime is the CPU time this process has used, user and system.
func cpuTime(tb testing.TB) time.Duration {
	var u syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &u); err != nil {
		tb.Fatal(err)
	}
	return time.Duration(u.Utime.Nano() + u.Stime.Nano())
}

// TestTSTree checks what BenchmarkImports measures: every file read, and
// each of its package imports found with the right kind.
func TestTSTree(t *testing.T) {
	dir := tsTree(t, 20)
	p := ecotest.Open(t, New(), dir)
	im, err := p.(ecosystems.Importer).Imports(context.Background(), ecosystems.Env{})
	if err != nil {
		t.Fatal(err)
	}
	kinds := map[ecosystems.ImportKind]int{}
	tests := 0
	for _, i := range im.List {
		kinds[i.Kind]++
		if i.Test {
			tests++
		}
	}
	// Per file: the type-only import and Options (used as a type) are
	// compile-time, map/filter and the namespace runtime; m0 also imports
	// chalk dynamically, as m17 does. Files m9 and m19 are tests.
	want := map[ecosystems.ImportKind]int{ecosystems.ImportCompile: 40, ecosystems.ImportRuntime: 42}
	if diff := cmp.Diff(want, kinds); diff != "" || im.Files != 20 || tests != 2*4 {
		t.Errorf("%d files, %d test imports, kinds (-want +got):\n%s", im.Files, tests, diff)
	}
}
