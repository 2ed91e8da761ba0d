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
//   - GIT_NO_REPLACE_OBJECTS=1: refs/replace cannot substitute objects.
package gitcmd

import (
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"strings"

	"github.com/envaudit/envaudit/internal/toolexec"
)

// hardening are the arguments before every git subcommand.
var hardening = []string{"-c", "core.fsmonitor=", "-c", "core.hooksPath=/dev/null"}

// environment is added to the caller's environment (later entries win in
// os/exec, so these override whatever the caller's environment says).
var environment = []string{"GIT_CONFIG_NOSYSTEM=1", "GIT_CONFIG_GLOBAL=/dev/null", "GIT_NO_REPLACE_OBJECTS=1"}

// Command returns the command that runs git with args in dir, hardened as
// the package doc says, with the process environment. Callers may append
// to its Env (an author identity in tests) but should not replace it.
func Command(ctx context.Context, dir string, args ...string) *exec.Cmd {
	cmd := exec.CommandContext(ctx, "git", append(append([]string(nil), hardening...), args...)...)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), environment...)
	return cmd
}

// Output runs git with args in dir, as Command would, through the one tool
// runner (internal/toolexec), and returns its standard output; an error
// names the command and carries the tail of git's standard error.
func Output(ctx context.Context, dir string, args ...string) ([]byte, error) {
	out, err := toolexec.Run(ctx, toolexec.Cmd{
		Path: "git",
		Args: append(append([]string(nil), hardening...), args...),
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
