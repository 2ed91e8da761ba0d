// Package gitcmd owns how envaudit runs git: every git invocation in the
// repository, envaudit's own and its tests', goes through Command, so none
// of them takes configuration from the machine or the workspace.
//
// The checkout git runs in is the pull request's, and the traced test
// command has had write access to it (and to $HOME): a .git/config or a
// global config it wrote could otherwise name a program for git to run
// (core.fsmonitor runs on every index refresh, hooks on commits and
// checkouts) while envaudit holds the token, or a replacement object could
// make the base commit read as something it is not. Command therefore runs
// git with
//
//   - GIT_CONFIG_NOSYSTEM=1 and GIT_CONFIG_GLOBAL=/dev/null: no system or
//     user configuration;
//   - -c core.fsmonitor= and -c core.hooksPath=/dev/null: the repository's
//     own .git/config cannot name a program either (command-line settings
//     beat it);
//   - nor can it on a fetch: only the https, http, ssh and file protocols
//     (-c protocol.allow=never, then each allowed: no ext:: command, no
//     git:// proxy), git's own upload-pack (a fetch gets
//     --upload-pack=git-upload-pack: a local or ssh remote would run
//     remote.<name>.uploadpack, of which git takes the first value it
//     reads, the repository's, so -c cannot override it), ssh itself (-c
//     core.sshCommand=ssh), no
//     credential helper or askpass program, no prompt
//     (GIT_TERMINAL_PROMPT=0);
//   - nor on a log (-c log.showSignature=false: no gpg.program), nor
//     through the automatic maintenance a fetch may start (-c gc.auto=0,
//     -c maintenance.auto=false);
//   - nor when it reads the work tree (a diff against it, a status): the
//     clean, smudge and process commands of every filter driver the
//     configuration defines are emptied (-c filter.NAME.clean= ...), as
//     the work tree's .gitattributes, the pull request's, may name any
//     of them for any file;
//   - GIT_NO_REPLACE_OBJECTS=1: refs/replace cannot substitute objects.
//
// The hardening is a list of the settings known to name a program: what
// it cannot cover — objects the workspace forged, a .git that names
// another repository — is why the Action reads everything it needs from
// git before the test command runs (Recorder), and why what it reads of
// the base commit is verified by hashing (internal/gittree): code of the
// pull request that ran before envaudit could have forged objects too.
package gitcmd

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"strings"
	"sync"

	"github.com/envaudit/envaudit/internal/toolexec"
)

// hardening are the arguments before every git subcommand.
var hardening = []string{
	"-c", "core.fsmonitor=", "-c", "core.hooksPath=/dev/null",
	"-c", "protocol.allow=never", "-c", "protocol.https.allow=always", "-c", "protocol.http.allow=always",
	"-c", "protocol.ssh.allow=always", "-c", "protocol.file.allow=always",
	"-c", "core.sshCommand=ssh",
	"-c", "credential.helper=", "-c", "core.askPass=",
	"-c", "log.showSignature=false", "-c", "gc.auto=0", "-c", "maintenance.auto=false",
}

// environment is added to the caller's environment (later entries win in
// os/exec, so these override whatever the caller's environment says).
var environment = []string{"GIT_CONFIG_NOSYSTEM=1", "GIT_CONFIG_GLOBAL=/dev/null", "GIT_NO_REPLACE_OBJECTS=1", "GIT_TERMINAL_PROMPT=0"}

// Command returns the command that runs git with args in dir, hardened as
// the package doc says, with the process environment. Callers may append
// to its Env (an author identity in tests) but should not replace it.
// The caller starts it, so it does not get no_new_privs: envaudit's own
// runs of git go through Output or Program, which internal/toolexec
// starts under it.
func Command(ctx context.Context, dir string, args ...string) *exec.Cmd {
	cmd := exec.CommandContext(ctx, "git", hardened(args, filterOverrides(ctx, "git", dir, args))...)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), environment...)
	return cmd
}

// Output runs git with args in dir, as Command would, through the one tool
// runner (internal/toolexec), and returns its standard output; an error
// names the command and carries the tail of git's standard error.
func Output(ctx context.Context, dir string, args ...string) ([]byte, error) {
	return output(ctx, "git", dir, args)
}

// Program returns a Runner like Output that runs the git at path, an
// absolute path resolved before the workspace's code ran
// (toolexec.Resolver), rather than the first git on envaudit's PATH,
// where an earlier step of the job could have put one.
func Program(path string) Runner {
	return func(ctx context.Context, dir string, args ...string) ([]byte, error) {
		return output(ctx, path, dir, args)
	}
}

func output(ctx context.Context, git, dir string, args []string) ([]byte, error) {
	out, err := toolexec.Run(ctx, toolexec.Cmd{
		Path: git,
		Args: hardened(args, filterOverrides(ctx, git, dir, args)),
		Dir:  dir,
		Env:  append(os.Environ(), environment...),
	})
	// Errors name the subcommand as the caller asked for it, without the
	// hardening every call carries.
	var te *toolexec.Error
	if errors.As(err, &te) {
		err = fmt.Errorf("git %s: %s: %w", strings.Join(args, " "), te.Reason(), te.Err)
	}
	return out, err
}

// ShortSHA abbreviates a commit hash to the seven characters GitHub shows.
func ShortSHA(sha string) string {
	if len(sha) > 7 {
		return sha[:7]
	}
	return sha
}

// hardened returns the arguments that run git subcommand args hardened:
// the settings first, then extra (filterOverrides), and a fetch's
// upload-pack named.
func hardened(args, extra []string) []string {
	out := append(append([]string(nil), hardening...), extra...)
	if len(args) > 0 && args[0] == "fetch" {
		return append(append(out, "fetch", "--upload-pack=git-upload-pack"), args[1:]...)
	}
	return append(out, args...)
}

// worktreeCommands are the subcommands that may read or write files of
// the work tree through their filter drivers.
var worktreeCommands = map[string]bool{
	"add": true, "apply": true, "checkout": true, "cherry-pick": true, "commit": true, "diff": true,
	"merge": true, "rebase": true, "reset": true, "restore": true, "revert": true, "stash": true,
	"status": true, "switch": true,
}

// filterOverrides returns, for a subcommand that reads the work tree, the
// settings that empty every filter driver command the configuration of
// the repository in dir defines: no filter then runs. Listing the
// configuration runs no program. A configuration that cannot be listed
// (no repository) defines none.
func filterOverrides(ctx context.Context, git, dir string, args []string) []string {
	if len(args) == 0 || !worktreeCommands[args[0]] {
		return nil
	}
	out, _ := toolexec.Run(ctx, toolexec.Cmd{
		Path: git,
		Args: append(append([]string(nil), hardening...), "config", "--null", "--name-only", "--get-regexp", `^filter\.`),
		Dir:  dir,
		Env:  append(os.Environ(), environment...),
	})
	var extra []string
	seen := map[string]bool{}
	for _, key := range strings.Split(string(out), "\x00") {
		i := strings.LastIndexByte(key, '.')
		if i < 0 || !strings.HasPrefix(key, "filter.") {
			continue
		}
		driver := key[:i] // filter.NAME
		if seen[driver] {
			continue
		}
		seen[driver] = true
		extra = append(extra, "-c", driver+".clean=", "-c", driver+".smudge=", "-c", driver+".process=", "-c", driver+".required=false")
	}
	return extra
}

// Runner runs git with args in dir and returns its standard output, as
// Output does (basecommit.Git and gittree.Git have this shape).
type Runner = func(ctx context.Context, dir string, args ...string) ([]byte, error)

// ErrNotRecorded is what a frozen Recorder answers to a question that was
// not asked before it was frozen.
var ErrNotRecorded = errors.New("git was not asked this before the test command ran, and is not asked after it")

// A Recorder is git read before the traced command runs. The checkout
// belongs to the pull request, and once the test command has run it may
// have rewritten anything there: .git/config (an alias, core.fsmonitor,
// core.hooksPath), refs/replace, hooks, packs, or .git itself turned into
// a file naming another repository. Command's hardening covers the
// configuration; reading everything envaudit needs from git before the
// command runs covers the rest. Until Freeze, Output runs git through the
// runner it was made with and keeps every answer (output and error);
// after Freeze it runs nothing and gives back the kept answer to the same
// question (the same directory and arguments), or ErrNotRecorded.
//
// Its methods are safe for concurrent use.
type Recorder struct {
	run Runner

	mu      sync.Mutex
	answers map[string]answer
	frozen  bool
}

type answer struct {
	out []byte
	err error
}

// NewRecorder returns a Recorder that runs git through run (Output when
// nil) until it is frozen.
func NewRecorder(run Runner) *Recorder {
	if run == nil {
		run = Output
	}
	return &Recorder{run: run, answers: map[string]answer{}}
}

// Output answers git with args in dir: by running it before Freeze, from
// what was kept after.
func (r *Recorder) Output(ctx context.Context, dir string, args ...string) ([]byte, error) {
	key := dir + "\x00" + strings.Join(args, "\x00")
	r.mu.Lock()
	frozen := r.frozen
	a, ok := r.answers[key]
	r.mu.Unlock()
	if frozen {
		if !ok {
			return nil, fmt.Errorf("git %s: %w", strings.Join(args, " "), ErrNotRecorded)
		}
		return bytes.Clone(a.out), a.err
	}
	out, err := r.run(ctx, dir, args...)
	r.mu.Lock()
	r.answers[key] = answer{out: bytes.Clone(out), err: err}
	r.mu.Unlock()
	return out, err
}

// Freeze ends the recording: from now on Output runs no git.
func (r *Recorder) Freeze() {
	r.mu.Lock()
	r.frozen = true
	r.mu.Unlock()
}
