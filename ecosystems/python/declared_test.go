package python

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"path/filepath"
	"strings"
	"testing"

	"github.com/envaudit/envaudit/ecosystems"
	"github.com/envaudit/envaudit/ecosystems/internal/ecotest"
	"github.com/google/go-cmp/cmp"
)

// golden compares got, as pretty JSON, with the golden file, or rewrites it.
func golden(t *testing.T, file string, got any) {
	t.Helper()
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", "  ")
	if err := enc.Encode(got); err != nil {
		t.Fatal(err)
	}
	ecotest.Golden(t, file, buf.String())
}

// TestDeclared opens each project under testdata/declared and compares
// D1 (and the files it read, "path kind" each) with want.json.
func TestDeclared(t *testing.T) {
	for _, dir := range ecotest.Glob(t, "testdata/declared/*") {
		t.Run(filepath.Base(dir), func(t *testing.T) {
			p := ecotest.Open(t, New(), dir)
			files, deps := []string{}, []ecosystems.Dependency{}
			if p != nil {
				for _, f := range p.Files() {
					files = append(files, f.Path+" "+string(f.Kind))
				}
				deps = append(deps, p.Declared()...)
			}
			golden(t, filepath.Join(dir, "want.json"), struct {
				Files    []string                `json:"files"`
				Declared []ecosystems.Dependency `json:"declared"`
			}{files, deps})
		})
	}
}

// TestDeclaredErrors checks that each malformed project under
// testdata/bad fails with the positioned error in want-error.txt.
func TestDeclaredErrors(t *testing.T) {
	for _, dir := range ecotest.Glob(t, "testdata/bad/*") {
		t.Run(filepath.Base(dir), func(t *testing.T) {
			_, err := New().Open(context.Background(), ecosystems.Dir(dir))
			if err == nil {
				t.Fatal("Open succeeded, want an error")
			}
			var pe *ecosystems.PosError
			if !errors.As(err, &pe) {
				t.Errorf("error %q (%T) is not an *ecosystems.PosError", err, err)
			} else if pe.Pos.Line == 0 {
				t.Errorf("error %q has no line", err)
			}
			ecotest.Golden(t, filepath.Join(dir, "want-error.txt"), err.Error()+"\n")
		})
	}
}

func TestParseRequirement(t *testing.T) {
	for _, tc := range []struct {
		name, in string
		want     *Requirement // Marker is compared as present or not
		marker   bool
		err      string
	}{
		{name: "bare", in: "requests", want: &Requirement{Name: "requests"}},
		{name: "extrasSpec", in: "requests [socks, security] >= 2.0 , <3", want: &Requirement{Name: "requests", Extras: []string{"socks", "security"}, Specifier: ">=2.0,<3", Rest: "[socks, security] >= 2.0 , <3"}},
		{name: "parens", in: "pluggy (<2.0,>=0.12)", want: &Requirement{Name: "pluggy", Specifier: "<2.0,>=0.12", Rest: "(<2.0,>=0.12)"}},
		{name: "marker", in: `tomli>=1.0.0; python_version < "3.11"`, want: &Requirement{Name: "tomli", Specifier: ">=1.0.0", Rest: `>=1.0.0; python_version < "3.11"`}, marker: true},
		{name: "url", in: "pip @ https://github.com/pypa/pip/archive/1.3.1.zip#sha1=da9234ee ; python_version > '3'", want: &Requirement{Name: "pip", URL: "https://github.com/pypa/pip/archive/1.3.1.zip#sha1=da9234ee", Rest: "@ https://github.com/pypa/pip/archive/1.3.1.zip#sha1=da9234ee ; python_version > '3'"}, marker: true},
		{name: "wildcard", in: "django==4.2.*", want: &Requirement{Name: "django", Specifier: "==4.2.*", Rest: "==4.2.*"}},
		{name: "arbitrary", in: "foo===1.0-weird", want: &Requirement{Name: "foo", Specifier: "===1.0-weird", Rest: "===1.0-weird"}},
		{name: "compatible", in: "foo~=1.4.2", want: &Requirement{Name: "foo", Specifier: "~=1.4.2", Rest: "~=1.4.2"}},
		{name: "local", in: "torch==2.0.1+cpu", want: &Requirement{Name: "torch", Specifier: "==2.0.1+cpu", Rest: "==2.0.1+cpu"}},
		{name: "missingVersion", in: "foo==", err: "missing version"},
		{name: "missingSpec", in: "foo (", err: "missing version specifier"},
		{name: "singleEquals", in: "foo=1.0", err: `unexpected "=1.0" in version specifier (did you mean "=="?)`},
		{name: "badName", in: "-foo", err: `invalid name "-foo"`},
		{name: "badStart", in: "[x]", err: `unexpected '[' where a name should start`},
		{name: "trailingDot", in: "foo.", err: `invalid name "foo."`},
		{name: "empty", in: "   ", err: "missing name"},
		{name: "badWildcard", in: "foo>=1.*", err: `wildcard version "1.*" allowed only with == and !=`},
		{name: "badCompatible", in: "foo~=1", err: `"~=" needs at least two version components, not "1"`},
		{name: "badVersion", in: "foo==1..2", err: `invalid version "1..2"`},
		{name: "unclosedExtras", in: "foo[bar", err: `missing "]" after extras`},
		{name: "badMarker", in: "foo; os_name", err: `invalid marker: missing operator after "os_name"`},
		{name: "unknownVariable", in: "foo; python == '3'", err: `invalid marker: unknown marker variable "python"`},
		{name: "junkAfterURL", in: "foo @ https://x.example/a.whl junk", err: `unexpected "junk" after URL`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got, err := ParseRequirement(tc.in)
			if tc.err != "" {
				if err == nil || err.Error() != tc.err {
					t.Fatalf("ParseRequirement(%q) error = %v, want %q", tc.in, err, tc.err)
				}
				return
			}
			if err != nil {
				t.Fatalf("ParseRequirement(%q): %v", tc.in, err)
			}
			if (got.Marker != nil) != tc.marker {
				t.Errorf("marker present = %v, want %v", got.Marker != nil, tc.marker)
			}
			got.Marker = nil
			if tc.want.Rest == "" && tc.want.Specifier == "" && tc.want.URL == "" && tc.want.Extras == nil {
				tc.want.Rest = got.Rest
			}
			if diff := cmp.Diff(tc.want, got, cmp.AllowUnexported(Requirement{})); diff != "" {
				t.Errorf("ParseRequirement(%q) (-want +got):\n%s", tc.in, diff)
			}
		})
	}
}

func TestMarkerEval(t *testing.T) {
	env := map[string]string{
		"python_version": "3.11", "python_full_version": "3.11.2", "sys_platform": "linux",
		"os_name": "posix", "platform_system": "Linux", "implementation_name": "cpython",
		"platform_machine": "x86_64", "extra": "",
	}
	for _, tc := range []struct {
		name, in string
		env      map[string]string
		want     Tri
	}{
		{"versionLess", `python_version < "3.11"`, env, False},
		{"versionGreaterEqual", `python_version >= "3.8"`, env, True},
		{"versionNotString", `python_version > "3.9"`, env, True}, // "3.11" > "3.9" as versions, not strings
		{"fullWildcard", `python_full_version == "3.11.*"`, env, True},
		{"platform", `sys_platform == "win32"`, env, False},
		{"legacyName", `os.name == "posix"`, env, True},
		{"reversed", `"linux" == sys_platform`, env, True},
		{"in", `"x86" in platform_machine`, env, True},
		{"notIn", `platform_machine not in "arm64 aarch64"`, env, True},
		{"extraOff", `extra == "test"`, env, False},
		{"extraOn", `extra == "Test_Suite"`, map[string]string{"extra": "test-suite"}, True},
		{"andOr", `python_version < "3.8" or (sys_platform == "linux" and os_name == "posix")`, env, True},
		{"precedence", `sys_platform == "win32" or sys_platform == "linux" and python_version < "3"`, env, False},
		{"unknownVariable", `platform_release >= "5"`, env, Unknown},
		{"unknownOrTrue", `platform_release >= "5" or os_name == "posix"`, env, True},
		{"unknownAndFalse", `platform_release >= "5" and os_name == "nt"`, env, False},
		{"stringCompare", `implementation_name > "abc"`, env, True},
	} {
		t.Run(tc.name, func(t *testing.T) {
			m, err := ParseMarker(tc.in)
			if err != nil {
				t.Fatal(err)
			}
			if got := m.Eval(tc.env); got != tc.want {
				t.Errorf("Eval(%q) = %d, want %d", tc.in, got, tc.want)
			}
		})
	}
}

func TestVersionCompare(t *testing.T) {
	// Each version sorts strictly before the next, as PEP 440 orders them.
	order := []string{"1.0.dev1", "1.0a1", "1.0a2.dev1", "1.0a2", "1.0b1", "1.0rc1", "1.0", "1.0.post1.dev1", "1.0.post1", "1.0.1", "1.1", "2!0.1"}
	for i := 0; i+1 < len(order); i++ {
		a, ok1 := parseVersion(order[i])
		b, ok2 := parseVersion(order[i+1])
		if !ok1 || !ok2 {
			t.Fatalf("parse %q or %q failed", order[i], order[i+1])
		}
		if a.compare(b) >= 0 || b.compare(a) <= 0 {
			t.Errorf("%q should sort before %q", order[i], order[i+1])
		}
	}
	for _, eq := range [][2]string{{"1.0", "1.0.0"}, {"1.0-1", "1.0.post1"}, {"1.0alpha1", "1.0a1"}, {"v1.0", "1.0"}} {
		a, _ := parseVersion(eq[0])
		b, _ := parseVersion(eq[1])
		if a.compare(b) != 0 {
			t.Errorf("%q and %q should be equal", eq[0], eq[1])
		}
	}
	for _, bad := range []string{"", "a", "1..0", "1.0+", "1.0foo", "!1"} {
		if _, ok := parseVersion(bad); ok {
			t.Errorf("parseVersion(%q) succeeded", bad)
		}
	}
}

func TestLogicalLines(t *testing.T) {
	in := "a \\\n  b\n# comment \\\nc # trailing\nurl#egg=x\n\\\n\nlast \\"
	got := logicalLines(in)
	want := []logicalLine{{1, "a   b"}, {4, "c"}, {5, "url#egg=x"}, {8, "last"}}
	if diff := cmp.Diff(want, got, cmp.AllowUnexported(logicalLine{})); diff != "" {
		t.Errorf("logicalLines (-want +got):\n%s", diff)
	}
}

func TestGroupScope(t *testing.T) {
	for in, want := range map[string]ecosystems.Scope{
		"requirements.txt":           ecosystems.ScopeRuntime, // default
		"requirements-dev.txt":       ecosystems.ScopeDev,
		"requirements/tests.txt":     ecosystems.ScopeTest,
		"test-requirements.txt":      ecosystems.ScopeTest,
		"requirements/prod.txt":      ecosystems.ScopeRuntime,
		"docs":                       ecosystems.ScopeDev,
		"typing":                     ecosystems.ScopeDev,
		"requirements-build.txt":     ecosystems.ScopeBuild,
		"requirements/base.txt":      ecosystems.ScopeRuntime,
		"requirements-lint-test.txt": ecosystems.ScopeTest,
	} {
		if got := groupScope(in, ecosystems.ScopeRuntime); got != want {
			t.Errorf("groupScope(%q) = %q, want %q", in, got, want)
		}
	}
}

// TestDeclaredDeterministic guards the sort: two runs give equal bytes.
func TestDeclaredDeterministic(t *testing.T) {
	dir := "testdata/declared/requirements"
	var out [2][]byte
	for i := range out {
		out[i], _ = json.Marshal(ecotest.Open(t, New(), dir).Declared())
	}
	if !bytes.Equal(out[0], out[1]) {
		t.Error("Declared is not deterministic")
	}
	if !strings.Contains(string(out[0]), `"demo-helper"`) {
		t.Error("the -e ./libs/helper entry is missing")
	}
}

// TestLockfiles checks that the lockfiles of Poetry, Pipenv, uv and PDM,
// which envaudit does not parse, are listed among the project's files as
// lockfiles, and do not make a project by themselves.
func TestLockfiles(t *testing.T) {
	dir := t.TempDir()
	ecotest.WriteFile(t, filepath.Join(dir, "poetry.lock"), []byte("# poetry\n"), 0o644)
	if p := ecotest.Open(t, New(), dir); p != nil {
		t.Errorf("a poetry.lock alone opened as a project: %v", p.Files())
	}
	ecotest.WriteFile(t, filepath.Join(dir, "pyproject.toml"), []byte("[project]\nname = \"x\"\ndependencies = [\"requests\"]\n"), 0o644)
	ecotest.WriteFile(t, filepath.Join(dir, "uv.lock"), []byte("version = 1\n"), 0o644)
	want := []ecosystems.File{
		{Path: "poetry.lock", Kind: ecosystems.KindLockfile},
		{Path: "pyproject.toml", Kind: ecosystems.KindManifest},
		{Path: "uv.lock", Kind: ecosystems.KindLockfile},
	}
	if diff := cmp.Diff(want, ecotest.Open(t, New(), dir).Files()); diff != "" {
		t.Errorf("Files (-want +got):\n%s", diff)
	}
}

// TestPoetryPythonMarker turns Poetry's python restrictions into markers
// and evaluates them for a Python 3.11.2 interpreter, as Installed decides
// which declarations are inapplicable.
func TestPoetryPythonMarker(t *testing.T) {
	env := map[string]string{"python_version": "3.11", "python_full_version": "3.11.2"}
	for _, tc := range []struct {
		name, in, marker string
		applies          bool
	}{
		{"below", "<3.9", `python_version < "3.9"`, false},
		{"atLeast", ">=3.9", `python_version >= "3.9"`, true},
		{"range", ">=3.7,<3.11", `python_version >= "3.7" and python_version < "3.11"`, false},
		{"spaces", ">= 3.7, < 3.12", `python_version >= "3.7" and python_version < "3.12"`, true},
		{"caret", "^3.8", `python_version >= "3.8" and python_version < "4.0"`, true},
		{"tilde", "~3.8", `python_version >= "3.8" and python_version < "3.9"`, false},
		{"tildeEq", "~=3.10", `python_version >= "3.10" and python_version < "4.0"`, true},
		{"wildcard", "3.11.*", `python_version >= "3.11" and python_version < "3.12"`, true},
		{"exact", "3.10", `python_version == "3.10"`, false},
		{"full", "<3.11.4", `python_full_version < "3.11.4"`, true},
		{"or", "~2.7 || >=3.12", `(python_version >= "2.7" and python_version < "2.8") or (python_version >= "3.12")`, false},
		{"any", "*", "", true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got, err := poetryPythonMarker(tc.in)
			if err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(tc.marker, got); diff != "" {
				t.Errorf("marker of %q (-want +got):\n%s", tc.in, diff)
			}
			if got == "" {
				return
			}
			m, err := ParseMarker(got)
			if err != nil {
				t.Fatalf("the marker %q does not parse: %v", got, err)
			}
			if applies := m.Eval(env) != False; applies != tc.applies {
				t.Errorf("%q applies on 3.11.2: %v, want %v", got, applies, tc.applies)
			}
		})
	}
	for _, bad := range []string{"<three", ">=3.x", "^"} {
		t.Run("invalid", func(t *testing.T) {
			if m, err := poetryPythonMarker(bad); err == nil {
				t.Errorf("poetryPythonMarker(%q) = %q, want an error", bad, m)
			}
		})
	}
}

// TestPoetryPythonInapplicable: a Poetry dependency restricted to other
// Pythons is inapplicable on the interpreter the run used, as pip leaves
// out a requirement whose marker is false; one with an alternative for
// this Python is not.
func TestPoetryPythonInapplicable(t *testing.T) {
	p := ecotest.Open(t, New(), "testdata/declared/poetry")
	got := inapplicable(p.Declared(), map[string]string{"python_version": "3.11", "python_full_version": "3.11.2"}, "/usr/bin/python3")
	want := []ecosystems.Excluded{{Name: "tomli", Why: `environment marker 'python_version < "3.11"' is false for /usr/bin/python3`}}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("inapplicable (-want +got):\n%s", diff)
	}
}

// TestParseSetupPy reads the setup() call of setup.py sources that test
// the tokenizer: strings holding quotes and brackets, comments, calls of
// other functions named setup, continuation lines.
func TestParseSetupPy(t *testing.T) {
	for _, tc := range []struct {
		name, src string
		install   []string
		unread    []string
	}{
		{"quotes", `setup(description="a (b) [c] 'd'", install_requires=['x>=1', "y; os_name == 'posix'"])`, []string{"x>=1", "y; os_name == 'posix'"}, nil},
		{"comments", "# setup(install_requires=['no'])\nsetup(\n  # install_requires=['no']\n  install_requires=['yes'],  # setup(\n)", []string{"yes"}, nil},
		{"defSetup", "def setup(**kw):\n    pass\nsetuptools.setup(install_requires=('a',))", []string{"a"}, nil},
		{"otherSetup", "app.setup(install_requires=['no'])\nsetup(install_requires=['yes'])", []string{"yes"}, nil},
		{"continuation", "REQS = ['a', \\\n  'b']\nsetup(install_requires=REQS)", []string{"a", "b"}, nil},
		{"concatenated", "setup(install_requires=['a' 'b', \"c\"\n  \"d\"])", []string{"ab", "cd"}, nil},
		{"escapes", `setup(install_requires=["a\"b", 'c\'d'])`, []string{`a"b`, "c'd"}, nil},
		{"computed", "setup(install_requires=open('r.txt').read().split())", nil, []string{"install_requires"}},
		{"comprehension", "setup(install_requires=[r for r in R])", nil, []string{"install_requires"}},
		{"fstring", `setup(install_requires=[f"a=={V}"])`, nil, []string{"install_requires"}},
		{"unboundName", "setup(install_requires=REQS)", nil, []string{"install_requires"}},
		{"kwargs", "setup(**kw)", nil, nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			args, err := parseSetupPy(tc.src)
			if err != nil {
				t.Fatal(err)
			}
			var got []string
			for _, s := range args.install {
				got = append(got, s.text)
			}
			if diff := cmp.Diff(tc.install, got); diff != "" {
				t.Errorf("install_requires (-want +got):\n%s", diff)
			}
			if diff := cmp.Diff(tc.unread, args.unread); diff != "" {
				t.Errorf("unread (-want +got):\n%s", diff)
			}
		})
	}
}

// TestDeclaredOutside opens testdata/outside/project, whose requirements
// include a file outside the project (../shared/common.txt), which
// includes another. What they declare is placed on the project's -r line
// that reaches them: a position never leaves the project.
func TestDeclaredOutside(t *testing.T) {
	p := ecotest.Open(t, New(), filepath.Join("testdata", "outside", "project"))
	var got []string
	for _, d := range p.Declared() {
		got = append(got, d.Pos.String()+" "+d.Name)
	}
	want := []string{"requirements.txt:1 flask", "requirements.txt:2 requests", "requirements.txt:2 urllib3"}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("declared (-want +got):\n%s", diff)
	}
	if diff := cmp.Diff([]string{"../shared/common.txt", "../shared/more.txt", "requirements.txt"}, ecosystems.Paths(p.Files())); diff != "" {
		t.Errorf("files (-want +got):\n%s", diff)
	}
}
