package ghrunner

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"reflect"
	"slices"
	"strconv"
	"strings"
)

// WorkflowResult is a workflow run as GitHub shows it: its conclusion
// and every job, in the order they ran.
type WorkflowResult struct {
	// Conclusion is failure when a job failed, else cancelled when one
	// was, else success.
	Conclusion string
	Jobs       []*JobResult
}

// Job returns the jobs GitHub shows under name (a matrix job's
// combinations are "id (a, b)"), or whose ID is name.
func (r *WorkflowResult) Job(name string) []*JobResult {
	var out []*JobResult
	for _, j := range r.Jobs {
		if j.Name == name || j.ID == name {
			out = append(out, j)
		}
	}
	return out
}

// Limits GitHub sets on a run.
const (
	// maxMatrix is the most jobs a matrix makes.
	maxMatrix = 256
	// maxCallDepth is how deep reusable workflows may call others.
	maxCallDepth = 10
)

// statusSkipped is what the status functions of a job see when a job it
// needs was skipped: neither success() nor failure() holds.
const statusSkipped Status = "skipped"

// RunWorkflow runs every job of run.Workflow as GitHub runs them: a job
// once the jobs it needs have finished (one at a time, in the file's
// order among those ready), its if: seeing the needs context and the
// status of the jobs before it, a matrix job once per combination of its
// matrix (with fail-fast, the combinations after a failed one are
// cancelled rather than run), and a job that calls a reusable workflow
// as that workflow's jobs, named behind the caller's. An error is a
// problem of the emulation or of a workflow file, as RunJob's.
func (m *Machine) RunWorkflow(ctx context.Context, run *Run) (*WorkflowResult, error) {
	res := &WorkflowResult{}
	w := &workflowRun{m: m, run: run, res: res}
	if _, err := w.jobs(ctx, run.Workflow, &callFrame{secrets: run.Secrets, inputs: map[string]any{}}); err != nil {
		return nil, err
	}
	res.Conclusion = "success"
	for _, j := range res.Jobs {
		switch j.Conclusion {
		case "failure":
			res.Conclusion = "failure"
		case "cancelled":
			if res.Conclusion == "success" {
				res.Conclusion = "cancelled"
			}
		}
	}
	return res, nil
}

// workflowRun is a workflow run under way.
type workflowRun struct {
	m   *Machine
	run *Run
	res *WorkflowResult
}

// callFrame is what the jobs of one workflow of the run get from its
// caller (nothing but the repository's secrets at the top).
type callFrame struct {
	depth   int
	prefix  string // the caller's name and " / "
	inputs  map[string]any
	secrets map[string]string
	perms   Permissions // the caller job's, nil at the top
}

// outcome is a finished job of a workflow: its result as the needs
// context gives it, its outputs, and whether it or a job before it
// failed, was cancelled or skipped.
type outcome struct {
	result  string
	outputs map[string]string
	// status is what the status functions of a job after it see.
	status Status
}

// jobs runs the jobs of wf and returns each one's outcome.
func (w *workflowRun) jobs(ctx context.Context, wf *Workflow, cf *callFrame) (map[string]*outcome, error) {
	done := map[string]*outcome{}
	for _, j := range wf.Jobs {
		for _, n := range j.Needs {
			if wf.Job(n) == nil {
				return nil, fmt.Errorf("%s: job %q needs %q, which the workflow does not have", wf.Name, j.ID, n)
			}
		}
	}
	for len(done) < len(wf.Jobs) {
		var next *Job
		for _, j := range wf.Jobs {
			if done[strings.ToLower(j.ID)] != nil {
				continue
			}
			ready := true
			for _, n := range j.Needs {
				if done[strings.ToLower(n)] == nil {
					ready = false
				}
			}
			if ready {
				next = j
				break
			}
		}
		if next == nil {
			return nil, fmt.Errorf("%s: the jobs' needs make a cycle", wf.Name)
		}
		o, err := w.job(ctx, wf, next, cf, done)
		if err != nil {
			return nil, err
		}
		done[strings.ToLower(next.ID)] = o
	}
	return done, nil
}

// job runs def, every combination of its matrix, after the jobs it
// needs (done).
func (w *workflowRun) job(ctx context.Context, wf *Workflow, def *Job, cf *callFrame, done map[string]*outcome) (*outcome, error) {
	needs := map[string]any{}
	status := StatusSuccess
	for _, n := range def.Needs {
		o := done[strings.ToLower(n)]
		outs := map[string]any{}
		for k, v := range o.outputs {
			outs[k] = v
		}
		needs[n] = map[string]any{"result": o.result, "outputs": outs}
		status = worse(status, o.status)
	}
	if ctx.Err() != nil {
		status = StatusCancelled
	}
	jc := &jobContext{wf: wf, name: def.Name, needs: needs, matrix: map[string]any{}, strategy: map[string]any{}, inputs: cf.inputs,
		secrets: cf.secrets, callerPerms: cf.perms}
	ok, err := jc.scope(w.m, w.run, def, status).condition(def.If)
	if err != nil {
		return nil, fmt.Errorf("%s: job %q: if: %w", wf.Name, def.ID, err)
	}
	if !ok {
		w.res.Jobs = append(w.res.Jobs, &JobResult{ID: def.ID, Name: cf.prefix + w.displayName(def, jc, nil), Conclusion: "skipped"})
		// A job after a skipped one is skipped too, unless its if:
		// says otherwise.
		return &outcome{result: "skipped", outputs: map[string]string{}, status: worse(status, statusSkipped)}, nil
	}
	combos, err := w.expand(def, jc.scope(w.m, w.run, def, status))
	if err != nil {
		return nil, fmt.Errorf("%s: job %q: strategy: %w", wf.Name, def.ID, err)
	}
	failFast := true
	maxParallel := float64(len(combos))
	if st := def.Strategy; st != nil {
		sc := jc.scope(w.m, w.run, def, status)
		if st.FailFast != "" {
			v, err := sc.interpolate(st.FailFast)
			if err != nil {
				return nil, err
			}
			failFast = v != "false"
		}
		if st.MaxParallel != "" {
			v, err := sc.interpolate(st.MaxParallel)
			if err != nil {
				return nil, err
			}
			if maxParallel, err = strconv.ParseFloat(v, 64); err != nil {
				return nil, fmt.Errorf("%s: job %q: max-parallel %q: %w", wf.Name, def.ID, v, err)
			}
		}
	}
	o := &outcome{result: "success", outputs: map[string]string{}, status: status}
	failed := false
	for i, combo := range combos {
		cjc := *jc
		cjc.matrix = map[string]any{}
		if combo != nil {
			cjc.matrix = combo
		}
		if def.Strategy != nil {
			cjc.strategy = map[string]any{"fail-fast": failFast, "job-index": float64(i), "job-total": float64(len(combos)), "max-parallel": maxParallel}
		}
		name := cf.prefix + w.displayName(def, &cjc, combo)
		var conclusion string
		var outputs map[string]string
		switch {
		case ctx.Err() != nil || failed && failFast:
			w.res.Jobs = append(w.res.Jobs, &JobResult{ID: def.ID, Name: name, Matrix: combo, Conclusion: "cancelled"})
			conclusion = "cancelled"
		case def.Uses != "":
			if conclusion, outputs, err = w.call(ctx, def, &cjc, cf, name); err != nil {
				return nil, err
			}
		default:
			cjc.name = name
			jr, err := w.m.execJob(ctx, w.run, def, &cjc)
			if err != nil {
				return nil, fmt.Errorf("%s: job %q: %w", wf.Name, name, err)
			}
			w.res.Jobs = append(w.res.Jobs, jr)
			conclusion, outputs = jr.Conclusion, jr.Outputs
		}
		// The outputs of a matrix job are those of the combination
		// that set them last.
		for k, v := range outputs {
			if v != "" {
				o.outputs[k] = v
			}
		}
		switch conclusion {
		case "failure":
			failed = true
			o.result = "failure"
		case "cancelled":
			if o.result == "success" {
				o.result = "cancelled"
			}
		}
	}
	switch o.result {
	case "failure":
		o.status = worse(o.status, StatusFailure)
	case "cancelled":
		o.status = worse(o.status, StatusCancelled)
	}
	return o, nil
}

// worse is the status a job sees after two: failure before cancelled
// before skipped before success.
func worse(a, b Status) Status {
	rank := map[Status]int{StatusSuccess: 0, statusSkipped: 1, StatusCancelled: 2, StatusFailure: 3}
	if rank[b] > rank[a] {
		return b
	}
	return a
}

// displayName is what GitHub calls a job: its name: (an expression
// there evaluated with the matrix), else its ID, followed by a matrix
// combination's values in parentheses when the name has no expression.
func (w *workflowRun) displayName(def *Job, jc *jobContext, combo map[string]any) string {
	name := def.Name
	if strings.Contains(name, "${{") {
		if v, err := jc.scope(w.m, w.run, def, StatusSuccess).interpolate(name); err == nil {
			return v
		}
	}
	if len(combo) == 0 {
		return name
	}
	var vals []string
	for _, k := range matrixKeys(def, combo) {
		vals = append(vals, looseText(combo[k]))
	}
	return name + " (" + strings.Join(vals, ", ") + ")"
}

// matrixKeys are combo's keys: the matrix's rows in order, then what
// include added, sorted.
func matrixKeys(def *Job, combo map[string]any) []string {
	var keys []string
	if def.Strategy != nil && def.Strategy.Matrix != nil {
		for _, r := range def.Strategy.Matrix.Rows {
			if _, ok := combo[r.Name]; ok {
				keys = append(keys, r.Name)
			}
		}
	}
	for _, k := range sortedKeys(combo) {
		if !slices.Contains(keys, k) {
			keys = append(keys, k)
		}
	}
	return keys
}

// expand returns the combinations of def's matrix, in GitHub's order:
// the rows' product (the first row varying slowest), less those exclude
// matches, each include entry merged into every combination whose
// original values it does not change, or added as a combination of its
// own when it fits none. A job without a matrix is one nil combination.
func (w *workflowRun) expand(def *Job, sc *scope) ([]map[string]any, error) {
	if def.Strategy == nil || def.Strategy.Matrix == nil {
		return []map[string]any{nil}, nil
	}
	m := def.Strategy.Matrix
	var rows []MatrixRow
	var include, exclude []map[string]any
	if m.Expr != "" {
		v, err := evalWhole(sc, m.Expr)
		if err != nil {
			return nil, err
		}
		obj, ok := v.(map[string]any)
		if !ok {
			return nil, fmt.Errorf("matrix %s is %s, not an object", m.Expr, kind(v))
		}
		for _, k := range sortedKeys(obj) {
			var err error
			switch k {
			case "include":
				include, err = objects("include", obj[k])
			case "exclude":
				exclude, err = objects("exclude", obj[k])
			default:
				arr, ok := obj[k].([]any)
				if !ok {
					return nil, fmt.Errorf("matrix row %q is %s, not an array", k, kind(obj[k]))
				}
				rows = append(rows, MatrixRow{Name: k, Values: arr})
			}
			if err != nil {
				return nil, err
			}
		}
	} else {
		for _, r := range m.Rows {
			if r.Expr != "" {
				v, err := evalWhole(sc, r.Expr)
				if err != nil {
					return nil, err
				}
				arr, ok := v.([]any)
				if !ok {
					return nil, fmt.Errorf("matrix row %q: %s is %s, not an array", r.Name, r.Expr, kind(v))
				}
				r = MatrixRow{Name: r.Name, Values: arr}
			}
			rows = append(rows, r)
		}
		var err error
		if include, err = combos(sc, "include", m.Include); err != nil {
			return nil, err
		}
		if exclude, err = combos(sc, "exclude", m.Exclude); err != nil {
			return nil, err
		}
	}
	for _, r := range rows {
		if len(r.Values) == 0 {
			return nil, fmt.Errorf("matrix vector %q does not contain any values", r.Name)
		}
	}
	product := []map[string]any{}
	if len(rows) > 0 {
		product = []map[string]any{{}}
		for _, r := range rows {
			var next []map[string]any
			for _, c := range product {
				for _, v := range r.Values {
					n := clone(c)
					n[r.Name] = v
					next = append(next, n)
				}
			}
			product = next
		}
	}
	kept := product[:0]
	for _, c := range product {
		if !slices.ContainsFunc(exclude, func(e map[string]any) bool { return matches(c, e, nil) }) {
			kept = append(kept, c)
		}
	}
	original := make([]map[string]any, len(kept))
	for i, c := range kept {
		original[i] = clone(c)
	}
	var added []map[string]any
	for _, in := range include {
		merged := false
		for i, c := range kept {
			// An entry fits a combination when it changes none of the
			// combination's original values.
			if matches(original[i], in, original[i]) {
				for k, v := range in {
					c[k] = v
				}
				merged = true
			}
		}
		if !merged {
			added = append(added, clone(in))
		}
	}
	out := append(kept, added...)
	if len(out) == 0 {
		return nil, fmt.Errorf("the matrix has no combination")
	}
	if len(out) > maxMatrix {
		return nil, fmt.Errorf("the matrix has %d combinations, more than GitHub's %d", len(out), maxMatrix)
	}
	return out, nil
}

// matches reports whether combination c has every value of entry e
// (only e's keys that within holds, when within is not nil).
func matches(c, e, within map[string]any) bool {
	for k, v := range e {
		if within != nil {
			if _, ok := within[k]; !ok {
				continue
			}
		}
		if !reflect.DeepEqual(c[k], v) {
			return false
		}
	}
	return true
}

func clone(m map[string]any) map[string]any {
	out := make(map[string]any, len(m))
	for k, v := range m {
		out[k] = v
	}
	return out
}

// evalWhole evaluates a field that is one ${{ }} expression to its
// value (an array or object, not a string).
func evalWhole(sc *scope, field string) (any, error) {
	inner, ok := wholeExpr(strings.TrimSpace(field))
	if !ok {
		return nil, fmt.Errorf("%q is not one ${{ }} expression", field)
	}
	return sc.eval(inner)
}

// combos evaluates include or exclude.
func combos(sc *scope, what string, cs Combinations) ([]map[string]any, error) {
	if cs.Expr != "" {
		v, err := evalWhole(sc, cs.Expr)
		if err != nil {
			return nil, err
		}
		return objects(what, v)
	}
	var out []map[string]any
	for _, c := range cs.Items {
		if c.Expr != "" {
			v, err := evalWhole(sc, c.Expr)
			if err != nil {
				return nil, err
			}
			obj, ok := v.(map[string]any)
			if !ok {
				return nil, fmt.Errorf("%s entry %s is %s, not an object", what, c.Expr, kind(v))
			}
			out = append(out, obj)
			continue
		}
		out = append(out, c.Values)
	}
	return out, nil
}

// objects is v as include's or exclude's list of objects.
func objects(what string, v any) ([]map[string]any, error) {
	if v == nil {
		return nil, nil
	}
	arr, ok := v.([]any)
	if !ok {
		return nil, fmt.Errorf("%s is %s, not an array", what, kind(v))
	}
	out := make([]map[string]any, 0, len(arr))
	for _, e := range arr {
		obj, ok := e.(map[string]any)
		if !ok {
			return nil, fmt.Errorf("%s entry is %s, not an object", what, kind(e))
		}
		out = append(out, obj)
	}
	return out, nil
}

// kind names v's type as an error says it.
func kind(v any) string {
	switch v.(type) {
	case nil:
		return "null"
	case bool:
		return "a boolean"
	case float64:
		return "a number"
	case string:
		return "a string"
	case []any:
		return "an array"
	}
	return "an object"
}

// call runs the reusable workflow def uses as the jobs of the run,
// named behind name, and returns the calling job's conclusion and
// outputs.
func (w *workflowRun) call(ctx context.Context, def *Job, jc *jobContext, cf *callFrame, name string) (string, map[string]string, error) {
	if cf.depth+1 > maxCallDepth {
		return "", nil, fmt.Errorf("job %q: reusable workflows nest deeper than %d", def.ID, maxCallDepth)
	}
	key, _, _ := strings.Cut(def.Uses, "@")
	file, ok := w.m.Workflows[key]
	if !ok {
		return "", nil, fmt.Errorf("job %q: no workflow %q on this machine", def.ID, def.Uses)
	}
	data, err := os.ReadFile(file)
	if err != nil {
		return "", nil, err
	}
	called, err := ParseWorkflow(key, data)
	if err != nil {
		return "", nil, err
	}
	if called.Call == nil {
		return "", nil, fmt.Errorf("job %q: %s is not a reusable workflow (on: workflow_call)", def.ID, def.Uses)
	}
	sc := jc.scope(w.m, w.run, def, StatusSuccess)
	inputs, err := callInputs(called, def, sc)
	if err != nil {
		return "", nil, fmt.Errorf("job %q: %s: %w", def.ID, def.Uses, err)
	}
	secrets := map[string]string{}
	if def.InheritSecrets {
		for k, v := range cf.secrets {
			secrets[k] = v
		}
	} else {
		sc.contexts["secrets"] = toAny(cf.secrets)
		for _, k := range sortedKeys(def.Secrets) {
			if _, ok := called.Call.Secrets[k]; !ok && !hasFold(called.Call.Secrets, k) {
				return "", nil, fmt.Errorf("job %q: %s takes no secret %q", def.ID, def.Uses, k)
			}
			v, err := sc.interpolate(def.Secrets[k])
			if err != nil {
				return "", nil, fmt.Errorf("job %q: secret %s: %w", def.ID, k, err)
			}
			secrets[k] = v
		}
		for k, req := range called.Call.Secrets {
			if req && !hasFold(secrets, k) {
				return "", nil, fmt.Errorf("job %q: %s requires the secret %q", def.ID, def.Uses, k)
			}
		}
	}
	// The caller's token permissions bound the called jobs'.
	perms := def.Permissions
	if perms == nil {
		perms = jc.wf.Permissions
	}
	if perms == nil {
		perms = cf.perms
	}
	if perms == nil {
		perms = Permissions{"contents": "read", "packages": "read"}
	}
	inner := &callFrame{depth: cf.depth + 1, prefix: name + " / ", inputs: inputs, secrets: secrets, perms: effective(perms)}
	outcomes, err := w.jobs(ctx, called, inner)
	if err != nil {
		return "", nil, err
	}
	conclusion := "success"
	jobsCtx := map[string]any{}
	for _, j := range called.Jobs {
		o := outcomes[strings.ToLower(j.ID)]
		jobsCtx[j.ID] = map[string]any{"result": o.result, "outputs": toAny(o.outputs)}
		switch o.result {
		case "failure":
			conclusion = "failure"
		case "cancelled":
			if conclusion == "success" {
				conclusion = "cancelled"
			}
		}
	}
	osc := &scope{contexts: map[string]any{"github": sc.contexts["github"], "jobs": jobsCtx, "inputs": inputs, "vars": map[string]any{}}, status: StatusSuccess}
	outputs := map[string]string{}
	for _, k := range sortedKeys(called.Call.Outputs) {
		v, err := osc.interpolate(called.Call.Outputs[k])
		if err != nil {
			return "", nil, fmt.Errorf("%s: output %s: %w", def.Uses, k, err)
		}
		outputs[k] = v
	}
	return conclusion, outputs, nil
}

// callInputs are the inputs context of a called workflow: the caller's
// with: values, else the defaults, each of its declared type; an input
// it does not declare, a required one missing or a value not of its type
// is an error, as GitHub refuses the run.
func callInputs(called *Workflow, def *Job, sc *scope) (map[string]any, error) {
	out := map[string]any{}
	given := map[string]string{}
	for k, v := range def.With {
		found := false
		for _, in := range called.Call.Inputs {
			if strings.EqualFold(in.Name, k) {
				given[in.Name], found = v, true
			}
		}
		if !found {
			return nil, fmt.Errorf("invalid input, %s is not defined in the referenced workflow", k)
		}
	}
	for _, in := range called.Call.Inputs {
		raw, ok := given[in.Name]
		if !ok {
			if in.Required {
				return nil, fmt.Errorf("input required and not supplied: %s", in.Name)
			}
			if !in.HasDefault {
				out[in.Name] = zero(in.Type)
				continue
			}
			raw = in.Default
		}
		var v any
		if inner, whole := wholeExpr(strings.TrimSpace(raw)); whole {
			var err error
			if v, err = sc.eval(inner); err != nil {
				return nil, fmt.Errorf("input %s: %w", in.Name, err)
			}
		} else {
			s, err := sc.interpolate(raw)
			if err != nil {
				return nil, fmt.Errorf("input %s: %w", in.Name, err)
			}
			v = s
		}
		tv, err := typed(in, v)
		if err != nil {
			return nil, err
		}
		out[in.Name] = tv
	}
	return out, nil
}

// typed is v as the input's type.
func typed(in CallInput, v any) (any, error) {
	switch in.Type {
	case "boolean":
		switch v := v.(type) {
		case bool:
			return v, nil
		case string:
			if b, err := strconv.ParseBool(v); err == nil && (v == "true" || v == "false") {
				return b, nil
			}
		}
	case "number":
		switch v := v.(type) {
		case float64:
			return v, nil
		case string:
			if f, err := strconv.ParseFloat(strings.TrimSpace(v), 64); err == nil {
				return f, nil
			}
		}
	default:
		switch v := v.(type) {
		case string:
			return v, nil
		case bool, float64, nil:
			return looseText(v), nil
		}
		data, err := json.Marshal(v)
		if err != nil {
			return nil, err
		}
		return string(data), nil
	}
	return nil, fmt.Errorf("input %s: %v is not a %s", in.Name, v, in.Type)
}

func zero(typ string) any {
	switch typ {
	case "boolean":
		return false
	case "number":
		return float64(0)
	}
	return ""
}

func toAny(m map[string]string) map[string]any {
	out := make(map[string]any, len(m))
	for k, v := range m {
		out[k] = v
	}
	return out
}

func hasFold[V any](m map[string]V, k string) bool {
	for mk := range m {
		if strings.EqualFold(mk, k) {
			return true
		}
	}
	return false
}
