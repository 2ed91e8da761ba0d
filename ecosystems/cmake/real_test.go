package cmake

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/envaudit/envaudit/audit"
	"github.com/envaudit/envaudit/ecosystems"
	"github.com/envaudit/envaudit/ecosystems/internal/ecotest"
	"github.com/envaudit/envaudit/internal/testenv"
	"github.com/envaudit/envaudit/tracer"
	"github.com/google/go-cmp/cmp"
)

// scratch holds the build directories of the real builds; TestMain removes it.
var scratch string

func TestMain(m *testing.M) {
	tracer.Main() // the test binary doubles as the tracer's helper
	testenv.Hermetic()
	code := m.Run()
	if scratch != "" {
		os.RemoveAll(scratch)
	}
	os.Exit(code)
}

// realRun is one fixture project configured, built and run under the
// tracer, in a build directory outside the project (cmake -B).
type realRun struct {
	src, build string
	trace      *tracer.Trace
	stdout     string
}

var (
	realOnce sync.Once
	realRuns map[string]*realRun
	realErr  error
)

// realFixtures are the projects built for real: the program each builds,
// and the Debian packages (from scripts/setup.d/cmake.apt) it needs.
var realFixtures = []struct{ name, program string }{
	{"notes", "notes"},
	{"pack", "pack"},
}

// realBuilds traces `cmake -S <src> -B <build> && cmake --build <build> &&
// <build>/<program>` for every real fixture, once per test binary: the
// configure step, the compiler and linker, and the program itself are one
// traced run, as `envaudit run -- sh -c '...'` would trace them.
func realBuilds(t *testing.T) map[string]*realRun {
	t.Helper()
	ecotest.RealInstall(t)
	realOnce.Do(func() {
		realErr = ecotest.Prereqs{
			Tools: []string{"cmake", "c++", "cc", "pkg-config"},
			Files: []string{"/usr/include/sqlite3.h", "/usr/include/nlohmann/json.hpp", "/usr/include/zlib.h", "/usr/include/zstd.h", "/usr/include/openssl/crypto.h"},
		}.Missing()
		if realErr != nil {
			return
		}
		var err error
		if scratch, err = os.MkdirTemp("", "envaudit-cmake-"); err != nil {
			realErr = err
			return
		}
		realRuns = map[string]*realRun{}
		for _, f := range realFixtures {
			src, err := filepath.Abs(filepath.Join("testdata", f.name))
			if err != nil {
				realErr = err
				return
			}
			r := &realRun{src: src, build: filepath.Join(scratch, f.name+"-build")}
			ctx, cancel := context.WithTimeout(context.Background(), 5*time.Minute)
			var stdout, stderr bytes.Buffer
			r.trace, err = tracer.Run(ctx, tracer.Options{
				Command: []string{"sh", "-c", `cmake -S "$1" -B "$2" && cmake --build "$2" && "$2/$3"`, "sh", r.src, r.build, f.program},
				Dir:     scratch, Stdout: &stdout, Stderr: &stderr,
			})
			cancel()
			if err != nil {
				realErr = fmt.Errorf("trace the build of %s: %w", f.name, err)
				return
			}
			if r.trace.End.ExitCode != 0 {
				realErr = fmt.Errorf("build and run of %s exited %d:\n%s%s", f.name, r.trace.End.ExitCode, stdout.String(), stderr.String())
				return
			}
			// The program's output is the last line, after cmake's.
			out := strings.TrimRight(stdout.String(), "\n")
			r.stdout = out[strings.LastIndexByte(out, '\n')+1:] + "\n"
			realRuns[f.name] = r
		}
	})
	if realErr != nil {
		t.Fatal(realErr)
	}
	return realRuns
}

// auditReal audits one real run with the audit core, as envaudit run does.
func auditReal(t *testing.T, r *realRun) (audit.EcosystemReport, *ecosystems.Inventory) {
	t.Helper()
	e := New()
	p := ecotest.Open(t, e, r.src)
	inv, err := p.Installed(context.Background(), ecosystems.Env{Executables: audit.Executables(r.trace), Environ: os.Environ()})
	if err != nil {
		t.Fatal(err)
	}
	rep := audit.Ecosystem(audit.Input{
		Name: e.Name(), Manifests: ecosystems.Paths(p.Files()), Declared: p.Declared(), Inventory: inv,
		Trace: r.trace, DevTools: e.DevTools(), Root: r.src,
	})
	return rep, inv
}

// debVersion asks dpkg-query for an installed package's version.
func debVersion(t *testing.T, pkg string) string {
	t.Helper()
	out, err := exec.Command("dpkg-query", "-W", "-f", "${Version}", pkg).Output()
	if err != nil {
		t.Fatalf("dpkg-query %s: %v (run `make setup`)", pkg, err)
	}
	return string(out)
}

// summary renders what a report says of each package: traced packages
// with their use, whether their evidence holds a file the package's
// evidence predicate accepts, and whether the given process used them;
// findings other than bloat with their reason, severity and location.
func summary(rep audit.EcosystemReport, evidence map[string]func(string) bool, proc string) (traced, findings []string) {
	for _, p := range rep.Traced {
		ok := evidence[p.Name] != nil && slices.ContainsFunc(p.Files, evidence[p.Name])
		traced = append(traced, fmt.Sprintf("%s %s evidence=%v by-%s=%v", p.Name, p.Use, ok, proc, slices.Contains(p.Processes, proc)))
	}
	for _, f := range rep.Findings {
		if f.Kind == audit.Bloat {
			continue
		}
		s := fmt.Sprintf("%s %s %s %s", f.Kind, f.Reason, f.Package, f.Severity)
		if f.Location != nil {
			s += " at=" + f.Location.String()
		}
		findings = append(findings, s)
	}
	return traced, findings
}

// TestRealNotes configures, builds and runs the notes fixture under the
// tracer: it links SQLite3 (a runtime library), compiles in nlohmann_json
// (header only) and declares ZLIB without using it. The compiler, the
// linker and cmake all load libz and libzstd for themselves, and FindZLIB
// reads zlib.h for its version; none of that may count as the project's
// use.
func TestRealNotes(t *testing.T) {
	r := realBuilds(t)["notes"]
	if want := `[{"body":"buy milk","id":1},{"body":"call home","id":2}]` + "\n"; r.stdout != want {
		t.Errorf("notes printed %q, want %q", r.stdout, want)
	}
	rep, inv := auditReal(t, r)

	var d2 []string
	for _, p := range inv.Packages {
		d2 = append(d2, p.Name+" "+p.Version+" "+p.PURL)
	}
	wantD2 := []string{
		"SQLite3 " + debVersion(t, "libsqlite3-0") + " " + debPURL(t, "libsqlite3-0"),
		"ZLIB " + debVersion(t, "zlib1g") + " " + debPURL(t, "zlib1g"),
		"nlohmann_json " + debVersion(t, "nlohmann-json3-dev") + " " + debPURL(t, "nlohmann-json3-dev"),
	}
	if diff := cmp.Diff(wantD2, d2); diff != "" {
		t.Errorf("D2 (-want +got):\n%s", diff)
	}

	traced, findings := summary(rep, map[string]func(string) bool{
		"SQLite3":       func(f string) bool { return strings.Contains(f, "/libsqlite3.so.0.") },
		"nlohmann_json": func(f string) bool { return strings.HasPrefix(f, "/usr/include/nlohmann/") },
	}, "notes")
	wantTraced := []string{
		"SQLite3 runtime evidence=true by-notes=true",
		"nlohmann_json compile evidence=true by-notes=false",
	}
	if diff := cmp.Diff(wantTraced, traced); diff != "" {
		t.Errorf("traced (-want +got):\n%s", diff)
	}
	wantFindings := []string{
		"phantom unused ZLIB warning at=CMakeLists.txt:12",
		"phantom compile-time nlohmann_json notice at=CMakeLists.txt:10",
	}
	if diff := cmp.Diff(wantFindings, findings); diff != "" {
		t.Errorf("findings (-want +got):\n%s", diff)
	}
	// The evidence must be real: the compiler did load the same libz.
	if !tracedOpen(r.trace, "cc1plus", "libz.so") {
		t.Errorf("the trace shows no libz loaded by cc1plus; the test no longer proves tool loads are excluded")
	}
}

// TestRealPack builds the pack fixture: zstd found through pkg-config,
// OpenSSL declared only by its link names (ssl crypto), PkgConfig a tool.
func TestRealPack(t *testing.T) {
	r := realBuilds(t)["pack"]
	if !strings.HasPrefix(r.stdout, "zstd ") {
		t.Errorf("pack printed %q", r.stdout)
	}
	rep, inv := auditReal(t, r)
	var d2 []string
	for _, p := range inv.Packages {
		d2 = append(d2, p.Name+" "+p.PURL)
	}
	wantD2 := []string{
		"OpenSSL " + debPURL(t, "libssl3"),
		"PkgConfig " + debPURL(t, "pkgconf-bin"),
		"zstd " + debPURL(t, "libzstd1"),
	}
	if diff := cmp.Diff(wantD2, d2); diff != "" {
		t.Errorf("D2 (-want +got):\n%s", diff)
	}
	traced, findings := summary(rep, map[string]func(string) bool{
		"OpenSSL":   func(f string) bool { return strings.HasSuffix(f, "/libcrypto.so.3") },
		"PkgConfig": func(f string) bool { return f == "/usr/bin/pkgconf" },
		"zstd":      func(f string) bool { return strings.Contains(f, "/libzstd.so.1.") },
	}, "pack")
	wantTraced := []string{
		"OpenSSL runtime evidence=true by-pack=true",
		"PkgConfig compile evidence=true by-pack=false",
		"zstd runtime evidence=true by-pack=true",
	}
	if diff := cmp.Diff(wantTraced, traced); diff != "" {
		t.Errorf("traced (-want +got):\n%s", diff)
	}
	wantFindings := []string{"phantom compile-time PkgConfig notice at=CMakeLists.txt:5"}
	if diff := cmp.Diff(wantFindings, findings); diff != "" {
		t.Errorf("findings (-want +got):\n%s", diff)
	}
}

// tracedOpen reports whether a process whose executable's name is exe
// read a file whose name contains name.
func tracedOpen(tr *tracer.Trace, exe, name string) bool {
	procs := map[int]bool{}
	for _, p := range tr.Processes {
		if filepath.Base(p.Exe) == exe {
			procs[p.ID] = true
		}
	}
	for _, a := range tr.Accesses {
		if procs[a.Proc] && strings.Contains(filepath.Base(a.Path), name) {
			return true
		}
	}
	return false
}

// debPURL is the package URL of an installed Debian package, built from
// dpkg-query's answers and os-release independently of the dpkg reader.
func debPURL(t *testing.T, pkg string) string {
	t.Helper()
	out, err := exec.Command("dpkg-query", "-W", "-f", "${Version} ${Architecture}", pkg).Output()
	if err != nil {
		t.Fatalf("dpkg-query %s: %v (run `make setup`)", pkg, err)
	}
	version, arch, _ := strings.Cut(string(out), " ")
	osr, err := os.ReadFile("/etc/os-release")
	if err != nil {
		t.Fatal(err)
	}
	vals := map[string]string{}
	for _, line := range strings.Split(string(osr), "\n") {
		if k, v, ok := strings.Cut(line, "="); ok {
			vals[k] = strings.Trim(v, `"`)
		}
	}
	return fmt.Sprintf("pkg:deb/%s/%s@%s?arch=%s&distro=%s-%s", vals["ID"], pkg, strings.ReplaceAll(version, "+", "%2B"), arch, vals["ID"], vals["VERSION_ID"])
}
