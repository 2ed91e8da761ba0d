package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

func TestPickDemo(t *testing.T) {
	bin := t.TempDir()
	for _, prog := range []string{"node", "python3"} {
		if err := os.WriteFile(filepath.Join(bin, prog), []byte("#!/bin/sh\n"), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	onlyPython := t.TempDir()
	if err := os.Symlink(filepath.Join(bin, "python3"), filepath.Join(onlyPython, "python3")); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name, path, eco string
		want            string // project name, or the error
	}{
		{"NodeFirst", bin, "", "npm"},
		{"PythonWithoutNode", onlyPython, "", "python"},
		{"Neither", t.TempDir(), "", "the demo runs a small project with node or python3, none of which is on PATH"},
		{"AskedForPython", bin, "python", "python"},
		{"AskedForNpmWithoutNode", onlyPython, "npm", "the npm demo runs its tests with node, which is not on PATH"},
		{"Unknown", bin, "ruby", `--ecosystem: unknown value "ruby" (want npm or python)`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Setenv("PATH", tt.path)
			p, err := pickDemo(tt.eco)
			got := p.name
			if err != nil {
				got = err.Error()
			}
			if got != tt.want {
				t.Errorf("pickDemo(%q) with PATH=%s = %q, want %q", tt.eco, tt.path, got, tt.want)
			}
		})
	}
}

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
