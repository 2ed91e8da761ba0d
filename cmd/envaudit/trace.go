package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"time"

	"github.com/envaudit/envaudit/tracer"
)

// cmdTrace is `envaudit trace [-o TRACE.jsonl] [--timeout D] [--privileged]
// -- COMMAND [ARG...]`: run the command under the tracer and write the trace.
// The command's streams pass straight through; the trace goes to a file
// (or to standard output after the command ended, with -o -).
func cmdTrace(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("trace", flag.ContinueOnError)
	fs.SetOutput(stderr)
	out := fs.String("o", "trace.jsonl", "write the trace to `FILE` (- for standard output)")
	timeout := fs.Duration("timeout", 0, "stop the whole process tree after `D` (e.g. 10m); 0 means no limit")
	grace := fs.Duration("grace", 0, "let processes outlive the command by `D` before they are killed (default 5s)")
	privileged := fs.Bool("privileged", false, "install the filter as root and run the command as the sudo user, so setuid programs (sudo) keep working")
	fs.Usage = func() {
		fmt.Fprintln(stderr, "usage: envaudit trace [-o TRACE.jsonl] [--timeout D] [--grace D] [--privileged] -- COMMAND [ARG...]")
		fs.PrintDefaults()
	}
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return exitOK
		}
		return exitUsage
	}
	if fs.NArg() == 0 {
		fmt.Fprintln(stderr, "envaudit trace: no command given (usage: envaudit trace [flags] -- COMMAND [ARG...])")
		return exitUsage
	}
	if *timeout < 0 {
		fmt.Fprintf(stderr, "envaudit trace: --timeout: negative duration %v\n", *timeout)
		return exitUsage
	}
	tr, err := tracer.Run(ctx, tracer.Options{
		Command:    fs.Args(),
		Stdin:      stdin,
		Stdout:     stdout,
		Stderr:     stderr,
		Timeout:    *timeout,
		Grace:      *grace,
		Privileged: *privileged,
	})
	if err != nil {
		fmt.Fprintf(stderr, "envaudit: %v\n", err)
		return exitUsage
	}
	if err := writeTrace(tr, *out, stdout); err != nil {
		fmt.Fprintf(stderr, "envaudit: %v\n", err)
		return exitUsage
	}
	for _, w := range tr.End.Warnings {
		fmt.Fprintf(stderr, "envaudit: warning: %s\n", w)
	}
	e := tr.End
	status := fmt.Sprintf("exit status %d", e.ExitCode)
	if e.Signal != "" {
		status = "killed by " + e.Signal
	}
	if e.TimedOut {
		status += ", stopped by timeout or interrupt"
	}
	if len(e.Killed) > 0 {
		status += fmt.Sprintf(", %d leftover processes killed", len(e.Killed))
	}
	dest := *out
	if dest == "-" {
		dest = "standard output"
	}
	fmt.Fprintf(stderr, "envaudit: traced %d processes, %d file accesses (%d events) in %v, %s; trace written to %s\n",
		e.Processes, len(tr.Accesses), e.Events, time.Duration(e.DurationMs)*time.Millisecond, status, dest)
	if e.ExitCode != 0 || e.TimedOut {
		return exitCommandErr
	}
	return exitOK
}

func writeTrace(tr *tracer.Trace, path string, stdout io.Writer) error {
	if path == "-" {
		return tr.WriteJSONL(stdout)
	}
	f, err := os.Create(path)
	if err != nil {
		return err
	}
	if err := tr.WriteJSONL(f); err != nil {
		f.Close()
		return fmt.Errorf("write trace %q: %w", path, err)
	}
	return f.Close()
}
