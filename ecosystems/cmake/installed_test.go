package cmake

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/envaudit/envaudit/ecosystems"
	"github.com/envaudit/envaudit/ecosystems/internal/ecotest"
	"github.com/google/go-cmp/cmp"
)

// TestInstalledRecorded reads a recorded configuration (a CMakeCache.txt,
// a compiler depfile and FetchContent directories under
// cmake-build-debug/, configured in another directory) against a fixture
// system with its dpkg database (system-root/): the fast layer beside the
// real builds of TestRealBuilds.
func TestInstalledRecorded(t *testing.T) {
	root, err := filepath.Abs("testdata/recorded")
	if err != nil {
		t.Fatal(err)
	}
	e := Ecosystem{System: os.DirFS(filepath.Join(root, "system-root"))}
	inv := ecotest.Installed(t, e, root, ecosystems.Env{})
	deps := filepath.Join(root, "cmake-build-debug", "_deps")
	wantPkgs := []ecosystems.Package{
		{Name: "PkgConfig", Version: "1.8.1-1", PURL: "pkg:deb/debian/pkgconf@1.8.1-1?arch=amd64&distro=debian-12", Direct: true},
		{Name: "SQLite3", Version: "3.40.1-2+deb12u2", PURL: "pkg:deb/debian/libsqlite3-0@3.40.1-2%2Bdeb12u2?arch=amd64&distro=debian-12",
			Path: "/usr/lib/x86_64-linux-gnu/libsqlite3.so", Direct: true},
		{Name: "ZLIB", Version: "1:1.2.13.dfsg-1", PURL: "pkg:deb/debian/zlib1g@1:1.2.13.dfsg-1?arch=amd64&distro=debian-12",
			Path: "/usr/lib/x86_64-linux-gnu/libz.so", Direct: true},
		{Name: "fmt", Version: "10.2.1", PURL: "pkg:generic/fmt@10.2.1?vcs_url=git%2Bhttps:%2F%2Fgithub.com%2Ffmtlib%2Ffmt.git%4010.2.1",
			Path: filepath.Join(deps, "fmt-src"), Direct: true},
		{Name: "jq", Version: "1.6-2.1+deb12u1", PURL: "pkg:deb/debian/libjq1@1.6-2.1%2Bdeb12u1?arch=amd64&distro=debian-12",
			Path: "/usr/lib/x86_64-linux-gnu/libjq.so", Direct: true, Deps: []string{"onig"}},
		{Name: "nlohmann_json", Version: "3.11.2-2", PURL: "pkg:deb/debian/nlohmann-json3-dev@3.11.2-2?arch=all&distro=debian-12",
			Path: "/usr/share/cmake/nlohmann_json", Direct: true},
		{Name: "onig", Version: "6.9.8-1", PURL: "pkg:deb/debian/libonig5@6.9.8-1?arch=amd64&distro=debian-12"},
		{Name: "zstd", Version: "1.5.4+dfsg2-5", PURL: "pkg:deb/debian/libzstd1@1.5.4%2Bdfsg2-5?arch=amd64&distro=debian-12",
			Path: "/usr/lib/x86_64-linux-gnu/libzstd.so", Direct: true},
	}
	if diff := cmp.Diff(wantPkgs, inv.Packages); diff != "" {
		t.Errorf("Packages (-want +got):\n%s", diff)
	}
	if len(inv.Warnings) != 0 {
		t.Errorf("Warnings = %q", inv.Warnings)
	}

	lookups := []struct{ path, want string }{
		// Shared objects by every name: no program ran, so none is
		// explained by a tool's loading; both the runtime and the -dev
		// package's files are the CMake package's.
		{"/usr/lib/x86_64-linux-gnu/libsqlite3.so.0.8.6", "SQLite3 runtime"},
		{"/lib/x86_64-linux-gnu/libsqlite3.so.0", "SQLite3 runtime"},
		{"/usr/lib/x86_64-linux-gnu/libsqlite3.so", "SQLite3 runtime"},
		{"/usr/lib/x86_64-linux-gnu/libsqlite3.a", "SQLite3 compile"},
		{"/usr/lib/x86_64-linux-gnu/pkgconfig/sqlite3.pc", "SQLite3 none"},
		{"/usr/lib/x86_64-linux-gnu/libz.so.1.2.13", "ZLIB runtime"},
		{"/usr/lib/x86_64-linux-gnu/libjq.so.1.0.4", "jq runtime"},
		{"/usr/lib/x86_64-linux-gnu/libonig.so.5.3.0", "onig runtime"},
		// Headers: compile-time only where the depfile lists them.
		{"/usr/include/sqlite3.h", "SQLite3 compile"},
		{"/usr/include/nlohmann/json.hpp", "nlohmann_json compile"},
		{"/usr/include/nlohmann/json_fwd.hpp", "nlohmann_json none"},
		{"/usr/include/zstd.h", "zstd compile"},
		{"/usr/include/zlib.h", "ZLIB none"},
		{"/usr/share/cmake/nlohmann_json/nlohmann_jsonConfig.cmake", "nlohmann_json none"},
		{"/usr/bin/pkg-config", "PkgConfig compile"},
		// Fetched sources: the included header, not the listfile CMake read.
		{filepath.Join(deps, "fmt-src/include/fmt/core.h"), "fmt compile"},
		{filepath.Join(deps, "fmt-src/CMakeLists.txt"), "fmt none"},
		{filepath.Join(deps, "fmt-build/libfmtd.a"), "fmt compile"},
		// The base and the build tools are nobody's.
		{"/usr/lib/x86_64-linux-gnu/libc.so.6", "-"},
		{"/usr/include/stdc-predef.h", "-"},
		{"/usr/bin/cmake", "-"},
	}
	for _, l := range lookups {
		if got := ecotest.Owner(inv.Index, l.path); got != l.want {
			t.Errorf("Lookup(%q) = %q, want %q", l.path, got, l.want)
		}
	}

	var excluded []string
	for _, x := range inv.Excluded {
		excluded = append(excluded, x.Name)
	}
	if diff := cmp.Diff([]string{"c", "dl", "gcc_s", "ld-linux", "m", "pthread", "rt", "stdc++"}, excluded); diff != "" {
		t.Errorf("Excluded (-want +got):\n%s", diff)
	}
}

// TestInstalledUnconfigured looks declared names up on the fixture system
// when the project has no CMake cache, as find_package would.
func TestInstalledUnconfigured(t *testing.T) {
	root := t.TempDir()
	src := "project(x)\nfind_package(ZLIB REQUIRED)\nfind_package(nlohmann_json)\nfind_package(NotInstalled REQUIRED)\ntarget_link_libraries(x jq)\n"
	if err := os.WriteFile(filepath.Join(root, "CMakeLists.txt"), []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	sys, err := filepath.Abs("testdata/recorded/system-root")
	if err != nil {
		t.Fatal(err)
	}
	inv := ecotest.Installed(t, Ecosystem{System: os.DirFS(sys)}, root, ecosystems.Env{})
	var got []string
	for _, p := range inv.Packages {
		got = append(got, p.Name+" "+p.Version)
	}
	want := []string{"ZLIB 1:1.2.13.dfsg-1", "jq 1.6-2.1+deb12u1", "nlohmann_json 3.11.2-2", "onig 6.9.8-1"}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("Packages (-want +got):\n%s", diff)
	}
	// Without dependency records, any read of a header is compile-time use.
	if _, use, _ := inv.Index.Lookup("/usr/include/zlib.h"); use != ecosystems.UseCompile {
		t.Errorf("zlib.h use = %q, want compile", use)
	}
}

// TestInstalledNothingKnown: without a CMake cache and without dpkg, what
// is installed is unknown (not empty, which would make every declaration
// "not installed").
func TestInstalledNothingKnown(t *testing.T) {
	root := t.TempDir()
	os.WriteFile(filepath.Join(root, "CMakeLists.txt"), []byte("project(x)\nfind_package(ZLIB REQUIRED)\n"), 0o644)
	inv := ecotest.Installed(t, Ecosystem{System: os.DirFS(t.TempDir())}, root, ecosystems.Env{})
	if !inv.Unknown || len(inv.Packages) != 0 || len(inv.Warnings) != 2 {
		t.Errorf("inventory = %+v, want Unknown with two warnings", inv)
	}
}
