//go:build linux && (amd64 || arm64)

package tracer

import (
	"context"
	"errors"
	"fmt"
	"os"
	"strings"
	"sync"
	"testing"
	"time"
)

// backendsEnv names the variable that lists, comma-separated, the backends
// the tracer's tests run under; unset, both. Every test that traces runs
// once per backend, as the subtests "ptrace" and "ebpf", so
// `go test -run 'TestSymlinks/ebpf'` runs one half and a failure names its
// backend. Where the eBPF programs cannot load (not root, no BTF, arm64 so
// far) the ebpf half fails, saying why, unless this variable leaves it
// out: ENVAUDIT_TRACER_BACKENDS=ptrace says "BPF cannot load here", and
// TestEBPFUnavailableHere then checks that it really cannot, so the
// variable cannot hide a backend that broke.
const backendsEnv = "ENVAUDIT_TRACER_BACKENDS"

// childBackendEnv passes a subtest's backend to the child modes that trace
// on their own (a tracer inside the command, a tracer that is killed).
const childBackendEnv = "ENVAUDIT_TRACER_TEST_BACKEND"

// testBackends returns the backends the tests run under.
func testBackends(t testing.TB) []string {
	t.Helper()
	s, ok := os.LookupEnv(backendsEnv)
	if !ok {
		return []string{BackendPtrace, BackendEBPF}
	}
	var out []string
	for _, b := range strings.Split(s, ",") {
		switch b = strings.TrimSpace(b); b {
		case BackendPtrace, BackendEBPF:
			out = append(out, b)
		default:
			t.Fatalf("%s=%q: unknown backend %q (want ptrace, ebpf or both, comma-separated)", backendsEnv, s, b)
		}
	}
	if len(out) == 0 {
		t.Fatalf("%s=%q names no backend", backendsEnv, s)
	}
	return out
}

// ebpfLoad is whether the eBPF backend runs here, found once per test
// binary by tracing /bin/true with it.
var ebpfLoad = sync.OnceValue(func() error {
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	tr, err := Run(ctx, Options{Command: []string{"/bin/true"}, Backend: BackendEBPF, Stdout: new(strings.Builder), Stderr: new(strings.Builder)})
	if err == nil && tr.Header.Backend != BackendEBPF {
		err = fmt.Errorf("a run with the eBPF backend wrote a %q trace", tr.Header.Backend)
	}
	return err
})

// backendOfTest maps the name of each backend subtest to its backend.
var backendOfTest sync.Map

// eachBackend runs body once per backend, as the subtest named after it.
// runTrace and tryTrace in body trace with that backend (backendOf), so
// a test's options need not name it; body gets it for the expectations
// that differ, each with its reason.
func eachBackend(t *testing.T, body func(t *testing.T, backend string)) {
	t.Helper()
	for _, b := range testBackends(t) {
		t.Run(b, func(t *testing.T) {
			if b == BackendEBPF {
				if err := ebpfLoad(); err != nil {
					t.Fatalf("the eBPF backend cannot run here (the tests run as root on a kernel with BTF; set %s=ptrace where BPF cannot load): %v", backendsEnv, err)
				}
			}
			backendOfTest.Store(t.Name(), b)
			body(t, b)
		})
	}
}

// backendOf returns the backend of the eachBackend subtest t is, or runs
// below; "" (ptrace) outside one.
func backendOf(t testing.TB) string {
	for name := t.Name(); ; {
		if b, ok := backendOfTest.Load(name); ok {
			return b.(string)
		}
		i := strings.LastIndexByte(name, '/')
		if i < 0 {
			return ""
		}
		name = name[:i]
	}
}

// childEnviron returns the environment of a child mode that traces, with
// t's backend.
func childEnviron(t testing.TB, mode string) []string {
	return append(os.Environ(), childEnv+"="+mode, childBackendEnv+"="+backendOf(t))
}

// TestEBPFUnavailableHere: where the tests are told that BPF cannot load
// (ENVAUDIT_TRACER_BACKENDS without ebpf), the eBPF backend must indeed
// refuse to run, with ErrEBPFUnavailable; elsewhere it must run.
func TestEBPFUnavailableHere(t *testing.T) {
	wantRun := false
	for _, b := range testBackends(t) {
		wantRun = wantRun || b == BackendEBPF
	}
	err := ebpfLoad()
	switch {
	case wantRun && err != nil:
		t.Errorf("the eBPF backend cannot run here: %v", err)
	case !wantRun && err == nil:
		t.Errorf("%s=%q leaves the eBPF backend out, yet it runs here: let the tests run it", backendsEnv, os.Getenv(backendsEnv))
	case !wantRun && !errors.Is(err, ErrEBPFUnavailable):
		t.Errorf("the eBPF backend failed, but not for want of what it needs: %v", err)
	}
}

// d3 is what the audit reads of a trace: each (operation, real path) the
// command's processes accessed, with the command's own image.
func d3(tr *Trace) map[string]bool {
	out := map[string]bool{}
	for _, a := range tr.Accesses {
		out[string(a.Op)+" "+a.RealPath()] = true
	}
	return out
}
