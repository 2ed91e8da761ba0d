package cargo

import (
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/envaudit/envaudit/ecosystems"
	"github.com/envaudit/envaudit/ecosystems/internal/ecotest"
)

// TestMembersGlobBudget reproduces an exponential workspace.members
// pattern: 40 "*" segments over a project directory holding two links to
// itself (2^40 paths). The match stops at maxMemberGlobSteps with an
// error at workspace.members; a plain pattern still finds its crate.
func TestMembersGlobBudget(t *testing.T) {
	for _, tt := range []struct {
		name    string
		pattern string
		wantErr string
		members int
	}{
		{name: "linkedStars", pattern: strings.TrimSuffix(strings.Repeat("*/", 40), "/"), wantErr: "Cargo.toml:2: workspace.members: pattern"},
		{name: "plain", pattern: "crates/*", members: 1},
	} {
		t.Run(tt.name, func(t *testing.T) {
			dir := t.TempDir()
			for _, l := range []string{"l1", "l2"} {
				if err := os.Symlink(".", filepath.Join(dir, l)); err != nil {
					t.Fatal(err)
				}
			}
			if err := os.MkdirAll(filepath.Join(dir, "crates", "a"), 0o755); err != nil {
				t.Fatal(err)
			}
			write := func(name, data string) {
				if err := os.WriteFile(filepath.Join(dir, name), []byte(data), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			write("Cargo.toml", "[workspace]\nmembers = [\""+tt.pattern+"\"]\n")
			write("crates/a/Cargo.toml", "[package]\nname = \"a\"\nversion = \"0.1.0\"\n")
			pr, err := readProject(ecosystems.Dir(dir))
			ecotest.BudgetError(t, err, tt.wantErr)
			if tt.wantErr != "" {
				return
			}
			if len(pr.members) != tt.members {
				t.Errorf("%d members, want %d", len(pr.members), tt.members)
			}
		})
	}
}

// FuzzMembersGlobCost is the cost oracle of workspace.members: any
// pattern over a tree with a link to itself reads and matches at most
// maxMemberGlobSteps (and one more read to find it is over).
func FuzzMembersGlobCost(f *testing.F) {
	dir := f.TempDir()
	if err := os.Symlink(".", filepath.Join(dir, "self")); err != nil {
		f.Fatal(err)
	}
	if err := os.MkdirAll(filepath.Join(dir, "crates", "a"), 0o755); err != nil {
		f.Fatal(err)
	}
	for _, s := range []string{"crates/*", "*/*/*/*/*/*/*/*/*/*", "self/*", "[", "*"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, pattern string) {
		g := &globFS{FS: ecosystems.Dir(dir).FS, budget: ecosystems.NewBudget("steps", maxMemberGlobSteps)}
		_, _ = fs.Glob(g, pattern)
		if g.budget.Used() > maxMemberGlobSteps+1 {
			t.Fatalf("%d steps for %q", g.budget.Used(), pattern)
		}
	})
}
