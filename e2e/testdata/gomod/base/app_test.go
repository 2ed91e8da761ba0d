package e2eapp

import (
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

func TestFiles(t *testing.T) {
	got := Files([]byte("-- v1.2.3 --\nx\n"))
	if len(got) != 1 || got[0] != "v1.2.3" {
		t.Errorf("Files = %q", got)
	}
}

// TestRecordEnvironment writes the environment the test command ran with
// where the end-to-end tests read it (@EVIDENCE@ is replaced when the
// repository is made), with the Go toolchain the command finds.
func TestRecordEnvironment(t *testing.T) {
	out := filepath.Join("@EVIDENCE@", os.Getenv("GITHUB_JOB")+"-"+os.Getenv("GITHUB_RUN_ID")+"-"+os.Getenv("GITHUB_RUN_ATTEMPT")+".json")
	env := map[string]string{}
	for _, kv := range os.Environ() {
		k, v, _ := strings.Cut(kv, "=")
		env[k] = v
	}
	version, err := exec.Command("go", "version").Output()
	if err != nil {
		t.Fatal(err)
	}
	goroot, err := exec.Command("go", "env", "GOROOT").Output()
	if err != nil {
		t.Fatal(err)
	}
	program, _ := exec.LookPath("go")
	data, err := json.Marshal(map[string]any{"env": env, "tool": strings.TrimSpace(string(version)), "goroot": strings.TrimSpace(string(goroot)), "program": program})
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(out, data, 0o644); err != nil {
		t.Fatal(err)
	}
}
