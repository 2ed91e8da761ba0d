package ghaction

import (
	"fmt"
	"strings"
	"time"

	"github.com/envaudit/envaudit/audit"
	"github.com/envaudit/envaudit/policy"
	"github.com/envaudit/envaudit/sbom"
)

// Inputs are the Action's inputs (action.yml). A composite action gets no
// INPUT_* variables from the runner, so action.yml maps each input through
// env: explicitly (INPUT_FAIL_ON: ${{ inputs.fail-on }}) — and never
// interpolates one into a script, which would let a crafted input run
// commands.
type Inputs struct {
	// Mode is "audit" (the default) or "baseline" (snapshot the runner
	// before the project's install steps).
	Mode string
	// Run is the test command, run by bash like a workflow run: step.
	Run              string
	WorkingDirectory string
	FailOn           []policy.Selector
	// OnlyNew gates only findings the pull request introduced (default);
	// false gates existing ones too.
	OnlyNew            bool
	AgentPolicy        policy.AgentPolicy
	SBOM               string
	SBOMFormat         sbom.Format
	Report             string
	SARIF              string
	Annotate           bool
	Summary            bool
	Review             string // auto, true or false
	SubmitDependencies bool
	Token              string
	Timeout            time.Duration
	// Baseline is the runner baseline file: written in baseline mode,
	// read (when it exists) in audit mode.
	Baseline string
}

// input reads one input the way the runner names it for JavaScript
// actions (INPUT_FAIL-ON) or the way action.yml maps it (INPUT_FAIL_ON).
func input(getenv func(string) string, name string) string {
	up := strings.ToUpper(strings.ReplaceAll(name, " ", "_"))
	if v := getenv("INPUT_" + strings.ReplaceAll(up, "-", "_")); v != "" {
		return strings.TrimSpace(v)
	}
	return strings.TrimSpace(getenv("INPUT_" + up))
}

// boolInput parses a boolean input as GitHub's YAML does.
func boolInput(getenv func(string) string, name string, def bool) (bool, error) {
	switch v := input(getenv, name); v {
	case "":
		return def, nil
	case "true", "True", "TRUE":
		return true, nil
	case "false", "False", "FALSE":
		return false, nil
	default:
		return false, fmt.Errorf("%s: want true or false, not %q", name, v)
	}
}

// ReadInputs reads and checks the Action's inputs.
func ReadInputs(getenv func(string) string) (Inputs, error) {
	in := Inputs{
		Mode:             input(getenv, "mode"),
		Run:              input(getenv, "run"),
		WorkingDirectory: input(getenv, "working-directory"),
		SBOM:             input(getenv, "sbom"),
		Report:           input(getenv, "report"),
		SARIF:            input(getenv, "sarif"),
		Review:           input(getenv, "review"),
		Token:            input(getenv, "github-token"),
		Baseline:         input(getenv, "baseline"),
	}
	var err error
	switch in.Mode {
	case "":
		in.Mode = "audit"
	case "audit", "baseline":
	default:
		return in, fmt.Errorf("mode: unknown value %q (want audit or baseline)", in.Mode)
	}
	if in.Mode == "audit" && in.Run == "" {
		return in, fmt.Errorf("run: the test command is required (for example `npm test`)")
	}
	if in.FailOn, err = policy.ParseFailOn(input(getenv, "fail-on")); err != nil {
		return in, err
	}
	if in.AgentPolicy, err = policy.ParseAgentPolicy(input(getenv, "agent-policy")); err != nil {
		return in, err
	}
	if in.SBOMFormat, err = sbom.ParseFormat(input(getenv, "sbom-format")); err != nil {
		return in, fmt.Errorf("sbom-format: %w", err)
	}
	if input(getenv, "sbom-format") == "" && in.SBOM != "" {
		in.SBOMFormat = sbom.FormatOf(in.SBOM)
	}
	for _, b := range []struct {
		name string
		dst  *bool
		def  bool
	}{
		{"annotate", &in.Annotate, true},
		{"summary", &in.Summary, true},
		{"submit-dependencies", &in.SubmitDependencies, false},
		{"only-new", &in.OnlyNew, true},
	} {
		if *b.dst, err = boolInput(getenv, b.name, b.def); err != nil {
			return in, err
		}
	}
	switch in.Review {
	case "":
		in.Review = "auto"
	case "auto", "true", "false":
	default:
		return in, fmt.Errorf("review: unknown value %q (want auto, true or false)", in.Review)
	}
	if t := input(getenv, "timeout"); t != "" {
		if in.Timeout, err = time.ParseDuration(t); err != nil || in.Timeout < 0 {
			return in, fmt.Errorf("timeout: want a duration such as 20m, not %q", t)
		}
	}
	return in, nil
}

// Outputs are the Action's outputs.
type Outputs struct {
	Report        string
	SBOM          string
	SARIF         string
	Phantom       int
	Hidden        int
	Bloat         int
	AgentAuthored bool
	// Failing counts the findings that fail the gate.
	Failing int
}

// Map returns the outputs by name, as action.yml declares them.
func (o Outputs) Map() map[string]string {
	return map[string]string{
		"report":         o.Report,
		"sbom":           o.SBOM,
		"sarif":          o.SARIF,
		"phantom":        fmt.Sprint(o.Phantom),
		"hidden":         fmt.Sprint(o.Hidden),
		"bloat":          fmt.Sprint(o.Bloat),
		"agent-authored": fmt.Sprint(o.AgentAuthored),
		"failing":        fmt.Sprint(o.Failing),
	}
}

// CountFindings fills the phantom, hidden and bloat counts: findings that
// are not ignored.
func (o *Outputs) CountFindings(r *audit.Report) {
	for _, e := range r.Ecosystems {
		for _, f := range e.Findings {
			if f.Ignored != "" {
				continue
			}
			switch f.Kind {
			case audit.Phantom:
				o.Phantom++
			case audit.Hidden:
				o.Hidden++
			case audit.Bloat:
				o.Bloat++
			}
		}
	}
}
