package tracer

import (
	"bytes"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
)

func sampleTrace() *Trace {
	return &Trace{
		Header: Header{Version: FormatVersion, Command: []string{"npm", "test"}, Dir: "/src", Start: time.Date(2026, 11, 30, 9, 0, 0, 0, time.UTC)},
		Processes: []Process{
			{ID: 2, PID: 4243, Parent: 1, Exe: "/usr/bin/dash", Argv: []string{"sh", "-c", "x"}, Cwd: "/src", Exec: true},
			{ID: 1, PID: 4242, Exe: "/usr/bin/node", Argv: []string{"node", "--test"}, Cwd: "/src", Exec: true},
		},
		Accesses: []Access{
			{Proc: 2, Op: OpExec, Path: "/bin/sh", Real: "/usr/bin/dash", Count: 1},
			{Proc: 1, Op: OpRead, Path: "/src/node_modules/debug/src/index.js", Count: 2},
			{Proc: 1, Op: OpWrite, Path: "/src/out.log", Count: 1},
		},
		End: End{ExitCode: 1, DurationMs: 812, Processes: 2, Events: 4, Killed: []int{99}, Warnings: []string{"w"}},
	}
}

func TestJSONLRoundTrip(t *testing.T) {
	var buf bytes.Buffer
	in := sampleTrace()
	if err := in.WriteJSONL(&buf); err != nil {
		t.Fatal(err)
	}
	got, complete, err := ReadJSONL(&buf, "t.jsonl")
	if err != nil || !complete {
		t.Fatalf("ReadJSONL: complete %v, %v", complete, err)
	}
	want := sampleTrace()
	want.Processes[0], want.Processes[1] = want.Processes[1], want.Processes[0]
	want.Accesses = []Access{want.Accesses[1], want.Accesses[2], want.Accesses[0]}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("round trip (-want +got):\n%s", diff)
	}
}

func TestJSONLStable(t *testing.T) {
	var a, b bytes.Buffer
	sampleTrace().WriteJSONL(&a)
	tr := sampleTrace()
	tr.Accesses[0], tr.Accesses[2] = tr.Accesses[2], tr.Accesses[0]
	tr.WriteJSONL(&b)
	if a.String() != b.String() {
		t.Errorf("equal traces wrote different bytes:\n%s\n%s", a.String(), b.String())
	}
	if strings.Contains(a.String(), `"count":1`) {
		t.Errorf("a count of 1 is written; it should be omitted:\n%s", a.String())
	}
}

func TestReadJSONLErrors(t *testing.T) {
	const h = `{"type":"header","version":1,"command":["x"],"start":"2026-01-01T00:00:00Z"}` + "\n"
	const p = `{"type":"process","id":1,"pid":5}` + "\n"
	tests := []struct {
		name, in, want string
	}{
		{"empty", "", "t.jsonl: empty trace: unexpected EOF"},
		{"not-json", "{", "t.jsonl:1: invalid JSON: unexpected end of JSON input"},
		{"no-header", p, `t.jsonl:1: first record is "process", want "header"`},
		{"version", `{"type":"header","version":9}` + "\n", "t.jsonl:1: unsupported trace version 9 (this envaudit reads version 1)"},
		{"second-header", h + h, "t.jsonl:2: second header record"},
		{"unknown-type", h + `{"type":"x"}`, `t.jsonl:2: unknown record type "x"`},
		{"zero-id", h + `{"type":"process","id":0}`, "t.jsonl:2: process record without a positive id"},
		{"dup-id", h + p + p, "t.jsonl:3: duplicate process id 1"},
		{"unknown-proc", h + `{"type":"access","proc":3,"op":"read","path":"/x"}`, "t.jsonl:2: access names unknown process 3"},
		{"bad-op", h + p + `{"type":"access","proc":1,"op":"stat","path":"/x"}`, `t.jsonl:3: unknown access op "stat" (want read, write or exec)`},
		{"no-path", h + p + `{"type":"access","proc":1,"op":"read"}`, "t.jsonl:3: access without a path"},
		{"after-end", h + `{"type":"end","exitCode":0}` + "\n" + p, `t.jsonl:3: record "process" after the end record`},
		{"bad-field", h + `{"type":"process","id":"one"}`, "t.jsonl:2: invalid process record: json: cannot unmarshal string into Go struct field Process.id of type int"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, _, err := ReadJSONL(strings.NewReader(tt.in), "t.jsonl")
			got := ""
			if err != nil {
				got = err.Error()
			}
			if got != tt.want {
				t.Errorf("error = %q, want %q", got, tt.want)
			}
		})
	}
}

func TestReadJSONLIncomplete(t *testing.T) {
	in := `{"type":"header","version":1,"command":["x"],"start":"2026-01-01T00:00:00Z"}` + "\n\n" +
		`{"type":"process","id":1,"pid":5}` + "\n" +
		`{"type":"access","proc":1,"op":"read","path":"/x"}` + "\n"
	tr, complete, err := ReadJSONL(strings.NewReader(in), "t.jsonl")
	if err != nil || complete {
		t.Fatalf("complete %v, err %v; want an incomplete trace", complete, err)
	}
	if len(tr.Accesses) != 1 || tr.Accesses[0].Count != 1 {
		t.Errorf("accesses = %+v, want one with count 1", tr.Accesses)
	}
}

// FuzzReadJSONL checks that ReadJSONL never panics and that whatever it
// accepts writes back to a trace that reads back to the same bytes.
func FuzzReadJSONL(f *testing.F) {
	var buf bytes.Buffer
	sampleTrace().WriteJSONL(&buf)
	f.Add(buf.String())
	f.Add(`{"type":"header","version":1}` + "\n" + `{"type":"process","id":1}` + "\n")
	f.Add(`{"type":"header","version":1}` + "\n" + `{"type":"process","id":1}` + "\n" + `{"type":"access","proc":1,"op":"exec","path":"/a","count":-3}`)
	f.Add(`{"type":"header","version":1,"start":"bad"}`)
	f.Add(`{"type":"end"}`)
	f.Add("\n\n")
	f.Fuzz(func(t *testing.T, in string) {
		tr, _, err := ReadJSONL(strings.NewReader(in), "fuzz")
		if err != nil {
			return
		}
		var once, twice bytes.Buffer
		if err := tr.WriteJSONL(&once); err != nil {
			t.Fatalf("write accepted trace: %v", err)
		}
		tr2, _, err := ReadJSONL(bytes.NewReader(once.Bytes()), "again")
		if err != nil {
			t.Fatalf("re-read written trace: %v\n%s", err, once.String())
		}
		if err := tr2.WriteJSONL(&twice); err != nil {
			t.Fatal(err)
		}
		if once.String() != twice.String() {
			t.Fatalf("unstable round trip:\n%s\n%s", once.String(), twice.String())
		}
	})
}
