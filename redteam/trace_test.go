package redteam

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// The attacks of issue 20 §3 and §9 on the trace, as a runner's user with
// passwordless sudo runs them in mode audit with the default backend
// (auto: eBPF through the sudo loader). Each loads is-number, installed
// but declared nowhere (installIsNumber), so that a trace that sees it
// reports it hidden and the gate fails the step; an attack that hides it
// leaves a green step. A trace that cannot tell what ran must say so: the
// run is then incompletely traced, and the step fails for that.

// verdict says what the step made of an attack on the trace: whether
// is-number was traced (a hidden finding), or the run declared
// incompletely traced with the gaps it names.
func verdict(r *report) (traced bool, incomplete bool, summary string) {
	f := r.find("hidden", "is-number")
	traced = f != nil
	s := "is-number not traced"
	if traced {
		s = "is-number traced (hidden " + f.Reason + ", gating " + boolWord(f.Gating) + ")"
	}
	if r.Run != nil && r.Run.IncompleteTrace {
		incomplete = true
		s += "; the run incompletely traced"
		if len(r.Run.Gaps) > 0 {
			s += ": " + strings.Join(r.Run.Gaps, "; ")
		}
	}
	return traced, incomplete, s
}

func boolWord(b bool) string {
	if b {
		return "true"
	}
	return "false"
}

// traceAttack runs the job of fixture whose test command is `bash test.sh
// HOW`, with is-number installed and prepare's changes, and returns it
// with what the runner saw and the report. A test command that failed
// did not try the attack: the test fails then.
func traceAttack(t *testing.T, fixture, how string, prepare func(*job)) (*job, *result, *report) {
	t.Helper()
	j := newJob(t, fixture)
	j.installIsNumber()
	j.inputs["run"] = "bash test.sh " + how
	j.inputs["working-directory"] = "app"
	if prepare != nil {
		prepare(j)
	}
	res := j.run(0)
	r := j.report(res)
	if r.Run == nil || r.Run.ExitCode != 0 {
		t.Fatalf("the test command failed, so the attack was not tried (report run %+v)", r.Run)
	}
	return j, res, r
}

// TestAttackTraceMounts reproduces issue 20 §3: in a user and mount
// namespace of its own, is-number's directory bind-mounted or overlaid
// over lodash's; the two directories swapped around the load and put
// back; is-number's file renamed over lodash's. is-number must be traced,
// or the run declared incompletely traced; the step must fail either way.
func TestAttackTraceMounts(t *testing.T) {
	for _, how := range []string{"bindMount", "overlay", "renameDirs", "renameFile"} {
		t.Run(how, func(t *testing.T) {
			_, res, r := traceAttack(t, "trace-mounts", how, nil)
			traced, incomplete, s := verdict(r)
			observe(t, (traced || incomplete) && res.code != 0, "%s; step %s", s, outcome(res))
		})
	}
}

// TestAttackTraceLimits reproduces issue 20 §9's known limits of the
// trace: an io_uring instance, through which files open unseen; a
// descriptor of is-number's file taken from a daemon the pull request's
// code left before the audit step (over a Unix socket, SCM_RIGHTS, or with
// pidfd_getfd); is-number's directory moved below a path longer than
// PATH_MAX while the file is read there. Each must be refused or seen:
// io_uring refused, or the run incompletely traced; is-number traced, or
// the run incompletely traced, and the step failing.
func TestAttackTraceLimits(t *testing.T) {
	for _, how := range []string{"ioUring", "scmRights", "pidfdGetfd", "longPath"} {
		t.Run(how, func(t *testing.T) {
			j, res, r := traceAttack(t, "trace-limits", how, func(j *job) {
				if how == "scmRights" || how == "pidfdGetfd" {
					j.beforeStep = func() { startFdDaemon(t, j, how) }
				}
			})
			traced, incomplete, s := verdict(r)
			if how == "ioUring" {
				ring := strings.TrimSpace(readLoot(j, "iouring"))
				refused := false
				for _, w := range r.Run.Warnings {
					refused = refused || strings.Contains(w, "was refused io_uring")
				}
				observe(t, ring == "EPERM" && refused || incomplete && res.code != 0,
					"io_uring_setup: %s; refused with a warning: %v; %s; step %s", ring, refused, s, outcome(res))
				return
			}
			observe(t, (traced || incomplete) && res.code != 0, "%s; step %s", s, outcome(res))
		})
	}
}

// startFdDaemon starts, as the job's user, the daemon that holds a
// descriptor of is-number's file for the test to take, and waits until it
// is ready; it is ended with the test.
func startFdDaemon(t *testing.T, j *job, mode string) {
	t.Helper()
	src, err := os.ReadFile("testdata/fddaemon.py")
	if err != nil {
		t.Fatal(err)
	}
	script := filepath.Join(j.loot, "fddaemon.py")
	j.writeFile(script, string(src), 0o755)
	cmd := exec.Command("/usr/bin/python3", script, mode, filepath.Join(j.app, "node_modules", "is-number", "index.js"), j.loot)
	cmd.SysProcAttr = &syscall.SysProcAttr{Setsid: true, Credential: &syscall.Credential{Uid: uint32(j.e.uid), Gid: uint32(j.e.gid), Groups: []uint32{}}}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { cmd.Process.Kill(); cmd.Wait() })
	for deadline := time.Now().Add(30 * time.Second); time.Now().Before(deadline); time.Sleep(50 * time.Millisecond) {
		if readLoot(j, "fd.daemon") != "" {
			return
		}
	}
	t.Fatal("the daemon never got ready")
}

// TestAttackOutputThroughLink reproduces issue 20 §9's output written
// through a directory the test replaced: the SBOM input names a directory
// of the workspace, checked before the run, which the test replaces by a
// link to the runner's file-command directory. The SBOM must not land
// there, and the step must fail, saying why.
func TestAttackOutputThroughLink(t *testing.T) {
	j := newJob(t, "output-link")
	j.inputs["run"] = "bash test.sh"
	j.inputs["working-directory"] = "app"
	j.inputs["sbom"] = "app/out/envaudit.cdx.json"
	j.inputs["fail-on"] = "none"
	res := j.run(0)
	fileCmds := filepath.Join(j.temp, "_runner_file_commands")
	_, err := os.Lstat(filepath.Join(fileCmds, "envaudit.cdx.json"))
	landed := err == nil
	said := strings.Contains(res.stderr+res.stdout, "was replaced while the command ran")
	observe(t, !landed && res.code != 0 && said,
		"the SBOM in the runner's file-command directory: %v; the step says the directory was replaced: %v; step %s", landed, said, outcome(res))
}
