package cmake

import (
	"bytes"
	"encoding/binary"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/envaudit/envaudit/ecosystems"
	"github.com/envaudit/envaudit/ecosystems/internal/ecotest"
	"github.com/google/go-cmp/cmp"
)

func TestMakeDeps(t *testing.T) {
	src := "# CMAKE generated file: DO NOT EDIT!\n" +
		"CMakeFiles/app.dir/main.cpp.o: /src/main.cpp \\\n /usr/include/a\\ b.h /usr/include/sqlite3.h \\\r\n  rel/x.h $$HOME/y.h\n" +
		"/usr/include/sqlite3.h:\n" +
		"C:/x.o: C:/src/w.h\n"
	want := []string{"/src/main.cpp", "/usr/include/a b.h", "/usr/include/sqlite3.h", "rel/x.h", "$HOME/y.h", "C:/src/w.h"}
	if diff := cmp.Diff(want, makeDeps(src)); diff != "" {
		t.Errorf("makeDeps (-want +got):\n%s", diff)
	}
}

// ninjaLog writes a deps log in Ninja's format (version 4).
func ninjaLog(t *testing.T, paths []string, deps map[int][]int) string {
	t.Helper()
	var b bytes.Buffer
	b.WriteString("# ninjadeps\n")
	binary.Write(&b, binary.LittleEndian, uint32(4))
	for i, p := range paths {
		data := []byte(p)
		for len(data)%4 != 0 {
			data = append(data, 0)
		}
		binary.Write(&b, binary.LittleEndian, uint32(len(data)+4))
		b.Write(data)
		binary.Write(&b, binary.LittleEndian, ^uint32(i))
	}
	outs := make([]int, 0, len(deps))
	for o := range deps {
		outs = append(outs, o)
	}
	sort.Ints(outs)
	for _, o := range outs {
		ins := deps[o]
		binary.Write(&b, binary.LittleEndian, uint32(4+8+4*len(ins))|0x80000000)
		binary.Write(&b, binary.LittleEndian, int32(o))
		binary.Write(&b, binary.LittleEndian, uint64(12345))
		for _, in := range ins {
			binary.Write(&b, binary.LittleEndian, int32(in))
		}
	}
	b.Write([]byte{1, 2}) // a truncated record, as a killed Ninja leaves
	f := filepath.Join(t.TempDir(), ".ninja_deps")
	if err := os.WriteFile(f, b.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	return f
}

func TestReadNinjaDeps(t *testing.T) {
	f := ninjaLog(t, []string{"CMakeFiles/app.dir/main.cpp.o", "../src/main.cpp", "/usr/include/sqlite3.h", "/usr/include/nlohmann/json.hpp"},
		map[int][]int{0: {1, 2, 3}})
	got, ok := readNinjaDeps(f)
	if !ok {
		t.Fatal("readNinjaDeps: not a deps log")
	}
	sort.Strings(got)
	if diff := cmp.Diff([]string{"../src/main.cpp", "/usr/include/nlohmann/json.hpp", "/usr/include/sqlite3.h"}, got); diff != "" {
		t.Errorf("readNinjaDeps (-want +got):\n%s", diff)
	}
	bad := filepath.Join(t.TempDir(), ".ninja_deps")
	os.WriteFile(bad, []byte("# ninjalog v5\n"), 0o644)
	if _, ok := readNinjaDeps(bad); ok {
		t.Errorf("readNinjaDeps accepted a file without the signature")
	}

	// A Ninja build directory: compiled() finds the log and resolves its
	// relative paths against the build directory.
	dir := filepath.Dir(f)
	os.WriteFile(filepath.Join(dir, "CMakeCache.txt"), []byte("CMAKE_HOME_DIRECTORY:INTERNAL=/x\n"), 0o644)
	c, err := readCache(dir)
	if err != nil {
		t.Fatal(err)
	}
	files, found := compiled([]*cache{c})
	if !found || !files["/usr/include/sqlite3.h"] || !files[filepath.Join(filepath.Dir(dir), "src/main.cpp")] {
		t.Errorf("compiled = %v, %v", files, found)
	}
}

func TestReadCache(t *testing.T) {
	dir := t.TempDir()
	src := "// comment\n# comment\nA:PATH=/usr/include\n\"B C:D\":STRING=quoted key\nNOTYPE=v\nEMPTY:STRING=\nbroken line\nX:INTERNAL=a=b\n"
	os.WriteFile(filepath.Join(dir, "CMakeCache.txt"), []byte(src), 0o644)
	c, err := readCache(dir)
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]string{"A": "/usr/include", "B C:D": "quoted key", "NOTYPE": "v", "EMPTY": "", "X": "a=b"}
	if diff := cmp.Diff(want, c.entries); diff != "" {
		t.Errorf("entries (-want +got):\n%s", diff)
	}
	if c.types["A"] != "PATH" || c.types["NOTYPE"] != "" {
		t.Errorf("types = %v", c.types)
	}
}

func TestLinkNameOfFile(t *testing.T) {
	for in, want := range map[string]string{
		"libz.so": "z", "libz.so.1.2.13": "z", "libstdc++.so.6": "stdc++", "libfoo.a": "foo",
		"libldap-2.5.so.0": "ldap-2.5", "z.so": "", "libx.sox": "", "libfoo.txt": "",
	} {
		got, ok := linkNameOfFile(in)
		if got != want || ok != (want != "") {
			t.Errorf("linkNameOfFile(%q) = %q, %v; want %q", in, got, ok, want)
		}
	}
}

func TestGenericPURL(t *testing.T) {
	for _, tt := range []struct{ name, version, url, want string }{
		{"fmt", "10.2.1", "https://github.com/fmtlib/fmt.git", "pkg:generic/fmt@10.2.1?vcs_url=git%2Bhttps:%2F%2Fgithub.com%2Ffmtlib%2Ffmt.git%4010.2.1"},
		{"spdlog", "1.12.0", "gh:gabime/spdlog", "pkg:generic/spdlog@1.12.0?vcs_url=git%2Bhttps:%2F%2Fgithub.com%2Fgabime%2Fspdlog%401.12.0"},
		{"nlohmann_json", "", "https://github.com/nlohmann/json/releases/download/v3.11.3/json.tar.xz",
			"pkg:generic/nlohmann_json?download_url=https:%2F%2Fgithub.com%2Fnlohmann%2Fjson%2Freleases%2Fdownload%2Fv3.11.3%2Fjson.tar.xz"},
		{"local", "", "", "pkg:generic/local"},
	} {
		if got := genericPURL(tt.name, tt.version, tt.url); got != tt.want {
			t.Errorf("genericPURL(%q, %q, %q) = %q, want %q", tt.name, tt.version, tt.url, got, tt.want)
		}
	}
}

// TestLoaderClosure resolves the libraries of real programs as ld.so
// does, and checks them against what the loader reports (ldd).
func TestLoaderClosure(t *testing.T) {
	ecotest.Require(t, ecotest.Prereqs{Files: []string{"/usr/bin/jq", "/usr/bin/cmake"}})
	for _, exe := range []string{"/usr/bin/jq", "/usr/bin/cmake"} {
		real, err := filepath.EvalSymlinks(exe)
		if err != nil {
			t.Fatalf("%s: %v (run `make setup`)", exe, err)
		}
		got := newLoader(os.DirFS("/"), nil).closure(real)
		for p := range got {
			if strings.Contains(filepath.Base(p), "ld-linux") {
				delete(got, p) // ldd names the loader as the interpreter, not as a library
			}
		}
		want := lddLibraries(t, real)
		if diff := cmp.Diff(want, got); diff != "" {
			t.Errorf("closure(%s) vs ldd (-ldd +closure):\n%s", exe, diff)
		}
	}
	if got := newLoader(os.DirFS("/"), nil).closure("/etc/os-release"); len(got) != 0 {
		t.Errorf("closure of a text file = %v", got)
	}
}

// copyFile copies a file, keeping it executable.
func copyFile(t *testing.T, from, to string) {
	t.Helper()
	b, err := os.ReadFile(from)
	if err != nil {
		t.Fatalf("%v (run `make setup`)", err)
	}
	ecotest.WriteFile(t, to, b, 0o755)
}

// TestToolAndProjectLoads checks whose loads count: a program of the
// project (under its root) makes its libraries runtime use; the same
// libraries loaded by a packaged program (jq) or by a program installed
// outside the project (a tool cache), or needed by the modules such a
// program may load, are no use.
func TestToolAndProjectLoads(t *testing.T) {
	ecotest.Require(t, ecotest.Prereqs{Files: []string{"/usr/bin/jq", "/usr/lib/x86_64-linux-gnu/libjq.so.1", "/usr/lib/x86_64-linux-gnu/libonig.so.5"}})
	libjq, err := filepath.EvalSymlinks("/usr/lib/x86_64-linux-gnu/libjq.so.1")
	if err != nil {
		t.Fatalf("%v (run `make setup`)", err)
	}
	libonig, err := filepath.EvalSymlinks("/usr/lib/x86_64-linux-gnu/libonig.so.5")
	if err != nil {
		t.Fatalf("%v (run `make setup`)", err)
	}
	root := t.TempDir()
	ecotest.WriteFile(t, filepath.Join(root, "CMakeLists.txt"), []byte("project(app C)\n"), 0o644)
	copyFile(t, "/usr/bin/jq", filepath.Join(root, "build", "app"))
	cache := t.TempDir()
	copyFile(t, "/usr/bin/true", filepath.Join(cache, "tool", "1.0", "bin", "tool"))
	copyFile(t, libjq, filepath.Join(cache, "tool", "1.0", "lib", "modules", "mod.so"))

	tests := []struct {
		name string
		exes []string
		jq   ecosystems.Use
		onig ecosystems.Use
	}{
		{"project-program", []string{filepath.Join(root, "build", "app")}, ecosystems.UseRuntime, ecosystems.UseRuntime},
		{"packaged-tool", []string{"/usr/bin/jq"}, ecosystems.UseNone, ecosystems.UseNone},
		{"both", []string{"/usr/bin/jq", filepath.Join(root, "build", "app")}, ecosystems.UseRuntime, ecosystems.UseRuntime},
		// The tool-cache program needs only libc, but a module under its
		// prefix needs libonig; libjq itself nothing explains, so a load of
		// it would be the project's dlopen.
		{"tool-cache", []string{filepath.Join(cache, "tool", "1.0", "bin", "tool")}, ecosystems.UseRuntime, ecosystems.UseNone},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			inv := ecotest.Installed(t, New(), root, ecosystems.Env{Executables: tt.exes})
			for _, c := range []struct {
				file, pkg string
				want      ecosystems.Use
			}{{libjq, "jq", tt.jq}, {libonig, "onig", tt.onig}} {
				pkg, use, ok := inv.Index.Lookup(c.file)
				if !ok || pkg != c.pkg || use != c.want {
					t.Errorf("Lookup(%s) = %q %q %v, want %q %q", c.file, pkg, use, ok, c.pkg, c.want)
				}
			}
		})
	}
}
