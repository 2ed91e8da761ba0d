package cargo_test

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/envaudit/envaudit/ecosystems"
	"github.com/envaudit/envaudit/ecosystems/cargo"
	"github.com/envaudit/envaudit/ecosystems/internal/ecotest"
	"github.com/envaudit/envaudit/internal/testenv"
	"github.com/envaudit/envaudit/tracer"
	"github.com/envaudit/envaudit/tracer/evchan"
)

// Fixtures live in testdata/<case>/; each case's expected/ holds
// golden files (regenerated with ENVAUDIT_UPDATE=1):
//   - declared.golden: Declared, or the positioned error Open returns;
//   - traced.cmd: the command run in the case for real (cargo test against
//     Debian's crate sources, offline, through the case's .cargo/config.toml);
//   - installed.golden: Installed after that build;
//   - traced.golden: the crates the traced build is attributed to.

// fixtures are the cases under testdata.
const fixtures = "testdata/*"

func TestDeclared(t *testing.T) {
	for _, dir := range ecotest.Glob(t, fixtures) {
		t.Run(filepath.Base(dir), func(t *testing.T) {
			p, err := cargo.New().Open(context.Background(), ecosystems.Dir(dir))
			var b strings.Builder
			var deps []ecosystems.Dependency
			if err != nil {
				fmt.Fprintf(&b, "error at %s: %v\n", ecotest.PosError(t, err).Pos, err)
			} else {
				deps = p.Declared()
			}
			for _, d := range deps {
				fmt.Fprintf(&b, "%s %s %s %q", d.Pos, d.Scope, d.Name, d.Spec)
				if d.Raw != "" {
					fmt.Fprintf(&b, " raw=%s", d.Raw)
				}
				if d.Group != "" {
					fmt.Fprintf(&b, " group=%s", d.Group)
				}
				b.WriteByte('\n')
			}
			ecotest.Golden(t, filepath.Join(dir, "expected", "declared.golden"), b.String())
		})
	}
}

func TestFiles(t *testing.T) {
	const manifest, lockfile, config = ecosystems.KindManifest, ecosystems.KindLockfile, ecosystems.KindConfig
	tests := map[string][]ecosystems.File{
		"basic":     {{Path: ".cargo/config.toml", Kind: config}, {Path: "Cargo.lock", Kind: lockfile}, {Path: "Cargo.toml", Kind: manifest}},
		"workspace": {{Path: ".cargo/config.toml", Kind: config}, {Path: "Cargo.lock", Kind: lockfile}, {Path: "Cargo.toml", Kind: manifest}, {Path: "crates/app/Cargo.toml", Kind: manifest}, {Path: "crates/corelib/Cargo.toml", Kind: manifest}},
		"forms":     {{Path: "Cargo.toml", Kind: manifest}},
		"sloppy":    {{Path: ".cargo/config.toml", Kind: config}, {Path: "Cargo.lock", Kind: lockfile}, {Path: "Cargo.toml", Kind: manifest}},
	}
	for name, want := range tests {
		t.Run(name, func(t *testing.T) {
			p := ecotest.Open(t, cargo.New(), filepath.Join("testdata", name))
			if diff := cmp.Diff(want, p.Files()); diff != "" {
				t.Errorf("Files (-want +got):\n%s", diff)
			}
		})
	}
	if p := ecotest.Open(t, cargo.New(), t.TempDir()); p != nil {
		t.Errorf("Open(empty dir) = %v; want no project", p)
	}
}

// requireCargo fails the test when cargo or Debian's crate sources
// are missing.
func requireCargo(t *testing.T) {
	t.Helper()
	ecotest.Require(t, ecotest.Prereqs{Tools: []string{"cargo"}, Files: []string{"/usr/share/cargo/registry/itoa-1.0.1"}})
}

// TestTracedReal builds and tests each real fixture with cargo under
// envaudit's tracer: first with a fresh target directory (every
// crate compiled), then again with it warm (nothing compiled), both with
// the environment TraceEnv asks for; then once more in another fresh target
// directory without it. With the lint, the declared-but-unused crates are
// left out of D3 in both runs; without it, D3 falls back to reads and takes
// them in, which is why the lint is needed.
func TestTracedReal(t *testing.T) {
	requireCargo(t)
	eco := cargo.New()
	// The fixtures built for real are those with traced.cmd.
	for _, dir := range ecotest.Glob(t, fixtures, "expected/traced.cmd") {
		t.Run(filepath.Base(dir), func(t *testing.T) {
			cmdline, err := os.ReadFile(filepath.Join(dir, "expected", "traced.cmd"))
			if err != nil {
				t.Fatal(err)
			}
			args := strings.Fields(string(cmdline))
			target := t.TempDir()
			base := append(os.Environ(), "CARGO_TARGET_DIR="+target, "CARGO_TERM_COLOR=never")
			p := ecotest.Open(t, eco, dir)
			scratch := t.TempDir()
			env := append(base, p.(ecosystems.TraceEnvironer).TraceEnv(scratch, base)...)

			var runs []string
			var inv *ecosystems.Inventory
			// The warm run compiles nothing (the same scratch directory,
			// so the same wrapper path in cargo's hashes): the verdict is
			// what the channel held in both runs together.
			var channel []byte
			for _, run := range []string{"cold", "warm"} {
				ch, err := evchan.Open(scratch)
				if err != nil {
					t.Fatal(err)
				}
				paths, execs := traceOpens(t, dir, env, args)
				data, err := ch.Close(nil)
				if err != nil {
					t.Fatal(err)
				}
				channel = append(channel, data...)
				inv, err = p.Installed(context.Background(), ecosystems.Env{Environ: env, Executables: execs, Scratch: scratch, Channel: channel})
				if err != nil {
					t.Fatalf("Installed: %v", err)
				}
				if inv.Evidence.Basis != cargo.EvidenceLint {
					t.Errorf("%s run: evidence %q, want the lint verdict (warnings %q)", run, inv.Evidence.Basis, inv.Warnings)
				}
				used := usedCrates(inv, paths)
				runs = append(runs, used)
				t.Logf("%s run: %d files opened", run, len(paths))
			}
			if diff := cmp.Diff(runs[0], runs[1]); diff != "" {
				t.Errorf("crates used with a cold vs a warm target directory (-cold +warm):\n%s", diff)
			}
			ecotest.Golden(t, filepath.Join(dir, "expected", "traced.golden"), runs[1])

			var b strings.Builder
			for _, p := range inv.Packages {
				fmt.Fprintf(&b, "%s %s %s direct=%v path=%s deps=%s\n", p.Name, p.Version, p.PURL, p.Direct, p.Path, strings.Join(p.Deps, ","))
			}
			for _, x := range inv.Inapplicable {
				fmt.Fprintf(&b, "inapplicable %s: %s\n", x.Name, x.Why)
			}
			for _, w := range inv.Warnings {
				fmt.Fprintf(&b, "warning: %s\n", w)
			}
			ecotest.Golden(t, filepath.Join(dir, "expected", "installed.golden"), b.String())

			// rustc's verdict on what the traced build compiled, from a
			// target directory outside the project: every import at a
			// position in the project.
			im, err := p.(ecosystems.Importer).Imports(context.Background(), ecosystems.Env{Environ: env, Scratch: scratch, Channel: channel})
			if err != nil {
				t.Fatalf("Imports: %v", err)
			}
			ecotest.CheckLocations(t, dir, p.Declared(), im, nil)

			// Without the lint: every compiled crate counts.
			plainTarget := t.TempDir()
			plain := append(os.Environ(), "CARGO_TARGET_DIR="+plainTarget, "CARGO_TERM_COLOR=never")
			paths, execs := traceOpens(t, dir, plain, args)
			pinv, err := p.Installed(context.Background(), ecosystems.Env{Environ: plain, Executables: execs})
			if err != nil {
				t.Fatalf("Installed: %v", err)
			}
			if pinv.Evidence.Basis != cargo.EvidenceReads || len(pinv.Warnings) == 0 {
				t.Errorf("without the lint: evidence %q, warnings %q; want the read fallback, with a warning", pinv.Evidence.Basis, pinv.Warnings)
			}
			all := map[string]bool{}
			for _, p := range pinv.Packages {
				all[p.Name] = true
			}
			// A target table's crate for another platform is not
			// compiled; cargo only reads its manifest to resolve.
			for _, x := range pinv.Inapplicable {
				delete(all, x.Name)
			}
			for _, n := range strings.Fields(usedCrates(pinv, paths)) {
				delete(all, n)
			}
			if len(all) != 0 {
				t.Errorf("without the lint, crates compiled but not attributed: %v", all)
			}
		})
	}
}

// usedCrates returns the sorted names, one a line, of the crates that own
// a path in paths with runtime use.
func usedCrates(inv *ecosystems.Inventory, paths []string) string {
	return strings.Join(ecotest.Used(inv.Index, paths), "\n") + "\n"
}

func TestMain(m *testing.M) {
	tracer.Main() // the test binary doubles as the tracer's helper
	testenv.Hermetic()
	os.Exit(m.Run())
}

// traceOpens runs args in dir under envaudit's tracer and returns the
// paths (as opened and symlink-resolved) of the files the run read or
// executed, and of the programs it executed (Env.Executables).
func traceOpens(t *testing.T, dir string, env, args []string) (paths, execs []string) {
	t.Helper()
	tr, _ := ecotest.Trace(t, dir, env, args)
	for _, a := range tr.Accesses {
		if a.Op == tracer.OpExec {
			execs = append(execs, a.Path, a.RealPath())
		}
	}
	return ecotest.Opened(tr), execs
}
