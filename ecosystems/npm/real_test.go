package npm

import (
	"context"
	"crypto/sha256"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"sort"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/envaudit/envaudit/ecosystems"
	"github.com/envaudit/envaudit/ecosystems/internal/ecotest"
	"github.com/envaudit/envaudit/internal/testenv"
)

// The real-install fixtures are installed by scripts/setup.d/npm.sh with
// `npm ci` from their committed lockfiles, into testdata/real/<name>/
// node_modules (ignored by git), which records a stamp of the manifests it
// installed from.

// installedFixture returns the absolute directory of a real-install
// fixture, failing the test when its install is missing or stale; it marks
// the test as a real-install test, skipped in the short tier.
func installedFixture(t testing.TB, rel string) string {
	t.Helper()
	ecotest.RealInstall(t)
	dir, err := filepath.Abs(filepath.Join("testdata", rel))
	if err != nil {
		t.Fatal(err)
	}
	want, err := stamp(dir)
	if err != nil {
		t.Fatal(err)
	}
	got, err := os.ReadFile(filepath.Join(dir, "node_modules", ".envaudit-stamp"))
	if errors.Is(err, fs.ErrNotExist) {
		// A Plug'n'Play install has no node_modules (yarn_berry_install).
		got, err = os.ReadFile(filepath.Join(dir, ".yarn", ".envaudit-stamp"))
	}
	if err != nil || strings.TrimSpace(string(got)) != want {
		t.Fatal(testenv.Message(fmt.Sprintf("an install of %s from its current lockfile (scripts/setup.d/npm.sh)", dir)))
	}
	return dir
}

// stamp computes what npm_stamp in scripts/lib.sh records: the SHA-256 of the
// sha256sum listing of the fixture's package.json files and lockfiles
// (package-lock.json, pnpm-lock.yaml, yarn.lock; outside node_modules),
// sorted by path.
func stamp(dir string) (string, error) {
	stamped := map[string]bool{"package.json": true, "package-lock.json": true, "pnpm-lock.yaml": true, "yarn.lock": true}
	var files []string
	err := filepath.WalkDir(dir, func(p string, e fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if e.IsDir() && e.Name() == "node_modules" {
			return filepath.SkipDir
		}
		if !e.IsDir() && stamped[e.Name()] {
			rel, _ := filepath.Rel(dir, p)
			files = append(files, "./"+filepath.ToSlash(rel))
		}
		return nil
	})
	if err != nil {
		return "", err
	}
	sort.Strings(files)
	var listing strings.Builder
	for _, f := range files {
		data, err := os.ReadFile(filepath.Join(dir, filepath.FromSlash(f)))
		if err != nil {
			return "", err
		}
		fmt.Fprintf(&listing, "%x  %s\n", sha256.Sum256(data), f)
	}
	return fmt.Sprintf("%x", sha256.Sum256([]byte(listing.String()))), nil
}

// realEnv is the environment of a run on this machine: its PATH and the
// node executable in it, with a fake npm first on PATH, corepack beside it.
// This machine's npm is excluded as toolchain as well, but whether
// corepack is (nodesource's node bundles it beside npm, Debian's npm
// stands alone, node 25 dropped it) depends on how node was installed; the
// fake makes both names excluded everywhere, so the golden files do not
// record which node this machine has.
func realEnv(t testing.TB) ecosystems.Env {
	t.Helper()
	node, err := exec.LookPath("node")
	if err != nil {
		t.Fatalf("node not found (run `make setup`): %v", err)
	}
	if node, err = filepath.EvalSymlinks(node); err != nil {
		t.Fatal(err)
	}
	fake := filepath.Join(t.TempDir(), "lib", "node_modules")
	ecotest.WriteFile(t, filepath.Join(fake, "npm", "package.json"), []byte(`{"name": "npm", "version": "10.8.2"}`), 0o644)
	ecotest.WriteFile(t, filepath.Join(fake, "npm", "bin", "npm"), []byte("#!/bin/sh\n"), 0o755)
	ecotest.WriteFile(t, filepath.Join(fake, "corepack", "package.json"), []byte(`{"name": "corepack", "version": "0.34.6"}`), 0o644)
	environ := append(os.Environ(), "PATH="+filepath.Join(fake, "npm", "bin")+string(filepath.ListSeparator)+os.Getenv("PATH"))
	return ecosystems.Env{Environ: environ, Executables: []string{node}}
}

// TestRealGolden records the complete D1 and D2 of every real-install
// fixture: names, versions, package URLs, paths, edges and flags.
func TestRealGolden(t *testing.T) {
	for _, lock := range ecotest.Glob(t, "testdata/real/*/package-lock.json") {
		name := filepath.Base(filepath.Dir(lock))
		t.Run(name, func(t *testing.T) {
			dir := installedFixture(t, "real/"+name)
			got := audit(t, dir, dir, realEnv(t), nil)
			if got.OpenError != "" || got.InstalledError != "" {
				t.Fatalf("errors: %q, %q", got.OpenError, got.InstalledError)
			}
			got.Owners = nil
			ecotest.GoldenJSON(t, filepath.Join(filepath.Dir(lock), "expected.json"), got)
		})
	}
}

// TestRealBasic checks the small fixture by hand: debug 2 needs ms 2.0.0
// while the project needs ms 2.1, so npm hoists ms 2.1.3 and nests ms
// 2.0.0 under debug.
func TestRealBasic(t *testing.T) {
	dir := installedFixture(t, "real/basic")
	p := ecotest.Open(t, New(), dir)
	decl := p.Declared()
	pos := func(line int) ecosystems.Pos { return ecosystems.Pos{File: "package.json", Line: line} }
	wantDecl := []ecosystems.Dependency{
		{Name: "debug", Spec: "^2.6.9", Scope: ecosystems.ScopeRuntime, Pos: pos(8)},
		{Name: "ms", Spec: "^2.1.3", Scope: ecosystems.ScopeRuntime, Pos: pos(9)},
		{Name: "@isaacs/string-locale-compare", Spec: "^1.1.0", Scope: ecosystems.ScopeRuntime, Pos: pos(10)},
		{Name: "@types/ms", Spec: "^0.7.34", Scope: ecosystems.ScopeDev, Pos: pos(13), CompileOnly: true},
	}
	if diff := cmp.Diff(wantDecl, decl); diff != "" {
		t.Errorf("Declared (-want +got):\n%s", diff)
	}
	inv, err := p.Installed(context.Background(), realEnv(t))
	if err != nil {
		t.Fatal(err)
	}
	wantPkgs := []ecosystems.Package{
		{Name: "@isaacs/string-locale-compare", Version: "1.1.0", PURL: "pkg:npm/%40isaacs/string-locale-compare@1.1.0", Path: "node_modules/@isaacs/string-locale-compare", Direct: true},
		{Name: "@types/ms", Version: "0.7.34", PURL: "pkg:npm/%40types/ms@0.7.34", Path: "node_modules/@types/ms", Direct: true, Dev: true},
		{Name: "debug", Version: "2.6.9", PURL: "pkg:npm/debug@2.6.9", Path: "node_modules/debug", Direct: true, Deps: []string{"ms"}},
		{Name: "ms", Version: "2.0.0", PURL: "pkg:npm/ms@2.0.0", Path: "node_modules/debug/node_modules/ms"},
		{Name: "ms", Version: "2.1.3", PURL: "pkg:npm/ms@2.1.3", Path: "node_modules/ms", Direct: true},
	}
	if diff := cmp.Diff(wantPkgs, inv.Packages); diff != "" {
		t.Errorf("Installed packages (-want +got):\n%s", diff)
	}
	if len(inv.Warnings) > 0 {
		t.Errorf("warnings: %q", inv.Warnings)
	}
	npmDir := npmPackageDir(mustEval(t, mustLookPath(t, "npm")))
	tests := []struct{ path, want string }{
		{"node_modules/debug/src/index.js", "debug runtime"},
		{"node_modules/debug/src/node.js", "debug runtime"},
		{"node_modules/debug/package.json", "debug resolve"},
		{"node_modules/debug/node_modules/ms/index.js", "ms runtime"},
		{"node_modules/ms/index.js", "ms runtime"},
		{"node_modules/@isaacs/string-locale-compare/index.js", "@isaacs/string-locale-compare runtime"},
		{"node_modules/@types/ms/index.d.ts", "@types/ms compile"},
		{"node_modules/.package-lock.json", "-"},
		{"index.js", "-"},
		{"package.json", "-"},
	}
	for _, tt := range tests {
		if got := ecotest.Owner(inv.Index, filepath.Join(dir, tt.path)); got != tt.want {
			t.Errorf("owner of %s = %q, want %q", tt.path, got, tt.want)
		}
	}
	if got := ecotest.Owner(inv.Index, filepath.Join(npmDir, "package.json")); got != "npm none" {
		t.Errorf("owner of npm's own package.json = %q, want \"npm none\"", got)
	}
	if !hasExcluded(inv, "npm") {
		t.Errorf("npm not excluded: %v", inv.Excluded)
	}
}

// TestRealWorkspaces checks the workspace fixture by hand: the workspace
// packages are linked into node_modules and are not packages, util's
// pinned ms 2.0.0 is installed under packages/util/node_modules.
func TestRealWorkspaces(t *testing.T) {
	dir := installedFixture(t, "real/workspaces")
	p := ecotest.Open(t, New(), dir)
	decl := p.Declared()
	wantDecl := []ecosystems.Dependency{
		{Name: "ms", Spec: "^2.1.3", Scope: ecosystems.ScopeRuntime, Pos: ecosystems.Pos{File: "package.json", Line: 10}},
		{Name: "is-number", Spec: "^7.0.0", Scope: ecosystems.ScopeDev, Pos: ecosystems.Pos{File: "package.json", Line: 13}},
		{Name: "debug", Spec: "^4.3.4", Scope: ecosystems.ScopeRuntime, Pos: ecosystems.Pos{File: "packages/app/package.json", Line: 7}},
		{Name: "ms", Spec: "2.0.0", Scope: ecosystems.ScopeRuntime, Pos: ecosystems.Pos{File: "packages/util/package.json", Line: 6}},
	}
	if diff := cmp.Diff(wantDecl, decl); diff != "" {
		t.Errorf("Declared (-want +got):\n%s", diff)
	}
	inv, err := p.Installed(context.Background(), realEnv(t))
	if err != nil {
		t.Fatal(err)
	}
	wantPkgs := []ecosystems.Package{
		{Name: "debug", Version: "4.4.3", PURL: "pkg:npm/debug@4.4.3", Path: "node_modules/debug", Direct: true, Deps: []string{"ms"}},
		{Name: "is-number", Version: "7.0.0", PURL: "pkg:npm/is-number@7.0.0", Path: "node_modules/is-number", Direct: true, Dev: true},
		{Name: "ms", Version: "2.1.3", PURL: "pkg:npm/ms@2.1.3", Path: "node_modules/ms", Direct: true},
		{Name: "ms", Version: "2.0.0", PURL: "pkg:npm/ms@2.0.0", Path: "packages/util/node_modules/ms", Direct: true},
	}
	if diff := cmp.Diff(wantPkgs, inv.Packages); diff != "" {
		t.Errorf("Installed packages (-want +got):\n%s", diff)
	}
	if len(inv.Warnings) > 0 {
		t.Errorf("warnings: %q", inv.Warnings)
	}
	tests := []struct{ path, want string }{
		{"packages/util/node_modules/ms/index.js", "ms runtime"},
		{"packages/util/index.js", "-"},
		{"node_modules/@fx/util/index.js", "-"}, // the workspace, through its link
		{"node_modules/debug/src/index.js", "debug runtime"},
	}
	for _, tt := range tests {
		if got := ecotest.Owner(inv.Index, filepath.Join(dir, tt.path)); got != tt.want {
			t.Errorf("owner of %s = %q, want %q", tt.path, got, tt.want)
		}
	}
}

// TestRealMocha checks the runner fixture's graph: mocha is a direct dev
// package whose edges are its package.json's, and a nested copy
// (chalk's supports-color) is distinct from the hoisted one.
func TestRealMocha(t *testing.T) {
	dir := installedFixture(t, "real/mocha")
	inv := ecotest.Installed(t, New(), dir, realEnv(t))
	if len(inv.Packages) != 72 {
		t.Errorf("%d packages, want 72 (npm ci said: added 72 packages)", len(inv.Packages))
	}
	byPath := map[string]ecosystems.Package{}
	for _, p := range inv.Packages {
		byPath[p.Path] = p
	}
	mocha := byPath["node_modules/mocha"]
	want := []string{"ansi-colors", "browser-stdout", "chokidar", "debug", "diff", "escape-string-regexp", "find-up", "glob", "he", "js-yaml", "log-symbols", "minimatch", "ms", "serialize-javascript", "strip-json-comments", "supports-color", "workerpool", "yargs", "yargs-parser", "yargs-unparser"}
	if diff := cmp.Diff(want, mocha.Deps); diff != "" {
		t.Errorf("mocha's edges (-want +got):\n%s", diff)
	}
	if !mocha.Direct || !mocha.Dev {
		t.Errorf("mocha: direct %v dev %v, want both", mocha.Direct, mocha.Dev)
	}
	nested, hoisted := byPath["node_modules/chalk/node_modules/supports-color"], byPath["node_modules/supports-color"]
	if nested.Version == "" || hoisted.Version == "" || nested.Version == hoisted.Version {
		t.Errorf("supports-color: nested %q, hoisted %q: want two different versions", nested.Version, hoisted.Version)
	}
	if got := ecotest.Owner(inv.Index, filepath.Join(dir, "node_modules/chalk/node_modules/supports-color/index.js")); got != "supports-color runtime" {
		t.Errorf("nested supports-color owner = %q", got)
	}
	if got := ecotest.Owner(inv.Index, filepath.Join(dir, "node_modules/.bin/mocha")); got != "mocha runtime" {
		t.Errorf("node_modules/.bin/mocha owner = %q, want mocha", got)
	}
	if len(inv.Warnings) > 0 {
		t.Errorf("warnings: %q", inv.Warnings)
	}
}

// preload is loaded into every node process of a run (NODE_OPTIONS
// --require): at exit it lists every CommonJS module the process loaded,
// as absolute real paths, into a file per process.
const preload = `const fs = require("fs"), path = require("path");
process.on("exit", () => {
  const out = path.join(process.env.ENVAUDIT_LOADED_DIR, String(process.pid) + ".txt");
  fs.writeFileSync(out, Object.keys(require.cache).join("\n") + "\n");
});
`

// runNode runs command in dir with the preload and returns the modules
// every node process of the run loaded.
func runNode(t *testing.T, dir string, command ...string) []string {
	t.Helper()
	tmp := t.TempDir()
	pre := filepath.Join(tmp, "preload.cjs")
	if err := os.WriteFile(pre, []byte(preload), 0o644); err != nil {
		t.Fatal(err)
	}
	loaded := filepath.Join(tmp, "loaded")
	if err := os.Mkdir(loaded, 0o755); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(command[0], command[1:]...)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "NODE_OPTIONS=--require "+pre, "ENVAUDIT_LOADED_DIR="+loaded,
		"npm_config_update_notifier=false", "NO_COLOR=1")
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("%s: %v\n%s", strings.Join(command, " "), err, out)
	}
	files, err := filepath.Glob(filepath.Join(loaded, "*.txt"))
	if err != nil || len(files) == 0 {
		t.Fatalf("no node process reported its modules: %v\n%s", err, out)
	}
	var mods []string
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		for _, m := range strings.Fields(string(data)) {
			if m != pre {
				mods = append(mods, m)
			}
		}
	}
	return mods
}

// straceLine matches a successful open of a file (annotated by -y with
// the path it resolved to) or an execve, in strace -ff output (one file per
// thread, so no call is split into "unfinished" and "resumed" halves).
var straceLine = regexp.MustCompile(`^(?:open(?:at2?)?\(.*, (O_[A-Z_|]+)(?:, 0[0-7]*)?\) = \d+<(.*)>|execve\("([^"]+)",.* = 0)$`)

// straceRun runs command in dir under strace, the reference tracer of the
// tests (envaudit's own tracer is tested in package tracer, and ecosystems
// never run it), and returns every regular file the run opened or
// executed, with symbolic links resolved as envaudit's tracer records them.
func straceRun(t *testing.T, dir string, command ...string) []string {
	t.Helper()
	ecotest.Require(t, ecotest.Prereqs{Tools: []string{"strace"}})
	tmp := t.TempDir()
	out := filepath.Join(tmp, "t")
	args := append([]string{"-ff", "-qq", "-y", "-e", "trace=open,openat,openat2,execve", "-e", "status=successful", "-o", out, "--"}, command...)
	cmd := exec.Command("strace", args...)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "npm_config_update_notifier=false", "NO_COLOR=1")
	if b, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("strace %s: %v\n%s", strings.Join(command, " "), err, b)
	}
	files, err := filepath.Glob(out + ".*")
	if err != nil {
		t.Fatal(err)
	}
	var lines []string
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		lines = append(lines, strings.Split(string(data), "\n")...)
	}
	var paths []string
	for _, l := range lines {
		m := straceLine.FindStringSubmatch(l)
		switch {
		case m == nil:
		case m[3] != "":
			if filepath.IsAbs(m[3]) {
				if r, err := filepath.EvalSymlinks(m[3]); err == nil {
					paths = append(paths, r)
				}
			}
		case !strings.Contains(m[1], "O_DIRECTORY") && !strings.Contains(m[1], "O_WRONLY") && !strings.Contains(m[1], "O_RDWR"):
			paths = append(paths, m[2])
		}
	}
	if len(paths) == 0 {
		t.Fatalf("strace recorded no file for %s", strings.Join(command, " "))
	}
	return paths
}

// TestRealNodeRuns runs real node processes over the installed fixtures,
// once reporting the modules each process loaded (a --require hook) and
// once under strace (every file opened or executed), and attributes what
// they touched: the packages with evidence of use are exactly the
// expected ones in both, every touched file under node_modules has an
// owner, package.json reads are no evidence, and npm's own files (read by
// `npm test`) are toolchain baseline.
func TestRealNodeRuns(t *testing.T) {
	tests := []struct {
		name, fixture string
		command       []string
		want          []string // packages with a runtime or compile use
		project       []string // loaded files that are project code
		npm           bool     // npm's own files were read
	}{
		{
			name: "basic", fixture: "real/basic", command: []string{"node", "index.js"},
			want:    []string{"@isaacs/string-locale-compare", "debug", "ms"},
			project: []string{"index.js"},
		},
		{
			name: "workspaceApp", fixture: "real/workspaces", command: []string{"node", "-e", `require("@fx/app")()`},
			want:    []string{"debug", "ms"},
			project: []string{"packages/app/index.js", "packages/util/index.js"},
		},
		{
			// `npm test` runs mocha through npm and a shell: npm's files
			// are read first, then mocha and the 59 packages of its closure
			// that it loads (of 70: it loads js-yaml, workerpool and others
			// only when needed), the test, and the project's ms. left-pad
			// is declared but never loaded.
			name: "npmTestMocha", fixture: "real/mocha", command: []string{"npm", "test", "--silent"},
			want: []string{
				"ansi-colors", "ansi-regex", "ansi-styles", "anymatch", "balanced-match", "binary-extensions",
				"brace-expansion", "braces", "camelcase", "chalk", "chokidar", "cliui", "debug", "decamelize",
				"diff", "emoji-regex", "escalade", "escape-string-regexp", "fill-range", "find-up", "flat",
				"fs.realpath", "get-caller-file", "glob", "glob-parent", "has-flag", "he", "inflight", "inherits",
				"is-binary-path", "is-extglob", "is-fullwidth-code-point", "is-glob", "is-number", "is-plain-obj",
				"is-unicode-supported", "locate-path", "log-symbols", "minimatch", "mocha", "ms", "normalize-path",
				"once", "p-limit", "p-locate", "path-exists", "picomatch", "readdirp", "require-directory",
				"string-width", "strip-ansi", "supports-color", "to-regex-range", "wrap-ansi", "wrappy", "y18n",
				"yargs", "yargs-parser", "yargs-unparser", "yocto-queue",
			},
			project: []string{"index.js", "test/index.test.js"},
			npm:     true,
		},
	}
	for _, tt := range tests {
		dir := installedFixture(t, tt.fixture)
		inv := ecotest.Installed(t, New(), dir, realEnv(t))
		excluded := map[string]bool{}
		for _, x := range inv.Excluded {
			excluded[x.Name] = true
		}
		for _, run := range []struct {
			name string
			run  func(*testing.T, string, ...string) []string
		}{{"loaded", runNode}, {"strace", straceRun}} {
			t.Run(tt.name+"/"+run.name, func(t *testing.T) {
				used := map[string]bool{}
				var project []string
				sawNPM := false
				for _, f := range run.run(t, dir, tt.command...) {
					pkg, use, ok := inv.Index.Lookup(f)
					rel, _ := filepath.Rel(dir, f)
					inProject := !strings.HasPrefix(rel, "..")
					switch {
					case ok && excluded[pkg]:
						sawNPM = sawNPM || pkg == "npm"
						if use != ecosystems.UseNone {
							t.Errorf("%s: excluded %q with use %q, want none", f, pkg, use)
						}
					case ok && use == ecosystems.UseNone:
						if filepath.Base(f) != "package.json" {
							t.Errorf("%s: no evidence of use, but not a package.json", f)
						}
					case ok:
						used[pkg] = true
					case inProject && !strings.Contains(rel, "node_modules"):
						if filepath.Ext(f) == ".js" {
							project = append(project, filepath.ToSlash(rel))
						}
					case inProject:
						t.Errorf("%s has no owner", f)
					}
				}
				got := make([]string, 0, len(used))
				for p := range used {
					got = append(got, p)
				}
				sort.Strings(got)
				if diff := cmp.Diff(tt.want, got); diff != "" {
					t.Errorf("packages with evidence of use (-want +got):\n%s", diff)
				}
				sort.Strings(project)
				project = slices.Compact(project)
				if diff := cmp.Diff(tt.project, project); diff != "" {
					t.Errorf("project code loaded (-want +got):\n%s", diff)
				}
				if sawNPM != tt.npm {
					t.Errorf("npm's own files attributed to the excluded npm: %v, want %v", sawNPM, tt.npm)
				}
			})
		}
	}
}

func hasExcluded(inv *ecosystems.Inventory, name string) bool {
	for _, x := range inv.Excluded {
		if x.Name == name && x.Why == toolchainWhy {
			return true
		}
	}
	return false
}

func mustLookPath(t testing.TB, name string) string {
	t.Helper()
	p, err := exec.LookPath(name)
	if err != nil {
		t.Fatalf("%s not found (run `make setup`): %v", name, err)
	}
	return p
}

func mustEval(t testing.TB, p string) string {
	t.Helper()
	r, err := filepath.EvalSymlinks(p)
	if err != nil {
		t.Fatal(err)
	}
	return r
}

// TestRealPnpm checks a real pnpm install: each package of the virtual
// store node_modules/.pnpm is one package, whichever links reach it (the
// project's node_modules for direct dependencies, the store entries of its
// dependents), its edges are the links beside it, and traced paths under
// the store are attributed to it.
func TestRealPnpm(t *testing.T) {
	dir := installedFixture(t, "real/pnpm")
	p := ecotest.Open(t, New(), dir)
	inv, err := p.Installed(context.Background(), realEnv(t))
	if err != nil {
		t.Fatal(err)
	}
	want := []ecosystems.Package{
		{Name: "ms", Version: "2.1.2", PURL: "pkg:npm/ms@2.1.2", Path: "node_modules/.pnpm/ms@2.1.2/node_modules/ms"},
		{Name: "@isaacs/string-locale-compare", Version: "1.1.0", PURL: "pkg:npm/%40isaacs/string-locale-compare@1.1.0", Path: "node_modules/@isaacs/string-locale-compare", Direct: true},
		{Name: "debug", Version: "4.3.4", PURL: "pkg:npm/debug@4.3.4", Path: "node_modules/debug", Direct: true, Deps: []string{"ms"}},
		{Name: "is-number", Version: "7.0.0", PURL: "pkg:npm/is-number@7.0.0", Path: "node_modules/is-number", Direct: true, Dev: true},
	}
	if diff := cmp.Diff(want, inv.Packages); diff != "" {
		t.Errorf("Packages (-want +got):\n%s", diff)
	}
	if len(inv.Warnings) > 0 {
		t.Errorf("warnings: %q", inv.Warnings)
	}
	owners := map[string]string{
		"node_modules/.pnpm/ms@2.1.2/node_modules/ms/index.js":                   "ms runtime",
		"node_modules/.pnpm/debug@4.3.4/node_modules/debug/src/index.js":         "debug runtime",
		"node_modules/debug/src/node.js":                                         "debug runtime",
		"node_modules/@isaacs/string-locale-compare/index.js":                    "@isaacs/string-locale-compare runtime",
		"node_modules/.pnpm/is-number@7.0.0/node_modules/is-number/package.json": "is-number resolve",
		"index.js": "-",
	}
	for rel, want := range owners {
		if got := ecotest.Owner(inv.Index, filepath.Join(dir, filepath.FromSlash(rel))); got != want {
			t.Errorf("owner of %s = %q, want %q", rel, got, want)
		}
	}
}

// TestRealYarn1 checks a real Yarn 1 install: the node_modules tree Yarn
// lays out from yarn.lock is read as npm's (debug 2 with its own ms 2.0.0
// nested under it, ms 2.1.3 hoisted), yarn.lock is listed as the
// project's lockfile, and its graph marks is-number, only a dev
// dependency reaches, dev-only.
func TestRealYarn1(t *testing.T) {
	dir := installedFixture(t, "real/yarn1")
	p := ecotest.Open(t, New(), dir)
	if diff := cmp.Diff("package.json\tmanifest\nyarn.lock\tlockfile\n", ecotest.RenderFiles(p.Files())); diff != "" {
		t.Errorf("Files (-want +got):\n%s", diff)
	}
	inv, err := p.Installed(context.Background(), realEnv(t))
	if err != nil {
		t.Fatal(err)
	}
	want := []ecosystems.Package{
		{Name: "debug", Version: "2.6.9", PURL: "pkg:npm/debug@2.6.9", Path: "node_modules/debug", Direct: true, Deps: []string{"ms"}},
		{Name: "ms", Version: "2.0.0", PURL: "pkg:npm/ms@2.0.0", Path: "node_modules/debug/node_modules/ms"},
		{Name: "is-number", Version: "7.0.0", PURL: "pkg:npm/is-number@7.0.0", Path: "node_modules/is-number", Direct: true, Dev: true},
		{Name: "ms", Version: "2.1.3", PURL: "pkg:npm/ms@2.1.3", Path: "node_modules/ms", Direct: true},
	}
	if diff := cmp.Diff(want, inv.Packages); diff != "" {
		t.Errorf("Packages (-want +got):\n%s", diff)
	}
	if len(inv.Warnings) > 0 {
		t.Errorf("warnings: %q", inv.Warnings)
	}
	if got := ecotest.Owner(inv.Index, filepath.Join(dir, "node_modules/debug/node_modules/ms/index.js")); got != "ms runtime" {
		t.Errorf("owner of the nested ms = %q", got)
	}
}

// TestRealPnp checks a real Yarn 4 Plug'n'Play install, which has no
// node_modules: the packages are those .pnp.cjs lists (debug's virtual
// instance, which Yarn makes for its optional peers, is debug itself),
// each in its zip archive of .yarn/cache, and the archive Node's PnP
// runtime opens is attributed to its package.
func TestRealPnp(t *testing.T) {
	dir := installedFixture(t, "real/pnp")
	p := ecotest.Open(t, New(), dir)
	inv, err := p.Installed(context.Background(), realEnv(t))
	if err != nil {
		t.Fatal(err)
	}
	zip := func(name string) string {
		m, err := filepath.Glob(filepath.Join(dir, ".yarn", "cache", name+"-npm-*.zip"))
		if err != nil || len(m) != 1 {
			t.Fatalf("the cache holds %q for %s, want one archive", m, name)
		}
		return m[0]
	}
	loc := func(name string) string {
		rel, _ := filepath.Rel(dir, zip(name))
		return filepath.ToSlash(rel) + "/node_modules/" + name
	}
	want := []ecosystems.Package{
		{Name: "debug", Version: "4.3.4", PURL: "pkg:npm/debug@4.3.4", Path: loc("debug"), Direct: true, Deps: []string{"ms"}},
		{Name: "is-number", Version: "7.0.0", PURL: "pkg:npm/is-number@7.0.0", Path: loc("is-number"), Direct: true},
		{Name: "ms", Version: "2.1.2", PURL: "pkg:npm/ms@2.1.2", Path: loc("ms")},
	}
	if diff := cmp.Diff(want, inv.Packages); diff != "" {
		t.Errorf("Packages (-want +got):\n%s", diff)
	}
	if len(inv.Warnings) > 0 || inv.Unknown {
		t.Errorf("warnings %q, unknown %v", inv.Warnings, inv.Unknown)
	}
	owners := map[string]string{
		zip("debug"): "debug runtime",
		zip("ms"):    "ms runtime",
		zip("ms") + "/node_modules/ms/package.json": "ms resolve",
		filepath.Join(dir, "index.js"):              "-",
		filepath.Join(dir, ".pnp.cjs"):              "-",
	}
	for path, want := range owners {
		if got := ecotest.Owner(inv.Index, path); got != want {
			t.Errorf("owner of %s = %q, want %q", path, got, want)
		}
	}
}
