package e2e

import (
	"encoding/json"
	"fmt"
	"net/http"
	"os"
	"regexp"
	"sort"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/envaudit/envaudit/ghaction/ghfake"
	"github.com/envaudit/envaudit/internal/ghrunner"
)

// place is a line of a file of the repository.
type place struct {
	File string
	Line int
}

// project is a fixture project and what its pull request gets wrong: the
// finding of failing fails the gate, at failingAt (npm and Python: the
// code imports a package only a declared one brings, hidden direct at the
// import; Go: go.mod, on an added line, marks a module the code imports
// `// indirect`, a manifest warning its gate includes, since the go
// command builds no import of a module go.mod lacks), and it declares
// phantom on an added line (phantomAt, a warning) without using it.
type project struct {
	name, fixture, prefix string
	// edits derive the project's audit workflow from the README's, and
	// publishEdits its publish workflow.
	edits, publishEdits []edit
	failing, phantom    string
	failingAt           place
	phantomAt           place
	// ignored is a package the base branch's .envaudit.yml ignores ("" when
	// the project has none); the pull request's own .envaudit.yml would
	// ignore every finding.
	ignored string
}

var npmRoot = project{name: "npmRoot", fixture: "npm", failing: "ms", failingAt: place{"index.js", 2}, phantom: "left-pad", phantomAt: place{"package.json", 11}, ignored: "is-number"}

func projects() []project {
	return []project{
		npmRoot,
		{name: "npmSubdir", fixture: "npm", prefix: "web", edits: subdirEdits("web"), failing: "ms", failingAt: place{"web/index.js", 2}, phantom: "left-pad", phantomAt: place{"web/package.json", 11}, ignored: "is-number"},
		{name: "python", fixture: "python", edits: pythonEdits(), failing: "urllib3", failingAt: place{"app.py", 2}, phantom: "six", phantomAt: place{"requirements.txt", 2}},
		{name: "gomod", fixture: "gomod", edits: append(goEdits(), goGate()), publishEdits: []edit{goGate()}, failing: "golang.org/x/mod", failingAt: place{"go.mod", 11}, phantom: "github.com/google/go-cmp", phantomAt: place{"go.mod", 6}},
	}
}

// TestAuditThenPublish runs, for each project, the README's two
// workflows on its pull request: the audit job (gate failure: the hidden
// import named in the summary and annotated on its line; no API write;
// the token never in the tests' environment; the bundle and SBOM
// uploaded) and the publish job on the audit run's completion (the
// review on the changed lines, one summary comment, a failing check run
// with the annotations on the head commit, the gate of the default
// branch's .envaudit.yml, nothing of the pull request run). Then the
// same test command in a job without the Action: the traced command saw
// the job's own toolchain.
func TestAuditThenPublish(t *testing.T) {
	for _, p := range projects() {
		t.Run(p.name, func(t *testing.T) {
			sc := newScenario(t, p.fixture, p.prefix)
			sc.push("pr", "Greet after a minute")
			a := sc.runAudit(variant(t, sc.auditYML, p.edits...))
			t.Run("audit", func(t *testing.T) { checkAudit(t, sc, p, a) })
			publish := sc.publish
			if len(p.publishEdits) > 0 {
				publish = variant(t, sc.publishYML, p.publishEdits...)
			}
			pub := sc.runPublish(publish, a, sc.newRunID(), 1)
			t.Run("publish", func(t *testing.T) { checkPublish(t, sc, p, pub) })
			plain := sc.runAudit(variant(t, sc.auditYML, append(append([]edit(nil), p.edits...), withoutAction)...))
			t.Run("toolchain", func(t *testing.T) { checkToolchain(t, a, plain) })
		})
	}
}

// checkAudit checks the audit job of a pull request whose p.failing
// fails the gate: the gate fails and says why, the job writes
// nothing through the API and uploads what the publisher needs.
func checkAudit(t *testing.T, sc *scenario, p project, a *job) {
	defer logOnFailure(t, a)
	if a.res.Conclusion != "failure" {
		t.Errorf("the audit job concluded %s, want failure (the gate)", a.res.Conclusion)
	}
	if s := a.res.Find("envaudit"); s == nil || s.ExitCode != 1 {
		t.Errorf("the envaudit step did not exit 1 (the gate): %+v", s)
	}
	// The failing finding, as annotations on the job and in its summary.
	if diff := cmp.Diff([]annotation{{"error", p.failingAt.File, p.failingAt.Line}}, shown(a, p.failing)); diff != "" {
		t.Errorf("annotations of %s (-want +got):\n%s", p.failing, diff)
	}
	if diff := cmp.Diff([]annotation{{"warning", p.phantomAt.File, p.phantomAt.Line}}, shown(a, p.phantom)); diff != "" {
		t.Errorf("annotations of %s (-want +got):\n%s", p.phantom, diff)
	}
	if !summaryNames(a.res.Summary, "❌", p.failing) {
		t.Errorf("the job summary does not name %s as failing:\n%s", p.failing, a.res.Summary)
	}
	// The binary is cached although the gate failed: restored, or saved
	// before the tests ran.
	inner := action(t, a).Steps
	cached := false
	for _, s := range inner {
		cached = cached || s.ID == "cache" && s.Outputs["cache-hit"] == "true" ||
			strings.HasPrefix(s.Uses, "actions/cache/save@") && s.Conclusion == "success"
	}
	if !cached {
		t.Errorf("the envaudit binary was neither restored from the cache nor saved to it by a job whose gate failed")
	}
	checkInstall(t, sc, a)
	out := action(t, a).Outputs
	if out["failing"] != "1" {
		t.Errorf("output failing = %q, want 1", out["failing"])
	}
	if out["bundle"] == "" {
		t.Errorf("output bundle is empty: no publish bundle was written")
	}
	if diff := cmp.Diff([]string{"envaudit-bundle", "envaudit-sbom"}, artifacts(t, sc, a.run.RunID)); diff != "" {
		t.Errorf("artifacts of the audit run (-want +got):\n%s", diff)
	}
	if w := sc.srv.Writes(a.res.Token); len(w) > 0 {
		t.Errorf("the audit job wrote through the API: %v", requestLines(w))
	}
	noSecret(t, a)
}

// checkPublish checks the publish job: what it posted, the gate it
// applied, and that it ran nothing of the pull request.
func checkPublish(t *testing.T, sc *scenario, p project, pub *job) {
	defer logOnFailure(t, pub)
	checkInstall(t, sc, pub)
	if pub.res.Conclusion != "success" {
		t.Errorf("the publish job concluded %s, want success (it published; the check run carries the gate)", pub.res.Conclusion)
	}
	var checks []ghfake.CheckRun
	for _, c := range sc.srv.CheckRuns() {
		if c.HeadSHA == sc.o.head {
			checks = append(checks, c)
		}
	}
	if len(checks) != 1 {
		t.Fatalf("%d check runs on the head commit, want 1: %+v", len(checks), sc.srv.CheckRuns())
	}
	c := checks[0]
	if c.Name != "envaudit" || c.Conclusion != "failure" {
		t.Errorf("check run %q concluded %q, want envaudit, failure", c.Name, c.Conclusion)
	}
	var anns []annotation
	for _, an := range c.Annotations {
		if strings.Contains(an.Title, " "+p.failing+" ") {
			anns = append(anns, annotation{an.AnnotationLevel, an.Path, an.StartLine})
		}
	}
	if diff := cmp.Diff([]annotation{{"failure", p.failingAt.File, p.failingAt.Line}}, anns); diff != "" {
		t.Errorf("check run annotations of %s (-want +got):\n%s", p.failing, diff)
	}
	var review []place
	for _, rc := range sc.srv.ReviewComments() {
		if rc.User.Login != ghfake.ActionsBot {
			t.Errorf("a review comment by %q", rc.User.Login)
		}
		review = append(review, place{rc.Path, rc.Line})
	}
	sortPlaces(review)
	want := []place{p.failingAt, p.phantomAt}
	sortPlaces(want)
	if diff := cmp.Diff(want, review); diff != "" {
		t.Errorf("review comments on the changed lines (-want +got):\n%s", diff)
	}
	ics := sc.srv.IssueComments()
	if len(ics) != 1 || !strings.HasPrefix(ics[0].Body, "<!-- envaudit:summary -->") || ics[0].User.Login != ghfake.ActionsBot {
		t.Errorf("want one summary comment by %s, got %+v", ghfake.ActionsBot, ics)
	} else if !summaryNames(ics[0].Body, "❌", p.failing) {
		t.Errorf("the summary comment does not name %s as failing:\n%s", p.failing, ics[0].Body)
	}
	for _, w := range sc.srv.Writes(pub.res.Token) {
		if !strings.HasSuffix(w.Path, "/check-runs") && !strings.Contains(w.Path, "/check-runs/") && !strings.HasSuffix(w.Path, "/reviews") && !strings.Contains(w.Path, "/issues/") {
			t.Errorf("the publish job wrote %s %s", w.Method, w.Path)
		}
	}
	// The default branch, never the pull request: its code never ran
	// (its test would have recorded its environment).
	if co := stepOf(pub, "actions/checkout@"); co == nil || co.Outputs["commit"] != sc.o.base {
		t.Errorf("the publish job did not check out the default branch's %s", sc.o.base)
	}
	if pub.evidence != nil {
		t.Errorf("the pull request's test ran in the publish job")
	}
	if p.ignored != "" {
		checkGate(t, pub, p)
	}
}

// checkGate checks the publish job's gate came from the default branch's
// .envaudit.yml: its ignore rule applies, and the pull request's, which
// ignores everything, does not.
func checkGate(t *testing.T, pub *job, p project) {
	t.Helper()
	path := action(t, pub).Outputs["report"]
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("the publish job's report: %v", err)
	}
	var rep struct {
		Ecosystems []struct {
			Findings []struct {
				Kind, Reason, Package, Ignored string
				Gating                         bool
			} `json:"findings"`
		} `json:"ecosystems"`
	}
	if err := json.Unmarshal(data, &rep); err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, e := range rep.Ecosystems {
		for _, f := range e.Findings {
			if (f.Package == p.failing || f.Package == p.ignored) && f.Kind != "bloat" {
				got = append(got, fmt.Sprintf("%s %s:%s gating=%v ignored=%q", f.Package, f.Kind, f.Reason, f.Gating, f.Ignored))
			}
		}
	}
	sort.Strings(got)
	want := []string{
		p.ignored + ` phantom:unused gating=false ignored="kept for the next release"`,
		p.failing + ` hidden:direct gating=true ignored=""`,
	}
	sort.Strings(want)
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("the publish job's gate (-want +got):\n%s", diff)
	}
}

// checkToolchain compares what the test command saw in the audit job
// (traced by the Action) and in a job without the Action.
func checkToolchain(t *testing.T, traced, plain *job) {
	if traced.evidence == nil || plain.evidence == nil {
		t.Fatalf("a test command did not record its environment (traced %v, plain %v)", traced.evidence != nil, plain.evidence != nil)
	}
	// Each job has directories of its own where a hosted runner has the
	// same ones for every job: compared as $RUNNER.
	view := func(j *job) map[string]string {
		e := j.evidence
		r := strings.NewReplacer(j.res.Root, "$RUNNER")
		return map[string]string{
			"PATH": r.Replace(e.Env["PATH"]), "GOROOT": r.Replace(e.Env["GOROOT"]), "GOTOOLCHAIN": e.Env["GOTOOLCHAIN"],
			"tool version": e.Tool, "go env GOROOT": r.Replace(e.GOROOT), "program": r.Replace(e.Program),
		}
	}
	if diff := cmp.Diff(view(plain), view(traced)); diff != "" {
		t.Errorf("the test command's toolchain without the Action and under it (-without +with):\n%s", diff)
	}
}

// summaryNames reports whether a line of a summary marked with mark
// (❌ for a failing finding) names pkg in a code span.
func summaryNames(summary, mark, pkg string) bool {
	for _, l := range strings.Split(summary, "\n") {
		if strings.Contains(l, mark) && strings.Contains(l, "`"+pkg+"`") {
			return true
		}
	}
	return false
}

func sortPlaces(ps []place) {
	sort.Slice(ps, func(i, j int) bool {
		return ps[i].File < ps[j].File || ps[i].File == ps[j].File && ps[i].Line < ps[j].Line
	})
}

// stepOf returns the job's step that used the action uses (a prefix).
func stepOf(j *job, uses string) *ghrunner.StepResult {
	for _, s := range j.res.Steps {
		if strings.HasPrefix(s.Uses, uses) && !s.Post {
			return s
		}
	}
	return nil
}

// artifacts lists the names of run id's artifacts, as GitHub's API lists
// them to a reader with actions: read.
func artifacts(t *testing.T, sc *scenario, id int64) []string {
	t.Helper()
	tok := "ghs_test_reader"
	sc.srv.AddToken(tok, ghfake.Permissions{"actions": "read"})
	var names []string
	for url := fmt.Sprintf("%s/repos/%s/actions/runs/%d/artifacts?per_page=100", sc.srv.APIURL(), repoName, id); url != ""; {
		req, err := http.NewRequest("GET", url, nil)
		if err != nil {
			t.Fatal(err)
		}
		req.Header.Set("Authorization", "Bearer "+tok)
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		var list struct {
			Artifacts []struct {
				Name string `json:"name"`
			} `json:"artifacts"`
		}
		err = json.NewDecoder(resp.Body).Decode(&list)
		resp.Body.Close()
		if err != nil {
			t.Fatal(err)
		}
		for _, a := range list.Artifacts {
			names = append(names, a.Name)
		}
		url = ""
		if m := regexp.MustCompile(`<([^>]+)>; rel="next"`).FindStringSubmatch(resp.Header.Get("Link")); m != nil {
			url = m[1]
		}
	}
	sort.Strings(names)
	return names
}

func issueBodies(srv *ghfake.Server) []string {
	var out []string
	for _, c := range srv.IssueComments() {
		out = append(out, c.Body)
	}
	return out
}

func requestLines(rs []ghfake.Request) []string {
	var out []string
	for _, r := range rs {
		out = append(out, r.Method+" "+r.Path)
	}
	return out
}
