package ghrunner

import (
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

func testScope(status Status) *scope {
	return &scope{status: status, contexts: map[string]any{
		"github": map[string]any{
			"event_name": "pull_request", "ref": "refs/pull/7/merge",
			"event": map[string]any{
				"workflow_run": map[string]any{"event": "pull_request", "pull_requests": []any{map[string]any{"number": 7.0}}},
				"labels":       []any{map[string]any{"name": "bug"}, map[string]any{"name": "Docs"}},
			},
		},
		"inputs": map[string]any{"upload-artifacts": "true", "mode": "audit", "empty": ""},
		"steps":  map[string]any{"envaudit": map[string]any{"outputs": map[string]any{"sbom": "/t/bom.json", "bundle": ""}, "outcome": "failure"}},
		"env":    map[string]any{"N": "12"},
	}}
}

func TestEval(t *testing.T) {
	for _, tt := range []struct {
		name, expr string
		want       any
	}{
		{"deref", "github.event.workflow_run.event", "pull_request"},
		{"derefCase", "GITHUB.Event_Name", "pull_request"},
		{"missing", "github.event.nothing.deeper", nil},
		{"index", "github.event['workflow_run']['pull_requests'][0].number", 7.0},
		{"indexOut", "github.event.workflow_run.pull_requests[3]", nil},
		{"filter", "github.event.labels.*.name", []any{"bug", "Docs"}},
		{"eqCaseless", "github.event.workflow_run.event == 'PULL_REQUEST'", true},
		{"neq", "inputs.mode != 'audit'", false},
		{"eqNumberString", "env.N == 12", true},
		{"eqNullEmpty", "steps.nothing.outputs.x == ''", true},
		{"eqBoolNumber", "true == 1", true},
		{"eqNaN", "'abc' == 'abc' && 'x' == 0", false},
		{"andValue", "inputs.mode && 'yes'", "yes"},
		{"andShort", "inputs.empty && 'yes'", ""},
		{"orValue", "inputs.empty || 'fallback'", "fallback"},
		{"not", "!steps.envaudit.outputs.bundle", true},
		{"less", "1 < 2 && 'a' < 'B'", true},
		{"greaterNaN", "'x' > 1", false},
		{"containsString", "contains('Hello World', 'WORLD')", true},
		{"containsArray", "contains(github.event.labels.*.name, 'docs')", true},
		{"containsArrayNot", "contains(github.event.labels.*.name, 'doc')", false},
		{"startsWith", "startsWith(github.ref, 'REFS/pull/')", true},
		{"endsWith", "endsWith(github.ref, '/merge')", true},
		{"format", "format('{0}-{1}-{{x}}', 'a', 7)", "a-7-{x}"},
		{"join", "join(github.event.labels.*.name, ', ')", "bug, Docs"},
		{"toJSON", "toJSON(inputs.mode)", `"audit"`},
		{"toJSONObject", "toJSON(steps.envaudit.outputs)", "{\n  \"bundle\": \"\",\n  \"sbom\": \"/t/bom.json\"\n}"},
		{"fromJSON", "fromJSON('{\"a\":[1,true]}').a[1]", true},
		{"fromJSONNumber", "fromJSON('3') == 3", true},
		{"hex", "0x10 == 16", true},
		{"float", "1.5 == '1.5'", true},
		{"parens", "!(inputs.mode == 'audit' || false)", false},
	} {
		t.Run(tt.name, func(t *testing.T) {
			got, err := testScope(StatusSuccess).eval(tt.expr)
			if err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("%s (-want +got):\n%s", tt.expr, diff)
			}
		})
	}
}

func TestEvalErrors(t *testing.T) {
	for _, tt := range []struct{ name, expr, want string }{
		{"syntax", "inputs.mode ==", "expression"},
		{"unknownContext", "secretz.x", `unknown context "secretz"`},
		{"unknownFunction", "hashFiles('x')", `function "hashFiles" is not emulated`},
		{"badFormat", "format('{2}', 1)", "bad index"},
		{"badJSON", "fromJSON('{')", "fromJSON"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			_, err := testScope(StatusSuccess).eval(tt.expr)
			if err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Errorf("eval(%q) = %v, want an error containing %q", tt.expr, err, tt.want)
			}
		})
	}
}

func TestCondition(t *testing.T) {
	for _, tt := range []struct {
		name, cond string
		status     Status
		want       bool
	}{
		{"emptySuccess", "", StatusSuccess, true},
		{"emptyAfterFailure", "", StatusFailure, false},
		{"implicitSuccess", "inputs.mode == 'audit'", StatusFailure, false},
		{"always", "always() && inputs.upload-artifacts == 'true' && steps.envaudit.outputs.sbom != ''", StatusFailure, true},
		{"alwaysEmptyOutput", "always() && steps.envaudit.outputs.bundle != ''", StatusFailure, false},
		{"failure", "failure()", StatusFailure, true},
		{"failureOnSuccess", "failure()", StatusSuccess, false},
		{"cancelled", "cancelled()", StatusCancelled, true},
		{"successOnCancelled", "success()", StatusCancelled, false},
		{"wrapped", "${{ github.event.workflow_run.event == 'pull_request' }}", StatusSuccess, true},
		{"stringTruthy", "inputs.mode", StatusSuccess, true},
	} {
		t.Run(tt.name, func(t *testing.T) {
			got, err := testScope(tt.status).condition(tt.cond)
			if err != nil {
				t.Fatal(err)
			}
			if got != tt.want {
				t.Errorf("condition(%q) with status %s = %v, want %v", tt.cond, tt.status, got, tt.want)
			}
		})
	}
}

func TestInterpolate(t *testing.T) {
	for _, tt := range []struct{ name, in, want string }{
		{"plain", "npm test", "npm test"},
		{"one", "${{ inputs.mode }}", "audit"},
		{"embedded", "mode=${{ inputs.mode }}, n=${{ env.N }}.", "mode=audit, n=12."},
		{"braceInString", "${{ format('{0}}}', 'x') }}!", "x}!"},
		{"null", "[${{ steps.x.outputs.y }}]", "[]"},
		{"number", "${{ 1.50 }} ${{ 3 }}", "1.5 3"},
		{"bool", "${{ 1 == 1 }}", "true"},
		{"noSpaces", "${{inputs.mode}}", "audit"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			got, err := testScope(StatusSuccess).interpolate(tt.in)
			if err != nil {
				t.Fatal(err)
			}
			if got != tt.want {
				t.Errorf("interpolate(%q) = %q, want %q", tt.in, got, tt.want)
			}
		})
	}
	for _, in := range []string{"${{ inputs.mode", "${{ github.event }}", "${{ steps.envaudit.outputs }}"} {
		if got, err := testScope(StatusSuccess).interpolate(in); err == nil {
			t.Errorf("interpolate(%q) = %q, want an error", in, got)
		}
	}
}

// FuzzInterpolate feeds the template scanner and the evaluator arbitrary
// text: they may refuse it, never panic.
func FuzzInterpolate(f *testing.F) {
	for _, s := range []string{"${{ inputs.mode }}", "a ${{ format('{0}', 'b') }} c", "${{", "}}${{ x[", "${{ fromJSON('[1,{}]')[1] }}", "${{ a.*.b == 'x' || !c }}"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		sc := testScope(StatusSuccess)
		_, _ = sc.interpolate(s)
		_, _ = sc.condition(s)
	})
}
