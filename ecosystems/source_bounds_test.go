package ecosystems

import (
	"errors"
	"os"
	"path/filepath"
	"syscall"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// TestReadKindRefuses checks that Source reads no special file and no file
// past its kind's cap, inside the project or outside it, and says so in an
// error naming the file as it was asked for: a *PosError for a project
// file, an error without a position for one outside the project, which no
// annotation may point at.
func TestReadKindRefuses(t *testing.T) {
	top := t.TempDir()
	root := filepath.Join(top, "project")
	if err := os.Mkdir(root, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := syscall.Mkfifo(filepath.Join(root, "fifo.txt"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := syscall.Mkfifo(filepath.Join(top, "outside.txt"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink("/dev/null", filepath.Join(root, "null.txt")); err != nil {
		t.Fatal(err)
	}
	big := filepath.Join(root, "big.json")
	if err := os.WriteFile(big, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Truncate(big, MaxSize(KindConfig)+1); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(root, "ok.txt"), []byte("ok"), 0o644); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name string
		kind FileKind
		want string
		at   string // the *PosError's file; "" for an error without a position
	}{
		{"fifo.txt", KindManifest, "fifo.txt: cannot read: not a regular file (a named pipe)", "fifo.txt"},
		{"./fifo.txt", KindManifest, "fifo.txt: cannot read: not a regular file (a named pipe)", "fifo.txt"},
		{"../outside.txt", KindManifest, "../outside.txt: cannot read: not a regular file (a named pipe)", ""},
		{"null.txt", KindLockfile, "null.txt: cannot read: not a regular file (a character device)", "null.txt"},
		{"big.json", KindConfig, "big.json: larger than the 4 MiB limit for a config", "big.json"},
		{"big.json", KindLockfile, "", ""},
		{"ok.txt", KindManifest, "", ""},
	}
	src := Dir(root)
	for _, tt := range tests {
		t.Run(tt.name+"/"+string(tt.kind), func(t *testing.T) {
			_, err := src.ReadKind(tt.name, tt.kind)
			got := ""
			if err != nil {
				got = err.Error()
				var pe *PosError
				switch positioned := errors.As(err, &pe); {
				case tt.at == "" && positioned:
					t.Errorf("error %v is a *PosError at %s, outside the project", err, pe.Pos)
				case tt.at != "" && (!positioned || pe.Pos.File != tt.at):
					t.Errorf("error %v is no *PosError in %q", err, tt.at)
				}
			}
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("(-want +got):\n%s", diff)
			}
		})
	}
}
