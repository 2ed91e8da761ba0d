package main

import (
	"bytes"
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/envaudit/envaudit/internal/testenv"
	"github.com/envaudit/envaudit/tracer"
)

// TestInterruptContext sends the test process a real SIGINT: the context
// interruptContext returns is cancelled with a *tracer.Interrupt naming
// it, which is how the tracer tells an interrupt from a timeout.
func TestInterruptContext(t *testing.T) {
	ctx, stop := interruptContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	if err := syscall.Kill(os.Getpid(), syscall.SIGINT); err != nil {
		t.Fatal(err)
	}
	select {
	case <-ctx.Done():
	case <-time.After(10 * time.Second):
		t.Fatal("SIGINT did not cancel the context")
	}
	var in *tracer.Interrupt
	if cause := context.Cause(ctx); !errors.As(cause, &in) || in.Sig != os.Interrupt || !errors.Is(cause, context.Canceled) {
		t.Errorf("cause = %#v, want a *tracer.Interrupt for SIGINT that is context.Canceled", cause)
	}
}

// TestRunInterrupted interrupts `envaudit run` while the traced command (a
// real node process on a real npm install) is running: the command gets
// the SIGINT, the audit still runs on what it loaded until then, the
// report is written and says the run was interrupted, and the exit status
// is 3.
func TestRunInterrupted(t *testing.T) {
	testenv.RealInstall(t)
	src := filepath.Join("testdata", "projects", "npm-devdep")
	if _, err := os.Stat(filepath.Join(src, "node_modules", "left-pad")); err != nil {
		t.Fatalf("fixture npm-devdep is not installed (%v): run `make setup`", err)
	}
	dir := t.TempDir()
	app := filepath.Join(dir, "app")
	if err := copyTree(src, app, nil); err != nil {
		t.Fatal(err)
	}
	started := filepath.Join(app, "started")
	ctx, cancel := context.WithCancelCause(context.Background())
	defer cancel(nil)
	go func() {
		for ctx.Err() == nil {
			if _, err := os.Stat(started); err == nil {
				cancel(&tracer.Interrupt{Sig: syscall.SIGINT})
				return
			}
			time.Sleep(20 * time.Millisecond)
		}
	}()
	report := filepath.Join(dir, "report.json")
	var stdout, stderr bytes.Buffer
	code := cmdRun(ctx, []string{"-C", app, "--report", report, "--", "node", "-e",
		`require("left-pad"); require("fs").writeFileSync("started", ""); setInterval(() => {}, 1000)`},
		strings.NewReader(""), &stdout, &stderr)
	if code != exitCommandErr {
		t.Errorf("exit status %d, want %d\nstdout:\n%s\nstderr:\n%s", code, exitCommandErr, stdout.String(), stderr.String())
	}
	if !strings.Contains(stdout.String(), `interrupted (SIGINT) after `) {
		t.Errorf("stdout does not say the run was interrupted:\n%s", stdout.String())
	}
	if s := stderr.String(); strings.Contains(s, "context canceled") || !strings.Contains(s, "interrupted (SIGINT); the audit rests on a run that did not succeed") {
		t.Errorf("stderr:\n%s", s)
	}
	r := readReportFile(t, report)
	if ri := r.Run; ri == nil || !ri.Interrupted || ri.InterruptSignal != "SIGINT" || ri.TimedOut || ri.Succeeded || ri.Signal != "SIGINT" {
		t.Fatalf("run = %+v, want interrupted by SIGINT, killed by it, not timed out", r.Run)
	}
	if len(r.Ecosystems) != 1 || len(r.Ecosystems[0].Installed) == 0 {
		t.Fatalf("ecosystems = %+v, want npm with its installed packages", r.Ecosystems)
	}
	e := r.Ecosystems[0]
	var traced []string
	for _, p := range e.Traced {
		traced = append(traced, p.Name)
	}
	if strings.Join(traced, ",") != "left-pad" || len(e.Warnings) != 0 {
		t.Errorf("traced %v, warnings %v; want left-pad, loaded before the interrupt, and no warning", traced, e.Warnings)
	}
}
