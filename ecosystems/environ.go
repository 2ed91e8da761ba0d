package ecosystems

import (
	"io"
	"os"
	"path/filepath"
	"strings"
)

// LookupEnv returns the value of key in an environment list (KEY=VALUE
// entries, as Env.Environ holds them), the last entry winning as it does
// for a process, and whether key is set at all.
func LookupEnv(environ []string, key string) (string, bool) {
	for i := len(environ) - 1; i >= 0; i-- {
		if k, v, ok := strings.Cut(environ[i], "="); ok && k == key {
			return v, true
		}
	}
	return "", false
}

// Getenv is LookupEnv without the second result: "" for an unset key.
func Getenv(environ []string, key string) string {
	v, _ := LookupEnv(environ, key)
	return v
}

// LookPath finds the first of names that is an executable regular file in
// a directory of environ's PATH, trying every name in one directory before
// the next directory, as a shell would for each name. Relative PATH
// entries are passed over: they would resolve against envaudit's working
// directory, not the run's. It returns "" when none is found.
func LookPath(environ []string, names ...string) string {
	for _, d := range filepath.SplitList(Getenv(environ, "PATH")) {
		if !filepath.IsAbs(d) {
			continue
		}
		for _, n := range names {
			p := filepath.Join(d, n)
			if st, err := os.Stat(p); err == nil && st.Mode().IsRegular() && st.Mode()&0o111 != 0 {
				return p
			}
		}
	}
	return ""
}

// CommandPrograms returns the programs that starting command in dir with
// environ will execute first, as far as the files tell before it runs:
// the program its first word names (found on environ's PATH when it has
// no slash, else taken relative to dir), that path with its symbolic
// links resolved, and, when it is a script, the interpreter its "#!" line
// names (through /usr/bin/env, found on PATH), likewise; at most
// maxShebangs scripts deep. The reads before a run use them to ask the
// tool the run will use (the interpreter of `.venv/bin/pytest`) rather
// than the first one on PATH. Nil when command is empty or its program
// is not found.
func CommandPrograms(command []string, dir string, environ []string) []string {
	if len(command) == 0 {
		return nil
	}
	var out []string
	name := command[0]
	for depth := 0; depth <= maxShebangs && name != ""; depth++ {
		var p string
		switch {
		case strings.Contains(name, "/"):
			p = name
			if !filepath.IsAbs(p) {
				p = filepath.Join(dir, p)
			}
		default:
			p = LookPath(environ, name)
		}
		if p == "" {
			break
		}
		if _, err := os.Stat(p); err != nil {
			break
		}
		p = filepath.Clean(p)
		out = append(out, p)
		if real, err := filepath.EvalSymlinks(p); err == nil && real != p {
			out = append(out, real)
		}
		name = interpreter(p)
	}
	return out
}

// maxShebangs bounds how many "#!" interpreters CommandPrograms follows
// (the kernel's own limit is 4).
const maxShebangs = 4

// interpreter returns the program the "#!" line of the script at p names:
// the first word, or for /usr/bin/env (and /bin/env) the first operand
// that is not an option or an assignment. "" when p is not a script.
func interpreter(p string) string {
	f, err := os.Open(p)
	if err != nil {
		return ""
	}
	defer f.Close()
	var buf [256]byte // what the kernel reads of a script's first line
	n, _ := io.ReadFull(f, buf[:])
	line, ok := strings.CutPrefix(string(buf[:n]), "#!")
	if !ok {
		return ""
	}
	line, _, _ = strings.Cut(line, "\n")
	words := strings.Fields(line)
	if len(words) == 0 {
		return ""
	}
	if base := filepath.Base(words[0]); base != "env" {
		if !strings.Contains(words[0], "/") {
			return "./" + words[0] // the kernel takes it relative to the working directory
		}
		return words[0]
	}
	for _, w := range words[1:] {
		if strings.HasPrefix(w, "-") || strings.Contains(w, "=") {
			continue
		}
		return w
	}
	return ""
}
