package main

import (
	"bytes"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// TestProgress checks that progress lines appear only on a terminal and are
// cleared before anything else is printed.
func TestProgress(t *testing.T) {
	var quiet bytes.Buffer
	p := newProgress(&quiet)
	p.Step("reading npm")
	p.Done()
	if quiet.Len() != 0 {
		t.Errorf("progress wrote %q to a non-terminal", quiet.String())
	}

	defer func(f func(any) bool) { isTerminal = f }(isTerminal)
	isTerminal = func(any) bool { return true }
	var tty bytes.Buffer
	p = newProgress(&tty)
	p.Step("reading the installed npm packages")
	p.Step("auditing npm")
	p.Done()
	p.Done()
	want := "\r\033[Kenvaudit: reading the installed npm packages…\r\033[Kenvaudit: auditing npm…\r\033[K"
	if diff := cmp.Diff(want, tty.String()); diff != "" {
		t.Errorf("terminal progress (-want +got):\n%s", diff)
	}
}
