package engine_test

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/envaudit/envaudit/ecosystems/all"
	"github.com/envaudit/envaudit/engine"
	"github.com/envaudit/envaudit/internal/testenv"
	"github.com/envaudit/envaudit/tracer"
)

// TestBackendsSameD3 audits a real install of every ecosystem twice, once
// traced by each backend, and wants the same D3: for each ecosystem, the
// same packages traced, at the same versions, with the same use. Each run
// starts from its own copy of the fixture, and from the same build cache:
// an empty one of its own, or (warm) one that an untraced run filled, so
// neither backend finds what the other's run left.
func TestBackendsSameD3(t *testing.T) {
	testenv.RealInstall(t)
	root, err := filepath.Abs("..")
	if err != nil {
		t.Fatal(err)
	}
	eco := func(parts ...string) string { return filepath.Join(append([]string{root, "ecosystems"}, parts...)...) }
	tests := []struct {
		name  string
		src   string // the fixture copied; "" for an empty directory
		files map[string]string
		tools []string
		cmd   []string
		// env returns the variables of one run, given a directory for
		// caches: its own, or with warm the one an untraced run of the
		// command filled first.
		env  func(scratch string) []string
		warm bool
	}{
		{name: "npm", src: eco("npm", "testdata", "real", "basic"), tools: []string{"node"},
			cmd: []string{"node", "-e", `require("debug")("x")("y"); require("ms")("1d"); require("@isaacs/string-locale-compare")`}},
		{name: "python", files: map[string]string{"requirements.txt": "PyYAML\n"}, tools: []string{"/usr/bin/python3"},
			cmd: []string{"/usr/bin/python3", "-c", "import yaml; yaml.safe_load('a: 1')"}},
		{name: "gomod", src: eco("gomod", "testdata", "basic"), tools: []string{"go"},
			cmd: []string{"go", "test", "-count=1", "./..."},
			env: func(s string) []string {
				return []string{"GOPROXY=off", "GOFLAGS=-mod=readonly", "GOTOOLCHAIN=local", "GOCACHE=" + s}
			},
			// A cold cache compiles the standard library, for minutes
			// under the race detector; the modules a warm run reads are
			// the same (ecosystems/gomod's TestTracedReal).
			warm: true},
		{name: "cargo", src: eco("cargo", "testdata", "basic"), tools: []string{"cargo"},
			cmd: []string{"cargo", "test", "--offline", "--locked"},
			env: func(s string) []string { return []string{"CARGO_TARGET_DIR=" + s, "CARGO_TERM_COLOR=never"} }},
		{name: "maven", src: eco("maven", "testdata", "real", "basic"), tools: []string{"mvn"},
			cmd: []string{"sh", "run.sh"}},
		{name: "cmake", src: eco("cmake", "testdata", "notes"), tools: []string{"cmake", "c++"},
			cmd: []string{"sh", "-c", `cmake -S . -B "$BUILD" >/dev/null && cmake --build "$BUILD" >/dev/null && "$BUILD/notes"`},
			env: func(s string) []string { return []string{"BUILD=" + s} }},
		{name: "system", src: eco("system", "testdata", "hidden-tool"), tools: []string{"tree", "jq"},
			cmd: []string{"./run.sh"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			for _, tool := range tc.tools {
				if _, err := exec.LookPath(tool); err != nil {
					t.Fatalf("%s is needed: run `make setup`: %v", tool, err)
				}
			}
			shared := t.TempDir()
			if tc.warm {
				cmd := exec.Command(tc.cmd[0], tc.cmd[1:]...)
				cmd.Dir = copyFixture(t, tc.src)
				cmd.Env = append(os.Environ(), tc.env(shared)...)
				if out, err := cmd.CombinedOutput(); err != nil {
					t.Fatalf("untraced %q: %v\n%s", tc.cmd, err, out)
				}
			}
			var got [2]map[string][]string
			for i, b := range []string{tracer.BackendPtrace, tracer.BackendEBPF} {
				dir := t.TempDir()
				if tc.src != "" {
					dir = copyFixture(t, tc.src)
				}
				for name, body := range tc.files {
					if err := os.WriteFile(filepath.Join(dir, name), []byte(body), 0o644); err != nil {
						t.Fatal(err)
					}
				}
				environ := os.Environ()
				if scratch := t.TempDir(); tc.env != nil {
					if tc.warm {
						scratch = shared
					}
					environ = append(environ, tc.env(scratch)...)
				}
				got[i] = tracedPackages(t, dir, tc.cmd, environ, b)
			}
			if len(got[0]) == 0 {
				t.Fatalf("nothing traced under ptrace: the fixture is not installed (run `make setup`)")
			}
			if diff := cmp.Diff(got[0], got[1]); diff != "" {
				t.Errorf("D3 of ptrace (-) and ebpf (+) differ:\n%s", diff)
			}
		})
	}
}

// tracedPackages traces command in dir with backend and audits the run; it
// returns, per ecosystem, its traced packages as "name@version use"
// (with " dev" when only dev tooling used it), sorted.
func tracedPackages(t *testing.T, dir string, command, environ []string, backend string) map[string][]string {
	t.Helper()
	p, err := engine.Open(engine.Options{Dir: dir, Ecosystems: all.Ecosystems()})
	if err != nil {
		t.Fatal(err)
	}
	var stdout, stderr strings.Builder
	tr, err := p.Trace(context.Background(), engine.RunOptions{
		Command: command, Environ: environ, Timeout: 10 * time.Minute,
		Stdout: &stdout, Stderr: &stderr, Backend: backend,
	})
	if err != nil {
		t.Fatalf("%s: %v", backend, err)
	}
	defer tr.Close()
	if e := tr.Trace.End; e.ExitCode != 0 || e.Lost != 0 || tr.Trace.Header.Backend != backend {
		t.Fatalf("%s: %q exited %d, lost %d events, trace of backend %q; stdout:\n%s\nstderr:\n%s", backend, command, e.ExitCode, e.Lost, tr.Trace.Header.Backend, stdout.String(), stderr.String())
	}
	r, err := tr.Audit(context.Background())
	if err != nil {
		t.Fatalf("%s: audit: %v", backend, err)
	}
	out := map[string][]string{}
	for _, e := range r.Ecosystems {
		for _, tp := range e.Traced {
			s := tp.Name + "@" + tp.Version + " " + tp.Use
			if tp.Dev {
				s += " dev"
			}
			out[e.Name] = append(out[e.Name], s)
		}
		sort.Strings(out[e.Name])
	}
	t.Logf("%s: %d processes, %d accesses, %d ms", backend, len(tr.Trace.Processes), len(tr.Trace.Accesses), tr.Trace.End.DurationMs)
	return out
}
