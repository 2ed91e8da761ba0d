package main

import (
	"bytes"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

func TestPrefixWriter(t *testing.T) {
	var b bytes.Buffer
	w := &prefixWriter{w: &b, prefix: "  │ "}
	for _, s := range []string{"one\ntw", "o\n", "\n", "three"} {
		if _, err := w.Write([]byte(s)); err != nil {
			t.Fatal(err)
		}
	}
	w.flush()
	want := "  │ one\n  │ two\n  │\n  │ three\n"
	if diff := cmp.Diff(want, b.String()); diff != "" {
		t.Errorf("prefixed output (-want +got):\n%s", diff)
	}
}

func TestWrapped(t *testing.T) {
	var b bytes.Buffer
	l := &lineWriter{w: &b}
	long := strings.Repeat("word ", 30)
	l.wrapped("  lead  ", long)
	l.wrapped("", "short")
	lines := strings.Split(strings.TrimSuffix(b.String(), "\n"), "\n")
	for _, line := range lines {
		if n := len([]rune(line)); n > wrapWidth {
			t.Errorf("line of %d runes (max %d): %q", n, wrapWidth, line)
		}
	}
	if !strings.HasPrefix(lines[0], "  lead  word") || !strings.HasPrefix(lines[1], "        word") {
		t.Errorf("lead and hanging indent wrong:\n%s", b.String())
	}
	if got := strings.Count(b.String(), "word"); got != 30 {
		t.Errorf("%d words after wrapping, want 30", got)
	}
	if lines[len(lines)-1] != "short" {
		t.Errorf("last line %q, want %q", lines[len(lines)-1], "short")
	}
}

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
