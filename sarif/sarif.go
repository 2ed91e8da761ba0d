// Package sarif owns envaudit's SARIF 2.1.0 output, the subset GitHub code
// scanning reads: one run, one rule per finding kind that points at a
// manifest or import line (phantom and hidden; bloat and dev tooling have
// no line and stay in the report and the summary), one result per such
// finding located on its line — the import's for a direct use, an
// untested import or a missing package — and one note per ecosystem, kind
// and reason for the findings reports count together (Finding.Grouped), a
// fingerprint that survives the line moving, the gate's verdict as the
// "gating" property, and an .envaudit.yml ignore rule as a suppression. The CLI's --sarif and the
// Action's sarif input both write it.
package sarif

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"io"
	"strings"

	"github.com/envaudit/envaudit/audit"
)

const (
	sarifVersion = "2.1.0"
	sarifSchema  = "https://json.schemastore.org/sarif-2.1.0.json"
)

// Log is a SARIF log.
type Log struct {
	Schema  string `json:"$schema"`
	Version string `json:"version"`
	Runs    []Run  `json:"runs"`
}

// Run is one analysis run.
type Run struct {
	Tool       Tool           `json:"tool"`
	Results    []Result       `json:"results"`
	Properties map[string]any `json:"properties,omitempty"`
}

// Tool describes envaudit and its rules.
type Tool struct {
	Driver Driver `json:"driver"`
}

// Driver is the tool component that produced the results.
type Driver struct {
	Name           string `json:"name"`
	Version        string `json:"version,omitempty"`
	InformationURI string `json:"informationUri"`
	Rules          []Rule `json:"rules"`
}

// Rule is a reporting descriptor.
type Rule struct {
	ID                   string         `json:"id"`
	Name                 string         `json:"name"`
	ShortDescription     Text           `json:"shortDescription"`
	FullDescription      Text           `json:"fullDescription"`
	Help                 Help           `json:"help"`
	HelpURI              string         `json:"helpUri,omitempty"`
	DefaultConfiguration RuleConfig     `json:"defaultConfiguration"`
	Properties           map[string]any `json:"properties,omitempty"`
}

// Text is a message or description.
type Text struct {
	Text string `json:"text"`
}

// Help is a rule's help in text and Markdown.
type Help struct {
	Text     string `json:"text"`
	Markdown string `json:"markdown,omitempty"`
}

// RuleConfig is a rule's default level.
type RuleConfig struct {
	Level string `json:"level"`
}

// Result is one finding.
type Result struct {
	RuleID              string            `json:"ruleId"`
	RuleIndex           int               `json:"ruleIndex"`
	Level               string            `json:"level"`
	Message             Text              `json:"message"`
	Locations           []Location        `json:"locations"`
	PartialFingerprints map[string]string `json:"partialFingerprints"`
	Suppressions        []Suppression     `json:"suppressions,omitempty"`
	Properties          map[string]any    `json:"properties,omitempty"`
}

// Location is a result's location.
type Location struct {
	PhysicalLocation PhysicalLocation `json:"physicalLocation"`
}

// PhysicalLocation is a file and region.
type PhysicalLocation struct {
	ArtifactLocation ArtifactLocation `json:"artifactLocation"`
	Region           Region           `json:"region"`
}

// ArtifactLocation is a repository-relative path.
type ArtifactLocation struct {
	URI string `json:"uri"`
}

// Region is a line range.
type Region struct {
	StartLine int `json:"startLine"`
}

// Suppression records an ignore rule of .envaudit.yml, so code
// scanning shows the finding as dismissed with the rule's reason.
type Suppression struct {
	Kind          string `json:"kind"`
	Justification string `json:"justification,omitempty"`
}

// Options controls SARIF output.
type Options struct {
	// Prefix is the project's directory inside the repository
	// (audit.RepoPrefix): SARIF locations are repository-relative.
	Prefix string
	// Fallback is the file results without a manifest are placed on (the
	// workflow file, for system packages no manifest declares); "" leaves
	// them out, since code scanning rejects results without a location.
	Fallback string
}

// The rules, one per finding kind that points at a manifest line. Bloat
// and dev tooling have no line to point at; they stay in the report and
// the summary.
var rules = []Rule{
	{
		ID:               "envaudit/phantom",
		Name:             "PhantomDependency",
		ShortDescription: Text{"Declared dependency never loaded"},
		FullDescription:  Text{"A dependency declared in a manifest was not loaded by the traced test run, or only by the test tooling: it is unused, imported on a path the tests did not take, needed only by the tests, needed only to build, or not even installed (a failed install or a package that does not exist)."},
		Help: Help{
			Text:     "Remove the declaration if nothing uses it, keep it and test the code that imports it if the tests never reached that import, move it to the development dependencies if only tests or tooling use it, or fix its name if it was never installed.",
			Markdown: "**Phantom dependency** — declared, never loaded by the project.\n\n- `unused`: neither loaded nor imported by the project's code (or loaded only by a declared package or the test tooling that brings it anyway); remove the declaration.\n- `untested`: the project's code imports it (the result points at the import), but the tests never reached that import; keep it and test that code.\n- `dev-only`: a runtime declaration only the tests import (or a test runner); move it to the development dependencies.\n- `compile-time`: keep it, as a development/build dependency.\n- `not-installed`: the package failed to install or does not exist; check the name (a hallucinated package name is a supply-chain risk).\n- `skipped`: a dev, test, peer or optional dependency the install left out; nothing to fix unless this job should have installed it.\n\nDevelopment declarations the test command had no reason to load (linters, formatters) are one result for all of them.",
		},
		HelpURI:              audit.ToolURI + "#findings",
		DefaultConfiguration: RuleConfig{Level: "warning"},
		Properties:           map[string]any{"tags": []string{"dependencies", "supply-chain", "reproducibility"}},
	},
	{
		ID:               "envaudit/hidden",
		Name:             "HiddenDependency",
		ShortDescription: Text{"Loaded dependency never declared"},
		FullDescription:  Text{"The project's code imports, or the traced test run loaded, a package that no manifest declares: it works here only because something else (another package, the runner, a workflow step) provided it, or not at all, and a clean install can break."},
		Help: Help{
			Text:     "Declare the package in the manifest of its ecosystem when the project's code imports it or nothing declared brings it.",
			Markdown: "**Hidden dependency** — needed, never declared.\n\n- `direct`: the project's code imports it (the result points at the import), and it is there only because a declared package or the test tooling depends on it; declare it.\n- `dev-declared`: the project's code imports it (the result points at the import), but it is declared only as a development dependency, so a production install breaks there; declare it as a runtime dependency.\n- `undeclared`: nothing declared brings it, and nothing the run loaded explains its load; a clean machine will not have it. Declare it.\n- `missing`: the project's code imports it, and it is neither declared nor installed; that code fails after a clean install. Declare it.\n- `transitive`: only other packages need it (a declared package depends on it, or a package the run loaded loads it by itself); nothing to do. One result counts all of them.",
		},
		HelpURI:              audit.ToolURI + "#findings",
		DefaultConfiguration: RuleConfig{Level: "error"},
		Properties:           map[string]any{"tags": []string{"dependencies", "supply-chain", "reproducibility"}},
	},
}

// New renders the report as a SARIF 2.1.0 log.
func New(r *audit.Report, opts Options) *Log {
	results := []Result{}
	skipped := 0
	// Grouped findings (Finding.Grouped) are one result per ecosystem,
	// kind and reason, on the ecosystem's primary manifest.
	groups := map[string]*groupResult{}
	var order []string
	for _, it := range r.Items() {
		f := it.Finding
		if f.Grouped {
			key := it.Ecosystem + "/" + string(f.Kind) + "/" + f.Reason
			g := groups[key]
			if g == nil {
				g = &groupResult{item: it}
				groups[key] = g
				order = append(order, key)
			}
			g.names = append(g.names, f.Package)
			continue
		}
		idx := -1
		for i, rule := range rules {
			if rule.ID == "envaudit/"+string(f.Kind) {
				idx = i
			}
		}
		if idx < 0 {
			continue
		}
		file, line := it.Location(opts.Prefix)
		if file == "" {
			file = opts.Fallback
		}
		if file == "" {
			skipped++
			continue
		}
		res := Result{
			RuleID:    rules[idx].ID,
			RuleIndex: idx,
			Level:     level(f.Severity),
			Message:   Text{it.Describe()},
			Locations: []Location{{PhysicalLocation: PhysicalLocation{
				ArtifactLocation: ArtifactLocation{URI: file},
				Region:           Region{StartLine: max(line, 1)},
			}}},
			PartialFingerprints: map[string]string{"primaryLocationLineHash": fingerprint(it, file)},
			Properties: map[string]any{
				"ecosystem": it.Ecosystem,
				"package":   f.Package,
				"reason":    f.Reason,
				"gating":    f.Gating,
			},
		}
		if f.Version != "" {
			res.Properties["version"] = f.Version
		}
		if f.Change != "" {
			res.Properties["change"] = f.Change
		}
		if f.Ignored != "" {
			res.Suppressions = []Suppression{{Kind: "external", Justification: f.Ignored}}
		}
		results = append(results, res)
	}
	for _, key := range order {
		res, ok := groups[key].result(opts)
		if !ok {
			skipped++
			continue
		}
		results = append(results, res)
	}
	run := Run{
		Tool: Tool{Driver: Driver{
			Name:           "envaudit",
			Version:        r.Tool.Version,
			InformationURI: audit.ToolURI,
			Rules:          rules,
		}},
		Results: results,
	}
	if skipped > 0 {
		run.Properties = map[string]any{"resultsWithoutLocation": skipped}
	}
	return &Log{Schema: sarifSchema, Version: sarifVersion, Runs: []Run{run}}
}

// groupResult is the grouped findings of one ecosystem, kind and reason.
type groupResult struct {
	item  audit.Item // the first of them
	names []string
}

// result is the one SARIF result standing for the group, a note on the
// ecosystem's primary manifest; ok is false when there is no file to
// place it on.
func (g *groupResult) result(opts Options) (Result, bool) {
	f := g.item.Finding
	file := audit.RepoPath(opts.Prefix, g.item.Manifest)
	if file == "" {
		file = opts.Fallback
	}
	if file == "" {
		return Result{}, false
	}
	idx := 0
	for i, rule := range rules {
		if rule.ID == "envaudit/"+string(f.Kind) {
			idx = i
		}
	}
	msg := fmt.Sprintf("%s %s %s — %s.", g.item.Ecosystem, f.Kind, f.Reason, audit.GroupLine(f.Kind, f.Reason, len(g.names), strings.Join(g.names, ", ")))
	key := g.item.Ecosystem + "/" + string(f.Kind) + "/" + f.Reason + "/grouped"
	sum := sha256.Sum256([]byte(key + "\x00" + file))
	return Result{
		RuleID:    rules[idx].ID,
		RuleIndex: idx,
		Level:     "note",
		Message:   Text{msg},
		Locations: []Location{{PhysicalLocation: PhysicalLocation{
			ArtifactLocation: ArtifactLocation{URI: file},
			Region:           Region{StartLine: 1},
		}}},
		PartialFingerprints: map[string]string{"primaryLocationLineHash": hex.EncodeToString(sum[:8]) + ":1"},
		Properties: map[string]any{
			"ecosystem": g.item.Ecosystem,
			"reason":    f.Reason,
			"packages":  g.names,
			"gating":    false,
		},
	}, true
}

// fingerprint identifies a finding independently of its line, so code
// scanning keeps one alert while the manifest is edited around it. GitHub
// reads primaryLocationLineHash as an opaque "<hash>:<n>".
func fingerprint(it audit.Item, file string) string {
	sum := sha256.Sum256([]byte(it.Key() + "\x00" + file))
	return hex.EncodeToString(sum[:8]) + ":1"
}

func level(severity string) string {
	switch severity {
	case audit.SeverityError:
		return "error"
	case audit.SeverityWarning:
		return "warning"
	}
	return "note"
}

// Write writes the report as SARIF 2.1.0 (indented JSON, with <, > and &
// as they are: a SARIF log is not embedded in HTML).
func Write(w io.Writer, r *audit.Report, opts Options) error {
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	enc.SetEscapeHTML(false)
	if err := enc.Encode(New(r, opts)); err != nil {
		return fmt.Errorf("encode SARIF: %w", err)
	}
	return nil
}
