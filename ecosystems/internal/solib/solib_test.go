package solib

import (
	"io/fs"
	"os"
	"slices"
	"strings"
	"testing"
	"testing/fstest"
)

func TestIsSharedObject(t *testing.T) {
	for p, want := range map[string]bool{
		"/usr/lib/x86_64-linux-gnu/libz.so": true, "/usr/lib/x86_64-linux-gnu/libz.so.1.2.13": true,
		"libz.so.1": true, "libstdc++.so.6": true,
		"/usr/lib/python3/dist-packages/_yaml.cpython-311-x86_64-linux-gnu.so": true,
		"/usr/share/doc/x/README.so.txt":                                       false, "/usr/bin/jq": false, "/etc/ld.so.conf": false, "/usr/lib/.so": false,
		"libz.so.1a": false, "libz.a": false, "": false,
	} {
		if got := IsSharedObject(p); got != want {
			t.Errorf("IsSharedObject(%q) = %v, want %v", p, got, want)
		}
	}
}

func FuzzIsSharedObject(f *testing.F) {
	f.Add("/usr/lib/x86_64-linux-gnu/libz.so.1.2.13")
	f.Add("ld.so.conf")
	f.Add(".so")
	f.Fuzz(func(t *testing.T, p string) {
		// A path and its base name are the same file name.
		if i := strings.LastIndexByte(p, '/'); i >= 0 && i < len(p)-1 && IsSharedObject(p) != IsSharedObject(p[i+1:]) {
			t.Errorf("IsSharedObject(%q) differs from that of its base name", p)
		}
		if IsSharedObject(p) && !strings.Contains(p, ".so") {
			t.Errorf("IsSharedObject(%q) without .so", p)
		}
	})
}

func TestReadDynamic(t *testing.T) {
	root := os.DirFS("/")
	for _, tc := range []struct {
		name     string
		fsys     fs.FS
		file     string
		soname   string
		needLibc bool
	}{
		{name: "program", fsys: root, file: "bin/sh", needLibc: true},
		{name: "library", fsys: root, file: "lib/x86_64-linux-gnu/libz.so.1", soname: "libz.so.1", needLibc: true},
		{name: "linkerScript", fsys: fstest.MapFS{"libc.so": {Data: []byte("/* GNU ld script */\nGROUP ( libc.so.6 )\n")}}, file: "libc.so"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			d, err := ReadDynamic(tc.fsys, tc.file)
			if err != nil {
				t.Fatal(err)
			}
			if d.Soname != tc.soname {
				t.Errorf("Soname = %q, want %q", d.Soname, tc.soname)
			}
			if got := slices.Contains(d.Needed, "libc.so.6"); got != tc.needLibc {
				t.Errorf("Needed = %q: has libc.so.6 %v, want %v", d.Needed, got, tc.needLibc)
			}
		})
	}
}
