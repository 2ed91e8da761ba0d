package python

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/envaudit/envaudit/ecosystems"
	"github.com/envaudit/envaudit/internal/projfile"
)

// openWithin opens the Python project in dir, failing the test when Open
// has not returned within a deadline meant for a hang, not for timing.
func openWithin(t *testing.T, dir string) (ecosystems.Project, error) {
	t.Helper()
	type result struct {
		p   ecosystems.Project
		err error
	}
	done := make(chan result, 1)
	go func() {
		p, err := New().Open(context.Background(), ecosystems.Dir(dir))
		done <- result{p, err}
	}()
	select {
	case r := <-done:
		return r.p, r.err
	case <-time.After(60 * time.Second):
		t.Fatal("Open did not return")
		return nil, nil
	}
}

// TestAttackDevZeroManifest reproduces issue 10's manifest linked to
// /dev/zero, whose read grew without bound, and the same with a named
// pipe no one writes, which would block forever. A top-level
// requirements.txt that is not a regular file is no manifest (the
// project has none, as if it were absent); one pulled in with -r is a
// positioned error naming both files. Either comes back at once.
func TestAttackDevZeroManifest(t *testing.T) {
	tests := []struct {
		name  string
		setup func(dir string) error
		want  string // the error, or "" for no project
	}{
		{"zero", func(dir string) error {
			return os.Symlink("/dev/zero", filepath.Join(dir, "requirements.txt"))
		}, ""},
		{"fifo", func(dir string) error {
			return syscall.Mkfifo(filepath.Join(dir, "requirements.txt"), 0o644)
		}, ""},
		{"includedfifo", func(dir string) error {
			if err := os.WriteFile(filepath.Join(dir, "requirements.txt"), []byte("six\n-r more.txt\n"), 0o644); err != nil {
				return err
			}
			return syscall.Mkfifo(filepath.Join(dir, "more.txt"), 0o644)
		}, `requirements.txt:2: read requirements file "more.txt": more.txt: cannot read: not a regular file (a named pipe)`},
		{"included", func(dir string) error {
			if err := os.WriteFile(filepath.Join(dir, "requirements.txt"), []byte("six\n-r more.txt\n"), 0o644); err != nil {
				return err
			}
			return os.Symlink("/dev/zero", filepath.Join(dir, "more.txt"))
		}, `requirements.txt:2: read requirements file "more.txt": more.txt: cannot read: not a regular file (a character device)`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			dir := t.TempDir()
			if err := tt.setup(dir); err != nil {
				t.Fatal(err)
			}
			p, err := openWithin(t, dir)
			if tt.want == "" {
				if err != nil || p != nil {
					t.Fatalf("Open = %v, %v; want no project", p, err)
				}
				return
			}
			if err == nil {
				t.Fatal("Open read it")
			}
			checkPosError(t, err, "requirements.txt")
			if diff := cmp.Diff(tt.want, err.Error()); diff != "" {
				t.Errorf("error (-want +got):\n%s", diff)
			}
		})
	}
}

// TestAttackHugeRequirements reproduces issue 10's 47 MB
// requirements.txt (13.6 GB of memory, as each of its three million
// lines became a declaration, a finding and its renderings, each a few
// kilobytes): a requirements file over the manifest cap is refused
// before it is read, with an error naming it, and opening it allocates
// less than the file's size.
func TestAttackHugeRequirements(t *testing.T) {
	dir := t.TempDir()
	var b bytes.Buffer
	for i := 0; b.Len() <= projfile.MaxManifest; i++ {
		fmt.Fprintf(&b, "pkg%d==1.0\n", i)
	}
	if err := os.WriteFile(filepath.Join(dir, "requirements.txt"), b.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	size := int64(b.Len())
	b = bytes.Buffer{}
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	_, err := openWithin(t, dir)
	runtime.ReadMemStats(&after)
	if err == nil {
		t.Fatal("Open accepted it")
	}
	checkPosError(t, err, "requirements.txt")
	if diff := cmp.Diff("requirements.txt: larger than the 4 MiB limit for a manifest", err.Error()); diff != "" {
		t.Errorf("error (-want +got):\n%s", diff)
	}
	// Other tests' goroutines allocate too: a bound, not a measurement.
	if alloc := int64(after.TotalAlloc - before.TotalAlloc); alloc >= size {
		t.Errorf("Open allocated %d bytes for a %d-byte file it refused", alloc, size)
	}
}

// BenchmarkParseRequirements measures a requirements file of 10,000 and
// 100,000 lines: time and allocations per line stay the same (the ratio
// of the two is about 10), so a file's cost is bounded by its size cap.
func BenchmarkParseRequirements(b *testing.B) {
	for _, n := range []int{10_000, 100_000} {
		var data bytes.Buffer
		for i := range n {
			fmt.Fprintf(&data, "pkg%d[extra]>=1.0,<2; python_version >= \"3.8\" --hash=sha256:%064d\n", i, i)
		}
		b.Run(fmt.Sprintf("lines=%d", n), func(b *testing.B) {
			b.SetBytes(int64(data.Len()))
			b.ReportAllocs()
			for range b.N {
				if _, err := parseRequirements("requirements.txt", data.Bytes(), fakeNamer); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// TestLongLineErrorClipped checks that an invalid requirement megabytes
// long is quoted in its error only in part.
func TestLongLineErrorClipped(t *testing.T) {
	_, err := parseRequirements("requirements.txt", bytes.Repeat([]byte("a "), 1<<20), fakeNamer)
	if err == nil {
		t.Fatal("parseRequirements accepted it")
	}
	if len(err.Error()) > 3*maxQuoted || !strings.Contains(err.Error(), `…"`) {
		t.Errorf("error of %d bytes: %.300s", len(err.Error()), err)
	}
}
