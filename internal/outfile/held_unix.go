//go:build unix

package outfile

import (
	"bufio"
	"crypto/rand"
	"encoding/hex"
	"fmt"
	"io"
	"os"

	"golang.org/x/sys/unix"
)

// heldDir is an output directory opened before the run, with the identity
// it had then.
type heldDir struct {
	fd       int
	dev, ino uint64
}

func holdDir(dir string) (*heldDir, error) {
	fd, err := unix.Open(dir, unix.O_PATH|unix.O_DIRECTORY|unix.O_CLOEXEC, 0)
	if err != nil {
		return nil, err
	}
	var st unix.Stat_t
	if err := unix.Fstat(fd, &st); err != nil {
		unix.Close(fd)
		return nil, err
	}
	return &heldDir{fd: fd, dev: uint64(st.Dev), ino: st.Ino}, nil
}

// still reports an error unless dir, resolved now, is the held directory.
func (h *heldDir) still(dir string) error {
	var st unix.Stat_t
	if err := unix.Stat(dir, &st); err != nil || uint64(st.Dev) != h.dev || st.Ino != h.ino {
		return fmt.Errorf("directory %q was replaced while the command ran (it names another directory, or none, than before the run): nothing is written there", dir)
	}
	return nil
}

// writeAtomic writes name in the held directory through a temporary file
// created there, renamed over name once complete; a symbolic link at name
// is replaced, not followed.
func (h *heldDir) writeAtomic(name string, write func(io.Writer) error) error {
	var r [8]byte
	if _, err := rand.Read(r[:]); err != nil {
		return err
	}
	tmp := ".envaudit-" + hex.EncodeToString(r[:])
	fd, err := unix.Openat(h.fd, tmp, unix.O_WRONLY|unix.O_CREAT|unix.O_EXCL|unix.O_NOFOLLOW|unix.O_CLOEXEC, 0o600)
	if err != nil {
		return err
	}
	f := os.NewFile(uintptr(fd), tmp)
	done := false
	defer func() {
		if !done {
			unix.Unlinkat(h.fd, tmp, 0)
		}
	}()
	bw := bufio.NewWriter(f)
	if err := write(bw); err != nil {
		f.Close()
		return err
	}
	if err := bw.Flush(); err != nil {
		f.Close()
		return err
	}
	if err := f.Chmod(0o644); err != nil {
		f.Close()
		return err
	}
	if err := f.Close(); err != nil {
		return err
	}
	if err := unix.Renameat(h.fd, tmp, h.fd, name); err != nil {
		return err
	}
	done = true
	return nil
}

func (h *heldDir) close() { unix.Close(h.fd) }
