package audit

import (
	"fmt"
	"io"
	"math"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/envaudit/envaudit/ecosystems"
	"github.com/envaudit/envaudit/internal/shellquote"
)

// Rendering limits: bloat is always a count and a ranked excerpt, never a
// line per package; warnings of third-party metadata are summarised.
const (
	textBloatTop     = 10
	markdownBloatTop = 50
	maxWarnings      = 5
)

// WriteText renders r for a terminal: per ecosystem the layer counts, the
// metrics, and the findings grouped by kind, each with its severity,
// package, reason and location on one line and its message on the next;
// bloat as a count and the top of its ranking; dev tooling as one line.
func (r *Report) WriteText(w io.Writer) error {
	ew := &errWriter{w: w}
	ew.printf("%s\n", r.headline())
	if r.Run != nil {
		ew.printf("  traced by %s\n", r.Run.Tracer())
	}
	for _, s := range r.runWarnings() {
		ew.printf("  warning: %s\n", s)
	}
	for _, s := range r.Warnings {
		ew.printf("  warning: %s\n", s)
	}
	if len(r.Ecosystems) == 0 {
		ew.printf("\nno ecosystem detected: no manifest envaudit knows was found\n")
	}
	for _, e := range r.Ecosystems {
		ew.printf("\n%s", e.Name)
		if len(e.Manifests) > 0 {
			ew.printf(" — %s", strings.Join(e.Manifests, ", "))
		}
		ew.printf("\n")
		traced := e.HasLayer(LayerTraced)
		if e.Evidence != "" && traced {
			ew.printf("  evidence  %s\n", e.Evidence)
		}
		if x := excludedLine(e.Excluded); x != "" {
			ew.printf("  excluded  %s\n", x)
		}
		if x := sourcesLine(e.Sources); x != "" {
			ew.printf("  sources   %s\n", x)
		}
		ew.printf("  layers    %s\n", layersLine(e))
		ew.printf("  metrics   %s\n", metricsLine(e))
		for _, s := range summarise(e.Warnings) {
			ew.printf("  warning   %s\n", s)
		}
		writeFindingsText(ew, e)
	}
	return ew.err
}

// headline says what was audited and how the run ended.
func (r *Report) headline() string {
	if r.Run == nil {
		return "envaudit · declared and installed layers only (no trace: nothing was run)"
	}
	ri := r.Run
	s := fmt.Sprintf("envaudit · %s %s", shellquote.Quoted(ri.Command), ri.Status())
	if ri.DurationMs > 0 {
		s += " after " + duration(ri.DurationMs)
	}
	s += fmt.Sprintf(" · %s %s · %s file %s", thousands(int64(ri.Processes)), plural(ri.Processes, "process", "processes"), thousands(ri.EventsRecorded), plural(int(ri.EventsRecorded), "access", "accesses"))
	if ri.Skipped > 0 {
		s += fmt.Sprintf(" (+%s in build caches and toolchains, not recorded)", thousands(ri.Skipped))
	}
	return s
}

// runWarnings are the run's own warnings, led by what a failed run means
// for the audit.
func (r *Report) runWarnings() []string {
	if r.Run == nil {
		return nil
	}
	var out []string
	if !r.Run.Succeeded && !r.Run.TimedOut && !r.Run.Interrupted && !r.Run.Incomplete && !r.Run.IncompleteTrace {
		out = append(out, "the command failed: the traced layer is what this failed run loaded, not necessarily what a passing run needs")
	}
	gaps := func() {
		for _, g := range r.Run.Gaps {
			out = append(out, "incomplete trace: "+g)
		}
	}
	shown := false
	for _, w := range r.Run.Warnings {
		out = append(out, w)
		if w == incompleteWarning && !shown {
			gaps()
			shown = true
		}
	}
	if !shown {
		gaps()
	}
	return out
}

// excludedLine lists the excluded packages grouped by why they were left
// out: "corepack, npm (toolchain baseline)". A reason's parenthesised detail
// ("dependency of the base (via apt)") is left to the JSON report, so that
// a hundred base packages make one group, not fifty.
func excludedLine(xs []ecosystems.Excluded) string {
	var whys []string
	names := map[string][]string{}
	for _, x := range xs {
		why := x.Why
		if i := strings.Index(why, " ("); i > 0 {
			why = why[:i]
		}
		if _, ok := names[why]; !ok {
			whys = append(whys, why)
		}
		names[why] = append(names[why], x.Name)
	}
	parts := make([]string, len(whys))
	for i, why := range whys {
		parts[i] = fmt.Sprintf("%s (%s)", joinNames(names[why], 8), why)
	}
	return strings.Join(parts, "; ")
}

func layersLine(e EcosystemReport) string {
	m := e.Metrics
	s := fmt.Sprintf("declared %d · ", m.Declared)
	if e.HasLayer(LayerInstalled) {
		s += fmt.Sprintf("installed %d · ", m.Installed)
	} else {
		s += "installed — · "
	}
	if !e.HasLayer(LayerTraced) {
		return s + "traced —"
	}
	s += fmt.Sprintf("traced %d", m.Traced)
	if n := devCount(e); n > 0 {
		s += fmt.Sprintf(" (+%d test tooling)", n)
	}
	return s
}

func metricsLine(e EcosystemReport) string {
	m := e.Metrics
	var parts []string
	if e.HasLayer(LayerTraced) {
		parts = append(parts,
			"phantom φ "+num(m.PhantomRate),
			"hidden η "+num(m.HiddenRate),
			"bloat β "+bloatRate(e),
			"P "+optNum(m.Precision),
			"R "+optNum(m.Recall),
			"F1 "+optNum(m.F1))
	}
	if e.HasLayer(LayerInstalled) {
		parts = append(parts, fmt.Sprintf("Δ %d", m.Transitive), "ρ "+optNum(m.Inflation))
	} else {
		parts = append(parts, "Δ —", "ρ —")
	}
	return strings.Join(parts, " · ")
}

// bloatRate renders β, which means nothing without D2 (a run traced while
// the installation could not be enumerated).
func bloatRate(e EcosystemReport) string {
	if !e.HasLayer(LayerInstalled) {
		return "—"
	}
	return num(e.Metrics.BloatRate)
}

// devCount is the number of traced packages that are undeclared test
// tooling (the dev findings).
func devCount(e EcosystemReport) int {
	n := 0
	for _, f := range e.Findings {
		if f.Kind == Dev && f.Reason != ReasonTooling {
			n++
		}
	}
	return n
}

func writeFindingsText(ew *errWriter, e EcosystemReport) {
	byKind := groupFindings(e.Findings)
	if len(e.Findings) == 0 {
		ew.printf("  no findings\n")
	}
	runners, tooling := splitDev(byKind[Dev])
	for _, k := range []Kind{Phantom, Hidden, Dev} {
		fs, title := byKind[k], string(k)
		if k == Dev {
			fs, title = tooling, "tooling"
		}
		if len(fs) == 0 {
			continue
		}
		ew.printf("\n  %s %d\n", title, len(fs))
		listed, groups := splitGrouped(fs)
		pw, rw := 0, 0
		for _, f := range listed {
			pw = max(pw, utf8.RuneCountInString(f.Package))
			rw = max(rw, len(f.Reason))
		}
		for _, f := range listed {
			line := fmt.Sprintf("    %-7s  %s  %s  %s", f.Severity, pad(f.Package, pw), pad(f.Reason, rw), where(f))
			ew.printf("%s\n", strings.TrimRight(line, " "))
			ew.printf("             %s\n", f.Message)
			if note := gateNote(f); note != "" {
				ew.printf("             %s\n", note)
			}
		}
		for _, g := range groups {
			ew.printf("    %-7s  %s  %s\n", g.severity, g.reason, g.line(joinNames(g.names, 12)))
		}
	}
	if fs := byKind[Bloat]; len(fs) > 0 {
		ew.printf("\n  bloat %d of %d installed %s never loaded", bloatPackages(fs), e.Metrics.Installed, plural(e.Metrics.Installed, "package was", "packages were"))
		if len(fs) > 1 {
			ew.printf(" (direct dependencies first, then by how much each pulls in)")
		}
		ew.printf("\n")
		pw := 0
		for i, f := range fs {
			if i == textBloatTop {
				break
			}
			pw = max(pw, utf8.RuneCountInString(f.Package))
		}
		for i, f := range fs {
			if i == textBloatTop {
				ew.printf("    and %d more\n", len(fs)-textBloatTop)
				break
			}
			ew.printf("    %s  %s\n", pad(f.Package, pw), bloatNote(f))
		}
	}
	if fs := runners; len(fs) > 0 {
		names := make([]string, len(fs))
		for i, f := range fs {
			names[i] = f.Package
		}
		ew.printf("\n  dev %d %s loaded only by test tooling, not counted as hidden: %s\n", len(fs), plural(len(fs), "package", "packages"), joinNames(names, 12))
	}
}

// splitDev splits dev findings into the packages the test tooling loaded
// (one line of names) and the imports of tooling files (listed each at its
// import, since each names a file to look at).
func splitDev(fs []Finding) (runners, tooling []Finding) {
	for _, f := range fs {
		if f.Reason == ReasonTooling {
			tooling = append(tooling, f)
		} else {
			runners = append(runners, f)
		}
	}
	return runners, tooling
}

// bloatPackages counts the packages of the bloat findings fs: a package
// installed at several versions has a finding per version, and the
// renderings compare the count with the installed packages.
func bloatPackages(fs []Finding) int {
	names := set{}
	for _, f := range fs {
		names[f.Package] = true
	}
	return len(names)
}

// gateNote says what the gating configuration and the base comparison
// made of a finding, when they were applied: ignored, with the rule's
// reason; where the runner baseline says it came from; already present at
// the base commit.
func gateNote(f Finding) string {
	var notes []string
	if f.Ignored != "" {
		notes = append(notes, "ignored by .envaudit.yml: "+f.Ignored)
	}
	switch f.Provenance {
	case ProvenanceMachine:
		notes = append(notes, "the runner had it before the install steps (baseline)")
	case ProvenanceWorkflow:
		notes = append(notes, "a workflow step installed it (not in the baseline)")
	}
	if f.Change == ChangeExisting {
		notes = append(notes, "existing: the base commit already had it")
	}
	return strings.Join(notes, "; ")
}

// group is the findings of one kind and reason that renderings count in
// one line (Finding.Grouped).
type group struct {
	kind     Kind
	reason   string
	severity string
	names    []string
}

// splitGrouped separates the findings listed one by one from the grouped
// ones, which it returns by kind and reason, in the order first seen.
func splitGrouped(fs []Finding) (listed []Finding, groups []*group) {
	byKey := map[string]*group{}
	for _, f := range fs {
		if !f.Grouped {
			listed = append(listed, f)
			continue
		}
		key := string(f.Kind) + ":" + f.Reason
		g := byKey[key]
		if g == nil {
			g = &group{kind: f.Kind, reason: f.Reason, severity: f.Severity}
			byKey[key] = g
			groups = append(groups, g)
		}
		g.names = append(g.names, f.Package)
	}
	return listed, groups
}

// line says what the group is, with its names as rendered by the caller.
func (g *group) line(names string) string {
	return GroupLine(g.kind, g.reason, len(g.names), names)
}

// GroupLine says in one line what n grouped findings (Finding.Grouped) of
// kind k and reason are, followed by names, their packages as the caller
// renders them: the text, Markdown, job summary and annotations all say
// it this one way.
func GroupLine(k Kind, reason string, n int, names string) string {
	switch {
	case k == Hidden && reason == ReasonTransitive:
		return fmt.Sprintf("%d %s only other packages need, not the project's code: %s", n, plural(n, "package", "packages"), names)
	case k == Phantom && reason == ReasonUnused:
		return fmt.Sprintf("%d dev or test %s the test command had no reason to load, imported by no test: %s", n, plural(n, "declaration", "declarations"), names)
	}
	return fmt.Sprintf("%d %s: %s", n, plural(n, "package", "packages"), names)
}

// where is the location column of a finding: its line (a manifest's, or
// the import's for a direct use or a missing package), or for a hidden
// package without one the chain it comes through (an undeclared package
// has no line to point at).
func where(f Finding) string {
	if f.Kind == Hidden && f.Location != nil && f.Location.Line > 0 {
		return f.Location.String()
	}
	if f.Kind == Hidden {
		if len(f.Via) > 0 {
			return "via " + strings.Join(f.Via, " → ")
		}
		return ""
	}
	if f.Location != nil {
		return f.Location.String()
	}
	return ""
}

// bloatNote is the short description of a bloat entry: its version,
// whether it is direct, and what it pulls in.
func bloatNote(f Finding) string {
	var parts []string
	if f.Version != "" {
		parts = append(parts, f.Version)
	}
	if f.Direct {
		parts = append(parts, "direct dependency")
	}
	if f.PullsIn > 0 {
		parts = append(parts, fmt.Sprintf("pulls in %d more", f.PullsIn))
	}
	if f.Evidence != nil {
		parts = append(parts, "read only to build")
	}
	return strings.Join(parts, ", ")
}

func groupFindings(fs []Finding) map[Kind][]Finding {
	m := map[Kind][]Finding{}
	for _, f := range fs {
		m[f.Kind] = append(m[f.Kind], f)
	}
	return m
}

// summarise caps a list of warnings.
func summarise(ws []string) []string {
	if len(ws) <= maxWarnings {
		return ws
	}
	out := append([]string(nil), ws[:maxWarnings]...)
	return append(out, fmt.Sprintf("and %d more warnings (see the JSON report)", len(ws)-maxWarnings))
}

func pad(s string, w int) string {
	if n := utf8.RuneCountInString(s); n < w {
		return s + strings.Repeat(" ", w-n)
	}
	return s
}

// num renders a metric: whole numbers without decimals, others with two.
func num(f float64) string {
	if f == math.Trunc(f) && math.Abs(f) < 1e15 {
		return strconv.FormatInt(int64(f), 10)
	}
	return strconv.FormatFloat(f, 'f', 2, 64)
}

func optNum(f *float64) string {
	if f == nil {
		return "—"
	}
	return num(*f)
}

func duration(ms int64) string {
	d := time.Duration(ms) * time.Millisecond
	switch {
	case d < time.Second:
		return d.String()
	case d < time.Minute:
		return d.Round(10 * time.Millisecond).String()
	}
	return d.Round(time.Second).String()
}

// thousands renders n with comma separators.
func thousands(n int64) string {
	s := strconv.FormatInt(n, 10)
	if n < 0 {
		return "-" + thousands(-n)
	}
	for i := len(s) - 3; i > 0; i -= 3 {
		s = s[:i] + "," + s[i:]
	}
	return s
}

// errWriter keeps the first write error so renderers can print freely.
type errWriter struct {
	w   io.Writer
	err error
}

func (e *errWriter) printf(format string, args ...any) {
	if e.err == nil {
		_, e.err = fmt.Fprintf(e.w, format, args...)
	}
}

// sourcesLine says which of the project's files counted as its code, its
// tests and tooling: `code 2 files (index.js, lib/a.js) · tests 1 file
// (test.js) · tooling 1 file (eslint.config.mjs)`.
func sourcesLine(src *Sources) string {
	if src == nil {
		return ""
	}
	var parts []string
	for _, g := range []struct {
		name  string
		files []string
	}{{"code", src.Code}, {"tests", src.Tests}, {"tooling", src.Tooling}} {
		if len(g.files) == 0 && g.name == "tooling" {
			continue
		}
		p := fmt.Sprintf("%s %d %s", g.name, len(g.files), plural(len(g.files), "file", "files"))
		if len(g.files) > 0 {
			p += " (" + joinNames(g.files, 4) + ")"
		}
		parts = append(parts, p)
	}
	return strings.Join(parts, " · ")
}
