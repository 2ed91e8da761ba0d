// Command envaudit runs a project's tests under a file-access tracer and
// audits its dependency manifests against what the run really loaded.
//
// docs/cli.md describes the subcommands; `envaudit help` lists them.
package main

import (
	"context"
	"fmt"
	"io"
	"os"
	"os/signal"
	"sync"
	"syscall"

	"github.com/envaudit/envaudit/internal/textwrap"
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
	ctx, stop := interruptContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	code := run(ctx, os.Args[1:], os.Stdin, os.Stdout, os.Stderr)
	stop()
	os.Exit(code)
}

// interruptContext returns a context that the first of sigs to arrive
// cancels with a *tracer.Interrupt cause naming it: the tracer forwards that
// signal to the traced command and marks the trace interrupted (not timed
// out), and run still audits what ran until then. After that first signal
// the signals get their default action back, so a second Ctrl-C ends
// envaudit at once, even while it writes the audit of the interrupted run.
// stop releases the signals.
func interruptContext(parent context.Context, sigs ...os.Signal) (ctx context.Context, stop func()) {
	ctx, cancel := context.WithCancelCause(parent)
	ch := make(chan os.Signal, 1)
	signal.Notify(ch, sigs...)
	done := make(chan struct{})
	go func() {
		select {
		case s := <-ch:
			signal.Stop(ch)
			cancel(&tracer.Interrupt{Sig: s})
		case <-done:
		}
	}()
	var once sync.Once
	return ctx, func() {
		once.Do(func() {
			signal.Stop(ch)
			close(done)
			cancel(nil)
		})
	}
}

// command is one subcommand.
type command struct {
	name     string
	synopsis string // its command line, as `envaudit help` and -h show it
	summary  string
	run      func(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) int
}

// commands lists the subcommands in the order `envaudit help` shows them.
func commands() []command {
	return []command{
		{"run", "envaudit run [-C DIR] [--report FILE.json] [--sbom FILE] [--sbom-version 1.6|1.7] [--sarif FILE] [--format text|json|markdown] [--fail-on KINDS] [--config FILE] [--no-config] [--baseline FILE] [--base REV] [--ecosystem NAME] [--skip-ecosystem NAME] [--timeout DURATION] [--backend NAME] [--trace-out FILE] -- COMMAND [ARG...]",
			"run a command under the tracer and audit the project's dependencies", cmdRun},
		{"trace", "envaudit trace [-C DIR] [-o TRACE.jsonl] [--attestation FILE] [--evidence DIR] [--timeout DURATION] [--grace DURATION] [--privileged] [--backend NAME] [--ecosystem NAME] [--skip-ecosystem NAME] -- COMMAND [ARG...]",
			"run a command under the file-access tracer and write its trace", cmdTrace},
		{"audit", "envaudit audit [-C DIR] [--trace TRACE.jsonl [--evidence DIR]] [--report FILE.json] [--sbom FILE] [--sbom-version 1.6|1.7] [--sarif FILE] [--format text|json|markdown] [--fail-on KINDS] [--config FILE] [--no-config] [--baseline FILE] [--base REV] [--ecosystem NAME] [--skip-ecosystem NAME]",
			"audit a saved trace, or the declared and installed layers alone", cmdAudit},
		{"demo", "envaudit demo [--ecosystem npm|python] [--dir DIR] [--format text|json|markdown] [--report FILE.json]",
			"run the whole job on a small embedded example project", cmdDemo},
		{"compare", "envaudit compare [--format text|json] REPORT.json REPORT.json...",
			"measure how much the declared sets of several reports agree", cmdCompare},
		{"study", "envaudit study [--manifest FILE.csv] [--layout LAYOUT] [--format text|markdown|json] [--csv DIR] [--svg DIR] [--projects] [REPORT.json|DIR...]",
			"the study's tables over many reports: metrics per agent and language, agreement across agents and trials", cmdStudy},
		{"action", "envaudit action",
			"the GitHub Action: trace, audit and report to GitHub (reads INPUT_* variables)", cmdAction},
		{"baseline", "envaudit baseline [-C DIR] [-o FILE]",
			"snapshot the packages the machine has before the project's install steps", cmdBaseline},
		{"version", "envaudit version",
			"print the version", cmdVersion},
		{"help", "envaudit help [COMMAND]",
			"list the commands, or show one command's usage (the same as envaudit COMMAND -h)", nil},
	}
}

func run(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	if len(args) == 0 {
		usage(stdout)
		return exitUsage
	}
	switch name := args[0]; {
	case name == "-h" || name == "--help" || name == "help" && len(args) == 1:
		usage(stdout)
		return exitOK
	case name == "help":
		if len(args) > 2 {
			fmt.Fprintf(stderr, "envaudit help: unexpected argument %q (envaudit help [COMMAND])\n", args[2])
			return exitUsage
		}
		if args[1] == "help" {
			usage(stdout)
			return exitOK
		}
		return run(ctx, []string{args[1], "-h"}, stdin, stdout, stderr)
	}
	for _, c := range commands() {
		if c.name == args[0] && c.run != nil {
			return c.run(ctx, args[1:], stdin, stdout, stderr)
		}
	}
	fmt.Fprintf(stderr, "envaudit: unknown command %q (run \"envaudit help\")\n", args[0])
	return exitUsage
}

// usage is `envaudit help`: every command's synopsis and summary, how the
// command to trace is separated, and the exit statuses.
func usage(w io.Writer) {
	lw := &textwrap.Writer{W: w}
	lw.Line("usage: envaudit COMMAND [flags] [-- COMMAND-TO-TRACE [ARG...]]")
	lw.Line("")
	lw.Line("envaudit runs a project's tests under a file-access tracer and audits its")
	lw.Line("dependency manifests against what the run really loaded.")
	lw.Line("")
	lw.Line("commands:")
	for _, c := range commands() {
		lw.Wrapped(fmt.Sprintf("  %-9s ", c.name), c.summary)
	}
	lw.Line("")
	lw.Line("synopses:")
	for _, c := range commands() {
		writeSynopsis(lw, "  ", c.synopsis)
	}
	lw.Line("")
	lw.Wrapped("", separatorNote)
	lw.Wrapped("", `"envaudit help COMMAND" or "envaudit COMMAND -h" shows a command's flags and their defaults; docs/cli.md describes them all, with the report JSON.`)
	lw.Line("")
	lw.Line("exit status:")
	lw.Line("  0  the command succeeded and no finding reached --fail-on")
	lw.Line("  1  a finding reached --fail-on")
	lw.Line("  2  bad usage or unreadable input (the message names the flag, or the file and line)")
	lw.Line("  3  the traced command itself failed (its status is kept in the report; the audit is still written)")
}

func cmdVersion(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	c := newSubcommand("version", noOperands)
	if code, done := c.parse(args, stdout, stderr); done {
		return code
	}
	fmt.Fprintf(stdout, "envaudit %s\n", version)
	return exitOK
}
