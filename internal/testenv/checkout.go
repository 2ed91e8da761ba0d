package testenv

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
)

// CopyCheckout copies to dst the files of the git work tree at src that a
// checkout of it would hold — what git tracks, and the new files it would
// track — and nothing the tests or make setup wrote there (installs,
// builds), which other tests may be writing while this one copies. A file
// deleted in the work tree, or a symbolic link, is left out.
func CopyCheckout(src, dst string) error {
	out, err := exec.Command("git", "-C", src, "ls-files", "-z", "--cached", "--others", "--exclude-standard").Output()
	if err != nil {
		return fmt.Errorf("listing the files of %s: %w", src, err)
	}
	for _, rel := range strings.Split(strings.TrimRight(string(out), "\x00"), "\x00") {
		from := filepath.Join(src, rel)
		fi, err := os.Lstat(from)
		if err != nil || !fi.Mode().IsRegular() {
			continue
		}
		data, err := os.ReadFile(from)
		if err != nil {
			return err
		}
		to := filepath.Join(dst, rel)
		if err := os.MkdirAll(filepath.Dir(to), 0o755); err != nil {
			return err
		}
		if err := os.WriteFile(to, data, fi.Mode().Perm()); err != nil {
			return err
		}
	}
	return nil
}
