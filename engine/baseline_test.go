package engine

import (
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
	ecos := []ecosystems.Ecosystem{listEco{"a"}, listEco{"b"}, resolverEco{listEco{"r"}}}
	now := time.Date(2026, 11, 30, 9, 0, 0, 123, time.FixedZone("CET", 3600))
	b, warnings, err := TakeBaseline(t.Context(), dir, nil, ecos, now)
	if err != nil {
		t.Fatal(err)
	}
	if b.Taken != time.Date(2026, 11, 30, 8, 0, 0, 0, time.UTC) {
		t.Errorf("taken %v, want the time in UTC to the second", b.Taken)
	}
	// The machine's Debian packages, or a warning that they could not be
	// read: which one depends on the machine.
	if _, ok := b.Ecosystems["system"]; !ok && len(warnings) == 0 {
		t.Errorf("neither Debian packages nor a warning about them")
	}
	delete(b.Ecosystems, "system")
	want := map[string][]baseline.Package{"a": {{Name: "x"}}, "b": {{Name: "z"}}}
	if diff := cmp.Diff(want, b.Ecosystems); diff != "" {
		t.Errorf("ecosystems (-want +got):\n%s", diff)
	}

	_, _, err = TakeBaseline(t.Context(), filepath.Join(dir, "missing"), nil, ecos, now)
	var de *DirError
	if !errors.As(err, &de) {
		t.Errorf("missing directory: %v, want a *DirError", err)
	}
}
