package cmake

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/envaudit/envaudit/ecosystems"
	"github.com/envaudit/envaudit/ecosystems/internal/ecotest"
	"github.com/google/go-cmp/cmp"
)

// TestToolchainLoads audits recorded processes on a small machine: ld
// dlopen()s the LLVMgold plugin, which needs libLLVM-14, while the
// project's test program needs libfoo. No package's dependencies explain
// the plugin's libraries, yet only the toolchain loaded them: they are no
// use of LLVM-14 (excluded, with the object that needed them), while foo's
// load by the project's program stays runtime use.
func TestToolchainLoads(t *testing.T) {
	const (
		ld   = "/usr/bin/ld.bfd"
		gold = "/usr/lib/llvm-14/lib/LLVMgold.so"
		llvm = "/usr/lib/llvm-14/lib/libLLVM-14.so.1"
		foo  = "/usr/lib/x86_64-linux-gnu/libfoo.so.1"
	)
	sys := ecotest.Machine{
		Packages: []ecotest.MachinePackage{
			{Name: "libc6", Priority: "required", Files: []ecotest.MachineFile{{Path: "/usr/lib/x86_64-linux-gnu/libc.so.6", Soname: "libc.so.6"}}},
			{Name: "binutils", Priority: "optional", Files: []ecotest.MachineFile{{Path: ld, Text: "ld"}}},
			{Name: "libllvm14", Priority: "optional", Files: []ecotest.MachineFile{{Path: llvm, Soname: "libLLVM-14.so.1"}}},
			{Name: "llvm-14-linker-tools", Priority: "optional", Files: []ecotest.MachineFile{{Path: gold, Needed: []string{llvm}}}},
			{Name: "libfoo1", Priority: "optional", Files: []ecotest.MachineFile{{Path: foo, Soname: "libfoo.so.1"}}},
		},
	}.Build(t)
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "CMakeLists.txt"), []byte("cmake_minimum_required(VERSION 3.13)\nproject(p C)\nadd_executable(t t.c)\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	prog := filepath.Join(dir, "build", "t")
	env := ecosystems.Env{
		Executables: []string{ld, prog},
		Processes: []ecosystems.Process{
			{Exe: ld, Files: []string{gold, llvm}},
			{Exe: prog, Files: []string{foo}},
		},
	}
	inv := ecotest.Installed(t, Ecosystem{System: os.DirFS(sys)}, dir, env)
	var excluded []ecosystems.Excluded
	for _, x := range inv.Excluded {
		if strings.HasPrefix(x.Why, "toolchain: ") {
			excluded = append(excluded, x)
		}
	}
	want := []ecosystems.Excluded{
		{Name: "LLVM-14", Why: "toolchain: only llvm-14-linker-tools's " + gold + " needs libLLVM-14.so.1 (DT_NEEDED), in ld.bfd"},
		{Name: "llvm-14-linker-tools", Why: "toolchain: loaded only by binutils's " + ld},
	}
	if diff := cmp.Diff(want, excluded); diff != "" {
		t.Errorf("Excluded (-want +got):\n%s", diff)
	}
	for _, l := range []struct{ path, want string }{
		{llvm, "LLVM-14 none"},
		{foo, "foo runtime"},
	} {
		if got := ecotest.Owner(inv.Index, l.path); got != l.want {
			t.Errorf("Lookup(%q) = %q, want %q", l.path, got, l.want)
		}
	}
}
