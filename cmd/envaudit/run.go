package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"strings"
	"time"

	"github.com/envaudit/envaudit/audit"
	"github.com/envaudit/envaudit/ecosystems"
	"github.com/envaudit/envaudit/ecosystems/all"
	"github.com/envaudit/envaudit/engine"
	"github.com/envaudit/envaudit/internal/outfile"
	"github.com/envaudit/envaudit/tracer"
)

// runOptions are the flags of `envaudit run` beyond the shared ones.
type runOptions struct {
	command  []string
	timeout  time.Duration
	backend  string // --backend; "" for ptrace
	traceOut string
	// environ is the environment the command starts from; nil means
	// envaudit's own. The Action passes its environment without the
	// runner's credentials.
	environ []string
	// env holds KEY=VALUE entries set over environ for the command.
	env []string
	// devTools names test runners to treat as dev tooling beside the
	// ecosystem's own (.envaudit.yml's test-runners); nil adds none.
	devTools func(ecosystem string) []string
	// stdin, stdout and stderr are the traced command's streams.
	stdin          io.Reader
	stdout, stderr io.Writer
	// ownProject says the project is envaudit's own (the demo's example,
	// in a virtual environment envaudit made): which interpreter the
	// reads asked needs no note.
	ownProject bool
}

// cmdRun traces a command in the project directory and audits the run.
func cmdRun(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	return runWith(ctx, args, stdin, stdout, stderr, all.Ecosystems())
}

// runWith is cmdRun with the ecosystems to detect: all of them, or a
// test's fake.
func runWith(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer, ecos []ecosystems.Ecosystem) int {
	c := newSubcommand("run", commandOperand,
		"The command runs in DIR. Before it runs, every detected ecosystem that needs to adjusts its environment to collect evidence of use beyond file opens (Maven: a class-load log per JVM; Cargo: rustc's unused-crate lint).",
		separatorNote, exitNote)
	var o outputFlags
	o.register(c.flags, "audit the project in `DIR`; the command runs there")
	timeout := c.flags.String("timeout", "", "bound the run to `DURATION` (e.g. 90s, 10m), counted from the start: reading the project and the command with all its processes; a command still running then is stopped (exit 3) and what ran until then audited. What follows the command (reading the installations, the audit) is not cut short by it: it has limits of its own; default no limit")
	backend := registerBackend(c.flags)
	traceOut := c.flags.String("trace-out", "", "also save the trace to `FILE` (JSON lines, for envaudit audit --trace), and the ecosystems' evidence beside it (FILE without .jsonl, plus .evidence)")
	if code, done := c.parse(args, stdout, stderr); done {
		return code
	}
	ro := runOptions{command: c.flags.Args(), traceOut: *traceOut, stdin: stdin, stdout: stdout, stderr: stderr}
	var err error
	ro.timeout, err = parseDuration("--timeout", *timeout)
	if err == nil {
		ro.backend, err = checkBackend(*backend)
	}
	if err == nil {
		err = o.check()
	}
	if err != nil {
		return fail(stderr, "run", err)
	}
	// The timeout bounds the run, from the start: a hostile project can
	// make reading it slow, not only its command. What follows the
	// command is not cut short by it (engine.AfterRun), so that a
	// command that ended in time gets its whole report and the gate's
	// exit status.
	ctx, cancel := engine.WithRunTimeout(ctx, ro.timeout)
	defer cancel()
	if o.format != "text" {
		// Standard output is then the JSON or Markdown report alone, for
		// a pipe or a file; the command's own output goes to stderr.
		ro.stdout = stderr
	}
	if err := o.gate.load(ctx, o.dir, ecos); err != nil {
		return fail(stderr, "run", err)
	}
	ro.devTools = o.gate.DevTools
	r, instErr, err := runTraced(ctx, &o, ro, stderr, ecos)
	defer o.held.Close()
	if err == nil {
		o.gate.apply(engine.AfterRun(ctx), r, stderr)
	}
	return finish(c.name, r, instErr, err, &o, stdout, stderr)
}

// parseDuration parses the value of a duration flag: "" is none, anything
// else must be a positive duration.
// registerBackend adds --backend to a command that traces.
func registerBackend(fs *flag.FlagSet) *string {
	return fs.String("backend", tracer.BackendAuto, "trace with `NAME`: auto (ebpf when envaudit runs as root and its programs load, else ptrace with a note saying why), ebpf (observes from the kernel without stopping anything; needs root, or passwordless sudo, which loads its programs in a root process outside the command's tree; BTF; amd64), or ptrace (stops each traced process at every open; needs no privilege)")
}

// endLeftovers is engine.RunOptions.EndLeftovers for a front end that
// made itself a child subreaper (tracer.BecomeSubreaper) before Trace: a
// program run to read the project before the command (its own
// interpreter, asked for its sys.path) must leave nothing running beside
// the tests, so its orphans, reparented here, are ended before the
// command starts. Daemons the command itself starts are its own
// business: they are not ended.
func endLeftovers() ([]int, error) { return tracer.EndDescendants(5 * time.Second) }

// warnLeftovers says which processes endLeftovers ended.
func warnLeftovers(w io.Writer, pids []int) {
	if n := len(pids); n > 0 {
		fmt.Fprintf(w, "envaudit: warning: the programs envaudit ran to read the project before the command (the project's own interpreter or tools) left %d %s running (%v); %s ended before the command started\n", n, plural(n, "process", "processes"), pids, plural(n, "it was", "they were"))
	}
}

// noteAsked says which programs envaudit ran to read the project before
// the command (the interpreter it asked for its sys.path and to read the
// sources' imports): a project's own interpreter is the project's code.
func noteAsked(w io.Writer, asked []string) {
	if len(asked) > 0 {
		fmt.Fprintf(w, "envaudit: note: before the command, envaudit read the project by running %s\n", strings.Join(asked, "; "))
	}
}

// noteFallback says, once, why auto traced with ptrace.
func noteFallback(w io.Writer, tr *tracer.Trace) {
	if tr.Header.Fallback != "" {
		fmt.Fprintf(w, "envaudit: note: ptrace traced the run, since the eBPF tracer cannot run here: %s\n", tr.Header.Fallback)
	}
}

// checkBackend validates --backend.
func checkBackend(name string) (string, error) {
	switch name {
	case tracer.BackendPtrace, tracer.BackendEBPF, tracer.BackendAuto:
		return name, nil
	}
	return "", usagef("--backend: unknown backend %q (want ptrace, ebpf or auto)", name)
}

func parseDuration(flag, value string) (time.Duration, error) {
	if value == "" {
		return 0, nil
	}
	d, err := time.ParseDuration(value)
	if err != nil || d <= 0 {
		return 0, usagef("%s: invalid duration %q (want a positive duration such as 90s or 10m)", flag, value)
	}
	return d, nil
}

// runTraced is the main job: read the project's declarations, run the
// command under the tracer, enumerate what is installed, and audit. The
// command's own output goes to ro.stdout and ro.stderr. instErr reports
// installations that could not be enumerated: the report is complete
// otherwise and says so, and the caller still writes it.
func runTraced(ctx context.Context, o *outputFlags, ro runOptions, stderr io.Writer, ecos []ecosystems.Ecosystem) (r *audit.Report, instErr, err error) {
	prog := newProgress(stderr)
	p, err := openProject(ctx, "-C", engine.Options{Dir: o.dir, Ecosystems: ecos, Only: o.only, Skip: o.skip, DevTools: ro.devTools, Progress: prog})
	if err != nil {
		return nil, nil, err
	}
	outs := append(o.outputs(), outfile.File{Label: "--trace-out", Path: ro.traceOut, Format: engine.TraceFormat})
	if err := checkOutputs(append(p.Inputs(), o.gate.Inputs()...), outs); err != nil {
		return nil, nil, err
	}
	// The command may replace a directory on the way to an output once its
	// path is checked: they are held from now on.
	o.held = outfile.Hold(outs)
	o.root = p.Root()
	// A saved trace keeps the ecosystems' evidence beside it.
	evidence := ""
	if ro.traceOut != "" {
		evidence = engine.EvidenceDir(ro.traceOut)
	}
	if prog.w != nil {
		what := "no ecosystem detected"
		if names := p.Ecosystems(); len(names) > 0 {
			what = strings.Join(names, ", ")
		}
		fmt.Fprintf(prog.w, "envaudit: tracing %s in %s (%s)\n", strings.Join(ro.command, " "), p.Dir(), what)
	}
	if err := tracer.BecomeSubreaper(); err != nil {
		return nil, nil, err
	}
	t, err := p.Trace(ctx, engine.RunOptions{
		Command:      ro.command,
		Environ:      ro.environ,
		Env:          ro.env,
		Evidence:     evidence,
		Timeout:      ro.timeout,
		Backend:      ro.backend,
		Stdin:        ro.stdin,
		Stdout:       ro.stdout,
		Stderr:       ro.stderr,
		EndLeftovers: endLeftovers,
	})
	if err != nil {
		return nil, nil, err
	}
	defer t.Close()
	if !ro.ownProject {
		noteAsked(stderr, t.Asked)
	}
	warnLeftovers(stderr, t.Leftovers)
	noteFallback(stderr, t.Trace)
	if ro.traceOut != "" {
		if err := o.held.WriteAtomic(ro.traceOut, t.Trace.WriteJSONL); err != nil {
			return nil, nil, err
		}
	}
	r, instErr = t.Audit(ctx)
	return r, instErr, nil
}
