package gittree

import (
	"context"
	"errors"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/google/go-cmp/cmp"
)

// git runs the real git without the machine's or the workspace's
// configuration, as envaudit does.
func git(ctx context.Context, dir string, args ...string) ([]byte, error) {
	cmd := exec.CommandContext(ctx, "git", append([]string{"-c", "core.fsmonitor=", "-c", "core.hooksPath=/dev/null"}, args...)...)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "GIT_CONFIG_NOSYSTEM=1", "GIT_CONFIG_GLOBAL=/dev/null", "GIT_NO_REPLACE_OBJECTS=1",
		"GIT_AUTHOR_NAME=t", "GIT_AUTHOR_EMAIL=t@example.com", "GIT_COMMITTER_NAME=t", "GIT_COMMITTER_EMAIL=t@example.com")
	var stderr strings.Builder
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		return out, errors.New(err.Error() + ": " + stderr.String())
	}
	return out, nil
}

// repo makes a repository with files (a name ending in "@" is a symbolic
// link to the contents), commits them, then changes the work tree so that
// only the commit holds them; it returns the repository's directory.
func repo(t *testing.T, files map[string]string) string {
	t.Helper()
	if _, err := exec.LookPath("git"); err != nil {
		t.Fatal("git not found: run `make setup`")
	}
	dir := t.TempDir()
	run := func(args ...string) {
		t.Helper()
		if out, err := git(context.Background(), dir, args...); err != nil {
			t.Fatalf("git %s: %v\n%s", strings.Join(args, " "), err, out)
		}
	}
	run("init", "-q", "-b", "main")
	for name, content := range files {
		p := filepath.Join(dir, filepath.FromSlash(strings.TrimSuffix(name, "@")))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if strings.HasSuffix(name, "@") {
			if err := os.Symlink(content, p); err != nil {
				t.Fatal(err)
			}
			continue
		}
		perm := os.FileMode(0o644)
		if strings.HasSuffix(name, ".sh") {
			perm = 0o755
		}
		if err := os.WriteFile(p, []byte(content), perm); err != nil {
			t.Fatal(err)
		}
	}
	run("add", "-A")
	run("commit", "-q", "-m", "base")
	// The work tree moves on: the FS must show the commit, not the files.
	for name := range files {
		os.Remove(filepath.Join(dir, filepath.FromSlash(strings.TrimSuffix(name, "@"))))
	}
	return dir
}

func TestFS(t *testing.T) {
	dir := repo(t, map[string]string{
		"package.json":         `{"dependencies": {"ms": "2"}}`,
		"app/package.json":     `{"name": "app"}`,
		"app/src/index.js":     "require('ms')\n",
		"run.sh":               "#!/bin/sh\n",
		"docs/deep/er/x.md":    "x\n",
		"link.json@":           "package.json",
		"app/up.json@":         "../package.json",
		"with space/a b.txt":   "spaced\n",
		"unicodé/ñame.txt":     "é\n",
		"app/.hidden/conf.yml": "a: 1\n",
	})
	fsys, err := Open(context.Background(), git, dir, "HEAD")
	if err != nil {
		t.Fatal(err)
	}
	if err := fstest.TestFS(fsys, "package.json", "app/package.json", "app/src/index.js", "run.sh", "docs/deep/er/x.md", "link.json", "with space/a b.txt", "unicodé/ñame.txt"); err != nil {
		t.Fatal(err)
	}
	for name, want := range map[string]string{
		"link.json":        `{"dependencies": {"ms": "2"}}`,
		"app/up.json":      `{"dependencies": {"ms": "2"}}`,
		"unicodé/ñame.txt": "é\n",
	} {
		got, err := fs.ReadFile(fsys, name)
		if err != nil || string(got) != want {
			t.Errorf("ReadFile(%q) = %q, %v; want %q", name, got, err, want)
		}
	}
	for _, name := range []string{"missing.json", "app/missing", "../x", "/package.json"} {
		if _, err := fs.ReadFile(fsys, name); err == nil {
			t.Errorf("ReadFile(%q) succeeded, want an error", name)
		}
	}
	if fi, err := fs.Stat(fsys, "run.sh"); err != nil || fi.Mode().Perm()&0o111 == 0 {
		t.Errorf("Stat(run.sh) = %v, %v; want an executable", fi, err)
	}
	names := func(entries []fs.DirEntry) []string {
		var out []string
		for _, e := range entries {
			out = append(out, e.Name())
		}
		return out
	}
	entries, err := fs.ReadDir(fsys, "app")
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff([]string{".hidden", "package.json", "src", "up.json"}, names(entries)); diff != "" {
		t.Errorf("ReadDir(app) (-want +got):\n%s", diff)
	}
}

// TestBrokenLinks checks that a link out of the tree, or in a circle,
// names nothing, as a dangling link does on disk.
func TestBrokenLinks(t *testing.T) {
	dir := repo(t, map[string]string{"a.txt": "a\n", "escape@": "../../outside", "abs@": "/etc/passwd", "loop@": "loop"})
	fsys, err := Open(context.Background(), git, dir, "HEAD")
	if err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{"escape", "abs", "loop"} {
		if _, err := fs.ReadFile(fsys, name); err == nil {
			t.Errorf("ReadFile(%q) succeeded, want an error", name)
		}
		if _, err := fs.Stat(fsys, name); err == nil {
			t.Errorf("Stat(%q) succeeded, want an error", name)
		}
	}
	if _, err := fs.Stat(fsys, "escape"); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("Stat of a link out of the tree = %v, want fs.ErrNotExist", err)
	}
}

// TestSubdirectory opens the tree of a directory inside the repository, as
// the base comparison does for a project below the repository's root.
func TestSubdirectory(t *testing.T) {
	dir := repo(t, map[string]string{
		"README.md":            "top\n",
		"svc/api/package.json": `{"name": "api"}`,
		"svc/api/lib/a.js":     "a\n",
		"svc/web/package.json": `{"name": "web"}`,
	})
	sub := filepath.Join(dir, "svc", "api")
	if err := os.MkdirAll(sub, 0o755); err != nil {
		t.Fatal(err)
	}
	fsys, err := Open(context.Background(), git, sub, "HEAD")
	if err != nil {
		t.Fatal(err)
	}
	if err := fstest.TestFS(fsys, "package.json", "lib/a.js"); err != nil {
		t.Fatal(err)
	}
	if _, err := fs.Stat(fsys, "README.md"); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("a file above the directory is in its tree: %v", err)
	}
	// A directory the commit does not have is an empty tree.
	added := filepath.Join(dir, "new")
	if err := os.MkdirAll(added, 0o755); err != nil {
		t.Fatal(err)
	}
	empty, err := Open(context.Background(), git, added, "HEAD")
	if err != nil {
		t.Fatal(err)
	}
	if entries, err := fs.ReadDir(empty, "."); err != nil || len(entries) != 0 {
		t.Errorf("ReadDir of a directory the commit lacks = %v, %v; want nothing", entries, err)
	}
}

func TestOpenErrors(t *testing.T) {
	dir := repo(t, map[string]string{"a.txt": "a\n"})
	for _, rev := range []string{"", "-p", "nosuchbranch"} {
		if _, err := Open(context.Background(), git, dir, rev); err == nil {
			t.Errorf("Open(%q) succeeded, want an error", rev)
		}
	}
}
