// Package faketb owns a testing.TB that records failures instead of
// failing, so that the tests of test helpers (internal/golden,
// ecosystems/internal/ecotest) can check that a helper fails when it
// should, and how. Only _test.go files import it.
package faketb

import (
	"fmt"
	"runtime"
	"sync"
	"testing"
)

// TB is a testing.TB whose Error and Fatal methods record the failure.
// Fatal, FailNow and their kin end the calling goroutine, as testing.T's
// do; Run calls the helper in a goroutine of its own for that. Every other
// method is the real test's.
type TB struct {
	testing.TB
	mu       sync.Mutex
	failures []string
	fatal    bool
}

// Run calls f with a TB that records its failures, waits until f returns
// or calls a Fatal method, and returns the TB to inspect.
func Run(t testing.TB, f func(tb testing.TB)) *TB {
	tb := &TB{TB: t}
	done := make(chan struct{})
	go func() {
		defer close(done)
		f(tb)
	}()
	<-done
	return tb
}

// Failures returns the messages of the failures recorded, in order.
func (tb *TB) Failures() []string {
	tb.mu.Lock()
	defer tb.mu.Unlock()
	return append([]string(nil), tb.failures...)
}

// Stopped reports whether the helper stopped the test (a Fatal method or
// FailNow).
func (tb *TB) Stopped() bool {
	tb.mu.Lock()
	defer tb.mu.Unlock()
	return tb.fatal
}

// Helper does nothing: the recorded failures carry no file positions.
func (tb *TB) Helper() {}

// Fail records a failure without a message.
func (tb *TB) Fail() { tb.record("") }

// Failed reports whether a failure was recorded.
func (tb *TB) Failed() bool { return len(tb.Failures()) > 0 }

// Error records a failure.
func (tb *TB) Error(args ...any) { tb.record(fmt.Sprint(args...)) }

// Errorf records a failure.
func (tb *TB) Errorf(format string, args ...any) { tb.record(fmt.Sprintf(format, args...)) }

// FailNow records a failure and ends the goroutine.
func (tb *TB) FailNow() { tb.stop("") }

// Fatal records a failure and ends the goroutine.
func (tb *TB) Fatal(args ...any) { tb.stop(fmt.Sprint(args...)) }

// Fatalf records a failure and ends the goroutine.
func (tb *TB) Fatalf(format string, args ...any) { tb.stop(fmt.Sprintf(format, args...)) }

func (tb *TB) record(msg string) {
	tb.mu.Lock()
	defer tb.mu.Unlock()
	tb.failures = append(tb.failures, msg)
}

func (tb *TB) stop(msg string) {
	tb.record(msg)
	tb.mu.Lock()
	tb.fatal = true
	tb.mu.Unlock()
	runtime.Goexit()
}
