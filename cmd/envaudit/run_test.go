package main

import (
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/envaudit/envaudit/audit"
	"github.com/envaudit/envaudit/internal/testenv"
	"github.com/envaudit/envaudit/sbom/sbomtest"
	"github.com/envaudit/envaudit/tracer"
	"github.com/rogpeppe/go-internal/testscript"
)

// TestMain lets the test binary act as envaudit in the scripts, and as the
// tracer's helper when envaudit re-executes itself to trace a command.
func TestMain(m *testing.M) {
	tracer.Main()
	testenv.Hermetic()
	testscript.Main(m, map[string]func(){
		"envaudit": main,
	})
}

// TestScripts runs the end-to-end scripts in testdata/script: usage errors,
// exit codes, --fail-on, audits of saved traces, compare, the demo, and
// real traced runs of real installs (npm ci, Debian's Python packages).
func TestScripts(t *testing.T) {
	projects, err := filepath.Abs("testdata/projects")
	if err != nil {
		t.Fatal(err)
	}
	traces, err := filepath.Abs("testdata/traces")
	if err != nil {
		t.Fatal(err)
	}
	testscript.Run(t, testscript.Params{
		Dir:                 "testdata/script",
		RequireExplicitExec: true,
		// ENVAUDIT_UPDATE=1 rewrites the files `cmp` compares with, as it
		// rewrites every other golden file.
		UpdateScripts: os.Getenv("ENVAUDIT_UPDATE") != "",
		Setup: func(env *testscript.Env) error {
			// npm and pytest want a writable home; keep them out of the
			// real one.
			home := filepath.Join(env.WorkDir, ".home")
			if err := os.MkdirAll(home, 0o755); err != nil {
				return err
			}
			env.Setenv("HOME", home)
			env.Setenv("PROJECTS", projects)
			env.Setenv("TRACES", traces)
			env.Setenv("PYTHONDONTWRITEBYTECODE", "1")
			env.Setenv("NO_COLOR", "1")
			// testscript starts from an environment of its own: pass on
			// git's ceiling (no repository above the temporary directory
			// is the workspace's) from testenv.Hermetic.
			env.Setenv("GIT_CEILING_DIRECTORIES", os.Getenv("GIT_CEILING_DIRECTORIES"))
			env.Setenv("GIT_CONFIG_NOSYSTEM", "1")
			env.Values[scriptT{}] = env.T()
			return nil
		},
		Cmds: map[string]func(ts *testscript.TestScript, neg bool, args []string){
			"status":  cmdStatus,
			"project": cmdProject,
			"need":    cmdNeed,
			"sbom":    cmdSBOM,
			"layers":  cmdLayers,
			"dsse":    cmdDSSE,
		},
		Condition: func(cond string) (bool, error) {
			return false, errors.New("unknown condition " + strconv.Quote(cond) + ": scripts must not skip; a missing prerequisite fails (run make setup)")
		},
	})
}

// cmdSBOM checks that each file is a valid CycloneDX SBOM (JSON, or XML
// when its name ends in .xml): the schema, and bom-refs unique and
// resolved (sbomtest):
//
//	sbom bom.cdx.json
func cmdSBOM(ts *testscript.TestScript, neg bool, args []string) {
	if neg || len(args) == 0 {
		ts.Fatalf("usage: sbom FILE...")
	}
	for _, f := range args {
		data := []byte(ts.ReadFile(f))
		validate := sbomtest.ValidateJSON
		if strings.HasSuffix(f, ".xml") {
			validate = sbomtest.ValidateXML
		}
		if err := validate(data); err != nil {
			ts.Fatalf("sbom %s: %v", f, err)
		}
	}
}

// cmdLayers prints the layers and findings one ecosystem of a report has,
// one line each, as the script's stdout, for cmp and stdout checks:
//
//	layers report.json npm
func cmdLayers(ts *testscript.TestScript, neg bool, args []string) {
	if neg || len(args) != 2 {
		ts.Fatalf("usage: layers REPORT ECOSYSTEM")
	}
	r, err := audit.ReadReport(strings.NewReader(ts.ReadFile(args[0])), args[0])
	ts.Check(err)
	var b strings.Builder
	for _, e := range r.Ecosystems {
		if e.Name != args[1] {
			continue
		}
		var d1, d2, d3, fs []string
		for _, d := range e.Declared {
			d1 = append(d1, d.Name)
		}
		for _, p := range e.Installed {
			d2 = append(d2, p.Name)
		}
		for _, p := range e.Traced {
			d3 = append(d3, p.Name)
		}
		for _, f := range e.Findings {
			fs = append(fs, string(f.Kind)+":"+string(f.Reason)+":"+f.Package)
		}
		fmt.Fprintf(&b, "declared %s\ninstalled %s\ntraced %s\nfindings %s\n", strings.Join(d1, " "), strings.Join(d2, " "), strings.Join(d3, " "), strings.Join(fs, " "))
	}
	ts.Stdout().Write([]byte(b.String()))
}

// cmdDSSE wraps a statement in an unsigned DSSE envelope, as witness
// writes one (signed):
//
//	dsse statement.json envelope.json
func cmdDSSE(ts *testscript.TestScript, neg bool, args []string) {
	if neg || len(args) != 2 {
		ts.Fatalf("usage: dsse STATEMENT ENVELOPE")
	}
	env, err := json.Marshal(map[string]any{
		"payloadType": "application/vnd.in-toto+json",
		"payload":     base64.StdEncoding.EncodeToString([]byte(ts.ReadFile(args[0]))),
		"signatures":  []any{},
	})
	ts.Check(err)
	ts.Check(os.WriteFile(ts.MkAbs(args[1]), env, 0o644))
}

// cmdStatus runs a command and checks its exit status:
//
//	status 2 envaudit run
//
// Its standard output and error are kept for stdout and stderr checks.
func cmdStatus(ts *testscript.TestScript, neg bool, args []string) {
	if neg || len(args) < 2 {
		ts.Fatalf("usage: status CODE COMMAND [ARG...]")
	}
	want, err := strconv.Atoi(args[0])
	if err != nil {
		ts.Fatalf("status: %v", err)
	}
	err = ts.Exec(args[1], args[2:]...)
	got := 0
	var ee *exec.ExitError
	switch {
	case errors.As(err, &ee):
		got = ee.ExitCode()
	case err != nil:
		ts.Fatalf("status: %v", err)
	}
	if got != want {
		ts.Fatalf("%s exited with status %d, want %d", args[1], got, want)
	}
}

// cmdNeed marks the script as a real-install test and names what it needs
// of the machine: under -short it skips the rest of the script (with the
// words every real-install test skips with, testenv.SkipReason); otherwise
// it fails the script, naming `make setup`, when a program is not on PATH
// or a file does not exist:
//
//	need mvn java /etc/maven/settings-debian.xml
func cmdNeed(ts *testscript.TestScript, neg bool, args []string) {
	if neg || len(args) == 0 {
		ts.Fatalf("usage: need PROGRAM|/PATH...")
	}
	skipShort(ts)
	for _, a := range args {
		if filepath.IsAbs(a) {
			if _, err := os.Stat(a); err != nil {
				ts.Fatalf("%s", testenv.Message(fmt.Sprintf("file %q", a)))
			}
			continue
		}
		if _, err := exec.LookPath(a); err != nil {
			ts.Fatalf("%s", testenv.Message(fmt.Sprintf("program %q", a)))
		}
	}
}

// scriptT is the key under which Setup keeps each script's testscript.T,
// which a command needs to skip the script (TestScript has no Skip).
type scriptT struct{}

// skipShort skips the rest of a real-install script under -short. need and
// project come before a script starts anything in the background, so there
// is nothing to stop first, as the skip command would.
func skipShort(ts *testscript.TestScript) {
	if testing.Short() {
		ts.Value(scriptT{}).(testscript.T).Skip(testenv.SkipReason)
	}
}

// cmdProject copies a fixture project from testdata/projects into the
// script's work directory, installed dependencies included:
//
//	project npm-basic [DIR]
//
// A fixture with a package-lock.json is installed by `make setup`, so a
// script that copies one is a real-install test: under -short the rest of
// it is skipped, as need skips; otherwise a fixture that was never
// installed fails with the instruction to run the setup, rather than
// testing an empty project.
func cmdProject(ts *testscript.TestScript, neg bool, args []string) {
	if neg || len(args) < 1 || len(args) > 2 {
		ts.Fatalf("usage: project NAME [DIR]")
	}
	src := filepath.Join(ts.Getenv("PROJECTS"), args[0])
	dst := ts.MkAbs(args[0])
	if len(args) == 2 {
		dst = ts.MkAbs(args[1])
	}
	if _, err := os.Stat(filepath.Join(src, "package-lock.json")); err == nil {
		skipShort(ts)
		if _, err := os.Stat(filepath.Join(src, "node_modules")); err != nil {
			ts.Fatalf("%s", testenv.Message(fmt.Sprintf("node_modules of fixture %s (scripts/setup.d/cli.sh installs it with npm ci)", args[0])))
		}
	}
	if err := copyTree(src, dst, nil); err != nil {
		ts.Fatalf("project %s: %v", args[0], err)
	}
}

// copyTree copies the directory tree src to dst, keeping symbolic links
// (node_modules/.bin) and permissions, and leaving out what skip (given
// slash-separated paths relative to src) says.
func copyTree(src, dst string, skip func(rel string) bool) error {
	return filepath.WalkDir(src, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, err := filepath.Rel(src, path)
		if err != nil {
			return err
		}
		if skip != nil && skip(filepath.ToSlash(rel)) {
			if d.IsDir() {
				return filepath.SkipDir
			}
			return nil
		}
		target := filepath.Join(dst, rel)
		switch {
		case d.IsDir():
			return os.MkdirAll(target, 0o755)
		case d.Type()&fs.ModeSymlink != 0:
			link, err := os.Readlink(path)
			if err != nil {
				return err
			}
			return os.Symlink(link, target)
		}
		data, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		info, err := d.Info()
		if err != nil {
			return err
		}
		return os.WriteFile(target, data, info.Mode().Perm())
	})
}

// readReportFile reads a JSON report a test run wrote.
func readReportFile(t *testing.T, path string) *audit.Report {
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
