package redteam

import (
	"testing"
)

// TestAttackTraceEvasion reproduces issue 10's trace evasion: the test
// opens a declared package's file through /proc/self/root/..., through
// /proc/self/fd/N after an O_PATH open, through a hard link outside the
// package, and after renaming the package's directory. The file's owner
// must still be found: lodash is in the traced layer, not a phantom.
func TestAttackTraceEvasion(t *testing.T) {
	for _, how := range []string{"procSelfRoot", "procSelfFd", "hardLink", "renamedDir"} {
		t.Run(how, func(t *testing.T) {
			j := newJob(t, "evasion")
			j.inputs["run"] = "bash test.sh " + how
			j.inputs["working-directory"] = "app"
			j.inputs["fail-on"] = "none"
			res := j.run(0)
			r := j.report(res)
			traced := false
			for _, e := range r.Ecosystems {
				for _, p := range e.Traced {
					traced = traced || p.Name == "lodash"
				}
			}
			phantom := "no phantom finding"
			if f := r.find("phantom", "lodash"); f != nil {
				phantom = "phantom " + f.Reason
			}
			if r.Run == nil || !r.Run.Succeeded {
				t.Fatalf("the test command failed, so the evasion was not tried (report run %+v)", r.Run)
			}
			// The job runs as a user with passwordless sudo, as on
			// hosted runners: the Action's default, auto, traces with
			// eBPF through its sudo loader.
			if r.Run.Backend != "ebpf" || r.Run.Loader != "sudo" {
				t.Errorf("the run was traced by %q (loader %q), want the eBPF backend through sudo", r.Run.Backend, r.Run.Loader)
			}
			observe(t, traced, "lodash traced: %v (%s); step %s", traced, phantom, outcome(res))
		})
	}
}
