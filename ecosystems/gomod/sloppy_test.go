package gomod_test

import (
	"bytes"
	"fmt"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/envaudit/envaudit/audit"
	"github.com/envaudit/envaudit/ecosystems"
	"github.com/envaudit/envaudit/ecosystems/gomod"
	"github.com/envaudit/envaudit/ecosystems/internal/ecotest"
	"github.com/envaudit/envaudit/engine"
	"github.com/envaudit/envaudit/policy"
)

// TestSloppyAudited audits the sloppy fixtures, and roles (the files of
// code, tests and tooling), end to end, the way
// `envaudit run` does: engine.Open, the traced `go test ./...` (offline,
// against the module cache scripts/setup.d/gomod.sh fills from the
// fixtures' go.sum files), Audit, and the default gate, with the findings
// compared with expected/findings.golden. Every version comes from the
// fixture's go.mod and go.sum; each case is explained in the fixture's
// README.
func TestSloppyAudited(t *testing.T) {
	ecotest.RealInstall(t) // the module cache scripts/setup.d/gomod.sh fills
	// The warnings quote the go command by the path it was found at.
	goBin, err := exec.LookPath("go")
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name     string
		exitCode int    // of go test
		output   string // what go test writes, proof of why it ended so
	}{
		{name: "sloppy", output: "ok  \texample.com/envaudit-fixture/sloppy\t"},
		{name: "sloppy-madeup", exitCode: 1, output: "missing go.sum entry for module providing package github.com/fastjsonx/fastjsonx-turbo"},
		{name: "roles", output: "ok  \texample.com/envaudit-fixture/roles/ext\t"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			dir, err := filepath.Abs(filepath.Join("testdata", tt.name))
			if err != nil {
				t.Fatal(err)
			}
			p, err := engine.Open(engine.Options{Dir: dir, Ecosystems: []ecosystems.Ecosystem{gomod.New()}})
			if err != nil {
				t.Fatal(err)
			}
			var out bytes.Buffer
			tr, err := p.Trace(t.Context(), engine.RunOptions{
				Command: []string{"go", "test", "-count=1", "./..."},
				Environ: offlineEnv(), Stdout: &out, Stderr: &out,
			})
			if err != nil {
				t.Fatal(err)
			}
			defer tr.Close()
			if tr.Trace.End.ExitCode != tt.exitCode || !strings.Contains(out.String(), tt.output) {
				t.Fatalf("go test exited %d, want %d with %q in its output:\n%s", tr.Trace.End.ExitCode, tt.exitCode, tt.output, out.String())
			}
			r, instErr := tr.Audit(t.Context())
			if instErr != nil {
				t.Fatal(instErr)
			}
			ecotest.Golden(t, filepath.Join(dir, "expected", "findings.golden"), renderAudited(t, r, "go", strings.NewReplacer(goBin, "go")))
		})
	}
}

// renderAudited prints the report of ecosystem eco, the only one r may
// hold, after the default gate marked it: the layers that could not be
// obtained and the warnings (with this machine's paths replaced), then one
// finding a line — kind, reason, package, where it is placed (the manifest
// line, or the import needing it), the imports of the project's code that
// need it (with their kind, and whether a test file imports it), severity,
// and whether it gates — and the grouped findings (packages only declared
// ones need) per kind and reason, as the renderings show them.
func renderAudited(t *testing.T, r *audit.Report, eco string, paths *strings.Replacer) string {
	t.Helper()
	if len(r.Ecosystems) != 1 || r.Ecosystems[0].Name != eco {
		var names []string
		for _, e := range r.Ecosystems {
			names = append(names, e.Name)
		}
		t.Fatalf("report ecosystems %q, want %q alone", names, eco)
	}
	sel, err := policy.ParseSelectors(policy.DefaultFailOn)
	if err != nil {
		t.Fatal(err)
	}
	policy.Gate{FailOn: sel, Existing: true}.Mark(r)
	rep := r.Ecosystems[0]
	var b strings.Builder
	for _, m := range rep.Missing {
		fmt.Fprintf(&b, "missing layer: %s\n", m)
	}
	for _, w := range rep.Warnings {
		fmt.Fprintf(&b, "warning: %s\n", paths.Replace(w))
	}
	grouped := map[string][]string{}
	var groups []string
	for _, f := range rep.Findings {
		if f.Grouped {
			k := fmt.Sprintf("%s %s", f.Kind, f.Reason)
			if grouped[k] == nil {
				groups = append(groups, k)
			}
			grouped[k] = append(grouped[k], f.Package)
			if f.Gating {
				t.Errorf("grouped %s %s %s gates", f.Kind, f.Reason, f.Package)
			}
			continue
		}
		at := "-"
		if f.Location != nil {
			at = f.Location.String()
		}
		fmt.Fprintf(&b, "%s %s %s at=%s", f.Kind, f.Reason, f.Package, at)
		if f.Evidence != nil {
			for _, im := range f.Evidence.Imports {
				fmt.Fprintf(&b, " import=%s(%s", im.Pos, im.Kind)
				if im.Test {
					b.WriteString(",test")
				}
				b.WriteByte(')')
			}
		}
		fmt.Fprintf(&b, " %s gating=%v\n", f.Severity, f.Gating)
	}
	for _, k := range groups {
		fmt.Fprintf(&b, "grouped %s: %s\n", k, strings.Join(grouped[k], " "))
	}
	return b.String()
}
