package outfile

import (
	"fmt"
	"io"
	"path/filepath"
)

// Dirs holds the directories of output files open from before the traced
// command runs until the files are written after it. A path is resolved
// when it is used: checked before the run (Check) and written after it, a
// directory on its way could meanwhile have been replaced by the command
// (the same user's) with a symbolic link to anywhere that user may write,
// the runner's file-command directory among them. Written through Dirs, a
// file goes into the directory its path named before the run (openat and
// renameat on the held descriptor), and only while its path still names
// that directory: a replaced one is an error, and nothing is written.
type Dirs struct {
	held map[string]*heldDir // by the directory of an output's path, absolute
	errs map[string]error    // the directories that could not be held, and why
}

// Hold opens the directory of every output of outs that has a path; Close
// releases them. Call it right after Check, before the command runs. A
// directory that cannot be opened is not an error here (Check says what
// is wrong with it): writing into it is.
func Hold(outs []File) *Dirs {
	d := &Dirs{held: map[string]*heldDir{}, errs: map[string]error{}}
	for _, o := range outs {
		if o.Path == "" {
			continue
		}
		dir, err := filepath.Abs(filepath.Dir(o.Path))
		if err != nil || d.held[dir] != nil || d.errs[dir] != nil {
			continue
		}
		h, err := holdDir(dir)
		if err != nil {
			d.errs[dir] = err
			continue
		}
		d.held[dir] = h
	}
	return d
}

// WriteAtomic is the package's WriteAtomic through the held directory of
// path: the file is written whole or not at all, in the directory path
// named when Hold opened it, and not at all when path names another
// directory now, or when Hold could not open it. A nil Dirs, or a path
// Hold was not given, is written by path as WriteAtomic writes it.
func (d *Dirs) WriteAtomic(path string, write func(io.Writer) error) error {
	if d == nil {
		return WriteAtomic(path, write)
	}
	dir, err := filepath.Abs(filepath.Dir(path))
	if err != nil {
		return fmt.Errorf("write %q: %w", path, err)
	}
	if err := d.errs[dir]; err != nil {
		return fmt.Errorf("write %q: its directory could not be opened before the command ran: %w", path, err)
	}
	h := d.held[dir]
	if h == nil {
		return WriteAtomic(path, write)
	}
	if err := h.still(dir); err != nil {
		return fmt.Errorf("write %q: %w", path, err)
	}
	if err := h.writeAtomic(filepath.Base(path), write); err != nil {
		return fmt.Errorf("write %q: %w", path, err)
	}
	return nil
}

// WriteAll is the package's WriteAll through the held directories.
func (d *Dirs) WriteAll(files ...File) error {
	for _, f := range files {
		if f.Path == "" {
			continue
		}
		if err := d.WriteAtomic(f.Path, f.Write); err != nil {
			return fmt.Errorf("%s: %w", f.Label, err)
		}
	}
	return nil
}

// Close releases the held directories.
func (d *Dirs) Close() {
	if d == nil {
		return
	}
	for dir, h := range d.held {
		h.close()
		delete(d.held, dir)
	}
}
