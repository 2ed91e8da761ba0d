package e2e

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"os"
	"path/filepath"
	"runtime"

	"github.com/envaudit/envaudit/internal/ghaction/ghfake"
)

func goarch() string { return runtime.GOARCH }

// installScript is the script through which action.yml installs envaudit
// from the release of its ref (and builds it from source only when the
// ref has none).
const installScript = "scripts/action/install.sh"

// serveRelease publishes the envaudit TestMain built as the release v1
// of envaudit/envaudit — the binary envaudit-linux-<arch> and
// checksums.txt in sha256sum's format — when the Action under test
// installs itself from its release, so a job exercises that path and
// never compiles envaudit.
func serveRelease(srv *ghfake.Server, m *machine) error {
	if _, err := os.Stat(filepath.Join(m.action, installScript)); err != nil {
		return fmt.Errorf("action.yml installs envaudit through %s: %w", installScript, err)
	}
	bin, err := os.ReadFile(m.bin)
	if err != nil {
		return err
	}
	name := filepath.Base(m.bin)
	sum := sha256.Sum256(bin)
	checksums := fmt.Sprintf("%s  %s\n", hex.EncodeToString(sum[:]), name)
	files := map[string][]byte{name: bin, "checksums.txt": []byte(checksums)}
	srv.AddRelease("envaudit/envaudit", "v1", []string{name, "checksums.txt"}, files)
	return nil
}
