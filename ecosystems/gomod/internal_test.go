package gomod

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/google/go-cmp/cmp"
	"golang.org/x/mod/modfile"
	"golang.org/x/mod/module"

	"github.com/envaudit/envaudit/ecosystems"
	"github.com/envaudit/envaudit/ecosystems/internal/ecotest"
)

func TestParseGraph(t *testing.T) {
	out := []byte(`example.com/main github.com/a/a@v1.1.0
example.com/main go@1.26.0
example.com/main example.com/ws@v0.0.0
github.com/a/a@v1.1.0 github.com/b/b@v1.0.0
github.com/a/a@v1.1.0 go@1.21
github.com/a/a@v1.0.0 github.com/c/c@v1.0.0
github.com/b/b@v1.0.0 github.com/b/b/v2@v2.0.0
github.com/b/b@v1.0.0 example.com/ws@v0.0.0
github.com/b/b@v1.0.0 github.com/gone/gone@v1.0.0
go@1.26.0 toolchain@go1.26.0
malformed line here
`)
	selected := map[string]string{"github.com/a/a": "v1.1.0", "github.com/b/b": "v1.0.0", "github.com/b/b/v2": "v2.0.0", "github.com/c/c": "v1.0.0"}
	mainMods := map[string]bool{"example.com/main": true, "example.com/ws": true}
	got := parseGraph(out, selected, mainMods)
	want := map[string][]string{
		"github.com/a/a": {"github.com/b/b"},
		"github.com/b/b": {"github.com/b/b/v2"},
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("parseGraph (-want +got):\n%s", diff)
	}
}

func TestListEnv(t *testing.T) {
	tests := []struct {
		name      string
		env       []string
		workspace bool
		want      string
	}{
		{"none", []string{"HOME=/root"}, false, "GOFLAGS=-mod=readonly"},
		{"keeps-other-flags", []string{"GOFLAGS=-buildvcs=false"}, false, "GOFLAGS=-buildvcs=false -mod=readonly"},
		{"vendor-becomes-readonly", []string{"GOFLAGS=-mod=vendor -tags=x"}, false, "GOFLAGS=-tags=x -mod=readonly"},
		{"mod-honoured", []string{"GOFLAGS=-mod=mod"}, false, "GOFLAGS=-mod=mod"},
		{"mod-refused-in-workspace", []string{"GOFLAGS=-mod=mod"}, true, "GOFLAGS=-mod=readonly"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := listEnv(tt.env, tt.workspace)
			if last := got[len(got)-1]; last != tt.want {
				t.Errorf("listEnv(%q) ends with %q, want %q", tt.env, last, tt.want)
			}
			for _, kv := range got[:len(got)-1] {
				if strings.HasPrefix(kv, "GOFLAGS=") {
					t.Errorf("listEnv kept %q", kv)
				}
			}
		})
	}
}

func TestModuleOf(t *testing.T) {
	const mc = "/root/go/pkg/mod"
	tests := []struct {
		path string
		want module.Version
		ok   bool
	}{
		{mc + "/github.com/!burnt!sushi/toml@v1.4.0/decode.go", module.Version{Path: "github.com/BurntSushi/toml", Version: "v1.4.0"}, true},
		{mc + "/golang.org/x/sys@v0.50.0/unix/syscall.go", module.Version{Path: "golang.org/x/sys", Version: "v0.50.0"}, true},
		{mc + "/github.com/x/y@v0.0.0-20240101000000-!a!b!c/y.go", module.Version{Path: "github.com/x/y", Version: "v0.0.0-20240101000000-ABC"}, true},
		{mc + "/cache/download/golang.org/x/sys/@v/v0.50.0.mod", module.Version{}, false},
		{mc + "/github.com/Bad/path@v1.0.0/x.go", module.Version{}, false},
		{"/elsewhere/x@v1.0.0/x.go", module.Version{}, false},
	}
	for _, tt := range tests {
		t.Run(filepath.Base(filepath.Dir(tt.path)), func(t *testing.T) {
			got, ok := ModuleOf(mc, tt.path)
			if got != tt.want || ok != tt.ok {
				t.Errorf("ModuleOf(%q) = %v, %v; want %v, %v", tt.path, got, ok, tt.want, tt.ok)
			}
			if ok {
				dir, err := cacheDir(mc, got)
				if err != nil || !strings.HasPrefix(tt.path, dir+"/") {
					t.Errorf("cacheDir(%v) = %q, %v; want a prefix of %q", got, dir, err, tt.path)
				}
			}
		})
	}
}

func TestPosError(t *testing.T) {
	tests := []struct {
		name, file, data string
		work             bool
		want             string
		line             int
	}{
		{"unknown-directive", "go.mod", "module m\n\nfoo bar\n", false, "go.mod:3: unknown directive: foo", 3},
		{"bad-version", "app/go.mod", "module m\nrequire x.org/y latest\n", false, `app/go.mod:2: require x.org/y: version "latest" invalid: must be of the form v1.2.3`, 2},
		{"unterminated", "go.mod", "module m\nrequire (\n", false, "go.mod:3: syntax error (unterminated block started at go.mod:2:1)", 3},
		{"work-bad-use", "go.work", "go 1.22\nuse\n", true, "go.work:2: usage: use local/dir", 2},
		{"no-module", "go.mod", "go 1.22\n", false, "go.mod:1: no module directive", 1},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var err error
			if tt.work {
				_, err = modfile.ParseWork(tt.file, []byte(tt.data), nil)
				if err != nil {
					err = posError(tt.file, err)
				}
			} else {
				_, err = parseGoMod(tt.file, []byte(tt.data))
			}
			pe := ecotest.PosError(t, err)
			if got := err.Error(); got != tt.want {
				t.Errorf("error = %q, want %q", got, tt.want)
			}
			if pe.Pos.File != tt.file || pe.Pos.Line != tt.line {
				t.Errorf("position = %v, want %s:%d", pe.Pos, tt.file, tt.line)
			}
		})
	}
}

// fakeRunner answers the go commands Installed runs from recorded output.
type fakeRunner map[string]string

func (f fakeRunner) run(_ context.Context, _ string, env []string, name string, args ...string) ([]byte, error) {
	key := strings.Join(args, " ")
	out, ok := f[key]
	if !ok {
		return nil, fmt.Errorf("%s %s: exit status 1", name, key)
	}
	if ecosystems.Getenv(env, "GOFLAGS") != "-mod=readonly" {
		return nil, fmt.Errorf("GOFLAGS = %q, want -mod=readonly", ecosystems.Getenv(env, "GOFLAGS"))
	}
	return []byte(out), nil
}

// TestInstalledRecorded checks Installed against recorded go command
// output: the fast layer beside TestInstalledReal.
func TestInstalledRecorded(t *testing.T) {
	root := filepath.Join("testdata", "vendored")
	abs, err := filepath.Abs(root)
	if err != nil {
		t.Fatal(err)
	}
	goenv := `{"GOMODCACHE": "/mc", "GOROOT": "/usr/local/go"}`
	tests := []struct {
		name     string
		runner   fakeRunner
		want     []ecosystems.Package
		warnings int
		lookups  map[string]string // path -> "pkg use"
	}{
		{
			name: "listed",
			runner: fakeRunner{
				"env -json GOOS GOARCH GOFLAGS CGO_ENABLED GOMODCACHE GOROOT GOCACHE": goenv,
				"list -m -json all": `{"Path": "example.com/envaudit-fixture/vendored", "Main": true, "Dir": "` + abs + `"}
{"Path": "github.com/google/uuid", "Version": "v1.6.0", "Dir": "/mc/github.com/google/uuid@v1.6.0"}
{"Path": "github.com/Up/case", "Version": "v1.0.0", "Indirect": true, "Error": {"Err": "not extracted"}}`,
				"mod graph": "example.com/envaudit-fixture/vendored github.com/google/uuid@v1.6.0\ngithub.com/google/uuid@v1.6.0 github.com/Up/case@v1.0.0\n",
			},
			want: []ecosystems.Package{
				{Name: "github.com/Up/case", Version: "v1.0.0", PURL: "pkg:golang/github.com/Up/case@v1.0.0", Path: "/mc/github.com/!up/case@v1.0.0"},
				{Name: "github.com/google/uuid", Version: "v1.6.0", PURL: "pkg:golang/github.com/google/uuid@v1.6.0", Path: "/mc/github.com/google/uuid@v1.6.0", Direct: true, Deps: []string{"github.com/Up/case"}},
			},
			warnings: 1,
			lookups: map[string]string{
				"/mc/github.com/google/uuid@v1.6.0/uuid.go":              "github.com/google/uuid runtime",
				"/mc/github.com/google/uuid@v1.6.0/go.mod":               "github.com/google/uuid none",
				"/mc/cache/download/github.com/!up/case/@v/v1.0.0.mod":   "github.com/Up/case none",
				"/mc/github.com/!up/case@v1.0.0/case.go":                 "github.com/Up/case runtime",
				filepath.Join(abs, "vendor/github.com/google/uuid/x.go"): "github.com/google/uuid runtime",
				"/usr/local/go/src/fmt/print.go":                         "",
			},
		},
		{
			name: "vendor-fallback",
			runner: fakeRunner{
				"env -json GOOS GOARCH GOFLAGS CGO_ENABLED GOMODCACHE GOROOT GOCACHE": goenv,
			},
			want: []ecosystems.Package{
				{Name: "github.com/google/uuid", Version: "v1.6.0", PURL: "pkg:golang/github.com/google/uuid@v1.6.0", Path: "/mc/github.com/google/uuid@v1.6.0", Direct: true},
			},
			warnings: 2, // list failed; mod graph failed
			lookups: map[string]string{
				filepath.Join(abs, "vendor/github.com/google/uuid/uuid.go"): "github.com/google/uuid runtime",
			},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			e := &Ecosystem{Run: tt.runner.run, Go: "go"}
			inv, err := ecotest.Open(t, e, abs).Installed(context.Background(), ecosystems.Env{Environ: []string{"GOFLAGS=-mod=vendor"}})
			if err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(tt.want, inv.Packages); diff != "" {
				t.Errorf("packages (-want +got):\n%s", diff)
			}
			if len(inv.Warnings) != tt.warnings {
				t.Errorf("warnings = %q, want %d", inv.Warnings, tt.warnings)
			}
			if diff := cmp.Diff([]ecosystems.Excluded{{Name: StdlibName, Why: "toolchain baseline"}}, inv.Excluded); diff != "" {
				t.Errorf("excluded (-want +got):\n%s", diff)
			}
			for p, want := range tt.lookups {
				pkg, use, ok := inv.Index.Lookup(p)
				got := ""
				if ok {
					got = pkg + " " + string(use)
				}
				if got != want {
					t.Errorf("Lookup(%q) = %q, want %q", p, got, want)
				}
			}
		})
	}
}

// TestInstalledUnresolved checks Installed on a project whose go.mod
// requires a module the go command cannot resolve (testdata/sloppy-madeup):
// `go list -m all` fails, and the -e listing gives D2 without that module
// and a warning naming it, so the audit calls its declaration not
// installed. When the -e listing names no module it could not resolve,
// the first failure is Installed's error.
func TestInstalledUnresolved(t *testing.T) {
	abs, err := filepath.Abs(filepath.Join("testdata", "sloppy-madeup"))
	if err != nil {
		t.Fatal(err)
	}
	goenv := `{"GOMODCACHE": "/mc", "GOROOT": "/usr/local/go"}`
	main := `{"Path": "example.com/envaudit-fixture/sloppy-madeup", "Main": true, "Dir": "` + abs + `"}
`
	tests := []struct {
		name     string
		runner   fakeRunner
		want     []string // the packages
		warnings []string
		err      string
	}{
		{
			name: "made-up",
			runner: fakeRunner{
				"env -json GOOS GOARCH GOFLAGS CGO_ENABLED GOMODCACHE GOROOT GOCACHE": goenv,
				"list -m -e -json all": main + `{"Path": "github.com/fastjsonx/fastjsonx-turbo", "Version": "v1.2.0", "Error": {"Err": "module lookup disabled by GOPROXY=off"}}
{"Path": "github.com/google/uuid", "Version": "v1.6.0", "Dir": "/mc/github.com/google/uuid@v1.6.0", "GoMod": "/mc/cache/download/github.com/google/uuid/@v/v1.6.0.mod"}
{"Path": "golang.org/x/sys", "Version": "v0.50.0", "GoMod": "/mc/cache/download/golang.org/x/sys/@v/v0.50.0.mod", "Error": {"Err": "not extracted"}}`,
			},
			want: []string{"github.com/google/uuid@v1.6.0", "golang.org/x/sys@v0.50.0"},
			warnings: []string{
				"module github.com/fastjsonx/fastjsonx-turbo@v1.2.0 cannot be resolved by the go command (module lookup disabled by GOPROXY=off): it is not installed",
				"go mod graph: go mod graph: exit status 1",
				"module golang.org/x/sys@v0.50.0: not extracted",
			},
		},
		{
			name: "other-failure",
			runner: fakeRunner{
				"env -json GOOS GOARCH GOFLAGS CGO_ENABLED GOMODCACHE GOROOT GOCACHE": goenv,
				"list -m -e -json all": main,
			},
			err: "list the module graph: go list -m -json all: exit status 1",
		},
		{
			name:   "no-listing",
			runner: fakeRunner{"env -json GOOS GOARCH GOFLAGS CGO_ENABLED GOMODCACHE GOROOT GOCACHE": goenv},
			err:    "list the module graph: go list -m -json all: exit status 1",
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			e := &Ecosystem{Run: tt.runner.run, Go: "go"}
			inv, err := ecotest.Open(t, e, abs).Installed(context.Background(), ecosystems.Env{Environ: []string{}})
			if tt.err != "" {
				if err == nil || err.Error() != tt.err {
					t.Fatalf("Installed error = %v, want %q", err, tt.err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			var got []string
			for _, p := range inv.Packages {
				got = append(got, p.Name+"@"+p.Version)
			}
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("packages (-want +got):\n%s", diff)
			}
			if diff := cmp.Diff(tt.warnings, inv.Warnings); diff != "" {
				t.Errorf("warnings (-want +got):\n%s", diff)
			}
		})
	}
}

func TestOpenNoModule(t *testing.T) {
	e := &Ecosystem{Run: func(context.Context, string, []string, string, ...string) ([]byte, error) {
		t.Fatal("the go command must not run without go.mod")
		return nil, nil
	}}
	p, err := e.Open(context.Background(), ecosystems.Dir(t.TempDir()))
	if err != nil || p != nil {
		t.Errorf("Open(empty dir) = %v, %v; want no project", p, err)
	}
}

// TestNotOnDisk checks that a project opened on a tree that is not on disk
// answers D1 and its files, and refuses to enumerate an installation or
// name directories to skip.
func TestNotOnDisk(t *testing.T) {
	fsys := fstest.MapFS{
		"go.mod": {Data: []byte("module example.com/m\n\nrequire github.com/google/uuid v1.6.0\n")},
		"go.sum": {Data: []byte("")},
	}
	e := &Ecosystem{Run: func(context.Context, string, []string, string, ...string) ([]byte, error) {
		t.Fatal("the go command must not run for a tree that is not on disk")
		return nil, nil
	}}
	p, err := e.Open(context.Background(), ecosystems.Source{FS: fsys})
	if err != nil {
		t.Fatal(err)
	}
	want := []ecosystems.Dependency{{Name: "github.com/google/uuid", Spec: "v1.6.0", Scope: ecosystems.ScopeRuntime, Pos: ecosystems.Pos{File: "go.mod", Line: 3}}}
	if diff := cmp.Diff(want, p.Declared()); diff != "" {
		t.Errorf("Declared (-want +got):\n%s", diff)
	}
	if diff := cmp.Diff([]string{"go.mod", "go.sum"}, ecosystems.Paths(p.Files())); diff != "" {
		t.Errorf("Files (-want +got):\n%s", diff)
	}
	if _, err := p.Installed(context.Background(), ecosystems.Env{}); !errors.Is(err, ecosystems.ErrNotOnDisk) {
		t.Errorf("Installed = %v, want ErrNotOnDisk", err)
	}
	if skip := p.(ecosystems.TraceSkipper).TraceSkip(context.Background(), ecosystems.Env{}); skip != nil {
		t.Errorf("TraceSkip = %q, want none", skip)
	}
}

// FuzzDeclared checks that any go.mod either yields dependencies positioned
// inside the file or a *ecosystems.PosError naming it, never a panic.
func FuzzDeclared(f *testing.F) {
	seeds := []string{
		"module m\n\ngo 1.26.0\n\nrequire (\n\ta.org/b v1.0.0\n\tc.org/d v1.2.3 // indirect\n)\n\ntool c.org/d/cmd/x\n",
		"module m\nrequire a.org/b v1.0.0\nreplace a.org/b => ../b\nreplace a.org/b v1.0.0 => e.org/f v1.1.0\nexclude a.org/b v0.9.0\n",
		"module m\nfoo bar\n",
		"module m\nrequire (\n",
		"module \"m\"\nrequire \"a.org/b\" v1.0.0\ntoolchain go1.26.0\ngodebug default=go1.21\n",
		"",
	}
	for _, s := range seeds {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, data string) {
		m, err := parseGoMod("go.mod", []byte(data))
		if err != nil {
			var pe *ecosystems.PosError
			if !errors.As(err, &pe) || pe.Pos.File != "go.mod" || pe.Pos.Line < 0 {
				t.Fatalf("error %v (%T) is not a positioned go.mod error", err, err)
			}
			return
		}
		lines := strings.Count(data, "\n") + 1
		for _, d := range declared([]goMod{m}, nil) {
			if d.Name == "" || d.Pos.File != "go.mod" || d.Pos.Line < 1 || d.Pos.Line > lines {
				t.Fatalf("dependency %+v out of the file's %d lines", d, lines)
			}
		}
	})
}

func TestTraceSkip(t *testing.T) {
	project := t.TempDir()
	if err := os.WriteFile(filepath.Join(project, "go.mod"), []byte("module example.com/m\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	// Debian's layout: GOROOT's src and pkg/include link to /usr/share.
	machine := t.TempDir()
	for _, d := range []string{"lib/go/pkg/tool", "share/go/src", "share/go/pkg/include"} {
		if err := os.MkdirAll(filepath.Join(machine, d), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	for link, target := range map[string]string{
		"lib/go/src":         "../../share/go/src",
		"lib/go/pkg/include": "../../../share/go/pkg/include",
		"lib/go/VERSION":     "../../share/go/VERSION",
		"lib/go/pkg/here":    "tool",
		"cache":              project,
	} {
		if err := os.Symlink(target, filepath.Join(machine, link)); err != nil {
			t.Fatal(err)
		}
	}
	tests := []struct {
		name  string
		root  string
		goenv string
		err   error
		want  []string
	}{
		{"linkedRoot", project, `{"GOCACHE": "/c", "GOROOT": "` + machine + `/lib/go", "GOMODCACHE": "/m"}`, nil, []string{"/c", machine + "/lib/go", machine + "/share/go/src", machine + "/share/go/pkg/include"}},
		{"cacheLinkedIntoProject", project, `{"GOCACHE": "` + machine + `/cache", "GOROOT": "/nonexistent/go", "GOMODCACHE": "/m"}`, nil, []string{"/nonexistent/go"}},
		{"cacheAndRoot", project, `{"GOCACHE": "/c/go-build", "GOROOT": "/nonexistent/go", "GOMODCACHE": "/m/mod"}`, nil, []string{"/c/go-build", "/nonexistent/go"}},
		{"cacheOff", project, `{"GOCACHE": "off", "GOROOT": "/nonexistent/go", "GOMODCACHE": "/m/mod"}`, nil, []string{"/nonexistent/go"}},
		{"modcacheInsideRoot", project, `{"GOCACHE": "/c", "GOROOT": "/nonexistent/go", "GOMODCACHE": "/nonexistent/go/pkg/mod"}`, nil, []string{"/c"}},
		{"projectInsideRoot", project, `{"GOCACHE": "/c", "GOROOT": "` + filepath.Dir(project) + `", "GOMODCACHE": "/m"}`, nil, []string{"/c"}},
		{"cacheInsideModcache", project, `{"GOCACHE": "/m/mod/github.com/x@v1.0.0", "GOROOT": "/nonexistent/go", "GOMODCACHE": "/m/mod"}`, nil, []string{"/nonexistent/go"}},
		{"downloadedToolchain", project, `{"GOCACHE": "/c", "GOROOT": "/m/mod/golang.org/toolchain@v0.0.1-go1.22.0.linux-amd64", "GOMODCACHE": "/m/mod"}`, nil, []string{"/c", "/m/mod/golang.org/toolchain@v0.0.1-go1.22.0.linux-amd64"}},
		{"rootInsideModule", project, `{"GOCACHE": "/c", "GOROOT": "/m/mod/golang.org/x/toolchain@v1.0.0", "GOMODCACHE": "/m/mod"}`, nil, []string{"/c"}},
		{"cacheInsideProject", project, `{"GOCACHE": "` + project + `/node_modules", "GOROOT": "/nonexistent/go", "GOMODCACHE": "/m"}`, nil, []string{"/nonexistent/go"}},
		{"slash", project, `{"GOCACHE": "/", "GOROOT": "", "GOMODCACHE": "/m"}`, nil, nil},
		{"goFails", project, "", fmt.Errorf("go: not found"), nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			e := &Ecosystem{Go: "go", Run: func(_ context.Context, _ string, _ []string, _ string, args ...string) ([]byte, error) {
				if got := strings.Join(args, " "); got != "env -json GOOS GOARCH GOFLAGS CGO_ENABLED GOMODCACHE GOROOT GOCACHE" {
					t.Errorf("ran go %s", got)
				}
				return []byte(tt.goenv), tt.err
			}}
			p := ecotest.Open(t, e, tt.root).(ecosystems.TraceSkipper)
			if diff := cmp.Diff(tt.want, p.TraceSkip(context.Background(), ecosystems.Env{})); diff != "" {
				t.Errorf("TraceSkip (-want +got):\n%s", diff)
			}
		})
	}
}

func TestPlatformsElsewhere(t *testing.T) {
	tests := []struct {
		name string
		file string
		data string
		want bool
	}{
		{"os-suffix", "console_windows.go", "package console\n", true},
		{"arch-suffix", "asm_arm64.go", "package x\n", true},
		{"build-line-os", "term_bsd.go", "//go:build darwin || freebsd\n\npackage x\n", true},
		{"negated-here", "stub.go", "//go:build !linux\n\npackage x\n", true},
		{"custom-tag", "integration_test.go", "//go:build integration\n\npackage x\n", false},
		{"ignore", "gen.go", "//go:build ignore\n\npackage main\n", false},
		{"os-and-tag", "e2e_windows.go", "//go:build e2e\n\npackage x\n", false},
		{"not-go", "x.s", "", false},
	}
	pl := newPlatforms("linux", "amd64", true, nil)
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := pl.elsewhere(tt.file, []byte(tt.data)); got != tt.want {
				t.Errorf("elsewhere(%q) = %v, want %v", tt.file, got, tt.want)
			}
		})
	}
	t.Run("tag-set-here", func(t *testing.T) {
		pl := newPlatforms("linux", "amd64", true, []string{"e2e"})
		if !pl.elsewhere("e2e_windows.go", []byte("//go:build e2e\n\npackage x\n")) {
			t.Error("a Windows file whose other tag this run sets is not platform code")
		}
	})
}

func TestBuildTags(t *testing.T) {
	tests := []struct {
		name, goflags string
		want          []string
	}{
		{"none", "-mod=readonly", nil},
		{"comma", "-mod=readonly -tags=a,b", []string{"a", "b"}},
		{"double-dash", "--tags=netgo", []string{"netgo"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if diff := cmp.Diff(tt.want, buildTags(tt.goflags)); diff != "" {
				t.Errorf("buildTags(%q) (-want +got):\n%s", tt.goflags, diff)
			}
		})
	}
}
