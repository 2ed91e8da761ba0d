//go:build !windows

// Package console tells whether the program was started from a desktop
// shell rather than a terminal.
package console

// StartedByExplorer reports false: only Windows starts programs that way.
func StartedByExplorer() bool { return false }
