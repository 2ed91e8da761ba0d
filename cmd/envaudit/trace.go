package main

import (
	"context"
	"fmt"
	"io"
	"os"
	"strings"
	"time"

	"github.com/envaudit/envaudit/audit"
	"github.com/envaudit/envaudit/ecosystems"
	"github.com/envaudit/envaudit/ecosystems/all"
	"github.com/envaudit/envaudit/engine"
	"github.com/envaudit/envaudit/internal/outfile"
	"github.com/envaudit/envaudit/tracer"
	"github.com/envaudit/envaudit/tracer/intoto"
)

// traceOptions are the settings of `envaudit trace`.
type traceOptions struct {
	dir        string // the project root
	out        string // the trace file; "-" for standard output
	attest     string // --attestation: the in-toto runtime-trace statement; "" for none
	evidence   string // the evidence directory; "" for the default
	timeout    time.Duration
	grace      time.Duration
	privileged bool
	backend    string // --backend
	command    []string
	only, skip names // --ecosystem, --skip-ecosystem
	// stdin, stdout and stderr are the traced command's streams; stdout
	// also gets the trace with -o -.
	stdin          io.Reader
	stdout, stderr io.Writer
}

// cmdTrace runs a command under the tracer in a project directory,
// prepared for the ecosystems detected there exactly as `envaudit run`
// prepares it, and writes the trace, with the evidence the ecosystems
// collected themselves in a directory beside it, for `envaudit audit
// --trace`. The command's streams pass straight through.
func cmdTrace(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	c := newSubcommand("trace", commandOperand,
		"The project in DIR is prepared as envaudit run prepares it (its manifests are read first, and the detected ecosystems collect their own evidence of use), so envaudit audit --trace later gives the report envaudit run would have given. The evidence is kept in a directory beside the trace: trace.jsonl → trace.evidence.",
		separatorNote,
		"Exit status: 0 the command succeeded; 2 it could not be traced, or bad usage; 3 the command failed or timed out (the trace is still written).")
	to := traceOptions{stdin: stdin, stdout: stdout, stderr: stderr}
	c.flags.StringVar(&to.dir, "C", ".", "trace the command in the project in `DIR`; the command runs there")
	c.flags.StringVar(&to.out, "o", "trace.jsonl", "write the trace to `FILE` (- for standard output, after the command's own output)")
	c.flags.StringVar(&to.attest, "attestation", "", "also write the trace as an in-toto runtime-trace/v0.1 statement (unsigned) to `FILE`, about the project's manifests, for in-toto witness and SBOMit")
	c.flags.StringVar(&to.evidence, "evidence", "", "keep the evidence the ecosystems collect in `DIR`; default beside the trace (TRACE.evidence), and not kept with -o -")
	timeout := c.flags.String("timeout", "", "stop the command and all its processes after `DURATION` (e.g. 90s, 10m); default no limit")
	grace := c.flags.String("grace", "", "let processes outlive the command by `DURATION` before they are killed; default 5s")
	c.flags.BoolVar(&to.privileged, "privileged", false, "install the tracer's filter as root and run the command as the sudo user (SUDO_UID, SUDO_GID), so setuid programs such as sudo keep working")
	backend := registerBackend(c.flags)
	registerEcosystems(c.flags, &to.only, &to.skip)
	if code, done := c.parse(args, stdout, stderr); done {
		return code
	}
	to.command = c.flags.Args()
	err := checkEcosystems(to.only, to.skip)
	if err == nil {
		to.timeout, err = parseDuration("--timeout", *timeout)
	}
	if err == nil {
		to.grace, err = parseDuration("--grace", *grace)
	}
	if err == nil {
		to.backend, err = checkBackend(*backend)
	}
	if err != nil {
		return fail(stderr, "trace", err)
	}
	return traceCommand(ctx, to, all.Ecosystems())
}

// traceCommand is `envaudit trace` with its options parsed.
func traceCommand(ctx context.Context, to traceOptions, ecos []ecosystems.Ecosystem) int {
	p, err := openProject(ctx, "-C", engine.Options{Dir: to.dir, Ecosystems: ecos, Only: to.only, Skip: to.skip})
	if err != nil {
		return fail(to.stderr, "trace", err)
	}
	evidence := to.evidence
	var held *outfile.Dirs
	var outs []outfile.File
	if to.out != "-" {
		outs = append(outs, outfile.File{Label: "-o", Path: to.out, Format: engine.TraceFormat})
		if evidence == "" {
			evidence = engine.EvidenceDir(to.out)
		}
	}
	if to.attest != "" {
		outs = append(outs, outfile.File{Label: "--attestation", Path: to.attest, Format: attestationFormat})
	}
	if len(outs) > 0 {
		if err := checkOutputs(p.Inputs(), outs); err != nil {
			return fail(to.stderr, "trace", err)
		}
		// Held while the command runs, which may replace them.
		held = outfile.Hold(outs)
		defer held.Close()
	}
	// The subjects are digested before the command runs, which may
	// change them.
	var subjects []intoto.ResourceDescriptor
	if to.attest != "" {
		if subjects, err = intoto.Subjects(p.Root(), p.Inputs()); err != nil {
			return fail(to.stderr, "trace", err)
		}
	}
	if err := tracer.BecomeSubreaper(); err != nil {
		return fail(to.stderr, "trace", err)
	}
	t, err := p.Trace(ctx, engine.RunOptions{
		EndLeftovers: endLeftovers,
		Command:      to.command,
		Evidence:     evidence,
		Timeout:      to.timeout,
		Grace:        to.grace,
		Privileged:   to.privileged,
		Backend:      to.backend,
		Stdin:        to.stdin,
		Stdout:       to.stdout,
		Stderr:       to.stderr,
		Prepared: func(collectors []string) {
			if evidence == "" && len(collectors) > 0 {
				fmt.Fprintf(to.stderr, "envaudit: note: the evidence %s collects is not kept with a trace on standard output (--evidence DIR keeps it)\n", strings.Join(collectors, " and "))
			}
		},
	})
	if err != nil {
		return fail(to.stderr, "trace", err)
	}
	defer t.Close()
	noteAsked(to.stderr, t.Asked)
	warnLeftovers(to.stderr, t.Leftovers)
	tr := t.Trace
	noteFallback(to.stderr, tr)
	if to.out == "-" {
		err = tr.WriteJSONL(to.stdout)
	} else {
		err = held.WriteAtomic(to.out, tr.WriteJSONL)
	}
	if err != nil {
		return fail(to.stderr, "trace", fmt.Errorf("write trace: %w", err))
	}
	if to.attest != "" {
		host, _ := os.Hostname()
		st := intoto.FromTrace(tr, subjects, intoto.HostOf(os.Getenv, host))
		if err := held.WriteAtomic(to.attest, st.Write); err != nil {
			return fail(to.stderr, "trace", fmt.Errorf("write attestation: %w", err))
		}
	}
	// How the run ended, in the words and by the rule of the report.
	ri := audit.NewRunInfo(tr, true, to.dir)
	for _, w := range ri.Warnings {
		fmt.Fprintf(to.stderr, "envaudit: warning: %s\n", w)
	}
	for _, g := range ri.Gaps {
		fmt.Fprintf(to.stderr, "envaudit: warning: incomplete trace: %s\n", g)
	}
	dest := to.out
	if dest == "-" {
		dest = "standard output"
	}
	if evidence != "" && len(t.Collectors) > 0 {
		dest += fmt.Sprintf(", evidence of %s in %s", strings.Join(t.Collectors, " and "), evidence)
	}
	fmt.Fprintf(to.stderr, "envaudit: %s; trace written to %s\n", ri.Summary(len(tr.Accesses)), dest)
	if !ri.Succeeded {
		return exitCommandErr
	}
	return exitOK
}

// attestationFormat is the in-toto statement as an output file.
var attestationFormat = outfile.Format{Name: "in-toto attestation", Recognize: intoto.Recognize}
