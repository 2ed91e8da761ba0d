// Package e2eapp lists the files of txtar archives.
package e2eapp

import "github.com/rogpeppe/go-internal/txtar"

// Files returns the names of the archive's files.
func Files(data []byte) []string {
	var out []string
	for _, f := range txtar.Parse(data).Files {
		out = append(out, f.Name)
	}
	return out
}
