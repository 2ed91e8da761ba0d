package cmake

import (
	"encoding/binary"
	"io/fs"
	"path/filepath"
	"strings"

	"github.com/envaudit/envaudit/ecosystems"
	"github.com/envaudit/envaudit/internal/projfile"
)

// compiled collects the files the compiler read to build a project, from
// the dependency records its build directories keep: the Make-syntax
// depfiles that GCC and Clang write with -MD (CMakeFiles/<target>.dir/
// <source>.o.d, and compiler_depend.make, where CMake's Makefile generator
// gathers them), and Ninja's binary deps log (.ninja_deps), where Ninja
// moves them. They list every header each object included, system headers
// too. found reports whether any record exists: without records there is
// no telling which headers the compiler read.
func compiled(builds []*cache) (files map[string]bool, found bool) {
	files = map[string]bool{}
	for _, c := range builds {
		_ = filepath.WalkDir(c.dir, func(p string, d fs.DirEntry, err error) error {
			if err != nil {
				return nil
			}
			name := d.Name()
			if d.IsDir() {
				// Fetched sources hold no records, and can be large.
				if strings.HasSuffix(name, "-src") && filepath.Base(filepath.Dir(p)) == "_deps" {
					return filepath.SkipDir
				}
				return nil
			}
			switch {
			case name == ".ninja_deps":
				if paths, ok := readNinjaDeps(p); ok {
					found = true
					for _, f := range paths {
						files[ecosystems.Canon(c.rebase(absTo(c.dir, f)))] = true
					}
				}
			case strings.HasSuffix(name, ".d") || name == "compiler_depend.make":
				b, err := projfile.ReadFile(p, projfile.MaxLockfile)
				if err != nil {
					return nil
				}
				deps := makeDeps(string(b))
				if len(deps) > 0 {
					found = true
				}
				for _, f := range deps {
					// Makefile generators run the compiler in the build
					// directory of the target's source directory; CMake
					// passes absolute paths, so a relative one is rare.
					files[ecosystems.Canon(c.rebase(absTo(c.dir, f)))] = true
				}
			}
			return nil
		})
	}
	return files, found
}

func absTo(dir, p string) string {
	if !filepath.IsAbs(p) {
		p = filepath.Join(dir, p)
	}
	return ecosystems.Canon(p)
}

// makeDeps returns the prerequisites of the rules of a Make-syntax
// dependency file: "target: dep dep \<newline> dep", with "\ " escaping a
// space and "$$" a dollar. Comment lines (#) are skipped.
func makeDeps(s string) []string {
	s = strings.ReplaceAll(s, "\\\r\n", " ")
	s = strings.ReplaceAll(s, "\\\n", " ")
	var out []string
	for _, line := range strings.Split(s, "\n") {
		if strings.HasPrefix(strings.TrimSpace(line), "#") {
			continue
		}
		// The rule's colon is the first one followed by white space or the
		// end of the line (a Windows drive letter's is not).
		colon := -1
		for i := 0; i < len(line); i++ {
			if line[i] == '\\' {
				i++
				continue
			}
			if line[i] == ':' && (i+1 == len(line) || line[i+1] == ' ' || line[i+1] == '\t') {
				colon = i
				break
			}
		}
		if colon < 0 {
			continue
		}
		var b strings.Builder
		flush := func() {
			if b.Len() > 0 {
				out = append(out, b.String())
				b.Reset()
			}
		}
		rest := line[colon+1:]
		for i := 0; i < len(rest); i++ {
			c := rest[i]
			switch {
			case c == '\\' && i+1 < len(rest) && (rest[i+1] == ' ' || rest[i+1] == '#' || rest[i+1] == '\\'):
				b.WriteByte(rest[i+1])
				i++
			case c == '$' && i+1 < len(rest) && rest[i+1] == '$':
				b.WriteByte('$')
				i++
			case c == ' ' || c == '\t' || c == '\r':
				flush()
			default:
				b.WriteByte(c)
			}
		}
		flush()
	}
	return out
}

// readNinjaDeps returns the inputs recorded in a Ninja deps log: a
// "# ninjadeps\n" signature and a 4-byte version (3 or 4), then records,
// each a 4-byte little-endian size whose high bit marks a deps record.
// A path record is the path, NUL padding to a multiple of 4 and a 4-byte
// checksum; paths are numbered in order. A deps record is the output's
// number, its mtime (8 bytes in version 4, 4 in version 3) and the
// numbers of its inputs.
func readNinjaDeps(file string) ([]string, bool) {
	b, err := projfile.ReadFile(file, projfile.MaxLockfile)
	const sig = "# ninjadeps\n"
	if err != nil || len(b) < len(sig)+4 || string(b[:len(sig)]) != sig {
		return nil, false
	}
	version := binary.LittleEndian.Uint32(b[len(sig):])
	if version != 3 && version != 4 {
		return nil, false
	}
	mtime := 8
	if version == 3 {
		mtime = 4
	}
	b = b[len(sig)+4:]
	var paths []string
	inputs := map[uint32]bool{}
	for len(b) >= 4 {
		head := binary.LittleEndian.Uint32(b)
		size := int(head & 0x7fffffff)
		b = b[4:]
		if size > len(b) || size%4 != 0 {
			break // a truncated last record: Ninja ignores it too
		}
		rec := b[:size]
		b = b[size:]
		if head&0x80000000 == 0 {
			if size < 4 {
				break
			}
			paths = append(paths, strings.TrimRight(string(rec[:size-4]), "\x00"))
			continue
		}
		if size < 4+mtime {
			break
		}
		for i := 4 + mtime; i+4 <= size; i += 4 {
			inputs[binary.LittleEndian.Uint32(rec[i:])] = true
		}
	}
	var out []string
	for id := range inputs {
		if int(id) < len(paths) {
			out = append(out, paths[id])
		}
	}
	return out, true
}
