package cmake

import (
	"strings"
	"testing"

	"github.com/envaudit/envaudit/ecosystems/internal/ecotest"
	"github.com/google/go-cmp/cmp"
)

func TestParse(t *testing.T) {
	tests := []struct {
		name string
		src  string
		want []Command
	}{
		{
			name: "commands-and-comments",
			src: "# a comment\ncmake_minimum_required(VERSION 3.16) # trailing\n\nFIND_PACKAGE(ZLIB REQUIRED)\n" +
				"#[[ a bracket\ncomment ]] find_package(NotThis)\n#[==[ another ]] ]==]\nproject(x)\n",
			want: []Command{
				{Name: "cmake_minimum_required", Line: 2, Args: []Arg{{Value: "VERSION", Line: 2}, {Value: "3.16", Line: 2}}},
				{Name: "FIND_PACKAGE", Line: 4, Args: []Arg{{Value: "ZLIB", Line: 4}, {Value: "REQUIRED", Line: 4}}},
				{Name: "find_package", Line: 6, Args: []Arg{{Value: "NotThis", Line: 6}}},
				{Name: "project", Line: 8, Args: []Arg{{Value: "x", Line: 8}}},
			},
		},
		{
			name: "multi-line-and-nested-parens",
			src:  "if((A AND B) OR\n   C)\n  target_link_libraries(app\n    PRIVATE\n      sqlite3 # the database\n  )\nendif()\n",
			want: []Command{
				{Name: "if", Line: 1, Args: []Arg{{Value: "(", Line: 1}, {Value: "A", Line: 1}, {Value: "AND", Line: 1}, {Value: "B", Line: 1},
					{Value: ")", Line: 1}, {Value: "OR", Line: 1}, {Value: "C", Line: 2}}},
				{Name: "target_link_libraries", Line: 3, Args: []Arg{{Value: "app", Line: 3}, {Value: "PRIVATE", Line: 4}, {Value: "sqlite3", Line: 5}}},
				{Name: "endif", Line: 7},
			},
		},
		{
			name: "quoted",
			src:  "set(X \"a b\" \"line\\ncont\\\ninued\" \"\\\"q\\\" \\${not} \\;\" \"multi\nline\")\n",
			want: []Command{{Name: "set", Line: 1, Args: []Arg{
				{Value: "X", Line: 1},
				{Value: "a b", Kind: Quoted, Line: 1},
				{Value: "line\ncontinued", Kind: Quoted, Line: 1},
				{Value: `"q" \${not} \;`, Kind: Quoted, Line: 2},
				{Value: "multi\nline", Kind: Quoted, Line: 2},
			}}},
		},
		{
			name: "bracket-arguments",
			src:  "message([[x]] [=[\nfirst newline dropped ]] ]=] [[\r\ncrlf]])\n",
			want: []Command{{Name: "message", Line: 1, Args: []Arg{
				{Value: "x", Kind: Bracket, Line: 1},
				{Value: "first newline dropped ]] ", Kind: Bracket, Line: 1},
				{Value: "crlf", Kind: Bracket, Line: 2},
			}}},
		},
		{
			name: "unquoted",
			src:  "add_definitions(-DX=\"a b\" a\\ b a;b ${A}${B} $<$<CONFIG:Debug>:x> a\\;b)\n",
			want: []Command{{Name: "add_definitions", Line: 1, Args: []Arg{
				{Value: `-DX="a b"`, Line: 1},
				{Value: "a b", Line: 1},
				{Value: "a;b", Line: 1},
				{Value: "${A}${B}", Line: 1},
				{Value: "$<$<CONFIG:Debug>:x>", Line: 1},
				{Value: `a\;b`, Line: 1},
			}}},
		},
		{
			name: "space-before-paren-and-crlf",
			src:  "project (x)\r\nfind_package\t(Y)\r\n",
			want: []Command{
				{Name: "project", Line: 1, Args: []Arg{{Value: "x", Line: 1}}},
				{Name: "find_package", Line: 2, Args: []Arg{{Value: "Y", Line: 2}}},
			},
		},
		{name: "empty", src: "", want: nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := Parse("CMakeLists.txt", []byte(tt.src))
			if err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("Parse (-want +got):\n%s", diff)
			}
		})
	}
}

func TestParseErrors(t *testing.T) {
	tests := []struct {
		name, src, want string
	}{
		{"missing-paren", "project(x)\n\nfind_package(ZLIB\n  REQUIRED\n", `CMakeLists.txt:3: command "find_package" is missing its closing ")"`},
		{"unterminated-quote", "set(X \"abc)\nproject(y)\n", "CMakeLists.txt:1: unterminated quoted argument"},
		{"unterminated-bracket", "project(x)\nset(X [==[abc]]\n)\n", `CMakeLists.txt:2: unterminated bracket argument (no "]==]")`},
		{"unterminated-bracket-comment", "#[[ never\nclosed\n", `CMakeLists.txt:1: unterminated bracket comment (no "]]")`},
		{"no-paren", "project x\n", `CMakeLists.txt:1: command "project" is not followed by "("`},
		{"two-commands", "project(x) find_package(y)\n", `CMakeLists.txt:1: unexpected 'f' after command "project" (one command per line)`},
		{"not-a-command", "project(x)\n(oops)\n", `CMakeLists.txt:2: unexpected '(': expected a command name`},
		{"legacy-quote", "set(X a\"b\n", `CMakeLists.txt:1: unterminated quoted part of an unquoted argument`},
		{"escape-at-eof", "set(X \\", "CMakeLists.txt:1: escape sequence at the end of the file"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := Parse("CMakeLists.txt", []byte(tt.src))
			ecotest.PosError(t, err)
			if err.Error() != tt.want {
				t.Errorf("error = %q, want %q", err, tt.want)
			}
		})
	}
}

func FuzzParse(f *testing.F) {
	f.Add("cmake_minimum_required(VERSION 3.16)\nproject(x)\nfind_package(ZLIB 1.2 REQUIRED COMPONENTS a)\n")
	f.Add("#[[c]]\nset(X [==[\nb]==] \"q\\\"\\\n\" u\\;v ${A${B}})\n")
	f.Add("if((A) AND B)\nendif()\n")
	f.Add("x(\"")
	f.Add("x([=[")
	f.Add("#[[")
	f.Add("a(b\"c\")")
	f.Fuzz(func(t *testing.T, src string) {
		cmds, err := Parse("CMakeLists.txt", []byte(src))
		lines := strings.Count(src, "\n") + 1
		if err != nil {
			ecotest.PosErrorIn(t, err, src)
			return
		}
		prev := 0
		for _, c := range cmds {
			if c.Name == "" || !isIdentStart(c.Name[0]) {
				t.Errorf("command name %q", c.Name)
			}
			if c.Line < prev || c.Line > lines {
				t.Errorf("command %q on line %d (previous %d, file has %d)", c.Name, c.Line, prev, lines)
			}
			prev = c.Line
			for _, a := range c.Args {
				if a.Line < c.Line || a.Line > lines {
					t.Errorf("argument %q of %q on line %d", a.Value, c.Name, a.Line)
				}
			}
		}
	})
}
