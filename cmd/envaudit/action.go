package main

import (
	"context"
	"io"
	"os"
	"time"

	"github.com/envaudit/envaudit/ecosystems/all"
	"github.com/envaudit/envaudit/ghaction/action"
	"github.com/envaudit/envaudit/tracer"
)

// cmdAction is the GitHub Action (package action): it traces the test
// command, audits it, and reports to GitHub, or, with mode: baseline,
// snapshots the runner before the project's install steps.
func cmdAction(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	c := newSubcommand("action", noOperands,
		"It runs inside a GitHub Actions step, as action.yml invokes it, and takes its inputs from the INPUT_* variables action.yml maps (run, working-directory, fail-on, ...); docs/action.md lists them.")
	c.stray = "the Action reads its inputs from INPUT_* variables"
	if code, done := c.parse(args, stdout, stderr); done {
		return code
	}
	a := &action.Action{
		Environ:    os.Environ,
		Stdout:     stdout,
		Stderr:     stderr,
		Now:        time.Now,
		Ecosystems: all.Ecosystems(),
		Protect:    action.ProtectProcess,
		EndLeftovers: func() ([]int, error) {
			return tracer.EndDescendants(10 * time.Second)
		},
		StartLoader: tracer.StartEBPFLoader,
		Version:     version,
		Identify:    all.Identify,
	}
	return a.Run(ctx)
}
