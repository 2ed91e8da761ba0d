package action

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"golang.org/x/sys/unix"

	"github.com/envaudit/envaudit/ghaction"
	"github.com/envaudit/envaudit/internal/testenv"
	"github.com/envaudit/envaudit/internal/toolexec"
	"github.com/envaudit/envaudit/tracer"
)

// protectChildEnv makes the test binary, re-executed by TestProtectProcess,
// act as a protected Action: it writes what it observed as JSON to the file
// the variable names.
const protectChildEnv = "ENVAUDIT_TEST_PROTECT_CHILD"

// protectResult is what the protected child observed.
type protectResult struct {
	Dumpable  int    // PR_GET_DUMPABLE after ProtectProcess
	NoNewPriv int    // PR_GET_NO_NEW_PRIVS after ProtectProcess: envaudit itself has none
	ToolNNP   []int  // the NoNewPrivs of programs it starts untraced, from many goroutines at once
	Token     string // the token variable in its own environment afterwards
	Traced    int    // processes the tracer saw
	ExitCode  int    // of the traced command, which tries to read the parent's environment
	ReadBlock bool   // whether the traced command's output held the token
	// TracedBefore and TracedAfter are the privilege lines of the traced
	// command's /proc/self/status when traced before ProtectProcess and
	// after it: the same.
	TracedBefore, TracedAfter string
}

// toolRuns is how many tools protectChild starts at once.
const toolRuns = 200

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
		testenv.HandOver(t, dir, 65534)
		cred = &syscall.Credential{Uid: 65534, Gid: 65534, Groups: []uint32{}}
	}
	out := filepath.Join(dir, "result.json")
	cmd := exec.Command(exe, "-test.run=^TestProtectProcess$")
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), protectChildEnv+"="+out, "INPUT_GITHUB_TOKEN="+token, "ENVAUDIT_TEST_COPY="+token, "HOME="+dir)
	cmd.SysProcAttr = &syscall.SysProcAttr{Credential: cred}
	var log bytes.Buffer
	cmd.Stdout, cmd.Stderr = &log, &log
	// The child waits, protected, until its standard input closes: its
	// initial environment block is read meanwhile, from here.
	hold, err := cmd.StdinPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	exited := make(chan error, 1)
	go func() { exited <- cmd.Wait() }()
	var block []byte
	var blockErr error
	var waitErr error
	tick := time.NewTicker(20 * time.Millisecond)
	defer tick.Stop()
wait:
	for {
		select {
		case waitErr = <-exited:
			exited <- waitErr
			break wait
		case <-tick.C:
			if _, err := os.Stat(out); err == nil {
				block, blockErr = os.ReadFile(fmt.Sprintf("/proc/%d/environ", cmd.Process.Pid))
				break wait
			}
		}
	}
	hold.Close()
	if err := <-exited; err != nil {
		t.Fatalf("protected child: %v\n%s", err, log.Bytes())
	}
	switch {
	case blockErr != nil && os.Geteuid() == 0:
		t.Errorf("root could not read the protected child's environment block: %v", blockErr)
	case blockErr == nil && block == nil:
		t.Errorf("the protected child never wrote its result")
	case bytes.Contains(block, []byte(token)):
		t.Errorf("the protected child's /proc/PID/environ still holds the token: %q", block)
	case blockErr == nil && !bytes.Contains(block, []byte("INPUT_GITHUB_TOKEN=\x00")):
		t.Errorf("the protected child's /proc/PID/environ lost the variable's name, not only its value: %q", block)
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
	if got.TracedBefore == "" {
		t.Errorf("the traced command's status was not read")
	}
	want := protectResult{
		Dumpable: 0, NoNewPriv: 0, ToolNNP: slices.Repeat([]int{1}, toolRuns), Token: "", ExitCode: 1, ReadBlock: false,
		TracedBefore: got.TracedBefore, TracedAfter: got.TracedBefore,
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("protected child (-want +got):\n%s", diff)
	}
}

// protectChild is the protected Action of TestProtectProcess.
func protectChild(t *testing.T, out string) {
	var res protectResult
	// Copied, as the Action's run copies what it keeps: ProtectProcess
	// overwrites the bytes the environment's strings point to.
	token := strings.Clone(os.Getenv("INPUT_GITHUB_TOKEN"))
	keep := ghaction.FilterEnviron(slices.Clone(os.Environ()), token)
	for i := range keep {
		keep[i] = strings.Clone(keep[i])
	}
	res.TracedBefore = tracedStatus(t, keep)
	if err := ProtectProcess(keep); err != nil {
		t.Fatal(err)
	}
	d, err := unix.PrctlRetInt(unix.PR_GET_DUMPABLE, 0, 0, 0, 0)
	if err != nil {
		t.Fatal(err)
	}
	res.Dumpable = d
	if res.NoNewPriv, err = unix.PrctlRetInt(unix.PR_GET_NO_NEW_PRIVS, 0, 0, 0, 0); err != nil {
		t.Fatal(err)
	}
	// A tool envaudit runs outside the trace (git, the project's
	// interpreter) has it, whichever thread started it: no setuid sudo
	// for it.
	res.ToolNNP = make([]int, toolRuns)
	var wg sync.WaitGroup
	for i := range toolRuns {
		wg.Add(1)
		go func() {
			defer wg.Done()
			res.ToolNNP[i] = -1
			// A start that fails outright (a fork refused on a machine
			// under heavy load) says nothing of the flag: tried again, and
			// logged, up to three times.
			for try := 0; try < 3; try++ {
				out, err := toolexec.Run(t.Context(), toolexec.Cmd{Path: "grep", Args: []string{"^NoNewPrivs:", "/proc/self/status"}, Env: keep})
				if f := strings.Fields(string(out)); err == nil && len(f) == 2 {
					res.ToolNNP[i], _ = strconv.Atoi(f[1])
					return
				}
				t.Logf("tool run %d, try %d: %v (output %q)", i, try, err, out)
			}
		}()
	}
	wg.Wait()
	res.Token = os.Getenv("INPUT_GITHUB_TOKEN")
	res.TracedAfter = tracedStatus(t, keep)
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
	if err := os.WriteFile(out+".tmp", data, 0o644); err != nil {
		t.Fatal(fmt.Errorf("write result: %w", err))
	}
	if err := os.Rename(out+".tmp", out); err != nil {
		t.Fatal(err)
	}
	// The parent reads /proc/PID/environ now.
	_, _ = io.Copy(io.Discard, os.Stdin)
}

// tracedStatus is what a traced command reads of its own privileges.
func tracedStatus(t *testing.T, env []string) string {
	var stdout bytes.Buffer
	tr, err := tracer.Run(t.Context(), tracer.Options{
		Command: []string{"grep", "-E", "^(NoNewPrivs|Uid|Gid|CapEff|CapBnd|Seccomp):", "/proc/self/status"},
		Env:     env,
		Stdout:  &stdout,
		Stderr:  &stdout,
	})
	if err != nil {
		t.Fatal(err)
	}
	if tr.End.ExitCode != 0 {
		t.Fatalf("traced grep: exit %d: %s", tr.End.ExitCode, stdout.String())
	}
	return stdout.String()
}

// wipeChildEnv makes the test binary, re-executed by
// TestWipeInitialEnviron, unset and wipe its variables named in it.
const wipeChildEnv = "ENVAUDIT_TEST_WIPE_CHILD"

// TestWipeInitialEnviron checks, in a process of the test's own user that
// stays dumpable so that it may read its own block, that the values of
// the variables it unset are gone from /proc/self/environ, names kept,
// while the others, and Go's view of them, are untouched.
func TestWipeInitialEnviron(t *testing.T) {
	if names := os.Getenv(wipeChildEnv); names != "" {
		for _, k := range strings.Split(names, ",") {
			os.Unsetenv(k)
		}
		if err := wipeInitialEnviron(); err != nil {
			t.Fatal(err)
		}
		block, err := os.ReadFile("/proc/self/environ")
		if err != nil {
			t.Fatal(err)
		}
		fmt.Printf("BLOCK %q\nKEPT %q\n", block, os.Getenv("ENVAUDIT_TEST_KEPT"))
		return
	}
	const secret = "ghs_envauditWipeToken0123456789"
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(exe, "-test.run=^TestWipeInitialEnviron$")
	cmd.Env = []string{
		"PATH=" + os.Getenv("PATH"),
		"INPUT_GITHUB_TOKEN=" + secret,
		"ENVAUDIT_TEST_KEPT=kept value",
		"ENVAUDIT_TEST_COPY=x" + secret,
		wipeChildEnv + "=INPUT_GITHUB_TOKEN,ENVAUDIT_TEST_COPY," + wipeChildEnv,
	}
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("child: %v\n%s", err, out)
	}
	var block, kept string
	for _, line := range strings.Split(string(out), "\n") {
		if q, ok := strings.CutPrefix(line, "BLOCK "); ok {
			block, _ = strconv.Unquote(q)
		}
		if q, ok := strings.CutPrefix(line, "KEPT "); ok {
			kept, _ = strconv.Unquote(q)
		}
	}
	zeros := func(n int) string { return strings.Repeat("\x00", n) }
	wipeVal := "INPUT_GITHUB_TOKEN,ENVAUDIT_TEST_COPY," + wipeChildEnv
	want := strings.Join([]string{
		"PATH=" + os.Getenv("PATH"),
		"INPUT_GITHUB_TOKEN=" + zeros(len(secret)),
		"ENVAUDIT_TEST_KEPT=kept value",
		"ENVAUDIT_TEST_COPY=" + zeros(len(secret)+1),
		wipeChildEnv + "=" + zeros(len(wipeVal)),
	}, "\x00") + "\x00"
	if diff := cmp.Diff(want, block); diff != "" {
		t.Errorf("/proc/self/environ after the wipe (-want +got):\n%s", diff)
	}
	if kept != "kept value" {
		t.Errorf("a variable not unset reads %q after the wipe, want %q", kept, "kept value")
	}
}
