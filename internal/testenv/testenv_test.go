package testenv

import (
	"flag"
	"os"
	"path/filepath"
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

// TestHermetic holds that Hermetic sets git's ceiling at the temporary
// directory, keeps what was there, and removes what steers a tool.
func TestHermetic(t *testing.T) {
	t.Setenv("GIT_CEILING_DIRECTORIES", "/srv")
	t.Setenv("GIT_DIR", "/elsewhere/.git")
	t.Setenv("npm_config_registry", "http://127.0.0.1:1")
	t.Setenv("GOFLAGS", "-mod=vendor")
	t.Setenv("GOCACHE", os.Getenv("GOCACHE"))
	t.Setenv("ENVAUDIT_UPDATE", "")
	Hermetic()
	if got, want := os.Getenv("GIT_CEILING_DIRECTORIES"), "/srv:"+filepath.Clean(os.TempDir()); got != want {
		t.Errorf("GIT_CEILING_DIRECTORIES = %q, want %q", got, want)
	}
	for _, name := range []string{"GIT_DIR", "npm_config_registry", "GOFLAGS"} {
		if v, ok := os.LookupEnv(name); ok {
			t.Errorf("%s = %q still set", name, v)
		}
	}
	if _, ok := os.LookupEnv("ENVAUDIT_UPDATE"); !ok {
		t.Error("ENVAUDIT_UPDATE removed: a test knob the one running the tests set")
	}
	if os.Getenv("GIT_CONFIG_NOSYSTEM") != "1" {
		t.Error("GIT_CONFIG_NOSYSTEM not set")
	}
}
