package redteam

import (
	"fmt"
	"testing"
)

// TestAttackGate reproduces issue 10's ways for a pull request to steer
// its own gate: each pull request brings a new finding the default gate
// fails on, and attacks the comparison or the policy so that the step
// passes. The finding must stay new and gating, and the step must fail.
func TestAttackGate(t *testing.T) {
	for _, tt := range []struct {
		name    string
		fixture string
		run     string
		// kind and pkg are the finding that must stay new and gating.
		kind, pkg string
		setup     func(j *job)
	}{
		// A made-up (slopsquatted) package declared, and a git replace ref
		// planted by the test so that the base commit reads as the pull
		// request: every finding would be "existing".
		{name: "replaceRef", fixture: "gate-replace", run: "bash test.sh", kind: "phantom", pkg: "lodahs"},
		// The pull request's own .envaudit.yml ignores every package.
		{name: "ownConfigIgnoresAll", fixture: "gate-config", run: "node test.js", kind: "phantom", pkg: "lodahs"},
		// A coding agent's pull request whose own .envaudit.yml turns the
		// built-in agent signals off, escaping agent-policy strict: the
		// unused is-number it declares fails only the strict gate.
		{name: "ownConfigEscapesStrict", fixture: "gate-agents", run: "node test.js", kind: "phantom", pkg: "is-number", setup: func(j *job) {
			j.login, j.branch = "Copilot", "copilot/add-is-number"
			j.inputs["agent-policy"] = "strict"
			j.installIsNumber()
		}},
		// The code requires ms, which only debug brings (hidden direct);
		// the test deletes the require line after loading it.
		{name: "requireDeletedAfterLoading", fixture: "gate-require", run: "node test.js", kind: "hidden", pkg: "ms"},
		// The code requires is-number, which a workflow step installed
		// outside the manifests (hidden undeclared), by a name built at run
		// time, so that no added line names it.
		{name: "nameBuiltAtRunTime", fixture: "gate-runtime", run: "node test.js", kind: "hidden", pkg: "is-number", setup: (*job).installIsNumber},
	} {
		t.Run(tt.name, func(t *testing.T) {
			j := newJob(t, tt.fixture)
			j.inputs["run"] = tt.run
			j.inputs["working-directory"] = "app"
			if tt.setup != nil {
				tt.setup(j)
			}
			res := j.run(0)
			f := j.report(res).find(tt.kind, tt.pkg)
			got := "no such finding"
			if f != nil {
				got = fmt.Sprintf("%s %s (%s): change %q, gating %v", f.Kind, f.Package, f.Reason, f.Change, f.Gating)
			}
			held := res.code == 1 && f != nil && f.Change == "new" && f.Gating
			observe(t, held, "%s; step %s, failing=%s, agent-authored=%s", got, outcome(res), res.outputs["failing"], res.outputs["agent-authored"])
		})
	}
}
