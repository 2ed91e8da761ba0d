// Package golden owns envaudit's golden-file convention: a test compares
// what it produced with a file kept beside its fixtures, and
// `ENVAUDIT_UPDATE=1 go test ./...` rewrites every such file instead. The
// switch is an environment variable rather than a flag because a flag that
// one package's tests define breaks `go test ./... -update` in every package
// that lacks it. Only _test.go files and test-support packages import it.
package golden

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// Check compares got with the contents of file, reporting a difference as
// (-want +got); with ENVAUDIT_UPDATE set it writes got to file instead,
// creating the file's directory.
func Check(t testing.TB, file string, got []byte) {
	t.Helper()
	if os.Getenv("ENVAUDIT_UPDATE") != "" {
		if err := os.MkdirAll(filepath.Dir(file), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(file, got, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(file)
	if err != nil {
		t.Fatalf("%v (regenerate with ENVAUDIT_UPDATE=1)", err)
	}
	if diff := cmp.Diff(string(want), string(got)); diff != "" {
		t.Errorf("%s (-want +got):\n%s", file, diff)
	}
}
