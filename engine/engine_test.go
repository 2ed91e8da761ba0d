package engine

import (
	"context"
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/envaudit/envaudit/audit"
	"github.com/envaudit/envaudit/ecosystems"
	"github.com/envaudit/envaudit/internal/testenv"
	"github.com/envaudit/envaudit/tracer"
	"github.com/envaudit/envaudit/tracer/evchan"
	"github.com/google/go-cmp/cmp"
)

// listEco is the smallest ecosystem: its manifest <name>.txt declares one
// package per line, <name>lib/<package>/ holds each installed package, and, as
// Maven's class-load log does, it asks the traced command (through
// <NAME>_LOG, set by TraceEnv) to name what it used in its evidence channel.
type listEco struct{ name string }

func (e listEco) Name() string       { return e.name }
func (e listEco) DevTools() []string { return []string{"runner"} }
func (e listEco) Identify(name, version string) ecosystems.Identity {
	return ecosystems.GenericIdentity(name, version)
}
func (e listEco) manifest() string { return e.name + ".txt" }
func (e listEco) logVar() string   { return strings.ToUpper(e.name) + "_LOG" }
func (e listEco) Open(_ context.Context, src ecosystems.Source) (ecosystems.Project, error) {
	b, err := src.ReadFile(e.manifest())
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	p := &listProject{listEco: e, root: src.Root}
	for i, l := range strings.Split(string(b), "\n") {
		if l = strings.TrimSpace(l); l == "" {
			continue
		}
		if strings.Contains(l, " ") {
			return nil, ecosystems.Errorf(e.manifest(), i+1, "invalid name %q", l)
		}
		p.deps = append(p.deps, ecosystems.Dependency{Name: l, Scope: ecosystems.ScopeRuntime, Pos: ecosystems.Pos{File: e.manifest(), Line: i + 1}})
	}
	return p, nil
}

// listProject is a project listEco opened.
type listProject struct {
	listEco
	root string
	deps []ecosystems.Dependency
}

func (p *listProject) Files() []ecosystems.File {
	return []ecosystems.File{{Path: p.manifest(), Kind: ecosystems.KindManifest}}
}

func (p *listProject) Declared() []ecosystems.Dependency { return p.deps }

func (p *listProject) Installed(ctx context.Context, env ecosystems.Env) (*ecosystems.Inventory, error) {
	e, root := p.listEco, p.root
	inv := &ecosystems.Inventory{Index: ecosystems.NewPathIndex()}
	entries, _ := os.ReadDir(filepath.Join(root, e.name+"lib"))
	for _, d := range entries {
		inv.Packages = append(inv.Packages, ecosystems.Package{Name: d.Name(), Path: e.name + "lib/" + d.Name()})
		inv.Index.AddDir(filepath.Join(root, e.name+"lib", d.Name()), d.Name(), ecosystems.UseRuntime)
	}
	if env.Scratch != "" {
		for _, name := range strings.Fields(string(env.Channel)) {
			inv.Observed = append(inv.Observed, ecosystems.Observation{Package: name, File: e.name + "lib/" + name, Process: "sh", Use: ecosystems.UseRuntime})
		}
	}
	return inv, nil
}

func (e listEco) TraceEnv(scratch string, environ []string) []string {
	return []string{e.logVar() + "=" + evchan.Path(scratch)}
}

// project writes a project with a.txt declaring x and y, b.txt declaring
// z, and alib/x and blib/z installed.
func project(t *testing.T) string {
	t.Helper()
	dir := t.TempDir()
	for name, content := range map[string]string{
		"a.txt": "x\ny\n", "b.txt": "z\n", "alib/x/index": "x", "blib/z/index": "z",
	} {
		p := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

// TestMain lets the test binary act as the tracer's helper, as envaudit's
// main does.
func TestMain(m *testing.M) {
	tracer.Main()
	testenv.Hermetic()
	os.Exit(m.Run())
}

var ecos = []ecosystems.Ecosystem{listEco{"a"}, listEco{"b"}}

func TestOpenSelects(t *testing.T) {
	dir := project(t)
	tests := []struct {
		name       string
		only, skip []string
		want       []string
	}{
		{"all", nil, nil, []string{"a", "b"}},
		{"only", []string{"b"}, nil, []string{"b"}},
		{"skip", nil, []string{"a"}, []string{"b"}},
		{"both", []string{"a", "b"}, []string{"b"}, []string{"a"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p, err := Open(Options{Dir: dir, Ecosystems: ecos, Only: tt.only, Skip: tt.skip})
			if err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(tt.want, p.Ecosystems()); diff != "" {
				t.Errorf("ecosystems (-want +got):\n%s", diff)
			}
			var inputs []string
			for _, in := range p.Inputs() {
				inputs = append(inputs, filepath.Base(in))
			}
			var want []string
			for _, n := range tt.want {
				want = append(want, n+".txt")
			}
			if diff := cmp.Diff(want, inputs); diff != "" {
				t.Errorf("inputs (-want +got):\n%s", diff)
			}
		})
	}
	if _, err := Open(Options{Dir: dir, Ecosystems: ecos, Skip: []string{"c"}}); err == nil || err.Error() != `unknown ecosystem "c" (want one of a, b)` {
		t.Errorf("Open with an unknown ecosystem: %v", err)
	}
}

func TestOpenErrors(t *testing.T) {
	dir := project(t)
	_, err := Open(Options{Dir: filepath.Join(dir, "nowhere"), Ecosystems: ecos})
	var de *DirError
	if !errors.As(err, &de) || !strings.Contains(err.Error(), "does not exist") {
		t.Errorf("Open of a missing directory: %v, want a *DirError", err)
	}
	_, err = Open(Options{Dir: filepath.Join(dir, "a.txt"), Ecosystems: ecos})
	if !errors.As(err, &de) || !strings.Contains(err.Error(), "is not a directory") {
		t.Errorf("Open of a file: %v, want a *DirError", err)
	}
	if err := os.WriteFile(filepath.Join(dir, "b.txt"), []byte("z\nbad name\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	// Positioned errors name the file as seen from the working directory.
	wd, _ := os.Getwd()
	rel, err := filepath.Rel(wd, dir)
	if err != nil {
		t.Fatal(err)
	}
	_, err = Open(Options{Dir: rel, Ecosystems: ecos})
	var pe *ecosystems.PosError
	if !errors.As(err, &pe) || pe.Pos.File != filepath.ToSlash(rel)+"/b.txt" || pe.Pos.Line != 2 {
		t.Errorf("Open of a broken manifest: %v, want a positioned error at %s/b.txt:2", err, rel)
	}
}

// TestTraceAudit traces a real command in the project and audits it:
// the ecosystems' own evidence travels through their scratch directories,
// kept beside a saved trace and found again when it is audited.
func TestTraceAudit(t *testing.T) {
	dir := project(t)
	p, err := Open(Options{Dir: dir, Ecosystems: ecos, Version: "test", DevTools: func(eco string) []string { return []string{eco + "-extra"} }})
	if err != nil {
		t.Fatal(err)
	}
	evidence := filepath.Join(t.TempDir(), "run.evidence")
	var collectors []string
	tr, err := p.Trace(t.Context(), RunOptions{
		Command:  []string{"sh", "-c", `cat alib/x/index >/dev/null; echo z >"$B_LOG"; test "$GIVEN" = yes`},
		Environ:  []string{"PATH=" + os.Getenv("PATH")},
		Env:      []string{"GIVEN=yes"},
		Evidence: evidence,
		Prepared: func(c []string) { collectors = c },
	})
	if err != nil {
		t.Fatal(err)
	}
	defer tr.Close()
	if diff := cmp.Diff([]string{"a", "b"}, collectors); diff != "" {
		t.Errorf("collectors (-want +got):\n%s", diff)
	}
	r, instErr := tr.Audit(t.Context())
	if instErr != nil {
		t.Fatal(instErr)
	}
	if !r.Run.Succeeded || r.Tool.Version != "test" {
		t.Fatalf("run %+v, tool %+v", r.Run, r.Tool)
	}
	traced := func(r *audit.Report) map[string][]string {
		out := map[string][]string{}
		for _, e := range r.Ecosystems {
			for _, tp := range e.Traced {
				out[e.Name] = append(out[e.Name], tp.Name)
			}
		}
		return out
	}
	want := map[string][]string{"a": {"x"}, "b": {"z"}}
	if diff := cmp.Diff(want, traced(r)); diff != "" {
		t.Errorf("traced (-want +got):\n%s", diff)
	}
	if _, err := os.Stat(filepath.Join(evidence, "b", evchan.SavedName)); err != nil {
		t.Errorf("evidence not kept: %v", err)
	}
	// The saved trace, audited later with its evidence, gives the same D3.
	saved, instErr, err := p.AuditTrace(t.Context(), tr.Trace, true, evidence)
	if err != nil || instErr != nil {
		t.Fatal(err, instErr)
	}
	if diff := cmp.Diff(want, traced(saved)); diff != "" {
		t.Errorf("traced from the saved trace (-want +got):\n%s", diff)
	}
	// Without its evidence only the opened files count.
	bare, _, err := p.AuditTrace(t.Context(), tr.Trace, true, "")
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(map[string][]string{"a": {"x"}}, traced(bare)); diff != "" {
		t.Errorf("traced without evidence (-want +got):\n%s", diff)
	}
	if !slices.Contains(p.devTools(listEco{"a"}), "a-extra") {
		t.Errorf("devTools %v lacks the extra runner", p.devTools(listEco{"a"}))
	}
}

// TestTraceTemporaryEvidence checks that without an evidence directory the
// scratch directories are temporary and Close removes them.
func TestTraceTemporaryEvidence(t *testing.T) {
	p, err := Open(Options{Dir: project(t), Ecosystems: ecos})
	if err != nil {
		t.Fatal(err)
	}
	tr, err := p.Trace(t.Context(), RunOptions{Command: []string{"true"}})
	if err != nil {
		t.Fatal(err)
	}
	dirs := make([]string, 0, len(tr.scratch))
	for _, d := range tr.scratch {
		dirs = append(dirs, d)
	}
	if len(dirs) != 2 {
		t.Fatalf("scratch directories %v, want 2", dirs)
	}
	tr.Close()
	for _, d := range dirs {
		if _, err := os.Stat(d); !errors.Is(err, os.ErrNotExist) {
			t.Errorf("scratch directory %s left after Close: %v", d, err)
		}
	}
}
