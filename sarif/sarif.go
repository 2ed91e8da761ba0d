// Package sarif owns envaudit's SARIF 2.1.0 output, the subset GitHub code
// scanning reads: one run, one rule per finding kind that points at a
// manifest line (phantom and hidden; bloat and dev tooling have no line and
// stay in the report and the summary), one result per such finding located
// on its manifest line, a fingerprint that survives the line moving, and
// an .envaudit.yml ignore rule as a suppression. The CLI's --sarif and the
// Action's sarif input both write it.
package sarif

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"io"

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
		FullDescription:  Text{"A dependency declared in a manifest was not loaded by the traced test run: it is unused, needed only to build, or not even installed (a failed install or a package that does not exist)."},
		Help: Help{
			Text:     "Remove the declaration if nothing uses it, move it to the development dependencies if only tooling does, or fix its name if it was never installed.",
			Markdown: "**Phantom dependency** — declared, never loaded.\n\n- `unused`: remove the declaration.\n- `compile-time`: keep it, as a development/build dependency.\n- `not-installed`: the package failed to install or does not exist; check the name (a hallucinated package name is a supply-chain risk).\n- `skipped`: a dev, test, peer or optional dependency the install left out; nothing to fix unless this job should have installed it.",
		},
		HelpURI:              audit.ToolURI + "#findings",
		DefaultConfiguration: RuleConfig{Level: "warning"},
		Properties:           map[string]any{"tags": []string{"dependencies", "supply-chain", "reproducibility"}},
	},
	{
		ID:               "envaudit/hidden",
		Name:             "HiddenDependency",
		ShortDescription: Text{"Loaded dependency never declared"},
		FullDescription:  Text{"The traced test run loaded a package that no manifest declares: it works here only because something else (another package, the runner, a workflow step) provided it, and a clean install can break."},
		Help: Help{
			Text:     "Declare the package in the manifest of its ecosystem.",
			Markdown: "**Hidden dependency** — loaded, never declared.\n\n- `undeclared`: nothing declared brings it; a clean machine will not have it. Declare it.\n- `transitive`: it comes through a declared package; declare it if your code uses it directly.",
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
	for _, it := range r.Items() {
		f := it.Finding
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
