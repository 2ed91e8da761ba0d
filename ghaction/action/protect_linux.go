package action

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"strconv"
	"strings"

	"golang.org/x/sys/unix"

	"github.com/envaudit/envaudit/tracer"
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
// have (under the ptrace backend, run unprivileged as on a runner, the
// tracer's helper sets no_new_privs on it, so not even the runner's sudo
// gives it that). Unsetting the variables alone would not do: /proc/PID/environ shows
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
// It does not set no_new_privs on envaudit: that is an attribute of a
// thread, not of a process, inherited only from the thread that starts a
// program, and the traced command must run as it would without envaudit
// (the eBPF backend starts it so, and a sudo loader beside it). The tools
// envaudit runs outside the trace, one of which may be the project's own
// (a committed .venv/bin/python the tests ran, which envaudit asks for its
// sys.path), get it each, from a thread of their own (package internal/nnp, through
// internal/toolexec): no such program can take the runner's passwordless
// sudo and, as root, read the token from the environment block the runner
// started envaudit with, or leave a root daemon that rewrites the file
// commands after the step. The traced command under the ptrace backend
// has it from the tracer's helper when envaudit runs unprivileged.
//
// It also overwrites, in that initial block, the value of every variable
// it unsets (the token, the runner's credentials, the file commands'
// paths), as os.Unsetenv does not: /proc/PID/environ, which root reads
// whatever the dumpable flag (the runner's sudo, `ps e`), then shows the
// names alone. Go's own environment strings point into the block, so a
// caller that keeps a value of one of those variables must hold a copy
// (strings.Clone) taken before the call; the Action's run does.
//
// It also makes envaudit a child subreaper: a daemon that a program it
// runs leaves behind (a build tool started from the project's own
// configuration) is then reparented to envaudit, not to init, and
// Action.EndLeftovers can end it before the file commands are restored.
func ProtectProcess(keep []string) error {
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
	// Before the process is non-dumpable: /proc/self/mem is then root's.
	if err := wipeInitialEnviron(); err != nil {
		return fmt.Errorf("overwriting the unset variables in the process's initial environment: %w", err)
	}
	if err := unix.Prctl(unix.PR_SET_DUMPABLE, 0, 0, 0, 0); err != nil {
		return os.NewSyscallError("prctl(PR_SET_DUMPABLE)", err)
	}
	return tracer.BecomeSubreaper()
}

// wipeInitialEnviron overwrites with zero bytes the value of each entry of
// the process's initial environment block (what /proc/self/environ shows,
// between env_start and env_end of /proc/self/stat) whose variable is no
// longer set. The block is on the initial stack and written through
// /proc/self/mem, which a process may always do to itself.
func wipeInitialEnviron() error {
	start, end, err := initialEnvironBounds()
	if err != nil {
		return err
	}
	if end <= start {
		return nil
	}
	if end-start > maxEnvironBlock {
		return fmt.Errorf("environment block of %d bytes", end-start)
	}
	mem, err := os.OpenFile("/proc/self/mem", os.O_RDWR, 0)
	if err != nil {
		return err
	}
	defer mem.Close()
	block := make([]byte, end-start)
	if _, err := mem.ReadAt(block, int64(start)); err != nil {
		return fmt.Errorf("read /proc/self/mem: %w", err)
	}
	for off := 0; off < len(block); {
		n := bytes.IndexByte(block[off:], 0)
		if n < 0 {
			n = len(block) - off
		}
		entry := block[off : off+n]
		if eq := bytes.IndexByte(entry, '='); eq > 0 {
			if _, set := os.LookupEnv(string(entry[:eq])); !set && eq+1 < len(entry) {
				value := make([]byte, len(entry)-eq-1)
				if _, err := mem.WriteAt(value, int64(start)+int64(off+eq+1)); err != nil {
					return fmt.Errorf("write /proc/self/mem: %w", err)
				}
			}
		}
		off += n + 1
	}
	return nil
}

// maxEnvironBlock bounds the block wipeInitialEnviron reads: Linux limits
// the arguments and environment of an exec to a quarter of the stack
// limit, and a larger span means /proc/self/stat was misread.
const maxEnvironBlock = 256 << 20

// initialEnvironBounds returns env_start and env_end, fields 50 and 51 of
// /proc/self/stat. The second field, the command's name in parentheses,
// may hold spaces and parentheses itself: fields are counted after the
// last ')'.
func initialEnvironBounds() (start, end uint64, err error) {
	data, err := os.ReadFile("/proc/self/stat")
	if err != nil {
		return 0, 0, err
	}
	i := bytes.LastIndexByte(data, ')')
	if i < 0 {
		return 0, 0, errors.New("/proc/self/stat: no command name")
	}
	// After ')' comes field 3.
	fields := strings.Fields(string(data[i+1:]))
	const envStart, envEnd = 50 - 3, 51 - 3
	if len(fields) <= envEnd {
		return 0, 0, fmt.Errorf("/proc/self/stat: %d fields, want %d", len(fields)+2, envEnd+3)
	}
	if start, err = strconv.ParseUint(fields[envStart], 10, 64); err == nil {
		end, err = strconv.ParseUint(fields[envEnd], 10, 64)
	}
	if err != nil {
		return 0, 0, fmt.Errorf("/proc/self/stat: %w", err)
	}
	return start, end, nil
}

// holderPipe returns the pipe to mode single's holder that the audit
// child inherited as file descriptor fd, marked close-on-exec before
// anything else, so that no program the child runs (the traced command
// above all) inherits it. A descriptor that is not a pipe is refused.
func holderPipe(fd int) (*os.File, error) {
	unix.CloseOnExec(fd)
	var st unix.Stat_t
	if err := unix.Fstat(fd, &st); err != nil {
		return nil, os.NewSyscallError("fstat", err)
	}
	if st.Mode&unix.S_IFMT != unix.S_IFIFO {
		return nil, fmt.Errorf("file descriptor %d is not a pipe", fd)
	}
	return os.NewFile(uintptr(fd), "holder"), nil
}
