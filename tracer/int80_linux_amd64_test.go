package tracer

import (
	"bytes"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// TestInt80 traces a 64-bit program that opens files with the i386 ABI
// (int 0x80): the filter sends every foreign-ABI syscall to the tracer,
// which decodes it with the i386 table (a naive reader of orig_rax would
// see syscall 5 as fstat).
func TestInt80(t *testing.T) { eachBackend(t, testInt80) }

func testInt80(t *testing.T, backend string) {
	dir := realTempDir(t)
	writeFiles(t, dir, "via-int80.txt")
	opts := Options{Command: []string{cprog(t, "int80"), dir + "/via-int80.txt", dir + "/missing.txt"}}
	tr := runTrace(t, &opts)
	wantExit(t, tr, 0, opts)
	out := opts.Stdout.(*bytes.Buffer).String()
	if !strings.Contains(out, "via-int80.txt 3") {
		t.Fatalf("int 0x80 open did not succeed; output:\n%s", out)
	}
	if diff := cmp.Diff([]string{"read via-int80.txt"}, under(tr, dir)); diff != "" {
		t.Errorf("accesses (-want +got):\n%s", diff)
	}
}
