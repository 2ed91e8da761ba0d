package main

import (
	"context"
	"errors"
	"io"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/envaudit/envaudit/ecosystems"
	"github.com/envaudit/envaudit/engine"
	"github.com/envaudit/envaudit/internal/fakeeco"
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
