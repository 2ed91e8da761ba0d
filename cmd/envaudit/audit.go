package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/envaudit/envaudit/audit"
	"github.com/envaudit/envaudit/ecosystems"
	"github.com/envaudit/envaudit/ecosystems/all"
	"github.com/envaudit/envaudit/engine"
	"github.com/envaudit/envaudit/internal/outfile"
	"github.com/envaudit/envaudit/internal/shellquote"
	"github.com/envaudit/envaudit/policy"
	"github.com/envaudit/envaudit/sarif"
	"github.com/envaudit/envaudit/sbom"
	"github.com/envaudit/envaudit/tracer"
	"golang.org/x/term"
)

// usageError is a command-line mistake: printed with the command's usage
// hint, exit status 2.
type usageError struct{ msg string }

func (e *usageError) Error() string { return e.msg }

func usagef(format string, args ...any) error {
	return &usageError{fmt.Sprintf(format, args...)}
}

// outputFlags are the flags every auditing command shares.
type outputFlags struct {
	dir    string
	report string
	sbom   string
	// sbomSpec is --sbom-version: the CycloneDX version of the SBOM.
	sbomSpec string
	sarif    string
	format   string
	failOn   string
	sel      []policy.Selector
	// only and skip are --ecosystem and --skip-ecosystem.
	only, skip names
	// gate holds --config, --no-config, --baseline and --base.
	gate gateFlags
	// root is the project's absolute root, known once it is opened; SARIF
	// locations are relative to the repository that contains it, and the
	// SBOM is named after it.
	root string
	// epoch dates the SBOM when SOURCE_DATE_EPOCH is set (check reads it);
	// the zero time means now, with a random serial number.
	epoch time.Time
	// held are the output files' directories, opened before a traced
	// command runs (runTraced): the files are written into them, and only
	// while their paths still name them. Nil for a command that runs
	// nothing, whose outputs are written by path.
	held *outfile.Dirs
}

// register adds the flags to a command's flag set; dirUsage says what -C
// means for the command.
func (o *outputFlags) register(flags *flag.FlagSet, dirUsage string) {
	flags.StringVar(&o.dir, "C", ".", dirUsage)
	flags.StringVar(&o.report, "report", "", "also write the JSON report to `FILE`")
	flags.StringVar(&o.sbom, "sbom", "", "write a CycloneDX SBOM to `FILE` (XML when it ends in .xml, else JSON)")
	flags.StringVar(&o.sbomSpec, "sbom-version", sbom.Spec16, "write the SBOM in CycloneDX `VERSION` 1.6, or 1.7 (which cites the traced run, in formulation, as the source of each component's traced evidence)")
	flags.StringVar(&o.sarif, "sarif", "", "write the findings as SARIF 2.1.0 to `FILE`, for code scanning")
	flags.StringVar(&o.format, "format", "text", "print the report as `FORMAT`: text, json or markdown (with json or markdown, a traced command's own output goes to stderr)")
	registerEcosystems(flags, &o.only, &o.skip)
	o.gate.register(flags)
	flags.StringVar(&o.failOn, "fail-on", policy.DefaultFailOn, "exit 1 when a finding of these `KINDS` is found: kinds and kind:reason pairs, comma-separated ("+strings.Join(policy.SelectorValues(), ", ")+"), or none")
}

// registerEcosystems adds --ecosystem and --skip-ecosystem, which name the
// ecosystems to audit and to leave out.
func registerEcosystems(flags *flag.FlagSet, only, skip *names) {
	known := strings.Join(ecosystems.Names(all.Ecosystems()), ", ")
	flags.Var(only, "ecosystem", "audit only the ecosystem `NAME` ("+known+"); repeat, or separate with commas, for several; default every detected one")
	flags.Var(skip, "skip-ecosystem", "leave the ecosystem `NAME` out of the audit, even when detected; repeatable")
}

// checkEcosystems validates --ecosystem and --skip-ecosystem.
func checkEcosystems(only, skip names) error {
	ecos := all.Ecosystems()
	if err := engine.CheckNames(ecos, only); err != nil {
		return usagef("--ecosystem: %v", err)
	}
	if err := engine.CheckNames(ecos, skip); err != nil {
		return usagef("--skip-ecosystem: %v", err)
	}
	return nil
}

// names is a repeatable flag of names, each value one name or several
// separated by commas.
type names []string

func (n *names) String() string { return strings.Join(*n, ",") }

func (n *names) Set(v string) error {
	for _, s := range strings.Split(v, ",") {
		if s = strings.TrimSpace(s); s == "" {
			return fmt.Errorf("empty name")
		}
		*n = append(*n, s)
	}
	return nil
}

// outputs lists the files the flags ask for, for checkOutputs.
func (o *outputFlags) outputs() []outfile.File {
	return []outfile.File{
		{Label: "--report", Path: o.report, Format: audit.ReportFormat},
		{Label: "--sbom", Path: o.sbom, Format: sbom.FileFormat},
		{Label: "--sarif", Path: o.sarif, Format: sarif.FileFormat},
	}
}

// checkOutputs is outfile.Check, its refusals usage errors.
func checkOutputs(inputs []string, outs []outfile.File) error {
	if err := outfile.Check(inputs, outs); err != nil {
		return usagef("%v", err)
	}
	return nil
}

// openProject opens the project in dir for a command, its directory
// errors starting with the flag that named it. An interrupt or the
// timeout stops it at once (ctx), even in the middle of a parse.
func openProject(ctx context.Context, dirFlag string, opts engine.Options) (*engine.Project, error) {
	opts.Version = version
	p, err := engine.OpenContext(ctx, opts)
	var de *engine.DirError
	if errors.As(err, &de) {
		return nil, fmt.Errorf("%s: %w", dirFlag, err)
	}
	return p, err
}

// check validates the flag values, in the style `--format: unknown value
// "xml" (want text, json or markdown)`.
func (o *outputFlags) check() error {
	switch o.format {
	case "text", "json", "markdown":
	default:
		return usagef("--format: unknown value %q (want text, json or markdown)", o.format)
	}
	if err := checkEcosystems(o.only, o.skip); err != nil {
		return err
	}
	sel, err := policy.ParseSelectors(o.failOn)
	if err != nil {
		return usagef("--fail-on: %v", err)
	}
	o.sel = sel
	if o.sbomSpec, err = sbom.ParseSpec(o.sbomSpec); err != nil {
		return usagef("--sbom-version: %v", err)
	}
	if o.sbom != "" {
		if o.epoch, err = sbom.SourceDateEpoch(os.Getenv); err != nil {
			return err
		}
	}
	return nil
}

// sbomOptions names the SBOM's project after the directory at root, and
// its packages as their ecosystems do.
func sbomOptions(root string) sbom.Options {
	opts := sbom.Options{Identify: all.Identify}
	if root != "" {
		opts.Project = filepath.Base(root)
	}
	return opts
}

// sbomEnvelope stamps an SBOM: when epoch is set (SOURCE_DATE_EPOCH) it
// is dated so and its serial number derived from its content, so the same
// report gives the same bytes; else it is dated now with a random serial
// number.
func sbomEnvelope(epoch time.Time, spec string) sbom.Envelope {
	return sbom.Envelope{Timestamp: epoch, ContentSerial: !epoch.IsZero(), Spec: spec}
}

// fail prints err the way envaudit reports errors and returns exit status
// 2: usage errors with a pointer to the command's help, everything else
// (unreadable input, a command that cannot be traced) as `envaudit: ...`.
func fail(stderr io.Writer, cmd string, err error) int {
	var ue *usageError
	if errors.As(err, &ue) {
		fmt.Fprintf(stderr, "envaudit %s: %s\n(run \"envaudit %s -h\" for usage)\n", cmd, ue.msg, cmd)
		return exitUsage
	}
	fmt.Fprintf(stderr, "envaudit: %v\n", err)
	return exitUsage
}

// emit prints the report in the chosen format, writes the JSON report
// file, and returns the exit status the findings and the run call for.
func emit(r *audit.Report, o *outputFlags, stdout, stderr io.Writer) (int, error) {
	// Every rendering and file says which findings decide the run.
	gate := o.gate.Gate(o.sel)
	gate.Mark(r)
	var err error
	switch o.format {
	case "json":
		err = r.WriteJSON(stdout)
	case "markdown":
		err = r.WriteMarkdown(stdout)
	default:
		err = r.WriteText(stdout)
	}
	if err != nil {
		return exitUsage, fmt.Errorf("write report: %w", err)
	}
	err = o.held.WriteAll(
		audit.ReportFile("--report", o.report, r),
		sbom.File("--sbom", o.sbom, r, sbomOptions(o.root), sbomEnvelope(o.epoch, o.sbomSpec), ""),
		sarif.File("--sarif", o.sarif, r, sarif.Options{Prefix: audit.RepoPrefix(engine.RepoTop(o.root, os.Getenv("GITHUB_WORKSPACE")), o.root)}),
	)
	if err != nil {
		return exitUsage, err
	}
	code := exitOK
	if ri := r.Run; ri != nil && !ri.Succeeded {
		fmt.Fprintf(stderr, "envaudit: %s %s; the audit rests on a run that did not succeed\n", shellquote.Quoted(ri.Command), ri.Status())
		code = exitCommandErr
	}
	if failing := gate.Failing(r); len(failing) > 0 {
		// The failing findings come last, each on a line of its own: on a
		// real project they would otherwise hide among the warnings.
		fmt.Fprintf(stderr, "envaudit: %d %s %s --fail-on %s:\n", len(failing), plural(len(failing), "finding", "findings"), plural(len(failing), "reaches", "reach"), selectorList(o.sel))
		for _, it := range failing {
			fmt.Fprintf(stderr, "  %s\n", it.Finding.Line(o.dir))
		}
		if code == exitOK {
			code = exitFindings
		}
	}
	return code, nil
}

func selectorList(sel []policy.Selector) string {
	s := make([]string, len(sel))
	for i, x := range sel {
		s[i] = x.String()
	}
	return strings.Join(s, ",")
}

func plural(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}

// progress shows what envaudit is doing on a terminal, one transient line
// at a time; it writes nothing when stderr is not a terminal, so logs and
// pipes stay clean.
type progress struct {
	w     io.Writer // nil when quiet
	shown bool
}

// isTerminal reports whether w is a terminal; a variable so tests can
// pretend.
var isTerminal = func(w any) bool {
	f, ok := w.(*os.File)
	return ok && term.IsTerminal(int(f.Fd()))
}

func newProgress(stderr io.Writer) *progress {
	if isTerminal(stderr) {
		return &progress{w: stderr}
	}
	return &progress{}
}

// Step replaces the progress line.
func (p *progress) Step(what string) {
	if p == nil || p.w == nil {
		return
	}
	fmt.Fprintf(p.w, "\r\033[Kenvaudit: %s…", what)
	p.shown = true
}

// Done clears the progress line.
func (p *progress) Done() {
	if p == nil || p.w == nil || !p.shown {
		return
	}
	fmt.Fprint(p.w, "\r\033[K")
	p.shown = false
}

// cmdAudit audits a project from a saved trace, or its declared and
// installed layers only when no trace is given.
func cmdAudit(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	c := newSubcommand("audit", noOperands,
		"A trace recorded in another checkout of the project (a CI runner's) is moved onto DIR by the directory it recorded. Without --trace only the declared and installed layers are audited, and only phantom not-installed findings can be told.",
		exitNote)
	c.stray = "audit takes no command; use envaudit run to trace one"
	var o outputFlags
	o.register(c.flags, "audit the project in `DIR`")
	tracePath := c.flags.String("trace", "", "audit the run saved in `TRACE.jsonl` (by envaudit trace or run --trace-out)")
	evidence := c.flags.String("evidence", "", "the ecosystems' evidence of the traced run is in `DIR`; default TRACE.evidence beside the trace, when it exists")
	if code, done := c.parse(args, stdout, stderr); done {
		return code
	}
	var err error
	if *evidence != "" && *tracePath == "" {
		err = usagef("--evidence: only with --trace (the evidence belongs to a traced run)")
	}
	if err == nil {
		err = o.check()
	}
	if err != nil {
		return fail(stderr, "audit", err)
	}
	if err := o.gate.load(ctx, o.dir, all.Ecosystems()); err != nil {
		return fail(stderr, "audit", err)
	}
	r, instErr, err := auditSaved(ctx, &o, *tracePath, *evidence, stderr, all.Ecosystems())
	if err == nil {
		o.gate.apply(ctx, r, stderr)
	}
	return finish(c.name, r, instErr, err, &o, stdout, stderr)
}

// finish ends run and audit: it reports err, or emits the report and
// then reports the installations that could not be enumerated (instErr),
// and returns the exit status.
func finish(cmd string, r *audit.Report, instErr, err error, o *outputFlags, stdout, stderr io.Writer) int {
	if err != nil {
		return fail(stderr, cmd, err)
	}
	code, err := emit(r, o, stdout, stderr)
	if err == nil {
		err = instErr
	}
	if err != nil {
		return fail(stderr, cmd, err)
	}
	return code
}

// auditSaved audits the project against a saved trace, or its declared
// and installed layers only when tracePath is empty. The ecosystems get
// back the evidence they collected during the run, from the directory
// named (evidence) or else the one beside the trace (engine.EvidenceDir).
func auditSaved(ctx context.Context, o *outputFlags, tracePath, evidence string, stderr io.Writer, ecos []ecosystems.Ecosystem) (r *audit.Report, instErr, err error) {
	p, err := openProject(ctx, "-C", engine.Options{Dir: o.dir, Ecosystems: ecos, Only: o.only, Skip: o.skip, DevTools: o.gate.DevTools, Progress: newProgress(stderr)})
	if err != nil {
		return nil, nil, err
	}
	inputs := append(p.Inputs(), o.gate.Inputs()...)
	if tracePath != "" {
		inputs = append(inputs, tracePath)
	}
	if err := checkOutputs(inputs, o.outputs()); err != nil {
		return nil, nil, err
	}
	o.root = p.Root()
	var tr *tracer.Trace
	complete := false
	if tracePath != "" {
		if tr, complete, err = engine.ReadTrace(tracePath); err != nil {
			var pe *fs.PathError
			if errors.As(err, &pe) {
				err = fmt.Errorf("--trace: %w", err)
			}
			return nil, nil, err
		}
	}
	if evidence, err = engine.SavedEvidence(evidence, tracePath); err != nil {
		return nil, nil, fmt.Errorf("--evidence: %w", err)
	}
	return p.AuditTrace(ctx, tr, complete, evidence)
}
