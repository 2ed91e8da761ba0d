package ghaction

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/sethvargo/go-githubactions"

	"github.com/envaudit/envaudit/audit"
	"github.com/envaudit/envaudit/internal/inert"
)

// GitHub shows at most 10 annotations of each level per step and drops
// the rest silently; envaudit writes the most important ones itself and
// counts the rest in one notice that points to the job summary.
const (
	AnnotationLimit = 10
	// reservedNotices are notice slots kept for envaudit's own messages (a
	// read-only token, a base commit that could not be compared, the
	// roll-up of findings beyond the limits).
	reservedNotices = 3
	// maxAnnotationMessage stays under the runner's ~4 KB cut.
	maxAnnotationMessage = 4000
)

// Annotation is one workflow-command annotation.
type Annotation struct {
	Level   string // error, warning or notice
	File    string // repository-relative
	Line    int
	Title   string
	Message string
}

// annotated says whether a finding gets its own annotation: a phantom, a
// hidden package, or a stale manifest entry (each on its line). Bloat and
// dev tooling are counts in the summary, and grouped findings (hidden
// transitive packages only other packages need, dev declarations the
// tests had no reason to load) one notice per kind, never one annotation
// per package.
func annotated(f audit.Finding) bool {
	return f.Ignored == "" && !f.Grouped && (f.Kind == audit.Phantom || f.Kind == audit.Hidden || f.Kind == audit.Manifest)
}

// groupAnnotations returns one notice per ecosystem, kind and reason of
// the grouped findings that are not ignored, on the ecosystem's primary
// manifest, in the order the items come.
func groupAnnotations(items []audit.Item, prefix string) []Annotation {
	type group struct {
		it    audit.Item
		names []string
	}
	var order []string
	groups := map[string]*group{}
	for _, it := range items {
		f := it.Finding
		if !f.Grouped || f.Ignored != "" {
			continue
		}
		key := it.Ecosystem + "/" + string(f.Kind) + "/" + f.Reason
		g := groups[key]
		if g == nil {
			g = &group{it: it}
			groups[key] = g
			order = append(order, key)
		}
		g.names = append(g.names, f.Package)
	}
	out := make([]Annotation, 0, len(order))
	for _, key := range order {
		g := groups[key]
		f := g.it.Finding
		file := ""
		if g.it.Manifest != "" {
			file = audit.RepoPath(prefix, g.it.Manifest)
		}
		out = append(out, Annotation{
			Level:   audit.SeverityNotice,
			File:    file,
			Title:   fmt.Sprintf("envaudit: %s %s (%s), %d %s", g.it.Ecosystem, f.Kind, f.Reason, len(g.names), plural(len(g.names), "package", "packages")),
			Message: truncate(audit.GroupLine(f.Kind, f.Reason, len(g.names), strings.Join(g.names, ", "))+".", maxAnnotationMessage),
		})
	}
	return out
}

// level is the annotation level of an item: error when it fails the gate,
// else its severity.
func level(it audit.Item) string {
	if it.Failing {
		return audit.SeverityError
	}
	switch it.Finding.Severity {
	case audit.SeverityError, audit.SeverityWarning:
		return it.Finding.Severity
	}
	return audit.SeverityNotice
}

// PlanAnnotations chooses the annotations for the items within GitHub's
// per-step limits, most important first. It returns them, and how many
// findings that deserved one did not get it (listed only in the summary);
// when some did not, the last annotation is a notice saying so.
func PlanAnnotations(items []audit.Item, prefix string) (anns []Annotation, dropped int) {
	sorted := append([]audit.Item(nil), items...)
	SortByImportance(sorted)
	limit := map[string]int{
		audit.SeverityError:   AnnotationLimit,
		audit.SeverityWarning: AnnotationLimit,
		audit.SeverityNotice:  AnnotationLimit - reservedNotices,
	}
	used := map[string]int{}
	droppedBy := map[string]int{}
	grouped := groupAnnotations(items, prefix)
	// The grouped notices come after every finding of its own, within
	// the notices' limit like them.
	limit[audit.SeverityNotice] -= min(len(grouped), limit[audit.SeverityNotice])
	for _, it := range sorted {
		if !annotated(it.Finding) {
			continue
		}
		lvl := level(it)
		if used[lvl] >= limit[lvl] {
			droppedBy[lvl]++
			dropped++
			continue
		}
		used[lvl]++
		file, line := it.Location(prefix)
		anns = append(anns, Annotation{
			Level:   lvl,
			File:    file,
			Line:    line,
			Title:   title(it),
			Message: truncate(it.Describe(), maxAnnotationMessage),
		})
	}
	anns = append(anns, grouped...)
	if dropped > 0 {
		var parts []string
		for _, l := range []string{audit.SeverityError, audit.SeverityWarning, audit.SeverityNotice} {
			if n := droppedBy[l]; n > 0 {
				parts = append(parts, fmt.Sprintf("%d %s", n, plural(n, l, l+"s")))
			}
		}
		anns = append(anns, Annotation{
			Level:   audit.SeverityNotice,
			Title:   "envaudit: more findings in the job summary",
			Message: fmt.Sprintf("%d more %s (%s) are not annotated because GitHub shows at most %d annotations of each level per step; the job summary lists every finding.", dropped, plural(dropped, "finding", "findings"), strings.Join(parts, ", "), AnnotationLimit),
		})
	}
	return anns, dropped
}

// WriteAnnotations writes the annotations as workflow commands. The
// title and the file are one line each (inert.Line: a package name's
// line break is shown as "␊", not decoded from %0A by the runner), the
// message is prose (inert.Text).
func WriteAnnotations(gh *githubactions.Action, anns []Annotation) {
	for _, a := range anns {
		fields := map[string]string{"title": inert.Line(a.Title)}
		if a.File != "" {
			fields["file"] = inert.Line(a.File)
			if a.Line > 0 {
				fields["line"] = strconv.Itoa(a.Line)
			}
		}
		g := gh.WithFieldsMap(fields)
		msg := inert.Text(a.Message)
		switch a.Level {
		case audit.SeverityError:
			g.Errorf("%s", msg)
		case audit.SeverityWarning:
			g.Warningf("%s", msg)
		default:
			g.Noticef("%s", msg)
		}
	}
}

// title is the one-line heading of a finding.
func title(it audit.Item) string {
	f := it.Finding
	return fmt.Sprintf("envaudit: %s %s dependency %s (%s)", it.Ecosystem, f.Kind, f.Package, f.Reason)
}

func truncate(s string, n int) string {
	if len(s) <= n {
		return s
	}
	const ell = "…"
	cut := n - len(ell)
	for cut > 0 && !isRuneStart(s[cut]) {
		cut--
	}
	return s[:cut] + ell
}

func isRuneStart(b byte) bool { return b&0xC0 != 0x80 }

func plural(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}
