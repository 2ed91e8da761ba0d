//go:build !unix

package outfile

import (
	"io"
	"path/filepath"
)

// heldDir writes by path where directories cannot be held open for
// writing relative to them.
type heldDir struct{ dir string }

func holdDir(dir string) (*heldDir, error) { return &heldDir{dir}, nil }

func (h *heldDir) still(string) error { return nil }

func (h *heldDir) writeAtomic(name string, write func(io.Writer) error) error {
	return WriteAtomic(filepath.Join(h.dir, name), write)
}

func (h *heldDir) close() {}
