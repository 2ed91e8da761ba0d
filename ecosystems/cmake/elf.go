package cmake

import (
	"bufio"
	"debug/elf"
	"io"
	"io/fs"
	"path"
	"strings"

	"github.com/envaudit/envaudit/ecosystems"
	"github.com/envaudit/envaudit/ecosystems/internal/dpkg"
)

// loader computes which shared libraries the dynamic loader loads at the
// start of a program: the closure of its DT_NEEDED entries, each found the
// way ld.so finds it (DT_RPATH when there is no DT_RUNPATH,
// LD_LIBRARY_PATH, DT_RUNPATH, the directories of /etc/ld.so.conf, then
// the system directories), $ORIGIN expanded, with libraries of another
// ELF class or machine passed over. It reads through an fs.FS rooted at
// "/".
type loader struct {
	fsys    fs.FS
	ldPath  []string
	sysDirs []string
	objs    map[string]*object // real path → parsed object (nil: not ELF)
}

type object struct {
	class   elf.Class
	machine elf.Machine
	needed  []string
	rpath   []string // DT_RPATH, used only without DT_RUNPATH
	runpath []string
}

func newLoader(fsys fs.FS, environ []string) *loader {
	l := &loader{fsys: fsys, objs: map[string]*object{}}
	for _, kv := range environ {
		if v, ok := strings.CutPrefix(kv, "LD_LIBRARY_PATH="); ok {
			for _, d := range strings.Split(v, ":") {
				if strings.HasPrefix(d, "/") {
					l.ldPath = append(l.ldPath, d)
				}
			}
		}
	}
	l.sysDirs = l.confDirs("etc/ld.so.conf", 0)
	return l
}

// confDirs reads an ld.so.conf file: directories, "include <glob>" lines
// and # comments.
func (l *loader) confDirs(file string, depth int) []string {
	f, err := l.fsys.Open(file)
	if err != nil || depth > 8 {
		return nil
	}
	defer f.Close()
	var out []string
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := sc.Text()
		if i := strings.IndexByte(line, '#'); i >= 0 {
			line = line[:i]
		}
		fields := strings.Fields(line)
		switch {
		case len(fields) == 0:
		case fields[0] == "include" && len(fields) > 1:
			for _, g := range fields[1:] {
				if !strings.HasPrefix(g, "/") {
					g = path.Join(path.Dir("/"+file), g)
				}
				matches, _ := fs.Glob(l.fsys, strings.TrimPrefix(g, "/"))
				for _, m := range matches {
					out = append(out, l.confDirs(m, depth+1)...)
				}
			}
		case strings.HasPrefix(fields[0], "/"):
			out = append(out, fields[0])
		}
	}
	return out
}

// triplets are the multiarch directory names of the ELF machines.
var triplets = map[elf.Machine]string{
	elf.EM_X86_64: "x86_64-linux-gnu", elf.EM_AARCH64: "aarch64-linux-gnu", elf.EM_386: "i386-linux-gnu",
	elf.EM_ARM: "arm-linux-gnueabihf", elf.EM_RISCV: "riscv64-linux-gnu", elf.EM_PPC64: "powerpc64le-linux-gnu",
	elf.EM_S390: "s390x-linux-gnu",
}

// open parses the ELF object at the canonical real path p, once.
func (l *loader) open(p string) *object {
	if o, ok := l.objs[p]; ok {
		return o
	}
	l.objs[p] = nil
	f, err := l.fsys.Open(strings.TrimPrefix(p, "/"))
	if err != nil {
		return nil
	}
	defer f.Close()
	ra, ok := f.(io.ReaderAt)
	if !ok {
		return nil
	}
	ef, err := elf.NewFile(ra)
	if err != nil {
		return nil
	}
	defer ef.Close()
	o := &object{class: ef.Class, machine: ef.Machine}
	o.needed, _ = ef.DynString(elf.DT_NEEDED)
	origin := path.Dir(p)
	for _, tag := range []elf.DynTag{elf.DT_RPATH, elf.DT_RUNPATH} {
		vals, _ := ef.DynString(tag)
		var dirs []string
		for _, v := range vals {
			for _, d := range strings.Split(v, ":") {
				d = strings.ReplaceAll(strings.ReplaceAll(d, "${ORIGIN}", origin), "$ORIGIN", origin)
				if strings.HasPrefix(d, "/") {
					dirs = append(dirs, d)
				}
			}
		}
		if tag == elf.DT_RPATH {
			o.rpath = dirs
		} else {
			o.runpath = dirs
		}
	}
	l.objs[p] = o
	return o
}

// closure returns the canonical real paths of the libraries the loader
// loads for the program at exe (a real path), the program itself left out.
// A program that is not a dynamically linked ELF file loads none.
func (l *loader) closure(exe string) map[string]bool {
	out := map[string]bool{}
	root := l.open(ecosystems.Canon(exe))
	if root == nil {
		return out
	}
	type item struct {
		path string
		obj  *object
	}
	queue := []item{{ecosystems.Canon(exe), root}}
	seenNames := map[string]bool{}
	for len(queue) > 0 {
		it := queue[0]
		queue = queue[1:]
		for _, name := range it.obj.needed {
			if seenNames[name] && !strings.Contains(name, "/") {
				continue // ld.so loads a soname once
			}
			seenNames[name] = true
			p, o := l.find(name, it.path, it.obj, root)
			if o == nil || out[p] {
				continue
			}
			out[p] = true
			queue = append(queue, item{p, o})
		}
	}
	return out
}

// find locates a DT_NEEDED entry of the object at from, as ld.so does.
func (l *loader) find(name, from string, obj, exe *object) (string, *object) {
	if strings.Contains(name, "/") {
		return l.candidate(name, obj)
	}
	var dirs []string
	if len(obj.runpath) == 0 {
		dirs = append(dirs, obj.rpath...)
		if len(exe.runpath) == 0 {
			dirs = append(dirs, exe.rpath...)
		}
	}
	dirs = append(dirs, l.ldPath...)
	dirs = append(dirs, obj.runpath...)
	dirs = append(dirs, l.sysDirs...)
	if t := triplets[obj.machine]; t != "" {
		dirs = append(dirs, "/lib/"+t, "/usr/lib/"+t)
	}
	if obj.class == elf.ELFCLASS64 {
		dirs = append(dirs, "/lib64", "/usr/lib64")
	}
	dirs = append(dirs, "/lib", "/usr/lib")
	for _, d := range dirs {
		if p, o := l.candidate(path.Join(d, name), obj); o != nil {
			return p, o
		}
	}
	return "", nil
}

// candidate returns the real path and object of a library file that exists
// and suits obj (same ELF class and machine).
func (l *loader) candidate(p string, obj *object) (string, *object) {
	real, err := dpkg.EvalSymlinks(l.fsys, p)
	if err != nil {
		return "", nil
	}
	o := l.open(real)
	if o == nil || o.class != obj.class || o.machine != obj.machine {
		return "", nil
	}
	return real, o
}
