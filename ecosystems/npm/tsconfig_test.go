package npm

import (
	"bytes"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/google/go-cmp/cmp"

	"github.com/envaudit/envaudit/ecosystems"
)

func TestImportsAliases(t *testing.T) {
	tests := []struct {
		name  string
		files map[string]string
		want  []string
	}{{
		name: "paths-and-baseurl",
		files: map[string]string{
			"tsconfig.json": "{\n  // the project's aliases\n  \"extends\": \"./tsconfig.base.json\",\n" +
				"  \"compilerOptions\": {\n    /* baseUrl: src */ \"baseUrl\": \"src\",\n" +
				"    \"paths\": {\"@app/*\": [\"src/app/*\"], \"config\": [\"src/config.ts\"],},\n  },\n}\n",
			"tsconfig.base.json": `{"compilerOptions": {"paths": {"~lib/*": ["lib/*"], "@shared/*": ["shared/*"]}}}`,
			"src/app/x.ts":       "export const x = 1\n",
			"src/utils/index.ts": "export const u = 1\n",
			"src/config.ts":      "export const c = 1\n",
			"src/main.ts": "import { x } from '@app/x'\nimport { c } from 'config'\n" +
				"import { u } from 'utils/index'\nimport { s } from '@shared/s'\n" +
				"import { l } from '~lib/l'\nimport chalk from 'chalk'\nimport { y } from '@app-other/y'\n" +
				"console.log(x, c, u, s, l, chalk, y)\n",
		},
		want: []string{
			"src/main.ts:6 chalk chalk runtime",
			"src/main.ts:7 @app-other/y @app-other/y runtime",
		},
	}, {
		name: "jsconfig",
		files: map[string]string{
			"jsconfig.json": `{"compilerOptions": {"paths": {"@/*": ["./src/*"], "components/*": ["./src/components/*"]}}}`,
			"src/index.js":  "const b = require('components/button')\nconst d = require('debug')\n",
		},
		want: []string{"src/index.js:2 debug debug runtime"},
	}, {
		name: "package-imports",
		files: map[string]string{
			"index.mjs": "import x from '#internal/x'\nimport y from 'yaml'\n",
		},
		want: []string{"index.mjs:2 yaml yaml runtime"},
	}}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			files := map[string]string{"package.json": `{"name": "app"}`}
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

func TestReadAliasesErrors(t *testing.T) {
	tests := []struct {
		name  string
		files map[string]string
		want  string
	}{
		{"syntax", map[string]string{"tsconfig.json": "{\n  // ok\n  \"compilerOptions\": {\n    \"paths\": {\"a\": [}\n  }\n}\n"}, "tsconfig.json:4: "},
		{"not-an-object", map[string]string{"tsconfig.json": "\n[1]\n"}, "tsconfig.json:2: top-level value is"},
		{"cycle", map[string]string{"tsconfig.json": `{"extends": "./a.json"}`, "a.json": `{"extends": "./tsconfig.json"}`}, "\"extends\" chain longer than"},
		{"extended-broken", map[string]string{"tsconfig.json": `{"extends": "./base"}`, "base.json": "{\n\n  \"x\": }"}, "base.json:3: "},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := readAliases(mapSource(tt.files), []string{"."})
			if err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Errorf("error %v, want one containing %q", err, tt.want)
			}
		})
	}
}

func mapSource(files map[string]string) ecosystems.Source {
	m := fstest.MapFS{}
	for name, data := range files {
		m[name] = &fstest.MapFile{Data: []byte(data)}
	}
	return ecosystems.Source{FS: m}
}

func TestStripJSONC(t *testing.T) {
	tests := []struct{ name, in, want string }{
		{"line-comment", "{\"a\": 1 // x\n}", "{\"a\": 1     \n}"},
		{"block-comment", "{/* a\nb */\"a\": \"//not\"}", "{    \n    \"a\": \"//not\"}"},
		{"trailing-commas", "{\"a\": [1, 2,], }", "{\"a\": [1, 2 ]  }"},
		{"escaped-quote", `{"a": "x\",/*"}`, `{"a": "x\",/*"}`},
		{"unterminated", "{/* x", "{    "},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := string(stripJSONC([]byte(tt.in))); got != tt.want {
				t.Errorf("stripJSONC(%q) = %q, want %q", tt.in, got, tt.want)
			}
		})
	}
}

// FuzzReadAliases checks that any tsconfig text gives aliases or a
// positioned error, never a panic, and that stripping keeps the length
// and the lines.
func FuzzReadAliases(f *testing.F) {
	for _, s := range []string{
		`{"compilerOptions": {"baseUrl": ".", "paths": {"@/*": ["src/*"]}}}`,
		"{\n// c\n\"extends\": \"./tsconfig.json\", /* x */ \"compilerOptions\": {,},}",
		`{"extends": ["./a", "pkg/tsconfig"]}`,
		`"\`, `{/*`, `[`,
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		out := stripJSONC([]byte(s))
		if len(out) != len(s) || bytes.Count(out, []byte("\n")) != strings.Count(s, "\n") {
			t.Fatalf("stripJSONC changed the length or the lines of %q: %q", s, out)
		}
		src := mapSource(map[string]string{"tsconfig.json": s, "a.json": s})
		a, err := readAliases(src, []string{"."})
		if err == nil {
			a.own(src, "@/x")
		} else if !strings.HasPrefix(err.Error(), "tsconfig.json:") && !strings.HasPrefix(err.Error(), "a.json:") {
			t.Fatalf("error without file:line: %v", err)
		}
	})
}
