package ecosystems

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"sort"
	"strings"

	"github.com/envaudit/envaudit/internal/projfile"
)

// Source is a project tree an ecosystem opens.
//
// Every read of a project file — a manifest, a lockfile, a configuration
// file — goes through FS, so a tree that is not on disk (the files of a git
// commit) can be opened as well as a directory. The project is hostile
// input: ReadFile and ReadKind refuse a named pipe, a device or a socket
// without blocking on it, and a file past the size cap of its kind, each
// as a *PosError naming the file. What lies outside
// the project is not read through FS: an installed tree (node_modules,
// site-packages, the dpkg database, the module cache) and the tools an
// ecosystem asks (npm, mvn, go, an interpreter) need Root.
type Source struct {
	// FS holds the project's files, rooted at the project root.
	FS fs.FS
	// Root is the absolute directory FS reads, for the tools an ecosystem
	// asks and the installed trees it reads; "" when the files are not on
	// disk (a git tree): such a project answers Files and Declared only,
	// and its Installed returns ErrNotOnDisk.
	Root string
}

// ErrNotOnDisk is what Project.Installed returns for a project opened on a
// Source without Root: there is no installation to enumerate and no
// directory to run its tools in.
var ErrNotOnDisk = errors.New("the project's files are not on disk")

// Dir returns the Source of the project directory root, its files read
// through os.DirFS. A relative root is made absolute against the working
// directory, since Root is what the ecosystems' tools run in.
func Dir(root string) Source {
	if abs, err := filepath.Abs(root); err == nil {
		root = abs
	}
	return Source{FS: projfile.DirFS(root), Root: root}
}

// OnDisk reports whether the project's files are on disk at Root.
func (s Source) OnDisk() bool { return s.Root != "" }

// ReadFile reads the project file name: slash-separated and relative to
// the root, through FS. A name that leaves the root ("../shared/go.mod",
// as a go.work or a requirements file may name one) or is absolute names a
// file outside the project: it is read from disk, relative to Root, when
// the project is on disk, and does not exist otherwise.
//
// The file is read up to the largest cap, a lockfile's; ReadKind reads
// a file of a known kind up to its own.
func (s Source) ReadFile(name string) ([]byte, error) {
	return s.ReadKind(name, KindLockfile)
}

// ReadKind reads the project file name as ReadFile does, refusing it when
// it is larger than MaxSize(kind). A file that is not regular (a named
// pipe, a device, a socket, or a link to one) or is too large is a
// *PosError naming the file, which the front ends print as the file's
// error; other errors are as fs.ReadFile returns them.
func (s Source) ReadKind(name string, kind FileKind) ([]byte, error) {
	max := MaxSize(kind)
	var data []byte
	var err error
	if rel, ok := inside(name); ok {
		data, err = projfile.ReadFS(s.FS, rel, max)
	} else {
		var p string
		if p, err = s.outside("open", name); err != nil {
			return nil, err
		}
		data, err = projfile.ReadFile(p, max)
	}
	var tl *projfile.TooLargeError
	switch {
	case errors.As(err, &tl):
		return nil, Errorf(name, 0, "larger than the %s limit for a %s", projfile.Size(max), kind)
	case errors.Is(err, projfile.ErrNotRegular):
		var pe *fs.PathError
		if errors.As(err, &pe) {
			err = pe.Err
		}
		return nil, ErrorAt(name, 0, fmt.Errorf("cannot read: %w", err))
	}
	return data, err
}

// MaxSize returns the size cap of a project file of kind: 4 MiB for a
// manifest, 64 MiB for a lockfile, 4 MiB for a configuration file.
func MaxSize(kind FileKind) int64 {
	switch kind {
	case KindManifest:
		return projfile.MaxManifest
	case KindConfig:
		return projfile.MaxConfig
	}
	return projfile.MaxLockfile
}

// Stat returns the file information of name, found as ReadFile finds it.
func (s Source) Stat(name string) (fs.FileInfo, error) {
	if rel, ok := inside(name); ok {
		return fs.Stat(s.FS, rel)
	}
	p, err := s.outside("stat", name)
	if err != nil {
		return nil, err
	}
	return os.Stat(p)
}

// ReadDir lists the directory name, found as ReadFile finds it, sorted by
// file name.
func (s Source) ReadDir(name string) ([]fs.DirEntry, error) {
	if rel, ok := inside(name); ok {
		return fs.ReadDir(s.FS, rel)
	}
	p, err := s.outside("readdir", name)
	if err != nil {
		return nil, err
	}
	return projfile.ReadDir(p)
}

// IsFile reports whether name is a regular file, found as ReadFile finds
// it. Symbolic links are followed.
func (s Source) IsFile(name string) bool {
	fi, err := s.Stat(name)
	return err == nil && fi.Mode().IsRegular()
}

// IsDir reports whether name is a directory, found as ReadFile finds it.
func (s Source) IsDir(name string) bool {
	fi, err := s.Stat(name)
	return err == nil && fi.IsDir()
}

// Abs returns the absolute path on disk of name (as ReadFile takes it), or
// "" when the project is not on disk.
func (s Source) Abs(name string) string {
	if s.Root == "" {
		return ""
	}
	if filepath.IsAbs(filepath.FromSlash(name)) {
		return filepath.Clean(filepath.FromSlash(name))
	}
	return filepath.Join(s.Root, filepath.FromSlash(name))
}

// treeRoot stands for the root of a project that is not on disk.
const treeRoot = "/.envaudit-tree"

// PathRoot returns the absolute directory that stands for the root in the
// path arithmetic of ecosystems that reason in absolute paths (CMake's
// ${CMAKE_SOURCE_DIR}, a pom's <relativePath>): Root, or, for a tree not
// on disk, a directory that exists on no machine, so that a path computed
// from it names a file of the tree or nothing. Name such a path to
// ReadFile relative to PathRoot.
func (s Source) PathRoot() string {
	if s.Root != "" {
		return filepath.Clean(s.Root)
	}
	return treeRoot
}

// outside returns the disk path of a name outside the project, or an
// fs.ErrNotExist error when the project is not on disk.
func (s Source) outside(op, name string) (string, error) {
	if s.Root == "" {
		return "", &fs.PathError{Op: op, Path: name, Err: fs.ErrNotExist}
	}
	return s.Abs(name), nil
}

// inside returns name as an fs.FS name (cleaned, "." for the root) when it
// lies in the project, and false when it is absolute or leaves the root.
func inside(name string) (string, bool) {
	if name == "" || strings.HasPrefix(name, "/") || filepath.IsAbs(filepath.FromSlash(name)) {
		return "", false
	}
	rel := path.Clean(name)
	if rel == ".." || strings.HasPrefix(rel, "../") {
		return "", false
	}
	return rel, fs.ValidPath(rel)
}

// FileKind says what a project file is to its ecosystem.
type FileKind string

// The kinds of project files.
const (
	// KindManifest is a file that declares dependencies: D1 comes from
	// it (package.json, requirements.txt, pom.xml, go.mod, Cargo.toml).
	KindManifest FileKind = "manifest"
	// KindLockfile is a file that records what a package manager
	// resolved or installed rather than what the author declared
	// (package-lock.json, Cargo.lock, go.sum, vendor/modules.txt, a pip
	// constraints file): its changes show what was installed, not what
	// the code uses.
	KindLockfile FileKind = "lockfile"
	// KindConfig is a file read for what it says about the project or
	// its build, declaring nothing: a setup.cfg that only configures
	// tools, a local project's pyproject.toml read for its name,
	// .cargo/config.toml.
	KindConfig FileKind = "config"
)

// Kinds lists every FileKind, in the order reports list them.
var Kinds = []FileKind{KindManifest, KindLockfile, KindConfig}

// File is one file a project read.
type File struct {
	// Path is slash-separated and relative to the root; a file outside
	// the project (a go.work module in a sibling directory) is named
	// relative to the root with "..", or absolute, as it was reached.
	Path string
	Kind FileKind
}

// SortFiles sorts files by path and drops repeats of a path, keeping the
// first kind given for it, as Project.Files returns them.
func SortFiles(files []File) []File {
	sort.SliceStable(files, func(i, j int) bool { return files[i].Path < files[j].Path })
	out := files[:0]
	for i, f := range files {
		if i == 0 || f.Path != files[i-1].Path {
			out = append(out, f)
		}
	}
	return out
}

// Paths returns the paths of the files of the given kinds (every file when
// none is given), in order.
func Paths(files []File, kinds ...FileKind) []string {
	var out []string
	for _, f := range files {
		if len(kinds) == 0 || containsKind(kinds, f.Kind) {
			out = append(out, f.Path)
		}
	}
	return out
}

func containsKind(kinds []FileKind, k FileKind) bool {
	for _, x := range kinds {
		if x == k {
			return true
		}
	}
	return false
}
