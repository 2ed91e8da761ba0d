package shellquote

import (
	"os/exec"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

var joinTests = []struct {
	name string
	in   []string
	want string
}{
	{"plain", []string{"npm", "test"}, "npm test"},
	{"safePunctuation", []string{"go", "test", "-run=X", "./...", "a@b%c+d,e:f"}, "go test -run=X ./... a@b%c+d,e:f"},
	{"quote", []string{"sh", "-c", "make && it's"}, `sh -c 'make && it'\''s'`},
	{"empty", []string{"echo", ""}, "echo ''"},
	{"metacharacters", []string{"echo", "$HOME", "a;b", "*", "~"}, `echo '$HOME' 'a;b' '*' '~'`},
	{"doubleQuotes", []string{"node", "-e", `require("x")`}, `node -e 'require("x")'`},
	{"none", nil, ""},
}

func TestJoin(t *testing.T) {
	for _, tt := range joinTests {
		t.Run(tt.name, func(t *testing.T) {
			if diff := cmp.Diff(tt.want, Join(tt.in)); diff != "" {
				t.Errorf("Join(%q) (-want +got):\n%s", tt.in, diff)
			}
		})
	}
}

// TestJoinShell checks the promise itself: a POSIX shell splits Join's
// text back into the same words.
func TestJoinShell(t *testing.T) {
	sh, err := exec.LookPath("sh")
	if err != nil {
		t.Fatal("sh not found")
	}
	for _, tt := range joinTests {
		if len(tt.in) == 0 {
			continue
		}
		t.Run(tt.name, func(t *testing.T) {
			script := `for w in ` + Join(tt.in) + `; do printf '%s\0' "$w"; done`
			out, err := exec.Command(sh, "-c", script).Output()
			if err != nil {
				t.Fatal(err)
			}
			got := strings.Split(strings.TrimSuffix(string(out), "\x00"), "\x00")
			if diff := cmp.Diff(tt.in, got); diff != "" {
				t.Errorf("sh read Join(%q) back as (-want +got):\n%s", tt.in, diff)
			}
		})
	}
}

func TestQuoted(t *testing.T) {
	long := strings.Repeat("x", 70)
	tests := []struct {
		name string
		in   []string
		want string
	}{
		{"plain", []string{"npm", "test"}, `"npm test"`},
		{"quoted", []string{"sh", "-c", "exit 3"}, `"sh -c 'exit 3'"`},
		{"doubleQuotes", []string{"node", "-e", `require("x")`}, `"node -e 'require(\"x\")'"`},
		{"longWhole", []string{"echo", long}, `"echo ` + long + `"`},
		{"control", []string{"printf", "a\nb"}, `"printf 'a\nb'"`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if diff := cmp.Diff(tt.want, Quoted(tt.in)); diff != "" {
				t.Errorf("Quoted(%q) (-want +got):\n%s", tt.in, diff)
			}
		})
	}
}
