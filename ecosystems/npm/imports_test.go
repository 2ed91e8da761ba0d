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

// imports opens the project of files (name → contents, not on disk) and
// returns what its importer reads.
func imports(t testing.TB, files map[string]string) *ecosystems.Imports {
	t.Helper()
	im, err := openMap(t, files).Imports(context.Background(), ecosystems.Env{})
	if err != nil {
		t.Fatalf("Imports: %v", err)
	}
	return im
}

// render writes each import as "file:line module package kind [test]".
func render(list []ecosystems.Import) []string {
	var out []string
	for _, i := range list {
		s := fmt.Sprintf("%s %s %s %s", i.Pos, i.Module, i.Package, i.Kind)
		if i.Test {
			s += " test"
		}
		out = append(out, s)
	}
	return out
}

func TestImports(t *testing.T) {
	const manifest = `{"name": "app", "dependencies": {"debug": "^4"}}`
	tests := []struct {
		name  string
		files map[string]string
		want  []string
	}{{
		name: "commonjs",
		files: map[string]string{
			"index.js": "const debug = require('debug')('app')\n" +
				"const ms = require(\"ms\")\n" +
				"const fs = require('fs'), p = require('node:path')\n" +
				"const own = require('./lib/own')\n" +
				"const where = require.resolve('lodash/package.json')\n",
		},
		want: []string{
			"index.js:1 debug debug runtime",
			"index.js:2 ms ms runtime",
			"index.js:5 lodash/package.json lodash runtime",
		},
	}, {
		name: "guarded",
		files: map[string]string{
			"index.js": "let x\ntry {\n  x = require('optional-thing')\n} catch (e) {}\n" +
				"const y = require('needed')\n" +
				"function f() { try { return require(\"deep-opt\") } catch { return null } }\n" +
				"import('dyn-opt').catch(() => {})\n" +
				"const z = require('both')\n" +
				"try { require('both') } catch {}\n" +
				"try { require.resolve('resolved') } catch {}\n",
			"other.js": "const x = require('optional-thing')\n",
		},
		want: []string{
			"index.js:3 optional-thing optional-thing optional",
			"index.js:5 needed needed runtime",
			"index.js:6 deep-opt deep-opt optional",
			"index.js:7 dyn-opt dyn-opt optional",
			"index.js:8 both both runtime",
			"index.js:10 resolved resolved runtime",
			"other.js:1 optional-thing optional-thing runtime",
		},
	}, {
		name: "esm",
		files: map[string]string{
			"src/main.mjs": "import chalk from 'chalk'\n" +
				"import * as fp from 'lodash/fp'\n" +
				"export { parse } from '@babel/parser/lib/index.js'\n" +
				"import '#internal'\n" +
				"const m = await import('@scope/pkg')\n" +
				"import x from 'https://example.com/x.js'\n",
		},
		want: []string{
			"src/main.mjs:1 chalk chalk runtime",
			"src/main.mjs:2 lodash/fp lodash runtime",
			"src/main.mjs:3 @babel/parser/lib/index.js @babel/parser runtime",
			"src/main.mjs:5 @scope/pkg @scope/pkg runtime",
		},
	}, {
		name: "typescript",
		files: map[string]string{
			"src/app.ts": "import type { Request } from 'express'\n" +
				"import { Router } from 'express-router'\n" +
				"import { Options } from 'got'\n" +
				"import {\n  type A,\n} from 'typeonly'\n" +
				"export type { B } from 'reexported'\n" +
				"import type from 'named-type'\n" +
				"export type Alias = { from: string }\n" +
				"const r: Options = {}\n" +
				"console.log(Router, type, r)\n",
		},
		want: []string{
			"src/app.ts:1 express express compile",
			"src/app.ts:2 express-router express-router runtime",
			"src/app.ts:3 got got compile",
			"src/app.ts:6 typeonly typeonly compile",
			"src/app.ts:7 reexported reexported compile",
			"src/app.ts:8 named-type named-type runtime",
		},
	}, {
		name: "declarations-in-strings",
		files: map[string]string{
			"src/gen.ts": "const isEsm = true\n" +
				"export const code = `import \"reflect-metadata\"\n" +
				"import { DataSource } from \"typeorm\"\n" +
				"import { User } from \"./entities/User${isEsm ? \".js\" : \"\"}\"\n`\n" +
				"/*\nimport { Old } from \"commented-out\"\n*/\n",
		},
		want: nil,
	}, {
		name: "jsx",
		files: map[string]string{
			"src/App.jsx": "import React from 'react'\nexport const App = () => <div/>\n",
			"src/Old.js":  "import React from 'react'\nexport const Old = () => <span/>\n",
			"src/New.tsx": "import { useState } from 'react'\nexport const N = () => { useState(); return <p/> }\n",
		},
		want: []string{
			"src/App.jsx:1 react react runtime",
			"src/New.tsx:1 react react runtime",
			"src/Old.js:1 react react runtime",
		},
	}, {
		name: "tests",
		files: map[string]string{
			"test/a.js":              "require('chai')\n",
			"src/__tests__/b.js":     "require('sinon')\n",
			"src/c.test.ts":          "import { expect } from 'vitest'\nexpect(1)\n",
			"src/d.spec.js":          "require('jest-mock')\n",
			"src/e.js":               "require('debug')\n",
			"src/latest/index.js":    "require('semver')\n",
			"src/testing-helpers.js": "require('nock')\n",
		},
		want: []string{
			"src/__tests__/b.js:1 sinon sinon runtime test",
			"src/c.test.ts:1 vitest vitest runtime test",
			"src/d.spec.js:1 jest-mock jest-mock runtime test",
			"src/e.js:1 debug debug runtime",
			"src/latest/index.js:1 semver semver runtime",
			"src/testing-helpers.js:1 nock nock runtime",
			"test/a.js:1 chai chai runtime test",
		},
	}, {
		name: "not-own-sources",
		files: map[string]string{
			"node_modules/debug/index.js": "require('ms')\n",
			"dist/bundle.js":              "require('left-pad')\n",
			"coverage/x.js":               "require('istanbul')\n",
			".next/server.js":             "require('next')\n",
			"vendor/jquery.js":            "require('sizzle')\n",
			"public/app.min.js":           "require('minified')\n",
			"index.js":                    "require('debug')\n",
		},
		want: []string{"index.js:1 debug debug runtime"},
	}, {
		name: "build-output",
		files: map[string]string{
			"package.json":        `{"name": "app", "scripts": {"build": "babel src/main -d lib", "test": "babel src --out-dir=dist-test && node dist-test/test/a.js"}}`,
			"src/main/index.js":   "import debug from 'debug'\n",
			"lib/index.js":        "var debug = require('debug')\n",
			"dist-test/test/a.js": "require('tape')\n",
			"flow-typed/npm/x.js": "declare module 'x' { import type { T } from 'y' }\n",
		},
		want: []string{"src/main/index.js:1 debug debug runtime"},
	}, {
		name: "self-reference",
		files: map[string]string{
			"index.js": "require('app/lib/x')\nrequire('debug')\n",
		},
		want: []string{"index.js:2 debug debug runtime"},
	}}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			files := map[string]string{"package.json": manifest}
			for k, v := range tt.files {
				files[k] = v
			}
			im := imports(t, files)
			if len(im.Warnings) > 0 {
				t.Errorf("warnings: %q", im.Warnings)
			}
			if diff := cmp.Diff(tt.want, render(im.List)); diff != "" {
				t.Errorf("imports (-want +got):\n%s", diff)
			}
		})
	}
}

// TestImportsWarnings checks that a file that does not parse is a warning
// naming it, and that the imports of the other files still count.
func TestImportsWarnings(t *testing.T) {
	im := imports(t, map[string]string{
		"package.json": `{}`,
		"bad.js":       "const x = require('debug'\nfunction (\n",
		"good.js":      "require('ms')\n",
	})
	if diff := cmp.Diff([]string{"good.js:1 ms ms runtime"}, render(im.List)); diff != "" {
		t.Errorf("imports (-want +got):\n%s", diff)
	}
	if im.Files != 2 {
		t.Errorf("Files = %d, want 2", im.Files)
	}
	if len(im.Warnings) == 0 || !strings.HasPrefix(im.Warnings[0], "bad.js:") {
		t.Errorf("warnings = %q, want one about bad.js", im.Warnings)
	}
}

func TestPackageOf(t *testing.T) {
	tests := []struct {
		spec string
		want string // "" for no package
	}{
		{"lodash", "lodash"},
		{"lodash/fp", "lodash"},
		{"@babel/core", "@babel/core"},
		{"@babel/core/lib/x.js", "@babel/core"},
		{"@babel", ""},
		{"@/components/x", ""},
		{"./x", ""},
		{"../x", ""},
		{"/abs/x", ""},
		{"#internal", ""},
		{"~/x", ""},
		{"node:fs", ""},
		{"fs", ""},
		{"fs/promises", ""},
		{"string_decoder/", ""},
		{"https://x/y.js", ""},
		{"string-width-cjs", "string-width-cjs"},
	}
	for _, tt := range tests {
		t.Run(strings.NewReplacer("/", "_", ":", "_", "@", "at", "#", "hash", "~", "tilde", ".", "dot").Replace(tt.spec), func(t *testing.T) {
			got, _ := packageOf(tt.spec)
			if got != tt.want {
				t.Errorf("packageOf(%q) = %q, want %q", tt.spec, got, tt.want)
			}
		})
	}
}

// TestRealSloppyImports reads the imports of the sloppy-case fixture, a
// real npm install: ms required with only debug declared (a direct use of
// a transitive package), is-number required on a path the tests skip,
// escape-html and kleur imported nowhere (kleur is loaded by the test
// runner uvu alone), and a made-up package required where nothing
// installed provides it. What the audit makes of each is branch i9-audit's
// part; the evidence it rests on is checked here.
func TestRealSloppyImports(t *testing.T) {
	dir := installedFixture(t, "real/sloppy")
	p := ecotest.Open(t, New(), dir)
	im, err := p.(ecosystems.Importer).Imports(context.Background(), ecosystems.Env{})
	if err != nil {
		t.Fatal(err)
	}
	ecotest.CheckLocations(t, dir, p.Declared(), im, nil)
	want := []string{
		"index.js:2 debug debug runtime",
		"index.js:3 ms ms runtime",
		"index.js:13 is-number is-number runtime",
		"lib/report.js:3 tabulate-envaudit-made-up tabulate-envaudit-made-up runtime",
		"test/since.js:1 uvu uvu runtime test",
		"test/since.js:2 uvu/assert uvu runtime test",
	}
	if diff := cmp.Diff(want, render(im.List)); diff != "" {
		t.Errorf("imports (-want +got):\n%s", diff)
	}
	if im.Files != 3 || len(im.Warnings) > 0 {
		t.Errorf("%d files read (want 3: node_modules is not the project's), warnings %q", im.Files, im.Warnings)
	}
}

// TestImportsWorkingDirectory reads one project on disk from two working
// directories: its root — the Action's default `working-directory: .`,
// where esbuild names every entry point that exists relative to the
// process's directory "./index.js" — and elsewhere. The imports, their
// kinds (a require guarded by try, a test file's, a type-only import) and
// the warnings of a file that does not parse must not depend on it, and
// every position must be clean.
func TestImportsWorkingDirectory(t *testing.T) {
	files := map[string]string{
		"package.json": `{"name": "app", "dependencies": {"debug": "^4"}}` + "\n",
		"index.js":     "const debug = require('debug')\nlet x\ntry { x = require('optional-dep') } catch {}\n",
		"src/a.ts":     "import type { T } from 'types-only'\nimport ms from 'ms'\nexport const a: T = ms('1s')\n",
		"test/a.js":    "const assert = require('uvu/assert')\n",
		"broken.js":    "const = require('x')\n",
	}
	want := []string{
		"broken.js:1 x x runtime", // read by the tolerant scanner
		"index.js:1 debug debug runtime",
		"index.js:3 optional-dep optional-dep optional",
		"src/a.ts:1 types-only types-only compile",
		"src/a.ts:2 ms ms runtime",
		"test/a.js:1 uvu/assert uvu runtime test",
	}
	dir := t.TempDir()
	for name, data := range files {
		ecotest.WriteFile(t, filepath.Join(dir, filepath.FromSlash(name)), []byte(data), 0o644)
	}
	for _, tt := range []struct{ name, wd string }{{"atRoot", dir}, {"elsewhere", t.TempDir()}} {
		t.Run(tt.name, func(t *testing.T) {
			t.Chdir(tt.wd)
			p := ecotest.Open(t, New(), dir)
			im, err := p.(ecosystems.Importer).Imports(context.Background(), ecosystems.Env{})
			if err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(want, render(im.List)); diff != "" {
				t.Errorf("imports (-want +got):\n%s", diff)
			}
			for _, i := range im.List {
				if again, err := ecosystems.NewPos("", i.Pos.File, i.Pos.Line); err != nil || again != i.Pos {
					t.Errorf("%s: position %#v is not clean (%v)", i.Module, i.Pos, err)
				}
			}
			if len(im.Warnings) != 1 || !strings.HasPrefix(im.Warnings[0], "broken.js:1: ") {
				t.Errorf("warnings %q, want one about broken.js:1", im.Warnings)
			}
		})
	}
}
