package engine

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/envaudit/envaudit/ecosystems"
	"github.com/envaudit/envaudit/internal/fakeeco"
	"github.com/envaudit/envaudit/tracer"
)

// fakeProject writes a fake ecosystem's project into a new directory.
func fakeProject(t *testing.T) string {
	t.Helper()
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "fake.txt"), []byte("lib-a\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	return dir
}

// TestOpenContextStops checks that OpenContext returns as soon as its
// context ends, though the ecosystem's parser is still busy and heeds no
// context, with an error saying why and what it was doing.
func TestOpenContextStops(t *testing.T) {
	tests := []struct {
		name  string
		cause error
		want  string
	}{
		{"sigterm", &tracer.Interrupt{Sig: syscall.SIGTERM}, "interrupted (SIGTERM) while reading the project's files"},
		{"timeout", &TimeoutError{After: 90 * time.Second}, "the 1m30s timeout expired while reading the project's files"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			eco := &fakeeco.Ecosystem{StallOpen: make(chan struct{})}
			defer close(eco.StallOpen)
			ctx, cancel := context.WithCancelCause(context.Background())
			go func() {
				time.Sleep(50 * time.Millisecond)
				cancel(tt.cause)
			}()
			done := make(chan error, 1)
			go func() {
				_, err := OpenContext(ctx, Options{Dir: fakeProject(t), Ecosystems: []ecosystems.Ecosystem{eco}})
				done <- err
			}()
			var err error
			select {
			case err = <-done:
			case <-time.After(30 * time.Second): // a deadline for a hang, not a timing assertion
				t.Fatal("OpenContext did not return")
			}
			var se *StoppedError
			if !errors.As(err, &se) || !errors.Is(err, tt.cause) {
				t.Fatalf("error %v is no *StoppedError caused by %v", err, tt.cause)
			}
			if diff := cmp.Diff(tt.want, err.Error()); diff != "" {
				t.Errorf("(-want +got):\n%s", diff)
			}
		})
	}
}

// TestWithStepTimeout checks the step timeout's cause: a deadline to the
// tracer, and named in the errors it stops.
func TestWithStepTimeout(t *testing.T) {
	ctx, cancel := WithStepTimeout(context.Background(), time.Millisecond)
	defer cancel()
	<-ctx.Done()
	cause := context.Cause(ctx)
	var te *TimeoutError
	if !errors.As(cause, &te) || !errors.Is(cause, context.DeadlineExceeded) || te.After != time.Millisecond {
		t.Errorf("cause %#v, want a *TimeoutError of 1ms that is context.DeadlineExceeded", cause)
	}
	none, cancel := WithStepTimeout(context.Background(), 0)
	defer cancel()
	if _, ok := none.Deadline(); ok {
		t.Error("a zero timeout set a deadline")
	}
}

// TestAttackTimeoutCoversEnumeration reproduces issue 10's denial of
// service outside the timeout: the command ends in time, then the
// enumeration of the installation never does (a package manager that
// never answers once the run is over; the enumeration before the run
// answered). The step's timeout now bounds it: Audit returns once the
// timeout passes, with the report of what ran and an error naming the
// ecosystem whose installation was cut short.
func TestAttackTimeoutCoversEnumeration(t *testing.T) {
	eco := &fakeeco.Ecosystem{StallInstalled: make(chan struct{}), InstalledBeforeStall: 1}
	defer close(eco.StallInstalled)
	p, err := Open(Options{Dir: fakeProject(t), Ecosystems: []ecosystems.Ecosystem{eco}})
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := WithStepTimeout(context.Background(), 2*time.Second)
	defer cancel()
	tr, err := p.Trace(ctx, RunOptions{Command: []string{"true"}})
	if err != nil {
		t.Fatal(err)
	}
	defer tr.Close()
	start := time.Now()
	r, instErr := tr.Audit(ctx)
	if d := time.Since(start); d > AuditAfterInterrupt {
		t.Errorf("the audit took %v, past the timeout", d)
	}
	if r == nil || r.Run == nil || !r.Run.Succeeded {
		t.Fatalf("report %+v, want the successful run reported", r)
	}
	if instErr == nil || !errors.Is(instErr, context.DeadlineExceeded) || !strings.Contains(instErr.Error(), "fake") {
		t.Errorf("installation error %v, want the fake ecosystem's cut short by the deadline", instErr)
	}
}
