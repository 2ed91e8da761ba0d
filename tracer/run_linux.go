//go:build linux && (amd64 || arm64)

package tracer

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/user"
	"path/filepath"
	"runtime"
	"sort"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"time"

	"golang.org/x/sys/unix"
)

// defaultGrace is how long descendants may outlive the root process.
const defaultGrace = 5 * time.Second

// maxTermWait caps the wait between SIGTERM and SIGKILL of the tree.
const maxTermWait = 2 * time.Second

// Run runs opts.Command under the tracer and returns its trace.
//
// opts.Backend chooses the tracer: ptrace (the default), or eBPF, whose
// programs Run loads in process as root and otherwise in a root loader
// process started through sudo -n, outside the command's tree
// (StartEBPFLoader; opts.Loader when the caller started it earlier). A
// trace in which the eBPF backend lost events, or whose loader died, has
// End.Incomplete set.
//
// The trace is returned whenever tracing worked, whatever the command did:
// its exit code or terminating signal is in End. The error is non-nil only
// when the command could not be traced (or started): ptrace or seccomp not
// permitted, another tracer in the way, a command that does not exist.
//
// When ctx is cancelled or opts.Timeout expires, Run stops the tree: it
// forwards the cancelling signal (SIGINT or SIGTERM, as found in
// context.Cause: an *Interrupt, another error with a Signal() os.Signal
// method, or the cause of a signal.NotifyContext context; SIGTERM
// otherwise) to the root process, gives the tree opts.Grace to exit, then
// sends SIGTERM to every remaining process, and SIGKILL after at most 2
// seconds more. The same escalation, without the first step, ends
// descendants that outlive the root process by more than opts.Grace
// (daemons left behind). The trace then has End.Killed listing what was
// killed, and says why the tree was stopped: End.TimedOut when
// opts.Timeout expired or ctx's deadline passed (a cause that is
// context.DeadlineExceeded); End.Interrupted for any other cancellation
// of ctx, with End.InterruptSignal naming the signal the cause names.
//
// Programs that call Run must call Main first thing in main.
func Run(ctx context.Context, opts Options) (*Trace, error) {
	defer opts.Loader.Close()
	if len(opts.Command) == 0 || opts.Command[0] == "" {
		return nil, errors.New("trace: no command given")
	}
	if opts.Privileged && os.Geteuid() != 0 {
		return nil, errors.New("trace --privileged: the tracer must run as root to install the filter with privileges (run it through sudo; the command then runs as the invoking user)")
	}
	mode, err := modeFor(opts.Privileged)
	if err != nil {
		return nil, err
	}
	dir := opts.Dir
	if dir == "" {
		if dir, err = os.Getwd(); err != nil {
			return nil, fmt.Errorf("trace: %w", err)
		}
	} else if dir, err = filepath.Abs(dir); err != nil {
		return nil, fmt.Errorf("trace: %w", err)
	}
	env := opts.Env
	if env == nil {
		env = os.Environ()
	}
	grace := opts.Grace
	if grace <= 0 {
		grace = defaultGrace
	}
	tr, notice, handled, err := runBackend(ctx, opts, dir, env, grace)
	if handled || err != nil {
		return tr, err
	}

	sio, err := newStdio(opts)
	if err != nil {
		return nil, err
	}
	defer sio.closeAll()
	errR, errW, err := os.Pipe()
	if err != nil {
		return nil, fmt.Errorf("trace: %w", err)
	}
	defer errR.Close()

	argv := append([]string{os.Args[0], HelperArg, mode}, opts.Command...)
	attr := &syscall.ProcAttr{
		Dir:   dir,
		Env:   env,
		Files: append(sio.child[:], errW.Fd()),
		Sys: &syscall.SysProcAttr{
			// Should the tracer thread die before the seize (after it,
			// PTRACE_O_EXITKILL does this), the helper must not stay
			// stopped forever.
			Pdeathsig: syscall.SIGKILL,
		},
	}

	defer quietSIGCHLD()()
	t := newTracer(nativeArch, opts)
	if pid := tracerPid(); pid != 0 {
		t.warnings = append(t.warnings, fmt.Sprintf("envaudit itself runs under a tracer (pid %d): that tracer does not see the file accesses of the command traced here", pid))
	}
	t.rec.startResolver()
	defer t.rec.stopResolver()
	start := time.Now()
	startErr := make(chan error, 1)
	loopDone := make(chan struct{})
	go func() {
		// Never unlocked: every ptrace request must come from this
		// thread, the helper's parent death signal belongs to it, and
		// when the goroutine ends the thread ends with it.
		runtime.LockOSThread()
		defer close(loopDone)
		err := t.start(argv, attr)
		errW.Close()
		sio.closeChildEnds()
		startErr <- err
		if err != nil {
			return
		}
		t.loop()
	}()
	if err := <-startErr; err != nil {
		<-loopDone
		sio.wait() // the helper is gone: the copies end at EOF
		if msg := readHelperError(errR); msg != "" {
			return nil, helperFailure(opts.Command, msg)
		}
		return nil, err
	}
	go t.lifecycle(ctx, grace, loopDone)
	<-loopDone
	if !t.rootDone {
		t.rootEnd = time.Now()
	}
	if t.reaper != nil {
		t.reaper.close()
		<-t.reaper.done
		t.reaped()
	}
	sio.wait()

	if msg := readHelperError(errR); msg != "" {
		return nil, helperFailure(opts.Command, msg)
	}
	if t.fatal != nil {
		return nil, fmt.Errorf("trace %q: %w", strings.Join(opts.Command, " "), t.fatal)
	}
	tr = t.finish(Header{Version: FormatVersion, Command: append([]string(nil), opts.Command...), Dir: dir, Start: start, Skip: t.skipDirs(), Backend: BackendPtrace})
	tr.Header.Fallback = notice
	return tr, nil
}

// modeFor returns the helper mode: privileged mode runs the command as the
// user who ran sudo.
func modeFor(privileged bool) (string, error) {
	if !privileged {
		return helperMode(false, 0, 0, nil), nil
	}
	uid, gid := 0, 0
	var err error
	if s := os.Getenv("SUDO_UID"); s != "" {
		if uid, err = strconv.Atoi(s); err != nil {
			return "", fmt.Errorf("trace --privileged: bad SUDO_UID %q: %w", s, err)
		}
	}
	if s := os.Getenv("SUDO_GID"); s != "" {
		if gid, err = strconv.Atoi(s); err != nil {
			return "", fmt.Errorf("trace --privileged: bad SUDO_GID %q: %w", s, err)
		}
	}
	groups := []int{gid}
	if u, err := user.LookupId(strconv.Itoa(uid)); err == nil {
		if ids, err := u.GroupIds(); err == nil {
			groups = groups[:0]
			for _, s := range ids {
				if g, err := strconv.Atoi(s); err == nil {
					groups = append(groups, g)
				}
			}
		}
	}
	return helperMode(true, uid, gid, groups), nil
}

// start runs on the locked tracer thread: it starts the helper, waits for
// it to stop itself, and seizes it.
func (t *tracer) start(argv []string, attr *syscall.ProcAttr) error {
	if t.opts.KillDescendants {
		return t.startReaped(argv, attr)
	}
	pid, err := syscall.ForkExec("/proc/self/exe", argv, attr)
	if err != nil {
		return fmt.Errorf("trace: start helper: %w", err)
	}
	for {
		_, e := wait4(pid, t.status, unix.WSTOPPED|unix.WALL)
		if e == unix.EINTR {
			continue
		}
		if e != 0 {
			return os.NewSyscallError("wait4", e)
		}
		ws := unix.WaitStatus(*t.status)
		if ws.Stopped() {
			break
		}
		if ws.Exited() || ws.Signaled() {
			return fmt.Errorf("trace: helper ended before tracing started (%s)", describeStatus(ws))
		}
	}
	if err := ptraceSeize(pid); err != nil {
		unix.Kill(pid, unix.SIGKILL)
		for {
			if _, e := wait4(pid, t.status, unix.WALL); e != unix.EINTR {
				break
			}
		}
		return seizeError(err)
	}
	return t.seized(pid)
}

// startReaped starts the helper below a reaper (Options.KillDescendants),
// which waits for the helper to stop itself, and seizes the helper.
func (t *tracer) startReaped(argv []string, attr *syscall.ProcAttr) error {
	r, pid, err := startReaper(argv, attr)
	if err != nil {
		return err
	}
	if err := ptraceSeize(pid); err != nil {
		// The reaper kills the helper once its control pipe is closed,
		// and exits.
		r.close()
		for {
			if _, e := wait4(r.pid, t.status, unix.WALL); e != unix.EINTR {
				break
			}
		}
		return seizeError(err)
	}
	t.reaper = r
	return t.seized(pid)
}

// seized records the seized helper as the root of the tree and resumes
// it.
func (t *tracer) seized(pid int) error {
	t.root = pid
	p := &process{tgid: pid}
	t.live[pid] = p
	t.threads[pid] = &thread{tid: pid, proc: p}
	// A file whose inode changes from now on changes during the run.
	t.rec.start = coarseNow()
	// Resume the helper; the loop sees its stop, LISTENs, sees SIGCONT.
	if err := unix.Kill(pid, unix.SIGCONT); err != nil {
		return fmt.Errorf("trace: resume helper: %w", err)
	}
	return nil
}

// seizeError explains why PTRACE_SEIZE of our own child failed.
func seizeError(err error) error {
	if errors.Is(err, unix.EPERM) {
		if pid := tracerPid(); pid != 0 {
			return fmt.Errorf("trace: cannot trace the command: envaudit itself runs under a tracer (pid %d, e.g. strace -f, a debugger or another envaudit) that also traces its children, and a process can have only one tracer; run envaudit outside that tracer: %w", pid, err)
		}
		return fmt.Errorf("trace: ptrace is not permitted here (a container without CAP_SYS_PTRACE or with a seccomp profile that blocks ptrace, or kernel.yama.ptrace_scope=3); allow ptrace, e.g. docker run --cap-add=SYS_PTRACE: %w", err)
	}
	return fmt.Errorf("trace: %w", err)
}

func readHelperError(r io.Reader) string {
	b, _ := io.ReadAll(r)
	return strings.TrimSpace(string(b))
}

// helperFailure explains an error the helper reported.
func helperFailure(cmd []string, msg string) error {
	hint := ""
	switch {
	case strings.HasPrefix(msg, "install seccomp filter"):
		hint = " (the kernel lacks seccomp-bpf, CONFIG_SECCOMP_FILTER, or a sandbox forbids installing filters: envaudit cannot trace here)"
	case strings.HasPrefix(msg, "set no_new_privs"):
		hint = " (envaudit needs prctl(PR_SET_NO_NEW_PRIVS) to install its seccomp filter without privileges)"
	case strings.HasPrefix(msg, "drop privileges"):
		hint = " (check SUDO_UID and SUDO_GID)"
	}
	return fmt.Errorf("trace %q: %s%s", strings.Join(cmd, " "), msg, hint)
}

// lifecycle ends the tree when the context is cancelled, the timeout
// expires, or descendants outlive the root by more than grace.
func (t *tracer) lifecycle(ctx context.Context, grace time.Duration, done <-chan struct{}) {
	var timeout <-chan time.Time
	if t.opts.Timeout > 0 {
		tm := time.NewTimer(t.opts.Timeout)
		defer tm.Stop()
		timeout = tm.C
	}
	select {
	case <-done:
		return
	case <-t.rootExited:
		select {
		case <-done:
			return
		case <-after(grace):
		case <-ctx.Done():
			t.stoppedBy(ctx)
		case <-timeout:
			t.timedOut.Store(true)
		}
	case <-ctx.Done():
		t.stoppedBy(ctx)
		t.signalRoot(causeSignal(ctx))
		if !wait(done, t.rootExited, after(grace)) {
			return
		}
	case <-timeout:
		t.timedOut.Store(true)
		t.signalRoot(unix.SIGTERM)
		if !wait(done, t.rootExited, after(grace)) {
			return
		}
	}
	t.signalAll(unix.SIGTERM, true)
	if !wait(done, nil, after(min(grace, maxTermWait))) {
		return
	}
	t.killing.Store(true)
	for {
		t.signalAll(unix.SIGKILL, true)
		if !wait(done, nil, after(100*time.Millisecond)) {
			return
		}
	}
}

// stoppedBy records why ctx ended the run: its deadline is a time limit
// like Options.Timeout; any other cancellation interrupts the run.
func (t *tracer) stoppedBy(ctx context.Context) {
	cause := context.Cause(ctx)
	if errors.Is(cause, context.DeadlineExceeded) {
		t.timedOut.Store(true)
		return
	}
	t.interrupted.Store(true)
	if sig, ok := signalOf(cause); ok {
		t.interruptSig.Store(unix.SignalName(sig))
	}
}

func after(d time.Duration) <-chan time.Time { return time.After(d) }

// wait waits for one of the channels; it reports false if done closed.
func wait(done <-chan struct{}, a <-chan struct{}, b <-chan time.Time) bool {
	select {
	case <-done:
		return false
	case <-a:
	case <-b:
	}
	return true
}

func (t *tracer) signalRoot(sig syscall.Signal) {
	t.mu.Lock()
	defer t.mu.Unlock()
	if _, ok := t.live[t.root]; ok {
		unix.Kill(t.root, sig)
	}
}

// causeSignal finds the signal that cancelled ctx (signalOf), SIGTERM when
// its cause names none.
func causeSignal(ctx context.Context) syscall.Signal {
	if sig, ok := signalOf(context.Cause(ctx)); ok {
		return sig
	}
	return unix.SIGTERM
}

// signalOf finds the signal a cancellation cause names: an error with a
// Signal() os.Signal method (*Interrupt), or signal.NotifyContext's cause,
// which only reads "interrupt signal received".
func signalOf(cause error) (syscall.Signal, bool) {
	var s interface{ Signal() os.Signal }
	if errors.As(cause, &s) {
		if sig, ok := s.Signal().(syscall.Signal); ok {
			return sig, true
		}
	}
	if cause != nil {
		msg := cause.Error()
		for _, sig := range []syscall.Signal{unix.SIGINT, unix.SIGTERM, unix.SIGHUP, unix.SIGQUIT} {
			if strings.HasPrefix(msg, sig.String()+" signal") {
				return sig, true
			}
		}
	}
	return 0, false
}

func describeStatus(ws unix.WaitStatus) string {
	if ws.Signaled() {
		return "killed by " + unix.SignalName(ws.Signal())
	}
	return "exit status " + strconv.Itoa(ws.ExitStatus())
}

// finish builds the trace once the tree is gone: paths are resolved here,
// off the hot path.
func (t *tracer) finish(h Header) *Trace {
	tr := &Trace{Header: h, Processes: t.rec.procs}
	tr.Accesses = t.rec.accesses(newResolver())
	end := End{
		TimedOut:    t.timedOut.Load(),
		Interrupted: t.interrupted.Load(),
		DurationMs:  t.rootEnd.Sub(h.Start).Milliseconds(),
		Processes:   len(t.rec.procs),
		Events:      t.rec.events,
		Skipped:     t.skipped,
		Survivors:   t.survived,
	}
	if sig, ok := t.interruptSig.Load().(string); ok {
		end.InterruptSignal = sig
	}
	if t.rootDone {
		ws := t.rootStatus
		if ws.Signaled() {
			end.ExitCode = 128 + int(ws.Signal())
			end.Signal = unix.SignalName(ws.Signal())
		} else {
			end.ExitCode = ws.ExitStatus()
		}
	}
	t.mu.Lock()
	for pid := range t.killed {
		end.Killed = append(end.Killed, pid)
	}
	t.mu.Unlock()
	sort.Ints(end.Killed)
	end.Warnings = append(end.Warnings, t.warnings...)
	uringEnd(&end, t.rec.procs, t.ioURing)
	end.Warnings = append(end.Warnings, t.nestedWarnings()...)
	end.Mounts = mountChanges(t.mounts)
	if n := t.rec.respelled; n > 0 {
		end.Warnings = append(end.Warnings, fmt.Sprintf("%d opens named their file by a path of more than %d bytes through \"..\" or /proc: they are recorded under the file's real path", n, maxSpelling))
	}
	if !t.opts.Privileged {
		end.Warnings = append(end.Warnings, setuidWarnings(tr.Accesses)...)
	}
	tr.End = end
	return tr
}

// ptraceOutsideWarning says that process p attached with ptrace to pid,
// which the tracer does not trace.
func ptraceOutsideWarning(p Process, pid int) string {
	return fmt.Sprintf("process %d (%s) used ptrace on process %d, which the tracer does not trace: the accesses of its tracees may be missing", p.PID, p.Exe, pid)
}

// nestedWarnings says which processes used ptrace or a seccomp supervisor
// on processes the tracer does not see, once per record and kind.
func (t *tracer) nestedWarnings() []string {
	var out []string
	seen := map[nestedUse]bool{}
	for _, u := range t.nested {
		p := t.rec.procs[u.rec-1]
		if u.ptrace {
			if k := (nestedUse{rec: u.rec, ptrace: true}); !seen[k] {
				seen[k] = true
				out = append(out, ptraceOutsideWarning(p, u.pid))
			}
			continue
		}
		if !seen[u] {
			seen[u] = true
			out = append(out, fmt.Sprintf("process %d (%s) installed a seccomp filter with a user-notification supervisor: files opened by calls the supervisor lets continue may be missing", p.PID, p.Exe))
		}
	}
	return out
}

// setuidWarnings names the set-user-ID and set-group-ID programs the
// command executed that would have changed its identity: under
// no_new_privs they ran without their privileges, which makes sudo and
// similar programs fail.
func setuidWarnings(acc []Access) []string {
	euid, egid := os.Geteuid(), os.Getegid()
	seen := map[string]bool{}
	var out []string
	for _, a := range acc {
		if a.Op != OpExec || seen[a.RealPath()] {
			continue
		}
		seen[a.RealPath()] = true
		var st unix.Stat_t
		if unix.Stat(a.RealPath(), &st) != nil || st.Mode&unix.S_IFMT != unix.S_IFREG {
			continue
		}
		var what string
		switch {
		case st.Mode&unix.S_ISUID != 0 && int(st.Uid) != euid:
			what = "set-user-ID (owner uid " + strconv.Itoa(int(st.Uid)) + ")"
		case st.Mode&unix.S_ISGID != 0 && int(st.Gid) != egid:
			what = "set-group-ID (group gid " + strconv.Itoa(int(st.Gid)) + ")"
		default:
			continue
		}
		out = append(out, fmt.Sprintf("%q is %s but ran without that privilege, because the tracer sets no_new_privs (programs such as sudo fail so); to keep setuid programs working, run as root with sudo and --privileged", a.Path, what))
	}
	return out
}

// stdio connects the command's standard streams: files are passed as they
// are (a terminal stays a terminal); other readers and writers through
// pipes copied by goroutines, as os/exec does.
type stdio struct {
	child      [3]uintptr
	childEnds  []*os.File // closed once the helper started
	parentEnds []*os.File // closed at the end
	copying    sync.WaitGroup
	closed     atomic.Bool
}

func newStdio(opts Options) (*stdio, error) {
	s := &stdio{}
	in := opts.Stdin
	if in == nil {
		in = os.Stdin
	}
	if f, ok := in.(*os.File); ok {
		s.child[0] = f.Fd()
	} else {
		r, w, err := os.Pipe()
		if err != nil {
			return nil, fmt.Errorf("trace: %w", err)
		}
		s.child[0] = r.Fd()
		s.childEnds = append(s.childEnds, r)
		s.parentEnds = append(s.parentEnds, w)
		go func() {
			io.Copy(w, in)
			w.Close()
		}()
	}
	outs := [2]io.Writer{opts.Stdout, opts.Stderr}
	if outs[0] == nil {
		outs[0] = os.Stdout
	}
	if outs[1] == nil {
		outs[1] = os.Stderr
	}
	for i, w := range outs {
		if f, ok := w.(*os.File); ok {
			s.child[1+i] = f.Fd()
			continue
		}
		if i == 1 && sameWriter(outs[0], outs[1]) {
			s.child[2] = s.child[1]
			continue
		}
		r, pw, err := os.Pipe()
		if err != nil {
			s.closeAll()
			return nil, fmt.Errorf("trace: %w", err)
		}
		s.child[1+i] = pw.Fd()
		s.childEnds = append(s.childEnds, pw)
		s.parentEnds = append(s.parentEnds, r)
		s.copying.Add(1)
		go func() {
			defer s.copying.Done()
			io.Copy(w, r)
		}()
	}
	return s, nil
}

func sameWriter(a, b io.Writer) (same bool) {
	defer func() {
		if recover() != nil {
			same = false
		}
	}()
	return a == b
}

func (s *stdio) closeChildEnds() {
	for _, f := range s.childEnds {
		f.Close()
	}
	s.childEnds = nil
}

// wait waits for the output copies: every process that could hold the
// pipes is gone, so they end at EOF.
func (s *stdio) wait() { s.copying.Wait() }

func (s *stdio) closeAll() {
	if s.closed.Swap(true) {
		return
	}
	s.closeChildEnds()
	for _, f := range s.parentEnds {
		f.Close()
	}
}
