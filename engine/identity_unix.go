//go:build unix

package engine

import (
	"io/fs"
	"os"
	"syscall"
)

// statID returns the identity of the file at path, not following a final
// symbolic link.
func statID(path string) (fileID, bool) {
	fi, err := os.Lstat(path)
	if err != nil {
		return fileID{}, false
	}
	return infoID(fi)
}

func infoID(fi fs.FileInfo) (fileID, bool) {
	st, ok := fi.Sys().(*syscall.Stat_t)
	if !ok {
		return fileID{}, false
	}
	return fileID{dev: uint64(st.Dev), ino: uint64(st.Ino)}, true
}
