//go:build linux

package nnp

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/google/go-cmp/cmp"
	"golang.org/x/sys/unix"
)

// TestNoNewPrivsFromEveryThread starts a program from many goroutines at
// once, so from whatever threads the runtime runs them on, and each must
// have no_new_privs, while the test process itself has not: it is the
// trampoline's, not an inheritance that happens to hold.
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
				t.Errorf("through the trampoline (-want +got):\n%s", diff)
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
				t.Fatalf("%s ran through the trampoline, os/exec said %v", tt.path, want)
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

// BenchmarkStart is the trampoline's cost per program: compare with
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
