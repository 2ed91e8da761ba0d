package gomod_test

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/envaudit/envaudit/ecosystems"
	"github.com/envaudit/envaudit/ecosystems/gomod"
	"github.com/envaudit/envaudit/ecosystems/internal/ecotest"
	"github.com/envaudit/envaudit/tracer"
)

// Fixtures live in testdata/gomod/<case>/; each case's expected/ holds
// golden files (regenerated with ENVAUDIT_UPDATE=1):
//   - declared.golden: Declared, or the positioned error it returns;
//   - installed.golden: Installed against the real go command and module
//     cache (cases that have it);
//   - traced.cmd + traced.golden: the command run in the case under the
//     reference tracer, and the modules its opened files are attributed to.

// fixtures are the cases under testdata/gomod.
const fixtures = "../../testdata/gomod/*"

func TestDeclared(t *testing.T) {
	for _, dir := range ecotest.Glob(t, fixtures) {
		t.Run(filepath.Base(dir), func(t *testing.T) {
			deps, err := gomod.New().Declared(dir)
			var b strings.Builder
			if err != nil {
				fmt.Fprintf(&b, "error at %s: %v\n", ecotest.PosError(t, err).Pos, err)
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

func TestDetect(t *testing.T) {
	for _, dir := range ecotest.Glob(t, fixtures) {
		t.Run(filepath.Base(dir), func(t *testing.T) {
			got, err := gomod.New().Detect(dir)
			if err != nil {
				t.Fatal(err)
			}
			var want []string
			for _, f := range []string{"go.work", "go.mod", "app/go.mod", "lib/go.mod"} {
				if _, err := os.Stat(filepath.Join(dir, f)); err == nil {
					want = append(want, f)
				}
			}
			sort.Strings(want)
			if diff := cmp.Diff(want, got); diff != "" {
				t.Errorf("Detect (-want +got):\n%s", diff)
			}
		})
	}
	got, err := gomod.New().Detect(t.TempDir())
	if err != nil || got != nil {
		t.Errorf("Detect(empty dir) = %q, %v; want none", got, err)
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
			inv, err := gomod.New().Installed(context.Background(), dir, ecosystems.Env{Environ: offlineEnv()})
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
			inv, err := gomod.New().Installed(context.Background(), dir, ecosystems.Env{Environ: env})
			if err != nil {
				t.Fatalf("Installed: %v\n(run `make setup`)", err)
			}
			skip := gomod.New().TraceSkip(context.Background(), dir, env)
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
	os.Exit(m.Run())
}
