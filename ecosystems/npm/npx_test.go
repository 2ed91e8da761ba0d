package npm

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"

	envaudit "github.com/envaudit/envaudit/audit"
	"github.com/envaudit/envaudit/ecosystems"
	"github.com/envaudit/envaudit/ecosystems/internal/ecotest"
	"github.com/envaudit/envaudit/engine"
	"github.com/envaudit/envaudit/policy"
)

func TestNpxDirs(t *testing.T) {
	procs := []ecosystems.Process{
		{Exe: "/usr/bin/node", Files: []string{
			"/home/u/.npm/_npx/5a9d/node_modules/which/bin/node-which",
			"/home/u/.npm/_npx/5a9d/node_modules/isexe/index.js",
			"/home/u/.npm/_npx/5a9d/package.json", // not in node_modules: npx's own read
			"/srv/cache/_npx/77/node_modules/cowsay/cli.js",
			"/srv/_npx/node_modules/x.js", // no hash directory
		}},
	}
	got := npxDirs(procs, []string{"/opt/c/_npx/ab/node_modules/.bin/tool"})
	want := []string{"/home/u/.npm/_npx/5a9d", "/opt/c/_npx/ab", "/srv/cache/_npx/77"}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("npxDirs (-want +got):\n%s", diff)
	}
}

// TestInstalledNpx enumerates an npx cache directory the run used, laid
// out as npx leaves it: its packages join the inventory as dev tooling
// with their edges and files, and the package npx was asked for is
// linked as fetched by the command. A cache directory the run did not
// use is not read.
func TestInstalledNpx(t *testing.T) {
	root := t.TempDir()
	project := filepath.Join(root, "app")
	cache := filepath.Join(root, "home", ".npm", "_npx")
	for name, data := range map[string]string{
		"app/package.json":                                       `{"name": "app", "dependencies": {"ms": "2.1.3"}}`,
		"app/node_modules/ms/package.json":                       `{"name": "ms", "version": "2.1.3"}`,
		"app/node_modules/ms/index.js":                           "",
		"home/.npm/_npx/5a9d/package.json":                       `{"dependencies": {"which": "^2.0.2"}, "_npx": {"packages": ["which@2.0.2"]}}`,
		"home/.npm/_npx/5a9d/node_modules/which/package.json":    `{"name": "which", "version": "2.0.2", "dependencies": {"isexe": "^2.0.0"}}`,
		"home/.npm/_npx/5a9d/node_modules/which/bin/node-which":  "#!/usr/bin/env node\n",
		"home/.npm/_npx/5a9d/node_modules/isexe/package.json":    `{"name": "isexe", "version": "2.0.0"}`,
		"home/.npm/_npx/5a9d/node_modules/isexe/index.js":        "",
		"home/.npm/_npx/unused/package.json":                     `{"dependencies": {"cowsay": "1"}}`,
		"home/.npm/_npx/unused/node_modules/cowsay/package.json": `{"name": "cowsay", "version": "1.6.0"}`,
	} {
		ecotest.WriteFile(t, filepath.Join(root, filepath.FromSlash(name)), []byte(data), 0o644)
	}
	which := filepath.Join(cache, "5a9d", "node_modules", "which", "bin", "node-which")
	p := ecotest.Open(t, New(), project)
	inv, err := p.Installed(context.Background(), ecosystems.Env{
		Environ:   []string{"PATH=/nonexistent"},
		Processes: []ecosystems.Process{{Exe: "/usr/bin/node", Files: []string{which}}},
	})
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, pkg := range inv.Packages {
		s := pkg.Name + "@" + pkg.Version + " " + strings.TrimPrefix(pkg.Path, filepath.ToSlash(root)+"/")
		if pkg.Dev {
			s += " dev"
		}
		if len(pkg.Deps) > 0 {
			s += " → " + strings.Join(pkg.Deps, ",")
		}
		got = append(got, s)
	}
	want := []string{
		"which@2.0.2 home/.npm/_npx/5a9d/node_modules/which dev → isexe",
		"isexe@2.0.0 home/.npm/_npx/5a9d/node_modules/isexe dev",
		"ms@2.1.3 node_modules/ms",
	}
	if diff := cmp.Diff(want, got, cmpopts.SortSlices(func(a, b string) bool { return a < b })); diff != "" {
		t.Errorf("packages (-want +got):\n%s", diff)
	}
	wantLinks := []ecosystems.Link{{To: "which", Kind: ecosystems.LinkFetched, Detail: "npx which@2.0.2"}}
	if diff := cmp.Diff(wantLinks, inv.Links); diff != "" {
		t.Errorf("links (-want +got):\n%s", diff)
	}
	if name, use, ok := inv.Index.Lookup(which); !ok || name != "which" || use != ecosystems.UseRuntime {
		t.Errorf("Lookup(%s) = %q, %q, %v; want which", which, name, use, ok)
	}
}

// TestRealNpx runs the npx fixture's tests, whose script ends with `npx
// --yes which@2.0.2 node`, through the engine on its real install, with
// an npm cache that setup filled and npm offline: which, fetched and run
// by the test command and declared nowhere, is hidden undeclared (gating,
// placed on package.json, naming npx); isexe, which which brings along, is
// test tooling through it; neither is bloat.
func TestRealNpx(t *testing.T) {
	dir := installedFixture(t, "real/npx")
	ecotest.Require(t, ecotest.Prereqs{Tools: []string{"npm", "npx"}})
	filled := filepath.Join(dir, "node_modules", ".npx-cache")
	if _, err := os.Stat(filepath.Join(filled, "_cacache", "index-v5")); err != nil {
		t.Fatalf("no npm cache for npx at %s (scripts/setup.d/npm.sh, make setup): %v", filled, err)
	}
	cache := filepath.Join(t.TempDir(), "cache")
	if err := ecotest.CopyTree(filled, cache, nil); err != nil {
		t.Fatal(err)
	}
	home := t.TempDir()
	p, err := engine.Open(engine.Options{Dir: dir, Ecosystems: []ecosystems.Ecosystem{New()}})
	if err != nil {
		t.Fatal(err)
	}
	var stdout, stderr bytes.Buffer
	tr, err := p.Trace(t.Context(), engine.RunOptions{
		Command: []string{"npm", "test", "--silent"},
		Env: []string{
			"HOME=" + home, "npm_config_cache=" + cache, "npm_config_offline=true",
			"npm_config_update_notifier=false", "npm_config_fund=false", "npm_config_audit=false",
		},
		Stdout: &stdout, Stderr: &stderr,
	})
	if err != nil {
		t.Fatal(err)
	}
	defer tr.Close()
	if tr.Trace.End.ExitCode != 0 {
		t.Fatalf("npm test exited %d, stdout %q, stderr %q", tr.Trace.End.ExitCode, stdout.String(), stderr.String())
	}
	r, err := tr.Audit(t.Context())
	if err != nil {
		t.Fatal(err)
	}
	sel, err := policy.ParseSelectors(policy.DefaultFailOn)
	if err != nil {
		t.Fatal(err)
	}
	(policy.Gate{FailOn: sel, Existing: true}).Mark(r)
	var got []string
	for _, f := range r.Ecosystems[0].Findings {
		at := ""
		if f.Location != nil {
			at = " " + f.Location.File
		}
		s := string(f.Kind) + " " + f.Reason + " " + f.Package + at
		if f.Gating {
			s += " gating"
		}
		if f.Kind == envaudit.Hidden && !strings.Contains(f.Message, "npx which@2.0.2") {
			t.Errorf("%s: message does not name npx: %s", f.Package, f.Message)
		}
		got = append(got, s)
	}
	want := []string{
		"hidden undeclared which package.json gating",
		"dev test-runner isexe",
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("findings (-want +got):\n%s", diff)
	}
}
