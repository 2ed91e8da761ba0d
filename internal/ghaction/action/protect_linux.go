package action

import (
	"os"
	"strings"

	"golang.org/x/sys/unix"
)

// ProtectProcess hides the Action's secrets from the traced command,
// which runs as the same user as envaudit. Filtering the command's own
// environment is not enough: a process may read the environment block of
// any process of its user from /proc/PID/environ (and its memory from
// /proc/PID/mem), and envaudit's block holds the token (INPUT_GITHUB_TOKEN)
// and the paths of the step's file commands (GITHUB_OUTPUT, ...).
//
// Marking envaudit non-dumpable is what closes that: /proc/PID/environ and
// /proc/PID/mem then need CAP_SYS_PTRACE, which the traced command does not
// have (it runs under no_new_privs, so not even the runner's sudo gives it
// that). Unsetting the variables alone would not do: /proc/PID/environ shows
// the block the process was started with, which os.Unsetenv leaves as it
// was. Unsetting them still keeps them from every other program envaudit
// starts without an explicit environment (git).
//
// The tracer is unaffected: the helper it starts is a new executable, whose
// dumpable flag exec resets, so the tracer may still seize it; the
// processes of the traced command descend from the helper.
//
// keep is the environment the traced command gets; every variable of
// envaudit's own environment that is not in it is unset.
//
// It also sets no_new_privs on envaudit, which every program it starts
// inherits and none can clear: the traced command has always run under it,
// but the tools envaudit runs outside the trace did not, and one of them
// may be the project's own (a committed .venv/bin/python the tests ran,
// which envaudit asks for its sys.path). Without it such a program could
// take the runner's passwordless sudo and, as root, read the token from the
// environment block the runner started envaudit with, or leave a root
// daemon that rewrites the file commands after the step. Nothing envaudit
// runs needs to gain privileges through a setuid program.
//
// It also makes envaudit a child subreaper: a daemon that a program it
// runs leaves behind (a build tool started from the project's own
// configuration) is then reparented to envaudit, not to init, and
// Action.EndLeftovers can end it before the file commands are restored.
func ProtectProcess(keep []string) error {
	if err := unix.Prctl(unix.PR_SET_DUMPABLE, 0, 0, 0, 0); err != nil {
		return os.NewSyscallError("prctl(PR_SET_DUMPABLE)", err)
	}
	if err := unix.Prctl(unix.PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0); err != nil {
		return os.NewSyscallError("prctl(PR_SET_NO_NEW_PRIVS)", err)
	}
	if err := unix.Prctl(unix.PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0); err != nil {
		return os.NewSyscallError("prctl(PR_SET_CHILD_SUBREAPER)", err)
	}
	kept := make(map[string]bool, len(keep))
	for _, kv := range keep {
		kept[kv] = true
	}
	for _, kv := range os.Environ() {
		if !kept[kv] {
			k, _, _ := strings.Cut(kv, "=")
			os.Unsetenv(k)
		}
	}
	return nil
}
