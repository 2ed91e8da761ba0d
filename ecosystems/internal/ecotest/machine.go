package ecotest

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// Machine is a small Debian machine for tests of what a traced run loaded:
// a dpkg database of Packages and the files they list, and Unowned files
// no package owns (a program the project built). A file is a real ELF
// shared object, built with the C compiler, when it has a soname or needs
// libraries; else it holds its Text (a linker script, a program's strings).
type Machine struct {
	Packages []MachinePackage
	Unowned  []MachineFile
}

// MachinePackage is one installed package of a Machine.
type MachinePackage struct {
	Name     string
	Priority string // "required" and "important" make it the distribution's base
	Files    []MachineFile
}

// MachineFile is one file of a Machine.
type MachineFile struct {
	Path   string   // absolute, as on the machine
	Soname string   // the DT_SONAME of the object built for it
	Needed []string // the paths of objects built before it that it needs (DT_NEEDED)
	Text   string   // the content of a file that is not built
}

// Build writes the machine under a temporary directory, building its
// objects in order, and returns that directory: the machine's "/".
func (m Machine) Build(t testing.TB) string {
	t.Helper()
	cc, err := exec.LookPath("cc")
	if err != nil {
		t.Fatalf("no C compiler to build the test machine's objects: %v", err)
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
	src := filepath.Join(t.TempDir(), "f.c")
	if err := os.WriteFile(src, []byte("int f(void) { return 0; }\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	create := func(f MachineFile) {
		t.Helper()
		if f.Soname == "" && len(f.Needed) == 0 {
			write(f.Path, f.Text)
			return
		}
		out := filepath.Join(root, filepath.FromSlash(f.Path))
		if err := os.MkdirAll(filepath.Dir(out), 0o755); err != nil {
			t.Fatal(err)
		}
		args := []string{"-shared", "-nostdlib", "-o", out, src, "-Wl,--no-as-needed"}
		if f.Soname != "" {
			args = append(args, "-Wl,-soname,"+f.Soname)
		}
		for _, n := range f.Needed {
			args = append(args, filepath.Join(root, filepath.FromSlash(n)))
		}
		if b, err := exec.Command(cc, args...).CombinedOutput(); err != nil {
			t.Fatalf("cc %v: %v\n%s", args, err, b)
		}
	}
	write("etc/os-release", "ID=debian\nVERSION_ID=\"12\"\n")
	write("var/lib/dpkg/arch", "amd64\n")
	var status strings.Builder
	for _, p := range m.Packages {
		status.WriteString("Package: " + p.Name + "\nStatus: install ok installed\nPriority: " + p.Priority +
			"\nArchitecture: amd64\nVersion: 1.0-1\n\n")
		list := "/.\n"
		for _, f := range p.Files {
			list += f.Path + "\n"
			create(f)
		}
		write("var/lib/dpkg/info/"+p.Name+".list", list)
	}
	write("var/lib/dpkg/status", status.String())
	for _, f := range m.Unowned {
		create(f)
	}
	return root
}
