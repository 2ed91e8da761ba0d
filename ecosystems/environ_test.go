package ecosystems

import (
	"os"
	"path/filepath"
	"slices"
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

func TestCommandPrograms(t *testing.T) {
	dir, err := filepath.EvalSymlinks(t.TempDir()) // so that only the links made here resolve
	if err != nil {
		t.Fatal(err)
	}
	write := func(rel, content string) string {
		p := filepath.Join(dir, rel)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(content), 0o755); err != nil {
			t.Fatal(err)
		}
		return p
	}
	py := write("opt/bin/python3.12", "\x7fELF")
	link := filepath.Join(dir, "opt/bin/python3")
	if err := os.Symlink("python3.12", link); err != nil {
		t.Fatal(err)
	}
	pytest := write("venv/bin/pytest", "#!"+link+"\n")
	envScript := write("bin/tool", "#!/usr/bin/env -S FOO=1 python3 -u\n")
	relScript := write("proj/run", "#!tools/interp\n")
	relInterp := write("proj/tools/interp", "\x7fELF")
	loop := write("bin/loop", "#!"+filepath.Join(dir, "bin/loop")+"\n")
	environ := []string{"PATH=" + filepath.Join(dir, "bin") + ":" + filepath.Join(dir, "opt/bin")}
	for _, c := range []struct {
		name    string
		command []string
		dir     string
		want    []string
	}{
		{"empty", nil, dir, nil},
		{"absolute", []string{py, "-c", "pass"}, dir, []string{py}},
		{"onPath", []string{"python3"}, dir, []string{link, py}},
		{"script", []string{pytest}, dir, []string{pytest, link, py}},
		{"envShebang", []string{"tool"}, dir, []string{envScript, link, py}},
		{"relative", []string{"./run"}, filepath.Join(dir, "proj"), []string{relScript, relInterp}},
		{"missing", []string{"no-such-program"}, dir, nil},
		{"bounded", []string{loop}, dir, []string{loop, loop, loop, loop, loop}},
	} {
		t.Run(c.name, func(t *testing.T) {
			got := CommandPrograms(c.command, c.dir, environ)
			if !slices.Equal(got, c.want) {
				t.Errorf("CommandPrograms(%q) = %q, want %q", c.command, got, c.want)
			}
		})
	}
}
