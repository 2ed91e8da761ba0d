package action

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/envaudit/envaudit/audit"
	"github.com/envaudit/envaudit/ecosystems"
	"github.com/envaudit/envaudit/tracer"
)

// TestMain lets the test binary act as the tracer's helper, as envaudit's
// main does.
func TestMain(m *testing.M) {
	tracer.Main()
	os.Exit(m.Run())
}

// fakeEcosystem is a small ecosystem for running the Action in process:
// its manifest fake.txt declares one package per line, lib/<name>/
// directories are its installed packages, and TraceEnv points FAKE_LOG
// into its scratch directory, as Maven's class-load log is asked for.
type fakeEcosystem struct {
	mu sync.Mutex
	// envs records every Env that Installed was given.
	envs []ecosystems.Env
}

// fakeLog is the evidence file fakeEcosystem asks the traced command to
// write in its scratch directory.
const fakeLog = "used.log"

var (
	_ ecosystems.Ecosystem      = (*fakeEcosystem)(nil)
	_ ecosystems.TraceEnvironer = (*fakeOpened)(nil)
)

func (*fakeEcosystem) Name() string       { return "fake" }
func (*fakeEcosystem) DevTools() []string { return nil }

func (*fakeEcosystem) Identify(name, version string) ecosystems.Identity {
	return ecosystems.GenericIdentity(name, version)
}

func (e *fakeEcosystem) Open(_ context.Context, src ecosystems.Source) (ecosystems.Project, error) {
	data, err := src.ReadFile("fake.txt")
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	p := &fakeOpened{eco: e, root: src.Root}
	sc := bufio.NewScanner(bytes.NewReader(data))
	for line := 1; sc.Scan(); line++ {
		name := strings.TrimSpace(sc.Text())
		switch {
		case name == "":
			continue
		case strings.ContainsAny(name, " /"):
			return nil, ecosystems.Errorf("fake.txt", line, "invalid name %q", name)
		}
		p.deps = append(p.deps, ecosystems.Dependency{Name: name, Scope: ecosystems.ScopeRuntime, Pos: ecosystems.Pos{File: "fake.txt", Line: line}})
	}
	return p, sc.Err()
}

// fakeOpened is a project fakeEcosystem opened.
type fakeOpened struct {
	eco  *fakeEcosystem
	root string
	deps []ecosystems.Dependency
}

func (*fakeOpened) Files() []ecosystems.File {
	return []ecosystems.File{{Path: "fake.txt", Kind: ecosystems.KindManifest}}
}

func (p *fakeOpened) Declared() []ecosystems.Dependency { return p.deps }

func (p *fakeOpened) Installed(ctx context.Context, env ecosystems.Env) (*ecosystems.Inventory, error) {
	e, root := p.eco, p.root
	e.mu.Lock()
	e.envs = append(e.envs, env)
	e.mu.Unlock()
	inv := &ecosystems.Inventory{Index: ecosystems.NewPathIndex()}
	entries, err := os.ReadDir(filepath.Join(root, "lib"))
	if err != nil && !errors.Is(err, fs.ErrNotExist) {
		return nil, err
	}
	for _, d := range entries {
		if d.IsDir() {
			inv.Packages = append(inv.Packages, ecosystems.Package{Name: d.Name(), Version: "1.0", Path: "lib/" + d.Name()})
			inv.Index.AddDir(filepath.Join(root, "lib", d.Name()), d.Name(), ecosystems.UseRuntime)
		}
	}
	return inv, nil
}

func (*fakeOpened) TraceEnv(scratch string, environ []string) []string {
	return []string{"FAKE_LOG=" + filepath.Join(scratch, fakeLog)}
}

// lastEnv returns the Env of the latest Installed call.
func (e *fakeEcosystem) lastEnv() ecosystems.Env {
	e.mu.Lock()
	defer e.mu.Unlock()
	if len(e.envs) == 0 {
		return ecosystems.Env{}
	}
	return e.envs[len(e.envs)-1]
}

// writeFiles writes name → content files under dir, creating directories.
func writeFiles(t *testing.T, dir string, files map[string]string) {
	t.Helper()
	for name, content := range files {
		p := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// readReport reads a JSON report a run wrote.
func readReport(t *testing.T, path string) *audit.Report {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	r, err := audit.ReadReport(f, filepath.Base(path))
	if err != nil {
		t.Fatal(err)
	}
	return r
}

// handOver gives dir and everything in it to uid, and lets every user
// through the directory above it (the test's private temporary directory).
func handOver(t *testing.T, dir string, uid int) {
	t.Helper()
	if err := os.Chmod(filepath.Dir(dir), 0o711); err != nil {
		t.Fatal(err)
	}
	err := filepath.WalkDir(dir, func(p string, _ os.DirEntry, err error) error {
		if err != nil {
			return err
		}
		return os.Lchown(p, uid, uid)
	})
	if err != nil {
		t.Fatal(err)
	}
}
