package engine

import (
	"context"
	"os"
	"testing"

	"github.com/envaudit/envaudit/audit"
	"github.com/envaudit/envaudit/ecosystems"
)

// mapEco is listEco "a" whose project reads its imports before the run
// with what the environment has (nothing names module "modx"), and names
// them again after it (ImportMapper): the installation the run used
// provides modx as package x.
type mapEco struct{ listEco }

func (e mapEco) Open(ctx context.Context, src ecosystems.Source) (ecosystems.Project, error) {
	p, err := e.listEco.Open(ctx, src)
	if err != nil || p == nil {
		return p, err
	}
	return &mapProject{listProject: p.(*listProject)}, nil
}

type mapProject struct {
	*listProject
	mapped []ecosystems.Env // the environments MapImports was given
}

func (p *mapProject) Imports(context.Context, ecosystems.Env) (*ecosystems.Imports, error) {
	return &ecosystems.Imports{Files: 1, Code: []string{"code.txt"}, List: []ecosystems.Import{{Module: "modx", Pos: ecosystems.Pos{File: "code.txt", Line: 1}, Kind: ecosystems.ImportRuntime}}}, nil
}

func (p *mapProject) MapImports(_ context.Context, env ecosystems.Env, im *ecosystems.Imports) (*ecosystems.Imports, error) {
	p.mapped = append(p.mapped, env)
	out := *im
	out.List = append([]ecosystems.Import(nil), im.List...)
	for i := range out.List {
		if len(env.Executables) > 0 && out.List[i].Module == "modx" {
			out.List[i].Package = "x"
		}
	}
	return &out, nil
}

// TestMapImports traces a run that never loads the declared x: with the
// imports named again after the run, x is imported by the code and
// untested; the names read before the run alone would call it unused.
func TestMapImports(t *testing.T) {
	dir := project(t)
	p, err := Open(Options{Dir: dir, Ecosystems: []ecosystems.Ecosystem{mapEco{listEco{"a"}}}})
	if err != nil {
		t.Fatal(err)
	}
	tr, err := p.Trace(t.Context(), RunOptions{Command: []string{"sh", "-c", "true"}, Environ: []string{"PATH=" + os.Getenv("PATH")}})
	if err != nil {
		t.Fatal(err)
	}
	defer tr.Close()
	r, instErr := tr.Audit(t.Context())
	if instErr != nil {
		t.Fatal(instErr)
	}
	mp := p.ecos[0].project.(*mapProject)
	if len(mp.mapped) != 1 || len(mp.mapped[0].Executables) == 0 || mp.mapped[0].Processes == nil {
		t.Fatalf("MapImports called with %+v, want once with the run's executables and processes", mp.mapped)
	}
	reason := ""
	for _, f := range r.Ecosystems[0].Findings {
		if f.Kind == audit.Phantom && f.Package == "x" {
			reason = f.Reason
		}
	}
	if reason != audit.ReasonUntested {
		t.Errorf("phantom x is %q, want %q: the imports were not named again after the run", reason, audit.ReasonUntested)
	}
}
