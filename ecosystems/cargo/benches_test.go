package cargo

import (
	"context"
	"errors"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/google/go-cmp/cmp"

	"github.com/envaudit/envaudit/ecosystems"
)

// TestBenchImports reads a package whose dev-dependency bencher only its
// bench target uses (the crc32fast case) and whose other dev-dependency
// only a unit test uses: the bench's use of bencher is an import at its
// line, a [[bench]] path outside benches/ is read too, the unit test's
// source is rustc's to judge and not read, and the answer says so.
func TestBenchImports(t *testing.T) {
	fsys := fstest.MapFS{
		"Cargo.toml":       {Data: []byte("[package]\nname = \"p\"\nversion = \"0.1.0\"\n\n[dependencies]\ncfg-if = \"1\"\n\n[dev-dependencies]\nbencher = \"0.1\"\nquickcheck = \"1\"\nrand = \"0.8\"\n\n[[bench]]\nname = \"bench\"\nharness = false\n\n[[bench]]\nname = \"other\"\npath = \"perf/other.rs\"\n")},
		"src/lib.rs":       {Data: []byte("use cfg_if::cfg_if;\n#[cfg(test)]\nmod tests { use quickcheck::quickcheck; }\n")},
		"benches/bench.rs": {Data: []byte("// use rand::Rng; is only a comment\nuse bencher::Bencher;\nuse crc32fast::Hasher;\nfn f(b: &mut Bencher) { let s = \"use rand::x\"; bencher::black_box(s); }\n")},
		"perf/other.rs":    {Data: []byte("extern crate rand;\nuse std::time::Instant;\n")},
	}
	p := openFS(t, fsys)
	im, ok := p.(ecosystems.Importer)
	if !ok {
		t.Fatalf("the cargo project is no Importer")
	}
	got, err := im.Imports(context.Background(), ecosystems.Env{})
	if err != nil {
		t.Fatal(err)
	}
	want := &ecosystems.Imports{
		List: []ecosystems.Import{
			{Package: "bencher", Module: "bencher", Pos: ecosystems.Pos{File: "benches/bench.rs", Line: 2}, Kind: ecosystems.ImportRuntime, Test: true},
			{Package: "rand", Module: "rand", Pos: ecosystems.Pos{File: "perf/other.rs", Line: 1}, Kind: ecosystems.ImportRuntime, Test: true},
		},
		Files:    2,
		Warnings: []string{"cargo: only the bench targets, which cargo test does not build, were read for imports (benches/bench.rs, perf/other.rs); the other targets' use is rustc's verdict, not known for this run"},
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("Imports (-want +got):\n%s", diff)
	}
}

// TestBenchImportsNone: a package without bench targets has no sources
// to read, and off disk no rustc records either: nothing is known.
func TestBenchImportsNone(t *testing.T) {
	fsys := fstest.MapFS{
		"Cargo.toml":       {Data: []byte("[package]\nname = \"p\"\nversion = \"0.1.0\"\nautobenches = false\n\n[dev-dependencies]\nbencher = \"0.1\"\n")},
		"benches/bench.rs": {Data: []byte("use bencher::Bencher;\n")},
	}
	got, err := openFS(t, fsys).(ecosystems.Importer).Imports(context.Background(), ecosystems.Env{})
	if !errors.Is(err, ecosystems.ErrNotOnDisk) || got != nil {
		t.Errorf("Imports = %+v, %v; want nil, %v", got, err, ecosystems.ErrNotOnDisk)
	}
}

// openFS opens the cargo project in fsys, a tree that is not on disk.
func openFS(t *testing.T, fsys fstest.MapFS) ecosystems.Project {
	t.Helper()
	p, err := New().Open(context.Background(), ecosystems.Source{FS: fsys})
	if err != nil || p == nil {
		t.Fatalf("open: %v, %v", p, err)
	}
	return p
}

func TestRustUses(t *testing.T) {
	tests := []struct {
		name, src string
		want      []rustUse
	}{
		{name: "use", src: "use a::b;\npub use ::c;\nuse d;", want: []rustUse{{"a", 1}, {"c", 2}, {"d", 3}}},
		{name: "extern", src: "#[macro_use]\nextern crate e;", want: []rustUse{{"e", 2}}},
		{name: "braces", src: "use {f::x, g};", want: []rustUse{{"f", 1}, {"g", 1}}},
		{name: "local", src: "use crate::x;\nuse self::y;\nuse super::z;\nuse std::io;", want: nil},
		{name: "comments", src: "// use a::b;\n/* use c::d;\n use e::f; */ use g::h;\nlet s = \"use i::j\";", want: []rustUse{{"g", 3}}},
		{name: "nested", src: "/* a /* b */ use c; */ use d;", want: []rustUse{{"d", 1}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if diff := cmp.Diff(tt.want, rustUses([]byte(tt.src)), cmp.AllowUnexported(rustUse{})); diff != "" {
				t.Errorf("rustUses (-want +got):\n%s", diff)
			}
		})
	}
}

// FuzzRustUses checks that rustUses never panics and names only crates at
// lines of the source, each an identifier.
func FuzzRustUses(f *testing.F) {
	for _, s := range []string{"use a::b;\n", "extern crate c;", "use {d, e::f};", "/* use x; */ use y;", "\"use z\"", "use {", "/*", ""} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, src string) {
		lines := strings.Count(src, "\n") + 1
		for _, u := range rustUses([]byte(src)) {
			if u.line < 1 || u.line > lines || u.crate == "" || strings.ContainsAny(u.crate, " :{},;") {
				t.Fatalf("use %+v out of the source's %d lines", u, lines)
			}
		}
	})
}
