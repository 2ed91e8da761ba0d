package ecosystems

import (
	"os"
	"path/filepath"
	"testing"
)

func TestLookupEnv(t *testing.T) {
	env := []string{"A=1", "B=", "A=2", "C"}
	for _, tt := range []struct {
		key, want string
		ok        bool
	}{
		{"A", "2", true}, // the last entry wins
		{"B", "", true},
		{"C", "", false}, // no "=": not a variable
		{"D", "", false},
	} {
		if v, ok := LookupEnv(env, tt.key); v != tt.want || ok != tt.ok {
			t.Errorf("LookupEnv(%q) = %q, %v; want %q, %v", tt.key, v, ok, tt.want, tt.ok)
		}
		if v := Getenv(env, tt.key); v != tt.want {
			t.Errorf("Getenv(%q) = %q, want %q", tt.key, v, tt.want)
		}
	}
}

func TestLookPath(t *testing.T) {
	a, b := t.TempDir(), t.TempDir()
	write := func(p string, mode os.FileMode) {
		if err := os.WriteFile(p, []byte("#!/bin/sh\n"), mode); err != nil {
			t.Fatal(err)
		}
	}
	write(filepath.Join(a, "python"), 0o755)
	write(filepath.Join(a, "data"), 0o644) // not executable
	write(filepath.Join(b, "python3"), 0o755)
	write(filepath.Join(b, "data"), 0o755)
	if err := os.Mkdir(filepath.Join(a, "dir"), 0o755); err != nil {
		t.Fatal(err)
	}
	env := []string{"PATH=relative:" + a + ":" + b}
	for _, tt := range []struct {
		names []string
		want  string
	}{
		{[]string{"python3", "python"}, filepath.Join(a, "python")}, // every name in a directory first
		{[]string{"python3"}, filepath.Join(b, "python3")},
		{[]string{"data"}, filepath.Join(b, "data")}, // a's is not executable
		{[]string{"dir"}, ""},
		{[]string{"missing"}, ""},
	} {
		if got := LookPath(env, tt.names...); got != tt.want {
			t.Errorf("LookPath(%q) = %q, want %q", tt.names, got, tt.want)
		}
	}
	if got := LookPath(nil, "sh"); got != "" {
		t.Errorf("LookPath without PATH = %q, want \"\"", got)
	}
}
