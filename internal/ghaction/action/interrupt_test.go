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
	"github.com/envaudit/envaudit/internal/fakeeco"
	"github.com/envaudit/envaudit/internal/ghaction/ghfake"
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
