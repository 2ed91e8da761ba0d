package cargo

import (
	"context"
	"path/filepath"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/envaudit/envaudit/ecosystems"
	"github.com/envaudit/envaudit/ecosystems/internal/ecotest"
)

// TestImportsRecorded checks the imports told by recorded wrapper
// records: the code's, a test harness's and an integration test's, a build
// script's (build-only), a doc test's when rustdoc ran, each placed at the
// first line naming the crate; crates reported unused and externs that
// are not declarations are no imports; a member whose tests were not
// compiled makes the list incomplete.
func TestImportsRecorded(t *testing.T) {
	root := t.TempDir()
	writeFiles(t, root, map[string]string{
		"Cargo.toml": "[package]\nname = \"app\"\nversion = \"0.1.0\"\n[dependencies]\nitoa = \"1\"\nfnv = \"1\"\nhex = \"0.4\"\nsa = { package = \"static_assertions\", version = \"1\" }\n" +
			"[dev-dependencies]\neither = \"1\"\n[build-dependencies]\nscopeguard = \"1\"\n",
		"src/lib.rs":  "//! Uses itoa.\n/// ```\n/// hex::encode([1]);\n/// ```\npub mod fmt;\n#[cfg(test)]\nmod tests {\n    sa::const_assert!(true);\n}\n",
		"src/fmt.rs":  "// itoa::Buffer in a comment is no use\npub fn f(n: u8) -> String { itoa::Buffer::new().format(n).to_string() }\n",
		"tests/it.rs": "use either::Either;\n",
		"build.rs":    "fn main() { let _g = scopeguard::guard((), |_| {}); }\n",
	})
	unused := func(ext string) string { return "unused " + ext + "\n" }
	ch := channel(
		"package app\ncrate app\nsrc src/lib.rs\nextern itoa\nextern fnv\nextern hex\nextern sa\n"+unused("fnv")+unused("hex")+unused("sa")+"end 0\n",
		"package app\ncrate app\ntest\nsrc src/lib.rs\nextern itoa\nextern fnv\nextern hex\nextern sa\nextern either\n"+unused("fnv")+unused("hex")+unused("either")+"end 0\n",
		"package app\ncrate it\ntest\nsrc tests/it.rs\nextern app\nextern either\nextern itoa\n"+unused("itoa")+"end 0\n",
		"package app\ncrate build_script_build\nsrc build.rs\nextern scopeguard\nend 0\n",
	)
	p := ecotest.Open(t, New(), root).(*project)
	got, err := p.Imports(context.Background(), ecosystems.Env{Scratch: t.TempDir(), Channel: ch, Executables: []string{"/usr/bin/rustdoc"}})
	if err != nil {
		t.Fatal(err)
	}
	rt, compile := ecosystems.ImportRuntime, ecosystems.ImportCompile
	want := &ecosystems.Imports{
		List: []ecosystems.Import{
			{Package: "scopeguard", Module: "scopeguard", Pos: ecosystems.Pos{File: "build.rs", Line: 1}, Kind: compile},
			{Package: "itoa", Module: "itoa", Pos: ecosystems.Pos{File: "src/fmt.rs", Line: 2}, Kind: rt},
			{Package: "itoa", Module: "itoa", Pos: ecosystems.Pos{File: "src/fmt.rs", Line: 2}, Kind: rt, Test: true},
			{Package: "hex", Module: "hex", Pos: ecosystems.Pos{File: "src/lib.rs", Line: 3}, Kind: rt, Test: true},
			{Package: "static_assertions", Module: "sa", Pos: ecosystems.Pos{File: "src/lib.rs", Line: 8}, Kind: rt, Test: true},
			{Package: "either", Module: "either", Pos: ecosystems.Pos{File: "tests/it.rs", Line: 1}, Kind: rt, Test: true},
		},
		Files: 4,
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("Imports (-want +got):\n%s", diff)
	}

	// Only the library compiled (cargo build): its tests' needs are
	// unknown, and the list says it is incomplete.
	ch = channel("package app\ncrate app\nsrc src/lib.rs\nextern itoa\nend 0\n")
	got, err = p.Imports(context.Background(), ecosystems.Env{Scratch: t.TempDir(), Channel: ch})
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff([]string{`the run compiled no test of "app" (cargo test compiles them): what its tests use is unknown`}, got.Warnings); diff != "" {
		t.Errorf("warnings (-want +got):\n%s", diff)
	}
	// A crate root outside the project (a source a build script generated
	// in a target directory elsewhere) is no place to point at: the use
	// is placed on the member's declaration of the crate.
	outside := filepath.Join(t.TempDir(), "out", "gen.rs")
	ch = channel("package app\ncrate gen\nsrc " + outside + "\nextern itoa\nend 0\n")
	got, err = p.Imports(context.Background(), ecosystems.Env{Scratch: t.TempDir(), Channel: ch})
	if err != nil {
		t.Fatal(err)
	}
	wantList := []ecosystems.Import{{Package: "itoa", Module: "itoa", Pos: ecosystems.Pos{File: "Cargo.toml", Line: 5}, Kind: rt}}
	if diff := cmp.Diff(wantList, got.List); diff != "" {
		t.Errorf("Imports of a crate root outside the project (-want +got):\n%s", diff)
	}
	// No records: nothing is known.
	if got, err := p.Imports(context.Background(), ecosystems.Env{Scratch: t.TempDir()}); got != nil || err != nil {
		t.Errorf("Imports without records = %v, %v; want nil, nil", got, err)
	}
}
