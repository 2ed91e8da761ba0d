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
// library, cgo and the main module's own packages left out.
func TestImportsListing(t *testing.T) {
	dir := t.TempDir()
	files := map[string]string{
		"go.mod":                  "module example.com/m\n\ngo 1.26.0\n\nrequire (\n\tgithub.com/a/a v1.0.0\n\tgithub.com/w/w v1.0.0\n)\n",
		"main.go":                 "package main\n\nimport (\n\t\"fmt\"\n\t\"C\"\n\n\t\"github.com/a/a/sub\"\n\t\"example.com/m/internal/x\"\n\t\"github.com/gone/gone\"\n)\n",
		"main_test.go":            "package main\n\nimport \"github.com/a/a\"\n",
		"internal/x/x.go":         "package x\n",
		"internal/x/x_windows.go": "package x\n\nimport \"github.com/w/w/winapi\"\n",
		"internal/x/gen.go":       "//go:build ignore\n\npackage main\n\nimport \"github.com/w/w/gen\"\n",
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
	listing := `{"Dir": "` + dir + `", "ImportPath": "example.com/m", "Module": {"Path": "example.com/m"}, "GoFiles": ["main.go"], "TestGoFiles": ["main_test.go"]}
{"Dir": "` + dir + `", "ImportPath": "example.com/m [example.com/m.test]", "ForTest": "example.com/m", "Module": {"Path": "example.com/m"}, "GoFiles": ["main.go"]}
{"ImportPath": "example.com/m.test", "Module": {"Path": "example.com/m"}, "GoFiles": ["_testmain.go"]}
{"Dir": "` + filepath.Join(dir, "internal", "x") + `", "ImportPath": "example.com/m/internal/x", "Module": {"Path": "example.com/m"}, "GoFiles": ["x.go"], "IgnoredGoFiles": ["gen.go", "x_windows.go"]}
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
			{Package: "github.com/w/w", Module: "github.com/w/w/gen", Pos: ecosystems.Pos{File: "internal/x/gen.go", Line: 5}, Kind: ecosystems.ImportRuntime},
			{Package: "github.com/w/w", Module: "github.com/w/w/winapi", Pos: ecosystems.Pos{File: "internal/x/x_windows.go", Line: 3}, Kind: ecosystems.ImportPlatform},
			{Package: "github.com/a/a", Module: "github.com/a/a/sub", Pos: ecosystems.Pos{File: "main.go", Line: 7}, Kind: ecosystems.ImportRuntime},
			{Package: "", Module: "github.com/gone/gone", Pos: ecosystems.Pos{File: "main.go", Line: 9}, Kind: ecosystems.ImportRuntime},
			{Package: "github.com/a/a", Module: "github.com/a/a", Pos: ecosystems.Pos{File: "main_test.go", Line: 3}, Kind: ecosystems.ImportRuntime, Test: true},
		},
		Files: 5,
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("Imports (-want +got):\n%s", diff)
	}
	if len(asked) == 0 || !strings.Contains(strings.Join(asked[0], " "), "list -e -deps -test -json=") || asked[0][len(asked[0])-1] != "example.com/m/..." {
		t.Errorf("go was asked %q, want go list -e -deps -test -json=... example.com/m/...", asked)
	}
}
