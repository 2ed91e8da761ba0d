package dpkg

import (
	"os"
	"testing"

	"github.com/envaudit/envaudit/internal/testenv"
)

func TestMain(m *testing.M) {
	testenv.Hermetic()
	os.Exit(m.Run())
}
