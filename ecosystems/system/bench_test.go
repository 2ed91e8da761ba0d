package system

import (
	"context"
	"os"
	"testing"

	"github.com/envaudit/envaudit/ecosystems"
	"github.com/envaudit/envaudit/ecosystems/internal/dpkg"
)

// BenchmarkInstalledThisMachine enumerates this machine's system packages
// for a project that declares nothing: before the run (no trace yet, as
// the engine's pre-run read) and after one that executed a program and
// loaded its libraries (the index of the packages it touched).
func BenchmarkInstalledThisMachine(b *testing.B) {
	if _, err := dpkg.Open(os.DirFS("/")); err != nil {
		b.Skipf("no dpkg database on this machine: %v", err)
	}
	ctx := context.Background()
	src := ecosystems.Dir(b.TempDir())
	proj, err := New().Open(ctx, src)
	if err != nil {
		b.Fatal(err)
	}
	for _, bm := range []struct {
		name string
		env  ecosystems.Env
	}{
		{"before", ecosystems.Env{}},
		{"after", ecosystems.Env{
			Executables: []string{"/usr/bin/true"},
			Processes:   []ecosystems.Process{{Exe: "/usr/bin/true", Files: []string{"/usr/lib/x86_64-linux-gnu/libc.so.6"}}},
		}},
	} {
		b.Run(bm.name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if _, err := proj.Installed(ctx, bm.env); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
