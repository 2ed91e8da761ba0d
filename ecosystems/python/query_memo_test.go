package python

import (
	"context"
	"strings"
	"sync"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/envaudit/envaudit/ecosystems"
	"github.com/envaudit/envaudit/ecosystems/internal/ecotest"
)

// TestRealQueryShared reads the real venv fixture as the engine does
// before a run (Imports, then Installed, with no run yet), once without
// a memo and once with one: the results must be the same, and with the
// memo the interpreter is started once per distinct question, where
// without it each read starts it.
func TestRealQueryShared(t *testing.T) {
	f := setupReal(t)
	type result struct {
		Imports   *ecosystems.Imports
		Installed []ecosystems.Package
		Warnings  []string
	}
	read := func(memo *ecosystems.Memo) (result, []string) {
		var mu sync.Mutex
		var asked []string
		e := New()
		e.Query = func(ctx context.Context, python, dir string, environ []string) (*Interpreter, error) {
			mu.Lock()
			asked = append(asked, strings.Join(append([]string{python, dir}, environ...), "\x00"))
			mu.Unlock()
			return RunQuery(ctx, python, dir, environ)
		}
		p := ecotest.Open(t, e, f.proj)
		env := ecosystems.Env{Environ: f.environ, Memo: memo}
		var r result
		var err error
		if r.Imports, err = p.(ecosystems.Importer).Imports(context.Background(), env); err != nil {
			t.Fatalf("Imports: %v", err)
		}
		inv, err := p.Installed(context.Background(), env)
		if err != nil {
			t.Fatalf("Installed: %v", err)
		}
		r.Installed, r.Warnings = inv.Packages, inv.Warnings
		return r, asked
	}
	want, alone := read(nil)
	got, shared := read(&ecosystems.Memo{})
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("with a memo (-want +got):\n%s", diff)
	}
	if len(alone) != 2 {
		t.Fatalf("without a memo the interpreter was asked %d times, want once per read (2)", len(alone))
	}
	distinct := map[string]bool{}
	for _, k := range alone {
		distinct[k] = true
	}
	if len(shared) != len(distinct) {
		t.Errorf("with a memo the interpreter was asked %d times, want %d (the distinct questions)", len(shared), len(distinct))
	}
	if len(distinct) != 1 {
		t.Errorf("Imports and Installed asked %d different questions, want the same one", len(distinct))
	}
}
