//go:build linux && amd64

package tracer

import (
	"bytes"
	"context"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"os"
	"runtime"
	"sort"
	"strconv"
	"strings"
	"syscall"
	"time"

	"github.com/cilium/ebpf"
	"github.com/cilium/ebpf/link"
	"github.com/cilium/ebpf/ringbuf"
	"golang.org/x/sys/unix"
)

// Event kinds and drop counters of bpf/trace.bpf.c.
const (
	bpfEvOpen  = 1
	bpfEvExec  = 2
	bpfEvFork  = 3
	bpfEvExit  = 4
	bpfEvURing = 5

	bpfNumDrops = 4
)

// bpfDropNames says, for each drop counter, what was lost.
var bpfDropNames = [bpfNumDrops]string{
	"events the ring buffer had no room for",
	"opens begun while the table of calls in flight was full",
	"opens whose path could not be read",
	"processes started while the table of traced processes was full",
}

// bpfPathMax is PATH_MAX of bpf/trace.bpf.c: where the real path starts in
// an event's buffer.
const bpfPathMax = 4096

// bpfHeaderSize is the size of an event without its buffer.
const bpfHeaderSize = 56

// bpfSession is the loaded and attached BPF programs of one traced run.
type bpfSession struct {
	objs      bpfTraceObjects
	links     []link.Link
	rd        *ringbuf.Reader
	rec       ringbuf.Record
	hookNames []string
	closed    bool
}

// bpfUnavailable explains why the eBPF backend cannot run here.
type bpfUnavailable struct {
	reason string
	err    error
}

func (e *bpfUnavailable) Error() string {
	if e.err == nil {
		return e.reason
	}
	return e.reason + ": " + e.err.Error()
}

func (e *bpfUnavailable) Unwrap() error { return e.err }

// loadBPF loads and attaches the programs. Each failure names what is
// missing, since an operator can act on that and not on an errno.
func loadBPF() (*bpfSession, error) {
	if _, err := os.Stat("/sys/kernel/btf/vmlinux"); err != nil {
		return nil, &bpfUnavailable{"the kernel exposes no BTF (/sys/kernel/btf/vmlinux; CONFIG_DEBUG_INFO_BTF)", err}
	}
	spec, err := loadBpfTrace()
	if err != nil {
		return nil, &bpfUnavailable{"the embedded BPF object is unreadable", err}
	}
	// The syscall numbers come from the ptrace backend's tables, so the
	// two follow the same calls.
	for prefix, x := range map[string]*abi{"nr_": abiX8664, "nr32_": abiI386} {
		nrs := map[sysKind]int64{sysOpen: -1, sysCreat: -1, sysOpenat: -1, sysOpenat2: -1, sysExecve: -1, sysExecveat: -1, sysIOUringSetup: -1}
		for nr, kind := range x.calls {
			if _, ok := nrs[kind]; ok {
				nrs[kind] = int64(nr)
			}
		}
		for name, kind := range map[string]sysKind{
			"open": sysOpen, "creat": sysCreat, "openat": sysOpenat,
			"openat2": sysOpenat2, "execve": sysExecve, "execveat": sysExecveat,
			"io_uring_setup": sysIOUringSetup,
		} {
			v, ok := spec.Variables[prefix+name]
			if !ok {
				return nil, &bpfUnavailable{"the embedded BPF object lacks " + prefix + name, nil}
			}
			if err := v.Set(nrs[kind]); err != nil {
				return nil, &bpfUnavailable{"the embedded BPF object: set " + prefix + name, err}
			}
		}
	}
	s := &bpfSession{}
	if err := spec.LoadAndAssign(&s.objs, nil); err != nil {
		return nil, loadError(err)
	}
	// BTF tracepoints attach without tracefs, which containers rarely
	// mount.
	attach := []struct {
		name string
		prog *ebpf.Program
	}{
		{"sched_process_fork", s.objs.SchedProcessFork},
		{"sched_process_exec", s.objs.SchedProcessExec},
		{"sched_process_exit", s.objs.SchedProcessExit},
		{"sys_enter", s.objs.SysEnter},
		{"sys_exit", s.objs.SysExit},
	}
	for _, a := range attach {
		l, err := link.AttachTracing(link.TracingOptions{Program: a.prog})
		if err != nil {
			s.close()
			return nil, &bpfUnavailable{"cannot attach to the " + a.name + " tracepoint", err}
		}
		s.links = append(s.links, l)
		hook := "tp_btf/" + a.name
		if ps, ok := spec.Programs[a.name]; ok && ps.SectionName != "" {
			hook = ps.SectionName
		}
		s.hookNames = append(s.hookNames, hook)
	}
	if s.rd, err = ringbuf.NewReader(s.objs.Events); err != nil {
		s.close()
		return nil, &bpfUnavailable{"cannot read the ring buffer", err}
	}
	return s, nil
}

// loadError explains a failed program load.
func loadError(err error) error {
	switch {
	case errors.Is(err, unix.EPERM):
		if b, rerr := os.ReadFile("/sys/kernel/security/lockdown"); rerr == nil && bytes.Contains(b, []byte("[confidentiality]")) {
			return &bpfUnavailable{"the kernel is in lockdown (confidentiality), which forbids the BPF programs' reads", err}
		}
		return &bpfUnavailable{"loading BPF programs is not permitted here (needs root, or CAP_BPF and CAP_PERFMON; a container's seccomp profile may block bpf())", err}
	case errors.Is(err, ebpf.ErrNotSupported):
		return &bpfUnavailable{"the kernel is too old for the BPF programs (needs BTF tracepoints and ring buffers: Linux 5.8 or later)", err}
	}
	return &bpfUnavailable{"the kernel refused the BPF programs", err}
}

func (s *bpfSession) close() {
	if s.closed {
		return
	}
	s.closed = true
	if s.rd != nil {
		s.rd.Close()
	}
	for _, l := range s.links {
		l.Close()
	}
	s.objs.Close()
}

func (s *bpfSession) track(pid uint32) error { return s.objs.Tracked.Put(pid, uint8(1)) }

func (s *bpfSession) read(deadline time.Time) ([]byte, error) {
	s.rd.SetDeadline(deadline)
	if err := s.rd.ReadInto(&s.rec); err != nil {
		return nil, err
	}
	return s.rec.RawSample, nil
}

// finish hands over what the ring buffer still holds, then the drop
// counters.
func (s *bpfSession) finish(handle func([]byte)) ([]uint64, error) {
	for {
		rec, err := s.read(time.Now())
		if err != nil {
			break
		}
		handle(rec)
	}
	d, err := s.drops()
	return d[:], err
}

func (s *bpfSession) hooks() []string { return s.hookNames }
func (s *bpfSession) via() string     { return "" }

// drops sums the per-CPU drop counters.
func (s *bpfSession) drops() ([bpfNumDrops]uint64, error) {
	var out [bpfNumDrops]uint64
	for i := range uint32(bpfNumDrops) {
		var per []uint64
		if err := s.objs.Drops.Lookup(i, &per); err != nil {
			return out, err
		}
		for _, n := range per {
			out[i] += n
		}
	}
	return out, nil
}

// bpfEvent is a decoded ring-buffer record.
type bpfEvent struct {
	kind, pid, tid, ppid uint32
	ret                  int64
	flags                uint64
	dirfd                int32
	compat               bool
	path                 []byte // as the process named it, without its NUL; a view into the record
	base                 []byte // for a relative path, the absolute directory it is relative to (or empty)
	exe                  []byte // exec: the executable that runs, as the kernel names it (or empty)
}

func decodeBPFEvent(b []byte) (bpfEvent, error) {
	var e bpfEvent
	if len(b) < bpfHeaderSize {
		return e, fmt.Errorf("short event (%d bytes)", len(b))
	}
	le := binary.LittleEndian
	e.kind, e.pid, e.tid, e.ppid = le.Uint32(b[0:]), le.Uint32(b[4:]), le.Uint32(b[8:]), le.Uint32(b[12:])
	e.ret = int64(le.Uint64(b[16:]))
	e.flags = le.Uint64(b[24:])
	e.dirfd = int32(le.Uint32(b[32:]))
	e.compat = le.Uint16(b[46:]) != 0
	pathLen, baseLen, exeLen := int(le.Uint16(b[36:])), int(le.Uint16(b[38:])), int(le.Uint16(b[44:]))
	buf := b[bpfHeaderSize:]
	if pathLen > 0 {
		if pathLen > len(buf) || pathLen > bpfPathMax {
			return e, fmt.Errorf("event path of %d bytes beyond its %d", pathLen, len(buf))
		}
		e.path = bytes.TrimSuffix(buf[:pathLen], []byte{0})
	}
	if baseLen > 0 {
		if baseLen > bpfPathMax || bpfPathMax+baseLen > len(buf) {
			return e, fmt.Errorf("event base directory of %d bytes beyond its %d", baseLen, len(buf)-bpfPathMax)
		}
		e.base = bytes.TrimSuffix(buf[bpfPathMax:bpfPathMax+baseLen], []byte{0})
	}
	if exeLen > 0 {
		if exeLen > bpfPathMax || 2*bpfPathMax+exeLen > len(buf) {
			return e, fmt.Errorf("event executable of %d bytes beyond its %d", exeLen, len(buf)-2*bpfPathMax)
		}
		e.exe = bytes.TrimSuffix(buf[2*bpfPathMax:2*bpfPathMax+exeLen], []byte{0})
	}
	return e, nil
}

// bpfTracer turns the events of one run into the recorder's process and
// access records, as the ptrace backend would.
type bpfTracer struct {
	opts     Options
	rec      *recorder
	live     map[uint32]int // tgid -> process record (0: the helper before its exec)
	root     uint32
	link     []byte
	cmdline  []byte
	shebangs map[string][]string
	elf      map[string]string
	skip     [][]byte
	skipped  int64
	ioURing  map[int]bool // process records that set up io_uring
}

// runEBPF is Run with the eBPF backend: the command runs untraced by
// ptrace, with no seccomp filter and no no_new_privs, and the kernel
// reports what its tree opens, through src (the programs loaded in
// process, or by a loader started through sudo).
func runEBPF(ctx context.Context, opts Options, src bpfSource, dir string, env []string, grace time.Duration, mode string) (*Trace, error) {
	defer src.close()
	// The reaper's parent-death signal belongs to the thread that starts
	// it: this one, kept until the run is over.
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
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
	hmode := bpfHelperMode + mode
	if opts.NoNewPrivs {
		hmode = bpfHelperModeNNP + mode
	}
	argv := append([]string{os.Args[0], HelperArg, hmode}, opts.Command...)
	attr := &syscall.ProcAttr{
		Dir:   dir,
		Env:   env,
		Files: append(sio.child[:], errW.Fd()),
		Sys:   &syscall.SysProcAttr{},
	}
	t := &bpfTracer{
		opts: opts, rec: newRecorder(), live: map[uint32]int{},
		link: make([]byte, 4096), shebangs: map[string][]string{}, elf: map[string]string{},
		ioURing: map[int]bool{},
	}
	for _, d := range opts.Skip {
		t.skip = append(t.skip, []byte(strings.TrimSuffix(d, "/")+"/"))
	}
	t.rec.startResolver()
	defer t.rec.stopResolver()

	start := time.Now()
	var (
		pid        int
		rp         *reaper
		ws         unix.WaitStatus
		reaperGone = make(chan struct{}) // closed once the reaper is reaped
	)
	if opts.KillDescendants {
		// The reaper starts the helper and reports once it has stopped
		// itself; it also reports the helper's status, since the helper
		// is its child.
		rp, pid, err = startReaper(argv, attr)
		errW.Close()
		sio.closeChildEnds()
		if err != nil {
			sio.wait()
			if msg := readHelperError(errR); msg != "" {
				return nil, helperFailure(opts.Command, msg)
			}
			return nil, err
		}
		go func() {
			defer close(reaperGone)
			for {
				if _, e := unix.Wait4(rp.pid, &rp.status, 0, nil); e != unix.EINTR {
					break
				}
			}
			rp.exited.Store(true)
		}()
	} else {
		pid, err = syscall.ForkExec("/proc/self/exe", argv, attr)
		errW.Close()
		sio.closeChildEnds()
		if err != nil {
			return nil, fmt.Errorf("trace: start helper: %w", err)
		}
		// The helper stops itself; once it is in the traced set, it may
		// go on and execute the command, whose every descendant the
		// kernel follows.
		for {
			_, err := unix.Wait4(pid, &ws, unix.WSTOPPED, nil)
			if err == unix.EINTR {
				continue
			}
			if err != nil {
				return nil, fmt.Errorf("trace: wait for helper: %w", err)
			}
			break
		}
		if !ws.Stopped() {
			sio.wait()
			if msg := readHelperError(errR); msg != "" {
				return nil, helperFailure(opts.Command, msg)
			}
			return nil, fmt.Errorf("trace: helper ended before tracing started (%s)", describeStatus(ws))
		}
	}
	abandon := func() {
		unix.Kill(pid, unix.SIGKILL)
		if rp != nil {
			rp.ctl.Close()
			<-rp.done
			rp.repR.Close()
		} else {
			unix.Wait4(pid, &ws, 0, nil)
		}
	}
	t.root = uint32(pid)
	t.live[t.root] = 0
	if err := src.track(t.root); err != nil {
		abandon()
		return nil, fmt.Errorf("trace: add the helper to the traced set: %w", err)
	}
	if err := unix.Kill(pid, unix.SIGCONT); err != nil {
		abandon()
		return nil, fmt.Errorf("trace: resume helper: %w", err)
	}

	// The root's status comes from wait4 (or the reaper's report); the
	// tree's end from the ring buffer, when the last traced process's
	// exit event has been read.
	type rootExit struct {
		ws unix.WaitStatus
		at time.Time
	}
	rootDone := make(chan rootExit, 1)
	if rp != nil {
		go func() {
			select {
			case <-rp.helperDone:
				rootDone <- rootExit{rp.helperStatus, time.Now()}
			case <-rp.done:
				select {
				case <-rp.helperDone:
					rootDone <- rootExit{rp.helperStatus, time.Now()}
				default:
					// The reaper ended before it reported the
					// helper's status (the command killed it): the
					// status is unknown, and the run is not counted
					// a success.
					rootDone <- rootExit{unix.WaitStatus(unix.SIGKILL), time.Now()}
				}
			}
		}()
	} else {
		go func() {
			var ws unix.WaitStatus
			for {
				_, err := unix.Wait4(pid, &ws, 0, nil)
				if err == unix.EINTR {
					continue
				}
				break
			}
			rootDone <- rootExit{ws, time.Now()}
		}()
	}

	var (
		rootStatus  unix.WaitStatus
		rootExited  bool
		rootEnd     time.Time
		timedOut    bool
		interrupted bool
		interSig    string
		killed      = map[int]bool{}
		graceAt     time.Time
		termAt      time.Time
		lostLoader  error // the loader ended before the run did
	)
	var timeout <-chan time.Time
	if opts.Timeout > 0 {
		tm := time.NewTimer(opts.Timeout)
		defer tm.Stop()
		timeout = tm.C
	}
	stopping := false
	signalAll := func(sig syscall.Signal) {
		for tgid := range t.live {
			if unix.Kill(int(tgid), sig) == nil {
				killed[int(tgid)] = true
			}
		}
		if rp != nil {
			// What escaped the traced set, the reaper signals.
			if sig == unix.SIGKILL {
				rp.request(reapKill)
			} else {
				rp.request(reapTerm)
			}
		}
	}
	var rerr error
	for {
		if lostLoader == nil {
			rec, err := src.read(time.Now().Add(50 * time.Millisecond))
			switch {
			case err == nil:
				if e, derr := decodeBPFEvent(rec); derr != nil {
					rerr = derr
				} else {
					t.handle(e)
				}
			case errors.Is(err, os.ErrDeadlineExceeded):
			default:
				var gone *errLoaderGone
				if !errors.As(err, &gone) {
					return nil, fmt.Errorf("trace: read the ring buffer: %w", err)
				}
				// Blind from here on: the tree is still waited for
				// and stopped as usual, and the trace is incomplete.
				lostLoader = err
			}
		} else {
			time.Sleep(20 * time.Millisecond)
			t.pruneDead()
		}
		select {
		case x := <-rootDone:
			rootStatus, rootExited, rootEnd = x.ws, true, x.at
			graceAt = rootEnd.Add(grace)
		default:
		}
		if !stopping {
			select {
			case <-ctx.Done():
				stopping = true
				cause := context.Cause(ctx)
				if errors.Is(cause, context.DeadlineExceeded) {
					timedOut = true
				} else {
					interrupted = true
					if sig, ok := signalOf(cause); ok {
						interSig = unix.SignalName(sig)
					}
				}
				if !rootExited {
					unix.Kill(pid, causeSignal(ctx))
				}
				graceAt = time.Now().Add(grace)
			case <-timeout:
				stopping, timedOut = true, true
				if !rootExited {
					unix.Kill(pid, unix.SIGTERM)
				}
				graceAt = time.Now().Add(grace)
			default:
			}
		}
		if rootExited && len(t.live) == 0 {
			break
		}
		now := time.Now()
		if !graceAt.IsZero() && now.After(graceAt) {
			if termAt.IsZero() {
				signalAll(unix.SIGTERM)
				termAt = now.Add(min(grace, maxTermWait))
			} else if now.After(termAt) {
				signalAll(unix.SIGKILL)
			}
		}
	}
	if !rootExited {
		rootEnd = time.Now()
	}
	var drops []uint64
	if lostLoader == nil {
		drops, err = src.finish(func(rec []byte) {
			if e, derr := decodeBPFEvent(rec); derr == nil {
				t.handle(e)
			}
		})
		var gone *errLoaderGone
		if errors.As(err, &gone) {
			lostLoader = err
		} else if err != nil {
			return nil, fmt.Errorf("trace: read the drop counters: %w", err)
		}
	}
	src.close()
	var survivors []string
	if rp != nil {
		// Without its control pipe the reaper kills what is left of
		// the tree, and exits.
		rp.ctl.Close()
		<-rp.done
		rp.repR.Close()
		select {
		case <-reaperGone:
		case <-time.After(reapWait):
		}
		for _, p := range rp.killed {
			killed[p] = true
		}
		switch {
		case !rp.exited.Load():
			survivors = append(survivors, "the reaper did not exit")
		case rp.status.Signaled():
			survivors = append(survivors, fmt.Sprintf("the reaper (pid %d) was killed by %s, likely by the command itself", rp.pid, unix.SignalName(rp.status.Signal())))
		case len(rp.left) > 0:
			survivors = append(survivors, fmt.Sprintf("processes %v would not die within %v", rp.left, reapWait))
		case rp.status.ExitStatus() != 0:
			survivors = append(survivors, fmt.Sprintf("the reaper (pid %d) failed (%s)", rp.pid, describeStatus(rp.status)))
		}
	}
	sio.wait()
	if msg := readHelperError(errR); msg != "" {
		return nil, helperFailure(opts.Command, msg)
	}
	if rerr != nil {
		return nil, fmt.Errorf("trace %q: %w", strings.Join(opts.Command, " "), rerr)
	}
	h := Header{Version: FormatVersion, Command: append([]string(nil), opts.Command...), Dir: dir, Start: start, Backend: BackendEBPF,
		Hooks: append([]string(nil), src.hooks()...), Loader: src.via()}
	for _, d := range t.skip {
		h.Skip = append(h.Skip, string(d[:len(d)-1]))
	}
	tr := &Trace{Header: h, Processes: t.rec.procs}
	tr.Accesses = t.rec.accesses(newResolver())
	end := End{
		TimedOut: timedOut, Interrupted: interrupted, InterruptSignal: interSig,
		DurationMs: rootEnd.Sub(start).Milliseconds(),
		Processes:  len(t.rec.procs), Events: t.rec.events, Skipped: t.skipped,
	}
	if rootStatus.Signaled() {
		end.ExitCode = 128 + int(rootStatus.Signal())
		end.Signal = unix.SignalName(rootStatus.Signal())
	} else {
		end.ExitCode = rootStatus.ExitStatus()
	}
	for p := range killed {
		end.Killed = append(end.Killed, p)
	}
	sort.Ints(end.Killed)
	for _, why := range survivors {
		end.Survivors = true
		end.Warnings = append(end.Warnings, "processes the command started may have outlived it: "+why)
	}
	var uring []int
	for rec := range t.ioURing {
		uring = append(uring, rec)
	}
	sort.Ints(uring)
	for _, rec := range uring {
		p := t.rec.procs[rec-1]
		end.Warnings = append(end.Warnings, fmt.Sprintf("process %d (%s) set up io_uring: files it opens through io_uring are invisible to the tracer", p.PID, p.Exe))
	}
	for i, n := range drops {
		if n > 0 {
			what := "events"
			if i < len(bpfDropNames) {
				what = bpfDropNames[i]
			}
			end.Lost += int64(n)
			end.Incomplete = true
			end.Warnings = append(end.Warnings, fmt.Sprintf("the eBPF tracer lost %d %s: the trace is incomplete", n, what))
		}
	}
	if opts.NoNewPrivs && !opts.Privileged {
		end.Warnings = append(end.Warnings, setuidWarnings(tr.Accesses)...)
	}
	if lostLoader != nil {
		end.Incomplete = true
		end.Warnings = append(end.Warnings, lostLoader.Error()+": the accesses after that are missing and the trace is incomplete")
	}
	tr.End = end
	return tr, nil
}

// pruneDead forgets the traced processes that are gone, once no exit
// event can tell (the loader died): the run ends when the root and they
// have.
func (t *bpfTracer) pruneDead() {
	for tgid := range t.live {
		_, state, ok := statParent(int(tgid))
		if !ok || state == 'Z' || state == 'X' {
			delete(t.live, tgid)
		}
	}
}

// handle applies one event.
func (t *bpfTracer) handle(e bpfEvent) {
	switch e.kind {
	case bpfEvFork:
		parent := t.live[e.ppid]
		rec := 0
		if parent != 0 {
			pr := t.rec.procs[parent-1]
			rec = t.rec.addProcess(Process{PID: int(e.pid), Parent: parent, Exe: pr.Exe, Argv: pr.Argv, Cwd: pr.Cwd})
		}
		t.live[e.pid] = rec
	case bpfEvExit:
		delete(t.live, e.pid)
	case bpfEvOpen:
		rec, ok := t.live[e.pid]
		if !ok || rec == 0 {
			return
		}
		x := abiX8664
		if e.compat {
			x = abiI386
		}
		op, ok := x.openOp(e.flags)
		if !ok || len(e.path) == 0 {
			return
		}
		if t.skips(e.path) {
			t.skipped++
			return
		}
		path := e.path
		if path[0] != '/' {
			path = t.absolute(int(e.tid), path, e.dirfd, e.base)
		}
		t.rec.add(rec, opIndexOf(op), path, nil)
	case bpfEvExec:
		t.exec(e)
	case bpfEvURing:
		if rec := t.live[e.pid]; rec != 0 {
			t.ioURing[rec] = true
		}
	}
}

func (t *bpfTracer) skips(path []byte) bool {
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

// absolute makes a relative path absolute against the directory the
// kernel named at the call (base) or, when it could not (a directory
// deeper than the program walks), the process's cwd or directory
// descriptor in /proc, if the process is still there.
func (t *bpfTracer) absolute(tid int, rel []byte, dirfd int32, base []byte) []byte {
	if len(base) > 0 && base[0] == '/' {
		return []byte(joinPath(string(bytes.TrimSuffix(base, []byte("/"))), string(rel)))
	}
	what := "cwd"
	if dirfd != atFDCWD {
		what = "fd/" + strconv.Itoa(int(dirfd))
	}
	base, err := readlinkProc(tid, what, t.link)
	if err != nil || len(base) == 0 || base[0] != '/' {
		// Kept relative rather than lost, as the ptrace backend does.
		return rel
	}
	// Joined as the ptrace backend joins, keeping "..": the resolver
	// settles what it names.
	return []byte(joinPath(string(bytes.TrimSuffix(base, []byte("/"))), string(rel)))
}

// exec starts a new process record at an exec, with the accesses the
// ptrace backend records for one: the path executed, its "#!"
// interpreters, the binary that finally ran and its ELF interpreter.
func (t *bpfTracer) exec(e bpfEvent) {
	parent, ok := t.live[e.pid]
	if !ok {
		return
	}
	pid := int(e.pid)
	exe := string(e.exe)
	if exe == "" {
		// Deeper than the kernel side walks.
		if l, err := readlinkProc(pid, "exe", t.link); err == nil {
			exe = string(bytes.TrimSuffix(l, []byte(" (deleted)")))
		}
	}
	cwd := ""
	if l, err := readlinkProc(pid, "cwd", t.link); err == nil {
		cwd = string(l)
	}
	execPath := string(e.path)
	if execPath != "" && execPath[0] != '/' {
		execPath = string(t.absolute(pid, e.path, e.dirfd, e.base))
	}
	rec := t.rec.addProcess(Process{PID: pid, Parent: parent, Exe: exe, Argv: t.readCmdline(pid), Cwd: cwd, Exec: true})
	t.live[e.pid] = rec
	t.rec.addString(rec, opExec, execPath)
	chain := t.interpreters(execPath, cwd)
	for _, interp := range chain {
		t.rec.addString(rec, opExec, interp)
	}
	if exe != execPath && (len(chain) == 0 || exe != chain[len(chain)-1]) {
		t.rec.addString(rec, opExec, exe)
	}
	if exe != "" {
		interp, ok := t.elf[exe]
		if !ok {
			if f, err := os.Open(exe); err == nil {
				interp = elfInterp(f)
				f.Close()
			}
			t.elf[exe] = interp
		}
		t.rec.addString(rec, opExec, interp)
	}
}

func (t *bpfTracer) interpreters(path, cwd string) []string {
	if path == "" {
		return nil
	}
	if chain, ok := t.shebangs[path]; ok {
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
	t.shebangs[path] = chain
	return chain
}

func (t *bpfTracer) readCmdline(pid int) []string {
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

func (e *bpfUnavailable) Is(target error) bool { return target == ErrEBPFUnavailable }

// runBackend runs the command with the eBPF backend when opts ask for it
// or, for BackendAuto, when its programs load here; otherwise it returns
// handled false and, for auto, why eBPF could not run (Header.Fallback).
func runBackend(ctx context.Context, opts Options, dir string, env []string, grace time.Duration) (tr *Trace, notice string, handled bool, err error) {
	switch opts.Backend {
	case "", BackendPtrace:
		opts.Loader.Close()
		return nil, "", false, nil
	case BackendAuto, BackendEBPF:
	default:
		opts.Loader.Close()
		return nil, "", false, fmt.Errorf("trace: unknown backend %q (want auto, ebpf or ptrace)", opts.Backend)
	}
	var src bpfSource
	if opts.LoaderErr != nil && (opts.Loader == nil || opts.Loader.src == nil) {
		if opts.Backend == BackendEBPF {
			return nil, "", false, fmt.Errorf("trace --backend ebpf: %w", opts.LoaderErr)
		}
		return nil, opts.LoaderErr.Error(), false, nil
	}
	if opts.Loader != nil && opts.Loader.src != nil {
		src = opts.Loader.src
	} else if l, err := StartEBPFLoader(); err != nil {
		if opts.Backend == BackendEBPF {
			return nil, "", false, fmt.Errorf("trace --backend ebpf: %w", err)
		}
		return nil, err.Error(), false, nil
	} else {
		src = l.src
	}
	mode, err := modeFor(opts.Privileged)
	if err != nil {
		src.close()
		return nil, "", false, err
	}
	tr, err = runEBPF(ctx, opts, src, dir, env, grace, mode)
	return tr, "", true, err
}

// StartEBPFLoader loads the eBPF backend's programs for one run: in this
// process as root, otherwise in a root process started through sudo -n
// (the loader: LoaderArg), whose events it then reads over a pipe. The
// error matches ErrEBPFUnavailable and says why they cannot load. A
// program that is about to set no_new_privs on itself, which keeps sudo
// from gaining root, starts the loader first and passes it as
// Options.Loader.
func StartEBPFLoader() (*EBPFLoader, error) {
	if os.Geteuid() == 0 {
		s, err := loadBPF()
		if err != nil {
			return nil, err
		}
		return &EBPFLoader{src: s}, nil
	}
	l, err := startSudoLoader()
	if err != nil {
		return nil, err
	}
	return &EBPFLoader{src: l}, nil
}
