package cargo_test

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/envaudit/envaudit/audit"
	"github.com/envaudit/envaudit/ecosystems"
	"github.com/envaudit/envaudit/ecosystems/cargo"
	"github.com/envaudit/envaudit/ecosystems/internal/ecotest"
	"github.com/envaudit/envaudit/engine"
	"github.com/envaudit/envaudit/policy"
)

// TestSloppyAudited runs the sloppy fixture end to end, as `envaudit run
// -- cargo test` does: engine.Open, Trace of cargo test for real against
// Debian's crates, Audit, and the default gate; the findings (kind,
// reason, package, manifest line, gating, the phantoms' messages), the
// excluded declarations and the warnings are compared with
// expected/findings-<case>.golden. The fixture holds the
// Proof's cargo cases that Rust can express:
//   - fnv, declared and used nowhere: phantom unused;
//   - scopeguard, declared only in a [target.'cfg(windows)'] table: left
//     out of this build, excluded, neither unused nor missing;
//   - hex, used only by a doc test: used, since cargo test compiles the
//     doc tests;
//   - static_assertions, a runtime dependency only the unit tests use:
//     phantom dev-only, placed by the compiler's verdict on the library's
//     test harness (Imports) at the line of lib.rs that names it.
//
// Direct use of a transitive crate, the Proof's gating case elsewhere,
// cannot be written in Rust: rustc refuses a crate that Cargo.toml does
// not declare ("unresolved import", "use of undeclared crate"), so a
// build that uses one fails with and without envaudit. The made-up crate
// name is the subtest made-up-name: cargo cannot resolve it and fails
// before any test runs, and envaudit says the run failed and that the
// crate is declared but not installed.
//
// The libname fixture is audited the same way: its code uses xml-rs,
// whose library is called xml, and hex renamed hexa; neither is unused.
func TestSloppyAudited(t *testing.T) {
	requireCargo(t)
	tests := []struct {
		name    string
		fixture string // testdata/<fixture>; "" is sloppy
		// edit changes the fixture's copy before the run.
		edit     func(t *testing.T, dir string)
		exitCode int
	}{
		{name: "sloppy"},
		{name: "made-up-name", edit: addMadeUpCrate, exitCode: 101},
		{name: "libname", fixture: "libname"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			fixture := tt.fixture
			if fixture == "" {
				fixture = "sloppy"
			}
			dir := filepath.Join(t.TempDir(), fixture)
			skip := func(d os.DirEntry) bool { return d.IsDir() && (d.Name() == "expected" || d.Name() == "target") }
			if err := ecotest.CopyTree(filepath.Join("testdata", fixture), dir, skip); err != nil {
				t.Fatal(err)
			}
			if tt.edit != nil {
				tt.edit(t, dir)
			}
			p, err := engine.Open(engine.Options{Dir: dir, Ecosystems: []ecosystems.Ecosystem{cargo.New()}})
			if err != nil {
				t.Fatal(err)
			}
			cmdline, err := os.ReadFile(filepath.Join("testdata", fixture, "expected", "traced.cmd"))
			if err != nil {
				t.Fatal(err)
			}
			var out strings.Builder
			environ := append(os.Environ(), "CARGO_TARGET_DIR="+t.TempDir(), "CARGO_TERM_COLOR=never")
			tr, err := p.Trace(t.Context(), engine.RunOptions{Command: strings.Fields(string(cmdline)), Environ: environ, Stdout: &out, Stderr: &out})
			if err != nil {
				t.Fatal(err)
			}
			defer tr.Close()
			if got := tr.Trace.End.ExitCode; got != tt.exitCode {
				t.Fatalf("cargo test exited %d, want %d:\n%s", got, tt.exitCode, out.String())
			}
			r, instErr := tr.Audit(t.Context())
			if instErr != nil {
				t.Fatal(instErr)
			}
			sel, err := policy.ParseSelectors(policy.DefaultFailOn)
			if err != nil {
				t.Fatal(err)
			}
			policy.Gate{FailOn: sel, Existing: true}.Mark(r)
			if len(r.Ecosystems) != 1 {
				t.Fatalf("report ecosystems %v, want cargo alone", r.Ecosystems)
			}
			rep := r.Ecosystems[0]
			var b strings.Builder
			fmt.Fprintf(&b, "run succeeded=%v exit=%d evidence=%q\n", r.Run.Succeeded, r.Run.ExitCode, rep.Evidence)
			for _, f := range rep.Findings {
				at := "-"
				if f.Location != nil {
					at = f.Location.String()
				}
				fmt.Fprintf(&b, "%s %s %s %s gating=%v\n", f.Kind, f.Reason, f.Package, at, f.Gating)
				if f.Kind == audit.Phantom {
					fmt.Fprintf(&b, "  %s\n", f.Message)
				}
			}
			for _, x := range rep.Excluded {
				fmt.Fprintf(&b, "excluded %s: %s\n", x.Name, x.Why)
			}
			for _, w := range rep.Warnings {
				fmt.Fprintf(&b, "warning: %s\n", w)
			}
			ecotest.Golden(t, filepath.Join("testdata", fixture, "expected", "findings-"+tt.name+".golden"), b.String())
		})
	}
}

// addMadeUpCrate declares a crate that exists nowhere, as a coding agent
// inventing a name would.
func addMadeUpCrate(t *testing.T, dir string) {
	f := filepath.Join(dir, "Cargo.toml")
	data, err := os.ReadFile(f)
	if err != nil {
		t.Fatal(err)
	}
	data = []byte(strings.Replace(string(data), "[dependencies]\n", "[dependencies]\nfast-itoa-fmt = \"2\"\n", 1))
	if err := os.WriteFile(f, data, 0o644); err != nil {
		t.Fatal(err)
	}
}
