package testenv

import (
	"flag"
	"strings"
	"testing"
)

// TestRealInstall runs RealInstall in a subtest with -short set and unset
// and checks that it skips exactly in the short tier.
func TestRealInstall(t *testing.T) {
	for _, tt := range []struct {
		name  string
		short string
		skip  bool
	}{
		{"short", "true", true},
		{"real", "false", false},
	} {
		t.Run(tt.name, func(t *testing.T) {
			old := flag.Lookup("test.short").Value.String()
			if err := flag.Set("test.short", tt.short); err != nil {
				t.Fatal(err)
			}
			defer flag.Set("test.short", old)
			var inner *testing.T
			reached := false
			t.Run("test", func(t *testing.T) {
				inner = t
				RealInstall(t)
				reached = true
			})
			if inner.Skipped() != tt.skip || reached == tt.skip {
				t.Errorf("skipped %v, went on %v; want skipped %v", inner.Skipped(), reached, tt.skip)
			}
		})
	}
}

func TestMessage(t *testing.T) {
	got := Message(`program "cmake"`)
	if want := "missing program \"cmake\": run `make setup`"; !strings.HasPrefix(got, want) {
		t.Errorf("Message = %q, want it to start with %q", got, want)
	}
	if !strings.Contains(SkipReason, SetupHint) {
		t.Errorf("SkipReason %q does not name the setup", SkipReason)
	}
}
