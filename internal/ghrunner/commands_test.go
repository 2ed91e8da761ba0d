package ghrunner

import (
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

func TestParseCommand(t *testing.T) {
	for _, tt := range []struct {
		name, line string
		want       command
		ok         bool
	}{
		{"error", "::error file=package.json,line=7,title=hidden ms::ms is loaded%0Aand not declared", command{"error", map[string]string{"file": "package.json", "line": "7", "title": "hidden ms"}, "ms is loaded\nand not declared"}, true},
		{"leadingSpace", "  ::notice::hi", command{"notice", map[string]string{}, "hi"}, true},
		{"escapedProps", "::warning title=a%3Ab%2Cc%25::x", command{"warning", map[string]string{"title": "a:b,c%"}, "x"}, true},
		{"dataWithColons", "::error::a::b", command{"error", map[string]string{}, "a::b"}, true},
		{"propWithoutValue", "::error file=,line::x", command{"error", map[string]string{}, "x"}, true},
		{"noEnd", "::error file=a", command{}, false},
		{"notACommand", "echo ::error::x", command{}, false},
	} {
		t.Run(tt.name, func(t *testing.T) {
			got, ok := parseCommand(tt.line)
			if ok != tt.ok {
				t.Fatalf("parseCommand(%q) ok = %v, want %v", tt.line, ok, tt.ok)
			}
			if diff := cmp.Diff(tt.want, got, cmp.AllowUnexported(command{})); ok && diff != "" {
				t.Errorf("parseCommand(%q) (-want +got):\n%s", tt.line, diff)
			}
		})
	}
}

func TestParseKeyValues(t *testing.T) {
	for _, tt := range []struct {
		name, in string
		want     [][2]string
		err      string
	}{
		{"plain", "a=1\n\nb=x=y\n", [][2]string{{"a", "1"}, {"b", "x=y"}}, ""},
		{"heredoc", "notes<<EOF\nline 1\n\nline=3\nEOF\nc=2\n", [][2]string{{"notes", "line 1\n\nline=3"}, {"c", "2"}}, ""},
		{"crlf", "a=1\r\nb<<E\r\nx\r\nE\r\n", [][2]string{{"a", "1"}, {"b", "x"}}, ""},
		{"equalsBeforeHeredoc", "a=b<<c\n", [][2]string{{"a", "b<<c"}}, ""},
		{"emptyValue", "a=\n", [][2]string{{"a", ""}}, ""},
		{"noName", "=1\n", nil, "name must not be empty"},
		{"noDelimiter", "a<<\n", nil, "delimiter must not be empty"},
		{"unterminated", "a<<EOF\nx\n", nil, "matching delimiter not found"},
		{"neither", "just text\n", nil, `invalid format "just text"`},
	} {
		t.Run(tt.name, func(t *testing.T) {
			got, err := parseKeyValues(tt.in)
			if tt.err != "" {
				if err == nil || !strings.Contains(err.Error(), tt.err) {
					t.Fatalf("parseKeyValues(%q) error = %v, want one containing %q", tt.in, err, tt.err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("parseKeyValues(%q) (-want +got):\n%s", tt.in, diff)
			}
		})
	}
}

// FuzzParseKeyValues checks that every pair the file-command parser
// returns round-trips: written back in heredoc form with a delimiter the
// value lacks, it parses to the same pair.
func FuzzParseKeyValues(f *testing.F) {
	for _, s := range []string{"a=1\n", "n<<EOF\nx\nEOF\n", "=\n", "a<<\n", "x<<E\r\ny\r\nE"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		kvs, err := parseKeyValues(s)
		if err != nil {
			return
		}
		for _, kv := range kvs {
			if kv[0] == "" {
				t.Fatalf("empty name from %q", s)
			}
			if strings.Contains(kv[0], "\n") {
				t.Fatalf("name %q holds a line break", kv[0])
			}
			// A name holding "=" or "<" or a value holding a carriage
			// return does not survive the heredoc form (nor the runner's).
			if strings.ContainsAny(kv[0], "=<") || strings.Contains(kv[1], "\r") {
				continue
			}
			delim := "ghadelimiter_X"
			for strings.Contains(kv[1], delim) {
				delim += "X"
			}
			back, err := parseKeyValues(kv[0] + "<<" + delim + "\n" + kv[1] + "\n" + delim + "\n")
			if err != nil {
				t.Fatalf("%q: %v", kv, err)
			}
			if len(back) != 1 || back[0] != kv {
				t.Fatalf("%q round-tripped to %q", kv, back)
			}
		}
	})
}

// FuzzParseCommand checks the workflow-command parser never panics and
// keeps a command's name free of its separators.
func FuzzParseCommand(f *testing.F) {
	for _, s := range []string{"::error file=a,line=1::m", "::stop-commands::tok", "::x::", ":: ::", "::a b=c=d,,e::%0A"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		c, ok := parseCommand(s)
		if ok && (strings.Contains(c.Name, " ") || strings.Contains(c.Name, "::")) {
			t.Fatalf("command name %q from %q", c.Name, s)
		}
	})
}
