package npm

import (
	"io/fs"
	"path/filepath"
	"testing"

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
