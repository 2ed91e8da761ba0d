package ghaction

import (
	"cmp"
	"fmt"
	"strings"
	"time"
	"unicode"

	"github.com/envaudit/envaudit/audit"
	"github.com/envaudit/envaudit/internal/inert"
	"github.com/envaudit/envaudit/policy"
	"github.com/envaudit/envaudit/sbom"
	"github.com/envaudit/envaudit/study"
)

// Inputs are the Action's inputs (action.yml). A composite action gets no
// INPUT_* variables from the runner, so action.yml maps each input through
// env: explicitly (INPUT_FAIL_ON: ${{ inputs.fail-on }}) — and never
// interpolates one into a script, which would let a crafted input run
// commands.
type Inputs struct {
	// Mode is one of the Mode constants: audit (the default), publish,
	// single, baseline or study.
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
	SBOMSpec           string // the CycloneDX version: sbom.Spec16 or sbom.Spec17
	Report             string
	SARIF              string
	Annotate           bool
	Summary            bool
	Review             string // auto, true or false
	SubmitDependencies bool
	Token              string
	Timeout            time.Duration
	// Backend is the tracer: ptrace (the default), auto (eBPF where it
	// loads, through the runner's passwordless sudo on hosted runners,
	// else ptrace), or ebpf.
	Backend string
	// Baseline is the runner baseline file: written in baseline mode,
	// read (when it exists) in audit mode.
	Baseline string
	// Bundle is the publish bundle's directory: where mode audit writes
	// it (default under RUNNER_TEMP), where mode publish reads it instead
	// of downloading the triggering run's artifact.
	Bundle string
	// SBOMArtifact and BundleArtifact name the workflow artifacts
	// action.yml uploads the SBOM and the bundle as; mode publish
	// downloads BundleArtifact.
	SBOMArtifact, BundleArtifact string
	// UploadArtifacts says whether action.yml uploads them.
	UploadArtifacts bool
	// Reports is mode study's directory of reports (relative to the
	// workspace unless absolute), labelled by Layout (study.DefaultLayout
	// by default); Study is the directory the study's files are written
	// into (default under RUNNER_TEMP).
	Reports, Layout, Study string
}

// The Action's modes.
const (
	// ModeAudit traces and gates, writes the files and the publish
	// bundle, annotates and writes the job summary, and writes nothing
	// through the API: the job that runs the pull request's code needs
	// no more than a read-only token.
	ModeAudit = "audit"
	// ModePublish publishes an audit job's bundle from a workflow_run
	// workflow that holds a write token and runs nothing of the pull
	// request.
	ModePublish = "publish"
	// ModeSingle audits and publishes in one step, the token held by a
	// process that never executes anything but its own audit child.
	ModeSingle = "single"
	// ModeBaseline snapshots the runner before the install steps.
	ModeBaseline = "baseline"
	// ModeStudy makes the study's tables (package study) over a
	// directory of reports, such as the last job of a matrix workflow
	// downloads its jobs' report artifacts into; it runs nothing and
	// needs no token.
	ModeStudy = "study"
)

// Default artifact names.
const (
	DefaultSBOMArtifact   = "envaudit-sbom"
	DefaultBundleArtifact = "envaudit-bundle"
)

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
		Backend:          input(getenv, "backend"),
		Token:            input(getenv, "github-token"),
		Baseline:         input(getenv, "baseline"),
		Bundle:           input(getenv, "bundle"),
		SBOMArtifact:     input(getenv, "sbom-artifact"),
		BundleArtifact:   input(getenv, "bundle-artifact"),
		Reports:          input(getenv, "reports"),
		Layout:           input(getenv, "layout"),
		Study:            input(getenv, "study"),
	}
	// The booleans first, each at its default when it does not parse: a
	// run that fails on its inputs still knows whether to annotate and
	// summarise that failure.
	var boolErr error
	for _, b := range []struct {
		name string
		dst  *bool
		def  bool
	}{
		{"annotate", &in.Annotate, true},
		{"summary", &in.Summary, true},
		{"submit-dependencies", &in.SubmitDependencies, false},
		{"only-new", &in.OnlyNew, true},
		{"upload-artifacts", &in.UploadArtifacts, true},
	} {
		v, err := boolInput(getenv, b.name, b.def)
		if err != nil {
			v = b.def
			boolErr = cmp.Or(boolErr, err)
		}
		*b.dst = v
	}
	var err error
	switch in.Mode {
	case "":
		in.Mode = ModeAudit
	case ModeAudit, ModePublish, ModeSingle, ModeBaseline, ModeStudy:
	default:
		return in, fmt.Errorf("mode: unknown value %q (want audit, publish, single, baseline or study)", in.Mode)
	}
	if in.SBOMArtifact == "" {
		in.SBOMArtifact = DefaultSBOMArtifact
	}
	if in.BundleArtifact == "" {
		in.BundleArtifact = DefaultBundleArtifact
	}
	if (in.Mode == ModeAudit || in.Mode == ModeSingle) && in.Run == "" {
		return in, fmt.Errorf("run: the test command is required (for example `npm test`)")
	}
	if in.Mode == ModeStudy {
		if in.Reports == "" {
			return in, fmt.Errorf("reports: mode study needs the directory of the reports (where the job downloaded the report artifacts)")
		}
		if in.Layout == "" {
			in.Layout = study.DefaultLayout
		}
		// study's error names the input: layout "...": ...
		if err := study.CheckLayout(in.Layout); err != nil {
			return in, err
		}
	}
	if boolErr != nil {
		return in, boolErr
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
	if in.SBOMSpec, err = sbom.ParseSpec(input(getenv, "sbom-version")); err != nil {
		return in, fmt.Errorf("sbom-version: %w", err)
	}
	if input(getenv, "sbom-format") == "" && in.SBOM != "" {
		in.SBOMFormat = sbom.FormatOf(in.SBOM)
	}
	switch in.Review {
	case "":
		in.Review = "auto"
	case "auto", "true", "false":
	default:
		return in, fmt.Errorf("review: unknown value %q (want auto, true or false)", in.Review)
	}
	switch in.Backend {
	case "":
		in.Backend = "auto"
	case "auto", "ebpf", "ptrace":
	default:
		return in, fmt.Errorf("backend: unknown value %q (want auto, ebpf or ptrace)", in.Backend)
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
	Bundle        string // the bundle's directory, when one was written
	Phantom       int
	Hidden        int
	Bloat         int
	AgentAuthored bool
	// Failing counts the findings that fail the gate.
	Failing int
	// Error says what went wrong when the step could not do all its work
	// (a file not written, an audit that could not be run), "" when it
	// could: one line (OneLine).
	Error string
}

// Map returns the outputs by name, as action.yml declares them.
func (o Outputs) Map() map[string]string {
	return map[string]string{
		"report":         o.Report,
		"sbom":           o.SBOM,
		"sarif":          o.SARIF,
		"bundle":         o.Bundle,
		"phantom":        fmt.Sprint(o.Phantom),
		"hidden":         fmt.Sprint(o.Hidden),
		"bloat":          fmt.Sprint(o.Bloat),
		"agent-authored": fmt.Sprint(o.AgentAuthored),
		"failing":        fmt.Sprint(o.Failing),
		"error":          OneLine(o.Error),
	}
}

// OneLine returns s as a single line for an output's value: each run of
// white space, line breaks included, and each other control character
// becomes one space, and a bidirectional or zero-width character its
// visible escape (inert.Line). An output value is read up to a delimiter
// line, so a value of one line cannot end early or set another output,
// whatever text of the project's (a file name in an error) it holds.
func OneLine(s string) string {
	s = strings.Map(func(r rune) rune {
		if unicode.IsControl(r) || r == '\u2028' || r == '\u2029' {
			return ' '
		}
		return r
	}, s)
	return inert.Line(strings.Join(strings.Fields(s), " "))
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
