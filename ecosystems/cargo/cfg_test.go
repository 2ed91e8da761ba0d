package cargo

import (
	"reflect"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/envaudit/envaudit/ecosystems"
)

// linuxCfg is part of what `rustc --print cfg` prints on x86_64 Linux.
const linuxCfg = `debug_assertions
panic="unwind"
target_arch="x86_64"
target_endian="little"
target_env="gnu"
target_family="unix"
target_feature="sse2"
target_os="linux"
target_pointer_width="64"
unix
`

func TestCfg(t *testing.T) {
	set := parseCfgSet(linuxCfg)
	tests := []struct {
		name, key string
		want      bool
	}{
		{"bare-name", "cfg(unix)", true},
		{"bare-name-false", "cfg(windows)", false},
		{"pair", `cfg(target_os = "linux")`, true},
		{"pair-false", `cfg(target_os="macos")`, false},
		{"not", "cfg(not(windows))", true},
		{"all", `cfg(all(unix, target_pointer_width = "64"))`, true},
		{"all-false", `cfg(all(unix, target_arch = "aarch64"))`, false},
		{"any", `cfg(any(windows, target_os = "linux"))`, true},
		{"any-empty", "cfg(any())", false},
		{"all-empty", "cfg(all())", true},
		{"nested", `cfg(all(not(target_env = "msvc"), any(target_family = "unix", target_os = "wasi"),))`, true},
		{"feature", `cfg(target_feature = "avx512f")`, false},
		{"spaces", "cfg( not ( unix ) )", false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			e, err := parseCfg(tt.key)
			if err != nil {
				t.Fatalf("parseCfg(%q): %v", tt.key, err)
			}
			if got := e.eval(set); got != tt.want {
				t.Errorf("%s = %v, want %v", tt.key, got, tt.want)
			}
		})
	}
}

func TestCfgErrors(t *testing.T) {
	for _, key := range []string{"unix", "cfg(", "cfg()", "cfg(unix", `cfg(target_os = linux)`, `cfg(target_os = "linux)`, "cfg(not(a, b))", "cfg(unix) x", "cfg(any(a b))"} {
		t.Run(key, func(t *testing.T) {
			if e, err := parseCfg(key); err == nil {
				t.Errorf("parseCfg(%q) = %+v, want an error", key, e)
			}
		})
	}
}

func TestInapplicable(t *testing.T) {
	tg := target{triple: "x86_64-unknown-linux-gnu", cfg: parseCfgSet(linuxCfg)}
	d := func(name, group string, line int) decl {
		return decl{dep: ecosystems.Dependency{Name: name, Group: group, Pos: ecosystems.Pos{File: "Cargo.toml", Line: line}}}
	}
	decls := []decl{
		d("itoa", "", 1),
		d("winapi", "cfg(windows)", 2),
		d("libc", "cfg(unix)", 3),
		d("core-foundation", `cfg(target_os = "macos")`, 4),
		d("core-foundation", "x86_64-apple-darwin", 5),
		d("both", "cfg(windows)", 6),
		d("both", "", 7),
		d("native", "x86_64-unknown-linux-gnu", 8),
		d("odd", "cfg(what ever)", 9),
	}
	got, warnings := inapplicable(decls, tg)
	want := []ecosystems.Excluded{
		{Name: "core-foundation", Why: `declared only for target cfg(target_os = "macos") and x86_64-apple-darwin, which does not hold for x86_64-unknown-linux-gnu`},
		{Name: "winapi", Why: "declared only for target cfg(windows), which does not hold for x86_64-unknown-linux-gnu"},
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("inapplicable (-want +got):\n%s", diff)
	}
	if len(warnings) != 1 {
		t.Errorf("warnings = %q, want one for the table that does not parse", warnings)
	}
}

func TestDoctestCrates(t *testing.T) {
	src := "//! Crate docs:\n" +
		"//! ```\n" +
		"//! # use fnv::FnvHashMap;\n" +
		"//! ```\n" +
		"/// ```ignore\n" +
		"/// ignored::call();\n" +
		"/// ```\n" +
		"/// ```text\n" +
		"/// text::not_code\n" +
		"/// ```\n" +
		"/// ```no_run\n" +
		"/// assert_eq!(hex::encode(b\"a\"), \"61\");\n" +
		"/// ```\n" +
		"pub fn f() { itoa::Buffer::new(); }\n" +
		"\n" +
		"#[cfg(doctest)]\n" +
		"doc_comment::doctest!(\"../README.md\");\n" +
		"\n" +
		"#[cfg(doctest)]\n" +
		"mod readme {\n" +
		"    extern crate either;\n" +
		"}\n" +
		"fn g() { scopeguard::guard((), |_| {}); }\n"
	code := doctestCode(src)
	tests := []struct {
		ext  string
		want bool
	}{
		{"fnv", true},
		{"hex", true},
		{"doc_comment", true},
		{"either", true},
		{"ignored", false},
		{"text", false},
		{"itoa", false},
		{"scopeguard", false},
	}
	for _, tt := range tests {
		t.Run(tt.ext, func(t *testing.T) {
			if got := namesCrate(code, tt.ext); got != tt.want {
				t.Errorf("doc tests name %s = %v, want %v; doc-test code:\n%s", tt.ext, got, tt.want, code)
			}
		})
	}
}

// TestDoctestLines holds that each line of doc-test code keeps its line
// number in the source, so a crate only a doc test names is placed there.
func TestDoctestLines(t *testing.T) {
	src := "//! Crate docs.\n" +
		"//! ```\n" +
		"//! use fnv::FnvHashMap;\n" +
		"//! ```\n" +
		"\n" +
		"/// ```ignore\n" +
		"/// ignored::f();\n" +
		"/// ```\n" +
		"/// ```no_run\n" +
		"/// assert_eq!(hex::encode(b\"a\"), \"61\");\n" +
		"/// ```\n" +
		"pub fn f() {}\n" +
		"#[cfg(doctest)]\n" +
		"mod readme {\n" +
		"    extern crate either;\n" +
		"}\n"
	got := doctestLines(src)
	want := []docLine{{3, "use fnv::FnvHashMap;"}, {10, "assert_eq!(hex::encode(b\"a\"), \"61\");"}, {14, "mod readme {"}, {15, "    extern crate either;"}, {16, "}"}}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("doctestLines:\n got %+v\nwant %+v", got, want)
	}
}
