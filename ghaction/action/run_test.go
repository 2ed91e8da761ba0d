package action

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/envaudit/envaudit/baseline"
	"github.com/envaudit/envaudit/ecosystems"
	"github.com/envaudit/envaudit/ecosystems/fakeeco"
	"github.com/envaudit/envaudit/ghaction/bundle"
)

// TestRunPullRequest runs the Action in process, in mode audit (the
// default), on a pull request against the fake API with a read-only
// token, in a clone whose base commit git cannot read: the phases run in
// order, every publisher of mode audit writes, nothing is written through
// the API, the bundle is written, and the error text that reaches the job
// summary is inert Markdown.
func TestRunPullRequest(t *testing.T) {
	ws, temp := t.TempDir(), t.TempDir()
	writeFiles(t, ws, map[string]string{
		"app/fake.txt":        "lib-a\nlib-b\n", // lib-b is not installed
		"app/lib/lib-a/a.txt": "a\n",
		"app/lib/lib-c/c.txt": "c\n", // loaded, declared nowhere
	})
	base, head := strings.Repeat("b", 40), strings.Repeat("c", 40)
	event, err := json.Marshal(prEvent("fix", head, base))
	if err != nil {
		t.Fatal(err)
	}
	writeFiles(t, temp, map[string]string{"event.json": string(event), "set_output": "", "step_summary": ""})
	srv, _ := fakeClient(t)
	srv.ReadOnly = true
	const token = "ghs_envauditRunToken0123456789"
	environ := []string{
		"INPUT_RUN=cat lib/lib-a/a.txt lib/lib-c/c.txt", "INPUT_WORKING_DIRECTORY=app", "INPUT_GITHUB_TOKEN=" + token,
		"GITHUB_WORKSPACE=" + ws, "RUNNER_TEMP=" + temp, "PATH=" + os.Getenv("PATH"),
		"GITHUB_EVENT_NAME=pull_request", "GITHUB_EVENT_PATH=" + filepath.Join(temp, "event.json"),
		"GITHUB_REPOSITORY=octo/webapp", "GITHUB_API_URL=" + srv.APIURL(),
		"GITHUB_OUTPUT=" + filepath.Join(temp, "set_output"), "GITHUB_STEP_SUMMARY=" + filepath.Join(temp, "step_summary"),
	}
	var gitCalls [][]string
	git := func(ctx context.Context, dir string, args ...string) ([]byte, error) {
		gitCalls = append(gitCalls, args)
		return nil, errors.New("fatal: bad object <img src=x onerror=alert(1)> for @octocat")
	}
	var stdout, stderr bytes.Buffer
	a := &Action{
		Environ:    func() []string { return environ },
		Stdout:     &stdout,
		Stderr:     &stderr,
		Git:        git,
		Ecosystems: []ecosystems.Ecosystem{&fakeeco.Ecosystem{}},
		Version:    "test",
	}
	t.Chdir(ws)
	if code := a.Run(t.Context()); code != ExitFindings {
		t.Fatalf("exit %d, want %d\nstdout:\n%s\nstderr:\n%s", code, ExitFindings, stdout.String(), stderr.String())
	}

	t.Run("workflowCommands", func(t *testing.T) {
		for _, want := range []string{
			"::add-mask::" + token + "\n",
			"::notice::envaudit: findings were not compared with base commit bbbbbbb, so every one of them can gate: ",
			"::error file=app/fake.txt,line=2,title=envaudit%3A fake phantom dependency lib-b (not-installed)::",
			"::error file=app/fake.txt,title=envaudit%3A fake hidden dependency lib-c (undeclared)::",
		} {
			if !strings.Contains(stdout.String(), want) {
				t.Errorf("stdout lacks %q:\n%s", want, stdout.String())
			}
		}
		if strings.Count(stdout.String(), token) != 1 {
			t.Errorf("the token is in the log more than once (in add-mask):\n%s", stdout.String())
		}
	})
	t.Run("summary", func(t *testing.T) {
		data, err := os.ReadFile(filepath.Join(temp, "step_summary"))
		if err != nil {
			t.Fatal(err)
		}
		summary := string(data)
		for _, want := range []string{
			"## envaudit: ❌ 2 findings fail this check\n",
			// The error text of the comparison, made inert: no tag, no
			// mention.
			"Not compared with the base commit: ",
			"fatal: bad object &lt;img src=x onerror=alert(1)&gt; for @\u2060octocat.\n",
		} {
			if !strings.Contains(summary, want) {
				t.Errorf("job summary lacks %q:\n%s", want, summary)
			}
		}
		if strings.Contains(summary, "<img") {
			t.Errorf("job summary holds a tag:\n%s", summary)
		}
	})
	t.Run("outputs", func(t *testing.T) {
		want := map[string]string{
			"report": filepath.Join(temp, "envaudit-report.json"), "sbom": filepath.Join(temp, "envaudit.cdx.json"), "sarif": "",
			"bundle":  filepath.Join(temp, "envaudit-bundle"),
			"phantom": "1", "hidden": "1", "bloat": "0", "agent-authored": "false", "failing": "2", "error": "",
		}
		if diff := cmp.Diff(want, readOutputs(t, filepath.Join(temp, "set_output"))); diff != "" {
			t.Errorf("outputs (-want +got):\n%s", diff)
		}
		r := readReport(t, filepath.Join(temp, "envaudit-report.json"))
		if r.Tool.Version != "test" || r.Run == nil || !r.Run.Succeeded {
			t.Errorf("report of tool %+v, run %+v", r.Tool, r.Run)
		}
		// The report file carries the gate's verdict on every finding:
		// as many gating as the failing output counts.
		gating := 0
		for _, e := range r.Ecosystems {
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
	t.Run("github", func(t *testing.T) {
		// The read-only token may read: the commits were listed for the
		// agent detection, and nothing was written.
		var got []string
		for _, req := range srv.Requests() {
			got = append(got, req.Method+" "+req.Path)
			if req.Auth != "Bearer "+token {
				t.Errorf("%s %s sent Authorization %q", req.Method, req.Path, req.Auth)
			}
		}
		if len(got) == 0 || got[0] != "GET /repos/octo/webapp/pulls/7/commits" {
			t.Errorf("requests %q, want the commits listed first", got)
		}
		// Mode audit writes nothing through the API, not even the
		// attempts a read-only token would be refused.
		for _, req := range srv.Requests() {
			if req.Method != "GET" {
				t.Errorf("mode audit sent %s %s", req.Method, req.Path)
			}
		}
		if len(srv.ReviewComments())+len(srv.IssueComments()) != 0 {
			t.Errorf("a read-only token wrote comments")
		}
		if len(gitCalls) == 0 {
			t.Errorf("the base comparison never ran git")
		}
	})
	t.Run("bundle", func(t *testing.T) {
		b, err := bundle.Read(filepath.Join(temp, "envaudit-bundle"))
		if err != nil {
			t.Fatal(err)
		}
		if b.HeadSHA != head || b.Prefix != "app" || b.Failing != 2 {
			t.Errorf("bundle of %s in %q, %d failing; want %s, app, 2", b.HeadSHA, b.Prefix, b.Failing, head)
		}
	})
	if !strings.Contains(stderr.String(), "envaudit: 2 findings fail this check (fail-on hidden:dev-declared,hidden:direct,hidden:missing,hidden:tampered,hidden:undeclared,phantom:not-installed)\n") {
		t.Errorf("stderr does not say why the step fails:\n%s", stderr.String())
	}
}

// TestRunBaseline runs mode: baseline in process: the baseline holds the
// project's installed packages, goes where the audit step reads it, and
// is named in the baseline output.
func TestRunBaseline(t *testing.T) {
	ws, temp := t.TempDir(), t.TempDir()
	writeFiles(t, ws, map[string]string{"app/fake.txt": "lib-a\n", "app/lib/lib-a/a.txt": "a\n"})
	writeFiles(t, temp, map[string]string{"set_output": ""})
	environ := []string{"INPUT_MODE=baseline", "INPUT_WORKING_DIRECTORY=app", "GITHUB_WORKSPACE=" + ws, "RUNNER_TEMP=" + temp,
		"GITHUB_OUTPUT=" + filepath.Join(temp, "set_output")}
	var stdout, stderr bytes.Buffer
	a := &Action{Environ: func() []string { return environ }, Stdout: &stdout, Stderr: &stderr, Ecosystems: []ecosystems.Ecosystem{&fakeeco.Ecosystem{}}}
	t.Chdir(ws)
	if code := a.Run(t.Context()); code != ExitOK {
		t.Fatalf("exit %d\nstdout:\n%s\nstderr:\n%s", code, stdout.String(), stderr.String())
	}
	path := filepath.Join(temp, "envaudit-baseline.json")
	b, err := baseline.Read(path)
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff([]baseline.Package{{Name: "lib-a", Version: "1.0"}}, b.Ecosystems["fake"]); diff != "" {
		t.Errorf("the baseline's fake packages (-want +got):\n%s", diff)
	}
	if diff := cmp.Diff(map[string]string{"baseline": path}, readOutputs(t, filepath.Join(temp, "set_output"))); diff != "" {
		t.Errorf("outputs (-want +got):\n%s", diff)
	}
	if !strings.HasPrefix(stdout.String(), "envaudit: runner baseline of ") || !strings.Contains(stdout.String(), "1 fake") {
		t.Errorf("stdout = %q", stdout.String())
	}
}

// TestRunWorkingDirectory checks that a working directory that is not
// there is named by its input, in both modes.
func TestRunWorkingDirectory(t *testing.T) {
	ws := t.TempDir()
	t.Chdir(ws)
	tests := []struct {
		name, mode, want string
	}{
		{"audit", "audit", "::error::envaudit: working-directory: directory \"missing\" does not exist\n"},
		{"baseline", "baseline", "::error::envaudit: baseline: working-directory: directory \"missing\" does not exist\n"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			environ := []string{"INPUT_MODE=" + tt.mode, "INPUT_RUN=true", "INPUT_WORKING_DIRECTORY=missing", "GITHUB_WORKSPACE=" + ws, "RUNNER_TEMP=" + t.TempDir()}
			var stdout bytes.Buffer
			a := &Action{Environ: func() []string { return environ }, Stdout: &stdout, Ecosystems: []ecosystems.Ecosystem{&fakeeco.Ecosystem{}}}
			if code := a.Run(t.Context()); code != ExitUsage {
				t.Errorf("exit %d, want %d", code, ExitUsage)
			}
			if !strings.Contains(stdout.String(), tt.want) {
				t.Errorf("stdout = %q, want it to hold %q", stdout.String(), tt.want)
			}
		})
	}
}
