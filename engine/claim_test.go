package engine

import (
	"context"
	"path/filepath"
	"testing"

	"github.com/envaudit/envaudit/ecosystems"
	"github.com/envaudit/envaudit/tracer"
	"github.com/google/go-cmp/cmp"
)

// ownerEco is an ecosystem of the machine's packages, as the system
// ecosystem is: it opens on any tree with no file of it, and its one
// package "m" owns every file of the project root, so it sees what the
// ecosystems before it did not claim.
type ownerEco struct{ attributed *map[string]string }

func (ownerEco) Name() string       { return "m" }
func (ownerEco) DevTools() []string { return nil }
func (ownerEco) Identify(name, version string) ecosystems.Identity {
	return ecosystems.GenericIdentity(name, version)
}
func (ownerEco) MachinePackages(context.Context) ([]ecosystems.Package, error) { return nil, nil }
func (e ownerEco) Open(_ context.Context, src ecosystems.Source) (ecosystems.Project, error) {
	return ownerProject{root: src.Root, attributed: e.attributed}, nil
}

// ownerProject keeps the files attributed before it (Env.Attributed).
type ownerProject struct {
	root       string
	attributed *map[string]string
}

func (ownerProject) Files() []ecosystems.File          { return nil }
func (ownerProject) Declared() []ecosystems.Dependency { return nil }
func (p ownerProject) Installed(_ context.Context, env ecosystems.Env) (*ecosystems.Inventory, error) {
	*p.attributed = env.Attributed
	inv := &ecosystems.Inventory{Index: ecosystems.NewPathIndex(), Packages: []ecosystems.Package{{Name: "m"}}}
	inv.Index.AddDir(p.root, "m", ecosystems.UseRuntime)
	return inv, nil
}

// TestAuditClaims audits recorded traces with listEco "a" before the
// machine's ecosystem: a file "a" attributes is not the machine's too, and
// the machine's ecosystem, which has no file in the project, is reported
// only when its audit finds something.
func TestAuditClaims(t *testing.T) {
	dir := project(t)
	var attributed map[string]string
	p, err := Open(Options{Dir: dir, Ecosystems: []ecosystems.Ecosystem{listEco{"a"}, ownerEco{&attributed}}})
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff([]string{"a"}, p.Ecosystems()); diff != "" {
		t.Errorf("ecosystems named (-want +got):\n%s", diff)
	}
	tests := []struct {
		name   string
		opened []string
		want   map[string][]string // ecosystem → traced packages
	}{
		{"claimedOnly", []string{"alib/x/index"}, map[string][]string{"a": {"x"}}},
		{"unclaimedToo", []string{"alib/x/index", "b.txt"}, map[string][]string{"a": {"x"}, "m": {"m"}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			tr := &tracer.Trace{Processes: []tracer.Process{{ID: 1, PID: 10, Exe: "/bin/sh"}}}
			for _, f := range tt.opened {
				tr.Accesses = append(tr.Accesses, tracer.Access{Proc: 1, Op: tracer.OpRead, Path: filepath.Join(p.Root(), f)})
			}
			r, instErr, err := p.AuditTrace(t.Context(), tr, true, "")
			if err != nil || instErr != nil {
				t.Fatal(err, instErr)
			}
			got := map[string][]string{}
			for _, e := range r.Ecosystems {
				got[e.Name] = []string{}
				for _, tp := range e.Traced {
					got[e.Name] = append(got[e.Name], tp.Name)
				}
			}
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("traced per ecosystem (-want +got):\n%s", diff)
			}
			want := map[string]string{filepath.Join(p.Root(), "alib/x/index"): "a package x"}
			if diff := cmp.Diff(want, attributed); diff != "" {
				t.Errorf("files attributed before the machine's ecosystem (-want +got):\n%s", diff)
			}
		})
	}
}

func TestUnclaimed(t *testing.T) {
	idx := ecosystems.NewPathIndex()
	idx.AddDir("/site/yaml", "pyyaml", ecosystems.UseRuntime)
	idx.AddFile("/site/meta.json", "pyyaml", ecosystems.UseNone)
	acc := func(path, real string) tracer.Access {
		return tracer.Access{Proc: 1, Op: tracer.OpRead, Path: path, Real: real}
	}
	tests := []struct {
		name string
		in   []tracer.Access
		want []tracer.Access
		// claims are the files told to claim, real path → package.
		claims map[string]string
	}{
		{"none", []tracer.Access{acc("/usr/bin/jq", "")}, []tracer.Access{acc("/usr/bin/jq", "")}, map[string]string{}},
		{"byPath", []tracer.Access{acc("/usr/bin/jq", ""), acc("/site/yaml/_yaml.so", "")}, []tracer.Access{acc("/usr/bin/jq", "")}, map[string]string{"/site/yaml/_yaml.so": "pyyaml"}},
		{"byRealPath", []tracer.Access{acc("/link/_yaml.so", "/site/yaml/_yaml.so"), acc("/usr/bin/jq", "")}, []tracer.Access{acc("/usr/bin/jq", "")}, map[string]string{"/site/yaml/_yaml.so": "pyyaml"}},
		{"noUseClaimsToo", []tracer.Access{acc("/site/meta.json", "")}, []tracer.Access{}, map[string]string{"/site/meta.json": "pyyaml"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			claims := map[string]string{}
			got := unclaimed(&tracer.Trace{Accesses: tt.in}, idx, func(path, pkg string) { claims[path] = pkg })
			if diff := cmp.Diff(tt.want, got.Accesses); diff != "" {
				t.Errorf("accesses (-want +got):\n%s", diff)
			}
			if diff := cmp.Diff(tt.claims, claims); diff != "" {
				t.Errorf("claims (-want +got):\n%s", diff)
			}
		})
	}
	if unclaimed(nil, idx, nil) != nil {
		t.Errorf("unclaimed(nil) is not nil")
	}
}
