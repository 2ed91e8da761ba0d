//go:build linux && amd64

package tracer

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"testing"
	"time"
	"unsafe"

	"github.com/cilium/ebpf"
	"github.com/google/go-cmp/cmp"
	"golang.org/x/sys/unix"
)

// TestEBPFRealSameAsPtrace runs the evasion cases of issue 10 (see
// evasion_linux_test.go) and a few more under both backends: every read of
// the package's file must carry the same path, real path and identity,
// which for the eBPF backend come from the descriptor's struct file in the
// kernel. "swap" is the case that tells the kernel's name from a name
// resolved afterwards: the symbolic link opened points elsewhere before
// the run ends.
func TestEBPFRealSameAsPtrace(t *testing.T) {
	requireEBPF(t)
	prog := cprog(t, "evade")
	const file = "node_modules/pkg/index.js"
	tests := []struct {
		name  string
		setup func(t *testing.T, d string) // after the package's file exists
		args  func(d string) []string
		cwd   string // relative to the directory
		want  []string
	}{
		{
			name: "opath",
			args: func(d string) []string { return []string{"opath", d + "/" + file} },
			want: []string{"/proc/self/fd/N -> $D/" + file},
		},
		{
			name: "procSelfRoot",
			args: func(d string) []string { return []string{"open", "/proc/self/root" + d + "/" + file} },
			want: []string{"/proc/self/root$D/" + file + " -> $D/" + file},
		},
		{
			name: "procSelfCwd",
			args: func(d string) []string { return []string{"open", "/proc/self/cwd/pkg/index.js"} },
			cwd:  "node_modules",
			want: []string{"/proc/self/cwd/pkg/index.js -> $D/" + file},
		},
		{
			name: "procPidRoot",
			args: func(d string) []string { return []string{"pidroot", d + "/" + file} },
			want: []string{"/proc/PID/root$D/" + file + " -> $D/" + file},
		},
		{
			name: "dotdotThroughSymlink",
			setup: func(t *testing.T, d string) {
				if err := os.Symlink("node_modules/pkg/lib", d+"/link"); err != nil {
					t.Fatal(err)
				}
			},
			args: func(d string) []string { return []string{"open", d + "/link/../index.js"} },
			want: []string{"$D/link/../index.js -> $D/" + file},
		},
		{
			name: "hardLink",
			setup: func(t *testing.T, d string) {
				if err := os.Link(d+"/"+file, d+"/innocent.js"); err != nil {
					t.Fatal(err)
				}
			},
			args: func(d string) []string { return []string{"open", d + "/innocent.js"} },
			want: []string{"$D/innocent.js identity of the package's file"},
		},
		{
			name: "swap",
			setup: func(t *testing.T, d string) {
				writeFiles(t, d, "other.js")
				if err := os.Symlink(d+"/"+file, d+"/link.js"); err != nil {
					t.Fatal(err)
				}
			},
			args: func(d string) []string { return []string{"swap", d + "/link.js", d + "/other.js"} },
			want: []string{"$D/link.js -> $D/" + file},
		},
		{
			name: "unlinked",
			args: func(d string) []string { return []string{"unlinked", d + "/" + file} },
			want: []string{"/proc/self/fd/N -> $D/" + file + " identity of the package's file"},
		},
		{
			name: "openByHandle",
			args: func(d string) []string { return []string{"handle", d + "/" + file} },
			want: []string{"$D/" + file},
		},
		{
			name: "renamedDir",
			args: func(d string) []string {
				return []string{"rename", d + "/node_modules/pkg", d + "/node_modules/.hidden", d + "/node_modules/.hidden/index.js"}
			},
			want: []string{"$D/node_modules/.hidden/index.js"},
		},
		{
			name: "renamedBack",
			args: func(d string) []string {
				return []string{"renameback", d + "/node_modules/pkg", d + "/node_modules/.hidden", d + "/node_modules/.hidden/index.js"}
			},
			want: []string{"$D/node_modules/.hidden/index.js identity of the package's file"},
		},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			var got [2][]string
			for i, b := range []string{BackendPtrace, BackendEBPF} {
				d := realTempDir(t)
				writeFiles(t, d, file, "node_modules/pkg/lib/x.js")
				if tc.setup != nil {
					tc.setup(t, d)
				}
				dev, ino := identity(t, d+"/"+file)
				opts := Options{Command: append([]string{prog}, tc.args(d)...), Dir: filepath.Join(d, tc.cwd), Backend: b}
				tr := runTrace(t, &opts)
				wantExit(t, tr, 0, opts)
				got[i] = readsUnder(tr, d, dev, ino)
			}
			if diff := cmp.Diff(got[0], got[1]); diff != "" {
				t.Errorf("reads under ptrace (-) and ebpf (+) differ:\n%s", diff)
			}
			if diff := cmp.Diff(tc.want, got[1]); diff != "" {
				t.Errorf("reads under ebpf (-want +got):\n%s", diff)
			}
		})
	}
}

var (
	procPidRe = regexp.MustCompile(`^/proc/[0-9]+/`)
	procFdRe  = regexp.MustCompile(`^/proc/self/fd/[0-9]+$`)
)

// readsUnder describes the reads whose path or real path lies in d, with d
// written $D, pids and descriptor numbers (which differ between runs)
// replaced, and an identity named when it is the file (dev, ino).
func readsUnder(tr *Trace, d string, dev, ino uint64) []string {
	var out []string
	for _, a := range tr.Accesses {
		if a.Op != OpRead || !(strings.Contains(a.Path, d+"/") || strings.HasPrefix(a.RealPath(), d+"/")) {
			continue
		}
		p := procFdRe.ReplaceAllString(procPidRe.ReplaceAllString(a.Path, "/proc/PID/"), "/proc/self/fd/N")
		s := strings.ReplaceAll(p, d, "$D")
		if a.Real != "" {
			s += " -> " + strings.ReplaceAll(a.Real, d, "$D")
		}
		switch {
		case a.Dev == dev && a.Ino == ino:
			s += " identity of the package's file"
		case a.Ino != 0:
			s += fmt.Sprintf(" identity %d:%d", a.Dev, a.Ino)
		}
		if a.Count != 0 && a.Count != 1 {
			s += fmt.Sprintf(" ×%d", a.Count)
		}
		out = append(out, s)
	}
	return out
}

// TestBPFEventLayout: decodeBPFEvent reads the header where bpf2go's
// structs, generated from the C structs, put each field.
func TestBPFEventLayout(t *testing.T) {
	var ev bpfTraceEvent
	if off := unsafe.Offsetof(ev.Buf); off != bpfHeaderSize {
		t.Fatalf("the event's buffer starts at %d, bpfHeaderSize is %d", off, bpfHeaderSize)
	}
	var args bpfTraceArgsEvent
	if diff := cmp.Diff([]uintptr{12, 14, 16, bpfArgsHeaderSize, bpfArgsMax + bpfPathMax},
		[]uintptr{unsafe.Offsetof(args.ArgvLen), unsafe.Offsetof(args.CwdLen), unsafe.Offsetof(args.Image), unsafe.Offsetof(args.Buf), unsafe.Sizeof(args.Buf)}); diff != "" {
		t.Fatalf("EV_ARGS layout: offsets of argv_len, cwd_len, image, buf and the size of buf (-decoder +C):\n%s", diff)
	}
	paths := "rel/x.py\x00/work/src\x00/work/src/rel/x.py\x00"
	ev = bpfTraceEvent{
		Kind: bpfEvOpen, Pid: 10, Tid: 11, Ppid: 12, Ret: 3, Flags: 0o2101, Dirfd: -100,
		PathLen: 9, BaseLen: 10, Sys: bpfSysOpenHandle, FileLen: 19, Compat: 1,
		Ino: 1 << 40, Magic: btrfsMagic, Dev: 8<<20 | 1, Nlink: 2, Mode: 0o100644,
		Counted: 1, StatDev: 1, Unsettled: 1, MntId: 1<<33 | 9, Key: bpfTraceRepeatKey{Image: 5, Flags: 1 << 63, Spelled: 1<<64 - 1, File: 7},
	}
	for i := range len(paths) {
		ev.Buf[i] = int8(paths[i])
	}
	var b bytes.Buffer
	if err := binary.Write(&b, binary.LittleEndian, &ev); err != nil {
		t.Fatal(err)
	}
	e, err := decodeBPFEvent(b.Bytes()[:bpfHeaderSize+len(paths)])
	if err != nil {
		t.Fatal(err)
	}
	got := fmt.Sprint(e.kind, e.pid, e.tid, e.ppid, e.ret, e.flags, e.dirfd, e.sys, e.compat, e.ino, e.magic, e.dev, e.nlink, e.mode,
		e.statDev, e.unsettled, e.counted, e.mnt, e.key.Image, e.key.Flags, e.key.Spelled, e.key.File, string(e.path), string(e.base), string(e.file))
	want := fmt.Sprint(uint32(bpfEvOpen), uint32(10), uint32(11), uint32(12), int64(3), uint64(0o2101), int32(-100), uint32(bpfSysOpenHandle), true,
		uint64(1<<40), uint64(btrfsMagic), uint32(8<<20|1), uint32(2), uint16(0o100644),
		true, true, true, uint64(1<<33|9), uint64(5), uint64(1<<63), uint64(1<<64-1), uint64(7), "rel/x.py", "/work/src", "/work/src/rel/x.py")
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("decoded event (-want +got):\n%s", diff)
	}
}

// TestEBPFRepeatCounts: the eBPF backend counts repeated opens in the
// kernel; the counts and distinctions in the trace must be those of the
// ptrace backend, which sees every open. Threads open one spelling at once
// (the first open of a key races with its repeats), the spelling then
// names another file, a relative spelling of it (another key in the
// kernel) is the same access in the trace, and a write of it is one of its
// own; a second process repeats them all under its own record.
func TestEBPFRepeatCounts(t *testing.T) {
	requireEBPF(t)
	for _, tc := range []struct {
		name    string
		entries uint32
	}{
		{"default", 0},
		// Room for two of the four keys a run makes: the others are
		// sent as events, and no count may be lost.
		{"fullMap", 2},
	} {
		t.Run(tc.name, func(t *testing.T) {
			bpfRepeatsEntries = tc.entries
			defer func() { bpfRepeatsEntries = 0 }()
			testRepeatCounts(t)
		})
	}
}

func testRepeatCounts(t *testing.T) {
	prog := cprog(t, "reopen")
	const threads, n = 8, 500
	var got [2][]string
	for i, b := range []string{BackendPtrace, BackendEBPF} {
		d := realTempDir(t)
		writeFiles(t, d, "a.js", "b.js")
		if err := os.Symlink(d+"/a.js", d+"/link.js"); err != nil {
			t.Fatal(err)
		}
		run := fmt.Sprintf("%s %d %d %s/link.js %s/b.js", prog, threads, n, d, d)
		script := run + " && ln -sfn " + d + "/a.js " + d + "/link.js && " + run
		opts := Options{Command: []string{"/bin/sh", "-c", script}, Backend: b}
		tr := runTrace(t, &opts)
		wantExit(t, tr, 0, opts)
		if tr.End.Lost != 0 {
			t.Errorf("%s lost %d events: %q", b, tr.End.Lost, tr.End.Warnings)
		}
		recs := map[int]string{}
		for _, p := range tr.Processes {
			if p.Exe == prog {
				recs[p.ID] = fmt.Sprintf("run %d", len(recs)+1)
			}
		}
		for _, a := range tr.Accesses {
			if name, ok := recs[a.Proc]; ok && strings.HasPrefix(a.RealPath(), d+"/") {
				s := fmt.Sprintf("%s: %s %s", name, a.Op, strings.ReplaceAll(a.Path, d, "$D"))
				if a.Real != "" {
					s += " -> " + strings.ReplaceAll(a.Real, d, "$D")
				}
				got[i] = append(got[i], fmt.Sprintf("%s ×%d", s, max(a.Count, 1)))
			}
		}
	}
	var want []string
	for _, run := range []string{"run 1", "run 2"} {
		want = append(want,
			run+": read $D/link.js -> $D/a.js ×"+fmt.Sprint(threads*n),
			run+": read $D/link.js -> $D/b.js ×"+fmt.Sprint(threads*n+1),
			run+": write $D/link.js -> $D/b.js ×1",
		)
	}
	sort.Strings(want)
	for i := range got {
		sort.Strings(got[i])
	}
	if diff := cmp.Diff(got[0], got[1]); diff != "" {
		t.Errorf("accesses under ptrace (-) and ebpf (+) differ:\n%s", diff)
	}
	if diff := cmp.Diff(want, got[1]); diff != "" {
		t.Errorf("accesses under ebpf (-want +got):\n%s", diff)
	}
}

// TestEBPFLossCounted: with a ring buffer of one page, a burst of opens
// loses events; every successful open is then either in the trace or
// counted as lost, repeats included, and the trace says it is incomplete.
// (The count of lost records includes the exit's, if it was lost too.)
func TestEBPFLossCounted(t *testing.T) {
	requireEBPF(t)
	d := realTempDir(t)
	var names []string
	for i := range 3000 {
		names = append(names, fmt.Sprintf("f%d", i))
	}
	writeFiles(t, d, names...)
	// cat opens each file, then each again: distinct opens and repeats.
	args := append([]string{"/bin/cat"}, names...)
	args = append(args, names...)
	var events [2]int64
	var lost int64
	for i, b := range []string{BackendPtrace, BackendEBPF} {
		if b == BackendEBPF {
			bpfRingBytes = 4096
			defer func() { bpfRingBytes = 0 }()
		}
		opts := Options{Command: args, Dir: d, Backend: b, Stdout: io.Discard}
		tr := runTrace(t, &opts)
		wantExit(t, tr, 0, opts)
		events[i], lost = tr.End.Events, tr.End.Lost
		if b == BackendEBPF && lost > 0 && !strings.Contains(strings.Join(tr.End.Warnings, "\n"), "the trace is incomplete") {
			t.Errorf("lost %d, warnings %q", lost, tr.End.Warnings)
		}
	}
	t.Logf("ptrace events %d; ebpf events %d, lost %d", events[0], events[1], lost)
	// Lost records other than opens: at most the exec's command line and
	// the exit (the exec comes first, into an empty ring buffer).
	if events[1] > events[0] || events[1]+lost < events[0] || events[1]+lost > events[0]+2 {
		t.Errorf("ebpf events %d + lost %d, want ptrace's %d (+2 at most)", events[1], lost, events[0])
	}
}

// TestEBPFPruneGone: a process whose exit event was lost is dropped from
// the live set once the kernel no longer traces it, at the second look
// (so that the events it sent before are read first), and one the kernel
// still traces is kept.
func TestEBPFPruneGone(t *testing.T) {
	requireEBPF(t)
	s, err := loadBPF()
	if err != nil {
		t.Fatal(err)
	}
	defer s.close()
	const traced, exited = 4000001, 4000002 // above pid_max: no process of the machine
	if err := s.objs.Tracked.Put(uint32(traced), uint8(1)); err != nil {
		t.Fatal(err)
	}
	tr := &bpfTracer{live: map[uint32]int{traced: 1, exited: 2}, gone: map[uint32]bool{}}
	var got []string
	for range 2 {
		tr.pruneGone(s)
		got = append(got, fmt.Sprint(tr.live))
	}
	want := []string{fmt.Sprint(map[uint32]int{traced: 1, exited: 2}), fmt.Sprint(map[uint32]int{traced: 1})}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("live after each pruneGone (-want +got):\n%s", diff)
	}
}

// TestEBPFExecRecords: the command line and working directory of an exec
// record come from the kernel at the exec, so a process that is gone by
// the time user space reads its events has them as under ptrace.
func TestEBPFExecRecords(t *testing.T) {
	requireEBPF(t)
	var got [2][]string
	for i, b := range []string{BackendPtrace, BackendEBPF} {
		d := realTempDir(t)
		writeFiles(t, d, "sub/f.txt")
		script := "for i in 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20; do (cd sub && exec cat f.txt \"arg $i\" 2>/dev/null); done; true"
		opts := Options{Command: []string{"/bin/sh", "-c", script}, Dir: d, Backend: b}
		tr := runTrace(t, &opts)
		wantExit(t, tr, 0, opts)
		for _, p := range tr.Processes {
			if p.Exec {
				got[i] = append(got[i], fmt.Sprintf("%s %q in %s", p.Exe, p.Argv, strings.ReplaceAll(p.Cwd, d, "$D")))
			}
		}
	}
	if diff := cmp.Diff(got[0], got[1]); diff != "" {
		t.Errorf("exec records under ptrace (-) and ebpf (+) differ:\n%s", diff)
	}
	if len(got[1]) != 21 || !strings.Contains(got[1][20], `"cat" "f.txt" "arg 20"`) || !strings.HasSuffix(got[1][20], "in $D/sub") {
		t.Errorf("exec records %q, want the shell and 20 cats", got[1])
	}
}

// TestReadRepeats: the counters of repeated opens read in batches are
// those read one key at a time, for a map with more keys than a batch.
func TestReadRepeats(t *testing.T) {
	requireEBPF(t)
	spec, err := loadBpfTrace()
	if err != nil {
		t.Fatal(err)
	}
	m, err := ebpf.NewMap(spec.Maps["repeats"])
	if err != nil {
		t.Fatal(err)
	}
	defer m.Close()
	const keys = 2*repeatsBatch + 17
	want := map[bpfTraceRepeatKey]uint64{}
	for i := range uint64(keys) {
		k := bpfTraceRepeatKey{Image: i % 7, Flags: i % 3, Spelled: i * 0x9e3779b97f4a7c15, File: i}
		want[k] = i * 3
		if err := m.Put(k, i*3); err != nil {
			t.Fatal(err)
		}
	}
	for _, batch := range []bool{true, false} {
		got, err := readRepeats(m, batch)
		if err != nil {
			t.Fatalf("batch %v: %v", batch, err)
		}
		if diff := cmp.Diff(want, got); diff != "" {
			t.Errorf("batch %v: counters (-want +got):\n%s", batch, diff)
		}
	}
}

// TestBPFOwn: what the kernel says of the file an open below a skipped
// directory returned decides whether the open is counted: the directory's
// own regular file with one link or directory, on its mount, and nothing
// else, whatever the path as named.
func TestBPFOwn(t *testing.T) {
	dir := realTempDir(t)
	cache := dir + "/cache"
	if err := os.MkdirAll(cache, 0o755); err != nil {
		t.Fatal(err)
	}
	var stx unix.Statx_t
	if err := unix.Statx(unix.AT_FDCWD, cache, 0, unix.STATX_MNT_ID, &stx); err != nil {
		t.Fatal(err)
	}
	tr := &bpfTracer{}
	tr.skipRoots, _ = skipRoots([][]byte{[]byte(cache + "/")})
	if len(tr.skipRoots) != 1 {
		t.Fatalf("skip roots of %s: %+v", cache, tr.skipRoots)
	}
	mnt := stx.Mnt_id
	tests := []struct {
		name      string
		real      string
		mode      uint16
		nlink     uint32
		mnt       uint64
		unsettled bool
		want      bool
	}{
		{"own-file", cache + "/ab/x-d", unix.S_IFREG | 0o644, 1, mnt, false, true},
		// A hard link being removed or renamed over: the package's file
		// shows one link while the name still stands.
		{"name-gone", cache + "/ab/x-d", unix.S_IFREG | 0o644, 1, mnt, true, false},
		{"own-directory", cache + "/ab", unix.S_IFDIR | 0o755, 2, mnt, false, true},
		{"the-directory", cache, unix.S_IFDIR | 0o755, 3, mnt, false, true},
		{"hard-link", cache + "/ab/x-d", unix.S_IFREG | 0o644, 2, mnt, false, false},
		{"no-links", cache + "/ab/x-d", unix.S_IFREG | 0o644, 0, mnt, false, false},
		{"other-mount", cache + "/bound.a", unix.S_IFREG | 0o644, 1, mnt + 1, false, false},
		{"outside", dir + "/node_modules/pkg/index.js", unix.S_IFREG | 0o644, 1, mnt, false, false},
		{"sibling-prefix", cache + "2/x", unix.S_IFREG | 0o644, 1, mnt, false, false},
		{"device", cache + "/null", unix.S_IFCHR | 0o666, 1, mnt, false, false},
		{"fifo", cache + "/fifo", unix.S_IFIFO | 0o644, 1, mnt, false, false},
		{"no-path", "", unix.S_IFREG | 0o644, 1, mnt, false, false},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			e := bpfEvent{mode: tc.mode, nlink: tc.nlink, mnt: tc.mnt, unsettled: tc.unsettled}
			var real []byte
			if tc.real != "" {
				real = []byte(tc.real)
			}
			if got := tr.own(&e, real); got != tc.want {
				t.Errorf("own(%s, mode %o, %d links, mount %d) = %v, want %v", tc.real, tc.mode, tc.nlink, tc.mnt, got, tc.want)
			}
		})
	}
}

// TestEBPFLongPaths opens files whose absolute paths come near PATH_MAX,
// and past it, by relative names from a working directory reached step by
// step: the kernel's walk of the file and of the working directory must
// give what the ptrace backend records, on each side of the limit past
// which the kernel side names no path and user space resolves the
// spelling.
func TestEBPFLongPaths(t *testing.T) {
	requireEBPF(t)
	base := realTempDir(t)
	// The script makes directories of 201 bytes each below base (no
	// absolute path reaches past PATH_MAX): depth n gives a path of
	// len(base) + 201n bytes.
	var depths []int
	for n := 1; n <= 24; n++ {
		if l := len(base) + 201*n; l > 3500 && l < 4400 || n == 2 {
			depths = append(depths, n)
		}
	}
	script := `import os, sys
base = sys.argv[1]
comp = "d" * 200
for n in map(int, sys.argv[2:]):
    os.chdir(base)
    for _ in range(n):
        os.makedirs(comp, exist_ok=True)
        os.chdir(comp)
    name = "f%d" % n
    with open(name, "w") as f:
        f.write("x")
    with open(name) as f:
        f.read()
`
	args := []string{"/usr/bin/python3", "-c", script, base}
	for _, n := range depths {
		args = append(args, strconv.Itoa(n))
	}
	got := map[string][]string{}
	for _, b := range []string{BackendPtrace, BackendEBPF} {
		opts := Options{Command: args, Dir: base, Backend: b}
		tr := runTrace(t, &opts)
		wantExit(t, tr, 0, opts)
		for _, a := range tr.Accesses {
			// The file past PATH_MAX is kept by its relative name,
			// under both backends, as neither the kernel nor /proc
			// names its directory.
			if name := filepath.Base(a.Path); len(name) > 1 && name[0] == 'f' && strings.Trim(name[1:], "0123456789") == "" {
				got[b] = append(got[b], fmt.Sprintf("%s %s -> %s", a.Op, strings.TrimPrefix(a.Path, base), strings.TrimPrefix(a.Real, base)))
			}
		}
		sort.Strings(got[b])
	}
	if len(got[BackendPtrace]) != 2*len(depths) {
		t.Fatalf("ptrace recorded %d accesses of the files, want %d (depths %v): %q", len(got[BackendPtrace]), 2*len(depths), depths, got[BackendPtrace])
	}
	if diff := cmp.Diff(got[BackendPtrace], got[BackendEBPF]); diff != "" {
		t.Errorf("accesses of files at depths %v (paths of %d + 201 × depth bytes) (-ptrace +ebpf):\n%s", depths, len(base), diff)
	}
}

// TestEBPFInflightBalanced: the count of calls in flight, which lets
// sys_exit return at once for every syscall of the machine while it is
// zero, is zero again once the traced tree is gone, whichever way its
// calls ended: opens that succeed or fail, an exec that fails, one from a
// thread that is not the leader, a process killed inside a blocking open.
// A count left above zero would slow every syscall of the machine; one
// below would wrap and do the same.
func TestEBPFInflightBalanced(t *testing.T) {
	requireEBPF(t)
	s, err := loadBPF()
	if err != nil {
		t.Fatal(err)
	}
	defer s.close()
	d := realTempDir(t)
	writeFiles(t, d, "f.txt")
	if err := unix.Mkfifo(d+"/fifo", 0o600); err != nil {
		t.Fatal(err)
	}
	script := `read go
cat f.txt missing.txt >/dev/null 2>&1
./no-such-command 2>/dev/null
cat fifo & sleep 0.2; kill -9 $!; wait
` + cprog(t, "threadexec") + ` /bin/true
exit 0`
	cmd := exec.Command("/bin/sh", "-c", script)
	cmd.Dir = d
	in, err := cmd.StdinPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	if err := s.track(uint32(cmd.Process.Pid)); err != nil {
		t.Fatal(err)
	}
	in.Write([]byte("go\n"))
	in.Close()
	if err := cmd.Wait(); err != nil {
		t.Fatalf("%v", err)
	}
	// The opens did reach the programs.
	var opens int
	for {
		b, err := s.read(time.Now().Add(100 * time.Millisecond))
		if err != nil {
			break
		}
		if e, err := decodeBPFEvent(b); err == nil && e.kind == bpfEvOpen {
			opens++
		}
	}
	if opens == 0 {
		t.Fatal("no open of the traced tree reached the ring buffer")
	}
	var n uint64
	if err := s.objs.Inflight.Lookup(uint32(0), &n); err != nil {
		t.Fatal(err)
	}
	if n != 0 {
		t.Errorf("after the tree's end: %d calls counted in flight (want none)", n)
	}
}
