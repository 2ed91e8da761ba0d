package main

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/envaudit/envaudit/tracer"
	"github.com/google/go-cmp/cmp"
)

// TestCmdTrace runs `envaudit trace` on real commands (the package's
// TestMain lets the test binary act as the tracer's helper).
func TestCmdTrace(t *testing.T) {
	dir := t.TempDir()
	in := filepath.Join(dir, "in.txt")
	if err := os.WriteFile(in, []byte("hello\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(dir, "trace.jsonl")
	tests := []struct {
		name     string
		args     []string
		code     int
		stdout   string
		stderr   string // regexp
		exitCode int    // in the written trace
		read     bool   // the trace has the read of in.txt
	}{
		{"ok", []string{"-o", out, "--", "cat", in}, exitOK, "hello\n",
			`^envaudit: traced 1 processes, \d+ file accesses \(\d+ events\) in .*, exit status 0; trace written to ` + regexp.QuoteMeta(out) + "\n$", 0, true},
		{"command-fails", []string{"-o", out, "sh", "-c", "cat " + in + "; exit 3"}, exitCommandErr, "hello\n",
			`exit status 3; trace written to `, 3, true},
		{"timeout", []string{"-o", out, "--timeout", "200ms", "--grace", "100ms", "--", "sleep", "10"}, exitCommandErr, "",
			`killed by SIGTERM, stopped by timeout or interrupt`, 143, false},
		{"no-command", []string{"-o", out}, exitUsage, "",
			`^envaudit trace: no command given`, -1, false},
		{"bad-timeout", []string{"--timeout", "-1s", "true"}, exitUsage, "",
			`^envaudit trace: --timeout: negative duration -1s`, -1, false},
		{"not-found", []string{"-o", out, "--", "envaudit-no-such-command"}, exitUsage, "",
			`^envaudit: trace "envaudit-no-such-command": start command: exec: "envaudit-no-such-command": executable file not found in \$PATH`, -1, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			os.Remove(out)
			var stdout, stderr bytes.Buffer
			code := cmdTrace(context.Background(), tt.args, strings.NewReader(""), &stdout, &stderr)
			if code != tt.code || stdout.String() != tt.stdout || !regexp.MustCompile(tt.stderr).MatchString(stderr.String()) {
				t.Fatalf("exit %d, stdout %q, stderr %q; want %d, %q, stderr matching %q", code, stdout.String(), stderr.String(), tt.code, tt.stdout, tt.stderr)
			}
			f, err := os.Open(out)
			if tt.exitCode < 0 {
				if err == nil {
					f.Close()
					t.Errorf("a trace was written")
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			defer f.Close()
			tr, complete, err := tracer.ReadJSONL(f, out)
			if err != nil || !complete {
				t.Fatalf("read trace: complete %v, %v", complete, err)
			}
			if tr.End.ExitCode != tt.exitCode {
				t.Errorf("trace exit code %d, want %d", tr.End.ExitCode, tt.exitCode)
			}
			read := false
			for _, a := range tr.Accesses {
				if a.Op == tracer.OpRead && a.RealPath() == in {
					read = true
				}
			}
			if read != tt.read {
				t.Errorf("read of %s in the trace: %v, want %v", in, read, tt.read)
			}
		})
	}
}

// TestCmdTraceStdout writes the trace to standard output after the
// command's own output.
func TestCmdTraceStdout(t *testing.T) {
	var stdout, stderr bytes.Buffer
	if code := cmdTrace(context.Background(), []string{"-o", "-", "--", "echo", "hi"}, strings.NewReader(""), &stdout, &stderr); code != exitOK {
		t.Fatalf("exit %d: %s", code, stderr.String())
	}
	first, rest, _ := strings.Cut(stdout.String(), "\n")
	if first != "hi" {
		t.Fatalf("first line %q, want the command's output", first)
	}
	tr, complete, err := tracer.ReadJSONL(strings.NewReader(rest), "stdout")
	if err != nil || !complete {
		t.Fatalf("read trace: %v", err)
	}
	if diff := cmp.Diff([]string{"echo", "hi"}, tr.Header.Command); diff != "" {
		t.Errorf("command (-want +got):\n%s", diff)
	}
}
