package tracer

import (
	"io/fs"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

func TestCleanPath(t *testing.T) {
	tests := []struct{ in, want string }{
		{"/a/b", "/a/b"},
		{"/", "/"},
		{"//", "/"},
		{"/a//b/./c/", "/a/b/c"},
		{"/a/./.", "/a"},
		{"/a/b/../c", "/a/b/../c"},
		{"/./", "/"},
		{"rel/./x", "rel/./x"},
		{"", ""},
	}
	for _, tt := range tests {
		if got := cleanPath(tt.in); got != tt.want {
			t.Errorf("cleanPath(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

func TestInterner(t *testing.T) {
	in := newInterner()
	a := in.bytes([]byte("/usr/lib/x"))
	b := in.str("/usr/lib/x")
	c := in.str("/usr/lib/y")
	if a != b || a == c || in.get(a) != "/usr/lib/x" || in.get(c) != "/usr/lib/y" || in.len() != 2 {
		t.Errorf("ids %d %d %d, %d strings", a, b, c, in.len())
	}
	// Past growing the table and filling chunks, every string keeps its id.
	long := strings.Repeat("x", chunkSize+1)
	ids := map[string]uint32{}
	for i := range 5000 {
		s := "/p/" + strconv.Itoa(i)
		if i == 4000 {
			s = long
		}
		ids[s] = in.str(s)
	}
	for s, id := range ids {
		if got := in.str(s); got != id || in.get(id) != s {
			t.Fatalf("string %.20q: id %d then %d (%.20q)", s, id, got, in.get(id))
		}
	}
}

// symlinkTree makes DIR/real/{f,sub/g}, DIR/lib -> real, DIR/abs ->
// DIR/real/f, DIR/loop1 <-> DIR/loop2, DIR/dangling -> nowhere.
func symlinkTree(t *testing.T) string {
	t.Helper()
	dir, err := filepath.EvalSymlinks(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range []string{"real/f", "real/sub/g"} {
		p := filepath.Join(dir, f)
		os.MkdirAll(filepath.Dir(p), 0o755)
		if err := os.WriteFile(p, nil, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	for _, l := range [][2]string{
		{"lib", "real"}, {"abs", dir + "/real/f"}, {"loop1", "loop2"}, {"loop2", "loop1"},
		{"dangling", "nowhere/x"}, {"real/sub/up", "../.."}, {"chain", "lib/sub/up/abs"},
	} {
		if err := os.Symlink(l[1], filepath.Join(dir, l[0])); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

func TestResolver(t *testing.T) {
	dir := symlinkTree(t)
	tests := []struct {
		path string
		want resolved
	}{
		{"/real/f", resolved{real: "/real/f", exists: true}},
		{"/real", resolved{real: "/real", dir: true, exists: true}},
		{"/lib/f", resolved{real: "/real/f", exists: true}},
		{"/lib/sub/g", resolved{real: "/real/sub/g", exists: true}},
		{"/lib/sub/../f", resolved{real: "/real/f", exists: true}},
		{"/abs", resolved{real: "/real/f", exists: true}},
		{"/chain", resolved{real: "/real/f", exists: true}},
		{"/lib/sub/up/real/f", resolved{real: "/real/f", exists: true}},
		{"/lib/deleted/x", resolved{real: "/real/deleted/x"}},
		{"/dangling", resolved{real: "/nowhere/x"}},
		{"/loop1", resolved{}},
		{"/loop1/x", resolved{}},
	}
	r := newResolver()
	for _, tt := range tests {
		t.Run(strings.ReplaceAll(tt.path[1:], "/", "_"), func(t *testing.T) {
			got := r.resolve(dir + tt.path)
			want := tt.want
			if want.real != "" {
				want.real = dir + want.real
			}
			if diff := cmp.Diff(want, got, cmp.AllowUnexported(resolved{})); diff != "" {
				t.Errorf("resolve (-want +got):\n%s", diff)
			}
		})
	}
	for _, p := range []string{"/proc/self/exe", "/dev/stdout", "/sys/kernel", "relative/x", ""} {
		if got := r.resolve(p); got != (resolved{}) {
			t.Errorf("resolve(%q) = %+v, want nothing", p, got)
		}
	}
}

// TestResolverMemo checks that files in one directory cost one lstat each:
// the directories above them are resolved once.
func TestResolverMemo(t *testing.T) {
	dir := symlinkTree(t)
	for i := range 100 {
		os.WriteFile(filepath.Join(dir, "real", "sub", "m"+string(rune('a'+i%26))+string(rune('a'+i/26))), nil, 0o644)
	}
	r := newResolver()
	calls := 0
	r.lstat = func(p string) (fs.FileInfo, error) {
		calls++
		return os.Lstat(p)
	}
	r.resolve(dir + "/lib/sub/g")
	before := calls
	for i := range 100 {
		r.resolve(dir + "/lib/sub/m" + string(rune('a'+i%26)) + string(rune('a'+i/26)))
	}
	if got := calls - before; got != 100 {
		t.Errorf("%d lstat calls for 100 files in a known directory, want 100", got)
	}
}

func TestRecorderAccesses(t *testing.T) {
	t.Run("after-run", func(t *testing.T) { testRecorderAccesses(t, false) })
	t.Run("background", func(t *testing.T) { testRecorderAccesses(t, true) })
}

func testRecorderAccesses(t *testing.T, background bool) {
	dir := symlinkTree(t)
	r := newRecorder()
	if background {
		r.startResolver()
	}
	p1 := r.addProcess(Process{PID: 10, Exe: "/bin/x", Argv: []string{"x", "-v"}, Exec: true})
	p2 := r.addProcess(Process{PID: 11, Parent: p1, Exe: "/bin/x", Argv: []string{"x", "-v"}})
	r.add(p1, opRead, []byte(dir+"/lib/f"), nil)
	r.add(p1, opRead, []byte(dir+"//lib/./f"), nil)
	r.add(p1, opWrite, []byte(dir+"/real/f"), nil)
	r.add(p1, opRead, []byte(dir+"/real"), nil)  // a directory: dropped
	r.add(0, opRead, []byte(dir+"/real/f"), nil) // the helper: dropped
	r.add(p2, opExec, []byte(dir+"/abs"), nil)   // named by the process
	r.addString(p2, opExec, dir+"/real/f")       // /proc/PID/exe of the same file: dropped
	r.addString(p2, opExec, dir+"/real/sub/g")   // another file (the loader)
	r.addString(p2, opRead, "")                  // nothing
	got := r.accesses(newResolver())
	want := []Access{
		{Proc: p1, Op: OpRead, Path: dir + "/lib/f", Real: dir + "/real/f", Count: 2},
		{Proc: p1, Op: OpWrite, Path: dir + "/real/f", Count: 1},
		{Proc: p2, Op: OpExec, Path: dir + "/abs", Real: dir + "/real/f", Count: 1},
		{Proc: p2, Op: OpExec, Path: dir + "/real/sub/g", Count: 1},
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("accesses (-want +got):\n%s", diff)
	}
	if r.events != 7 {
		t.Errorf("events = %d, want 7", r.events)
	}
	if diff := cmp.Diff([]int{1, 2}, []int{r.procs[0].ID, r.procs[1].ID}); diff != "" {
		t.Errorf("record IDs (-want +got):\n%s", diff)
	}
}

func TestParseShebang(t *testing.T) {
	tests := []struct{ in, dir, want string }{
		{"#!/usr/bin/python3\nimport x", "", "/usr/bin/python3"},
		{"#! /bin/sh -e\n", "", "/bin/sh"},
		{"#!\t/usr/bin/env node\n", "", "/usr/bin/env"},
		{"#!/bin/bash\r\n", "", "/bin/bash"},
		{"#!interp\n", "/work", "/work/interp"},
		{"#!\n", "", ""},
		{"#!   \n", "", ""},
		{"\x7fELF", "", ""},
		{"# comment", "", ""},
		{"", "", ""},
		{"#!/bin/sh", "", "/bin/sh"},
	}
	for _, tt := range tests {
		if got := parseShebang([]byte(tt.in), tt.dir); got != tt.want {
			t.Errorf("parseShebang(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

func TestShebangFile(t *testing.T) {
	dir := t.TempDir()
	p := filepath.Join(dir, "s")
	long := "#!/x/" + strings.Repeat("y", 300) + "\n"
	for _, tt := range []struct{ content, want string }{
		{"#!/bin/sh\n", "/bin/sh"},
		{long, "/x/" + strings.Repeat("y", 251)}, // the kernel reads 256 bytes
	} {
		if err := os.WriteFile(p, []byte(tt.content), 0o755); err != nil {
			t.Fatal(err)
		}
		if got := shebang(p, dir); got != tt.want {
			t.Errorf("shebang of %q = %q, want %q", tt.content[:10], got, tt.want)
		}
	}
	if got := shebang(filepath.Join(dir, "missing"), dir); got != "" {
		t.Errorf("shebang of a missing file = %q", got)
	}
}

func TestELFInterp(t *testing.T) {
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	f, err := os.Open(exe)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	// The test binary itself: a Go binary may be static or dynamic; the
	// answer must be the loader path or "" and never garbage.
	if got := elfInterp(f); got != "" && !strings.HasPrefix(got, "/") {
		t.Errorf("elfInterp(test binary) = %q", got)
	}
	if f, err := os.Open("/usr/bin/true"); err == nil {
		if got := elfInterp(f); !strings.HasPrefix(got, "/") || !strings.Contains(got, "ld-") {
			t.Errorf("elfInterp(/usr/bin/true) = %q, want the dynamic loader", got)
		}
		f.Close()
	}
	if got := elfInterp(strings.NewReader("#!/bin/sh\n")); got != "" {
		t.Errorf("elfInterp(script) = %q, want \"\"", got)
	}
}

// FuzzCleanPath checks that cleanPath is idempotent, leaves no "//" or "."
// component in an absolute path, and keeps every ".." component.
func FuzzCleanPath(f *testing.F) {
	for _, s := range []string{"/a//b/./c/", "/", "//", "/a/../b", "rel/./x", "/./.", "/a/.../b"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, p string) {
		c := cleanPath(p)
		if cleanPath(c) != c {
			t.Fatalf("not idempotent: %q -> %q -> %q", p, c, cleanPath(c))
		}
		if !strings.HasPrefix(p, "/") {
			if c != p {
				t.Fatalf("relative %q changed to %q", p, c)
			}
			return
		}
		if strings.Contains(c, "//") || strings.Contains(c, "/./") || strings.HasSuffix(c, "/.") || (len(c) > 1 && strings.HasSuffix(c, "/")) {
			t.Fatalf("cleanPath(%q) = %q", p, c)
		}
		// The components, "" and "." aside, are kept in order.
		comps := func(s string) []string {
			var out []string
			for _, c := range strings.Split(s, "/") {
				if c != "" && c != "." {
					out = append(out, c)
				}
			}
			return out
		}
		if diff := cmp.Diff(comps(p), comps(c)); diff != "" {
			t.Fatalf("cleanPath(%q) = %q changed the components (-want +got):\n%s", p, c, diff)
		}
	})
}

// FuzzParseShebang checks that an interpreter, when found, is one
// absolute word of the first line.
func FuzzParseShebang(f *testing.F) {
	for _, s := range []string{"#!/bin/sh\n", "#! /usr/bin/env node\n", "#!interp", "#!\t\n", "\x7fELF", "#!/a\x00b\n"} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, b []byte) {
		got := parseShebang(b, "/work")
		if got == "" {
			return
		}
		if !strings.HasPrefix(got, "/") || strings.ContainsAny(got, " \t\r\n\x00") {
			t.Fatalf("parseShebang(%q) = %q", b, got)
		}
		first, _, _ := strings.Cut(string(b), "\n")
		if !strings.Contains(first, strings.TrimPrefix(got, "/work/")) {
			t.Fatalf("parseShebang(%q) = %q, not from the first line", b, got)
		}
	})
}

// FuzzCleanBytes checks that the recorder's cleaning of paths as they come
// in is cleanPath, and that the interner gives every string one id.
func FuzzCleanBytes(f *testing.F) {
	for _, s := range []string{"/a//b/./c/", "/", "//", "/a/../b", "rel/./x", "/./.", "/a/.../b", "/."} {
		f.Add(s)
	}
	in := newInterner()
	f.Fuzz(func(t *testing.T, p string) {
		if got, want := string(cleanBytes([]byte("junk"), []byte(p))), "junk"+cleanPath(p); got != want {
			t.Fatalf("cleanBytes(%q) = %q, want %q", p, got, want)
		}
		id := in.str(p)
		if in.get(id) != p || in.bytes([]byte(p)) != id {
			t.Fatalf("interner: %q got id %d, which names %q", p, id, in.get(id))
		}
	})
}
