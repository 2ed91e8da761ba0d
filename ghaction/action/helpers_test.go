package action

import (
	"context"
	"os"
	"os/signal"
	"path/filepath"
	"syscall"
	"testing"
	"time"

	"github.com/envaudit/envaudit/audit"
	"github.com/envaudit/envaudit/ecosystems"
	"github.com/envaudit/envaudit/ecosystems/fakeeco"
	"github.com/envaudit/envaudit/ecosystems/gomod"
	"github.com/envaudit/envaudit/ecosystems/npm"
	"github.com/envaudit/envaudit/internal/testenv"
	"github.com/envaudit/envaudit/tracer"
)

// childVar makes the test binary act as `envaudit action` with the fake
// ecosystem: what mode single re-executes through /proc/self/exe.
const childVar = "ENVAUDIT_TEST_ACTION_CHILD"

// slowVar, set to a duration with childVar, makes the child's enumeration
// of the installation after the run take that long (fakeeco.SlowAfter).
const slowVar = "ENVAUDIT_TEST_SLOW_AFTER_RUN"

// panicVar, set to 1 with childVar, makes the child panic while it reads
// the installation after the run.
const panicVar = "ENVAUDIT_TEST_PANIC_AFTER_RUN"

// childEcoVar, set with childVar, makes the child audit with a real
// ecosystem instead of the fake one: "go" (which runs the go command) or
// "npm".
const childEcoVar = "ENVAUDIT_TEST_CHILD_ECO"

// TestMain lets the test binary act as the tracer's helper, as envaudit's
// main does, and as envaudit's Action for mode single's audit child.
func TestMain(m *testing.M) {
	tracer.Main()
	testenv.Hermetic()
	if os.Getenv(childVar) == "1" {
		eco := &fakeeco.Ecosystem{}
		if d, err := time.ParseDuration(os.Getenv(slowVar)); err == nil {
			eco.InstalledHook = fakeeco.SlowAfter(1, d)
		}
		if os.Getenv(panicVar) == "1" {
			eco.InstalledHook = func(_ context.Context, call int) error {
				if call == 2 {
					panic("boom")
				}
				return nil
			}
		}
		ecos := []ecosystems.Ecosystem{eco}
		switch os.Getenv(childEcoVar) {
		case "go":
			ecos = []ecosystems.Ecosystem{gomod.New()}
		case "npm":
			ecos = []ecosystems.Ecosystem{npm.New()}
		}
		a := &Action{Stdout: os.Stdout, Stderr: os.Stderr, Ecosystems: ecos, Protect: ProtectProcess, Version: "test"}
		// The first SIGINT or SIGTERM interrupts the run, as envaudit's
		// main makes it: the holder asks its child to stop so.
		ctx, cancel := context.WithCancelCause(context.Background())
		sig := make(chan os.Signal, 1)
		signal.Notify(sig, os.Interrupt, syscall.SIGTERM)
		go func() {
			s := <-sig
			signal.Stop(sig)
			cancel(&tracer.Interrupt{Sig: s})
		}()
		os.Exit(a.Run(ctx))
	}
	os.Exit(m.Run())
}

// writeFiles writes name → content files under dir, creating directories.
func writeFiles(t *testing.T, dir string, files map[string]string) {
	t.Helper()
	for name, content := range files {
		p := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// readReport reads a JSON report a run wrote.
func readReport(t *testing.T, path string) *audit.Report {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	r, err := audit.ReadReport(f, filepath.Base(path))
	if err != nil {
		t.Fatal(err)
	}
	return r
}

// prEvent is the pull_request event of pull request 7 by octocat, from
// headRef at head onto main at base.
func prEvent(headRef, head, base string) map[string]any {
	return map[string]any{
		"number": 7,
		"pull_request": map[string]any{
			"number": 7,
			"user":   map[string]any{"login": "octocat", "type": "User"},
			"head":   map[string]any{"ref": headRef, "sha": head},
			"base":   map[string]any{"ref": "main", "sha": base},
		},
	}
}
