//go:build !linux || !(amd64 || arm64)

package tracer

import (
	"context"
	"fmt"
	"os"
	"runtime"
	"time"
)

// Main returns at once: there is no helper where tracing is unsupported. A
// program started as the helper anyway (HelperArg) fails with status 127.
func Main() {
	if len(os.Args) > 1 && (os.Args[1] == HelperArg || os.Args[1] == ReaperArg || os.Args[1] == LoaderArg) {
		fmt.Fprintf(os.Stderr, "envaudit: %v\n", ErrUnsupported)
		os.Exit(127)
	}
}

// Run cannot trace on this system: it returns an error wrapping
// ErrUnsupported. Record the trace on a Linux runner and audit it anywhere.
func Run(ctx context.Context, opts Options) (*Trace, error) {
	opts.Loader.Close()
	return nil, fmt.Errorf("trace on %s/%s: %w (record the trace with `envaudit trace` on a Linux runner, then audit it here with `envaudit audit --trace`)", runtime.GOOS, runtime.GOARCH, ErrUnsupported)
}

// EndDescendants does nothing where the tracer does not run.
func EndDescendants(time.Duration) ([]int, error) { return nil, nil }

// BecomeSubreaper does nothing where the tracer does not run.
func BecomeSubreaper() error { return nil }

// StartEBPFLoader fails where the tracer does not run.
func StartEBPFLoader() (*EBPFLoader, error) {
	return nil, fmt.Errorf("trace on %s/%s: %w", runtime.GOOS, runtime.GOARCH, ErrUnsupported)
}
