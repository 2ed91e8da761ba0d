package npm

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/rogpeppe/go-internal/txtar"

	"github.com/envaudit/envaudit/ecosystems"
	"github.com/envaudit/envaudit/ecosystems/internal/ecotest"
)

// result is what a golden file records of one project: the answers of the
// project the ecosystem opens and the owner of every path of interest.
type result struct {
	// Files are the project's files, "path kind" each.
	Files          []string                `json:"files"`
	OpenError      string                  `json:"openError,omitempty"`
	Declared       []ecosystems.Dependency `json:"declared,omitempty"`
	Installed      *inventoryJSON          `json:"installed,omitempty"`
	InstalledError string                  `json:"installedError,omitempty"`
	// Owners maps each path (relative to the fixture) to "pkg use", or
	// "-" when no package owns it.
	Owners map[string]string `json:"owners,omitempty"`
}

type inventoryJSON struct {
	Packages []ecosystems.Package  `json:"packages"`
	Excluded []ecosystems.Excluded `json:"excluded,omitempty"`
	Warnings []string              `json:"warnings,omitempty"`
	Unknown  bool                  `json:"unknown,omitempty"`
	Unlocked []string              `json:"unlocked,omitempty"`
}

// audit runs the ecosystem on root and looks up each path (relative to
// base) in the inventory's index.
func audit(t *testing.T, root, base string, env ecosystems.Env, paths []string) result {
	t.Helper()
	var r result
	p, err := New().Open(context.Background(), ecosystems.Dir(root))
	if err != nil {
		r.OpenError = err.Error()
		return r
	}
	if p == nil {
		return r
	}
	for _, f := range p.Files() {
		r.Files = append(r.Files, f.Path+" "+string(f.Kind))
	}
	r.Declared = p.Declared()
	inv, err := p.Installed(context.Background(), env)
	if err != nil {
		r.InstalledError = err.Error()
		return r
	}
	r.Installed = &inventoryJSON{Packages: inv.Packages, Excluded: inv.Excluded, Warnings: inv.Warnings, Unknown: inv.Unknown, Unlocked: inv.Unlocked}
	if inv.Evidence.Basis == "" {
		t.Errorf("Installed: empty Evidence")
	}
	r.Owners = map[string]string{}
	for _, p := range paths {
		r.Owners[p] = ecotest.Owner(inv.Index, filepath.Join(base, filepath.FromSlash(p)))
	}
	return r
}

// extract writes a fixture archive into dir. Two sections are special:
// "symlinks" lists links to create ("path -> target"), and "lookups" lists
// extra paths whose owner the golden file records (beside every file of
// the archive). Paths below project/ form the project; toolchain/ holds a
// fake node installation, and anything else lies outside the project.
func extract(t *testing.T, a *txtar.Archive, dir string) (paths []string) {
	t.Helper()
	paths, sections := ecotest.Extract(t, a, dir, "lookups", "symlinks")
	if l, ok := sections["lookups"]; ok {
		for _, l := range strings.Split(strings.TrimSpace(string(l)), "\n") {
			if l = strings.TrimSpace(l); l != "" {
				paths = append(paths, l)
			}
		}
	}
	if l, ok := sections["symlinks"]; ok {
		for _, l := range strings.Split(strings.TrimSpace(string(l)), "\n") {
			link, target, ok := strings.Cut(l, " -> ")
			if !ok {
				t.Fatalf("symlinks: bad line %q", l)
			}
			p := filepath.Join(dir, filepath.FromSlash(link))
			if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
				t.Fatal(err)
			}
			if err := os.Symlink(target, p); err != nil {
				t.Fatal(err)
			}
			paths = append(paths, link)
		}
	}
	if err := os.MkdirAll(filepath.Join(dir, "project"), 0o755); err != nil {
		t.Fatal(err)
	}
	sort.Strings(paths)
	return paths
}

// TestFixtures runs every hand-written project in testdata/unit/*.txtar
// and compares the result with the golden <case>.json beside it.
func TestFixtures(t *testing.T) {
	for _, c := range ecotest.Glob(t, "testdata/unit/*.txtar") {
		name := strings.TrimSuffix(filepath.Base(c), ".txtar")
		t.Run(name, func(t *testing.T) {
			a, err := txtar.ParseFile(c)
			if err != nil {
				t.Fatal(err)
			}
			dir := t.TempDir()
			paths := extract(t, a, dir)
			// A hermetic PATH: only the archive's own toolchain, if any.
			env := ecosystems.Env{Environ: []string{"PATH=" + filepath.Join(dir, "toolchain", "bin")}}
			if _, err := os.Stat(filepath.Join(dir, "toolchain", "bin", "node")); err == nil {
				env.Executables = []string{filepath.Join(dir, "toolchain", "bin", "node")}
			}
			got := audit(t, filepath.Join(dir, "project"), dir, env, paths)
			real, err := filepath.EvalSymlinks(dir)
			if err != nil {
				t.Fatal(err)
			}
			ecotest.GoldenJSON(t, strings.TrimSuffix(c, ".txtar")+".json", got, real, dir)
		})
	}
}

// TestDeclaredErrors checks the exact positioned message for each kind of
// malformed package.json.
func TestDeclaredErrors(t *testing.T) {
	tests := []struct {
		name, json, want string
	}{
		{"trailingComma", "{\n  \"dependencies\": {\n    \"debug\": \"^4\",\n  }\n}\n",
			`package.json:4: invalid character '}' looking for beginning of object key string`},
		{"missingComma", "{\n  \"name\": \"x\"\n  \"dependencies\": {}\n}\n",
			`package.json:3: invalid character '"' after object key:value pair`},
		{"unterminated", "{\n  \"dependencies\": {\n    \"debug\": \"^4\"\n",
			`package.json:3: unexpected end of JSON input`},
		{"empty", "", `package.json:1: unexpected end of JSON input`},
		{"trailingGarbage", "{}\n}\n", `package.json:2: invalid character '}' after top-level value`},
		{"controlInString", "{\n\"name\": \"a\tb\"}", `package.json:2: invalid character '\t' in string literal`},
		{"notObject", "\n[1, 2]\n", `package.json:2: top-level value is an array, want an object`},
		{"nameNumber", "{\n  \"name\": 7\n}", `package.json:2: "name" is a number, want a string`},
		{"depsArray", "{\n  \"devDependencies\": [\n    \"mocha\"\n  ]\n}", `package.json:2: "devDependencies" is an array, want an object`},
		{"specNumber", "{\n  \"dependencies\": {\n    \"debug\": 4\n  }\n}", `package.json:3: "debug" in "dependencies": version spec is a number, want a string`},
		{"specObjectOnNextLine", "{\n  \"peerDependencies\": {\n    \"react\":\n      {\"v\": 18}\n  }\n}", `package.json:4: "react" in "peerDependencies": version spec is an object, want a string`},
		{"specNull", "{\"optionalDependencies\": {\"fsevents\": null}}", `package.json:1: "fsevents" in "optionalDependencies": version spec is null, want a string`},
		{"emptyName", "{\n  \"dependencies\": {\n    \"\": \"1\"\n  }\n}", `package.json:3: empty package name in "dependencies"`},
		{"workspacesString", "{\n  \"workspaces\": \"packages/*\"\n}", `package.json:2: "workspaces" is a string, want an array of globs`},
		{"workspacesNoPackages", "{\n  \"workspaces\": {\"nohoist\": []}\n}", `package.json:2: "workspaces" object has no "packages" array`},
		{"workspacePatternNumber", "{\n  \"workspaces\": [\n    \"a\",\n    1\n  ]\n}", `package.json:4: workspace pattern is a number, want a string`},
		{"workspaceBadGlob", "{\n  \"workspaces\": [\n    \"packages/[\"\n  ]\n}", `package.json:3: workspace pattern "packages/[": syntax error in pattern`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			dir := t.TempDir()
			if err := os.WriteFile(filepath.Join(dir, "package.json"), []byte(tt.json), 0o644); err != nil {
				t.Fatal(err)
			}
			_, err := New().Open(context.Background(), ecosystems.Dir(dir))
			if err == nil {
				t.Fatalf("Open: no error, want %q", tt.want)
			}
			if diff := cmp.Diff(tt.want, err.Error()); diff != "" {
				t.Errorf("error (-want +got):\n%s", diff)
			}
			var pe *ecosystems.PosError
			if !errors.As(err, &pe) {
				t.Errorf("error %T is not a *ecosystems.PosError", err)
			}
		})
	}
}

// TestDeclaredLines checks positions against the text itself: each entry's
// line is the line holding its quoted name.
func TestDeclaredLines(t *testing.T) {
	text := "\ufeff{\"name\":\"x\",\"dependencies\":{\"a\":\"1\",\n\"b\":\"2\"},\n\n  \"devDependencies\" : { \"@types/a\" : \"*\" ,\n \"b\": \"3\" }, \"dependencies\": {\"c\": \"4\"}}\n"
	m, err := parseManifest("package.json", []byte(text), ecosystems.Pos{})
	if err != nil {
		t.Fatal(err)
	}
	got := m.deps
	want := []ecosystems.Dependency{
		// A repeated key counts where it is written last, as in JSON.parse.
		{Name: "@types/a", Spec: "*", Scope: ecosystems.ScopeDev, Pos: ecosystems.Pos{File: "package.json", Line: 4}, CompileOnly: true},
		{Name: "b", Spec: "3", Scope: ecosystems.ScopeDev, Pos: ecosystems.Pos{File: "package.json", Line: 5}},
		{Name: "c", Spec: "4", Scope: ecosystems.ScopeRuntime, Pos: ecosystems.Pos{File: "package.json", Line: 5}},
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("deps (-want +got):\n%s", diff)
	}
}

func TestDevTools(t *testing.T) {
	got := New().DevTools()
	if !sort.StringsAreSorted(got) {
		t.Errorf("DevTools not sorted: %q", got)
	}
	for _, want := range []string{"jest", "mocha", "vitest", "ava", "tap", "jasmine", "karma", "c8", "nyc", "ts-node", "uvu", "@jest/core"} {
		i := sort.SearchStrings(got, want)
		if i == len(got) || got[i] != want {
			t.Errorf("DevTools lacks %q", want)
		}
	}
	got[0] = "changed"
	if New().DevTools()[0] == "changed" {
		t.Error("DevTools returns its internal slice")
	}
}

// FuzzDeclared feeds arbitrary text to the package.json parser: it must
// never panic, must reject what is not JSON with a positioned error, and
// must position every entry it accepts on a line of the text.
func FuzzDeclared(f *testing.F) {
	for _, s := range []string{
		`{"dependencies":{"a":"1"},"devDependencies":{"@types/b":"2"}}`,
		"{\n\"workspaces\":{\"packages\":[\"p/*\",\"!p/x\"]},\n\"peerDependencies\":{\"r\":\"*\"}}",
		`{"optionalDependencies":{"x":null}}`,
		`[`, `{"a":1,}`, "\ufeff{}", `{"dependencies":{"a":"1","a":"2"}}`, `{"workspaces":["[" ]}`,
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		m, err := parseManifest("package.json", data, ecosystems.Pos{})
		if err != nil {
			ecotest.PosErrorIn(t, err, string(data))
			return
		}
		if !json.Valid(bytes.TrimPrefix(data, []byte("\ufeff"))) {
			t.Fatalf("accepted invalid JSON %q", data)
		}
		n := bytes.Count(data, []byte("\n")) + 1
		for _, d := range m.deps {
			if d.Pos.Line < 1 || d.Pos.Line > n {
				t.Fatalf("%q at line %d outside 1..%d", d.Name, d.Pos.Line, n)
			}
			if !bytes.Contains(data, []byte(`"`)) {
				t.Fatalf("dependency %q from text without strings", d.Name)
			}
		}
	})
}

// FuzzParseLock feeds arbitrary text to the lockfile reader: never a
// panic, and every error positioned on a line of the text.
func FuzzParseLock(f *testing.F) {
	for _, s := range []string{
		`{"lockfileVersion":3,"packages":{"":{},"node_modules/a":{"version":"1.0.0","dev":true,"dependencies":{"b":"1"}}}}`,
		`{"lockfileVersion":1,"dependencies":{}}`,
		`{"packages":{"node_modules/a":{"version":1}}}`,
		`{"packages":{"node_modules/a":null}}`, `{"packages":[]}`, `{`,
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		lock, err := parseLock("package-lock.json", data)
		if err != nil {
			ecotest.PosErrorIn(t, err, string(data))
			return
		}
		for k, e := range lock {
			if k == "" || e == nil {
				t.Fatalf("root or nil entry %q kept", k)
			}
		}
	})
}

// TestInstalledCancelled checks that a cancelled context stops the walk.
func TestInstalledCancelled(t *testing.T) {
	dir := t.TempDir()
	if err := os.MkdirAll(filepath.Join(dir, "node_modules", "a"), 0o755); err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if err := os.WriteFile(filepath.Join(dir, "package.json"), []byte(`{"dependencies": {"a": "1"}}`), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := ecotest.Open(t, New(), dir).Installed(ctx, ecosystems.Env{Environ: []string{}}); !errors.Is(err, context.Canceled) {
		t.Errorf("Installed with a cancelled context: %v, want context.Canceled", err)
	}
}

// TestOtherLockfiles checks that yarn's and pnpm's lockfiles, which npm
// does not parse, are listed among the project's files as lockfiles, and
// do not make a project by themselves.
func TestOtherLockfiles(t *testing.T) {
	dir := t.TempDir()
	ecotest.WriteFile(t, filepath.Join(dir, "yarn.lock"), []byte("# yarn lockfile v1\n"), 0o644)
	if p := ecotest.Open(t, New(), dir); p != nil {
		t.Errorf("a yarn.lock alone opened as a project: %v", p.Files())
	}
	ecotest.WriteFile(t, filepath.Join(dir, "package.json"), []byte(`{"dependencies": {"ms": "2"}}`), 0o644)
	ecotest.WriteFile(t, filepath.Join(dir, "pnpm-lock.yaml"), []byte("lockfileVersion: '9.0'\n"), 0o644)
	want := []ecosystems.File{
		{Path: "package.json", Kind: ecosystems.KindManifest},
		{Path: "pnpm-lock.yaml", Kind: ecosystems.KindLockfile},
		{Path: "yarn.lock", Kind: ecosystems.KindLockfile},
	}
	if diff := cmp.Diff(want, ecotest.Open(t, New(), dir).Files()); diff != "" {
		t.Errorf("Files (-want +got):\n%s", diff)
	}
}
