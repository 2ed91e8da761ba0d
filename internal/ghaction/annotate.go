package ghaction

import (
	"fmt"
	"path"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/sethvargo/go-githubactions"

	"github.com/envaudit/envaudit/audit"
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

// RepoPrefix returns the project directory's path inside the repository
// (slash-separated, "" for the root): annotations, SARIF and review
// comments need repository-relative paths, the report has project-relative
// ones.
func RepoPrefix(workspace, dir string) string {
	if workspace == "" {
		return ""
	}
	rel, err := filepath.Rel(workspace, dir)
	if err != nil || rel == "." || rel == ".." || strings.HasPrefix(rel, ".."+string(filepath.Separator)) {
		return ""
	}
	return filepath.ToSlash(rel)
}

// repoPath joins a project-relative path to the project's prefix.
func repoPath(prefix, file string) string {
	if file == "" || path.IsAbs(file) {
		return file
	}
	return path.Join(prefix, file)
}

// location is where a finding is shown: its manifest line, else the
// ecosystem's first manifest (a hidden package has no line of its own; the
// manifest is where it must be added), else nowhere.
func (it Item) location(prefix string) (file string, line int) {
	if l := it.Finding.Location; l != nil && l.File != "" {
		return repoPath(prefix, l.File), l.Line
	}
	if it.Manifest != "" {
		return repoPath(prefix, it.Manifest), 0
	}
	return "", 0
}

// annotated says whether a finding gets its own annotation. Bloat and dev
// tooling are counts in the summary, never one annotation per package.
func annotated(f audit.Finding) bool {
	return f.Ignored == "" && (f.Kind == audit.Phantom || f.Kind == audit.Hidden)
}

// level is the annotation level of an item: error when it fails the gate,
// else its severity.
func (it Item) level() string {
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
func PlanAnnotations(items []Item, prefix string) (anns []Annotation, dropped int) {
	sorted := append([]Item(nil), items...)
	SortByImportance(sorted)
	limit := map[string]int{
		audit.SeverityError:   AnnotationLimit,
		audit.SeverityWarning: AnnotationLimit,
		audit.SeverityNotice:  AnnotationLimit - reservedNotices,
	}
	used := map[string]int{}
	droppedBy := map[string]int{}
	for _, it := range sorted {
		if !annotated(it.Finding) {
			continue
		}
		lvl := it.level()
		if used[lvl] >= limit[lvl] {
			droppedBy[lvl]++
			dropped++
			continue
		}
		used[lvl]++
		file, line := it.location(prefix)
		anns = append(anns, Annotation{
			Level:   lvl,
			File:    file,
			Line:    line,
			Title:   it.title(),
			Message: truncate(it.describe(), maxAnnotationMessage),
		})
	}
	if dropped > 0 {
		var parts []string
		for _, l := range severities {
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

// WriteAnnotations writes the annotations as workflow commands.
func WriteAnnotations(gh *githubactions.Action, anns []Annotation) {
	for _, a := range anns {
		fields := map[string]string{"title": a.Title}
		if a.File != "" {
			fields["file"] = a.File
			if a.Line > 0 {
				fields["line"] = strconv.Itoa(a.Line)
			}
		}
		g := gh.WithFieldsMap(fields)
		switch a.Level {
		case audit.SeverityError:
			g.Errorf("%s", a.Message)
		case audit.SeverityWarning:
			g.Warningf("%s", a.Message)
		default:
			g.Noticef("%s", a.Message)
		}
	}
}

// title is the one-line heading of a finding.
func (it Item) title() string {
	f := it.Finding
	return fmt.Sprintf("envaudit: %s %s dependency %s (%s)", it.Ecosystem, f.Kind, f.Package, f.Reason)
}

// describe is the text of a finding with its evidence, for annotations and
// review comments.
func (it Item) describe() string {
	f := it.Finding
	var b strings.Builder
	b.WriteString(f.Message)
	if f.Message == "" {
		fmt.Fprintf(&b, "%s is %s (%s)", f.Package, f.Kind, f.Reason)
	}
	if len(f.Via) > 0 {
		fmt.Fprintf(&b, "\nReached through: %s.", strings.Join(f.Via, " → "))
	}
	if ev := f.Evidence; ev != nil && len(ev.Files) > 0 {
		fmt.Fprintf(&b, "\nEvidence: %s", strings.Join(ev.Files, ", "))
		if len(ev.Processes) > 0 {
			fmt.Fprintf(&b, " (used by %s)", strings.Join(ev.Processes, ", "))
		}
		b.WriteString(".")
	}
	switch f.Provenance {
	case audit.ProvenanceMachine:
		b.WriteString("\nThe runner had this package before the workflow ran: a clean machine will not.")
	case audit.ProvenanceWorkflow:
		b.WriteString("\nA workflow step installed this package outside the manifests.")
	}
	switch f.Change {
	case audit.ChangeNew:
		b.WriteString("\nNew in this pull request.")
	case audit.ChangeExisting:
		b.WriteString("\nAlready present on the base branch.")
	}
	return b.String()
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
