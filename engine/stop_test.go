package engine

import (
	"context"
	"errors"
	"io"
	"os"
	"path/filepath"
	"syscall"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/envaudit/envaudit/ecosystems"
	"github.com/envaudit/envaudit/ecosystems/fakeeco"
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

// TestWithRunTimeout checks the run timeout's cause: a deadline to the
// tracer, and named in the errors it stops.
func TestWithRunTimeout(t *testing.T) {
	ctx, cancel := WithRunTimeout(context.Background(), time.Millisecond)
	defer cancel()
	<-ctx.Done()
	cause := context.Cause(ctx)
	var te *TimeoutError
	if !errors.As(cause, &te) || !errors.Is(cause, context.DeadlineExceeded) || te.After != time.Millisecond {
		t.Errorf("cause %#v, want a *TimeoutError of 1ms that is context.DeadlineExceeded", cause)
	}
	none, cancel := WithRunTimeout(context.Background(), 0)
	defer cancel()
	if _, ok := none.Deadline(); ok {
		t.Error("a zero timeout set a deadline")
	}
}

// TestAfterRun checks the context of what follows the traced command: the
// run timeout's deadline is gone from it, expired or not, nested or not,
// while an interrupt of the context the timeout was set on still ends it.
func TestAfterRun(t *testing.T) {
	type state struct {
		Deadline bool   // the context has a deadline
		Done     bool   // it has ended
		Cause    string // context.Cause, when it has
	}
	interrupt := &tracer.Interrupt{Sig: syscall.SIGTERM}
	tests := []struct {
		name string
		make func(outer context.Context) context.Context
		// interrupt cancels the outer context before AfterRun is asked.
		interrupt bool
		want      state
	}{
		{"noTimeout", func(outer context.Context) context.Context { return outer }, false, state{}},
		{"expired", func(outer context.Context) context.Context {
			ctx, _ := WithRunTimeout(outer, time.Nanosecond)
			<-ctx.Done()
			return ctx
		}, false, state{}},
		{"pending", func(outer context.Context) context.Context {
			ctx, _ := WithRunTimeout(outer, time.Hour)
			return ctx
		}, false, state{}},
		{"nested", func(outer context.Context) context.Context {
			ctx, _ := WithRunTimeout(outer, time.Hour)
			ctx, _ = WithRunTimeout(ctx, time.Nanosecond)
			<-ctx.Done()
			return ctx
		}, false, state{}},
		{"interruptedAfterDeadline", func(outer context.Context) context.Context {
			ctx, _ := WithRunTimeout(outer, time.Nanosecond)
			<-ctx.Done()
			return ctx
		}, true, state{Done: true, Cause: interrupt.Error()}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			outer, cancel := context.WithCancelCause(context.Background())
			defer cancel(nil)
			ctx := tt.make(outer)
			if tt.interrupt {
				cancel(interrupt)
			}
			after := AfterRun(ctx)
			var got state
			_, got.Deadline = after.Deadline()
			if got.Done = after.Err() != nil; got.Done {
				got.Cause = context.Cause(after).Error()
			}
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("(-want +got):\n%s", diff)
			}
		})
	}
}

// TestAuditOutlivesRunTimeout reproduces issue 18's exit status 2 for a
// complete report: the run's timeout ran out while the installation was
// read after the command, and cut that reading short. The timeout bounds
// the command: the enumeration after it, slower here than the whole
// timeout, finishes past the deadline, whether the command ended in time
// or was stopped by the timeout, and the report has the installation
// with no error. An interrupt is another matter: what follows it is
// bounded by AuditAfterInterrupt, a deadline the enumeration sees.
func TestAuditOutlivesRunTimeout(t *testing.T) {
	const timeout = 3 * time.Second
	type outcome struct {
		TimedOut, Interrupted, Succeeded bool
		Installed                        []string
		// AfterDeadline says whether the enumeration after the command
		// had a deadline.
		AfterDeadline bool
		InstErr       string
	}
	tests := []struct {
		name      string
		command   string
		interrupt bool
		want      outcome
	}{
		{"endedInTime", "cat lib/lib-a/a.txt", false, outcome{Succeeded: true, Installed: []string{"lib-a"}}},
		{"stoppedByTimeout", "cat lib/lib-a/a.txt; sleep 60", false, outcome{TimedOut: true, Installed: []string{"lib-a"}}},
		{"interrupted", "cat lib/lib-a/a.txt; sleep 60", true, outcome{Interrupted: true, Installed: []string{"lib-a"}, AfterDeadline: true}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			dir := fakeProject(t)
			if err := fakeeco.WriteFiles(dir, map[string]string{"lib/lib-a/a.txt": "a\n"}); err != nil {
				t.Fatal(err)
			}
			var got outcome
			slow := fakeeco.SlowAfter(1, timeout)
			eco := &fakeeco.Ecosystem{InstalledHook: func(ctx context.Context, call int) error {
				if call == 2 {
					_, got.AfterDeadline = ctx.Deadline()
				}
				return slow(ctx, call)
			}}
			p, err := Open(Options{Dir: dir, Ecosystems: []ecosystems.Ecosystem{eco}})
			if err != nil {
				t.Fatal(err)
			}
			outer, stop := context.WithCancelCause(context.Background())
			defer stop(nil)
			ctx, cancel := WithRunTimeout(outer, timeout)
			defer cancel()
			opts := RunOptions{Command: []string{"sh", "-c", tt.command}, Stdout: io.Discard, Stderr: io.Discard}
			if tt.interrupt {
				// Once the command runs, well before the timeout.
				opts.Prepared = func([]string) {
					time.AfterFunc(300*time.Millisecond, func() { stop(&tracer.Interrupt{Sig: syscall.SIGTERM}) })
				}
			}
			tr, err := p.Trace(ctx, opts)
			if err != nil {
				t.Fatal(err)
			}
			defer tr.Close()
			r, instErr := tr.Audit(ctx)
			if instErr != nil {
				got.InstErr = instErr.Error()
			}
			if r.Run != nil {
				got.TimedOut, got.Interrupted, got.Succeeded = r.Run.TimedOut, r.Run.Interrupted, r.Run.Succeeded
			}
			for _, e := range r.Ecosystems {
				for _, pkg := range e.Installed {
					got.Installed = append(got.Installed, pkg.Name)
				}
			}
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("(-want +got):\n%s", diff)
			}
		})
	}
}
