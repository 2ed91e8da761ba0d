package engine

import (
	"testing"

	"github.com/envaudit/envaudit/ecosystems"
	"github.com/envaudit/envaudit/tracer"
	"github.com/google/go-cmp/cmp"
)

// TestProcesses checks what the ecosystems are told of the traced
// processes: each image that ran a program, with its record, the nearest
// recorded ancestor that ran one (a child forked but not yet executed has
// none of its own), its working directory, and the files it read or ran.
func TestProcesses(t *testing.T) {
	tr := &tracer.Trace{
		Processes: []tracer.Process{
			{ID: 1, PID: 10, Exe: "/usr/bin/bash", Argv: []string{"bash", "t.sh"}, Cwd: "/p"},
			{ID: 2, PID: 11, Parent: 1},
			{ID: 3, PID: 11, Parent: 2, Exe: "/usr/bin/python3.11", Argv: []string{"python3", "-m", "pip"}, Cwd: "/p", Exec: true},
			{ID: 4, PID: 12, Parent: 3, Exe: "/usr/bin/dash", Argv: []string{"sh", "-c", "lsb_release -a"}, Cwd: "/p"},
		},
		Accesses: []tracer.Access{
			{Proc: 3, Op: tracer.OpRead, Path: "/usr/lib/python3/dist-packages/pip/__main__.py"},
			{Proc: 4, Op: tracer.OpExec, Path: "/usr/bin/lsb_release"},
			{Proc: 4, Op: tracer.OpWrite, Path: "/tmp/out"},
		},
	}
	want := []ecosystems.Process{
		{ID: 1, PID: 10, Exe: "/usr/bin/bash", Argv: []string{"bash", "t.sh"}, Cwd: "/p"},
		{ID: 3, PID: 11, Parent: 1, Exe: "/usr/bin/python3.11", Argv: []string{"python3", "-m", "pip"}, Cwd: "/p", Files: []string{"/usr/lib/python3/dist-packages/pip/__main__.py"}},
		{ID: 4, PID: 12, Parent: 3, Exe: "/usr/bin/dash", Argv: []string{"sh", "-c", "lsb_release -a"}, Cwd: "/p", Files: []string{"/usr/bin/lsb_release"}},
	}
	if diff := cmp.Diff(want, processes(tr)); diff != "" {
		t.Errorf("processes (-want +got):\n%s", diff)
	}
}
