// Package fakeeco owns the small ecosystem the front ends' wiring tests
// use (the CLI's and the Action's): cheaper than a real one but shaped
// like Maven's. Only tests import it; it is no ecosystem of envaudit's,
// so ecosystems/all does not register it.
package fakeeco

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
	"time"

	"github.com/envaudit/envaudit/ecosystems"
	"github.com/envaudit/envaudit/tracer/evchan"
)

// Ecosystem is a small ecosystem for the CLI's wiring tests, cheaper
// than a real one but shaped like Maven's: its manifest fake.txt declares
// one package per line; lib/<name>/ directories are its installed packages;
// and it collects evidence of use itself, as Maven's class-load log does:
// TraceEnv points FAKE_LOG at the scratch directory's evidence channel
// (evchan), the traced command appends the names of the packages it
// "uses" there, and Installed turns what the channel held into
// Observations.
type Ecosystem struct {
	// StallOpen, when set, makes Open wait until it is closed, heedless
	// of its context, as a parser busy with a hostile file would;
	// StallInstalled makes Installed wait until it is closed or its
	// context ends, as a package manager that never answers does (the
	// ecosystems run theirs on the context). For the tests of the
	// interrupts and the timeout.
	StallOpen, StallInstalled chan struct{}
	// InstalledBeforeStall is how many calls of Installed answer before
	// StallInstalled holds the next ones: 1 lets the enumeration before
	// the run answer and stalls the one after it.
	InstalledBeforeStall int
	// InstalledHook, when set, is called first by every call of
	// Installed, with its context and the call's number (1 for the
	// enumeration before the run, 2 for the one after it); an error it
	// returns is the call's. A test's way to make the enumeration after
	// the run slow (until the run's timeout has passed), or to look at
	// the context it gets.
	InstalledHook func(ctx context.Context, call int) error

	// installedCalls counts the calls of Installed (under mu).
	installedCalls int

	mu sync.Mutex
	// envs records every Env that Installed was given.
	envs []ecosystems.Env
}

// Log is the evidence channel Ecosystem asks the traced command to write
// to, in its scratch directory (evchan.Name).
const Log = evchan.Name

// SavedLog is the file in the scratch directory that keeps what the
// channel held once the command ended (evchan.SavedName).
const SavedLog = evchan.SavedName

func (*Ecosystem) Name() string { return "fake" }

func (e *Ecosystem) Open(_ context.Context, src ecosystems.Source) (ecosystems.Project, error) {
	if e.StallOpen != nil {
		<-e.StallOpen
	}
	data, err := src.ReadFile("fake.txt")
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	p := &project{eco: e, root: src.Root}
	sc := bufio.NewScanner(bytes.NewReader(data))
	for line := 1; sc.Scan(); line++ {
		name := strings.TrimSpace(sc.Text())
		switch {
		case name == "":
			continue
		case strings.ContainsAny(name, " /"):
			return nil, ecosystems.Errorf("fake.txt", line, "invalid name %q", name)
		}
		p.deps = append(p.deps, ecosystems.Dependency{Name: name, Scope: ecosystems.ScopeRuntime, Pos: ecosystems.PosVia("fake.txt", line, ecosystems.Pos{})})
	}
	return p, sc.Err()
}

// project is a project Ecosystem opened.
type project struct {
	eco  *Ecosystem
	root string
	deps []ecosystems.Dependency
}

func (*project) Files() []ecosystems.File {
	return []ecosystems.File{{Path: "fake.txt", Kind: ecosystems.KindManifest}}
}

func (p *project) Declared() []ecosystems.Dependency { return p.deps }

func (p *project) Installed(ctx context.Context, env ecosystems.Env) (*ecosystems.Inventory, error) {
	e, root := p.eco, p.root
	e.mu.Lock()
	e.installedCalls++
	call := e.installedCalls
	stall := e.StallInstalled != nil && call > e.InstalledBeforeStall
	e.mu.Unlock()
	if e.InstalledHook != nil {
		if err := e.InstalledHook(ctx, call); err != nil {
			return nil, err
		}
	}
	if stall {
		select {
		case <-e.StallInstalled:
		case <-ctx.Done():
			return nil, ctx.Err()
		}
	}
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
	if env.Channel == nil {
		inv.Warnings = append(inv.Warnings, "no evidence log: the run's evidence channel held nothing")
		return inv, nil
	}
	inv.Evidence.Basis = "packages the run logged as used"
	for _, name := range strings.Fields(string(env.Channel)) {
		inv.Observed = append(inv.Observed, ecosystems.Observation{Package: name, File: "lib/" + name, Process: "sh", Use: ecosystems.UseRuntime})
	}
	return inv, nil
}

func (*Ecosystem) DevTools() []string { return nil }

func (*Ecosystem) Identify(name, version string) ecosystems.Identity {
	return ecosystems.GenericIdentity(name, version)
}

func (*project) TraceEnv(scratch string, environ []string) []string {
	return []string{"FAKE_LOG=" + evchan.Path(scratch)}
}

// SlowAfter returns an InstalledHook that lets the first n calls of
// Installed answer at once and makes every later one take d, or return
// its context's error should the context end first: with n = 1 and d as
// long as the run's timeout, the enumeration after the run ends past the
// timeout's deadline, whenever the run ended (the deadline was set
// before the hook was called).
func SlowAfter(n int, d time.Duration) func(ctx context.Context, call int) error {
	return func(ctx context.Context, call int) error {
		if call <= n {
			return nil
		}
		t := time.NewTimer(d)
		defer t.Stop()
		select {
		case <-t.C:
			return nil
		case <-ctx.Done():
			return ctx.Err()
		}
	}
}

// LastEnv returns the Env of the latest Installed call.
func (e *Ecosystem) LastEnv() ecosystems.Env {
	e.mu.Lock()
	defer e.mu.Unlock()
	if len(e.envs) == 0 {
		return ecosystems.Env{}
	}
	return e.envs[len(e.envs)-1]
}

var (
	_ ecosystems.Ecosystem      = (*Ecosystem)(nil)
	_ ecosystems.TraceEnvironer = (*project)(nil)
)

// WriteFiles writes name → content files under dir, creating directories.
func WriteFiles(dir string, files map[string]string) error {
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
