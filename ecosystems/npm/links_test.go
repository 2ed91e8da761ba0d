package npm

import (
	"context"
	"fmt"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/envaudit/envaudit/ecosystems"
	"github.com/envaudit/envaudit/ecosystems/internal/ecotest"
)

// TestLoadedLinks reads the imports of the installed files a run loaded:
// debug's guarded require of supports-color, which its package.json does
// not list, is an optional import; its plain require of a package it does
// not list is an import; a recorded dependency (ms), a package not
// installed, and the files of a package the run did not load make no
// link.
func TestLoadedLinks(t *testing.T) {
	dir := t.TempDir()
	for name, data := range map[string]string{
		"package.json":                                    `{"name": "app", "dependencies": {"debug": "4.3.4"}, "devDependencies": {"chalk": "4.1.2"}}`,
		"node_modules/debug/package.json":                 `{"name": "debug", "version": "4.3.4", "dependencies": {"ms": "2.1.2"}}`,
		"node_modules/debug/src/index.js":                 "module.exports = require('./node.js')\n",
		"node_modules/debug/src/node.js":                  "const ms = require('ms')\nconst peer = require('some-peer')\ntry {\n  const supportsColor = require('supports-color')\n} catch (error) {}\ntry { require('not-installed') } catch {}\n",
		"node_modules/ms/package.json":                    `{"name": "ms", "version": "2.1.2"}`,
		"node_modules/ms/index.js":                        "",
		"node_modules/some-peer/package.json":             `{"name": "some-peer", "version": "1.0.0"}`,
		"node_modules/some-peer/index.js":                 "",
		"node_modules/supports-color/package.json":        `{"name": "supports-color", "version": "7.2.0"}`,
		"node_modules/supports-color/index.js":            "",
		"node_modules/chalk/package.json":                 `{"name": "chalk", "version": "4.1.2", "dependencies": {"supports-color": "^7"}}`,
		"node_modules/chalk/source/index.js":              "require('unlisted-but-unloaded')\n",
		"node_modules/unlisted-but-unloaded/package.json": `{"name": "unlisted-but-unloaded", "version": "1.0.0"}`,
	} {
		ecotest.WriteFile(t, filepath.Join(dir, filepath.FromSlash(name)), []byte(data), 0o644)
	}
	nm := filepath.Join(dir, "node_modules")
	p := ecotest.Open(t, New(), dir)
	inv, err := p.Installed(context.Background(), ecosystems.Env{
		Environ: []string{"PATH=/nonexistent"},
		Processes: []ecosystems.Process{{Exe: "/usr/bin/node", Files: []string{
			filepath.Join(dir, "index.js"),
			filepath.Join(nm, "debug", "src", "index.js"),
			filepath.Join(nm, "debug", "src", "node.js"),
			filepath.Join(nm, "debug", "package.json"),
		}}},
	})
	if err != nil {
		t.Fatal(err)
	}
	want := []ecosystems.Link{
		{From: "debug", To: "some-peer", Kind: ecosystems.LinkImport, Detail: "debug/src/node.js:2"},
		{From: "debug", To: "supports-color", Kind: ecosystems.LinkOptional, Detail: "debug/src/node.js:4"},
	}
	if diff := cmp.Diff(want, inv.Links); diff != "" {
		t.Errorf("links (-want +got):\n%s", diff)
	}
}

// TestRealLinks runs the links fixture's tests on its real install: the
// code requires debug, whose src/node.js requires supports-color in a try
// block, and supports-color is installed only because chalk, a dev
// dependency nothing loads, depends on it. The load is debug's doing, an
// optional import, so supports-color and has-flag (which it requires) are
// transitive notices through debug, never "declare it as a runtime
// dependency", which is what their path through chalk alone would say.
func TestRealLinks(t *testing.T) {
	dir := installedFixture(t, "real/links")
	ecotest.Require(t, ecotest.Prereqs{Tools: []string{"npm"}})
	r := traceReport(t, dir, "npm", "test", "--silent")
	var got []string
	for _, f := range r.Ecosystems[0].Findings {
		if f.Kind != "hidden" {
			continue
		}
		got = append(got, fmt.Sprintf("%s %s %s via %v", f.Reason, f.Severity, f.Package, f.Via))
		if f.Package != "ms" && !strings.Contains(f.Message, "optional import at debug/src/node.js:") {
			t.Errorf("%s: message does not name debug's optional import: %s", f.Package, f.Message)
		}
	}
	want := []string{
		"transitive notice has-flag via [debug supports-color]",
		"transitive notice ms via [debug]",
		"transitive notice supports-color via [debug]",
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("hidden findings (-want +got):\n%s", diff)
	}
}
