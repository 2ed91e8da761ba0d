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
	"golang.org/x/sys/unix"
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
			got, gaps := byIdentity(tr, ids)
			if diff := cmp.Diff([]string{tt.want}, realPaths(got)); diff != "" {
				t.Errorf("attributed path (-want +got):\n%s", diff)
			}
			if len(gaps) > 0 {
				t.Errorf("gaps %+v", gaps)
			}
		})
	}
}

// TestAttackAttributionByFacts reproduces the attribution half of issue
// 20 §3 and §9, on the accesses as the tracer records them
// (tracer.TestAttackMounts, TestAttackRenames, TestLongPath): what the
// kernel said of each file decides which package it counts for, and an
// access under a package's path whose file cannot be that package's is a
// gap rather than a use of it.
func TestAttackAttributionByFacts(t *testing.T) {
	dir, err := filepath.EvalSymlinks(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	declaredDir := filepath.Join(dir, "node_modules", "declared")
	hiddenDir := filepath.Join(dir, "node_modules", "hidden")
	declared, hidden := declaredDir+"/index.js", hiddenDir+"/index.js"
	other := filepath.Join(dir, "other.js")
	for _, f := range []string{declared, hidden, other} {
		if err := os.MkdirAll(filepath.Dir(f), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(f, []byte(f+"\n"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	id := func(p string) fileID {
		got, ok := statID(p)
		if !ok {
			t.Fatalf("no identity of %s", p)
		}
		return got
	}
	// One file under the names of both packages: its identity names
	// neither.
	twin := filepath.Join(hiddenDir, "twin.js")
	if err := os.WriteFile(twin, []byte("twin\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Link(twin, filepath.Join(declaredDir, "twin2.js")); err != nil {
		t.Fatal(err)
	}
	d, h, o, tw := id(declared), id(hidden), id(other), id(twin)
	idx := ecosystems.NewPathIndex()
	idx.AddDir(declaredDir, "declared", ecosystems.UseRuntime)
	idx.AddDir(hiddenDir, "hidden", ecosystems.UseRuntime)
	read := func(path, unproven string, f fileID) tracer.Access {
		return tracer.Access{Op: tracer.OpRead, Path: path, Unproven: unproven, Dev: f.dev, Ino: f.ino}
	}
	overlay := fileID{dev: h.dev + 1000, ino: h.ino}
	tests := []struct {
		name string
		// swap, when set, swaps the two package directories for good
		// after the identities are taken, as a run that left them so.
		swap bool
		acc  tracer.Access
		want []string // the real paths the audit attributes
		gap  string   // the reason of the gap, if one
	}{
		{"bindMount", false, read(declared, tracer.UnprovenMount, h), []string{hidden}, ""},
		{"copyNamespace", false, read(declared, tracer.UnprovenMount, d), []string{declared}, ""},
		{"overlay", false, read(declared, tracer.UnprovenMount, overlay), nil, tracer.UnprovenMount},
		{"mountNoPackage", false, read(other, tracer.UnprovenMount, overlay), []string{other}, ""},
		{"foreignExecScript", false, tracer.Access{Op: tracer.OpExec, Path: declared, Unproven: tracer.UnprovenMount}, nil, ""},
		{"changed", false, read(declared, tracer.UnprovenChanged, h), nil, tracer.UnprovenChanged},
		{"changedLinkOutside", false, read(other, tracer.UnprovenChanged, d), []string{declared}, ""},
		{"changedLinkShared", false, read(other, tracer.UnprovenChanged, tw), nil, tracer.UnprovenChanged},
		{"changedNoPackage", false, read(other, tracer.UnprovenChanged, o), []string{other}, ""},
		{"long", false, read("index.js", tracer.UnprovenLong, h), []string{hidden}, ""},
		{"gone", false, tracer.Access{Op: tracer.OpRead, Path: declared, Unproven: tracer.UnprovenGone}, nil, tracer.UnprovenGone},
		{"swappedAndBack", false, read(declared, "", h), []string{hidden}, ""},
		{"ownFile", false, read(declared, "", d), []string{declared}, ""},
		{"swappedForGood", true, read(declared, "", fileID{}), []string{hidden}, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			ids := indexIdentities(idx)
			if tt.swap {
				swapDirs(t, declaredDir, hiddenDir)
				defer swapDirs(t, declaredDir, hiddenDir)
			}
			got, gaps := byIdentity(&tracer.Trace{Accesses: []tracer.Access{tt.acc}}, ids)
			if diff := cmp.Diff(tt.want, realPaths(got)); diff != "" {
				t.Errorf("attributed paths (-want +got):\n%s", diff)
			}
			var why []string
			for _, g := range gaps {
				why = append(why, g.why)
			}
			var want []string
			if tt.gap != "" {
				want = []string{tt.gap}
			}
			if diff := cmp.Diff(want, why); diff != "" {
				t.Errorf("gaps (-want +got):\n%s", diff)
			}
		})
	}
}

// swapDirs exchanges the directories a and b.
func swapDirs(t *testing.T, a, b string) {
	t.Helper()
	if err := unix.Renameat2(unix.AT_FDCWD, a, unix.AT_FDCWD, b, unix.RENAME_EXCHANGE); err != nil {
		t.Fatal(err)
	}
}

// TestGapsText: the gaps are said once per reason, with a few of their
// files, relative to the project.
func TestGapsText(t *testing.T) {
	gaps := []gap{
		{tracer.UnprovenMount, "/p/node_modules/a/index.js"},
		{tracer.UnprovenMount, "/p/node_modules/a/index.js"},
		{tracer.UnprovenChanged, "/p/node_modules/b/1.js"},
		{tracer.UnprovenChanged, "/p/node_modules/b/2.js"},
		{tracer.UnprovenChanged, "/p/node_modules/b/3.js"},
		{tracer.UnprovenChanged, "/usr/lib/b/4.js"},
	}
	want := []string{
		`4 files opened under the paths of installed packages ("node_modules/b/1.js", "node_modules/b/2.js", "node_modules/b/3.js" and 1 more) are not those packages' files, or cannot be shown to be: ` + gapReasons[tracer.UnprovenChanged][1] + "; which package's code ran there cannot be told",
		`1 file opened under the path of an installed package ("node_modules/a/index.js") is not that package's file, or cannot be shown to be: ` + gapReasons[tracer.UnprovenMount][0] + "; which package's code ran there cannot be told",
	}
	if diff := cmp.Diff(want, gapsText(gaps, "/p")); diff != "" {
		t.Errorf("gapsText (-want +got):\n%s", diff)
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
