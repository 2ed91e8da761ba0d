package audit

import (
	"bytes"
	"fmt"
	"strings"
	"testing"

	"github.com/envaudit/envaudit/ecosystems"
	"github.com/envaudit/envaudit/tracer"
	"github.com/google/go-cmp/cmp"
)

// FuzzReadReport checks that reading arbitrary bytes as a report never
// panics, and that a report it accepts survives a write and a second read.
func FuzzReadReport(f *testing.F) {
	f.Add([]byte(`{"schemaVersion":1,"tool":{"name":"envaudit","version":"x"},"ecosystems":[]}`))
	f.Add([]byte(`{"schemaVersion":1,"ecosystems":[{"name":"npm","declared":[{"name":"a","scope":"runtime","location":{"file":"package.json","line":3}}],"findings":[{"kind":"phantom","reason":"unused","package":"a","severity":"warning","message":"m"}],"metrics":{"precision":1}}]}`))
	f.Add([]byte(`{"schemaVersion":2}`))
	f.Add([]byte("{\n\"schemaVersion\": }"))
	f.Fuzz(func(t *testing.T, data []byte) {
		r, err := ReadReport(bytes.NewReader(data), "r.json")
		if err != nil {
			if !strings.HasPrefix(err.Error(), "r.json") {
				t.Fatalf("error does not name the file: %v", err)
			}
			return
		}
		var b bytes.Buffer
		if err := r.WriteJSON(&b); err != nil {
			t.Fatal(err)
		}
		if _, err := ReadReport(&b, "again.json"); err != nil {
			t.Fatalf("report written from an accepted report does not read back: %v", err)
		}
		for _, w := range []func(*bytes.Buffer) error{
			func(b *bytes.Buffer) error { return r.WriteText(b) },
			func(b *bytes.Buffer) error { return r.WriteMarkdown(b) },
		} {
			if err := w(&bytes.Buffer{}); err != nil {
				t.Fatal(err)
			}
		}
	})
}

// FuzzEcosystem audits layers generated from the fuzzer's bytes (a small
// universe of packages, declarations with scopes, dependency edges, dev
// tools, traced accesses of every kind) and checks the invariants: no
// panic, equal inputs give equal reports, and the findings count exactly
// the sets the metrics measure.
func FuzzEcosystem(f *testing.F) {
	f.Add([]byte("\x01\x02\x03\x04\x05\x06\x07\x08\x09\x0a\x0b\x0c"))
	f.Add([]byte("debug-ms-yargs-left-pad-jest"))
	f.Add(bytes.Repeat([]byte{0xff, 0x00, 0x7f}, 20))
	f.Fuzz(func(t *testing.T, data []byte) {
		in := fuzzInput(data)
		r1, r2 := Ecosystem(in), Ecosystem(in)
		if diff := cmp.Diff(r1, r2); diff != "" {
			t.Fatalf("two audits of one input differ:\n%s", diff)
		}
		checkMetricsAgree(t, &Report{Run: &RunInfo{}, Ecosystems: []EcosystemReport{r1}})
		for _, x := range r1.Findings {
			if x.Package == "" || x.Message == "" || x.Severity == "" || x.Reason == "" {
				t.Fatalf("incomplete finding %+v", x)
			}
		}
		var b bytes.Buffer
		rep := NewReport("fuzz", &RunInfo{}, []EcosystemReport{r1})
		if err := rep.WriteText(&b); err != nil {
			t.Fatal(err)
		}
		if err := rep.WriteMarkdown(&b); err != nil {
			t.Fatal(err)
		}
	})
}

// fuzzInput builds an audit input from bytes, each byte one decision.
func fuzzInput(data []byte) Input {
	next := func() int {
		if len(data) == 0 {
			return 0
		}
		b := data[0]
		data = data[1:]
		return int(b)
	}
	names := []string{"a", "b", "c", "d", "e", "f", "g", "h"}
	scopes := []ecosystems.Scope{ecosystems.ScopeRuntime, ecosystems.ScopeDev, ecosystems.ScopeTest, ecosystems.ScopeOptional, ecosystems.ScopePeer, ""}
	uses := []ecosystems.Use{ecosystems.UseRuntime, ecosystems.UseCompile, ecosystems.UseNone}
	ops := []tracer.Op{tracer.OpRead, tracer.OpExec, tracer.OpWrite}
	in := Input{Name: "fuzz", Root: "/p", Manifests: []string{"m"}}
	inv := &ecosystems.Inventory{Index: ecosystems.NewPathIndex()}
	for i := next() % 10; i > 0; i-- {
		in.Declared = append(in.Declared, ecosystems.Dependency{
			Name: names[next()%len(names)], Scope: scopes[next()%len(scopes)],
			Pos: ecosystems.Pos{File: "m", Line: next() % 5}, CompileOnly: next()%7 == 0,
		})
	}
	for _, n := range names {
		switch next() % 4 {
		case 0:
			continue // not installed
		case 1:
			inv.Excluded = append(inv.Excluded, ecosystems.Excluded{Name: n, Why: "baseline"})
		default:
			p := ecosystems.Package{Name: n, Version: fmt.Sprint(next() % 3), Direct: next()%2 == 0, Dev: next()%5 == 0}
			for k := next() % 4; k > 0; k-- {
				p.Deps = append(p.Deps, names[next()%len(names)])
			}
			inv.Packages = append(inv.Packages, p)
		}
		inv.Index.AddDir("/p/lib/"+n, n, uses[next()%len(uses)])
		if next()%3 == 0 {
			inv.Index.AddFile("/p/lib/"+n+"/types.d", n, ecosystems.UseCompile)
		}
	}
	for i := next() % 3; i > 0; i-- {
		in.DevTools = append(in.DevTools, names[next()%len(names)])
	}
	if next()%4 == 0 {
		in.Inventory = nil
	} else {
		in.Inventory = inv
	}
	if next()%4 != 0 {
		tr := &tracer.Trace{Header: tracer.Header{Command: []string{"t"}}}
		tr.Processes = []tracer.Process{{ID: 1, Exe: "/bin/x"}, {ID: 2, Argv: []string{"y"}}}
		for i := next() % 16; i > 0; i-- {
			n := names[next()%len(names)]
			file := "/p/lib/" + n + "/f.js"
			if next()%3 == 0 {
				file = "/p/lib/" + n + "/types.d"
			}
			acc := tracer.Access{Proc: 1 + next()%2, Op: ops[next()%len(ops)], Path: file}
			if next()%4 == 0 {
				acc.Real, acc.Path = acc.Path, "/p/bin/"+n
			}
			tr.Accesses = append(tr.Accesses, acc)
		}
		in.Trace = tr
	}
	// Evidence the ecosystem collected itself, and an installation that
	// could not be enumerated (which keeps only that evidence).
	for i := next() % 4; i > 0; i-- {
		n := names[next()%len(names)]
		inv.Observed = append(inv.Observed, ecosystems.Observation{Package: n, File: "/p/jar/" + n + ".jar", Process: "java", Use: uses[next()%len(uses)]})
	}
	inv.Unknown = next()%5 == 1
	return in
}
