package toolexec

import (
	"context"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// TestRunNoNewPrivs: no tool gains privileges through a setuid program
// (the runner's sudo); package nnp tests it from many threads at once.
func TestRunNoNewPrivs(t *testing.T) {
	out, err := Run(context.Background(), Cmd{Path: "grep", Args: []string{"^NoNewPrivs:", "/proc/self/status"}})
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff("NoNewPrivs:\t1\n", string(out)); diff != "" {
		t.Errorf("the tool's status (-want +got):\n%s", diff)
	}
}
