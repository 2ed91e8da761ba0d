//go:build linux && (amd64 || arm64)

package tracer

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"sort"
	"strconv"
	"sync"
	"sync/atomic"
	"syscall"
	"time"

	"golang.org/x/sys/unix"
)

// thread is the tracer's state of one traced thread (task).
type thread struct {
	tid  int
	proc *process
	// sys is the syscall between its seccomp stop and its exit stop, with
	// the ABI it was made in, its open flags and its directory fd.
	sys   sysKind
	abi   *abi
	flags uint64
	dirfd int32
	// path is the path argument of sys, or of the pending exec.
	path []byte
	// execPending: the thread entered execve; the exec succeeded if
	// PTRACE_EVENT_EXEC follows, and failed if the thread stops for any
	// other reason first. This saves the exit stop of every execve.
	execPending bool
	// nsClone: the thread entered a clone with CLONE_NEWNS, which made a
	// process in a new mount namespace if its fork or clone event
	// follows.
	nsClone bool
}

// process is one thread group.
type process struct {
	tgid int
	// rec is the ID of the process's current record, 0 for the helper
	// before it executes the command.
	rec int
}

// tracer is the state of one Run. Everything except the fields under mu and
// the atomics belongs to the tracer goroutine.
type tracer struct {
	arch *arch
	opts Options
	rec  *recorder

	root    int // pid of the helper, then of the command
	threads map[int]*thread
	// held are new tasks whose first stop came before their parent's
	// fork or clone event, with that stop's status; early are tasks that
	// were adopted from /proc, or died, before their parent's event
	// (until that event).
	held      map[int]unix.WaitStatus
	early     map[int]bool
	idlePolls int
	stops     uint64    // stops handled
	yielded   time.Time // last runtime.Gosched

	// mu guards live, which the lifecycle goroutine reads to signal the
	// tree (only the tracer goroutine writes it), and killed.
	mu     sync.Mutex
	live   map[int]*process
	killed map[int]bool

	info    *syscallInfo
	msg     *uint64
	status  *uint32
	mem     memReader
	link    []byte // readlink buffer
	cmdline []byte // /proc/PID/cmdline buffer
	join    []byte // scratch for a resolved relative path

	// killing is set when the tree is being killed: a process that is born
	// after that is killed at once.
	killing atomic.Bool
	// rootExited is closed when the root process has exited.
	rootExited chan struct{}
	rootStatus unix.WaitStatus
	rootDone   bool
	rootEnd    time.Time
	// timedOut is set when the timeout or the context's deadline stopped
	// the run; interrupted when the context was cancelled otherwise, with
	// the signal its cause names, if any, in interruptSig.
	timedOut     atomic.Bool
	interrupted  atomic.Bool
	interruptSig atomic.Value // string

	// Caches of what exec events need from the file system, per path.
	shebangs   map[string][]string
	elfInterps map[string]string

	// skip holds Options.Skip as byte prefixes ending in "/", skipRoots
	// what they were when the run started, and fsRoot the tracer's own
	// root then (skipsOpen); skipped counts the opens of their own files.
	// cpath is scratch for a NUL-terminated path.
	skip      [][]byte
	skipRoots []skipRoot
	fsRoot    unix.Statx_t
	skipped   int64
	cpath     []byte

	// reaper is the process between the tracer and the helper that ends
	// what escaped the tracer (Options.KillDescendants); nil without.
	reaper   *reaper
	survived bool // End.Survivors

	ioURing map[int]uringUse // what process records did with io_uring
	// mounts counts the successful calls that changed mounts or the mount
	// namespace, per process record and call (End.Mounts).
	mounts map[mountKey]int
	// nested are the successful uses of ptrace and of seccomp user
	// notification that could hide accesses.
	nested   []nestedUse
	warnings []string
	fatal    error
}

// nestedUse is a process that became a tracer, or a seccomp supervisor, of
// processes envaudit may not see.
type nestedUse struct {
	rec    int
	ptrace bool // PTRACE_ATTACH or PTRACE_SEIZE of pid; otherwise a user-notification filter
	pid    int
}

// peekOnly makes new tracers read tracee memory with PTRACE_PEEKDATA only,
// as they do where process_vm_readv is not permitted (tests set it).
var peekOnly bool

func newTracer(ar *arch, opts Options) *tracer {
	var skip [][]byte
	for _, d := range opts.Skip {
		if d = filepath.Clean(d); filepath.IsAbs(d) && d != "/" {
			skip = append(skip, []byte(d+"/"))
		}
	}
	roots, fsRoot := skipRoots(skip)
	rec := newRecorder()
	rec.mounts = ownMounts()
	return &tracer{
		skip:       skip,
		skipRoots:  roots,
		fsRoot:     fsRoot,
		cpath:      make([]byte, 0, 4096),
		mem:        memReader{noVM: peekOnly},
		arch:       ar,
		opts:       opts,
		rec:        rec,
		threads:    make(map[int]*thread),
		held:       make(map[int]unix.WaitStatus),
		early:      make(map[int]bool),
		live:       make(map[int]*process),
		killed:     make(map[int]bool),
		info:       new(syscallInfo),
		msg:        new(uint64),
		status:     new(uint32),
		link:       make([]byte, 4096),
		join:       make([]byte, 0, 4096),
		rootExited: make(chan struct{}),
		shebangs:   make(map[string][]string),
		elfInterps: make(map[string]string),
		ioURing:    make(map[int]uringUse),
		mounts:     make(map[mountKey]int),
	}
}

// mountKey is a call that changed mounts or the mount namespace, by a
// process record.
type mountKey struct {
	rec  int
	call string
}

// mountChanges returns the calls counted in m as End.Mounts lists them.
func mountChanges(m map[mountKey]int) []MountChange {
	var out []MountChange
	for k, n := range m {
		c := MountChange{Proc: k.rec, Call: k.call}
		if n > 1 {
			c.Count = n
		}
		out = append(out, c)
	}
	sort.Slice(out, func(i, j int) bool {
		if out[i].Proc != out[j].Proc {
			return out[i].Proc < out[j].Proc
		}
		return out[i].Call < out[j].Call
	})
	return out
}

// loop runs until the traced tree is gone: wait4 reports ECHILD when the
// calling thread has neither tracees nor children left. __WALL waits for
// threads too (they are not SIGCHLD children); __WNOTHREAD restricts the
// wait to this thread's own children and tracees, so it never reaps a child
// another goroutine started with os/exec.
func (t *tracer) loop() {
	for {
		opts := unix.WALL | unix.WNOTHREAD
		if len(t.held) > 0 {
			opts |= unix.WNOHANG
		}
		tid, e := wait4(-1, t.status, opts)
		if e != 0 {
			if e == unix.EINTR {
				continue
			}
			if e != unix.ECHILD {
				t.fail(os.NewSyscallError("wait4", e))
			}
			return
		}
		if tid == 0 {
			// Nothing else pending and some new task is still waiting
			// for its parent's event.
			if t.idlePolls < heldPolls {
				t.idlePolls++
				unix.Syscall(unix.SYS_SCHED_YIELD, 0, 0, 0)
				continue
			}
			t.adoptHeld()
			continue
		}
		t.idlePolls = 0
		t.handle(tid, unix.WaitStatus(*t.status))
		if t.stops++; t.stops%yieldEvery == 0 {
			if now := time.Now(); now.Sub(t.yielded) > yieldAfter {
				t.yielded = now
				runtime.Gosched()
			}
		}
	}
}

// The tracer goroutine spends its life in short system calls and never
// reschedules. The Go scheduler takes that for a goroutine that hogs its P:
// 10ms after its last reschedule, sysmon retakes the P on every 20µs tick
// while the thread is in a syscall, and each wait4 then returns to a lost P.
// Yielding every few milliseconds resets that clock, for far less
// than the retakes cost.
const (
	yieldEvery = 8
	yieldAfter = 5 * time.Millisecond
)

// heldPolls is how many times the tracer yields, with tasks held, before it
// stops waiting for their parents' events and reads /proc instead.
const heldPolls = 2

// fail records the first fatal tracing error and kills the tree: a trace
// that misses events must not look complete.
func (t *tracer) fail(err error) {
	if t.fatal == nil {
		t.fatal = err
	}
	t.killing.Store(true)
	t.signalAll(unix.SIGKILL, false)
}

func (t *tracer) handle(tid int, ws unix.WaitStatus) {
	th := t.threads[tid]
	if th == nil && t.reaper != nil && tid == t.reaper.pid {
		// The reaper is the tracer thread's child, not a tracee: only
		// its exit is reported.
		if ws.Exited() || ws.Signaled() {
			t.reaper.status = ws
			t.reaper.exited.Store(true)
		}
		return
	}
	if ws.Exited() || ws.Signaled() {
		t.gone(tid, th, ws)
		return
	}
	if !ws.Stopped() {
		return
	}
	// Decode the stop ourselves: WaitStatus.TrapCause hides
	// PTRACE_EVENT_STOP, and StopSignal would merge syscall stops with
	// real SIGTRAPs.
	sig := int(ws>>8) & 0xff
	event := int(ws >> 16)
	if th == nil {
		// A new task whose parent's fork or clone event is not seen yet
		// (wait4 reports the newest tracees first): hold it stopped
		// until that event says what it is.
		t.held[tid] = ws
		return
	}
	if event != unix.PTRACE_EVENT_EXEC {
		th.execPending = false
	}
	switch {
	case sig == syscallStopSig:
		t.syscallExit(th)
	case event == ptraceEventSeccomp:
		t.seccompStop(th)
	case event == unix.PTRACE_EVENT_FORK || event == unix.PTRACE_EVENT_VFORK || event == unix.PTRACE_EVENT_CLONE:
		t.newChild(th, event)
		t.resume(tid, unix.PTRACE_CONT, 0)
	case event == unix.PTRACE_EVENT_EXEC:
		t.exec(th)
	case event == ptraceEventStop:
		switch syscall.Signal(sig) {
		case unix.SIGSTOP, unix.SIGTSTP, unix.SIGTTIN, unix.SIGTTOU:
			// A group-stop: LISTEN keeps the tracee stopped (kill -STOP
			// works as without a tracer) while letting the kernel tell us
			// when SIGCONT resumes it.
			t.resume(tid, unix.PTRACE_LISTEN, 0)
		default:
			// The first stop of a new task (auto-attached tasks start
			// with one), or the re-trap after SIGCONT.
			t.resume(tid, unix.PTRACE_CONT, 0)
		}
	case event != 0:
		t.resume(tid, unix.PTRACE_CONT, 0)
	default:
		// A signal-delivery stop: deliver the signal as if untraced.
		t.resume(tid, unix.PTRACE_CONT, sig)
	}
}

// resume restarts a stopped tracee. ESRCH means it died meanwhile (SIGKILL
// from elsewhere): its exit status is still to be reaped.
func (t *tracer) resume(tid, req, sig int) {
	if e := ptrace(req, tid, 0, uintptr(sig)); e != 0 && e != unix.ESRCH {
		t.fail(ptraceErr(ptraceName(req), tid, e))
	}
}

func ptraceName(req int) string {
	switch req {
	case unix.PTRACE_CONT:
		return "PTRACE_CONT"
	case unix.PTRACE_SYSCALL:
		return "PTRACE_SYSCALL"
	case unix.PTRACE_LISTEN:
		return "PTRACE_LISTEN"
	}
	return "request " + strconv.Itoa(req)
}

// gone handles the exit of a thread. A thread group leader is reported
// only after all its other threads, so its exit is the process's.
func (t *tracer) gone(tid int, th *thread, ws unix.WaitStatus) {
	if th == nil {
		if _, ok := t.held[tid]; ok {
			// Killed before its parent's event.
			delete(t.held, tid)
			t.early[tid] = true
		}
		return
	}
	delete(t.threads, tid)
	p := th.proc
	if tid != p.tgid {
		return
	}
	t.mu.Lock()
	delete(t.live, p.tgid)
	t.mu.Unlock()
	if p.tgid == t.root && !t.rootDone {
		t.rootDone = true
		t.rootStatus = ws
		t.rootEnd = time.Now()
		close(t.rootExited)
	}
}

// adoptHeld gives up waiting for the parents' events of the held tasks:
// their parent and thread group come from /proc instead. (A parent killed
// in the middle of fork never reports the event.)
func (t *tracer) adoptHeld() {
	t.idlePolls = 0
	for tid, ws := range t.held {
		delete(t.held, tid)
		if t.adopt(tid) != nil {
			t.handle(tid, ws)
		} else {
			t.resume(tid, unix.PTRACE_CONT, 0)
		}
	}
}

// adopt creates the state of a task from /proc. The parent's event, if it
// comes later, finds the task in t.early.
func (t *tracer) adopt(tid int) *thread {
	tgid, ppid, err := procIDs(tid)
	if err != nil {
		return nil
	}
	th := &thread{tid: tid}
	if tgid != tid {
		p := t.live[tgid]
		if p == nil {
			p = t.newProcess(tgid, t.live[ppid])
		}
		th.proc = p
	} else {
		th.proc = t.newProcess(tid, t.live[ppid])
	}
	t.threads[tid] = th
	t.early[tid] = true
	return th
}

// newChild handles a fork, vfork or clone event of th.
func (t *tracer) newChild(th *thread, event int) {
	if e := getEventMsg(th.tid, t.msg); e != 0 {
		if e != unix.ESRCH {
			t.fail(ptraceErr("PTRACE_GETEVENTMSG", th.tid, e))
		}
		return
	}
	child := int(*t.msg)
	if th.nsClone {
		th.nsClone = false
		if th.proc.rec != 0 {
			t.mounts[mountKey{th.proc.rec, "clone"}]++
		}
	}
	if t.early[child] {
		// Adopted from /proc, or dead, before this event.
		delete(t.early, child)
		if c := t.threads[child]; c != nil && c.proc.tgid == child && c.proc != th.proc && c.proc.rec != 0 && th.proc.rec != 0 {
			// Re-link a process adopted under the wrong parent
			// (CLONE_PARENT, reparenting) to its real creator.
			if r := &t.rec.procs[c.proc.rec-1]; !r.Exec {
				r.Parent = th.proc.rec
			}
		}
		return
	}
	if t.threads[child] != nil {
		return
	}
	c := &thread{tid: child}
	// A clone event is a thread when the new task shares th's thread
	// group; tgkill with signal 0 checks exactly that, without /proc.
	if event == unix.PTRACE_EVENT_CLONE && unix.Tgkill(th.proc.tgid, child, 0) == nil {
		c.proc = th.proc
	} else {
		c.proc = t.newProcess(child, th.proc)
	}
	t.threads[child] = c
	if ws, ok := t.held[child]; ok {
		delete(t.held, child)
		t.handle(child, ws)
	}
}

// newProcess registers a process forked from parent (nil if unknown). Its
// record inherits the parent's program: until it execs, it runs it.
func (t *tracer) newProcess(tgid int, parent *process) *process {
	p := &process{tgid: tgid}
	if parent != nil && parent.rec != 0 {
		pr := t.rec.procs[parent.rec-1]
		p.rec = t.rec.addProcess(Process{PID: tgid, Parent: parent.rec, Exe: pr.Exe, Argv: pr.Argv, Cwd: pr.Cwd})
	}
	t.mu.Lock()
	t.live[tgid] = p
	t.mu.Unlock()
	if t.killing.Load() {
		unix.Kill(tgid, unix.SIGKILL)
	}
	return p
}

// seccompStop handles a syscall the filter sent to the tracer, at its entry.
// The path is read now, before another thread of the tracee could rewrite
// the buffer; whether the call succeeded is known only at its exit stop.
func (t *tracer) seccompStop(th *thread) {
	info := t.info
	if e := getSyscallInfo(th.tid, info); e != 0 {
		if e != unix.ESRCH {
			t.fail(fmt.Errorf("%w (PTRACE_GET_SYSCALL_INFO needs Linux 5.3 or later)", ptraceErr("PTRACE_GET_SYSCALL_INFO", th.tid, e)))
		}
		return
	}
	if info.op != unix.PTRACE_SYSCALL_INFO_SECCOMP {
		t.resume(th.tid, unix.PTRACE_CONT, 0)
		return
	}
	x, kind := t.arch.native, sysKind(info.retData&seccompRetData)
	if kind == sysNone || kind >= numSysKinds {
		x, kind = t.arch.decode(info.arch, info.nr)
	}
	args := &info.args
	th.nsClone = false
	switch kind {
	case sysOpen, sysOpenat, sysOpenat2, sysCreat:
		var flags uint64
		switch kind {
		case sysOpen:
			flags = args[1]
		case sysOpenat:
			flags = args[2]
		case sysCreat:
			flags = oCreat | oWronly | oTrunc
		case sysOpenat2:
			f, err := t.mem.readUint64(th.tid, args[2])
			if err != nil {
				t.resume(th.tid, unix.PTRACE_CONT, 0)
				return
			}
			flags = f
		}
		if _, ok := x.openOp(flags); !ok {
			t.resume(th.tid, unix.PTRACE_CONT, 0)
			return
		}
		pi, di := kind.pathArg()
		path, err := t.mem.readString(th.tid, args[pi], th.path)
		th.path = path
		if err != nil || len(path) == 0 {
			// The kernel will fail the call too (EFAULT, ENOENT).
			t.resume(th.tid, unix.PTRACE_CONT, 0)
			return
		}
		if t.skipsOpen(th, kind, args, path) {
			// No exit stop: a skipped directory's own file is counted,
			// not recorded, so the call's result does not matter.
			t.skipped++
			t.resume(th.tid, unix.PTRACE_CONT, 0)
			return
		}
		th.dirfd = atFDCWD
		if di >= 0 {
			th.dirfd = int32(args[di])
		}
		th.sys, th.abi, th.flags = kind, x, flags
		t.resume(th.tid, unix.PTRACE_SYSCALL, 0)
	case sysOpenByHandle:
		th.sys, th.abi, th.flags = kind, x, args[2]
		t.resume(th.tid, unix.PTRACE_SYSCALL, 0)
	case sysIOUringSetup:
		// Refused: the files io_uring opens would be unseen.
		if err := refuseSyscall(th.tid, x, unix.EPERM); err != nil {
			if !errors.Is(err, unix.ESRCH) {
				t.fail(fmt.Errorf("refuse io_uring_setup of pid %d: %w", th.tid, err))
			}
			return
		}
		if rec := th.proc.rec; rec != 0 {
			t.ioURing[rec] |= uringRefused
		}
		t.resume(th.tid, unix.PTRACE_CONT, 0)
	case sysClone:
		// The native filter stops only with CLONE_UNTRACED or
		// CLONE_NEWNS; a compat ABI stops on every clone.
		th.nsClone = args[0]&cloneNewNS != 0
		if args[0]&cloneUntraced != 0 {
			if err := clearCloneUntraced(th.tid, x); err != nil {
				if !errors.Is(err, unix.ESRCH) {
					t.fail(fmt.Errorf("clear CLONE_UNTRACED of pid %d: %w", th.tid, err))
				}
				return
			}
		}
		t.resume(th.tid, unix.PTRACE_CONT, 0)
	case sysPtrace:
		if req := args[0]; req == ptraceAttach || req == ptraceSeizeReq {
			th.sys, th.abi, th.flags = kind, x, args[1]
			t.resume(th.tid, unix.PTRACE_SYSCALL, 0)
			return
		}
		t.resume(th.tid, unix.PTRACE_CONT, 0)
	case sysSeccomp:
		if args[0] == seccompSetModeFilter && args[1]&seccompFilterNewListener != 0 {
			th.sys, th.abi = kind, x
			t.resume(th.tid, unix.PTRACE_SYSCALL, 0)
			return
		}
		t.resume(th.tid, unix.PTRACE_CONT, 0)
	case sysExecve, sysExecveat:
		t.execEntry(th, kind, args)
		t.resume(th.tid, unix.PTRACE_CONT, 0)
	case sysRecvmsg, sysRecvmmsg, sysRecvmmsgTime64, sysSocketcall:
		// What was received is read at the exit: the message (or
		// vector of them, or socketcall's arguments) is args[1].
		th.sys, th.abi, th.flags, th.dirfd = kind, x, args[1], int32(args[0])
		t.resume(th.tid, unix.PTRACE_SYSCALL, 0)
	case sysPidfdGetfd:
		th.sys, th.abi = kind, x
		t.resume(th.tid, unix.PTRACE_SYSCALL, 0)
	case sysMount, sysUmount2, sysUmount, sysPivotRoot, sysMoveMount, sysOpenTree, sysFsmount, sysMountSetattr, sysUnshare, sysSetns:
		// A compat ABI stops on every call: only those the native filter
		// would stop on are recorded.
		if (kind == sysUnshare && args[0]&cloneNewNS == 0) || (kind == sysOpenTree && args[2]&openTreeClone == 0) ||
			(kind == sysSetns && args[1] != 0 && args[1]&cloneNewNS == 0) {
			t.resume(th.tid, unix.PTRACE_CONT, 0)
			return
		}
		th.sys, th.abi = kind, x
		t.resume(th.tid, unix.PTRACE_SYSCALL, 0)
	default:
		t.resume(th.tid, unix.PTRACE_CONT, 0)
	}
}

// skips reports whether an opened path lies below a skipped directory. Only
// absolute paths without ".." segments qualify: anything else could leave
// the directory, and is resolved and recorded as usual.
func (t *tracer) skips(path []byte) bool {
	if len(t.skip) == 0 || path[0] != '/' || bytes.Contains(path, dotdot) {
		return false
	}
	for _, d := range t.skip {
		if bytes.HasPrefix(path, d) {
			return true
		}
	}
	return false
}

var dotdot = []byte("/..")

// skipDirs returns the skipped directories, as the trace header lists them.
func (t *tracer) skipDirs() []string {
	var out []string
	for _, d := range t.skip {
		out = append(out, string(d[:len(d)-1]))
	}
	return out
}

// execEntry remembers the path of an execve. It is made absolute now:
// after the exec, the directory fd may be closed (O_CLOEXEC).
func (t *tracer) execEntry(th *thread, kind sysKind, args *[6]uint64) {
	pi, di := kind.pathArg()
	path, err := t.mem.readString(th.tid, args[pi], th.path)
	th.path = path
	if err != nil {
		return
	}
	dirfd := int32(atFDCWD)
	if di >= 0 {
		dirfd = int32(args[di])
	}
	if kind == sysExecveat && len(path) == 0 && args[4]&atEmptyPath != 0 {
		// fexecve: the file is the descriptor itself.
		l, err := readlinkProc(th.tid, "fd/"+strconv.Itoa(int(dirfd)), t.link)
		if err != nil {
			return
		}
		th.path = append(th.path[:0], l...)
	} else if len(path) == 0 {
		return
	} else if path[0] != '/' {
		abs, ok := t.absolute(th.tid, path, dirfd)
		if !ok {
			return
		}
		th.path = append(th.path[:0], abs...)
	}
	th.execPending = true
}

// absolute resolves a relative path against the cwd or the directory fd of
// tid, through /proc (the only place where a relative open costs a syscall).
func (t *tracer) absolute(tid int, rel []byte, dirfd int32) ([]byte, bool) {
	var base []byte
	var err error
	if dirfd == atFDCWD {
		base, err = readlinkProc(tid, "cwd", t.link)
	} else {
		base, err = readlinkProc(tid, "fd/"+strconv.Itoa(int(dirfd)), t.link)
	}
	if err != nil || len(base) == 0 || base[0] != '/' {
		return nil, false
	}
	j := append(t.join[:0], base...)
	if j[len(j)-1] != '/' {
		j = append(j, '/')
	}
	j = append(j, rel...)
	t.join = j
	return j, true
}

// syscallExit handles the exit stop of a syscall entered at a seccomp stop.
// A failed call (negative return, including the -ERESTART* codes of a call a
// signal interrupted, which the kernel will restart and stop at again) is
// not an access.
func (t *tracer) syscallExit(th *thread) {
	kind := th.sys
	th.sys = sysNone
	if kind == sysNone {
		t.resume(th.tid, unix.PTRACE_CONT, 0)
		return
	}
	info := t.info
	if e := getSyscallInfo(th.tid, info); e != 0 {
		if e != unix.ESRCH {
			t.fail(ptraceErr("PTRACE_GET_SYSCALL_INFO", th.tid, e))
		}
		return
	}
	rval := int64(info.nr)
	if info.op != unix.PTRACE_SYSCALL_INFO_EXIT || info.args[0]&0xff != 0 || rval < 0 {
		t.resume(th.tid, unix.PTRACE_CONT, 0)
		return
	}
	rec := th.proc.rec
	switch kind {
	case sysPtrace:
		if rec != 0 {
			t.nested = append(t.nested, nestedUse{rec: rec, ptrace: true, pid: int(int32(th.flags))})
		}
	case sysSeccomp:
		if rec != 0 {
			t.nested = append(t.nested, nestedUse{rec: rec})
		}
	case sysMount, sysUmount2, sysUmount, sysPivotRoot, sysMoveMount, sysOpenTree, sysFsmount, sysMountSetattr, sysUnshare, sysSetns:
		if rec != 0 {
			t.mounts[mountKey{rec, kind.String()}]++
		}
	case sysRecvmsg, sysRecvmmsg, sysRecvmmsgTime64, sysSocketcall:
		if rec != 0 {
			for _, fd := range t.receivedFds(th, kind, rval) {
				t.receive(th.tid, rec, fd)
			}
		}
	case sysPidfdGetfd:
		if rec != 0 {
			t.receive(th.tid, rec, rval)
		}
	case sysOpenByHandle:
		op, ok := th.abi.openOp(th.flags)
		if ok && rec != 0 {
			if real := t.opened(th.tid, rval); real != nil {
				t.record(th.tid, rval, rec, opIndexOf(op), real, real)
			}
		}
	default:
		if rec == 0 {
			break
		}
		op, _ := th.abi.openOp(th.flags)
		path := th.path
		if path[0] != '/' {
			abs, ok := t.absolute(th.tid, path, th.dirfd)
			if !ok {
				// The cwd is unreadable (the process is gone): keep
				// the relative name rather than lose the access.
				abs = path
			}
			path = abs
		}
		t.record(th.tid, rval, rec, opIndexOf(op), path, t.opened(th.tid, rval))
	}
	t.resume(th.tid, unix.PTRACE_CONT, 0)
}

// opened returns the kernel's name of the file behind descriptor fd of tid,
// which a successful open just returned: the file actually opened, however
// the process spelled it (/proc/self/fd/N, /proc/self/root/..., "..",
// symbolic links), and immune to a symbolic link changed after the open.
// It is nil when the descriptor names no path (a pipe or socket reached
// through /proc/PID/fd) or is gone. (A thread of the same process could
// close and reuse the descriptor number before this read; the spelling is
// recorded beside it.)
func (t *tracer) opened(tid int, fd int64) []byte {
	l, err := readlinkFd(tid, fd, t.link)
	if err != nil || len(l) == 0 || l[0] != '/' {
		return nil
	}
	if bytes.HasSuffix(l, deletedSuffix) {
		// The kernel marks a file unlinked since it was opened; a file
		// may also be named so, and then exists.
		var st unix.Stat_t
		if unix.Lstat(string(l), &st) != nil {
			l = l[:len(l)-len(deletedSuffix)]
		}
	}
	return l
}

var deletedSuffix = []byte(" (deleted)")

// record adds an access with what the descriptor says of the file at this
// open: its type, identity, mount and ctime (one statx of /proc/TID/fd/N,
// which follows the descriptor to the open file whatever its path names by
// now).
func (t *tracer) record(tid int, fd int64, rec int, op uint8, path, real []byte) {
	f := fdFacts(tid, fd)
	t.rec.addAccess(rec, op, path, real, &f)
}

// exec handles PTRACE_EVENT_EXEC, reported by the thread group leader's pid.
// When a non-leader thread executed, the kernel gave it the leader's pid:
// its state (the pending exec path) moves to that pid, and the old leader
// vanishes without an exit report.
func (t *tracer) exec(th *thread) {
	pid := th.tid
	if e := getEventMsg(pid, t.msg); e == 0 && int(*t.msg) != pid {
		old := int(*t.msg)
		if ot := t.threads[old]; ot != nil {
			delete(t.threads, old)
			ot.tid = pid
			t.threads[pid] = ot
			th = ot
		}
	}
	p := th.proc
	th.sys = sysNone
	execPath := ""
	if th.execPending {
		execPath = string(th.path)
	}
	th.execPending = false

	exe := ""
	if l, err := readlinkProc(pid, "exe", t.link); err == nil {
		exe = string(bytes.TrimSuffix(l, []byte(" (deleted)")))
	}
	cwd := ""
	if l, err := readlinkProc(pid, "cwd", t.link); err == nil {
		cwd = string(l)
	}
	rec := t.rec.addProcess(Process{PID: pid, Parent: p.rec, Exe: exe, Argv: t.readCmdline(pid), Cwd: cwd, Exec: true})
	p.rec = rec
	t.rec.setExe(rec, exe, exeFactsOf(pid))
	t.rec.addString(rec, opExec, execPath)
	// The kernel itself opens a script's interpreters and an ELF binary's
	// loader: no syscall of the process names them. /proc/PID/exe names
	// the binary that finally ran; when it is only the resolved form of a
	// path above, the recorder drops it after resolving.
	chain := t.interpreters(execPath, cwd)
	for _, interp := range chain {
		t.rec.addString(rec, opExec, interp)
	}
	if exe != execPath && (len(chain) == 0 || exe != chain[len(chain)-1]) {
		t.rec.addString(rec, opExec, exe)
	}
	if exe != "" {
		interp, ok := t.elfInterps[exe]
		if !ok {
			if f, err := os.Open("/proc/" + strconv.Itoa(pid) + "/exe"); err == nil {
				interp = elfInterp(f)
				f.Close()
			}
			t.elfInterps[exe] = interp
		}
		t.rec.addString(rec, opExec, interp)
	}
	t.resume(pid, unix.PTRACE_CONT, 0)
}

// interpreters returns the chain of "#!" interpreters of the script at path.
func (t *tracer) interpreters(path, cwd string) []string {
	return interpreterChain(t.shebangs, path, cwd)
}

// interpreterChain returns the chain of "#!" interpreters of the script
// at path, remembered in cache by path.
func interpreterChain(cache map[string][]string, path, cwd string) []string {
	if path == "" {
		return nil
	}
	if chain, ok := cache[path]; ok {
		return chain
	}
	var chain []string
	for p := path; len(chain) < maxInterpDepth; {
		interp := shebang(p, cwd)
		if interp == "" {
			break
		}
		chain = append(chain, interp)
		p = interp
	}
	cache[path] = chain
	return chain
}

// Limits on the command line kept per process record.
const (
	maxArgs     = 256
	maxArgBytes = 16 << 10
)

// readCmdline returns the argv of pid from /proc/PID/cmdline, truncated.
func (t *tracer) readCmdline(pid int) []string {
	f, err := os.Open("/proc/" + strconv.Itoa(pid) + "/cmdline")
	if err != nil {
		return nil
	}
	defer f.Close()
	if t.cmdline == nil {
		t.cmdline = make([]byte, maxArgBytes)
	}
	n, _ := io.ReadFull(f, t.cmdline)
	b := bytes.TrimSuffix(t.cmdline[:n], []byte{0})
	if len(b) == 0 {
		return nil
	}
	var argv []string
	for len(b) > 0 && len(argv) < maxArgs {
		arg, rest, _ := bytes.Cut(b, []byte{0})
		argv = append(argv, string(arg))
		b = rest
	}
	return argv
}

// signalAll sends sig to every live process; with record set, they are
// reported in End.Killed.
func (t *tracer) signalAll(sig syscall.Signal, record bool) {
	t.mu.Lock()
	defer t.mu.Unlock()
	for tgid := range t.live {
		if unix.Kill(tgid, sig) == nil && record {
			t.killed[tgid] = true
		}
	}
	if t.reaper != nil {
		// What escaped the tracer, the reaper signals.
		if sig == unix.SIGKILL {
			t.reaper.request(reapKill)
		} else {
			t.reaper.request(reapTerm)
		}
	}
}
