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

// TimeoutError is the cause of a context WithStepTimeout returns once its
// time is up. It is a context.DeadlineExceeded, so the tracer marks a run
// it cuts short as timed out, not interrupted.
type TimeoutError struct {
	After time.Duration
}

func (e *TimeoutError) Error() string { return fmt.Sprintf("the %v timeout expired", e.After) }

// Is makes a TimeoutError a context.DeadlineExceeded.
func (e *TimeoutError) Is(target error) bool { return target == context.DeadlineExceeded }

// WithStepTimeout returns a context that ends d from now with a
// *TimeoutError cause, for a front end's timeout that bounds the whole
// job — opening the project, the trace, the enumeration of the
// installations, the audit and publishing — rather than the traced
// command alone. Traced.Audit still audits what ran when the timeout
// falls during the trace, within AuditAfterInterrupt. d <= 0 sets no
// limit.
func WithStepTimeout(ctx context.Context, d time.Duration) (context.Context, context.CancelFunc) {
	if d <= 0 {
		return context.WithCancel(ctx)
	}
	return context.WithTimeoutCause(ctx, d, &TimeoutError{After: d})
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
