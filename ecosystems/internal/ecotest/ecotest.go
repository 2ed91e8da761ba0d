// Package ecotest owns the helpers that the ecosystems' tests share: golden
// files rewritten under ENVAUDIT_UPDATE=1 (through internal/golden),
// fixtures found by glob and extracted from txtar archives,
// positioned-error checks, the real-install tests' prerequisite checks
// (skipped in the short tier, failing with `make setup` in the real one,
// through internal/testenv), and tracing a fixture's command for real.
// Only _test.go files import it; envaudit itself never does.
//
// What an ecosystem's tests do alike lives here; what they render
// differently (each golden file's format, each fixture archive's special
// sections) stays with the ecosystem, so golden files need not change when a
// helper is shared.
package ecotest

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/envaudit/envaudit/ecosystems"
	"github.com/envaudit/envaudit/ecosystems/internal/dpkg"
	"github.com/envaudit/envaudit/internal/golden"
	"github.com/envaudit/envaudit/internal/testenv"
	"github.com/envaudit/envaudit/tracer"
	"github.com/google/go-cmp/cmp"
	"github.com/rogpeppe/go-internal/txtar"
)

// Golden is golden.Check for text: it compares got with the contents of
// file, or writes got to file under ENVAUDIT_UPDATE=1.
func Golden(t testing.TB, file, got string) {
	t.Helper()
	golden.Check(t, file, []byte(got))
}

// GoldenJSON is Golden for got as indented JSON, the way json.MarshalIndent
// writes it (HTML characters escaped), with each of dirs, temporary
// directories that differ between runs, written as $TMP. List a directory
// before any directory it lies in.
func GoldenJSON(t testing.TB, file string, got any, dirs ...string) {
	t.Helper()
	b, err := json.MarshalIndent(got, "", "  ")
	if err != nil {
		t.Fatal(err)
	}
	s := string(b) + "\n"
	for _, d := range dirs {
		s = strings.ReplaceAll(s, d, "$TMP")
	}
	Golden(t, file, s)
}

// Glob returns the absolute paths that match pattern (a filepath.Glob
// pattern, relative to the test's package directory), sorted. With having,
// it keeps only the directories holding at least one of those files
// (relative to the directory): the fixtures of one kind among others. It
// fails the test when nothing is left, since a glob that finds no fixture
// would make the test pass without testing anything.
func Glob(t testing.TB, pattern string, having ...string) []string {
	t.Helper()
	matches, err := filepath.Glob(pattern)
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, m := range matches {
		if len(having) > 0 && !holdsAny(m, having) {
			continue
		}
		abs, err := filepath.Abs(m)
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, abs)
	}
	if len(out) == 0 {
		if len(having) > 0 {
			t.Fatalf("no fixtures match %q with one of %q", pattern, having)
		}
		t.Fatalf("no fixtures match %q", pattern)
	}
	sort.Strings(out)
	return out
}

func holdsAny(dir string, files []string) bool {
	for _, f := range files {
		if _, err := os.Stat(filepath.Join(dir, filepath.FromSlash(f))); err == nil {
			return true
		}
	}
	return false
}

// Unclean says why pos is not a position ecosystems.NewPos makes — not
// clean, not slash-separated and relative to the project root, absolute,
// outside the root, empty — or "" when it is one: making it again must
// succeed and change nothing.
func Unclean(pos ecosystems.Pos) string {
	again, err := ecosystems.NewPos("", pos.File, pos.Line)
	switch {
	case err != nil:
		return err.Error()
	case again != pos:
		return fmt.Sprintf("not clean: NewPos makes %v of it", again)
	}
	return ""
}

// CheckLocations fails t for every location the ecosystem handed out
// that is not a clean project-relative position (Unclean): each
// declaration's, each import's, and err's when it is a *PosError. where
// names the project in the messages; im and err may be nil.
func CheckLocations(t testing.TB, where string, deps []ecosystems.Dependency, im *ecosystems.Imports, err error) {
	t.Helper()
	for _, d := range deps {
		if why := Unclean(d.Pos); why != "" {
			t.Errorf("%s: %s is declared at %#v: %s", where, d.Name, d.Pos, why)
		}
	}
	if im != nil {
		for _, i := range im.List {
			if why := Unclean(i.Pos); why != "" {
				t.Errorf("%s: the import of %q is at %#v: %s", where, i.Module, i.Pos, why)
			}
		}
	}
	var pe *ecosystems.PosError
	if errors.As(err, &pe) {
		if why := Unclean(pe.Pos); why != "" {
			t.Errorf("%s: error %q is at %#v: %s", where, err, pe.Pos, why)
		}
	}
}

// PosError returns err as a *ecosystems.PosError, the error bad project
// input must be, failing the test at once when it is not one.
func PosError(t testing.TB, err error) *ecosystems.PosError {
	t.Helper()
	var pe *ecosystems.PosError
	if !errors.As(err, &pe) {
		t.Fatalf("error %v (%T) is not a *ecosystems.PosError", err, err)
	}
	return pe
}

// PosErrorIn is PosError for an error about the text src, which must also
// point at one of its lines: a fuzzed parser may fail, but not at a line
// that is not there.
func PosErrorIn(t testing.TB, err error, src string) *ecosystems.PosError {
	t.Helper()
	pe := PosError(t, err)
	if n := strings.Count(src, "\n") + 1; pe.Pos.Line < 1 || pe.Pos.Line > n {
		t.Fatalf("error on line %d of a %d-line file: %v", pe.Pos.Line, n, err)
	}
	return pe
}

// RenderDeclared renders D1 one dependency a line, in the order given:
// "file:line<TAB>name<TAB>spec<TAB>scope[ compile-only]<TAB>raw", with "-"
// for an empty spec or raw text.
func RenderDeclared(ds []ecosystems.Dependency) string {
	dash := func(s string) string {
		if s == "" {
			return "-"
		}
		return s
	}
	var lines []string
	for _, d := range ds {
		scope := string(d.Scope)
		if d.CompileOnly {
			scope += " compile-only"
		}
		lines = append(lines, strings.Join([]string{d.Pos.String(), d.Name, dash(d.Spec), scope, dash(d.Raw)}, "\t"))
	}
	return strings.Join(lines, "\n") + "\n"
}

// Open opens the project in dir with e, failing the test on an error.
// The project is nil when e finds none of its files there.
func Open(t testing.TB, e ecosystems.Ecosystem, dir string) ecosystems.Project {
	t.Helper()
	p, err := e.Open(context.Background(), ecosystems.Dir(dir))
	if err != nil {
		t.Fatalf("open %s project %q: %v", e.Name(), dir, err)
	}
	return p
}

// Installed opens the project in dir with e and enumerates its
// installation with env, failing the test on an error or when e finds no
// project there.
func Installed(t testing.TB, e ecosystems.Ecosystem, dir string, env ecosystems.Env) *ecosystems.Inventory {
	t.Helper()
	p := Open(t, e, dir)
	if p == nil {
		t.Fatalf("no %s project in %q", e.Name(), dir)
	}
	inv, err := p.Installed(context.Background(), env)
	if err != nil {
		t.Fatalf("installed %s packages of %q: %v", e.Name(), dir, err)
	}
	return inv
}

// RenderFiles renders a project's files one a line, "path<TAB>kind", as
// files.golden holds them.
func RenderFiles(files []ecosystems.File) string {
	var b strings.Builder
	for _, f := range files {
		fmt.Fprintf(&b, "%s\t%s\n", f.Path, f.Kind)
	}
	return b.String()
}

// ProjectGoldens checks what the ecosystem e makes of the fixture project
// dir against the project's golden files: with an error.golden, Open must
// fail with that positioned error; else files.golden holds the project's
// files, rendered by RenderFiles, and declared.golden what Declared
// returns, rendered by RenderDeclared. It reports whether the project is a
// good one (no error.golden), for the caller's own checks of it after.
func ProjectGoldens(t testing.TB, e ecosystems.Ecosystem, dir string) (good bool) {
	t.Helper()
	p, err := e.Open(context.Background(), ecosystems.Dir(dir))
	if _, statErr := os.Stat(filepath.Join(dir, "error.golden")); statErr == nil {
		PosError(t, err)
		Golden(t, filepath.Join(dir, "error.golden"), err.Error()+"\n")
		return false
	}
	if err != nil {
		t.Fatal(err)
	}
	if p == nil {
		t.Fatalf("no %s project in %q", e.Name(), dir)
	}
	Golden(t, filepath.Join(dir, "files.golden"), RenderFiles(p.Files()))
	Golden(t, filepath.Join(dir, "declared.golden"), RenderDeclared(p.Declared()))
	return true
}

// Owner renders who owns path in x as golden files and test tables write
// it: "pkg use", or "-" when no package does.
func Owner(x *ecosystems.PathIndex, path string) string {
	pkg, use, ok := x.Lookup(path)
	if !ok {
		return "-"
	}
	return pkg + " " + string(use)
}

// Used returns the sorted names of the packages that own one of paths in
// x with runtime use: D3 of a traced run, as the real-install tests compare
// it.
func Used(x *ecosystems.PathIndex, paths []string) []string {
	used := map[string]bool{}
	for _, p := range paths {
		if pkg, use, ok := x.Lookup(p); ok && use == ecosystems.UseRuntime {
			used[pkg] = true
		}
	}
	names := make([]string, 0, len(used))
	for n := range used {
		names = append(names, n)
	}
	sort.Strings(names)
	return names
}

// Prereqs is what a real-install test needs of the machine, all of it
// installed by `make setup` (scripts/setup.sh and scripts/setup.d).
type Prereqs struct {
	Tools []string // programs looked up on PATH
	Files []string // paths that must exist
	Debs  []string // Debian packages that must be installed
}

// Missing returns an error naming everything in p the machine lacks and
// saying to run `make setup`, or nil when nothing is missing. It is for
// checks made once per test binary, outside any test; a test calls
// Require.
func (p Prereqs) Missing() error {
	var missing []string
	for _, tool := range p.Tools {
		if _, err := exec.LookPath(tool); err != nil {
			missing = append(missing, fmt.Sprintf("program %q", tool))
		}
	}
	for _, f := range p.Files {
		if _, err := os.Stat(f); err != nil {
			missing = append(missing, fmt.Sprintf("file %q", f))
		}
	}
	if len(p.Debs) > 0 {
		db, _ := dpkg.Open(os.DirFS("/")) // no database: every package is missing
		for _, d := range p.Debs {
			if !debInstalled(db, d) {
				missing = append(missing, fmt.Sprintf("Debian package %q", d))
			}
		}
	}
	if len(missing) == 0 {
		return nil
	}
	return errors.New(testenv.Message(strings.Join(missing, ", ")))
}

// debInstalled reports whether the Debian package name (or name:arch) is
// installed according to db.
func debInstalled(db *dpkg.DB, name string) bool {
	if db == nil {
		return false
	}
	for _, p := range db.Lookup(name) {
		if p.Installed() {
			return true
		}
	}
	return false
}

// RealInstall marks t as a real-install test (testenv.RealInstall): under
// -short it skips t, with the words every real-install test skips with.
// A test that checks its prerequisites calls Require, which calls it.
func RealInstall(t testing.TB) {
	t.Helper()
	testenv.RealInstall(t)
}

// Require marks t as a real-install test (RealInstall) and fails it
// unless the machine has everything in p. Outside the short tier a
// missing prerequisite is a failure, never a skip: CI runs `make setup`
// first, so a test that finds nothing to test has found a broken setup.
func Require(t testing.TB, p Prereqs) {
	t.Helper()
	RealInstall(t)
	if err := p.Missing(); err != nil {
		t.Fatal(err)
	}
}

// WriteFile writes data to the file name with permissions perm, creating
// the directories above it.
func WriteFile(t testing.TB, name string, data []byte, perm fs.FileMode) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(name), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(name, data, perm); err != nil {
		t.Fatal(err)
	}
}

// Extract writes the files of a fixture archive below dir and returns
// their names (slash-separated, relative to dir), sorted. A file below a
// bin directory is made executable: archives carry fake toolchains. The
// sections named in special are instructions rather than files (paths to
// look up, links to make); they are not written but returned by name for
// the caller to interpret.
func Extract(t testing.TB, a *txtar.Archive, dir string, special ...string) (names []string, sections map[string][]byte) {
	t.Helper()
	sections = map[string][]byte{}
	for _, f := range a.Files {
		if slices.Contains(special, f.Name) {
			sections[f.Name] = f.Data
			continue
		}
		perm := fs.FileMode(0o644)
		if strings.Contains("/"+f.Name, "/bin/") {
			perm = 0o755
		}
		WriteFile(t, filepath.Join(dir, filepath.FromSlash(f.Name)), f.Data, perm)
		names = append(names, f.Name)
	}
	sort.Strings(names)
	return names, sections
}

// CopyTree copies the directory src to dst, keeping each file's
// permissions. skip, when non-nil, leaves out the files and directories it
// accepts (a build output, a golden file).
func CopyTree(src, dst string, skip func(d fs.DirEntry) bool) error {
	return filepath.WalkDir(src, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if p != src && skip != nil && skip(d) {
			if d.IsDir() {
				return filepath.SkipDir
			}
			return nil
		}
		rel, err := filepath.Rel(src, p)
		if err != nil {
			return err
		}
		target := filepath.Join(dst, rel)
		if d.IsDir() {
			return os.MkdirAll(target, 0o755)
		}
		info, err := d.Info()
		if err != nil {
			return err
		}
		data, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		return os.WriteFile(target, data, info.Mode().Perm())
	})
}

// Trace runs args in dir under envaudit's tracer with the environment env
// (the test binary must call tracer.Main in its TestMain) and returns the
// trace and the command's standard output. It fails the test unless the
// command ran and exited 0, showing its output: a real-install command
// fails mostly for want of what `make setup` installs. skip is passed to the
// tracer as Options.Skip.
func Trace(t testing.TB, dir string, env, args []string, skip ...string) (*tracer.Trace, []byte) {
	t.Helper()
	var stdout, stderr bytes.Buffer
	start := time.Now()
	tr, err := tracer.Run(context.Background(), tracer.Options{Command: args, Dir: dir, Env: env, Stdout: &stdout, Stderr: &stderr, Timeout: 5 * time.Minute, Skip: skip})
	if err != nil {
		t.Fatalf("trace %q: %v", args, err)
	}
	if tr.End.ExitCode != 0 {
		t.Fatalf("traced %q exited %d:\n%s%s\n(run `make setup` if what it needs is missing)", args, tr.End.ExitCode, stdout.String(), stderr.String())
	}
	t.Logf("traced %q: %d processes, %d accesses, %v", args[:min(3, len(args))], len(tr.Processes), len(tr.Accesses), time.Since(start).Round(time.Millisecond))
	return tr, stdout.Bytes()
}

// Opened returns the paths, both as opened and with symbolic links
// resolved, of the files the traced run read or executed (writes left
// out), sorted and without repeats.
func Opened(tr *tracer.Trace) []string {
	seen := map[string]bool{}
	var paths []string
	for _, a := range tr.Accesses {
		if a.Op == tracer.OpWrite {
			continue
		}
		for _, p := range []string{a.Path, a.RealPath()} {
			if !seen[p] {
				seen[p] = true
				paths = append(paths, p)
			}
		}
	}
	sort.Strings(paths)
	return paths
}

// IdentityCase is one package an ecosystem names: a subtest name, the
// package's normalised name and version, and the identity it must get.
type IdentityCase struct {
	Name, Pkg, Version string
	Want               ecosystems.Identity
}

// Identities checks e's Identify on each case, one subtest a case.
func Identities(t *testing.T, e ecosystems.Identifier, cases []IdentityCase) {
	t.Helper()
	for _, c := range cases {
		t.Run(c.Name, func(t *testing.T) {
			if diff := cmp.Diff(c.Want, e.Identify(c.Pkg, c.Version)); diff != "" {
				t.Errorf("Identify(%q, %q) (-want +got):\n%s", c.Pkg, c.Version, diff)
			}
		})
	}
}

// BudgetError checks an evaluator's answer against want: no error when
// want is "", else an error starting with want that is positioned and
// wraps ecosystems.ErrOverBudget. It stops the test when the error is not
// the one wanted.
func BudgetError(t testing.TB, err error, want string) {
	t.Helper()
	got := ""
	if err != nil {
		got = err.Error()
	}
	if want == "" && got != "" || !strings.HasPrefix(got, want) {
		t.Fatalf("error %q, want one starting %q", got, want)
	}
	if want != "" {
		var pe *ecosystems.PosError
		if !errors.Is(err, ecosystems.ErrOverBudget) || !errors.As(err, &pe) {
			t.Errorf("error %v is not a positioned budget error", err)
		}
	}
}
