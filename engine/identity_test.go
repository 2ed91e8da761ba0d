//go:build unix

package engine

import (
	"os"
	"path/filepath"
	"syscall"
	"testing"

	"github.com/envaudit/envaudit/ecosystems"
	"github.com/envaudit/envaudit/tracer"
	"github.com/google/go-cmp/cmp"
)

// TestAttackAttributionByIdentity reproduces the attribution half of issue
// 10 §6: a package's file opened through a hard link from elsewhere, or in
// its package directory renamed during the run (renamed back before the
// end, or left renamed), still counts for that package; files of no package
// stay unattributed. The accesses are as the tracer records them
// (tracer.TestAttackHardLink, tracer.TestAttackRenamedDir).
func TestAttackAttributionByIdentity(t *testing.T) {
	dir, err := filepath.EvalSymlinks(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	pkgDir := filepath.Join(dir, "node_modules", "pkg")
	file := filepath.Join(pkgDir, "index.js")
	other := filepath.Join(dir, "other.js")
	for _, f := range []string{file, other} {
		if err := os.MkdirAll(filepath.Dir(f), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(f, []byte("x\n"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	link := filepath.Join(dir, "innocent.js")
	if err := os.Link(file, link); err != nil {
		t.Fatal(err)
	}
	id := func(p string) (uint64, uint64) {
		fi, err := os.Stat(p)
		if err != nil {
			t.Fatal(err)
		}
		st := fi.Sys().(*syscall.Stat_t)
		return uint64(st.Dev), uint64(st.Ino)
	}
	dev, ino := id(file)
	odev, oino := id(other)
	idx := ecosystems.NewPathIndex()
	idx.AddDir(pkgDir, "pkg", ecosystems.UseRuntime)

	moved := filepath.Join(dir, "node_modules", ".hidden")
	tests := []struct {
		name    string
		renamed bool // the package directory is at moved when the trace is audited
		acc     tracer.Access
		want    string
	}{
		{"hard-link", false, tracer.Access{Op: tracer.OpRead, Path: link, Dev: dev, Ino: ino}, file},
		{"renamed-and-left", true, tracer.Access{Op: tracer.OpRead, Path: moved + "/index.js"}, file},
		{"renamed-and-back", false, tracer.Access{Op: tracer.OpRead, Path: moved + "/index.js", Dev: dev, Ino: ino}, file},
		{"no-package", false, tracer.Access{Op: tracer.OpRead, Path: other, Dev: odev, Ino: oino}, other},
		{"write", false, tracer.Access{Op: tracer.OpWrite, Path: dir + "/w.js", Dev: dev, Ino: ino}, dir + "/w.js"},
		{"by-path", false, tracer.Access{Op: tracer.OpRead, Path: pkgDir + "/lib.js"}, pkgDir + "/lib.js"},
		{"renamed-unknown", false, tracer.Access{Op: tracer.OpRead, Path: moved + "/index.js"}, moved + "/index.js"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			// The identities are taken as the installation is read,
			// before the run renames anything.
			ids := indexIdentities(idx)
			if tt.renamed {
				if err := os.Rename(pkgDir, moved); err != nil {
					t.Fatal(err)
				}
				defer os.Rename(moved, pkgDir)
			}
			tr := &tracer.Trace{Accesses: []tracer.Access{tt.acc}}
			if diff := cmp.Diff([]string{tt.want}, realPaths(byIdentity(tr, ids))); diff != "" {
				t.Errorf("attributed path (-want +got):\n%s", diff)
			}
		})
	}
}

func realPaths(tr *tracer.Trace) []string {
	var out []string
	for _, a := range tr.Accesses {
		out = append(out, a.RealPath())
	}
	return out
}
