//go:build !linux

package action

import (
	"errors"
	"os"
	"strings"
)

// ProtectProcess unsets every variable of envaudit's environment that is
// not in keep (the environment the traced command gets). The Action runs
// only on Linux, where ProtectProcess also hides the process's initial
// environment from other processes of its user; elsewhere tracing itself
// is refused.
func ProtectProcess(keep []string) error {
	kept := make(map[string]bool, len(keep))
	for _, kv := range keep {
		kept[kv] = true
	}
	for _, kv := range os.Environ() {
		if !kept[kv] {
			k, _, _ := strings.Cut(kv, "=")
			os.Unsetenv(k)
		}
	}
	return nil
}

// holderPipe refuses: mode single runs on Linux only.
func holderPipe(int) (*os.File, error) {
	return nil, errors.New("mode single runs on Linux only")
}
