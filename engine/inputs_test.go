package engine

import (
	"os"
	"path/filepath"
	"slices"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/envaudit/envaudit/ecosystems"
	"github.com/envaudit/envaudit/ecosystems/cargo"
)

// TestInputs checks that every file an ecosystem read is an input no
// output may overwrite: its lockfile and configuration as well as its
// manifests.
func TestInputs(t *testing.T) {
	dir := t.TempDir()
	for name, content := range map[string]string{
		"Cargo.toml":         "[package]\nname = \"app\"\nversion = \"0.1.0\"\n\n[dependencies]\nitoa = \"1\"\n",
		"Cargo.lock":         "version = 4\n\n[[package]]\nname = \"app\"\nversion = \"0.1.0\"\n",
		".cargo/config.toml": "[net]\noffline = true\n",
		"src/main.rs":        "fn main() {}\n",
	} {
		p := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	p, err := Open(Options{Dir: dir, Ecosystems: []ecosystems.Ecosystem{cargo.New()}})
	if err != nil {
		t.Fatal(err)
	}
	var want []string
	for _, f := range []string{".cargo/config.toml", "Cargo.lock", "Cargo.toml"} {
		want = append(want, filepath.Join(p.Root(), filepath.FromSlash(f)))
	}
	got := p.Inputs()
	slices.Sort(got)
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("Inputs (-want +got):\n%s", diff)
	}
}
