package toolchain

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/envaudit/envaudit/ecosystems"
	"github.com/envaudit/envaudit/ecosystems/internal/dpkg"
	"github.com/envaudit/envaudit/ecosystems/internal/ecotest"
	"github.com/envaudit/envaudit/ecosystems/internal/solib"
	"github.com/google/go-cmp/cmp"
)

// TestLoads judges recorded processes on a small machine: the linker's
// plugin and the libraries it needs, the C library's linker script read by
// a linker outside dpkg, libnuma opened by name by the JVM and by the
// base's procps, against a library Python's ctypes loads for the project
// and one a program of the project needs.
func TestLoads(t *testing.T) {
	root := ecotest.Machine{
		Packages: []ecotest.MachinePackage{
			{Name: "libc6", Priority: "required", Files: []ecotest.MachineFile{{Path: "/usr/lib/x86_64-linux-gnu/libc.so.6", Soname: "libc.so.6"}}},
			{Name: "procps", Priority: "important", Files: []ecotest.MachineFile{{Path: "/usr/bin/ps", Text: "ps"}}},
			{Name: "libproc2-0", Priority: "important", Files: []ecotest.MachineFile{{Path: "/usr/lib/x86_64-linux-gnu/libproc2.so.0", Text: "x\x00libnuma.so\x00libnuma.so.1\x00y"}}},
			{Name: "binutils", Priority: "optional", Files: []ecotest.MachineFile{{Path: "/usr/bin/ld.bfd", Text: "ld"}}},
			{Name: "libbsd0", Priority: "important", Files: []ecotest.MachineFile{{Path: "/usr/lib/x86_64-linux-gnu/libbsd.so.0", Soname: "libbsd.so.0"}}},
			{Name: "libllvm14", Priority: "optional", Files: []ecotest.MachineFile{{Path: "/usr/lib/llvm-14/lib/libLLVM-14.so.1", Soname: "libLLVM-14.so.1", Needed: []string{"/usr/lib/x86_64-linux-gnu/libbsd.so.0"}}}},
			{Name: "llvm-14-linker-tools", Priority: "optional", Files: []ecotest.MachineFile{{Path: "/usr/lib/llvm-14/lib/LLVMgold.so", Needed: []string{"/usr/lib/llvm-14/lib/libLLVM-14.so.1"}}}},
			{Name: "libc6-dev", Priority: "optional", Files: []ecotest.MachineFile{{Path: "/usr/lib/x86_64-linux-gnu/libc.so", Text: "/* GNU ld script */\nGROUP ( libc.so.6 )\n"}}},
			{Name: "openjdk-17-jre-headless", Priority: "optional", Files: []ecotest.MachineFile{
				{Path: "/usr/lib/jvm/java-17/bin/java", Text: "java"},
				{Path: "/usr/lib/jvm/java-17/lib/server/libjvm.so", Text: "\x00/usr/lib/libnuma.so.1\x00"},
			}},
			{Name: "libnuma1", Priority: "optional", Files: []ecotest.MachineFile{{Path: "/usr/lib/x86_64-linux-gnu/libnuma.so.1", Soname: "libnuma.so.1"}}},
			{Name: "python3.11-minimal", Priority: "optional", Files: []ecotest.MachineFile{{Path: "/usr/bin/python3.11", Text: "python\x00libc.so.6\x00"}}},
			{Name: "libmagic1", Priority: "optional", Files: []ecotest.MachineFile{{Path: "/usr/lib/x86_64-linux-gnu/libmagic.so.1", Soname: "libmagic.so.1"}}},
			{Name: "libfoo1", Priority: "optional", Files: []ecotest.MachineFile{{Path: "/usr/lib/x86_64-linux-gnu/libfoo.so.1", Soname: "libfoo.so.1"}}},
		},
		// The project's test program needs libfoo.so.1.
		Unowned: []ecotest.MachineFile{{Path: "/proj/test", Needed: []string{"/usr/lib/x86_64-linux-gnu/libfoo.so.1"}}},
	}.Build(t)
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
		bsd    = "/usr/lib/x86_64-linux-gnu/libbsd.so.0"
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
			procs: []ecosystems.Process{{Exe: ld, Files: []string{gold, llvm, bsd, libc}}},
			want: map[string]string{
				"(base) libc6 " + libc:         "toolchain: loaded only by binutils's " + ld,
				"(base) libbsd0 " + bsd:        "toolchain: only libllvm14's " + llvm + " needs libbsd.so.0 (DT_NEEDED), in ld.bfd",
				"binutils " + ld:               "toolchain: loaded only by binutils's " + ld,
				"llvm-14-linker-tools " + gold: "toolchain: loaded only by binutils's " + ld,
				"libllvm14 " + llvm:            "toolchain: only llvm-14-linker-tools's " + gold + " needs libLLVM-14.so.1 (DT_NEEDED), in ld.bfd",
			},
		},
		{
			name:  "rustupLinker",
			procs: []ecosystems.Process{{Exe: "/home/u/.rustup/toolchains/stable/lib/rustlib/x86_64-unknown-linux-gnu/bin/rust-lld", Files: []string{script, libc}}},
			want: map[string]string{
				"(base) libc6 " + libc: "toolchain: loaded only by /home/u/.rustup/toolchains/stable/lib/rustlib/x86_64-unknown-linux-gnu/bin/rust-lld",
				"libc6-dev " + script:  "toolchain: loaded only by /home/u/.rustup/toolchains/stable/lib/rustlib/x86_64-unknown-linux-gnu/bin/rust-lld",
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
				"(base) procps /usr/bin/ps":                                 "project",
				"(base) libproc2-0 /usr/lib/x86_64-linux-gnu/libproc2.so.0": "project",
				"libnuma1 " + numa:                                          "distribution base: libproc2-0's /usr/lib/x86_64-linux-gnu/libproc2.so.0 names libnuma.so.1 and opens it itself (dlopen), in ps",
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
				k := l.Package.Name + " " + l.Object
				if l.Base {
					k = "(base) " + k
				}
				got[k] = v
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

// FuzzLibraryNames checks that libraryNames never panics on any object
// and returns only shared-object names no longer than maxName.
func FuzzLibraryNames(f *testing.F) {
	for _, s := range []string{"libfoo.so.1\x00", "\x00/usr/lib/libbar.so\x00", ".so", "a.so.1.so\x00.so", ""} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		for name := range libraryNames(fstest.MapFS{"obj": {Data: data}}, "/obj") {
			if len(name) > maxName || !solib.IsSharedObject(name) || strings.Contains(name, "/") {
				t.Fatalf("library name %q", name)
			}
		}
	})
}
