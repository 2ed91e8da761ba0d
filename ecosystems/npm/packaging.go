package npm

import (
	"sort"
	"strings"

	"go.yaml.in/yaml/v3"

	"github.com/envaudit/envaudit/internal/posdoc"
)

// packaging is what a package.json says of its package's files: what npm
// packs and Node loads of it (files, the entry points), and how its
// tests run (scripts, the jest and mocha configuration it holds). It is
// read leniently: npm ignores a malformed entry, and so does envaudit —
// none of it changes D1.
type packaging struct {
	// files is "files" (nil when absent): the patterns of what npm packs,
	// "!" negating.
	files []string
	// entries are the paths main, module, browser, bin, types, typings
	// and exports name, as written ("./dist/index.cjs", "lib/cli",
	// "./features/*.js").
	entries []string
	// noMain: neither main nor exports is set, so Node loads index.js.
	noMain bool
	// scripts is "scripts".
	scripts map[string]string
	// jest is the "jest" configuration; mocha the "mocha" one.
	jest  jestConfig
	mocha mochaConfig
}

// jestConfig is what envaudit reads of a jest configuration: the patterns
// of the test files and the files jest runs beside them.
type jestConfig struct {
	testMatch []string // globs, relative to rootDir unless absolute ("<rootDir>/...")
	testRegex []string
	roots     []string
	rootDir   string
	// setup are setupFiles, setupFilesAfterEnv, globalSetup,
	// globalTeardown, testEnvironment and the like: modules jest loads.
	setup []string
}

// mochaConfig is what envaudit reads of a mocha configuration (package.json's
// "mocha", .mocharc.json or .mocharc.yml).
type mochaConfig struct {
	spec      []string
	require   []string
	file      []string
	extension []string
	recursive bool
}

// readPackaging reads the packaging fields of a parsed package.json.
func readPackaging(doc *posdoc.Value) packaging {
	var pk packaging
	if f := doc.Get("files"); f != nil && f.Kind == posdoc.Array {
		pk.files = []string{}
		for _, e := range f.Elems {
			if e.Kind == posdoc.String && strings.TrimSpace(e.Text) != "" {
				pk.files = append(pk.files, e.Text)
			}
		}
	}
	for _, key := range []string{"main", "module", "browser", "bin", "types", "typings", "exports"} {
		pk.entries = append(pk.entries, strings_(doc.Get(key))...)
	}
	pk.noMain = doc.Get("main") == nil && doc.Get("exports") == nil
	if s := doc.Get("scripts"); s != nil && s.Kind == posdoc.Object {
		pk.scripts = map[string]string{}
		for _, m := range s.Members {
			if m.Value.Kind == posdoc.String {
				pk.scripts[m.Key] = m.Value.Text
			}
		}
	}
	pk.jest = readJest(doc.Get("jest"))
	pk.mocha = readMocha(doc.Get("mocha"))
	return pk
}

// strings_ returns every string a value holds: itself, an array's
// strings, an object's values, recursively (the targets of "exports"'
// conditions, of a "bin" map, of a "browser" map).
func strings_(v *posdoc.Value) []string {
	if v == nil {
		return nil
	}
	switch v.Kind {
	case posdoc.String:
		if v.Text != "" {
			return []string{v.Text}
		}
	case posdoc.Array:
		var out []string
		for _, e := range v.Elems {
			out = append(out, strings_(e)...)
		}
		return out
	case posdoc.Object:
		var out []string
		for _, m := range v.Members {
			out = append(out, strings_(m.Value)...)
		}
		return out
	}
	return nil
}

func readJest(v *posdoc.Value) jestConfig {
	var c jestConfig
	if v == nil || v.Kind != posdoc.Object {
		return c
	}
	c.testMatch = strings_(v.Get("testMatch"))
	c.testRegex = strings_(v.Get("testRegex"))
	c.roots = strings_(v.Get("roots"))
	if r := v.Get("rootDir"); r != nil && r.Kind == posdoc.String {
		c.rootDir = r.Text
	}
	for _, key := range []string{"setupFiles", "setupFilesAfterEnv", "globalSetup", "globalTeardown", "testEnvironment", "testSequencer", "snapshotResolver", "resolver", "testRunner"} {
		c.setup = append(c.setup, strings_(v.Get(key))...)
	}
	return c
}

func readMocha(v *posdoc.Value) mochaConfig {
	var c mochaConfig
	if v == nil || v.Kind != posdoc.Object {
		return c
	}
	c.spec = strings_(v.Get("spec"))
	c.require = strings_(v.Get("require"))
	c.file = strings_(v.Get("file"))
	c.extension = strings_(v.Get("extension"))
	if r := v.Get("recursive"); r != nil && r.Kind == posdoc.Bool && r.Text == "true" {
		c.recursive = true
	}
	return c
}

// scriptNames returns the names of scripts, sorted.
func (pk packaging) scriptNames() []string {
	out := make([]string, 0, len(pk.scripts))
	for n := range pk.scripts {
		out = append(out, n)
	}
	sort.Strings(out)
	return out
}

// readMochaFile reads a .mocharc.json, .mocharc.jsonc or .mocharc.yml:
// what is malformed in it is left out, as the rest of the packaging.
func readMochaFile(name string, data []byte) mochaConfig {
	if strings.HasSuffix(name, ".yml") || strings.HasSuffix(name, ".yaml") {
		var v map[string]any
		if yaml.Unmarshal(data, &v) != nil {
			return mochaConfig{}
		}
		list := func(key string) []string {
			switch x := v[key].(type) {
			case string:
				return []string{x}
			case []any:
				var out []string
				for _, e := range x {
					if s, ok := e.(string); ok {
						out = append(out, s)
					}
				}
				return out
			}
			return nil
		}
		c := mochaConfig{spec: list("spec"), require: list("require"), file: list("file"), extension: list("extension")}
		c.recursive, _ = v["recursive"].(bool)
		return c
	}
	doc, err := posdoc.ParseJSON(name, stripJSONC(data))
	if err != nil {
		return mochaConfig{}
	}
	return readMocha(doc)
}

// mergeMocha returns the configuration of package.json's "mocha" over
// that of a .mocharc file: mocha reads both, the file first.
func mergeMocha(pkg, file mochaConfig) mochaConfig {
	out := file
	if pkg.spec != nil {
		out.spec = pkg.spec
	}
	out.require = append(out.require, pkg.require...)
	out.file = append(out.file, pkg.file...)
	out.extension = append(out.extension, pkg.extension...)
	out.recursive = out.recursive || pkg.recursive
	return out
}
