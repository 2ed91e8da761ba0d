package engine_test

import (
	"bytes"
	"context"
	"errors"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/envaudit/envaudit/ecosystems/all"
	"github.com/envaudit/envaudit/engine"
	"github.com/envaudit/envaudit/internal/testenv"
)

// outcomeCase is one real-install fixture's command, run with and
// without envaudit.
type outcomeCase struct {
	name string
	// fixture is the fixture's directory, from the repository root.
	fixture string
	// inPlace runs the command in the fixture itself (an npm fixture
	// whose node_modules `make setup` installed there, and which the
	// command does not write); otherwise each run gets a copy of its own.
	inPlace bool
	command []string
	env     []string
	// edit changes the copy before the runs (a lint level in the source).
	edit func(t *testing.T, dir string)
	// tools must be on PATH.
	tools []string
}

// knownDifference is output that envaudit still adds to the command's,
// removed before the comparison and shown in the test's log: each is a
// defect to fix, named with why it is there.
type knownDifference struct {
	why string
	re  *regexp.Regexp
}

// knownDifferences is empty: envaudit makes no difference it knows of.
// The cargo ecosystem's lint warnings were the last; its rustc wrapper now
// keeps them out of cargo's output (ecosystems/cargo, wrapper.go).
var knownDifferences []knownDifference

// TestOutcomeUnchanged runs each real-install fixture's command twice,
// as it is and under envaudit (the engine's Trace, as `envaudit run`
// does: the ecosystems' environment and skipped directories, the tracer),
// and checks that envaudit changes neither its exit status nor its
// output. Timings and the temporary directories the two runs work in
// legitimately differ and are blanked; the known differences envaudit
// still makes are listed in knownDifferences and logged.
func TestOutcomeUnchanged(t *testing.T) {
	testenv.RealInstall(t)
	root, err := filepath.Abs("..")
	if err != nil {
		t.Fatal(err)
	}
	goEnv := []string{"GOPROXY=off", "GOFLAGS=-mod=readonly", "GOTOOLCHAIN=local"}
	cargoEnv := []string{"CARGO_TERM_COLOR=never"}
	// The go and cargo fixtures' commands are their expected/traced.cmd.
	fixtureCmd := func(fixture string) []string {
		data, err := os.ReadFile(filepath.Join(root, filepath.FromSlash(fixture), "expected", "traced.cmd"))
		if err != nil {
			t.Fatal(err)
		}
		return strings.Fields(string(data))
	}
	goTest := func(name string) []string { return fixtureCmd("ecosystems/gomod/testdata/" + name) }
	cargoTest := func(name string) []string { return fixtureCmd("ecosystems/cargo/testdata/" + name) }
	denyWarnings := func(t *testing.T, dir string) {
		f := filepath.Join(dir, "src", "lib.rs")
		src, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(f, append([]byte("#![deny(warnings)]\n"), src...), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	// A warning of the project's own, which cargo prints in colour when
	// asked to: the wrapper passes rustc's rendering through as it is.
	// Only the unit tests' compilation has it: were the library's to
	// have it too, which of the two cargo calls the duplicate would
	// depend on which finished first.
	ownWarning := func(t *testing.T, dir string) {
		f := filepath.Join(dir, "src", "lib.rs")
		src, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(f, append(src, []byte("\n#[cfg(test)]\npub fn unused_var() { let x = 1; }\n")...), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	// Wrappers of the user's own, which envaudit's rustc wrapper must
	// chain (a workspace wrapper) or run inside (RUSTC_WRAPPER, such as
	// sccache): each says on standard error which of the workspace's
	// compilations it wraps (the dependencies' come in no fixed order).
	wrappers := t.TempDir()
	userWrapper := func(name string) string {
		f := filepath.Join(wrappers, name)
		script := "#!/bin/sh\n[ -n \"$CARGO_PRIMARY_PACKAGE\" ] && for a do case $p in --crate-name) echo \"" + name + ": $a\" >&2 ;; esac; p=$a; done\nexec \"$@\"\n"
		if err := os.WriteFile(f, []byte(script), 0o755); err != nil {
			t.Fatal(err)
		}
		return f
	}
	// The python fixture's run needs a venv of its own in each copy, with
	// the fixture's local distributions installed offline, as the python
	// ecosystem's real tests build it.
	venv := func(t *testing.T, dir string) {
		env := []string{"PATH=/usr/bin:/bin", "HOME=" + dir, "LANG=C.UTF-8", "PIP_NO_INDEX=1", "PIP_DISABLE_PIP_VERSION_CHECK=1", "PYTHONNOUSERSITE=1"}
		// The project names its local distributions as ../src/<name>.
		pkgs := copyFixture(t, filepath.Join(root, "ecosystems", "python", "testdata", "real", "localpkgs"))
		if err := os.Rename(pkgs, filepath.Join(filepath.Dir(dir), "src")); err != nil {
			t.Fatal(err)
		}
		for _, c := range [][]string{
			{"/usr/bin/python3", "-m", "venv", "--system-site-packages", ".venv"},
			{".venv/bin/pip", "install", "-q", "--no-index", "--no-build-isolation", "../src/demolib", "../src/demohelper", "-e", "../src/demoedit"},
		} {
			if code, out := runPlain(t, dir, env, c); code != 0 {
				t.Fatalf("%q: exit status %d: %s\n(run `make setup`)", c, code, out)
			}
		}
	}
	pythonEnv := []string{"PIP_NO_INDEX=1", "PYTHONNOUSERSITE=1", "PYTHONDONTWRITEBYTECODE=1"}
	tests := []outcomeCase{
		{name: "go-basic", fixture: "ecosystems/gomod/testdata/basic", command: goTest("basic"), env: goEnv, tools: []string{"go"}},
		{name: "go-replace", fixture: "ecosystems/gomod/testdata/replace", command: goTest("replace"), env: goEnv, tools: []string{"go"}},
		{name: "go-workspace", fixture: "ecosystems/gomod/testdata/workspace", command: goTest("workspace"), env: goEnv, tools: []string{"go"}},
		{name: "go-sloppy", fixture: "ecosystems/gomod/testdata/sloppy", command: goTest("sloppy"), env: goEnv, tools: []string{"go"}},
		{name: "cargo-basic", fixture: "ecosystems/cargo/testdata/basic", command: cargoTest("basic"), env: cargoEnv, tools: []string{"cargo"}},
		{name: "cargo-workspace", fixture: "ecosystems/cargo/testdata/workspace", command: cargoTest("workspace"), env: cargoEnv, tools: []string{"cargo"}},
		{name: "cargo-sloppy", fixture: "ecosystems/cargo/testdata/sloppy", command: cargoTest("sloppy"), env: cargoEnv, tools: []string{"cargo"}},
		// The reported defect: with -W, -D warnings made the injected lint
		// an error, and the build failed only under envaudit.
		{name: "cargo-deny-warnings-flag", fixture: "ecosystems/cargo/testdata/basic", command: cargoTest("basic"), env: append([]string{"RUSTFLAGS=-D warnings"}, cargoEnv...), tools: []string{"cargo"}},
		{name: "cargo-deny-warnings-attribute", fixture: "ecosystems/cargo/testdata/sloppy", command: cargoTest("sloppy"), env: cargoEnv, edit: denyWarnings, tools: []string{"cargo"}},
		// A build that fails without envaudit (the project denies the lint
		// itself, and fnv is unused) must fail with it. One job at a time:
		// with several, whether the test target's compilation is reported
		// failed too depends on which job cargo was waiting for, in both
		// runs alike.
		{name: "cargo-denies-lint", fixture: "ecosystems/cargo/testdata/basic", command: cargoTest("basic"), env: append([]string{"RUSTFLAGS=-D unused-crate-dependencies", "CARGO_BUILD_JOBS=1"}, cargoEnv...), tools: []string{"cargo"}},
		{name: "cargo-colour", fixture: "ecosystems/cargo/testdata/sloppy", command: cargoTest("sloppy"), env: []string{"CARGO_TERM_COLOR=always"}, edit: ownWarning, tools: []string{"cargo"}},
		{name: "cargo-workspace-wrapper", fixture: "ecosystems/cargo/testdata/basic", command: cargoTest("basic"), env: append([]string{"RUSTC_WORKSPACE_WRAPPER=" + userWrapper("workspace-wrapper"), "CARGO_BUILD_JOBS=1"}, cargoEnv...), tools: []string{"cargo"}},
		{name: "cargo-rustc-wrapper", fixture: "ecosystems/cargo/testdata/basic", command: cargoTest("basic"), env: append([]string{"RUSTC_WRAPPER=" + userWrapper("rustc-wrapper"), "CARGO_BUILD_JOBS=1"}, cargoEnv...), tools: []string{"cargo"}},
		{name: "npm-basic", fixture: "ecosystems/npm/testdata/real/basic", inPlace: true, command: []string{"node", "index.js"}, tools: []string{"node"}},
		{name: "npm-mocha", fixture: "ecosystems/npm/testdata/real/mocha", inPlace: true, command: []string{"npm", "test", "--silent"}, tools: []string{"npm"}},
		{name: "python-project", fixture: "ecosystems/python/testdata/real/project", command: []string{".venv/bin/python", "-m", "pytest", "-q", "-p", "no:cacheprovider", "tests"}, env: pythonEnv, edit: venv, tools: []string{"/usr/bin/python3"}},
		{name: "maven-basic", fixture: "ecosystems/maven/testdata/real/basic", command: []string{"sh", "run.sh"}, tools: []string{"mvn", "java"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			for _, tool := range tt.tools {
				if _, err := exec.LookPath(tool); err != nil {
					t.Fatalf("%s not on PATH: run `make setup`", tool)
				}
			}
			src := filepath.Join(root, filepath.FromSlash(tt.fixture))
			plainDir, tracedDir := src, src
			if !tt.inPlace {
				plainDir, tracedDir = copyFixture(t, src), copyFixture(t, src)
				if tt.edit != nil {
					tt.edit(t, plainDir)
					tt.edit(t, tracedDir)
				}
			}
			environ := append(os.Environ(), tt.env...)

			plainCode, plainOut := runPlain(t, plainDir, environ, tt.command)
			tracedCode, tracedOut := runTraced(t, tracedDir, environ, tt.command)
			if plainCode != tracedCode {
				t.Errorf("exit status %d without envaudit, %d with it\nwithout:\n%s\nwith:\n%s", plainCode, tracedCode, plainOut, tracedOut)
			} else {
				t.Logf("exit status %d both times; output:\n%s", plainCode, plainOut)
			}
			want := normalise(plainOut, plainDir, t)
			got := normalise(tracedOut, tracedDir, t)
			if diff := cmp.Diff(want, got); diff != "" {
				t.Errorf("output without (-) and with (+) envaudit:\n%s", diff)
			}
		})
	}
}

// runPlain runs command in dir as a shell would, its standard output and
// error interleaved as a terminal shows them.
func runPlain(t *testing.T, dir string, environ, command []string) (int, string) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, command[0], command[1:]...)
	cmd.Dir, cmd.Env = dir, environ
	var out bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &out
	err := cmd.Run()
	var ee *exec.ExitError
	switch {
	case err == nil:
		return 0, out.String()
	case errors.As(err, &ee):
		return ee.ExitCode(), out.String()
	default:
		t.Fatalf("run %q: %v", command, err)
		return 0, ""
	}
}

// runTraced runs command in dir as `envaudit run` does: the project opened
// with every ecosystem, the run prepared by them and traced.
func runTraced(t *testing.T, dir string, environ, command []string) (int, string) {
	t.Helper()
	p, err := engine.Open(engine.Options{Dir: dir, Ecosystems: all.Ecosystems()})
	if err != nil {
		t.Fatalf("open %q: %v", dir, err)
	}
	var out bytes.Buffer
	tr, err := p.Trace(context.Background(), engine.RunOptions{
		Command: command, Environ: environ, Stdout: &out, Stderr: &out, Timeout: 10 * time.Minute,
	})
	if err != nil {
		t.Fatalf("trace %q: %v", command, err)
	}
	defer tr.Close()
	return tr.Trace.End.ExitCode, out.String()
}

var (
	// durations leaves ANSI colour codes (ESC [1m) alone.
	durations = regexp.MustCompile(`(^|[^\[;\d.])\d+(\.\d+)?(ns|µs|us|ms|s|m)\b`)
	ansi      = regexp.MustCompile("\x1b\\[[0-9;]*m")
	// cargo names build outputs with a hash of the unit's configuration,
	// rustflags included.
	unitHashes = regexp.MustCompile(`-[0-9a-f]{16}\b`)
	// mocha prints a test's time, " (49ms)", only when the test was slow,
	// which a loaded machine decides in either run.
	slowMarks = regexp.MustCompile(" \\((\x1b\\[[0-9;]*m)?<time>(\x1b\\[[0-9;]*m)?\\)")
)

// normalise blanks what legitimately differs between two runs of one
// command — timings, the directory it ran in, cargo's unit hashes — and
// removes, logging them, the known differences envaudit still makes.
func normalise(out, dir string, t *testing.T) string {
	t.Helper()
	out = strings.ReplaceAll(out, dir, "$DIR")
	if r, err := filepath.EvalSymlinks(dir); err == nil && r != dir {
		out = strings.ReplaceAll(out, r, "$DIR")
	}
	out = durations.ReplaceAllString(out, "${1}<time>")
	// A duration of several units ("1m 06s", cargo's on a loaded machine)
	// is one time.
	out = strings.ReplaceAll(out, "<time> <time>", "<time>")
	out = slowMarks.ReplaceAllString(out, "")
	out = unitHashes.ReplaceAllString(out, "-<hash>")
	for _, k := range knownDifferences {
		if n := len(k.re.FindAllString(out, -1)); n > 0 {
			t.Logf("known difference, removed before comparing (%s): %d in %s", k.why, n, filepath.Base(dir))
			out = k.re.ReplaceAllString(out, "")
		}
	}
	return sortRuns(out, "   Compiling ")
}

// sortRuns sorts each run of consecutive lines that start with prefix,
// colour codes aside: cargo compiles crates in parallel, and announces
// them in the order they start.
func sortRuns(out, prefix string) string {
	lines := strings.SplitAfter(out, "\n")
	for i := 0; i < len(lines); {
		j := i
		for j < len(lines) && strings.HasPrefix(ansi.ReplaceAllString(lines[j], ""), prefix) {
			j++
		}
		if j > i {
			slices.Sort(lines[i:j])
			i = j
			continue
		}
		i++
	}
	return strings.Join(lines, "")
}

// copyFixture copies a fixture to a temporary directory, without its
// goldens and build output.
func copyFixture(t *testing.T, src string) string {
	t.Helper()
	dst := filepath.Join(t.TempDir(), filepath.Base(src))
	err := filepath.WalkDir(src, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, err := filepath.Rel(src, p)
		if err != nil {
			return err
		}
		if d.IsDir() && (d.Name() == "expected" || d.Name() == "target") {
			return filepath.SkipDir
		}
		to := filepath.Join(dst, rel)
		if d.IsDir() {
			return os.MkdirAll(to, 0o755)
		}
		data, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		info, err := d.Info()
		if err != nil {
			return err
		}
		return os.WriteFile(to, data, info.Mode().Perm())
	})
	if err != nil {
		t.Fatalf("copy %q: %v", src, err)
	}
	return dst
}
