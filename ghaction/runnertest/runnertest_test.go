package runnertest

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

func TestParse(t *testing.T) {
	for _, tt := range []struct {
		name, data string
		want       map[string]string
	}{
		{"lines", "a=1\nb=x=y\n", map[string]string{"a": "1", "b": "x=y"}},
		{"heredoc", "report<<EOF_1\nline one\nline=two\nEOF_1\nc=3\n", map[string]string{"report": "line one\nline=two", "c": "3"}},
		{"valueWithHeredocMark", "a=b<<c\n", map[string]string{"a": "b<<c"}},
		{"laterWins", "a=1\na=2\n", map[string]string{"a": "2"}},
		{"unterminated", "a<<END\nx\n", map[string]string{"a": "x"}},
		{"noise", "\njust text\n", map[string]string{}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			if diff := cmp.Diff(tt.want, Parse(tt.data)); diff != "" {
				t.Errorf("(-want +got):\n%s", diff)
			}
		})
	}
}

func TestStepFiles(t *testing.T) {
	temp := t.TempDir()
	a, b := StepFiles(t, temp), StepFiles(t, temp)
	if len(a) != len(Prefixes) {
		t.Fatalf("%d files, want %d", len(a), len(Prefixes))
	}
	for k, p := range a {
		if filepath.Dir(p) != filepath.Join(temp, Dir) || !strings.HasPrefix(filepath.Base(p), Prefixes[k]) {
			t.Errorf("%s at %q", k, p)
		}
		if data, err := os.ReadFile(p); err != nil || len(data) != 0 {
			t.Errorf("%s: %q, %v; want an empty file", k, data, err)
		}
		if b[k] == p {
			t.Errorf("two steps got the same %s", k)
		}
	}
	if err := os.WriteFile(a["GITHUB_OUTPUT"], []byte("x=1\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if got := Read(t, a["GITHUB_OUTPUT"]); got["x"] != "1" {
		t.Errorf("Read = %v", got)
	}
}
