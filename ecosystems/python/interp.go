package python

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"time"

	"github.com/envaudit/envaudit/ecosystems"
	"github.com/envaudit/envaudit/internal/projfile"
	"github.com/envaudit/envaudit/internal/toolexec"
)

// Interpreter is what a Python interpreter reports about itself.
type Interpreter struct {
	Executable string   `json:"executable"` // sys.executable
	Path       []string `json:"path"`       // sys.path, in import order
	// CacheTag is sys.implementation.cache_tag ("cpython-311"): the name
	// part of the byte-code files it writes under __pycache__.
	CacheTag string `json:"cacheTag"`
	// Markers is the PEP 508 marker environment (python_version,
	// sys_platform, ...), to decide which Requires-Dist lines apply.
	Markers map[string]string `json:"markers"`
	// Startup are the modules the interpreter had imported before the
	// first line of a script ran, by their files: what site's .pth files
	// and sitecustomize import at start-up, beside the standard library's
	// own. Whatever the run then loaded of them, the project's code did not
	// need them.
	Startup []StartupModule `json:"startup"`
}

// StartupModule is a module imported at interpreter start-up.
type StartupModule struct {
	Module string `json:"module"`
	File   string `json:"file"`
}

// QueryFunc asks the interpreter at python, started in dir with environ,
// about itself. Tests substitute a fake; RunQuery runs the interpreter.
type QueryFunc func(ctx context.Context, python, dir string, environ []string) (*Interpreter, error)

// queryScript prints the interpreter's view as JSON. It runs with the traced
// command's environment (PYTHONPATH, VIRTUAL_ENV, PYTHONNOUSERSITE), so the
// sys.path it reports is the one the run saw, .pth files included, and the
// modules imported at start-up are those the run's interpreter imported
// before the project's code (its first line lists them, before the
// script's own imports).
const queryScript = `import sys
startup = sorted((n, m.__file__) for n, m in list(sys.modules.items()) if isinstance(getattr(m, "__file__", None), str))
import json, os, platform
i = sys.implementation.version
iv = "%d.%d.%d" % (i.major, i.minor, i.micro)
if i.releaselevel != "final":
    iv += i.releaselevel[0] + str(i.serial)
print(json.dumps({
    "executable": sys.executable,
    "path": sys.path,
    "cacheTag": sys.implementation.cache_tag or "",
    "startup": [{"module": n, "file": f} for n, f in startup],
    "markers": {
        "implementation_name": sys.implementation.name,
        "implementation_version": iv,
        "os_name": os.name,
        "platform_machine": platform.machine(),
        "platform_python_implementation": platform.python_implementation(),
        "platform_release": platform.release(),
        "platform_system": platform.system(),
        "platform_version": platform.version(),
        "python_full_version": platform.python_version(),
        "python_version": ".".join(platform.python_version_tuple()[:2]),
        "sys_platform": sys.platform,
    },
}))
`

// RunQuery is the QueryFunc that runs `python -c <script>`. It reads no
// standard input and gives up after 30 seconds.
func RunQuery(ctx context.Context, python, dir string, environ []string) (*Interpreter, error) {
	out, err := toolexec.Run(ctx, toolexec.Cmd{Path: python, Args: []string{"-c", queryScript}, Dir: dir, Env: environ, Timeout: 30 * time.Second})
	if err != nil {
		return nil, err
	}
	return decodeAnswer(python, out)
}

// decodeAnswer reads python's answer to the query script.
func decodeAnswer(python string, out []byte) (*Interpreter, error) {
	var in Interpreter
	if err := json.Unmarshal(out, &in); err != nil {
		return nil, fmt.Errorf("read the answer of %q: %w", python, err)
	}
	return &in, nil
}

// query asks python about itself (Ecosystem.Query, else RunQuery), once
// per memo for the same interpreter, directory and environment: Imports
// and Installed both ask before the run, and each interpreter start
// costs tens of milliseconds. Each caller gets its own copy of the answer.
func (e *Ecosystem) query(ctx context.Context, memo *ecosystems.Memo, python, dir string, environ []string) (*Interpreter, error) {
	q := e.Query
	if q == nil {
		q = RunQuery
	}
	if memo == nil {
		return q(ctx, python, dir, environ)
	}
	key := append([]string{"python query", python, dir}, environ...)
	out, err := memo.Do(key, func() ([]byte, error) {
		in, err := q(ctx, python, dir, environ)
		if err != nil {
			return nil, err
		}
		return json.Marshal(in)
	})
	if err != nil {
		return nil, err
	}
	return decodeAnswer(python, out)
}

// pythonName matches the file names of Python interpreters: python,
// python3, python3.11, pypy3, python3.13t (free-threaded) ...
var pythonName = regexp.MustCompile(`^(python|pypy)(\d+(\.\d+)*)?[dmut]*$`)

// venvDirs are where projects keep their virtual environment.
var venvDirs = []string{".venv", "venv", "env", ".env"}

// chooseInterpreter picks the interpreter whose view of sys.path D2 is read
// from, and says why:
//
//  1. an interpreter the traced run executed that lies inside the project
//     (its virtual environment);
//  2. the python of a virtual environment ($VIRTUAL_ENV, .venv / venv / env
//     under root, or a venv whose bin directory is on $PATH) from whose bin
//     directory the run executed a program (.venv/bin/pytest);
//  3. the python of such a virtual environment when the run executed the
//     interpreter that python links to — a venv's bin/python is a symlink,
//     and the tracer may report the resolved file, so a run of the system
//     interpreter and a run of the venv's look alike; the venv wins, as a
//     project that has one runs its tests in it;
//  4. another interpreter the run executed, preferring one that is not a
//     shell-script shim (pyenv);
//  5. with no traced run (the reads before it), rules 1 to 4 apply to the
//     programs the command will start (ecosystems.CommandPrograms: the
//     program it names and the interpreter of that program's "#!" line),
//     so that the installation read before the run is the one the run
//     will use; then $VIRTUAL_ENV's python, then .venv/bin/python or
//     venv/bin/python under root, then python3 or python on $PATH.
//
// All paths come from env (the traced run's environment), not from ours.
func chooseInterpreter(root string, env ecosystems.Env) (python, why string) {
	getenv := func(k string) string { return ecosystems.Getenv(env.Environ, k) }
	absRoot, _ := filepath.Abs(root)
	var venvs []string
	if v := getenv("VIRTUAL_ENV"); v != "" {
		venvs = append(venvs, v)
	}
	for _, d := range venvDirs {
		venvs = append(venvs, filepath.Join(absRoot, d))
	}
	// A virtual environment whose bin directory is on PATH is active even
	// when VIRTUAL_ENV is not set (CI steps often only extend PATH).
	for _, dir := range filepath.SplitList(getenv("PATH")) {
		if filepath.Base(dir) == "bin" && filepath.IsAbs(dir) {
			if _, err := os.Stat(filepath.Join(filepath.Dir(dir), "pyvenv.cfg")); err == nil {
				venvs = append(venvs, filepath.Dir(dir))
			}
		}
	}
	var venvPythons []string
	venvOf := map[string]string{} // venv python → its venv
	for _, v := range venvs {
		for _, n := range []string{"python", "python3"} {
			p := filepath.Join(v, "bin", n)
			if isExecutable(p) {
				venvPythons = append(venvPythons, p)
				venvOf[p] = v
				break
			}
		}
	}

	// Before the run, the programs the command will start stand for the
	// ones it executed.
	executed, by := env.Executables, "the run executed"
	if len(executed) == 0 {
		executed, by = ecosystems.CommandPrograms(env.Command, absRoot, env.Environ), "the command starts"
	}
	var ran []string
	for _, x := range executed {
		if pythonName.MatchString(filepath.Base(x)) {
			ran = append(ran, x)
		}
	}
	for _, x := range ran {
		if within(absRoot, x) {
			return x, "the interpreter " + by + " inside the project"
		}
	}
	// A program from a venv's bin directory ran (.venv/bin/pytest, whose
	// "#!" line names the venv's python): that venv.
	for _, vp := range venvPythons {
		for _, x := range executed {
			if strings.HasPrefix(x, venvOf[vp]+string(filepath.Separator)+"bin"+string(filepath.Separator)) {
				return vp, "the virtual environment a program of which " + by
			}
		}
	}
	for _, vp := range venvPythons {
		real, err := filepath.EvalSymlinks(vp)
		if err != nil {
			continue
		}
		for _, x := range ran {
			if rx, err := filepath.EvalSymlinks(x); err == nil && rx == real || x == real {
				return vp, "the virtual environment whose interpreter " + by
			}
		}
	}
	for _, x := range ran {
		if !isScript(x) {
			return x, "the interpreter " + by
		}
	}
	if len(ran) > 0 {
		return ran[0], "the interpreter " + by
	}
	if len(venvPythons) > 0 {
		return venvPythons[0], "the project's virtual environment"
	}
	if p, err := env.LookTool("python3", "python"); err == nil {
		return p, whyOnPath
	}
	return "", ""
}

// whyOnPath is chooseInterpreter's reason when nothing better than the
// first python3 on PATH was found.
const whyOnPath = "python3 on the run's PATH"

// emptyVenv returns the project's virtual environment directory (.venv or
// venv under root) when it exists but holds no interpreter — an empty
// directory, or a pyvenv.cfg without bin/python — so nothing can have
// been installed into it; "" otherwise.
func emptyVenv(root string) string {
	for _, d := range []string{".venv", "venv"} {
		dir := filepath.Join(root, d)
		entries, err := projfile.ReadDir(dir)
		if err != nil {
			continue
		}
		if isExecutable(filepath.Join(dir, "bin", "python")) || isExecutable(filepath.Join(dir, "bin", "python3")) {
			continue
		}
		_, cfg := os.Stat(filepath.Join(dir, "pyvenv.cfg"))
		if len(entries) == 0 || cfg == nil {
			return d
		}
	}
	return ""
}

func within(root, p string) bool {
	rel, err := filepath.Rel(root, p)
	return err == nil && rel != ".." && !strings.HasPrefix(rel, ".."+string(filepath.Separator)) && !filepath.IsAbs(rel)
}

func isExecutable(p string) bool {
	st, err := os.Stat(p)
	return err == nil && st.Mode().IsRegular() && st.Mode()&0o111 != 0
}

// isScript reports whether p starts with "#!", as version-manager shims do.
func isScript(p string) bool {
	f, _, err := projfile.Open(p)
	if err != nil {
		return false
	}
	defer f.Close()
	var b [2]byte
	n, _ := f.Read(b[:])
	return n == 2 && b[0] == '#' && b[1] == '!'
}
