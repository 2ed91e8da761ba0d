package e2e

import (
	"archive/tar"
	"archive/zip"
	"bytes"
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"regexp"
	"runtime"
	"sort"
	"strconv"
	"strings"
	"sync"

	"github.com/envaudit/envaudit/ghaction/ghfake"
	"github.com/envaudit/envaudit/internal/ghrunner"
)

// The stand-ins for the third-party actions the workflows use. Each
// declares the real action's inputs (so an input it lacks is the
// runner's "Unexpected input" warning) and does on this machine what the
// real one documents; where it cannot (download a runtime), it installs
// the machine's own and says so in the log.

// git runs git in dir with the step's environment.
func git(s *ghrunner.StepAPI, dir string, args ...string) (string, error) {
	cmd := s.Command(dir, "git", args...)
	out, err := cmd.CombinedOutput()
	if err != nil {
		return "", fmt.Errorf("git %s: %v\n%s", strings.Join(args, " "), err, out)
	}
	return strings.TrimSpace(string(out)), nil
}

// checkout is actions/checkout v4: the repository's commit of the event
// fetched into the workspace, at depth 1 unless fetch-depth says
// otherwise, from origins (repository → a git URL standing in for
// https://github.com/owner/name). For a pull_request event that is
// GITHUB_REF (refs/pull/N/merge) at GITHUB_SHA, checked out detached; for
// a branch (workflow_run's default branch) the branch itself; for another
// repository than the run's, its default branch (main) or the ref given
// (a branch by its name).
func checkout(origins map[string]string) ghrunner.Native {
	return ghrunner.Native{
		Inputs: map[string]string{
			"repository": "${{ github.repository }}", "ref": "", "token": "${{ github.token }}", "ssh-key": "", "ssh-known-hosts": "",
			"ssh-strict": "true", "ssh-user": "git", "persist-credentials": "true", "path": "", "clean": "true", "filter": "",
			"sparse-checkout": "", "sparse-checkout-cone-mode": "true", "fetch-depth": "1", "fetch-tags": "false", "show-progress": "true",
			"lfs": "false", "submodules": "false", "set-safe-directory": "true", "github-server-url": "",
		},
		Main: func(s *ghrunner.StepAPI) error {
			url, ok := origins[s.Input("repository")]
			if !ok {
				return fmt.Errorf("repository %q not found", s.Input("repository"))
			}
			dir := filepath.Join(s.Workspace, s.Input("path"))
			if err := os.MkdirAll(dir, 0o755); err != nil {
				return err
			}
			ref, sha := s.Input("ref"), ""
			switch {
			case ref == "" && s.Input("repository") != s.Env["GITHUB_REPOSITORY"]:
				// Another repository: its default branch (every
				// origin's is main).
				ref = "refs/heads/main"
			case ref == "":
				ref, sha = s.Env["GITHUB_REF"], s.Env["GITHUB_SHA"]
			case !strings.HasPrefix(ref, "refs/"):
				// A branch's name.
				ref = "refs/heads/" + ref
			}
			if s.Input("set-safe-directory") == "true" {
				if _, err := git(s, dir, "config", "--global", "--add", "safe.directory", dir); err != nil {
					return err
				}
			}
			for _, args := range [][]string{{"init", "-q", dir}, {"remote", "add", "origin", url}} {
				if _, err := git(s, dir, args...); err != nil {
					return err
				}
			}
			if s.Input("persist-credentials") == "true" {
				// The token, as actions/checkout keeps it for later git
				// commands (the post step removes it).
				auth := base64.StdEncoding.EncodeToString([]byte("x-access-token:" + s.Input("token")))
				if _, err := git(s, dir, "config", "--local", "http."+s.Env["GITHUB_SERVER_URL"]+"/.extraheader", "AUTHORIZATION: basic "+auth); err != nil {
					return err
				}
			}
			remote := "refs/remotes/origin/" + strings.TrimPrefix(ref, "refs/heads/")
			if strings.HasPrefix(ref, "refs/pull/") {
				remote = "refs/remotes/pull/" + strings.TrimPrefix(ref, "refs/pull/")
			}
			src := ref
			if sha != "" {
				src = sha
			}
			fetch := []string{"-c", "protocol.version=2", "fetch", "--no-tags", "--prune", "--no-recurse-submodules"}
			depth, err := strconv.Atoi(s.Input("fetch-depth"))
			if err != nil {
				return fmt.Errorf("fetch-depth %q: %w", s.Input("fetch-depth"), err)
			}
			if depth > 0 {
				fetch = append(fetch, "--depth="+strconv.Itoa(depth))
			} else {
				// A full history: every branch and tag too.
				if _, err := git(s, dir, "-c", "protocol.version=2", "fetch", "--prune", "--no-recurse-submodules", "origin", "+refs/heads/*:refs/remotes/origin/*", "+refs/tags/*:refs/tags/*"); err != nil {
					return err
				}
			}
			if _, err := git(s, dir, append(fetch, "origin", "+"+src+":"+remote)...); err != nil {
				return err
			}
			co := []string{"checkout", "-q", "--force", remote}
			if strings.HasPrefix(ref, "refs/heads/") {
				co = []string{"checkout", "-q", "--force", "-B", strings.TrimPrefix(ref, "refs/heads/"), remote}
			}
			if _, err := git(s, dir, co...); err != nil {
				return err
			}
			head, err := git(s, dir, "rev-parse", "HEAD")
			if err != nil {
				return err
			}
			s.Logf("checked out %s at %s", ref, head)
			s.SetOutput("ref", ref)
			s.SetOutput("commit", head)
			s.SaveState("dir", dir)
			return nil
		},
		Post: func(s *ghrunner.StepAPI) error {
			// Removes the credentials it kept, whatever the job did.
			dir := s.State("dir")
			if dir == "" {
				return nil
			}
			_, _ = git(s, dir, "config", "--local", "--unset-all", "http."+s.Env["GITHUB_SERVER_URL"]+"/.extraheader")
			return nil
		},
	}
}

// machineTool is the machine's program name, found on the image's PATH
// (not the job's, where an earlier stand-in may have put its own).
func (m *machine) machineTool(name string) (string, error) {
	for _, d := range filepath.SplitList(m.env["PATH"]) {
		p := filepath.Join(d, name)
		if fi, err := os.Stat(p); err == nil && !fi.IsDir() && fi.Mode()&0o111 != 0 {
			return p, nil
		}
	}
	return "", fmt.Errorf("no %s on the machine's PATH", name)
}

// toolDir makes the tool cache's directory for tool at version, as the
// setup actions install into $RUNNER_TOOL_CACHE/<tool>/<version>/<arch>.
func toolDir(s *ghrunner.StepAPI, tool, version string) (string, error) {
	arch := map[string]string{"amd64": "x64", "arm64": "arm64"}[runtime.GOARCH]
	dir := filepath.Join(s.ToolCache, tool, version, arch)
	return dir, os.MkdirAll(dir, 0o755)
}

// setupNode is actions/setup-node v4: node, npm and npx of the node
// version first on PATH, from the tool cache. The machine's node stands
// in for the version asked.
func (m *machine) setupNode() ghrunner.Native {
	return ghrunner.Native{
		Inputs: map[string]string{
			"always-auth": "false", "node-version": "", "node-version-file": "", "architecture": "", "check-latest": "false",
			"registry-url": "", "scope": "", "token": "${{ github.server_url == 'https://github.com' && github.token || '' }}",
			"cache": "", "cache-dependency-path": "", "mirror": "", "mirror-token": "",
		},
		Main: func(s *ghrunner.StepAPI) error {
			if s.Input("cache") != "" {
				return errors.New("setup-node's cache input is not emulated")
			}
			node, err := m.machineTool("node")
			if err != nil {
				return err
			}
			out, err := s.Command(s.Workspace, node, "--version").Output()
			if err != nil {
				return err
			}
			version := strings.TrimSpace(string(out))
			if want := s.Input("node-version"); want != "" && !strings.HasPrefix(version, "v"+want) {
				s.Logf("this machine's node %s stands in for node-version %s", version, want)
			}
			dir, err := toolDir(s, "node", strings.TrimPrefix(version, "v"))
			if err != nil {
				return err
			}
			bin := filepath.Join(dir, "bin")
			if err := os.MkdirAll(bin, 0o755); err != nil {
				return err
			}
			for _, prog := range []string{"node", "npm", "npx"} {
				p, err := m.machineTool(prog)
				if err != nil {
					return err
				}
				if err := os.Symlink(p, filepath.Join(bin, prog)); err != nil {
					return err
				}
			}
			s.AddPath(bin)
			s.SetOutput("node-version", version)
			return nil
		},
	}
}

// setupPython is actions/setup-python v5: a Python in the tool cache
// first on PATH, with pip, and the variables it exports. The machine's
// python3 stands in: a virtual environment of it that sees its system
// packages (where python3-pytest and the project's requirements are).
func (m *machine) setupPython() ghrunner.Native {
	return ghrunner.Native{
		Inputs: map[string]string{
			"python-version": "", "python-version-file": "", "cache": "", "architecture": "", "check-latest": "false",
			"token": "${{ github.server_url == 'https://github.com' && github.token || '' }}", "cache-dependency-path": "",
			"update-environment": "true", "allow-prereleases": "false", "freethreaded": "false",
		},
		Main: func(s *ghrunner.StepAPI) error {
			if s.Input("cache") != "" {
				return errors.New("setup-python's cache input is not emulated")
			}
			py, err := m.machineTool("python3")
			if err != nil {
				return err
			}
			out, err := s.Command(s.Workspace, py, "-c", "import platform; print(platform.python_version())").Output()
			if err != nil {
				return err
			}
			version := strings.TrimSpace(string(out))
			if want := s.Input("python-version"); want != "" && !strings.HasPrefix(version, strings.TrimSuffix(want, ".x")) {
				s.Logf("this machine's python %s stands in for python-version %s", version, want)
			}
			dir, err := toolDir(s, "Python", version)
			if err != nil {
				return err
			}
			if out, err := s.Command(s.Workspace, py, "-m", "venv", "--system-site-packages", dir).CombinedOutput(); err != nil {
				return fmt.Errorf("python3 -m venv: %v\n%s", err, out)
			}
			s.AddPath(filepath.Join(dir, "bin"))
			if s.Input("update-environment") == "true" {
				for _, k := range []string{"pythonLocation", "Python_ROOT_DIR", "Python2_ROOT_DIR", "Python3_ROOT_DIR"} {
					s.ExportVariable(k, dir)
				}
				s.ExportVariable("PKG_CONFIG_PATH", filepath.Join(dir, "lib", "pkgconfig"))
			}
			s.SetOutput("python-version", version)
			s.SetOutput("python-path", filepath.Join(dir, "bin", "python"))
			return nil
		},
	}
}

// goModVersion is the Go version a go.mod asks for, as setup-go reads a
// go-version-file: its toolchain line, else its go line.
func goModVersion(data string) string {
	if m := regexp.MustCompile(`(?m)^toolchain\s+go(\S+)`).FindStringSubmatch(data); m != nil {
		return m[1]
	}
	if m := regexp.MustCompile(`(?m)^go\s+(\S+)`).FindStringSubmatch(data); m != nil {
		return m[1]
	}
	return ""
}

// setupGo is actions/setup-go v5: the Go of go-version (or
// go-version-file) in the tool cache, its bin and GOPATH/bin first on
// PATH, the version as an output. The machine's Go stands in for the
// version asked, installed under that version's directory.
func (m *machine) setupGo() ghrunner.Native {
	return ghrunner.Native{
		Inputs: map[string]string{
			"go-version": "", "go-version-file": "", "check-latest": "false",
			"token": "${{ github.server_url == 'https://github.com' && github.token || '' }}", "cache": "true",
			"cache-dependency-path": "", "architecture": "",
		},
		Main: func(s *ghrunner.StepAPI) error {
			if s.Input("cache") != "false" {
				return errors.New("setup-go's cache is not emulated: the scenarios set cache: false")
			}
			version := s.Input("go-version")
			if version == "" && s.Input("go-version-file") != "" {
				f := s.Input("go-version-file")
				if !filepath.IsAbs(f) {
					f = filepath.Join(s.Workspace, f)
				}
				data, err := os.ReadFile(f)
				if err != nil {
					return fmt.Errorf("the specified go version file at: %s does not exist", f)
				}
				version = goModVersion(string(data))
			}
			if version == "" {
				return errors.New("no go-version or go-version-file")
			}
			dir, err := toolDir(s, "go", version)
			if err != nil {
				return err
			}
			// The machine's GOROOT as the installed Go: the directory
			// setup-go would extract the version into.
			if err := os.Remove(dir); err != nil {
				return err
			}
			if err := os.Symlink(m.goroot, dir); err != nil {
				return err
			}
			s.AddPath(filepath.Join(dir, "bin"))
			out, err := s.Command(s.Workspace, "go", "env", "GOPATH").Output()
			if err != nil {
				return err
			}
			gopathBin := filepath.Join(strings.TrimSpace(string(out)), "bin")
			if err := os.MkdirAll(gopathBin, 0o755); err != nil {
				return err
			}
			s.AddPath(gopathBin)
			out, err = s.Command(s.Workspace, "go", "version").Output()
			if err != nil {
				return err
			}
			fields := strings.Fields(string(out))
			if len(fields) < 3 {
				return fmt.Errorf("go version: %q", out)
			}
			got := strings.TrimPrefix(fields[2], "go")
			if got != version {
				s.Logf("this machine's go %s stands in for go %s", got, version)
			}
			s.SetOutput("go-version", got)
			return nil
		},
	}
}

// cacheStore is the repository's Actions cache: entries by scope (the
// ref of the run that saved them), key and version (the paths), each a
// tar of the paths relative to the workspace of the job that saved it,
// as actions/cache stores them.
type cacheStore struct {
	dir     string
	mu      sync.Mutex
	entries []cacheEntry
}

type cacheEntry struct {
	scope, key, version, file string
}

// cache is actions/cache v4: restore by exact key, then restore-keys
// prefixes, from the run's ref, then its base branch's, then the
// default branch's; save in the post step on a miss, under the run's
// ref, only when the job succeeded (its post-if).
func (m *machine) cacheAction() ghrunner.Native {
	store := m.cache
	return ghrunner.Native{
		Inputs: map[string]string{
			"path": "", "key": "", "restore-keys": "", "upload-chunk-size": "", "enableCrossOsArchive": "false",
			"fail-on-cache-miss": "false", "lookup-only": "false", "save-always": "false",
		},
		Main: func(s *ghrunner.StepAPI) error {
			hit, err := store.restore(s)
			if err != nil || hit == nil {
				return err
			}
			s.SaveState("matched", hit.key)
			return nil
		},
		PostIf: "success()",
		Post: func(s *ghrunner.StepAPI) error {
			key := s.State("key")
			if s.State("matched") == key {
				s.Logf("Cache hit occurred on the primary key %s, not saving cache.", key)
				return nil
			}
			return store.savePaths(s, key, s.State("version"))
		},
	}
}

// cacheRestore is actions/cache/restore v4: the restore half of
// actions/cache, with its outputs, and no post step.
func (m *machine) cacheRestore() ghrunner.Native {
	store := m.cache
	return ghrunner.Native{
		Inputs: map[string]string{
			"path": "", "key": "", "restore-keys": "", "enableCrossOsArchive": "false",
			"fail-on-cache-miss": "false", "lookup-only": "false",
		},
		Main: func(s *ghrunner.StepAPI) error {
			hit, err := store.restore(s)
			s.SetOutput("cache-primary-key", s.Input("key"))
			if hit != nil {
				s.SetOutput("cache-matched-key", hit.key)
			}
			return err
		},
	}
}

// cacheSave is actions/cache/save v4: save the paths under key now,
// whatever the job's status, unless an entry of that key and version is
// in the run's scope already.
func (m *machine) cacheSave() ghrunner.Native {
	store := m.cache
	return ghrunner.Native{
		Inputs: map[string]string{"path": "", "key": "", "upload-chunk-size": "", "enableCrossOsArchive": "false"},
		Main: func(s *ghrunner.StepAPI) error {
			key, paths := s.Input("key"), lines(s.Input("path"))
			if key == "" || len(paths) == 0 {
				return errors.New("input required and not supplied: key and path")
			}
			version := cacheVersion(paths)
			if store.lookup([]string{s.Env["GITHUB_REF"]}, key, nil, version) != nil {
				s.Logf("::warning::Failed to save: Unable to reserve cache with key %s, another job may be creating this cache.", key)
				return nil
			}
			return store.savePaths(s, key, version)
		},
	}
}

// restore looks key up in the scopes a run may read (its ref, its base
// branch's, the default branch's) and unpacks the entry into the
// workspace, setting cache-hit as actions/cache does; nil on a miss.
func (c *cacheStore) restore(s *ghrunner.StepAPI) (*cacheEntry, error) {
	key, paths := s.Input("key"), lines(s.Input("path"))
	if key == "" || len(paths) == 0 {
		return nil, errors.New("input required and not supplied: key and path")
	}
	version := cacheVersion(paths)
	scopes := []string{s.Env["GITHUB_REF"]}
	if b := s.Env["GITHUB_BASE_REF"]; b != "" {
		scopes = append(scopes, "refs/heads/"+b)
	}
	scopes = append(scopes, "refs/heads/main")
	hit := c.lookup(scopes, key, lines(s.Input("restore-keys")), version)
	s.SaveState("key", key)
	s.SaveState("version", version)
	if hit == nil {
		if s.Input("fail-on-cache-miss") == "true" {
			return nil, fmt.Errorf("failed to restore cache entry: exiting as fail-on-cache-miss is set; input key: %s", key)
		}
		s.Logf("Cache not found for input keys: %s", key)
		s.SetOutput("cache-hit", "false")
		return nil, nil
	}
	if s.Input("lookup-only") != "true" {
		if err := untar(hit.file, s.Workspace); err != nil {
			return nil, err
		}
	}
	s.Logf("Cache restored from key: %s", hit.key)
	s.SetOutput("cache-hit", strconv.FormatBool(hit.key == key))
	return hit, nil
}

// savePaths saves the step's existing paths under key, in the run's
// scope, as actions/cache does (a path that does not exist is left out;
// none at all is a warning, not a failure).
func (c *cacheStore) savePaths(s *ghrunner.StepAPI, key, version string) error {
	var rels []string
	for _, p := range lines(s.Input("path")) {
		if !filepath.IsAbs(p) {
			p = filepath.Join(s.Workspace, p)
		}
		if _, err := os.Stat(p); err != nil {
			continue
		}
		rel, err := filepath.Rel(s.Workspace, p)
		if err != nil {
			return err
		}
		rels = append(rels, rel)
	}
	if len(rels) == 0 {
		s.Logf("::warning::Path Validation Error: Path(s) specified in the action for caching do(es) not exist, hence no cache is being saved.")
		return nil
	}
	if err := c.save(s.Env["GITHUB_REF"], key, version, s.Workspace, rels); err != nil {
		s.Logf("::warning::Failed to save: %v", err)
		return nil
	}
	s.Logf("Cache saved with key: %s", key)
	return nil
}

func lines(s string) []string {
	var out []string
	for _, l := range strings.Split(s, "\n") {
		if l = strings.TrimSpace(l); l != "" {
			out = append(out, l)
		}
	}
	return out
}

// cacheVersion is actions/cache's version of an entry: the paths (and
// the compression), so one key cached with other paths is another entry.
func cacheVersion(paths []string) string {
	sum := sha256.Sum256([]byte(strings.Join(append(append([]string(nil), paths...), "zstd-without-long", "1.0"), "|")))
	return hex.EncodeToString(sum[:])
}

func (c *cacheStore) lookup(scopes []string, key string, restoreKeys []string, version string) *cacheEntry {
	c.mu.Lock()
	defer c.mu.Unlock()
	for _, sc := range scopes {
		for _, want := range append([]string{key}, restoreKeys...) {
			// The newest entry of the scope whose key is want, or, for a
			// restore key, starts with it.
			for i := len(c.entries) - 1; i >= 0; i-- {
				e := c.entries[i]
				if e.scope != sc || e.version != version {
					continue
				}
				if e.key == want || want != key && strings.HasPrefix(e.key, want) {
					return &e
				}
			}
		}
	}
	return nil
}

func (c *cacheStore) save(scope, key, version, workspace string, rels []string) error {
	c.mu.Lock()
	defer c.mu.Unlock()
	for _, e := range c.entries {
		if e.scope == scope && e.key == key && e.version == version {
			return fmt.Errorf("Unable to reserve cache with key %s, another job may be creating this cache.", key)
		}
	}
	f, err := os.CreateTemp(c.dir, "entry-*.tar")
	if err != nil {
		return err
	}
	defer f.Close()
	tw := tar.NewWriter(f)
	for _, rel := range rels {
		root := filepath.Join(workspace, rel)
		err := filepath.Walk(root, func(p string, fi fs.FileInfo, err error) error {
			if err != nil {
				return err
			}
			name, err := filepath.Rel(workspace, p)
			if err != nil {
				return err
			}
			link := ""
			if fi.Mode()&fs.ModeSymlink != 0 {
				if link, err = os.Readlink(p); err != nil {
					return err
				}
			}
			h, err := tar.FileInfoHeader(fi, link)
			if err != nil {
				return err
			}
			h.Name = filepath.ToSlash(name)
			if err := tw.WriteHeader(h); err != nil {
				return err
			}
			if fi.Mode().IsRegular() {
				in, err := os.Open(p)
				if err != nil {
					return err
				}
				defer in.Close()
				_, err = io.Copy(tw, in)
				return err
			}
			return nil
		})
		if err != nil {
			return err
		}
	}
	if err := tw.Close(); err != nil {
		return err
	}
	c.entries = append(c.entries, cacheEntry{scope: scope, key: key, version: version, file: f.Name()})
	return nil
}

// untar restores an entry relative to the workspace, as actions/cache
// does (a path outside it, ../../_temp/x, lands at the same place beside
// the new workspace).
func untar(file, workspace string) error {
	f, err := os.Open(file)
	if err != nil {
		return err
	}
	defer f.Close()
	tr := tar.NewReader(f)
	for {
		h, err := tr.Next()
		if errors.Is(err, io.EOF) {
			return nil
		}
		if err != nil {
			return err
		}
		p := filepath.Join(workspace, filepath.FromSlash(h.Name))
		switch h.Typeflag {
		case tar.TypeDir:
			if err := os.MkdirAll(p, fs.FileMode(h.Mode)&fs.ModePerm); err != nil {
				return err
			}
		case tar.TypeSymlink:
			if err := os.Symlink(h.Linkname, p); err != nil {
				return err
			}
		case tar.TypeReg:
			if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
				return err
			}
			out, err := os.OpenFile(p, os.O_CREATE|os.O_WRONLY|os.O_TRUNC, fs.FileMode(h.Mode)&fs.ModePerm)
			if err != nil {
				return err
			}
			if _, err := io.Copy(out, tr); err != nil {
				out.Close()
				return err
			}
			if err := out.Close(); err != nil {
				return err
			}
		}
	}
}

// uploadArtifact is actions/upload-artifact v4: the files of path (files,
// directories; hidden files left out unless include-hidden-files) zipped
// relative to their least common ancestor into an artifact of the run,
// where the artifacts API serves it; a name the run already has is a
// conflict unless overwrite.
func uploadArtifact(srv *ghfake.Server) ghrunner.Native {
	var mu sync.Mutex
	uploaded := map[string]int64{} // run/name → artifact id
	return ghrunner.Native{
		Inputs: map[string]string{
			"name": "artifact", "path": "", "if-no-files-found": "warn", "retention-days": "", "compression-level": "6",
			"overwrite": "false", "include-hidden-files": "false",
		},
		Main: func(s *ghrunner.StepAPI) error {
			paths := lines(s.Input("path"))
			if len(paths) == 0 {
				return errors.New("Input required and not supplied: path")
			}
			hidden := s.Input("include-hidden-files") == "true"
			var files, roots []string
			for _, p := range paths {
				if strings.HasPrefix(p, "!") {
					return fmt.Errorf("exclusion patterns are not emulated: %q", p)
				}
				if !filepath.IsAbs(p) {
					p = filepath.Join(s.Workspace, p)
				}
				matches, err := filepath.Glob(p)
				if err != nil {
					return err
				}
				for _, mt := range matches {
					fi, err := os.Stat(mt)
					if err != nil {
						continue
					}
					if fi.IsDir() {
						roots = append(roots, mt)
					} else {
						roots = append(roots, filepath.Dir(mt))
					}
					_ = filepath.Walk(mt, func(q string, fi fs.FileInfo, err error) error {
						if err != nil {
							return nil
						}
						if !hidden && strings.HasPrefix(fi.Name(), ".") && q != mt {
							if fi.IsDir() {
								return filepath.SkipDir
							}
							return nil
						}
						if fi.Mode().IsRegular() {
							files = append(files, q)
						}
						return nil
					})
				}
			}
			if len(files) == 0 {
				msg := "No files were found with the provided path: " + strings.Join(paths, ", ") + ". No artifacts will be uploaded."
				switch s.Input("if-no-files-found") {
				case "error":
					return errors.New(msg)
				case "warn":
					s.Logf("::warning::%s", msg)
				default:
					s.Logf("%s", msg)
				}
				return nil
			}
			root := commonAncestor(roots)
			var buf bytes.Buffer
			zw := zip.NewWriter(&buf)
			sort.Strings(files)
			for _, f := range files {
				rel, err := filepath.Rel(root, f)
				if err != nil {
					return err
				}
				w, err := zw.Create(filepath.ToSlash(rel))
				if err != nil {
					return err
				}
				data, err := os.ReadFile(f)
				if err != nil {
					return err
				}
				if _, err := w.Write(data); err != nil {
					return err
				}
			}
			if err := zw.Close(); err != nil {
				return err
			}
			run, err := strconv.ParseInt(s.Env["GITHUB_RUN_ID"], 10, 64)
			if err != nil {
				return err
			}
			name := s.Input("name")
			mu.Lock()
			defer mu.Unlock()
			k := fmt.Sprintf("%d/%s", run, name)
			if _, dup := uploaded[k]; dup && s.Input("overwrite") != "true" {
				return errors.New("Failed to CreateArtifact: Received non-retryable error: Failed request: (409) Conflict: an artifact with this name already exists on the workflow run")
			}
			id := srv.AddArtifact(run, name, buf.Bytes())
			uploaded[k] = id
			s.Logf("Artifact %s has been successfully uploaded! Final size is %d bytes. Artifact ID is %d", name, buf.Len(), id)
			s.SetOutput("artifact-id", strconv.FormatInt(id, 10))
			s.SetOutput("artifact-url", fmt.Sprintf("%s/%s/actions/runs/%d/artifacts/%d", s.Env["GITHUB_SERVER_URL"], s.Env["GITHUB_REPOSITORY"], run, id))
			sum := sha256.Sum256(buf.Bytes())
			s.SetOutput("artifact-digest", hex.EncodeToString(sum[:]))
			return nil
		},
	}
}

// commonAncestor is the deepest directory holding every path.
func commonAncestor(dirs []string) string {
	root := dirs[0]
	for _, d := range dirs[1:] {
		for !strings.HasPrefix(d+string(filepath.Separator), root+string(filepath.Separator)) && root != "/" {
			root = filepath.Dir(root)
		}
	}
	return root
}

// downloadArtifact is actions/download-artifact v4: the artifact name of
// this run extracted into path, or, without a name, every artifact of
// the run whose name matches pattern (all of them without one), each
// into a directory of path named after it, or all into path itself with
// merge-multiple. Another run's artifacts (run-id with github-token)
// are not emulated. An entry of an archive that would land outside its
// directory is refused, as the toolkit refuses it.
func downloadArtifact(srv *ghfake.Server) ghrunner.Native {
	return ghrunner.Native{
		Inputs: map[string]string{
			"name": "", "artifact-ids": "", "path": "", "pattern": "", "merge-multiple": "false", "github-token": "",
			"repository": "${{ github.repository }}", "run-id": "${{ github.run_id }}",
		},
		Main: func(s *ghrunner.StepAPI) error {
			run, err := strconv.ParseInt(s.Env["GITHUB_RUN_ID"], 10, 64)
			if err != nil {
				return err
			}
			if s.Input("github-token") != "" || s.Input("run-id") != s.Env["GITHUB_RUN_ID"] || s.Input("artifact-ids") != "" {
				return errors.New("artifacts of another run, or by ID, are not emulated")
			}
			dest := s.Input("path")
			if dest == "" {
				dest = s.Workspace
			} else if strings.HasPrefix(dest, "~/") {
				dest = filepath.Join(s.Home, dest[2:])
			} else if !filepath.IsAbs(dest) {
				dest = filepath.Join(s.Workspace, dest)
			}
			all := srv.Artifacts(run)
			var chosen []ghfake.Artifact
			name, pattern := s.Input("name"), s.Input("pattern")
			for _, a := range all {
				switch {
				case name != "":
					if a.Name == name {
						chosen = append(chosen, a)
					}
				case pattern != "":
					if ok, err := path.Match(pattern, a.Name); err != nil {
						return fmt.Errorf("pattern %q: %w", pattern, err)
					} else if ok {
						chosen = append(chosen, a)
					}
				default:
					chosen = append(chosen, a)
				}
			}
			if name != "" && len(chosen) == 0 {
				return fmt.Errorf("Unable to download artifact(s): Artifact not found for name: %s", name)
			}
			s.Logf("Found %d artifact(s)", len(chosen))
			for _, a := range chosen {
				dir := dest
				if name == "" && s.Input("merge-multiple") != "true" {
					dir = filepath.Join(dest, a.Name)
				}
				if err := unzipInto(a.Zip, dir); err != nil {
					return fmt.Errorf("artifact %s: %w", a.Name, err)
				}
				s.Logf("Artifact download completed successfully: %s", a.Name)
			}
			s.SetOutput("download-path", dest)
			return nil
		},
	}
}

// unzipInto extracts the zip archive data into dir.
func unzipInto(data []byte, dir string) error {
	zr, err := zip.NewReader(bytes.NewReader(data), int64(len(data)))
	if err != nil {
		return err
	}
	for _, f := range zr.File {
		if !filepath.IsLocal(filepath.FromSlash(f.Name)) {
			return fmt.Errorf("Malformed extraction path: %s", f.Name)
		}
		p := filepath.Join(dir, filepath.FromSlash(f.Name))
		if f.FileInfo().IsDir() {
			if err := os.MkdirAll(p, 0o755); err != nil {
				return err
			}
			continue
		}
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			return err
		}
		rc, err := f.Open()
		if err != nil {
			return err
		}
		out, err := os.OpenFile(p, os.O_CREATE|os.O_WRONLY|os.O_TRUNC, 0o644)
		if err == nil {
			_, err = io.Copy(out, rc)
			if cerr := out.Close(); err == nil {
				err = cerr
			}
		}
		rc.Close()
		if err != nil {
			return err
		}
	}
	return nil
}
