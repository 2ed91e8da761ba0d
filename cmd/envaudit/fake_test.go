package main

import (
	"bufio"
	"context"
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"sync"

	"github.com/envaudit/envaudit/ecosystems"
)

// fakeEcosystem is a small ecosystem for the CLI's wiring tests, cheaper
// than a real one but shaped like Maven's: its manifest fake.txt declares
// one package per line; lib/<name>/ directories are its installed packages;
// and it collects evidence of use itself, as Maven's class-load log does:
// TraceEnv points FAKE_LOG into the scratch directory, the traced command
// appends the names of the packages it "uses" there, and Installed turns
// that log into Observations.
type fakeEcosystem struct {
	mu sync.Mutex
	// envs records every Env that Installed was given.
	envs []ecosystems.Env
}

// fakeLog is the evidence file fakeEcosystem asks the traced command to
// write in its scratch directory.
const fakeLog = "used.log"

func (*fakeEcosystem) Name() string { return "fake" }

func (*fakeEcosystem) Detect(root string) ([]string, error) {
	if _, err := os.Stat(filepath.Join(root, "fake.txt")); err != nil {
		return nil, nil
	}
	return []string{"fake.txt"}, nil
}

func (*fakeEcosystem) Declared(root string) ([]ecosystems.Dependency, error) {
	f, err := os.Open(filepath.Join(root, "fake.txt"))
	if err != nil {
		return nil, err
	}
	defer f.Close()
	var out []ecosystems.Dependency
	sc := bufio.NewScanner(f)
	for line := 1; sc.Scan(); line++ {
		name := strings.TrimSpace(sc.Text())
		switch {
		case name == "":
			continue
		case strings.ContainsAny(name, " /"):
			return nil, ecosystems.Errorf("fake.txt", line, "invalid name %q", name)
		}
		out = append(out, ecosystems.Dependency{Name: name, Scope: ecosystems.ScopeRuntime, Pos: ecosystems.Pos{File: "fake.txt", Line: line}})
	}
	return out, sc.Err()
}

func (e *fakeEcosystem) Installed(ctx context.Context, root string, env ecosystems.Env) (*ecosystems.Inventory, error) {
	e.mu.Lock()
	e.envs = append(e.envs, env)
	e.mu.Unlock()
	inv := &ecosystems.Inventory{Index: ecosystems.NewPathIndex(), Evidence: ecosystems.Evidence{Basis: "files opened under lib/<name>"}}
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
	if env.Scratch == "" {
		return inv, nil
	}
	data, err := os.ReadFile(filepath.Join(env.Scratch, fakeLog))
	if err != nil {
		inv.Warnings = append(inv.Warnings, "no evidence log: "+err.Error())
		return inv, nil
	}
	inv.Evidence.Basis = "packages the run logged as used"
	for _, name := range strings.Fields(string(data)) {
		inv.Observed = append(inv.Observed, ecosystems.Observation{Package: name, File: "lib/" + name, Process: "sh", Use: ecosystems.UseRuntime})
	}
	return inv, nil
}

func (*fakeEcosystem) DevTools() []string { return nil }

func (*fakeEcosystem) TraceEnv(root, scratch string, environ []string) []string {
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

var _ ecosystems.TraceEnvironer = (*fakeEcosystem)(nil)

// writeFiles writes name → content files under dir, creating directories.
func writeFiles(dir string, files map[string]string) error {
	for name, content := range files {
		p := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			return err
		}
		if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
			return err
		}
	}
	return nil
}
