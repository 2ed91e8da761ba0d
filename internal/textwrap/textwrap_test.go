package textwrap

import (
	"bytes"
	"strings"
	"testing"
)

func TestWrapped(t *testing.T) {
	var b bytes.Buffer
	l := &Writer{W: &b}
	long := strings.Repeat("word ", 30)
	l.Wrapped("  lead  ", long)
	l.Wrapped("", "short")
	lines := strings.Split(strings.TrimSuffix(b.String(), "\n"), "\n")
	for _, line := range lines {
		if n := len([]rune(line)); n > Width {
			t.Errorf("line of %d runes (max %d): %q", n, Width, line)
		}
	}
	if !strings.HasPrefix(lines[0], "  lead  word") || !strings.HasPrefix(lines[1], "        word") {
		t.Errorf("lead and hanging indent wrong:\n%s", b.String())
	}
	if got := strings.Count(b.String(), "word"); got != 30 {
		t.Errorf("%d words after wrapping, want 30", got)
	}
	if lines[len(lines)-1] != "short" {
		t.Errorf("last line %q, want %q", lines[len(lines)-1], "short")
	}
}
