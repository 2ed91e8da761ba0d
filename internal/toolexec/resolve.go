package toolexec

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"syscall"
)

// Tools are the programs envaudit itself may run, resolved when a Resolver
// is made: before the traced command runs, so that nothing it plants on
// PATH afterwards is found.
var Tools = []string{"git", "apt-cache", "go", "cargo", "rustc", "mvn", "java", "python3", "python", "node", "npm"}

// Policy says where a Resolver may find programs.
type Policy struct {
	// Environ holds the PATH searched: the traced command's environment,
	// the PATH the project's own tools would be found on.
	Environ []string
	// Fallback, when set, is searched after Environ's PATH: envaudit's
	// own environment (the CLI's go ecosystem finds go there).
	Fallback []string
	// Strict is for a run whose results or secrets the traced command
	// must not reach (the Action). A program is then run only from a
	// PATH directory outside Workspace that the user the traced command
	// runs as cannot write (nor any directory above it, nor the program
	// file, nor, for a symbolic link, what it leads to): a program there
	// is what it was before the run. A program found only elsewhere
	// (~/.local/bin, a tool cache the runner user owns, the workspace)
	// is not run, and Look says why. Without Strict, Look is a plain
	// search of PATH, as the CLI has always done.
	Strict bool
	// Workspace is the checkout of the project: under Strict, no
	// program inside it is run (a committed mvnw, .venv/bin/python),
	// except as Project allows.
	Workspace string
	// Project, under Strict, allows a program inside Workspace that the
	// traced run executed itself (a project's virtual environment's
	// python): running it again runs nothing the traced command did not.
	// Only a process that holds no secret may set it, since the program
	// is the project's code.
	Project bool
	// WritableDirs, under Strict, are directories the traced command can
	// write whatever their owner says: where it runs as root, every
	// directory is its own, and these (its HOME, the runner's temporary
	// directory) are the ones a job writes. A Resolver adds /tmp,
	// /var/tmp and /dev/shm.
	WritableDirs []string
}

// A Resolver finds the programs envaudit runs, under a Policy. Make it
// before the traced command runs: the Tools are looked up then, and Look
// answers for them from that lookup. Its methods are safe for concurrent
// use.
type Resolver struct {
	policy   Policy
	uid      int
	groups   map[int]bool
	writable []string

	mu    sync.Mutex
	found map[string]result
}

type result struct {
	path string
	err  error
}

// NewResolver makes a Resolver and looks up the Tools.
func NewResolver(p Policy) *Resolver {
	r := &Resolver{policy: p, uid: os.Geteuid(), groups: map[int]bool{os.Getegid(): true}, found: map[string]result{}}
	if gs, err := os.Getgroups(); err == nil {
		for _, g := range gs {
			r.groups[g] = true
		}
	}
	if p.Workspace != "" {
		r.policy.Workspace = realPath(p.Workspace)
	}
	for _, d := range append(append([]string(nil), p.WritableDirs...), "/tmp", "/var/tmp", "/dev/shm") {
		if d != "" && filepath.IsAbs(d) {
			r.writable = append(r.writable, realPath(d))
		}
	}
	for _, name := range Tools {
		r.Look(name)
	}
	return r
}

// SkippedError is a program that was found but is not run, with why.
type SkippedError struct {
	Name string
	// Found are the candidates passed over, each with its reason.
	Found []Skipped
}

// Skipped is one program passed over.
type Skipped struct {
	Path, Reason string
}

func (e *SkippedError) Error() string {
	var b strings.Builder
	fmt.Fprintf(&b, "%q is not run: ", e.Name)
	for i, s := range e.Found {
		if i > 0 {
			b.WriteString("; ")
		}
		fmt.Fprintf(&b, "%q %s", s.Path, s.Reason)
	}
	return b.String()
}

// ErrNotFound is the error of a program that is on no PATH directory.
var ErrNotFound = errors.New("not found on PATH")

// Look returns the absolute path of the first of names found on PATH (each
// name tried in one directory before the next directory, as a shell
// would) that the policy lets envaudit run. The error is a *SkippedError
// when programs of those names were found but passed over, and wraps
// ErrNotFound when none was found.
func (r *Resolver) Look(names ...string) (string, error) {
	key := strings.Join(names, "\x00")
	r.mu.Lock()
	res, ok := r.found[key]
	r.mu.Unlock()
	if ok {
		return res.path, res.err
	}
	res.path, res.err = r.look(names)
	r.mu.Lock()
	r.found[key] = res
	r.mu.Unlock()
	return res.path, res.err
}

func (r *Resolver) look(names []string) (string, error) {
	var skipped []Skipped
	envs := [][]string{r.policy.Environ}
	if r.policy.Fallback != nil {
		envs = append(envs, r.policy.Fallback)
	}
	for _, env := range envs {
		for _, dir := range filepath.SplitList(getenv(env, "PATH")) {
			// Relative entries would resolve against envaudit's working
			// directory, not the run's.
			if !filepath.IsAbs(dir) {
				continue
			}
			for _, n := range names {
				p := filepath.Join(dir, n)
				if st, err := os.Stat(p); err != nil || !st.Mode().IsRegular() || st.Mode()&0o111 == 0 {
					continue
				}
				if why := r.untrusted(p, nil); why != "" {
					skipped = append(skipped, Skipped{p, why})
					continue
				}
				return p, nil
			}
		}
	}
	name := strings.Join(names, " or ")
	if len(skipped) > 0 {
		return "", &SkippedError{Name: name, Found: skipped}
	}
	return "", fmt.Errorf("%s: %w", name, ErrNotFound)
}

// Check says whether envaudit may run the program at path, named by other
// means than PATH (an interpreter the trace shows, RUSTC, a project's
// wrapper): under Strict, by the same rules as Look, with a program inside
// the workspace allowed only when Project is set and executed (the
// programs the traced run executed) holds it. It returns path, absolute.
func (r *Resolver) Check(path string, executed []string) (string, error) {
	abs := path
	if !filepath.IsAbs(abs) {
		p, err := exec.LookPath(path)
		if err != nil {
			return "", err
		}
		if abs, err = filepath.Abs(p); err != nil {
			return "", err
		}
	}
	if why := r.untrusted(abs, executed); why != "" {
		return "", &SkippedError{Name: filepath.Base(path), Found: []Skipped{{abs, why}}}
	}
	return abs, nil
}

// ErrProjectCode is the error of ProjectCode: the policy keeps envaudit
// from running the project's own code.
var ErrProjectCode = errors.New("it would run the project's own code (its build extensions, its interpreter's .pth files), which the process that holds the token never does")

// ProjectCode says whether a program that runs the project's own code
// whatever its path (mvn reads the project's .mvn directory and runs the
// plugins of a local repository the tests can write; python runs the .pth
// files of the site directories) may run: always without Strict, and
// under it only with Project. The error wraps ErrProjectCode.
func (r *Resolver) ProjectCode() error {
	if r.policy.Strict && !r.policy.Project {
		return ErrProjectCode
	}
	return nil
}

// untrusted returns why the program at p may not be run under the policy,
// "" when it may.
func (r *Resolver) untrusted(p string, executed []string) string {
	if !r.policy.Strict {
		return ""
	}
	real := realPath(p)
	if ws := r.policy.Workspace; ws != "" && (within(ws, p) || within(ws, real)) {
		if r.policy.Project && ran(executed, p, real) {
			return ""
		}
		if r.policy.Project {
			return "is inside the workspace and the tests did not run it"
		}
		return "is inside the workspace (the project's own code, never run by the process that holds the token)"
	}
	for _, q := range []string{p, real} {
		if why := r.writableChain(q); why != "" {
			return why
		}
	}
	return ""
}

// writableChain returns why the user the traced command runs as could
// change the file at p or what its path leads to: the file itself or a
// directory on the way to it is theirs or writable by them.
func (r *Resolver) writableChain(p string) string {
	for _, d := range r.writable {
		if within(d, p) {
			return fmt.Sprintf("lies in %q, which the tests can write", d)
		}
	}
	for q := p; ; q = filepath.Dir(q) {
		st, err := os.Lstat(q)
		if err != nil {
			return fmt.Sprintf("cannot be checked: %v", err)
		}
		if r.canChange(st, q == p) {
			if q == p {
				return "is a file the tests could rewrite (theirs, or writable by them)"
			}
			return fmt.Sprintf("lies in %q, a directory the tests could change (theirs, or writable by them)", q)
		}
		if q == "/" || q == "." {
			return ""
		}
	}
}

// canChange says whether the traced user could rewrite the file st
// describes (self) or, for a directory above it, swap the entry below:
// they own it (when not root, who owns everything), or its group or
// everyone may write it — a sticky directory (/tmp) only stops them from
// renaming what others own. A symbolic link's own mode means nothing: it
// can only be replaced, in the directory above it, and what it leads to is
// checked on its own.
func (r *Resolver) canChange(st fs.FileInfo, self bool) bool {
	sys, ok := st.Sys().(*syscall.Stat_t)
	mode := st.Mode()
	if !ok || mode&fs.ModeSymlink != 0 {
		return false
	}
	if int(sys.Uid) == r.uid && r.uid != 0 {
		return true
	}
	if mode&fs.ModeSticky != 0 && !self {
		return false
	}
	return mode&0o002 != 0 || mode&0o020 != 0 && r.groups[int(sys.Gid)]
}

// ran reports whether executed holds p or its real path.
func ran(executed []string, p, real string) bool {
	for _, x := range executed {
		if x == p || x == real || realPath(x) == real {
			return true
		}
	}
	return false
}

func realPath(p string) string {
	if r, err := filepath.EvalSymlinks(p); err == nil {
		return r
	}
	return filepath.Clean(p)
}

func within(dir, p string) bool {
	rel, err := filepath.Rel(dir, p)
	return err == nil && rel != ".." && !strings.HasPrefix(rel, ".."+string(filepath.Separator)) && !filepath.IsAbs(rel)
}

// getenv returns key's value in environ, the last entry winning.
func getenv(environ []string, key string) string {
	for i := len(environ) - 1; i >= 0; i-- {
		if k, v, ok := strings.Cut(environ[i], "="); ok && k == key {
			return v
		}
	}
	return ""
}
