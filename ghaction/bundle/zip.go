package bundle

import (
	"archive/zip"
	"bytes"
	"fmt"
	"io"
	"path"
	"strings"
)

// Caps on an artifact's zip: the whole archive, and how many entries its
// directory may list (upload-artifact zips the bundle directory, which
// holds one file).
const (
	MaxZipSize    = MaxSize
	maxZipEntries = 16
)

// ReadZip reads and validates the bundle in an artifact's zip archive,
// name naming it in errors. The archive is the audit job's: it is
// refused when larger than MaxZipSize, when it lists more than a few
// entries, when an entry's path is absolute, holds "..", a backslash or
// a drive letter, or is a symbolic link or other non-regular file, and
// when the bundle file is missing or twice there; the bundle is
// decompressed into at most MaxSize bytes whatever its header claims (a
// zip bomb stops there).
func ReadZip(data []byte, name string) (*Bundle, error) {
	if len(data) > MaxZipSize {
		return nil, fmt.Errorf("%s: the archive is larger than %d bytes", name, MaxZipSize)
	}
	zr, err := zip.NewReader(bytes.NewReader(data), int64(len(data)))
	if err != nil {
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	if len(zr.File) > maxZipEntries {
		return nil, fmt.Errorf("%s: %d entries, more than a bundle's %d", name, len(zr.File), maxZipEntries)
	}
	var found *zip.File
	for _, f := range zr.File {
		n := f.Name
		if n == "" || strings.ContainsAny(n, "\\\x00") || path.IsAbs(n) || (len(n) > 1 && n[1] == ':') ||
			path.Clean(n) != strings.TrimSuffix(n, "/") || n == ".." || strings.HasPrefix(n, "../") {
			return nil, fmt.Errorf("%s: entry %q: a path outside the archive's directory", name, clip(n))
		}
		mode := f.Mode()
		if f.FileInfo().IsDir() {
			continue
		}
		if !mode.IsRegular() {
			return nil, fmt.Errorf("%s: entry %q: not a regular file (%s)", name, clip(n), mode.Type())
		}
		if n != FileName {
			return nil, fmt.Errorf("%s: entry %q: not part of a bundle (want only %s)", name, clip(n), FileName)
		}
		if found != nil {
			return nil, fmt.Errorf("%s: %s twice", name, FileName)
		}
		found = f
	}
	if found == nil {
		return nil, fmt.Errorf("%s: no %s in the archive", name, FileName)
	}
	if found.UncompressedSize64 > MaxSize {
		return nil, fmt.Errorf("%s: %s is larger than %d bytes", name, FileName, MaxSize)
	}
	rc, err := found.Open()
	if err != nil {
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	defer rc.Close()
	content, err := io.ReadAll(io.LimitReader(rc, MaxSize+1))
	if err != nil {
		return nil, fmt.Errorf("%s: %s: %w", name, FileName, err)
	}
	if len(content) > MaxSize {
		return nil, fmt.Errorf("%s: %s decompresses to more than %d bytes", name, FileName, MaxSize)
	}
	return Decode(content, name+"/"+FileName)
}
