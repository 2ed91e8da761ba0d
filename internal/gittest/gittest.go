// Package gittest runs git in tests as envaudit runs it. It is apart
// from testenv, which gitcmd's own tests import, so that neither imports
// the other.
package gittest

import (
	"context"
	"os/exec"
	"strings"
	"testing"

	"github.com/envaudit/envaudit/internal/gitcmd"
	"github.com/envaudit/envaudit/internal/testenv"
)

// Git returns a function that runs git in dir as envaudit runs it
// (gitcmd.Command: no user or system configuration), with a fixed author
// and committer so that commits need no configured identity, and returns
// its trimmed output; a failing git fails t with its output. A missing
// git fails t too: every machine the tests run on has it.
func Git(t testing.TB, dir string) func(args ...string) string {
	t.Helper()
	if _, err := exec.LookPath("git"); err != nil {
		t.Fatal("git not found: " + testenv.SetupHint)
	}
	return func(args ...string) string {
		t.Helper()
		cmd := gitcmd.Command(context.Background(), dir, args...)
		cmd.Env = append(cmd.Env, "GIT_AUTHOR_NAME=t", "GIT_AUTHOR_EMAIL=t@example.com", "GIT_COMMITTER_NAME=t", "GIT_COMMITTER_EMAIL=t@example.com")
		out, err := cmd.CombinedOutput()
		if err != nil {
			t.Fatalf("git %s: %v\n%s", strings.Join(args, " "), err, out)
		}
		return strings.TrimSpace(string(out))
	}
}
