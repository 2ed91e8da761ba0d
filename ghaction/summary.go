package ghaction

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/envaudit/envaudit/audit"
	"github.com/envaudit/envaudit/internal/gitcmd"
	"github.com/envaudit/envaudit/internal/markdown"
	"github.com/envaudit/envaudit/internal/shellquote"
	"github.com/envaudit/envaudit/policy"
	"github.com/envaudit/envaudit/study"
)

// Size limits of the places a summary goes.
const (
	// StepSummaryLimit is GitHub's limit for one step's summary (1 MiB);
	// above it the upload fails.
	StepSummaryLimit = 1 << 20
	// CommentLimit is GitHub's limit for an issue comment body.
	CommentLimit = 65536
)

// SummaryInfo is what the summary says beyond the report itself.
type SummaryInfo struct {
	Gate        policy.Gate
	AgentPolicy string
	Agent       policy.Detection
	PR          *policy.PullRequest
	// Base is the commit the findings were compared with; "" when none.
	Base string
	// Dropped counts findings that deserved an annotation but did not get
	// one because of GitHub's limits.
	Dropped int
	// Notes are extra lines (a skipped comparison, a read-only token).
	Notes []string
	// MaxRows caps the findings listed per ecosystem and kind group; zero
	// means 500.
	MaxRows int
	// Error is what kept the step from doing all its work (a file it
	// could not write), "" when nothing did: said first, under the
	// verdict.
	Error string
	// Distrust are the reasons the check fails whatever the findings
	// say — the audit run did not succeed, the pull request changes the
	// audit workflow — each a paragraph of Markdown envaudit wrote (any
	// text from elsewhere in it escaped), said under the verdict.
	Distrust []string
}

// ErrorSummary renders the job summary's section for what went wrong in
// a step: the heading says what it means (title: "the check could not
// be done"), then each error as its message says it. The messages may
// name the project's files or carry the words of a process that ran the
// pull request's code, so they are escaped (markdown.Text); title is
// envaudit's own.
func ErrorSummary(title string, msgs ...string) string {
	var b strings.Builder
	b.WriteString("## envaudit: ❌ " + markdown.Text(title) + "\n\n")
	if len(msgs) == 1 {
		b.WriteString(markdown.Text(msgs[0]) + "\n")
		return b.String()
	}
	for _, m := range msgs {
		b.WriteString("- " + markdown.Text(m) + "\n")
	}
	return b.String()
}

// Summary renders the report as Markdown for the job summary or the pull
// request's summary comment: the verdict, then per ecosystem the three
// layers and the study's metrics, the findings with their evidence, and
// bloat, dev tooling and ignored findings folded away. The result is at
// most limit bytes.
func Summary(r *audit.Report, items []audit.Item, info SummaryInfo, limit int) string {
	maxRows := info.MaxRows
	if maxRows == 0 {
		maxRows = 500
	}
	var b strings.Builder
	failing := 0
	for _, it := range items {
		if it.Failing {
			failing++
		}
	}
	switch {
	case failing > 0:
		fmt.Fprintf(&b, "## envaudit: ❌ %d %s this check\n\n", failing, plural(failing, "finding fails", "findings fail"))
	case len(info.Distrust) > 0:
		b.WriteString("## envaudit: ❌ this check fails, whatever the findings say\n\n")
	default:
		b.WriteString("## envaudit: ✅ no finding fails this check\n\n")
	}
	for _, d := range info.Distrust {
		b.WriteString("❌ " + d + "\n\n")
	}
	if info.Error != "" {
		b.WriteString("❌ **envaudit could not finish its work:** " + markdown.Text(info.Error) + "\n\n")
	}
	var facts []string
	if run := r.Run; run != nil {
		facts = append(facts, fmt.Sprintf("`%s` %s in %s, %d %s traced.", markdown.Code(shellquote.Join(run.Command)), run.Status(),
			seconds(run.DurationMs), run.Processes, plural(run.Processes, "process", "processes")))
		facts = append(facts, "Traced by "+markdown.Text(run.Tracer())+".")
		switch {
		case run.IncompleteTrace && len(run.Gaps) > 0:
			facts = append(facts, "⚠️ The trace is incomplete, so the traced layer lacks what it missed and the run counts as failed:")
			for _, g := range run.Gaps {
				facts = append(facts, "- "+markdown.Text(g))
			}
			facts = append(facts, "")
		case run.IncompleteTrace:
			facts = append(facts, "⚠️ The trace is incomplete: the tracer missed part of the run (its warnings say what), so the traced layer lacks what it missed and the run counts as failed.")
		case !run.Succeeded:
			facts = append(facts, "⚠️ The traced command did not succeed: what it never reached is missing from the traced layer.")
		}
	} else {
		facts = append(facts, "No command was traced: only the declared and installed layers were audited.")
	}
	facts = append(facts, "Fails on: "+info.Gate.String()+".")
	if pr := info.PR; pr != nil {
		s := fmt.Sprintf("Pull request #%d", pr.Number)
		if pr.Author != "" {
			s += " by @" + pr.Author
		}
		if info.Agent.Authored() {
			s += fmt.Sprintf(" — **agent-authored**: %s", markdown.Text(info.Agent.String()))
			if info.AgentPolicy != "" && info.AgentPolicy != "same" {
				s += fmt.Sprintf("; agent policy `%s`", markdown.Code(info.AgentPolicy))
			}
		}
		facts = append(facts, s+".")
	}
	if info.Base != "" {
		n, e := 0, 0
		for _, it := range items {
			switch it.Finding.Change {
			case audit.ChangeNew:
				n++
			case audit.ChangeExisting:
				e++
			}
		}
		facts = append(facts, fmt.Sprintf("Compared with base `%s`: %d new, %d already there.", gitcmd.ShortSHA(info.Base), n, e))
	}
	if info.Dropped > 0 {
		facts = append(facts, fmt.Sprintf("%d %s not annotated (GitHub shows at most %d annotations of each level per step); all are listed below.",
			info.Dropped, plural(info.Dropped, "finding is", "findings are"), AnnotationLimit))
	}
	facts = append(facts, info.Notes...)
	for _, f := range facts {
		b.WriteString(f + "\n")
	}
	b.WriteString("\n")

	byEco := map[string][]audit.Item{}
	for _, it := range items {
		byEco[it.Ecosystem] = append(byEco[it.Ecosystem], it)
	}
	if len(r.Ecosystems) == 0 {
		b.WriteString("No ecosystem was detected in this directory.\n")
	}
	for _, e := range r.Ecosystems {
		writeEcosystem(&b, e, byEco[e.Name], maxRows)
	}
	for _, w := range r.Warnings {
		b.WriteString("> ⚠️ " + markdown.Text(w) + "\n")
	}
	if r.Run != nil {
		for _, w := range r.Run.Warnings {
			b.WriteString("> ⚠️ " + markdown.Text(w) + "\n")
		}
	}
	return clip(b.String(), limit)
}

func writeEcosystem(b *strings.Builder, e audit.EcosystemReport, items []audit.Item, maxRows int) {
	fmt.Fprintf(b, "### %s", e.Name)
	if len(e.Manifests) > 0 {
		fmt.Fprintf(b, " · %s", markdown.Text(strings.Join(e.Manifests, ", ")))
	}
	b.WriteString("\n\n")
	m := e.Metrics
	b.WriteString("| D1 declared | D2 installed | D3 traced | φ phantom | η hidden | β bloat | P | R | F1 | ρ | Δ |\n")
	b.WriteString("|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|\n")
	fmt.Fprintf(b, "| %d | %d | %d | %s | %s | %s | %s | %s | %s | %s | %d |\n\n",
		m.Declared, m.Installed, m.Traced, percent(m.PhantomRate), percent(m.HiddenRate), percent(m.BloatRate),
		ratio(m.Precision), ratio(m.Recall), ratio(m.F1), ratio(m.Inflation), m.Transitive)
	if e.Evidence != "" {
		fmt.Fprintf(b, "D3 rests on: %s.\n\n", markdown.Text(e.Evidence))
	}

	SortByImportance(items)
	var main, bloat, dev, ignored, grouped []audit.Item
	for _, it := range items {
		switch {
		case it.Finding.Ignored != "":
			ignored = append(ignored, it)
		case it.Finding.Grouped:
			grouped = append(grouped, it)
		case it.Finding.Kind == audit.Bloat:
			bloat = append(bloat, it)
		case it.Finding.Kind == audit.Dev && it.Finding.Reason != audit.ReasonTooling:
			dev = append(dev, it)
		default:
			main = append(main, it)
		}
	}
	if len(main) == 0 && len(grouped) == 0 {
		b.WriteString("No phantom or hidden dependency.\n\n")
	} else if len(main) == 0 {
		b.WriteString("No phantom or hidden dependency that needs a decision.\n\n")
	} else {
		b.WriteString("| | finding | package | where | evidence | change |\n|---|---|---|---|---|---|\n")
		for i, it := range main {
			if i == maxRows {
				fmt.Fprintf(b, "| | … | %d more | | | |\n", len(main)-maxRows)
				break
			}
			f := it.Finding
			where := "—"
			if f.Location != nil && f.Location.File != "" {
				where = f.Location.String()
			}
			fmt.Fprintf(b, "| %s | %s · %s | %s | %s | %s | %s |\n", icon(it), f.Kind, f.Reason, pkgCell(f), markdown.Text(where), markdown.Text(evidence(f)), changeCell(f))
		}
		b.WriteString("\n")
	}
	writeGrouped(b, grouped, maxRows)
	if len(bloat) > 0 {
		fmt.Fprintf(b, "<details><summary>Bloat: %d %s installed, never loaded</summary>\n\n", len(bloat), plural(len(bloat), "package", "packages"))
		b.WriteString("| package | direct | also never loaded below it |\n|---|---|---:|\n")
		for i, it := range bloat {
			if i == maxRows {
				fmt.Fprintf(b, "| … %d more | | |\n", len(bloat)-maxRows)
				break
			}
			direct := ""
			if it.Finding.Direct {
				direct = "yes"
			}
			fmt.Fprintf(b, "| %s | %s | %d |\n", pkgCell(it.Finding), direct, it.Finding.PullsIn)
		}
		b.WriteString("\n</details>\n\n")
	}
	if len(dev) > 0 {
		fmt.Fprintf(b, "<details><summary>Dev tooling: %d %s loaded only by the test runner</summary>\n\n", len(dev), plural(len(dev), "package", "packages"))
		names := make([]string, 0, len(dev))
		for i, it := range dev {
			if i == maxRows {
				names = append(names, fmt.Sprintf("… %d more", len(dev)-maxRows))
				break
			}
			names = append(names, pkgCell(it.Finding))
		}
		b.WriteString(strings.Join(names, ", ") + "\n\n</details>\n\n")
	}
	if len(ignored) > 0 {
		fmt.Fprintf(b, "<details><summary>Ignored by %s: %d</summary>\n\n| finding | package | reason |\n|---|---|---|\n", policy.ConfigFile, len(ignored))
		for i, it := range ignored {
			if i == maxRows {
				fmt.Fprintf(b, "| … | %d more | |\n", len(ignored)-maxRows)
				break
			}
			fmt.Fprintf(b, "| %s · %s | %s | %s |\n", it.Finding.Kind, it.Finding.Reason, pkgCell(it.Finding), markdown.Text(it.Finding.Ignored))
		}
		b.WriteString("\n</details>\n\n")
	}
	if len(e.Excluded) > 0 {
		ex := make([]string, len(e.Excluded))
		for i, x := range e.Excluded {
			ex[i] = fmt.Sprintf("%s (%s)", x.Name, x.Why)
		}
		fmt.Fprintf(b, "Excluded: %s.\n\n", markdown.Text(strings.Join(ex, ", ")))
	}
	for _, w := range e.Warnings {
		b.WriteString("> ⚠️ " + markdown.Text(w) + "\n")
	}
	if len(e.Warnings) > 0 {
		b.WriteString("\n")
	}
}

// writeGrouped writes one line per kind and reason of the grouped
// findings (Finding.Grouped): hidden packages only declared packages
// need, dev declarations the tests had no reason to load.
func writeGrouped(b *strings.Builder, items []audit.Item, maxRows int) {
	var order []string
	names := map[string][]string{}
	first := map[string]audit.Finding{}
	for _, it := range items {
		key := string(it.Finding.Kind) + ":" + it.Finding.Reason
		if _, ok := first[key]; !ok {
			first[key] = it.Finding
			order = append(order, key)
		}
		names[key] = append(names[key], pkgCell(it.Finding))
	}
	for _, key := range order {
		f, ns := first[key], names[key]
		n := len(ns)
		if n > maxRows {
			ns = append(ns[:maxRows:maxRows], fmt.Sprintf("and %d more", n-maxRows))
		}
		fmt.Fprintf(b, "ℹ️ %s · %s — %s.\n\n", f.Kind, f.Reason, audit.GroupLine(f.Kind, f.Reason, n, strings.Join(ns, ", ")))
	}
}

func icon(it audit.Item) string {
	if it.Failing {
		return "❌"
	}
	switch it.Finding.Severity {
	case audit.SeverityError, audit.SeverityWarning:
		return "⚠️"
	}
	return "ℹ️"
}

func pkgCell(f audit.Finding) string {
	s := "`" + markdown.Code(f.Package) + "`"
	if f.Version != "" {
		s += " " + markdown.Text(f.Version)
	}
	return s
}

func evidence(f audit.Finding) string {
	var parts []string
	switch {
	case f.Kind == audit.Phantom && f.Reason == audit.ReasonNotInstalled:
		parts = append(parts, "not installed")
	case f.Kind == audit.Phantom && f.Reason == audit.ReasonSkipped:
		parts = append(parts, "left out by the install")
	case f.Kind == audit.Phantom && f.Reason == audit.ReasonCompileTime:
		parts = append(parts, "needed only to build")
	case f.Kind == audit.Phantom && f.Reason == audit.ReasonUntested:
		parts = append(parts, "imported, but the tests never reached the import")
	case f.Kind == audit.Phantom && f.Reason == audit.ReasonDevOnly:
		parts = append(parts, "used only by the tests or the test tooling")
	case f.Kind == audit.Phantom && len(f.Via) > 0:
		parts = append(parts, "loaded only by a package that depends on it")
	case f.Kind == audit.Phantom:
		parts = append(parts, "never loaded")
	case f.Kind == audit.Hidden && f.Reason == audit.ReasonMissing:
		parts = append(parts, "not installed")
	case f.Kind == audit.Hidden && f.Reason == audit.ReasonTampered:
		parts = append(parts, "changed by the test command while it ran")
	case f.Kind == audit.Manifest && f.Reason == audit.ReasonIndirect:
		parts = append(parts, "marked indirect")
	}
	if ev := f.Evidence; ev != nil && len(ev.Imports) > 0 {
		im := ev.Imports[0]
		s := "imported at " + im.Pos.String()
		if len(ev.Imports) > 1 {
			s += fmt.Sprintf(" +%d", len(ev.Imports)-1)
		}
		parts = append(parts, s)
	}
	if ev := f.Evidence; ev != nil && len(ev.Files) > 0 {
		files := ev.Files
		more := ""
		if len(files) > 3 {
			more = fmt.Sprintf(" +%d", len(files)-3)
			files = files[:3]
		}
		s := strings.Join(files, ", ") + more
		if len(ev.Processes) > 0 {
			s += " (" + strings.Join(ev.Processes, ", ") + ")"
		}
		parts = append(parts, s)
	}
	if len(f.Via) > 0 {
		parts = append(parts, "via "+strings.Join(f.Via, " → "))
	}
	switch f.Provenance {
	case audit.ProvenanceMachine:
		parts = append(parts, "provided by the runner")
	case audit.ProvenanceWorkflow:
		parts = append(parts, "installed by a workflow step")
	}
	return strings.Join(parts, "; ")
}

func changeCell(f audit.Finding) string {
	switch f.Change {
	case audit.ChangeNew:
		return "**new**"
	case audit.ChangeExisting:
		return "existing"
	}
	return ""
}

func percent(v float64) string {
	return strconv.FormatFloat(v*100, 'f', 0, 64) + "%"
}

func ratio(v *float64) string {
	if v == nil {
		return "—"
	}
	return strconv.FormatFloat(*v, 'f', 2, 64)
}

func seconds(ms int64) string {
	return strconv.FormatFloat(float64(ms)/1000, 'f', 1, 64) + " s"
}

// StudySummary renders mode study's job summary: a heading, where the
// study's files are (dir, the study output's directory), and the tables
// without the one of every project (study.Tables.WriteMarkdown, which
// makes each cell inert Markdown text: the labels and names come from
// reports the matrix jobs wrote, which their projects' code could have
// rewritten). The result is at most limit bytes; a summary cut short
// says so, and that the files have everything.
func StudySummary(t study.Tables, dir string, limit int) (string, error) {
	var b strings.Builder
	b.WriteString("## envaudit study\n\n")
	b.WriteString("The full tables (`study.md`, `study.txt`, `study.json`, with every project's row), a CSV file per table and the figures as SVG are in `" +
		markdown.Code(dir) + "` (the step's `study` output).\n\n")
	if err := t.WriteMarkdown(&b, false); err != nil {
		return "", err
	}
	return clipSaying(b.String(), limit, "the study's files have everything"), nil
}

// clip cuts s to at most limit bytes at a line boundary, saying so.
func clip(s string, limit int) string {
	return clipSaying(s, limit, "the report file has everything")
}

// clipSaying is clip, whose note ends with where everything is.
func clipSaying(s string, limit int, where string) string {
	if limit <= 0 || len(s) <= limit {
		return s
	}
	note := "\n\n… cut to fit GitHub's size limit; " + where + ".\n"
	cut := strings.LastIndexByte(s[:limit-len(note)], '\n')
	if cut < 0 {
		cut = limit - len(note)
	}
	return s[:cut] + note
}
