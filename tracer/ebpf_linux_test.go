//go:build linux && amd64

package tracer

import (
	"bytes"
	"context"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
)

// requireEBPF fails the test when the eBPF programs cannot load: the
// machines this project tests on (root, BTF, the BPF LSM) all load them.
func requireEBPF(t *testing.T) {
	t.Helper()
	s, err := loadBPF()
	if err != nil {
		t.Fatalf("the eBPF backend cannot load here (these tests run as root on a kernel with BTF and the BPF LSM): %v", err)
	}
	s.close()
}

// TestEBPFSameD3AsPtrace runs workloads under both backends and compares
// what the audit reads: a shell with relative, symlinked and failed opens,
// Python importing modules, and the stress test's fork, thread and exec
// storm, whose every logged open both must see.
func TestEBPFSameD3AsPtrace(t *testing.T) {
	requireEBPF(t)
	dir := realTempDir(t)
	writeFiles(t, dir, "a.txt", "sub/b.txt")
	if err := os.Symlink(filepath.Join(dir, "a.txt"), filepath.Join(dir, "link")); err != nil {
		t.Fatal(err)
	}
	script := "cat a.txt sub/b.txt link >/dev/null; echo x > out.txt; cat missing 2>/dev/null; (cd sub && cat b.txt) >/dev/null; true"
	const procs, threads, files = 12, 4, 20
	stressDir := realTempDir(t)
	var names []string
	for p := range procs {
		for th := range threads {
			for f := range files {
				if f%4 != 3 {
					names = append(names, fmt.Sprintf("files/p%d_t%d_f%d", p, th, f))
				}
			}
		}
		names = append(names, fmt.Sprintf("files/cat_%d", p), fmt.Sprintf("files/texec_%d", p))
	}
	writeFiles(t, stressDir, names...)
	if err := os.Mkdir(filepath.Join(stressDir, "logs"), 0o755); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name string
		opts func() Options
	}{
		{"shell", func() Options { return Options{Command: []string{"/bin/sh", "-c", script}, Dir: dir} }},
		{"python", func() Options {
			return Options{Command: []string{"/usr/bin/python3", "-c", "import json, email.parser; open('a.txt').read()"}, Dir: dir}
		}},
		{"stress", func() Options {
			o := self(t, "stress-root", stressDir, strconv.Itoa(procs), strconv.Itoa(threads), strconv.Itoa(files), cprog(t, "threadexec"), cprog(t, "vfork"))
			o.Env = append(o.Env, "GOMAXPROCS=8")
			return o
		}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			var got [2]*Trace
			for i, b := range []string{BackendPtrace, BackendEBPF} {
				opts := tc.opts()
				opts.Backend = b
				got[i] = runTrace(t, &opts)
				if got[i].Header.Backend != b {
					t.Errorf("%s: header backend %q", b, got[i].Header.Backend)
				}
				wantExit(t, got[i], 0, opts)
			}
			if diff := cmp.Diff(d3(got[0]), d3(got[1])); diff != "" {
				t.Errorf("D3 of ptrace (-) and ebpf (+) differ:\n%s", diff)
			}
			if got[1].End.Lost != 0 {
				t.Errorf("ebpf lost %d events: %q", got[1].End.Lost, got[1].End.Warnings)
			}
			if a, b := len(got[0].Processes), len(got[1].Processes); a != b {
				t.Errorf("process records: ptrace %d, ebpf %d", a, b)
			}
		})
	}
}

func TestBackendOption(t *testing.T) {
	tests := []struct {
		name, backend, wantErr string
	}{
		{"unknown", "bogus", `trace: unknown backend "bogus" (want auto, ebpf or ptrace)`},
		{"caseMatters", "EBPF", `trace: unknown backend "EBPF" (want auto, ebpf or ptrace)`},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			opts := Options{Command: []string{"/bin/true"}, Backend: tc.backend}
			_, err := tryTrace(t, &opts)
			if err == nil || err.Error() != tc.wantErr {
				t.Fatalf("Run with backend %q: error %v, want %q", tc.backend, err, tc.wantErr)
			}
		})
	}
}

// FuzzDecodeBPFEvent: whatever bytes the ring buffer hands over, decoding
// returns an error or views that lie inside the record, one after the
// other, never a panic.
func FuzzDecodeBPFEvent(f *testing.F) {
	rec := func(pathLen, baseLen, fileLen uint16, buf string) []byte {
		b := make([]byte, bpfHeaderSize, bpfHeaderSize+len(buf))
		binary.LittleEndian.PutUint32(b[0:], bpfEvOpen)
		binary.LittleEndian.PutUint16(b[36:], pathLen)
		binary.LittleEndian.PutUint16(b[38:], baseLen)
		binary.LittleEndian.PutUint16(b[44:], fileLen)
		return append(b, buf...)
	}
	f.Add(rec(0, 0, 0, ""))
	f.Add(rec(7, 0, 0, "/a/b.c\x00"))
	f.Add(rec(7, 0, 7, "/a/b.c\x00/x/b.c\x00"))
	f.Add(rec(5, 5, 11, "a.py\x00/src\x00/src/a.py\x00"))
	f.Add(rec(10, 0, 4096, "/bin/true\x00"))
	f.Add(rec(4096, 4096, 4096, strings.Repeat("x", 3*bpfPathMax)))
	args := func(argvLen, cwdLen uint16, buf string) []byte {
		b := make([]byte, bpfArgsHeaderSize, bpfArgsHeaderSize+len(buf))
		binary.LittleEndian.PutUint32(b[0:], bpfEvArgs)
		binary.LittleEndian.PutUint16(b[12:], argvLen)
		binary.LittleEndian.PutUint16(b[14:], cwdLen)
		return append(b, buf...)
	}
	f.Add(args(9, 5, "cat\x00a.txt\x00/tmp\x00"))
	f.Add(args(0, 2, "/\x00"))
	f.Add(args(16<<10, 4096, "x"))
	f.Add([]byte{1, 2, 3})
	f.Fuzz(func(t *testing.T, b []byte) {
		e, err := decodeBPFEvent(b)
		if err != nil {
			return
		}
		if len(e.argv) > bpfArgsMax || len(e.cwd) > bpfPathMax || len(e.argv)+len(e.cwd) > len(b) {
			t.Fatalf("decoded a command line of %d and a directory of %d bytes from a %d-byte record", len(e.argv), len(e.cwd), len(b))
		}
		if len(e.path) > bpfPathMax || len(e.base) > bpfPathMax || len(e.file) > bpfPathMax {
			t.Fatalf("decoded %d, %d, %d bytes from a %d-byte record", len(e.path), len(e.base), len(e.file), len(b))
		}
		if n := len(e.path) + len(e.base) + len(e.file); e.kind != bpfEvArgs && n > len(b)-bpfHeaderSize {
			t.Fatalf("decoded %d bytes of paths from a %d-byte record", n, len(b))
		}
	})
}

// TestEBPFLoadFailsLate: the programs fail to load after the reaper and the
// helper have started (runEBPF starts them while the programs load). The
// command must run exactly once, under ptrace, for auto, and not at all
// for --backend ebpf; the stopped helper and the reaper must be gone; and
// input that is not a file must reach the command whole, since for it the
// load is waited for first.
func TestEBPFLoadFailsLate(t *testing.T) {
	bpfLoadFault.err, bpfLoadFault.delay = errors.New("no programs today"), 200*time.Millisecond
	defer func() { bpfLoadFault.err, bpfLoadFault.delay = nil, 0 }()
	tests := []struct {
		name    string
		backend string
		early   bool // the caller started the loader (StartEBPFLoaderAsync)
		stdin   io.Reader
		wantRun int
	}{
		{"auto", BackendAuto, false, nil, 1},
		{"auto-early", BackendAuto, true, nil, 1},
		{"auto-pipe-input", BackendAuto, false, strings.NewReader("input line\n"), 1},
		{"ebpf", BackendEBPF, false, nil, 0},
		{"ebpf-early", BackendEBPF, true, nil, 0},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			d := realTempDir(t)
			before := childrenOf(t, os.Getpid())
			var out bytes.Buffer
			opts := Options{
				Command: []string{"/bin/sh", "-c", "cat >>input.txt; echo ran >>runs.txt"},
				Dir:     d, Backend: tc.backend, Stdout: &out, Stdin: tc.stdin,
			}
			if tc.stdin == nil {
				devnull, err := os.Open(os.DevNull)
				if err != nil {
					t.Fatal(err)
				}
				defer devnull.Close()
				opts.Stdin = devnull
			}
			if tc.early {
				opts.Loader = StartEBPFLoaderAsync()
			}
			tr, err := Run(context.Background(), opts)
			runs, _ := os.ReadFile(filepath.Join(d, "runs.txt"))
			if got := strings.Count(string(runs), "ran"); got != tc.wantRun {
				t.Errorf("the command ran %d times, want %d", got, tc.wantRun)
			}
			if tc.wantRun == 0 {
				if err == nil || !errors.Is(err, ErrEBPFUnavailable) || !strings.Contains(err.Error(), "no programs today") {
					t.Errorf("--backend ebpf: error %v; want the load's, matching ErrEBPFUnavailable", err)
				}
			} else {
				if err != nil {
					t.Fatal(err)
				}
				if tr.Header.Backend != BackendPtrace || !strings.Contains(tr.Header.Fallback, "no programs today") {
					t.Errorf("backend %q, fallback %q; want ptrace and the load's error", tr.Header.Backend, tr.Header.Fallback)
				}
				wantExit(t, tr, 0, opts)
			}
			if tc.stdin != nil {
				if got, _ := os.ReadFile(filepath.Join(d, "input.txt")); string(got) != "input line\n" {
					t.Errorf("the command read %q, want the whole input", got)
				}
			}
			if after := childrenOf(t, os.Getpid()); len(after) > len(before) {
				t.Errorf("children left behind: %v (before the run %v)", after, before)
			}
		})
	}
}

// childrenOf lists the live children of pid, which each of its threads
// has its own list of.
func childrenOf(t *testing.T, pid int) []int {
	t.Helper()
	lists, err := filepath.Glob(fmt.Sprintf("/proc/%d/task/*/children", pid))
	if err != nil || len(lists) == 0 {
		t.Fatalf("no task of %d: %v", pid, err)
	}
	var out []int
	for _, l := range lists {
		b, _ := os.ReadFile(l)
		for _, f := range strings.Fields(string(b)) {
			n, _ := strconv.Atoi(f)
			out = append(out, n)
		}
	}
	return out
}

// TestBPFSysKinds: the programs' enum sys_kind numbers the calls as
// sysKind does, since the loader fills their tables (kinds, kinds32) with
// sysKind values; and the tables hold exactly the calls the programs note.
func TestBPFSysKinds(t *testing.T) {
	got := map[string]uint8{}
	for k, c := range map[sysKind]bpfTraceSysKind{
		sysOpen: bpfTraceSysKindK_OPEN, sysOpenat: bpfTraceSysKindK_OPENAT, sysOpenat2: bpfTraceSysKindK_OPENAT2,
		sysCreat: bpfTraceSysKindK_CREAT, sysOpenByHandle: bpfTraceSysKindK_OPEN_BY_HANDLE_AT,
		sysExecve: bpfTraceSysKindK_EXECVE, sysExecveat: bpfTraceSysKindK_EXECVEAT,
		sysIOUringSetup: bpfTraceSysKindK_IO_URING_SETUP, sysClone: bpfTraceSysKindK_CLONE, sysPtrace: bpfTraceSysKindK_PTRACE,
		sysMount: bpfTraceSysKindK_MOUNT, sysUmount2: bpfTraceSysKindK_UMOUNT2, sysUmount: bpfTraceSysKindK_UMOUNT,
		sysPivotRoot: bpfTraceSysKindK_PIVOT_ROOT, sysMoveMount: bpfTraceSysKindK_MOVE_MOUNT, sysOpenTree: bpfTraceSysKindK_OPEN_TREE,
		sysFsmount: bpfTraceSysKindK_FSMOUNT, sysMountSetattr: bpfTraceSysKindK_MOUNT_SETATTR, sysUnshare: bpfTraceSysKindK_UNSHARE,
		sysSetns: bpfTraceSysKindK_SETNS, sysRecvmsg: bpfTraceSysKindK_RECVMSG, sysRecvmmsg: bpfTraceSysKindK_RECVMMSG,
		sysRecvmmsgTime64: bpfTraceSysKindK_RECVMMSG_TIME64, sysSocketcall: bpfTraceSysKindK_SOCKETCALL, sysPidfdGetfd: bpfTraceSysKindK_PIDFD_GETFD,
	} {
		if uint8(c) != uint8(k) {
			got[k.String()] = uint8(c)
		}
	}
	if len(got) > 0 {
		t.Errorf("enum sys_kind numbers these calls otherwise than sysKind: %v", got)
	}
	for _, x := range []*abi{abiX8664, abiI386} {
		kinds := bpfKinds(x)
		for nr, k := range x.calls {
			if want := bpfNoted[k]; (kinds[nr] == uint8(k)) != want {
				t.Errorf("%s: syscall %d (%s) in the programs' table: %v, want %v", x.name, nr, k, kinds[nr] != 0, want)
			}
		}
	}
}
