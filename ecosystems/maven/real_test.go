package maven

import (
	"bytes"
	"context"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/envaudit/envaudit/ecosystems"
	"github.com/envaudit/envaudit/ecosystems/internal/ecotest"
	"github.com/envaudit/envaudit/internal/testenv"
	"github.com/envaudit/envaudit/tracer"
	"github.com/envaudit/envaudit/tracer/evchan"
)

func TestMain(m *testing.M) {
	tracer.Main() // the test binary doubles as the tracer's helper
	testenv.Hermetic()
	os.Exit(m.Run())
}

// The real fixtures (testdata/real/<case>) are Maven projects built
// offline against Debian's repository (/usr/share/maven-repo, installed by
// `make setup` from scripts/setup.d/maven.apt). Each is copied to a
// temporary directory and its run.sh, the traced command, runs once per
// test binary under envaudit's tracer (the test binary doubles as its
// helper, see TestMain), with TraceEnv's MAVEN_OPTS and java launchers so every JVM
// writes its class-load log. The golden expected.json of each case records D1, D2 (Maven's own
// resolution), D3 from the class-load logs, and what the file-open
// fallback would have concluded from the same run.

// A realRun is one fixture after its traced command ran.
type realRun struct {
	root    string // the project (a temporary copy)
	scratch string // TraceEnv's scratch directory
	channel []byte // the class-load logs, as the evidence channel held them
	trace   *tracer.Trace
	output  string
	dur     time.Duration
	err     error
}

var (
	realMu   sync.Mutex
	realRuns = map[string]*realRun{}
	// mvnTrees caches Installed's `mvn dependency:tree` per project, so the
	// two inventories of one run (class-load and file-open evidence) cost
	// one Maven run.
	mvnTrees = &cachingRunner{cache: map[string]string{}, runs: map[string]int{}}
)

// needReal fails the test when the machine lacks what the real fixtures
// build with.
func needReal(t testing.TB) {
	t.Helper()
	ecotest.Require(t, ecotest.Prereqs{
		Tools: []string{"mvn", "java"},
		Files: []string{DebianSettings, DebianRepository + "/org/apache/maven/plugins/maven-shade-plugin", DebianRepository + "/org/junit/jupiter/junit-jupiter-engine"},
	})
}

// run returns the fixture's run, running it the first time.
func run(t *testing.T, name string) *realRun {
	t.Helper()
	needReal(t)
	realMu.Lock()
	defer realMu.Unlock()
	if r, ok := realRuns[name]; ok {
		if r.err != nil {
			t.Fatal(r.err)
		}
		return r
	}
	r := &realRun{}
	realRuns[name] = r
	r.err = r.start(name)
	if r.err != nil {
		t.Fatal(r.err)
	}
	t.Logf("%s: traced run took %v", name, r.dur.Round(time.Millisecond))
	return r
}

func (r *realRun) start(name string) error {
	base, err := os.MkdirTemp("", "envaudit-maven-real-")
	if err != nil {
		return err
	}
	// The runs are kept for the whole test binary; the OS cleans /tmp.
	r.root = filepath.Join(base, name)
	r.scratch = filepath.Join(base, "scratch")
	if err := os.MkdirAll(r.scratch, 0o755); err != nil {
		return err
	}
	if err := copyTree(filepath.Join("testdata", "real", name), r.root); err != nil {
		return err
	}
	env := setenv(os.Environ(), (&project{}).TraceEnv(r.scratch, os.Environ()))
	ch, err := evchan.Open(r.scratch)
	if err != nil {
		return err
	}
	var out bytes.Buffer
	start := time.Now()
	r.trace, err = tracer.Run(context.Background(), tracer.Options{
		Command: []string{"sh", "run.sh"}, Dir: r.root, Env: env,
		Stdout: &out, Stderr: &out, Timeout: 10 * time.Minute,
	})
	r.dur = time.Since(start)
	r.output = out.String()
	data, chErr := ch.Close(r.trace)
	if err != nil {
		return fmt.Errorf("%s: trace run.sh: %w", name, err)
	}
	if chErr != nil {
		return fmt.Errorf("%s: %w", name, chErr)
	}
	r.channel = data
	if r.trace.End.ExitCode != 0 {
		return fmt.Errorf("%s: run.sh exited %d:\n%s", name, r.trace.End.ExitCode, r.output)
	}
	return nil
}

// copyTree copies a fixture, or Maven's output, without build output
// (target/) or the golden expected.json.
func copyTree(src, dst string) error {
	return ecotest.CopyTree(src, dst, func(d fs.DirEntry) bool {
		return (d.IsDir() && d.Name() == "target") || d.Name() == "expected.json" || d.Name() == "imports.json"
	})
}

// cachingRunner runs mvn once per project and command line and replays the
// files it wrote (the dependency trees) on later calls.
type cachingRunner struct {
	mu    sync.Mutex
	cache map[string]string // project and arguments → directory holding the first run's output
	runs  map[string]int    // project → real mvn runs
}

func (c *cachingRunner) Run(ctx context.Context, dir string, env, args []string) ([]byte, error) {
	out := outputDir(args)
	key := dir + "\x00" + strings.Join(args[:len(args)-1], "\x00")
	c.mu.Lock()
	defer c.mu.Unlock()
	if saved, ok := c.cache[key]; ok {
		return nil, copyTree(saved, out)
	}
	c.runs[dir]++
	b, err := ExecRunner{}.Run(ctx, dir, env, args)
	if err != nil {
		return b, err
	}
	saved, err := os.MkdirTemp("", "envaudit-maven-trees-")
	if err != nil {
		return b, err
	}
	if err := copyTree(out, saved); err != nil {
		return b, err
	}
	c.cache[key] = saved
	return b, nil
}

// realEcosystem is the ecosystem as the real fixtures need it: Debian's
// settings, offline.
func realEcosystem() Ecosystem {
	return Ecosystem{Runner: mvnTrees, Settings: DebianSettings, Offline: true}
}

// realResult is what expected.json records of a real fixture.
type realResult struct {
	Files     []string                `json:"files"`
	Declared  []ecosystems.Dependency `json:"declared"`
	Installed *inventoryJSON          `json:"installed"`
	// UsedByClassLoad are the packages the class-load logs show in use.
	UsedByClassLoad []string `json:"usedByClassLoad"`
	// OpenedNotLoaded are the packages whose JARs the run opened but no
	// class of which was loaded: no evidence, with the class-load logs.
	OpenedNotLoaded []string `json:"openedNotLoaded"`
	// UsedByFileOpens are the packages the file-open fallback (no
	// class-load log) attributes the same run's opens to.
	UsedByFileOpens []string `json:"usedByFileOpens"`
}

// TestReal checks each real fixture against its expected.json: D1 as
// parsed, D2 as Maven resolved it, and D3 from the real class-load logs of
// the real run, beside what file opens alone would have concluded.
func TestReal(t *testing.T) {
	tests := []struct {
		name   string
		output string // what the traced program prints, proof it ran
	}{
		{"basic", ""},
		{"multimodule", "*********Hello, Ada Lovelace**********"},
		{"shaded", "raJ taF ,olleH"},
		{"sloppy", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := run(t, tt.name)
			if !strings.Contains(r.output, tt.output) {
				t.Errorf("run.sh output lacks %q:\n%s", tt.output, r.output)
			}
			e := realEcosystem()
			var got realResult
			p := ecotest.Open(t, e, r.root)
			got.Files, got.Declared = files(p), p.Declared()
			ctx := context.Background()
			inv, err := p.Installed(ctx, ecosystems.Env{Environ: os.Environ(), Scratch: r.scratch, Channel: r.channel})
			if err != nil {
				t.Fatal(err)
			}
			fallback, err := p.Installed(ctx, ecosystems.Env{Environ: os.Environ()})
			if err != nil {
				t.Fatal(err)
			}
			got.Installed = inventoryOf(inv)
			// How many classes a JVM loads from a library can vary with
			// timing (a thread that starts earlier); that it loaded some
			// cannot.
			got.Installed.Observed = nil
			used := map[string]bool{}
			for _, o := range inv.Observed {
				if o.Count <= 0 {
					t.Errorf("observation %+v without a count", o)
				}
				o.Count = 0
				got.Installed.Observed = append(got.Installed.Observed, o)
				used[o.Package] = true
			}
			got.UsedByClassLoad = keys(used)
			opened, byOpens := map[string]bool{}, map[string]bool{}
			for _, a := range r.trace.Accesses {
				if a.Op != tracer.OpRead {
					continue
				}
				if pkg, use, ok := lookup(inv.Index, a); ok && use == ecosystems.UseNone && strings.HasSuffix(a.Path, ".jar") && !used[pkg] {
					opened[pkg] = true
				}
				if pkg, use, ok := lookup(fallback.Index, a); ok && use == ecosystems.UseRuntime {
					byOpens[pkg] = true
				}
			}
			got.OpenedNotLoaded = keys(opened)
			got.UsedByFileOpens = keys(byOpens)
			ecotest.GoldenJSON(t, filepath.Join("testdata", "real", tt.name, "expected.json"), got, filepath.Dir(r.root))
			checkJVMs(t, r)
			mvnTrees.mu.Lock()
			if n := mvnTrees.runs[r.root]; n != 1 {
				t.Errorf("mvn dependency:tree ran %d times for the project, want once", n)
			}
			mvnTrees.mu.Unlock()
		})
	}
}

// TestRealNotInstalled runs Maven's resolution of a pom that declares an
// artifact that exists nowhere: Maven lists it (offline, without its pom),
// but it is not installed, so it is not in D2 and a warning says so.
func TestRealNotInstalled(t *testing.T) {
	needReal(t)
	root := filepath.Join(t.TempDir(), "hallucinated")
	if err := copyTree(filepath.Join("testdata", "real", "hallucinated"), root); err != nil {
		t.Fatal(err)
	}
	e := realEcosystem()
	var got result
	p := ecotest.Open(t, e, root)
	got.Files, got.Declared = files(p), p.Declared()
	inv, err := p.Installed(context.Background(), ecosystems.Env{Environ: os.Environ()})
	if err != nil {
		t.Fatal(err)
	}
	got.Installed = inventoryOf(inv)
	ecotest.GoldenJSON(t, filepath.Join("testdata", "real", "hallucinated", "expected.json"), got, filepath.Dir(root))
}

// checkJVMs checks that every class-load log is one java process of the
// trace (the log's pid) and that the kind envaudit gives the JVM from the
// classes it loaded agrees with the command line the tracer saw: Maven's
// JVM runs plexus-classworlds' Launcher, surefire's fork a surefirebooter
// JAR, anything else is a java command.
func checkJVMs(t *testing.T, r *realRun) {
	t.Helper()
	logs := readChannel(r.channel)
	if len(logs) == 0 {
		t.Fatal("no class-load log")
	}
	for _, j := range logs {
		var argv string
		for _, p := range r.trace.Processes {
			if p.PID == j.pid && filepath.Base(p.Exe) == "java" {
				argv = strings.Join(p.Argv, " ")
			}
		}
		if argv == "" {
			t.Errorf("%s: no java process %d in the trace", j.file, j.pid)
			continue
		}
		want := jvmApp
		switch {
		case strings.Contains(argv, "org.codehaus.plexus.classworlds.launcher.Launcher"):
			want = jvmBuild
		case strings.Contains(argv, "surefirebooter"):
			want = jvmTestFork
		}
		if j.kind != want {
			t.Errorf("%s: JVM %q classified as %v, want %v", j.file, argv, j.kind, want)
		}
	}
}

// lookup attributes an access as the audit does: the symlink-resolved path
// first, then the path as opened.
func lookup(x *ecosystems.PathIndex, a tracer.Access) (string, ecosystems.Use, bool) {
	for _, p := range []string{a.Real, a.Path} {
		if p == "" {
			continue
		}
		if pkg, use, ok := x.Lookup(p); ok {
			return pkg, use, true
		}
	}
	return "", "", false
}

func keys(m map[string]bool) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

// importsResult is what imports.json records of a real fixture.
type importsResult struct {
	Files    int                 `json:"files"`
	Imports  []ecosystems.Import `json:"imports"`
	Warnings []string            `json:"warnings,omitempty"`
}

// TestRealImports reads the class files each real fixture's build
// compiled and checks the classes they refer to, mapped to the artifacts
// Maven resolved, against imports.json: sloppy's main code refers to
// commons-lang3 (only commons-text declares it) and nothing of
// commons-collections4.
func TestRealImports(t *testing.T) {
	for _, name := range []string{"basic", "multimodule", "shaded", "sloppy"} {
		t.Run(name, func(t *testing.T) {
			r := run(t, name)
			p := ecotest.Open(t, realEcosystem(), r.root)
			ctx := context.Background()
			env := ecosystems.Env{Environ: os.Environ(), Scratch: r.scratch, Channel: r.channel}
			if _, err := p.Installed(ctx, env); err != nil {
				t.Fatal(err)
			}
			im, err := p.(ecosystems.Importer).Imports(ctx, env)
			if err != nil {
				t.Fatal(err)
			}
			ecotest.CheckLocations(t, name, p.Declared(), im, nil)
			got := importsResult{Files: im.Files, Imports: im.List, Warnings: im.Warnings}
			ecotest.GoldenJSON(t, filepath.Join("testdata", "real", name, "imports.json"), got, filepath.Dir(r.root))
		})
	}
}

// timing matches what differs between two runs of one Maven build: the
// times it reports.
var timing = regexp.MustCompile(`(Time elapsed: |Total time: +|Finished at: )\S+( s)?`)

// TestRealOutputUnchanged runs `mvn test` on the sloppy fixture twice, once
// as it is and once traced with TraceEnv's environment, and checks that
// the two print the same (timings aside) and exit alike: the class-load
// logs come without a "Picked up ..." line or any other. It also checks
// that both Maven's JVM and surefire's test JVM wrote their logs.
func TestRealOutputUnchanged(t *testing.T) {
	needReal(t)
	args := []string{"mvn", "-B", "-o", "-Dstyle.color=never", "-s", DebianSettings, "test"}
	runOnce := func(traced bool) (string, int, []byte) {
		base := t.TempDir()
		root := filepath.Join(base, "p")
		if err := copyTree(filepath.Join("testdata", "real", "sloppy"), root); err != nil {
			t.Fatal(err)
		}
		env := os.Environ()
		scratch := filepath.Join(base, "scratch")
		var ch *evchan.Channel
		if traced {
			if err := os.Mkdir(scratch, 0o755); err != nil {
				t.Fatal(err)
			}
			env = setenv(env, (&project{}).TraceEnv(scratch, env))
			var err error
			if ch, err = evchan.Open(scratch); err != nil {
				t.Fatal(err)
			}
		}
		// The untraced run still runs under the tracer, so the two
		// differ only in TraceEnv's environment.
		var out bytes.Buffer
		tr, err := tracer.Run(context.Background(), tracer.Options{
			Command: args, Dir: root, Env: env, Stdout: &out, Stderr: &out, Timeout: 10 * time.Minute,
		})
		if err != nil {
			t.Fatal(err)
		}
		var channel []byte
		if ch != nil {
			if channel, err = ch.Close(tr); err != nil {
				t.Fatal(err)
			}
		}
		s := strings.ReplaceAll(out.String(), root, "$ROOT")
		return timing.ReplaceAllString(s, "${1}T"), tr.End.ExitCode, channel
	}
	plain, plainCode, _ := runOnce(false)
	traced, tracedCode, channel := runOnce(true)
	if plainCode != 0 || tracedCode != plainCode {
		t.Errorf("exit status %d with envaudit's environment, %d without", tracedCode, plainCode)
	}
	if diff := cmp.Diff(plain, traced); diff != "" {
		t.Errorf("output (-without +with envaudit's environment):\n%s", diff)
	}
	logs := readChannel(channel)
	kinds := map[jvmKind]int{}
	for _, j := range logs {
		kinds[j.kind]++
	}
	if diff := cmp.Diff(map[jvmKind]int{jvmBuild: 1, jvmTestFork: 1}, kinds); diff != "" {
		t.Errorf("JVMs that logged (-want +got):\n%s", diff)
	}
}

// setenv applies KEY=VALUE entries over an environment, replacing the
// entries they set, as the engine applies TraceEnv's: a process given a
// variable twice may read either.
func setenv(environ, set []string) []string {
	keys := map[string]bool{}
	for _, kv := range set {
		k, _, _ := strings.Cut(kv, "=")
		keys[k] = true
	}
	var out []string
	for _, kv := range environ {
		if k, _, _ := strings.Cut(kv, "="); !keys[k] {
			out = append(out, kv)
		}
	}
	return append(out, set...)
}

// TestRealLogRewritten runs the sloppy fixture's Maven build under the
// tracer, then, still in the traced command, attacks the class-load log it
// finds in MAVEN_OPTS as a test could: emptying it leaves every class the
// JVMs logged in the evidence (commons-lang3, which only the project's
// code loads, stays used); deleting it, or rewriting the launcher the test
// JVMs start through, fails the run with the change named.
func TestRealLogRewritten(t *testing.T) {
	needReal(t)
	const findLog = `log=$(printf '%s\n' "$MAVEN_OPTS" | sed -n 's/.*-Xlog:class+load=info:file=\([^:]*\):.*/\1/p'); [ -n "$log" ] || exit 9; `
	tests := []struct {
		name       string
		attack     string
		wantTamper string
	}{
		{"emptied", findLog + `: >"$log"; printf 'junk\n' >>"$log"`, ""},
		{"deleted", findLog + `rm "$log"`, "deleted during the run"},
		{"launcherRewritten", findLog + `printf '#!/bin/sh\nexit 0\n' >"$(dirname "$log")/jvm/maven/bin/java"`, "written during the run"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			base := t.TempDir()
			root := filepath.Join(base, "p")
			if err := copyTree(filepath.Join("testdata", "real", "sloppy"), root); err != nil {
				t.Fatal(err)
			}
			scratch := filepath.Join(base, "scratch")
			if err := os.Mkdir(scratch, 0o755); err != nil {
				t.Fatal(err)
			}
			env := setenv(os.Environ(), (&project{}).TraceEnv(scratch, os.Environ()))
			ch, err := evchan.Open(scratch)
			if err != nil {
				t.Fatal(err)
			}
			var out bytes.Buffer
			tr, err := tracer.Run(context.Background(), tracer.Options{
				Command: []string{"sh", "-c", "sh run.sh && " + tt.attack}, Dir: root, Env: env,
				Stdout: &out, Stderr: &out, Timeout: 10 * time.Minute,
			})
			if err != nil {
				t.Fatal(err)
			}
			data, chErr := ch.Close(tr)
			if tr.End.ExitCode != 0 {
				t.Fatalf("the traced command exited %d:\n%s", tr.End.ExitCode, out.String())
			}
			if tt.wantTamper != "" {
				if chErr == nil || !strings.Contains(chErr.Error(), tt.wantTamper) {
					t.Fatalf("Close: %v, want an error saying %q", chErr, tt.wantTamper)
				}
				return
			}
			if chErr != nil {
				t.Fatal(chErr)
			}
			p := ecotest.Open(t, realEcosystem(), root)
			inv, err := p.Installed(context.Background(), ecosystems.Env{Environ: os.Environ(), Scratch: scratch, Channel: data})
			if err != nil {
				t.Fatal(err)
			}
			used := map[string]bool{}
			for _, o := range inv.Observed {
				used[o.Package] = true
			}
			want := []string{"junit:junit", "org.apache.commons:commons-lang3", "org.apache.commons:commons-text", "org.hamcrest:hamcrest"}
			if diff := cmp.Diff(want, keys(used)); diff != "" {
				t.Errorf("packages the class-load logs show in use after the log was emptied (-want +got):\n%s", diff)
			}
		})
	}
}
