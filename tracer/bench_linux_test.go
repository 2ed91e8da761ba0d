//go:build linux && (amd64 || arm64)

package tracer

import (
	"os/exec"
	"strconv"
	"testing"
)

// BenchmarkOpenStorm measures the cost of one traced open (two stops: the
// seccomp stop at entry, the exit stop) in a process that does nothing
// else; compare with BenchmarkOpenStormUntraced.
func BenchmarkOpenStorm(b *testing.B) {
	prog := cprog(b, "openmany")
	opts := Options{Command: []string{prog, strconv.Itoa(b.N), "/etc/hostname"}}
	b.ResetTimer()
	tr, err := tryTrace(&opts)
	if err != nil {
		b.Fatal(err)
	}
	if tr.End.ExitCode != 0 || tr.End.Events < int64(b.N) {
		b.Fatalf("end %+v", tr.End)
	}
}

func BenchmarkOpenStormUntraced(b *testing.B) {
	prog := cprog(b, "openmany")
	b.ResetTimer()
	if err := exec.Command(prog, strconv.Itoa(b.N), "/etc/hostname").Run(); err != nil {
		b.Fatal(err)
	}
}

// BenchmarkExec measures a traced fork+exec of a small dynamic program.
func BenchmarkExec(b *testing.B) {
	prog := cprog(b, "vfork")
	opts := Options{Command: []string{prog, strconv.Itoa(b.N)}}
	b.ResetTimer()
	tr, err := tryTrace(&opts)
	if err != nil {
		b.Fatal(err)
	}
	if tr.End.ExitCode != 0 {
		b.Fatalf("end %+v", tr.End)
	}
}
