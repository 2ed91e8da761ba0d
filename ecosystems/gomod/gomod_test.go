package gomod_test

import (
	"context"
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/envaudit/envaudit/ecosystems"
	"github.com/envaudit/envaudit/ecosystems/gomod"
	"github.com/envaudit/envaudit/ecosystems/internal/ecotest"
	"github.com/envaudit/envaudit/internal/testenv"
	"github.com/envaudit/envaudit/tracer"
)

// Fixtures live in testdata/<case>/; each case's expected/ holds
// golden files (regenerated with ENVAUDIT_UPDATE=1):
//   - declared.golden: Declared, or the positioned error Open returns;
//   - installed.golden: Installed against the real go command and module
//     cache (cases that have it);
//   - traced.cmd + traced.golden: the command run in the case under the
//     reference tracer, and the modules its opened files are attributed to.

// fixtures are the cases under testdata.
const fixtures = "testdata/*"

func TestDeclared(t *testing.T) {
	for _, dir := range ecotest.Glob(t, fixtures) {
		t.Run(filepath.Base(dir), func(t *testing.T) {
			p, err := gomod.New().Open(context.Background(), ecosystems.Dir(dir))
			var b strings.Builder
			var deps []ecosystems.Dependency
			if err != nil {
				fmt.Fprintf(&b, "error at %s: %v\n", ecotest.PosError(t, err).Pos, err)
			} else {
				deps = p.Declared()
			}
			for _, d := range deps {
				fmt.Fprintf(&b, "%s %s %s %s", d.Pos, d.Scope, d.Name, d.Spec)
				if d.Raw != "" {
					fmt.Fprintf(&b, " (as %s)", d.Raw)
				}
				b.WriteByte('\n')
			}
			ecotest.Golden(t, filepath.Join(dir, "expected", "declared.golden"), b.String())
		})
	}
}

// TestFiles checks the files each good fixture's project lists: its
// go.work and go.mod files as manifests, the go.sum files and
// vendor/modules.txt as lockfiles.
func TestFiles(t *testing.T) {
	kinds := []ecosystems.File{
		{Path: "go.work", Kind: ecosystems.KindManifest},
		{Path: "go.work.sum", Kind: ecosystems.KindLockfile},
		{Path: "go.mod", Kind: ecosystems.KindManifest},
		{Path: "go.sum", Kind: ecosystems.KindLockfile},
		{Path: "app/go.mod", Kind: ecosystems.KindManifest},
		{Path: "app/go.sum", Kind: ecosystems.KindLockfile},
		{Path: "lib/go.mod", Kind: ecosystems.KindManifest},
		{Path: "lib/go.sum", Kind: ecosystems.KindLockfile},
		{Path: "vendor/modules.txt", Kind: ecosystems.KindLockfile},
	}
	for _, dir := range ecotest.Glob(t, fixtures) {
		t.Run(filepath.Base(dir), func(t *testing.T) {
			p, err := gomod.New().Open(context.Background(), ecosystems.Dir(dir))
			if err != nil {
				ecotest.PosError(t, err)
				return // a bad fixture: TestDeclared checks its error
			}
			var want []ecosystems.File
			for _, f := range kinds {
				if _, err := os.Stat(filepath.Join(dir, f.Path)); err == nil {
					want = append(want, f)
				}
			}
			sort.Slice(want, func(i, j int) bool { return want[i].Path < want[j].Path })
			// A go.work module outside the project is listed as it was
			// reached (TestOutside): only the project's own files here.
			got := slices.DeleteFunc(p.Files(), func(f ecosystems.File) bool { return !fs.ValidPath(f.Path) })
			if diff := cmp.Diff(want, got); diff != "" {
				t.Errorf("Files (-want +got):\n%s", diff)
			}
		})
	}
}

// offlineEnv is the environment of the real-install tests: the module
// cache warmed by scripts/setup.d/gomod.sh, no network.
func offlineEnv(extra ...string) []string {
	env := append(os.Environ(), "GOPROXY=off", "GOFLAGS=-mod=readonly", "GOTOOLCHAIN=local")
	return append(env, extra...)
}

func gomodcache(t *testing.T) string {
	t.Helper()
	out, err := exec.Command("go", "env", "GOMODCACHE").Output()
	if err != nil {
		t.Fatalf("go env GOMODCACHE: %v", err)
	}
	return strings.TrimSpace(string(out))
}

// realCases are the fixtures installed for real (those with traced.cmd).
func realCases(t *testing.T) []string {
	return ecotest.Glob(t, fixtures, "expected/traced.cmd")
}

func TestInstalledReal(t *testing.T) {
	ecotest.RealInstall(t) // the module cache scripts/setup.d/gomod.sh fills
	modcache := gomodcache(t)
	for _, dir := range realCases(t) {
		t.Run(filepath.Base(dir), func(t *testing.T) {
			p := ecotest.Open(t, gomod.New(), dir)
			inv, err := p.Installed(context.Background(), ecosystems.Env{Environ: offlineEnv()})
			if err != nil {
				t.Fatalf("Installed: %v\n(the module cache must hold the fixture's modules: run `make setup`)", err)
			}
			var b strings.Builder
			for _, p := range inv.Packages {
				path := strings.Replace(p.Path, modcache, "$GOMODCACHE", 1)
				fmt.Fprintf(&b, "%s %s %s direct=%v path=%s deps=%s\n", p.Name, p.Version, p.PURL, p.Direct, path, strings.Join(p.Deps, ","))
			}
			for _, x := range inv.Excluded {
				fmt.Fprintf(&b, "excluded %q: %s\n", x.Name, x.Why)
			}
			for _, w := range inv.Warnings {
				fmt.Fprintf(&b, "warning: %s\n", w)
			}
			ecotest.Golden(t, filepath.Join(dir, "expected", "installed.golden"), b.String())
		})
	}
}

// TestTracedReal runs each real fixture's command (go test) under
// envaudit's tracer, twice: with an empty build cache (every package
// compiled) and again with the cache warm (nothing compiled, the test
// binary linked from the cache). Both runs must attribute the same modules:
// the go command opens the sources of every imported package to hash them
// even when it compiles nothing, and never opens a file of a required
// module the code does not import. A third run skips the directories
// TraceSkip names (the build cache and GOROOT), as envaudit run does, and
// must attribute the same modules while recording far fewer files.
func TestTracedReal(t *testing.T) {
	ecotest.RealInstall(t) // the module cache scripts/setup.d/gomod.sh fills
	gocache := t.TempDir()
	for _, dir := range realCases(t) {
		t.Run(filepath.Base(dir), func(t *testing.T) {
			cmdline, err := os.ReadFile(filepath.Join(dir, "expected", "traced.cmd"))
			if err != nil {
				t.Fatal(err)
			}
			args := strings.Fields(string(cmdline))
			env := offlineEnv("GOCACHE=" + gocache)
			p := ecotest.Open(t, gomod.New(), dir)
			inv, err := p.Installed(context.Background(), ecosystems.Env{Environ: env})
			if err != nil {
				t.Fatalf("Installed: %v\n(run `make setup`)", err)
			}
			skip := p.(ecosystems.TraceSkipper).TraceSkip(context.Background(), ecosystems.Env{Environ: env})
			if len(skip) < 2 {
				t.Fatalf("TraceSkip = %q, want GOCACHE and GOROOT", skip)
			}
			var runs []string
			var opened []int
			for _, run := range []string{"cold", "warm", "skipping"} {
				var s []string
				if run == "skipping" {
					s = skip
				}
				tr, _ := ecotest.Trace(t, dir, env, args, s...)
				paths := ecotest.Opened(tr)
				names := ecotest.Used(inv.Index, paths)
				runs = append(runs, strings.Join(names, "\n")+"\n")
				opened = append(opened, len(paths))
				t.Logf("%s run: %d files opened, %d skipped, %d modules used", run, len(paths), tr.End.Skipped, len(names))
				if run == "skipping" && tr.End.Skipped == 0 {
					t.Errorf("no open was skipped under %q", skip)
				}
			}
			if diff := cmp.Diff(runs[0], runs[1]); diff != "" {
				t.Errorf("modules used with a cold vs a warm build cache (-cold +warm):\n%s", diff)
			}
			if diff := cmp.Diff(runs[1], runs[2]); diff != "" {
				t.Errorf("modules used without vs with skipped directories (-all +skipping):\n%s", diff)
			}
			if opened[2] >= opened[1] {
				t.Errorf("files recorded while skipping = %d, not fewer than %d without", opened[2], opened[1])
			}
			ecotest.Golden(t, filepath.Join(dir, "expected", "traced.golden"), runs[1])
		})
	}
}

func TestMain(m *testing.M) {
	tracer.Main() // the test binary doubles as the tracer's helper
	testenv.Hermetic()
	os.Exit(m.Run())
}

// TestImportsReal reads what each real fixture's own sources import,
// through the real go command and module cache (imports.golden): the
// file:line of each import, the module providing it, and how the code
// needs it.
func TestImportsReal(t *testing.T) {
	ecotest.RealInstall(t) // the module cache scripts/setup.d/gomod.sh fills
	for _, dir := range realCases(t) {
		t.Run(filepath.Base(dir), func(t *testing.T) {
			p := ecotest.Open(t, gomod.New(), dir)
			im, ok := p.(ecosystems.Importer)
			if !ok {
				t.Fatal("the go project is no ecosystems.Importer")
			}
			imports, err := im.Imports(context.Background(), ecosystems.Env{Environ: offlineEnv()})
			if err != nil {
				t.Fatalf("Imports: %v\n(run `make setup`)", err)
			}
			ecotest.CheckLocations(t, dir, p.Declared(), imports, nil)
			ecotest.Golden(t, filepath.Join(dir, "expected", "imports.golden"), renderImports(imports))
		})
	}
}

// renderImports prints one import a line, then the counts and warnings.
func renderImports(im *ecosystems.Imports) string {
	var b strings.Builder
	for _, i := range im.List {
		fmt.Fprintf(&b, "%s %s %s package=%s", i.Pos, i.Kind, i.Module, i.Package)
		if i.Test {
			b.WriteString(" test")
		}
		b.WriteByte('\n')
	}
	fmt.Fprintf(&b, "files read: %d\n", im.Files)
	for _, w := range im.Warnings {
		fmt.Fprintf(&b, "warning: %s\n", w)
	}
	return b.String()
}

// TestOutside opens testdata/outside, whose go.work uses a module outside
// the project (../outside-shared): its go.mod is read as one of the
// project's manifests, and what it requires and what its sources import
// are placed on the use directive that reaches it (go.work:5), never on a
// path outside the project.
func TestOutside(t *testing.T) {
	dir := filepath.Join("testdata", "outside")
	p := ecotest.Open(t, gomod.New(), dir)
	var outside []string
	for _, f := range p.Files() {
		if !fs.ValidPath(f.Path) {
			outside = append(outside, filepath.Base(filepath.Dir(f.Path))+"/"+filepath.Base(f.Path))
		}
	}
	if diff := cmp.Diff([]string{"outside-shared/go.mod", "outside-shared/go.sum"}, outside); diff != "" {
		t.Errorf("the files outside the project (-want +got):\n%s", diff)
	}
	ecotest.RealInstall(t) // the module cache scripts/setup.d/gomod.sh fills
	im, err := p.(ecosystems.Importer).Imports(context.Background(), ecosystems.Env{Environ: offlineEnv()})
	if err != nil {
		t.Fatalf("Imports: %v\n(run `make setup`)", err)
	}
	want := "go.work:5 runtime github.com/google/go-cmp/cmp package=github.com/google/go-cmp\n" +
		"main.go:6 runtime github.com/google/uuid package=github.com/google/uuid\n" +
		"files read: 2\n"
	if diff := cmp.Diff(want, renderImports(im)); diff != "" {
		t.Errorf("imports (-want +got):\n%s", diff)
	}
}
