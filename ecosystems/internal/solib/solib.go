// Package solib owns what envaudit's ecosystems know of shared-object file
// names: which files the dynamic loader can load as libraries, so that a
// traced load of one is runtime use of the package that ships it. The
// cmake and system ecosystems both classify the files of dpkg's lists with
// it, and must agree; and which libraries an object needs (DT_NEEDED), so
// that a library loaded only for the toolchain's own objects can be told
// from one the project's code needed.
package solib

import (
	"bytes"
	"debug/elf"
	"io"
	"io/fs"
	"path"
	"strings"
)

// IsSharedObject reports whether the file at p (a path or a base name) is
// named as the loader's shared objects are: "<name>.so", optionally
// followed by numeric version parts (libz.so, libz.so.1, libz.so.1.2.13,
// _yaml.cpython-311-x86_64-linux-gnu.so). A name that merely contains ".so"
// (README.so.txt, ld.so.conf) is not one, and neither is a bare ".so".
func IsSharedObject(p string) bool {
	b := path.Base(p)
	i := strings.Index(b, ".so")
	if i <= 0 {
		return false
	}
	rest := b[i+3:]
	if rest == "" {
		return true
	}
	if rest[0] != '.' {
		return false
	}
	for _, c := range rest[1:] {
		if c != '.' && (c < '0' || c > '9') {
			return false
		}
	}
	return true
}

// Dynamic is what an ELF object's dynamic section says of its place among
// shared libraries.
type Dynamic struct {
	// Soname is the object's DT_SONAME, "" when it has none (a program, a
	// Python extension module).
	Soname string
	// Needed are its DT_NEEDED entries: the libraries the loader loads
	// for it, as sonames or file names.
	Needed []string
}

// ReadDynamic reads the dynamic section of the ELF object at name in fsys.
// A file that is not ELF (a linker script named libc.so, a shell script)
// or has no dynamic section yields a zero Dynamic and no error: it needs
// no library, and no loader maps it as one.
func ReadDynamic(fsys fs.FS, name string) (Dynamic, error) {
	f, err := fsys.Open(name)
	if err != nil {
		return Dynamic{}, err
	}
	defer f.Close()
	ra, ok := f.(io.ReaderAt)
	if !ok {
		// fs.FS implementations that cannot seek (an in-memory tree)
		// are read whole: debug/elf needs random access.
		data, err := io.ReadAll(f)
		if err != nil {
			return Dynamic{}, err
		}
		ra = bytes.NewReader(data)
	}
	ef, err := elf.NewFile(ra)
	if err != nil {
		return Dynamic{}, nil
	}
	defer ef.Close()
	var d Dynamic
	if s, err := ef.DynString(elf.DT_SONAME); err == nil && len(s) > 0 {
		d.Soname = s[0]
	}
	if libs, err := ef.DynString(elf.DT_NEEDED); err == nil {
		d.Needed = libs
	}
	return d, nil
}
