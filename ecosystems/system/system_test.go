package system

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/envaudit/envaudit/ecosystems"
	"github.com/envaudit/envaudit/ecosystems/internal/ecotest"
	"github.com/google/go-cmp/cmp"
)

// TestFixtures opens every fixture project under testdata that has a
// golden file: files.golden and declared.golden for good projects,
// error.golden for bad ones.
func TestFixtures(t *testing.T) {
	dirs := ecotest.Glob(t, "testdata/*", "declared.golden", "error.golden")
	for _, dir := range dirs {
		t.Run(filepath.Base(dir), func(t *testing.T) {
			ecotest.ProjectGoldens(t, New(), dir)
		})
	}
	if n := len(dirs); n < 3 {
		t.Fatalf("found %d fixture projects under testdata, want at least 3", n)
	}
}

// TestInstalledFixture enumerates D2 and the index over the fixture system
// in the module's testdata/dpkg-root (shared: the dpkg reader's tests read
// it too) for a project that declares tree, zlib1g-dev, a virtual package
// (libz-dev, provided by zlib1g-dev), a base package and a package that
// is not installed.
func TestInstalledFixture(t *testing.T) {
	root := t.TempDir()
	if err := os.WriteFile(filepath.Join(root, "Aptfile"), []byte("tree\nzlib1g-dev\nlibz-dev\ncoreutils\nnot-installed\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	e := Ecosystem{System: os.DirFS("../../testdata/dpkg-root")}
	inv := ecotest.Installed(t, e, root, ecosystems.Env{Executables: []string{"/usr/bin/jq", "/usr/bin/ls"}})
	wantPkgs := []ecosystems.Package{
		{Name: "jq", Version: "1.6-2.1+deb12u1", PURL: "pkg:deb/debian/jq@1.6-2.1%2Bdeb12u1?arch=amd64&distro=debian-12", Deps: []string{"libjq1"}},
		{Name: "libc6-dev", Version: "2.36-9+deb12u4", PURL: "pkg:deb/debian/libc6-dev@2.36-9%2Bdeb12u4?arch=amd64&distro=debian-12"},
		{Name: "libjq1", Version: "1.6-2.1+deb12u1", PURL: "pkg:deb/debian/libjq1@1.6-2.1%2Bdeb12u1?arch=amd64&distro=debian-12", Deps: []string{"libonig5"}},
		{Name: "libonig5", Version: "6.9.8-1", PURL: "pkg:deb/debian/libonig5@6.9.8-1?arch=amd64&distro=debian-12"},
		{Name: "tree", Version: "2.1.0-1", PURL: "pkg:deb/debian/tree@2.1.0-1?arch=amd64&distro=debian-12", Direct: true},
		{Name: "zlib1g", Version: "1:1.2.13.dfsg-1", PURL: "pkg:deb/debian/zlib1g@1:1.2.13.dfsg-1?arch=amd64&distro=debian-12"},
		{Name: "zlib1g-dev", Version: "1:1.2.13.dfsg-1", PURL: "pkg:deb/debian/zlib1g-dev@1:1.2.13.dfsg-1?arch=amd64&distro=debian-12", Direct: true, Deps: []string{"libc6-dev", "zlib1g"}},
	}
	if diff := cmp.Diff(wantPkgs, inv.Packages); diff != "" {
		t.Errorf("Packages (-want +got):\n%s", diff)
	}
	wantExcluded := []ecosystems.Excluded{
		{Name: "base-files", Why: "distribution base: Priority required"},
		{Name: "coreutils", Why: "distribution base: Priority required"},
		{Name: "gcc-12-base", Why: "distribution base: dependency of the base (via libgcc-s1)"},
		{Name: "libacl1", Why: "distribution base: dependency of the base (via coreutils)"},
		{Name: "libc6", Why: "distribution base: dependency of the base (via coreutils)"},
		{Name: "libgcc-s1", Why: "distribution base: dependency of the base (via libc6)"},
	}
	if diff := cmp.Diff(wantExcluded, inv.Excluded); diff != "" {
		t.Errorf("Excluded (-want +got):\n%s", diff)
	}
	if inv.Evidence.Basis != Evidence || len(inv.Warnings) != 0 {
		t.Errorf("Evidence = %q, Warnings = %q", inv.Evidence, inv.Warnings)
	}
	lookups := []struct {
		path string
		want string // "pkg use", or "-" when unattributed
	}{
		{"/usr/bin/jq", "jq runtime"},                          // executed
		{"/usr/bin/tree", "tree none"},                         // owned, not executed in this run
		{"/lib/x86_64-linux-gnu/libjq.so.1", "libjq1 runtime"}, // a shared object, by its /lib name
		{"/usr/lib/x86_64-linux-gnu/libz.so.1.2.13", "zlib1g runtime"},
		{"/usr/include/zlib.h", "zlib1g-dev none"}, // a header is no use for the system ecosystem
		{"/usr/share/man/man1/jq.1.gz", "jq none"},
		{"/usr/bin/pg_config", "postgresql-common none"},   // the diverting package's file
		{"/usr/bin/pg_config.libpq-dev", "libpq-dev none"}, // the diverted one
		{"/usr/lib/i386-linux-gnu/libfoo.so.2", "libfoo1 runtime"},
		{"/usr/bin/ls", "-"}, // base: excluded, not indexed
		{"/lib/x86_64-linux-gnu/libc.so.6", "-"},
		{"/home/user/project/run.sh", "-"},
	}
	for _, l := range lookups {
		if got := ecotest.Owner(inv.Index, l.path); got != l.want {
			t.Errorf("Lookup(%q) = %q, want %q", l.path, got, l.want)
		}
	}

	tools := Ecosystem{System: os.DirFS("../../testdata/dpkg-root")}.DevTools()
	// cmake and cmake-data are tooling; libarchive13, which only cmake
	// needs, is told apart by who loaded it in a traced run, not here.
	if diff := cmp.Diff([]string{"cmake", "cmake-data"}, tools); diff != "" {
		t.Errorf("DevTools (-want +got):\n%s", diff)
	}
}

// TestDevToolsReal checks the tooling the real machine has: the packages
// of the compiler, the compiler proper and cmake that the test setup
// installs; no library, not even the compiler's own, and nothing from the
// base.
func TestDevToolsReal(t *testing.T) {
	ecotest.Require(t, ecotest.Prereqs{Tools: []string{"c++", "cmake", "make"}})
	tools := map[string]bool{}
	for _, n := range New().DevTools() {
		tools[n] = true
	}
	want := map[string]bool{
		"jq": false, "libjq1": false, "tree": false, "libsqlite3-0": false, "libssl3": false, "libc6": false, "coreutils": false,
	}
	cc1plus, err := exec.Command("c++", "-print-prog-name=cc1plus").Output()
	if err != nil {
		t.Fatalf("c++: %v (run `make setup`)", err)
	}
	for _, prog := range []string{"/usr/bin/c++", "/usr/bin/cmake", "/usr/bin/make", strings.TrimSpace(string(cc1plus))} {
		real, err := filepath.EvalSymlinks(prog)
		if err != nil {
			t.Fatalf("%v (run `make setup`)", err)
		}
		out, err := exec.Command("dpkg", "-S", real).Output()
		if err != nil {
			t.Fatalf("dpkg -S %s: %v", real, err)
		}
		owner, _, _ := strings.Cut(string(out), ":")
		want[owner] = true
	}
	// The compiler's own libraries, what cc1plus needs that is not base,
	// are not tooling by themselves: a project may need them too, so a
	// traced run tells (TestToolchainLibrariesTraced).
	out, err := exec.Command("sh", "-c", "dpkg -S $(ldd "+strings.TrimSpace(string(cc1plus))+" | awk '/libisl|libmpc/ {print $3}' | xargs realpath)").Output()
	if err != nil {
		t.Fatalf("find the compiler's libraries: %v", err)
	}
	for _, line := range strings.Split(strings.TrimSpace(string(out)), "\n") {
		owner, _, _ := strings.Cut(line, ":")
		want[owner] = false
	}
	for name, w := range want {
		if tools[name] != w {
			t.Errorf("DevTools contains %q: %v, want %v (run `make setup` if a tool is missing)", name, tools[name], w)
		}
	}
}

func TestOpenMissingRoot(t *testing.T) {
	if _, err := New().Open(context.Background(), ecosystems.Dir(filepath.Join(t.TempDir(), "missing"))); err == nil {
		t.Errorf("Open of a missing directory succeeded")
	}
	// An empty directory is a project of the machine's packages that
	// declares none.
	p := ecotest.Open(t, New(), t.TempDir())
	if p == nil || len(p.Files()) != 0 || len(p.Declared()) != 0 {
		t.Errorf("Open of an empty directory = %v, want a project with no files and nothing declared", p)
	}
}

// TestDockerfileContent: a file is a Dockerfile by its name and by its
// first instruction, so Go source named dockerfile.go is not one.
func TestDockerfileContent(t *testing.T) {
	root := t.TempDir()
	files := map[string]string{
		"Dockerfile":         "# syntax=docker/dockerfile:1\nFROM debian:12\nRUN apt-get install -y jq\n",
		"Dockerfile.dev":     "ARG BASE=debian:12\nFROM $BASE\n",
		"api.Containerfile":  "\nfrom debian\n",
		"dockerfile.go":      "package system\n\n// FROM is not the first instruction here\n",
		"Dockerfile.md":      "# Dockerfile notes\nSee FROM.\n",
		"docker/Dockerfile":  "FROM scratch\n",
		"Dockerfile.empty":   "",
		"notes/dockerfile.x": "RUN echo no FROM first\nFROM debian\n",
	}
	for name, content := range files {
		p := filepath.Join(root, name)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	got := ecosystems.Paths(ecotest.Open(t, New(), root).Files())
	want := []string{"Dockerfile", "Dockerfile.dev", "api.Containerfile", "docker/Dockerfile"}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("Files (-want +got):\n%s", diff)
	}
}

// TestInstalledNoDatabase: on a machine without dpkg, what is installed is
// unknown, with a warning saying why, not an error and not "nothing".
func TestInstalledNoDatabase(t *testing.T) {
	root := t.TempDir()
	if err := os.WriteFile(filepath.Join(root, "Aptfile"), []byte("jq\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	inv := ecotest.Installed(t, Ecosystem{System: os.DirFS(t.TempDir())}, root, ecosystems.Env{})
	if !inv.Unknown || len(inv.Packages) != 0 || len(inv.Warnings) != 1 {
		t.Errorf("inventory = %+v, want Unknown with one warning", inv)
	}
	if tools := (Ecosystem{System: os.DirFS(t.TempDir())}).DevTools(); len(tools) != 0 {
		t.Errorf("DevTools without a database = %q", tools)
	}
}

// TestMachinePackages reads the fixture's dpkg database as a runner
// baseline does: every installed package, project or not.
func TestMachinePackages(t *testing.T) {
	pkgs, err := Ecosystem{System: os.DirFS("../../testdata/dpkg-root")}.MachinePackages(t.Context())
	if err != nil {
		t.Fatal(err)
	}
	found := false
	for _, p := range pkgs {
		if p.Name == "jq" {
			found = p.Version != ""
		}
	}
	if !found {
		t.Errorf("jq with its version not among the machine's %d packages", len(pkgs))
	}
	if _, err := (Ecosystem{System: os.DirFS(t.TempDir())}).MachinePackages(t.Context()); err == nil {
		t.Errorf("no error for a machine without a dpkg database")
	}
}
