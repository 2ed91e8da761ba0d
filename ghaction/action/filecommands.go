package action

import (
	"bytes"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
)

// fileCommandVars name the step's file commands: files the runner reads
// after the step to set its outputs, the environment and PATH of later
// steps, the action's state and the job summary.
var fileCommandVars = []string{"GITHUB_OUTPUT", "GITHUB_ENV", "GITHUB_PATH", "GITHUB_STATE", "GITHUB_STEP_SUMMARY"}

// runnerFileCommandDir is the directory of $RUNNER_TEMP in which the runner
// keeps the file commands of every step.
const runnerFileCommandDir = "_runner_file_commands"

// runnerFileCommandName matches the names the runner gives the files it
// creates for a step: a prefix per command and the step's GUID.
var runnerFileCommandName = regexp.MustCompile(`^(add_path|set_env|set_output|save_state|step_summary)_[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$`)

// fileCommandGuard undoes what the project's code does to the step's file
// commands. envaudit strips their variables from the environment of the
// test command, but the runner keeps the files in
// $RUNNER_TEMP/_runner_file_commands, which the command (same user) can list
// and write: appending to GITHUB_ENV or GITHUB_PATH would set the
// environment of the job's later steps, appending to GITHUB_OUTPUT would
// forge this step's outputs. The guard records each file before anything
// of the project runs and puts it back afterwards, before envaudit writes
// its own outputs and summary.
type fileCommandGuard struct {
	files []guardedFile
	// dirs are the runner's file-command directories holding the files,
	// with the names they held before.
	dirs map[string]map[string]bool
}

// guardedFile is one file as it was before the project's code ran, and
// then with what envaudit itself wrote to it (wrote).
type guardedFile struct {
	name    string // the variable naming it, or its base name
	path    string
	info    fs.FileInfo // nil: there was no file
	content []byte
}

// wrote records that envaudit appended text to the file command at path
// (appendFileCommand), once the project's code was done: the file must
// now hold what it held before plus text, and the check before envaudit
// exits (restore again) compares it with that. A nil guard records
// nothing.
func (g *fileCommandGuard) wrote(path, text string) {
	if g == nil {
		return
	}
	path = filepath.Clean(path)
	for i := range g.files {
		f := &g.files[i]
		if f.path != path {
			continue
		}
		f.content = append(f.content, text...)
		if f.info == nil {
			// envaudit made the file: the one there now is the one to
			// keep (a later replacement would not be the same file).
			if info, err := os.Lstat(path); err == nil && info.Mode().IsRegular() {
				f.info = info
			}
		}
		return
	}
}

// guardFileCommands records the file commands getenv names and, when they
// sit in the runner's file-command directory, every other file there (an
// earlier step's summary waiting to be uploaded).
func guardFileCommands(getenv func(string) string) (*fileCommandGuard, error) {
	g := &fileCommandGuard{dirs: map[string]map[string]bool{}}
	seen := map[string]bool{}
	add := func(name, p string) error {
		if seen[p] {
			return nil
		}
		seen[p] = true
		f := guardedFile{name: name, path: p}
		info, err := os.Lstat(p)
		switch {
		case errors.Is(err, fs.ErrNotExist):
		case err != nil:
			return err
		case !info.Mode().IsRegular():
			return fmt.Errorf("%s %q is not a regular file", name, p)
		default:
			if f.content, err = os.ReadFile(p); err != nil {
				return err
			}
			f.info = info
		}
		g.files = append(g.files, f)
		return nil
	}
	for _, v := range fileCommandVars {
		p := getenv(v)
		if p == "" {
			continue
		}
		p = filepath.Clean(p)
		if err := add(v, p); err != nil {
			return nil, fmt.Errorf("recording the file command %s: %w", v, err)
		}
		if dir := filepath.Dir(p); filepath.Base(dir) == runnerFileCommandDir {
			g.dirs[dir] = nil
		}
	}
	for dir := range g.dirs {
		entries, err := os.ReadDir(dir)
		if err != nil {
			return nil, fmt.Errorf("recording the file commands: %w", err)
		}
		names := map[string]bool{}
		for _, e := range entries {
			names[e.Name()] = true
			if e.Type().IsRegular() {
				if err := add(e.Name(), filepath.Join(dir, e.Name())); err != nil {
					return nil, fmt.Errorf("recording the file commands: %w", err)
				}
			}
		}
		g.dirs[dir] = names
	}
	return g, nil
}

// restore puts every recorded file back as it was: changed content is
// rewritten, a file replaced by another (a symbolic link, a new inode) or
// removed is made again with its content and mode, a file made where there
// was none is removed, and so are new files named like the runner's (a
// step's file commands of its own). It returns what had been tampered with,
// and an error if something could not be put back.
func (g *fileCommandGuard) restore() (tampered []string, err error) {
	var errs []error
	for i := range g.files {
		f := &g.files[i]
		changed, err := f.restore()
		if changed {
			tampered = append(tampered, f.name)
		}
		if err != nil {
			errs = append(errs, fmt.Errorf("restoring %s %q: %w", f.name, f.path, err))
		}
	}
	dirs := make([]string, 0, len(g.dirs))
	for dir := range g.dirs {
		dirs = append(dirs, dir)
	}
	slices.Sort(dirs)
	for _, dir := range dirs {
		entries, err := os.ReadDir(dir)
		if err != nil {
			errs = append(errs, fmt.Errorf("checking the file commands: %w", err))
			continue
		}
		for _, e := range entries {
			if g.dirs[dir][e.Name()] || !runnerFileCommandName.MatchString(e.Name()) {
				continue
			}
			tampered = append(tampered, "new "+e.Name())
			if err := os.RemoveAll(filepath.Join(dir, e.Name())); err != nil {
				errs = append(errs, err)
			}
		}
	}
	return tampered, errors.Join(errs...)
}

// restore puts one file back, saying whether it had been changed.
func (f *guardedFile) restore() (bool, error) {
	cur, err := os.Lstat(f.path)
	if errors.Is(err, fs.ErrNotExist) {
		if f.info == nil {
			return false, nil
		}
		return true, f.create()
	}
	if err != nil {
		return true, err
	}
	if f.info == nil {
		return true, os.RemoveAll(f.path)
	}
	if !os.SameFile(cur, f.info) || !cur.Mode().IsRegular() {
		if err := os.RemoveAll(f.path); err != nil {
			return true, err
		}
		return true, f.create()
	}
	changed := false
	if cur.Mode() != f.info.Mode() {
		changed = true
		if err := os.Chmod(f.path, f.info.Mode().Perm()); err != nil {
			return true, err
		}
	}
	if data, err := os.ReadFile(f.path); err == nil && bytes.Equal(data, f.content) {
		return changed, nil
	}
	// The same file (Lstat saw it, and nothing of the traced run is left
	// to swap it), rewritten in place.
	return true, os.WriteFile(f.path, f.content, f.info.Mode().Perm())
}

// create makes the file again where it was, and records the new file as the
// one to keep: a later restore must not take it for a replacement.
func (f *guardedFile) create() error {
	if err := os.MkdirAll(filepath.Dir(f.path), 0o755); err != nil {
		return err
	}
	w, err := os.OpenFile(f.path, os.O_WRONLY|os.O_CREATE|os.O_EXCL, f.info.Mode().Perm())
	if err != nil {
		return err
	}
	_, err = w.Write(f.content)
	if cerr := w.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Chmod(f.path, f.info.Mode().Perm())
	}
	if err == nil {
		var info fs.FileInfo
		if info, err = os.Lstat(f.path); err == nil {
			f.info = info
		}
	}
	return err
}

// lateTamperMessage says which file commands changed after envaudit had
// restored them and written its own: some process of the project's
// outlived the run.
func lateTamperMessage(tampered []string) string {
	return fmt.Sprintf("the step's file commands (%s) changed after envaudit had restored them and written its own outputs: a process the test command started is still running and writing them; envaudit put them back once more, but cannot vouch for what happens after it exits",
		strings.Join(tampered, ", "))
}

// tamperedMessage says which file commands the project's code changed.
func tamperedMessage(tampered []string) string {
	return fmt.Sprintf("the project's code (the test command, or a tool of the project envaudit ran) tampered with the step's file commands (%s), which could set this step's outputs or the environment of later steps; envaudit restored them to what they held before it ran",
		strings.Join(tampered, ", "))
}
