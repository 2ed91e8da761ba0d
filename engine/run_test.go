package engine

import (
	"testing"

	"github.com/envaudit/envaudit/ecosystems"
	"github.com/google/go-cmp/cmp"
)

func TestSetenv(t *testing.T) {
	env := []string{"A=1", "PATH=/bin", "B=2", "A=3"}
	got := Setenv(env, []string{"A=x", "NEW=y", "PATH=/usr/bin:/bin"})
	want := []string{"B=2", "A=x", "NEW=y", "PATH=/usr/bin:/bin"}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("Setenv (-want +got):\n%s", diff)
	}
	if ecosystems.Getenv(got, "PATH") != "/usr/bin:/bin" || ecosystems.Getenv(got, "NONE") != "" {
		t.Errorf("getenv on %q", got)
	}
}
