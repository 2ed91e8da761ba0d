package bundle

import (
	"fmt"
	"math"
	"path"
	"slices"
	"strings"
	"unicode/utf8"

	"github.com/envaudit/envaudit/audit"
	"github.com/envaudit/envaudit/ecosystems"
	"github.com/envaudit/envaudit/internal/inert"
)

// Caps on the strings of a bundle, in bytes: far above what envaudit
// writes, low enough that no single value can flood a comment or a check
// run.
const (
	maxName    = 512  // package, ecosystem, tool and process names, versions, specs, reasons
	maxPath    = 4096 // a file's path
	maxMessage = 8192 // a finding's message, a warning
	maxLine    = 1 << 24
	// maxList caps every list: a report of 20,000 packages holds lists of
	// 20,000.
	maxList = 200_000
	// maxNotes caps the notes: envaudit writes two at most.
	maxNotes = 20
)

// Validate checks every field of b against what envaudit writes: the
// schema versions, the commit, paths relative and clean where GitHub
// places something on them, line numbers in range, kinds, reasons,
// severities and scopes from the known sets, the counts consistent with
// the lists they count, and every string valid UTF-8 within its cap. Its
// strictness is for the structure: names, versions and paths hold no
// control, bidirectional or zero-width character, while prose (notes,
// messages, warnings, evidence, a command's words) may hold any, since
// the publisher only shows it, through inert. The first problem is
// returned, naming the field.
func Validate(b *Bundle) error {
	if b.SchemaVersion != SchemaVersion || b.Kind != Kind {
		return fmt.Errorf("not an envaudit bundle of schema version %d (schemaVersion %d, kind %q)", SchemaVersion, b.SchemaVersion, clip(b.Kind))
	}
	if !isSHA(b.HeadSHA) {
		return fmt.Errorf("headSha: %q is not a commit hash", clip(b.HeadSHA))
	}
	v := &validator{}
	if b.Prefix != "" {
		v.relPath("prefix", b.Prefix)
		if v.err == nil && strings.HasPrefix(b.Prefix, "../") {
			v.fail("prefix", "%q is outside the repository", clip(b.Prefix))
		}
		v.prefix = b.Prefix
	}
	if b.Failing < 0 {
		v.fail("failing", "negative count %d", b.Failing)
	}
	if len(b.Notes) > maxNotes {
		v.fail("notes", "more than %d entries", maxNotes)
	}
	v.strs("notes", b.Notes, func(f, s string) { v.prose(f, s, maxMessage) })
	if b.Report == nil {
		return fmt.Errorf("report: missing")
	}
	v.report(b.Report)
	if v.err != nil {
		return v.err
	}
	gating := 0
	for _, e := range b.Report.Ecosystems {
		for _, f := range e.Findings {
			if f.Gating {
				gating++
			}
		}
	}
	if gating != b.Failing {
		return fmt.Errorf("failing: the bundle counts %d failing findings, its report marks %d", b.Failing, gating)
	}
	return nil
}

// validator keeps the first problem found.
type validator struct {
	err error
	// prefix is the project's directory in the repository, which the
	// report's paths are relative to.
	prefix string
}

func (v *validator) fail(field, format string, args ...any) {
	if v.err == nil {
		v.err = fmt.Errorf("%s: %s", field, fmt.Sprintf(format, args...))
	}
}

// str checks a string of the bundle's structure (a name, a version, a
// path, a signal) of at most limit bytes: valid UTF-8 that inert.Line
// leaves as it is (no control, bidirectional or zero-width character; the
// audit job writes each such character of a name as its visible escape,
// bundle.Inert).
func (v *validator) str(field, s string, limit int) {
	v.prose(field, s, limit)
	if v.err == nil && !inert.Is(s, false) {
		for _, r := range s {
			if inert.Escaped(r, false) {
				v.fail(field, "control character %U in %q", r, clip(s))
				return
			}
		}
	}
}

// prose checks text (a message, a warning, a note, a tool's error) of at
// most limit bytes: valid UTF-8, whatever characters it holds. Prose is
// shown, never used to place or decide anything, and every place the
// publisher shows it passes it through inert; an error a tool printed
// over several lines must not keep the whole audit from being published.
func (v *validator) prose(field, s string, limit int) {
	if len(s) > limit {
		v.fail(field, "longer than %d bytes", limit)
		return
	}
	if !utf8.ValidString(s) {
		v.fail(field, "not valid UTF-8")
	}
}

// name checks a non-empty one-line name.
func (v *validator) name(field, s string) {
	if s == "" {
		v.fail(field, "empty")
		return
	}
	v.str(field, s, maxName)
}

// relPath checks a path GitHub places something on: relative,
// slash-separated and clean, and inside the repository once joined to
// the project's directory (a manifest of the project in app/ may include
// ../common.txt).
func (v *validator) relPath(field, p string) {
	v.str(field, p, maxPath)
	if v.err != nil {
		return
	}
	if p == "" || p == "." || path.IsAbs(p) || strings.Contains(p, `\`) || path.Clean(p) != p {
		v.fail(field, "%q is not a clean relative path", clip(p))
		return
	}
	if q := path.Join(v.prefix, p); q == ".." || strings.HasPrefix(q, "../") || q == "." {
		v.fail(field, "%q is outside the repository", clip(p))
	}
}

// anyPath checks an evidence path: relative inside the project, or
// absolute outside it (a system library), clean either way.
func (v *validator) anyPath(field, p string) {
	v.str(field, p, maxPath)
	if v.err != nil {
		return
	}
	if p == "" || strings.Contains(p, `\`) || path.Clean(p) != p || p == ".." || strings.HasPrefix(p, "../") {
		v.fail(field, "%q is not a clean path", clip(p))
	}
}

func (v *validator) pos(field string, p ecosystems.Pos) {
	v.relPath(field+".file", p.File)
	if p.Line < 0 || p.Line > maxLine {
		v.fail(field+".line", "line %d out of range", p.Line)
	}
}

func (v *validator) list(field string, n int) bool {
	if n > maxList {
		v.fail(field, "more than %d entries", maxList)
		return false
	}
	return true
}

func (v *validator) strs(field string, ss []string, check func(string, string)) {
	if !v.list(field, len(ss)) {
		return
	}
	for i, s := range ss {
		check(fmt.Sprintf("%s[%d]", field, i), s)
		if v.err != nil {
			return
		}
	}
}

func (v *validator) lines(field string, ss []string) {
	v.strs(field, ss, func(f, s string) { v.prose(f, s, maxMessage) })
}

func (v *validator) names(field string, ss []string) {
	v.strs(field, ss, v.name)
}

func (v *validator) report(r *audit.Report) {
	if r.SchemaVersion != audit.SchemaVersion {
		v.fail("report.schemaVersion", "want %d, not %d", audit.SchemaVersion, r.SchemaVersion)
	}
	v.name("report.tool.name", r.Tool.Name)
	v.str("report.tool.version", r.Tool.Version, maxName)
	v.lines("report.warnings", r.Warnings)
	if ri := r.Run; ri != nil {
		v.run(ri)
	}
	if !v.list("report.ecosystems", len(r.Ecosystems)) {
		return
	}
	seen := map[string]bool{}
	for i, e := range r.Ecosystems {
		field := fmt.Sprintf("report.ecosystems[%d]", i)
		if seen[e.Name] {
			v.fail(field+".name", "ecosystem %q twice", clip(e.Name))
		}
		seen[e.Name] = true
		v.ecosystem(field, e)
		if v.err != nil {
			return
		}
	}
}

func (v *validator) run(ri *audit.RunInfo) {
	v.strs("report.run.command", ri.Command, func(f, s string) { v.prose(f, s, maxMessage) })
	if ri.Dir != "" {
		v.anyPath("report.run.dir", ri.Dir)
	}
	v.str("report.run.signal", ri.Signal, maxName)
	v.str("report.run.interruptSignal", ri.InterruptSignal, maxName)
	if ri.DurationMs < 0 || ri.Processes < 0 || ri.EventsRecorded < 0 || ri.Skipped < 0 || ri.Lost < 0 {
		v.fail("report.run", "negative count")
	}
	switch ri.Backend {
	case "", "ptrace", "ebpf":
	default:
		v.fail("report.run.backend", "unknown backend %q", clip(ri.Backend))
	}
	if ri.Loader != "" && ri.Loader != "sudo" {
		v.fail("report.run.loader", "unknown loader %q", clip(ri.Loader))
	}
	v.strs("report.run.hooks", ri.Hooks, func(f, s string) { v.str(f, s, maxName) })
	v.prose("report.run.fallback", ri.Fallback, maxMessage)
	if ri.Succeeded && (ri.ExitCode != 0 || ri.Signal != "" || ri.TimedOut || ri.Incomplete || ri.Interrupted || ri.IncompleteTrace) {
		v.fail("report.run.succeeded", "a run that succeeded with exit code %d, signal %q", ri.ExitCode, clip(ri.Signal))
	}
	v.lines("report.run.warnings", ri.Warnings)
	v.lines("report.run.gaps", ri.Gaps)
	if len(ri.Gaps) > 0 && !ri.IncompleteTrace && !ri.Incomplete {
		v.fail("report.run.gaps", "gaps in a trace that is not incomplete")
	}
	v.strs("report.run.skippedDirs", ri.SkippedDirs, v.anyPath)
}

var (
	scopes = []ecosystems.Scope{ecosystems.ScopeRuntime, ecosystems.ScopeDev, ecosystems.ScopeTest, ecosystems.ScopeBuild,
		ecosystems.ScopeOptional, ecosystems.ScopePeer, ecosystems.ScopeProvided}
	severities  = []string{audit.SeverityError, audit.SeverityWarning, audit.SeverityNotice}
	changes     = []string{"", audit.ChangeNew, audit.ChangeExisting}
	provenances = []string{"", audit.ProvenanceMachine, audit.ProvenanceWorkflow}
	uses        = []string{"", string(ecosystems.UseRuntime), string(ecosystems.UseCompile)}
	importKinds = []ecosystems.ImportKind{ecosystems.ImportRuntime, ecosystems.ImportCompile, ecosystems.ImportOptional, ecosystems.ImportPlatform}
	layers      = []string{audit.LayerInstalled, audit.LayerTraced}
)

func (v *validator) ecosystem(field string, e audit.EcosystemReport) {
	v.name(field+".name", e.Name)
	v.strs(field+".manifests", e.Manifests, v.relPath)
	v.strs(field+".lockfiles", e.Lockfiles, v.relPath)
	for i, l := range e.Lockfiles {
		if !slices.Contains(e.Manifests, l) {
			v.fail(fmt.Sprintf("%s.lockfiles[%d]", field, i), "%q is not one of the manifests", clip(l))
		}
	}
	v.prose(field+".evidence", e.Evidence, maxMessage)
	v.lines(field+".warnings", e.Warnings)
	v.strs(field+".missing", e.Missing, func(f, s string) {
		if !slices.Contains(layers, s) {
			v.fail(f, "unknown layer %q", clip(s))
		}
	})

	if v.list(field+".declared", len(e.Declared)) {
		for i, d := range e.Declared {
			f := fmt.Sprintf("%s.declared[%d]", field, i)
			v.name(f+".name", d.Name)
			v.str(f+".spec", d.Spec, maxPath)
			v.str(f+".raw", d.Raw, maxName)
			v.str(f+".group", d.Group, maxName)
			if !slices.Contains(scopes, d.Scope) {
				v.fail(f+".scope", "unknown scope %q", clip(string(d.Scope)))
			}
			v.pos(f+".location", d.Pos)
		}
	}
	if v.list(field+".installed", len(e.Installed)) {
		for i, p := range e.Installed {
			f := fmt.Sprintf("%s.installed[%d]", field, i)
			v.name(f+".name", p.Name)
			v.str(f+".version", p.Version, maxName)
			v.str(f+".purl", p.PURL, maxPath)
			if p.PURL != "" && !strings.HasPrefix(p.PURL, "pkg:") {
				v.fail(f+".purl", "%q is not a package URL", clip(p.PURL))
			}
			if p.Path != "" {
				v.anyPath(f+".path", p.Path)
			}
			v.names(f+".deps", p.Deps)
			if p.Scope != "" && !slices.Contains(scopes, p.Scope) {
				v.fail(f+".scope", "unknown scope %q", clip(string(p.Scope)))
			}
		}
	}
	if v.list(field+".traced", len(e.Traced)) {
		for i, t := range e.Traced {
			f := fmt.Sprintf("%s.traced[%d]", field, i)
			v.name(f+".name", t.Name)
			v.str(f+".version", t.Version, maxName)
			v.strs(f+".files", t.Files, v.anyPath)
			v.names(f+".processes", t.Processes)
			if t.FileCount < 0 {
				v.fail(f+".fileCount", "negative count")
			}
			if !slices.Contains(uses, t.Use) {
				v.fail(f+".use", "unknown use %q", clip(t.Use))
			}
		}
	}
	if v.list(field+".excluded", len(e.Excluded)) {
		for i, x := range e.Excluded {
			f := fmt.Sprintf("%s.excluded[%d]", field, i)
			v.name(f+".name", x.Name)
			v.prose(f+".why", x.Why, maxMessage)
		}
	}
	if v.list(field+".findings", len(e.Findings)) {
		for i, fd := range e.Findings {
			v.finding(fmt.Sprintf("%s.findings[%d]", field, i), fd)
			if v.err != nil {
				return
			}
		}
	}
	v.names(field+".located", e.Located)
	if e.Sources != nil {
		v.strs(field+".sources.code", e.Sources.Code, v.anyPath)
		v.strs(field+".sources.tests", e.Sources.Tests, v.anyPath)
		v.strs(field+".sources.tooling", e.Sources.Tooling, v.anyPath)
	}
	v.metrics(field+".metrics", e)
	v.crossCheck(field, e)
}

func (v *validator) finding(field string, f audit.Finding) {
	if !slices.Contains(audit.Kinds(), f.Kind) {
		v.fail(field+".kind", "unknown kind %q", clip(string(f.Kind)))
		return
	}
	if !slices.Contains(f.Kind.Reasons(), f.Reason) {
		v.fail(field+".reason", "unknown reason %q of a %s finding", clip(f.Reason), f.Kind)
	}
	v.name(field+".package", f.Package)
	v.str(field+".version", f.Version, maxName)
	if !slices.Contains(severities, f.Severity) {
		v.fail(field+".severity", "unknown severity %q", clip(f.Severity))
	}
	if f.Location != nil {
		v.pos(field+".location", *f.Location)
	}
	v.names(field+".via", f.Via)
	if ev := f.Evidence; ev != nil {
		v.strs(field+".evidence.files", ev.Files, v.anyPath)
		v.names(field+".evidence.processes", ev.Processes)
		if v.list(field+".evidence.imports", len(ev.Imports)) {
			for i, im := range ev.Imports {
				g := fmt.Sprintf("%s.evidence.imports[%d]", field, i)
				v.str(g+".package", im.Package, maxName)
				v.name(g+".module", im.Module)
				v.pos(g+".location", im.Pos)
				if !slices.Contains(importKinds, im.Kind) {
					v.fail(g+".kind", "unknown import kind %q", clip(string(im.Kind)))
				}
			}
		}
	}
	v.prose(field+".message", f.Message, maxMessage)
	if !slices.Contains(changes, f.Change) {
		v.fail(field+".change", "unknown change %q", clip(f.Change))
	}
	if !slices.Contains(provenances, f.Provenance) {
		v.fail(field+".provenance", "unknown provenance %q", clip(f.Provenance))
	}
	v.prose(field+".ignored", f.Ignored, maxMessage)
	if f.PullsIn < 0 {
		v.fail(field+".pullsIn", "negative count")
	}
}

// metrics checks every count and rate in range. The counts themselves
// are of the packages the metrics measure (dev tooling and inapplicable
// declarations aside), which the lists do not tell.
func (v *validator) metrics(field string, e audit.EcosystemReport) {
	m := e.Metrics
	if m.Declared < 0 || m.Installed < 0 || m.Traced < 0 {
		v.fail(field, "negative count")
	}
	if m.Transitive < 0 || m.Transitive > m.Installed {
		v.fail(field+".transitive", "%d out of range", m.Transitive)
	}
	for _, r := range []struct {
		name string
		v    *float64
	}{
		{"phantomRate", &m.PhantomRate}, {"hiddenRate", &m.HiddenRate}, {"bloatRate", &m.BloatRate},
		{"precision", m.Precision}, {"recall", m.Recall}, {"f1", m.F1},
	} {
		if r.v != nil && !(*r.v >= 0 && *r.v <= 1) {
			v.fail(field+"."+r.name, "%v out of range", *r.v)
		}
	}
	if m.Inflation != nil && (math.IsNaN(*m.Inflation) || math.IsInf(*m.Inflation, 0) || *m.Inflation < 0) {
		v.fail(field+".inflation", "%v out of range", *m.Inflation)
	}
}

// crossCheck checks that each finding is about a package of the layer
// its kind rests on: a phantom or a stale manifest entry is declared, a
// bloat package installed, a hidden or dev one traced — a missing one
// excepted (nothing installed it), a dev-declared one is declared (the
// code's import decides, loaded or not), and a tooling one rests on the
// tooling file's import its evidence names, in no layer.
func (v *validator) crossCheck(field string, e audit.EcosystemReport) {
	declared, installed, traced := map[string]bool{}, map[string]bool{}, map[string]bool{}
	for _, d := range e.Declared {
		declared[d.Name] = true
	}
	for _, p := range e.Installed {
		installed[p.Name] = true
	}
	for _, t := range e.Traced {
		traced[t.Name] = true
	}
	for i, f := range e.Findings {
		var layer string
		switch {
		case (f.Kind == audit.Phantom || f.Kind == audit.Manifest) && !declared[f.Package]:
			layer = "declared"
		case f.Kind == audit.Bloat && !installed[f.Package]:
			layer = "installed"
		case f.Kind == audit.Hidden && f.Reason == audit.ReasonDevDeclared:
			if declared[f.Package] {
				continue
			}
			layer = "declared"
		case f.Kind == audit.Dev && f.Reason == audit.ReasonTooling:
			if imported(f) {
				continue
			}
			layer = "traced"
		case (f.Kind == audit.Dev || f.Kind == audit.Hidden && f.Reason != audit.ReasonMissing) && !traced[f.Package]:
			layer = "traced"
		default:
			continue
		}
		v.fail(fmt.Sprintf("%s.findings[%d]", field, i), "a %s finding of %q, which the report's %s packages do not list", f.Kind, clip(f.Package), layer)
		return
	}
}

// imported reports whether f's evidence names an import of its package.
func imported(f audit.Finding) bool {
	return f.Evidence != nil && len(f.Evidence.Imports) > 0
}

// isSHA reports whether s is a full commit hash: 40 (SHA-1) or 64
// (SHA-256) lowercase hex digits.
func isSHA(s string) bool {
	if len(s) != 40 && len(s) != 64 {
		return false
	}
	for _, c := range s {
		if !(c >= '0' && c <= '9' || c >= 'a' && c <= 'f') {
			return false
		}
	}
	return true
}

// clip shortens a hostile value for an error message.
func clip(s string) string {
	const n = 80
	if len(s) <= n {
		return s
	}
	i := n
	for i > 0 && !utf8.RuneStart(s[i]) {
		i--
	}
	return s[:i] + "…"
}
