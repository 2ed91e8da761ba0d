package npm

import (
	"context"
	"testing"
	"testing/fstest"

	"github.com/google/go-cmp/cmp"

	"github.com/envaudit/envaudit/ecosystems"
)

// renderRoles writes what Imports counted each file read as: "code f",
// "test f", "tooling f (what)".
func renderRoles(code, tests, tooling []string, tools map[string]string) []string {
	var out []string
	for _, f := range code {
		out = append(out, "code "+f)
	}
	for _, f := range tests {
		out = append(out, "test "+f)
	}
	for _, f := range tooling {
		out = append(out, "tooling "+f+" ("+tools[f]+")")
	}
	return out
}

func TestRoles(t *testing.T) {
	tests := []struct {
		name  string
		files map[string]string
		want  []string
	}{{
		// The minimal case: test.js is what `npm test` runs.
		name: "test-script",
		files: map[string]string{
			"package.json": `{"name": "m", "scripts": {"test": "node test.js"}, "devDependencies": {"debug": "4.3.4"}}`,
			"index.js":     "module.exports = require('ms')\n",
			"test.js":      "require('debug')\nrequire('./index')\n",
		},
		want: []string{"code index.js", "test test.js"},
	}, {
		name: "files",
		files: map[string]string{
			"package.json":        `{"name": "f", "main": "lib/index.js", "files": ["lib", "!lib/*.fixture.js"]}`,
			"lib/index.js":        "require('./util')\n",
			"lib/util.js":         "require('a')\n",
			"lib/data.fixture.js": "require('b')\n",
			"build.js":            "require('esbuild')\n",
			"scripts/release.js":  "require('semver')\n",
			"examples/basic.js":   "require('f')\n",
			"docs/site.js":        "require('docusaurus')\n",
			"bench/run.js":        "require('benchmark')\n",
		},
		want: []string{
			"code lib/data.fixture.js", // nothing imports it: one of the code's roots
			"code lib/index.js",
			"code lib/util.js",
			"tooling bench/run.js (a benchmark)",
			"tooling build.js (a maintainer script)",
			"tooling docs/site.js (the documentation)",
			"tooling examples/basic.js (an example)",
			"tooling scripts/release.js (a maintainer script)",
		},
	}, {
		// fastify-plugin: type tests beside the declarations the package
		// ships, named as TSTyche and tsd name them (*.tst.ts, *.test-d.ts,
		// typetests/), run by the test script's tstyche.
		name: "type-tests",
		files: map[string]string{
			"package.json":               `{"name": "t", "main": "index.js", "types": "types/index.d.ts", "scripts": {"test": "node --test && tstyche"}}`,
			"index.js":                   "module.exports = require('./lib/x')\n",
			"lib/x.js":                   "",
			"types/index.d.ts":           "export {}\n",
			"types/index.tst.ts":         "import { expect } from 'tstyche'\nimport fastify from 'fastify'\n",
			"index.test-d.ts":            "import { expectType } from 'tsd'\n",
			"typetests/options.ts":       "import { expect } from 'tstyche'\n",
			"types/example-async.tst.ts": "import fastify from 'fastify'\n",
		},
		want: []string{
			"code index.js",
			"code lib/x.js",
			"code types/index.d.ts",
			"test index.test-d.ts",
			"test types/example-async.tst.ts",
			"test types/index.tst.ts",
			"test typetests/options.ts",
		},
	}, {
		name: "tool-configs",
		files: map[string]string{
			"package.json":       `{"name": "c", "scripts": {"test": "jest"}}`,
			"index.js":           "",
			"eslint.config.mjs":  "import js from '@eslint/js'\n",
			".eslintrc.js":       "module.exports = {}\n",
			"jest.config.js":     "module.exports = {}\n",
			"babel.config.js":    "module.exports = {}\n",
			"webpack.config.js":  "require('webpack')\n",
			"webpack.prod.js":    "require('webpack-merge')\n",
			"prettier.config.js": "module.exports = {}\n",
			"foo.config.js":      "require('foo')\n",
			"src/app.config.js":  "module.exports = {}\n",
			"src/setupTests.js":  "require('@testing-library/jest-dom')\n",
		},
		want: []string{
			"code index.js",
			"code src/app.config.js",
			"test babel.config.js", // jest loads babel's configuration
			"test jest.config.js",
			"test src/setupTests.js",
			"tooling .eslintrc.js (eslint's configuration)",
			"tooling eslint.config.mjs (eslint's configuration)",
			"tooling foo.config.js (foo's configuration)",
			"tooling prettier.config.js (prettier's configuration)",
			"tooling webpack.config.js (webpack's configuration)",
			"tooling webpack.prod.js (webpack's configuration)",
		},
	}, {
		name: "lint-in-test",
		files: map[string]string{
			"package.json":     `{"name": "l", "scripts": {"test": "eslint . && mocha --require ./hooks.js"}}`,
			"index.js":         "",
			"eslint.config.js": "",
			"hooks.js":         "require('chai')\n",
			"test/a.js":        "",
			"test/deep/b.js":   "",
		},
		want: []string{"code index.js", "test eslint.config.js", "test hooks.js", "test test/a.js", "test test/deep/b.js"},
	}, {
		name: "build-output",
		files: map[string]string{
			"package.json":      `{"name": "b", "main": "dist/index.js", "files": ["dist"], "scripts": {"test": "vitest"}}`,
			"src/index.ts":      "export * from './util'\n",
			"src/util.ts":       "",
			"src/testing.ts":    "import 'msw'\n",
			"src/other.test.ts": "import './testing'\nimport { a } from './util'\n",
			"tsconfig.json":     "{}",
		},
		want: []string{"code src/index.ts", "code src/util.ts", "test src/other.test.ts", "test src/testing.ts"},
	}, {
		name: "test-helper",
		files: map[string]string{
			"package.json": `{"name": "h", "scripts": {"test": "node check.js"}}`,
			"index.js":     "require('./lib/a')\n",
			"lib/a.js":     "",
			"helpers.js":   "require('sinon')\n",
			"check.js":     "require('./helpers')\nrequire('./lib/a')\n",
		},
		want: []string{"code index.js", "code lib/a.js", "test check.js", "test helpers.js"},
	}, {
		name: "test-helper-computed",
		files: map[string]string{
			"package.json": `{"name": "h", "scripts": {"test": "node check.js"}}`,
			"index.js":     "require(process.env.PLUGIN)\n",
			"helpers.js":   "require('sinon')\n",
			"check.js":     "require('./helpers')\n",
		},
		want: []string{"code helpers.js", "code index.js", "test check.js"},
	}, {
		name: "mocha-config",
		files: map[string]string{
			"package.json":        `{"name": "m", "scripts": {"test": "mocha"}, "mocha": {"spec": "checks/*.js", "require": "./checks-setup/env.js"}}`,
			"index.js":            "",
			"checks/a.js":         "",
			"checks-setup/env.js": "",
		},
		want: []string{"code index.js", "test checks/a.js", "test checks-setup/env.js"},
	}, {
		name: "mocharc",
		files: map[string]string{
			"package.json":  `{"name": "m", "scripts": {"test": "mocha"}}`,
			".mocharc.yml":  "spec:\n  - verify/**/*.js\n",
			"index.js":      "",
			"verify/x/a.js": "",
		},
		want: []string{"code index.js", "test verify/x/a.js"},
	}, {
		name: "jest-config",
		files: map[string]string{
			"package.json":    `{"name": "j", "scripts": {"test": "jest"}, "jest": {"testMatch": ["<rootDir>/verify/**/*.js"], "setupFiles": ["./jest-env/env.js"]}}`,
			"index.js":        "",
			"verify/x.js":     "",
			"jest-env/env.js": "",
			"src/lib.js":      "",
		},
		want: []string{"code index.js", "code src/lib.js", "test jest-env/env.js", "test verify/x.js"},
	}, {
		name: "script-chain",
		files: map[string]string{
			"package.json":          `{"name": "s", "scripts": {"test": "run-s lint test:*", "test:unit": "tape 'checks/**/*.js'", "test:int": "cross-env CI=1 node integration/run.js", "pretest": "npm run build", "build": "node build/make.js", "lint": "standard"}}`,
			"index.js":              "",
			"checks/a.js":           "",
			"checks/b/c.js":         "",
			"integration/run.js":    "",
			"integration/helper.js": "",
		},
		want: []string{"code index.js", "code integration/helper.js", "test checks/a.js", "test checks/b/c.js", "test integration/run.js"},
	}, {
		name: "node-test",
		files: map[string]string{
			"package.json":  `{"name": "n", "scripts": {"test": "node --test checks/"}}`,
			"index.js":      "",
			"checks/one.js": "",
		},
		want: []string{"code index.js", "test checks/one.js"},
	}, {
		name: "tooling-reached-by-code",
		files: map[string]string{
			"package.json":            `{"name": "t", "files": ["index.js"]}`,
			"index.js":                "require('./scripts/shared')\n",
			"scripts/shared.js":       "",
			"scripts/release.js":      "require('./shared')\nrequire('./only-release')\n",
			"scripts/only-release.js": "",
		},
		want: []string{"code index.js", "code scripts/shared.js", "tooling scripts/only-release.js (a maintainer script)", "tooling scripts/release.js (a maintainer script)"},
	}, {
		name: "imported-by-tooling-only",
		files: map[string]string{
			"package.json": `{"name": "t"}`,
			"index.js":     "",
			"lib/gen.js":   "",
			"gulpfile.js":  "require('./lib/gen')\n",
		},
		want: []string{"code index.js", "tooling gulpfile.js (gulp's configuration)", "tooling lib/gen.js (gulp's configuration)"},
	}, {
		name: "workspaces",
		files: map[string]string{
			"package.json":            `{"name": "root", "private": true, "workspaces": ["packages/*"]}`,
			"packages/a/package.json": `{"name": "a", "files": ["lib"], "main": "lib/index.js", "scripts": {"test": "node check.js"}}`,
			"packages/a/lib/index.js": "",
			"packages/a/check.js":     "",
			"packages/a/build.js":     "",
			"packages/a/scripts/x.js": "",
			"packages/b/package.json": `{"name": "b"}`,
			"packages/b/index.js":     "",
			"packages/b/tools/gen.js": "",
		},
		want: []string{
			"code packages/a/lib/index.js", "code packages/b/index.js",
			"test packages/a/check.js",
			"tooling packages/a/build.js (a maintainer script)",
			"tooling packages/a/scripts/x.js (a maintainer script)",
			"tooling packages/b/tools/gen.js (a maintainer script)",
		},
	}, {
		name: "npmignore",
		files: map[string]string{
			"package.json": `{"name": "i"}`,
			".npmignore":   "build.js\nsrc/\n",
			"index.js":     "",
			"build.js":     "",
			"src/a.js":     "",
		},
		want: []string{"code index.js", "code src/a.js", "tooling build.js (a maintainer script)"},
	}, {
		name: "start-script",
		files: map[string]string{
			"package.json":     `{"name": "app", "private": true, "main": "index.js", "scripts": {"start": "node server/main.js", "test": "mocha"}}`,
			"index.js":         "",
			"server/main.js":   "require('express')\n",
			"test/app.test.js": "require('../server/main')\n",
		},
		want: []string{"code index.js", "code server/main.js", "test test/app.test.js"},
	}, {
		name: "exports-patterns",
		files: map[string]string{
			"package.json":        `{"name": "e", "files": ["dist"], "exports": {".": {"import": "./dist/index.mjs"}, "./features/*": "./dist/features/*.js", "./features/private/*": null}}`,
			"src/index.ts":        "",
			"src/features/a.ts":   "",
			"src/features/b/c.ts": "",
		},
		want: []string{"code src/features/a.ts", "code src/features/b/c.ts", "code src/index.ts"},
	}}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			im := imports(t, tt.files)
			// A file without imports has no Import.Tool to read: the
			// roles Imports rests on give it.
			p := openMap(t, tt.files)
			files, err := p.sourceFiles()
			if err != nil {
				t.Fatal(err)
			}
			res := p.scan(files, true)
			roles := p.fileRoles(files, res.recs, res.dynamic)
			tools := map[string]string{}
			for _, f := range im.Tooling {
				tools[f] = roles[f].tool
			}
			for _, i := range im.List {
				if i.Tool != tools[i.Pos.File] {
					t.Errorf("%s: Tool %q, want %q", i.Pos, i.Tool, tools[i.Pos.File])
				}
			}
			got := renderRoles(im.Code, im.Tests, im.Tooling, tools)
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("roles (-want +got):\n%s", diff)
			}
		})
	}
}

func TestSplitCommands(t *testing.T) {
	tests := []struct {
		script string
		want   [][]string
	}{
		{"node test.js", [][]string{{"node", "test.js"}}},
		{"npm run build && npm run lint; tap 'tests/**/*.js' --timeout=60000", [][]string{{"npm", "run", "build"}, {"npm", "run", "lint"}, {"tap", "tests/**/*.js", "--timeout=60000"}}},
		{`cross-env NODE_ENV="test env" mocha || echo fail | tee log`, [][]string{{"cross-env", "NODE_ENV=test env", "mocha"}, {"echo", "fail"}, {"tee", "log"}}},
		{"(cd a && jest) & wait # comment\nnode x.js", [][]string{{"cd", "a"}, {"jest"}, {"wait"}, {"node", "x.js"}}},
		{`echo $(node -p 1) a\ b`, [][]string{{"echo"}, {"node", "-p", "1"}, {"a b"}}},
	}
	for _, tt := range tests {
		if diff := cmp.Diff(tt.want, splitCommands(tt.script)); diff != "" {
			t.Errorf("splitCommands(%q) (-want +got):\n%s", tt.script, diff)
		}
	}
}

func TestScriptGlob(t *testing.T) {
	tests := []struct {
		pattern, name string
		want          bool
	}{
		{"test:*", "test:unit", true},
		{"test:*", "test:unit:fast", false},
		{"test:**", "test:unit:fast", true},
		{"test", "test", true},
		{"lint:*", "test:unit", false},
	}
	for _, tt := range tests {
		if got := scriptGlob(tt.pattern, tt.name); got != tt.want {
			t.Errorf("scriptGlob(%q, %q) = %v, want %v", tt.pattern, tt.name, got, tt.want)
		}
	}
}

func TestExtglob(t *testing.T) {
	for g, want := range map[string]string{
		"**/?(*.)+(spec|test).[jt]s?(x)": "**/{,*.}{spec,test}.[jt]s{,x}",
		"**/*.test.?(c|m)js":             "**/*.test.{,c,m}js",
		"src/**/*.js":                    "src/**/*.js",
	} {
		if got := extglob(g); got != want {
			t.Errorf("extglob(%q) = %q, want %q", g, got, want)
		}
	}
}

func TestIgnore(t *testing.T) {
	l := parseIgnore("# comment\nbuild.js\nsrc/\n/docs/*.md\n*.log\n!keep.log\n")
	for f, want := range map[string]bool{
		"build.js": true, "lib/build.js": true, "src/a.js": true, "lib/src/a.js": true,
		"docs/x.md": true, "lib/docs/x.md": false, "a.log": true, "keep.log": false, "index.js": false, "src": false,
	} {
		if got := l.excludes(f); got != want {
			t.Errorf("excludes(%q) = %v, want %v", f, got, want)
		}
	}
}

// openMap opens the project of files (name → contents, not on disk).
func openMap(t testing.TB, files map[string]string) *project {
	t.Helper()
	m := fstest.MapFS{}
	for name, data := range files {
		m[name] = &fstest.MapFile{Data: []byte(data)}
	}
	p, err := New().Open(context.Background(), ecosystems.Source{FS: m})
	if err != nil || p == nil {
		t.Fatalf("Open: %v, %v", p, err)
	}
	return p.(*project)
}
