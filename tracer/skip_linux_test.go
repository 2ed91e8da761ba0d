//go:build linux && (amd64 || arm64)

package tracer

import (
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"golang.org/x/sys/unix"
)

// TestAttackSkippedLink reproduces a link planted below a skipped
// directory (the Go build cache is writable by the command) to a package's
// file: an open through it must be traced as any other, with the package
// file's real path or identity, while the directory's own files, and paths
// that name nothing, are still only counted. The ptrace backend looks at
// what the path names before the open; the eBPF backend at the file the
// open returned, as the kernel names it.
func TestAttackSkippedLink(t *testing.T) {
	eachBackend(t, func(t *testing.T, backend string) {
		testAttackSkippedLink(t, backend)
	})
}

func testAttackSkippedLink(t *testing.T, backend string) {
	dir := realTempDir(t)
	writeFiles(t, dir, "node_modules/pkg/index.js", "node_modules/pkg/bound.js", "cache/own.a", "cache/relink.a", "jail/placeholder")
	file := dir + "/node_modules/pkg/index.js"
	// bound.js keeps one link: the mount, not the link count, must tell.
	bound := dir + "/node_modules/pkg/bound.js"
	cache := dir + "/cache"
	jailCache := dir + "/jail" + cache
	if err := os.MkdirAll(jailCache, 0o755); err != nil {
		t.Fatal(err)
	}
	for _, l := range []struct {
		hard         bool
		target, name string
	}{
		{true, file, cache + "/hard.a"},
		{false, file, cache + "/abs.a"},
		{false, "../node_modules/pkg/index.js", cache + "/rel.a"},
		{false, dir + "/node_modules/pkg", cache + "/dir"},
		{false, "/proc/self/root" + file, cache + "/magic.a"},
		{false, cache + "/abs.a", cache + "/chain.a"},
		// In the jail, the path of the cache's own file names a hard
		// link to the package's file.
		{true, file, jailCache + "/own.a"},
	} {
		link := os.Symlink
		if l.hard {
			link = os.Link
		}
		if err := link(l.target, l.name); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.WriteFile(cache+"/bound.a", []byte("cache\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	// The open of a path that names nothing fails: the ptrace backend,
	// which stops at its entry, counts it; the eBPF backend sees only
	// successful opens, and a failed one is no access.
	var missing int64 = 1
	if backend == BackendEBPF {
		missing = 0
	}
	prog := cprog(t, "evade")
	tests := []struct {
		name string
		args []string
		// want is the package's file the open reads; "" when the open
		// is the cache's own, counted instead of recorded.
		want string
		// skipped is how many opens are counted instead of recorded.
		skipped int64
		exit    int
	}{
		{"own-file", []string{"open", cache + "/own.a"}, "", 1, 0},
		{"missing", []string{"open", cache + "/missing.a"}, "", missing, 1},
		{"hard-link", []string{"open", cache + "/hard.a"}, file, 0, 0},
		{"absolute-symlink", []string{"open", cache + "/abs.a"}, file, 0, 0},
		{"relative-symlink", []string{"open", cache + "/rel.a"}, file, 0, 0},
		{"symlinked-directory", []string{"open", cache + "/dir/index.js"}, file, 0, 0},
		{"magic-link", []string{"open", cache + "/magic.a"}, file, 0, 0},
		{"symlink-chain", []string{"open", cache + "/chain.a"}, file, 0, 0},
		{"chroot", []string{"chroot", dir + "/jail", cache + "/own.a"}, file, 0, 0},
		{"openat2-in-root", []string{"inroot", dir + "/jail", cache + "/own.a"}, file, 0, 0},
		{"bind-mount", []string{"bind", bound, cache + "/bound.a"}, bound, 0, 0},
		// The cache's own file, then, under the same path in the same
		// process image, a hard link to the package's file: the eBPF
		// backend counts repeated opens of one path in the kernel, and
		// the second open must not pass for a repeat of the first.
		{"relinked", []string{"relink", cache + "/relink.a", file}, file, 1, 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			opts := Options{Command: append([]string{prog}, tt.args...), Skip: []string{cache}}
			tr := runTrace(t, &opts)
			if (tt.args[0] == "chroot" || tt.args[0] == "bind") && tr.End.ExitCode == 3 {
				t.Fatalf("evade %s could not chroot or mount: it needs root (the CI runs as root; elsewhere run `sudo go test ./tracer`) or unprivileged user namespaces", tt.args[0])
			}
			wantExit(t, tr, tt.exit, opts)
			var below []Access
			for _, a := range tr.Accesses {
				if strings.HasPrefix(a.Path, cache+"/") || strings.HasPrefix(a.RealPath(), cache+"/") {
					below = append(below, a)
				}
			}
			if tt.want == "" {
				if tr.End.Skipped != tt.skipped || len(below) != 0 {
					t.Errorf("End.Skipped = %d, accesses below the cache %+v; want %d counted, none recorded", tr.End.Skipped, below, tt.skipped)
				}
				return
			}
			dev, ino := identity(t, tt.want)
			var got []Access
			for _, a := range tr.Accesses {
				if a.Op == OpRead && (a.RealPath() == tt.want || a.Dev == dev && a.Ino == ino) {
					got = append(got, a)
				}
			}
			if tr.End.Skipped != tt.skipped || len(got) != 1 {
				t.Errorf("End.Skipped = %d, reads of the package's file %+v; want one read, %d counted; accesses below the cache: %+v", tr.End.Skipped, got, tt.skipped, below)
			}
		})
	}
}

// BenchmarkOpenStormSkipped is BenchmarkOpenStorm on a file below a skipped
// directory, per backend: under ptrace one stop per open, and the tracer's
// look at what the path names (BenchmarkSkipCheck) instead of the exit
// stop; under eBPF the kernel's count of a repeated open, the same as for
// any file.
func BenchmarkOpenStormSkipped(b *testing.B) {
	dir := b.TempDir()
	file := filepath.Join(dir, "cache", "entry")
	if err := os.MkdirAll(filepath.Dir(file), 0o755); err != nil {
		b.Fatal(err)
	}
	if err := os.WriteFile(file, []byte("x\n"), 0o644); err != nil {
		b.Fatal(err)
	}
	prog := cprog(b, "openmany")
	for _, backend := range testBackends(b) {
		b.Run(backend, func(b *testing.B) {
			opts := Options{Command: []string{prog, strconv.Itoa(b.N), file}, Skip: []string{filepath.Dir(file)}, Backend: backend}
			b.ResetTimer()
			tr, err := tryTrace(b, &opts)
			if err != nil {
				b.Fatal(err)
			}
			if tr.End.ExitCode != 0 || tr.End.Skipped != int64(b.N) {
				b.Fatalf("end %+v, want %d skipped", tr.End, b.N)
			}
		})
	}
}

// BenchmarkSkipCheck measures the tracer's look at a path below a skipped
// directory (ownFile), without a tracee: the benchmark's own process
// stands for it.
func BenchmarkSkipCheck(b *testing.B) {
	dir, err := filepath.EvalSymlinks(b.TempDir())
	if err != nil {
		b.Fatal(err)
	}
	file := filepath.Join(dir, "cache", "ab", "0123456789abcdef-d")
	if err := os.MkdirAll(filepath.Dir(file), 0o755); err != nil {
		b.Fatal(err)
	}
	if err := os.WriteFile(file, []byte("x\n"), 0o644); err != nil {
		b.Fatal(err)
	}
	t := newTracer(nativeArch, Options{Skip: []string{filepath.Join(dir, "cache")}})
	path, pid := []byte(file), os.Getpid()
	b.ReportAllocs()
	b.ResetTimer()
	for range b.N {
		if !t.ownFile(pid, path) {
			b.Fatal("the cache's own file is not its own")
		}
	}
}

// TestSkipRoots: a skipped directory is taken by its real path, and one
// that does not exist yet by its nearest existing ancestor's, on whose
// mount it will be made.
func TestSkipRoots(t *testing.T) {
	dir := realTempDir(t)
	writeFiles(t, dir, "real/cache/x")
	if err := os.Symlink("real", filepath.Join(dir, "link")); err != nil {
		t.Fatal(err)
	}
	tests := []struct{ skip, want string }{
		{dir + "/real/cache", dir + "/real/cache/"},
		{dir + "/link/cache", dir + "/real/cache/"},
		{dir + "/link/new/cache", dir + "/real/new/cache/"},
	}
	for _, tt := range tests {
		t.Run(filepath.Base(filepath.Dir(tt.skip))+"-"+filepath.Base(tt.skip), func(t *testing.T) {
			tr := newTracer(nativeArch, Options{Skip: []string{tt.skip}})
			var stx unix.Statx_t
			if err := unix.Statx(unix.AT_FDCWD, dir+"/real", 0, unix.STATX_MNT_ID, &stx); err != nil {
				t.Fatal(err)
			}
			want := []skipRoot{{real: []byte(tt.want), mnt: stx.Mnt_id}}
			if diff := cmp.Diff(want, tr.skipRoots, cmp.AllowUnexported(skipRoot{})); diff != "" {
				t.Errorf("skip roots of %s (-want +got):\n%s", tt.skip, diff)
			}
		})
	}
}

// TestSkipCreatedAsLink: a skipped directory the run creates as a symbolic
// link to a package's directory does not make the package's files the
// directory's own.
func TestSkipCreatedAsLink(t *testing.T) {
	dir := realTempDir(t)
	writeFiles(t, dir, "node_modules/pkg/index.js")
	file := dir + "/node_modules/pkg/index.js"
	cache := dir + "/home/.cache/go-build"
	if err := os.MkdirAll(filepath.Dir(cache), 0o755); err != nil {
		t.Fatal(err)
	}
	eachBackend(t, func(t *testing.T, _ string) {
		if err := os.RemoveAll(cache); err != nil {
			t.Fatal(err)
		}
		opts := Options{Command: []string{"sh", "-c", "ln -s " + dir + "/node_modules/pkg " + cache + " && cat " + cache + "/index.js"}, Skip: []string{cache}}
		tr := runTrace(t, &opts)
		wantExit(t, tr, 0, opts)
		if got := readsOf(tr, file); len(got) != 1 || tr.End.Skipped != 0 {
			t.Errorf("reads of %s: %+v, End.Skipped = %d; want one read, nothing counted", file, got, tr.End.Skipped)
		}
	})
}

// TestSkipRace: while one thread of the command keeps putting, in the
// place of the cache's own file, a new own file and a hard link to a
// package's file, another opens that path again and again and counts the
// reads that were the package's. Under eBPF every one of them must be
// recorded: the kernel's facts are those of the file the open returned,
// and a name renamed over before the kernel side looks is not the cache's
// own. Under ptrace the look before the open can lose that race (the gap
// docs/tracer.md's limits name), so only the total is checked there: every
// open is either counted or recorded.
func TestSkipRace(t *testing.T) {
	eachBackend(t, func(t *testing.T, backend string) {
		dir := realTempDir(t)
		writeFiles(t, dir, "node_modules/pkg/index.js", "cache/flip.a", "tmp/placeholder")
		file := dir + "/node_modules/pkg/index.js"
		cache := dir + "/cache"
		const n = 2000
		opts := Options{Command: []string{cprog(t, "evade"), "flip", cache + "/flip.a", file, dir + "/tmp", strconv.Itoa(n)}, Skip: []string{cache}}
		tr := runTrace(t, &opts)
		wantExit(t, tr, 0, opts)
		var hits int64
		if _, err := fmt.Sscanf(opts.Stdout.(fmt.Stringer).String(), "file: %d", &hits); err != nil {
			t.Fatalf("evade flip printed %q: %v", opts.Stdout, err)
		}
		var recorded int64
		for _, a := range tr.Accesses {
			if a.Op == OpRead && a.Path == cache+"/flip.a" {
				recorded += int64(max(a.Count, 1))
			}
		}
		t.Logf("%d of %d reads were the package's; %d opens recorded, %d counted", hits, n, recorded, tr.End.Skipped)
		if recorded+tr.End.Skipped != n {
			t.Errorf("%d opens recorded and %d counted, want %d in all", recorded, tr.End.Skipped, n)
		}
		if backend == BackendEBPF && recorded < hits {
			t.Errorf("%d opens recorded, fewer than the %d reads of the package's file", recorded, hits)
		}
	})
}
