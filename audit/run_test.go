package audit

import (
	"strings"
	"testing"

	"github.com/envaudit/envaudit/ecosystems"
	"github.com/envaudit/envaudit/tracer"
	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"
)

func TestRebaseTrace(t *testing.T) {
	in := &tracer.Trace{
		Header: tracer.Header{Command: []string{"npm", "test"}, Dir: "/home/runner/work/app"},
		Processes: []tracer.Process{
			{ID: 1, Exe: "/usr/bin/node", Cwd: "/home/runner/work/app"},
			{ID: 2, Exe: "/home/runner/work/app/node_modules/esbuild/bin/esbuild", Cwd: "/home/runner/work/app/sub"},
		},
		Accesses: []tracer.Access{
			{Proc: 1, Op: tracer.OpRead, Path: "/home/runner/work/app/node_modules/ms/index.js"},
			{Proc: 1, Op: tracer.OpExec, Path: "/home/runner/work/app/node_modules/.bin/x", Real: "/home/runner/work/app/node_modules/x/cli.js"},
			{Proc: 1, Op: tracer.OpRead, Path: "/home/runner/work/application/other.js"},
			{Proc: 1, Op: tracer.OpRead, Path: "/usr/lib/node_modules/npm/index.js", Real: "/usr/share/npm/index.js"},
		},
	}
	want := &tracer.Trace{
		Header: tracer.Header{Command: []string{"npm", "test"}, Dir: "/src"},
		Processes: []tracer.Process{
			{ID: 1, Exe: "/usr/bin/node", Cwd: "/src"},
			{ID: 2, Exe: "/src/node_modules/esbuild/bin/esbuild", Cwd: "/src/sub"},
		},
		Accesses: []tracer.Access{
			{Proc: 1, Op: tracer.OpRead, Path: "/src/node_modules/ms/index.js"},
			{Proc: 1, Op: tracer.OpExec, Path: "/src/node_modules/.bin/x", Real: "/src/node_modules/x/cli.js"},
			{Proc: 1, Op: tracer.OpRead, Path: "/home/runner/work/application/other.js"},
			{Proc: 1, Op: tracer.OpRead, Path: "/usr/lib/node_modules/npm/index.js", Real: "/usr/share/npm/index.js"},
		},
	}
	orig := *in
	got := RebaseTrace(in, "/home/runner/work/app/", "/src")
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("RebaseTrace (-want +got):\n%s", diff)
	}
	if in.Accesses[0].Path != "/home/runner/work/app/node_modules/ms/index.js" || in.Header.Dir != orig.Header.Dir {
		t.Errorf("RebaseTrace modified its input")
	}
	if same := RebaseTrace(in, "/home/runner/work/app", "/home/runner/work/app"); same != in {
		t.Errorf("RebaseTrace to the same directory copied the trace")
	}
}

func TestExecutables(t *testing.T) {
	tr := &tracer.Trace{
		Processes: []tracer.Process{{ID: 1, Exe: "/usr/bin/dash"}, {ID: 2, Exe: "/usr/bin/python3.11"}, {ID: 3}},
		Accesses: []tracer.Access{
			{Proc: 1, Op: tracer.OpExec, Path: "/bin/sh", Real: "/usr/bin/dash"},
			{Proc: 2, Op: tracer.OpExec, Path: "/src/.venv/bin/python", Real: "/usr/bin/python3.11"},
			{Proc: 2, Op: tracer.OpRead, Path: "/usr/lib/python3.11/os.py"},
			{Proc: 3, Op: tracer.OpExec, Path: "/usr/bin/env"},
		},
	}
	want := []string{"/bin/sh", "/src/.venv/bin/python", "/usr/bin/dash", "/usr/bin/env", "/usr/bin/python3.11"}
	if diff := cmp.Diff(want, Executables(tr)); diff != "" {
		t.Errorf("Executables (-want +got):\n%s", diff)
	}
}

func TestNewRunInfo(t *testing.T) {
	tests := []struct {
		name     string
		header   tracer.Header
		end      tracer.End
		complete bool
		want     RunInfo
		status   string
	}{
		{
			name: "Succeeded", complete: true,
			end:    tracer.End{DurationMs: 5, Processes: 2, Events: 9},
			want:   RunInfo{Command: []string{"t"}, Dir: ".", Backend: "ptrace", Succeeded: true, DurationMs: 5, Processes: 2, EventsRecorded: 9},
			status: "exited 0",
		},
		{
			name: "Skipped", complete: true,
			end:    tracer.End{DurationMs: 5, Processes: 2, Events: 9, Skipped: 40},
			want:   RunInfo{Command: []string{"t"}, Dir: ".", Backend: "ptrace", Succeeded: true, DurationMs: 5, Processes: 2, EventsRecorded: 9, Skipped: 40},
			status: "exited 0",
		},
		{
			name: "Failed", complete: true,
			end:    tracer.End{ExitCode: 3, Processes: 1},
			want:   RunInfo{Command: []string{"t"}, Dir: ".", Backend: "ptrace", ExitCode: 3, Processes: 1},
			status: "exited 3",
		},
		{
			name: "Signalled", complete: true,
			end:    tracer.End{ExitCode: 139, Signal: "SIGSEGV", Processes: 1},
			want:   RunInfo{Command: []string{"t"}, Dir: ".", Backend: "ptrace", ExitCode: 139, Signal: "SIGSEGV", Processes: 1},
			status: "was killed by SIGSEGV",
		},
		{
			name: "TimedOut", complete: true,
			end: tracer.End{ExitCode: 143, Signal: "SIGTERM", TimedOut: true, Processes: 1, Killed: []int{7, 8}},
			want: RunInfo{Command: []string{"t"}, Dir: ".", Backend: "ptrace", ExitCode: 143, Signal: "SIGTERM", TimedOut: true, Processes: 1, Warnings: []string{
				"the run was cut short by the timeout: packages the rest of the run would have loaded are missing from the traced layer",
				"2 processes outlived the command and were stopped by the tracer",
			}},
			status: "timed out",
		},
		{
			name: "Incomplete",
			want: RunInfo{Command: []string{"t"}, Dir: ".", Backend: "ptrace", Processes: 1, EventsRecorded: 3, Incomplete: true, Warnings: []string{
				"the trace has no end record: the tracer stopped before the command finished, so the audit covers only part of the run",
			}},
			status: "did not finish",
		},
		{
			name: "Lost", complete: true,
			header: tracer.Header{Backend: tracer.BackendEBPF, Hooks: []string{"tp_btf/sys_exit"}, Loader: "sudo"},
			end:    tracer.End{Processes: 1, Lost: 2, Incomplete: true, Warnings: []string{"the eBPF tracer lost 2 events"}},
			want: RunInfo{Command: []string{"t"}, Dir: ".", Processes: 1, Backend: "ebpf", Hooks: []string{"tp_btf/sys_exit"}, Loader: "sudo",
				IncompleteTrace: true, Lost: 2, Warnings: []string{
					"the trace is incomplete (the tracer says what it missed below): the audit covers only part of the run, which counts as failed",
					"the eBPF tracer lost 2 events",
				}},
			status: "exited 0 (incompletely traced)",
		},
		{
			name: "LoaderDied", complete: true,
			header: tracer.Header{Backend: tracer.BackendEBPF},
			end:    tracer.End{ExitCode: 1, Processes: 1, Incomplete: true},
			want: RunInfo{Command: []string{"t"}, Dir: ".", ExitCode: 1, Processes: 1, Backend: "ebpf", IncompleteTrace: true, Warnings: []string{
				"the trace is incomplete (the tracer says what it missed below): the audit covers only part of the run, which counts as failed",
			}},
			status: "exited 1 (incompletely traced)",
		},
		{
			name: "Gaps", complete: true,
			end: tracer.End{Processes: 1, Incomplete: true, Gaps: []string{"process 9 (/x) set up io_uring"}},
			want: RunInfo{Command: []string{"t"}, Dir: ".", Processes: 1, Backend: "ptrace", IncompleteTrace: true,
				Gaps: []string{"process 9 (/x) set up io_uring"}, Warnings: []string{
					"the trace is incomplete (the tracer says what it missed below): the audit covers only part of the run, which counts as failed",
				}},
			status: "exited 0 (incompletely traced)",
		},
		{
			name: "Mounts", complete: true,
			end: tracer.End{Processes: 1, Mounts: []tracer.MountChange{{Proc: 1, Call: "mount", Count: 2}, {Proc: 1, Call: "unshare"}}},
			want: RunInfo{Command: []string{"t"}, Dir: ".", Processes: 1, Backend: "ptrace", Succeeded: true, Warnings: []string{
				"process 0 () changed mounts or its mount namespace (mount ×2, unshare): the files opened through mounts made during the run, or of another namespace, count by their device and inode, not their paths",
			}},
			status: "exited 0",
		},
		{
			name: "Fallback", complete: true,
			header: tracer.Header{Backend: tracer.BackendPtrace, Fallback: "no BTF"},
			end:    tracer.End{Processes: 1},
			want:   RunInfo{Command: []string{"t"}, Dir: ".", Processes: 1, Succeeded: true, Backend: "ptrace", Fallback: "no BTF"},
			status: "exited 0",
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			h := tt.header
			h.Command = []string{"t"}
			tr := &tracer.Trace{
				Header:    h,
				Processes: []tracer.Process{{ID: 1}},
				Accesses:  []tracer.Access{{Proc: 1, Op: tracer.OpRead, Path: "/a", Count: 2}, {Proc: 1, Op: tracer.OpRead, Path: "/b"}},
				End:       tt.end,
			}
			got := NewRunInfo(tr, tt.complete, ".")
			if diff := cmp.Diff(&tt.want, got); diff != "" {
				t.Errorf("NewRunInfo (-want +got):\n%s", diff)
			}
			if s := got.Status(); s != tt.status {
				t.Errorf("Status() = %q, want %q", s, tt.status)
			}
		})
	}
}

// TestAddGaps: what the audit could not attribute makes the run's trace
// incomplete and the run not succeeded, with the leading warning once.
func TestAddGaps(t *testing.T) {
	tr := &tracer.Trace{Header: tracer.Header{Command: []string{"t"}}, Processes: []tracer.Process{{ID: 1}}}
	ri := NewRunInfo(tr, true, ".")
	ri.AddGaps()
	if !ri.Succeeded || ri.IncompleteTrace {
		t.Fatalf("no gap changed the run: %+v", ri)
	}
	ri.AddGaps("a", "b")
	ri.AddGaps("c")
	want := &RunInfo{Command: []string{"t"}, Dir: ".", Backend: "ptrace", Processes: 1, IncompleteTrace: true, Gaps: []string{"a", "b", "c"},
		Warnings: []string{incompleteWarning}}
	if diff := cmp.Diff(want, ri); diff != "" {
		t.Errorf("AddGaps (-want +got):\n%s", diff)
	}
	if s := ri.Status(); s != "exited 0 (incompletely traced)" {
		t.Errorf("Status() = %q", s)
	}
	var text strings.Builder
	if err := (&Report{Run: ri}).WriteText(&text); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(text.String(), "  warning: "+incompleteWarning+"\n  warning: incomplete trace: a\n  warning: incomplete trace: b\n") {
		t.Errorf("the text report does not list the gaps under the incomplete trace:\n%s", text.String())
	}
}

func TestReadReportErrors(t *testing.T) {
	tests := []struct {
		name, in, want string
	}{
		{"Syntax", "{\n  \"schemaVersion\": 1,\n  \"tool\": }\n", "r.json:3: invalid character '}' looking for beginning of value"},
		{"Type", "{\n\"schemaVersion\": \"1\"}", "r.json:2: json: cannot unmarshal string into Go struct field Report.schemaVersion of type int"},
		{"Version", `{"schemaVersion": 2}`, "r.json: not an envaudit report of schema version 1 (schemaVersion is 2)"},
		{"NotAReport", `[]`, "r.json:1: json: cannot unmarshal array into Go value of type audit.Report"},
		{"Empty", ``, "r.json:1: unexpected end of JSON input"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := ReadReport(strings.NewReader(tt.in), "r.json")
			if err == nil || err.Error() != tt.want {
				t.Errorf("ReadReport error = %v, want %q", err, tt.want)
			}
		})
	}
}

func TestCompare(t *testing.T) {
	rep := func(eco map[string][]string) *Report {
		r := &Report{SchemaVersion: 1}
		for _, name := range sortedNames(setOfKeys(eco)) {
			e := EcosystemReport{Name: name}
			for _, d := range eco[name] {
				e.Declared = append(e.Declared, depNamed(d))
			}
			r.Ecosystems = append(r.Ecosystems, e)
		}
		return r
	}
	a := rep(map[string][]string{"npm": {"express", "lodash"}, "python": {"flask"}})
	b := rep(map[string][]string{"npm": {"express", "axios"}, "python": {"django"}})
	c := rep(map[string][]string{"npm": {"lodash", "express"}})
	got := Compare([]string{"a.json", "b.json", "c.json"}, []*Report{a, b, c})
	want := Comparison{
		Definition: DefinitionStudy,
		Reports:    []string{"a.json", "b.json", "c.json"},
		Ecosystems: []EcosystemComparison{
			{
				Name:     "npm",
				Declared: [][]string{{"express", "lodash"}, {"axios", "express"}, {"express", "lodash"}},
				Pairs: []PairJaccard{
					{A: 0, B: 1, Jaccard: 1.0 / 3},
					{A: 0, B: 2, Jaccard: 1},
					{A: 1, B: 2, Jaccard: 1.0 / 3},
				},
				MeanJaccard:  f((1.0/3 + 1 + 1.0/3) / 3),
				Disjointness: f(0),
				Common:       []string{"express"},
			},
			{
				// c declares nothing in python: {flask}–{} and {django}–{}
				// share nothing, and neither do {flask}–{django}.
				Name:     "python",
				Declared: [][]string{{"flask"}, {"django"}, {}},
				Pairs: []PairJaccard{
					{A: 0, B: 1, Jaccard: 0},
					{A: 0, B: 2, Jaccard: 0},
					{A: 1, B: 2, Jaccard: 0},
				},
				MeanJaccard:  f(0),
				Disjointness: f(1),
				Common:       []string{},
			},
		},
	}
	if diff := cmp.Diff(want, got, cmpopts.EquateApprox(0, 1e-12)); diff != "" {
		t.Errorf("Compare (-want +got):\n%s", diff)
	}

	// The study's D1: a dev declaration and an excluded name (the
	// toolchain, a declaration for another platform) are not compared.
	t.Run("RuntimeOnly", func(t *testing.T) {
		x := rep(map[string][]string{"npm": {"express"}})
		y := rep(map[string][]string{"npm": {"express", "jest", "npm"}})
		y.Ecosystems[0].Declared[1].Scope = ecosystems.ScopeDev
		y.Ecosystems[0].Excluded = []ecosystems.Excluded{{Name: "npm", Why: "toolchain baseline"}}
		e := Compare([]string{"x", "y"}, []*Report{x, y}).Ecosystems[0]
		if diff := cmp.Diff([][]string{{"express"}, {"express"}}, e.Declared); diff != "" || !e.Unanimous {
			t.Errorf("declared (-want +got):\n%s; unanimous %v", diff, e.Unanimous)
		}
	})

	t.Run("Unanimous", func(t *testing.T) {
		x := rep(map[string][]string{"npm": {"a", "b"}})
		y := rep(map[string][]string{"npm": {"b", "a", "a"}})
		got := Compare([]string{"x", "y"}, []*Report{x, y})
		e := got.Ecosystems[0]
		if !e.Unanimous || *e.MeanJaccard != 1 || *e.Disjointness != 0 {
			t.Errorf("equal sets: unanimous %v, mean %v, disjointness %v", e.Unanimous, *e.MeanJaccard, *e.Disjointness)
		}
	})
	t.Run("BothEmpty", func(t *testing.T) {
		x := rep(map[string][]string{"npm": {}})
		y := rep(map[string][]string{"npm": nil})
		e := Compare([]string{"x", "y"}, []*Report{x, y}).Ecosystems[0]
		if !e.Unanimous || *e.MeanJaccard != 1 || *e.Disjointness != 0 {
			t.Errorf("empty sets: unanimous %v, mean %v, disjointness %v", e.Unanimous, *e.MeanJaccard, *e.Disjointness)
		}
	})
	t.Run("OneReport", func(t *testing.T) {
		e := Compare([]string{"x"}, []*Report{a}).Ecosystems[0]
		if !e.Unanimous || e.MeanJaccard != nil || e.Disjointness != nil || len(e.Pairs) != 0 {
			t.Errorf("one report: %+v", e)
		}
	})
}

func setOfKeys(m map[string][]string) set {
	s := set{}
	for k := range m {
		s[k] = true
	}
	return s
}

func depNamed(name string) ecosystems.Dependency {
	return ecosystems.Dependency{Name: name, Scope: ecosystems.ScopeRuntime}
}

func TestTracer(t *testing.T) {
	tests := []struct {
		name string
		ri   RunInfo
		want string
	}{
		{"Old", RunInfo{}, "ptrace"},
		{"Ptrace", RunInfo{Backend: "ptrace"}, "ptrace"},
		{"Fallback", RunInfo{Backend: "ptrace", Fallback: "no BTF"}, "ptrace (eBPF cannot run here: no BTF)"},
		{"Root", RunInfo{Backend: "ebpf", Hooks: []string{"tp_btf/sys_enter", "tp_btf/sys_exit"}}, "eBPF on tp_btf/sys_enter, tp_btf/sys_exit"},
		{"Sudo", RunInfo{Backend: "ebpf", Loader: "sudo", Hooks: []string{"tp_btf/sys_enter"}}, "eBPF (loaded through sudo) on tp_btf/sys_enter"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := tt.ri.Tracer(); got != tt.want {
				t.Errorf("Tracer() = %q, want %q", got, tt.want)
			}
		})
	}
}

func TestRunInfoSummary(t *testing.T) {
	tests := []struct {
		name     string
		ri       RunInfo
		accesses int
		want     string
	}{
		{"ptrace", RunInfo{Backend: "ptrace", Command: []string{"npm", "test"}, Processes: 3, EventsRecorded: 400, DurationMs: 1200}, 120,
			"traced 3 processes, 120 file accesses (400 events) in 1.2s; \"npm test\" exited 0"},
		{"ebpf", RunInfo{Backend: "ebpf", Command: []string{"go", "test"}, Processes: 1, EventsRecorded: 9, DurationMs: 5, ExitCode: 1}, 7,
			"traced 1 processes with eBPF, 7 file accesses (9 events) in 5ms; \"go test\" exited 1"},
		{"sudo", RunInfo{Backend: "ebpf", Loader: "sudo", Command: []string{"make"}, Signal: "SIGKILL"}, 0,
			"traced 0 processes with eBPF (loaded through sudo), 0 file accesses (0 events) in 0s; \"make\" was killed by SIGKILL"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := tt.ri.Summary(tt.accesses); got != tt.want {
				t.Errorf("Summary(%d) = %q, want %q", tt.accesses, got, tt.want)
			}
		})
	}
}
