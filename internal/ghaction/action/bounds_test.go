package action

import (
	"strings"
	"testing"
	"time"

	"github.com/envaudit/envaudit/engine"
	"github.com/envaudit/envaudit/internal/fakeeco"
)

// TestAttackTimeoutCoversEnumeration reproduces issue 10's denial of
// service outside the timeout input in the Action: the tests end in time,
// then the enumeration of the installation never does (the one before
// the run answered). The timeout now
// bounds the step: the Action ends soon after it, the report of what ran
// is still written and the cut-short enumeration is a warning.
func TestAttackTimeoutCoversEnumeration(t *testing.T) {
	eco := &fakeeco.Ecosystem{StallInstalled: make(chan struct{}), InstalledBeforeStall: 1}
	defer close(eco.StallInstalled)
	start := time.Now()
	code, stdout, stderr := runAction(t, map[string]string{
		"app/fake.txt":        "lib-a\n",
		"app/lib/lib-a/a.txt": "a\n",
	}, "cat lib/lib-a/a.txt", []string{"INPUT_TIMEOUT=6s"}, eco)
	// A deadline for a hang, not a timing assertion. The timeout leaves
	// the traced cat time enough on a loaded machine (under -race, 2 s
	// did not), so that it is the enumeration after it the timeout cuts.
	if d := time.Since(start); d > 6*time.Second+engine.AuditAfterInterrupt {
		t.Errorf("the step took %v", d)
	}
	if code != ExitOK && code != ExitFindings {
		t.Fatalf("exit %d\nstdout:\n%s\nstderr:\n%s", code, stdout, stderr)
	}
	if !strings.Contains(stdout, "::warning::envaudit: ") || !strings.Contains(stdout, "the 6s timeout expired") {
		t.Errorf("no warning says the enumeration was cut short by the timeout:\n%s", stdout)
	}
}
