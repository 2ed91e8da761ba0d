package replace

import (
	"strings"
	"testing"
)

func TestLoad(t *testing.T) {
	got, err := Load(`Name = "x"`)
	if err != nil || !strings.HasPrefix(got, "hello x ") {
		t.Fatalf("Load = %q, %v", got, err)
	}
}
