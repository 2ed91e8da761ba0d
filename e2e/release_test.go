package e2e

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
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
// never compiles envaudit. An action.yml that builds envaudit itself
// needs no release.
//
// ghfake's releases (Server.AddRelease) and install.sh arrive together;
// the method is looked up by name so that this tier builds on a tree
// that has neither, and a tree whose action.yml installs from a release
// while its fake API cannot serve one fails here, naming what is
// missing.
func serveRelease(srv *ghfake.Server, m *machine) error {
	if _, err := os.Stat(filepath.Join(m.action, installScript)); err != nil {
		return nil
	}
	add := reflect.ValueOf(srv).MethodByName("AddRelease")
	if !add.IsValid() {
		return fmt.Errorf("the Action installs envaudit from its release (%s), and ghfake.Server has no AddRelease to serve one", installScript)
	}
	bin, err := os.ReadFile(m.bin)
	if err != nil {
		return err
	}
	name := filepath.Base(m.bin)
	sum := sha256.Sum256(bin)
	checksums := fmt.Sprintf("%s  %s\n", hex.EncodeToString(sum[:]), name)
	files := map[string][]byte{name: bin, "checksums.txt": []byte(checksums)}
	add.Call([]reflect.Value{reflect.ValueOf("envaudit/envaudit"), reflect.ValueOf("v1"), reflect.ValueOf([]string{name, "checksums.txt"}), reflect.ValueOf(files)})
	return nil
}
