package tracer

import (
	"os"
	"testing"

	"github.com/envaudit/envaudit/internal/testenv"
)

// childEnv selects a child mode: the test binary, re-executed with it set,
// acts as a traced workload (or as a tracer of its own) instead of running
// tests. The modes live in child_linux_test.go.
const childEnv = "ENVAUDIT_TRACER_TEST_CHILD"

// childMain runs a child mode; set on systems that can trace.
var childMain func(mode string, args []string) int

// testCleanup runs after all tests (removes compiled test programs).
var testCleanup []func()

func TestMain(m *testing.M) {
	// The helper first: Run re-executes this test binary as its helper.
	Main()
	testenv.Hermetic()
	if mode := os.Getenv(childEnv); mode != "" && childMain != nil {
		os.Exit(childMain(mode, os.Args[1:]))
	}
	code := m.Run()
	for _, f := range testCleanup {
		f()
	}
	os.Exit(code)
}
