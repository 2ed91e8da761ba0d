package evchan

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/envaudit/envaudit/tracer"
)

// TestChannel runs real processes against a channel: a tool writes its
// lines, then something rewrites what it can reach. Lines once written
// stay in what Close returns; every way of making the tools write
// elsewhere, or of reading the channel, fails Close with the change named.
func TestChannel(t *testing.T) {
	tests := []struct {
		name string
		// after runs once the tool wrote "loaded hidden"; its shell
		// gets $CHAN, $DIR (the scratch directory) and $TOOL.
		after      string
		trace      func(path string) *tracer.Trace
		wantData   string
		wantTamper string // "" for none; else a substring of the error
	}{
		{name: "clean", wantData: "loaded hidden\n"},
		{name: "truncated", after: `: >"$CHAN"`, wantData: "loaded hidden\n"},
		{name: "extraLines", after: `echo "forged" >>"$CHAN"`, wantData: "loaded hidden\nforged\n"},
		{name: "deleted", after: `rm "$CHAN"`, wantData: "loaded hidden\n", wantTamper: "deleted during the run"},
		{name: "swappedAndBack", after: `mv "$CHAN" "$DIR/x"; : >"$CHAN"; echo late >>"$CHAN"; rm "$CHAN"; mv "$DIR/x" "$CHAN"`, wantData: "loaded hidden\n", wantTamper: "renamed during the run"},
		{name: "chmod", after: `chmod 600 "$CHAN"; chmod 222 "$CHAN"`, wantData: "loaded hidden\n", wantTamper: "changed in permissions"},
		{name: "toolRewritten", after: `echo 'exit 0' >"$TOOL"`, wantData: "loaded hidden\n", wantTamper: "written during the run"},
		{name: "dirRenamed", after: `mv "$DIR" "$DIR.old"; mkdir "$DIR"; rmdir "$DIR"; mv "$DIR.old" "$DIR"`, wantData: "loaded hidden\n", wantTamper: "renamed"},
		{
			name: "readByTracedProcess",
			trace: func(path string) *tracer.Trace {
				return &tracer.Trace{
					Processes: []tracer.Process{{ID: 1, PID: 42, Exe: "/usr/bin/cat"}},
					Accesses:  []tracer.Access{{Proc: 1, Op: tracer.OpRead, Path: "/proc/7/fd/3", Real: path}},
				}
			},
			wantData:   "loaded hidden\n",
			wantTamper: `cat (pid 42) opened`,
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			dir := filepath.Join(t.TempDir(), "scratch")
			if err := os.Mkdir(dir, 0o755); err != nil {
				t.Fatal(err)
			}
			tool := filepath.Join(dir, "tool")
			if err := os.WriteFile(tool, []byte("#!/bin/sh\necho \"loaded $1\" >>\"$CHAN\"\n"), 0o755); err != nil {
				t.Fatal(err)
			}
			ch, err := Open(dir)
			if err != nil {
				t.Fatal(err)
			}
			env := append(os.Environ(), "CHAN="+ch.Path(), "DIR="+dir, "TOOL="+tool)
			run := func(args ...string) {
				t.Helper()
				cmd := exec.Command(args[0], args[1:]...)
				cmd.Env = env
				if out, err := cmd.CombinedOutput(); err != nil {
					t.Fatalf("%q: %v\n%s", args, err, out)
				}
			}
			run(tool, "hidden")
			if tt.after != "" {
				run("sh", "-c", tt.after)
			}
			var tr *tracer.Trace
			if tt.trace != nil {
				tr = tt.trace(ch.Path())
			}
			data, err := ch.Close(tr)
			if diff := cmp.Diff(tt.wantData, string(data)); diff != "" {
				t.Errorf("data (-want +got):\n%s", diff)
			}
			switch {
			case tt.wantTamper == "" && err != nil:
				t.Errorf("Close: %v, want no error", err)
			case tt.wantTamper != "" && (err == nil || !strings.Contains(err.Error(), tt.wantTamper)):
				t.Errorf("Close: %v, want an error saying %q", err, tt.wantTamper)
			}
			if tt.wantTamper != "" {
				return
			}
			saved, err := ReadSaved(dir)
			if err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(tt.wantData, string(saved)); diff != "" {
				t.Errorf("saved (-want +got):\n%s", diff)
			}
		})
	}
}

// TestChannelWriteOnly checks that the FIFO is write-only while the run
// goes: a user other than root cannot open it for reading without a
// chmod, which the watch sees.
func TestChannelWriteOnly(t *testing.T) {
	dir := t.TempDir()
	ch, err := Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	st, err := os.Lstat(ch.Path())
	if err != nil {
		t.Fatal(err)
	}
	if got := st.Mode(); got != os.ModeNamedPipe|0o222 {
		t.Errorf("mode %v, want p-w--w--w-", got)
	}
	if _, err := ch.Close(nil); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Lstat(ch.Path()); !os.IsNotExist(err) {
		t.Errorf("the FIFO is still there after Close: %v", err)
	}
}

// TestChannelManyWriters writes through one channel from many writers at
// once, as the JVMs of a run do: each line is one write of up to PIPE_BUF
// (4096) bytes, which the pipe keeps whole, so every line arrives intact
// and none is lost, and the writers, together far more than a pipe holds,
// never wait on a reader that stopped.
func TestChannelManyWriters(t *testing.T) {
	const writers, lines = 8, 300
	ch, err := Open(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	line := func(w, i int) string {
		head := fmt.Sprintf("[%d][class,load] line %d ", w, i)
		return head + strings.Repeat(string(rune('a'+w)), 4095-len(head)) + "\n"
	}
	var wg sync.WaitGroup
	errs := make(chan error, writers)
	for w := range writers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			f, err := os.OpenFile(ch.Path(), os.O_WRONLY|os.O_APPEND, 0)
			if err != nil {
				errs <- err
				return
			}
			defer f.Close()
			for i := range lines {
				if _, err := f.Write([]byte(line(w, i))); err != nil {
					errs <- err
					return
				}
			}
		}()
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Fatal(err)
	}
	data, err := ch.Close(nil)
	if err != nil {
		t.Fatal(err)
	}
	got := map[string]int{}
	for _, l := range strings.SplitAfter(string(data), "\n") {
		if l != "" {
			got[l]++
		}
	}
	want := map[string]int{}
	for w := range writers {
		for i := range lines {
			want[line(w, i)] = 1
		}
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("lines read (-want +got):\n%s", diff)
	}
}

// TestOpenFails checks that an Open that cannot make its FIFO returns the
// error, naming the path, rather than failing on what it had not opened.
func TestOpenFails(t *testing.T) {
	dir := t.TempDir()
	if err := os.WriteFile(Path(dir), nil, 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := Open(dir); err == nil || !strings.Contains(err.Error(), Path(dir)) {
		t.Errorf("Open over an existing file: %v, want an error naming %q", err, Path(dir))
	}
}
