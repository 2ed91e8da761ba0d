// Package solib owns what envaudit's ecosystems know of shared-object file
// names: which files the dynamic loader can load as libraries, so that a
// traced load of one is runtime use of the package that ships it. The
// cmake and system ecosystems both classify the files of dpkg's lists with
// it, and must agree.
package solib

import (
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
