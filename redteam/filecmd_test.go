package redteam

import (
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"
)

// forged returns the forged values the attacks write that are still in the
// step's file commands: a BASH_ENV for later steps, a failing count of 0.
func forged(res *result) []string {
	var f []string
	if strings.Contains(res.fileCmds["GITHUB_ENV"], "BASH_ENV=") {
		f = append(f, "GITHUB_ENV has BASH_ENV")
	}
	if regexp.MustCompile(`(?m)^failing=0$`).MatchString(res.fileCmds["GITHUB_OUTPUT"]) {
		f = append(f, "GITHUB_OUTPUT has failing=0 (the runner reads failing="+res.outputs["failing"]+")")
	}
	return f
}

// survivors returns the processes listed in the loot file name that are
// still alive, and ends them (they are the suite's, started by the
// attack).
func survivors(t *testing.T, j *job, name string) []string {
	data, _ := os.ReadFile(filepath.Join(j.loot, name))
	var alive []string
	for _, f := range strings.Fields(string(data)) {
		pid, err := strconv.Atoi(f)
		if err != nil || pid <= 1 {
			continue
		}
		stat, err := os.ReadFile("/proc/" + f + "/stat")
		if err != nil {
			continue
		}
		if i := strings.LastIndexByte(string(stat), ')'); i > 0 && strings.HasPrefix(string(stat)[i+1:], " Z") {
			continue
		}
		alive = append(alive, f)
		if err := syscall.Kill(pid, syscall.SIGKILL); err != nil {
			t.Logf("ending survivor %d: %v", pid, err)
		}
	}
	return alive
}

// TestAttackFileCommandsAfterRestore reproduces issue 10's defeat of the
// file-command guard by a process that outlives the restore and rewrites
// GITHUB_ENV (BASH_ENV=...) and GITHUB_OUTPUT (failing=0) while envaudit
// reports "restored": a daemon the test leaves in a session of its own
// (setsid), one started through clone(CLONE_UNTRACED), and one left by a
// program envaudit runs itself (the committed .venv/bin/python), the last
// as root through sudo. The runner
// reads the files after the step: the forged values must not be there,
// and the daemon must not have survived the step.
func TestAttackFileCommandsAfterRestore(t *testing.T) {
	for _, tt := range []struct {
		name, fixture, run string
		// mode is the step's mode, "" for the default.
		mode string
		// byTest says the test command starts the daemon itself, so it
		// must have started; a program envaudit runs may never run.
		byTest bool
	}{
		{name: "setsidDaemon", fixture: "filecmd-daemon", run: "bash test.sh", byTest: true},
		{name: "untracedChild", fixture: "filecmd-untraced", run: "bash test.sh", byTest: true},
		{name: "toolDaemon", fixture: "filecmd-tooldaemon", run: "node test.js"},
		// The tests run in the committed virtual environment, so envaudit
		// may run its python outside the trace (in mode single, in the
		// audit child that holds no secret), where no_new_privs does not
		// hold: it takes the runner's sudo and leaves a daemon owned by
		// root, which envaudit, an ordinary user's process, cannot end.
		{name: "rootDaemonFromTool", fixture: "filecmd-rootdaemon", run: "bash test.sh", mode: "single"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			j := newJob(t, tt.fixture)
			j.inputs["run"] = tt.run
			j.inputs["working-directory"] = "app"
			if tt.mode != "" {
				j.inputs["mode"] = j.e.mode(tt.mode)
			}
			res := j.run(3 * time.Second)
			alive := survivors(t, j, "daemon.pids")
			started := len(strings.Fields(readLoot(j, "daemon.pids")))
			if tt.byTest && started == 0 {
				t.Fatalf("the test command started no daemon: the attack did not run (step %s)", outcome(res))
			}
			f := forged(res)
			observe(t, len(f) == 0 && len(alive) == 0,
				"%d daemons started, %d alive 3 s after the step; forged values left: %v (step %s)", started, len(alive), f, outcome(res))
		})
	}
}

func readLoot(j *job, name string) string {
	data, _ := os.ReadFile(filepath.Join(j.loot, name))
	return string(data)
}

// TestDocumentedLimitKilledEnvaudit reproduces issue 10's first defeat of
// the file-command guard: the test forges GITHUB_ENV and GITHUB_OUTPUT,
// then SIGKILLs envaudit (every ancestor it can), so nothing restores the
// files and the runner applies them to an `if: always()` step. Where
// docs/action.md documents a killed envaudit as what remains impossible,
// the test asserts what is left: the step fails (the job is red) and no
// process of the test command outlives it. Where the docs claim the guard
// covers it, the forged values must not survive.
func TestDocumentedLimitKilledEnvaudit(t *testing.T) {
	j := newJob(t, "filecmd-kill")
	j.inputs["run"] = "bash test.sh"
	j.inputs["working-directory"] = "app"
	res := j.run(2 * time.Second)
	killed := strings.Fields(readLoot(j, "killed"))
	if len(killed) == 0 {
		t.Fatal("the attack did not run")
	}
	f := forged(res)
	documented := strings.Contains(j.e.docs, "A killed envaudit")
	if documented {
		observe(t, res.code != 0 && len(f) > 0 || len(f) == 0,
			"documented limit: the test killed %d ancestors; the step %s; forged values left: %v", len(killed), outcome(res), f)
		return
	}
	observe(t, len(f) == 0, "the test killed %d ancestors; the step %s; forged values left: %v", len(killed), outcome(res), f)
}

func outcome(res *result) string {
	switch {
	case res.killed:
		return "hung until the suite's deadline"
	case res.signal != "":
		return "was killed (" + res.signal + ")"
	}
	return "exited " + strconv.Itoa(res.code)
}
