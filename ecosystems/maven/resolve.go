package maven

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"time"

	"github.com/package-url/packageurl-go"

	"github.com/envaudit/envaudit/ecosystems"
	"github.com/envaudit/envaudit/internal/projfile"
	"github.com/envaudit/envaudit/internal/toolexec"
)

// Runner runs Maven. Tests replace it with recorded answers; the default
// runs the real mvn.
type Runner interface {
	// Run runs the command line args (args[0] is the program) in dir with
	// the environment env and returns its standard output, where Maven
	// logs (its [ERROR] lines included).
	Run(ctx context.Context, dir string, env, args []string) ([]byte, error)
}

// ExecRunner runs commands as processes (toolexec.Run).
type ExecRunner struct{}

// mvnTimeout bounds a resolution, which may download a project's whole
// closure on a cold local repository.
const mvnTimeout = 30 * time.Minute

// Run runs args in dir.
func (ExecRunner) Run(ctx context.Context, dir string, env, args []string) ([]byte, error) {
	return toolexec.Run(ctx, toolexec.Cmd{Path: args[0], Args: args[1:], Dir: dir, Env: env, Timeout: mvnTimeout})
}

// runFailure is what a message says of a failed run of mvn: the failure
// and the end of its standard error, without the long command line that
// the message names by its goal.
func runFailure(err error) error {
	var te *toolexec.Error
	if errors.As(err, &te) {
		if te.Stderr != "" {
			return fmt.Errorf("%w: %s", te.Err, te.Stderr)
		}
		return te.Err
	}
	return err
}

// DebianSettings is the settings file Debian's maven-debian-helper installs:
// it makes /usr/share/maven-repo, Debian's packaged libraries and plugins,
// the local repository, and works offline.
const DebianSettings = "/etc/maven/settings-debian.xml"

// A resolution is what Maven resolved for a project: each module's tree and
// the local repository the artifacts are in.
type resolution struct {
	trees     []*tree
	localRepo string // absolute; "" when Maven did not say
	warning   string // Maven failed for some modules; the trees are the others'
}

// treeFile is where dependency:tree writes each module's graph, below a
// private directory. Maven interpolates the -DoutputFile value per module,
// so every module gets its own file; the local repository path becomes part
// of the directory, which is how envaudit learns it from Maven itself
// without a second run: <dir>/<groupId>/<artifactId>/localrepo<path>/tree.tgf.
const treeFile = "${project.groupId}/${project.artifactId}/localrepo${settings.localRepository}/tree.tgf"

// mvnArgs returns the command line for dependency:tree.
func (e Ecosystem) mvnArgs(mvn, out string, environ []string) []string {
	args := []string{mvn, "-B", "-Dstyle.color=never"}
	settings, offline := e.settings(environ)
	if offline {
		args = append(args, "-o")
	}
	if settings != "" {
		args = append(args, "-s", settings)
	}
	// --fail-at-end: a module Maven cannot resolve does not cost the
	// trees of the others.
	return append(args, "--fail-at-end",
		"dependency:tree",
		"-DoutputType=tgf",
		"-DappendOutput=false",
		"-DoutputFile="+filepath.Join(out, filepath.FromSlash(treeFile)))
}

// settings returns the settings file to give mvn (none: the user's normal
// settings) and whether to run offline. Unless the Ecosystem says, Debian's
// settings are used when they are installed and the user has neither
// settings of their own (~/.m2/settings.xml) nor anything in a local
// repository (~/.m2/repository, which any mvn run without Debian's settings
// creates and fills): a machine that builds against Debian's packaged
// repository, as the traced run then must have done.
func (e Ecosystem) settings(environ []string) (string, bool) {
	if e.Settings != "" {
		return e.Settings, e.Offline
	}
	if fileExists(DebianSettings) {
		home := e.home(environ)
		m2 := filepath.Join(home, ".m2")
		if home != "" && !fileExists(filepath.Join(m2, "settings.xml")) && isEmptyDir(filepath.Join(m2, "repository")) {
			return DebianSettings, true
		}
	}
	return "", e.Offline
}

// isEmptyDir reports whether dir is absent or has no entries.
func isEmptyDir(dir string) bool {
	f, err := os.Open(dir)
	if err != nil {
		return errors.Is(err, fs.ErrNotExist)
	}
	defer f.Close()
	names, _ := f.Readdirnames(1)
	return len(names) == 0
}

func (e Ecosystem) home(environ []string) string {
	if e.Home != "" {
		return e.Home
	}
	if h, ok := ecosystems.LookupEnv(environ, "HOME"); ok && h != "" {
		return h
	}
	h, _ := os.UserHomeDir()
	return h
}

// mvnCommand returns the Maven program: mvn on the run's PATH, else the
// project's Maven wrapper, as env's Tools allow (env.Environ is the run's
// environment); an error says why there is none. Maven runs the project's
// build extensions (.mvn/) and plugins from a local repository the tests
// could write, so where the project's code may not run, neither may mvn.
func (e Ecosystem) mvnCommand(root string, env ecosystems.Env) (string, error) {
	if e.Command != "" {
		return e.Command, nil
	}
	if err := env.ProjectCode(); err != nil {
		return "", fmt.Errorf("mvn is not run: %w", err)
	}
	p, err := env.LookTool("mvn")
	if err == nil {
		return p, nil
	}
	if !errors.Is(err, toolexec.ErrNotFound) {
		return "", err
	}
	if w := filepath.Join(root, "mvnw"); fileExists(w) {
		// The wrapper is the project's own script: run only as the
		// tools allow (the tests ran it too, in a process without the
		// token).
		if _, cerr := env.CheckTool(w); cerr != nil {
			return "", fmt.Errorf("mvn not found on PATH, and the project's Maven wrapper is not run: %w", cerr)
		}
		return w, nil
	}
	return "", errNoMaven
}

// quickOpts are the options Maven's JVM gets for envaudit's own
// resolution, after the run: only the first tier of the JIT, which halves
// the compilation a short-lived JVM pays for and takes a tree of a few
// seconds about 0.6 s sooner; the same resolution. A JVM that does not
// know the option ignores it.
const quickOpts = "-XX:+IgnoreUnrecognizedVMOptions -XX:TieredStopAtLevel=1"

// quickJVM returns environ with quickOpts added to the end of MAVEN_OPTS
// (the last of an option wins), for the resolution's Maven only: the
// traced run keeps the environment it was given.
func quickJVM(environ []string) []string {
	out := make([]string, 0, len(environ)+1)
	set := false
	for _, kv := range environ {
		if v, ok := strings.CutPrefix(kv, "MAVEN_OPTS="); ok && !set {
			kv = "MAVEN_OPTS=" + strings.TrimSpace(v+" "+quickOpts)
			set = true
		}
		out = append(out, kv)
	}
	if !set {
		out = append(out, "MAVEN_OPTS="+quickOpts)
	}
	return out
}

// errNoMaven says Maven could not be found.
var errNoMaven = errors.New("mvn not found on PATH and the project has no Maven wrapper (mvnw)")

// resolve asks Maven for every module's resolved dependency tree; environ
// is the environment to run it with, env says which Maven may run.
func (e Ecosystem) resolve(ctx context.Context, root string, environ []string, env ecosystems.Env) (*resolution, error) {
	env.Environ = environ
	mvn, err := e.mvnCommand(root, env)
	if err != nil {
		return nil, err
	}
	out, err := os.MkdirTemp("", "envaudit-maven-")
	if err != nil {
		return nil, err
	}
	defer os.RemoveAll(out)
	runner := e.Runner
	if runner == nil {
		runner = ExecRunner{}
	}
	args := e.mvnArgs(mvn, out, environ)
	output, runErr := runner.Run(ctx, root, quickJVM(environ), args)
	if ctx.Err() != nil {
		return nil, ctx.Err()
	}
	res, err := readTrees(out)
	if err != nil {
		return nil, err
	}
	switch {
	case runErr != nil && len(res.trees) == 0:
		return nil, fmt.Errorf("mvn dependency:tree: %w%s", runFailure(runErr), tail(output))
	case runErr != nil:
		res.warning = fmt.Sprintf("mvn dependency:tree failed for some modules, whose packages D2 lacks: %v%s", runFailure(runErr), tail(output))
	case len(res.trees) == 0:
		return nil, fmt.Errorf("mvn dependency:tree wrote no tree%s", tail(output))
	}
	return res, nil
}

// readTrees reads the tree files below dir (see treeFile), sorted by path
// so the result does not depend on directory order.
func readTrees(dir string) (*resolution, error) {
	var files []string
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if !d.IsDir() && d.Name() == "tree.tgf" {
			files = append(files, p)
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	sort.Strings(files)
	res := &resolution{}
	for _, f := range files {
		rel, _ := filepath.Rel(dir, f)
		parts := strings.Split(filepath.ToSlash(rel), "/")
		if len(parts) >= 5 && parts[2] == "localrepo" && res.localRepo == "" {
			res.localRepo = "/" + strings.Join(parts[3:len(parts)-1], "/")
		}
		data, err := projfile.ReadFile(f, projfile.MaxLockfile)
		if err != nil {
			return nil, err
		}
		t, err := parseTGF(path3(parts), data)
		if err != nil {
			return nil, fmt.Errorf("read mvn dependency:tree output: %w", err)
		}
		res.trees = append(res.trees, t)
	}
	return res, nil
}

// path3 names a tree file in errors by its module: group/artifact/tree.tgf.
func path3(parts []string) string {
	if len(parts) < 2 {
		return "tree.tgf"
	}
	return parts[0] + "/" + parts[1] + "/tree.tgf"
}

// tail returns the last lines of a command's output, for an error message.
func tail(out []byte) string {
	out = bytes.TrimSpace(out)
	if len(out) == 0 {
		return ""
	}
	lines := strings.Split(string(out), "\n")
	var keep []string
	for _, l := range lines {
		// Maven's [ERROR] lines say what went wrong; the rest is progress.
		if strings.HasPrefix(l, "[ERROR]") && strings.TrimSpace(strings.TrimPrefix(l, "[ERROR]")) != "" {
			keep = append(keep, strings.TrimSpace(l))
		}
	}
	if len(keep) == 0 {
		keep = lines
	}
	if len(keep) > 3 {
		keep = keep[:3]
	}
	return ": " + strings.Join(keep, " | ")
}

// extensions maps Maven dependency types to the extension of their file
// (Maven's default artifact handlers); other types are their own extension.
var extensions = map[string]string{
	"test-jar":     "jar",
	"maven-plugin": "jar",
	"ejb":          "jar",
	"ejb-client":   "jar",
	"java-source":  "jar",
	"javadoc":      "jar",
	"bundle":       "jar", // OSGi bundles, through the maven-bundle-plugin's handler
}

// repoPath returns where a in the local repository repo lives:
// <repo>/<group as path>/<artifact>/<version>/<artifact>-<version>[-<classifier>].<ext>.
func repoPath(repo string, a artifact) string {
	ext := a.typ
	if x, ok := extensions[a.typ]; ok {
		ext = x
	}
	file := a.artifact + "-" + a.version
	if a.classifier != "" {
		file += "-" + a.classifier
	}
	return filepath.Join(repo, filepath.FromSlash(strings.ReplaceAll(a.group, ".", "/")), a.artifact, a.version, file+"."+ext)
}

// mavenScopes maps the scopes Maven resolves to envaudit's.
func mavenScope(s string) ecosystems.Scope {
	if sc, ok := scopes[s]; ok {
		return sc
	}
	return ecosystems.ScopeRuntime
}

// scopeRank orders scopes from the narrowest to the widest, so a package
// resolved in several scopes (by several modules) keeps the widest.
var scopeRank = map[ecosystems.Scope]int{ecosystems.ScopeTest: 1, ecosystems.ScopeProvided: 2, ecosystems.ScopeRuntime: 3}

// A resolved is one installed artifact (a name at a version), merged over
// the modules that resolved it.
type resolved struct {
	pkg     ecosystems.Package
	file    string // absolute path of the artifact's file; "" when not known
	deps    map[string]bool
	missing bool // Maven resolved it, but its file is not there: not installed
}

// packages turns the modules' trees into D2: one package per name and
// version, with the file in the local repository, the widest scope it was
// resolved in, whether a module depends on it directly, and the names it
// brought in. The project's own modules are not packages; an artifact they
// bring in is direct. systemPaths gives the files of system-scoped
// dependencies, which are not in the local repository.
//
// An artifact whose file is missing is not installed, even though Maven
// put it in the tree (offline, Maven lists an artifact it has no pom for,
// with a warning): it is left out of D2, so a declared dependency that
// does not exist comes out as a phantom that is not installed.
func (res *resolution) packages(root string, systemPaths map[string]string) ([]*resolved, []string) {
	reactor := map[string]bool{}
	for _, t := range res.trees {
		reactor[t.nodes[0].name()] = true
	}
	byKey := map[[2]string]*resolved{}
	var order []*resolved
	var warnings []string
	for _, t := range res.trees {
		parents := make([]int, len(t.nodes))
		for i := range parents {
			parents[i] = -1
		}
		for _, e := range t.edges {
			parents[e[1]] = e[0]
		}
		get := func(a artifact) *resolved {
			k := [2]string{a.name(), a.version}
			r := byKey[k]
			if r == nil {
				r = &resolved{deps: map[string]bool{}, pkg: ecosystems.Package{
					Name: a.name(), Version: a.version, PURL: purl(a), Scope: mavenScope(a.scope),
				}}
				switch {
				case a.scope == "system" && systemPaths[a.name()] != "":
					r.file = systemPaths[a.name()]
				case a.scope != "system" && res.localRepo != "":
					r.file = repoPath(res.localRepo, a)
				}
				if r.file != "" && !fileExists(r.file) {
					warnings = append(warnings, fmt.Sprintf("%s:%s is not installed: Maven lists it in the dependency tree, but %q does not exist", a.name(), a.version, displayPath(root, r.file)))
					r.missing = true
				}
				if r.file != "" {
					r.pkg.Path = displayPath(root, r.file)
				}
				byKey[k] = r
				order = append(order, r)
			}
			return r
		}
		for i, a := range t.nodes {
			if i == 0 || reactor[a.name()] {
				continue
			}
			r := get(a)
			sc := mavenScope(a.scope)
			if scopeRank[sc] > scopeRank[r.pkg.Scope] {
				r.pkg.Scope = sc
			}
			if p := parents[i]; p == 0 || (p > 0 && reactor[t.nodes[p].name()]) {
				r.pkg.Direct = true
			}
		}
		for _, e := range t.edges {
			from, to := t.nodes[e[0]], t.nodes[e[1]]
			if e[0] == 0 || reactor[from.name()] || reactor[to.name()] {
				continue
			}
			get(from).deps[to.name()] = true
		}
	}
	// Edges to an artifact that is not installed stay: Maven resolved it
	// as that dependency, which is how it would come in.
	kept := order[:0]
	for _, r := range order {
		if !r.missing {
			kept = append(kept, r)
		}
	}
	order = kept
	for _, r := range order {
		r.pkg.Dev = r.pkg.Scope == ecosystems.ScopeTest
		for d := range r.deps {
			if d != r.pkg.Name {
				r.pkg.Deps = append(r.pkg.Deps, d)
			}
		}
		sort.Strings(r.pkg.Deps)
	}
	sort.SliceStable(order, func(i, j int) bool {
		a, b := order[i].pkg, order[j].pkg
		if a.Name != b.Name {
			return a.Name < b.Name
		}
		return a.Version < b.Version
	})
	return order, warnings
}

// purl returns the package URL of a: pkg:maven/group/artifact@version, with
// the type and classifier qualifiers when they are not the default jar.
func purl(a artifact) string {
	var q packageurl.Qualifiers
	if a.classifier != "" {
		q = append(q, packageurl.Qualifier{Key: "classifier", Value: a.classifier})
	}
	if a.typ != "" && a.typ != "jar" {
		q = append(q, packageurl.Qualifier{Key: "type", Value: a.typ})
	}
	return packageurl.NewPackageURL(packageurl.TypeMaven, a.group, a.artifact, a.version, q, "").ToString()
}

// displayPath returns p relative to root when it lies inside, else p.
func displayPath(root, p string) string {
	if root != "" {
		if r, err := filepath.Rel(root, p); err == nil && r != ".." && !strings.HasPrefix(r, ".."+string(filepath.Separator)) {
			return filepath.ToSlash(r)
		}
	}
	return filepath.ToSlash(p)
}

func fileExists(p string) bool {
	fi, err := os.Stat(p)
	return err == nil && !fi.IsDir()
}

func dirExists(p string) bool {
	fi, err := os.Stat(p)
	return err == nil && fi.IsDir()
}
