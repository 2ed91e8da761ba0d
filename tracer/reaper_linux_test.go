//go:build linux && (amd64 || arm64)

package tracer

import (
	"bufio"
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
)

// TestAttackLeftoverProcesses reproduces issue 10's "a clone(CLONE_UNTRACED)
// child, or a daemon, rewrites GITHUB_ENV / GITHUB_OUTPUT after the
// restore" at the tracer: it runs commands that leave a process behind, each
// printing its pid: with KillDescendants none of them runs once Run
// returns, whether the tracer saw it or not, and none wrote what it meant
// to write after the command ended.
func TestAttackLeftoverProcesses(t *testing.T) { eachBackend(t, testAttackLeftoverProcesses) }

func testAttackLeftoverProcesses(t *testing.T, backend string) {
	untraced := cprog(t, "untraced")
	tests := []struct {
		name string
		// command appends "late" to the file named by its last argument
		// from a process that outlives it by 1 second.
		command []string
	}{
		{"setsid-daemon", []string{"sh", "-c", `setsid sh -c 'echo $$; exec >/dev/null 2>&1; sleep 1; echo late >>"$0"' "$0" &`}},
		{"double-fork", []string{"sh", "-c", `(sh -c 'echo $$; exec >/dev/null 2>&1; sleep 1; echo late >>"$0"' "$0" &) ; true`}},
		{"clone-untraced", []string{untraced, "", "1000", "late\n"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			out := filepath.Join(t.TempDir(), "out")
			cmd := append([]string(nil), tc.command...)
			if cmd[0] == untraced {
				cmd[1] = out
			} else {
				cmd = append(cmd, out)
			}
			opts := Options{Command: cmd, KillDescendants: true}
			start := time.Now()
			tr := runTrace(t, &opts)
			wantExit(t, tr, 0, opts)
			pid, err := strconv.Atoi(strings.TrimSpace(opts.Stdout.(*bytes.Buffer).String()))
			if err != nil {
				t.Fatalf("no pid printed: %v (stdout %q)", err, opts.Stdout)
			}
			if alive(pid) {
				t.Errorf("process %d still runs after Run returned", pid)
				syscall.Kill(pid, syscall.SIGKILL)
			}
			if !contains(tr.End.Killed, pid) {
				t.Errorf("killed %v, want %d among them", tr.End.Killed, pid)
			}
			if tr.End.Survivors {
				t.Errorf("survivors reported: %q", tr.End.Warnings)
			}
			// Past the time the process would have written.
			time.Sleep(time.Until(start.Add(1500 * time.Millisecond)))
			if b, _ := os.ReadFile(out); bytes.Contains(b, []byte("late")) {
				t.Errorf("the leftover process wrote %q after Run returned", b)
			}
		})
	}
}

// TestUntracedChildTracedWithoutKill: the CLONE_UNTRACED child of
// TestKillDescendants is traced like any other child now (the tracer
// clears the flag, TestAttackCloneUntraced), so even without
// KillDescendants it does not outlive Run: Run waits for it within the
// grace, and its late write is the last thing it did.
func TestUntracedChildTracedWithoutKill(t *testing.T) {
	eachBackend(t, testUntracedChildTracedWithoutKill)
}

func testUntracedChildTracedWithoutKill(t *testing.T, backend string) {
	out := filepath.Join(t.TempDir(), "out")
	opts := Options{Command: []string{cprog(t, "untraced"), out, "200", "late\n"}}
	tr := runTrace(t, &opts)
	wantExit(t, tr, 0, opts)
	pid, err := strconv.Atoi(strings.TrimSpace(opts.Stdout.(*bytes.Buffer).String()))
	if err != nil {
		t.Fatalf("no pid printed: %v", err)
	}
	if alive(pid) {
		syscall.Kill(pid, syscall.SIGKILL)
		t.Fatalf("the child %d created with CLONE_UNTRACED still runs after Run returned: the tracer did not follow it", pid)
	}
	if b, _ := os.ReadFile(out); string(b) != "late\n" {
		t.Errorf("out = %q, want the child's write, made while traced", b)
	}
	if tr.End.Survivors {
		t.Errorf("survivors reported: %q", tr.End.Warnings)
	}
}

// TestAttackReaperKilled reproduces issue 10's defeat of the file-command
// guard from the side of the reaper: a command that kills the reaper (its
// parent, same user) before leaving a daemon is reported, since processes
// it started may then survive.
func TestAttackReaperKilled(t *testing.T) { eachBackend(t, testAttackReaperKilled) }

func testAttackReaperKilled(t *testing.T, backend string) {
	// Only the reaper: were the tracer the command's parent, the command
	// would kill the test.
	opts := Options{Command: []string{"sh", "-c", `grep -q ` + ReaperArg + ` /proc/$PPID/cmdline || { echo "the parent is not the reaper:" $(tr '\0' ' ' </proc/$PPID/cmdline); exit 3; }; kill -KILL $PPID`}, KillDescendants: true}
	tr := runTrace(t, &opts)
	if tr.End.ExitCode == 3 {
		t.Fatalf("%s", opts.Stdout)
	}
	if !tr.End.Survivors {
		t.Errorf("end = %+v, want survivors reported", tr.End)
	}
}

// TestKillDescendantsQuiet: a command that leaves nothing behind ends as
// without KillDescendants, with nothing killed and no grace waited.
func TestKillDescendantsQuiet(t *testing.T) { eachBackend(t, testKillDescendantsQuiet) }

func testKillDescendantsQuiet(t *testing.T, backend string) {
	opts := Options{Command: []string{"sh", "-c", "echo hi"}, KillDescendants: true, Grace: 10 * time.Second}
	start := time.Now()
	tr := runTrace(t, &opts)
	wantExit(t, tr, 0, opts)
	if d := time.Since(start); d > 5*time.Second {
		t.Errorf("Run took %v, want no grace waited", d)
	}
	if diff := cmp.Diff("hi\n", opts.Stdout.(*bytes.Buffer).String()); diff != "" {
		t.Errorf("stdout (-want +got):\n%s", diff)
	}
	if len(tr.End.Killed) != 0 || tr.End.Survivors {
		t.Errorf("end = %+v, want nothing killed", tr.End)
	}
}

// TestAttackTracerKilled reproduces issue 10's "the test kill -KILLs
// envaudit": the kernel kills the tracees (PTRACE_O_EXITKILL), and the
// reaper, told by its parent-death signal, the CLONE_UNTRACED child the
// tracer never saw, which would have written after envaudit's end. (The
// file commands are not restored: that is the limit docs/action.md
// states.)
func TestAttackTracerKilled(t *testing.T) { eachBackend(t, testAttackTracerKilled) }

func testAttackTracerKilled(t *testing.T, backend string) {
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(t.TempDir(), "out")
	cmd := exec.Command(exe, "sh", "-c", `"$0" "$1" 1500 late; exec sleep 100`, cprog(t, "untraced"), out)
	cmd.Env = childEnviron(t, "reaped-tracer")
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	start := time.Now()
	sc := bufio.NewScanner(stdout)
	if !sc.Scan() {
		cmd.Process.Kill()
		cmd.Wait()
		t.Fatalf("no pid from the untraced child: %v", sc.Err())
	}
	pid, err := strconv.Atoi(sc.Text())
	if err != nil {
		t.Fatal(err)
	}
	cmd.Process.Signal(syscall.SIGKILL)
	cmd.Wait()
	if !waitGone(pid, 5*time.Second) {
		syscall.Kill(pid, syscall.SIGKILL)
		t.Fatalf("the untraced child %d survived SIGKILL of its tracer", pid)
	}
	time.Sleep(time.Until(start.Add(2 * time.Second)))
	if b, _ := os.ReadFile(out); len(b) != 0 {
		t.Errorf("the untraced child wrote %q after its tracer was killed", b)
	}
}

// TestEndDescendants: a subreaper that ran a tool which left a setsid
// daemon finds the daemon below itself and ends it.
func TestEndDescendants(t *testing.T) {
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(exe)
	cmd.Env = append(os.Environ(), childEnv+"=end-descendants")
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("%v: %s", err, out)
	}
	lines := strings.Split(strings.TrimSpace(string(out)), "\n")
	if len(lines) != 2 {
		t.Fatalf("output %q, want the daemon's pid and what was killed", out)
	}
	pid, err := strconv.Atoi(lines[0])
	if err != nil {
		t.Fatal(err)
	}
	if alive(pid) {
		syscall.Kill(pid, syscall.SIGKILL)
		t.Errorf("the daemon %d still runs", pid)
	}
	if want := fmt.Sprintf("killed: [%d] <nil>", pid); lines[1] != want {
		t.Errorf("got %q, want %q", lines[1], want)
	}
}

// TestParseStat reads the state and parent of /proc/PID/stat lines whose
// command names try to look like the fields after them.
func TestParseStat(t *testing.T) {
	tests := []struct {
		name, line string
		ppid       int
		state      byte
		ok         bool
	}{
		{"plain", "42 (sleep) S 7 42 42 0 -1", 7, 'S', true},
		{"parenInName", "42 (a) Z 1 () R 9 1 1", 9, 'R', true},
		{"spaces", "42 (my prog) Z 3 1", 3, 'Z', true},
		{"noParen", "42 sleep S 7", 0, 0, false},
		{"short", "42 (x) S", 0, 0, false},
		{"badPPid", "42 (x) S x", 0, 'S', false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			ppid, state, ok := parseStat(tt.line)
			if ok != tt.ok || ok && (ppid != tt.ppid || state != tt.state) {
				t.Errorf("parseStat(%q) = %d, %q, %v; want %d, %q, %v", tt.line, ppid, state, ok, tt.ppid, tt.state, tt.ok)
			}
		})
	}
}

// FuzzParseStat: no line makes parseStat panic, and what it accepts has
// a one-letter state.
func FuzzParseStat(f *testing.F) {
	f.Add("42 (sleep) S 7 42 42 0 -1")
	f.Add("42 (a) Z 1 () R 9 1 1")
	f.Add(")")
	f.Fuzz(func(t *testing.T, line string) {
		if _, state, ok := parseStat(line); ok && state == 0 {
			t.Errorf("parseStat(%q) accepted a line without a state", line)
		}
	})
}

func contains(s []int, v int) bool {
	for _, x := range s {
		if x == v {
			return true
		}
	}
	return false
}

// BenchmarkKillDescendants compares a trace of /bin/true with and without
// the reaper: the cost of the extra process and its handshake.
func BenchmarkKillDescendants(b *testing.B) {
	for _, kill := range []bool{false, true} {
		b.Run(map[bool]string{false: "plain", true: "reaped"}[kill], func(b *testing.B) {
			for b.Loop() {
				opts := Options{Command: []string{"/bin/true"}, KillDescendants: kill, Stdout: new(bytes.Buffer), Stderr: new(bytes.Buffer)}
				if _, err := Run(b.Context(), opts); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
