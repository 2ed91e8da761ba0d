package policy

import (
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// TestLoadConfigRefuses checks that an .envaudit.yml that is a named pipe,
// a link to a device or larger than the config cap is a positioned error
// naming the file, returned at once, and that a deeply nested one is
// refused by the YAML decoder's own depth cap with the file named.
func TestLoadConfigRefuses(t *testing.T) {
	dir := t.TempDir()
	fifo := filepath.Join(dir, "fifo.yml")
	if err := syscall.Mkfifo(fifo, 0o644); err != nil {
		t.Fatal(err)
	}
	zero := filepath.Join(dir, "zero.yml")
	if err := os.Symlink("/dev/zero", zero); err != nil {
		t.Fatal(err)
	}
	big := filepath.Join(dir, "big.yml")
	if err := os.WriteFile(big, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Truncate(big, 5<<20); err != nil {
		t.Fatal(err)
	}
	deep := filepath.Join(dir, "deep.yml")
	if err := os.WriteFile(deep, []byte("ignore: "+strings.Repeat("[", 20_000)+strings.Repeat("]", 20_000)+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	tests := []struct{ path, want string }{
		{fifo, ".envaudit.yml: cannot read: not a regular file (a named pipe)"},
		{zero, ".envaudit.yml: cannot read: not a regular file (a character device)"},
		{big, ".envaudit.yml: larger than the 4 MiB limit for a config"},
		{deep, ".envaudit.yml: exceeded max depth of 10000"},
	}
	for _, tt := range tests {
		t.Run(filepath.Base(tt.path), func(t *testing.T) {
			_, err := LoadConfig(tt.path, ".envaudit.yml", nil)
			if err == nil {
				t.Fatal("LoadConfig accepted it")
			}
			if diff := cmp.Diff(tt.want, err.Error()); diff != "" {
				t.Errorf("(-want +got):\n%s", diff)
			}
		})
	}
}
