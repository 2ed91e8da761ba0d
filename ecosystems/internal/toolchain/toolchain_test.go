package toolchain

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/envaudit/envaudit/ecosystems"
	"github.com/envaudit/envaudit/internal/dpkg"
	"github.com/google/go-cmp/cmp"
)

// machine is a small machine: a dpkg database and the files it lists.
// Each package owns files; a file's content is ELF when it has a soname
// or needs a library (built with the C compiler), else the text given.
type machine struct {
	packages []pkg
}

type pkg struct {
	name, priority string
	files          []file
}

type file struct {
	path   string
	soname string   // DT_SONAME of a shared object built for it
	needed []string // paths of the built objects it links against (DT_NEEDED)
	text   string   // the content of a file that is not built
}

// build writes the machine under a temporary root, building the ELF
// objects with cc, and returns the root.
func (m machine) build(t *testing.T) string {
	t.Helper()
	cc, err := exec.LookPath("cc")
	if err != nil {
		t.Fatalf("no C compiler to build the test's objects: %v", err)
	}
	root := t.TempDir()
	write := func(p, data string) {
		t.Helper()
		full := filepath.Join(root, filepath.FromSlash(p))
		if err := os.MkdirAll(filepath.Dir(full), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(full, []byte(data), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write("etc/os-release", "ID=debian\nVERSION_ID=\"12\"\n")
	write("var/lib/dpkg/arch", "amd64\n")
	var status strings.Builder
	empty := filepath.Join(t.TempDir(), "empty.c")
	if err := os.WriteFile(empty, []byte("int f(void) { return 0; }\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, p := range m.packages {
		status.WriteString("Package: " + p.name + "\nStatus: install ok installed\nPriority: " + p.priority +
			"\nArchitecture: amd64\nVersion: 1.0-1\n\n")
		list := "/.\n"
		for _, f := range p.files {
			list += f.path + "\n"
			if f.soname == "" && len(f.needed) == 0 {
				write(f.path, f.text)
				continue
			}
			out := filepath.Join(root, filepath.FromSlash(f.path))
			if err := os.MkdirAll(filepath.Dir(out), 0o755); err != nil {
				t.Fatal(err)
			}
			args := []string{"-shared", "-nostdlib", "-o", out, empty, "-Wl,--no-as-needed"}
			if f.soname != "" {
				args = append(args, "-Wl,-soname,"+f.soname)
			}
			for _, n := range f.needed {
				args = append(args, filepath.Join(root, filepath.FromSlash(n)))
			}
			if b, err := exec.Command(cc, args...).CombinedOutput(); err != nil {
				t.Fatalf("cc %v: %v\n%s", args, err, b)
			}
		}
		write("var/lib/dpkg/info/"+p.name+".list", list)
	}
	write("var/lib/dpkg/status", status.String())
	return root
}

// TestLoads judges recorded processes on a small machine: the linker's
// plugin and the libraries it needs, the C library's linker script read by
// a linker outside dpkg, libnuma opened by name by the JVM and by the
// base's procps, against a library Python's ctypes loads for the project
// and one a program of the project needs.
func TestLoads(t *testing.T) {
	m := machine{packages: []pkg{
		{name: "libc6", priority: "required", files: []file{{path: "/usr/lib/x86_64-linux-gnu/libc.so.6", soname: "libc.so.6"}}},
		{name: "procps", priority: "important", files: []file{{path: "/usr/bin/ps", text: "ps"}}},
		{name: "libproc2-0", priority: "important", files: []file{{path: "/usr/lib/x86_64-linux-gnu/libproc2.so.0", text: "x\x00libnuma.so\x00libnuma.so.1\x00y"}}},
		{name: "binutils", priority: "optional", files: []file{{path: "/usr/bin/ld.bfd", text: "ld"}}},
		{name: "libllvm14", priority: "optional", files: []file{{path: "/usr/lib/llvm-14/lib/libLLVM-14.so.1", soname: "libLLVM-14.so.1"}}},
		{name: "llvm-14-linker-tools", priority: "optional", files: []file{{path: "/usr/lib/llvm-14/lib/LLVMgold.so", needed: []string{"/usr/lib/llvm-14/lib/libLLVM-14.so.1"}}}},
		{name: "libc6-dev", priority: "optional", files: []file{{path: "/usr/lib/x86_64-linux-gnu/libc.so", text: "/* GNU ld script */\nGROUP ( libc.so.6 )\n"}}},
		{name: "openjdk-17-jre-headless", priority: "optional", files: []file{
			{path: "/usr/lib/jvm/java-17/bin/java", text: "java"},
			{path: "/usr/lib/jvm/java-17/lib/server/libjvm.so", text: "\x00/usr/lib/libnuma.so.1\x00"},
		}},
		{name: "libnuma1", priority: "optional", files: []file{{path: "/usr/lib/x86_64-linux-gnu/libnuma.so.1", soname: "libnuma.so.1"}}},
		{name: "python3.11-minimal", priority: "optional", files: []file{{path: "/usr/bin/python3.11", text: "python\x00libc.so.6\x00"}}},
		{name: "libmagic1", priority: "optional", files: []file{{path: "/usr/lib/x86_64-linux-gnu/libmagic.so.1", soname: "libmagic.so.1"}}},
		{name: "libfoo1", priority: "optional", files: []file{{path: "/usr/lib/x86_64-linux-gnu/libfoo.so.1", soname: "libfoo.so.1"}}},
	}}
	root := m.build(t)
	// The project's test program needs libfoo.so.1.
	prog := filepath.Join(root, "proj", "test")
	if err := os.MkdirAll(filepath.Dir(prog), 0o755); err != nil {
		t.Fatal(err)
	}
	empty := filepath.Join(root, "proj", "main.c")
	if err := os.WriteFile(empty, []byte("int f(void) { return 0; }\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if b, err := exec.Command("cc", "-shared", "-nostdlib", "-o", prog, empty, "-Wl,--no-as-needed", filepath.Join(root, "usr/lib/x86_64-linux-gnu/libfoo.so.1")).CombinedOutput(); err != nil {
		t.Fatalf("cc: %v\n%s", err, b)
	}
	sys := os.DirFS(root)
	db, err := dpkg.Open(sys)
	if err != nil {
		t.Fatal(err)
	}
	const (
		ld     = "/usr/bin/ld.bfd"
		gold   = "/usr/lib/llvm-14/lib/LLVMgold.so"
		llvm   = "/usr/lib/llvm-14/lib/libLLVM-14.so.1"
		libc   = "/usr/lib/x86_64-linux-gnu/libc.so.6"
		script = "/usr/lib/x86_64-linux-gnu/libc.so"
		java   = "/usr/lib/jvm/java-17/bin/java"
		jvm    = "/usr/lib/jvm/java-17/lib/server/libjvm.so"
		numa   = "/usr/lib/x86_64-linux-gnu/libnuma.so.1"
		python = "/usr/bin/python3.11"
		magic  = "/usr/lib/x86_64-linux-gnu/libmagic.so.1"
		foo    = "/usr/lib/x86_64-linux-gnu/libfoo.so.1"
	)
	tests := []struct {
		name  string
		procs []ecosystems.Process
		want  map[string]string // package and object → why, or "project"
	}{
		{
			name:  "linkerPlugin",
			procs: []ecosystems.Process{{Exe: ld, Files: []string{gold, llvm, libc}}},
			want: map[string]string{
				"binutils " + ld:               "toolchain: loaded only by binutils's " + ld,
				"llvm-14-linker-tools " + gold: "toolchain: loaded only by binutils's " + ld,
				"libllvm14 " + llvm:            "toolchain: only llvm-14-linker-tools's " + gold + " needs libLLVM-14.so.1 (DT_NEEDED), in ld.bfd",
			},
		},
		{
			name:  "rustupLinker",
			procs: []ecosystems.Process{{Exe: "/home/u/.rustup/toolchains/stable/lib/rustlib/x86_64-unknown-linux-gnu/bin/rust-lld", Files: []string{script, libc}}},
			want: map[string]string{
				"libc6-dev " + script: "toolchain: loaded only by /home/u/.rustup/toolchains/stable/lib/rustlib/x86_64-unknown-linux-gnu/bin/rust-lld",
			},
		},
		{
			name:  "jvmOpensNuma",
			procs: []ecosystems.Process{{Exe: java, Files: []string{jvm, numa}}},
			want: map[string]string{
				"openjdk-17-jre-headless " + java: "toolchain: loaded only by openjdk-17-jre-headless's " + java,
				"openjdk-17-jre-headless " + jvm:  "toolchain: loaded only by openjdk-17-jre-headless's " + java,
				"libnuma1 " + numa:                "toolchain: openjdk-17-jre-headless's " + jvm + " names libnuma.so.1 and opens it itself (dlopen), in java",
			},
		},
		{
			name:  "baseOpensNuma",
			procs: []ecosystems.Process{{Exe: "/usr/bin/ps", Files: []string{"/usr/lib/x86_64-linux-gnu/libproc2.so.0", numa}}},
			want: map[string]string{
				"libnuma1 " + numa: "distribution base: libproc2-0's /usr/lib/x86_64-linux-gnu/libproc2.so.0 names libnuma.so.1 and opens it itself (dlopen), in ps",
			},
		},
		{
			// ctypes: nothing the interpreter has names libmagic.
			name:  "interpreterDlopen",
			procs: []ecosystems.Process{{Exe: python, Files: []string{magic}}},
			want: map[string]string{
				"python3.11-minimal " + python: "toolchain: loaded only by python3.11-minimal's " + python,
				"libmagic1 " + magic:           "project",
			},
		},
		{
			name:  "projectProgram",
			procs: []ecosystems.Process{{Exe: "/proj/test", Files: []string{foo}}},
			want:  map[string]string{"libfoo1 " + foo: "project"},
		},
		{
			// A library the project needs in one process is the
			// project's, whatever the toolchain does with it elsewhere.
			name: "projectAndTool",
			procs: []ecosystems.Process{
				{Exe: ld, Files: []string{foo}},
				{Exe: "/proj/test", Files: []string{foo}},
			},
			want: map[string]string{
				"binutils " + ld: "toolchain: loaded only by binutils's " + ld,
				"libfoo1 " + foo: "project",
			},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			a := &Analysis{Sys: sys, DB: db, Base: db.Base()}
			got := map[string]string{}
			for _, l := range a.Loads(tt.procs) {
				v := "project"
				if l.Tool {
					v = l.Why
				}
				got[l.Package.Name+" "+l.Object] = v
			}
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("loads (-want +got):\n%s", diff)
			}
		})
	}
}

// TestLibraryNames checks which strings of an object count as library
// names: whole NUL-terminated strings, optionally with a directory, never
// part of a longer word or a string too long to be a name.
func TestLibraryNames(t *testing.T) {
	long := strings.Repeat("a", maxName+10) + ".so.1"
	data := "libfoo.so.1\x00xlibbar.so.2x\x00/usr/lib/libbaz.so\x00" + long + "\x00libqux.so.3"
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "obj"), []byte(data), 0o644); err != nil {
		t.Fatal(err)
	}
	got := libraryNames(os.DirFS(dir), "/obj")
	want := map[string]bool{"libfoo.so.1": true, "libbaz.so": true, "libqux.so.3": true}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("libraryNames (-want +got):\n%s", diff)
	}
}
