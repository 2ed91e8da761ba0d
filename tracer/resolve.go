package tracer

import (
	"bytes"
	"debug/elf"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
)

// resolver finds the real path of traced paths after the run, once per
// distinct path: resolving while the command runs would cost a readlink per
// event in the hot loop. It memoises every directory prefix it resolved, so
// a thousand files in one directory cost about one lstat each.
type resolver struct {
	memo  map[string]resolved
	lstat func(string) (fs.FileInfo, error)
	link  func(string) (string, error)
}

// resolved is what the resolver knows of a path.
type resolved struct {
	real   string // the path with every symbolic link resolved; "" if not resolvable
	dir    bool   // it is a directory
	exists bool
}

func newResolver() *resolver {
	return &resolver{memo: make(map[string]resolved), lstat: os.Lstat, link: os.Readlink}
}

// maxLinks is the kernel's limit on symbolic links followed in one lookup.
const maxLinks = 40

// unresolvedRoots are not resolved: their links name the tracer's view
// (/proc/self, /dev/stdout -> /proc/self/fd/1) and not the traced process's,
// and the files there belong to no package.
var unresolvedRoots = []string{"/proc", "/dev", "/sys"}

// resolve returns the real path of the absolute path p. When a component
// no longer exists (a temporary file deleted during the run), the
// directories above it are still resolved and the rest is kept as named.
func (r *resolver) resolve(p string) resolved {
	if p == "" || p[0] != '/' {
		return resolved{}
	}
	for _, root := range unresolvedRoots {
		if p == root || strings.HasPrefix(p, root+"/") {
			return resolved{}
		}
	}
	links := 0
	return r.walk(p, &links)
}

func (r *resolver) walk(p string, links *int) resolved {
	cur := resolved{real: "/", dir: true, exists: true}
	for rest := p; rest != ""; {
		var comp string
		comp, rest, _ = strings.Cut(rest, "/")
		switch comp {
		case "", ".":
			continue
		case "..":
			cur = resolved{real: filepath.Dir(cur.real), dir: true, exists: true}
			continue
		}
		next := joinPath(cur.real, comp)
		e, ok := r.memo[next]
		if !ok {
			e = r.lookup(next, links)
			r.memo[next] = e
		}
		if !e.exists {
			if e.real == "" {
				return resolved{}
			}
			return resolved{real: filepath.Join(e.real, rest)}
		}
		cur = e
	}
	return cur
}

// lookup resolves next, whose parent directory is already a real path.
func (r *resolver) lookup(next string, links *int) resolved {
	fi, err := r.lstat(next)
	if err != nil {
		return resolved{real: next}
	}
	if fi.Mode()&fs.ModeSymlink == 0 {
		return resolved{real: next, dir: fi.IsDir(), exists: true}
	}
	*links++
	if *links > maxLinks {
		return resolved{}
	}
	target, err := r.link(next)
	if err != nil || target == "" {
		return resolved{real: next}
	}
	if target[0] != '/' {
		target = joinPath(filepath.Dir(next), target)
	}
	return r.walk(target, links)
}

func joinPath(dir, name string) string {
	if dir == "/" {
		return "/" + name
	}
	return dir + "/" + name
}

// maxInterpDepth is the kernel's limit on nested "#!" interpreters
// (BINPRM_MAX_RECURSION).
const maxInterpDepth = 4

// shebang returns the interpreter named by the "#!" line of the file at path,
// or "" when the file is not a script. Like the kernel, it reads at most the
// first 256 bytes (BINPRM_BUF_SIZE) and resolves a relative interpreter
// against dir (the process's working directory).
func shebang(path, dir string) string {
	f, err := os.Open(path)
	if err != nil {
		return ""
	}
	defer f.Close()
	var buf [256]byte
	n, _ := io.ReadFull(f, buf[:])
	return parseShebang(buf[:n], dir)
}

func parseShebang(b []byte, dir string) string {
	rest, ok := bytes.CutPrefix(b, []byte("#!"))
	if !ok {
		return ""
	}
	if i := bytes.IndexByte(rest, '\n'); i >= 0 {
		rest = rest[:i]
	}
	rest = bytes.TrimLeft(rest, " \t")
	if i := bytes.IndexAny(rest, " \t\r"); i >= 0 {
		rest = rest[:i]
	}
	if len(rest) == 0 || bytes.IndexByte(rest, 0) >= 0 {
		return ""
	}
	interp := string(rest)
	if interp[0] != '/' && dir != "" {
		interp = joinPath(dir, interp)
	}
	return interp
}

// elfInterp returns the PT_INTERP program interpreter (the dynamic loader)
// of the ELF executable r, or "" for a static executable or a file that is
// not ELF. The kernel maps the loader without an open the tracer could see.
func elfInterp(r io.ReaderAt) string {
	f, err := elf.NewFile(r)
	if err != nil {
		return ""
	}
	for _, p := range f.Progs {
		if p.Type != elf.PT_INTERP || p.Filesz == 0 || p.Filesz > pathMaxInterp {
			continue
		}
		b := make([]byte, p.Filesz)
		if _, err := p.ReadAt(b, 0); err != nil {
			return ""
		}
		return string(bytes.TrimRight(b, "\x00"))
	}
	return ""
}

const pathMaxInterp = 4096
