//go:build linux && (amd64 || arm64)

package tracer

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// The attack tests of issue 10 §6 (trace evasion) that the tracer answers:
// each runs a small C program (testdata/c/evade.c) the way the red
// team did, and checks that the file it loads is recorded under its real
// identity, or that the trace warns.

// readsOf returns the read accesses whose real path is file.
func readsOf(tr *Trace, file string) []Access {
	var out []Access
	for _, a := range tr.Accesses {
		if a.Op == OpRead && a.RealPath() == file {
			out = append(out, a)
		}
	}
	return out
}

// identity returns the device and inode of path.
func identity(t *testing.T, path string) (dev, ino uint64) {
	t.Helper()
	fi, err := os.Stat(path)
	if err != nil {
		t.Fatal(err)
	}
	st := fi.Sys().(*syscall.Stat_t)
	return st.Dev, st.Ino
}

// TestAttackCloneUntraced reproduces "a clone(CLONE_UNTRACED) child ...
// loads packages unseen": the child's open must be recorded, by the child.
func TestAttackCloneUntraced(t *testing.T) { eachBackend(t, testAttackCloneUntraced) }

func testAttackCloneUntraced(t *testing.T, backend string) {
	dir := realTempDir(t)
	writeFiles(t, dir, "pkg/index.js")
	opts := Options{Command: []string{cprog(t, "evade"), "untraced", dir + "/pkg/index.js"}}
	tr := runTrace(t, &opts)
	wantExit(t, tr, 0, opts)
	a := accessOf(t, tr, OpRead, dir+"/pkg/index.js")
	if p := procByID(tr)[a.Proc]; p.Parent != 1 || p.Exec {
		t.Errorf("index.js read by %+v, want the CLONE_UNTRACED child's fork record", p)
	}
}

// TestAttackNestedTracer reproduces "a child running its own ptrace tracer
// over node loaded a package unseen": the program makes a CLONE_UNTRACED
// child, seizes it with PTRACE_O_TRACESECCOMP and continues the filter's
// stops itself. Under ptrace the child is traced by envaudit instead, so
// the seize fails and the open is recorded. The eBPF backend ptraces
// nothing, so the seize succeeds; the child stays in the kernel's traced
// set whoever ptraces it, and its open is recorded all the same.
func TestAttackNestedTracer(t *testing.T) { eachBackend(t, testAttackNestedTracer) }

func testAttackNestedTracer(t *testing.T, backend string) {
	dir := realTempDir(t)
	writeFiles(t, dir, "pkg/index.js")
	opts := Options{Command: []string{cprog(t, "evade"), "nested", dir + "/pkg/index.js"}}
	tr := runTrace(t, &opts)
	wantExit(t, tr, 0, opts)
	want := map[string]string{BackendPtrace: "seize: EPERM\n", BackendEBPF: "seize: ok\n"}[backend]
	if out := opts.Stdout.(*bytes.Buffer).String(); out != want {
		t.Errorf("output %q, want %q", out, want)
	}
	accessOf(t, tr, OpRead, dir+"/pkg/index.js")
}

// TestAttackPtraceOutside: a traced process that becomes the tracer of a
// process envaudit does not trace (here one started beside the trace) is
// named in a warning, since what that process opens on its behalf is
// invisible. Where the kernel refuses the attach (Yama), nothing is hidden
// and nothing is warned.
func TestAttackPtraceOutside(t *testing.T) { eachBackend(t, testAttackPtraceOutside) }

func testAttackPtraceOutside(t *testing.T, backend string) {
	// The victim is no child of this process: a child of the thread
	// that becomes the tracer's would be waited for with the tracees.
	out, err := exec.Command("sh", "-c", "sleep 30 >/dev/null 2>&1 & echo $!").Output()
	if err != nil {
		t.Fatal(err)
	}
	pid, err := strconv.Atoi(strings.TrimSpace(string(out)))
	if err != nil {
		t.Fatal(err)
	}
	defer syscall.Kill(pid, syscall.SIGKILL)
	opts := Options{Command: []string{cprog(t, "evade"), "attach", strconv.Itoa(pid)}}
	tr := runTrace(t, &opts)
	wantExit(t, tr, 0, opts)
	out = opts.Stdout.(*bytes.Buffer).Bytes()
	var warned []string
	for _, w := range tr.End.Warnings {
		if strings.Contains(w, "used ptrace on process "+strconv.Itoa(pid)) {
			warned = append(warned, w)
		}
	}
	switch string(out) {
	case "seize: ok\n":
		if len(warned) != 1 {
			t.Errorf("warnings %q, want one naming the ptrace of %d", tr.End.Warnings, pid)
		}
	case "seize: EPERM\n":
		if len(warned) != 0 {
			t.Errorf("warnings %q for a refused attach", warned)
		}
	default:
		t.Fatalf("output %q", out)
	}
}

// TestAttackSeccompListener: a seccomp user-notification filter outranks
// the tracer's SECCOMP_RET_TRACE, and its supervisor can let opens continue
// without a stop; installing one is warned about under ptrace. The eBPF
// backend sees a continued call at the syscall tracepoints, and a call
// the supervisor answers itself as the supervisor's own open, so no
// warning is due there.
func TestAttackSeccompListener(t *testing.T) { eachBackend(t, testAttackSeccompListener) }

func testAttackSeccompListener(t *testing.T, backend string) {
	opts := Options{Command: []string{cprog(t, "evade"), "listener"}}
	tr := runTrace(t, &opts)
	wantExit(t, tr, 0, opts)
	if out := opts.Stdout.(*bytes.Buffer).String(); out != "listener: ok\n" {
		t.Fatalf("output %q, want the listener installed", out)
	}
	switch backend {
	case BackendPtrace:
		if len(tr.End.Warnings) != 1 || !strings.Contains(tr.End.Warnings[0], "user-notification supervisor") {
			t.Errorf("warnings %q, want one about the seccomp supervisor", tr.End.Warnings)
		}
	case BackendEBPF:
		if len(tr.End.Warnings) != 0 {
			t.Errorf("warnings %q, want none", tr.End.Warnings)
		}
	}
}

// TestAttackSpellings reproduces the opens of issue 10 §6 that name a
// package's file by another spelling: /proc/self/fd/N after O_PATH,
// /proc/self/root/..., /proc/self/cwd/..., /proc/PID/root/..., "//", and
// ".." through a symbolic link. Each must record the file's real path.
func TestAttackSpellings(t *testing.T) { eachBackend(t, testAttackSpellings) }

func testAttackSpellings(t *testing.T, backend string) {
	dir := realTempDir(t)
	writeFiles(t, dir, "node_modules/pkg/index.js", "node_modules/pkg/lib/x.js")
	file := dir + "/node_modules/pkg/index.js"
	if err := os.Symlink("node_modules/pkg/lib", filepath.Join(dir, "link")); err != nil {
		t.Fatal(err)
	}
	prog := cprog(t, "evade")
	tests := []struct {
		name string
		args []string
		cwd  string
	}{
		{"opath", []string{"opath", file}, ""},
		{"proc-self-root", []string{"open", "/proc/self/root" + file}, ""},
		{"proc-self-cwd", []string{"open", "/proc/self/cwd/pkg/index.js"}, dir + "/node_modules"},
		{"proc-pid-root", []string{"pidroot", file}, ""},
		{"double-slash", []string{"open", "/" + strings.ReplaceAll(file, "/", "//")}, ""},
		{"dotdot-through-symlink", []string{"open", dir + "/link/../index.js"}, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			opts := Options{Command: append([]string{prog}, tt.args...), Dir: tt.cwd}
			tr := runTrace(t, &opts)
			wantExit(t, tr, 0, opts)
			if got := readsOf(tr, file); len(got) != 1 {
				t.Errorf("reads of %s: %+v; all accesses: %+v", file, got, tr.Accesses)
			}
		})
	}
}

// TestAttackHardLink reproduces "hard links to a package's file from
// elsewhere": the path names no package, so the trace carries the file's
// identity.
func TestAttackHardLink(t *testing.T) { eachBackend(t, testAttackHardLink) }

func testAttackHardLink(t *testing.T, backend string) {
	dir := realTempDir(t)
	writeFiles(t, dir, "node_modules/pkg/index.js")
	file := dir + "/node_modules/pkg/index.js"
	if err := os.Link(file, dir+"/innocent.js"); err != nil {
		t.Fatal(err)
	}
	opts := Options{Command: []string{cprog(t, "evade"), "open", dir + "/innocent.js"}}
	tr := runTrace(t, &opts)
	wantExit(t, tr, 0, opts)
	a := accessOf(t, tr, OpRead, dir+"/innocent.js")
	dev, ino := identity(t, file)
	if diff := cmp.Diff([2]uint64{dev, ino}, [2]uint64{a.Dev, a.Ino}); diff != "" {
		t.Errorf("identity of the hard link (-want +got):\n%s", diff)
	}
}

// TestAttackRenamedDir reproduces "a package directory renamed during the
// run": the kernel names the file where it was opened; when the directory
// was renamed back before the end, that path no longer exists and the trace
// carries the file's identity, which is the package file's.
func TestAttackRenamedDir(t *testing.T) { eachBackend(t, testAttackRenamedDir) }

func testAttackRenamedDir(t *testing.T, backend string) {
	dir := realTempDir(t)
	writeFiles(t, dir, "node_modules/pkg/index.js")
	file := dir + "/node_modules/pkg/index.js"
	dev, ino := identity(t, file)
	tests := []struct {
		mode     string
		identity bool
	}{
		{"rename", false},    // the moved file still is at its real path
		{"renameback", true}, // its real path names nothing after the run
	}
	for _, tt := range tests {
		t.Run(tt.mode, func(t *testing.T) {
			from, to := dir+"/node_modules/pkg", dir+"/node_modules/.hidden-"+tt.mode
			opts := Options{Command: []string{cprog(t, "evade"), tt.mode, from, to, to + "/index.js"}}
			tr := runTrace(t, &opts)
			wantExit(t, tr, 0, opts)
			if tt.mode == "rename" {
				defer os.Rename(to, from)
			}
			a := accessOf(t, tr, OpRead, to+"/index.js")
			want := [2]uint64{}
			if tt.identity {
				want = [2]uint64{dev, ino}
			}
			if diff := cmp.Diff(want, [2]uint64{a.Dev, a.Ino}); diff != "" {
				t.Errorf("identity (-want +got):\n%s", diff)
			}
		})
	}
}
