package system

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/envaudit/envaudit/audit"
	"github.com/envaudit/envaudit/ecosystems"
	"github.com/envaudit/envaudit/ecosystems/internal/ecotest"
	"github.com/google/go-cmp/cmp"
)

func TestPolicyNames(t *testing.T) {
	out := "jq:\n  Installed: 1.6-2.1+deb12u1\n  Candidate: 1.6-2.1+deb12u3\n  Version table:\n     1.6-2.1+deb12u3 500\n" +
		"        500 http://example.org/debian bookworm/main amd64 Packages\n" +
		"libz-dev:\n  Installed: (none)\n  Candidate: (none)\n  Version table:\n" +
		"libc6:i386:\n  Installed: (none)\n"
	if diff := cmp.Diff([]string{"jq", "libz-dev", "libc6"}, policyNames([]byte(out))); diff != "" {
		t.Errorf("policyNames (-want +got):\n%s", diff)
	}
}

// TestNotInstalledAvailable audits a project declaring two packages the
// fixture system lacks, one of which the archive knows: that one is not
// installed, and the finding says to install it; the other may be a
// made-up name, and the finding says to check it.
func TestNotInstalledAvailable(t *testing.T) {
	root := t.TempDir()
	if err := os.WriteFile(filepath.Join(root, "Aptfile"), []byte("tree\nlibsqlite3-dev\nsqlite-utilz\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	var asked []string
	e := Ecosystem{System: os.DirFS("../../testdata/dpkg-root"), Archive: func(_ context.Context, names []string) ([]string, error) {
		asked = append(asked, names...)
		return []string{"libsqlite3-dev", "jq"}, nil
	}}
	p := ecotest.Open(t, e, root)
	inv, err := p.Installed(t.Context(), ecosystems.Env{})
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff([]string{"libsqlite3-dev", "sqlite-utilz"}, asked); diff != "" {
		t.Errorf("names asked of the archive (-want +got):\n%s", diff)
	}
	if diff := cmp.Diff([]string{"libsqlite3-dev"}, inv.Available); diff != "" {
		t.Errorf("Available (-want +got):\n%s", diff)
	}
	rep := audit.Ecosystem(audit.Input{Name: e.Name(), Manifests: []string{"Aptfile"}, Declared: p.Declared(), Inventory: inv, Root: root})
	want := map[string]string{
		"libsqlite3-dev": "the package archive has it: install it",
		"sqlite-utilz":   "check the name",
	}
	for _, f := range rep.Findings {
		if f.Reason != audit.ReasonNotInstalled {
			continue
		}
		if w, ok := want[f.Package]; !ok || !strings.Contains(f.Message, w) {
			t.Errorf("%s: %q, want it to say %q", f.Package, f.Message, w)
		}
		delete(want, f.Package)
	}
	for name := range want {
		t.Errorf("no not-installed finding for %s", name)
	}
}
