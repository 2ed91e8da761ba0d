package engine

import (
	"context"
	"errors"
	"fmt"
	"os"
	"syscall"
	"time"

	"github.com/envaudit/envaudit/tracer"
)

// TimeoutError is the cause of a context WithRunTimeout returns once its
// time is up. It is a context.DeadlineExceeded, so the tracer marks a run
// it cuts short as timed out, not interrupted.
type TimeoutError struct {
	After time.Duration
}

func (e *TimeoutError) Error() string { return fmt.Sprintf("the %v timeout expired", e.After) }

// Is makes a TimeoutError a context.DeadlineExceeded.
func (e *TimeoutError) Is(target error) bool { return target == context.DeadlineExceeded }

// runTimeoutKey is the key under which a context WithRunTimeout returns
// keeps the context it was made from, for AfterRun.
type runTimeoutKey struct{}

// WithRunTimeout returns a context that ends d from now with a
// *TimeoutError cause: a front end's timeout (the CLI's --timeout, the
// Action's timeout input). It bounds the run — opening the project,
// what Project.Trace reads before the command, and the traced command
// with all its processes, which the tracer stops when it falls — and
// nothing after it: once the command has ended, AfterRun takes the
// deadline off, and the enumeration, attribution and audit that follow
// are bounded by limits of their own (see Traced.Audit), so that a
// command that ended in time is reported in full, and one the timeout
// stopped has what it ran audited in full. d <= 0 sets no limit.
func WithRunTimeout(ctx context.Context, d time.Duration) (context.Context, context.CancelFunc) {
	if d <= 0 {
		return context.WithCancel(ctx)
	}
	c, cancel := context.WithTimeoutCause(ctx, d, &TimeoutError{After: d})
	return context.WithValue(c, runTimeoutKey{}, ctx), cancel
}

// AfterRun returns the context for what follows the traced command: ctx
// without the deadline of the WithRunTimeout it descends from, which
// bounds the command, not what envaudit does once it has ended. Whatever
// ends the context the timeout was set on — an interrupt — still ends
// it. A ctx without a run timeout is returned as it is.
//
// The context returned is the one WithRunTimeout was given: what was
// derived from ctx since (values, cancellations) is not in it, so front
// ends call AfterRun on the context they traced with.
func AfterRun(ctx context.Context) context.Context {
	for {
		outer, ok := ctx.Value(runTimeoutKey{}).(context.Context)
		if !ok {
			return ctx
		}
		ctx = outer
	}
}

// StoppedError is work the context stopped before it was done: an
// interrupt (Ctrl-C, SIGTERM) or a timeout. Cause is the context's cause.
type StoppedError struct {
	While string // what was being done: "reading the project's files"
	Cause error
}

func (e *StoppedError) Error() string {
	var in *tracer.Interrupt
	var te *TimeoutError
	switch {
	case errors.As(e.Cause, &in):
		return fmt.Sprintf("interrupted (%s) while %s", signalName(in.Sig), e.While)
	case errors.As(e.Cause, &te):
		return fmt.Sprintf("%s while %s", te, e.While)
	}
	return fmt.Sprintf("stopped while %s: %v", e.While, e.Cause)
}

func (e *StoppedError) Unwrap() error { return e.Cause }

// stopped returns the *StoppedError of ctx, which has ended.
func stopped(ctx context.Context, while string) error {
	return &StoppedError{While: while, Cause: context.Cause(ctx)}
}

func signalName(s os.Signal) string {
	switch s {
	case os.Interrupt:
		return "SIGINT"
	case syscall.SIGTERM:
		return "SIGTERM"
	}
	return s.String()
}
