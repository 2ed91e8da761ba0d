package system

import (
	"fmt"
	"path"
	"path/filepath"
	"regexp"
	"slices"
	"strings"

	"github.com/envaudit/envaudit/ecosystems"
	"github.com/envaudit/envaudit/ecosystems/internal/dpkg"
	"github.com/envaudit/envaudit/ecosystems/internal/solib"
)

// A package manager the tests run (a test that installs a package with
// pip, a script that runs npm ci) runs programs of its own: pip's
// platform detection executes lsb_release, npm runs git for a git
// dependency. Those are the package manager's doing, like the libraries
// the toolchain alone needs, and no system dependency of the project. A
// process is a package manager's when it runs the real program, told by
// its command line and by the package manager's own code among the files
// it loaded (a project's module named pip, run with `python -m pip`,
// loads no pip/_internal); everything it starts is its own.

// pipProgram matches pip's console scripts: pip, pip3, pip3.11.
var pipProgram = regexp.MustCompile(`^pip[0-9.]*$`)

// npmInstalls are the npm, pnpm and yarn commands that install packages
// (and so run their lifecycle scripts and the programs they need); the
// others run the project's own scripts.
var npmInstalls = []string{"install", "i", "ci", "add", "update", "up", "upgrade", "rebuild", "uninstall", "remove", "rm", "prune", "dedupe", "link"}

// packageManager names the package manager a process runs, with its
// command line, or "" when it runs none.
func packageManager(p ecosystems.Process) string {
	if len(p.Argv) < 2 {
		return ""
	}
	args := p.Argv[1:]
	switch {
	case slices.ContainsFunc(p.Files, func(f string) bool { return strings.Contains(f, "/pip/_internal/") }):
		// python -m pip …, or pip's console script run by its interpreter.
		if i := slices.Index(args, "-m"); i >= 0 && i+1 < len(args) && args[i+1] == "pip" || pipProgram.MatchString(path.Base(args[0])) {
			return describe("pip", p)
		}
	case slices.ContainsFunc(p.Files, func(f string) bool {
		return strings.Contains(f, "/npm/lib/") || strings.Contains(f, "/pnpm/dist/") || strings.Contains(f, "/yarn/lib/")
	}):
		tool := path.Base(args[0])
		tool = strings.TrimSuffix(strings.TrimSuffix(tool, ".js"), ".cjs")
		tool = strings.TrimSuffix(tool, "-cli")
		if tool != "npm" && tool != "pnpm" && tool != "yarn" {
			return ""
		}
		for _, a := range args[1:] {
			if strings.HasPrefix(a, "-") {
				continue
			}
			if slices.Contains(npmInstalls, a) {
				return describe(tool, p)
			}
			break
		}
	}
	return ""
}

// rootScript reports whether p is a lifecycle script of the root
// package that q, an npm, pnpm or yarn install, started: a direct child
// of the package manager's process running in the project's directory.
func rootScript(p, q ecosystems.Process, root string) bool {
	if root == "" || p.Cwd == "" {
		return false
	}
	m := packageManager(q)
	if m == "" || strings.HasPrefix(m, "pip ") {
		return false
	}
	return filepath.Clean(p.Cwd) == filepath.Clean(root)
}

// describe names a package manager's process for a report: the tool and
// its command line, shortened.
func describe(tool string, p ecosystems.Process) string {
	cmd := strings.Join(p.Argv, " ")
	if len(cmd) > 80 {
		cmd = cmd[:77] + "..."
	}
	return fmt.Sprintf("%s (%s)", tool, cmd)
}

// managed returns, for each process started by a package manager the run
// ran (or running one), that package manager as packageManager names it.
// The project's own lifecycle scripts are the exception: npm runs the
// root package's scripts (prepare, postinstall) in the project's
// directory root, and what they run is the project's code, while a
// dependency's scripts run in its own directory under node_modules.
func managed(procs []ecosystems.Process, root string) map[int]string {
	byID := map[int]ecosystems.Process{}
	for _, p := range procs {
		byID[p.ID] = p
	}
	memo := map[int]string{}
	var under func(id, depth int) string
	under = func(id, depth int) string {
		if m, ok := memo[id]; ok {
			return m
		}
		p, ok := byID[id]
		if !ok || depth > len(byID) {
			return ""
		}
		m := packageManager(p)
		if m == "" && p.Parent != 0 && p.Parent != id {
			if q, ok := byID[p.Parent]; ok && rootScript(p, q, root) {
				memo[id] = ""
				return ""
			}
			m = under(p.Parent, depth+1)
		}
		memo[id] = m
		return m
	}
	out := map[int]string{}
	for _, p := range procs {
		if m := under(p.ID, 0); m != "" {
			out[p.ID] = m
		}
	}
	return out
}

// managerUse returns the packages outside the base whose programs and
// shared objects only processes of a package manager used, each with why
// it is excluded. executed holds the canonical paths the run executed.
func managerUse(db *dpkg.DB, base map[*dpkg.Package]string, names map[*dpkg.Package]string, procs []ecosystems.Process, executed map[string]bool, root string) map[string]string {
	if root != "" {
		if abs, err := filepath.Abs(root); err == nil {
			root = abs
		}
		if r, err := filepath.EvalSymlinks(root); err == nil {
			root = r
		}
	}
	by := managed(procs, root)
	if len(by) == 0 {
		return nil
	}
	managerOf := map[string]string{} // package → the first package manager seen using it
	other := map[string]bool{}       // packages a process outside any package manager used
	for _, pr := range procs {
		exe := ecosystems.Canon(pr.Exe)
		for _, f := range append([]string{exe}, pr.Files...) {
			if f = ecosystems.Canon(f); f != exe && !executed[f] && !solib.IsSharedObject(f) {
				continue
			}
			for _, o := range db.Owners(f) {
				if _, isBase := base[o]; isBase {
					continue
				}
				name := names[o]
				if m := by[pr.ID]; m == "" {
					other[name] = true
				} else if _, ok := managerOf[name]; !ok {
					managerOf[name] = m
				}
			}
		}
	}
	out := map[string]string{}
	for name, m := range managerOf {
		if !other[name] {
			out[name] = "used only by " + m + ", a package manager the command ran"
		}
	}
	return out
}
