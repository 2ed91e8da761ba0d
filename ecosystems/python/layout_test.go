package python

import (
	"fmt"
	"sort"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// layoutFiles is one tree of Python files shared by the layout cases: a
// package under src/ and one at the root, tests inside and outside them,
// and the usual tooling.
var layoutFiles = []string{
	"setup.py",
	"noxfile.py",
	"manage.py",
	"run.py",
	"docs/conf.py",
	"docs/ext/helper.py",
	"examples/demo.py",
	"tools/make_tables.py",
	"scripts/release.py",
	"benchmarks/bench_x.py",
	"bin/cli.py",
	"tests/conftest.py",
	"tests/test_core.py",
	"tests/helpers.py",
	"mypkg/__init__.py",
	"mypkg/core.py",
	"mypkg/sub/__init__.py",
	"mypkg/sub/deep.py",
	"mypkg/nsdir/mod.py",
	"mypkg/tests/test_inner.py",
	"src/other/__init__.py",
	"src/other/impl.py",
	"src/single.py",
}

// roles renders the role of every layoutFiles file that is not a test:
// "file code" or "file tooling (what)"; tests are the same in every case
// and checked once.
func roles(s *shipped) []string {
	var out []string
	for _, f := range layoutFiles {
		role, tool := s.role(f)
		switch role {
		case roleTest:
			continue
		case roleTooling:
			out = append(out, fmt.Sprintf("%s tooling (%s)", f, tool))
		default:
			out = append(out, f+" code")
		}
	}
	sort.Strings(out)
	return out
}

// rolesWith returns base with the lines of replace ("file role") in place
// of those of the same files.
func rolesWith(t *testing.T, base []string, replace ...string) []string {
	t.Helper()
	out := append([]string(nil), base...)
	for _, r := range replace {
		file, _, _ := strings.Cut(r, " ")
		found := false
		for i, o := range out {
			if strings.HasPrefix(o, file+" ") {
				out[i], found = r, true
			}
		}
		if !found {
			t.Fatalf("no file %q in the base roles", file)
		}
	}
	sort.Strings(out)
	return out
}

func TestLayoutRoles(t *testing.T) {
	unknown := roles((&layout{}).resolve(newTree(layoutFiles)))
	wantUnknown := []string{
		"benchmarks/bench_x.py tooling (a benchmark)",
		"bin/cli.py code",
		"docs/conf.py tooling (Sphinx's configuration)",
		"docs/ext/helper.py tooling (the documentation)",
		"examples/demo.py tooling (an example)",
		"manage.py code",
		"mypkg/__init__.py code",
		"mypkg/core.py code",
		"mypkg/nsdir/mod.py code",
		"mypkg/sub/__init__.py code",
		"mypkg/sub/deep.py code",
		"noxfile.py tooling (nox's configuration)",
		"run.py code",
		"scripts/release.py tooling (a maintainer script)",
		"setup.py tooling (the build script)",
		"src/other/__init__.py code",
		"src/other/impl.py code",
		"src/single.py code",
		"tools/make_tables.py tooling (a maintainer script)",
	}
	if diff := cmp.Diff(wantUnknown, unknown); diff != "" {
		t.Fatalf("roles without a build configuration (-want +got):\n%s", diff)
	}
	// Files the build does not ship, outside the conventional places.
	notShipped := func(files ...string) []string {
		var out []string
		for _, f := range files {
			what := "a file the build does not ship"
			if strings.HasPrefix(f, "bin/") {
				what = "a maintainer script"
			}
			out = append(out, f+" tooling ("+what+")")
		}
		return out
	}
	onlyMypkg := rolesWith(t, unknown, notShipped("bin/cli.py", "manage.py", "run.py", "src/other/__init__.py", "src/other/impl.py", "src/single.py")...)
	mypkgNoNamespace := rolesWith(t, onlyMypkg, notShipped("mypkg/nsdir/mod.py")...)
	onlySrc := rolesWith(t, unknown, notShipped("bin/cli.py", "manage.py", "run.py", "mypkg/__init__.py", "mypkg/core.py", "mypkg/nsdir/mod.py", "mypkg/sub/__init__.py", "mypkg/sub/deep.py")...)

	for _, tc := range []struct {
		name                       string
		pyproject, setupCfg, setup string
		files                      []string // the tree, when not layoutFiles
		want                       []string
	}{
		{
			name: "noBuildConfiguration",
			want: unknown,
		},
		{
			name:      "toolConfigurationOnly",
			pyproject: "[tool.black]\nline-length = 100\n",
			want:      unknown,
		},
		{
			name:      "setuptoolsPackagesList",
			pyproject: "[build-system]\nbuild-backend = \"setuptools.build_meta\"\n[project]\nname = \"mypkg\"\n[tool.setuptools]\npackages = [\"mypkg\", \"mypkg.sub\"]\n",
			want:      mypkgNoNamespace,
		},
		{
			name:      "setuptoolsFindNamespaces",
			pyproject: "[project]\nname = \"mypkg\"\n[tool.setuptools.packages.find]\ninclude = [\"mypkg*\"]\n",
			want:      onlyMypkg,
		},
		{
			name:      "setuptoolsFindWhere",
			pyproject: "[project]\nname = \"other\"\n[tool.setuptools.packages.find]\nwhere = [\"src\"]\n",
			want:      rolesWith(t, onlySrc, notShipped("src/single.py")...),
		},
		{
			name:     "setupCfgFind",
			setupCfg: "[metadata]\nname = mypkg\n[options]\npackages = find:\n[options.packages.find]\nexclude =\n    tests\n    tests.*\n    docs*\n    examples\n    tools\n    scripts\n    benchmarks\n    src*\n    bin\n",
			want:     mypkgNoNamespace,
		},
		{
			name:  "setupPyFindPackages",
			setup: "from setuptools import setup, find_packages\nEXCLUDE = ['tests', 'tests.*', 'docs*', 'examples', 'tools', 'scripts', 'benchmarks', 'bin', 'src*']\nsetup(name='mypkg', packages=find_packages(exclude=EXCLUDE))\n",
			want:  mypkgNoNamespace,
		},
		{
			// pip-run's setup.cfg: find_namespace: with the default include
			// sweeps in every directory, examples/ and tools/ too; they stay
			// tooling, while an include pattern that names one ships it.
			name:     "setupCfgFindNamespaceSweeps",
			setupCfg: "[metadata]\nname = mypkg\n[options]\npackages = find_namespace:\n[options.packages.find]\nexclude =\n    build*\n    docs*\n    tests*\n",
			want:     rolesWith(t, unknown, notShipped("manage.py", "run.py")...),
		},
		{
			name:     "setupCfgFindNamespaceIncludesExamples",
			setupCfg: "[metadata]\nname = mypkg\n[options]\npackages = find_namespace:\n[options.packages.find]\ninclude =\n    mypkg*\n    examples\n",
			want:     rolesWith(t, onlyMypkg, "examples/demo.py code"),
		},
		{
			name:  "setupPyPackageDir",
			setup: "from setuptools import setup\nsetup(name='other', packages=['other'], package_dir={'': 'src'}, py_modules=['single'])\n",
			want:  onlySrc,
		},
		{
			name:  "setupPyComputed",
			setup: "from setuptools import setup\nimport glob\nsetup(name='x', packages=[p for p in glob.glob('*')])\n",
			want:  unknown,
		},
		{
			name:  "setupPyExtModulesOnly",
			setup: "from setuptools import setup, Extension\nsetup(name='x', ext_modules=[Extension('x', ['x.c'])])\n",
			want:  rolesWith(t, onlySrc, notShipped("src/other/__init__.py", "src/other/impl.py", "src/single.py")...),
		},
		{
			// Automatic discovery: src/ exists, so the src-layout.
			name:      "setuptoolsDiscoverySrc",
			pyproject: "[build-system]\nrequires = [\"setuptools\"]\n[project]\nname = \"other\"\n",
			want:      onlySrc,
		},
		{
			// Without src/: the flat layout's one top-level package,
			// the reserved names left out.
			name:      "setuptoolsDiscoveryFlat",
			pyproject: "[project]\nname = \"mypkg\"\n",
			files:     []string{"setup.py", "mypkg/__init__.py", "mypkg/core.py", "tests/test_core.py", "tools/gen.py", "docs/conf.py", "run.py"},
		},
		{
			name:      "hatchPackages",
			pyproject: "[build-system]\nbuild-backend = \"hatchling.build\"\n[project]\nname = \"whatever\"\n[tool.hatch.build.targets.wheel]\npackages = [\"src/other\"]\n",
			want:      rolesWith(t, onlySrc, notShipped("src/single.py")...),
		},
		{
			name:      "hatchDefault",
			pyproject: "[build-system]\nbuild-backend = \"hatchling.build\"\n[project]\nname = \"MyPkg\"\n",
			want:      onlyMypkg,
		},
		{
			name:      "hatchDefaultFindsNothing",
			pyproject: "[build-system]\nbuild-backend = \"hatchling.build\"\n[project]\nname = \"absent\"\n",
			want:      unknown,
		},
		{
			name:      "flitModule",
			pyproject: "[build-system]\nbuild-backend = \"flit_core.buildapi\"\n[project]\nname = \"dist-name\"\n[tool.flit.module]\nname = \"single\"\n",
			want:      rolesWith(t, onlySrc, notShipped("src/other/__init__.py", "src/other/impl.py")...),
		},
		{
			name:      "poetryPackages",
			pyproject: "[build-system]\nbuild-backend = \"poetry.core.masonry.api\"\n[tool.poetry]\nname = \"x\"\npackages = [{include = \"other\", from = \"src\"}, {include = \"mypkg/sub/*.py\"}]\n",
			want:      rolesWith(t, onlySrc, notShipped("src/single.py")[0], "mypkg/sub/__init__.py code", "mypkg/sub/deep.py code"),
		},
		{
			name:      "poetryDefault",
			pyproject: "[tool.poetry]\nname = \"mypkg\"\n",
			want:      onlyMypkg,
		},
		{
			name:      "pdmIncludes",
			pyproject: "[build-system]\nbuild-backend = \"pdm.backend\"\n[project]\nname = \"other\"\n[tool.pdm.build]\npackage-dir = \"src\"\nincludes = [\"other\"]\n",
			want:      rolesWith(t, onlySrc, notShipped("src/single.py")...),
		},
		{
			name:      "maturin",
			pyproject: "[build-system]\nbuild-backend = \"maturin\"\n[tool.maturin]\npython-source = \"src\"\n",
			want:      onlySrc,
		},
		{
			name:      "otherBackend",
			pyproject: "[build-system]\nbuild-backend = \"mesonpy\"\n",
			want:      unknown,
		},
	} {
		t.Run(tc.name, func(t *testing.T) {
			opt := func(s string) []byte {
				if s == "" {
					return nil
				}
				return []byte(s)
			}
			l := readLayout(opt(tc.pyproject), opt(tc.setupCfg), opt(tc.setup))
			files := tc.files
			if files == nil {
				files = layoutFiles
			}
			s := l.resolve(newTree(files))
			if tc.files != nil {
				var got []string
				for _, f := range files {
					role, tool := s.role(f)
					got = append(got, strings.TrimSuffix(fmt.Sprintf("%s %s %s", f, role, tool), " "))
				}
				want := []string{
					"setup.py tooling the build script",
					"mypkg/__init__.py code",
					"mypkg/core.py code",
					"tests/test_core.py test",
					"tools/gen.py tooling a maintainer script",
					"docs/conf.py tooling Sphinx's configuration",
					"run.py tooling a file the build does not ship",
				}
				if diff := cmp.Diff(want, got); diff != "" {
					t.Errorf("roles (-want +got):\n%s", diff)
				}
				return
			}
			if diff := cmp.Diff(tc.want, roles(s)); diff != "" {
				t.Errorf("roles (-want +got):\n%s", diff)
			}
			for _, f := range []string{"tests/conftest.py", "tests/test_core.py", "tests/helpers.py", "mypkg/tests/test_inner.py"} {
				if role, _ := s.role(f); role != roleTest {
					t.Errorf("%s is %s, want a test", f, role)
				}
			}
		})
	}
}

func TestPackageDir(t *testing.T) {
	for _, tc := range []struct {
		pd   map[string]string
		name string
		want string
	}{
		{nil, "a.b", "a/b"},
		{map[string]string{"": "src"}, "a.b", "src/a/b"},
		{map[string]string{"a": "lib/a"}, "a.b", "lib/a/b"},
		{map[string]string{"a.b": "x", "": "src"}, "a.b.c", "x/c"},
		{map[string]string{"": "."}, "a", "a"},
	} {
		if got := packageDir(tc.pd, tc.name); got != tc.want {
			t.Errorf("packageDir(%v, %q) = %q, want %q", tc.pd, tc.name, got, tc.want)
		}
	}
}

func TestGlobMatch(t *testing.T) {
	for _, tc := range []struct {
		pattern, name string
		want          bool
	}{
		{"mypkg/**/*.py", "mypkg/a.py", true},
		{"mypkg/**/*.py", "mypkg/sub/deep/a.py", true},
		{"mypkg/**/*.py", "other/a.py", false},
		{"**/conf.py", "docs/conf.py", true},
		{"**/conf.py", "conf.py", true},
		{"src/*", "src/a/b.py", false},
		{"src/*", "src/a", true},
		{"**/**/**/**/**/**/**/**/**/**/**/**/**/**/**/**/**/**/**/**/x", strings.Repeat("a/", 200) + "y", false},
		{"**/**/x", "a/b/x", true},
	} {
		if got := globMatch(tc.pattern, tc.name); got != tc.want {
			t.Errorf("globMatch(%q, %q) = %v, want %v", tc.pattern, tc.name, got, tc.want)
		}
	}
}
