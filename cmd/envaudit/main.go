// Command envaudit runs a project's tests under a file-access tracer and
// audits its dependency manifests against what the run really loaded.
//
// See README.md for the subcommands; `envaudit help` lists them.
package main

import (
	"context"
	"fmt"
	"io"
	"os"
	"os/signal"
	"syscall"

	"github.com/envaudit/envaudit/tracer"
)

// Exit statuses (the CLI contract in DESIGN.md).
const (
	exitOK         = 0 // the command succeeded and no finding reached --fail-on
	exitFindings   = 1 // a finding reached --fail-on
	exitUsage      = 2 // bad usage or unreadable input
	exitCommandErr = 3 // the traced command itself failed
)

// version is set at build time with -ldflags "-X main.version=...".
var version = "dev"

func main() {
	tracer.Main()
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	code := run(ctx, os.Args[1:], os.Stdin, os.Stdout, os.Stderr)
	stop()
	os.Exit(code)
}

// command is one subcommand.
type command struct {
	name    string
	summary string
	run     func(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) int
}

// commands lists the subcommands in the order `envaudit help` shows them.
func commands() []command {
	return []command{
		{"run", "run a command under the tracer and audit the project's dependencies", cmdRun},
		{"trace", "run a command under the file-access tracer and write its trace", cmdTrace},
		{"audit", "audit a saved trace, or the declared and installed layers alone", cmdAudit},
		{"demo", "run the whole job on a small embedded example project", cmdDemo},
		{"compare", "measure how much the declared sets of several reports agree", cmdCompare},
		{"action", "the GitHub Action: trace, audit and report to GitHub (reads INPUT_* variables)", cmdAction},
		{"baseline", "snapshot the packages the machine has before the project's install steps", cmdBaseline},
		{"version", "print the version", cmdVersion},
	}
}

func run(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	if len(args) == 0 || args[0] == "help" || args[0] == "-h" || args[0] == "--help" {
		usage(stdout)
		if len(args) == 0 {
			return exitUsage
		}
		return exitOK
	}
	for _, c := range commands() {
		if c.name == args[0] {
			return c.run(ctx, args[1:], stdin, stdout, stderr)
		}
	}
	fmt.Fprintf(stderr, "envaudit: unknown command %q (run \"envaudit help\")\n", args[0])
	return exitUsage
}

func usage(w io.Writer) {
	fmt.Fprintln(w, "usage: envaudit <command> [flags] [-- COMMAND ARGS...]")
	fmt.Fprintln(w)
	fmt.Fprintln(w, "commands:")
	for _, c := range commands() {
		fmt.Fprintf(w, "  %-9s %s\n", c.name, c.summary)
	}
}

func cmdVersion(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fmt.Fprintf(stdout, "envaudit %s\n", version)
	return exitOK
}
