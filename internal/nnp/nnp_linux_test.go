//go:build linux

package nnp

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"golang.org/x/sys/unix"

	"github.com/envaudit/envaudit/internal/testenv"
)

// TestNoNewPrivsFromEveryThread starts a program from many goroutines at
// once, so from whatever threads the runtime runs them on, and each must
// have no_new_privs, while the test process itself has not: it is
// Start's, not an inheritance that happens to hold.
func TestNoNewPrivsFromEveryThread(t *testing.T) {
	if v, err := unix.PrctlRetInt(unix.PR_GET_NO_NEW_PRIVS, 0, 0, 0, 0); err != nil || v != 0 {
		t.Fatalf("the test process has no_new_privs %d (%v): the test would prove nothing", v, err)
	}
	const runs = 200
	var wg sync.WaitGroup
	got := make([]string, runs)
	for i := range runs {
		wg.Add(1)
		go func() {
			defer wg.Done()
			cmd := exec.Command("grep", "^NoNewPrivs:", "/proc/self/status")
			var out bytes.Buffer
			cmd.Stdout = &out
			if err := Run(cmd); err != nil {
				got[i] = err.Error()
				return
			}
			got[i] = strings.TrimSpace(out.String())
		}()
	}
	wg.Wait()
	for i, g := range got {
		if g != "NoNewPrivs:\t1" {
			t.Errorf("run %d: %q, want NoNewPrivs:\\t1", i, g)
		}
	}
	if v, _ := unix.PrctlRetInt(unix.PR_GET_NO_NEW_PRIVS, 0, 0, 0, 0); v != 0 {
		t.Errorf("the test process has no_new_privs %d after the runs", v)
	}
}

// mainThreadResult is what TestMain saw when it started a program from
// the main thread itself (init locks the main goroutine there).
var mainThreadResult struct {
	onMain  bool
	program string
	err     error
	nnp     int
}

func init() {
	// The main goroutine runs init on the main thread; keeping it locked
	// there lets TestMain call startLocked on that thread, the case
	// Start must move off.
	runtime.LockOSThread()
}

func TestMain(m *testing.M) {
	testenv.Hermetic()
	r := &mainThreadResult
	r.onMain = unix.Gettid() == unix.Getpid()
	cmd := exec.Command("grep", "^NoNewPrivs:", "/proc/self/status")
	var out bytes.Buffer
	cmd.Stdout = &out
	done := make(chan error, 1)
	startLocked(cmd, true, done)
	if r.err = <-done; r.err == nil {
		r.err = cmd.Wait()
	}
	r.program = strings.TrimSpace(out.String())
	r.nnp, _ = unix.PrctlRetInt(unix.PR_GET_NO_NEW_PRIVS, 0, 0, 0, 0)
	runtime.UnlockOSThread()
	os.Exit(m.Run())
}

// TestFromTheMainThread is a start asked for on the main thread, which
// the runtime cannot end: the program must still get no_new_privs, and
// the main thread must not.
func TestFromTheMainThread(t *testing.T) {
	r := mainThreadResult
	if !r.onMain {
		t.Fatal("TestMain did not run on the main thread: the test would prove nothing")
	}
	if r.err != nil {
		t.Fatalf("start from the main thread: %v", r.err)
	}
	if r.program != "NoNewPrivs:\t1" {
		t.Errorf("program: %q, want NoNewPrivs:\\t1", r.program)
	}
	if r.nnp != 0 {
		t.Errorf("the main thread has no_new_privs %d after the start", r.nnp)
	}
}

// TestThreadsGoAway starts many programs at once and then looks at every
// thread of the test process: none may keep no_new_privs (each start's
// thread must have exited, not gone back to the runtime's pool), and the
// threads must not pile up.
func TestThreadsGoAway(t *testing.T) {
	before := len(taskStatuses(t))
	const runs = 200
	var wg sync.WaitGroup
	errs := make([]error, runs)
	for i := range runs {
		wg.Add(1)
		go func() {
			defer wg.Done()
			errs[i] = Run(exec.Command("true"))
		}()
	}
	wg.Wait()
	for i, err := range errs {
		if err != nil {
			t.Errorf("run %d: %v", i, err)
		}
	}
	// A thread exits just after its goroutine has handed back Start's
	// result, so give the last ones a moment.
	var marked []string
	var statuses map[string]string
	for deadline := time.Now().Add(10 * time.Second); ; {
		statuses = taskStatuses(t)
		marked = marked[:0]
		for tid, s := range statuses {
			if strings.Contains(s, "\nNoNewPrivs:\t1\n") {
				marked = append(marked, tid)
			}
		}
		if len(marked) == 0 || time.Now().After(deadline) {
			break
		}
		time.Sleep(10 * time.Millisecond)
	}
	if len(marked) > 0 {
		t.Errorf("threads %v of the test process have no_new_privs after %d starts", marked, runs)
	}
	// The runtime keeps idle threads, but not one per start.
	if after := len(statuses); after > before+runs/2 {
		t.Errorf("%d threads after %d starts, %d before", after, runs, before)
	}
}

// taskStatuses is /proc/self/task/*/status by thread id.
func taskStatuses(t *testing.T) map[string]string {
	t.Helper()
	tasks, err := os.ReadDir("/proc/self/task")
	if err != nil {
		t.Fatal(err)
	}
	m := make(map[string]string, len(tasks))
	for _, e := range tasks {
		b, err := os.ReadFile(filepath.Join("/proc/self/task", e.Name(), "status"))
		if errors.Is(err, os.ErrNotExist) || errors.Is(err, syscall.ESRCH) {
			continue // exited meanwhile
		}
		if err != nil {
			t.Fatal(err)
		}
		m[e.Name()] = string(b)
	}
	return m
}

// TestRefusesParentDeathSignal: the signal would come as soon as the
// start's thread exits, so Start refuses it rather than kill the program.
func TestRefusesParentDeathSignal(t *testing.T) {
	cmd := exec.Command("true")
	cmd.SysProcAttr = &syscall.SysProcAttr{Pdeathsig: syscall.SIGKILL}
	err := Start(cmd)
	if err == nil {
		_ = cmd.Wait()
		t.Fatal("Start accepted a parent-death signal")
	}
	if cmd.Process != nil {
		t.Errorf("a program was started: pid %d", cmd.Process.Pid)
	}
}

// TestRunsAsOSExecWould runs each program once through Run and once
// through os/exec alone: what the program sees (argv, environment,
// working directory, descriptors) and how it ends must be the same.
func TestRunsAsOSExecWould(t *testing.T) {
	dir := t.TempDir()
	tests := []struct {
		name string
		make func() *exec.Cmd
	}{
		{name: "argv", make: func() *exec.Cmd { return exec.Command("sh", "-c", `printf '%s|' "$0" "$@"`, "zero", "a b", "") }},
		{name: "environment", make: func() *exec.Cmd {
			cmd := exec.Command("cat", "/proc/self/environ")
			cmd.Env = []string{"A=1", "B=two words", "A=last"}
			return cmd
		}},
		{name: "emptyEnvironment", make: func() *exec.Cmd {
			cmd := exec.Command("cat", "/proc/self/environ")
			cmd.Env = []string{}
			return cmd
		}},
		{name: "dir", make: func() *exec.Cmd {
			cmd := exec.Command("pwd")
			cmd.Dir = dir
			return cmd
		}},
		{name: "descriptors", make: func() *exec.Cmd { return exec.Command("ls", "/proc/self/fd") }},
		{name: "exitStatus", make: func() *exec.Cmd { return exec.Command("sh", "-c", "echo out; exit 3") }},
		{name: "signal", make: func() *exec.Cmd { return exec.Command("sh", "-c", "kill -TERM $$") }},
		{name: "stdinEmpty", make: func() *exec.Cmd { return exec.Command("wc", "-c") }},
		{name: "limits", make: func() *exec.Cmd { return exec.Command("sh", "-c", "ulimit -n; ulimit -Hn; ulimit -s") }},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			want := observe(t, tt.make(), (*exec.Cmd).Run)
			got := observe(t, tt.make(), Run)
			if diff := cmp.Diff(want, got); diff != "" {
				t.Errorf("through Start (-want +got):\n%s", diff)
			}
		})
	}
}

// TestExecErrors are the failures to execute a program: the error must
// be os/exec's own, text and type, so that every message naming it stays
// the same.
func TestExecErrors(t *testing.T) {
	dir := t.TempDir()
	write := func(name, content string, mode os.FileMode) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(content), mode); err != nil {
			t.Fatal(err)
		}
		return p
	}
	notExecutable := write("plain", "#!/bin/sh\n", 0o644)
	badFormat := write("garbage", "\x7fELF garbage", 0o755)
	badInterpreter := write("script", "#!/nonexistent/interpreter\n", 0o755)
	tests := []struct {
		name string
		path string
		dir  string
	}{
		{name: "absentAbsolute", path: filepath.Join(dir, "absent")},
		{name: "notFoundOnPath", path: "envaudit-no-such-tool"},
		{name: "notExecutable", path: notExecutable},
		{name: "directory", path: dir},
		{name: "badFormat", path: badFormat},
		{name: "badInterpreter", path: badInterpreter},
		{name: "relativeInDir", path: "./plain", dir: dir},
		{name: "absentDir", path: "true", dir: filepath.Join(dir, "absent")},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			mk := func() *exec.Cmd {
				cmd := exec.Command(tt.path)
				cmd.Dir = tt.dir
				return cmd
			}
			want := mk().Run()
			if want == nil {
				t.Fatalf("%s ran through os/exec", tt.path)
			}
			got := Run(mk())
			if got == nil {
				t.Fatalf("%s ran through Start, os/exec said %v", tt.path, want)
			}
			if diff := cmp.Diff(describe(want), describe(got)); diff != "" {
				t.Errorf("error (-want +got):\n%s", diff)
			}
		})
	}
}

// describe is an error's text, type and the errno it wraps.
func describe(err error) string {
	var errno unix.Errno
	errors.As(err, &errno)
	return fmt.Sprintf("%T %q errno %d", err, err.Error(), errno)
}

// observation is what one run of a program showed.
type observation struct {
	Stdout string
	Err    string
}

func observe(t *testing.T, cmd *exec.Cmd, run func(*exec.Cmd) error) observation {
	t.Helper()
	var out bytes.Buffer
	cmd.Stdout = &out
	var o observation
	if err := run(cmd); err != nil {
		o.Err = describe(err)
	}
	o.Stdout = out.String()
	return o
}

// BenchmarkStart is Start's cost per program (a thread's creation): compare with
// BenchmarkStartDirect side by side, in one run.
func BenchmarkStart(b *testing.B) {
	for b.Loop() {
		if err := Run(exec.Command("/bin/true")); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkStartDirect is os/exec alone, what BenchmarkStart adds to.
func BenchmarkStartDirect(b *testing.B) {
	for b.Loop() {
		if err := exec.Command("/bin/true").Run(); err != nil {
			b.Fatal(err)
		}
	}
}
