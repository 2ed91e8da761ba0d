package engine

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/envaudit/envaudit/ecosystems"
)

// Options say which project to open and how to audit it.
type Options struct {
	// Dir is the project directory as the user named it; reports show it
	// so, and positioned errors name files relative to the working
	// directory through it.
	Dir string
	// Ecosystems are the ecosystems to detect, in the order reports list
	// them (all.Ecosystems() for every one envaudit knows).
	Ecosystems []ecosystems.Ecosystem
	// Only, when not empty, names the only ecosystems to audit; Skip names
	// ecosystems to leave out. Both take the ecosystems' names (Name());
	// CheckNames validates them first.
	Only, Skip []string
	// DevTools names extra test runners per ecosystem (.envaudit.yml's
	// test-runners), added to each ecosystem's DevTools; nil adds none.
	DevTools func(ecosystem string) []string
	// Version is envaudit's version, recorded in reports.
	Version string
	// Progress is told what the engine is doing; nil tells nobody.
	Progress Progress
}

// Progress is told what the engine is doing, for a front end that shows
// it (the CLI on a terminal).
type Progress interface {
	// Step says what the engine is doing now: "reading the installed npm
	// packages".
	Step(what string)
	// Done says the engine has finished the steps it announced.
	Done()
}

// Project is a project root with its detected ecosystems and their
// declarations (D1), read before anything runs so that a broken manifest
// fails fast.
type Project struct {
	root  string // absolute, symbolic links resolved
	shown string // the directory as the user named it
	ecos  []detected
	opts  Options
}

// detected is one ecosystem opened on the project.
type detected struct {
	eco     ecosystems.Ecosystem
	project ecosystems.Project
	files   []ecosystems.File
}

// CheckNames checks that every name is the name of one of ecos, for the
// Only and Skip options: an unknown name is an error listing the known
// ones.
func CheckNames(ecos []ecosystems.Ecosystem, names []string) error {
	known := ecosystems.Names(ecos)
	for _, n := range names {
		if !slices.Contains(known, n) {
			return fmt.Errorf("unknown ecosystem %q (want one of %s)", n, strings.Join(known, ", "))
		}
	}
	return nil
}

// Open opens each ecosystem on opts.Dir, which reads and parses its files
// once. Errors in project files come back as *ecosystems.PosError with the
// file named relative to the working directory.
func Open(opts Options) (*Project, error) {
	return OpenContext(context.Background(), opts)
}

// OpenContext is Open, stopped by ctx: once ctx ends (an interrupt, a
// timeout) it returns a *StoppedError at once, even while an ecosystem is
// still parsing. That parse is left to finish on its own: the size caps
// and linear parsers bound it, and a front end that was interrupted
// exits.
func OpenContext(ctx context.Context, opts Options) (*Project, error) {
	if err := CheckNames(opts.Ecosystems, opts.Only); err != nil {
		return nil, err
	}
	if err := CheckNames(opts.Ecosystems, opts.Skip); err != nil {
		return nil, err
	}
	if opts.Dir == "" {
		opts.Dir = "."
	}
	root, err := Root(opts.Dir)
	if err != nil {
		return nil, &DirError{Dir: opts.Dir, Err: err}
	}
	p := &Project{root: root, shown: filepath.ToSlash(filepath.Clean(opts.Dir)), opts: opts}
	src := ecosystems.Dir(root)
	for _, e := range opts.Ecosystems {
		if slices.Contains(opts.Skip, e.Name()) || len(opts.Only) > 0 && !slices.Contains(opts.Only, e.Name()) {
			continue
		}
		// Opening reads files only; no tool runs until the project is
		// traced or audited.
		pr, err := openEcosystem(ctx, e, src)
		var pe *ecosystems.PosError
		var se *StoppedError
		switch {
		case errors.As(err, &se):
			return nil, err
		case errors.As(err, &pe):
			return nil, p.posError(err)
		case err != nil:
			return nil, fmt.Errorf("open the %s project: %w", e.Name(), err)
		case pr == nil:
			continue
		}
		p.ecos = append(p.ecos, detected{eco: e, project: pr, files: pr.Files()})
	}
	return p, nil
}

// openEcosystem opens e on src, returning a *StoppedError as soon as ctx
// ends: the ecosystems' parsers do not watch ctx themselves.
func openEcosystem(ctx context.Context, e ecosystems.Ecosystem, src ecosystems.Source) (ecosystems.Project, error) {
	const while = "reading the project's files"
	if ctx.Err() != nil {
		return nil, stopped(ctx, while)
	}
	type opened struct {
		p   ecosystems.Project
		err error
	}
	done := make(chan opened, 1)
	go func() {
		p, err := e.Open(ctx, src)
		done <- opened{p, err}
	}()
	select {
	case o := <-done:
		return o.p, o.err
	case <-ctx.Done():
		return nil, stopped(ctx, while)
	}
}

// DirError is a project directory that cannot be opened: missing, not a
// directory, unreadable. It prints as its cause, for the front end to say
// which flag or input named the directory.
type DirError struct {
	Dir string
	Err error
}

func (e *DirError) Error() string { return e.Err.Error() }
func (e *DirError) Unwrap() error { return e.Err }

// Root returns the absolute, symlink-resolved root of the project
// directory dir, or an error saying why it is none.
func Root(dir string) (string, error) {
	abs, err := filepath.Abs(dir)
	if err != nil {
		return "", err
	}
	root, err := filepath.EvalSymlinks(abs)
	if errors.Is(err, fs.ErrNotExist) {
		return "", fmt.Errorf("directory %q does not exist", dir)
	}
	if err != nil {
		return "", err
	}
	if st, err := os.Stat(root); err != nil {
		return "", err
	} else if !st.IsDir() {
		return "", fmt.Errorf("%q is not a directory", dir)
	}
	return root, nil
}

// Root is the project's absolute root, symbolic links resolved.
func (p *Project) Root() string { return p.root }

// Dir is the project directory as the user named it, slash-separated.
func (p *Project) Dir() string { return p.shown }

// Ecosystems names the ecosystems detected in the project by its files,
// in report order. An ecosystem of the machine's packages opened on a
// project with no file of its own (the system ecosystem) is not named: it
// is reported only when the run used its packages.
func (p *Project) Ecosystems() []string {
	var names []string
	for _, d := range p.ecos {
		if len(d.files) > 0 {
			names = append(names, d.eco.Name())
		}
	}
	return names
}

// Inputs lists the absolute paths of the project files envaudit reads —
// every file an ecosystem read, manifest, lockfile or configuration — so
// that no output may overwrite them.
func (p *Project) Inputs() []string {
	var out []string
	for _, d := range p.ecos {
		for _, f := range d.files {
			if filepath.IsAbs(filepath.FromSlash(f.Path)) {
				out = append(out, filepath.Clean(filepath.FromSlash(f.Path)))
			} else {
				out = append(out, filepath.Join(p.root, filepath.FromSlash(f.Path)))
			}
		}
	}
	return out
}

// posError names the file of a positioned error as the user sees it from
// the working directory: `sub/package.json:7: ...` under -C sub. The
// error's position is a project file's (ecosystems.NewPos), so joining it
// to the project's directory is all it takes.
func (p *Project) posError(err error) error {
	pe, ok := err.(*ecosystems.PosError)
	if !ok || p.shown == "." || pe.Pos.File == "" {
		return err
	}
	moved := *pe
	moved.Pos.File = p.shown + "/" + pe.Pos.File
	return &moved
}

// devTools is the ecosystem's test runners with the extra ones the
// options name.
func (p *Project) devTools(e ecosystems.Ecosystem) []string {
	tools := e.DevTools()
	if p.opts.DevTools != nil {
		tools = append(slices.Clone(tools), p.opts.DevTools(e.Name())...)
	}
	return tools
}

func (p *Project) step(format string, args ...any) {
	if p.opts.Progress != nil {
		p.opts.Progress.Step(fmt.Sprintf(format, args...))
	}
}

func (p *Project) done() {
	if p.opts.Progress != nil {
		p.opts.Progress.Done()
	}
}
