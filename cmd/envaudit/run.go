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
	"github.com/envaudit/envaudit/tracer"
)

// runOptions are the flags of `envaudit run` beyond the shared ones.
type runOptions struct {
	command  []string
	timeout  time.Duration
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
}

// cmdRun traces a command in the project directory and audits the run.
func cmdRun(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	c := newSubcommand("run", commandOperand,
		"The command runs in DIR. Before it runs, every detected ecosystem that needs to adjusts its environment to collect evidence of use beyond file opens (Maven: a class-load log per JVM; Cargo: rustc's unused-crate lint).",
		separatorNote, exitNote)
	var o outputFlags
	o.register(c.flags, "audit the project in `DIR`; the command runs there")
	timeout := c.flags.String("timeout", "", "stop the command and all its processes after `DURATION` (e.g. 90s, 10m) and audit what ran until then; default no limit")
	traceOut := c.flags.String("trace-out", "", "also save the trace to `FILE` (JSON lines, for envaudit audit --trace), and the ecosystems' evidence beside it (FILE without .jsonl, plus .evidence)")
	if code, done := c.parse(args, stdout, stderr); done {
		return code
	}
	ro := runOptions{command: c.flags.Args(), traceOut: *traceOut, stdin: stdin, stdout: stdout, stderr: stderr}
	var err error
	ro.timeout, err = parseDuration("--timeout", *timeout)
	if err == nil {
		err = o.check()
	}
	if err != nil {
		return fail(stderr, "run", err)
	}
	if o.format != "text" {
		// Standard output is then the JSON or Markdown report alone, for
		// a pipe or a file; the command's own output goes to stderr.
		ro.stdout = stderr
	}
	r, instErr, err := runTraced(ctx, &o, ro, stderr, all.Ecosystems())
	return finish(c.name, r, instErr, err, &o, stdout, stderr)
}

// parseDuration parses the value of a duration flag: "" is none, anything
// else must be a positive duration.
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
	p, err := openProject(o.dir, ecos)
	if err != nil {
		return nil, nil, err
	}
	if err := checkOutputs(p.inputs(), append(o.outputs(), output{"--trace-out", ro.traceOut, "trace"})); err != nil {
		return nil, nil, err
	}
	o.root = p.root
	p.devTools = ro.devTools
	environ := ro.environ
	if environ == nil {
		environ = os.Environ()
	}
	// A saved trace keeps the ecosystems' evidence beside it.
	evidence := ""
	if ro.traceOut != "" {
		evidence = evidenceDir(ro.traceOut)
	}
	env, cleanup, err := p.prepare(ctx, setenv(environ, ro.env), evidence)
	if err != nil {
		return nil, nil, err
	}
	defer cleanup()

	prog := newProgress(stderr)
	if prog.w != nil {
		names := make([]string, len(p.ecos))
		for i, d := range p.ecos {
			names[i] = d.eco.Name()
		}
		what := "no ecosystem detected"
		if len(names) > 0 {
			what = strings.Join(names, ", ")
		}
		fmt.Fprintf(prog.w, "envaudit: tracing %s in %s (%s)\n", strings.Join(ro.command, " "), p.shown, what)
	}
	tr, err := tracer.Run(ctx, tracer.Options{
		Command: ro.command,
		Dir:     p.root,
		Env:     env,
		Skip:    p.skip,
		Stdin:   ro.stdin,
		Stdout:  ro.stdout,
		Stderr:  ro.stderr,
		Timeout: ro.timeout,
	})
	if err != nil {
		return nil, nil, err
	}
	if ro.traceOut != "" {
		if err := writeFileAtomic(ro.traceOut, tr.WriteJSONL); err != nil {
			return nil, nil, err
		}
	}
	run := audit.NewRunInfo(tr, true, p.shown)
	// An interrupt (Ctrl-C) stopped the command and cancelled ctx: what
	// ran until then is still audited and reported, on a context of its
	// own, bounded so that envaudit ends soon all the same.
	actx := ctx
	if ctx.Err() != nil {
		var cancel context.CancelFunc
		actx, cancel = context.WithTimeout(context.WithoutCancel(ctx), auditAfterInterrupt)
		defer cancel()
	}
	reps, instErr := p.audit(actx, tr, env, prog)
	return audit.NewReport(version, run, reps), instErr, nil
}

// auditAfterInterrupt bounds the audit of an interrupted run: enumerating
// the installations may ask package managers (mvn, go, python).
const auditAfterInterrupt = 30 * time.Second
