package action

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"

	"github.com/envaudit/envaudit/ecosystems/fakeeco"
)

// TestAttackBaselineReplaced reproduces issue 20's baseline attack: the
// runner baseline lies in RUNNER_TEMP, where the project's code can
// write, and it was read after the test command; a test that replaces it
// by a named pipe no one writes held the step past its timeout (a link to
// /dev/zero exhausts its memory). The baseline is read before the test
// command, through projfile: what the command does to it afterwards
// changes nothing, and the hidden package it loaded is still told
// apart as the runner's.
func TestAttackBaselineReplaced(t *testing.T) {
	for _, tt := range []struct{ name, replace string }{
		{"fifo", `rm -f "$B" && mkfifo "$B"`},
		{"devZero", `rm -f "$B" && ln -s /dev/zero "$B"`},
	} {
		t.Run(tt.name, func(t *testing.T) {
			b := filepath.Join(t.TempDir(), "envaudit-baseline.json")
			if err := os.WriteFile(b, []byte(`{"version":1,"ecosystems":{"fake":[{"name":"lib-c","version":"1.0"}]}}`), 0o644); err != nil {
				t.Fatal(err)
			}
			a := actionRun(t.Context(), t, map[string]string{
				"app/fake.txt": "lib-a\n", "app/lib/lib-a/a.txt": "a\n", "app/lib/lib-c/c.txt": "c\n",
			}, "cat lib/lib-a/a.txt lib/lib-c/c.txt; B="+b+"; "+tt.replace, []string{"INPUT_BASELINE=" + b, "INPUT_FAIL_ON=none"}, &fakeeco.Ecosystem{})
			if a.code != ExitOK {
				t.Fatalf("exit %d\nstdout:\n%s\nstderr:\n%s", a.code, a.stdout, a.stderr)
			}
			if fi, err := os.Lstat(b); err != nil || fi.Mode().IsRegular() {
				t.Fatalf("the command did not replace the baseline: %v %v", fi, err)
			}
			data, err := os.ReadFile(filepath.Join(a.temp, "envaudit-report.json"))
			if err != nil {
				t.Fatal(err)
			}
			var rep struct {
				Ecosystems []struct {
					Findings []struct {
						Kind, Package, Provenance string
					}
				}
			}
			if err := json.Unmarshal(data, &rep); err != nil {
				t.Fatal(err)
			}
			got := ""
			for _, e := range rep.Ecosystems {
				for _, f := range e.Findings {
					if f.Kind == "hidden" && f.Package == "lib-c" {
						got = f.Provenance
					}
				}
			}
			if got != "machine" {
				t.Errorf("hidden lib-c has provenance %q, want machine (the baseline as it was before the run)\nstdout:\n%s", got, a.stdout)
			}
			if strings.Contains(a.stdout, "read baseline") {
				t.Errorf("the baseline was read after the command replaced it:\n%s", a.stdout)
			}
		})
	}
}

// TestBaselineNotAFile: a baseline input that names a named pipe from the
// start is refused at once, with a warning, and the audit goes on
// without it.
func TestBaselineNotAFile(t *testing.T) {
	b := filepath.Join(t.TempDir(), "envaudit-baseline.json")
	if err := syscall.Mkfifo(b, 0o644); err != nil {
		t.Fatal(err)
	}
	a := actionRun(t.Context(), t, map[string]string{"app/fake.txt": "lib-a\n", "app/lib/lib-a/a.txt": "a\n"},
		"cat lib/lib-a/a.txt", []string{"INPUT_BASELINE=" + b}, &fakeeco.Ecosystem{})
	if a.code != ExitOK {
		t.Fatalf("exit %d\nstdout:\n%s\nstderr:\n%s", a.code, a.stdout, a.stderr)
	}
	want := "::warning::envaudit: read baseline: open " + b + ": not a regular file (a named pipe)"
	if !strings.Contains(a.stdout, want) {
		t.Errorf("no %q:\n%s", want, a.stdout)
	}
}
