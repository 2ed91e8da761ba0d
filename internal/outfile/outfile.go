// Package outfile owns how envaudit writes its output files safely: it never
// overwrites one of its inputs (a manifest, the trace being audited) or a
// file it did not write itself, it refuses outputs that collide or lie in a
// directory that cannot be written before any work starts, and it writes
// each file whole or not at all.
//
// Whether an existing file is one envaudit wrote is asked of the owner of
// its format (audit for reports, tracer for traces, sbom for SBOMs, sarif
// for SARIF logs), through a Format's Recognize function.
package outfile

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
)

// Format is a kind of file envaudit writes.
type Format struct {
	// Name says what the file is, in messages: "report", "trace".
	Name string
	// Recognize reports whether r, the start of an existing file, is one
	// of this format: replacing it then loses nothing of the user's.
	Recognize func(r io.Reader) bool
}

// File is an output file a command writes.
type File struct {
	// Label names the file in errors: the flag ("--sbom") or the Action's
	// input ("sbom").
	Label string
	// Path is where it goes; "" when not asked for.
	Path   string
	Format Format
	// Write writes its content; Check does not need it.
	Write func(io.Writer) error
}

// recognizeLimit bounds how much of an existing file Recognize may read.
const recognizeLimit = 256 << 20

// Check refuses output paths that would overwrite an input (inputs are
// paths of files envaudit reads), collide with each other, replace an
// existing file that is not of the output's format, or lie in a directory
// that does not exist or cannot be written: all of which would otherwise be
// found only after the traced command, however long, has run. Its errors
// start with the file's label.
func Check(inputs []string, outs []File) error {
	seen := map[string]string{}
	for _, in := range inputs {
		if abs, err := filepath.Abs(in); err == nil {
			seen[abs] = "input"
		}
	}
	for _, o := range outs {
		if o.Path == "" {
			continue
		}
		abs, err := filepath.Abs(o.Path)
		if err != nil {
			return fmt.Errorf("%s: %v", o.Label, err)
		}
		if real, err := filepath.EvalSymlinks(abs); err == nil {
			abs = real
		}
		if what, ok := seen[abs]; ok {
			if what == "input" {
				return fmt.Errorf("%s: %q is one of envaudit's inputs; refusing to overwrite it", o.Label, o.Path)
			}
			return fmt.Errorf("%s: %q is also the file of %s", o.Label, o.Path, what)
		}
		for other := range seen {
			if sameFile(other, abs) {
				return fmt.Errorf("%s: %q is one of envaudit's inputs; refusing to overwrite it", o.Label, o.Path)
			}
		}
		seen[abs] = o.Label
		if st, err := os.Stat(abs); err == nil {
			if st.IsDir() {
				return fmt.Errorf("%s: %q is a directory", o.Label, o.Path)
			}
			if !recognized(abs, st, o.Format) {
				return fmt.Errorf("%s: %q exists and is not an envaudit %s; refusing to overwrite it", o.Label, o.Path, o.Format.Name)
			}
		}
		if err := writableDir(filepath.Dir(abs), filepath.Dir(o.Path)); err != nil {
			return fmt.Errorf("%s: cannot write %q: %v", o.Label, o.Path, err)
		}
	}
	return nil
}

// recognized reports whether the existing regular file at path is of
// format f. Anything but a regular file (a FIFO, a device) is not opened
// at all, so a check never blocks.
func recognized(path string, st fs.FileInfo, f Format) bool {
	if !st.Mode().IsRegular() || f.Recognize == nil {
		return false
	}
	fh, err := os.Open(path)
	if err != nil {
		return false
	}
	defer fh.Close()
	return f.Recognize(io.LimitReader(fh, recognizeLimit))
}

// writableDir checks that files can be created in dir (shown as the user
// named it), as WriteAtomic will: by creating and removing a temporary
// file there, which answers for permissions, read-only mounts and ACLs
// alike.
func writableDir(dir, shown string) error {
	st, err := os.Stat(dir)
	if errors.Is(err, fs.ErrNotExist) {
		return fmt.Errorf("directory %q does not exist", shown)
	}
	if err != nil {
		return err
	}
	if !st.IsDir() {
		return fmt.Errorf("%q is not a directory", shown)
	}
	f, err := os.CreateTemp(dir, ".envaudit-*")
	if err != nil {
		var pe *fs.PathError
		if errors.As(err, &pe) {
			err = pe.Err
		}
		return fmt.Errorf("directory %q is not writable: %w", shown, err)
	}
	name := f.Name()
	f.Close()
	return os.Remove(name)
}

func sameFile(a, b string) bool {
	sa, err := os.Stat(a)
	if err != nil {
		return false
	}
	sb, err := os.Stat(b)
	return err == nil && os.SameFile(sa, sb)
}

// WriteAll writes the files asked for (a File with a Path), each whole or
// not at all (WriteAtomic), stopping at the first error, which starts
// with the file's label.
func WriteAll(files ...File) error {
	for _, f := range files {
		if f.Path == "" {
			continue
		}
		if err := WriteAtomic(f.Path, f.Write); err != nil {
			return fmt.Errorf("%s: %w", f.Label, err)
		}
	}
	return nil
}

// WriteAtomic writes a file through a temporary file in the same
// directory, renamed over path once complete, so that a failed write
// leaves the previous file intact and a symbolic link at path is replaced,
// not followed.
func WriteAtomic(path string, write func(io.Writer) error) error {
	f, err := os.CreateTemp(filepath.Dir(path), ".envaudit-*")
	if err != nil {
		return fmt.Errorf("write %q: %w", path, err)
	}
	defer os.Remove(f.Name())
	bw := bufio.NewWriter(f)
	if err := write(bw); err != nil {
		f.Close()
		return fmt.Errorf("write %q: %w", path, err)
	}
	if err := bw.Flush(); err != nil {
		f.Close()
		return fmt.Errorf("write %q: %w", path, err)
	}
	if err := f.Close(); err != nil {
		return fmt.Errorf("write %q: %w", path, err)
	}
	if err := os.Chmod(f.Name(), 0o644); err != nil {
		return fmt.Errorf("write %q: %w", path, err)
	}
	if err := os.Rename(f.Name(), path); err != nil {
		return fmt.Errorf("write %q: %w", path, err)
	}
	return nil
}
