package tracer

import (
	"context"
	"errors"
	"io"
	"os"
	"time"
)

// Options configures Run.
type Options struct {
	// Command is the program and its arguments. Command[0] is looked up in
	// PATH (of Env) when it contains no slash.
	Command []string
	// Dir is the working directory of the command; "" means the current one.
	Dir string
	// Env is the command's environment; nil means the tracer's own.
	Env []string
	// Stdin, Stdout and Stderr are passed to the command; nil means the
	// tracer's own standard streams, so a terminal stays a terminal.
	Stdin          io.Reader
	Stdout, Stderr io.Writer
	// Timeout, when positive, stops the whole process tree after that long;
	// the trace is still returned, with End.TimedOut set. (Cancelling Run's
	// context stops the tree too; see Run for how the two are told apart.)
	Timeout time.Duration
	// Grace is how long descendants may outlive the root process before they
	// are terminated (SIGTERM, then SIGKILL); zero means 5 seconds.
	Grace time.Duration
	// Skip lists directories (absolute, cleaned) whose files belong to no
	// package: a build cache, a toolchain's own tree. An open of an
	// absolute path below one of them is counted in End.Skipped instead of
	// recorded, and costs one ptrace stop instead of two, because the
	// tracer need not wait for the call's result — when the path names the
	// directory's own file: resolved as the command would resolve it, a
	// regular file with one link or a directory, on the directory's mount
	// and below its real path as they were when Run started (or nothing).
	// An open through a symbolic link leading elsewhere, a hard link, a
	// mount or a /proc magic link is recorded as any other. Relative paths
	// and paths with ".." segments are never skipped, nor is any execution.
	Skip []string
	// Privileged installs the seccomp filter with the tracer's privileges and
	// runs the command as the invoking user (SUDO_UID/SUDO_GID), so setuid
	// programs such as sudo keep working inside the traced command. It
	// requires running as root.
	Privileged bool
	// Backend chooses the tracer: BackendPtrace ("" too, so callers that
	// predate the eBPF backend keep ptrace), BackendEBPF, or BackendAuto,
	// which uses eBPF when its programs load here without asking sudo (as
	// root, or through Loader) and ptrace otherwise, saying why in
	// Header.Fallback. BackendEBPF, not root, loads them through sudo -n.
	Backend string
	// KillDescendants ends every process the command started once the
	// command is done, those that escaped the tracer too: a setsid or
	// double-fork daemon, a child created with CLONE_UNTRACED. A reaper
	// process between the tracer and the command (a child subreaper, so
	// that orphans of the tree are reparented to it) kills them all
	// after Grace, as the tracer does with the traced ones, and Run
	// returns only when none is left. Off, a process that escaped the
	// tracer may outlive Run, as a daemon the command started would
	// outlive the command.
	KillDescendants bool
	// Loader, when set, is the root process that loads the eBPF
	// backend's programs for this run, started earlier (StartEBPFLoader)
	// because the caller is about to lose the means to (no_new_privs
	// keeps sudo from gaining root). Run uses it when the backend is eBPF
	// or auto, and closes it in any case; nil makes Run load the programs
	// itself, in process as root or through sudo otherwise.
	Loader *EBPFLoader
	// LoaderErr is why a loader the caller tried to start earlier
	// (StartEBPFLoader) could not: with Backend auto, Run then traces
	// with ptrace and records it as Header.Fallback; with BackendEBPF it
	// fails with it. Loader must be nil then.
	LoaderErr error
	// NoNewPrivs sets no_new_privs on the command under the eBPF backend
	// too (the ptrace backend sets it on every unprivileged run), for a
	// caller whose secrets the command must not reach through a setuid
	// program such as the runner's passwordless sudo (the Action). The
	// command then differs from an untraced run in that alone.
	NoNewPrivs bool
}

// The tracer backends Options.Backend chooses from.
const (
	BackendAuto   = "auto"
	BackendPtrace = "ptrace"
	BackendEBPF   = "ebpf"
)

// HelperArg is the first argument with which the tracer re-executes its own
// binary as the small helper that installs the seccomp filter and then
// executes the command. Programs that call Run must call Main at the very
// start of their main function (and tests in their TestMain).
const HelperArg = "__envaudit_exec"

// ReaperArg is the first argument with which the tracer re-executes its
// own binary as the reaper that ends the command's descendants
// (Options.KillDescendants); Main acts as it too.
const ReaperArg = "__envaudit_reap"

// LoaderArg is the first argument with which the tracer starts its own
// binary, through sudo, as the root process that loads the eBPF backend's
// programs for an unprivileged envaudit and streams their events back to
// it (StartEBPFLoader); Main acts as it too.
const LoaderArg = "__envaudit_bpfload"

// EBPFLoader is a root process started through sudo that has loaded the
// eBPF backend's programs for one run (StartEBPFLoader). Pass it as
// Options.Loader; Run closes it, and so may the caller (Close is
// idempotent) when it does not run the trace after all.
type EBPFLoader struct {
	// ready is closed once src or err is set, for a loader still
	// loading (StartEBPFLoaderAsync); nil for one that has loaded.
	ready chan struct{}
	src   interface{ close() } // a bpfSource where the eBPF backend is built
	err   error                // why the programs did not load
}

// wait returns the loaded source once the loading is over, or why it
// failed.
func (l *EBPFLoader) wait() (interface{ close() }, error) {
	if l.ready != nil {
		<-l.ready
	}
	if l.err != nil {
		return nil, l.err
	}
	return l.src, nil
}

// StartEBPFLoaderAsync is StartEBPFLoader in the background: it returns at
// once. Run, given the loader, starts the command's helper while the
// programs load, then waits for them (and, for Backend auto, traces with
// ptrace when they fail to load); Close waits for the loading too.
func StartEBPFLoaderAsync() *EBPFLoader {
	l := &EBPFLoader{ready: make(chan struct{})}
	go func() {
		defer close(l.ready)
		started, err := StartEBPFLoader()
		if err != nil {
			l.err = err
			return
		}
		l.src = started.src
	}()
	return l
}

// Close ends the loader and detaches its programs, once they are loaded.
func (l *EBPFLoader) Close() {
	if l == nil {
		return
	}
	if src, err := l.wait(); err == nil && src != nil {
		src.close()
	}
}

// Interrupt is the cancellation cause a caller gives Run's context when it
// stops the run because it was asked to — it received Sig — rather than
// because time ran out:
//
//	ctx, cancel := context.WithCancelCause(parent)
//	...
//	cancel(&tracer.Interrupt{Sig: syscall.SIGINT})
//
// Run then forwards Sig to the command and marks the trace End.Interrupted
// with End.InterruptSignal set, where a deadline of the context marks it
// End.TimedOut. Like the cause signal.NotifyContext gives, it matches
// context.Canceled under errors.Is.
type Interrupt struct {
	Sig os.Signal
}

func (e *Interrupt) Error() string { return e.Sig.String() + " signal received" }

// Signal returns the signal that interrupted the caller.
func (e *Interrupt) Signal() os.Signal { return e.Sig }

// Is makes an Interrupt a context.Canceled.
func (e *Interrupt) Is(target error) bool { return target == context.Canceled }

// ErrEBPFUnavailable is matched (errors.Is) by the error of a run with
// Backend BackendEBPF where the eBPF programs cannot be loaded; the error
// says why (no privilege, no BTF, a kernel too old, lockdown).
var ErrEBPFUnavailable = errors.New("the eBPF backend cannot run here")
