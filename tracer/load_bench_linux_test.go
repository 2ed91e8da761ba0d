//go:build linux && amd64

package tracer

import (
	"testing"
)

// BenchmarkLoadBPF is what every eBPF run pays before its command starts:
// the kernel's BTF read for the programs' relocations, the verifier, the
// attachment of the hooks.
func BenchmarkLoadBPF(b *testing.B) {
	for b.Loop() {
		s, err := loadBPF()
		if err != nil {
			b.Fatal(err)
		}
		s.close()
	}
}
