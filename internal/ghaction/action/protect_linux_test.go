package action

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"

	"github.com/google/go-cmp/cmp"
	"golang.org/x/sys/unix"

	"github.com/envaudit/envaudit/internal/ghaction"
	"github.com/envaudit/envaudit/tracer"
)

// protectChildEnv makes the test binary, re-executed by TestProtectProcess,
// act as a protected Action: it writes what it observed as JSON to the file
// the variable names.
const protectChildEnv = "ENVAUDIT_TEST_PROTECT_CHILD"

// protectResult is what the protected child observed.
type protectResult struct {
	Dumpable  int    // PR_GET_DUMPABLE after ProtectProcess
	NoNewPriv int    // PR_GET_NO_NEW_PRIVS after ProtectProcess
	ToolNNP   string // the NoNewPrivs line of a program it starts untraced
	Token     string // the token variable in its own environment afterwards
	Traced    int    // processes the tracer saw
	ExitCode  int    // of the traced command, which tries to read the parent's environment
	ReadBlock bool   // whether the traced command's output held the token
}

// TestProtectProcess runs the test binary as an ordinary user with a token
// in its environment; it protects itself as the Action does and then traces
// a command that reads its parent's /proc/PID/environ, as the pull
// request's code could. The tracer must still work (the helper it seizes
// is a fresh, dumpable executable), the read must fail, and the token must
// be gone from the Go environment too.
func TestProtectProcess(t *testing.T) {
	if out := os.Getenv(protectChildEnv); out != "" {
		protectChild(t, out)
		return
	}
	const token = "ghs_envauditProtectToken0123456789"
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	var cred *syscall.Credential
	if os.Geteuid() == 0 {
		// Root reads every process's environment whatever its flag:
		// the child runs as nobody, as the runner runs steps as an
		// ordinary user, from a copy of the binary nobody may execute.
		data, err := os.ReadFile(exe)
		if err != nil {
			t.Fatal(err)
		}
		exe = filepath.Join(dir, "envaudit.test")
		if err := os.WriteFile(exe, data, 0o755); err != nil {
			t.Fatal(err)
		}
		handOver(t, dir, 65534)
		cred = &syscall.Credential{Uid: 65534, Gid: 65534, Groups: []uint32{}}
	}
	out := filepath.Join(dir, "result.json")
	cmd := exec.Command(exe, "-test.run=^TestProtectProcess$")
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), protectChildEnv+"="+out, "INPUT_GITHUB_TOKEN="+token, "HOME="+dir)
	cmd.SysProcAttr = &syscall.SysProcAttr{Credential: cred}
	if data, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("protected child: %v\n%s", err, data)
	}
	data, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	var got protectResult
	if err := json.Unmarshal(data, &got); err != nil {
		t.Fatal(err)
	}
	if got.Traced == 0 {
		t.Errorf("the non-dumpable tracer saw no process of the traced command")
	}
	got.Traced = 0
	want := protectResult{Dumpable: 0, NoNewPriv: 1, ToolNNP: "NoNewPrivs:\t1", Token: "", ExitCode: 1, ReadBlock: false}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("protected child (-want +got):\n%s", diff)
	}
}

// protectChild is the protected Action of TestProtectProcess.
func protectChild(t *testing.T, out string) {
	token := os.Getenv("INPUT_GITHUB_TOKEN")
	keep := ghaction.FilterEnviron(os.Environ(), token)
	if err := ProtectProcess(keep); err != nil {
		t.Fatal(err)
	}
	var res protectResult
	d, err := unix.PrctlRetInt(unix.PR_GET_DUMPABLE, 0, 0, 0, 0)
	if err != nil {
		t.Fatal(err)
	}
	res.Dumpable = d
	if res.NoNewPriv, err = unix.PrctlRetInt(unix.PR_GET_NO_NEW_PRIVS, 0, 0, 0, 0); err != nil {
		t.Fatal(err)
	}
	// A tool envaudit runs outside the trace (git, the project's
	// interpreter) inherits it: no setuid sudo for it.
	status, err := exec.Command("grep", "^NoNewPrivs:", "/proc/self/status").Output()
	if err != nil {
		t.Fatal(err)
	}
	res.ToolNNP = strings.TrimSpace(string(status))
	res.Token = os.Getenv("INPUT_GITHUB_TOKEN")
	var stdout bytes.Buffer
	tr, err := tracer.Run(t.Context(), tracer.Options{
		Command: []string{"sh", "-c", `cat "/proc/$PPID/environ"`},
		Env:     keep,
		Stdout:  &stdout,
		Stderr:  &stdout,
	})
	if err != nil {
		t.Fatal(err)
	}
	res.Traced = len(tr.Processes)
	res.ExitCode = tr.End.ExitCode
	res.ReadBlock = strings.Contains(stdout.String(), token)
	data, err := json.Marshal(res)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(out, data, 0o644); err != nil {
		t.Fatal(fmt.Errorf("write result: %w", err))
	}
}
