package python

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/envaudit/envaudit/ecosystems"
	"github.com/envaudit/envaudit/ecosystems/internal/ecotest"
	"github.com/google/go-cmp/cmp"
)

// linkSite is a site directory of distributions whose own files explain
// one another's loads beyond their requirements: name → content, each
// distribution with a RECORD listing its files.
var linkSite = map[string]string{
	// runner discovers the "runner.plugins" group by name, and imports
	// core, which it does not require.
	"runner/__init__.py": "from importlib.metadata import entry_points\n\nGROUP = \"runner.plugins\"\n\n\ndef load():\n    import core\n    return [e.load() for e in entry_points(group=GROUP)]\n",
	"runner/util.py":     "import os\n",
	// plug and idle register in the group; idle is never loaded.
	"plug/__init__.py": "",
	"plug/hook.py":     "VALUE = 1\n",
	"idle/__init__.py": "",
	// lib imports fastjson where it copes without it, typeonly only to
	// type-check, winonly only on Windows, and helper, which it
	// requires, plainly.
	"lib/__init__.py":      "import sys\nfrom typing import TYPE_CHECKING\n\ntry:\n    import fastjson as json\nexcept ImportError:\n    import json\n\nif TYPE_CHECKING:\n    import typeonly\n\nif sys.platform == \"win32\":\n    import winonly\n\nimport helper\n",
	"fastjson/__init__.py": "",
	"typeonly/__init__.py": "",
	"winonly/__init__.py":  "",
	"helper/__init__.py":   "",
	"core/__init__.py":     "",
	// Start-up hooks import hooked (inside an exec'd literal) and custom
	// where the processes' environment asks for it, as pytest-cov's .pth
	// does for the processes its tests start: the interpreter asked about
	// its start-up without it does not import them, so they are no
	// start-up imports of the environment's.
	"hooks.pth":                             "import os; exec('if \"HOOK_ON\" in os.environ:\\n    import hooked')\n",
	"hooked/__init__.py":                    "",
	"custom/__init__.py":                    "",
	"runner-1.0.dist-info/entry_points.txt": "[console_scripts]\nrunner = runner:main\n",
	"plug-1.0.dist-info/entry_points.txt":   "[runner.plugins]\nplug = plug.hook:VALUE\n",
	"idle-1.0.dist-info/entry_points.txt":   "[runner.plugins]\nidle = idle\n",
	"lib-1.0.dist-info/METADATA":            "Metadata-Version: 2.1\nName: lib\nVersion: 1.0\nRequires-Dist: helper\n",
}

// TestLinks asks a real interpreter, in a virtual environment holding
// linkSite, for the links of a run that loaded some of its files: an
// import, an optional import, an entry point a loaded distribution
// discovers, start-up hooks; none for a type-only or another platform's
// import, a requirement already recorded, or a distribution the run did
// not load.
func TestLinks(t *testing.T) {
	venv, site := bareVenv(t)
	python := filepath.Join(venv, "bin", "python3")
	records := map[string][]string{}
	for name, content := range linkSite {
		ecotest.WriteFile(t, filepath.Join(site, filepath.FromSlash(name)), []byte(content), 0o644)
		top, _, _ := strings.Cut(name, "/")
		top = strings.TrimSuffix(top, ".py")
		if !strings.Contains(top, ".") {
			records[top] = append(records[top], name)
		}
	}
	records["hooked"] = append(records["hooked"], "hooks.pth")
	for dist, files := range records {
		meta := dist + "-1.0.dist-info"
		if _, ok := linkSite[meta+"/METADATA"]; !ok {
			ecotest.WriteFile(t, filepath.Join(site, meta, "METADATA"), []byte("Metadata-Version: 2.1\nName: "+dist+"\nVersion: 1.0\n"), 0o644)
		}
		ecotest.WriteFile(t, filepath.Join(site, meta, "RECORD"), []byte(strings.Join(files, ",,\n")+",,\n"), 0o644)
	}
	// What the run read: byte code for runner (its source beside it),
	// sources for the others; idle, typeonly, winonly are installed but
	// not loaded.
	tag := strings.TrimSpace(string(must(exec.Command(python, "-c", "import sys; print(sys.implementation.cache_tag)").Output())))
	read := []string{
		filepath.Join(site, "runner/__pycache__/__init__."+tag+".pyc"),
		filepath.Join(site, "runner/util.py"),
		filepath.Join(site, "plug/__init__.py"),
		filepath.Join(site, "plug/hook.py"),
		filepath.Join(site, "lib/__init__.py"),
		filepath.Join(site, "fastjson/__init__.py"),
		filepath.Join(site, "helper/__init__.py"),
		filepath.Join(site, "core/__init__.py"),
		filepath.Join(site, "hooked/__init__.py"),
		filepath.Join(site, "custom/__init__.py"),
	}
	ecotest.WriteFile(t, read[0], []byte("not really byte code"), 0o644)
	// The sitecustomize the interpreter finds first: in a PYTHONPATH
	// directory, which sys.path lists before the standard library (where
	// Debian's interpreter has a sitecustomize of its own).
	pp := filepath.Join(t.TempDir(), "pp")
	ecotest.WriteFile(t, filepath.Join(pp, "sitecustomize.py"), []byte("import os\n\nif os.environ.get(\"HOOK_ON\"):\n    import custom\n"), 0o644)
	p := requirements(t, &Ecosystem{DpkgDir: "-"}, "lib\n")
	inv, err := p.Installed(context.Background(), ecosystems.Env{
		Executables: []string{filepath.Join(venv, "bin", "python3")},
		Processes:   []ecosystems.Process{{Exe: filepath.Join(venv, "bin", "python3"), Files: read}},
		Environ:     append(os.Environ(), "PYTHONNOUSERSITE=1", "PYTHONPATH="+pp),
	})
	if err != nil {
		t.Fatal(err)
	}
	want := []ecosystems.Link{
		{To: "custom", Kind: ecosystems.LinkStartup, Detail: "sitecustomize.py"},
		{To: "hooked", Kind: ecosystems.LinkStartup, Detail: "hooks.pth"},
		{From: "lib", To: "fastjson", Kind: ecosystems.LinkOptional, Detail: "lib/__init__.py:5"},
		{From: "runner", To: "core", Kind: ecosystems.LinkImport, Detail: "runner/__init__.py:7"},
		{From: "runner", To: "plug", Kind: ecosystems.LinkEntryPoint, Detail: "runner.plugins"},
	}
	if diff := cmp.Diff(want, inv.Links); diff != "" {
		t.Errorf("links (-want +got):\n%s", diff)
	}
	if len(inv.Warnings) != 0 {
		t.Errorf("warnings: %q", inv.Warnings)
	}

	// The files parsed by two interpreters at once, as many bytes of
	// them are: the same links.
	was := splitBytes
	splitBytes = 1
	inv, err = p.Installed(context.Background(), ecosystems.Env{
		Executables: []string{filepath.Join(venv, "bin", "python3")},
		Processes:   []ecosystems.Process{{Exe: filepath.Join(venv, "bin", "python3"), Files: read}},
		Environ:     append(os.Environ(), "PYTHONNOUSERSITE=1", "PYTHONPATH="+pp),
	})
	splitBytes = was
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(want, inv.Links); diff != "" {
		t.Errorf("links parsed in two halves (-want +got):\n%s", diff)
	}

	// Without a trace there is nothing to explain, and nothing is read.
	inv, err = p.Installed(context.Background(), ecosystems.Env{
		Executables: []string{filepath.Join(venv, "bin", "python3")},
		Environ:     append(os.Environ(), "PYTHONNOUSERSITE=1"),
	})
	if err != nil {
		t.Fatal(err)
	}
	if len(inv.Links) != 0 {
		t.Errorf("links without a trace: %v", inv.Links)
	}
}

func must[T any](v T, err error) T {
	if err != nil {
		panic(err)
	}
	return v
}

// TestSplitBySize: two lists of about the same size, every file in one,
// each in the order given.
func TestSplitBySize(t *testing.T) {
	files := []string{"a", "b", "c", "d", "e"}
	sizes := map[string]int{"a": 10, "b": 400, "c": 30, "d": 200, "e": 190}
	got := splitBySize(files, sizes)
	want := [2][]string{{"a", "b"}, {"c", "d", "e"}} // 410 and 420 bytes
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("splitBySize (-want +got):\n%s", diff)
	}
	if got := splitBySize([]string{"x"}, nil); len(got[0]) != 1 || len(got[1]) != 0 {
		t.Errorf("splitBySize of one file = %q", got)
	}
}

func TestEntryGroups(t *testing.T) {
	dir := t.TempDir()
	ecotest.WriteFile(t, filepath.Join(dir, "entry_points.txt"), []byte("[console_scripts]\nmako-render = mako.cmd:cmdline\n\n# comment\n[pygments.lexers]\nmako = mako.ext.pygmentplugin:MakoLexer\ncss+mako = mako.ext.pygmentplugin:MakoCssLexer [extra]\n\n[babel.extractors]\nmako = mako.ext.babelplugin:extract [babel]\n[empty]\n"), 0o644)
	got := entryGroups(&dist{meta: dir})
	want := map[string][]string{
		"pygments.lexers":  {"mako.ext.pygmentplugin", "mako.ext.pygmentplugin"},
		"babel.extractors": {"mako.ext.babelplugin"},
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("groups (-want +got):\n%s", diff)
	}
}

func TestSourceOf(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"/s/a/b.py", "/s/a/b.py"},
		{"/s/a/__pycache__/b.cpython-311.pyc", "/s/a/b.py"},
		{"/s/a/__pycache__/b.cpython-311.opt-1.pyc", "/s/a/b.py"},
		{"/s/a/b.pyc", ""},
		{"/s/a/b.cpython-311-x86_64-linux-gnu.so", ""},
	} {
		if got := sourceOf(tc.in); got != tc.want {
			t.Errorf("sourceOf(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
}

func TestImportsAny(t *testing.T) {
	want := map[string]bool{"simplejson": true, "brotli": true, "os": true}
	for _, tc := range []struct {
		src  string
		want bool
	}{
		{"import simplejson as json", true},
		{"try: import brotli\nexcept ImportError: pass", true},
		{"from simplejson import JSONDecodeError", true},
		{"import sys, brotli as b", true},
		{"x = importlib.import_module('brotli.dec')", true},
		{"m = __import__(\"simplejson\")", true},
		{"import brotlicffi", false},
		{"import _brotli", false},
		{"brotli = None  # not an import", false},
		{"# nothing", false},
	} {
		if got := importsAny([]byte(tc.src), want); got != tc.want {
			t.Errorf("importsAny(%q) = %v, want %v", tc.src, got, tc.want)
		}
	}
}

// regexpImportsAny is importsAny as regular expressions spell it, the
// oracle of the hand-written scan: the scan must find whatever it finds.
var (
	oracleWords = regexp.MustCompile(`\b(?:from|import)\s+([A-Za-z_][A-Za-z0-9_]*)|(?:import_module|__import__)\(\s*['"]([A-Za-z_][A-Za-z0-9_]*)`)
	oracleList  = regexp.MustCompile(`\bimport\s+([^\n;#()]*)`)
)

func regexpImportsAny(data []byte, want map[string]bool) bool {
	for _, m := range oracleWords.FindAllSubmatch(data, -1) {
		if want[string(m[1])] || want[string(m[2])] {
			return true
		}
	}
	for _, m := range oracleList.FindAllSubmatch(data, -1) {
		for _, part := range bytes.Split(m[1], []byte(",")) {
			if w := importWord.Find(part); w != nil && want[string(w)] {
				return true
			}
		}
	}
	return false
}

func FuzzImportsAny(f *testing.F) {
	for _, s := range []string{
		"import simplejson as json", "from a import b, c", "import a, import b", "import a,\n b",
		"x = importlib.import_module( 'b')", "__import__(\"c\")", "imports a", "fromage b",
		"import (a, b)", "import 9a, _b", "import a; import b", "from\n\ta import x",
	} {
		f.Add([]byte(s), "b")
	}
	f.Fuzz(func(t *testing.T, data []byte, name string) {
		want := map[string]bool{name: true}
		if regexpImportsAny(data, want) && !importsAny(data, want) {
			t.Errorf("importsAny(%q, %q) = false; the regular expressions find it", data, name)
		}
	})
}

// BenchmarkImportsAny reads a large module that imports nothing wanted,
// by the scan and by the regular expressions it replaced.
func BenchmarkImportsAny(b *testing.B) {
	var src bytes.Buffer
	for i := 0; i < 2000; i++ {
		fmt.Fprintf(&src, "from package%d import name%d, other  # import from\nimport os, sys as system\nx = f(%d)  # information\n", i, i, i)
	}
	want := map[string]bool{"wanted": true}
	b.Run("scan", func(b *testing.B) {
		for b.Loop() {
			importsAny(src.Bytes(), want)
		}
	})
	b.Run("regexp", func(b *testing.B) {
		for b.Loop() {
			regexpImportsAny(src.Bytes(), want)
		}
	})
}
