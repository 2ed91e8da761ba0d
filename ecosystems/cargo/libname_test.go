package cargo

import (
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/envaudit/envaudit/ecosystems/internal/ecotest"
)

// TestWithExterns checks the name the code knows each dependency by: a
// crate's [lib] name read from its sources in a directory source (at the
// version Cargo.lock pins, - as _), a path dependency's [lib] name, a
// renamed dependency's key whatever its library is called, and the
// package name with - as _ where the installed Cargo.toml names no
// library, where none is installed, or where it does not parse.
func TestWithExterns(t *testing.T) {
	root := t.TempDir()
	writeFiles(t, root, map[string]string{
		"Cargo.toml": "[package]\nname = \"app\"\nversion = \"0.1.0\"\n\n[dependencies]\n" +
			"xml-rs = \"0.8\"\nnick = { package = \"other-lib\", version = \"1\" }\nplain-crate = \"1\"\n" +
			"absent-crate = \"1\"\nbroken-crate = \"1\"\nlocal-crate = { path = \"local\" }\n",
		"Cargo.lock": `version = 4
[[package]]
name = "xml-rs"
version = "0.8.3"
source = "registry+https://github.com/rust-lang/crates.io-index"
[[package]]
name = "other-lib"
version = "1.0.0"
source = "registry+https://github.com/rust-lang/crates.io-index"
[[package]]
name = "plain-crate"
version = "1.0.0"
source = "registry+https://github.com/rust-lang/crates.io-index"
[[package]]
name = "absent-crate"
version = "1.0.0"
source = "registry+https://github.com/rust-lang/crates.io-index"
[[package]]
name = "broken-crate"
version = "1.0.0"
source = "registry+https://github.com/rust-lang/crates.io-index"
[[package]]
name = "local-crate"
version = "0.1.0"
`,
		".cargo/config.toml":                   "[source.crates-io]\nreplace-with = \"v\"\n[source.v]\ndirectory = \"vendor\"\n",
		"vendor/xml-rs-0.8.3/Cargo.toml":       "[package]\nname = \"xml-rs\"\nversion = \"0.8.3\"\n\n[lib]\nname = \"xml\"\npath = \"src/lib.rs\"\n",
		"vendor/other-lib-1.0.0/Cargo.toml":    "[package]\nname = \"other-lib\"\nversion = \"1.0.0\"\n\n[lib]\nname = \"other\"\n",
		"vendor/plain-crate-1.0.0/Cargo.toml":  "[package]\nname = \"plain-crate\"\nversion = \"1.0.0\"\n",
		"vendor/broken-crate-1.0.0/Cargo.toml": "[package\n",
		"local/Cargo.toml":                     "[package]\nname = \"local-crate\"\nversion = \"0.1.0\"\n\n[lib]\nname = \"loc-lib\"\n",
	})
	pr := ecotest.Open(t, New(), root).(*project)
	got := map[string]string{}
	for _, d := range pr.withExterns(readConfig(pr.src, []string{"HOME=" + t.TempDir()})) {
		got[d.dep.Name] = d.extern
	}
	want := map[string]string{
		"xml-rs":       "xml",
		"other-lib":    "nick",
		"plain-crate":  "plain_crate",
		"absent-crate": "absent_crate",
		"broken-crate": "broken_crate",
		"local-crate":  "loc_lib",
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("extern names (-want +got):\n%s", diff)
	}
	// Open's own names stay the keys': only the installed crates tell.
	for _, d := range pr.decls {
		if d.dep.Name == "xml-rs" && d.extern != "xml_rs" {
			t.Errorf("Open's extern name of xml-rs = %q, want the key's, xml_rs", d.extern)
		}
	}
}
