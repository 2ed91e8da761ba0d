package ecosystems

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

func TestPathIndexLookup(t *testing.T) {
	x := NewPathIndex()
	x.AddDir("/p/node_modules/a", "a", UseRuntime)
	x.AddDir("/p/node_modules/a/node_modules/b", "b", UseRuntime)
	x.AddFile("/p/node_modules/a/package.json", "a", UseNone)
	x.AddFile("/lib/x86_64-linux-gnu/libz.so.1", "zlib1g", UseRuntime)
	x.AddDir("/usr/lib/python3/dist-packages/yaml/", "pyyaml", UseRuntime)
	tests := []struct {
		name, path, pkg string
		use             Use
		ok              bool
	}{
		{"dir", "/p/node_modules/a/index.js", "a", UseRuntime, true},
		{"nested", "/p/node_modules/a/node_modules/b/lib/x.js", "b", UseRuntime, true},
		{"nestedDirItself", "/p/node_modules/a/node_modules/b", "b", UseRuntime, true},
		{"exactBeatsDir", "/p/node_modules/a/package.json", "a", UseNone, true},
		{"siblingPrefix", "/p/node_modules/ab/index.js", "", "", false},
		{"mergedUsr", "/usr/lib/x86_64-linux-gnu/libz.so.1", "zlib1g", UseRuntime, true},
		{"dotdot", "/usr/lib/python3/dist-packages/yaml/../yaml/__init__.py", "pyyaml", UseRuntime, true},
		{"outside", "/etc/passwd", "", "", false},
		{"empty", "", "", "", false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			pkg, use, ok := x.Lookup(tt.path)
			if pkg != tt.pkg || use != tt.use || ok != tt.ok {
				t.Errorf("Lookup(%q) = %q, %q, %v; want %q, %q, %v", tt.path, pkg, use, ok, tt.pkg, tt.use, tt.ok)
			}
		})
	}
}

func TestCanon(t *testing.T) {
	for in, want := range map[string]string{
		"/lib64/ld-linux-x86-64.so.2": "/usr/lib64/ld-linux-x86-64.so.2",
		"/bin/sh":                     "/usr/bin/sh",
		"/library/x":                  "/library/x",
		"/lib":                        "/usr/lib",
		"/a//b/./c/../d":              "/a/b/d",
		"/":                           "/",
		"/a/":                         "/a",
		"/lib/.":                      "/usr/lib",
		"/./lib/x":                    "/usr/lib/x",
		"/..":                         "/",
		"a/../b":                      "b",
	} {
		if got := Canon(in); got != want {
			t.Errorf("Canon(%q) = %q, want %q", in, got, want)
		}
	}
}

// FuzzCanon: Canon's shortcut for clean paths gives what cleaning every
// path gave.
func FuzzCanon(f *testing.F) {
	for _, p := range []string{"/", "/lib", "/lib64/x", "/a//b", "/a/./b", "/a/../lib/c", "//", "/.", "x/y", ""} {
		f.Add(p)
	}
	f.Fuzz(func(t *testing.T, p string) {
		want := ""
		if p != "" {
			want = filepath.ToSlash(filepath.Clean(p))
			for _, d := range mergedUsr {
				if want == d || strings.HasPrefix(want, d+"/") {
					want = "/usr" + want
					break
				}
			}
		}
		if got := Canon(p); got != want {
			t.Errorf("Canon(%q) = %q, want %q", p, got, want)
		}
	})
}

func TestPathIndexEach(t *testing.T) {
	x := NewPathIndex()
	x.AddDir("/p/node_modules/a/", "a", UseRuntime)
	x.AddFile("/lib/x86_64-linux-gnu/libz.so.1", "zlib1g", UseRuntime)
	got := map[string]bool{}
	x.Each(func(path string, dir bool) { got[path] = dir })
	want := map[string]bool{"/p/node_modules/a": true, "/usr/lib/x86_64-linux-gnu/libz.so.1": false}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("entries (-want +got):\n%s", diff)
	}
}
