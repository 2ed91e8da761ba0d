package gitcmd

import (
	"context"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// repo makes a repository with one commit whose file a.txt says "base",
// committing through Command itself.
func repo(t *testing.T) (dir string, git func(args ...string) string) {
	t.Helper()
	if _, err := exec.LookPath("git"); err != nil {
		t.Fatal("git not found: run `make setup`")
	}
	dir = t.TempDir()
	git = func(args ...string) string {
		t.Helper()
		cmd := Command(context.Background(), dir, args...)
		cmd.Env = append(cmd.Env, "GIT_AUTHOR_NAME=t", "GIT_AUTHOR_EMAIL=t@example.com", "GIT_COMMITTER_NAME=t", "GIT_COMMITTER_EMAIL=t@example.com")
		out, err := cmd.CombinedOutput()
		if err != nil {
			t.Fatalf("git %s: %v\n%s", strings.Join(args, " "), err, out)
		}
		return strings.TrimSpace(string(out))
	}
	git("init", "-q", "-b", "main")
	write(t, filepath.Join(dir, "a.txt"), "base\n")
	git("add", "a.txt")
	git("commit", "-q", "-m", "base")
	return dir, git
}

func write(t *testing.T, path, content string) {
	t.Helper()
	if err := os.WriteFile(path, []byte(content), 0o755); err != nil {
		t.Fatal(err)
	}
}

// TestWorkspaceConfigIgnored plants, where the traced command could, the
// settings that make git run a program or read other objects, and checks
// that git run through Command runs none of them and reads the real
// commit.
func TestWorkspaceConfigIgnored(t *testing.T) {
	dir, git := repo(t)
	marker := filepath.Join(t.TempDir(), "ran")
	evil := filepath.Join(t.TempDir(), "evil.sh")
	write(t, evil, "#!/bin/sh\necho \"$0 $*\" >> "+marker+"\n")
	hooks := filepath.Join(dir, ".git", "hooks")
	write(t, filepath.Join(hooks, "pre-commit"), "#!/bin/sh\necho hook >> "+marker+"\n")

	// A replacement object: a.txt's blob would read "forged".
	blob := git("rev-parse", "HEAD:a.txt")
	forged := filepath.Join(dir, "forged.txt")
	write(t, forged, "forged\n")
	other := git("hash-object", "-w", forged)
	git("replace", blob, other)
	if err := os.Remove(forged); err != nil {
		t.Fatal(err)
	}

	// The repository's config and a global one name the program.
	cmd := exec.Command("git", "config", "core.fsmonitor", evil)
	cmd.Dir = dir
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("git config: %v\n%s", err, out)
	}
	home := t.TempDir()
	write(t, filepath.Join(home, ".gitconfig"), "[core]\n\tfsmonitor = "+evil+"\n\thooksPath = "+hooks+"\n")
	t.Setenv("HOME", home)
	t.Setenv("XDG_CONFIG_HOME", home)
	t.Setenv("GIT_CONFIG_GLOBAL", filepath.Join(home, ".gitconfig"))

	ctx := context.Background()
	for _, args := range [][]string{{"status", "--porcelain"}, {"diff", "HEAD"}, {"commit", "-q", "--allow-empty", "-m", "x"}} {
		if args[0] == "commit" {
			git(args...)
			continue
		}
		if _, err := Output(ctx, dir, args...); err != nil {
			t.Fatal(err)
		}
	}
	if data, err := os.ReadFile(marker); err == nil {
		t.Errorf("git ran a configured program or hook:\n%s", data)
	}
	got, err := Output(ctx, dir, "show", "HEAD~1:a.txt")
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff("base\n", string(got)); diff != "" {
		t.Errorf("a replacement object was read (-want +got):\n%s", diff)
	}
}

func TestOutputError(t *testing.T) {
	dir, _ := repo(t)
	_, err := Output(context.Background(), dir, "show", "nosuchref:a.txt")
	if err == nil {
		t.Fatal("no error for a missing revision")
	}
	var ee *exec.ExitError
	if !strings.HasPrefix(err.Error(), "git show nosuchref:a.txt: exit status 128: fatal: ") || !errors.As(err, &ee) {
		t.Errorf("error = %q, want the subcommand, git's message and an *exec.ExitError", err)
	}
}

func TestShortSHA(t *testing.T) {
	tests := []struct{ name, in, want string }{
		{"full", "1a2b3c4d5e6f", "1a2b3c4"},
		{"short", "1a2b", "1a2b"},
		{"empty", "", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if diff := cmp.Diff(tt.want, ShortSHA(tt.in)); diff != "" {
				t.Errorf("ShortSHA(%q) (-want +got):\n%s", tt.in, diff)
			}
		})
	}
}

// TestRecorder: before Freeze the recorder runs git and keeps each answer,
// errors too; after it, it runs nothing, answers the same questions as
// before and refuses new ones.
func TestRecorder(t *testing.T) {
	runs := 0
	run := func(_ context.Context, dir string, args ...string) ([]byte, error) {
		runs++
		if args[0] == "fail" {
			return []byte("partial"), errors.New("exit status 1")
		}
		return []byte(dir + ":" + strings.Join(args, " ")), nil
	}
	r := NewRecorder(run)
	ctx := t.Context()
	ask := func(dir string, args ...string) string {
		out, err := r.Output(ctx, dir, args...)
		if err != nil {
			return string(out) + " error: " + err.Error()
		}
		return string(out)
	}
	before := []string{ask("/w", "log", "a..b"), ask("/w", "fail"), ask("/v", "log", "a..b")}
	r.Freeze()
	after := []string{ask("/w", "log", "a..b"), ask("/w", "fail"), ask("/v", "log", "a..b")}
	if diff := cmp.Diff(before, after); diff != "" {
		t.Errorf("answers after Freeze (-before +after):\n%s", diff)
	}
	if runs != 3 {
		t.Errorf("git ran %d times, want 3 (none after Freeze)", runs)
	}
	// The same words split differently are another question.
	if _, err := r.Output(ctx, "/w", "log a..b"); !errors.Is(err, ErrNotRecorded) {
		t.Errorf("a new question after Freeze: %v, want ErrNotRecorded", err)
	}
	// What a caller does to an answer does not change the next one.
	out, _ := r.Output(ctx, "/w", "log", "a..b")
	out[0] = 'X'
	if got := ask("/w", "log", "a..b"); got != "/w:log a..b" {
		t.Errorf("answer after a caller changed its copy = %q", got)
	}
}

// TestAttackGitConfigPrograms reproduces, for the git envaudit runs
// before the test command (an earlier step of the job, the install, may
// have written .git/config), issue 10's "a core.fsmonitor hook the test
// wrote into .git/config, run by envaudit's git": the other settings that
// name a program git runs on a log, a fetch from origin or a diff against
// the work tree — a signature check's gpg.program, origin's uploadpack,
// an ext:: origin allowed by protocol.allow, an ssh command, a git://
// proxy, a filter driver the work tree's .gitattributes names — run none.
func TestAttackGitConfigPrograms(t *testing.T) {
	tests := []struct {
		name   string
		config [][2]string // settings written to .git/config; "$EVIL" is the program
		args   []string
	}{
		{"gpgProgram", [][2]string{{"log.showSignature", "true"}, {"gpg.program", "$EVIL"}}, []string{"log", "-1", "--format=%H"}},
		{"uploadpack", [][2]string{{"remote.origin.url", "$UPSTREAM"}, {"remote.origin.uploadpack", "$EVIL"}}, []string{"fetch", "--no-tags", "origin", "main"}},
		{"extProtocol", [][2]string{{"protocol.allow", "always"}, {"remote.origin.url", "ext::$EVIL %S"}}, []string{"fetch", "--no-tags", "origin", "main"}},
		{"sshCommand", [][2]string{{"remote.origin.url", "ssh://example.invalid/repo"}, {"core.sshCommand", "$EVIL"}}, []string{"fetch", "--no-tags", "origin", "main"}},
		{"gitProxy", [][2]string{{"remote.origin.url", "git://example.invalid/repo"}, {"core.gitProxy", "$EVIL"}}, []string{"fetch", "--no-tags", "origin", "main"}},
		// The work tree's .gitattributes (the pull request's) names the
		// driver for every file, a.txt is changed: a diff against the
		// work tree would clean it through the driver.
		{"filterDriver", [][2]string{{"filter.lfs2.clean", "$EVIL"}, {"filter.lfs2.process", "$EVIL"}, {"filter.lfs2.required", "true"}}, []string{"diff", "--no-ext-diff", "--no-textconv", "HEAD", "--", "."}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			upstream, _ := repo(t)
			dir, git := repo(t)
			marker := filepath.Join(t.TempDir(), "ran")
			evil := filepath.Join(t.TempDir(), "evil.sh")
			write(t, evil, "#!/bin/sh\necho \"$0 $*\" >> "+marker+"\nexit 1\n")
			for _, kv := range tt.config {
				git("config", kv[0], strings.NewReplacer("$EVIL", evil, "$UPSTREAM", upstream).Replace(kv[1]))
			}
			write(t, filepath.Join(dir, ".gitattributes"), "* filter=lfs2\n")
			write(t, filepath.Join(dir, "a.txt"), "changed\n")
			Output(context.Background(), dir, tt.args...)
			if data, err := os.ReadFile(marker); err == nil {
				t.Errorf("git %s ran the configured program:\n%s", strings.Join(tt.args, " "), data)
			}
		})
	}
}
