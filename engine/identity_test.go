//go:build unix

package engine

import (
	"context"
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

// TestSkipNoPackages: a directory to skip that holds an installed
// package's file or directory, or lies in one, is traced instead (a build
// cache pointed at node_modules by go env -w).
func TestSkipNoPackages(t *testing.T) {
	// A skipped directory that is a symbolic link to node_modules.
	tmp := t.TempDir()
	if err := os.MkdirAll(filepath.Join(tmp, "app", "node_modules", "debug"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(filepath.Join(tmp, "app", "node_modules"), filepath.Join(tmp, "cache")); err != nil {
		t.Fatal(err)
	}
	real, err := filepath.EvalSymlinks(filepath.Join(tmp, "app", "node_modules", "debug"))
	if err != nil {
		t.Fatal(err)
	}
	idx := ecosystems.NewPathIndex()
	idx.AddDir(real, "debug", ecosystems.UseRuntime)
	idx.AddDir("/w/app/node_modules/ms", "ms", ecosystems.UseRuntime)
	idx.AddFile("/usr/lib/python3/dist-packages/six.py", "six", ecosystems.UseRuntime)
	before := map[string]*before{
		"npm":    {inv: &ecosystems.Inventory{Index: idx}},
		"go":     {},
		"python": nil,
	}
	tests := []struct {
		name string
		skip []string
		want []string
	}{
		{"cacheAndRoot", []string{"/root/.cache/go-build", "/usr/local/go"}, []string{"/root/.cache/go-build", "/usr/local/go"}},
		{"holdsPackageDir", []string{"/w/app/node_modules", "/w/app"}, nil},
		{"holdsPackageFile", []string{"/usr/lib/python3", "/lib/python3"}, nil},
		{"inPackageDir", []string{"/w/app/node_modules/ms/cache"}, nil},
		{"sibling", []string{"/w/app/node_modules/msx", "/w/app/node_modules/m"}, []string{"/w/app/node_modules/msx", "/w/app/node_modules/m"}},
		{"slash", []string{"/"}, nil},
		{"linkToPackages", []string{filepath.Join(tmp, "cache")}, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if diff := cmp.Diff(tt.want, skipNoPackages(tt.skip, before)); diff != "" {
				t.Errorf("skipNoPackages(%q) (-want +got):\n%s", tt.skip, diff)
			}
		})
	}
}

// runListEco is listEco whose installation, like Maven's, is read only
// after the run.
type runListEco struct{ listEco }

func (e runListEco) Open(ctx context.Context, src ecosystems.Source) (ecosystems.Project, error) {
	p, err := e.listEco.Open(ctx, src)
	if p == nil || err != nil {
		return p, err
	}
	return runListProject{p.(*listProject)}, nil
}

type runListProject struct{ *listProject }

func (runListProject) ReadsRunOutput() ecosystems.RunOutput {
	return ecosystems.RunOutput{Installed: true}
}

// TestSkippedPackageWarns: the audit of a trace that skipped a directory
// holding packages of an installation not read before the run (read only
// after it, or a saved trace's) says so.
func TestSkippedPackageWarns(t *testing.T) {
	dir := project(t)
	p, err := Open(Options{Dir: dir, Ecosystems: []ecosystems.Ecosystem{runListEco{listEco{"a"}}, listEco{"b"}}})
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name string
		skip []string
		want map[string][]string
	}{
		{"holdsPackage", []string{dir + "/cache", dir + "/alib"}, map[string][]string{"a": {`a: the trace skipped "` + dir + `/alib", which holds files of the installed package "x": the files opened there were counted, not recorded, so packages may be missing from the traced layer`}}},
		// A saved trace: whoever recorded it, no installation was
		// compared with its skipped directories before it ran.
		{"readBefore", []string{dir + "/blib"}, map[string][]string{"b": {`b: the trace skipped "` + dir + `/blib", which holds files of the installed package "z": the files opened there were counted, not recorded, so packages may be missing from the traced layer`}}},
		{"none", []string{dir + "/cache"}, map[string][]string{}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			tr := &tracer.Trace{Header: tracer.Header{Version: tracer.FormatVersion, Command: []string{"true"}, Dir: dir, Skip: tt.skip}}
			r, instErr, err := p.AuditTrace(t.Context(), tr, true, "")
			if err != nil || instErr != nil {
				t.Fatal(err, instErr)
			}
			got := map[string][]string{}
			for _, e := range r.Ecosystems {
				if len(e.Warnings) > 0 {
					got[e.Name] = e.Warnings
				}
			}
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("warnings (-want +got):\n%s", diff)
			}
		})
	}
}
