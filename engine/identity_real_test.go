package engine_test

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"testing"
	"time"

	"github.com/envaudit/envaudit/ecosystems/all"
	"github.com/envaudit/envaudit/engine"
	"github.com/envaudit/envaudit/internal/testenv"
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
	var traced []string
	for _, e := range r.Ecosystems {
		if e.Name == "npm" {
			for _, tp := range e.Traced {
				traced = append(traced, tp.Name)
			}
		}
	}
	if !slices.Contains(traced, "ms") {
		t.Errorf("npm packages traced: %q, want ms, whose index.js was required through a hard link", traced)
	}
}
