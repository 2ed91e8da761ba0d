// Package demo owns the small example projects `envaudit demo` runs: each
// is embedded in the binary, written to a directory, finished there (what
// an embedded tree cannot hold, such as a virtual environment's symbolic
// links) and run for real under the tracer by the caller.
package demo

import (
	"context"
	"embed"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"time"

	"github.com/envaudit/envaudit/ecosystems"
	"github.com/envaudit/envaudit/internal/toolexec"
)

// UnknownError is a demo project name that does not exist.
type UnknownError struct {
	Name  string
	Known []string
}

func (e *UnknownError) Error() string {
	return fmt.Sprintf("unknown value %q (want %s)", e.Name, strings.Join(e.Known, " or "))
}

// demoFS holds the demo projects, written to a temporary directory and run
// for real. The npm one is a package.json and a hand-written node_modules
// of tiny stand-in packages, so the demo needs node and nothing else: no
// network, no install.
//
//go:embed all:projects
var demoFS embed.FS

// Project describes one embedded demo project.
type Project struct {
	Name    string   // directory under projects/, and the value of envaudit demo --ecosystem
	Needs   string   // the program it runs
	Command []string // the test command, run in the project directory
	// prepare finishes the written project (what embed cannot hold, such
	// as symbolic links) and returns KEY=VALUE entries for the command's
	// environment.
	Prepare func(dir string, environ []string) ([]string, error)
	About   string // one line on what it is
	Yours   string // how to run envaudit on a project of the kind
}

var projects = []Project{
	{
		Name:    "npm",
		Needs:   "node",
		Command: []string{"node", "--test"},
		// The spec reporter reads better than the TAP node writes when its
		// output is not a terminal.
		Prepare: func(dir string, environ []string) ([]string, error) {
			return []string{"NODE_OPTIONS=" + strings.TrimSpace(ecosystems.Getenv(environ, "NODE_OPTIONS")+" --test-reporter=spec")}, nil
		},
		About: "a tiny npm library, \"greeter\", with a hand-written node_modules",
		Yours: "envaudit run -- npm test",
	},
	{
		Name:    "python",
		Needs:   "python3",
		Command: []string{".venv/bin/python", "-m", "unittest", "-v"},
		Prepare: preparePython,
		About:   "a tiny Python library, \"greeter\", with a hand-made virtual environment",
		Yours:   "envaudit run -- pytest",
	},
}

// preparePython turns the written project into one with a virtual
// environment, as `python3 -m venv` would make it but offline and without
// the venv module (which Debian ships separately): .venv/pyvenv.cfg, the
// interpreter linked in as .venv/bin/python, and the embedded distributions
// (dist-info with METADATA and RECORD) as its site-packages.
func preparePython(dir string, environ []string) ([]string, error) {
	out, err := toolexec.Run(context.Background(), toolexec.Cmd{Path: "python3", Args: []string{"-c", `import sys; print(sys.executable); print("%d.%d" % sys.version_info[:2]); print("%d.%d.%d" % sys.version_info[:3])`}, Env: os.Environ(), Timeout: 30 * time.Second})
	if err != nil {
		return nil, fmt.Errorf("ask python3 where it is: %w", err)
	}
	lines := strings.Fields(string(out))
	if len(lines) != 3 {
		return nil, fmt.Errorf("ask python3 where it is: unexpected answer %q", out)
	}
	// The real interpreter, not a shim (pyenv's python3 is a shell script).
	exe, err := filepath.EvalSymlinks(lines[0])
	if err != nil {
		return nil, err
	}
	venv := filepath.Join(dir, ".venv")
	site := filepath.Join(venv, "lib", "python"+lines[1], "site-packages")
	if err := os.MkdirAll(filepath.Dir(site), 0o755); err != nil {
		return nil, err
	}
	if err := os.Rename(filepath.Join(dir, "site-packages"), site); err != nil {
		return nil, err
	}
	if err := os.MkdirAll(filepath.Join(venv, "bin"), 0o755); err != nil {
		return nil, err
	}
	if err := os.Symlink(exe, filepath.Join(venv, "bin", "python")); err != nil {
		return nil, err
	}
	cfg := fmt.Sprintf("home = %s\ninclude-system-site-packages = false\nversion = %s\n", filepath.Dir(exe), lines[2])
	if err := os.WriteFile(filepath.Join(venv, "pyvenv.cfg"), []byte(cfg), 0o644); err != nil {
		return nil, err
	}
	// No byte code: the evidence then names the .py files themselves.
	return []string{"PYTHONDONTWRITEBYTECODE=1", "PYTHONNOUSERSITE=1"}, nil
}

// Pick chooses the demo project named, or else the first whose
// program is on PATH.
func Pick(name string) (Project, error) {
	var needs, names []string
	for _, p := range projects {
		names = append(names, p.Name)
		if name != "" && name != p.Name {
			continue
		}
		if _, err := exec.LookPath(p.Needs); err == nil {
			return p, nil
		}
		if name != "" {
			return Project{}, fmt.Errorf("the %s demo runs its tests with %s, which is not on PATH", p.Name, p.Needs)
		}
		needs = append(needs, p.Needs)
	}
	if name != "" {
		return Project{}, &UnknownError{Name: name, Known: names}
	}
	return Project{}, fmt.Errorf("the demo runs a small project with %s, none of which is on PATH", strings.Join(needs, " or "))
}

// EmptyDir makes sure dir exists and is empty, so the demo never mixes its
// files with the user's.
func EmptyDir(dir string) error {
	entries, err := os.ReadDir(dir)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return os.MkdirAll(dir, 0o755)
	case err != nil:
		return err
	case len(entries) > 0:
		return fmt.Errorf("%q is not empty", dir)
	}
	return nil
}

// Write copies the embedded project into dir.
func (p Project) Write(dir string) error {
	src, err := fs.Sub(demoFS, "projects/"+p.Name)
	if err != nil {
		return err
	}
	return os.CopyFS(dir, src)
}
