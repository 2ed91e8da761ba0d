package posdoc

import (
	"errors"
	"strconv"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// flat lists every key and value of a tree with its position, one string
// each, so a test can compare a whole tree at once.
func flat(v *Value) []string {
	var out []string
	var walk func(path string, v *Value)
	walk = func(path string, v *Value) {
		out = append(out, path+" "+v.Kind.String()+" "+v.Text+" @"+posString(v.Pos))
		for i, e := range v.Elems {
			walk(path+"["+itoa(i)+"]", e)
		}
		for _, m := range v.Members {
			out = append(out, path+"."+m.Key+" key @"+posString(m.Pos))
			walk(path+"."+m.Key, m.Value)
		}
	}
	walk("$", v)
	return out
}

func itoa(i int) string { return strconv.Itoa(i) }

func posString(p Pos) string {
	return itoa(p.Line) + ":" + itoa(p.Col)
}

func TestParseJSON(t *testing.T) {
	tests := []struct {
		name, in string
		want     []string
	}{
		{
			name: "object",
			in:   "{\"a\": \"x\",\n  \"b\" :\n   [1, true,\n null]}",
			want: []string{
				"$ an object  @1:1",
				"$.a key @1:2", "$.a a string x @1:7",
				"$.b key @2:3",
				"$.b an array  @3:4",
				"$.b[0] a number 1 @3:5", "$.b[1] a boolean true @3:8",
				"$.b[2] null null @4:2",
			},
		},
		{
			name: "repeatedKey",
			in:   `{"a":1,"a":2}`,
			want: []string{"$ an object  @1:1", "$.a key @1:2", "$.a a number 1 @1:6", "$.a key @1:8", "$.a a number 2 @1:12"},
		},
		{
			name: "escapedKey",
			in:   "{\"\\\"q\\\"\":\n\"\\u00e9\"}",
			want: []string{"$ an object  @1:1", `$."q" key @1:2`, `$."q" a string é @2:1`},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			v, err := ParseJSON("f.json", []byte(tt.in))
			if err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(tt.want, flat(v)); diff != "" {
				t.Errorf("tree (-want +got):\n%s", diff)
			}
		})
	}
}

func TestParseJSONErrors(t *testing.T) {
	tests := []struct {
		name, in, want string
		pos            Pos
	}{
		{"trailingComma", "{\n  \"a\": 1,\n}\n", `f.json:3: invalid character '}' looking for beginning of object key string`, Pos{3, 1}},
		{"unterminated", "{\n  \"a\": 1\n", `f.json:2: unexpected end of JSON input`, Pos{2, 9}},
		{"empty", "", `f.json:1: unexpected end of JSON input`, Pos{1, 1}},
		{"garbage", "{}\n}\n", `f.json:2: invalid character '}' after top-level value`, Pos{2, 1}},
		{"byteOrderMark", "\ufeff{}", `f.json:1: invalid character 'ï' looking for beginning of value`, Pos{1, 1}},
		{"tooDeep", "\n" + strings.Repeat("[", MaxDepth+1) + strings.Repeat("]", MaxDepth+1), "f.json:2: nested more than 128 levels deep", Pos{2, MaxDepth + 1}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := ParseJSON("f.json", []byte(tt.in))
			if err == nil {
				t.Fatalf("no error, want %q", tt.want)
			}
			if diff := cmp.Diff(tt.want, err.Error()); diff != "" {
				t.Errorf("error (-want +got):\n%s", diff)
			}
			var pe *Error
			if !errors.As(err, &pe) {
				t.Fatalf("error %T is not an *Error", err)
			}
			if diff := cmp.Diff(tt.pos, pe.Pos); diff != "" {
				t.Errorf("position (-want +got):\n%s", diff)
			}
		})
	}
}

func TestDepthLimit(t *testing.T) {
	deep := func(open, close string, n int) string {
		return strings.Repeat(open, n) + strings.Repeat(close, n)
	}
	tests := []struct {
		name  string
		parse func() error
		ok    bool
	}{
		{"jsonAtLimit", func() error { _, err := ParseJSON("f", []byte(deep("[", "]", MaxDepth))); return err }, true},
		{"jsonOverLimit", func() error { _, err := ParseJSON("f", []byte(deep("[", "]", MaxDepth+1))); return err }, false},
		{"tomlAtLimit", func() error { _, err := ParseTOML("f", []byte("a = "+deep("[", "]", MaxDepth))); return err }, true},
		{"tomlOverLimit", func() error { _, err := ParseTOML("f", []byte("a = "+deep("[", "]", MaxDepth+1))); return err }, false},
		{"tomlInlineOverLimit", func() error {
			_, err := ParseTOML("f", []byte("a = "+strings.Repeat("{b = ", MaxDepth+1)+"1"+strings.Repeat("}", MaxDepth+1)))
			return err
		}, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			err := tt.parse()
			if tt.ok != (err == nil) {
				t.Fatalf("error = %v, want ok = %v", err, tt.ok)
			}
			var pe *Error
			if err != nil && (!errors.As(err, &pe) || pe.Pos.Line != 1 || !strings.Contains(err.Error(), "nested more than")) {
				t.Errorf("error = %v, want a nesting error on line 1", err)
			}
		})
	}
}

func TestParseTOML(t *testing.T) {
	tests := []struct {
		name, in string
		want     []string
	}{
		{
			name: "tables",
			in:   "top = 'x'\n[a.b]\nc = 1\n\n[a]\nd.e = true\n",
			want: []string{
				"$ a table  @1:1",
				"$.top key @1:1", "$.top a string x @1:7",
				"$.a key @2:2", "$.a a table  @5:2",
				"$.a.b key @2:4", "$.a.b a table  @2:2",
				"$.a.b.c key @3:1", "$.a.b.c a number 1 @3:5",
				"$.a.d key @6:1", "$.a.d a table  @6:1",
				"$.a.d.e key @6:3", "$.a.d.e a boolean true @6:7",
			},
		},
		{
			name: "arrays",
			in:   "x = [\n  'a',\n  [1],\n  {k = 2022-01-01},\n]\n[[p]]\nn = 'one'\n[[p]]\nn = 'two'\n",
			want: []string{
				"$ a table  @1:1",
				"$.x key @1:1", "$.x an array  @1:0",
				"$.x[0] a string a @2:3",
				"$.x[1] an array  @2:0",
				"$.x[1][0] a number 1 @3:4",
				"$.x[2] a table  @4:3",
				"$.x[2].k key @4:4", "$.x[2].k a date-time 2022-01-01 @4:8",
				"$.p key @6:3", "$.p an array  @6:3",
				"$.p[0] a table  @6:3", "$.p[0].n key @7:1", "$.p[0].n a string one @7:5",
				"$.p[1] a table  @8:3", "$.p[1].n key @9:1", "$.p[1].n a string two @9:5",
			},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			v, err := ParseTOML("f.toml", []byte(tt.in))
			if err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(tt.want, flat(v)); diff != "" {
				t.Errorf("tree (-want +got):\n%s", diff)
			}
		})
	}
}

func TestParseTOMLErrors(t *testing.T) {
	tests := []struct {
		name, in, want string
	}{
		{"unclosedArrayTable", "version = 3\n[[package]\n", "f.toml:2: toml: expected ']]' to close array table name"},
		{"duplicateKey", "a = 1\n\na = 2\n", "f.toml:3: toml: key a is already defined"},
		{"incompleteInline", "x = {a = 1,\n", "f.toml:1: toml: inline table is incomplete"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := ParseTOML("f.toml", []byte(tt.in))
			if err == nil {
				t.Fatalf("no error, want %q", tt.want)
			}
			if diff := cmp.Diff(tt.want, err.Error()); diff != "" {
				t.Errorf("error (-want +got):\n%s", diff)
			}
			var pe *Error
			if !errors.As(err, &pe) {
				t.Fatalf("error %T is not an *Error", err)
			}
		})
	}
}

func TestLookup(t *testing.T) {
	v, err := ParseJSON("f.json", []byte(`{"a": {"b": "c"}, "s": "t"}`))
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name string
		path []string
		want string // the Text found, or "<nil>"
	}{
		{"nested", []string{"a", "b"}, "c"},
		{"missing", []string{"a", "x"}, "<nil>"},
		{"throughString", []string{"s", "t"}, "<nil>"},
		{"empty", nil, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := "<nil>"
			if x := v.Lookup(tt.path...); x != nil {
				got = x.Text
			}
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("Lookup (-want +got):\n%s", diff)
			}
		})
	}
}

func TestPosAt(t *testing.T) {
	data := []byte("ab\ncd\n")
	tests := []struct {
		name string
		off  int
		want Pos
	}{
		{"start", 0, Pos{1, 1}},
		{"newline", 2, Pos{1, 3}},
		{"secondLine", 4, Pos{2, 2}},
		{"end", 6, Pos{3, 1}},
		{"pastEnd", 60, Pos{3, 1}},
		{"negative", -1, Pos{1, 1}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if diff := cmp.Diff(tt.want, PosAt(data, tt.off)); diff != "" {
				t.Errorf("PosAt (-want +got):\n%s", diff)
			}
		})
	}
}
