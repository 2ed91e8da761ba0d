//go:build linux && (amd64 || arm64)

package tracer

import (
	"bufio"
	"bytes"
	"context"
	"debug/elf"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"golang.org/x/sys/unix"
)

// testGrace keeps the tests that wait for leftover processes quick.
const testGrace = 300 * time.Millisecond

// runTrace traces opts and fails the test if tracing failed, or if the
// trace is not of the backend asked for.
func runTrace(t *testing.T, opts *Options) *Trace {
	t.Helper()
	tr, err := tryTrace(t, opts)
	if err != nil {
		t.Fatalf("Run(%q) with backend %q: %v", opts.Command, opts.Backend, err)
	}
	if want := opts.Backend; (want == BackendPtrace || want == BackendEBPF) && tr.Header.Backend != want {
		t.Fatalf("Run(%q) with backend %q wrote a trace of backend %q", opts.Command, want, tr.Header.Backend)
	}
	return tr
}

// tryTrace runs Run with test defaults, set in *opts: the backend of t's
// eachBackend subtest unless opts names one, a short grace, and buffers
// for the standard output and error.
func tryTrace(t testing.TB, opts *Options) (*Trace, error) {
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	if opts.Backend == "" {
		opts.Backend = backendOf(t)
	}
	if opts.Grace == 0 {
		opts.Grace = testGrace
	}
	if opts.Stdout == nil {
		opts.Stdout = new(bytes.Buffer)
	}
	if opts.Stderr == nil {
		opts.Stderr = new(bytes.Buffer)
	}
	return Run(ctx, *opts)
}

// self returns options that run this test binary in a child mode.
func self(t *testing.T, mode string, args ...string) Options {
	t.Helper()
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	return Options{
		Command: append([]string{exe}, args...),
		Env:     append(os.Environ(), childEnv+"="+mode),
	}
}

// wantExit fails the test unless the traced command exited with code.
func wantExit(t *testing.T, tr *Trace, code int, opts Options) {
	t.Helper()
	if tr.End.ExitCode != code {
		t.Fatalf("exit code = %d, want %d; stdout:\n%s\nstderr:\n%s", tr.End.ExitCode, code, opts.Stdout, opts.Stderr)
	}
}

// under lists the accesses of paths under dir as "op path [-> real]",
// relative to dir, sorted; counts are shown when above 1.
func under(tr *Trace, dir string) []string {
	var out []string
	for _, a := range tr.Accesses {
		rel, ok := strings.CutPrefix(a.Path, dir+"/")
		if !ok {
			continue
		}
		s := string(a.Op) + " " + rel
		if a.Real != "" {
			r, ok := strings.CutPrefix(a.Real, dir+"/")
			if !ok {
				r = a.Real
			}
			s += " -> " + r
		}
		if a.Count > 1 {
			s += " x" + strconv.Itoa(a.Count)
		}
		out = append(out, s)
	}
	sort.Strings(out)
	return out
}

func procByID(tr *Trace) map[int]Process {
	m := make(map[int]Process, len(tr.Processes))
	for _, p := range tr.Processes {
		m[p.ID] = p
	}
	return m
}

// accessOf returns the access of path by op, failing if there is none.
func accessOf(t *testing.T, tr *Trace, op Op, path string) Access {
	t.Helper()
	for _, a := range tr.Accesses {
		if a.Op == op && a.Path == path {
			return a
		}
	}
	t.Fatalf("no %s access of %q in the trace", op, path)
	return Access{}
}

// writeFiles creates dir/name for each name, with its directories.
func writeFiles(t *testing.T, dir string, names ...string) {
	t.Helper()
	for _, n := range names {
		p := filepath.Join(dir, n)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(n+"\n"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// executable returns the file a command runs as the kernel names it: prog
// looked up on PATH unless it is a path, symbolic links resolved. The
// shell is dash on a stock Debian, but /bin/sh may be bash elsewhere.
func executable(t *testing.T, prog string) string {
	t.Helper()
	p, err := exec.LookPath(prog)
	if err != nil {
		t.Fatal(err)
	}
	if p, err = filepath.EvalSymlinks(p); err != nil {
		t.Fatal(err)
	}
	return p
}

// realTempDir is t.TempDir with symbolic links resolved, so expected paths
// are what the kernel reports.
func realTempDir(t *testing.T) string {
	t.Helper()
	d, err := filepath.EvalSymlinks(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	return d
}

var cprogs struct {
	sync.Mutex
	dir   string
	built map[string]string
}

// cprog compiles testdata/c/NAME.c once per test binary and returns the
// program's path.
func cprog(t testing.TB, name string) string {
	t.Helper()
	return cprogFrom(t, name, filepath.Join("testdata", "c", name+".c"))
}

// cprogFrom compiles the C file src as NAME once per test binary.
func cprogFrom(t testing.TB, name, src string) string {
	t.Helper()
	cprogs.Lock()
	defer cprogs.Unlock()
	if p, ok := cprogs.built[name]; ok {
		return p
	}
	gcc, err := exec.LookPath("gcc")
	if err != nil {
		t.Fatalf("gcc is needed to build the traced test programs: run `make setup` (installs scripts/setup.d/tracer.apt): %v", err)
	}
	if cprogs.dir == "" {
		d, err := os.MkdirTemp("", "envaudit-tracer-test-")
		if err != nil {
			t.Fatal(err)
		}
		// Readable by all: the privileged tests run programs as nobody.
		os.Chmod(d, 0o755)
		cprogs.dir = d
		cprogs.built = map[string]string{}
		testCleanup = append(testCleanup, func() { os.RemoveAll(d) })
	}
	src, err = filepath.Abs(src)
	if err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(cprogs.dir, name)
	if b, err := exec.Command(gcc, "-O1", "-Wall", "-pthread", "-o", out, src).CombinedOutput(); err != nil {
		t.Fatalf("gcc %s: %v\n%s", src, err, b)
	}
	cprogs.built[name] = out
	return out
}

// alive reports whether pid is a running (not zombie) process.
func alive(pid int) bool {
	b, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/stat")
	if err != nil {
		return false
	}
	s := string(b)
	i := strings.LastIndexByte(s, ')')
	return i < 0 || i+2 >= len(s) || s[i+2] != 'Z'
}

// waitGone waits up to d for pid to stop running.
func waitGone(pid int, d time.Duration) bool {
	deadline := time.Now().Add(d)
	for time.Now().Before(deadline) {
		if !alive(pid) {
			return true
		}
		time.Sleep(20 * time.Millisecond)
	}
	return !alive(pid)
}

func TestExitStatus(t *testing.T) { eachBackend(t, testExitStatus) }

func testExitStatus(t *testing.T, backend string) {
	tests := []struct {
		name    string
		command []string
		code    int
		signal  string
	}{
		{"exit3", []string{"sh", "-c", "exit 3"}, 3, ""},
		{"true", []string{"/bin/true"}, 0, ""},
		{"sigsegv", []string{cprog(t, "segv")}, 139, "SIGSEGV"},
		{"sigkill", []string{"sh", "-c", "kill -KILL $$"}, 137, "SIGKILL"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			tr := runTrace(t, &Options{Command: tt.command})
			got := []any{tr.End.ExitCode, tr.End.Signal, tr.End.TimedOut}
			want := []any{tt.code, tt.signal, false}
			if diff := cmp.Diff(want, got); diff != "" {
				t.Errorf("end (-want +got):\n%s", diff)
			}
		})
	}
}

func TestOpenFlags(t *testing.T) { eachBackend(t, testOpenFlags) }

func testOpenFlags(t *testing.T, backend string) {
	dir := realTempDir(t)
	writeFiles(t, dir, "r.txt", "w.txt", "rw.txt", "o2.txt", "d/x")
	opts := self(t, "open",
		"r:"+dir+"/r.txt",
		"r:"+dir+"//./r.txt",
		"w:"+dir+"/w.txt",
		"rw:"+dir+"/rw.txt",
		"creat:"+dir+"/new.txt",
		"rcreat:"+dir+"/rcreat.txt",
		"dir:"+dir+"/d",
		"rdir:"+dir+"/d",
		"opath:"+dir+"/o2.txt",
		"openat2:"+dir+"/o2.txt",
		"missing:"+dir+"/missing.txt",
		"missing:"+dir+"/d/x/notadir",
	)
	tr := runTrace(t, &opts)
	wantExit(t, tr, 0, opts)
	want := []string{
		"read o2.txt",
		"read r.txt x2",
		"write new.txt",
		"write rcreat.txt",
		"write rw.txt",
		"write w.txt",
	}
	if diff := cmp.Diff(want, under(tr, dir)); diff != "" {
		t.Errorf("accesses (-want +got):\n%s", diff)
	}
	for _, a := range tr.Accesses {
		if a.Proc != 1 && strings.HasPrefix(a.Path, dir) {
			t.Errorf("access %+v not by the root process record", a)
		}
	}
}

func TestRelativePaths(t *testing.T) { eachBackend(t, testRelativePaths) }

func testRelativePaths(t *testing.T, backend string) {
	dir := realTempDir(t)
	writeFiles(t, dir, "a.txt", "sub/b.txt", "c.txt")
	opts := Options{Command: []string{cprog(t, "relopen"), dir}}
	tr := runTrace(t, &opts)
	wantExit(t, tr, 0, opts)
	want := []string{
		"read a.txt",
		"read c.txt",
		"read sub/b.txt",
		"write sub/../sub/d.txt -> sub/d.txt",
	}
	if diff := cmp.Diff(want, under(tr, dir)); diff != "" {
		t.Errorf("accesses (-want +got):\n%s", diff)
	}
}

// TestPathsInMemory reads paths that end at a page boundary or are long.
// The ptrace backend reads them with process_vm_readv, or word by word
// with PTRACE_PEEKDATA where that is refused (peekOnly); the eBPF
// backend reads them in the kernel whatever peekOnly says, so both its
// subtests check the same thing.
func TestPathsInMemory(t *testing.T) {
	eachBackend(t, func(t *testing.T, _ string) {
		t.Run("process_vm_readv", testPathsInMemory)
		t.Run("peekdata", func(t *testing.T) {
			peekOnly = true
			defer func() { peekOnly = false }()
			testPathsInMemory(t)
		})
	})
}

func testPathsInMemory(t *testing.T) {
	dir := realTempDir(t)
	long := strings.Repeat("a", 200) + "/" + strings.Repeat("b", 250) + "/" + strings.Repeat("c", 250) + "/" + strings.Repeat("d", 250) + "/f.txt"
	writeFiles(t, dir, "short.txt", long)
	t.Run("page-boundaries", func(t *testing.T) {
		opts := Options{Command: []string{cprog(t, "pageedge"), dir + "/short.txt"}}
		tr := runTrace(t, &opts)
		wantExit(t, tr, 0, opts)
		if diff := cmp.Diff([]string{"read short.txt x2"}, under(tr, dir)); diff != "" {
			t.Errorf("accesses (-want +got):\n%s", diff)
		}
	})
	t.Run("long", func(t *testing.T) {
		opts := Options{Command: []string{cprog(t, "pageedge"), dir + "/" + long}}
		tr := runTrace(t, &opts)
		wantExit(t, tr, 0, opts)
		if diff := cmp.Diff([]string{"read " + long + " x2"}, under(tr, dir)); diff != "" {
			t.Errorf("accesses (-want +got):\n%s", diff)
		}
	})
}

func TestCwdRelativeShell(t *testing.T) { eachBackend(t, testCwdRelativeShell) }

func testCwdRelativeShell(t *testing.T, backend string) {
	dir := realTempDir(t)
	writeFiles(t, dir, "in/x.txt")
	opts := Options{Command: []string{"sh", "-c", "cat x.txt > ../out.txt && cd .. && cat out.txt"}, Dir: filepath.Join(dir, "in")}
	tr := runTrace(t, &opts)
	wantExit(t, tr, 0, opts)
	want := []string{"read in/x.txt", "read out.txt", "write in/../out.txt -> out.txt"}
	if diff := cmp.Diff(want, under(tr, dir)); diff != "" {
		t.Errorf("accesses (-want +got):\n%s", diff)
	}
}

func TestSymlinks(t *testing.T) { eachBackend(t, testSymlinks) }

func testSymlinks(t *testing.T, backend string) {
	dir := realTempDir(t)
	writeFiles(t, dir, "target/file.txt")
	for _, l := range []struct{ name, to string }{
		{"linkdir", "target"},
		{"link.txt", dir + "/target/file.txt"},
		{"rel.txt", "target/file.txt"},
		{"chain.txt", "rel.txt"},
		{"dangling.txt", "nowhere.txt"},
		{"up", "linkdir/.."},
	} {
		if err := os.Symlink(l.to, filepath.Join(dir, l.name)); err != nil {
			t.Fatal(err)
		}
	}
	opts := Options{Command: []string{"sh", "-c", "cd " + dir + " && cat linkdir/file.txt link.txt rel.txt chain.txt up/target/file.txt target/file.txt; cat dangling.txt; true"}}
	tr := runTrace(t, &opts)
	wantExit(t, tr, 0, opts)
	want := []string{
		"read chain.txt -> target/file.txt",
		"read link.txt -> target/file.txt",
		"read linkdir/file.txt -> target/file.txt",
		"read rel.txt -> target/file.txt",
		"read target/file.txt",
		"read up/target/file.txt -> target/file.txt",
	}
	if diff := cmp.Diff(want, under(tr, dir)); diff != "" {
		t.Errorf("accesses (-want +got):\n%s", diff)
	}
}

// TestSkip: opens below a skipped directory are counted, not recorded; a
// relative path, a ".." path or an execution below it still is recorded.
func TestSkip(t *testing.T) { eachBackend(t, testSkip) }

func testSkip(t *testing.T, backend string) {
	dir := realTempDir(t)
	writeFiles(t, dir, "cache/a", "cache/b", "cache/sub/c", "cachex/d", "keep/e")
	if err := os.WriteFile(filepath.Join(dir, "cache", "run.sh"), []byte("#!/bin/sh\n"), 0o755); err != nil {
		t.Fatal(err)
	}
	script := "cat " + dir + "/cache/a " + dir + "/cache/b " + dir + "/cache/sub/c " + dir + "/cache/missing " +
		dir + "/cachex/d " + dir + "/keep/e " + dir + "/keep/../cache/a; " +
		"cd " + dir + "/cache && cat b; " + dir + "/cache/run.sh; true"
	opts := Options{Command: []string{"sh", "-c", script}, Skip: []string{dir + "/cache/", dir + "/nothing"}}
	tr := runTrace(t, &opts)
	wantExit(t, tr, 0, opts)
	want := []string{
		"exec cache/run.sh",
		"read cache/b",
		"read cachex/d",
		"read keep/../cache/a -> cache/a",
		"read keep/e",
	}
	if diff := cmp.Diff(want, under(tr, dir)); diff != "" {
		t.Errorf("accesses (-want +got):\n%s", diff)
	}
	// a, b, sub/c, the failed open of missing (counted whatever the
	// result: the tracer does not wait for it) and the shell opening
	// run.sh to read it after the kernel executed it. The eBPF backend
	// reports only calls that succeeded, so it does not count missing.
	skipped := map[string]int64{BackendPtrace: 5, BackendEBPF: 4}[backend]
	if tr.End.Skipped != skipped {
		t.Errorf("End.Skipped = %d, want %d", tr.End.Skipped, skipped)
	}
	if diff := cmp.Diff([]string{dir + "/cache", dir + "/nothing"}, tr.Header.Skip); diff != "" {
		t.Errorf("Header.Skip (-want +got):\n%s", diff)
	}
}

func TestForkTree(t *testing.T) { eachBackend(t, testForkTree) }

func testForkTree(t *testing.T, backend string) {
	dir := realTempDir(t)
	writeFiles(t, dir, "a", "b", "c")
	opts := Options{Command: []string{"sh", "-c", "cat a; (cat b); cat c & wait"}, Dir: dir}
	tr := runTrace(t, &opts)
	wantExit(t, tr, 0, opts)
	procs := procByID(tr)
	root := procs[1]
	sh := executable(t, "sh")
	if root.Parent != 0 || !root.Exec || root.Exe != sh {
		t.Fatalf("root record = %+v, want the exec of %s", root, sh)
	}
	for _, f := range []string{"a", "b", "c"} {
		a := accessOf(t, tr, OpRead, filepath.Join(dir, f))
		cat := procs[a.Proc]
		if cat.Exe != "/usr/bin/cat" || !cat.Exec || cmp.Diff([]string{"cat", f}, cat.Argv) != "" || cat.Cwd != dir {
			t.Errorf("%s read by %+v, want an exec record of cat %s", f, cat, f)
		}
		fork := procs[cat.Parent]
		if fork.Exec || fork.PID != cat.PID || fork.Exe != sh {
			t.Errorf("%s: parent of the cat record is %+v, want its fork of %s", f, fork, sh)
		}
		// b's cat is forked by a subshell, itself forked by the root.
		for fork.Parent != 1 {
			next, ok := procs[fork.Parent]
			if !ok || next.Exec {
				t.Fatalf("%s: fork chain does not lead to the root: %+v", f, next)
			}
			fork = next
		}
	}
	if tr.End.Processes != len(tr.Processes) {
		t.Errorf("End.Processes = %d, want %d", tr.End.Processes, len(tr.Processes))
	}
}

func TestThreads(t *testing.T) { eachBackend(t, testThreads) }

func testThreads(t *testing.T, backend string) {
	t.Run("go", func(t *testing.T) {
		dir := realTempDir(t)
		var names, want []string
		for i := range 16 {
			names = append(names, "g"+strconv.Itoa(i))
			want = append(want, "read g"+strconv.Itoa(i))
		}
		writeFiles(t, dir, names...)
		opts := self(t, "threads", dir, "16")
		opts.Env = append(opts.Env, "GOMAXPROCS=8")
		tr := runTrace(t, &opts)
		wantExit(t, tr, 0, opts)
		sort.Strings(want)
		if diff := cmp.Diff(want, under(tr, dir)); diff != "" {
			t.Errorf("accesses (-want +got):\n%s", diff)
		}
		for _, a := range tr.Accesses {
			if strings.HasPrefix(a.Path, dir) && a.Proc != 1 {
				t.Errorf("%s recorded for process record %d, want the process's own record 1 (threads share it)", a.Path, a.Proc)
			}
		}
	})
	t.Run("pthreads", func(t *testing.T) {
		dir := realTempDir(t)
		var names, want []string
		for i := range 50 {
			names = append(names, "f"+strconv.Itoa(i))
			want = append(want, "read f"+strconv.Itoa(i))
		}
		writeFiles(t, dir, names...)
		opts := Options{Command: []string{cprog(t, "threads"), dir, "50"}}
		tr := runTrace(t, &opts)
		wantExit(t, tr, 0, opts)
		sort.Strings(want)
		if diff := cmp.Diff(want, under(tr, dir)); diff != "" {
			t.Errorf("accesses (-want +got):\n%s", diff)
		}
		if len(tr.Processes) != 1 {
			t.Errorf("%d process records, want 1 (threads are not processes)", len(tr.Processes))
		}
	})
}

// execRecords counts the exec records of exe.
func execRecords(tr *Trace, exe string) int {
	n := 0
	for _, p := range tr.Processes {
		if p.Exec && p.Exe == exe {
			n++
		}
	}
	return n
}

func TestVforkAndSpawn(t *testing.T) { eachBackend(t, testVforkAndSpawn) }

func testVforkAndSpawn(t *testing.T, backend string) {
	opts := Options{Command: []string{cprog(t, "vfork"), "500"}}
	tr := runTrace(t, &opts)
	wantExit(t, tr, 0, opts)
	if n := execRecords(tr, "/usr/bin/true"); n != 1000 {
		t.Errorf("%d execs of true recorded, want 1000 (500 vfork + 500 posix_spawn)", n)
	}
	if a := accessOf(t, tr, OpExec, "/bin/true"); a.Real != "/usr/bin/true" {
		t.Errorf("/bin/true resolved to %q, want /usr/bin/true", a.Real)
	}
}

func TestShellLoopOfExecs(t *testing.T) { eachBackend(t, testShellLoopOfExecs) }

func testShellLoopOfExecs(t *testing.T, backend string) {
	// The children's first stops race their parent's fork events.
	opts := Options{Command: []string{"sh", "-c", "i=0; while [ $i -lt 1000 ]; do /bin/true; i=$((i+1)); done"}}
	tr := runTrace(t, &opts)
	wantExit(t, tr, 0, opts)
	if n := execRecords(tr, "/usr/bin/true"); n != 1000 {
		t.Errorf("%d execs of true recorded, want 1000", n)
	}
	procs := procByID(tr)
	cwd, err := os.Getwd()
	if err != nil {
		t.Fatal(err)
	}
	bare := 0
	for _, p := range tr.Processes {
		if p.Exe != "/usr/bin/true" {
			continue
		}
		if fork := procs[p.Parent]; fork.Exec || fork.PID != p.PID || fork.Parent != 1 {
			t.Fatalf("true record %+v: parent %+v is not a fork of the shell", p, fork)
		}
		// Each lives a few hundred microseconds: its record must still
		// say how it was run, and where.
		if cmp.Diff([]string{"/bin/true"}, p.Argv) != "" || p.Cwd != cwd {
			bare++
		}
	}
	if bare != 0 {
		t.Errorf("%d of the 1000 records of true lack their argv [/bin/true] or cwd %s", bare, cwd)
	}
}

func TestNonLeaderExec(t *testing.T) { eachBackend(t, testNonLeaderExec) }

func testNonLeaderExec(t *testing.T, backend string) {
	dir := realTempDir(t)
	writeFiles(t, dir, "x.txt")
	opts := Options{Command: []string{cprog(t, "threadexec"), "/bin/cat", dir + "/x.txt"}}
	tr := runTrace(t, &opts)
	wantExit(t, tr, 0, opts)
	line, _, _ := strings.Cut(opts.Stdout.(*bytes.Buffer).String(), "\n")
	pid, err := strconv.Atoi(line)
	if err != nil {
		t.Fatalf("threadexec printed %q, want its pid", line)
	}
	a := accessOf(t, tr, OpRead, dir+"/x.txt")
	procs := procByID(tr)
	cat := procs[a.Proc]
	if cat.Exe != "/usr/bin/cat" || cat.PID != pid || !cat.Exec {
		t.Errorf("x.txt read by %+v, want the exec record of cat with the leader's pid %d", cat, pid)
	}
	if p := procs[cat.Parent]; p.PID != pid || p.Exe != opts.Command[0] {
		t.Errorf("cat's parent record = %+v, want threadexec (pid %d)", p, pid)
	}
	if e := accessOf(t, tr, OpExec, "/bin/cat"); e.Proc != cat.ID {
		t.Errorf("exec of /bin/cat recorded for %d, want %d", e.Proc, cat.ID)
	}
}

// TestClone3 checks that clone3, whose flags (CLONE_UNTRACED among them)
// lie in memory the filter cannot read, fails with ENOSYS under ptrace,
// and that the program's fallback is traced. The eBPF backend filters
// nothing: clone3 succeeds, and the kernel's fork tracepoint follows its
// child whatever its flags.
func TestClone3(t *testing.T) { eachBackend(t, testClone3) }

func testClone3(t *testing.T, backend string) {
	dir := realTempDir(t)
	writeFiles(t, dir, "c.txt")
	opts := Options{Command: []string{cprog(t, "clone3"), dir + "/c.txt"}}
	tr := runTrace(t, &opts)
	wantExit(t, tr, 0, opts)
	want := map[string]string{BackendPtrace: "clone3: ENOSYS\n", BackendEBPF: ""}[backend]
	if out := opts.Stdout.(*bytes.Buffer).String(); out != want {
		t.Errorf("output %q, want %q", out, want)
	}
	a := accessOf(t, tr, OpRead, dir+"/c.txt")
	procs := procByID(tr)
	if p := procs[a.Proc]; p.Exec || p.Parent != 1 || p.PID == procs[1].PID {
		t.Errorf("c.txt read by %+v, want the child's fork record", p)
	}
}

func TestInterpreters(t *testing.T) { eachBackend(t, testInterpreters) }

func testInterpreters(t *testing.T, backend string) {
	dir := realTempDir(t)
	script := filepath.Join(dir, "s.py")
	if err := os.WriteFile(script, []byte("#!/usr/bin/python3\nimport json\n"), 0o755); err != nil {
		t.Fatal(err)
	}
	shell := filepath.Join(dir, "s.sh")
	if err := os.WriteFile(shell, []byte("#! /bin/sh -e\nexit 0\n"), 0o755); err != nil {
		t.Fatal(err)
	}
	python, err := filepath.EvalSymlinks("/usr/bin/python3")
	if err != nil {
		t.Fatalf("Debian's /usr/bin/python3 is needed: run `make setup`: %v", err)
	}
	ld := ""
	f, err := elf.Open(python)
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range f.Progs {
		if p.Type == elf.PT_INTERP {
			b := make([]byte, p.Filesz)
			p.ReadAt(b, 0)
			ld = strings.TrimRight(string(b), "\x00")
		}
	}
	f.Close()
	ldReal, err := filepath.EvalSymlinks(ld)
	if err != nil || ld == "" {
		t.Fatalf("loader of %s: %q, %v", python, ld, err)
	}
	tests := []struct {
		name   string
		script string
		want   []Access
	}{
		{"python", script, []Access{
			{Op: OpExec, Path: script},
			{Op: OpExec, Path: "/usr/bin/python3", Real: python},
			{Op: OpExec, Path: ld, Real: ldReal},
		}},
		{"sh", shell, []Access{
			{Op: OpExec, Path: shell},
			{Op: OpExec, Path: "/bin/sh", Real: executable(t, "/bin/sh")},
			{Op: OpExec, Path: ld, Real: ldReal},
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			opts := Options{Command: []string{tt.script}}
			tr := runTrace(t, &opts)
			wantExit(t, tr, 0, opts)
			var got []Access
			for _, a := range tr.Accesses {
				if a.Op == OpExec {
					a.Proc, a.Count = 0, 0
					got = append(got, a)
				}
			}
			sortAccesses(tt.want)
			sortAccesses(got)
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("exec accesses (-want +got):\n%s", diff)
			}
			if tt.name == "python" && !hasPathContaining(tr, "/json/") {
				t.Errorf("python's import of json is not in the trace")
			}
		})
	}
}

func sortAccesses(a []Access) {
	sort.Slice(a, func(i, j int) bool { return a[i].Path < a[j].Path })
}

func hasPathContaining(tr *Trace, s string) bool {
	for _, a := range tr.Accesses {
		if strings.Contains(a.Path, s) {
			return true
		}
	}
	return false
}

func TestInterruptedOpenRestarts(t *testing.T) { eachBackend(t, testInterruptedOpenRestarts) }

func testInterruptedOpenRestarts(t *testing.T, backend string) {
	dir := realTempDir(t)
	fifo := filepath.Join(dir, "fifo")
	opts := Options{Command: []string{cprog(t, "fifo"), fifo}}
	tr := runTrace(t, &opts)
	wantExit(t, tr, 0, opts)
	want := []string{"read fifo", "write fifo"}
	if diff := cmp.Diff(want, under(tr, dir)); diff != "" {
		t.Errorf("accesses (-want +got):\n%s", diff)
	}
}

func TestSignals(t *testing.T) { eachBackend(t, testSignals) }

func testSignals(t *testing.T, backend string) {
	t.Run("sigusr1x100", func(t *testing.T) {
		opts := Options{Command: []string{cprog(t, "sigusr"), "100"}}
		tr := runTrace(t, &opts)
		wantExit(t, tr, 0, opts)
	})
	t.Run("shortsleep", func(t *testing.T) {
		opts := Options{Command: []string{"sh", "-c", "sleep .1"}}
		tr := runTrace(t, &opts)
		wantExit(t, tr, 0, opts)
	})
	t.Run("stopcont", func(t *testing.T) {
		// A stopped process must stay stopped (state T) until SIGCONT.
		script := `sleep 30 & p=$!
kill -STOP $p
sleep 0.3
s1=$(cut -d' ' -f3 /proc/$p/stat)
sleep 0.2
s2=$(cut -d' ' -f3 /proc/$p/stat)
kill -CONT $p
sleep 0.2
s3=$(cut -d' ' -f3 /proc/$p/stat)
kill $p
wait $p
echo $s1 $s2 $s3`
		opts := Options{Command: []string{"sh", "-c", script}}
		tr := runTrace(t, &opts)
		wantExit(t, tr, 0, opts)
		// Stopped under a tracer shows as t (tracing stop): the tracer
		// holds it with PTRACE_LISTEN, as strace does.
		got := strings.Fields(opts.Stdout.(*bytes.Buffer).String())
		if len(got) != 3 || !strings.Contains("Tt", got[0]) || !strings.Contains("Tt", got[1]) || got[2] != "S" {
			t.Errorf("states of the stopped process = %q, want stopped, stopped, then sleeping after SIGCONT", got)
		}
	})
}

func TestTimeoutKillsTree(t *testing.T) {
	eachBackend(t, func(t *testing.T, _ string) {
		for _, kill := range []bool{false, true} {
			t.Run(map[bool]string{false: "plain", true: "reaped"}[kill], func(t *testing.T) { testTimeoutKillsTree(t, kill) })
		}
	})
}

func testTimeoutKillsTree(t *testing.T, kill bool) {
	opts := Options{Command: []string{"sh", "-c", "sleep 100 & sleep 100; echo not reached"}, Timeout: 500 * time.Millisecond, KillDescendants: kill}
	tr := runTrace(t, &opts)
	if !tr.End.TimedOut || tr.End.Signal != "SIGTERM" || tr.End.ExitCode != 143 {
		t.Errorf("end = %+v, want timed out, root killed by SIGTERM (143)", tr.End)
	}
	if n := execRecords(tr, "/usr/bin/sleep"); n != 2 {
		t.Errorf("%d sleep records, want 2", n)
	}
	for _, p := range tr.Processes {
		if alive(p.PID) {
			t.Errorf("process %d (%s) still runs after Run returned", p.PID, p.Exe)
		}
	}
	if len(tr.End.Killed) == 0 {
		t.Errorf("no killed processes reported")
	}
}

func TestDescendantOutlivesRoot(t *testing.T) { eachBackend(t, testDescendantOutlivesRoot) }

func testDescendantOutlivesRoot(t *testing.T, backend string) {
	opts := Options{Command: []string{"sh", "-c", "sleep 100 & echo $!"}}
	tr := runTrace(t, &opts)
	wantExit(t, tr, 0, opts)
	pid, err := strconv.Atoi(strings.TrimSpace(opts.Stdout.(*bytes.Buffer).String()))
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff([]int{pid}, tr.End.Killed); diff != "" || tr.End.TimedOut {
		t.Errorf("killed (-want +got):\n%s\ntimed out: %v", diff, tr.End.TimedOut)
	}
	if alive(pid) {
		t.Errorf("leftover sleep %d still runs", pid)
	}
}

func TestDescendantEndsWithinGrace(t *testing.T) { eachBackend(t, testDescendantEndsWithinGrace) }

func testDescendantEndsWithinGrace(t *testing.T, backend string) {
	dir := realTempDir(t)
	writeFiles(t, dir, "late.txt")
	opts := Options{Command: []string{"sh", "-c", "(sleep 0.2; cat late.txt >/dev/null) &"}, Dir: dir, Grace: 10 * time.Second}
	tr := runTrace(t, &opts)
	wantExit(t, tr, 0, opts)
	if len(tr.End.Killed) != 0 {
		t.Errorf("killed %v, want none", tr.End.Killed)
	}
	accessOf(t, tr, OpRead, dir+"/late.txt")
}

// TestCancelForwardsSignal cancels Run's context once the command is
// ready: the signal the cause names reaches the command, and the trace says
// the run was interrupted, and by which signal.
func TestCancelForwardsSignal(t *testing.T) {
	tests := []struct {
		name  string
		cause error
		trap  string
		want  string // End.InterruptSignal
	}{
		// The cause signal.NotifyContext gives on SIGINT.
		{"notifyContext", errors.New("interrupt signal received"), "INT", "SIGINT"},
		{"interrupt", &Interrupt{Sig: syscall.SIGINT}, "INT", "SIGINT"},
		{"interruptTERM", &Interrupt{Sig: syscall.SIGTERM}, "TERM", "SIGTERM"},
		// No cause: the root gets SIGTERM, and no signal is named.
		{"plainCancel", nil, "TERM", ""},
	}
	eachBackend(t, func(t *testing.T, _ string) {
		for _, tt := range tests {
			// The reaper between the tracer and the command changes none
			// of it.
			for _, kill := range []bool{false, true} {
				name := tt.name
				if kill {
					name += "Reaped"
				}
				t.Run(name, func(t *testing.T) { testCancelForwardsSignal(t, tt.cause, tt.trap, tt.want, kill) })
			}
		}
	})
}

// testCancelForwardsSignal cancels with cause a command that traps trap,
// through the reaper with kill, and wants End.InterruptSignal to be want.
func testCancelForwardsSignal(t *testing.T, cause error, trap, want string, kill bool) {
	dir := realTempDir(t)
	ready := filepath.Join(dir, "ready")
	ctx, cancel := context.WithCancelCause(context.Background())
	defer cancel(nil)
	go func() {
		for {
			if _, err := os.Stat(ready); err == nil {
				cancel(cause)
				return
			}
			time.Sleep(10 * time.Millisecond)
		}
	}()
	var out bytes.Buffer
	tr, err := Run(ctx, Options{
		Command: []string{"sh", "-c", `trap 'echo got ` + trap + `; exit 42' ` + trap + `; touch ` + ready + `; while :; do sleep 0.05; done`},
		Stdout:  &out, Grace: 10 * time.Second, KillDescendants: kill, Backend: backendOf(t),
	})
	if err != nil {
		t.Fatal(err)
	}
	e := tr.End
	if e.ExitCode != 42 || !e.Interrupted || e.TimedOut || e.InterruptSignal != want || out.String() != "got "+trap+"\n" {
		t.Errorf("end = %+v, output %q; want exit 42 from the %s trap, interrupted by %q, not timed out", e, out.String(), trap, want)
	}
}

// TestContextDeadlineTimesOut runs a command past its context's deadline:
// a deadline is a time limit, like Options.Timeout, not an interruption.
func TestContextDeadlineTimesOut(t *testing.T) { eachBackend(t, testContextDeadlineTimesOut) }

func testContextDeadlineTimesOut(t *testing.T, backend string) {
	ctx, cancel := context.WithTimeout(context.Background(), 500*time.Millisecond)
	defer cancel()
	tr, err := Run(ctx, Options{Command: []string{"sleep", "100"}, Backend: backend})
	if err != nil {
		t.Fatal(err)
	}
	if e := tr.End; !e.TimedOut || e.Interrupted || e.InterruptSignal != "" || e.Signal != "SIGTERM" {
		t.Errorf("end = %+v, want timed out, not interrupted, sleep killed by SIGTERM", e)
	}
}

func TestStdio(t *testing.T) { eachBackend(t, testStdio) }

func testStdio(t *testing.T, backend string) {
	t.Run("pipes", func(t *testing.T) {
		var out, errOut bytes.Buffer
		opts := self(t, "upper")
		opts.Stdin, opts.Stdout, opts.Stderr = strings.NewReader("hello\nworld\n"), &out, &errOut
		tr := runTrace(t, &opts)
		wantExit(t, tr, 0, opts)
		if out.String() != "HELLO\nWORLD\n" || errOut.String() != "done\n" {
			t.Errorf("stdout %q, stderr %q", out.String(), errOut.String())
		}
	})
	t.Run("files", func(t *testing.T) {
		dir := realTempDir(t)
		writeFiles(t, dir, "in")
		in, err := os.Open(filepath.Join(dir, "in"))
		if err != nil {
			t.Fatal(err)
		}
		defer in.Close()
		out, err := os.Create(filepath.Join(dir, "out"))
		if err != nil {
			t.Fatal(err)
		}
		defer out.Close()
		opts := Options{Command: []string{"sh", "-c", "cat; echo err >&2"}, Stdin: in, Stdout: out, Stderr: out}
		tr := runTrace(t, &opts)
		wantExit(t, tr, 0, opts)
		b, _ := os.ReadFile(filepath.Join(dir, "out"))
		if string(b) != "in\nerr\n" {
			t.Errorf("output file = %q", b)
		}
	})
}

func TestTracerKilledKillsTracees(t *testing.T) { eachBackend(t, testTracerKilledKillsTracees) }

func testTracerKilledKillsTracees(t *testing.T, backend string) {
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(exe, "sh", "-c", "echo $$; exec sleep 100")
	cmd.Env = childEnviron(t, "tracer")
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	sc := bufio.NewScanner(stdout)
	if !sc.Scan() {
		cmd.Process.Kill()
		cmd.Wait()
		t.Fatalf("no pid from the traced command: %v", sc.Err())
	}
	pid, err := strconv.Atoi(sc.Text())
	if err != nil {
		t.Fatal(err)
	}
	// Let sh exec sleep (under the tracer).
	deadline := time.Now().Add(10 * time.Second)
	for time.Now().Before(deadline) {
		if b, _ := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/comm"); string(b) == "sleep\n" {
			break
		}
		time.Sleep(10 * time.Millisecond)
	}
	cmd.Process.Signal(syscall.SIGKILL)
	cmd.Wait()
	if !waitGone(pid, 10*time.Second) {
		unix.Kill(pid, unix.SIGKILL)
		t.Fatalf("tracee %d survived SIGKILL of its tracer", pid)
	}
}

// TestNestedTracer runs the ptrace tracer inside a traced command. Under
// ptrace it cannot attach, and says that a process has only one tracer;
// the eBPF backend ptraces nothing, so there the inner tracer works.
func TestNestedTracer(t *testing.T) { eachBackend(t, testNestedTracer) }

func testNestedTracer(t *testing.T, backend string) {
	opts := self(t, "tracer", "/bin/true")
	tr := runTrace(t, &opts)
	out := opts.Stdout.(*bytes.Buffer).String()
	switch backend {
	case BackendPtrace:
		if tr.End.ExitCode != 1 || !strings.Contains(out, "only one tracer") {
			t.Errorf("inner tracer: exit %d, output %q; want a failure explaining a process has only one tracer", tr.End.ExitCode, out)
		}
	case BackendEBPF:
		if tr.End.ExitCode != 0 || out != "exit: 0\n" {
			t.Errorf("inner tracer: exit %d, output %q; want it to trace /bin/true", tr.End.ExitCode, out)
		}
	}
}

// TestTracingImpossible checks the errors where the kernel refuses: the
// messages must say why and what to do. Each backend needs its own of
// ptrace, seccomp and bpf, and traces where only the others are denied.
func TestTracingImpossible(t *testing.T) { eachBackend(t, testTracingImpossible) }

func testTracingImpossible(t *testing.T, backend string) {
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	const traced = "exit: 0\n"
	tests := []struct{ deny, ptrace, ebpf string }{
		{"ptrace", "error: trace: ptrace is not permitted here (a container without CAP_SYS_PTRACE or with a seccomp profile that blocks ptrace, or kernel.yama.ptrace_scope=3); allow ptrace, e.g. docker run --cap-add=SYS_PTRACE: ptrace(PTRACE_SEIZE) pid ", traced},
		{"seccomp", `error: trace "/bin/true": install seccomp filter: invalid argument (the kernel lacks seccomp-bpf, CONFIG_SECCOMP_FILTER, or a sandbox forbids installing filters: envaudit cannot trace here)`, traced},
		{"bpf", traced, "error: trace --backend ebpf: loading BPF programs is not permitted here (needs root, or CAP_BPF and CAP_PERFMON; a container's seccomp profile may block bpf()): "},
	}
	for _, tt := range tests {
		t.Run(tt.deny, func(t *testing.T) {
			want := map[string]string{BackendPtrace: tt.ptrace, BackendEBPF: tt.ebpf}[backend]
			cmd := exec.Command(exe, tt.deny, "/bin/true")
			cmd.Env = childEnviron(t, "deny")
			out, err := cmd.Output()
			if (err == nil) != (want == traced) || !strings.HasPrefix(string(out), want) {
				t.Errorf("output %q (%v), want it to start with %q", out, err, want)
			}
		})
	}
}

// TestOpenStormAggregates checks that memory follows distinct accesses,
// not events: 20000 opens of one file are one access record.
func TestOpenStormAggregates(t *testing.T) { eachBackend(t, testOpenStormAggregates) }

func testOpenStormAggregates(t *testing.T, backend string) {
	dir := realTempDir(t)
	writeFiles(t, dir, "f")
	opts := Options{Command: []string{cprog(t, "openmany"), "20000", dir + "/f"}}
	tr := runTrace(t, &opts)
	wantExit(t, tr, 0, opts)
	if diff := cmp.Diff([]string{"read f x20000"}, under(tr, dir)); diff != "" {
		t.Errorf("accesses (-want +got):\n%s", diff)
	}
	if tr.End.Events < 20000 {
		t.Errorf("events = %d, want at least 20000", tr.End.Events)
	}
}

func TestCommandNotFound(t *testing.T) { eachBackend(t, testCommandNotFound) }

func testCommandNotFound(t *testing.T, backend string) {
	_, err := tryTrace(t, &Options{Command: []string{"envaudit-no-such-command"}})
	if err == nil || !strings.Contains(err.Error(), "executable file not found") {
		t.Errorf("err = %v, want executable file not found", err)
	}
	_, err = tryTrace(t, &Options{Command: []string{"/nonexistent/cmd"}})
	if err == nil || !strings.Contains(err.Error(), "no such file") {
		t.Errorf("err = %v, want no such file", err)
	}
}

func TestConcurrentWaitersKeepTheirChildren(t *testing.T) {
	eachBackend(t, testConcurrentWaitersKeepTheirChildren)
}

func testConcurrentWaitersKeepTheirChildren(t *testing.T, backend string) {
	stop := make(chan struct{})
	var wg sync.WaitGroup
	errs := make(chan error, 100)
	for range 3 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for {
				select {
				case <-stop:
					return
				default:
				}
				err := exec.Command("sh", "-c", "exit 7").Run()
				var ee *exec.ExitError
				if !errors.As(err, &ee) || ee.ExitCode() != 7 {
					errs <- fmt.Errorf("exec.Command: %v, want exit status 7", err)
					return
				}
			}
		}()
	}
	wg.Add(1)
	go func() {
		// The old way, wait4 on a pid, which a tracer waiting for any
		// child of the process would steal.
		defer wg.Done()
		for {
			select {
			case <-stop:
				return
			default:
			}
			pid, err := syscall.ForkExec("/bin/sh", []string{"sh", "-c", "exit 5"}, &syscall.ProcAttr{Env: os.Environ()})
			if err != nil {
				errs <- err
				return
			}
			var ws syscall.WaitStatus
			if _, err := syscall.Wait4(pid, &ws, 0, nil); err != nil || ws.ExitStatus() != 5 {
				errs <- fmt.Errorf("wait4: %v, status %v, want exit status 5", err, ws)
				return
			}
		}
	}()
	opts := Options{Command: []string{cprog(t, "vfork"), "200"}}
	tr := runTrace(t, &opts)
	close(stop)
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Error(err)
	}
	wantExit(t, tr, 0, opts)
	if n := execRecords(tr, "/usr/bin/true"); n != 400 {
		t.Errorf("%d execs of true recorded, want 400", n)
	}
}

// TestIOURingRefused: io_uring opens files where neither backend sees
// them, so io_uring_setup fails with EPERM in the traced tree (the ptrace
// backend at its seccomp stop, the eBPF backend's helper through a seccomp
// filter, which it may install as root), and the trace says so; the trace
// is complete, since nothing went unseen.
func TestIOURingRefused(t *testing.T) { eachBackend(t, testIOURingRefused) }

func testIOURingRefused(t *testing.T, backend string) {
	opts := Options{Command: []string{cprog(t, "iouring")}}
	tr := runTrace(t, &opts)
	wantExit(t, tr, 0, opts)
	if out := opts.Stdout.(*bytes.Buffer).String(); out != "io_uring_setup: EPERM\n" {
		t.Errorf("output %q, want io_uring_setup refused with EPERM", out)
	}
	if len(tr.End.Warnings) != 1 || !strings.Contains(tr.End.Warnings[0], "was refused io_uring") {
		t.Errorf("warnings = %q, want one saying io_uring was refused", tr.End.Warnings)
	}
	if tr.End.Incomplete || len(tr.End.Gaps) > 0 {
		t.Errorf("incomplete %v, gaps %q; want a complete trace", tr.End.Incomplete, tr.End.Gaps)
	}
}

// publicDir makes a temporary directory that the nobody user can enter.
func publicDir(t *testing.T) string {
	t.Helper()
	dir := realTempDir(t)
	for d := dir; d != os.TempDir() && d != "/"; d = filepath.Dir(d) {
		os.Chmod(d, 0o755)
	}
	return dir
}

// copySetuid copies /usr/bin/id to dir/name, owned by uid, set-user-ID.
func copySetuid(t *testing.T, dir, name string, uid int) string {
	t.Helper()
	b, err := os.ReadFile("/usr/bin/id")
	if err != nil {
		t.Fatal(err)
	}
	p := filepath.Join(dir, name)
	if err := os.WriteFile(p, b, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.Chown(p, uid, uid); err != nil {
		t.Fatal(err)
	}
	if err := os.Chmod(p, 0o755|os.ModeSetuid); err != nil {
		t.Fatal(err)
	}
	return p
}

func TestPrivilegedAndSetuid(t *testing.T) { eachBackend(t, testPrivilegedAndSetuid) }

func testPrivilegedAndSetuid(t *testing.T, backend string) {
	if os.Geteuid() != 0 {
		t.Fatalf("the privileged-mode tests need root (the CI runs as root; elsewhere run `sudo go test ./tracer`)")
	}
	const nobody = 65534
	dir := publicDir(t)
	t.Setenv("SUDO_UID", strconv.Itoa(nobody))
	t.Setenv("SUDO_GID", strconv.Itoa(nobody))
	suidRoot := copySetuid(t, dir, "id-suid-root", 0)
	suidNobody := copySetuid(t, dir, "id-suid-nobody", nobody)
	tests := []struct {
		name       string
		privileged bool
		command    []string
		out        string
		warning    string
		only       string // the one backend the case is for; "" for both
	}{
		{"privileged-runs-as-sudo-user", true, []string{"id", "-u"}, "65534", "", ""},
		{"privileged-keeps-setuid", true, []string{suidRoot, "-u"}, "0", "", ""},
		// Under ptrace no_new_privs keeps the program from gaining its
		// owner's uid, and the trace says so.
		{"unprivileged-setuid-warns", false, []string{suidNobody, "-u"}, "0", suidNobody, BackendPtrace},
		// The eBPF backend sets no no_new_privs: the program runs as
		// its owner, as it would untraced, and nothing is hidden.
		{"unprivileged-setuid-runs-as-owner", false, []string{suidNobody, "-u"}, "65534", "", BackendEBPF},
		{"unprivileged-own-setuid-no-warning", false, []string{suidRoot, "-u"}, "0", "", ""},
	}
	for _, tt := range tests {
		if tt.only != "" && tt.only != backend {
			continue
		}
		t.Run(tt.name, func(t *testing.T) {
			opts := Options{Command: tt.command, Privileged: tt.privileged, Dir: dir}
			tr := runTrace(t, &opts)
			wantExit(t, tr, 0, opts)
			if got := strings.TrimSpace(opts.Stdout.(*bytes.Buffer).String()); got != tt.out {
				t.Errorf("effective uid = %q, want %q", got, tt.out)
			}
			warned := strings.Join(tr.End.Warnings, "\n")
			if tt.warning == "" && warned != "" || tt.warning != "" && !strings.Contains(warned, tt.warning) {
				t.Errorf("warnings = %q, want one naming %q", warned, tt.warning)
			}
			if tr.End.Events == 0 || len(tr.Processes) == 0 {
				t.Errorf("empty trace: %+v", tr.End)
			}
		})
	}
}
