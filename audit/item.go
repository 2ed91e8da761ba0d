package audit

import (
	"fmt"
	"path"
	"path/filepath"
	"slices"
	"strings"

	"github.com/envaudit/envaudit/ecosystems"
)

// ToolURI is envaudit's home, which SARIF logs and dependency snapshots
// name as the tool's.
const ToolURI = "https://github.com/envaudit/envaudit"

// Item is one finding with the ecosystem that reported it: the unit a
// gate decides on and every per-finding output (annotations, review
// comments, SARIF results) is made of.
type Item struct {
	Ecosystem string
	// Manifest is the ecosystem's primary manifest (PrimaryManifest): where
	// a finding without a manifest line (a hidden package, which no
	// manifest names) is placed.
	Manifest string
	Finding  Finding
	// Failing says the finding fails the gate; set by the gate.
	Failing bool
}

// Items flattens the findings of r, in report order.
func (r *Report) Items() []Item {
	var out []Item
	for _, e := range r.Ecosystems {
		manifest := e.PrimaryManifest()
		for _, f := range e.Findings {
			out = append(out, Item{Ecosystem: e.Name, Manifest: manifest, Finding: f})
		}
	}
	return out
}

// PrimaryManifest is the manifest a finding without a line of its own is
// placed on: the first that is not a lockfile (package.json rather than
// package-lock.json), since that is where a declaration would go, else
// the first; only a file of the project (ecosystems.NewPos), never one
// read from outside it (a go.work module in ../); "" when there is none.
func (e EcosystemReport) PrimaryManifest() string {
	var inside []string
	for _, m := range e.Manifests {
		if pos, err := ecosystems.NewPos("", m, 0); err == nil && pos.File == m {
			inside = append(inside, m)
		}
	}
	for _, m := range inside {
		if !slices.Contains(e.Lockfiles, m) {
			return m
		}
	}
	if len(inside) > 0 {
		return inside[0]
	}
	return ""
}

// Key identifies a finding across runs and pushes: ecosystem, kind and
// package. The reason is left out on purpose, so a phantom that turns from
// "unused" into "not-installed" stays the same review thread and alert.
func (it Item) Key() string {
	return it.Ecosystem + "/" + string(it.Finding.Kind) + "/" + it.Finding.Package
}

// Location is where the finding is shown, repository-relative under
// prefix (RepoPrefix): its manifest line, else the ecosystem's primary
// manifest with line 0 (a hidden package has no line of its own; the
// manifest is where it must be added), else nowhere ("").
func (it Item) Location(prefix string) (file string, line int) {
	if l := it.Finding.Location; l != nil && l.File != "" {
		return RepoPath(prefix, l.File), l.Line
	}
	if it.Manifest != "" {
		return RepoPath(prefix, it.Manifest), 0
	}
	return "", 0
}

// Describe is the plain text of the finding with its evidence, for
// annotations, review comments and SARIF results: the message, then one
// line each for the path it comes through, the files and processes that
// used it, the imports that need it, who provided it and whether the
// pull request introduced it.
func (it Item) Describe() string {
	f := it.Finding
	var b strings.Builder
	b.WriteString(f.Message)
	if f.Message == "" {
		fmt.Fprintf(&b, "%s is %s (%s)", f.Package, f.Kind, f.Reason)
	}
	if len(f.Via) > 0 {
		fmt.Fprintf(&b, "\nReached through: %s.", strings.Join(f.Via, " → "))
	}
	if ev := f.Evidence; ev != nil && len(ev.Imports) > 0 {
		at := make([]string, len(ev.Imports))
		for i, im := range ev.Imports {
			at[i] = fmt.Sprintf("%s (%q)", im.Pos, im.Module)
		}
		fmt.Fprintf(&b, "\nImported at: %s.", strings.Join(at, ", "))
	}
	if ev := f.Evidence; ev != nil && len(ev.Files) > 0 {
		fmt.Fprintf(&b, "\nEvidence: %s", strings.Join(ev.Files, ", "))
		if len(ev.Processes) > 0 {
			fmt.Fprintf(&b, " (used by %s)", strings.Join(ev.Processes, ", "))
		}
		b.WriteString(".")
	}
	switch f.Provenance {
	case ProvenanceMachine:
		b.WriteString("\nThe runner had this package before the workflow ran: a clean machine will not.")
	case ProvenanceWorkflow:
		b.WriteString("\nA workflow step installed this package outside the manifests.")
	}
	switch f.Change {
	case ChangeNew:
		b.WriteString("\nNew in this pull request.")
	case ChangeExisting:
		b.WriteString("\nAlready present on the base branch.")
	}
	return b.String()
}

// RepoPrefix returns the project directory's path inside the repository
// at workspace (slash-separated, "" for the root or a directory outside
// it): a report's paths are project-relative, while annotations, SARIF and
// review comments need repository-relative ones.
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

// RepoPath joins a project-relative path to the project's prefix in the
// repository (RepoPrefix); an absolute path stays as it is.
func RepoPath(prefix, file string) string {
	if file == "" || path.IsAbs(file) {
		return file
	}
	return path.Join(prefix, file)
}

// Line names the finding in one line, `kind:reason package file:line`,
// its file as seen from dir, the directory the project was named by
// (the CLI's -C): what a front end prints for each finding that fails.
func (f Finding) Line(dir string) string {
	s := string(f.Kind)
	if f.Reason != "" {
		s += ":" + f.Reason
	}
	s += " " + f.Package
	if f.Location != nil && f.Location.File != "" {
		pos := *f.Location
		if dir != "" && dir != "." {
			pos.File = filepath.ToSlash(filepath.Join(dir, pos.File))
		}
		s += " " + pos.String()
	}
	return s
}
