package dpkg

import (
	"bufio"
	"bytes"
	"errors"
	"io/fs"
	"os"
	"os/exec"
	"path"
	"path/filepath"
	"sort"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/google/go-cmp/cmp"

	"github.com/envaudit/envaudit/internal/testenv"
)

// fixtureRoot is a small system: a base (required and essential packages
// and their libraries), zlib with its -dev package, jq with its libraries,
// a diversion (postgresql-common diverts libpq-dev's pg_config), a removed
// package, a foreign-architecture package and a merged /usr (lib → usr/lib).
const fixtureRoot = "../../../testdata/dpkg-root"

func openFixture(t *testing.T) *DB {
	t.Helper()
	db, err := Open(os.DirFS(fixtureRoot))
	if err != nil {
		t.Fatal(err)
	}
	return db
}

func ids(ps []*Package) []string {
	out := []string{}
	for _, p := range ps {
		out = append(out, p.ID())
	}
	sort.Strings(out)
	return out
}

func TestOpenFixture(t *testing.T) {
	db := openFixture(t)
	want := []string{
		"base-files:amd64", "cmake-data:all", "cmake:amd64", "coreutils:amd64", "gcc-12-base:amd64", "jq:amd64",
		"libacl1:amd64", "libarchive13:amd64", "libc6-dev:amd64", "libc6:amd64", "libfoo1:i386", "libgcc-s1:amd64",
		"libjq1:amd64", "libonig5:amd64", "libpq-dev:amd64", "postgresql-common:all", "tree:amd64",
		"zlib1g-dev:amd64", "zlib1g:amd64",
	}
	if diff := cmp.Diff(want, ids(db.Packages)); diff != "" {
		t.Errorf("installed packages (-want +got):\n%s", diff)
	}
	if db.Native != "amd64" {
		t.Errorf("Native = %q, want amd64", db.Native)
	}
	if diff := cmp.Diff(Distro{ID: "debian", VersionID: "12", Codename: "bookworm"}, db.Distro); diff != "" {
		t.Errorf("Distro (-want +got):\n%s", diff)
	}
	if w := db.Warnings(); len(w) != 0 {
		t.Errorf("Warnings = %q", w)
	}

	// A package without a list is a warning, not an error.
	broken := fstest.MapFS{
		StatusFile:                  {Data: []byte("Package: a\nStatus: install ok installed\nArchitecture: all\n")},
		DiversionsFile:              {Data: []byte("/x\n/x.moved\n")},
		InfoDir + "/unrelated.list": {Data: []byte("/.\n")},
	}
	bdb, err := Open(broken)
	if err != nil {
		t.Fatal(err)
	}
	wantW := []string{
		`dpkg: no file list for installed package "a:all"`,
		`dpkg: var/lib/dpkg/diversions: 2 lines, not a sequence of three-line records`,
	}
	if diff := cmp.Diff(wantW, bdb.Warnings()); diff != "" {
		t.Errorf("Warnings of a broken database (-want +got):\n%s", diff)
	}
	if _, err := Open(fstest.MapFS{}); err == nil || !strings.Contains(err.Error(), `read dpkg status "var/lib/dpkg/status"`) {
		t.Errorf("Open of an empty file system: err = %v", err)
	}
}

// TestOpenAdminDir opens the fixture's database as another directory of a
// larger tree: it reads the same packages, lists and diversions, and a
// directory without a status file is an error wrapping fs.ErrNotExist.
func TestOpenAdminDir(t *testing.T) {
	want := openFixture(t)
	fsys := os.DirFS(filepath.Dir(fixtureRoot))
	got, err := OpenAdminDir(fsys, path.Join(filepath.Base(fixtureRoot), AdminDir))
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(ids(want.Packages), ids(got.Packages)); diff != "" {
		t.Errorf("installed packages (-want +got):\n%s", diff)
	}
	if got.Native != want.Native {
		t.Errorf("Native = %q, want %q", got.Native, want.Native)
	}
	for _, name := range []string{"zlib1g", "libpq-dev", "postgresql-common", "libfoo1:i386"} {
		wf, err := want.Files(want.Lookup(name)[0])
		if err != nil {
			t.Fatal(err)
		}
		gf, err := got.Files(got.Lookup(name)[0])
		if err != nil {
			t.Fatal(err)
		}
		if diff := cmp.Diff(wf, gf); diff != "" {
			t.Errorf("Files(%s) (-want +got):\n%s", name, diff)
		}
	}
	if diff := cmp.Diff([]string{"postgresql-common:all"}, ids(got.Owners("/usr/bin/pg_config"))); diff != "" {
		t.Errorf("Owners(/usr/bin/pg_config) (-want +got):\n%s", diff)
	}
	if _, err := OpenAdminDir(fsys, "no/such/dir"); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("OpenAdminDir of a missing directory: err = %v, want fs.ErrNotExist", err)
	}
}

func TestOwners(t *testing.T) {
	db := openFixture(t)
	tests := []struct {
		path string
		want []string
	}{
		{"/lib/x86_64-linux-gnu/libz.so.1", []string{"zlib1g:amd64"}},          // listed under /lib, merged into /usr
		{"/usr/lib/x86_64-linux-gnu/libz.so.1.2.13", []string{"zlib1g:amd64"}}, // the same, looked up by its /usr name
		{"/usr/lib/x86_64-linux-gnu/libz.so", []string{"zlib1g-dev:amd64"}},
		{"/usr/include/zlib.h", []string{"zlib1g-dev:amd64"}},
		{"/usr/bin/jq", []string{"jq:amd64"}},
		{"/bin/ls", []string{"coreutils:amd64"}},
		{"/usr/bin/pg_config", []string{"postgresql-common:all"}},     // the diverting package's file
		{"/usr/bin/pg_config.libpq-dev", []string{"libpq-dev:amd64"}}, // the diverted file, moved
		{"/usr/lib/x86_64-linux-gnu/../x86_64-linux-gnu/libjq.so.1", []string{"libjq1:amd64"}},
		{"/usr/bin/not-there", []string{}},
		{"/etc/old-tool.conf", []string{}}, // a removed package owns nothing
	}
	for _, tt := range tests {
		t.Run(strings.ReplaceAll(tt.path, "/", "_"), func(t *testing.T) {
			if diff := cmp.Diff(tt.want, ids(db.Owners(tt.path))); diff != "" {
				t.Errorf("Owners(%q) (-want +got):\n%s", tt.path, diff)
			}
		})
	}
	for _, d := range []string{"/usr/lib", "/lib", "/usr/include/postgresql"} {
		if !db.IsDir(d) {
			t.Errorf("IsDir(%q) = false", d)
		}
	}
	if db.IsDir("/usr/bin/jq") {
		t.Errorf("IsDir(/usr/bin/jq) = true")
	}
}

func TestFiles(t *testing.T) {
	db := openFixture(t)
	tests := []struct {
		pkg  string
		want []string
	}{
		{"zlib1g", []string{"/usr/lib/x86_64-linux-gnu/libz.so.1.2.13", "/usr/share/doc/zlib1g/copyright", "/usr/lib/x86_64-linux-gnu/libz.so.1"}},
		{"libpq-dev", []string{"/usr/bin/pg_config.libpq-dev", "/usr/include/postgresql/libpq-fe.h"}},
		{"postgresql-common", []string{"/usr/bin/pg_config"}},
		{"libfoo1:i386", []string{"/usr/lib/i386-linux-gnu/libfoo.so.2"}},
	}
	for _, tt := range tests {
		t.Run(tt.pkg, func(t *testing.T) {
			ps := db.Lookup(tt.pkg)
			if len(ps) != 1 {
				t.Fatalf("Lookup(%q) = %v", tt.pkg, ids(ps))
			}
			got, err := db.Files(ps[0])
			if err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("Files (-want +got):\n%s", diff)
			}
		})
	}
}

func TestBaseAndDepends(t *testing.T) {
	db := openFixture(t)
	got := map[string]string{}
	for p, why := range db.Base() {
		got[p.Name] = why
	}
	want := map[string]string{
		"base-files":  "distribution base: Priority required",
		"coreutils":   "distribution base: Priority required",
		"libacl1":     "distribution base: dependency of the base (via coreutils)",
		"libc6":       "distribution base: dependency of the base (via coreutils)",
		"libgcc-s1":   "distribution base: dependency of the base (via libc6)",
		"gcc-12-base": "distribution base: dependency of the base (via libgcc-s1)",
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("Base (-want +got):\n%s", diff)
	}
	deps := func(name string) []string { return ids(db.DependsOn(db.Lookup(name)[0])) }
	if diff := cmp.Diff([]string{"libc6-dev:amd64", "zlib1g:amd64"}, deps("zlib1g-dev")); diff != "" {
		t.Errorf("DependsOn(zlib1g-dev) (-want +got):\n%s", diff)
	}
	closure := map[string]string{}
	for p, from := range db.Closure(db.Lookup("jq"), func(p *Package) bool { return p.Name == "libc6" }) {
		closure[p.Name] = ""
		if from != nil {
			closure[p.Name] = from.Name
		}
	}
	if diff := cmp.Diff(map[string]string{"jq": "", "libjq1": "jq", "libonig5": "libjq1"}, closure); diff != "" {
		t.Errorf("Closure(jq) (-want +got):\n%s", diff)
	}
	if ps := db.Providers(Dep{Name: "libz-dev"}); len(ps) != 1 || ps[0].Name != "zlib1g-dev" {
		t.Errorf("Providers(libz-dev) = %v, want zlib1g-dev", ids(ps))
	}
}

func TestPURL(t *testing.T) {
	db := openFixture(t)
	tests := []struct {
		pkg    string
		distro Distro
		want   string
	}{
		{"zlib1g", db.Distro, "pkg:deb/debian/zlib1g@1:1.2.13.dfsg-1?arch=amd64&distro=debian-12"},
		{"jq", db.Distro, "pkg:deb/debian/jq@1.6-2.1%2Bdeb12u1?arch=amd64&distro=debian-12"},
		{"postgresql-common", Distro{ID: "ubuntu", VersionID: "24.04"}, "pkg:deb/ubuntu/postgresql-common@248?arch=all&distro=ubuntu-24.04"},
		{"tree", Distro{}, "pkg:deb/debian/tree@2.1.0-1?arch=amd64"},
	}
	for _, tt := range tests {
		t.Run(tt.pkg, func(t *testing.T) {
			if got := tt.distro.PURL(db.Lookup(tt.pkg)[0]); got != tt.want {
				t.Errorf("PURL = %q, want %q", got, tt.want)
			}
		})
	}
}

func TestEvalSymlinks(t *testing.T) {
	fsys := os.DirFS(fixtureRoot)
	tests := []struct{ in, want string }{
		{"/usr/lib/x86_64-linux-gnu/libz.so", "/usr/lib/x86_64-linux-gnu/libz.so.1.2.13"}, // absolute target through /lib
		{"/lib/x86_64-linux-gnu/libz.so.1", "/usr/lib/x86_64-linux-gnu/libz.so.1.2.13"},
		{"/lib/x86_64-linux-gnu/libjq.so.1", "/usr/lib/x86_64-linux-gnu/libjq.so.1.0.4"},
		{"/usr/lib/../lib/x86_64-linux-gnu/libjq.so.1.0.4", "/usr/lib/x86_64-linux-gnu/libjq.so.1.0.4"},
	}
	for _, tt := range tests {
		got, err := EvalSymlinks(fsys, tt.in)
		if err != nil {
			t.Errorf("EvalSymlinks(%q): %v", tt.in, err)
			continue
		}
		if got != tt.want {
			t.Errorf("EvalSymlinks(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
	loop := fstest.MapFS{
		"a": {Data: []byte("b"), Mode: os.ModeSymlink},
		"b": {Data: []byte("/a"), Mode: os.ModeSymlink},
	}
	if _, err := EvalSymlinks(loop, "/a"); err == nil || !strings.Contains(err.Error(), "too many levels") {
		t.Errorf("EvalSymlinks of a loop: err = %v", err)
	}
	if _, err := EvalSymlinks(os.DirFS(fixtureRoot), "/usr/lib/none"); err == nil {
		t.Errorf("EvalSymlinks of a missing file succeeded")
	}
}

func TestToolchainKind(t *testing.T) {
	tests := map[string]string{
		"gcc-12": KindCompiler, "g++-12": KindCompiler, "cpp-14-x86-64-linux-gnu": KindCompiler, "gcc": KindCompiler,
		"clang-16": KindCompiler, "binutils-x86-64-linux-gnu": KindCompiler, "libbinutils": KindCompiler,
		"cmake": KindBuild, "pkgconf": KindBuild, "ninja-build": KindBuild, "make": KindBuild,
		"python3.11-minimal": KindLanguage, "libpython3.11-stdlib": KindLanguage, "nodejs": KindLanguage,
		"openjdk-17-jdk-headless": KindLanguage, "golang-1.19-go": KindLanguage,
		"git": KindDev, "strace": KindDev, "bats": KindDev, "bats-support": KindDev, "shunit2": KindDev,
		"gcc-12-base": "", "libgcc-s1": "", "zlib1g": "", "jq": "", "libsqlite3-dev": "", "python3-yaml": "",
	}
	for name, want := range tests {
		if got := ToolchainKind(name); got != want {
			t.Errorf("ToolchainKind(%q) = %q, want %q", name, got, want)
		}
	}
}

// TestRealDatabase reads this machine's dpkg database and checks it
// against dpkg's own answers: the installed packages and versions
// dpkg-query lists, and the owners dpkg -S names for files the test setup
// installed (merged-/usr spellings included).
func TestRealDatabase(t *testing.T) {
	testenv.RealInstall(t)
	if _, err := exec.LookPath("dpkg-query"); err != nil {
		t.Fatal(testenv.Message("dpkg-query"))
	}
	db, err := Open(os.DirFS("/"))
	if err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{"jq", "zlib1g-dev", "libsqlite3-dev", "tree"} {
		installed := false
		for _, p := range db.Lookup(name) {
			installed = installed || p.Installed()
		}
		if !installed {
			t.Fatal(testenv.Message("the Debian package " + name))
		}
	}
	out, err := exec.Command("dpkg-query", "-W", "-f", `${db:Status-Status} ${Package}:${Architecture} ${Version}\n`).Output()
	if err != nil {
		t.Fatal(err)
	}
	var want []string
	sc := bufio.NewScanner(bytes.NewReader(out))
	for sc.Scan() {
		f := strings.Fields(sc.Text())
		if len(f) == 3 && (&Package{Status: f[0]}).unpacked() {
			want = append(want, f[1]+" "+f[2])
		}
	}
	var got []string
	for _, p := range db.Packages {
		got = append(got, p.ID()+" "+p.Version)
	}
	sort.Strings(want)
	sort.Strings(got)
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("installed packages vs dpkg-query (-want +got):\n%s", diff)
	}

	// dpkg -S answers for the path as listed; the database also knows the
	// other merged-/usr spelling, so only the paths dpkg knows are compared.
	var paths []string
	for _, f := range []string{"/usr/bin/jq", "/lib/x86_64-linux-gnu/libjq.so.1", "/usr/lib/x86_64-linux-gnu/libz.so", "/usr/include/sqlite3.h", "/usr/bin/tree"} {
		real, err := filepath.EvalSymlinks(f)
		if err != nil {
			t.Fatalf("%s is missing (run `make setup`): %v", f, err)
		}
		if len(db.Owners(real)) == 0 {
			t.Errorf("Owners(%q) is empty", real)
		}
		paths = append(paths, f)
		if real != f {
			paths = append(paths, real)
		}
	}
	out, _ = exec.Command("dpkg", append([]string{"-S"}, paths...)...).Output() // exits 1 when a path is unknown
	dpkgOwners := map[string][]string{}
	for _, line := range strings.Split(strings.TrimSpace(string(out)), "\n") {
		// "zlib1g:amd64: /lib/x86_64-linux-gnu/libz.so.1"; diversion lines start with "diversion by".
		owners, p, ok := strings.Cut(line, ": ")
		if !ok || strings.HasPrefix(line, "diversion by") {
			continue
		}
		for _, o := range strings.Split(owners, ", ") {
			if !strings.Contains(o, ":") {
				o += ":" + db.Lookup(o)[0].Architecture
			}
			dpkgOwners[p] = append(dpkgOwners[p], o)
		}
	}
	if len(dpkgOwners) == 0 {
		t.Fatalf("dpkg -S knows none of %q", paths)
	}
	for p, want := range dpkgOwners {
		sort.Strings(want)
		if diff := cmp.Diff(want, ids(db.Owners(p))); diff != "" {
			t.Errorf("Owners(%q) vs dpkg -S (-want +got):\n%s", p, diff)
		}
	}

	base := map[string]bool{}
	for p := range db.Base() {
		base[p.Name] = true
	}
	for name, want := range map[string]bool{"coreutils": true, "libc6": true, "dpkg": true, "jq": false, "libsqlite3-dev": false, "tree": false} {
		if base[name] != want {
			t.Errorf("base[%q] = %v, want %v", name, base[name], want)
		}
	}
	if len(db.Warnings()) != 0 {
		t.Errorf("warnings reading the real database: %q", db.Warnings())
	}
}
