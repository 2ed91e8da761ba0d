package ecotest

import (
	"context"
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/rogpeppe/go-internal/txtar"

	"github.com/envaudit/envaudit/ecosystems"
	"github.com/envaudit/envaudit/internal/faketb"
)

func TestGoldenJSON(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "x.json")
	t.Setenv("ENVAUDIT_UPDATE", "1")
	GoldenJSON(t, file, map[string]string{"path": dir + "/a", "spec": ">=1"}, dir)
	b, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	want := "{\n  \"path\": \"$TMP/a\",\n  \"spec\": \"\\u003e=1\"\n}\n"
	if diff := cmp.Diff(want, string(b)); diff != "" {
		t.Errorf("GoldenJSON wrote (-want +got):\n%s", diff)
	}
}

func TestGlob(t *testing.T) {
	dir := t.TempDir()
	for _, f := range []string{"a/declared.golden", "b/error.golden", "c/other", "d.txt"} {
		WriteFile(t, filepath.Join(dir, f), nil, 0o644)
	}
	base := func(ps []string) []string {
		var out []string
		for _, p := range ps {
			if !filepath.IsAbs(p) {
				t.Errorf("%q is not absolute", p)
			}
			out = append(out, filepath.Base(p))
		}
		return out
	}
	if diff := cmp.Diff([]string{"a", "b", "c", "d.txt"}, base(Glob(t, filepath.Join(dir, "*")))); diff != "" {
		t.Errorf("Glob (-want +got):\n%s", diff)
	}
	if diff := cmp.Diff([]string{"a", "b"}, base(Glob(t, filepath.Join(dir, "*"), "declared.golden", "error.golden"))); diff != "" {
		t.Errorf("Glob having goldens (-want +got):\n%s", diff)
	}
	if !faketb.Run(t, func(tb testing.TB) { Glob(tb, filepath.Join(dir, "*"), "nothing") }).Stopped() {
		t.Errorf("Glob matching nothing did not fail the test")
	}
}

func TestPosError(t *testing.T) {
	pe := ecosystems.Errorf("a.txt", 2, "bad %q", "x")
	if got := PosError(t, pe); got.Pos != (ecosystems.Pos{File: "a.txt", Line: 2}) {
		t.Errorf("PosError = %+v", got)
	}
	PosErrorIn(t, pe, "one\ntwo")
	tests := []struct {
		name string
		f    func(testing.TB)
	}{
		{"not-positioned", func(tb testing.TB) { PosError(tb, os.ErrNotExist) }},
		{"line-past-the-end", func(tb testing.TB) { PosErrorIn(tb, pe, "one line") }},
		{"line-zero", func(tb testing.TB) { PosErrorIn(tb, ecosystems.Errorf("a.txt", 0, "bad"), "x") }},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if !faketb.Run(t, tt.f).Stopped() {
				t.Errorf("did not fail the test")
			}
		})
	}
}

func TestRenderDeclared(t *testing.T) {
	got := RenderDeclared([]ecosystems.Dependency{
		{Name: "zlib", Spec: "1.2", Scope: ecosystems.ScopeRuntime, Pos: ecosystems.Pos{File: "CMakeLists.txt", Line: 3}, Raw: "find_package(ZLIB 1.2)"},
		{Name: "fmt", Scope: ecosystems.ScopeRuntime, CompileOnly: true, Pos: ecosystems.Pos{File: "vcpkg.json", Line: 1}},
	})
	want := "CMakeLists.txt:3\tzlib\t1.2\truntime\tfind_package(ZLIB 1.2)\nvcpkg.json:1\tfmt\t-\truntime compile-only\t-\n"
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("RenderDeclared (-want +got):\n%s", diff)
	}
}

// fakeEcosystem declares one dependency per line of its manifest "deps",
// and fails with a positioned error on a line "bad".
type fakeEcosystem struct{}

func (fakeEcosystem) Name() string { return "fake" }

// Open reads "deps" through the Source.
func (fakeEcosystem) Open(_ context.Context, src ecosystems.Source) (ecosystems.Project, error) {
	b, err := src.ReadFile("deps")
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	var p fakeProject
	for i, l := range strings.Split(strings.TrimSpace(string(b)), "\n") {
		if l == "bad" {
			return nil, ecosystems.Errorf("deps", i+1, "bad dependency")
		}
		p = append(p, ecosystems.Dependency{Name: l, Scope: ecosystems.ScopeRuntime, Pos: ecosystems.Pos{File: "deps", Line: i + 1}})
	}
	return p, nil
}

func (fakeEcosystem) DevTools() []string { return nil }

func (fakeEcosystem) Identify(name, version string) ecosystems.Identity {
	return ecosystems.GenericIdentity(name, version)
}

// fakeProject is the dependencies fakeEcosystem read.
type fakeProject []ecosystems.Dependency

func (fakeProject) Files() []ecosystems.File {
	return []ecosystems.File{{Path: "deps", Kind: ecosystems.KindManifest}}
}

func (p fakeProject) Declared() []ecosystems.Dependency { return p }

func (fakeProject) Installed(context.Context, ecosystems.Env) (*ecosystems.Inventory, error) {
	return nil, errors.New("not a real ecosystem")
}

func TestProjectGoldens(t *testing.T) {
	dir := t.TempDir()
	good, bad := filepath.Join(dir, "good"), filepath.Join(dir, "bad")
	WriteFile(t, filepath.Join(good, "deps"), []byte("a\nb\n"), 0o644)
	WriteFile(t, filepath.Join(good, "files.golden"), []byte("deps\tmanifest\n"), 0o644)
	WriteFile(t, filepath.Join(good, "declared.golden"), []byte("deps:1\ta\t-\truntime\t-\ndeps:2\tb\t-\truntime\t-\n"), 0o644)
	WriteFile(t, filepath.Join(bad, "deps"), []byte("a\nbad\n"), 0o644)
	WriteFile(t, filepath.Join(bad, "error.golden"), []byte("deps:2: bad dependency\n"), 0o644)
	if !ProjectGoldens(t, fakeEcosystem{}, good) {
		t.Errorf("ProjectGoldens(good) = false")
	}
	if ProjectGoldens(t, fakeEcosystem{}, bad) {
		t.Errorf("ProjectGoldens(bad) = true")
	}
	// A project that should fail but does not is a failure.
	WriteFile(t, filepath.Join(good, "error.golden"), []byte("deps:1: x\n"), 0o644)
	if !faketb.Run(t, func(tb testing.TB) { ProjectGoldens(tb, fakeEcosystem{}, good) }).Stopped() {
		t.Errorf("ProjectGoldens of a project that parses, with an error.golden, did not fail the test")
	}
}

func TestOwnerAndUsed(t *testing.T) {
	x := ecosystems.NewPathIndex()
	x.AddDir("/m/a", "a", ecosystems.UseRuntime)
	x.AddDir("/m/b", "b", ecosystems.UseCompile)
	x.AddFile("/m/c/x", "c", ecosystems.UseRuntime)
	for path, want := range map[string]string{"/m/a/f": "a runtime", "/m/b/f": "b compile", "/m/c/x": "c runtime", "/other": "-"} {
		if got := Owner(x, path); got != want {
			t.Errorf("Owner(%q) = %q, want %q", path, got, want)
		}
	}
	if diff := cmp.Diff([]string{"a", "c"}, Used(x, []string{"/m/c/x", "/m/b/f", "/m/a/1", "/m/a/2", "/other"})); diff != "" {
		t.Errorf("Used (-want +got):\n%s", diff)
	}
	if got := Used(x, nil); len(got) != 0 {
		t.Errorf("Used(nil) = %q", got)
	}
}

func TestMissing(t *testing.T) {
	if err := (Prereqs{Tools: []string{"sh"}, Files: []string{"/"}}).Missing(); err != nil {
		t.Errorf("Missing of what is there: %v", err)
	}
	err := Prereqs{Tools: []string{"sh", "envaudit-no-such-tool"}, Files: []string{"/envaudit/no/such/file"}}.Missing()
	if err == nil {
		t.Fatal("Missing found nothing missing")
	}
	for _, want := range []string{`program "envaudit-no-such-tool"`, `file "/envaudit/no/such/file"`, "run `make setup`"} {
		if !strings.Contains(err.Error(), want) {
			t.Errorf("Missing = %q, want it to mention %s", err, want)
		}
	}
	if strings.Contains(err.Error(), `"sh"`) {
		t.Errorf("Missing = %q names a program that is there", err)
	}
}

func TestExtractAndCopyTree(t *testing.T) {
	a := txtar.Parse([]byte("-- lookups --\nx/y\n-- project/a.txt --\nA\n-- toolchain/bin/node --\n#!/bin/sh\n-- b/c.txt --\nC\n"))
	dir := t.TempDir()
	names, sections := Extract(t, a, dir, "lookups", "symlinks")
	if diff := cmp.Diff([]string{"b/c.txt", "project/a.txt", "toolchain/bin/node"}, names); diff != "" {
		t.Errorf("names (-want +got):\n%s", diff)
	}
	if diff := cmp.Diff(map[string][]byte{"lookups": []byte("x/y\n")}, sections); diff != "" {
		t.Errorf("sections (-want +got):\n%s", diff)
	}
	if _, err := os.Stat(filepath.Join(dir, "lookups")); err == nil {
		t.Errorf("a special section was written as a file")
	}

	dst := filepath.Join(t.TempDir(), "copy")
	if err := CopyTree(dir, dst, func(d fs.DirEntry) bool { return d.Name() == "b" }); err != nil {
		t.Fatal(err)
	}
	var got []string
	err := filepath.WalkDir(dst, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		info, err := d.Info()
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(dst, p)
		got = append(got, filepath.ToSlash(rel)+" "+strconv.FormatUint(uint64(info.Mode().Perm()), 8))
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff([]string{"project/a.txt 644", "toolchain/bin/node 755"}, got); diff != "" {
		t.Errorf("copied files and permissions (-want +got):\n%s", diff)
	}
}

// TestUnclean checks what Unclean and CheckLocations accept: exactly the
// positions ecosystems.NewPos makes.
func TestUnclean(t *testing.T) {
	tests := []struct {
		pos   ecosystems.Pos
		clean bool
	}{
		{ecosystems.Pos{File: "package.json", Line: 7}, true},
		{ecosystems.Pos{File: "src/a.js"}, true},
		{ecosystems.Pos{File: "./index.js", Line: 2}, false},
		{ecosystems.Pos{File: "src//a.js", Line: 1}, false},
		{ecosystems.Pos{File: "/abs/pom.xml", Line: 1}, false},
		{ecosystems.Pos{File: "../common.txt", Line: 3}, false},
		{ecosystems.Pos{}, false},
		{ecosystems.Pos{File: "go.mod", Line: -1}, false},
	}
	for _, tt := range tests {
		t.Run(tt.pos.String(), func(t *testing.T) {
			if why := Unclean(tt.pos); (why == "") != tt.clean {
				t.Errorf("Unclean(%#v) = %q, want clean %v", tt.pos, why, tt.clean)
			}
		})
	}
}
