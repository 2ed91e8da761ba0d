package cargo

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/google/go-cmp/cmp"

	"github.com/envaudit/envaudit/ecosystems"
	"github.com/envaudit/envaudit/ecosystems/internal/ecotest"
)

// TestTraceEnv checks that TraceEnv names its wrapper in
// RUSTC_WORKSPACE_WRAPPER whatever the rustflags (they are left as they
// are), chains the workspace wrapper the user configured, and sets nothing
// when the rustflags name the lint themselves.
func TestTraceEnv(t *testing.T) {
	path := "PATH=" + os.Getenv("PATH")
	tests := []struct {
		name    string
		environ []string
		config  string // .cargo/config.toml
		wrapped bool
		chain   string
	}{
		{name: "nothing-set", environ: []string{path}, wrapped: true},
		{name: "deny-warnings", environ: []string{path, "RUSTFLAGS=-D warnings"}, wrapped: true},
		{name: "encoded", environ: []string{path, "CARGO_ENCODED_RUSTFLAGS=-C\x1fdebuginfo=1"}, wrapped: true},
		{name: "user-denies-lint", environ: []string{path, "RUSTFLAGS=-D unused_crate_dependencies"}},
		{name: "user-lint-encoded", environ: []string{path, "CARGO_ENCODED_RUSTFLAGS=-Wunused-crate-dependencies"}},
		{name: "no-awk", environ: []string{"PATH=" + t.TempDir()}},
		{name: "user-wrapper", environ: []string{path, "RUSTC_WORKSPACE_WRAPPER=/opt/w"}, wrapped: true, chain: "/opt/w"},
		{name: "build-wrapper", environ: []string{path, "CARGO_BUILD_RUSTC_WORKSPACE_WRAPPER=w"}, wrapped: true, chain: "w"},
		{name: "config-wrapper", environ: []string{path}, config: "[build]\nrustc-workspace-wrapper = \"tools/w\"\n", wrapped: true, chain: "tools/w"},
		{name: "env-over-config", environ: []string{path, "RUSTC_WORKSPACE_WRAPPER="}, config: "[build]\nrustc-workspace-wrapper = \"tools/w\"\n", wrapped: true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			root, scratch := t.TempDir(), t.TempDir()
			files := map[string]string{"Cargo.toml": "[package]\nname = \"p\"\nversion = \"0.1.0\"\n"}
			if tt.config != "" {
				files[".cargo/config.toml"] = tt.config
			}
			writeFiles(t, root, files)
			environ := append([]string{"HOME=" + t.TempDir()}, tt.environ...)
			got := ecotest.Open(t, New(), root).(ecosystems.TraceEnvironer).TraceEnv(scratch, environ)
			script := filepath.Join(scratch, wrapperName)
			var want []string
			if tt.wrapped {
				want = []string{"RUSTC_WORKSPACE_WRAPPER=" + script}
			}
			if diff := cmp.Diff(want, got); diff != "" {
				t.Fatalf("TraceEnv (-want +got):\n%s", diff)
			}
			if !tt.wrapped {
				return
			}
			data, err := os.ReadFile(script)
			if err != nil {
				t.Fatal(err)
			}
			chain := tt.chain
			if strings.Contains(chain, "/") && !filepath.IsAbs(chain) {
				chain = filepath.Join(root, chain)
			}
			if line := "\nchain=" + shQuote(chain) + "\n"; !strings.Contains(string(data), line) {
				t.Errorf("script does not chain %q (want the line %q):\n%s", chain, line, data)
			}
		})
	}
}

// TestTraceEnvProjectLint checks that a project that sets the lint's level
// itself keeps it: a forced warning would let its failing build pass, and
// the wrapper would hide the warnings it asked for.
func TestTraceEnvProjectLint(t *testing.T) {
	const pkg = "[package]\nname = \"p\"\nversion = \"0.1.0\"\n"
	tests := []struct {
		name  string
		files fstest.MapFS
		want  bool // whether TraceEnv sets the wrapper
	}{
		{"none", fstest.MapFS{"Cargo.toml": {Data: []byte(pkg)}, "src/lib.rs": {Data: []byte("#![deny(warnings)]\n")}}, true},
		{"manifest-deny", fstest.MapFS{"Cargo.toml": {Data: []byte(pkg + "[lints.rust]\nunused_crate_dependencies = \"deny\"\n")}}, false},
		{"manifest-table-forbid", fstest.MapFS{"Cargo.toml": {Data: []byte(pkg + "[lints.rust]\nunused_crate_dependencies = { level = \"forbid\", priority = 1 }\n")}}, false},
		{"manifest-warn", fstest.MapFS{"Cargo.toml": {Data: []byte(pkg + "[lints.rust]\nunused_crate_dependencies = \"warn\"\n")}}, false},
		{"attribute-warn", fstest.MapFS{"Cargo.toml": {Data: []byte(pkg)}, "src/lib.rs": {Data: []byte("#![warn(unused_crate_dependencies)]\n")}}, false},
		{"workspace-deny", fstest.MapFS{
			"Cargo.toml":   {Data: []byte("[workspace]\nmembers = [\"a\"]\n[workspace.lints.rust]\nunused_crate_dependencies = \"deny\"\n")},
			"a/Cargo.toml": {Data: []byte("[package]\nname = \"a\"\nversion = \"0.1.0\"\n[lints]\nworkspace = true\n")},
		}, false},
		{"attribute", fstest.MapFS{"Cargo.toml": {Data: []byte(pkg)}, "src/main.rs": {Data: []byte("#![deny(missing_docs, unused_crate_dependencies)]\nfn main() {}\n")}}, false},
		{"attribute-in-target", fstest.MapFS{"Cargo.toml": {Data: []byte(pkg)}, "target/debug/build/x/out/gen.rs": {Data: []byte("#![forbid(unused_crate_dependencies)]\n")}}, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p, err := New().Open(context.Background(), ecosystems.Source{FS: tt.files})
			if err != nil {
				t.Fatal(err)
			}
			got := p.(ecosystems.TraceEnvironer).TraceEnv(t.TempDir(), []string{"PATH=" + os.Getenv("PATH")}) != nil
			if got != tt.want {
				t.Errorf("TraceEnv adds the lint = %v, want %v", got, tt.want)
			}
		})
	}
}

func TestSplitHash(t *testing.T) {
	tests := []struct {
		in, name, hash string
		ok             bool
	}{
		{"cfg-if-4a499ef178f2ff1a", "cfg-if", "4a499ef178f2ff1a", true},
		{"static_assertions-ace7b41ff5732cf1", "static_assertions", "ace7b41ff5732cf1", true},
		{"cfg-if", "", "", false},
		{"x-4A499EF178F2FF1A", "", "", false},
		{"-4a499ef178f2ff1a", "", "", false},
	}
	for _, tt := range tests {
		t.Run(tt.in, func(t *testing.T) {
			n, h, ok := splitHash(tt.in)
			if n != tt.name || h != tt.hash || ok != tt.ok {
				t.Errorf("splitHash(%q) = %q, %q, %v; want %q, %q, %v", tt.in, n, h, ok, tt.name, tt.hash, tt.ok)
			}
		})
	}
}

func TestParseLock(t *testing.T) {
	tests := []struct {
		name, data string
		want       map[string][]string // "name version" -> deps
		err        string
	}{
		{
			name: "v4-and-two-versions",
			data: `version = 4

[[package]]
name = "app"
version = "0.1.0"
dependencies = ["rand 0.8.5", "rand 0.7.3", "log"]

[[package]]
name = "rand"
version = "0.8.5"
source = "registry+https://github.com/rust-lang/crates.io-index"

[[package]]
name = "rand"
version = "0.7.3"
source = "registry+https://github.com/rust-lang/crates.io-index"
dependencies = ["log"]

[[package]]
name = "log"
version = "0.4.20"
source = "registry+https://github.com/rust-lang/crates.io-index"
`,
			want: map[string][]string{"app 0.1.0": {"log", "rand"}, "rand 0.7.3": {"log"}},
		},
		{
			name: "v1-with-sources",
			data: `[[package]]
name = "app"
version = "0.1.0"
dependencies = [
 "itoa 1.0.1 (registry+https://github.com/rust-lang/crates.io-index)",
]

[[package]]
name = "itoa"
version = "1.0.1"
source = "registry+https://github.com/rust-lang/crates.io-index"

[metadata]
"checksum itoa 1.0.1 (registry+https://github.com/rust-lang/crates.io-index)" = "abc"
`,
			want: map[string][]string{"app 0.1.0": {"itoa"}},
		},
		{name: "unlocked-dependency", data: "[[package]]\nname = \"a\"\nversion = \"1.0.0\"\ndependencies = [\"b\"]\n", err: `Cargo.lock:1: package a 1.0.0 depends on "b", which is not locked`},
		{name: "no-version", data: "version = 3\n\n[[package]]\nname = \"a\"\n", err: "Cargo.lock:3: package[0]: want a name and a version"},
		{name: "syntax", data: "version = 3\n[[package]\n", err: "Cargo.lock:2: toml: expected ']]' to close array table name"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			lf, err := parseLock("Cargo.lock", []byte(tt.data))
			if tt.err != "" {
				var pe *ecosystems.PosError
				if !errors.As(err, &pe) || err.Error() != tt.err {
					t.Fatalf("parseLock error = %v, want *PosError %q", err, tt.err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(tt.want, lf.deps); diff != "" {
				t.Errorf("deps (-want +got):\n%s", diff)
			}
		})
	}
}

// writeFiles creates files (path -> content) under dir.
func writeFiles(t *testing.T, dir string, files map[string]string) {
	t.Helper()
	for p, c := range files {
		ecotest.WriteFile(t, filepath.Join(dir, filepath.FromSlash(p)), []byte(c), 0o644)
	}
}

// TestInstalledRecorded checks the verdict against recorded cargo build
// records (the shapes cargo 1.95 writes): the fast layer beside the real
// builds of TestTracedReal.
func TestInstalledRecorded(t *testing.T) {
	const lint = `"rustflags":["-Wunused-crate-dependencies"]`
	project := map[string]string{
		"Cargo.toml": "[package]\nname = \"app\"\nversion = \"0.1.0\"\n\n[dependencies]\nused = \"1\"\nidle = \"1\"\nnick = { package = \"real-name\", version = \"1\" }\n\n[dev-dependencies]\ntesty = \"1\"\n",
		"Cargo.lock": `version = 4
[[package]]
name = "app"
version = "0.1.0"
dependencies = ["used", "idle", "real-name", "testy"]
[[package]]
name = "used"
version = "1.0.0"
source = "registry+https://github.com/rust-lang/crates.io-index"
dependencies = ["inner"]
[[package]]
name = "inner"
version = "1.0.0"
source = "registry+https://github.com/rust-lang/crates.io-index"
[[package]]
name = "idle"
version = "1.0.0"
source = "registry+https://github.com/rust-lang/crates.io-index"
dependencies = ["idle-inner"]
[[package]]
name = "idle-inner"
version = "1.0.0"
source = "registry+https://github.com/rust-lang/crates.io-index"
[[package]]
name = "real-name"
version = "1.0.0"
source = "registry+https://github.com/rust-lang/crates.io-index"
[[package]]
name = "testy"
version = "1.0.0"
source = "registry+https://github.com/rust-lang/crates.io-index"
`,
		".cargo/config.toml":                                            "[source.crates-io]\nreplace-with = \"v\"\n[source.v]\ndirectory = \"vendor\"\n",
		"vendor/used/src/lib.rs":                                        "",
		"vendor/idle-1.0.0/src/lib.rs":                                  "",
		"vendor/idle-inner/src/lib.rs":                                  "",
		"vendor/inner/src/lib.rs":                                       "",
		"vendor/real-name/src/lib.rs":                                   "",
		"vendor/testy/src/lib.rs":                                       "",
		"target/debug/.fingerprint/used-0123456789abcdef/lib-used":      "0011223344556677",
		"target/debug/.fingerprint/used-0123456789abcdef/lib-used.json": `{"deps":[]}`,
		"target/debug/.fingerprint/idle-00000000000000ff/lib-idle":      "0011223344556677",
		"target/debug/.fingerprint/app-1111111111111111/lib-app.json":   `{` + lint + `,"deps":[[1,"used",false,2],[3,"idle",false,4],[5,"nick",false,6],[7,"build_script_build",false,8]]}`,
		"target/debug/.fingerprint/app-1111111111111111/output-lib-app": `{"$message_type":"diagnostic","message":"extern crate ` + "`idle`" + ` is unused in crate ` + "`app`" + `","code":{"code":"unused_crate_dependencies","explanation":null},"level":"warning"}
{"$message_type":"diagnostic","message":"unused variable","code":{"code":"unused_variables","explanation":null},"level":"warning"}
`,
		"target/debug/.fingerprint/app-2222222222222222/test-lib-app.json": `{` + lint + `,"deps":[[1,"used",false,2],[3,"idle",false,4],[5,"nick",false,6],[9,"testy",false,10]]}`,
		"target/debug/.fingerprint/app-2222222222222222/output-test-lib-app": `{"message":"extern crate ` + "`idle`" + ` is unused in crate ` + "`app`" + `","code":{"code":"unused_crate_dependencies"}}
{"message":"extern crate ` + "`nick`" + ` is unused in crate ` + "`app`" + `","code":{"code":"unused_crate_dependencies"}}
`,
		"target/debug/.fingerprint/app-3333333333333333/run-build-script-build-script-build.json": `{"deps":[[3,"idle",false,4]]}`,
	}
	root := t.TempDir()
	writeFiles(t, root, project)
	inv, err := ecotest.Open(t, New(), root).Installed(context.Background(), ecosystems.Env{Environ: []string{"HOME=" + t.TempDir()}})
	if err != nil {
		t.Fatal(err)
	}
	if want := (ecosystems.Evidence{Basis: EvidenceLint, Unused: UnusedLint}); inv.Evidence != want || len(inv.Warnings) != 0 {
		t.Errorf("evidence %+v, warnings %q; want the lint verdict and no warning", inv.Evidence, inv.Warnings)
	}
	lookups := map[string]string{
		"vendor/used/src/lib.rs":                                   "used runtime",
		"vendor/inner/src/lib.rs":                                  "inner runtime", // reached from a used crate
		"vendor/real-name/src/lib.rs":                              "real-name runtime",
		"vendor/testy/src/lib.rs":                                  "testy runtime",
		"vendor/idle-1.0.0/src/lib.rs":                             "idle none",
		"vendor/idle-inner/src/lib.rs":                             "idle-inner none",
		"target/debug/.fingerprint/used-0123456789abcdef/lib-used": "used runtime",
		"target/debug/deps/libused-0123456789abcdef.rmeta":         "used runtime",
		"target/debug/deps/used-0123456789abcdef.d":                "used runtime",
		"target/debug/.fingerprint/idle-00000000000000ff/lib-idle": "idle none",
		"target/debug/build/idle-00000000000000ff/out/x.rs":        "idle none",
		"target/debug/deps/libapp-1111111111111111.rlib":           "",
		"src/lib.rs": "",
	}
	for p, want := range lookups {
		pkg, use, ok := inv.Index.Lookup(filepath.Join(root, p))
		got := ""
		if ok {
			got = pkg + " " + string(use)
		}
		if got != want {
			t.Errorf("Lookup(%q) = %q, want %q", p, got, want)
		}
	}
	var names []string
	for _, p := range inv.Packages {
		names = append(names, p.Name+"@"+p.Version+" "+p.Path)
	}
	want := []string{"idle@1.0.0 vendor/idle-1.0.0", "idle-inner@1.0.0 vendor/idle-inner", "inner@1.0.0 vendor/inner", "real-name@1.0.0 vendor/real-name", "testy@1.0.0 vendor/testy", "used@1.0.0 vendor/used"}
	if diff := cmp.Diff(want, names); diff != "" {
		t.Errorf("packages (-want +got):\n%s", diff)
	}

	// The same records without the lint: every crate given counts, and the
	// evidence says it rests on reads.
	for p, c := range project {
		if strings.HasSuffix(p, ".json") {
			project[p] = strings.ReplaceAll(c, lint+",", "")
		}
	}
	root = t.TempDir()
	writeFiles(t, root, project)
	inv, err = ecotest.Open(t, New(), root).Installed(context.Background(), ecosystems.Env{Environ: []string{"HOME=" + t.TempDir()}})
	if err != nil {
		t.Fatal(err)
	}
	if want := (ecosystems.Evidence{Basis: EvidenceReads}); inv.Evidence != want || len(inv.Warnings) != 1 {
		t.Errorf("without the lint: evidence %+v, warnings %q", inv.Evidence, inv.Warnings)
	}
	if pkg, use, _ := inv.Index.Lookup(filepath.Join(root, "vendor/idle-1.0.0/src/lib.rs")); pkg != "idle" || use != ecosystems.UseRuntime {
		t.Errorf("without the lint, idle's sources = %q %q, want idle runtime", pkg, use)
	}
}

func TestInstalledNoLock(t *testing.T) {
	root := t.TempDir()
	writeFiles(t, root, map[string]string{"Cargo.toml": "[package]\nname = \"a\"\nversion = \"0.1.0\"\n[dependencies]\nitoa = \"1\"\n"})
	inv, err := ecotest.Open(t, New(), root).Installed(context.Background(), ecosystems.Env{Environ: []string{}})
	if err != nil || len(inv.Packages) != 0 || len(inv.Warnings) != 1 {
		t.Errorf("Installed without Cargo.lock = %+v, %v; want no packages and a warning", inv, err)
	}
}

// FuzzManifest checks that any Cargo.toml either yields dependencies
// positioned inside the file or a *ecosystems.PosError naming it, never a
// panic.
func FuzzManifest(f *testing.F) {
	for _, s := range []string{
		"[package]\nname = \"a\"\n[dependencies]\nx = \"1\"\ny = { package = \"z\", version = \"2\", optional = true }\nw.workspace = true\n[workspace.dependencies]\nw = \"3\"\n",
		"[package]\nname = \"a\"\n[target.'cfg(unix)'.dev-dependencies]\nq = { path = \"../q\" }\n[dependencies.h]\nversion = \"1\"\n",
		"[package]\nname = \"a\"\n[dependencies]\nx = 1\n",
		"[workspace]\nmembers = [\"*\"]\n",
		"[package\n",
		"",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, data string) {
		check := func(err error) {
			var pe *ecosystems.PosError
			if !errors.As(err, &pe) || pe.Pos.File != "Cargo.toml" || pe.Pos.Line < 0 {
				t.Fatalf("error %v (%T) is not a positioned Cargo.toml error", err, err)
			}
		}
		m, err := parseManifest("Cargo.toml", []byte(data))
		if err != nil {
			check(err)
			return
		}
		pr := &project{root: m, members: []*manifest{m}}
		ds, err := pr.declared(m)
		if err != nil {
			check(err)
			return
		}
		lines := strings.Count(data, "\n") + 1
		for _, d := range ds {
			if d.dep.Name == "" || d.dep.Pos.Line < 1 || d.dep.Pos.Line > lines {
				t.Fatalf("dependency %+v out of the file's %d lines", d.dep, lines)
			}
		}
	})
}

// FuzzLock checks that parseLock never panics and positions its errors.
func FuzzLock(f *testing.F) {
	for _, s := range []string{
		"version = 4\n[[package]]\nname = \"a\"\nversion = \"1.0.0\"\ndependencies = [\"b 1.0.0\"]\n[[package]]\nname = \"b\"\nversion = \"1.0.0\"\n",
		"[[package]]\nname = \"a\"\n",
		"package = 3\n",
		"[[package]]\nname = \"a\"\nversion = \"1\"\ndependencies = [\"\", 3]\n",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, data string) {
		if _, err := parseLock("Cargo.lock", []byte(data)); err != nil {
			var pe *ecosystems.PosError
			if !errors.As(err, &pe) || pe.Pos.File != "Cargo.lock" {
				t.Fatalf("error %v (%T) is not a positioned Cargo.lock error", err, err)
			}
		}
	})
}
