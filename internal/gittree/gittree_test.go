package gittree

import (
	"bytes"
	"compress/zlib"
	"context"
	"encoding/hex"
	"errors"
	"fmt"
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
	fsys, err := Open(context.Background(), git, dir, head(t, dir))
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
	fsys, err := Open(context.Background(), git, dir, head(t, dir))
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
	fsys, err := Open(context.Background(), git, sub, head(t, dir))
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
	empty, err := Open(context.Background(), git, added, head(t, dir))
	if err != nil {
		t.Fatal(err)
	}
	if entries, err := fs.ReadDir(empty, "."); err != nil || len(entries) != 0 {
		t.Errorf("ReadDir of a directory the commit lacks = %v, %v; want nothing", entries, err)
	}
}

func TestOpenErrors(t *testing.T) {
	dir := repo(t, map[string]string{"a.txt": "a\n"})
	for _, rev := range []string{"", "-p", "nosuchbranch", "HEAD", strings.Repeat("A", 40), strings.Repeat("0", 40), strings.Repeat("a", 41)} {
		if _, err := Open(context.Background(), git, dir, rev); err == nil {
			t.Errorf("Open(%q) succeeded, want an error", rev)
		}
	}
}

// head returns the ID of the repository's HEAD commit.
func head(t *testing.T, dir string) string {
	t.Helper()
	out, err := git(context.Background(), dir, "rev-parse", "HEAD")
	if err != nil {
		t.Fatal(err)
	}
	return strings.TrimSpace(string(out))
}

// forge replaces the loose object id of the repository in dir by one of
// type typ holding data, as a pull request's install step can write the
// checkout's .git: git reads it back without checking its hash.
func forge(t *testing.T, dir, id, typ string, data []byte) {
	t.Helper()
	p := filepath.Join(dir, ".git", "objects", id[:2], id[2:])
	var b bytes.Buffer
	zw := zlib.NewWriter(&b)
	fmt.Fprintf(zw, "%s %d\x00", typ, len(data))
	zw.Write(data)
	zw.Close()
	if err := os.Chmod(p, 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(p, b.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	if out, _ := git(context.Background(), dir, "cat-file", typ, id); !bytes.Equal(out, data) {
		t.Fatalf("git does not read the forged %s back: the attack does not reproduce (%q)", typ, out)
	}
}

// TestAttackForgedObjects reproduces issue 20's forged object store: the
// pull request's install step rewrites objects of the base commit in the
// checkout's .git, so that git shows the base declaring what the pull
// request declares. Every object gittree reads is verified by hashing
// against the ID the commit's chain gives it: a forged blob, tree or
// commit is an error (ErrForged, or git's own where it happens to check),
// never content. The listing cases forge what git lists of a tree, as a
// git that reads the tree without checking it would list it.
func TestAttackForgedObjects(t *testing.T) {
	evilListing := func(t *testing.T, dir string) []byte {
		evil := hashObject(t, dir, `{"dependencies": {"lodahs": "1"}}`)
		return []byte("100644 blob " + evil + "      33\tpackage.json\x00")
	}
	tests := []struct {
		name string
		// forge forges an object of the repository in dir at commit c.
		forge func(t *testing.T, dir, c string)
		// lists, when set, is what the forged store lists for the tree
		// named by the revision it returns.
		lists func(t *testing.T, dir, c string) (tree string, listing []byte)
		// at is the directory opened, relative to the repository.
		at string
	}{
		{name: "blob", forge: func(t *testing.T, dir, c string) {
			forge(t, dir, rev(t, dir, c+":app/package.json"), "blob", []byte(`{"dependencies": {"ms": "2", "lodahs": "1"}}`))
		}, at: "app"},
		{name: "subtree", forge: func(t *testing.T, dir, c string) {
			evil := hashObject(t, dir, `{"dependencies": {"lodahs": "1"}}`)
			id, _ := hex.DecodeString(evil)
			forge(t, dir, rev(t, dir, c+":app"), "tree", append([]byte("100644 package.json\x00"), id...))
		}, at: "app"},
		{name: "rootTree", forge: func(t *testing.T, dir, c string) {
			evil := hashObject(t, dir, `{"dependencies": {"lodahs": "1"}}`)
			id, _ := hex.DecodeString(evil)
			forge(t, dir, rev(t, dir, c+"^{tree}"), "tree", append([]byte("100644 package.json\x00"), id...))
		}},
		{name: "subtreeListing", at: "app", lists: func(t *testing.T, dir, c string) (string, []byte) {
			return rev(t, dir, c+":app"), evilListing(t, dir)
		}},
		{name: "rootListing", at: "app", lists: func(t *testing.T, dir, c string) (string, []byte) {
			// The top's listing names an app of the attacker's.
			id := rev(t, dir, c+":app")
			return rev(t, dir, c+"^{tree}"), []byte("040000 tree " + id[:39] + "0\tapp\x00")
		}},
		{name: "commit", forge: func(t *testing.T, dir, c string) {
			other := rev(t, dir, c+":app")
			forge(t, dir, c, "commit", []byte("tree "+other+"\nauthor a <a@b> 0 +0000\ncommitter a <a@b> 0 +0000\n\nforged\n"))
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			dir := repo(t, map[string]string{"app/package.json": `{"dependencies": {"ms": "2"}}`, "app/index.js": "require('ms')\n"})
			c := head(t, dir)
			run := git
			if tt.forge != nil {
				tt.forge(t, dir, c)
			}
			if tt.lists != nil {
				tree, listing := tt.lists(t, dir, c)
				run = func(ctx context.Context, d string, args ...string) ([]byte, error) {
					if args[0] == "ls-tree" && args[len(args)-1] == tree {
						return listing, nil
					}
					return git(ctx, d, args...)
				}
			}
			at := filepath.Join(dir, tt.at)
			if err := os.MkdirAll(at, 0o755); err != nil {
				t.Fatal(err)
			}
			fsys, err := Open(context.Background(), run, at, c)
			if err == nil {
				name := "package.json"
				if tt.at == "" {
					name = "app/package.json"
				}
				var data []byte
				data, err = fs.ReadFile(fsys, name)
				if err == nil {
					t.Fatalf("the forged store read as %q", data)
				}
			}
			if !errors.Is(err, ErrForged) && !strings.Contains(err.Error(), "hash mismatch") {
				t.Errorf("error %v, want ErrForged", err)
			}
		})
	}
}

// rev returns the object ID git gives spec in the repository in dir.
func rev(t *testing.T, dir, spec string) string {
	t.Helper()
	out, err := git(context.Background(), dir, "rev-parse", spec)
	if err != nil {
		t.Fatal(err)
	}
	return strings.TrimSpace(string(out))
}

// hashObject writes a blob holding content to the store of the
// repository in dir and returns its ID.
func hashObject(t *testing.T, dir, content string) string {
	t.Helper()
	p := filepath.Join(t.TempDir(), "blob")
	if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
		t.Fatal(err)
	}
	return strings.TrimSpace(string(mustGit(t, dir, "hash-object", "-w", p)))
}

func mustGit(t *testing.T, dir string, args ...string) []byte {
	t.Helper()
	out, err := git(context.Background(), dir, args...)
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// TestObjectID checks ObjectID against git's own IDs, in both object
// formats.
func TestObjectID(t *testing.T) {
	tests := []struct{ format, want string }{
		{"sha1", "ce013625030ba8dba906f756967f9e9ca394464a"},
		{"sha256", "2cf8d83d9ee29543b34a87727421fdecb7e3f3a183d337639025de576db9ebb4"},
	}
	for _, tt := range tests {
		t.Run(tt.format, func(t *testing.T) {
			if got := ObjectID(HashOf(tt.want), "blob", []byte("hello\n")); got != tt.want {
				t.Errorf("ObjectID = %s, want %s (git hash-object --object-format=%s)", got, tt.want, tt.format)
			}
		})
	}
}

// TestSHA256 opens a commit of a repository in the SHA-256 object
// format: its 64-digit ID picks the hash the objects are verified with.
func TestSHA256(t *testing.T) {
	dir := t.TempDir()
	for _, args := range [][]string{{"init", "-q", "--object-format=sha256", "-b", "main"}} {
		mustGit(t, dir, args...)
	}
	if err := os.MkdirAll(filepath.Join(dir, "app"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "app", "package.json"), []byte(`{"name": "app"}`), 0o644); err != nil {
		t.Fatal(err)
	}
	mustGit(t, dir, "add", "-A")
	mustGit(t, dir, "commit", "-q", "-m", "base")
	c := head(t, dir)
	if len(c) != 64 {
		t.Fatalf("HEAD is %q, not a SHA-256 ID", c)
	}
	fsys, err := Open(context.Background(), git, filepath.Join(dir, "app"), c)
	if err != nil {
		t.Fatal(err)
	}
	if data, err := fs.ReadFile(fsys, "package.json"); err != nil || string(data) != `{"name": "app"}` {
		t.Errorf("ReadFile = %q, %v", data, err)
	}
}
