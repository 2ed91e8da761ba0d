package ecosystems

import (
	"errors"
	"path"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// TestNewPos checks the one constructor of positions: every spelling of a
// project file comes out as one clean, slash-separated, root-relative
// name, and whatever is not a file of the project is refused.
func TestNewPos(t *testing.T) {
	tests := []struct {
		name       string
		root, file string
		line       int
		want       Pos
		refused    bool
	}{
		{name: "plain", file: "package.json", line: 7, want: Pos{File: "package.json", Line: 7}},
		{name: "nested", file: "app/src/index.js", line: 2, want: Pos{File: "app/src/index.js", Line: 2}},
		{name: "noLine", file: "go.mod", want: Pos{File: "go.mod"}},
		// esbuild names an entry point that exists relative to the
		// process's working directory "./index.js".
		{name: "dotSlash", file: "./index.js", line: 2, want: Pos{File: "index.js", Line: 2}},
		{name: "dotSlashNested", file: "./test/./a.test.js", line: 1, want: Pos{File: "test/a.test.js", Line: 1}},
		{name: "doubledSlash", file: "src//a.py", line: 3, want: Pos{File: "src/a.py", Line: 3}},
		{name: "trailingSlash", file: "src/", want: Pos{File: "src"}},
		{name: "dotDotInside", file: "lib/../a.js", line: 1, want: Pos{File: "a.js", Line: 1}},
		{name: "absoluteInside", root: "/work/proj", file: "/work/proj/src/Main.java", line: 4, want: Pos{File: "src/Main.java", Line: 4}},
		{name: "absoluteRootUnclean", root: "/work/proj/", file: "/work//proj/pom.xml", want: Pos{File: "pom.xml"}},
		{name: "relativeWithRoot", root: "/work/proj", file: "./pom.xml", line: 9, want: Pos{File: "pom.xml", Line: 9}},
		{name: "backslashIsAName", file: `a\b.js`, line: 1, want: Pos{File: `a\b.js`, Line: 1}},

		{name: "empty", file: "", refused: true},
		{name: "dot", file: ".", refused: true},
		{name: "dotSlashOnly", file: "./", refused: true},
		{name: "rootItself", root: "/work/proj", file: "/work/proj", refused: true},
		{name: "dotDot", file: "..", refused: true},
		{name: "parent", file: "../common.txt", line: 3, refused: true},
		{name: "escapes", file: "app/../../common.txt", refused: true},
		{name: "absoluteNoRoot", file: "/etc/passwd", line: 1, refused: true},
		{name: "absoluteOutside", root: "/work/proj", file: "/work/shared/go.mod", refused: true},
		{name: "absoluteSibling", root: "/work/proj", file: "/work/project/go.mod", refused: true},
		{name: "relativeRoot", root: "proj", file: "/proj/go.mod", refused: true},
		{name: "negativeLine", file: "go.mod", line: -1, refused: true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := NewPos(tt.root, tt.file, tt.line)
			if tt.refused {
				if err == nil || !errors.Is(err, ErrNotInProject) {
					t.Errorf("NewPos(%q, %q, %d) = %v, %v; want an error wrapping ErrNotInProject", tt.root, tt.file, tt.line, got, err)
				}
				if got != (Pos{}) {
					t.Errorf("NewPos(%q, %q, %d) refused with %v", tt.root, tt.file, tt.line, got)
				}
				return
			}
			if err != nil {
				t.Fatalf("NewPos(%q, %q, %d): %v", tt.root, tt.file, tt.line, err)
			}
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("NewPos(%q, %q, %d) (-want +got):\n%s", tt.root, tt.file, tt.line, diff)
			}
		})
	}
}

// TestErrorf checks that an error in a project file is a *PosError at its
// clean position, and one in a file outside the project prints the same
// but has no position an annotation could point at.
func TestErrorf(t *testing.T) {
	tests := []struct {
		file string
		line int
		text string
		at   *Pos
	}{
		{"requirements.txt", 12, `requirements.txt:12: invalid requirement "foo=="`, &Pos{File: "requirements.txt", Line: 12}},
		{"./src/a.js", 0, "src/a.js: invalid requirement \"foo==\"", &Pos{File: "src/a.js"}},
		{"../common.txt", 3, `../common.txt:3: invalid requirement "foo=="`, nil},
		{"/srv/shared/go.mod", 1, `/srv/shared/go.mod:1: invalid requirement "foo=="`, nil},
	}
	for _, tt := range tests {
		t.Run(tt.file, func(t *testing.T) {
			inner := errors.New("inner")
			err := Errorf(tt.file, tt.line, "invalid requirement %q", "foo==")
			if diff := cmp.Diff(tt.text, err.Error()); diff != "" {
				t.Errorf("Errorf text (-want +got):\n%s", diff)
			}
			var pe *PosError
			positioned := errors.As(err, &pe)
			switch {
			case tt.at == nil && positioned:
				t.Errorf("an error outside the project is a *PosError at %v", pe.Pos)
			case tt.at != nil && !positioned:
				t.Errorf("an error in a project file is no *PosError: %v", err)
			case tt.at != nil && pe.Pos != *tt.at:
				t.Errorf("position %v, want %v", pe.Pos, *tt.at)
			}
			if wrapped := ErrorAt(tt.file, tt.line, inner); !errors.Is(wrapped, inner) {
				t.Errorf("ErrorAt(%q, %d, inner) does not wrap inner: %v", tt.file, tt.line, wrapped)
			}
		})
	}
}

// FuzzNewPos checks, for any root, name and line, that what NewPos returns
// is a clean project-relative position, that making it again changes
// nothing, and that what it refuses is no position.
func FuzzNewPos(f *testing.F) {
	for _, s := range []struct {
		root, file string
		line       int
	}{
		{"", "./index.js", 2}, {"", "../x", 1}, {"/r", "/r/a/b.go", 3}, {"/r", "/r", 0},
		{"/r/", "/r/../r/x", 1}, {"", "a//b/./c/..", 5}, {"", `a\b`, 0}, {"", "/", 0}, {"r", "/r/x", 1},
	} {
		f.Add(s.root, s.file, s.line)
	}
	f.Fuzz(func(t *testing.T, root, file string, line int) {
		p, err := NewPos(root, file, line)
		if err != nil {
			if !errors.Is(err, ErrNotInProject) || p != (Pos{}) {
				t.Fatalf("NewPos(%q, %q, %d) = %v, %v", root, file, line, p, err)
			}
			return
		}
		f := p.File
		if f == "" || f == "." || path.IsAbs(f) || f == ".." || strings.HasPrefix(f, "../") || path.Clean(f) != f || p.Line != line || line < 0 {
			t.Fatalf("NewPos(%q, %q, %d) = %#v, not a clean project-relative position", root, file, line, p)
		}
		for _, r := range []string{"", root} {
			if again, err := NewPos(r, p.File, p.Line); err != nil || again != p {
				t.Fatalf("NewPos(%q, %q, %d) again = %v, %v; want %v", r, p.File, p.Line, again, err, p)
			}
		}
	})
}
