package demo

import (
	"os"
	"path/filepath"
	"testing"
)

func TestPick(t *testing.T) {
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
		{"Unknown", bin, "ruby", `unknown value "ruby" (want npm or python)`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Setenv("PATH", tt.path)
			p, err := Pick(tt.eco)
			got := p.Name
			if err != nil {
				got = err.Error()
			}
			if got != tt.want {
				t.Errorf("Pick(%q) with PATH=%s = %q, want %q", tt.eco, tt.path, got, tt.want)
			}
		})
	}
}
