//go:build linux && arm64

package tracer

import (
	"context"
	"fmt"
	"os"
	"time"
)

// loaderMain: there is no eBPF backend to load on arm64 yet.
func loaderMain() {
	fmt.Fprintln(os.Stderr, "envaudit: the eBPF tracer is built for amd64 only so far")
	os.Exit(127)
}

// StartEBPFLoader fails: the eBPF backend is built for amd64 only so far.
func StartEBPFLoader() (*EBPFLoader, error) {
	return nil, fmt.Errorf("%w: it is built for amd64 only so far", ErrEBPFUnavailable)
}

// runBackend: the BPF object reads syscall arguments from x86-64 registers
// and is built for amd64 only, so arm64 always traces with ptrace.
func runBackend(ctx context.Context, opts Options, dir string, env []string, grace time.Duration) (tr *Trace, notice string, handled bool, err error) {
	opts.Loader.Close()
	switch opts.Backend {
	case "", BackendPtrace:
		return nil, "", false, nil
	case BackendAuto:
		return nil, "the eBPF tracer is built for amd64 only so far", false, nil
	case BackendEBPF:
		return nil, "", false, fmt.Errorf("trace --backend ebpf: %w: it is built for amd64 only so far", ErrEBPFUnavailable)
	}
	return nil, "", false, fmt.Errorf("trace: unknown backend %q (want auto, ebpf or ptrace)", opts.Backend)
}
