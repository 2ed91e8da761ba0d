package action

import (
	"bytes"
	"context"
	"path/filepath"
	"syscall"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/envaudit/envaudit/ecosystems"
	"github.com/envaudit/envaudit/ecosystems/fakeeco"
	"github.com/envaudit/envaudit/ghaction/ghfake"
	"github.com/envaudit/envaudit/tracer"
)

// TestAuditInterruptGrace interrupts mode audit (SIGTERM, as the runner
// cancels a step) while the test command runs, and stops another run
// by its timeout at the same moment: the phases after the trace get the
// same grace in both, so both reports say what ran and both read the pull
// request's commits through the API, which tells that an agent wrote it.
func TestAuditInterruptGrace(t *testing.T) {
	const token = "ghs_envauditInterruptToken0123456789"
	type outcome struct {
		Stopped       string // how the report says the run ended
		Failing       string
		AgentAuthored string
	}
	run := func(t *testing.T, timeout string, interrupt bool) outcome {
		p := newPRProject(t, "cat lib/lib-a/a.txt lib/lib-c/c.txt; sleep 60")
		srv := ghfake.New("octo/webapp", 7)
		t.Cleanup(srv.Close)
		var c ghfake.Commit
		c.SHA = modesHead
		c.Commit.Message = "use lib-c\n\nCo-authored-by: Claude <noreply@anthropic.com>"
		c.Commit.Author.Name, c.Commit.Author.Email = "octocat", "octocat@example.com"
		srv.SetCommits(c)
		environ := append(p.environ[:len(p.environ):len(p.environ)],
			"INPUT_GITHUB_TOKEN="+token, "GITHUB_API_URL="+srv.APIURL(), "INPUT_TIMEOUT="+timeout)
		var stdout, stderr bytes.Buffer
		a := &Action{
			Environ: func() []string { return environ }, Stdout: &stdout, Stderr: &stderr, Version: "test",
			Ecosystems: []ecosystems.Ecosystem{&fakeeco.Ecosystem{}},
		}
		t.Chdir(p.ws)
		ctx, cancel := context.WithCancelCause(t.Context())
		defer cancel(nil)
		if interrupt {
			time.AfterFunc(2*time.Second, func() { cancel(&tracer.Interrupt{Sig: syscall.SIGTERM}) })
		}
		if code := a.Run(ctx); code != ExitCommandErr {
			t.Fatalf("exit %d, want %d\nstdout:\n%s\nstderr:\n%s", code, ExitCommandErr, stdout.String(), stderr.String())
		}
		outputs := readOutputs(t, filepath.Join(p.temp, "set_output"))
		r := readReport(t, outputs["report"])
		o := outcome{Failing: outputs["failing"], AgentAuthored: outputs["agent-authored"]}
		if r.Run != nil {
			o.Stopped = map[bool]string{true: "stopped"}[r.Run.TimedOut || r.Run.Interrupted]
		}
		return o
	}
	var timedOut, interrupted outcome
	t.Run("timeout", func(t *testing.T) { timedOut = run(t, "2s", false) })
	t.Run("interrupt", func(t *testing.T) { interrupted = run(t, "10m", true) })
	if timedOut.AgentAuthored != "true" {
		t.Fatalf("the timed-out run says agent-authored %q: the test shows nothing", timedOut.AgentAuthored)
	}
	if diff := cmp.Diff(timedOut, interrupted); diff != "" {
		t.Errorf("interrupted run (-timed out +interrupted):\n%s", diff)
	}
}

// TestSingleInterruptGrace interrupts mode single (SIGTERM, as the
// runner cancels a step) while the test command runs: the holder passes
// the interrupt to its audit child, which still writes its audit, and
// then publishes it within the grace the timeout gets, as mode audit does.
func TestSingleInterruptGrace(t *testing.T) {
	const token = "ghs_envauditSingleInterrupt0123456789"
	p := newPRProject(t, "cat lib/lib-a/a.txt lib/lib-c/c.txt; sleep 60")
	srv := ghfake.New("octo/webapp", 7)
	t.Cleanup(srv.Close)
	srv.SetFiles(ghfake.File{Filename: "app/fake.txt", Status: "modified", Patch: "@@ -1 +1,2 @@\n lib-a\n+lib-b"})
	environ := append(p.environ[:len(p.environ):len(p.environ)],
		"INPUT_MODE=single", "INPUT_GITHUB_TOKEN="+token, "GITHUB_API_URL="+srv.APIURL(), childVar+"=1")
	var stdout, stderr bytes.Buffer
	a := &Action{
		Environ: func() []string { return environ }, Stdout: &stdout, Stderr: &stderr, Version: "test",
		Ecosystems: []ecosystems.Ecosystem{&fakeeco.Ecosystem{}},
	}
	t.Chdir(p.ws)
	ctx, cancel := context.WithCancelCause(t.Context())
	defer cancel(nil)
	time.AfterFunc(2*time.Second, func() { cancel(&tracer.Interrupt{Sig: syscall.SIGTERM}) })
	if code := a.Run(ctx); code != ExitCommandErr {
		t.Fatalf("exit %d, want %d\nstdout:\n%s\nstderr:\n%s", code, ExitCommandErr, stdout.String(), stderr.String())
	}
	outputs := readOutputs(t, filepath.Join(p.temp, "set_output"))
	if r := readReport(t, outputs["report"]); r.Run == nil || !r.Run.Interrupted {
		t.Errorf("the child's report says %+v, want a run that was interrupted", r.Run)
	}
	if ic := srv.IssueComments(); len(ic) != 1 {
		t.Errorf("summary comments %+v, want the holder's one\nstdout:\n%s", ic, stdout.String())
	}
	if rc := srv.ReviewComments(); len(rc) != 1 {
		t.Errorf("review comments %+v, want the new phantom's\nstdout:\n%s", rc, stdout.String())
	}
}
