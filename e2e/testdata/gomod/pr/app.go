// Package e2eapp lists the files of txtar archives.
package e2eapp

import (
	"github.com/rogpeppe/go-internal/txtar"
	"golang.org/x/mod/semver"
)

// Files returns the names of the archive's files that are versions.
func Files(data []byte) []string {
	var out []string
	for _, f := range txtar.Parse(data).Files {
		if semver.IsValid(f.Name) {
			out = append(out, f.Name)
		}
	}
	return out
}
