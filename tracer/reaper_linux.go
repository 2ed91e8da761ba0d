//go:build linux && (amd64 || arm64)

package tracer

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"os"
	"os/signal"
	"runtime"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"time"

	"golang.org/x/sys/unix"
)

// The reaper is the tracer's own binary, re-executed by Run with
// Options.KillDescendants as
//
//	BINARY __envaudit_reap __envaudit_exec MODE ARGV...
//
// between the tracer and the helper. It marks itself a child subreaper
// (PR_SET_CHILD_SUBREAPER), so that every process of the command's tree
// that loses its parent — a setsid or double-fork daemon, a child of a
// CLONE_UNTRACED process the tracer never saw — is reparented to it rather
// than to init, and so stays a descendant it can find. It starts the
// helper, reports the helper's pid once the helper has stopped itself for
// the tracer, then reaps whatever is reparented to it, and exits when it
// has no child left: from then on nothing of the command's tree exists,
// because a process whose ancestors are gone would have been reparented
// to it.
//
// The tracer talks to it through two pipes. On reaperCtlFd the tracer
// writes one byte per request: reapTerm sends SIGTERM to every
// descendant, reapKill sends SIGKILL to every descendant until there is
// none; end of file (the tracer is gone) and SIGTERM (its parent-death
// signal) mean reapKill too. On reaperRepFd it answers with lines:
// "pid N" (the helper, stopped and ready to be seized), "exit W" with the
// helper's wait status once the reaper has reaped it (the eBPF backend,
// which does not trace the helper, learns it so), "killed N" for
// each process it killed, "left N" for a process still there when it gave
// up, and "error MSG" when the helper could not be started.
//
// Descendants are found by their parent pid in /proc/PID/stat, the whole
// of /proc read on each round: /proc/PID/task/TID/children needs
// CONFIG_PROC_CHILDREN, which not every kernel has.

const (
	reaperCtlFd = 4
	reaperRepFd = 5
	reapTerm    = 'T'
	reapKill    = 'K'
)

// reapWait bounds how long the reaper keeps killing: a process in
// uninterruptible sleep (a hung network file system) cannot die, and the
// step must end all the same.
const reapWait = 10 * time.Second

// reaperMain is the reaper; it never returns.
func reaperMain(args []string) {
	runtime.LockOSThread()
	rep := &reaperReport{w: os.NewFile(reaperRepFd, "reaper report")}
	unix.CloseOnExec(reaperCtlFd)
	unix.CloseOnExec(reaperRepFd)
	if err := BecomeSubreaper(); err != nil {
		rep.line("error %v", err)
		os.Exit(127)
	}
	// The command runs as the same user: without this, where ptrace is
	// not restricted to descendants (kernel.yama.ptrace_scope 0), it
	// could attach to the reaper and keep it from killing, or have it
	// report what it did not do. (The helper is a new executable, whose
	// dumpable flag its exec sets again, so the tracer may still seize
	// it.)
	if err := unix.Prctl(unix.PR_SET_DUMPABLE, 0, 0, 0, 0); err != nil {
		rep.line("error prctl(PR_SET_DUMPABLE): %v", err)
		os.Exit(127)
	}
	// Ctrl-C reaches the whole foreground process group, this process
	// too: the tracer forwards it to the command, and the reaper must
	// outlive the command to end its descendants. Handled signals reset
	// to their defaults in the helper when it executes.
	sigs := make(chan os.Signal, 4)
	signal.Notify(sigs, unix.SIGINT, unix.SIGQUIT, unix.SIGHUP, unix.SIGTERM)
	argv := append([]string{os.Args[0]}, args...)
	pid, err := syscall.ForkExec("/proc/self/exe", argv, &syscall.ProcAttr{
		Env:   os.Environ(),
		Files: []uintptr{0, 1, 2, helperErrFd},
		// The helper must not outlive the reaper stopped and unseized.
		Sys: &syscall.SysProcAttr{Pdeathsig: syscall.SIGKILL},
	})
	unix.Close(helperErrFd)
	if err != nil {
		rep.line("error start helper: %v", err)
		os.Exit(127)
	}
	var ws unix.WaitStatus
	for {
		_, err := unix.Wait4(pid, &ws, unix.WSTOPPED, nil)
		if err == unix.EINTR {
			continue
		}
		if err != nil {
			rep.line("error wait4: %v", err)
			os.Exit(127)
		}
		break
	}
	if !ws.Stopped() {
		// The helper failed before stopping (it wrote why on its error
		// pipe): there is nothing to seize.
		rep.line("error helper ended before tracing started (%s)", describeStatus(ws))
		os.Exit(127)
	}
	rep.line("pid %d", pid)

	var once sync.Once
	kill := func() { once.Do(func() { go rep.killAll() }) }
	go func() {
		ctl := bufio.NewReader(os.NewFile(reaperCtlFd, "reaper control"))
		for {
			b, err := ctl.ReadByte()
			if err != nil {
				kill()
				return
			}
			switch b {
			case reapTerm:
				rep.signalAll(unix.SIGTERM)
			case reapKill:
				kill()
			}
		}
	}()
	go func() {
		for s := range sigs {
			if s == unix.SIGTERM {
				kill()
			}
		}
	}()
	helperPid = pid
	for {
		got, err := unix.Wait4(-1, &ws, unix.WALL, nil)
		if err == unix.EINTR {
			continue
		}
		if err != nil {
			break // ECHILD: no child, so no descendant, is left
		}
		rep.reaped(got, ws)
	}
	os.Exit(0)
}

// helperPid is the reaper's helper, whose status it reports.
var helperPid int

// reaped reports the helper's status when pid is the helper.
func (r *reaperReport) reaped(pid int, ws unix.WaitStatus) {
	if pid == helperPid && (ws.Exited() || ws.Signaled()) {
		r.line("exit %d", int(ws))
	}
}

// reaperReport writes the reaper's report lines; the goroutines that kill
// and the one that started the helper share it.
type reaperReport struct {
	mu sync.Mutex
	w  io.Writer
}

func (r *reaperReport) line(format string, args ...any) {
	r.mu.Lock()
	defer r.mu.Unlock()
	fmt.Fprintf(r.w, format+"\n", args...)
}

// signalAll sends sig to every descendant of the reaper once, reporting
// each as killed: like the tracer's SIGTERM, it ends what is left.
func (r *reaperReport) signalAll(sig unix.Signal) {
	for _, pid := range descendants(os.Getpid()) {
		if unix.Kill(pid, sig) == nil {
			r.line("killed %d", pid)
		}
	}
}

// killAll kills every descendant of the reaper, again and again until
// none is left (a process may fork while it is being killed), then exits
// the reaper: its wait loop may still be blocked on a child killed last.
func (r *reaperReport) killAll() {
	deadline := time.Now().Add(reapWait)
	killed := map[int]bool{}
	for {
		ds := descendants(os.Getpid())
		if len(ds) == 0 {
			os.Exit(0)
		}
		if time.Now().After(deadline) {
			for _, pid := range ds {
				r.line("left %d", pid)
			}
			os.Exit(1)
		}
		for _, pid := range ds {
			if unix.Kill(pid, unix.SIGKILL) == nil && !killed[pid] {
				killed[pid] = true
				r.line("killed %d", pid)
			}
		}
		// Reap what died, so that a zombie is not taken for a process
		// still there on the next round.
		for {
			var ws unix.WaitStatus
			pid, err := unix.Wait4(-1, &ws, unix.WALL|unix.WNOHANG, nil)
			if pid <= 0 || err != nil {
				break
			}
			r.reaped(pid, ws)
		}
		time.Sleep(5 * time.Millisecond)
	}
}

// descendants returns the pids of every live process below root, from the
// parent pids in /proc/PID/stat. Zombies are left out: they are dead
// already, and only their parent can remove them.
func descendants(root int) []int {
	d, err := os.Open("/proc")
	if err != nil {
		return nil
	}
	names, _ := d.Readdirnames(-1)
	d.Close()
	children := map[int][]int{}
	for _, n := range names {
		pid, err := strconv.Atoi(n)
		if err != nil {
			continue
		}
		ppid, state, ok := statParent(pid)
		if ok && state != 'Z' && state != 'X' {
			children[ppid] = append(children[ppid], pid)
		}
	}
	var out []int
	queue := []int{root}
	seen := map[int]bool{root: true}
	for len(queue) > 0 {
		p := queue[0]
		queue = queue[1:]
		for _, c := range children[p] {
			if !seen[c] {
				seen[c] = true
				out = append(out, c)
				queue = append(queue, c)
			}
		}
	}
	return out
}

// statParent reads the state and parent pid of pid from /proc/PID/stat:
// "PID (COMM) STATE PPID ...", where COMM may hold spaces and parentheses,
// so the fields after it are found from its last ')'.
func statParent(pid int) (ppid int, state byte, ok bool) {
	b, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/stat")
	if err != nil {
		return 0, 0, false
	}
	return parseStat(string(b))
}

// parseStat parses the state and parent pid out of a /proc/PID/stat line.
// The process names itself (prctl(PR_SET_NAME)), so COMM may hold
// anything up to 15 bytes, ") Z 1 (" included.
func parseStat(s string) (ppid int, state byte, ok bool) {
	i := strings.LastIndexByte(s, ')')
	if i < 0 {
		return 0, 0, false
	}
	f := strings.Fields(s[i+1:])
	if len(f) < 2 || len(f[0]) != 1 {
		return 0, 0, false
	}
	ppid, err := strconv.Atoi(f[1])
	return ppid, f[0][0], err == nil
}

// reaper is the tracer's side of a reaper it started.
type reaper struct {
	pid    int
	ctl    *os.File // write end of the control pipe
	rep    *bufio.Reader
	repR   *os.File
	done   chan struct{} // closed once the report is read to its end
	killed []int
	left   []int
	// helperStatus is the helper's wait status, valid once helperDone
	// is closed ("exit" in the report).
	helperStatus unix.WaitStatus
	helperDone   chan struct{}
	// status is the reaper's exit status, set by the tracer goroutine
	// when it reaps it; exited says so to the lifecycle goroutine, which
	// must not signal a pid that may have been reused.
	status unix.WaitStatus
	exited atomic.Bool
}

// startReaper starts the reaper, which starts the helper with argv and
// attr, and returns once the helper has stopped itself, with its pid.
func startReaper(argv []string, attr *syscall.ProcAttr) (*reaper, int, error) {
	ctlR, ctlW, err := os.Pipe()
	if err != nil {
		return nil, 0, fmt.Errorf("trace: %w", err)
	}
	repR, repW, err := os.Pipe()
	if err != nil {
		ctlR.Close()
		ctlW.Close()
		return nil, 0, fmt.Errorf("trace: %w", err)
	}
	a := *attr
	a.Files = append(append([]uintptr(nil), attr.Files...), ctlR.Fd(), repW.Fd())
	sys := *attr.Sys
	// A dying tracer (envaudit killed) tells the reaper to end the tree:
	// the kernel kills the tracees (PTRACE_O_EXITKILL), and the reaper
	// what escaped the tracer.
	sys.Pdeathsig = syscall.SIGTERM
	a.Sys = &sys
	rargv := append([]string{argv[0], ReaperArg}, argv[1:]...)
	pid, err := syscall.ForkExec("/proc/self/exe", rargv, &a)
	ctlR.Close()
	repW.Close()
	if err != nil {
		ctlW.Close()
		repR.Close()
		return nil, 0, fmt.Errorf("trace: start reaper: %w", err)
	}
	r := &reaper{pid: pid, ctl: ctlW, repR: repR, rep: bufio.NewReader(repR), done: make(chan struct{}), helperDone: make(chan struct{})}
	line, err := r.rep.ReadString('\n')
	line = strings.TrimSpace(line)
	if v, ok := strings.CutPrefix(line, "pid "); ok {
		if hpid, err := strconv.Atoi(v); err == nil {
			go r.read()
			return r, hpid, nil
		}
	}
	r.close()
	var ws unix.WaitStatus
	for {
		if _, e := unix.Wait4(pid, &ws, unix.WALL, nil); e != unix.EINTR {
			break
		}
	}
	msg := strings.TrimPrefix(line, "error ")
	if msg == "" && err != nil {
		msg = err.Error()
	}
	return nil, 0, errors.New("trace: " + msg)
}

// read collects the reaper's report until it ends.
func (r *reaper) read() {
	defer close(r.done)
	for {
		line, err := r.rep.ReadString('\n')
		if f := strings.Fields(line); len(f) == 2 {
			if pid, perr := strconv.Atoi(f[1]); perr == nil {
				switch f[0] {
				case "killed":
					r.killed = append(r.killed, pid)
				case "left":
					r.left = append(r.left, pid)
				case "exit":
					select {
					case <-r.helperDone:
					default:
						r.helperStatus = unix.WaitStatus(pid)
						close(r.helperDone)
					}
				}
			}
		}
		if err != nil {
			return
		}
	}
}

// request asks the reaper to signal the tree (reapTerm, reapKill); a
// reaper that is gone has nothing left to signal. The command may have
// stopped the reaper (SIGSTOP, same user): SIGCONT resumes it first.
func (r *reaper) request(b byte) {
	if r.exited.Load() {
		return
	}
	unix.Kill(r.pid, unix.SIGCONT)
	r.ctl.Write([]byte{b})
}

// reaped takes the reaper's report into the trace: what it killed, and
// whether it could make sure nothing is left.
func (t *tracer) reaped() {
	r := t.reaper
	t.mu.Lock()
	for _, pid := range r.killed {
		t.killed[pid] = true
	}
	t.mu.Unlock()
	switch {
	case !r.exited.Load():
		t.survivors("the reaper did not exit")
	case r.status.Signaled():
		t.survivors(fmt.Sprintf("the reaper (pid %d) was killed by %s, likely by the command itself", r.pid, unix.SignalName(r.status.Signal())))
	case len(r.left) > 0:
		t.survivors(fmt.Sprintf("processes %v would not die within %v", r.left, reapWait))
	case r.status.ExitStatus() != 0:
		t.survivors(fmt.Sprintf("the reaper (pid %d) failed (%s)", r.pid, describeStatus(r.status)))
	}
}

func (t *tracer) survivors(why string) {
	t.survived = true
	t.warnings = append(t.warnings, "processes the command started may have outlived it: "+why)
}

// close ends the reaper's pipes; without its control pipe the reaper kills
// whatever is left and exits.
func (r *reaper) close() {
	r.ctl.Close()
	r.repR.Close()
}

// BecomeSubreaper makes the calling process a child subreaper
// (PR_SET_CHILD_SUBREAPER): a process that a program it runs leaves
// behind is reparented to it, not to init, so that EndDescendants can end
// it.
func BecomeSubreaper() error {
	if err := unix.Prctl(unix.PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0); err != nil {
		return os.NewSyscallError("prctl(PR_SET_CHILD_SUBREAPER)", err)
	}
	return nil
}

// EndDescendants kills every live descendant of the calling process,
// again until none is left or wait has passed, reaps those that are its
// children, and returns the pids it killed. A front end that made itself a
// child subreaper (PR_SET_CHILD_SUBREAPER) calls it once every program it
// ran has finished: a daemon one of them left (a build tool's, started
// from the project's configuration) was reparented to it, and would
// otherwise outlive it. No program of the caller's may be running: it
// would be killed too. The error names the processes that would not die.
func EndDescendants(wait time.Duration) ([]int, error) {
	deadline := time.Now().Add(wait)
	self := os.Getpid()
	var killed []int
	seen := map[int]bool{}
	for {
		ds := descendants(self)
		if len(ds) == 0 {
			// Orphans that had exited on their own were reparented
			// here too, and wait as zombies.
			for {
				var ws unix.WaitStatus
				if pid, err := unix.Wait4(-1, &ws, unix.WNOHANG|unix.WALL, nil); pid <= 0 || err != nil {
					return killed, nil
				}
			}
		}
		if time.Now().After(deadline) {
			return killed, fmt.Errorf("processes %v would not die within %v", ds, wait)
		}
		for _, pid := range ds {
			if unix.Kill(pid, unix.SIGKILL) == nil && !seen[pid] {
				seen[pid] = true
				killed = append(killed, pid)
			}
		}
		for pid := range seen {
			var ws unix.WaitStatus
			unix.Wait4(pid, &ws, unix.WNOHANG|unix.WALL, nil)
		}
		time.Sleep(5 * time.Millisecond)
	}
}
