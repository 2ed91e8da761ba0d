// Package testenv owns the line between envaudit's two test tiers: the
// short tier (`go test -short ./...`, `make unit`), which needs only a
// stock machine and a clean clone, and the real tier (`make test`), whose
// real-install tests need what `make setup` installs (apt packages, npm ci'd
// fixtures, a warm module cache). Every real-install test says so through
// this package, so that it skips with the same words in the short tier and
// fails, never skips, when a prerequisite is missing in the real one. Only
// _test.go files and test-support packages import it.
package testenv

import (
	"fmt"
	"os"
	"path/filepath"
	"testing"
)

// SetupHint is the instruction every missing prerequisite ends with.
const SetupHint = "run `make setup` (scripts/setup.sh installs what scripts/setup.d lists)"

// SkipReason is why a real-install test skips in the short tier.
const SkipReason = "real-install test, not in the short tier (-short): " + SetupHint + ", then go test without -short"

// RealInstall marks t as a real-install test: under -short it skips t
// with SkipReason, whatever the machine has, so the short tier runs the
// same tests on every machine; otherwise it returns and the test goes on
// to require what it needs.
func RealInstall(t testing.TB) {
	t.Helper()
	if testing.Short() {
		t.Skip(SkipReason)
	}
}

// Message is the failure message of a real-tier test whose prerequisite
// what is missing: what, then SetupHint. A missing prerequisite is a
// failure there, never a skip: CI runs `make setup` first, so a test that
// finds nothing to test has found a broken setup.
func Message(what string) string {
	return fmt.Sprintf("missing %s: %s", what, SetupHint)
}

// HandOver gives dir and everything in it to uid (user and group), and
// lets every user through the directory above it (the test's private
// temporary directory): a test that runs a program as another user gives
// it its workspace so.
func HandOver(t testing.TB, dir string, uid int) {
	t.Helper()
	if err := os.Chmod(filepath.Dir(dir), 0o711); err != nil {
		t.Fatal(err)
	}
	err := filepath.WalkDir(dir, func(p string, _ os.DirEntry, err error) error {
		if err != nil {
			return err
		}
		return os.Lchown(p, uid, uid)
	})
	if err != nil {
		t.Fatal(err)
	}
}
