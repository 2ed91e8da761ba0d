package engine

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"maps"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"time"

	"github.com/envaudit/envaudit/audit"
	"github.com/envaudit/envaudit/ecosystems"
	"github.com/envaudit/envaudit/internal/outfile"
	"github.com/envaudit/envaudit/internal/toolexec"
	"github.com/envaudit/envaudit/tracer"
	"github.com/envaudit/envaudit/tracer/evchan"
	"github.com/envaudit/envaudit/tracer/intoto"
)

// RunOptions say how to run the traced command.
type RunOptions struct {
	// Command is the command line to trace; it runs in the project's root.
	Command []string
	// Environ is the environment the command starts from; nil means
	// envaudit's own. The Action passes its environment without the
	// runner's credentials.
	Environ []string
	// Env holds KEY=VALUE entries set over Environ for the command
	// (later entries win), before the ecosystems add theirs.
	Env []string
	// Evidence, when set, is the directory in which the ecosystems keep
	// the evidence they collect, beside a saved trace (EvidenceDir); ""
	// uses temporary directories that Close removes.
	Evidence string
	// Timeout, Grace and Privileged are passed to the tracer
	// (tracer.Options).
	Timeout    time.Duration
	Grace      time.Duration
	Privileged bool
	// Backend chooses the tracer (tracer.Options.Backend): "ptrace" or
	// "" for ptrace, "ebpf", or "auto".
	Backend string
	// Loader and LoaderErr are the eBPF programs' loader the caller
	// started before it set no_new_privs on itself, or why it could not
	// (tracer.Options.Loader, LoaderErr); Trace closes the loader.
	Loader    *tracer.EBPFLoader
	LoaderErr error
	// NoNewPrivs keeps the command from gaining privileges through
	// setuid programs under the eBPF backend too
	// (tracer.Options.NoNewPrivs); the Action sets it.
	NoNewPrivs bool
	// KillDescendants ends, once the command exits or times out, every
	// process it started, those that escaped the tracer too
	// (tracer.Options.KillDescendants). The Action sets it: a process
	// left running could rewrite the step's file commands after envaudit
	// restored them. The CLI leaves it off, where a daemon the command
	// starts is the command's own business.
	KillDescendants bool
	// Tools, when set, finds the programs the ecosystems run after the
	// trace (ecosystems.Env.Tools). Make it before calling Trace, so that
	// nothing the command plants on PATH is found. The Action's is
	// strict (toolexec.Policy.Strict); nil lets each ecosystem look on
	// the run's PATH, as the CLI does.
	Tools *toolexec.Resolver
	// Stdin, Stdout and Stderr are the traced command's streams.
	Stdin          io.Reader
	Stdout, Stderr io.Writer
	// Prepared, when set, is called once the run is prepared, just before
	// the command starts, with the ecosystems that collect evidence of
	// their own (Traced.Collectors).
	Prepared func(collectors []string)
	// EndLeftovers, when set, is called once the reads before the run are
	// done and before the command starts: it ends every process that a
	// program run for those reads left behind, and returns their pids
	// (tracer.EndDescendants, in a process that made itself a child
	// subreaper). The project's own interpreter, asked for its sys.path,
	// can fork a daemon that would otherwise feed the tests; the CLI sets
	// it. Traced.Leftovers keeps the pids; an error (a process that
	// would not die) stops the run before the command starts.
	EndLeftovers func() ([]int, error)
}

// Traced is a command traced in a project: the trace, and what the audit
// of it needs (the environment the command ran with, the ecosystems'
// evidence).
type Traced struct {
	// Trace is what the tracer recorded.
	Trace *tracer.Trace
	// Env is the environment the command ran with.
	Env []string
	// Evidence is the evidence directory (RunOptions.Evidence), "" when
	// the evidence was kept in temporary directories.
	Evidence string
	// Collectors names the ecosystems that were given a directory to
	// collect evidence in.
	Collectors []string
	// Leftovers are the processes that programs run for the reads before
	// the run left behind, which RunOptions.EndLeftovers ended before the
	// command started.
	Leftovers []int
	// Asked are the programs the reads before the run ran to read the
	// project ("python: /p/.venv/bin/python (the project's virtual
	// environment)"), so that a front end can say which interpreter it
	// asked.
	Asked []string

	p       *Project
	tools   *toolexec.Resolver
	scratch map[string]string // ecosystem → its scratch directory
	// channels are the open evidence channels during the run, one in
	// each scratch directory; channel is what each held once the
	// command ended.
	channels map[string]*evchan.Channel
	channel  map[string][]byte
	before   map[string]*before
	cleanup  func()
}

// Trace runs the command under the tracer in the project's root, prepared
// for the project's ecosystems: each that needs to (TraceEnvironer) adjusts
// the command's environment to collect evidence of use beyond file opens,
// and the directories whose files no package owns (TraceSkipper) are
// counted rather than recorded. Close removes what the run left in
// temporary directories, once its audit is done.
//
// Before the command starts, Trace reads what the project's sources
// import and enumerates the installation (of every ecosystem whose
// evidence is not the run's own output, ecosystems.RunOutputReader): the
// command may rewrite both, and the audit rests on what they were before
// it ran.
func (p *Project) Trace(ctx context.Context, o RunOptions) (*Traced, error) {
	// The eBPF programs take tens of milliseconds to load: they load
	// while the project is read and the installation enumerated, not
	// after.
	if l := loadEarly(o); l != nil {
		o.Loader = l
	}
	environ := o.Environ
	if environ == nil {
		environ = os.Environ()
	}
	t, err := p.prepare(ctx, Setenv(environ, o.Env), o.Evidence, o.Privileged)
	if err != nil {
		o.Loader.Close()
		return nil, err
	}
	t.tools = o.Tools
	// One memo for the reads before the run, dropped before it starts:
	// what a tool answered then must not be reused after the command,
	// which may change it.
	memo := &ecosystems.Memo{}
	asked := &ecosystems.Asked{}
	t.before = p.readBefore(ctx, t.Env, o.Command, t.tools, memo, asked)
	t.Asked = asked.List()
	if o.Prepared != nil {
		o.Prepared(t.Collectors)
	}
	var skip []string
	for _, d := range p.ecos {
		if ts, ok := d.project.(ecosystems.TraceSkipper); ok {
			skip = append(skip, ts.TraceSkip(ctx, ecosystems.Env{Environ: t.Env, Command: o.Command, Tools: o.Tools, Memo: memo})...)
		}
	}
	skip = skipNoPackages(skip, t.before)
	if o.EndLeftovers != nil {
		if t.Leftovers, err = o.EndLeftovers(); err != nil {
			o.Loader.Close()
			t.Close()
			return nil, fmt.Errorf("ending what the programs run before the command left running: %w", err)
		}
	}
	t.Trace, err = tracer.Run(ctx, tracer.Options{
		Command:         o.Command,
		Dir:             p.root,
		Env:             t.Env,
		Skip:            skip,
		Stdin:           o.Stdin,
		Stdout:          o.Stdout,
		Stderr:          o.Stderr,
		Timeout:         o.Timeout,
		Grace:           o.Grace,
		Privileged:      o.Privileged,
		Backend:         o.Backend,
		KillDescendants: o.KillDescendants,
		Loader:          o.Loader,
		LoaderErr:       o.LoaderErr,
		NoNewPrivs:      o.NoNewPrivs,
	})
	if err != nil {
		t.Close()
		return nil, err
	}
	if err := t.closeChannels(t.Trace); err != nil {
		t.Close()
		return nil, err
	}
	return t, nil
}

// closeChannels takes what the tools wrote into each evidence channel
// during the run (tr: the run's trace, checked for reads of them). A
// channel the command tampered with fails the run: its evidence would
// decide the report, and cannot be trusted.
func (t *Traced) closeChannels(tr *tracer.Trace) error {
	var errs []error
	for _, name := range sortedKeys(t.channels) {
		data, err := t.channels[name].Close(tr)
		delete(t.channels, name)
		if err != nil {
			errs = append(errs, fmt.Errorf("%s: %w", name, err))
			continue
		}
		t.channel[name] = data
	}
	return errors.Join(errs...)
}

func sortedKeys[V any](m map[string]V) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}

// loadEarly starts loading the eBPF programs where Trace will use them
// and the caller has not loaded them itself: --backend ebpf, or auto as
// root (auto never asks sudo, which tracer.Run would not either). The
// loader it returns is still loading; tracer.Run waits for it (nil: o's
// own Loader and LoaderErr stand).
func loadEarly(o RunOptions) *tracer.EBPFLoader {
	if o.Loader != nil || o.LoaderErr != nil || !(o.Backend == tracer.BackendEBPF || o.Backend == tracer.BackendAuto && os.Geteuid() == 0) {
		return nil
	}
	return tracer.StartEBPFLoaderAsync()
}

// Close removes the temporary evidence directories of the run.
func (t *Traced) Close() {
	t.closeChannels(nil)
	if t.cleanup != nil {
		t.cleanup()
		t.cleanup = nil
	}
}

// AuditAfterInterrupt bounds the audit of an interrupted run: enumerating
// the installations may ask package managers (mvn, go, python).
const AuditAfterInterrupt = 30 * time.Second

// Audit enumerates each ecosystem's installation and audits it against the
// trace. instErr reports installations that could not be enumerated: the
// report is complete otherwise and says so.
//
// The run's timeout (WithRunTimeout) bounds the command, not this: Audit
// works on AfterRun(ctx), so a command that ended just before the
// deadline, or one the deadline stopped, is audited in full however long
// reading the installation takes. What bounds that reading is its own
// limits: every tool an ecosystem asks runs under a time limit of its own
// (internal/toolexec: five minutes unless the ecosystem sets another,
// Maven's dependency:tree 30 minutes, the Python interpreter's query 30
// seconds), and every file is read within the size cap of its kind
// (internal/projfile). An interrupt (Ctrl-C, a runner's cancel) that
// stopped the command also ended ctx: what ran until then is still
// audited, on a context of its own bounded by AuditAfterInterrupt, so
// that envaudit ends soon all the same; one that comes while Audit reads
// stops that reading, and the installations it had not read are missing
// from the report, which says so.
func (t *Traced) Audit(ctx context.Context) (r *audit.Report, instErr error) {
	ctx = AfterRun(ctx)
	if ctx.Err() != nil {
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeout(context.WithoutCancel(ctx), AuditAfterInterrupt)
		defer cancel()
	}
	run := audit.NewRunInfo(t.Trace, true, t.p.shown)
	reps, gaps, instErr := t.p.audit(ctx, t.Trace, t.Env, t.scratch, t.channel, t.tools, t.before)
	run.AddGaps(gaps...)
	return audit.NewReport(t.p.opts.Version, run, reps), instErr
}

// AuditTrace audits the project against a saved trace (complete says
// whether it was read to its end), or its declared and installed layers
// only when tr is nil. A trace recorded in another checkout of the
// project (a CI runner's) is moved onto this one by the directory it
// recorded. The ecosystems get back the evidence they collected during
// the run from the evidence directory (SavedEvidence), and the
// environment the traced run had for them.
func (p *Project) AuditTrace(ctx context.Context, tr *tracer.Trace, complete bool, evidence string) (r *audit.Report, instErr, err error) {
	var run *audit.RunInfo
	if tr != nil {
		if tr.Header.Dir != "" {
			tr = audit.RebaseTrace(tr, tr.Header.Dir, p.root)
		}
		run = audit.NewRunInfo(tr, complete, p.shown)
	}
	environ, scratch, channel, err := p.reuse(os.Environ(), evidence)
	if err != nil {
		return nil, nil, err
	}
	reps, gaps, instErr := p.audit(ctx, tr, environ, scratch, channel, nil, nil)
	if run != nil {
		run.AddGaps(gaps...)
	}
	return audit.NewReport(p.opts.Version, run, reps), instErr, nil
}

// TraceFormat is a saved trace as an output file: one a front end may
// replace (outfile.Check). It is declared here, not beside
// tracer.IsTrace: the tracer keeps out of how envaudit writes files.
var TraceFormat = outfile.Format{Name: "trace", Recognize: tracer.IsTrace}

// ReadTrace reads a trace saved at path: envaudit's own (complete is
// false when it ends early: a run that was killed while writing it), or
// an in-toto runtime-trace attestation (intoto.Read: a statement, a DSSE
// envelope, a witness collection), which has no end record to miss.
func ReadTrace(path string) (tr *tracer.Trace, complete bool, err error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, false, err
	}
	defer f.Close()
	br := bufio.NewReader(f)
	head, _ := br.Peek(512)
	if intoto.IsAttestation(head) {
		tr, err := intoto.Read(br, path)
		return tr, err == nil, err
	}
	return tracer.ReadJSONL(br, path)
}

// prepare gives every ecosystem that needs it (TraceEnvironer) a scratch
// directory with its evidence channel open (tracer/evchan), shared with
// the sudo user for a privileged run, and returns the run with the command's environment, their
// variables applied. With evidence "", the directories are temporary and
// Close removes them. Otherwise they are evidence/<ecosystem>, kept beside
// the trace for a later AuditTrace: the evidence directory of an earlier
// trace is replaced first, so no stale evidence outlives it, and one
// envaudit did not make is refused.
func (p *Project) prepare(ctx context.Context, environ []string, evidence string, privileged bool) (*Traced, error) {
	t := &Traced{p: p, Env: append([]string(nil), environ...), Evidence: evidence, scratch: map[string]string{}, channels: map[string]*evchan.Channel{}, channel: map[string][]byte{}}
	t.cleanup = func() {
		if evidence != "" {
			return
		}
		for _, dir := range t.scratch {
			os.RemoveAll(dir)
		}
	}
	if evidence != "" {
		if err := clearEvidence(evidence); err != nil {
			return nil, err
		}
		// Ecosystems write into their scratch directories through
		// options such as -Xlog:class+load:file=PATH, which want an
		// absolute path.
		abs, err := filepath.Abs(evidence)
		if err != nil {
			return nil, err
		}
		evidence = abs
	}
	for _, d := range p.ecos {
		te, ok := d.project.(ecosystems.TraceEnvironer)
		if !ok {
			continue
		}
		name := d.eco.Name()
		var dir string
		var err error
		if evidence == "" {
			dir, err = os.MkdirTemp("", "envaudit-"+name+"-")
		} else {
			dir, err = makeEvidence(evidence, name)
		}
		if err != nil {
			t.Close()
			return nil, err
		}
		t.scratch[name] = dir
		t.Collectors = append(t.Collectors, name)
		t.Env = Setenv(t.Env, te.TraceEnv(dir, t.Env))
		if privileged {
			if err := shareScratch(dir); err != nil {
				t.Close()
				return nil, fmt.Errorf("open the evidence directory to the sudo user: %w", err)
			}
		}
		// The channel is opened, and its watch set, once TraceEnv has
		// written its launchers: from here on, nothing of the project's
		// (the interpreter asked before the run included) may change
		// them unseen.
		ch, err := evchan.Open(dir)
		if err != nil {
			t.Close()
			return nil, err
		}
		t.channels[name] = ch
	}
	return t, nil
}

// reuse prepares the audit of a saved trace whose ecosystems kept their
// evidence in evidence/<ecosystem> (prepare): each ecosystem with such a
// directory gets it back as its scratch directory, and environ gets the
// variables TraceEnv set for the traced run, as a traced run gives
// Installed the traced command's environment. Ecosystems without one
// audit without evidence of their own.
func (p *Project) reuse(environ []string, evidence string) ([]string, map[string]string, map[string][]byte, error) {
	env := append([]string(nil), environ...)
	scratch := map[string]string{}
	channel := map[string][]byte{}
	if evidence == "" {
		return env, scratch, channel, nil
	}
	abs, err := filepath.Abs(evidence)
	if err != nil {
		return nil, nil, nil, err
	}
	for _, d := range p.ecos {
		te, ok := d.project.(ecosystems.TraceEnvironer)
		if !ok {
			continue
		}
		dir := filepath.Join(abs, d.eco.Name())
		if st, err := os.Stat(dir); err != nil || !st.IsDir() {
			continue
		}
		data, err := evchan.ReadSaved(dir)
		if err != nil {
			return nil, nil, nil, fmt.Errorf("%s: evidence: %w", d.eco.Name(), err)
		}
		scratch[d.eco.Name()] = dir
		channel[d.eco.Name()] = data
		env = Setenv(env, te.TraceEnv(dir, env))
	}
	return env, scratch, channel, nil
}

// shareScratch opens a scratch directory to the user a privileged
// trace runs the command as, for reading and searching only: the
// command's tools run the launchers TraceEnv wrote there and write into
// the evidence channel (writable by anyone, readable by no one but root),
// and may change nothing else there.
func shareScratch(dir string) error {
	return os.Chmod(dir, 0o755)
}

// Setenv applies KEY=VALUE entries over env, later entries winning.
func Setenv(env, set []string) []string {
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
// returned as err after every ecosystem was audited, so that the report is
// still written. What was read before the run (nil for a saved trace)
// stands: its imports are the audit's, and its installation is compared
// with the one after the run (settle). gaps says, one sentence each, what
// made accesses unattributable (byIdentity): each makes the trace
// incomplete.
func (p *Project) audit(ctx context.Context, tr *tracer.Trace, environ []string, scratch map[string]string, channel map[string][]byte, tools *toolexec.Resolver, bf map[string]*before) (reps []audit.EcosystemReport, gaps []string, err error) {
	env := ecosystems.Env{Environ: environ, Tools: tools}
	if tr != nil {
		env.Executables = audit.Executables(tr)
		env.Processes = processes(tr)
	}
	var errs []error
	var unattributed []gap
	// A file an ecosystem attributes is that ecosystem's: the ecosystems
	// after it audit the trace without it, so that a Python extension's
	// .so in a Debian python3-* package, or a library the cmake
	// ecosystem maps to a find_package, is not reported a second time as
	// a Debian package (the system ecosystem comes last).
	rest := tr
	attributed := map[string]string{}
	for _, d := range p.ecos {
		p.step("reading the installed %s packages", d.eco.Name())
		e := env
		e.Scratch = scratch[d.eco.Name()]
		e.Channel = channel[d.eco.Name()]
		if tr != nil {
			e.Attributed = maps.Clone(attributed)
		}
		inv, err := d.project.Installed(ctx, e)
		if err != nil && ctx.Err() != nil {
			// Cut short by an interrupt or the timeout: say which, not
			// only the error it left in a tool or a walk.
			err = stopped(ctx, "reading the installed "+d.eco.Name()+" packages")
		}
		if err != nil {
			err = fmt.Errorf("%s: installed packages: %w", d.eco.Name(), p.posError(err))
			inv = nil
		}
		b := bf[d.eco.Name()]
		if b == nil {
			b = &before{}
		}
		var tampered []audit.Tampering
		if b.inv != nil {
			inv, tampered = settle(p.root, b.inv, inv)
			if err != nil {
				// What was installed before the run is known: the audit
				// rests on it, and the error after the run is a warning.
				err = fmt.Errorf("%w (after the run; the audit uses what was installed before it)", err)
			}
		}
		if err != nil {
			errs = append(errs, err)
		}
		if inv != nil && !inv.Unknown {
			// Identities from before the run where D2 was read then
			// (a package directory the run renamed is known by them).
			ids := b.ids
			if ids == nil {
				ids = indexIdentities(inv.Index)
			}
			var g []gap
			rest, g = byIdentity(rest, ids)
			unattributed = append(unattributed, g...)
		}
		tr := rest
		if inv != nil && !inv.Unknown {
			rest = unclaimed(rest, inv.Index, func(path, pkg string) {
				attributed[path] = d.eco.Name() + " package " + pkg
			})
		}
		// What the project's own sources import tells its needs from its
		// dependencies' and the toolchain's. Sources that cannot be read
		// leave the audit without that evidence, and say so.
		imports, importErr := b.imports, b.importErr
		if im, ok := d.project.(ecosystems.Importer); ok && !b.imported {
			p.step("reading what the %s sources import", d.eco.Name())
			if imports, importErr = im.Imports(ctx, e); importErr != nil {
				imports = nil
			}
		} else if m, ok := d.project.(ecosystems.ImportMapper); ok && imports != nil && tr != nil {
			// Read before the run; their packages are named again with
			// the installation the run showed it used.
			if mapped, err := m.MapImports(ctx, e, imports); err == nil {
				imports = mapped
			} else if ctx.Err() != nil {
				importErr = stopped(ctx, "naming the packages of the "+d.eco.Name()+" imports")
			} else {
				importErr = err
			}
		}
		p.step("auditing %s", d.eco.Name())
		ts, ok := d.eco.(ecosystems.TestScoper)
		rep := audit.Ecosystem(audit.Input{
			NoTestScope: ok && !ts.HasTestScope(),
			Name:        d.eco.Name(),
			Manifests:   ecosystems.Paths(d.files, ecosystems.KindManifest, ecosystems.KindLockfile),
			Lockfiles:   ecosystems.Paths(d.files, ecosystems.KindLockfile),
			Declared:    d.project.Declared(),
			Inventory:   inv,
			Trace:       tr,
			DevTools:    p.devTools(d.eco),
			Root:        p.root,
			Imports:     imports,
			Tampered:    tampered,
		})
		if err != nil {
			rep.Warnings = append(rep.Warnings, err.Error())
		}
		if b.inv == nil && inv != nil {
			// Read after the run only: the directories the tracer
			// skipped were not checked against it before.
			if pkg, dir, ok := skippedPackage(tr, inv.Index); ok {
				rep.Warnings = append(rep.Warnings, fmt.Sprintf("%s: the trace skipped %q, which holds files of the installed package %q: the files opened there were counted, not recorded, so packages may be missing from the traced layer", d.eco.Name(), dir, pkg))
			}
		}
		if importErr != nil {
			rep.Warnings = append(rep.Warnings, fmt.Sprintf("%s: the project's imports: %v", d.eco.Name(), p.posError(importErr)))
		}
		if len(d.files) == 0 && !actionable(rep) {
			// An ecosystem opened with no file of the project's (the
			// machine's packages) whose audit found nothing to act on:
			// reporting it would only list the toolchain the run used.
			continue
		}
		reps = append(reps, rep)
	}
	p.done()
	return reps, gapsText(unattributed, p.root), errors.Join(errs...)
}

// processes returns the trace's processes that ran a program, each with
// the files it read or executed (symlinks resolved, and also as opened
// when that differs: the audit attributes a file by either, so a linker
// reading libstdc++-12-dev's libstdc++.so symlink must be seen reading
// it), for the ecosystems that tell who needed a file by the process that
// loaded it.
func processes(tr *tracer.Trace) []ecosystems.Process {
	files := map[int]map[string]bool{}
	for _, a := range tr.Accesses {
		if a.Op == tracer.OpWrite {
			continue
		}
		if files[a.Proc] == nil {
			files[a.Proc] = map[string]bool{}
		}
		files[a.Proc][a.RealPath()] = true
		if a.Path != "" && a.Path != a.RealPath() {
			files[a.Proc][a.Path] = true
		}
	}
	records := map[int]tracer.Process{}
	for _, p := range tr.Processes {
		records[p.ID] = p
	}
	// parent is the nearest ancestor with a program: a forked child
	// that has not executed yet has none, and is no process of the
	// output.
	parent := func(p tracer.Process) int {
		for seen := 0; p.Parent != 0 && seen <= len(records); seen++ {
			q, ok := records[p.Parent]
			if !ok {
				return 0
			}
			if q.Exe != "" {
				return q.ID
			}
			p = q
		}
		return 0
	}
	var out []ecosystems.Process
	for _, p := range tr.Processes {
		if p.Exe == "" {
			continue
		}
		pr := ecosystems.Process{PID: p.PID, Argv: p.Argv, Exe: p.Exe, ID: p.ID, Parent: parent(p), Cwd: p.Cwd}
		for f := range files[p.ID] {
			pr.Files = append(pr.Files, f)
		}
		sort.Strings(pr.Files)
		out = append(out, pr)
	}
	return out
}

// actionable reports whether the audit found a phantom or hidden package.
// Dev tooling the run used is no finding to act on, and neither is bloat
// alone where nothing is declared: what the executed tools pulled in
// matters beside a hidden package, not on its own.
func actionable(rep audit.EcosystemReport) bool {
	for _, f := range rep.Findings {
		if f.Kind == audit.Hidden || f.Kind == audit.Phantom {
			return true
		}
	}
	return false
}

// unclaimed returns the trace without the accesses whose files idx
// attributes to a package (by the symlink-resolved path or the path as
// opened, as the audit looks them up), whatever use it records: the
// ecosystem of idx owns them. claim is told each such file's canonical
// real path and package. tr itself is returned when nothing is claimed,
// and a nil trace stays nil.
func unclaimed(tr *tracer.Trace, idx *ecosystems.PathIndex, claim func(path, pkg string)) *tracer.Trace {
	if tr == nil || idx == nil || idx.Len() == 0 {
		return tr
	}
	claimed := func(a tracer.Access) bool {
		for _, p := range []string{a.Real, a.Path} {
			if pkg, _, ok := idx.Lookup(p); p != "" && ok {
				claim(ecosystems.Canon(a.RealPath()), pkg)
				return true
			}
		}
		return false
	}
	var kept []tracer.Access
	for i, a := range tr.Accesses {
		if !claimed(a) {
			if kept != nil {
				kept = append(kept, a)
			}
			continue
		}
		if kept == nil {
			kept = append(make([]tracer.Access, 0, len(tr.Accesses)), tr.Accesses[:i]...)
		}
	}
	if kept == nil {
		return tr
	}
	out := *tr
	out.Accesses = kept
	return &out
}
