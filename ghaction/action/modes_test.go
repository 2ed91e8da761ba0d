package action

import (
	"archive/zip"
	"bytes"
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/envaudit/envaudit/ecosystems"
	"github.com/envaudit/envaudit/ecosystems/fakeeco"
	"github.com/envaudit/envaudit/ghaction/bundle"
	"github.com/envaudit/envaudit/ghaction/ghfake"
)

const (
	modesHead = "cccccccccccccccccccccccccccccccccccccccc"
	modesBase = "bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb"
	modesRun  = 4242
)

// prProject is a fake project in app/ of a workspace, on pull request 7
// (head modesHead): fake.txt declares lib-a (loaded) and lib-b (not
// installed, a new phantom that fails the default gate); lib-c is loaded,
// declared nowhere.
type prProject struct {
	ws, temp string
	environ  []string
}

func newPRProject(t *testing.T, run string) *prProject {
	t.Helper()
	return newPRWorkspace(t, run, "app", map[string]string{
		"app/fake.txt":        "lib-a\nlib-b\n",
		"app/lib/lib-a/a.txt": "a\n",
		"app/lib/lib-c/c.txt": "c\n",
	})
}

// newPRWorkspace is a workspace holding files, on pull request 7 (head
// modesHead), whose project the Action audits in the working directory
// dir with the command run.
func newPRWorkspace(t *testing.T, run, dir string, files map[string]string) *prProject {
	t.Helper()
	p := &prProject{ws: t.TempDir(), temp: t.TempDir()}
	writeFiles(t, p.ws, files)
	event, err := json.Marshal(prEvent("fix", modesHead, modesBase))
	if err != nil {
		t.Fatal(err)
	}
	writeFiles(t, p.temp, map[string]string{"event.json": string(event), "set_output": "", "step_summary": ""})
	p.environ = []string{
		"INPUT_RUN=" + run, "INPUT_WORKING_DIRECTORY=" + dir,
		"GITHUB_WORKSPACE=" + p.ws, "RUNNER_TEMP=" + p.temp, "PATH=" + os.Getenv("PATH"),
		"GITHUB_EVENT_NAME=pull_request", "GITHUB_EVENT_PATH=" + filepath.Join(p.temp, "event.json"),
		"GITHUB_REPOSITORY=octo/webapp", "GITHUB_SHA=" + strings.Repeat("d", 40),
		"GITHUB_OUTPUT=" + filepath.Join(p.temp, "set_output"), "GITHUB_STEP_SUMMARY=" + filepath.Join(p.temp, "step_summary"),
	}
	return p
}

// auditBundle runs mode audit on the project with no token and returns
// the bundle's directory.
func auditBundle(t *testing.T) string {
	t.Helper()
	return bundleOf(t, newPRProject(t, "cat lib/lib-a/a.txt lib/lib-c/c.txt"), ExitFindings)
}

// bundleOf runs mode audit on p with no token, which must exit with
// status want, and returns the bundle's directory.
func bundleOf(t *testing.T, p *prProject, want int) string {
	t.Helper()
	var stdout, stderr bytes.Buffer
	a := &Action{Environ: func() []string { return p.environ }, Stdout: &stdout, Stderr: &stderr, Ecosystems: []ecosystems.Ecosystem{&fakeeco.Ecosystem{}}, Version: "test"}
	t.Chdir(p.ws)
	if code := a.Run(t.Context()); code != want {
		t.Fatalf("mode audit exited %d, want %d\nstdout:\n%s\nstderr:\n%s", code, want, stdout.String(), stderr.String())
	}
	return filepath.Join(p.temp, "envaudit-bundle")
}

// zipDir zips the files of dir as upload-artifact does: paths relative
// to it.
func zipDir(t *testing.T, dir string) []byte {
	t.Helper()
	var buf bytes.Buffer
	zw := zip.NewWriter(&buf)
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range entries {
		data, err := os.ReadFile(filepath.Join(dir, e.Name()))
		if err != nil {
			t.Fatal(err)
		}
		w, err := zw.Create(e.Name())
		if err != nil {
			t.Fatal(err)
		}
		w.Write(data)
	}
	if err := zw.Close(); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

// publisher is the publish job: a workflow_run event of run modesRun on
// modesHead, with pull request 7 listed (or not, for a fork's), against
// a writable fake API holding the pull request, in a checkout of the
// default branch holding config as its .envaudit.yml ("" for none).
type publisher struct {
	srv      *ghfake.Server
	ws, temp string
	environ  []string
}

const publishToken = "ghs_envauditPublishToken0123456789"

func newPublisher(t *testing.T, fork bool, config string, inputs ...string) *publisher {
	t.Helper()
	p := &publisher{ws: t.TempDir(), temp: t.TempDir()}
	p.srv = ghfake.New("octo/webapp", 7)
	t.Cleanup(p.srv.Close)
	p.srv.SetFiles(ghfake.File{Filename: "app/fake.txt", Status: "modified", Patch: "@@ -1 +1,2 @@\n lib-a\n+lib-b"})
	pr := ghfake.PullRequest{Number: 7, State: "open", Body: "Adds lib-b.", Head: ghfake.Ref{Ref: "fix", SHA: modesHead}, Base: ghfake.Ref{Ref: "main", SHA: modesBase}}
	pr.User.Login, pr.User.Type = "octocat", "User"
	prs := []any{map[string]any{"number": 7}}
	owner := "octo"
	if fork {
		owner = "mallory"
		pr.Head.Repo = &struct {
			Owner ghfake.User `json:"owner"`
		}{ghfake.User{Login: "mallory"}}
		prs = []any{}
	}
	p.srv.SetPullRequests(pr)
	switch config {
	case "":
	case "app/.envaudit.yml":
		writeFiles(t, p.ws, map[string]string{
			".envaudit.yml":     "severity:\n  phantom: notice\n",
			"app/.envaudit.yml": "ignore:\n  - package: lib-b\n    reason: vendored\n",
		})
	default:
		writeFiles(t, p.ws, map[string]string{".envaudit.yml": config})
	}
	// The audit workflow, the same at the pull request's head as on the
	// default branch.
	p.srv.SetContent(modesHead, auditWorkflow, []byte(auditWorkflowYAML))
	p.srv.SetContent(modesBase, auditWorkflow, []byte(auditWorkflowYAML))
	event, err := json.Marshal(map[string]any{
		"action": "completed",
		"workflow_run": map[string]any{
			"id": modesRun, "head_sha": modesHead, "head_branch": "fix", "event": "pull_request", "conclusion": "failure",
			"path":            auditWorkflow,
			"head_repository": map[string]any{"owner": map[string]any{"login": owner}},
			"pull_requests":   prs,
		},
		"repository": map[string]any{"full_name": "octo/webapp", "default_branch": "main"},
	})
	if err != nil {
		t.Fatal(err)
	}
	writeFiles(t, p.temp, map[string]string{"event.json": string(event), "set_output": "", "step_summary": ""})
	p.environ = append([]string{
		"INPUT_MODE=publish", "INPUT_GITHUB_TOKEN=" + publishToken,
		"GITHUB_WORKSPACE=" + p.ws, "RUNNER_TEMP=" + p.temp, "PATH=" + os.Getenv("PATH"),
		"GITHUB_EVENT_NAME=workflow_run", "GITHUB_EVENT_PATH=" + filepath.Join(p.temp, "event.json"),
		"GITHUB_REPOSITORY=octo/webapp", "GITHUB_API_URL=" + p.srv.APIURL(), "GITHUB_SERVER_URL=https://github.com",
		"GITHUB_SHA=" + modesBase, "GITHUB_REF=refs/heads/main", "GITHUB_WORKFLOW=publish", "GITHUB_JOB=publish", "GITHUB_RUN_ID=5151",
		"GITHUB_OUTPUT=" + filepath.Join(p.temp, "set_output"), "GITHUB_STEP_SUMMARY=" + filepath.Join(p.temp, "step_summary"),
	}, inputs...)
	return p
}

// auditWorkflow is the audit workflow's file, auditWorkflowYAML its
// content on the default branch.
const (
	auditWorkflow     = ".github/workflows/envaudit.yml"
	auditWorkflowYAML = "name: envaudit\non: pull_request\njobs:\n  audit:\n    runs-on: ubuntu-24.04\n    steps:\n      - uses: envaudit/envaudit@v1\n        with:\n          run: npm test\n"
)

// editRun edits the workflow_run of the publisher's event.
func (p *publisher) editRun(t *testing.T, edit func(wr map[string]any)) {
	t.Helper()
	path := filepath.Join(p.temp, "event.json")
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var ev map[string]any
	if err := json.Unmarshal(data, &ev); err != nil {
		t.Fatal(err)
	}
	edit(ev["workflow_run"].(map[string]any))
	if data, err = json.Marshal(ev); err != nil {
		t.Fatal(err)
	}
	writeFiles(t, p.temp, map[string]string{"event.json": string(data)})
}

// published runs the publish job, which must succeed in publishing, and
// returns the one check run it posted.
func (p *publisher) published(t *testing.T) ghfake.CheckRun {
	t.Helper()
	code, stdout, stderr := p.run(t)
	if code != ExitOK {
		t.Fatalf("mode publish exited %d\nstdout:\n%s\nstderr:\n%s", code, stdout, stderr)
	}
	runs := p.srv.CheckRuns()
	if len(runs) != 1 {
		t.Fatalf("%d check runs, want 1\nstdout:\n%s", len(runs), stdout)
	}
	return runs[0]
}

// run runs the publish job, with git refused: mode publish runs nothing.
func (p *publisher) run(t *testing.T) (code int, stdout, stderr string) {
	t.Helper()
	var out, errb bytes.Buffer
	a := &Action{
		Environ: func() []string { return p.environ }, Stdout: &out, Stderr: &errb, Version: "test",
		Ecosystems: []ecosystems.Ecosystem{&fakeeco.Ecosystem{}},
		Git: func(_ context.Context, _ string, args ...string) ([]byte, error) {
			t.Errorf("mode publish ran git %q", args)
			return nil, os.ErrPermission
		},
	}
	t.Chdir(p.ws)
	code = a.Run(t.Context())
	return code, out.String(), errb.String()
}

// TestRunPublish is the two-workflow setup end to end against the fake
// API: mode audit writes a bundle; mode publish, in a workflow_run
// workflow, downloads it as the triggering run's artifact (or reads it
// from the bundle input's directory), finds the pull request (listed by
// the event, or a fork's by its head commit), and posts the review and
// summary comment, a check run with the annotations on the head commit,
// and the dependency snapshot.
func TestRunPublish(t *testing.T) {
	dir := auditBundle(t)
	tests := []struct {
		name     string
		fork     bool
		download bool
	}{
		{"artifact", false, true},
		{"forkArtifact", true, true},
		{"directory", false, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			inputs := []string{"INPUT_SUBMIT_DEPENDENCIES=true"}
			if !tt.download {
				inputs = append(inputs, "INPUT_BUNDLE="+dir)
			}
			p := newPublisher(t, tt.fork, "", inputs...)
			if tt.download {
				p.srv.AddArtifact(modesRun, "envaudit-sbom", []byte("not this one"))
				p.srv.AddArtifact(modesRun, "envaudit-bundle", zipDir(t, dir))
			}
			cr := p.published(t)
			if cr.Name != "envaudit" || cr.HeadSHA != modesHead || cr.Conclusion != "failure" || cr.Status != "completed" ||
				cr.Output.Title != "2 findings fail this check" || cr.DetailsURL != "https://github.com/octo/webapp/actions/runs/4242" {
				t.Errorf("check run %+v", cr)
			}
			var anns []string
			for _, a := range cr.Annotations {
				anns = append(anns, a.AnnotationLevel+" "+a.Path+":"+strconv.Itoa(a.StartLine)+" "+a.Title)
			}
			want := []string{
				"failure app/fake.txt:1 envaudit: fake hidden dependency lib-c (undeclared)",
				"failure app/fake.txt:2 envaudit: fake phantom dependency lib-b (not-installed)",
			}
			if diff := cmp.Diff(want, anns); diff != "" {
				t.Errorf("check run annotations (-want +got):\n%s", diff)
			}
			comments := p.srv.IssueComments()
			if len(comments) != 1 || !strings.Contains(comments[0].Body, "2 findings fail this check") {
				t.Errorf("summary comments %+v", comments)
			}
			if rc := p.srv.ReviewComments(); len(rc) != 1 || rc[0].Path != "app/fake.txt" || rc[0].Line != 2 {
				t.Errorf("review comments %+v, want one on app/fake.txt:2", rc)
			}
			snaps := p.srv.Snapshots()
			if len(snaps) != 1 {
				t.Fatalf("%d snapshots, want 1", len(snaps))
			}
			var snap struct {
				SHA string `json:"sha"`
				Ref string `json:"ref"`
				Job struct {
					ID string `json:"id"`
				} `json:"job"`
			}
			if err := json.Unmarshal(snaps[0], &snap); err != nil {
				t.Fatal(err)
			}
			// A fork's branch is not this repository's: its snapshot is the
			// pull request's.
			wantRef := "refs/heads/fix"
			if tt.fork {
				wantRef = "refs/pull/7/head"
			}
			if snap.SHA != modesHead || snap.Ref != wantRef || snap.Job.ID != "4242" {
				t.Errorf("snapshot of %+v, want the head commit, %s and run", snap, wantRef)
			}
			for _, r := range p.srv.Requests() {
				switch {
				case strings.HasPrefix(r.Path, "/blob/"):
					if r.Auth != "" {
						t.Errorf("the storage host got the token")
					}
				case r.Auth != "Bearer "+publishToken:
					t.Errorf("%s %s without the token", r.Method, r.Path)
				}
			}
			summary, _ := os.ReadFile(filepath.Join(p.temp, "step_summary"))
			if !strings.Contains(string(summary), "2 findings fail this check") {
				t.Errorf("job summary:\n%s", summary)
			}
			outputs := readOutputs(t, filepath.Join(p.temp, "set_output"))
			if outputs["failing"] != "2" || outputs["phantom"] != "1" || outputs["report"] != filepath.Join(p.temp, "envaudit-report.json") {
				t.Errorf("outputs %v", outputs)
			}
			// The report file carries the publishing job's gate.
			gating := 0
			for _, e := range readReport(t, outputs["report"]).Ecosystems {
				for _, f := range e.Findings {
					if f.Gating {
						gating++
					}
				}
			}
			if gating != 2 {
				t.Errorf("%d findings gating in the report file, want 2", gating)
			}
		})
	}
}

// editBundle writes a copy of the bundle in dir edited by edit, as the
// JSON the pull request's code could write, and returns its directory.
func editBundle(t *testing.T, dir string, edit func(b map[string]any)) string {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(dir, bundle.FileName))
	if err != nil {
		t.Fatal(err)
	}
	var b map[string]any
	if err := json.Unmarshal(data, &b); err != nil {
		t.Fatal(err)
	}
	edit(b)
	out, err := json.Marshal(b)
	if err != nil {
		t.Fatal(err)
	}
	d := t.TempDir()
	writeFiles(t, d, map[string]string{bundle.FileName: string(out)})
	return d
}

// findings returns the findings of the bundle's first ecosystem, for
// editing.
func findings(b map[string]any) []any {
	return b["report"].(map[string]any)["ecosystems"].([]any)[0].(map[string]any)["findings"].([]any)
}

// TestAttackForgedBundle reproduces issue 10's forged bundles, as the
// audit job (the pull request's code) could write them: each is either
// refused, failing the check run, or published under the publish job's
// own gate, never the bundle's verdict.
func TestAttackForgedBundle(t *testing.T) {
	dir := auditBundle(t)
	tests := []struct {
		name string
		edit func(b map[string]any)
		// refused is what the error annotation says; "" when the bundle
		// is published.
		refused string
		// config is the default branch's .envaudit.yml.
		config string
	}{
		{name: "otherHead", edit: func(b map[string]any) { b["headSha"] = strings.Repeat("e", 40) }, refused: "the bundle is of another commit"},
		{name: "forgedPath", edit: func(b map[string]any) {
			findings(b)[0].(map[string]any)["location"] = map[string]any{"file": "../../.github/workflows/release.yml", "line": 1}
		}, refused: "is outside the repository"},
		{name: "unknownKind", edit: func(b map[string]any) { findings(b)[0].(map[string]any)["kind"] = "harmless" }, refused: `unknown kind "harmless"`},
		// The bundle says nothing fails: no finding marked gating, none
		// counted, every one ignored by the pull request's own config.
		{name: "zeroFailing", edit: func(b map[string]any) {
			b["failing"] = 0
			for _, f := range findings(b) {
				f.(map[string]any)["gating"] = false
				f.(map[string]any)["ignored"] = "the pull request's .envaudit.yml ignores everything"
				f.(map[string]any)["severity"] = "notice"
			}
		}},
		// The default branch's config, not the pull request's, may ignore:
		// the project's in its directory, else the repository's.
		{name: "baseConfig", edit: func(map[string]any) {}, config: "ignore:\n  - package: lib-b\n    reason: vendored\n"},
		{name: "projectConfig", edit: func(map[string]any) {}, config: "app/.envaudit.yml"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p := newPublisher(t, false, tt.config, "INPUT_BUNDLE="+editBundle(t, dir, tt.edit))
			code, stdout, stderr := p.run(t)
			runs := p.srv.CheckRuns()
			if len(runs) != 1 {
				t.Fatalf("%d check runs, want 1\nstdout:\n%s\nstderr:\n%s", len(runs), stdout, stderr)
			}
			cr := runs[0]
			if tt.refused != "" {
				if code != ExitUsage || !strings.Contains(stdout, "::error::envaudit: bundle refused: ") || !strings.Contains(stdout, tt.refused) {
					t.Errorf("exit %d, stdout:\n%s\nwant an error annotation holding %q", code, stdout, tt.refused)
				}
				if cr.Conclusion != "failure" || cr.HeadSHA != modesHead || cr.Output.Title != "The audit job's bundle was refused" || len(cr.Annotations) != 0 {
					t.Errorf("check run %+v, want a failure on the event's head without annotations", cr)
				}
				if len(p.srv.IssueComments())+len(p.srv.ReviewComments()) != 0 {
					t.Errorf("a refused bundle was commented on")
				}
				return
			}
			if code != ExitOK {
				t.Fatalf("exit %d\nstdout:\n%s\nstderr:\n%s", code, stdout, stderr)
			}
			want := "2 findings fail this check"
			if tt.config != "" {
				want = "1 finding fails this check"
			}
			if cr.Conclusion != "failure" || cr.Output.Title != want {
				t.Errorf("check run %s %q, want failure %q", cr.Conclusion, cr.Output.Title, want)
			}
			if tt.name == "zeroFailing" && !strings.Contains(cr.Output.Summary, "The audit job counted 0 failing findings; this check applies its own gate, which fails 2.") {
				t.Errorf("the check run does not say the audit job counted otherwise:\n%s", cr.Output.Summary)
			}
		})
	}
}

// TestAttackInjectedBundle reproduces issue 10's injection through the
// bundle: Markdown, HTML and mentions in every string the audit job
// writes (names, versions, paths, messages, warnings) must come out inert
// in the summary comment, the check run and the job summary.
func TestAttackInjectedBundle(t *testing.T) {
	dir := auditBundle(t)
	const (
		img     = `<img src=x onerror=alert(1)>`
		link    = `[click](https://evil.example/x)`
		image   = `![i](https://evil.example/i.png)`
		mention = `@octo/security-team`
	)
	// A backtick too, to break out of a code span.
	hostile := "`" + img + link + image + mention
	d := editBundle(t, dir, func(b map[string]any) {
		rep := b["report"].(map[string]any)
		rep["warnings"] = []any{hostile}
		e := rep["ecosystems"].([]any)[0].(map[string]any)
		e["warnings"] = []any{hostile}
		e["evidence"] = hostile
		for _, f := range findings(b) {
			m := f.(map[string]any)
			m["message"] = hostile
			m["version"] = hostile
			switch m["package"] {
			case "lib-c":
				// A hidden package's name must be one the report traced.
				m["package"] = "lib-c" + hostile
				for _, tp := range e["traced"].([]any) {
					if tp.(map[string]any)["name"] == "lib-c" {
						tp.(map[string]any)["name"] = "lib-c" + hostile
						tp.(map[string]any)["files"] = []any{"lib/" + img + mention + "/c.txt"}
					}
				}
			case "lib-b":
				m["package"] = "lib-b" + hostile
				for _, dp := range e["declared"].([]any) {
					if dp.(map[string]any)["name"] == "lib-b" {
						dp.(map[string]any)["name"] = "lib-b" + hostile
					}
				}
			}
		}
	})
	p := newPublisher(t, false, "", "INPUT_BUNDLE="+d)
	code, stdout, stderr := p.run(t)
	if code != ExitOK {
		t.Fatalf("exit %d\nstdout:\n%s\nstderr:\n%s", code, stdout, stderr)
	}
	summary, _ := os.ReadFile(filepath.Join(p.temp, "step_summary"))
	places := map[string]string{"job summary": string(summary)}
	for i, c := range p.srv.IssueComments() {
		places["summary comment "+strconv.Itoa(i)] = c.Body
	}
	for i, c := range p.srv.ReviewComments() {
		places["review comment "+strconv.Itoa(i)] = c.Body
	}
	for _, cr := range p.srv.CheckRuns() {
		places["check run summary"] = cr.Output.Summary
	}
	if len(places) < 3 {
		t.Fatalf("published in %d places only: %v", len(places), places)
	}
	for where, text := range places {
		for _, raw := range []string{"<img", "](https://evil.example", mention} {
			if strings.Contains(outsideCode(text), raw) {
				t.Errorf("%s holds %q raw:\n%s", where, raw, text)
			}
		}
	}
}

// outsideCode returns s without its HTML comments (envaudit's markers)
// and its code spans (a run of backticks to the next run of as many),
// whose content Markdown does not render or shows as it is: inert.
func outsideCode(s string) string {
	for {
		i := strings.Index(s, "<!--")
		if i < 0 {
			break
		}
		j := strings.Index(s[i:], "-->")
		if j < 0 {
			break
		}
		s = s[:i] + s[i+j+3:]
	}
	var b strings.Builder
	for {
		i := strings.IndexByte(s, '`')
		if i < 0 {
			return b.String() + s
		}
		b.WriteString(s[:i])
		n := len(s[i:]) - len(strings.TrimLeft(s[i:], "`"))
		fence, rest := s[i:i+n], s[i+n:]
		end := -1
		for j := 0; j < len(rest); {
			k := strings.Index(rest[j:], fence)
			if k < 0 {
				break
			}
			k += j
			m := len(rest[k:]) - len(strings.TrimLeft(rest[k:], "`"))
			if m == n {
				end = k
				break
			}
			j = k + m
		}
		if end < 0 {
			// An unclosed run is literal backticks.
			b.WriteString(fence)
			s = rest
			continue
		}
		s = rest[end+n:]
	}
}

// TestAttackHostileArtifact reproduces issue 10's hostile artifacts end
// to end: a triggering run without the bundle artifact (its audit failed
// early, or a hostile run deleted it), a zip bomb, an archive with an
// entry outside its directory, and one larger than the cap as the API
// lists it. Each fails the check run rather than passing it, and nothing
// is commented.
func TestAttackHostileArtifact(t *testing.T) {
	var bomb bytes.Buffer
	zw := zip.NewWriter(&bomb)
	w, err := zw.Create(bundle.FileName)
	if err != nil {
		t.Fatal(err)
	}
	w.Write(make([]byte, bundle.MaxSize+1))
	zw.Close()
	var escape bytes.Buffer
	zw = zip.NewWriter(&escape)
	w, _ = zw.Create("../" + bundle.FileName)
	w.Write([]byte("{}"))
	zw.Close()
	tests := []struct {
		name   string
		zip    []byte
		size   int64 // the size the API lists, when not the archive's
		substr string
	}{
		{name: "missing", substr: "no such artifact"},
		{name: "bomb", zip: bomb.Bytes(), substr: "larger than"},
		{name: "escape", zip: escape.Bytes(), substr: "a path outside the archive's directory"},
		{name: "oversized", zip: escape.Bytes(), size: bundle.MaxZipSize + 1, substr: "more than the"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p := newPublisher(t, false, "")
			if tt.zip != nil {
				p.srv.AddArtifact(modesRun, "envaudit-bundle", tt.zip)
				if tt.size != 0 {
					p.srv.SetArtifactSize(modesRun, "envaudit-bundle", tt.size)
				}
			}
			code, stdout, _ := p.run(t)
			if code != ExitUsage || !strings.Contains(stdout, "::error::envaudit: bundle refused: ") || !strings.Contains(stdout, tt.substr) {
				t.Errorf("exit %d, stdout:\n%s\nwant an error annotation holding %q", code, stdout, tt.substr)
			}
			if runs := p.srv.CheckRuns(); len(runs) != 1 || runs[0].Conclusion != "failure" || !strings.Contains(runs[0].Output.Summary, tt.substr) {
				t.Errorf("check runs %+v, want one failure saying why", runs)
			}
			if len(p.srv.IssueComments())+len(p.srv.ReviewComments()) != 0 {
				t.Errorf("a refused bundle was commented on")
			}
		})
	}
}
