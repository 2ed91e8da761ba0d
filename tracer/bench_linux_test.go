//go:build linux && (amd64 || arm64)

package tracer

import (
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strconv"
	"testing"
)

// BenchmarkOpenStorm measures the cost of one traced open in a process
// that does nothing else, per backend (ptrace: two stops, the seccomp stop
// at entry and the exit stop; eBPF: no stop, one ring-buffer event);
// compare with BenchmarkOpenStormUntraced.
func BenchmarkOpenStorm(b *testing.B) {
	prog := cprog(b, "openmany")
	for _, backend := range testBackends(b) {
		b.Run(backend, func(b *testing.B) {
			opts := Options{Command: []string{prog, strconv.Itoa(b.N), "/etc/hostname"}, Backend: backend}
			b.ResetTimer()
			tr, err := tryTrace(b, &opts)
			if err != nil {
				b.Fatal(err)
			}
			if tr.End.ExitCode != 0 || tr.End.Events < int64(b.N) {
				b.Fatalf("end %+v", tr.End)
			}
		})
	}
}

func BenchmarkOpenStormUntraced(b *testing.B) {
	prog := cprog(b, "openmany")
	b.ResetTimer()
	if err := exec.Command(prog, strconv.Itoa(b.N), "/etc/hostname").Run(); err != nil {
		b.Fatal(err)
	}
}

// BenchmarkExec measures a traced fork+exec of a small dynamic program,
// per backend.
func BenchmarkExec(b *testing.B) {
	prog := cprog(b, "vfork")
	for _, backend := range testBackends(b) {
		b.Run(backend, func(b *testing.B) {
			opts := Options{Command: []string{prog, strconv.Itoa(b.N)}, Backend: backend}
			b.ResetTimer()
			tr, err := tryTrace(b, &opts)
			if err != nil {
				b.Fatal(err)
			}
			if tr.End.ExitCode != 0 {
				b.Fatalf("end %+v", tr.End)
			}
		})
	}
}

// BenchmarkTraceMemory traces `cat` over 20,000 distinct files and reports
// the heap the returned trace holds per distinct path (HeapInuse after
// against before the run), the traced counterpart of
// BenchmarkRecorderMemory.
func BenchmarkTraceMemory(b *testing.B) {
	const n = 20000
	dir := b.TempDir()
	for i := range n {
		if err := os.WriteFile(filepath.Join(dir, "f"+strconv.Itoa(i)), nil, 0o644); err != nil {
			b.Fatal(err)
		}
	}
	for range b.N {
		var m0, m1 runtime.MemStats
		runtime.GC()
		runtime.ReadMemStats(&m0)
		opts := Options{Command: []string{"sh", "-c", "cat " + dir + "/*"}}
		tr, err := tryTrace(b, &opts)
		if err != nil {
			b.Fatal(err)
		}
		runtime.GC()
		runtime.ReadMemStats(&m1)
		if got := len(tr.Accesses); got < n {
			b.Fatalf("%d accesses, want at least %d", got, n)
		}
		b.ReportMetric(float64(int64(m1.HeapInuse)-int64(m0.HeapInuse))/n, "B/path")
		runtime.KeepAlive(tr)
	}
}
