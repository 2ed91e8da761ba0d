package engine

import (
	"os"
	"path/filepath"
)

// RepoTop returns the top of the repository that contains root, the
// directory a front end makes locations relative to (SARIF's, the
// configuration's search): workspace when the caller has one (the
// Actions workspace), else the nearest directory at or above root with a
// .git entry, as git looks for it (never up into a directory
// GIT_CEILING_DIRECTORIES lists), else "" (locations then stay
// project-relative). It reads the directories only: no git runs in a
// tree the pull request controls.
func RepoTop(root, workspace string) string {
	if root == "" {
		return ""
	}
	if workspace != "" {
		return resolved(workspace)
	}
	ceilings := map[string]bool{}
	for _, c := range filepath.SplitList(os.Getenv("GIT_CEILING_DIRECTORIES")) {
		if filepath.IsAbs(c) {
			ceilings[resolved(c)] = true
		}
	}
	for dir := root; ; dir = filepath.Dir(dir) {
		if _, err := os.Lstat(filepath.Join(dir, ".git")); err == nil {
			return dir
		}
		if up := filepath.Dir(dir); up == dir || ceilings[up] {
			return ""
		}
	}
}

// resolved returns p with its symbolic links resolved, or cleaned when
// they cannot be; "" stays "".
func resolved(p string) string {
	if p == "" {
		return ""
	}
	if r, err := filepath.EvalSymlinks(p); err == nil {
		return r
	}
	return filepath.Clean(p)
}
