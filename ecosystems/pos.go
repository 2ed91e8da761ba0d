package ecosystems

import (
	"errors"
	"fmt"
	"path"
	"path/filepath"
	"strings"
)

// Pos is a position in a project file: where a declaration, an import or
// an error is, and so where a finding, an annotation or a review comment
// is placed.
//
// Every Pos an ecosystem hands out is made by NewPos, so File is always
// a project file named the one way every consumer can use as it is:
// slash-separated, relative to the project root, clean (no "./", no
// "a/../b", no doubled or trailing slash), never absolute, never the root
// itself and never outside it. The text report prints it, the front ends
// join it to the project's directory in the repository, and the publish
// bundle's validator accepts it; none of them needs to clean it. Line is
// 1-based, 0 when unknown or when the position is the whole file.
//
// The zero Pos is no position at all (a finding without a line of its
// own); NewPos never returns it.
type Pos struct {
	File string `json:"file"`
	Line int    `json:"line,omitempty"`
}

func (p Pos) String() string {
	if p.Line > 0 {
		return fmt.Sprintf("%s:%d", p.File, p.Line)
	}
	return p.File
}

// ErrNotInProject is what NewPos refuses a name with that names no file of
// the project: empty, the root itself, outside the root, or absolute with
// no root to make it relative to.
var ErrNotInProject = errors.New("not a file of the project")

// NewPos returns the position of line in the project file file, the one
// constructor of Pos.
//
// file is the name a producer has at hand: relative to the project root
// (as an fs.FS, a manifest's reference or a parser names it, in any of
// its spellings: "./index.js", "src//a.js", "lib/../a.js"), or absolute.
// A relative name is cleaned. An absolute one is made relative to root
// (an absolute directory; cleaned, compared without resolving symbolic
// links, so a producer passes paths spelled under the same root) when it
// lies below it; with root "" every absolute name is refused.
//
// A name that resolves to the root itself or leaves it ("..",
// "../common.txt", an absolute path elsewhere) is refused with an error
// wrapping ErrNotInProject, and so is a negative line: a position must
// never silently point somewhere else. What a producer does then is its
// own to decide, and never a guess: a declaration read from a file outside
// the project is placed where the project reaches that file (the "-r"
// line that includes it, the go.work "use" directive, the pom's
// <module>); an error in such a file names it in its text and has no
// position (Errorf); an import the producer cannot place is left out with
// a warning, so the imports count as read in part.
func NewPos(root, file string, line int) (Pos, error) {
	if line < 0 {
		return Pos{}, fmt.Errorf("%q: line %d: %w", file, line, ErrNotInProject)
	}
	name := filepath.ToSlash(file)
	if path.IsAbs(name) || filepath.IsAbs(file) {
		if root == "" || !filepath.IsAbs(root) {
			return Pos{}, fmt.Errorf("%q is absolute and no project root is known: %w", file, ErrNotInProject)
		}
		rel, err := filepath.Rel(filepath.Clean(root), filepath.Clean(file))
		if err != nil {
			return Pos{}, fmt.Errorf("%q: %w", file, ErrNotInProject)
		}
		name = filepath.ToSlash(rel)
	}
	name = path.Clean(name)
	switch {
	case file == "":
		return Pos{}, fmt.Errorf("empty file name: %w", ErrNotInProject)
	case name == ".":
		return Pos{}, fmt.Errorf("%q is the project root: %w", file, ErrNotInProject)
	case name == ".." || strings.HasPrefix(name, "../") || path.IsAbs(name):
		return Pos{}, fmt.Errorf("%q is outside the project: %w", file, ErrNotInProject)
	}
	return Pos{File: name, Line: line}, nil
}

// PosVia returns the position of line in file (named as NewPos takes it,
// relative to the root) when file is a project file, else via: where the
// project reaches the file outside it (the "-r ../common.txt" line, the
// go.work "use ../shared" directive, the workspace pattern, the pom's
// <module>), itself made by NewPos. A declaration read from outside the
// project is so placed on the line of the project that brings it in,
// which is where a reviewer can act on it, never on a path outside the
// project or an absolute one. A producer that reaches file only inside
// the project (a manifest at the root, a file its walk of the tree
// found) passes the zero Pos: a name NewPos refuses then has no
// position, never a wrong one.
func PosVia(file string, line int, via Pos) Pos {
	if p, err := NewPos("", file, line); err == nil {
		return p
	}
	return via
}

// PosError is an error in a project file at a position. It prints as
// `requirements.txt:12: invalid requirement "foo==": missing version`.
// Its Pos, like every Pos, is made by NewPos.
type PosError struct {
	Pos Pos
	Err error
}

func (e *PosError) Error() string { return e.Pos.String() + ": " + e.Err.Error() }
func (e *PosError) Unwrap() error { return e.Err }

// Errorf returns the error at line of file (named as NewPos takes it,
// relative to the root): a *PosError when file is a project file. A file
// outside the project (a requirements file included from ../, a sibling
// go.work module) has no position to annotate: the error then prints the
// same, naming the file and line in its text, but is no *PosError.
func Errorf(file string, line int, format string, args ...any) error {
	return ErrorAt(file, line, fmt.Errorf(format, args...))
}

// ErrorAt returns err at line of file as Errorf does: a *PosError when
// NewPos accepts file, else an error naming file and line in its text
// only.
func ErrorAt(file string, line int, err error) error {
	pos, perr := NewPos("", file, line)
	if perr != nil {
		return &outsideError{at: Pos{File: file, Line: max(line, 0)}.String(), err: err}
	}
	return &PosError{Pos: pos, Err: err}
}

// outsideError is an error in a file that is not the project's.
type outsideError struct {
	at  string
	err error
}

func (e *outsideError) Error() string { return e.at + ": " + e.err.Error() }
func (e *outsideError) Unwrap() error { return e.err }
