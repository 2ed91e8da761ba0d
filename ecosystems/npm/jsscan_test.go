package npm

import (
	"context"
	"fmt"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/envaudit/envaudit/ecosystems"
	"github.com/envaudit/envaudit/ecosystems/internal/ecotest"
)

// renderScanned writes each scanned import as "line spec [type] [dynamic]
// [guarded]".
func renderScanned(list []scanned) []string {
	var out []string
	for _, s := range list {
		r := fmt.Sprintf("%d %s", s.line, s.spec)
		if s.typeOnly {
			r += " type"
		}
		if s.dynamic {
			r += " dynamic"
		}
		if s.guarded {
			r += " guarded"
		}
		out = append(out, r)
	}
	return out
}

func TestScanImports(t *testing.T) {
	tests := []struct {
		name string
		src  string
		want []string
		bad  bool // the file ends inside a template literal or a comment
	}{{
		name: "flow",
		src: "// @flow\n" +
			"import type { Node } from 'react';\n" +
			"import typeof TFs from 'fs-extra';\n" +
			"import { type Foo, bar } from 'mixed-mod';\n" +
			"import {type A, type B} from 'types-mod';\n" +
			"import lodash from 'lodash';\n" +
			"export type { X } from 'reexp';\n" +
			"const x: ?string = null;\n" +
			"function f(a: number, b: {| c: string |}): Promise<void> { return require('inner-dep') }\n" +
			"try { require('opt-flow') } catch (e) {}\n" +
			"const y = (x: any);\n" +
			"export default class K<T> extends Base<T> { prop: T; }\n" +
			"export type Alias = { from: string };\n" +
			"export * from 'star';\n" +
			"export * as ns from 'star-ns';\n" +
			"import type from 'named-type';\n" +
			"import 'side-effect';\n" +
			"import D, * as E from 'default-and-ns';\n",
		want: []string{
			"2 react type",
			"3 fs-extra type",
			"4 mixed-mod",
			"5 types-mod type",
			"6 lodash",
			"7 reexp type",
			"9 inner-dep dynamic",
			"10 opt-flow dynamic guarded",
			"14 star",
			"15 star-ns",
			"16 named-type",
			"17 side-effect",
			"18 default-and-ns",
		},
	}, {
		name: "strings-comments-regexes",
		src: "const s = \"require('in-a-string')\"\n" +
			"// require('in-a-comment')\n" +
			"/* import x from 'in-a-block' */\n" +
			"const re = /require\\('in-a-regex'\\)/g\n" +
			"const t = `import y from 'in-a-template' ${require('in-a-substitution')} ${`nested ${require(`nested-dep`)}`}`\n" +
			"const d = a / b / require('after-division')\n" +
			"import('dyn').catch(() => null)\n" +
			"import('dyn-then').then(f)\n" +
			"obj.require('a-method')\n" +
			"const r = require.resolve('resolved/package.json')\n",
		want: []string{
			"5 in-a-substitution dynamic",
			"5 nested-dep dynamic",
			"6 after-division dynamic",
			"7 dyn dynamic guarded",
			"8 dyn-then dynamic",
			"10 resolved/package.json dynamic",
		},
	}, {
		name: "jsx-text",
		src: "import React from 'react'\n" +
			"export const A = () => <p>Don't stop</p>\n" +
			"const x = require('after-jsx')\n",
		want: []string{"1 react", "3 after-jsx dynamic"},
	}, {
		name: "typescript",
		src: "import fs = require('fs-extra')\n" +
			"export { a, b as c } from './local'\n" +
			"export { a }\n" +
			"const q = require(name)\n",
		want: []string{"1 fs-extra dynamic", "2 ./local"},
	}, {
		// A name joined from string literals is the module it spells;
		// one joined with anything else is computed.
		name: "concatenated-literals",
		src: "const ms = require('m' + 's')\n" +
			"const n = import(\"is-\" + `number`).catch(() => null)\n" +
			"const o = require('a' + b)\n" +
			"const p = require(('m') + 's')\n" +
			"const q = require('a' + 'b' + c)\n",
		want: []string{"1 ms dynamic", "2 is-number dynamic guarded"},
	}, {
		name: "shebang",
		src:  "#!/usr/bin/env node\n'use strict'\nrequire('cli-dep')\n",
		want: []string{"3 cli-dep dynamic"},
	}, {
		name: "unterminated-template",
		src:  "require('a')\nconst x = `never closed\nrequire('b')\n",
		want: []string{"1 a dynamic"},
		bad:  true,
	}, {
		name: "unterminated-comment",
		src:  "require('a')\n/* never closed\nrequire('b')\n",
		want: []string{"1 a dynamic"},
		bad:  true,
	}}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, ok := scanImports(tt.src)
			if ok == tt.bad {
				t.Errorf("complete = %v, want %v", ok, !tt.bad)
			}
			if diff := cmp.Diff(tt.want, renderScanned(got)); diff != "" {
				t.Errorf("scanImports (-want +got):\n%s", diff)
			}
		})
	}
}

func TestComputedCalls(t *testing.T) {
	src := "const a = require(`./locales/${lang}`)\n" + // 1 relative
		"const b = require(`foo/lib/${x}`)\n" + // 2
		"const c = require(`${base}/thing`)\n" + // 3
		"const d = require(name)\n" + // 4
		"const e = require('foo/' + x)\n" + // 5
		"const f = require(`bar`)\n" + // not computed
		"const g = import(`./x/${y}.js`)\n" + // 7 relative
		"const h = require(path.join(__dirname, 'plugins', n))\n" + // 8 relative
		"const i = require(__dirname + '/x')\n" + // 9 relative
		"const j = require(`${__dirname}/x/${n}`)\n" + // 10 relative
		"function require(x) { return x }\n" + // a function of that name
		"const k = require('./' + n)\n" + // 12 relative
		"const l = require(process.cwd() + '/conf')\n" + // 13 relative
		"const m = require('plain')\n" + // not computed
		"const o = require(require.resolve('@dotenvx/dotenvx', { paths: [process.cwd()] }))\n" + // 15: read as require.resolve's
		"const p = require('m' + \"s\" + `x`)\n" + // a name joined from literals: not computed
		"const q = import('m' + 's' + x)\n" + // 17
		"const r = require('m' + 's' ? a : b)\n" // 18
	var got []string
	for _, c := range computedCalls(src) {
		got = append(got, fmt.Sprintf("%d %v", c.line, c.relative))
	}
	want := []string{"1 true", "2 false", "3 false", "4 false", "5 false", "7 true", "8 true", "9 true", "10 true", "12 true", "13 true", "15 true", "17 false", "18 false"}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("computedCalls (-want +got):\n%s", diff)
	}
	n := neutralizeComputed(src, computedCalls(src))
	if strings.Count(n, "\n") != strings.Count(src, "\n") {
		t.Errorf("neutralizeComputed changed the number of lines")
	}
	if !strings.Contains(n, "require(0,`./locales/${lang}`)") || !strings.Contains(n, "require('plain')") {
		t.Errorf("neutralizeComputed:\n%s", n)
	}
}

// TestImportsComputed checks what a computed require makes of the
// imports: a warning naming its place when it may name a package (the
// imports are then incomplete), none when it can only name one of the
// project's files, and never a file esbuild would have found on disk by
// expanding the template as a glob pattern — node_modules least of all:
// a real Yeoman generator's template-literal require once yielded 41
// imports placed inside node_modules. The project is read from its own
// root, where esbuild expanded such globs against the process's working
// directory.
func TestImportsComputed(t *testing.T) {
	dir := t.TempDir()
	for name, data := range map[string]string{
		"package.json":                    `{"name": "gen", "dependencies": {"yeoman-generator": "^5"}}`,
		"index.js":                        "const Generator = require('yeoman-generator')\nconst sub = require(`./${name}`)\nconst loc = require(`./locales/${lang}`)\n",
		"locales/en.js":                   "module.exports = require('locale-helper')\n",
		"lib/plugins.js":                  "module.exports = (n) => require(n)\n",
		"lib/paths.js":                    "module.exports = (n) => require(`../templates/${n}`) + import(`./${n}.mjs`)\n",
		"node_modules/installed/x.js":     "require('never-the-projects')\n",
		"node_modules/installed/pkg.json": "{}",
		"templates/app.js":                "// <%= name %>\nrequire('tmpl-dep')\n",
		// A require function made by createRequire: r('ms') is a plain
		// call no reader follows (issue 20's evasion of a transitive
		// package loaded by the code).
		"lib/esm.mjs": "import { createRequire } from 'node:module'\nconst r = createRequire(import.meta.url)\nexport const ms = r('ms')\n",
		"lib/cjs.js":  "const r = require('module').createRequire(__filename); module.exports = r('m' + 's')\n",
		// A name joined from string literals is read as the module it
		// spells: the import it is, no warning.
		"lib/joined.js": "module.exports = [require('debug' + '/package.json'), import('is-' + \"number\")]\n",
	} {
		ecotest.WriteFile(t, filepath.Join(dir, filepath.FromSlash(name)), []byte(data), 0o644)
	}
	t.Chdir(dir)
	p := ecotest.Open(t, New(), dir)
	im, err := p.(ecosystems.Importer).Imports(context.Background(), ecosystems.Env{})
	if err != nil {
		t.Fatal(err)
	}
	want := []string{
		"index.js:1 yeoman-generator yeoman-generator runtime",
		"lib/joined.js:1 debug/package.json debug runtime",
		"lib/joined.js:1 is-number is-number runtime",
		"locales/en.js:1 locale-helper locale-helper runtime",
		"templates/app.js:2 tmpl-dep tmpl-dep runtime",
	}
	if diff := cmp.Diff(want, render(im.List)); diff != "" {
		t.Errorf("imports (-want +got):\n%s", diff)
	}
	wantWarnings := []string{
		"lib/cjs.js:1: a require function made by createRequire: the packages it loads cannot be read (their absence from the imports is no evidence)",
		"lib/esm.mjs:2: a require function made by createRequire: the packages it loads cannot be read (their absence from the imports is no evidence)",
		"lib/plugins.js:1: a require or import() whose module is computed when the code runs: the package it loads cannot be read (its absence from the imports is no evidence)",
	}
	if diff := cmp.Diff(wantWarnings, im.Warnings); diff != "" {
		t.Errorf("warnings (-want +got):\n%s", diff)
	}
}

// TestImportsFlow reads Flow files, which esbuild refuses, with the
// tolerant scanner: with Flow's pragma or a .flowconfig, the file is
// read in full and leaves no warning; without either, its imports still
// count, beside a warning that it does not parse.
func TestImportsFlow(t *testing.T) {
	const flowSrc = "import type { Node } from 'react'\n" +
		"import invariant from 'invariant'\n" +
		"export function f(x: ?string, o: {| a: number |}): Node { return (x: any) }\n"
	tests := []struct {
		name     string
		files    map[string]string
		warnings int
	}{
		{"pragma", map[string]string{"src/a.js": "/* @flow */\n" + flowSrc}, 0},
		{"flowconfig", map[string]string{"src/a.js": "\n" + flowSrc, ".flowconfig": "[options]\nall=true\n"}, 0},
		{"neither", map[string]string{"src/a.js": "\n" + flowSrc}, 1},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			files := map[string]string{"package.json": `{"name": "f"}`}
			for k, v := range tt.files {
				files[k] = v
			}
			im := imports(t, files)
			want := []string{"src/a.js:2 react react compile", "src/a.js:3 invariant invariant runtime"}
			if diff := cmp.Diff(want, render(im.List)); diff != "" {
				t.Errorf("imports (-want +got):\n%s", diff)
			}
			if len(im.Warnings) != tt.warnings {
				t.Errorf("warnings %q, want %d", im.Warnings, tt.warnings)
			}
		})
	}
}

func FuzzScanImports(f *testing.F) {
	for _, s := range []string{
		"import type {A} from 'a'\nrequire(`./${x}`)\n",
		"const t = `a ${ {b: `c ${d}`} } e`\n",
		"x = a / b / c; y = /re[/]/g.test(z)\n",
		"<p>Don't</p>; require('x')",
		"#!/bin/sh\nimport(\"y\").catch(e => e)\n",
		"try { require('a') } catch { } }}} {{{",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, src string) {
		found, _ := scanImports(src)
		lines := strings.Count(src, "\n") + 1
		for _, s := range found {
			if s.line < 1 || s.line > lines {
				t.Fatalf("line %d outside 1..%d", s.line, lines)
			}
		}
		calls := computedCalls(src)
		n := neutralizeComputed(src, calls)
		if strings.Count(n, "\n") != strings.Count(src, "\n") {
			t.Fatalf("neutralizeComputed changed the number of lines")
		}
		if len(n) != len(src)+2*len(calls) {
			t.Fatalf("neutralizeComputed inserted %d bytes for %d calls", len(n)-len(src), len(calls))
		}
	})
}

// wholeComputedCalls is computedCalls over the whole token list at once,
// the oracle of the streaming reading.
func wholeComputedCalls(src string) []computedCall {
	toks, _ := jsLex(src)
	var out []computedCall
	for i := range toks {
		if c, found, _ := callAt(toks, i); found {
			out = append(out, c)
		}
	}
	return out
}

// FuzzComputedCallsStreamed checks that reading the tokens as the lexer
// hands them over finds what reading them all at once finds, whatever
// token the lexer's flushes cut at.
func FuzzComputedCallsStreamed(f *testing.F) {
	for _, s := range []string{
		"const d = require(name)\nconst p = require('m' + \"s\" + `x`)\n",
		"a.require(x); function require(y) {}; require(`${__dirname}/x`)",
		"const m = createRequire(import.meta.url); m(x)",
		"x = `a ${ `b ${c}` } d`; require('a' + 'b' + 'c' + 'd' + e)",
		"y = a / b; z = /re/g; import(path.join(__dirname, 'x'))",
		"require('a' +\n'b' +\n'c')",
	} {
		f.Add(s, uint8(1))
	}
	defer func(n int) { flushAt = n }(flushAt)
	f.Fuzz(func(t *testing.T, src string, at uint8) {
		flushAt = 1 + int(at%16)
		got := computedCalls(src)
		flushAt = 1 << 30
		want := wholeComputedCalls(src)
		if !slices.Equal(got, want) {
			t.Errorf("streamed %v, whole %v", got, want)
		}
	})
}

// BenchmarkComputedCalls reads a bundle of a few megabytes.
func BenchmarkComputedCalls(b *testing.B) {
	var src strings.Builder
	for i := 0; i < 40000; i++ {
		fmt.Fprintf(&src, "function f%d(a, b) { if (a / b > 2) { return require('m%d') + `t ${a}` } return /x+/.test(\"s\\n\") ? require(name%d) : b }\n", i, i, i)
	}
	text := src.String()
	b.SetBytes(int64(len(text)))
	b.ReportAllocs()
	for b.Loop() {
		computedCalls(text)
	}
}

// FuzzSpecsCoverEsbuild checks that the module names scanCalls finds in a
// file include every one esbuild records an import of: loadedLinks
// leaves a file whose names make no link unparsed.
func FuzzSpecsCoverEsbuild(f *testing.F) {
	for _, s := range []string{
		"import a, {b} from 'x'\nexport * from \"y\"\nimport 'z'\n",
		"const a = require('m' + 's'); require.resolve(`r`); import('d').catch(() => {})",
		"try { require('supports-color') } catch {}",
		"import x = require('ts-style')\nexport {a as b} from 'e'",
		"const t = `a ${require('in-template')} b`",
		"if (x) /re/.test(y); else require('after-regex')",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, src string) {
		read := func(string) ([]byte, error) { return []byte(src), nil }
		res := scanFiles([]string{"/m/index.js"}, read, false)
		_, specs, unsure := scanCalls(src, true)
		if unsure {
			return // loadedLinks parses the file
		}
		for _, r := range res.recs {
			if r.mark != "" {
				continue
			}
			if !slices.Contains(specs, r.spec) {
				t.Errorf("esbuild records %q (line %d); scanCalls found only %q", r.spec, r.line, specs)
			}
		}
	})
}
