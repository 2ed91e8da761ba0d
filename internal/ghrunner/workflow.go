package ghrunner

import (
	"bytes"
	"errors"
	"fmt"
	"sort"
	"strconv"
	"strings"

	"github.com/rhysd/actionlint"
	"go.yaml.in/yaml/v3"
)

// Workflow is a workflow file, as much of it as the runner acts on.
type Workflow struct {
	Name string
	// On maps each event the workflow runs on to its filter.
	On          map[string]Trigger
	Permissions Permissions // nil when the file sets none
	Env         map[string]string
	Defaults    Defaults
	// Jobs in the file's order.
	Jobs []*Job
	// Call is the workflow's interface to a caller (on: workflow_call),
	// nil when it cannot be called.
	Call *Call
	// Source is the file as it was parsed: what the repository holds
	// at the commit the workflow ran from.
	Source []byte
}

// Call is what a reusable workflow takes and gives: on.workflow_call's
// inputs (in the file's order), secrets and outputs.
type Call struct {
	Inputs []CallInput
	// Secrets maps each secret it takes to whether it is required.
	Secrets map[string]bool
	// Outputs maps each output to its value expression, which sees the
	// jobs context.
	Outputs map[string]string
}

// CallInput is an input of a reusable workflow.
type CallInput struct {
	Name string
	// Type is string, boolean or number.
	Type       string
	Default    string
	HasDefault bool
	Required   bool
}

// Trigger is an event's filter: the activity types and, for
// workflow_run, the workflows it follows.
type Trigger struct {
	Types     []string
	Workflows []string
}

// Permissions are a job token's scopes: scope → "read" or "write"
// ("none" scopes are left out).
type Permissions map[string]string

// Defaults are a workflow's or job's defaults for run steps.
type Defaults struct {
	Shell, WorkingDirectory string
}

// Job is one job of a workflow.
type Job struct {
	ID          string
	Name        string
	If          string
	RunsOn      []string
	Permissions Permissions
	Env         map[string]string
	Defaults    Defaults
	Steps       []*Step
	// TimeoutMinutes bounds the job (GitHub's default is 360).
	TimeoutMinutes float64
	// Needs are the jobs that must finish first.
	Needs []string
	// Outputs map each output to its value expression.
	Outputs map[string]string
	// Strategy is the job's strategy: its matrix; nil without one.
	Strategy *Strategy
	// Uses is the reusable workflow the job calls
	// (owner/repo/.github/workflows/file.yml@ref or
	// ./.github/workflows/file.yml), with the inputs With and the
	// secrets Secrets (or all of the caller's, InheritSecrets); "" for a
	// job of steps.
	Uses           string
	With           map[string]string
	Secrets        map[string]string
	InheritSecrets bool
	// Line is where the job starts in its file.
	Line int
}

// Strategy is a job's strategy.
type Strategy struct {
	Matrix *Matrix
	// FailFast and MaxParallel are as written ("" when not).
	FailFast, MaxParallel string
}

// Matrix is a job's matrix: rows of values (in the file's order),
// include and exclude; or one expression that gives the whole matrix.
type Matrix struct {
	Expr             string
	Rows             []MatrixRow
	Include, Exclude Combinations
}

// MatrixRow is one key of a matrix, its values or an expression that
// gives them.
type MatrixRow struct {
	Name   string
	Values []any
	Expr   string
}

// Combinations are a matrix's include or exclude: combinations, or one
// expression that gives them.
type Combinations struct {
	Expr  string
	Items []Combination
}

// Combination is one of include's or exclude's entries, or an
// expression that gives it.
type Combination struct {
	Expr   string
	Values map[string]any
}

// Step is a step of a job or of a composite action.
type Step struct {
	ID, Name, If string
	// Uses names an action (owner/repo[/path]@ref, ./path or
	// docker://image); With are its inputs.
	Uses string
	With map[string]string
	// Run is a script, run by Shell in WorkingDirectory.
	Run, Shell, WorkingDirectory string
	Env                          map[string]string
	ContinueOnError              string
	TimeoutMinutes               string
	// Line is where the step starts in its file.
	Line int
}

// scopes are the token scopes a permissions: block may name.
var scopes = []string{"actions", "attestations", "checks", "contents", "deployments", "discussions", "id-token", "issues", "metadata", "models", "packages", "pages", "pull-requests", "repository-projects", "security-events", "statuses"}

// ParseWorkflow parses a workflow file with actionlint's parser, which
// reports every syntax error with its position; name prefixes them.
func ParseWorkflow(name string, data []byte) (*Workflow, error) {
	w, errs := actionlint.Parse(data)
	if len(errs) > 0 {
		msgs := make([]string, len(errs))
		for i, e := range errs {
			msgs[i] = fmt.Sprintf("%s:%d:%d: %s", name, e.Line, e.Column, e.Message)
		}
		return nil, errors.New(strings.Join(msgs, "\n"))
	}
	out := &Workflow{On: map[string]Trigger{}, Env: env(w.Env), Defaults: defaults(w.Defaults), Source: bytes.Clone(data)}
	if w.Name != nil {
		out.Name = w.Name.Value
	} else {
		// GitHub names a workflow without a name by its file's path.
		out.Name = name
	}
	for _, ev := range w.On {
		switch ev := ev.(type) {
		case *actionlint.WebhookEvent:
			out.On[ev.Hook.Value] = Trigger{Types: values(ev.Types), Workflows: values(ev.Workflows)}
		case *actionlint.WorkflowDispatchEvent:
			out.On["workflow_dispatch"] = Trigger{}
		case *actionlint.ScheduledEvent:
			out.On["schedule"] = Trigger{}
		case *actionlint.RepositoryDispatchEvent:
			out.On["repository_dispatch"] = Trigger{Types: values(ev.Types)}
		case *actionlint.WorkflowCallEvent:
			out.On["workflow_call"] = Trigger{}
			out.Call = call(ev)
		}
	}
	var err error
	if out.Permissions, err = permissions(name, w.Permissions); err != nil {
		return nil, err
	}
	ids := make([]string, 0, len(w.Jobs))
	for id := range w.Jobs {
		ids = append(ids, id)
	}
	// actionlint keys jobs by their lower-cased ID; the file's order is
	// their positions'.
	sort.Slice(ids, func(i, j int) bool {
		a, b := w.Jobs[ids[i]].Pos, w.Jobs[ids[j]].Pos
		return a.Line < b.Line || a.Line == b.Line && a.Col < b.Col
	})
	for _, id := range ids {
		j := w.Jobs[id]
		job := &Job{ID: j.ID.Value, If: str(j.If), Env: env(j.Env), Defaults: defaults(j.Defaults), TimeoutMinutes: 360}
		job.Name = job.ID
		if j.Name != nil {
			job.Name = j.Name.Value
		}
		if j.RunsOn != nil {
			job.RunsOn = values(j.RunsOn.Labels)
		}
		if j.TimeoutMinutes != nil && j.TimeoutMinutes.Expression == nil {
			job.TimeoutMinutes = j.TimeoutMinutes.Value
		}
		if job.Permissions, err = permissions(name, j.Permissions); err != nil {
			return nil, err
		}
		for _, s := range j.Steps {
			job.Steps = append(job.Steps, workflowStep(s))
		}
		job.Line = j.Pos.Line
		job.Needs = values(j.Needs)
		job.Outputs = map[string]string{}
		for _, o := range j.Outputs {
			job.Outputs[o.Name.Value] = str(o.Value)
		}
		if j.Strategy != nil {
			job.Strategy = strategy(j.Strategy)
		}
		if c := j.WorkflowCall; c != nil {
			job.Uses, job.InheritSecrets = str(c.Uses), c.InheritSecrets
			job.With, job.Secrets = map[string]string{}, map[string]string{}
			for _, in := range c.Inputs {
				job.With[in.Name.Value] = str(in.Value)
			}
			for _, sec := range c.Secrets {
				job.Secrets[sec.Name.Value] = str(sec.Value)
			}
		}
		out.Jobs = append(out.Jobs, job)
	}
	return out, nil
}

// Job returns the job id, nil when the workflow has none of that ID.
func (w *Workflow) Job(id string) *Job {
	for _, j := range w.Jobs {
		if strings.EqualFold(j.ID, id) {
			return j
		}
	}
	return nil
}

// Triggered reports whether an event of name with payload starts the
// workflow, by its on: filters: the activity types (with GitHub's
// defaults for pull_request) and the workflows a workflow_run follows.
func (w *Workflow) Triggered(name string, payload map[string]any) bool {
	t, ok := w.On[name]
	if !ok {
		return false
	}
	types := t.Types
	if len(types) == 0 {
		switch name {
		case "pull_request", "pull_request_target":
			types = []string{"opened", "synchronize", "reopened"}
		case "workflow_run":
			types = []string{"completed", "requested"}
		}
	}
	action, _ := payload["action"].(string)
	if len(types) > 0 && action != "" && !contains(types, action) {
		return false
	}
	if name == "workflow_run" {
		run, _ := payload["workflow_run"].(map[string]any)
		wf, _ := run["name"].(string)
		return contains(t.Workflows, wf)
	}
	return true
}

func contains(list []string, s string) bool {
	for _, v := range list {
		if v == s {
			return true
		}
	}
	return false
}

func call(ev *actionlint.WorkflowCallEvent) *Call {
	c := &Call{Secrets: map[string]bool{}, Outputs: map[string]string{}}
	for _, in := range ev.Inputs {
		ci := CallInput{Name: in.Name.Value, Required: in.IsRequired(), Type: "string"}
		switch in.Type {
		case actionlint.WorkflowCallEventInputTypeBoolean:
			ci.Type = "boolean"
		case actionlint.WorkflowCallEventInputTypeNumber:
			ci.Type = "number"
		}
		if in.Default != nil {
			ci.Default, ci.HasDefault = in.Default.Value, true
		}
		c.Inputs = append(c.Inputs, ci)
	}
	for _, sec := range ev.Secrets {
		c.Secrets[sec.Name.Value] = sec.Required != nil && sec.Required.Value
	}
	for _, o := range ev.Outputs {
		c.Outputs[o.Name.Value] = str(o.Value)
	}
	return c
}

func strategy(s *actionlint.Strategy) *Strategy {
	out := &Strategy{}
	if s.FailFast != nil {
		out.FailFast = strconv.FormatBool(s.FailFast.Value)
		if s.FailFast.Expression != nil {
			out.FailFast = s.FailFast.Expression.Value
		}
	}
	if s.MaxParallel != nil {
		out.MaxParallel = strconv.Itoa(s.MaxParallel.Value)
		if s.MaxParallel.Expression != nil {
			out.MaxParallel = s.MaxParallel.Expression.Value
		}
	}
	m := s.Matrix
	if m == nil {
		return out
	}
	out.Matrix = &Matrix{Expr: str(m.Expression), Include: combinations(m.Include), Exclude: combinations(m.Exclude)}
	type keyed struct {
		name string
		pos  *actionlint.Pos
		row  *actionlint.MatrixRow
	}
	rows := make([]keyed, 0, len(m.Rows))
	for k, r := range m.Rows {
		// A row given by an expression has no name of its own, only
		// actionlint's lower-cased key (the matrix context's lookups
		// ignore case).
		kr := keyed{name: k, row: r}
		switch {
		case r.Name != nil:
			kr.name, kr.pos = r.Name.Value, r.Name.Pos
		case r.Expression != nil:
			kr.pos = r.Expression.Pos
		}
		if kr.pos == nil {
			kr.pos = &actionlint.Pos{}
		}
		rows = append(rows, kr)
	}
	// The file's order is the rows' positions'.
	sort.Slice(rows, func(i, j int) bool {
		a, b := rows[i].pos, rows[j].pos
		return a.Line < b.Line || a.Line == b.Line && a.Col < b.Col
	})
	for _, kr := range rows {
		row := MatrixRow{Name: kr.name, Expr: str(kr.row.Expression)}
		for _, v := range kr.row.Values {
			row.Values = append(row.Values, rawValue(v))
		}
		out.Matrix.Rows = append(out.Matrix.Rows, row)
	}
	return out
}

func combinations(cs *actionlint.MatrixCombinations) Combinations {
	if cs == nil {
		return Combinations{}
	}
	out := Combinations{Expr: str(cs.Expression)}
	for _, c := range cs.Combinations {
		item := Combination{Expr: str(c.Expression)}
		if c.Assigns != nil {
			item.Values = map[string]any{}
			for _, a := range c.Assigns {
				item.Values[a.Key.Value] = rawValue(a.Value)
			}
		}
		out.Items = append(out.Items, item)
	}
	return out
}

// rawValue is a matrix value as the matrix context holds it: a YAML
// scalar that is a number or a boolean as one, other scalars as strings,
// mappings and sequences as objects and arrays.
func rawValue(v actionlint.RawYAMLValue) any {
	switch v := v.(type) {
	case *actionlint.RawYAMLObject:
		out := map[string]any{}
		for k, p := range v.Props {
			out[k] = rawValue(p)
		}
		return out
	case *actionlint.RawYAMLArray:
		out := make([]any, 0, len(v.Elems))
		for _, e := range v.Elems {
			out = append(out, rawValue(e))
		}
		return out
	case *actionlint.RawYAMLString:
		switch v.Value {
		case "true":
			return true
		case "false":
			return false
		}
		if f, err := strconv.ParseFloat(v.Value, 64); err == nil && !strings.ContainsAny(v.Value, "xXnN_") {
			return f
		}
		return v.Value
	}
	return nil
}

func workflowStep(s *actionlint.Step) *Step {
	st := &Step{ID: str(s.ID), Name: str(s.Name), If: str(s.If), Env: env(s.Env), Line: s.Pos.Line}
	if s.ContinueOnError != nil {
		if s.ContinueOnError.Expression != nil {
			st.ContinueOnError = s.ContinueOnError.Expression.Value
		} else {
			st.ContinueOnError = strconv.FormatBool(s.ContinueOnError.Value)
		}
	}
	if s.TimeoutMinutes != nil {
		if s.TimeoutMinutes.Expression != nil {
			st.TimeoutMinutes = s.TimeoutMinutes.Expression.Value
		} else {
			st.TimeoutMinutes = strconv.FormatFloat(s.TimeoutMinutes.Value, 'f', -1, 64)
		}
	}
	switch e := s.Exec.(type) {
	case *actionlint.ExecRun:
		st.Run, st.Shell, st.WorkingDirectory = str(e.Run), str(e.Shell), str(e.WorkingDirectory)
	case *actionlint.ExecAction:
		st.Uses = str(e.Uses)
		st.With = map[string]string{}
		for _, in := range e.Inputs {
			st.With[in.Name.Value] = str(in.Value)
		}
	}
	return st
}

func permissions(file string, p *actionlint.Permissions) (Permissions, error) {
	if p == nil {
		return nil, nil
	}
	out := Permissions{}
	if p.All != nil {
		var level string
		switch p.All.Value {
		case "read-all":
			level = "read"
		case "write-all":
			level = "write"
		case "{}":
		default:
			return nil, fmt.Errorf("%s:%d: permissions: unknown value %q", file, p.Pos.Line, p.All.Value)
		}
		if level != "" {
			for _, s := range scopes {
				out[s] = level
			}
		}
		return out, nil
	}
	for _, s := range p.Scopes {
		if v := s.Value.Value; v != "none" {
			out[s.Name.Value] = v
		}
	}
	return out, nil
}

func env(e *actionlint.Env) map[string]string {
	out := map[string]string{}
	if e == nil {
		return out
	}
	for _, v := range e.Vars {
		out[v.Name.Value] = str(v.Value)
	}
	return out
}

func defaults(d *actionlint.Defaults) Defaults {
	if d == nil || d.Run == nil {
		return Defaults{}
	}
	return Defaults{Shell: str(d.Run.Shell), WorkingDirectory: str(d.Run.WorkingDirectory)}
}

func str(s *actionlint.String) string {
	if s == nil {
		return ""
	}
	return s.Value
}

func values(ss []*actionlint.String) []string {
	var out []string
	for _, s := range ss {
		out = append(out, s.Value)
	}
	return out
}

// Action is an action's metadata file (action.yml).
type Action struct {
	Name    string
	Inputs  map[string]Input
	Outputs map[string]string // output → its value expression (composite)
	// Using is composite, node20, docker, ...
	Using string
	Steps []*Step // composite
	// Dir is where the action's files are (GITHUB_ACTION_PATH).
	Dir string
}

// Input is an action's input.
type Input struct {
	Default  string
	Required bool
}

// ParseAction parses an action's metadata file; name prefixes errors.
func ParseAction(name string, data []byte) (*Action, error) {
	var raw struct {
		Name   string `yaml:"name"`
		Inputs map[string]struct {
			Default  string `yaml:"default"`
			Required bool   `yaml:"required"`
		} `yaml:"inputs"`
		Outputs map[string]struct {
			Value string `yaml:"value"`
		} `yaml:"outputs"`
		Runs struct {
			Using string      `yaml:"using"`
			Steps []yaml.Node `yaml:"steps"`
		} `yaml:"runs"`
	}
	if err := yaml.Unmarshal(data, &raw); err != nil {
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	a := &Action{Name: raw.Name, Inputs: map[string]Input{}, Outputs: map[string]string{}, Using: raw.Runs.Using}
	for k, v := range raw.Inputs {
		a.Inputs[k] = Input{Default: v.Default, Required: v.Required}
	}
	for k, v := range raw.Outputs {
		a.Outputs[k] = v.Value
	}
	if a.Using == "" {
		return nil, fmt.Errorf("%s: runs.using is missing", name)
	}
	for i := range raw.Runs.Steps {
		n := &raw.Runs.Steps[i]
		var s struct {
			ID               string            `yaml:"id"`
			Name             string            `yaml:"name"`
			If               string            `yaml:"if"`
			Uses             string            `yaml:"uses"`
			With             map[string]string `yaml:"with"`
			Run              string            `yaml:"run"`
			Shell            string            `yaml:"shell"`
			WorkingDirectory string            `yaml:"working-directory"`
			Env              map[string]string `yaml:"env"`
			ContinueOnError  string            `yaml:"continue-on-error"`
			TimeoutMinutes   string            `yaml:"timeout-minutes"`
		}
		if err := n.Decode(&s); err != nil {
			return nil, fmt.Errorf("%s:%d: step: %w", name, n.Line, err)
		}
		if (s.Uses == "") == (s.Run == "") {
			return nil, fmt.Errorf("%s:%d: a step needs either uses or run", name, n.Line)
		}
		if s.Run != "" && s.Shell == "" {
			// The runner refuses a composite run step without a shell.
			return nil, fmt.Errorf("%s:%d: required property is missing: shell", name, n.Line)
		}
		if s.Env == nil {
			s.Env = map[string]string{}
		}
		a.Steps = append(a.Steps, &Step{ID: s.ID, Name: s.Name, If: s.If, Uses: s.Uses, With: s.With, Run: s.Run, Shell: s.Shell,
			WorkingDirectory: s.WorkingDirectory, Env: s.Env, ContinueOnError: s.ContinueOnError, TimeoutMinutes: s.TimeoutMinutes, Line: n.Line})
	}
	return a, nil
}
