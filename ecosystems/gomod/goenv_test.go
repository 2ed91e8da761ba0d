package gomod_test

import (
	"context"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/envaudit/envaudit/ecosystems"
	"github.com/envaudit/envaudit/ecosystems/gomod"
	"github.com/envaudit/envaudit/ecosystems/internal/ecotest"
)

// goCalls runs the real go command and records each go env it was asked
// for, with everything the call depended on.
type goCalls struct {
	mu  sync.Mutex
	env []string
}

func (c *goCalls) run(ctx context.Context, dir string, env []string, name string, args ...string) ([]byte, error) {
	if len(args) > 0 && args[0] == "env" {
		c.mu.Lock()
		c.env = append(c.env, strings.Join(append(append([]string{dir, name}, args...), env...), "\x00"))
		c.mu.Unlock()
	}
	return gomod.ExecRunner(ctx, dir, env, name, args...)
}

// distinct is how many different go env calls c saw.
func (c *goCalls) distinct() int {
	seen := map[string]bool{}
	for _, k := range c.env {
		seen[k] = true
	}
	return len(seen)
}

// preRun is what the reads before a run give.
type preRun struct {
	Imports   *ecosystems.Imports
	Installed []ecosystems.Package
	Warnings  []string
	Skip      []string
}

// TestGoEnvShared reads each real fixture before a run as the engine
// does, once without a memo and once with one: the results must be the
// same, and with the memo the go command is asked for its environment
// once per distinct environment the three reads ask with, where without
// it each read asks.
func TestGoEnvShared(t *testing.T) {
	ecotest.RealInstall(t) // the module cache scripts/setup.d/gomod.sh fills
	for _, dir := range append(realCases(t), "testdata/vendored") {
		t.Run(filepath.Base(dir), func(t *testing.T) {
			read := func(memo *ecosystems.Memo) (preRun, *goCalls) {
				calls := &goCalls{}
				p := ecotest.Open(t, &gomod.Ecosystem{Run: calls.run}, dir)
				env := ecosystems.Env{Environ: offlineEnv(), Memo: memo}
				var r preRun
				var err error
				if r.Imports, err = p.(ecosystems.Importer).Imports(context.Background(), env); err != nil {
					t.Fatalf("Imports: %v\n(run `make setup`)", err)
				}
				inv, err := p.Installed(context.Background(), env)
				if err != nil {
					t.Fatalf("Installed: %v\n(run `make setup`)", err)
				}
				r.Installed, r.Warnings = inv.Packages, inv.Warnings
				r.Skip = p.(ecosystems.TraceSkipper).TraceSkip(context.Background(), env)
				return r, calls
			}
			want, alone := read(nil)
			got, shared := read(&ecosystems.Memo{})
			if diff := cmp.Diff(want, got); diff != "" {
				t.Errorf("with a memo (-want +got):\n%s", diff)
			}
			if len(alone.env) != 3 {
				t.Fatalf("without a memo go env ran %d times, want once per read (3)", len(alone.env))
			}
			if n, d := len(shared.env), alone.distinct(); n != d {
				t.Errorf("with a memo go env ran %d times, want %d (the distinct environments)", n, d)
			}
			if d := alone.distinct(); d > 2 {
				t.Errorf("the three reads asked go env with %d different environments, want Imports and Installed alike (or, vendored, Imports and TraceSkip)", d)
			}
		})
	}
}
