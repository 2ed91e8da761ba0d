package shellwords

import (
	"testing"

	"github.com/google/go-cmp/cmp"
)

func TestCommands(t *testing.T) {
	tests := []struct {
		name string
		text string
		want [][]Word
	}{
		{"simple", "apt-get install -y curl", [][]Word{{{"apt-get", 0, true}, {"install", 8, true}, {"-y", 16, true}, {"curl", 19, true}}}},
		{"operators", "a && b || c; d | e & f\ng", [][]Word{{{"a", 0, true}}, {{"b", 5, true}}, {{"c", 10, true}}, {{"d", 13, true}}, {{"e", 17, true}}, {{"f", 21, true}}, {{"g", 23, true}}}},
		{"quotes", `x 'a b' "c \"d\" $E" f\ g`, [][]Word{{{"x", 0, true}, {"a b", 2, true}, {`c "d" $E`, 8, false}, {"f g", 21, true}}}},
		{"continuation-comment", "a \\\n b # c d\ne", [][]Word{{{"a", 0, true}, {"b", 5, true}}, {{"e", 13, true}}}},
		{"substitution", "echo $(which node) `x`", [][]Word{{{"echo", 0, true}}, {{"which", 7, true}, {"node", 13, true}}, {{"`x`", 19, false}}}},
		{"unterminated", "a 'b c", [][]Word{{{"a", 0, true}, {"b c", 2, true}}}},
		{"subshell", "(cd x && jest)", [][]Word{{{"cd", 1, true}, {"x", 4, true}}, {{"jest", 9, true}}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if diff := cmp.Diff(tt.want, Commands(tt.text)); diff != "" {
				t.Errorf("Commands(%q) (-want +got):\n%s", tt.text, diff)
			}
		})
	}
}

func FuzzCommands(f *testing.F) {
	for _, s := range []string{"a && b", `"x \"y" 'z`, "a \\\n b # c", "$(x) `y`"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, text string) {
		for _, c := range Commands(text) {
			for _, w := range c {
				if w.Offset < 0 || w.Offset >= len(text) {
					t.Fatalf("word %q at offset %d outside the text of %d bytes", w.Text, w.Offset, len(text))
				}
			}
		}
	})
}
