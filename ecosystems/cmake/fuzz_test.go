package cmake

import (
	"strings"
	"testing"

	"github.com/envaudit/envaudit/ecosystems"
	"github.com/envaudit/envaudit/ecosystems/internal/ecotest"
)

// checkDeps checks what every manifest parser promises: a positioned
// error, or dependencies with names on lines of the file.
func checkDeps(t *testing.T, src string, deps []ecosystems.Dependency, err error) {
	t.Helper()
	lines := strings.Count(src, "\n") + 1
	if err != nil {
		ecotest.PosErrorIn(t, err, src)
		return
	}
	for _, d := range deps {
		if d.Name == "" || d.Pos.Line < 1 || d.Pos.Line > lines {
			t.Errorf("dependency %+v", d)
		}
	}
}

func FuzzParseVcpkg(f *testing.F) {
	f.Add(`{"dependencies": ["fmt", {"name": "zlib", "version>=": "1.2", "host": true, "features": ["a"]}]}`)
	f.Add(`{"dependencies": [{"name": 1}]}`)
	f.Add(`{"dependencies": [`)
	f.Add(`[]`)
	f.Fuzz(func(t *testing.T, src string) {
		deps, err := parseVcpkg("vcpkg.json", []byte(src), Libraries)
		checkDeps(t, src, deps, err)
	})
}

func FuzzParseConanfile(f *testing.F) {
	f.Add("[requires]\nzlib/1.2.13\nlibcurl/8.4.0@u/c#rev\n[tool_requires]\ncmake/3.27\n[generators]\nCMakeDeps\n")
	f.Add("zlib/1\n")
	f.Add("[requires\n")
	f.Fuzz(func(t *testing.T, src string) {
		deps, err := parseConanfile("conanfile.txt", []byte(src), Libraries)
		checkDeps(t, src, deps, err)
	})
}

func FuzzMakeDeps(f *testing.F) {
	f.Add("a.o: /x/a.c \\\n /usr/include/b\\ c.h $$x\n/usr/include/d.h:\n")
	f.Add(": : \\")
	f.Fuzz(func(t *testing.T, src string) {
		for _, d := range makeDeps(src) {
			if d == "" || strings.ContainsAny(d, "\n") {
				t.Errorf("dependency %q", d)
			}
		}
	})
}

func FuzzExpandArgs(f *testing.F) {
	f.Add("${A}", "a;b")
	f.Add("${${B}}x${", "A")
	f.Add(`\;${A}\$`, "${A}")
	f.Fuzz(func(t *testing.T, arg, value string) {
		vars := map[string]string{"A": value, "B": "A"}
		for _, k := range []ArgKind{Unquoted, Quoted, Bracket} {
			for _, a := range expandArgs([]Arg{{Value: arg, Kind: k, Line: 3}}, vars) {
				if a.Line != 3 || a.Kind == Unquoted && a.Value == "" {
					t.Errorf("expanded argument %+v", a)
				}
			}
		}
	})
}
