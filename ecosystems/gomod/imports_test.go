package gomod

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/envaudit/envaudit/ecosystems"
)

// TestImportsListing checks how Imports reads a go list answer, with a
// fake go command: modules from the listing, from the requirements for a
// file excluded here, none for an import nothing provides; the standard
// library, cgo and the main module's own packages left out; the files by
// role — code, the tests of internal and external test packages, and
// tooling: a program built only with the ignore tag, a tools.go, the
// packages of examples/ and of _examples/, which the go command's
// wildcards skip and Imports lists by directory (not one with its own
// go.mod, another module).
func TestImportsListing(t *testing.T) {
	dir := t.TempDir()
	files := map[string]string{
		"go.mod":                   "module example.com/m\n\ngo 1.26.0\n\nrequire (\n\tgithub.com/a/a v1.0.0\n\tgithub.com/w/w v1.0.0\n)\n",
		"main.go":                  "package main\n\nimport (\n\t\"fmt\"\n\t\"C\"\n\n\t\"github.com/a/a/sub\"\n\t\"example.com/m/internal/x\"\n\t\"github.com/gone/gone\"\n)\n",
		"main_test.go":             "package main\n\nimport \"github.com/a/a\"\n",
		"internal/x/x.go":          "package x\n",
		"internal/x/x_windows.go":  "package x\n\nimport \"github.com/w/w/winapi\"\n",
		"internal/x/gen.go":        "//go:build ignore\n\npackage main\n\nimport \"github.com/w/w/gen\"\n",
		"internal/x/x_ext_test.go": "package x_test\n\nimport \"github.com/t/t/assert\"\n",
		"tools.go":                 "//go:build tools\n\npackage main\n\nimport _ \"github.com/g/g/cmd/gen\"\n",
		"examples/hello/main.go":   "package main\n\nimport \"github.com/e/e\"\n",
		"_examples/demo/main.go":   "package main\n\nimport \"github.com/e/e/v2\"\n",
		"_examples/other/go.mod":   "module example.com/other\n",
		"_examples/other/main.go":  "package main\n\nimport \"github.com/o/o\"\n",
	}
	for name, data := range files {
		p := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(data), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	listing := `{"Dir": "` + dir + `", "ImportPath": "example.com/m", "Module": {"Path": "example.com/m", "Dir": "` + dir + `"}, "GoFiles": ["main.go"], "TestGoFiles": ["main_test.go"], "IgnoredGoFiles": ["tools.go"]}
{"Dir": "` + dir + `", "ImportPath": "example.com/m [example.com/m.test]", "ForTest": "example.com/m", "Module": {"Path": "example.com/m"}, "GoFiles": ["main.go"]}
{"ImportPath": "example.com/m.test", "Module": {"Path": "example.com/m"}, "GoFiles": ["_testmain.go"]}
{"Dir": "` + filepath.Join(dir, "internal", "x") + `", "ImportPath": "example.com/m/internal/x", "Module": {"Path": "example.com/m", "Dir": "` + dir + `"}, "GoFiles": ["x.go"], "XTestGoFiles": ["x_ext_test.go"], "IgnoredGoFiles": ["gen.go", "x_windows.go"]}
{"Dir": "` + filepath.Join(dir, "examples", "hello") + `", "ImportPath": "example.com/m/examples/hello", "Module": {"Path": "example.com/m", "Dir": "` + dir + `"}, "GoFiles": ["main.go"]}
{"Dir": "` + filepath.Join(dir, "_examples", "demo") + `", "ImportPath": "example.com/m/_examples/demo", "Module": {"Path": "example.com/m", "Dir": "` + dir + `"}, "GoFiles": ["main.go"]}
{"ImportPath": "github.com/t/t/assert", "DepOnly": true, "Module": {"Path": "github.com/t/t"}}
{"ImportPath": "github.com/e/e", "DepOnly": true, "Module": {"Path": "github.com/e/e"}}
{"ImportPath": "github.com/e/e/v2", "DepOnly": true, "Module": {"Path": "github.com/e/e/v2"}}
{"ImportPath": "fmt", "Standard": true, "DepOnly": true}
{"ImportPath": "github.com/a/a/sub", "DepOnly": true, "Module": {"Path": "github.com/a/a"}}
{"ImportPath": "github.com/a/a", "DepOnly": true, "Module": {"Path": "github.com/a/a"}}
{"ImportPath": "github.com/gone/gone", "DepOnly": true}
`
	var asked [][]string
	run := func(_ context.Context, _ string, _ []string, _ string, args ...string) ([]byte, error) {
		asked = append(asked, args)
		if args[0] == "env" {
			return []byte(`{"GOOS": "linux", "GOARCH": "amd64", "GOFLAGS": "-mod=readonly", "CGO_ENABLED": "1"}`), nil
		}
		return []byte(listing), nil
	}
	p, err := (&Ecosystem{Run: run, Go: "go"}).Open(context.Background(), ecosystems.Dir(dir))
	if err != nil {
		t.Fatal(err)
	}
	got, err := p.(ecosystems.Importer).Imports(context.Background(), ecosystems.Env{Environ: []string{"HOME=/root"}})
	if err != nil {
		t.Fatal(err)
	}
	want := &ecosystems.Imports{
		List: []ecosystems.Import{
			{Package: "github.com/e/e/v2", Module: "github.com/e/e/v2", Pos: ecosystems.Pos{File: "_examples/demo/main.go", Line: 3}, Kind: ecosystems.ImportRuntime, Tool: "an example"},
			{Package: "github.com/e/e", Module: "github.com/e/e", Pos: ecosystems.Pos{File: "examples/hello/main.go", Line: 3}, Kind: ecosystems.ImportRuntime, Tool: "an example"},
			{Package: "github.com/w/w", Module: "github.com/w/w/gen", Pos: ecosystems.Pos{File: "internal/x/gen.go", Line: 5}, Kind: ecosystems.ImportRuntime, Tool: "a program run on its own (//go:build ignore)"},
			{Package: "github.com/t/t", Module: "github.com/t/t/assert", Pos: ecosystems.Pos{File: "internal/x/x_ext_test.go", Line: 3}, Kind: ecosystems.ImportRuntime, Test: true},
			{Package: "github.com/w/w", Module: "github.com/w/w/winapi", Pos: ecosystems.Pos{File: "internal/x/x_windows.go", Line: 3}, Kind: ecosystems.ImportPlatform},
			{Package: "github.com/a/a", Module: "github.com/a/a/sub", Pos: ecosystems.Pos{File: "main.go", Line: 7}, Kind: ecosystems.ImportRuntime},
			{Package: "", Module: "github.com/gone/gone", Pos: ecosystems.Pos{File: "main.go", Line: 9}, Kind: ecosystems.ImportRuntime},
			{Package: "github.com/a/a", Module: "github.com/a/a", Pos: ecosystems.Pos{File: "main_test.go", Line: 3}, Kind: ecosystems.ImportRuntime, Test: true},
			{Package: "", Module: "github.com/g/g/cmd/gen", Pos: ecosystems.Pos{File: "tools.go", Line: 5}, Kind: ecosystems.ImportRuntime, Tool: "a tools file (//go:build tools)"},
		},
		Files:   9,
		Code:    []string{"internal/x/x.go", "internal/x/x_windows.go", "main.go"},
		Tests:   []string{"internal/x/x_ext_test.go", "main_test.go"},
		Tooling: []string{"_examples/demo/main.go", "examples/hello/main.go", "internal/x/gen.go", "tools.go"},
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("Imports (-want +got):\n%s", diff)
	}
	if len(asked) == 0 || !strings.Contains(strings.Join(asked[0], " "), "list -e -deps -test -json=") || !strings.HasSuffix(strings.Join(asked[0], " "), " example.com/m/... ./_examples/demo") {
		t.Errorf("go was asked %q, want go list -e -deps -test -json=... example.com/m/... ./_examples/demo", asked)
	}
}
