package audit

import (
	"fmt"
	"io"
	"slices"
	"strings"

	"github.com/envaudit/envaudit/internal/markdown"
	"github.com/envaudit/envaudit/internal/shellquote"
)

// WriteMarkdown renders r as GitHub-flavoured Markdown for a job summary or
// a pull-request comment: a heading, then per ecosystem a table of the
// layers and metrics, a table of the phantom and hidden findings, the bloat
// count with its ranked top in a collapsed block, and the dev tooling in
// one line.
func (r *Report) WriteMarkdown(w io.Writer) error {
	ew := &errWriter{w: w}
	ew.printf("## envaudit\n\n")
	if r.Run == nil {
		ew.printf("Declared and installed layers only: no command was traced.\n")
	} else {
		ri := r.Run
		ew.printf("`%s` %s", markdown.Code(commandCode(ri.Command)), ri.Status())
		if ri.DurationMs > 0 {
			ew.printf(" after %s", duration(ri.DurationMs))
		}
		ew.printf(" · %s %s · %s file %s\n", thousands(int64(ri.Processes)), plural(ri.Processes, "process", "processes"), thousands(ri.EventsRecorded), plural(int(ri.EventsRecorded), "access", "accesses"))
		ew.printf("\nTraced by %s.\n", markdown.Text(ri.Tracer()))
	}
	ws := append(r.runWarnings(), r.Warnings...)
	if len(ws) > 0 {
		ew.printf("\n")
		for _, s := range ws {
			ew.printf("> [!WARNING]\n> %s\n\n", markdown.Text(s))
		}
	}
	if len(r.Ecosystems) == 0 {
		ew.printf("\nNo ecosystem detected: no manifest envaudit knows was found.\n")
	}
	for _, e := range r.Ecosystems {
		ew.printf("\n### %s", e.Name)
		if len(e.Manifests) > 0 {
			ew.printf(" — ")
			for i, m := range e.Manifests {
				if i > 0 {
					ew.printf(", ")
				}
				ew.printf("`%s`", markdown.Code(m))
			}
		}
		ew.printf("\n\n")
		traced := e.HasLayer(LayerTraced)
		m := e.Metrics
		ew.printf("| declared | installed | traced |")
		if traced {
			ew.printf(" phantom φ | hidden η | bloat β | P | R | F1 |")
		}
		ew.printf(" Δ | ρ |\n|")
		cols := 5
		if traced {
			cols += 6
		}
		ew.printf("%s\n", strings.Repeat("---:|", cols))
		tr := "—"
		if traced {
			tr = fmt.Sprint(m.Traced)
			if n := devCount(e); n > 0 {
				tr += fmt.Sprintf(" (+%d dev)", n)
			}
		}
		inst := "—"
		if e.HasLayer(LayerInstalled) {
			inst = fmt.Sprint(m.Installed)
		}
		ew.printf("| %d | %s | %s |", m.Declared, inst, tr)
		if traced {
			ew.printf(" %s | %s | %s | %s | %s | %s |", num(m.PhantomRate), num(m.HiddenRate), bloatRate(e), optNum(m.Precision), optNum(m.Recall), optNum(m.F1))
		}
		if e.HasLayer(LayerInstalled) {
			ew.printf(" %d | %s |\n", m.Transitive, optNum(m.Inflation))
		} else {
			ew.printf(" — | — |\n")
		}
		if e.Evidence != "" && traced {
			ew.printf("\nEvidence: %s.\n", markdown.Text(e.Evidence))
		}
		if x := excludedLine(e.Excluded); x != "" {
			ew.printf("\nExcluded: %s.\n", markdown.Text(x))
		}
		if x := sourcesLine(e.Sources); x != "" {
			ew.printf("\nSources: %s.\n", markdown.Text(x))
		}
		for _, s := range summarise(e.Warnings) {
			ew.printf("\n> [!NOTE]\n> %s\n", markdown.Text(s))
		}
		writeFindingsMarkdown(ew, e)
	}
	return ew.err
}

func writeFindingsMarkdown(ew *errWriter, e EcosystemReport) {
	byKind := groupFindings(e.Findings)
	runners, tooling := splitDev(byKind[Dev])
	listed, groups := splitGrouped(slices.Concat(byKind[Phantom], byKind[Hidden], byKind[Manifest], tooling))
	if len(e.Findings) == 0 {
		ew.printf("\nNo findings.\n")
	}
	if len(listed) > 0 {
		ew.printf("\n| | finding | package | where | what |\n|---|---|---|---|---|\n")
		for _, f := range listed {
			ew.printf("| %s | %s %s | `%s` | %s | %s |\n", severityIcon(f.Severity), f.Kind, f.Reason, markdown.Code(f.Package), mdWhere(f), markdown.Text(f.Message))
		}
	}
	for _, g := range groups {
		names := make([]string, len(g.names))
		for i, n := range g.names {
			names[i] = "`" + markdown.Code(n) + "`"
		}
		ew.printf("\n%s %s %s — %s.\n", severityIcon(g.severity), g.kind, g.reason, g.line(joinNames(names, 20)))
	}
	if fs := byKind[Bloat]; len(fs) > 0 {
		ew.printf("\n<details><summary>bloat: %d of %d installed %s never loaded</summary>\n\n", bloatPackages(fs), e.Metrics.Installed, plural(e.Metrics.Installed, "package was", "packages were"))
		ew.printf("Direct dependencies first, then by how many other unloaded packages each pulls in.\n\n")
		ew.printf("| package | notes |\n|---|---|\n")
		for i, f := range fs {
			if i == markdownBloatTop {
				ew.printf("| … | and %d more in the JSON report |\n", len(fs)-markdownBloatTop)
				break
			}
			ew.printf("| `%s` | %s |\n", markdown.Code(f.Package), markdown.Text(bloatNote(f)))
		}
		ew.printf("\n</details>\n")
	}
	if fs := runners; len(fs) > 0 {
		names := make([]string, len(fs))
		for i, f := range fs {
			names[i] = "`" + markdown.Code(f.Package) + "`"
		}
		ew.printf("\nTest tooling (dev, not counted as hidden): %s.\n", joinNames(names, 20))
	}
}

// commandCode is the traced command for a code span: whole, with control
// characters escaped as Quoted escapes them (a newline would end the
// span), and double quotes as they are.
func commandCode(argv []string) string {
	q := shellquote.Quoted(argv)
	return strings.ReplaceAll(q[1:len(q)-1], `\"`, `"`)
}

func severityIcon(s string) string {
	switch s {
	case SeverityError:
		return "❌ error"
	case SeverityWarning:
		return "⚠️ warning"
	}
	return "ℹ️ notice"
}

func mdWhere(f Finding) string {
	w := where(f)
	if w == "" {
		return ""
	}
	if len(f.Via) > 0 && f.Kind == Hidden && (f.Location == nil || f.Location.Line == 0) {
		return markdown.Text(w)
	}
	return "`" + markdown.Code(w) + "`"
}
