package main

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/envaudit/envaudit/audit"
	"github.com/envaudit/envaudit/ecosystems"
	"github.com/envaudit/envaudit/ecosystems/all"
	"github.com/envaudit/envaudit/internal/ghaction"
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
	sarif  string
	format string
	failOn string
	sel    []audit.Selector
	// root is the project's absolute root, known once it is opened; SARIF
	// locations are relative to the repository that contains it, and the
	// SBOM is named after it.
	root string
	// epoch dates the SBOM when SOURCE_DATE_EPOCH is set (check reads it);
	// the zero time means now, with a random serial number.
	epoch time.Time
}

// register adds the flags to a command's flag set; dirUsage says what -C
// means for the command.
func (o *outputFlags) register(flags *flag.FlagSet, dirUsage string) {
	flags.StringVar(&o.dir, "C", ".", dirUsage)
	flags.StringVar(&o.report, "report", "", "also write the JSON report to `FILE`")
	flags.StringVar(&o.sbom, "sbom", "", "write a CycloneDX 1.6 SBOM to `FILE` (XML when it ends in .xml, else JSON)")
	flags.StringVar(&o.sarif, "sarif", "", "write the findings as SARIF 2.1.0 to `FILE`, for code scanning")
	flags.StringVar(&o.format, "format", "text", "print the report as `FORMAT`: text, json or markdown (with json or markdown, a traced command's own output goes to stderr)")
	flags.StringVar(&o.failOn, "fail-on", audit.DefaultFailOn, "exit 1 when a finding of these `KINDS` is found: kinds and kind:reason pairs, comma-separated ("+strings.Join(audit.SelectorValues(), ", ")+"), or none")
}

// outputs lists the files the flags ask for, for checkOutputs.
func (o *outputFlags) outputs() []output {
	return []output{
		{"--report", o.report, "report"},
		{"--sbom", o.sbom, "sbom"},
		{"--sarif", o.sarif, "sarif"},
	}
}

// check validates the flag values, in the style `--format: unknown value
// "xml" (want text, json or markdown)`.
func (o *outputFlags) check() error {
	switch o.format {
	case "text", "json", "markdown":
	default:
		return usagef("--format: unknown value %q (want text, json or markdown)", o.format)
	}
	sel, err := audit.ParseSelectors(o.failOn)
	if err != nil {
		return usagef("--fail-on: %v", err)
	}
	o.sel = sel
	if o.sbom != "" {
		if o.epoch, err = sourceDateEpoch(os.Getenv); err != nil {
			return err
		}
	}
	return nil
}

// maxEpoch is the last second of year 9999, the latest date an SBOM's
// RFC 3339 timestamp can hold.
const maxEpoch = 253402300799

// sourceDateEpoch reads SOURCE_DATE_EPOCH, the reproducible-builds.org
// convention for dating reproducible outputs: whole seconds since
// 1970-01-01 UTC. It returns the zero time when the variable is unset or
// empty; a malformed value is an error, as the convention asks, rather
// than a silently random SBOM.
func sourceDateEpoch(getenv func(string) string) (time.Time, error) {
	s := getenv("SOURCE_DATE_EPOCH")
	if s == "" {
		return time.Time{}, nil
	}
	n, err := strconv.ParseInt(s, 10, 64)
	if err != nil || strings.Trim(s, "0123456789") != "" || n > maxEpoch {
		return time.Time{}, fmt.Errorf("SOURCE_DATE_EPOCH: invalid value %q (want whole seconds since 1970-01-01 UTC)", s)
	}
	return time.Unix(n, 0).UTC(), nil
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

// sbomEnvelope stamps an SBOM written by tool: when epoch is set
// (SOURCE_DATE_EPOCH) it is dated so and its serial number derived from
// its content, so the same report gives the same bytes; else it is dated
// now with a random serial number.
func sbomEnvelope(epoch time.Time, tool audit.Tool) sbom.Envelope {
	return sbom.Envelope{Timestamp: epoch, ContentSerial: !epoch.IsZero(), Tool: tool}
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

// project is a project root with its detected ecosystems and their
// declarations (D1), read before anything runs so a broken manifest fails
// fast.
type project struct {
	root  string // absolute, symbolic links resolved
	shown string // the directory as the user named it
	ecos  []detected
	// devTools names extra test runners per ecosystem, added to its
	// DevTools; nil adds none.
	devTools func(ecosystem string) []string
	// skip lists the directories the tracer counts instead of records
	// (ecosystems.TraceSkipper), set by prepare.
	skip []string
}

type detected struct {
	eco       ecosystems.Ecosystem
	manifests []string
	declared  []ecosystems.Dependency
	scratch   string // the directory TraceEnv was given, if any
}

// openProject detects the ecosystems of dir and parses their manifests.
// Errors in project files come back as *ecosystems.PosError with the file
// named relative to the working directory.
func openProject(dir string, ecos []ecosystems.Ecosystem) (*project, error) {
	root, err := projectRoot(dir)
	if err != nil {
		return nil, err
	}
	p := &project{root: root, shown: filepath.ToSlash(filepath.Clean(dir))}
	for _, e := range ecos {
		manifests, err := e.Detect(root)
		if err != nil {
			return nil, p.posError(fmt.Errorf("detect %s: %w", e.Name(), err))
		}
		if len(manifests) == 0 {
			continue
		}
		declared, err := e.Declared(root)
		if err != nil {
			return nil, p.posError(err)
		}
		p.ecos = append(p.ecos, detected{eco: e, manifests: manifests, declared: declared})
	}
	return p, nil
}

// projectRoot returns the absolute, symlink-resolved root of the project
// directory -C names, or an error starting with the flag.
func projectRoot(dir string) (string, error) {
	abs, err := filepath.Abs(dir)
	if err != nil {
		return "", fmt.Errorf("-C: %w", err)
	}
	root, err := filepath.EvalSymlinks(abs)
	if errors.Is(err, fs.ErrNotExist) {
		return "", fmt.Errorf("-C: directory %q does not exist", dir)
	}
	if err != nil {
		return "", fmt.Errorf("-C: %w", err)
	}
	if st, err := os.Stat(root); err != nil {
		return "", fmt.Errorf("-C: %w", err)
	} else if !st.IsDir() {
		return "", fmt.Errorf("-C: %q is not a directory", dir)
	}
	return root, nil
}

// posError names the file of a positioned error as the user sees it from
// the working directory: `sub/package.json:7: ...` under -C sub.
func (p *project) posError(err error) error {
	pe, ok := err.(*ecosystems.PosError)
	if !ok || p.shown == "." || pe.Pos.File == "" || filepath.IsAbs(pe.Pos.File) {
		return err
	}
	moved := *pe
	moved.Pos.File = p.shown + "/" + pe.Pos.File
	return &moved
}

// inputs lists the absolute paths of the project files envaudit reads, so
// no output may overwrite them.
func (p *project) inputs() []string {
	var out []string
	for _, d := range p.ecos {
		for _, m := range d.manifests {
			out = append(out, filepath.Join(p.root, filepath.FromSlash(m)))
		}
	}
	return out
}

// prepare gives every ecosystem that needs it (TraceEnvironer) a scratch
// directory and returns the traced command's environment with their
// variables applied. With evidence "", the directories are temporary and
// cleanup removes them. Otherwise they are evidence/<ecosystem>, kept
// beside the trace for `envaudit audit --trace` (see evidenceDir): the
// evidence directory of an earlier trace is replaced first, so no stale
// evidence outlives it, and one envaudit did not make is refused.
func (p *project) prepare(ctx context.Context, environ []string, evidence string) (env []string, cleanup func(), err error) {
	env = append([]string(nil), environ...)
	cleanup = func() {
		if evidence != "" {
			return
		}
		for _, d := range p.ecos {
			if d.scratch != "" {
				os.RemoveAll(d.scratch)
			}
		}
	}
	if evidence != "" {
		if err := clearEvidence(evidence); err != nil {
			return nil, nil, err
		}
		// Ecosystems write into their scratch directories through
		// options such as -Xlog:class+load:file=PATH, which want an
		// absolute path.
		if evidence, err = filepath.Abs(evidence); err != nil {
			return nil, nil, err
		}
	}
	for i := range p.ecos {
		te, ok := p.ecos[i].eco.(ecosystems.TraceEnvironer)
		if !ok {
			continue
		}
		name := p.ecos[i].eco.Name()
		var dir string
		if evidence == "" {
			dir, err = os.MkdirTemp("", "envaudit-"+name+"-")
		} else {
			dir, err = makeEvidence(evidence, name)
		}
		if err != nil {
			cleanup()
			return nil, nil, err
		}
		p.ecos[i].scratch = dir
		env = setenv(env, te.TraceEnv(p.root, dir, env))
	}
	p.skip = nil
	for _, d := range p.ecos {
		if ts, ok := d.eco.(ecosystems.TraceSkipper); ok {
			p.skip = append(p.skip, ts.TraceSkip(ctx, p.root, env)...)
		}
	}
	return env, cleanup, nil
}

// reuse prepares the audit of a saved trace whose ecosystems kept their
// evidence in evidence/<ecosystem> (prepare): each ecosystem with such a
// directory gets it back as its scratch directory, and environ gets the
// variables TraceEnv set for the traced run, as `envaudit run` gives
// Installed the traced command's environment. Ecosystems without one
// audit without evidence of their own.
func (p *project) reuse(environ []string, evidence string) ([]string, error) {
	env := append([]string(nil), environ...)
	if evidence == "" {
		return env, nil
	}
	abs, err := filepath.Abs(evidence)
	if err != nil {
		return nil, err
	}
	for i := range p.ecos {
		te, ok := p.ecos[i].eco.(ecosystems.TraceEnvironer)
		if !ok {
			continue
		}
		dir := filepath.Join(abs, p.ecos[i].eco.Name())
		if st, err := os.Stat(dir); err != nil || !st.IsDir() {
			continue
		}
		p.ecos[i].scratch = dir
		env = setenv(env, te.TraceEnv(p.root, dir, env))
	}
	return env, nil
}

// setenv applies KEY=VALUE entries over env, later entries winning.
func setenv(env, set []string) []string {
	for _, kv := range set {
		key, _, _ := strings.Cut(kv, "=")
		out := env[:0]
		for _, e := range env {
			if k, _, _ := strings.Cut(e, "="); k != key {
				out = append(out, e)
			}
		}
		env = append(out, kv)
	}
	return env
}

// audit enumerates each ecosystem's installation and audits it against the
// trace (nil: D1 and D2 only). An installation that cannot be enumerated
// leaves the ecosystem without D2 and D3, says so in its warnings, and is
// returned as err after every ecosystem was audited, so the report is still
// written.
func (p *project) audit(ctx context.Context, tr *tracer.Trace, environ []string, prog *progress) ([]audit.EcosystemReport, error) {
	env := ecosystems.Env{Environ: environ}
	if tr != nil {
		env.Executables = audit.Executables(tr)
	}
	var reps []audit.EcosystemReport
	var errs []error
	for _, d := range p.ecos {
		prog.step("reading the installed %s packages", d.eco.Name())
		e := env
		e.Scratch = d.scratch
		inv, err := d.eco.Installed(ctx, p.root, e)
		if err != nil {
			err = fmt.Errorf("%s: installed packages: %w", d.eco.Name(), p.posError(err))
			errs = append(errs, err)
			inv = nil
		}
		prog.step("auditing %s", d.eco.Name())
		devTools := d.eco.DevTools()
		if p.devTools != nil {
			devTools = append(slices.Clone(devTools), p.devTools(d.eco.Name())...)
		}
		rep := audit.Ecosystem(audit.Input{
			Name:      d.eco.Name(),
			Manifests: d.manifests,
			Declared:  d.declared,
			Inventory: inv,
			Trace:     tr,
			DevTools:  devTools,
			Root:      p.root,
		})
		if err != nil {
			rep.Warnings = append(rep.Warnings, err.Error())
		}
		reps = append(reps, rep)
	}
	prog.done()
	return reps, errors.Join(errs...)
}

// emit prints the report in the chosen format, writes the JSON report
// file, and returns the exit status the findings and the run call for.
func emit(r *audit.Report, o *outputFlags, stdout, stderr io.Writer) (int, error) {
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
	err = writeOutputs(
		reportFile("--report", o.report, r),
		sbomFile("--sbom", o.sbom, r, sbomOptions(o.root), sbomEnvelope(o.epoch, r.Tool), ""),
		sarifFile("--sarif", o.sarif, r, ghaction.SARIFOptions{Prefix: ghaction.RepoPrefix(repoTop(o.root), o.root)}),
	)
	if err != nil {
		return exitUsage, err
	}
	code := exitOK
	if failing := r.Failing(o.sel); len(failing) > 0 {
		fmt.Fprintf(stderr, "envaudit: %d %s %s --fail-on %s\n", len(failing), plural(len(failing), "finding", "findings"), plural(len(failing), "reaches", "reach"), selectorList(o.sel))
		code = exitFindings
	}
	if ri := r.Run; ri != nil && !ri.Succeeded {
		fmt.Fprintf(stderr, "envaudit: %s %s; the audit rests on a run that did not succeed\n", audit.QuoteCommand(ri.Command), ri.Status())
		code = exitCommandErr
	}
	return code, nil
}

// outputFile is a file an audit writes besides what it prints.
type outputFile struct {
	label string // how errors name it: the flag ("--sbom") or the Action's input ("sbom")
	path  string // "" when not asked for
	write func(io.Writer) error
}

func reportFile(label, path string, r *audit.Report) outputFile {
	return outputFile{label, path, r.WriteJSON}
}

// sbomFile writes the SBOM of r: its facts as opts shape them, stamped
// with env, in format, else in the format path's extension names.
func sbomFile(label, path string, r *audit.Report, opts sbom.Options, env sbom.Envelope, format sbom.Format) outputFile {
	if format == "" {
		format = sbom.FormatOf(path)
	}
	return outputFile{label, path, func(w io.Writer) error {
		facts, err := sbom.Generate(r, opts)
		if err != nil {
			return err
		}
		bom, err := sbom.Stamp(facts, env)
		if err != nil {
			return err
		}
		return sbom.Encode(w, bom, format)
	}}
}

func sarifFile(label, path string, r *audit.Report, opts ghaction.SARIFOptions) outputFile {
	return outputFile{label, path, func(w io.Writer) error { return ghaction.WriteSARIF(w, r, opts) }}
}

// writeOutputs writes the files asked for, each whole or not at all
// (writeFileAtomic), stopping at the first error.
func writeOutputs(files ...outputFile) error {
	for _, f := range files {
		if f.path == "" {
			continue
		}
		if err := writeFileAtomic(f.path, f.write); err != nil {
			return fmt.Errorf("%s: %w", f.label, err)
		}
	}
	return nil
}

// repoTop returns the top of the repository that contains root: the
// Actions workspace when set, else the nearest directory above root with a
// .git entry, else "" (locations then stay project-relative).
func repoTop(root string) string {
	if root == "" {
		return ""
	}
	if ws := os.Getenv("GITHUB_WORKSPACE"); ws != "" {
		return resolved(ws)
	}
	for dir := root; ; dir = filepath.Dir(dir) {
		if _, err := os.Lstat(filepath.Join(dir, ".git")); err == nil {
			return dir
		}
		if filepath.Dir(dir) == dir {
			return ""
		}
	}
}

func selectorList(sel []audit.Selector) string {
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

// checkOutputs refuses output paths that would overwrite an input (a
// manifest, the trace being audited), collide with each other, replace
// an existing file that is not one envaudit wrote (kind: "report" or
// "trace"), or lie in a directory that does not exist or cannot be
// written: all of which would otherwise be found only after the traced
// command, however long, has run.
func checkOutputs(inputs []string, outs []output) error {
	seen := map[string]string{}
	for _, in := range inputs {
		if abs, err := filepath.Abs(in); err == nil {
			seen[abs] = "input"
		}
	}
	for _, o := range outs {
		if o.path == "" {
			continue
		}
		abs, err := filepath.Abs(o.path)
		if err != nil {
			return usagef("%s: %v", o.flag, err)
		}
		if real, err := filepath.EvalSymlinks(abs); err == nil {
			abs = real
		}
		if what, ok := seen[abs]; ok {
			if what == "input" {
				return usagef("%s: %q is one of envaudit's inputs; refusing to overwrite it", o.flag, o.path)
			}
			return usagef("%s: %q is also the file of %s", o.flag, o.path, what)
		}
		for other := range seen {
			if sameFile(other, abs) {
				return usagef("%s: %q is one of envaudit's inputs; refusing to overwrite it", o.flag, o.path)
			}
		}
		seen[abs] = o.flag
		if st, err := os.Stat(abs); err == nil {
			if st.IsDir() {
				return usagef("%s: %q is a directory", o.flag, o.path)
			}
			if !o.ours(abs) {
				return usagef("%s: %q exists and is not an envaudit %s; refusing to overwrite it", o.flag, o.path, o.kind)
			}
		}
		if err := writableDir(filepath.Dir(abs), filepath.Dir(o.path)); err != nil {
			return usagef("%s: cannot write %q: %v", o.flag, o.path, err)
		}
	}
	return nil
}

// writableDir checks that files can be created in dir (shown as the user
// named it), as writeFileAtomic will: by creating and removing a temporary
// file there, which answers for permissions, read-only mounts and ACLs
// alike.
func writableDir(dir, shown string) error {
	st, err := os.Stat(dir)
	if errors.Is(err, fs.ErrNotExist) {
		return fmt.Errorf("directory %q does not exist", shown)
	}
	if err != nil {
		return err
	}
	if !st.IsDir() {
		return fmt.Errorf("%q is not a directory", shown)
	}
	f, err := os.CreateTemp(dir, ".envaudit-*")
	if err != nil {
		var pe *fs.PathError
		if errors.As(err, &pe) {
			err = pe.Err
		}
		return fmt.Errorf("directory %q is not writable: %w", shown, err)
	}
	name := f.Name()
	f.Close()
	return os.Remove(name)
}

// output is a file a command writes.
type output struct {
	flag string // "--report"
	path string
	kind string // what envaudit writes there: "report", "trace"
}

// ours reports whether the existing file at path is one envaudit wrote, so
// replacing it loses nothing of the user's.
func (o output) ours(path string) bool {
	f, err := os.Open(path)
	if err != nil {
		return false
	}
	defer f.Close()
	switch o.kind {
	case "report":
		_, err := audit.ReadReport(io.LimitReader(f, 256<<20), path)
		return err == nil
	case "trace":
		line, err := bufio.NewReader(f).ReadBytes('\n')
		if err != nil && len(line) == 0 {
			return false
		}
		var h struct {
			Type    string `json:"type"`
			Version int    `json:"version"`
		}
		return json.Unmarshal(line, &h) == nil && h.Type == "header" && h.Version > 0
	case "sbom":
		head := make([]byte, 4096)
		n, _ := io.ReadFull(f, head)
		head = head[:n]
		return bytes.Contains(head, []byte(`"bomFormat": "CycloneDX"`)) || bytes.Contains(head, []byte(`"bomFormat":"CycloneDX"`)) ||
			bytes.Contains(head, []byte("http://cyclonedx.org/schema/bom/"))
	case "sarif":
		var doc struct {
			Version string            `json:"version"`
			Runs    []json.RawMessage `json:"runs"`
		}
		return json.NewDecoder(io.LimitReader(f, 256<<20)).Decode(&doc) == nil && doc.Version == "2.1.0"
	}
	return false
}

func sameFile(a, b string) bool {
	sa, err := os.Stat(a)
	if err != nil {
		return false
	}
	sb, err := os.Stat(b)
	return err == nil && os.SameFile(sa, sb)
}

// writeFileAtomic writes a file through a temporary file in the same
// directory, so a failed write leaves the previous file intact.
func writeFileAtomic(path string, write func(io.Writer) error) error {
	f, err := os.CreateTemp(filepath.Dir(path), ".envaudit-*")
	if err != nil {
		return fmt.Errorf("write %q: %w", path, err)
	}
	defer os.Remove(f.Name())
	bw := bufio.NewWriter(f)
	if err := write(bw); err != nil {
		f.Close()
		return fmt.Errorf("write %q: %w", path, err)
	}
	if err := bw.Flush(); err != nil {
		f.Close()
		return fmt.Errorf("write %q: %w", path, err)
	}
	if err := f.Close(); err != nil {
		return fmt.Errorf("write %q: %w", path, err)
	}
	if err := os.Chmod(f.Name(), 0o644); err != nil {
		return fmt.Errorf("write %q: %w", path, err)
	}
	if err := os.Rename(f.Name(), path); err != nil {
		return fmt.Errorf("write %q: %w", path, err)
	}
	return nil
}

// readTrace reads a saved trace.
func readTrace(path string) (*tracer.Trace, bool, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, false, fmt.Errorf("--trace: %w", err)
	}
	defer f.Close()
	return tracer.ReadJSONL(f, path)
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

// step replaces the progress line.
func (p *progress) step(format string, args ...any) {
	if p == nil || p.w == nil {
		return
	}
	fmt.Fprintf(p.w, "\r\033[Kenvaudit: "+format+"…", args...)
	p.shown = true
}

// done clears the progress line.
func (p *progress) done() {
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
	r, instErr, err := auditSaved(ctx, &o, *tracePath, *evidence, stderr, all.Ecosystems())
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
// named (evidence) or else the one beside the trace (see evidenceDir).
func auditSaved(ctx context.Context, o *outputFlags, tracePath, evidence string, stderr io.Writer, ecos []ecosystems.Ecosystem) (r *audit.Report, instErr, err error) {
	p, err := openProject(o.dir, ecos)
	if err != nil {
		return nil, nil, err
	}
	inputs := p.inputs()
	if tracePath != "" {
		inputs = append(inputs, tracePath)
	}
	if err := checkOutputs(inputs, o.outputs()); err != nil {
		return nil, nil, err
	}
	o.root = p.root
	var tr *tracer.Trace
	var run *audit.RunInfo
	if tracePath != "" {
		t, complete, err := readTrace(tracePath)
		if err != nil {
			return nil, nil, err
		}
		// A trace recorded elsewhere (a CI runner's checkout) is moved
		// onto this checkout of the project.
		if t.Header.Dir != "" {
			t = audit.RebaseTrace(t, t.Header.Dir, p.root)
		}
		tr = t
		run = audit.NewRunInfo(tr, complete, p.shown)
	}
	evidence, err = savedEvidence(evidence, tracePath)
	if err != nil {
		return nil, nil, err
	}
	environ, err := p.reuse(os.Environ(), evidence)
	if err != nil {
		return nil, nil, err
	}
	reps, instErr := p.audit(ctx, tr, environ, newProgress(stderr))
	return audit.NewReport(version, run, reps), instErr, nil
}
