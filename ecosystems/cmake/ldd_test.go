package cmake

import (
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/envaudit/envaudit/ecosystems"
)

// lddLibraries returns the real paths of the libraries ldd says the
// loader loads for exe, the loader itself left out (it is the program's
// interpreter, not a DT_NEEDED entry).
func lddLibraries(t *testing.T, exe string) map[string]bool {
	t.Helper()
	out, err := exec.Command("ldd", exe).Output()
	if err != nil {
		t.Fatalf("ldd %s: %v", exe, err)
	}
	libs := map[string]bool{}
	for _, line := range strings.Split(string(out), "\n") {
		_, rest, ok := strings.Cut(line, "=> ")
		if !ok {
			continue
		}
		p := strings.Fields(rest)[0]
		if !strings.HasPrefix(p, "/") {
			continue
		}
		real, err := filepath.EvalSymlinks(p)
		if err != nil {
			t.Fatal(err)
		}
		if strings.Contains(filepath.Base(real), "ld-linux") {
			continue
		}
		libs[ecosystems.Canon(real)] = true
	}
	return libs
}
