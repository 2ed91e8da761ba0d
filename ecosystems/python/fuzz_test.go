package python

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/envaudit/envaudit/ecosystems/internal/ecotest"
)

// seed adds every fixture file matching the patterns to the fuzz corpus.
func seed(f *testing.F, patterns ...string) {
	for _, pat := range patterns {
		files, _ := filepath.Glob(pat)
		for _, name := range files {
			if data, err := os.ReadFile(name); err == nil {
				f.Add(data)
			}
		}
	}
}

// checkPosError fails unless err is nil or a *PosError in file.
func checkPosError(t *testing.T, err error, file string) {
	t.Helper()
	if err == nil {
		return
	}
	pe := ecotest.PosError(t, err)
	if pe.Pos.File != file {
		t.Fatalf("error %q is in %q, want %q", err, pe.Pos.File, file)
	}
}

func fakeNamer(p string) (string, bool, bool) {
	if p == "." {
		return "", true, true
	}
	return "local-project", false, true
}

func FuzzRequirementsFile(f *testing.F) {
	seed(f, "testdata/*/*/requirements*.txt", "testdata/*/*/requirements/*.txt")
	f.Add([]byte("foo \\\n  ==1.0 --hash=sha256:00\n-r x.txt\n-e .\n# c \\\nbar"))
	f.Fuzz(func(t *testing.T, data []byte) {
		rf, err := parseRequirements("requirements.txt", data, fakeNamer)
		checkPosError(t, err, "requirements.txt")
		if err != nil {
			return
		}
		for _, e := range rf.entries {
			if !validName(e.name) {
				t.Fatalf("entry with invalid name %q", e.name)
			}
			if e.line < 1 {
				t.Fatalf("entry %q without a line", e.name)
			}
		}
	})
}

func FuzzPyproject(f *testing.F) {
	seed(f, "testdata/*/*/pyproject.toml")
	f.Add([]byte("[project]\ndependencies = [\n 'a',\n 'b>=1; os_name==\"x\"',\n]\n[dependency-groups]\nx = [{include-group = 'x'}]\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		m, err := parsePyproject("pyproject.toml", data, fakeNamer)
		checkPosError(t, err, "pyproject.toml")
		if err != nil {
			return
		}
		for _, d := range m.deps {
			if d.Name == "" || d.Pos.Line < 1 {
				t.Fatalf("dependency %+v without a name or line", d)
			}
		}
	})
}

func FuzzSetupCfg(f *testing.F) {
	seed(f, "testdata/*/*/setup.cfg")
	f.Add([]byte("[options]\ninstall_requires =\n  a\n\n  b ; os_name == 'posix'\n[options.extras_require]\nx = c; d\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		m, err := parseSetupCfg("setup.cfg", data)
		checkPosError(t, err, "setup.cfg")
		if err != nil {
			return
		}
		for _, d := range m.deps {
			if d.Name == "" || d.Pos.Line < 1 {
				t.Fatalf("dependency %+v without a name or line", d)
			}
		}
	})
}

func FuzzPipfile(f *testing.F) {
	seed(f, "testdata/*/*/Pipfile")
	f.Add([]byte("[packages]\na = '*'\nb = {version = '>=1', markers = \"os_name == 'nt'\"}\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		m, err := parsePipfile("Pipfile", data, fakeNamer)
		checkPosError(t, err, "Pipfile")
		if err != nil {
			return
		}
		for _, d := range m.deps {
			if d.Name == "" || d.Pos.Line < 1 {
				t.Fatalf("dependency %+v without a name or line", d)
			}
		}
	})
}

func FuzzRequirement(f *testing.F) {
	for _, s := range []string{
		"requests[socks]>=2,<3; python_version >= '3.8' and extra == 'x'",
		"pip @ https://x.example/p.zip ; os_name == 'posix'",
		"pluggy (<2.0,>=0.12)",
		"foo===1.0",
		`a; (python_version < "3" or sys_platform in "linux win32") and platform_machine not in 'arm'`,
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		r, err := ParseRequirement(s)
		if err != nil {
			return
		}
		if !validName(r.Name) {
			t.Fatalf("ParseRequirement(%q) gave invalid name %q", s, r.Name)
		}
		// The name and the rest, rejoined, parse to the same requirement.
		again, err := ParseRequirement(r.Name + " " + r.Rest)
		if err != nil {
			t.Fatalf("reparse of %q: %v", s, err)
		}
		if again.Name != r.Name || again.Specifier != r.Specifier || again.URL != r.URL {
			t.Fatalf("reparse of %q differs: %+v vs %+v", s, again, r)
		}
		if r.Marker != nil {
			r.Marker.Eval(map[string]string{"python_version": "3.11", "extra": ""})
		}
	})
}

func FuzzMetadata(f *testing.F) {
	f.Add([]byte("Metadata-Version: 2.1\nName: foo\nVersion: 1.0\nRequires-Dist: bar (>=1) ; extra == 'x'\n\nbody"))
	f.Add([]byte("foo/__init__.py,sha256=abc,12\n\"a,b.py\",,\n"))
	f.Add([]byte("six>=1.5\n\n[socks]\nPySocks!=1.5.7\n\n[:python_version < \"3\"]\nipaddress\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		for k, vs := range parseHeaders(data) {
			if k == "" || k != strings.ToLower(k) || strings.ContainsAny(k, ": \t\r\n") {
				t.Fatalf("header name %q", k)
			}
			for _, v := range vs {
				if k == "requires-dist" {
					_, _ = ParseRequirement(v)
				}
			}
		}
		_, _ = parseRecord(data)
		if reqs, err := parseRequiresTxt(data); err == nil {
			for _, r := range reqs {
				r.applies(map[string]string{"python_version": "3.11"}, map[string]bool{"socks": true})
			}
		}
		_ = textLines(data)
	})
}

func FuzzSetupPy(f *testing.F) {
	seed(f, "testdata/*/*/setup.py")
	f.Add([]byte("setup(install_requires=['a'] + B, extras_require={'x:os_name == \"nt\"': ('c',)})\nB = \"\"\"d\ne\"\"\""))
	f.Fuzz(func(t *testing.T, data []byte) {
		m, _, _, err := parseSetupPyManifest("setup.py", data)
		checkPosError(t, err, "setup.py")
		if err != nil {
			return
		}
		for _, d := range m.deps {
			if !validName(d.Name) || d.Pos.Line < 1 {
				t.Fatalf("declaration %q at line %d", d.Name, d.Pos.Line)
			}
		}
	})
}

// FuzzLayout reads the input as each of the build configuration files and
// applies what it says to a fixed tree: no panic, and every file gets one
// of the three roles, tooling with what it is.
func FuzzLayout(f *testing.F) {
	seed(f, "testdata/*/*/pyproject.toml", "testdata/*/*/setup.cfg", "testdata/*/*/setup.py")
	f.Add([]byte("[tool.setuptools.packages.find]\nwhere = [\"src\"]\ninclude = [\"a*\"]\nexclude = [\"a.tests*\"]\n"))
	f.Add([]byte("[tool.hatch.build.targets.wheel]\npackages = [\"src/a\"]\ninclude = [\"/a/**/*.py\", \"*.py\"]\n"))
	f.Add([]byte("[options]\npackages = find:\npackage_dir =\n    =src\n[options.packages.find]\nwhere = src\n"))
	f.Add([]byte("from setuptools import setup, find_packages\nsetup(packages=find_packages('src', exclude=['t*']), package_dir={'': 'src'}, py_modules=['m'])\n"))
	files := []string{"setup.py", "a/__init__.py", "a/b/c.py", "src/a/__init__.py", "src/m.py", "tests/test_a.py", "tools/x.py", "docs/conf.py", "m.py"}
	f.Fuzz(func(t *testing.T, data []byte) {
		for _, l := range []*layout{readLayout(data, nil, nil), readLayout(nil, data, nil), readLayout(nil, nil, data)} {
			s := l.resolve(newTree(files))
			for _, file := range files {
				role, tool := s.role(file)
				if (role == roleTooling) != (tool != "") || role != roleCode && role != roleTest && role != roleTooling {
					t.Fatalf("%s: role %q, tool %q", file, role, tool)
				}
			}
		}
	})
}

// FuzzEntryPoints reads the input as an entry_points.txt: no panic, no
// program group, no empty group name.
func FuzzEntryPoints(f *testing.F) {
	f.Add([]byte("[console_scripts]\na = a:main\n[pytest11]\nanyio = anyio.pytest_plugin\n[pygments.lexers]\nmako = mako.ext.pygmentplugin:MakoLexer [extra]\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		for g := range parseEntryPoints(data) {
			if g == "" || notDiscovery[g] {
				t.Fatalf("group %q", g)
			}
		}
	})
}
