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
)

// TestStress traces dozens of Go processes (GOMAXPROCS=8) with several
// threads each opening many distinct files, every fourth of them missing,
// plus fork+exec, non-leader exec and vfork+exec in the middle of it. Every
// open the workload logged as successful must be in the trace, attributed
// to the right pid, and no failed one may be.
func TestStress(t *testing.T) { eachBackend(t, testStress) }

func testStress(t *testing.T, backend string) {
	const procs, threads, files = 24, 6, 40
	dir := realTempDir(t)
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
	writeFiles(t, dir, names...)
	if err := os.Mkdir(filepath.Join(dir, "logs"), 0o755); err != nil {
		t.Fatal(err)
	}
	opts := self(t, "stress-root", dir, strconv.Itoa(procs), strconv.Itoa(threads), strconv.Itoa(files), cprog(t, "threadexec"), cprog(t, "vfork"))
	opts.Env = append(opts.Env, "GOMAXPROCS=8")
	tr := runTrace(t, &opts)
	wantExit(t, tr, 0, opts)

	byPath := map[string][]Access{}
	for _, a := range tr.Accesses {
		if strings.Contains(a.Path, "missing_") {
			t.Errorf("failed open recorded: %+v", a)
		}
		if a.Op == OpRead {
			byPath[a.Path] = append(byPath[a.Path], a)
		}
	}
	pids := map[int]int{}
	for _, p := range tr.Processes {
		pids[p.ID] = p.PID
	}
	logged := 0
	for p := range procs {
		b, err := os.ReadFile(filepath.Join(dir, "logs", strconv.Itoa(p)))
		if err != nil {
			t.Fatal(err)
		}
		for _, line := range strings.Split(strings.TrimSpace(string(b)), "\n") {
			pidStr, path, _ := strings.Cut(line, "\t")
			pid, err := strconv.Atoi(pidStr)
			if err != nil {
				t.Fatalf("log line %q", line)
			}
			logged++
			found := false
			for _, a := range byPath[path] {
				if pids[a.Proc] == pid {
					found = true
				}
			}
			if !found {
				t.Errorf("open of %s by pid %d is not in the trace (found %+v)", path, pid, byPath[path])
			}
		}
	}
	want := procs*threads*(files-files/4) + procs + (procs+2)/3
	if logged != want {
		t.Errorf("workload logged %d opens, want %d", logged, want)
	}
	if n := execRecords(tr, "/usr/bin/true"); n != 6*((procs+2)/3) {
		t.Errorf("%d execs of true, want %d", n, 6*((procs+2)/3))
	}
	// Records: the root; per worker its fork and exec, and cat's fork and
	// exec; per third worker threadexec's fork, exec and exec of cat, and
	// vfork's fork and exec plus a fork and an exec for each of its six
	// children; and in every Go process that starts a command (the root
	// and the workers), the child os/exec forks once to check that
	// clone(CLONE_PIDFD) works. Threads have none.
	if want := 1 + 4*procs + 17*((procs+2)/3) + 1 + procs; len(tr.Processes) != want {
		t.Errorf("%d process records, want %d", len(tr.Processes), want)
	}
	t.Logf("%d processes, %d events, %d distinct accesses", tr.End.Processes, tr.End.Events, len(tr.Accesses))
}

// TestForkThreadStorm runs the benchmark's fork- and thread-heavy workload:
// many processes, each with threads that start and end at once. Threads
// must never be taken for processes, whatever order their first stops and
// their parents' clone events come in.
func TestForkThreadStorm(t *testing.T) { eachBackend(t, testForkThreadStorm) }

func testForkThreadStorm(t *testing.T, backend string) {
	const rounds, procs, threads, files = 3, 40, 8, 5
	dir := realTempDir(t)
	var names []string
	for i := range files {
		names = append(names, "f"+strconv.Itoa(i))
	}
	writeFiles(t, dir, names...)
	prog := cprogFrom(t, "stress", filepath.Join("..", "bench", "stress.c"))
	opts := Options{Command: []string{prog, strconv.Itoa(rounds), strconv.Itoa(procs), strconv.Itoa(threads), strconv.Itoa(files), dir}}
	tr := runTrace(t, &opts)
	wantExit(t, tr, 0, opts)
	// The root, and per worker its fork, the fork for true and true.
	if want := 1 + 3*rounds*procs; len(tr.Processes) != want {
		t.Errorf("%d process records, want %d", len(tr.Processes), want)
	}
	if n := execRecords(tr, "/usr/bin/true"); n != rounds*procs {
		t.Errorf("%d execs of true, want %d", n, rounds*procs)
	}
	for _, a := range tr.Accesses {
		if strings.HasPrefix(a.Path, dir+"/") && a.Count != threads {
			t.Errorf("%s opened %d times by record %d, want %d (every thread of the worker)", a.Path, a.Count, a.Proc, threads)
		}
	}
}

// TestExactCountStorm traces the benchmark's stress workload at the size
// of issue 11 — 200 processes × 8 threads at once, each thread opening 8
// files of which 2 do not exist, each worker starting /bin/true by fork,
// raw clone, vfork, an exec from a thread that is not the leader, or
// clone(CLONE_UNTRACED) — under both backends. Every open that succeeded
// is counted, by the record of the process that made it; no failed one
// is recorded; nothing is lost; and both backends agree on the count of
// every access (the loader's too), on the process records and on D3.
func TestExactCountStorm(t *testing.T) {
	const rounds, procs, threads, files = 1, 200, 8, 8
	dir := realTempDir(t)
	var names []string
	for i := range files {
		if i%4 != 3 {
			names = append(names, "f"+strconv.Itoa(i))
		}
	}
	writeFiles(t, dir, names...)
	prog := cprogFrom(t, "stress", filepath.Join("..", "bench", "stress.c"))
	type result struct {
		counts  map[string]int // op and path below dir -> opens, over every record
		all     map[string]int // op and real path -> opens and execs, over every record
		d3      map[string]bool
		records int
	}
	var got []result
	for _, b := range testBackends(t) {
		t.Run(b, func(t *testing.T) {
			if b == BackendEBPF {
				if err := ebpfLoad(); err != nil {
					t.Fatalf("the eBPF backend cannot run here: %v", err)
				}
			}
			opts := Options{Command: []string{prog, "-x", strconv.Itoa(rounds), strconv.Itoa(procs), strconv.Itoa(threads), strconv.Itoa(files), dir}, Backend: b}
			tr := runTrace(t, &opts)
			wantExit(t, tr, 0, opts)
			if tr.End.Lost != 0 {
				t.Errorf("lost %d events: %q", tr.End.Lost, tr.End.Warnings)
			}
			r := result{counts: map[string]int{}, all: map[string]int{}, d3: d3(tr), records: len(tr.Processes)}
			byID := procByID(tr)
			for _, a := range tr.Accesses {
				r.all[string(a.Op)+" "+a.RealPath()] += a.Count
				rel, ok := strings.CutPrefix(a.Path, dir+"/")
				if !ok {
					continue
				}
				if strings.HasPrefix(rel, "missing") {
					t.Errorf("failed open recorded: %+v", a)
				}
				r.counts[string(a.Op)+" "+rel] += a.Count
				// Each worker's threads share its record: none is a
				// process, and none is lost.
				if p := byID[a.Proc]; a.Count != threads || p.Exec || p.Parent != 1 {
					t.Errorf("%s opened %d times by %+v, want %d times by a worker's fork record", a.Path, a.Count, p, threads)
				}
			}
			want := map[string]int{}
			for _, n := range names {
				want["read "+n] = rounds * procs * threads
			}
			if diff := cmp.Diff(want, r.counts); diff != "" {
				t.Errorf("opens below the directory (-want +got):\n%s", diff)
			}
			if n := execRecords(tr, "/usr/bin/true"); n != rounds*procs {
				t.Errorf("%d execs of true, want %d", n, rounds*procs)
			}
			// The root, and per worker its fork, the fork (clone,
			// vfork) for true, and true.
			if want := 1 + 3*rounds*procs; r.records != want {
				t.Errorf("%d process records, want %d", r.records, want)
			}
			t.Logf("%d processes, %d events, %d distinct accesses, %d ms", tr.End.Processes, tr.End.Events, len(tr.Accesses), tr.End.DurationMs)
			got = append(got, r)
		})
	}
	if len(got) == 2 {
		if diff := cmp.Diff(got[0].d3, got[1].d3); diff != "" {
			t.Errorf("D3 of ptrace (-) and ebpf (+) differ:\n%s", diff)
		}
		// Every access, the runtime's and the loader's too: what the
		// workload does is the same whichever backend watches it.
		if diff := cmp.Diff(got[0].all, got[1].all); diff != "" {
			t.Errorf("counts of ptrace (-) and ebpf (+) differ:\n%s", diff)
		}
	}
}
