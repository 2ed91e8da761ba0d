package tracer

import (
	"bytes"
	"errors"
	"os/exec"
	"strings"
	"syscall"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// TestInt80 traces a 64-bit program that opens files with the i386 ABI
// (int 0x80): the filter sends every foreign-ABI syscall to the tracer,
// which decodes it with the i386 table (a naive reader of orig_rax would
// see syscall 5 as fstat).
//
// Whether int 0x80 works at all is the kernel's to say: one built without
// 32-bit emulation (IA32_EMULATION, or ia32_emulation=0 on the command
// line) kills the process with SIGSEGV. The program is first run
// untraced, and tracing must change nothing: the same outcome, and the
// open recorded where the kernel performed it.
func TestInt80(t *testing.T) { eachBackend(t, testInt80) }

func testInt80(t *testing.T, backend string) {
	dir := realTempDir(t)
	writeFiles(t, dir, "via-int80.txt")
	prog := cprog(t, "int80")
	args := []string{dir + "/via-int80.txt", dir + "/missing.txt"}
	var plain bytes.Buffer
	cmd := exec.Command(prog, args...)
	cmd.Stdout = &plain
	wantCode := 0
	var ee *exec.ExitError
	if err := cmd.Run(); errors.As(err, &ee) {
		wantCode = ee.ExitCode()
		if ws, ok := ee.Sys().(syscall.WaitStatus); ok && ws.Signaled() {
			// Killed by a signal: the tracer reports 128 + the signal, as
			// a shell does.
			wantCode = 128 + int(ws.Signal())
		}
	} else if err != nil {
		t.Fatal(err)
	}
	supported := wantCode == 0 && strings.Contains(plain.String(), "via-int80.txt 3")
	if !supported {
		t.Logf("this kernel does not run int 0x80 (untraced: exit %d, output %q): checking that tracing keeps that outcome", wantCode, plain.String())
	}
	opts := Options{Command: append([]string{prog}, args...)}
	tr := runTrace(t, &opts)
	wantExit(t, tr, wantCode, opts)
	if !supported {
		if diff := cmp.Diff([]string(nil), under(tr, dir)); diff != "" {
			t.Errorf("accesses the kernel did not perform (-want +got):\n%s", diff)
		}
		return
	}
	out := opts.Stdout.(*bytes.Buffer).String()
	if !strings.Contains(out, "via-int80.txt 3") {
		t.Fatalf("int 0x80 open did not succeed; output:\n%s", out)
	}
	if diff := cmp.Diff([]string{"read via-int80.txt"}, under(tr, dir)); diff != "" {
		t.Errorf("accesses (-want +got):\n%s", diff)
	}
}
