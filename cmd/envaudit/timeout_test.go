package main

import (
	"bytes"
	"context"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/envaudit/envaudit/ecosystems"
	"github.com/envaudit/envaudit/ecosystems/fakeeco"
)

// TestRunTimeoutAfterCommand reproduces issue 18's exit status 2 for a
// complete report: --timeout ran out while envaudit read the installation
// after the command (every Maven run of a corpus with a 15 s budget ended
// so). The timeout bounds the command: here the reading after it takes
// longer than the whole timeout, so it ends past the deadline, and the
// run is reported as the same run without --timeout is — the gate's exit
// status, the installation read, no warning — when the command ended in
// time, and with exit status 3 when the timeout stopped it.
func TestRunTimeoutAfterCommand(t *testing.T) {
	// Time enough for the command to end in time on a loaded machine.
	const timeout = 6 * time.Second
	type outcome struct {
		Code      int
		TimedOut  bool
		Installed []string
		Findings  []string
		Warnings  []string
	}
	run := func(t *testing.T, command string, args []string, hook func(context.Context, int) error) outcome {
		dir := t.TempDir()
		if err := fakeeco.WriteFiles(dir, map[string]string{
			"fake.txt":        "lib-a\nlib-b\n",
			"lib/lib-a/a.txt": "a\n",
			"lib/lib-b/b.txt": "b\n",
		}); err != nil {
			t.Fatal(err)
		}
		report := filepath.Join(t.TempDir(), "report.json")
		args = append(append([]string{"-C", dir, "--report", report, "--no-config"}, args...), "--", "sh", "-c", command)
		var stdout, stderr bytes.Buffer
		eco := &fakeeco.Ecosystem{InstalledHook: hook}
		o := outcome{Code: runWith(t.Context(), args, strings.NewReader(""), &stdout, &stderr, []ecosystems.Ecosystem{eco})}
		if o.Code == exitUsage {
			t.Fatalf("exit %d\nstdout:\n%s\nstderr:\n%s", o.Code, stdout.String(), stderr.String())
		}
		r := readReportFile(t, report)
		o.TimedOut = r.Run != nil && r.Run.TimedOut
		o.Warnings = r.Warnings
		for _, e := range r.Ecosystems {
			for _, p := range e.Installed {
				o.Installed = append(o.Installed, p.Name)
			}
			for _, f := range e.Findings {
				o.Findings = append(o.Findings, string(f.Kind)+" "+f.Package)
			}
			o.Warnings = append(o.Warnings, e.Warnings...)
		}
		return o
	}
	tests := []struct {
		name    string
		command string
		// want is the outcome without --timeout, with these changes.
		adjust func(*outcome)
	}{
		{"endedInTime", "echo lib-a >> $FAKE_LOG", func(*outcome) {}},
		{"stoppedByTimeout", "echo lib-a >> $FAKE_LOG; sleep 60", nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var want outcome
			if tt.adjust != nil {
				want = run(t, tt.command, nil, nil)
				tt.adjust(&want)
			} else {
				// What ran until the timeout: lib-a used, lib-b not.
				want = run(t, "echo lib-a >> $FAKE_LOG; exit 3", nil, nil)
				want.TimedOut = true
			}
			got := run(t, tt.command, []string{"--timeout", timeout.String()}, fakeeco.SlowAfter(1, timeout))
			if diff := cmp.Diff(want, got); diff != "" {
				t.Errorf("(-without --timeout +with a timeout that runs out after the command):\n%s", diff)
			}
		})
	}
}
