//go:build linux && (amd64 || arm64)

package tracer

import (
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"unsafe"

	"github.com/google/go-cmp/cmp"
	"golang.org/x/sys/unix"
)

// The attacks of issue 20 §3 and §9 that make a path name another file
// than the one opened (mounts, other mount namespaces, renames, paths
// beyond PATH_MAX) or bring a file in without an open (descriptors from
// another process). Each runs testdata/c/evade.c under both backends and
// checks what the kernel's facts put in the trace: the file's identity
// and why its path is no evidence (Access.Unproven), the calls that
// changed mounts (End.Mounts), the received file as an access.

// pkgTree makes dir/node_modules/{declared,hidden}/index.js and returns
// the two files.
func pkgTree(t *testing.T) (dir, declared, hidden string) {
	t.Helper()
	dir = realTempDir(t)
	writeFiles(t, dir, "node_modules/declared/index.js", "node_modules/hidden/index.js")
	return dir, dir + "/node_modules/declared/index.js", dir + "/node_modules/hidden/index.js"
}

// fileAccess is what the tests compare of an access of one path.
type fileAccess struct {
	Unproven string
	Dev, Ino uint64
}

// accessesOf returns the read accesses whose path as named is path,
// ordered by identity.
func accessesOf(tr *Trace, path string) []fileAccess {
	var out []fileAccess
	for _, a := range tr.Accesses {
		if a.Op == OpRead && a.Path == path {
			out = append(out, fileAccess{a.Unproven, a.Dev, a.Ino})
		}
	}
	return out
}

// recordOf returns the ID of the record whose program is exe and that
// made no further exec (the evade program itself, after its exec).
func recordOf(t *testing.T, tr *Trace, exe string) int {
	t.Helper()
	for _, p := range tr.Processes {
		if p.Exec && p.Exe == exe {
			return p.ID
		}
	}
	t.Fatalf("no exec record of %s in %+v", exe, tr.Processes)
	return 0
}

// TestAttackMounts: in a new mount namespace, a bind mount of one
// package's directory over another's, or an overlay of it, makes the
// declared package's path open the hidden package's file. The access
// carries the file's identity (the hidden package's file for a bind
// mount; the overlay's own inode for an overlay, which no installed file
// has) and says its path is no evidence; a namespace that only copies the
// mounts is told the same, with the file's own identity; and the calls
// that changed mounts are listed.
func TestAttackMounts(t *testing.T) { eachBackend(t, testAttackMounts) }

func testAttackMounts(t *testing.T, backend string) {
	prog := cprog(t, "evade")
	tests := []struct {
		name string
		args func(dir, declared, hidden string) []string
		// file is whose identity the access must carry: "hidden",
		// "declared", or "overlay" (the hidden file's inode number on
		// another device).
		file   string
		mounts []string
	}{
		{"bind", func(dir, declared, hidden string) []string {
			return []string{"bindopen", filepath.Dir(hidden), filepath.Dir(declared), declared}
		}, "hidden", []string{"mount x2", "unshare"}},
		{"overlay", func(dir, declared, hidden string) []string {
			for _, d := range []string{"upper", "work"} {
				if err := os.Mkdir(filepath.Join(dir, d), 0o755); err != nil {
					t.Fatal(err)
				}
			}
			return []string{"overlay", filepath.Dir(hidden), dir + "/upper", dir + "/work", filepath.Dir(declared), declared}
		}, "overlay", []string{"mount x2", "unshare"}},
		{"copy", func(dir, declared, hidden string) []string {
			return []string{"copyns", declared}
		}, "declared", []string{"unshare"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			dir, declared, hidden := pkgTree(t)
			opts := Options{Command: append([]string{prog}, tt.args(dir, declared, hidden)...)}
			tr := runTrace(t, &opts)
			wantExit(t, tr, 0, opts)
			got := accessesOf(tr, declared)
			if len(got) != 1 {
				t.Fatalf("reads of %s: %+v, want one", declared, got)
			}
			hdev, hino := identity(t, hidden)
			ddev, dino := identity(t, declared)
			want := map[string]fileAccess{
				"hidden":   {UnprovenMount, hdev, hino},
				"declared": {UnprovenMount, ddev, dino},
				"overlay":  {UnprovenMount, got[0].Dev, hino},
			}[tt.file]
			if diff := cmp.Diff(want, got[0]); diff != "" {
				t.Errorf("read of %s (-want +got):\n%s", declared, diff)
			}
			if tt.file == "overlay" && got[0].Dev == hdev {
				t.Errorf("the overlay's file has the device of the directory below it, %d", hdev)
			}
			rec := recordOf(t, tr, prog)
			var mounts []string
			for _, m := range tr.End.Mounts {
				if m.Proc != rec {
					t.Errorf("mount change %+v by another record than the program's %d", m, rec)
				}
				s := m.Call
				if m.Count > 1 {
					s += " x" + strconv.Itoa(m.Count)
				}
				mounts = append(mounts, s)
			}
			if diff := cmp.Diff(tt.mounts, mounts); diff != "" {
				t.Errorf("End.Mounts (-want +got):\n%s", diff)
			}
		})
	}
}

// TestCloneNewNS: a child made with clone(CLONE_NEWNS) is recorded as its
// parent's change of mount namespace, and its opens as made through
// mounts that are not the tracer's.
func TestCloneNewNS(t *testing.T) { eachBackend(t, testCloneNewNS) }

func testCloneNewNS(t *testing.T, backend string) {
	prog := cprog(t, "evade")
	_, declared, _ := pkgTree(t)
	opts := Options{Command: []string{prog, "clonens", declared}}
	tr := runTrace(t, &opts)
	wantExit(t, tr, 0, opts)
	rec := recordOf(t, tr, prog)
	if diff := cmp.Diff([]MountChange{{Proc: rec, Call: "clone"}}, tr.End.Mounts); diff != "" {
		t.Errorf("End.Mounts (-want +got):\n%s", diff)
	}
	dev, ino := identity(t, declared)
	if diff := cmp.Diff([]fileAccess{{UnprovenMount, dev, ino}}, accessesOf(tr, declared)); diff != "" {
		t.Errorf("reads (-want +got):\n%s", diff)
	}
}

// TestAttackRenames: package directories swapped around a load and put
// back, and a package's file renamed over another's. One spelling that
// named two files gives two accesses, each with its file's identity; a
// file renamed during the run (its ctime is the run's) is said to have
// changed, with its identity, unless the command wrote it.
func TestAttackRenames(t *testing.T) { eachBackend(t, testAttackRenames) }

func testAttackRenames(t *testing.T, backend string) {
	prog := cprog(t, "evade")
	t.Run("swapdirs", func(t *testing.T) {
		_, declared, hidden := pkgTree(t)
		ddev, dino := identity(t, declared)
		hdev, hino := identity(t, hidden)
		opts := Options{Command: []string{prog, "swapdirs", filepath.Dir(declared), filepath.Dir(hidden), declared}}
		tr := runTrace(t, &opts)
		wantExit(t, tr, 0, opts)
		want := []fileAccess{{"", ddev, dino}, {"", hdev, hino}}
		if dino > hino {
			want[0], want[1] = want[1], want[0]
		}
		if diff := cmp.Diff(want, accessesOf(tr, declared)); diff != "" {
			t.Errorf("reads of %s (-want +got):\n%s", declared, diff)
		}
	})
	t.Run("movefile", func(t *testing.T) {
		_, declared, hidden := pkgTree(t)
		hdev, hino := identity(t, hidden)
		opts := Options{Command: []string{prog, "movefile", hidden, declared, declared}}
		tr := runTrace(t, &opts)
		wantExit(t, tr, 0, opts)
		if diff := cmp.Diff([]fileAccess{{UnprovenChanged, hdev, hino}}, accessesOf(tr, declared)); diff != "" {
			t.Errorf("reads of %s (-want +got):\n%s", declared, diff)
		}
	})
	t.Run("written", func(t *testing.T) {
		// A file the command writes, then renames into a package's
		// directory and reads (Python's bytecode cache does so), has
		// changed by the command's own writing: its path stands.
		dir, declared, _ := pkgTree(t)
		cache := filepath.Join(filepath.Dir(declared), "cache.pyc")
		opts := Options{Command: []string{"/bin/sh", "-c", `echo x >"$1.tmp" && mv "$1.tmp" "$1" && cat "$1" >/dev/null`, "sh", cache}, Dir: dir}
		tr := runTrace(t, &opts)
		wantExit(t, tr, 0, opts)
		for _, a := range tr.Accesses {
			if a.Op == OpRead && a.Path == cache && a.Unproven != "" {
				t.Errorf("read of the file the command wrote: %+v, want its path to stand", a)
			}
		}
	})
}

// TestLongPath: a package's directory moved below a chain of directories
// whose path exceeds PATH_MAX, where the kernel names no path for the file
// opened there: the access carries the file's identity, and says so.
func TestLongPath(t *testing.T) { eachBackend(t, testLongPath) }

func testLongPath(t *testing.T, backend string) {
	dir, _, hidden := pkgTree(t)
	if err := os.Mkdir(dir+"/deep", 0o755); err != nil {
		t.Fatal(err)
	}
	dev, ino := identity(t, hidden)
	opts := Options{Command: []string{cprog(t, "evade"), "deep", dir + "/deep", filepath.Dir(hidden), "index.js"}}
	tr := runTrace(t, &opts)
	wantExit(t, tr, 0, opts)
	var got []Access
	for _, a := range tr.Accesses {
		if a.Ino == ino {
			got = append(got, a)
		}
	}
	if len(got) != 1 || got[0].Unproven != UnprovenLong || got[0].Dev != dev {
		t.Errorf("accesses of the file below the long path: %+v, want one, unproven %q, with its identity", got, UnprovenLong)
	}
}

// TestReceivedDescriptors: a file opened by a process the tracer does not
// trace and handed to a traced one (SCM_RIGHTS over a Unix socket, with
// recvmsg and recvmmsg; a copy taken with pidfd_getfd) is recorded as an
// access of the receiver, by its real path.
func TestReceivedDescriptors(t *testing.T) { eachBackend(t, testReceivedDescriptors) }

func testReceivedDescriptors(t *testing.T, backend string) {
	prog := cprog(t, "evade")
	for _, mode := range []string{"recvfd", "recvmmsgfd", "getfd"} {
		t.Run(mode, func(t *testing.T) {
			dir, _, hidden := pkgTree(t)
			var args []string
			if mode == "getfd" {
				// The outside process holds the file as its
				// descriptor 3.
				f, err := os.Open(hidden)
				if err != nil {
					t.Fatal(err)
				}
				defer f.Close()
				args = []string{prog, mode, strconv.Itoa(outsideHolder(t, f)), "3"}
			} else {
				sock := dir + "/sock"
				l, err := net.Listen("unix", sock)
				if err != nil {
					t.Fatal(err)
				}
				defer l.Close()
				go sendFile(t, l, hidden)
				args = []string{prog, mode, sock}
			}
			opts := Options{Command: args}
			tr := runTrace(t, &opts)
			wantExit(t, tr, 0, opts)
			if got := readsOf(tr, hidden); len(got) != 1 || got[0].Path != hidden {
				t.Errorf("reads of %s: %+v, want the received file's", hidden, got)
			}
		})
	}
}

// outsideHolder starts a process that holds f as its descriptor 3 until
// the test ends, and returns its pid. It is no child of this process: a
// child of the thread that becomes the tracer's would be waited for with
// the tracees.
func outsideHolder(t *testing.T, f *os.File) int {
	t.Helper()
	sh := exec.Command("sh", "-c", "sleep 30 </dev/null >/dev/null 2>&1 & echo $!")
	sh.ExtraFiles = []*os.File{f}
	out, err := sh.Output()
	if err != nil {
		t.Fatal(err)
	}
	pid, err := strconv.Atoi(strings.TrimSpace(string(out)))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { syscall.Kill(pid, syscall.SIGKILL) })
	return pid
}

// sendFile accepts one connection on l and sends it a descriptor of file
// (SCM_RIGHTS), from this process, which the tracer does not trace.
func sendFile(t *testing.T, l net.Listener, file string) {
	c, err := l.Accept()
	if err != nil {
		t.Error(err)
		return
	}
	defer c.Close()
	f, err := os.Open(file)
	if err != nil {
		t.Error(err)
		return
	}
	defer f.Close()
	uc := c.(*net.UnixConn)
	if _, _, err := uc.WriteMsgUnix([]byte{0}, unix.UnixRights(int(f.Fd())), nil); err != nil {
		t.Error(err)
	}
}

// TestReceivedIOURing: an io_uring instance taken from a process the
// tracer does not trace (pidfd_getfd; the kernel refuses to pass one over
// a Unix socket) opens files unseen: the trace is incomplete and says why.
func TestReceivedIOURing(t *testing.T) { eachBackend(t, testReceivedIOURing) }

func testReceivedIOURing(t *testing.T, backend string) {
	var p [120]byte // struct io_uring_params
	fd, _, e := syscall.Syscall(unix.SYS_IO_URING_SETUP, 4, uintptr(unsafe.Pointer(&p)), 0)
	if e != 0 {
		disabled, _ := os.ReadFile("/proc/sys/kernel/io_uring_disabled")
		t.Fatalf("this test process cannot set up io_uring to hand over (kernel.io_uring_disabled = %q): %v", strings.TrimSpace(string(disabled)), e)
	}
	ring := os.NewFile(fd, "io_uring")
	defer ring.Close()
	opts := Options{Command: []string{cprog(t, "evade"), "getfd", strconv.Itoa(outsideHolder(t, ring)), "3"}}
	tr := runTrace(t, &opts)
	// The program cannot read a ring: it exits 1 once it has it.
	wantExit(t, tr, 1, opts)
	if !tr.End.Incomplete || len(tr.End.Gaps) != 1 || !strings.Contains(tr.End.Gaps[0], "received an io_uring instance") {
		t.Errorf("incomplete %v, gaps %q; want the received io_uring named", tr.End.Incomplete, tr.End.Gaps)
	}
}
