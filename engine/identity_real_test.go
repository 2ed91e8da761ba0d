package engine_test

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/envaudit/envaudit/audit"
	"github.com/envaudit/envaudit/ecosystems/all"
	"github.com/envaudit/envaudit/engine"
	"github.com/envaudit/envaudit/internal/testenv"
	"github.com/envaudit/envaudit/tracer"
)

// TestAttackHardLinkRealInstall reproduces, on a real npm install, the hard
// link attack of issue 10 §6: the test requires a package's file through a
// hard link outside node_modules. The package must still be traced.
func TestAttackHardLinkRealInstall(t *testing.T) {
	testenv.RealInstall(t)
	if _, err := exec.LookPath("node"); err != nil {
		t.Fatalf("node is needed: run `make setup`: %v", err)
	}
	root, err := filepath.Abs("..")
	if err != nil {
		t.Fatal(err)
	}
	dir := copyFixture(t, filepath.Join(root, "ecosystems", "npm", "testdata", "real", "basic"))
	if _, err := os.Stat(filepath.Join(dir, "node_modules", "ms", "index.js")); err != nil {
		t.Fatalf("the fixture's install is missing: run `make setup`: %v", err)
	}
	if err := os.Link(filepath.Join(dir, "node_modules", "ms", "index.js"), filepath.Join(dir, "innocent.js")); err != nil {
		t.Fatal(err)
	}
	p, err := engine.Open(engine.Options{Dir: dir, Ecosystems: all.Ecosystems()})
	if err != nil {
		t.Fatal(err)
	}
	tr, err := p.Trace(context.Background(), engine.RunOptions{
		Command: []string{"node", "-e", `require("./innocent.js")`},
		Environ: os.Environ(), Timeout: 5 * time.Minute,
	})
	if err != nil {
		t.Fatal(err)
	}
	defer tr.Close()
	if tr.Trace.End.ExitCode != 0 {
		t.Fatalf("node exited %d", tr.Trace.End.ExitCode)
	}
	r, instErr := tr.Audit(context.Background())
	if instErr != nil {
		t.Fatal(instErr)
	}
	traced := tracedNames(r, "npm")
	if !slices.Contains(traced, "ms") {
		t.Errorf("npm packages traced: %q, want ms, whose index.js was required through a hard link", traced)
	}
}

// TestAttackSkippedLinkRealInstall reproduces, on a real npm install in a
// project that also has a go.mod (so the run skips the Go build cache), a
// link planted in the build cache to a package's file and required through
// it: the package must be traced, while a file of the cache's own is only
// counted.
func TestAttackSkippedLinkRealInstall(t *testing.T) {
	testenv.RealInstall(t)
	for _, tool := range []string{"node", "go"} {
		if _, err := exec.LookPath(tool); err != nil {
			t.Fatalf("%s is needed: run `make setup`: %v", tool, err)
		}
	}
	root, err := filepath.Abs("..")
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name, pkg, link string
	}{
		{"hard-link", "ms", `ln node_modules/ms/index.js "$GOCACHE/ab/entry-d" && node -e 'require(process.env.GOCACHE + "/ab/entry-d")'`},
		// --preserve-symlinks: node opens the module through the link
		// instead of resolving it first.
		{"symbolic-link", "@isaacs/string-locale-compare", `ln -s "$PWD/node_modules/@isaacs/string-locale-compare/index.js" "$GOCACHE/ab/entry-d" && node --preserve-symlinks -e 'require(process.env.GOCACHE + "/ab/entry-d")'`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			dir := copyFixture(t, filepath.Join(root, "ecosystems", "npm", "testdata", "real", "basic"))
			if _, err := os.Stat(filepath.Join(dir, "node_modules", tt.pkg)); err != nil {
				t.Fatalf("the fixture's install is missing: run `make setup`: %v", err)
			}
			if err := os.WriteFile(filepath.Join(dir, "go.mod"), []byte("module example.com/skiplink\n\ngo 1.22\n"), 0o644); err != nil {
				t.Fatal(err)
			}
			cache, err := filepath.EvalSymlinks(t.TempDir())
			if err != nil {
				t.Fatal(err)
			}
			if err := os.MkdirAll(filepath.Join(cache, "ab"), 0o755); err != nil {
				t.Fatal(err)
			}
			own := filepath.Join(cache, "ab", "own-d")
			if err := os.WriteFile(own, []byte("cache\n"), 0o644); err != nil {
				t.Fatal(err)
			}
			p, err := engine.Open(engine.Options{Dir: dir, Ecosystems: all.Ecosystems()})
			if err != nil {
				t.Fatal(err)
			}
			tr, err := p.Trace(context.Background(), engine.RunOptions{
				Command: []string{"sh", "-c", `cat "$GOCACHE/ab/own-d" >/dev/null && ` + tt.link},
				Environ: append(os.Environ(), "GOCACHE="+cache), Timeout: 5 * time.Minute,
			})
			if err != nil {
				t.Fatal(err)
			}
			defer tr.Close()
			if tr.Trace.End.ExitCode != 0 {
				t.Fatalf("the command exited %d", tr.Trace.End.ExitCode)
			}
			if !slices.Contains(tr.Trace.Header.Skip, cache) {
				t.Fatalf("skipped directories %q, want the build cache %q", tr.Trace.Header.Skip, cache)
			}
			for _, a := range tr.Trace.Accesses {
				if a.Path == own {
					t.Errorf("the cache's own file was recorded (%+v), want it counted", a)
				}
			}
			if tr.Trace.End.Skipped == 0 {
				t.Errorf("nothing was counted below the build cache, want its own file")
			}
			r, instErr := tr.Audit(context.Background())
			if instErr != nil {
				t.Fatal(instErr)
			}
			traced := tracedNames(r, "npm")
			if !slices.Contains(traced, tt.pkg) {
				t.Errorf("npm packages traced: %q, want %s, whose file was required through a link in the build cache", traced, tt.pkg)
			}
		})
	}
}

// TestAttackSkipPackagesRealInstall reproduces a build cache pointed at an
// installation outside the project (go env -w GOCACHE=..., which a step
// before the tests can run), here Debian's dist-packages: the tracer must
// not skip it, so the distribution loaded from it is traced.
func TestAttackSkipPackagesRealInstall(t *testing.T) {
	testenv.RealInstall(t)
	const site = "/usr/lib/python3/dist-packages"
	if _, err := os.Stat(filepath.Join(site, "yaml", "__init__.py")); err != nil {
		t.Fatalf("Debian's python3-yaml is needed: run `make setup`: %v", err)
	}
	if _, err := exec.LookPath("go"); err != nil {
		t.Fatalf("go is needed: run `make setup`: %v", err)
	}
	dir := t.TempDir()
	for name, content := range map[string]string{
		"go.mod":           "module example.com/skippkgs\n\ngo 1.22\n",
		"requirements.txt": "PyYAML\n",
	} {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if out, err := exec.Command("/usr/bin/python3", "-m", "venv", "--system-site-packages", filepath.Join(dir, ".venv")).CombinedOutput(); err != nil {
		t.Fatalf("python3 -m venv: %v\n%s", err, out)
	}
	p, err := engine.Open(engine.Options{Dir: dir, Ecosystems: all.Ecosystems()})
	if err != nil {
		t.Fatal(err)
	}
	tr, err := p.Trace(context.Background(), engine.RunOptions{
		Command: []string{".venv/bin/python", "-c", "import yaml"},
		Environ: append(os.Environ(), "GOCACHE="+site, "PYTHONNOUSERSITE=1", "PYTHONDONTWRITEBYTECODE=1"), Timeout: 5 * time.Minute,
	})
	if err != nil {
		t.Fatal(err)
	}
	defer tr.Close()
	if tr.Trace.End.ExitCode != 0 {
		t.Fatalf("python exited %d", tr.Trace.End.ExitCode)
	}
	if slices.Contains(tr.Trace.Header.Skip, site) {
		t.Errorf("skipped directories %q, want no %s: it holds installed distributions", tr.Trace.Header.Skip, site)
	}
	r, instErr := tr.Audit(context.Background())
	if instErr != nil {
		t.Fatal(instErr)
	}
	traced := tracedNames(r, "python")
	if !slices.Contains(traced, "pyyaml") {
		t.Errorf("python distributions traced: %q, want pyyaml, imported from %s", traced, site)
	}
}

// TestAttackMountsRealInstall reproduces issue 20 §3 on a real npm install,
// under both backends, with the tools an attacker would use: in a user and
// mount namespace of its own (unshare -U -m -r), a bind mount of one
// package's directory over ms's, or an overlay of it; ms's directory
// swapped with the other's around the require, and put back; the other's
// index.js renamed over ms's. The test requires ms only. What ran must be
// the other package, or the run must be incompletely traced, saying why:
// never ms, silently.
func TestAttackMountsRealInstall(t *testing.T) {
	testenv.RealInstall(t)
	for _, tool := range []string{"node", "unshare", "mount"} {
		if _, err := exec.LookPath(tool); err != nil {
			t.Fatalf("%s is needed: run `make setup`: %v", tool, err)
		}
	}
	root, err := filepath.Abs("..")
	if err != nil {
		t.Fatal(err)
	}
	const other = "@isaacs/string-locale-compare"
	tests := []struct {
		name, script string
		// traced is whether the other package must be traced; gap,
		// that the run must be incompletely traced instead.
		traced, gap bool
	}{
		{"bind", `unshare -U -m -r sh -c 'mount --bind node_modules/` + other + ` node_modules/ms && node -e "require(\"ms\")"'`, true, false},
		{"overlay", `mkdir -p "$TMPDIR/up" "$TMPDIR/work" && unshare -U -m -r sh -c 'mount -t overlay overlay -o "lowerdir=node_modules/` + other + `,upperdir=$TMPDIR/up,workdir=$TMPDIR/work" node_modules/ms && node -e "require(\"ms\")"'`, false, true},
		{"swapDirs", `mv node_modules/ms node_modules/.ms && mv node_modules/` + other + ` node_modules/ms && node -e 'require("ms")' && mv node_modules/ms node_modules/` + other + ` && mv node_modules/.ms node_modules/ms`, true, false},
		{"renameFile", `mv node_modules/ms/index.js node_modules/ms/.index.js && mv node_modules/` + other + `/index.js node_modules/ms/index.js && node -e 'require("ms")'`, false, true},
	}
	for _, backend := range []string{tracer.BackendPtrace, tracer.BackendEBPF} {
		for _, tt := range tests {
			t.Run(backend+"/"+tt.name, func(t *testing.T) {
				dir := copyFixture(t, filepath.Join(root, "ecosystems", "npm", "testdata", "real", "basic"))
				if _, err := os.Stat(filepath.Join(dir, "node_modules", other, "index.js")); err != nil {
					t.Fatalf("the fixture's install is missing: run `make setup`: %v", err)
				}
				p, err := engine.Open(engine.Options{Dir: dir, Ecosystems: all.Ecosystems()})
				if err != nil {
					t.Fatal(err)
				}
				var out strings.Builder
				tr, err := p.Trace(context.Background(), engine.RunOptions{
					Command: []string{"sh", "-c", tt.script},
					Environ: append(os.Environ(), "TMPDIR="+t.TempDir()), Timeout: 5 * time.Minute,
					Backend: backend, Stdout: &out, Stderr: &out,
				})
				if err != nil {
					t.Fatal(err)
				}
				defer tr.Close()
				if tr.Trace.End.ExitCode != 0 {
					t.Fatalf("the attack's command exited %d:\n%s", tr.Trace.End.ExitCode, out.String())
				}
				r, instErr := tr.Audit(context.Background())
				if instErr != nil {
					t.Fatal(instErr)
				}
				traced := tracedNames(r, "npm")
				if slices.Contains(traced, "ms") {
					t.Errorf("ms is traced (%q), whose path only named the other package's code", traced)
				}
				if got := slices.Contains(traced, other); got != tt.traced {
					t.Errorf("%s traced: %v, want %v (traced %q)", other, got, tt.traced, traced)
				}
				if got := r.Run.IncompleteTrace && !r.Run.Succeeded && len(r.Run.Gaps) > 0; got != tt.gap {
					t.Errorf("incompletely traced with gaps: %v, want %v (gaps %q)", got, tt.gap, r.Run.Gaps)
				}
			})
		}
	}
}

// tracedNames lists the packages of ecosystem eco that r traced.
func tracedNames(r *audit.Report, eco string) []string {
	var out []string
	for _, e := range r.Ecosystems {
		if e.Name == eco {
			for _, tp := range e.Traced {
				out = append(out, tp.Name)
			}
		}
	}
	return out
}
