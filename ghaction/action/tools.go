package action

import (
	"context"

	"github.com/envaudit/envaudit/basecommit"
	"github.com/envaudit/envaudit/ecosystems"
	"github.com/envaudit/envaudit/ghaction"
	"github.com/envaudit/envaudit/internal/gitcmd"
	"github.com/envaudit/envaudit/internal/toolexec"
)

// newTools is how the ecosystems find the programs they run in the Action,
// made before the project's code runs (toolexec.NewResolver looks them
// up then): from the PATH of the environment the project's tools get,
// never a program inside the workspace (a committed mvnw or
// .venv/bin/python) or one the test command could have replaced (in
// ~/.local/bin, in the runner's temporary directory, in a tool cache the
// runner user owns). A program that runs the project's own code
// (Maven's build extensions, an interpreter's .pth files), or the
// project's toolchain from a directory the runner user can write (the
// hosted runners' tool cache), runs only when this process holds no
// secret and is not mode single's.
func (r *run) newTools() *toolexec.Resolver {
	// The process holds a secret when it was given the token or started
	// with one of the runner's credentials in its environment (a cache or
	// OIDC token): unsetting them does not take them out of its memory.
	// Mode audit holds none worth keeping from the pull request: it
	// writes nothing through the API, its job is documented to run with a
	// read-only token, and its workflow is the pull request's own (a
	// pull_request workflow runs the pull request's version of itself),
	// so whatever its job holds the pull request can reach anyway; the
	// project's own interpreter and Maven run there as in the CLI.
	noSecret := r.in.Mode == ghaction.ModeAudit || r.in.Token == "" && !ghaction.HasCredentials(r.environ)
	// Mode single's audit child holds no secret either, but it runs in
	// the job of the token's holder: there a program the job's earlier
	// steps could have replaced (the install step ran the pull request's
	// code as the runner user) is not run, and the refusal says what to
	// do instead.
	single := r.in.Mode == ghaction.ModeSingle || r.getenv(singleChildVar) == "true"
	return toolexec.NewResolver(toolexec.Policy{
		Environ:   r.untrusted,
		Strict:    true,
		Workspace: r.workspace,
		Project:   noSecret,
		UserTools: noSecret && !single,
		Advice:    userToolsAdvice,
		// Where the tests run as root every directory is theirs; these
		// are the ones a job writes.
		WritableDirs: []string{ecosystems.Getenv(r.untrusted, "HOME"), r.temp, r.workspace},
	})
}

// userToolsAdvice ends the error of a toolchain program that a run which
// holds a secret, or mode single's, does not run from a directory the
// runner user can write.
const userToolsAdvice = "the runner user can write there, and so could the steps before this one, which ran the pull request's code (its install); " +
	"mode single and a run that holds a token or the runner's credentials never run such a program. " +
	"Use mode audit with a read-only token and mode publish in a workflow_run workflow (the recommended pair), where the runner's tool cache is used, " +
	"or install the tool where the runner user cannot write"

// singleChildVar marks mode single's audit child, which otherwise runs
// as mode audit does. An INPUT_ variable, so the traced command's
// environment never has it; set elsewhere, it only makes a run stricter.
const singleChildVar = "INPUT_ENVAUDIT_SINGLE_CHILD"

// resolvedGit runs the git tools found (Program), or, when none may run,
// fails every call with why.
func resolvedGit(tools *toolexec.Resolver) basecommit.Git {
	path, err := tools.Look("git")
	if err != nil {
		return func(context.Context, string, ...string) ([]byte, error) { return nil, err }
	}
	return gitcmd.Program(path)
}
