// Package evchan owns the evidence channel: the one way an ecosystem's
// tools, run inside the traced command, hand envaudit evidence of use
// (the JVMs' class-load logs, the rustc wrapper's verdicts) that the
// traced command cannot take back.
//
// It sits beside the tracer, below the ecosystems: the channel is a
// second record of the traced run, checked against the run's trace, and
// knows nothing of packages; an ecosystem imports it only for the path
// its tools are told to write to (Path), the engine to open and close it
// around the run.
//
// A file the traced processes write and envaudit reads after the run is a
// file the tests can rewrite: deleting one line of a class-load log made a
// hidden dependency disappear. So the tools write into a FIFO in the
// ecosystem's scratch directory instead, and envaudit reads it while the
// run goes: a line, once written, is in envaudit's memory, and rewriting,
// truncating, deleting or renaming anything afterwards changes nothing.
// What the traced command could still do to the channel is watched:
//
//   - read lines out of it before envaudit does. The FIFO is write-only
//     (mode 0222) once envaudit holds it open, so reading needs a chmod
//     first, which the watch sees (a privileged trace runs the command as
//     another user, who cannot chmod it at all); an open of it for reading
//     only by root, who needs no chmod, is in the trace; one for reading
//     and writing is not told from a tool's (docs/tracer.md: a command
//     run as root can do that unseen).
//   - replace it (or the scratch directory, or a directory above it) with
//     a file of its own, so that the tools write elsewhere, and put it
//     back. An inotify watch of the scratch tree and of each directory
//     above it sees every creation, deletion, rename and change of
//     permissions there, and every write to a file of the tree (the java
//     launchers, the wrapper script), whoever makes it.
//
// Any of these fails the run (Close's error): the evidence is not trusted,
// and the report would otherwise rest on it. What the traced command can
// do undetected is add lines of its own, which each ecosystem's parser
// reads as claims that can add evidence of use, never take a hidden
// package's away (Maven checks a JVM's claimed kind against its command
// line), and prefix a tool's line with
// text (a write without a newline just before it), which the parsers
// survive by reading each line's record from its end.
package evchan

import (
	"errors"
	"io/fs"
	"path/filepath"

	"github.com/envaudit/envaudit/internal/projfile"
)

// Name is the channel's file name in a scratch directory; the tools are
// told to write to filepath.Join(scratch, Name).
const Name = "channel"

// SavedName is the file the channel's content is kept in after the run,
// beside the trace (envaudit trace --evidence), for a later audit.
const SavedName = "channel.log"

// MaxBytes bounds what envaudit keeps of a channel: a run that writes
// more (a class-load log of that size would be millions of classes) fails,
// rather than growing envaudit's memory without end.
const MaxBytes = 256 << 20

// Path returns the channel's path in scratch.
func Path(scratch string) string { return filepath.Join(scratch, Name) }

// ReadSaved returns the content of a channel kept in scratch by an earlier
// run (SavedName); nil when there is none. A named pipe or device there is
// refused, never read.
func ReadSaved(scratch string) ([]byte, error) {
	data, err := projfile.ReadFile(filepath.Join(scratch, SavedName), MaxBytes)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	return data, err
}
