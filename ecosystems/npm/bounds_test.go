package npm

import (
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/envaudit/envaudit/ecosystems"
	"github.com/envaudit/envaudit/ecosystems/internal/ecotest"
)

// TestAttackFIFOInNodeModules reproduces issue 10's named pipe in
// node_modules, which hung envaudit forever: a package.json that is a
// FIFO no one writes, a package directory that is one, a scope that is
// one, and a package.json linked to /dev/zero. The enumeration returns at
// once, the good package is still read, and each bad one is a warning
// naming its file.
func TestAttackFIFOInNodeModules(t *testing.T) {
	dir := t.TempDir()
	nm := filepath.Join(dir, "node_modules")
	for _, d := range []string{"good", "fifo-json", "zero-json"} {
		if err := os.MkdirAll(filepath.Join(nm, d), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	write := func(name, data string) {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(data), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write("package.json", `{"dependencies": {"good": "1.0.0"}}`)
	write("node_modules/good/package.json", `{"name": "good", "version": "1.0.0"}`)
	for _, p := range []string{"node_modules/fifo-json/package.json", "node_modules/fifo-pkg", "node_modules/@fifo-scope"} {
		if err := syscall.Mkfifo(filepath.Join(dir, p), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.Symlink("/dev/zero", filepath.Join(nm, "zero-json", "package.json")); err != nil {
		t.Fatal(err)
	}
	done := make(chan *ecosystems.Inventory)
	go func() {
		done <- ecotest.Installed(t, New(), dir, ecosystems.Env{Environ: []string{}})
	}()
	var inv *ecosystems.Inventory
	select {
	case inv = <-done:
	case <-time.After(60 * time.Second): // a deadline for a hang, not a timing assertion
		t.Fatal("the enumeration did not return")
	}
	var names []string
	for _, p := range inv.Packages {
		names = append(names, p.Name+"@"+p.Version)
	}
	if !strings.Contains(strings.Join(names, " "), "good@1.0.0") {
		t.Errorf("packages %v, want good@1.0.0 among them", names)
	}
	warnings := strings.Join(inv.Warnings, "\n")
	for _, want := range []string{
		"node_modules/fifo-json/package.json: open " + filepath.Join(nm, "fifo-json", "package.json") + ": not a regular file (a named pipe)",
		"node_modules/zero-json/package.json: open " + filepath.Join(nm, "zero-json", "package.json") + ": not a regular file (a character device)",
	} {
		if !strings.Contains(warnings, want) {
			t.Errorf("warnings do not say %q:\n%s", want, warnings)
		}
	}
}
