package main

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/envaudit/envaudit/audit"
	"github.com/envaudit/envaudit/ecosystems"
	"github.com/envaudit/envaudit/ecosystems/fakeeco"
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
			`^envaudit: traced 1 processes( with eBPF)?, \d+ file accesses \(\d+ events\) in .*; "cat ` + regexp.QuoteMeta(in) + `" exited 0; trace written to ` + regexp.QuoteMeta(out) + "\n$", 0, true},
		{"command-fails", []string{"-o", out, "sh", "-c", "cat " + in + "; exit 3"}, exitCommandErr, "hello\n",
			`" exited 3; trace written to `, 3, true},
		{"timeout", []string{"-o", out, "--timeout", "200ms", "--grace", "100ms", "--", "sleep", "10"}, exitCommandErr, "",
			`(?s)^envaudit: warning: the run was cut short by the timeout: .*"sleep 10" timed out; trace written to `, 143, false},
		{"no-command", []string{"-o", out}, exitUsage, "",
			`^envaudit trace: no command to trace \(envaudit trace \[flags\] -- COMMAND \[ARG...\]\)`, -1, false},
		{"bad-timeout", []string{"--timeout", "-1s", "true"}, exitUsage, "",
			`^envaudit trace: --timeout: invalid duration "-1s" \(want a positive duration such as 90s or 10m\)`, -1, false},
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

// fakeProject writes a project of fakeEcosystem: lib-a and lib-b declared,
// lib-a, lib-b and extra installed.
func fakeProject(t *testing.T, dir string) string {
	t.Helper()
	err := fakeeco.WriteFiles(dir, map[string]string{
		"fake.txt":         "lib-a\nlib-b\n",
		"lib/lib-a/a.txt":  "a\n",
		"lib/lib-b/b.txt":  "b\n",
		"lib/extra/e.txt":  "e\n",
		"lib/extra/README": "extra\n",
	})
	if err != nil {
		t.Fatal(err)
	}
	return dir
}

// noImports is what the report's evidence adds for an ecosystem whose
// project cannot read its own imports, as the fake one.
const noImports = "; the project's own imports were not read (no direct, untested or missing finding can be told)"

// useScript is the traced command of the evidence tests: it reads lib-a's
// file (evidence the tracer sees) and logs extra as used (evidence only
// the ecosystem sees, as a JVM logs the classes it loads).
const useScript = `cat lib/lib-a/a.txt >/dev/null && echo extra >> "$FAKE_LOG"`

// layers summarises an ecosystem's report for comparison.
func layers(t *testing.T, r *audit.Report) []string {
	t.Helper()
	var out []string
	for _, e := range r.Ecosystems {
		for _, p := range e.Traced {
			out = append(out, "traced "+p.Name)
		}
		for _, f := range e.Findings {
			out = append(out, fmt.Sprintf("%s:%s %s", f.Kind, f.Reason, f.Package))
		}
		out = append(out, "evidence "+e.Evidence)
	}
	return out
}

// TestTraceEvidence traces a project whose ecosystem collects evidence
// itself (fakeEcosystem, shaped like Maven's class-load log) and audits the
// saved trace: the evidence is kept beside the trace, handed back to the
// ecosystem, and the audit equals the one `envaudit run` makes at once.
func TestTraceEvidence(t *testing.T) {
	work := t.TempDir()
	proj := fakeProject(t, filepath.Join(work, "proj"))
	trace := filepath.Join(work, "t.jsonl")
	eco := &fakeeco.Ecosystem{}
	ecos := []ecosystems.Ecosystem{eco}
	withEvidence := []string{
		"traced extra",
		"traced lib-a",
		"phantom:unused lib-b",
		"hidden:undeclared extra",
		"bloat:installed lib-b",
		"evidence packages the run logged as used" + noImports,
	}

	var stdout, stderr bytes.Buffer
	code := traceCommand(t.Context(), traceOptions{dir: proj, out: trace, command: []string{"sh", "-c", useScript}, stdout: &stdout, stderr: &stderr}, ecos)
	if code != exitOK {
		t.Fatalf("trace: exit %d: %s", code, stderr.String())
	}
	evidence := filepath.Join(work, "t.evidence")
	if !strings.Contains(stderr.String(), "; trace written to "+trace+", evidence of fake in "+evidence+"\n") {
		t.Errorf("trace's summary does not name the evidence directory: %q", stderr.String())
	}
	log, err := os.ReadFile(filepath.Join(evidence, "fake", fakeeco.SavedLog))
	if err != nil || string(log) != "extra\n" {
		t.Fatalf("evidence log: %q, %v", log, err)
	}
	if _, err := os.Stat(filepath.Join(evidence, ".envaudit-evidence")); err != nil {
		t.Errorf("evidence directory not marked: %v", err)
	}
	f, err := os.Open(trace)
	if err != nil {
		t.Fatal(err)
	}
	tr, _, err := tracer.ReadJSONL(f, trace)
	f.Close()
	if err != nil {
		t.Fatal(err)
	}
	if tr.Header.Dir != proj {
		t.Errorf("the command ran in %q, want the project %q", tr.Header.Dir, proj)
	}

	audited := func(t *testing.T, evidenceFlag string) *audit.Report {
		t.Helper()
		o := &outputFlags{dir: proj, format: "text"}
		r, instErr, err := auditSaved(t.Context(), o, trace, evidenceFlag, io.Discard, ecos)
		if err != nil || instErr != nil {
			t.Fatalf("audit: %v, %v", err, instErr)
		}
		return r
	}
	t.Run("auditBeside", func(t *testing.T) {
		r := audited(t, "")
		if diff := cmp.Diff(withEvidence, layers(t, r)); diff != "" {
			t.Errorf("audit of the saved trace (-want +got):\n%s", diff)
		}
		env := eco.LastEnv()
		if env.Scratch != filepath.Join(evidence, "fake") {
			t.Errorf("Installed got scratch %q, want %q", env.Scratch, filepath.Join(evidence, "fake"))
		}
		if got := ecosystems.Getenv(env.Environ, "FAKE_LOG"); got != filepath.Join(evidence, "fake", fakeeco.Log) {
			t.Errorf("Installed's environment has FAKE_LOG=%q, as the traced command had it: want %q", got, filepath.Join(evidence, "fake", fakeeco.Log))
		}
	})
	t.Run("auditNamed", func(t *testing.T) {
		moved := filepath.Join(work, "elsewhere")
		if err := os.Rename(evidence, moved); err != nil {
			t.Fatal(err)
		}
		defer os.Rename(moved, evidence)
		if diff := cmp.Diff(withEvidence, layers(t, audited(t, moved))); diff != "" {
			t.Errorf("audit with --evidence (-want +got):\n%s", diff)
		}
		// Without it, only what the tracer saw.
		want := []string{"traced lib-a", "phantom:unused lib-b", "bloat:installed lib-b", "bloat:installed extra", "evidence files opened under lib/<name>" + noImports}
		if diff := cmp.Diff(want, layers(t, audited(t, ""))); diff != "" {
			t.Errorf("audit without evidence (-want +got):\n%s", diff)
		}
		if env := eco.LastEnv(); env.Scratch != "" || ecosystems.Getenv(env.Environ, "FAKE_LOG") != "" {
			t.Errorf("Installed without evidence got scratch %q, FAKE_LOG %q", env.Scratch, ecosystems.Getenv(env.Environ, "FAKE_LOG"))
		}
	})
	t.Run("sameAsRun", func(t *testing.T) {
		runTrace := filepath.Join(work, "run.jsonl")
		o := &outputFlags{dir: proj, format: "text"}
		ro := runOptions{command: []string{"sh", "-c", useScript}, traceOut: runTrace, stdout: io.Discard, stderr: io.Discard}
		r, instErr, err := runTraced(t.Context(), o, ro, io.Discard, ecos)
		if err != nil || instErr != nil {
			t.Fatalf("run: %v, %v", err, instErr)
		}
		if diff := cmp.Diff(withEvidence, layers(t, r)); diff != "" {
			t.Errorf("run (-want +got):\n%s", diff)
		}
		saved, instErr, err := auditSaved(t.Context(), &outputFlags{dir: proj}, runTrace, "", io.Discard, ecos)
		if err != nil || instErr != nil {
			t.Fatalf("audit: %v, %v", err, instErr)
		}
		if diff := cmp.Diff(r.Ecosystems, saved.Ecosystems); diff != "" {
			t.Errorf("audit of run --trace-out differs from the run (-run +audit):\n%s", diff)
		}
		if _, err := os.Stat(filepath.Join(work, "run.evidence", "fake", fakeeco.SavedLog)); err != nil {
			t.Errorf("run --trace-out kept no evidence: %v", err)
		}
	})
	t.Run("replaced", func(t *testing.T) {
		// A new trace of the same name replaces the old evidence: a log
		// left from the first run would be evidence of a run that did
		// not happen.
		var stderr bytes.Buffer
		code := traceCommand(t.Context(), traceOptions{dir: proj, out: trace, command: []string{"true"}, stdout: io.Discard, stderr: &stderr}, ecos)
		if code != exitOK {
			t.Fatalf("trace: exit %d: %s", code, stderr.String())
		}
		// What the channel held: nothing of the first run's log.
		entries, err := os.ReadDir(filepath.Join(evidence, "fake"))
		if err != nil || len(entries) != 1 || entries[0].Name() != fakeeco.SavedLog {
			t.Errorf("evidence after a run that logged nothing: %v, %v; want %s alone", entries, err, fakeeco.SavedLog)
		}
		if log, err := os.ReadFile(filepath.Join(evidence, "fake", fakeeco.SavedLog)); err != nil || len(log) != 0 {
			t.Errorf("evidence after a run that logged nothing holds %q, %v", log, err)
		}
	})
}

// TestTraceEvidenceErrors checks what trace refuses before running
// anything, and where the evidence goes with the trace on standard output.
func TestTraceEvidenceErrors(t *testing.T) {
	work := t.TempDir()
	proj := fakeProject(t, filepath.Join(work, "proj"))
	ecos := []ecosystems.Ecosystem{&fakeeco.Ecosystem{}}
	ran := filepath.Join(work, "ran")
	touch := []string{"sh", "-c", "touch " + ran + `; echo x >> "$FAKE_LOG"`}
	if err := fakeeco.WriteFiles(work, map[string]string{"mine.evidence/notes.txt": "mine\n", "notes.jsonl": "not a trace\n"}); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name   string
		to     traceOptions
		code   int
		stderr string // regexp
		stdout string // regexp
		ran    bool
		kept   string // evidence directory expected to hold the log
	}{
		{"notOurs", traceOptions{out: filepath.Join(work, "mine.jsonl")}, exitUsage,
			`^envaudit: evidence directory "` + regexp.QuoteMeta(filepath.Join(work, "mine.evidence")) + `" exists and is not one envaudit made; refusing to replace it\n$`, `^$`, false, ""},
		{"notATrace", traceOptions{out: filepath.Join(work, "notes.jsonl")}, exitUsage,
			`^envaudit trace: -o: ".*notes.jsonl" exists and is not an envaudit trace; refusing to overwrite it\n`, `^$`, false, ""},
		{"manifest", traceOptions{out: filepath.Join(proj, "fake.txt")}, exitUsage,
			`-o: ".*fake.txt" is one of envaudit's inputs`, `^$`, false, ""},
		{"stdout", traceOptions{out: "-"}, exitOK,
			`^envaudit: note: the evidence fake collects is not kept with a trace on standard output \(--evidence DIR keeps it\)\n`, `^\{"type":"header"`, true, ""},
		{"stdoutEvidence", traceOptions{out: "-", evidence: filepath.Join(work, "kept")}, exitOK,
			`trace written to standard output, evidence of fake in ` + regexp.QuoteMeta(filepath.Join(work, "kept")) + `\n$`, `^\{"type":"header"`, true, filepath.Join(work, "kept")},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			os.Remove(ran)
			var stdout, stderr bytes.Buffer
			to := tt.to
			to.dir, to.command, to.stdout, to.stderr = proj, touch, &stdout, &stderr
			code := traceCommand(t.Context(), to, ecos)
			if code != tt.code || !regexp.MustCompile(tt.stderr).MatchString(stderr.String()) || !regexp.MustCompile(tt.stdout).MatchString(stdout.String()) {
				t.Fatalf("exit %d, stderr %q, stdout %.80q; want %d, stderr matching %q", code, stderr.String(), stdout.String(), tt.code, tt.stderr)
			}
			if _, err := os.Stat(ran); (err == nil) != tt.ran {
				t.Errorf("the command ran: %v, want %v", err == nil, tt.ran)
			}
			if tt.kept != "" {
				if log, err := os.ReadFile(filepath.Join(tt.kept, "fake", fakeeco.SavedLog)); err != nil || string(log) != "x\n" {
					t.Errorf("kept evidence: %q, %v", log, err)
				}
			}
		})
	}
	if data, err := os.ReadFile(filepath.Join(work, "mine.evidence", "notes.txt")); err != nil || string(data) != "mine\n" {
		t.Errorf("a directory envaudit did not make was touched: %q, %v", data, err)
	}
}

// TestTracePrivilegedEvidence traces as root running the command as
// another user (--privileged with SUDO_UID): that user can write the
// ecosystem's evidence.
func TestTracePrivilegedEvidence(t *testing.T) {
	if os.Geteuid() != 0 {
		t.Fatalf("the privileged-mode tests need root (the CI runs as root; elsewhere run `sudo go test ./cmd/envaudit`)")
	}
	const nobody = 65534
	// A directory every user can enter: the command runs as nobody.
	work, err := os.MkdirTemp("", "envaudit-privileged-")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { os.RemoveAll(work) })
	if err := os.Chmod(work, 0o755); err != nil {
		t.Fatal(err)
	}
	proj := fakeProject(t, filepath.Join(work, "proj"))
	t.Setenv("SUDO_UID", strconv.Itoa(nobody))
	t.Setenv("SUDO_GID", strconv.Itoa(nobody))
	trace := filepath.Join(work, "t.jsonl")
	var stderr bytes.Buffer
	script := `test "$(id -u)" = 65534 && echo lib-b >> "$FAKE_LOG"`
	code := traceCommand(t.Context(), traceOptions{dir: proj, out: trace, privileged: true, command: []string{"sh", "-c", script}, stdout: io.Discard, stderr: &stderr}, []ecosystems.Ecosystem{&fakeeco.Ecosystem{}})
	if code != exitOK {
		t.Fatalf("trace: exit %d: %s", code, stderr.String())
	}
	if log, err := os.ReadFile(filepath.Join(work, "t.evidence", "fake", fakeeco.SavedLog)); err != nil || string(log) != "lib-b\n" {
		t.Errorf("evidence written as nobody: %q, %v", log, err)
	}
}
