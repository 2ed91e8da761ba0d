package main

import (
	"context"
	"errors"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/envaudit/envaudit/ecosystems"
	"github.com/envaudit/envaudit/ecosystems/fakeeco"
	"github.com/envaudit/envaudit/engine"
)

// TestAttackSIGTERMWhileParsing reproduces issue 10's SIGTERM sent while
// envaudit parses the project's files, which it ignored until the parse
// was done (a hostile file can make that long). The test process sends
// itself a real SIGTERM through the signal handling main installs, while
// an ecosystem's parser is busy and heeds no context: the audit returns
// at once with an error saying it was interrupted while reading the
// project's files.
func TestAttackSIGTERMWhileParsing(t *testing.T) {
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "fake.txt"), []byte("lib-a\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	eco := &fakeeco.Ecosystem{StallOpen: make(chan struct{})}
	defer close(eco.StallOpen)
	ctx, stop := interruptContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	done := make(chan error, 1)
	go func() {
		o := &outputFlags{dir: dir, format: "text"}
		_, _, err := auditSaved(ctx, o, "", "", io.Discard, []ecosystems.Ecosystem{eco})
		done <- err
	}()
	time.Sleep(100 * time.Millisecond) // let the parse start; it never ends by itself
	if err := syscall.Kill(os.Getpid(), syscall.SIGTERM); err != nil {
		t.Fatal(err)
	}
	var err error
	select {
	case err = <-done:
	case <-time.After(30 * time.Second): // a deadline for a hang, not a timing assertion
		t.Fatal("the audit did not return after SIGTERM")
	}
	var se *engine.StoppedError
	if !errors.As(err, &se) || !strings.Contains(err.Error(), "interrupted (SIGTERM) while reading the project's files") {
		t.Errorf("error %v, want an interrupt while reading the project's files", err)
	}
}

// TestSecondSignalExits runs envaudit (the test binary, as testscript
// installs it) on a command that ignores SIGTERM: the first SIGTERM is
// forwarded to the command, which stays, and while envaudit waits out the
// grace before it signals the rest of the tree, a second SIGTERM ends
// envaudit at once, by the signal's default action.
func TestSecondSignalExits(t *testing.T) {
	bin, err := exec.LookPath("envaudit")
	if err != nil {
		t.Fatalf("testscript installed no envaudit: %v", err)
	}
	dir := t.TempDir()
	started := filepath.Join(dir, "started")
	cmd := exec.Command(bin, "run", "-C", dir, "--fail-on", "none", "--", "sh", "-c", `trap "" TERM; echo $$ > started; exec sleep 60`)
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		cmd.Process.Kill()
		if data, err := os.ReadFile(started); err == nil {
			if pid, err := strconv.Atoi(strings.TrimSpace(string(data))); err == nil {
				syscall.Kill(pid, syscall.SIGKILL)
			}
		}
	})
	deadline := time.Now().Add(60 * time.Second)
	for {
		if data, err := os.ReadFile(started); err == nil && len(data) > 0 {
			break
		}
		if time.Now().After(deadline) {
			t.Fatal("the traced command never started")
		}
		time.Sleep(20 * time.Millisecond)
	}
	if err := cmd.Process.Signal(syscall.SIGTERM); err != nil {
		t.Fatal(err)
	}
	time.Sleep(time.Second) // time for the first signal to be handled, well within the 5s grace
	if err := cmd.Process.Signal(syscall.SIGTERM); err != nil {
		t.Fatal(err)
	}
	done := make(chan error, 1)
	go func() { done <- cmd.Wait() }()
	select {
	case <-done:
	case <-time.After(30 * time.Second): // a deadline for a hang, not a timing assertion
		t.Fatal("envaudit did not end after the second SIGTERM")
	}
	if ws, ok := cmd.ProcessState.Sys().(syscall.WaitStatus); !ok || !ws.Signaled() || ws.Signal() != syscall.SIGTERM {
		t.Errorf("envaudit ended with %v, want killed by SIGTERM", cmd.ProcessState)
	}
}
