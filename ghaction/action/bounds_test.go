package action

import (
	"context"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/envaudit/envaudit/ecosystems/fakeeco"
	"github.com/envaudit/envaudit/tracer"
)

// TestTimeoutBoundsTheTests reproduces issue 18's exit status 2 for a
// complete audit: the timeout input ran out while envaudit read the
// installation after the tests, cut that reading short and failed the
// step. The timeout bounds the test command: the reading after it,
// slower here than the whole timeout, ends past the deadline, and the
// step is what the same step without a timeout is — the gate's exit
// status, the installation read, the findings annotated, no warning —
// when the tests ended in time, and exit status 3 when the timeout
// stopped them.
func TestTimeoutBoundsTheTests(t *testing.T) {
	// The tests get the timeout's time to end in time on a loaded
	// machine (under -race, 2 s did not).
	const timeout = 6 * time.Second
	type outcome struct {
		Code      int
		TimedOut  bool
		Installed []string
		Failing   string
		Warnings  []string
	}
	run := func(t *testing.T, command string, env []string, eco *fakeeco.Ecosystem) outcome {
		a := actionRun(t.Context(), t, map[string]string{
			"app/fake.txt":        "lib-a\nlib-b\n", // lib-b is not installed
			"app/lib/lib-a/a.txt": "a\n",
		}, command, env, eco)
		if a.code == ExitUsage {
			t.Fatalf("exit %d\nstdout:\n%s\nstderr:\n%s", a.code, a.stdout, a.stderr)
		}
		outputs := readOutputs(t, filepath.Join(a.temp, "set_output"))
		r := readReport(t, outputs["report"])
		o := outcome{Code: a.code, TimedOut: r.Run != nil && r.Run.TimedOut, Failing: outputs["failing"]}
		for _, e := range r.Ecosystems {
			for _, p := range e.Installed {
				o.Installed = append(o.Installed, p.Name)
			}
			o.Warnings = append(o.Warnings, e.Warnings...)
		}
		for _, line := range strings.Split(a.stdout, "\n") {
			if strings.HasPrefix(line, "::warning") {
				o.Warnings = append(o.Warnings, line)
			}
		}
		return o
	}
	tests := []struct {
		name    string
		command string
		// without is the command whose run without a timeout is the one
		// to match, what the timeout leaves of command.
		without  string
		timedOut bool
	}{
		{"testsEndInTime", "echo lib-a >> $FAKE_LOG", "echo lib-a >> $FAKE_LOG", false},
		{"testsStopped", "echo lib-a >> $FAKE_LOG; sleep 60", "echo lib-a >> $FAKE_LOG; exit 3", true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			want := run(t, tt.without, nil, &fakeeco.Ecosystem{})
			want.TimedOut = tt.timedOut
			got := run(t, tt.command, []string{"INPUT_TIMEOUT=" + timeout.String()}, &fakeeco.Ecosystem{InstalledHook: fakeeco.SlowAfter(1, timeout)})
			if diff := cmp.Diff(want, got); diff != "" {
				t.Errorf("(-without a timeout +with one that runs out after the tests):\n%s", diff)
			}
		})
	}
}

// TestInterruptEndsSlowEnumeration: what bounds the reading after the
// tests is its own limits (each tool's time limit), and the runner's
// cancel of the step (timeout-minutes, or a user's), which interrupts
// it: the step then still writes the report of what ran, the
// installation it could not read said in a warning, within a grace.
func TestInterruptEndsSlowEnumeration(t *testing.T) {
	eco := &fakeeco.Ecosystem{StallInstalled: make(chan struct{}), InstalledBeforeStall: 1}
	defer close(eco.StallInstalled)
	ctx, cancel := context.WithCancelCause(t.Context())
	defer cancel(nil)
	eco.InstalledHook = func(_ context.Context, call int) error {
		if call == 2 {
			// The enumeration after the tests has started, and never
			// answers: the runner cancels the step.
			cancel(&tracer.Interrupt{Sig: syscall.SIGTERM})
		}
		return nil
	}
	a := actionRun(ctx, t, map[string]string{
		"app/fake.txt":        "lib-a\n",
		"app/lib/lib-a/a.txt": "a\n",
	}, "cat lib/lib-a/a.txt", []string{"INPUT_TIMEOUT=10m"}, eco)
	if a.code != ExitOK && a.code != ExitFindings {
		t.Fatalf("exit %d\nstdout:\n%s\nstderr:\n%s", a.code, a.stdout, a.stderr)
	}
	if !strings.Contains(a.stdout, "::warning::envaudit: ") || !strings.Contains(a.stdout, "interrupted (SIGTERM) while reading the installed fake packages") {
		t.Errorf("no warning says the enumeration was interrupted:\n%s", a.stdout)
	}
	outputs := readOutputs(t, filepath.Join(a.temp, "set_output"))
	if r := readReport(t, outputs["report"]); r.Run == nil || !r.Run.Succeeded {
		t.Errorf("the report of what ran: %+v", r.Run)
	}
}
