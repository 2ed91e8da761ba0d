package ghaction

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"io"

	"github.com/envaudit/envaudit/audit"
)

// SARIF 2.1.0, the subset GitHub code scanning reads: one run, one rule per
// finding kind, one result per phantom or hidden finding located on its
// manifest line, and a fingerprint that survives the line moving.

const (
	sarifVersion = "2.1.0"
	sarifSchema  = "https://json.schemastore.org/sarif-2.1.0.json"
	toolURI      = "https://github.com/envaudit/envaudit"
)

// SARIF is a SARIF log.
type SARIF struct {
	Schema  string     `json:"$schema"`
	Version string     `json:"version"`
	Runs    []SARIFRun `json:"runs"`
}

// SARIFRun is one analysis run.
type SARIFRun struct {
	Tool       SARIFTool      `json:"tool"`
	Results    []SARIFResult  `json:"results"`
	Properties map[string]any `json:"properties,omitempty"`
}

// SARIFTool describes envaudit and its rules.
type SARIFTool struct {
	Driver SARIFDriver `json:"driver"`
}

// SARIFDriver is the tool component that produced the results.
type SARIFDriver struct {
	Name           string      `json:"name"`
	Version        string      `json:"version,omitempty"`
	InformationURI string      `json:"informationUri"`
	Rules          []SARIFRule `json:"rules"`
}

// SARIFRule is a reporting descriptor.
type SARIFRule struct {
	ID                   string          `json:"id"`
	Name                 string          `json:"name"`
	ShortDescription     SARIFText       `json:"shortDescription"`
	FullDescription      SARIFText       `json:"fullDescription"`
	Help                 SARIFHelp       `json:"help"`
	HelpURI              string          `json:"helpUri,omitempty"`
	DefaultConfiguration SARIFRuleConfig `json:"defaultConfiguration"`
	Properties           map[string]any  `json:"properties,omitempty"`
}

// SARIFText is a message or description.
type SARIFText struct {
	Text string `json:"text"`
}

// SARIFHelp is a rule's help in text and Markdown.
type SARIFHelp struct {
	Text     string `json:"text"`
	Markdown string `json:"markdown,omitempty"`
}

// SARIFRuleConfig is a rule's default level.
type SARIFRuleConfig struct {
	Level string `json:"level"`
}

// SARIFResult is one finding.
type SARIFResult struct {
	RuleID              string             `json:"ruleId"`
	RuleIndex           int                `json:"ruleIndex"`
	Level               string             `json:"level"`
	Message             SARIFText          `json:"message"`
	Locations           []SARIFLocation    `json:"locations"`
	PartialFingerprints map[string]string  `json:"partialFingerprints"`
	Suppressions        []SARIFSuppression `json:"suppressions,omitempty"`
	Properties          map[string]any     `json:"properties,omitempty"`
}

// SARIFLocation is a result's location.
type SARIFLocation struct {
	PhysicalLocation SARIFPhysicalLocation `json:"physicalLocation"`
}

// SARIFPhysicalLocation is a file and region.
type SARIFPhysicalLocation struct {
	ArtifactLocation SARIFArtifactLocation `json:"artifactLocation"`
	Region           SARIFRegion           `json:"region"`
}

// SARIFArtifactLocation is a repository-relative path.
type SARIFArtifactLocation struct {
	URI string `json:"uri"`
}

// SARIFRegion is a line range.
type SARIFRegion struct {
	StartLine int `json:"startLine"`
}

// SARIFSuppression records an ignore rule of .envaudit.yml, so code
// scanning shows the finding as dismissed with the rule's reason.
type SARIFSuppression struct {
	Kind          string `json:"kind"`
	Justification string `json:"justification,omitempty"`
}

// SARIFOptions controls SARIF output.
type SARIFOptions struct {
	// Prefix is the project's directory inside the repository
	// (RepoPrefix): SARIF locations are repository-relative.
	Prefix string
	// Fallback is the file results without a manifest are placed on (the
	// workflow file, for system packages no manifest declares); "" leaves
	// them out, since code scanning rejects results without a location.
	Fallback string
}

// The rules, one per finding kind that points at a manifest line. Bloat
// and dev tooling have no line to point at; they stay in the report and
// the summary.
var sarifRules = []SARIFRule{
	{
		ID:               "envaudit/phantom",
		Name:             "PhantomDependency",
		ShortDescription: SARIFText{"Declared dependency never loaded"},
		FullDescription:  SARIFText{"A dependency declared in a manifest was not loaded by the traced test run: it is unused, needed only to build, or not even installed (a failed install or a package that does not exist)."},
		Help: SARIFHelp{
			Text:     "Remove the declaration if nothing uses it, move it to the development dependencies if only tooling does, or fix its name if it was never installed.",
			Markdown: "**Phantom dependency** — declared, never loaded.\n\n- `unused`: remove the declaration.\n- `compile-time`: keep it, as a development/build dependency.\n- `not-installed`: the package failed to install or does not exist; check the name (a hallucinated package name is a supply-chain risk).\n- `skipped`: a dev, test, peer or optional dependency the install left out; nothing to fix unless this job should have installed it.",
		},
		HelpURI:              toolURI + "#findings",
		DefaultConfiguration: SARIFRuleConfig{Level: "warning"},
		Properties:           map[string]any{"tags": []string{"dependencies", "supply-chain", "reproducibility"}},
	},
	{
		ID:               "envaudit/hidden",
		Name:             "HiddenDependency",
		ShortDescription: SARIFText{"Loaded dependency never declared"},
		FullDescription:  SARIFText{"The traced test run loaded a package that no manifest declares: it works here only because something else (another package, the runner, a workflow step) provided it, and a clean install can break."},
		Help: SARIFHelp{
			Text:     "Declare the package in the manifest of its ecosystem.",
			Markdown: "**Hidden dependency** — loaded, never declared.\n\n- `undeclared`: nothing declared brings it; a clean machine will not have it. Declare it.\n- `transitive`: it comes through a declared package; declare it if your code uses it directly.",
		},
		HelpURI:              toolURI + "#findings",
		DefaultConfiguration: SARIFRuleConfig{Level: "error"},
		Properties:           map[string]any{"tags": []string{"dependencies", "supply-chain", "reproducibility"}},
	},
}

// NewSARIF renders the report as a SARIF 2.1.0 log.
func NewSARIF(r *audit.Report, opts SARIFOptions) *SARIF {
	results := []SARIFResult{}
	skipped := 0
	for _, it := range Items(r) {
		f := it.Finding
		idx := -1
		for i, rule := range sarifRules {
			if rule.ID == "envaudit/"+string(f.Kind) {
				idx = i
			}
		}
		if idx < 0 {
			continue
		}
		file, line := it.location(opts.Prefix)
		if file == "" {
			file = opts.Fallback
		}
		if file == "" {
			skipped++
			continue
		}
		res := SARIFResult{
			RuleID:    sarifRules[idx].ID,
			RuleIndex: idx,
			Level:     sarifLevel(f.Severity),
			Message:   SARIFText{it.describe()},
			Locations: []SARIFLocation{{PhysicalLocation: SARIFPhysicalLocation{
				ArtifactLocation: SARIFArtifactLocation{URI: file},
				Region:           SARIFRegion{StartLine: max(line, 1)},
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
			res.Suppressions = []SARIFSuppression{{Kind: "external", Justification: f.Ignored}}
		}
		results = append(results, res)
	}
	run := SARIFRun{
		Tool: SARIFTool{Driver: SARIFDriver{
			Name:           "envaudit",
			Version:        r.Tool.Version,
			InformationURI: toolURI,
			Rules:          sarifRules,
		}},
		Results: results,
	}
	if skipped > 0 {
		run.Properties = map[string]any{"resultsWithoutLocation": skipped}
	}
	return &SARIF{Schema: sarifSchema, Version: sarifVersion, Runs: []SARIFRun{run}}
}

// fingerprint identifies a finding independently of its line, so code
// scanning keeps one alert while the manifest is edited around it. GitHub
// reads primaryLocationLineHash as an opaque "<hash>:<n>".
func fingerprint(it Item, file string) string {
	sum := sha256.Sum256([]byte(it.Key() + "\x00" + file))
	return hex.EncodeToString(sum[:8]) + ":1"
}

func sarifLevel(severity string) string {
	switch severity {
	case audit.SeverityError:
		return "error"
	case audit.SeverityWarning:
		return "warning"
	}
	return "note"
}

// WriteSARIF writes the report as SARIF 2.1.0 (indented JSON).
func WriteSARIF(w io.Writer, r *audit.Report, opts SARIFOptions) error {
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	enc.SetEscapeHTML(false)
	if err := enc.Encode(NewSARIF(r, opts)); err != nil {
		return fmt.Errorf("encode SARIF: %w", err)
	}
	return nil
}
