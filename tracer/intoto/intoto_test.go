package intoto

import (
	"bytes"
	"encoding/base64"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/envaudit/envaudit/tracer"
)

func sampleTrace() *tracer.Trace {
	start := time.Date(2026, 12, 6, 10, 0, 0, 0, time.UTC)
	return &tracer.Trace{
		Header: tracer.Header{Version: tracer.FormatVersion, Command: []string{"npm", "test"}, Dir: "/w", Start: start, Backend: tracer.BackendEBPF},
		Processes: []tracer.Process{
			{ID: 1, PID: 100, Exe: "/usr/bin/node", Argv: []string{"npm", "test"}, Cwd: "/w"},
			{ID: 2, PID: 101, Parent: 1, Exe: "/bin/sh", Argv: []string{"sh", "-c", "node t.js"}, Cwd: "/w"},
			// pid 101 reused by a later process: a record of its own.
			{ID: 3, PID: 101, Parent: 1, Exe: "/usr/bin/node", Argv: []string{"node", "t.js"}, Cwd: "/w"},
		},
		Accesses: []tracer.Access{
			{Proc: 1, Op: tracer.OpRead, Path: "/w/package.json", Count: 1},
			{Proc: 2, Op: tracer.OpExec, Path: "/usr/bin/node", Count: 1},
			{Proc: 3, Op: tracer.OpRead, Path: "/w/node_modules/ms/index.js", Real: "/w/node_modules/.pnpm/ms/index.js", Count: 3},
			{Proc: 3, Op: tracer.OpWrite, Path: "/w/out.txt", Count: 1},
		},
		End: tracer.End{DurationMs: 1500, Processes: 3, Events: 6},
	}
}

// TestRoundTrip: a trace written as a statement and read back has the
// same processes, parents and accesses; a DSSE envelope of it too.
func TestRoundTrip(t *testing.T) {
	tr := sampleTrace()
	st := FromTrace(tr, []ResourceDescriptor{{Name: "package.json", Digest: map[string]string{"sha256": "ab"}}}, Host{HostID: "https://github.com", Type: "https://actions.github.io/buildtypes/workflow/v1", Event: "https://github.com/o/r/actions/runs/1/attempts/1"})
	var buf bytes.Buffer
	if err := st.Write(&buf); err != nil {
		t.Fatal(err)
	}
	if !Recognize(bytes.NewReader(buf.Bytes())) || !IsAttestation(buf.Bytes()) {
		t.Fatal("the statement written is not recognised")
	}
	var raw map[string]any
	if err := json.Unmarshal(buf.Bytes(), &raw); err != nil {
		t.Fatal(err)
	}
	if raw["_type"] != StatementType || raw["predicateType"] != PredicateType {
		t.Errorf("_type %v, predicateType %v", raw["_type"], raw["predicateType"])
	}
	envelope, _ := json.Marshal(map[string]any{"payloadType": PayloadType, "payload": base64.StdEncoding.EncodeToString(buf.Bytes()), "signatures": []any{}})
	for name, data := range map[string][]byte{"statement": buf.Bytes(), "envelope": envelope} {
		got, err := Read(bytes.NewReader(data), name)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		want := []tracer.Process{
			{ID: 1, PID: 100, Exe: "/usr/bin/node", Argv: []string{"npm", "test"}, Cwd: "/w"},
			{ID: 2, PID: 101, Parent: 1, Exe: "/bin/sh", Argv: []string{"sh", "-c", "node t.js"}, Cwd: "/w"},
			{ID: 3, PID: 101, Parent: 1, Exe: "/usr/bin/node", Argv: []string{"node", "t.js"}, Cwd: "/w"},
		}
		if diff := cmp.Diff(want, got.Processes); diff != "" {
			t.Errorf("%s: processes (-want +got):\n%s", name, diff)
		}
		if diff := cmp.Diff(tr.Accesses, got.Accesses); diff != "" {
			t.Errorf("%s: accesses (-want +got):\n%s", name, diff)
		}
		if got.End.DurationMs != 1500 || !got.Header.Start.Equal(tr.Header.Start) {
			t.Errorf("%s: start %v, duration %d", name, got.Header.Start, got.End.DurationMs)
		}
		if diff := cmp.Diff([]string{"npm", "test"}, got.Header.Command); diff != "" {
			t.Errorf("%s: command (-want +got):\n%s", name, diff)
		}
		if got.Header.Dir != "/w" {
			t.Errorf("%s: dir %q, want the root process's working directory /w", name, got.Header.Dir)
		}
	}
}

// TestWitness reads the runtime trace inside a witness attestation
// collection, in the shapes witness gives its events (pids as process
// IDs, commandLine as one string, exit events).
func TestWitness(t *testing.T) {
	f, err := os.Open("testdata/witness-collection.json")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	tr, err := Read(f, "witness-collection.json")
	if err != nil {
		t.Fatal(err)
	}
	want := []tracer.Process{
		{ID: 1, PID: 4100, Exe: "/usr/bin/npm", Argv: []string{"npm", "test"}},
		{ID: 2, PID: 4101, Parent: 1, Exe: "/usr/bin/node", Argv: []string{"node", "test.js"}},
	}
	if diff := cmp.Diff(want, tr.Processes); diff != "" {
		t.Errorf("processes (-want +got):\n%s", diff)
	}
	// A failed open is left out; one that does not say whether it
	// succeeded is kept.
	wantAcc := []tracer.Access{
		{Proc: 2, Op: tracer.OpRead, Path: "/w/node_modules/ms/index.js", Count: 1},
		{Proc: 1, Op: tracer.OpRead, Path: "/w/package.json", Count: 1},
		{Proc: 2, Op: tracer.OpRead, Path: "/w/node_modules/debug/index.js", Count: 1},
	}
	if diff := cmp.Diff(wantAcc, tr.Accesses); diff != "" {
		t.Errorf("accesses (-want +got):\n%s", diff)
	}
	if !strings.Contains(tr.Header.Backend, "go-witness") {
		t.Errorf("backend %q", tr.Header.Backend)
	}
}

func TestReadErrors(t *testing.T) {
	for _, tt := range []struct{ in, want string }{
		{`not json`, "not an in-toto attestation"},
		{`{"_type":"https://in-toto.io/Statement/v1","predicateType":"https://slsa.dev/provenance/v1","predicate":{}}`, "not a runtime trace"},
		{`{"payloadType":"application/vnd.in-toto+json","payload":"%%%"}`, "DSSE payload"},
		{`{"payloadType":"text/plain","payload":"e30="}`, "DSSE payload type"},
		{`{"_type":"https://in-toto.io/Statement/v1","predicateType":"https://witness.testifysec.com/attestation-collection/v0.1","predicate":{"attestations":[]}}`, "no runtime-trace attestation"},
		{`{"_type":"https://in-toto.io/Statement/v1","predicateType":"https://in-toto.io/attestation/runtime-trace/v0.1","predicate":{"monitor":{"type":"x"},"monitorLog":{}}}`, "records no process"},
		{`{"_type":"https://in-toto.io/Statement/v1","predicateType":"https://in-toto.io/attestation/runtime-trace/v0.1","predicate":{"monitorLog":{"process":"x"}}}`, "runtime-trace predicate"},
	} {
		_, err := Read(strings.NewReader(tt.in), "a.json")
		if err == nil || !strings.Contains(err.Error(), tt.want) || !strings.HasPrefix(err.Error(), "a.json") {
			t.Errorf("Read(%.60s): err = %v, want %q", tt.in, err, tt.want)
		}
	}
}

// TestIsAttestation tells attestations from envaudit's own trace.
func TestIsAttestation(t *testing.T) {
	var buf bytes.Buffer
	if err := sampleTrace().WriteJSONL(&buf); err != nil {
		t.Fatal(err)
	}
	if IsAttestation(buf.Bytes()) {
		t.Error("envaudit's trace taken for an attestation")
	}
	for _, s := range []string{`{"payloadType":"x","payload":""}`, "\n  {\"_type\": \"x\"}"} {
		if !IsAttestation([]byte(s)) {
			t.Errorf("%q not taken for an attestation", s)
		}
	}
}

// FuzzRead: any input gives a trace or an error, never a panic.
func FuzzRead(f *testing.F) {
	var buf bytes.Buffer
	FromTrace(sampleTrace(), nil, Host{}).Write(&buf)
	f.Add(buf.Bytes())
	if data, err := os.ReadFile("testdata/witness-collection.json"); err == nil {
		f.Add(data)
	}
	f.Add([]byte(`{"payload":"eyJwYXlsb2FkIjoiZTMwPSJ9"}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		tr, err := Read(bytes.NewReader(data), "f")
		if err == nil {
			for _, a := range tr.Accesses {
				if a.Proc < 1 || a.Proc > len(tr.Processes) {
					t.Fatalf("access of process %d, %d processes", a.Proc, len(tr.Processes))
				}
			}
			for _, p := range tr.Processes {
				if p.Parent < 0 || p.Parent >= p.ID {
					t.Fatalf("process %d with parent %d", p.ID, p.Parent)
				}
			}
		}
	})
}

// TestSubjects: each file once, named relative to the root when below it
// (..lock is, though its name starts with ..), absolute otherwise, with its
// SHA-256, sorted by name; a missing file left out.
func TestSubjects(t *testing.T) {
	dir := t.TempDir()
	root := filepath.Join(dir, "app")
	for name, content := range map[string]string{"app/package.json": "{}\n", "app/..lock": "x", "common.txt": "a\n"} {
		p := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	files := []string{filepath.Join(root, "package.json"), filepath.Join(root, "package.json"), filepath.Join(root, "..lock"),
		filepath.Join(dir, "common.txt"), filepath.Join(root, "missing.txt")}
	got, err := Subjects(root, files)
	if err != nil {
		t.Fatal(err)
	}
	want := []ResourceDescriptor{
		{Name: "..lock", Digest: map[string]string{"sha256": "2d711642b726b04401627ca9fbac32f5c8530fb1903cc4db02258717921a4881"}},
		{Name: filepath.ToSlash(filepath.Join(dir, "common.txt")), Digest: map[string]string{"sha256": "87428fc522803d31065e7bce3cf03fe475096631e5e07bbd7a0fde60c4cf25c7"}},
		{Name: "package.json", Digest: map[string]string{"sha256": "ca3d163bab055381827226140568f3bef7eaac187cebd76878e0b63e9e442356"}},
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("Subjects (-want +got):\n%s", diff)
	}
}
