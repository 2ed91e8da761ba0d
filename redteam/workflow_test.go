package redteam

import (
	"archive/zip"
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/envaudit/envaudit/ghaction/ghfake"
)

// bundleArtifact is the artifact name action.yml uploads the bundle as.
const bundleArtifact = "envaudit-bundle"

// auditRunID is the workflow run of the audit job.
const auditRunID = 4242

// publishJob is the publish workflow's job for the audit job a: the
// default branch checked out (the base commit), its own RUNNER_TEMP, a
// workflow_run event for a's run (which failed: the audits of this
// suite's hostile pull requests fail their gate), the same API (a's fake
// GitHub), which serves the audit workflow the event names, the same at
// the pull request's head as on the default branch.
func publishJob(t *testing.T, a *job) *job {
	p := newJob(t, "")
	p.head = p.base
	p.srv = a.srv
	p.token = a.token
	p.eventData = map[string]any{
		"action": "completed",
		"workflow_run": map[string]any{
			"id": auditRunID, "event": "pull_request", "conclusion": "failure",
			"head_sha": a.head, "head_branch": a.branch, "path": auditWorkflowPath,
			"pull_requests": []any{map[string]any{"number": 7}},
		},
		"repository": map[string]any{"full_name": "octo/rt", "default_branch": "main"},
	}
	a.srv.SetContent(p.head, auditWorkflowPath, []byte(auditWorkflowYAML))
	a.srv.SetContent(a.head, auditWorkflowPath, []byte(auditWorkflowYAML))
	p.inputs["mode"] = "publish"
	return p
}

// zipBundle is an artifact's archive holding data as the bundle file.
func zipBundle(t *testing.T, data []byte) []byte {
	var buf bytes.Buffer
	w := zip.NewWriter(&buf)
	f, err := w.Create("envaudit-bundle.json")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := f.Write(data); err != nil {
		t.Fatal(err)
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

// auditBundle runs mode audit on a hostile pull request whose package
// names and versions inject Markdown (TestAttackInjectedStrings' without
// the name holding a newline, for which mode audit writes no bundle at
// all) and returns the job and its bundle, nil when the envaudit under
// test wrote none.
func auditBundle(t *testing.T) (*job, []byte) {
	a := newJob(t, "inert-bundle")
	a.inputs["run"] = "node test.js"
	a.inputs["working-directory"] = "app"
	a.inputs["mode"] = "audit"
	res := a.run(0)
	dir := res.outputs["bundle"]
	if dir == "" {
		return a, nil
	}
	if !filepath.IsAbs(dir) {
		dir = filepath.Join(a.ws, dir)
	}
	data, err := os.ReadFile(filepath.Join(dir, "envaudit-bundle.json"))
	if err != nil {
		t.Logf("bundle: %v", err)
		return a, nil
	}
	a.srv.SetPullRequests(ghfake.PullRequest{Number: 7, State: "open", User: struct {
		Login string `json:"login"`
		Type  string `json:"type"`
	}{Login: a.login, Type: "User"}, Head: ghfake.Ref{Ref: a.branch, SHA: a.head}, Base: ghfake.Ref{Ref: "main", SHA: a.base}})
	return a, data
}

// published says what the publish job left on the pull request.
func published(j *job) (checks []ghfake.CheckRun, reviews, comments int) {
	return j.srv.CheckRuns(), len(j.srv.ReviewComments()), len(j.srv.IssueComments())
}

// TestAttackTwoWorkflows runs issue 10's recommended setup end to end as
// the runner's user: mode audit on a hostile pull request (its package
// names inject Markdown) writes the publish bundle, which the publish
// workflow downloads as the audit run's artifact and publishes — review,
// summary comment, a check run on the head commit — through the fake
// API, every body inert. The audit job sends no write request.
func TestAttackTwoWorkflows(t *testing.T) {
	a, data := auditBundle(t)
	if data == nil {
		observe(t, false, "mode audit wrote no publish bundle (writes: %v)", a.writes())
		return
	}
	auditWrites := a.writes()
	a.srv.AddArtifact(auditRunID, bundleArtifact, zipBundle(t, data))
	p := publishJob(t, a)
	res := p.run(0)
	checks, reviews, comments := published(p)
	bad := liveIn(t, bodies(p))
	ok := len(auditWrites) == 0 && res.code == 0 && len(checks) == 1 && checks[0].HeadSHA == a.head && reviews > 0 && comments == 1 && len(bad) == 0
	conclusion := ""
	if len(checks) > 0 {
		conclusion = checks[0].Conclusion
	}
	observe(t, ok, "audit job writes %v; publish step %s: %d check runs (%s), %d review comments, %d summary comments; live: %s",
		auditWrites, outcome(res), len(checks), conclusion, reviews, comments, kinds(bad))
}

// TestAttackHostileBundle hands the publish workflow a bundle the audit
// job — which ran the pull request's code — forged: over the size cap,
// with a finding placed outside the repository, and with Markdown
// injected into a message. The first two must be refused (no review, no
// comment, a failing check run); the third refused or rendered inert.
func TestAttackHostileBundle(t *testing.T) {
	for _, tt := range []struct {
		name   string
		forge  func(t *testing.T, b map[string]any) []byte
		refuse bool
	}{
		{name: "oversized", refuse: true, forge: func(t *testing.T, b map[string]any) []byte {
			data, _ := json.Marshal(b)
			// White space is valid JSON: 33 MiB of it before the end.
			return append(data[:len(data)-1], append(bytes.Repeat([]byte(" "), 33<<20), '}')...)
		}},
		{name: "forgedPath", refuse: true, forge: func(t *testing.T, b map[string]any) []byte {
			f := firstFinding(t, b)
			f["location"] = map[string]any{"file": "../../../../etc/passwd", "line": 1}
			data, _ := json.Marshal(b)
			return data
		}},
		{name: "injectedMarkdown", forge: func(t *testing.T, b map[string]any) []byte {
			f := firstFinding(t, b)
			f["message"] = "[click me](https://evil.example/m) <img src=https://evil.example/i.png> cc @evil-org/team\n| injected | row |"
			data, _ := json.Marshal(b)
			return data
		}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			a, data := auditBundle(t)
			if data == nil {
				observe(t, false, "mode audit wrote no publish bundle to forge")
				return
			}
			var b map[string]any
			if err := json.Unmarshal(data, &b); err != nil {
				t.Fatal(err)
			}
			a.srv.AddArtifact(auditRunID, bundleArtifact, zipBundle(t, tt.forge(t, b)))
			p := publishJob(t, a)
			res := p.run(0)
			checks, reviews, comments := published(p)
			bad := liveIn(t, bodies(p))
			refused := reviews == 0 && comments == 0 && len(checks) == 1 && checks[0].Conclusion == "failure"
			why := ""
			if len(checks) > 0 {
				why = checks[0].Output.Title
			}
			if tt.refuse {
				observe(t, refused, "publish step %s; refused: %v (check run %q); %d review comments, %d summary comments", outcome(res), refused, why, reviews, comments)
				return
			}
			observe(t, refused || len(bad) == 0, "publish step %s; refused: %v; %d review comments, %d summary comments; live: %s", outcome(res), refused, reviews, comments, kinds(bad))
		})
	}
}

// firstFinding returns the bundle's first finding with a location.
func firstFinding(t *testing.T, b map[string]any) map[string]any {
	t.Helper()
	rep, _ := b["report"].(map[string]any)
	ecos, _ := rep["ecosystems"].([]any)
	for _, e := range ecos {
		fs, _ := e.(map[string]any)["findings"].([]any)
		for _, f := range fs {
			if m, ok := f.(map[string]any); ok && m["location"] != nil {
				return m
			}
		}
	}
	t.Fatalf("the bundle has no finding with a location: %s", strings.Join(strings.Fields(string(must(json.Marshal(b)))), " ")[:500])
	return nil
}

func must(data []byte, _ error) []byte { return data }
