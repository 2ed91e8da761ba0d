package engine

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/envaudit/envaudit/baseline"
	"github.com/envaudit/envaudit/ecosystems"
)

// resolverEco is a list ecosystem whose installed layer is the build
// tool's resolution of the project (ecosystems.Resolver).
type resolverEco struct{ listEco }

func (resolverEco) ResolvesInstalled() bool { return true }

// machineEco is an ecosystem that knows the machine's own packages, as
// the system ecosystem knows dpkg's; with err set it cannot read them.
type machineEco struct {
	listEco
	err error
}

func (m machineEco) MachinePackages(context.Context) ([]ecosystems.Package, error) {
	if m.err != nil {
		return nil, m.err
	}
	return []ecosystems.Package{{Name: "libfoo1", Version: "1.0-1"}}, nil
}

// TestTakeBaseline takes the baseline of a project of two list ecosystems
// and one resolver ecosystem, whose installed layer is the build tool's
// resolution and says nothing of the machine.
func TestTakeBaseline(t *testing.T) {
	dir := project(t)
	for name, content := range map[string]string{"r.txt": "m\n", "rlib/m/index": "m"} {
		p := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	ecos := []ecosystems.Ecosystem{listEco{"a"}, listEco{"b"}, resolverEco{listEco{"r"}}, machineEco{listEco: listEco{"deb"}}, machineEco{listEco{"broken"}, errors.New("no database")}}
	now := time.Date(2026, 11, 30, 9, 0, 0, 123, time.FixedZone("CET", 3600))
	b, warnings, err := TakeBaseline(t.Context(), dir, ecosystems.Env{}, ecos, now)
	if err != nil {
		t.Fatal(err)
	}
	if b.Taken != time.Date(2026, 11, 30, 8, 0, 0, 0, time.UTC) {
		t.Errorf("taken %v, want the time in UTC to the second", b.Taken)
	}
	// The machine's own packages whatever the project, or a warning that
	// they could not be read.
	if diff := cmp.Diff([]string{"broken: no database"}, warnings); diff != "" {
		t.Errorf("warnings (-want +got):\n%s", diff)
	}
	want := map[string][]baseline.Package{"a": {{Name: "x"}}, "b": {{Name: "z"}}, "deb": {{Name: "libfoo1", Version: "1.0-1"}}}
	if diff := cmp.Diff(want, b.Ecosystems); diff != "" {
		t.Errorf("ecosystems (-want +got):\n%s", diff)
	}

	_, _, err = TakeBaseline(t.Context(), filepath.Join(dir, "missing"), ecosystems.Env{}, ecos, now)
	var de *DirError
	if !errors.As(err, &de) {
		t.Errorf("missing directory: %v, want a *DirError", err)
	}
}
