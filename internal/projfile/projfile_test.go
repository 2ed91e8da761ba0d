package projfile

import (
	"errors"
	"io/fs"
	"net"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"testing/fstest"
	"time"

	"github.com/google/go-cmp/cmp"
)

// specials makes, in dir, one file of each kind no read may touch, and
// returns their names with the kind the error must name.
func specials(t *testing.T, dir string) map[string]string {
	t.Helper()
	if err := syscall.Mkfifo(filepath.Join(dir, "fifo"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink("/dev/zero", filepath.Join(dir, "zero")); err != nil {
		t.Fatal(err)
	}
	l, err := net.Listen("unix", filepath.Join(dir, "sock"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { l.Close() })
	return map[string]string{"fifo": "a named pipe", "zero": "a character device", "sock": "socket"}
}

// withDeadline fails the test when f has not returned within a generous
// bound, instead of hanging the test binary as a blocked read would.
func withDeadline(t *testing.T, what string, f func()) {
	t.Helper()
	done := make(chan struct{})
	go func() { defer close(done); f() }()
	select {
	case <-done:
	case <-time.After(30 * time.Second):
		t.Fatalf("%s did not return", what)
	}
}

func TestReadFileRefusesSpecialFiles(t *testing.T) {
	dir := t.TempDir()
	for name, kind := range specials(t, dir) {
		t.Run(name, func(t *testing.T) {
			p := filepath.Join(dir, name)
			withDeadline(t, "ReadFile", func() {
				_, err := ReadFile(p, MaxManifest)
				if err == nil {
					t.Fatal("ReadFile read it")
				}
				// A socket cannot even be opened (ENXIO); a pipe and a
				// device are opened and refused by their fstat.
				if name != "sock" && !errors.Is(err, ErrNotRegular) {
					t.Errorf("error %v, want ErrNotRegular", err)
				}
				if !strings.Contains(err.Error(), p) || !strings.Contains(err.Error(), kind) && name != "sock" {
					t.Errorf("error %q does not name %q and %s", err, p, kind)
				}
			})
			withDeadline(t, "DirFS", func() {
				if _, err := fs.ReadFile(DirFS(dir), name); err == nil {
					t.Error("fs.ReadFile on DirFS read it")
				}
				if _, err := DirFS(dir).Open(name); err == nil {
					t.Error("DirFS opened it")
				}
				if _, err := fs.ReadDir(DirFS(dir), name); err == nil {
					t.Error("DirFS listed it")
				}
				if _, err := ReadFS(DirFS(dir), name, MaxManifest); err == nil {
					t.Error("ReadFS read it")
				}
			})
		})
	}
}

func TestReadFileCap(t *testing.T) {
	dir := t.TempDir()
	small := filepath.Join(dir, "small")
	if err := os.WriteFile(small, []byte("0123456789"), 0o644); err != nil {
		t.Fatal(err)
	}
	// A sparse file: its size is refused before a byte of it is read.
	huge := filepath.Join(dir, "huge")
	if err := os.WriteFile(huge, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Truncate(huge, 1<<40); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name, path string
		max        int64
		want       string // the data, or the error
	}{
		{"under", small, 11, "0123456789"},
		{"at", small, 10, "0123456789"},
		{"over", small, 9, `read ` + small + `: file is larger than the 9 bytes limit`},
		{"sparse", huge, MaxLockfile, `read ` + huge + `: file is larger than the 64 MiB limit`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			data, err := ReadFile(tt.path, tt.max)
			got := string(data)
			if err != nil {
				got = err.Error()
				var tl *TooLargeError
				if !errors.As(err, &tl) || tl.Max != tt.max {
					t.Errorf("error %v is no *TooLargeError with Max %d", err, tt.max)
				}
			}
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("(-want +got):\n%s", diff)
			}
		})
	}
}

// TestReadFSCapsProc reads a file whose fstat size is 0 (/proc's): the
// bounded read still applies the cap.
func TestReadFSCapsProc(t *testing.T) {
	_, err := ReadFS(os.DirFS("/proc/self"), "maps", 16)
	var tl *TooLargeError
	if !errors.As(err, &tl) {
		t.Errorf("error %v, want a *TooLargeError", err)
	}
}

// TestDirFS checks DirFS is an fs.FS like os.DirFS for ordinary trees.
func TestDirFS(t *testing.T) {
	dir := t.TempDir()
	for name, data := range map[string]string{"a.txt": "a", "sub/b.json": "{}", "sub/deeper/c": ""} {
		p := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(data), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if err := fstest.TestFS(DirFS(dir), "a.txt", "sub/b.json", "sub/deeper/c"); err != nil {
		t.Fatal(err)
	}
	if _, err := DirFS(dir).Open("../etc/passwd"); !errors.Is(err, fs.ErrInvalid) {
		t.Errorf("Open(../etc/passwd) = %v, want fs.ErrInvalid", err)
	}
	if _, err := fs.ReadFile(DirFS(dir), "missing"); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("missing file: %v, want fs.ErrNotExist", err)
	}
}

func TestSize(t *testing.T) {
	for n, want := range map[int64]string{MaxManifest: "4 MiB", MaxLockfile: "64 MiB", 4096: "4 KiB", 1000: "1000 bytes"} {
		if got := Size(n); got != want {
			t.Errorf("Size(%d) = %q, want %q", n, got, want)
		}
	}
}
