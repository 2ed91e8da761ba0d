package demo

import (
	"bytes"
	"testing"

	"github.com/google/go-cmp/cmp"
)

func TestIndent(t *testing.T) {
	var b bytes.Buffer
	w := Indent(&b, "  │ ")
	for _, s := range []string{"one\ntw", "o\n", "\n", "three"} {
		if _, err := w.Write([]byte(s)); err != nil {
			t.Fatal(err)
		}
	}
	w.Flush()
	want := "  │ one\n  │ two\n  │\n  │ three\n"
	if diff := cmp.Diff(want, b.String()); diff != "" {
		t.Errorf("prefixed output (-want +got):\n%s", diff)
	}
}
