//go:build linux && amd64

package tracer

import (
	"bytes"
	"context"
	"crypto/rand"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"maps"
	"os"
	"runtime"
	"sort"
	"strconv"
	"strings"
	"syscall"
	"time"

	"github.com/cilium/ebpf"
	"github.com/cilium/ebpf/btf"
	"github.com/cilium/ebpf/link"
	"github.com/cilium/ebpf/ringbuf"
	"github.com/envaudit/envaudit/internal/kbtf"
	"golang.org/x/sys/unix"
)

// Event kinds and drop counters of bpf/trace.bpf.c.
const (
	bpfEvOpen  = 1
	bpfEvExec  = 2
	bpfEvFork  = 3
	bpfEvExit  = 4
	bpfEvURing = 5
	bpfEvArgs  = 6
	// bpfEvPtrace is a successful PTRACE_ATTACH or PTRACE_SEIZE by a
	// traced process; its ppid field holds the target.
	bpfEvPtrace = 7
	// bpfEvMount is a successful call that changed mounts or the mount
	// namespace; its ppid field holds the call's sysKind.
	bpfEvMount = 8

	// bpfSysOpenHandle marks an open_by_handle_at, which names no path,
	// and bpfSysReceived a descriptor received from another process.
	bpfSysOpenHandle = 4
	bpfSysReceived   = 9

	// How an EV_URING came about, in its ppid field.
	bpfURingSetUp    = 0
	bpfURingRefused  = 1
	bpfURingReceived = 2

	bpfNumDrops = 4
)

// bpfDropNames says, for each drop counter, what was lost.
var bpfDropNames = [bpfNumDrops]string{
	"events the ring buffer had no room for",
	"calls begun without room to note them (the kernel had no memory for a thread's entry)",
	"opens whose path could not be read",
	"processes started while the table of traced processes was full",
}

// bpfPathMax is PATH_MAX of bpf/trace.bpf.c: the most bytes, with its NUL,
// of each path in an event.
const bpfPathMax = 4096

// bpfPoll is how often the ring buffer is read: its records are sent
// without waking the reader (wake_flags in bpf/trace.bpf.c) unless an
// eighth of it is waiting or a process exited.
const bpfPoll = 10 * time.Millisecond

// bpfHeaderSize is the size of an event without its buffer.
const bpfHeaderSize = 136

// bpfArgsHeaderSize is the size of an EV_ARGS record without its buffer,
// and bpfArgsMax the most bytes of its command line.
const (
	bpfArgsHeaderSize = 24
	bpfArgsMax        = 16 << 10
)

// bpfRepeatsEntries, when positive, replaces the size of the kernel's map
// of repeated opens: a test makes it small to see a full map send events
// instead of losing counts.
var bpfRepeatsEntries uint32

// bpfRingBytes, when positive, replaces the size of the ring buffer: a
// test makes it one page to see events lost and counted.
var bpfRingBytes uint32

// bpfLoadFault, when set, is the error loadBPF fails with once it has
// spent delay: a test sees what a load that fails while the command's
// helper has already started leaves behind.
var bpfLoadFault struct {
	err   error
	delay time.Duration
}

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

// bpfSource is where the eBPF backend's events come from: the programs
// loaded in process (root), or a loader process started through sudo.
type bpfSource interface {
	// track adds a process to the kernel's traced set.
	track(pid uint32) error
	// read returns the next ring-buffer record, or an error matching
	// os.ErrDeadlineExceeded when none came before deadline. The
	// record is valid until the next call.
	read(deadline time.Time) ([]byte, error)
	// finish returns the drop counters and the kernel's counts of
	// repeated opens once every record before them has been read
	// (through handle), and ends the source's loading.
	finish(handle func([]byte)) ([]uint64, map[bpfTraceRepeatKey]uint64, error)
	// tracked says whether the kernel's traced set still holds tgid;
	// known is false when the source cannot look (the loader's maps are
	// in another process).
	tracked(tgid uint32) (in, known bool)
	// hooks names the kernel hooks the programs are attached to.
	hooks() []string
	// via says how the programs were loaded: "" in process, "sudo".
	via() string
	close()
}

// loadBPF loads and attaches the programs. Each failure names what is
// missing, since an operator can act on that and not on an errno.
func loadBPF() (*bpfSession, error) {
	if bpfLoadFault.err != nil {
		time.Sleep(bpfLoadFault.delay)
		return nil, &bpfUnavailable{"injected", bpfLoadFault.err}
	}
	if _, err := os.Stat("/sys/kernel/btf/vmlinux"); err != nil {
		return nil, &bpfUnavailable{"the kernel exposes no BTF (/sys/kernel/btf/vmlinux; CONFIG_DEBUG_INFO_BTF)", err}
	}
	// The kernel's types the programs' CO-RE relocations need, read
	// while the embedded object is parsed. Only those: decoding the
	// kernel's whole BTF (what cilium/ebpf does by default) took a third
	// of a run's fixed cost, and on a machine with modules it would read
	// every module's BTF too.
	kernel := make(chan kernelTypes, 1)
	go func() {
		var s *btf.Spec
		names, err := kbtf.Relocated(_BpfTraceBytes)
		if err == nil {
			s, err = kbtf.Kernel(names)
		}
		kernel <- kernelTypes{s, err}
	}()
	spec, err := loadBpfTrace()
	if err != nil {
		return nil, &bpfUnavailable{"the embedded BPF object is unreadable", err}
	}
	// The syscall numbers come from the ptrace backend's tables, so the
	// two follow the same calls.
	for name, x := range map[string]*abi{"kinds": abiX8664, "kinds32": abiI386} {
		v, ok := spec.Variables[name]
		if !ok {
			return nil, &bpfUnavailable{"the embedded BPF object lacks " + name, nil}
		}
		if err := v.Set(bpfKinds(x)); err != nil {
			return nil, &bpfUnavailable{"the embedded BPF object: set " + name, err}
		}
	}
	// The key of the hashes that name repeated opens, unknown to the
	// traced programs (see hash_seed in bpf/trace.bpf.c).
	var seed [2]uint64
	if err := binary.Read(rand.Reader, binary.LittleEndian, &seed); err != nil {
		return nil, fmt.Errorf("trace: seed the hashes of repeated opens: %w", err)
	}
	v, ok := spec.Variables["hash_seed"]
	if !ok {
		return nil, &bpfUnavailable{"the embedded BPF object lacks hash_seed", nil}
	}
	if err := v.Set(seed); err != nil {
		return nil, &bpfUnavailable{"the embedded BPF object: set hash_seed", err}
	}
	if bpfRepeatsEntries > 0 {
		spec.Maps["repeats"].MaxEntries = bpfRepeatsEntries
	}
	if bpfRingBytes > 0 {
		spec.Maps["events"].MaxEntries = bpfRingBytes
	}
	s := &bpfSession{}
	if err := loadPrograms(spec, &s.objs, kernel); err != nil {
		return nil, err
	}
	// Raw tracepoints attach by name, without tracefs, which containers
	// rarely mount.
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
		l, err := link.AttachRawTracepoint(link.RawTracepointOptions{Name: a.name, Program: a.prog})
		if err != nil {
			s.close()
			return nil, &bpfUnavailable{"cannot attach to the " + a.name + " tracepoint", err}
		}
		s.links = append(s.links, l)
		hook := "raw_tp/" + a.name
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

// bpfNrMax is NR_MAX of bpf/trace.bpf.c: the syscall numbers its tables
// cover.
const bpfNrMax = 512

// bpfNoted are the calls the programs' sys_enter notes: the rest of the
// ptrace backend's table (clone, clone3, seccomp) the eBPF backend follows
// otherwise or needs not (a fork tracepoint sees every child, and nothing
// outranks a tracepoint).
var bpfNoted = map[sysKind]bool{
	sysOpen: true, sysOpenat: true, sysOpenat2: true, sysCreat: true, sysOpenByHandle: true,
	sysExecve: true, sysExecveat: true, sysIOUringSetup: true, sysPtrace: true,
	sysMount: true, sysUmount2: true, sysUmount: true, sysPivotRoot: true, sysMoveMount: true,
	sysOpenTree: true, sysFsmount: true, sysMountSetattr: true, sysUnshare: true, sysSetns: true,
	sysRecvmsg: true, sysRecvmmsg: true, sysRecvmmsgTime64: true, sysSocketcall: true, sysPidfdGetfd: true,
}

// bpfKinds is the table of x the programs look syscall numbers up in
// (kinds, kinds32): each noted call's number mapped to its sysKind, which
// enum sys_kind of bpf/trace.bpf.c numbers alike.
func bpfKinds(x *abi) [bpfNrMax]uint8 {
	var out [bpfNrMax]uint8
	for nr, k := range x.calls {
		if bpfNoted[k] && nr < bpfNrMax {
			out[nr] = uint8(k)
		}
	}
	return out
}

// kernelTypes is the kernel's BTF for the programs' relocations, or why it
// could not be read.
type kernelTypes struct {
	spec *btf.Spec
	err  error
}

// loadPrograms creates the maps while the kernel's types are read, then
// loads the programs two at a time: the verifier checks programs of one
// process side by side on two CPUs, and sys_exit and sched_process_exec
// take most of its time.
func loadPrograms(spec *ebpf.CollectionSpec, objs *bpfTraceObjects, kernel <-chan kernelTypes) error {
	// Every map of the object (the data sections among them), which the
	// two loads of programs below then share.
	mapsOnly := *spec
	mapsOnly.Programs = nil
	coll, err := ebpf.NewCollection(&mapsOnly)
	if err != nil {
		<-kernel
		return loadError(err)
	}
	// The programs hold the maps they use; what objs does not take (the
	// data sections' descriptors) is closed here.
	defer coll.Close()
	kt := <-kernel
	if kt.err != nil {
		return &bpfUnavailable{"cannot read the kernel's BTF for the programs' relocations", kt.err}
	}
	opts := &ebpf.CollectionOptions{
		Programs:        ebpf.ProgramOptions{KernelTypes: kt.spec},
		MapReplacements: maps.Clone(coll.Maps),
	}
	var exit struct {
		SysExit          *ebpf.Program `ebpf:"sys_exit"`
		SchedProcessFork *ebpf.Program `ebpf:"sched_process_fork"`
		SchedProcessExit *ebpf.Program `ebpf:"sched_process_exit"`
	}
	var exec struct {
		SchedProcessExec *ebpf.Program `ebpf:"sched_process_exec"`
		SysEnter         *ebpf.Program `ebpf:"sys_enter"`
	}
	done := make(chan error, 1)
	go func() { done <- spec.LoadAndAssign(&exec, opts) }()
	err = spec.LoadAndAssign(&exit, opts)
	if err2 := <-done; err == nil {
		err = err2
	}
	objs.bpfTracePrograms = bpfTracePrograms{
		SchedProcessExec: exec.SchedProcessExec, SchedProcessExit: exit.SchedProcessExit,
		SchedProcessFork: exit.SchedProcessFork, SysEnter: exec.SysEnter, SysExit: exit.SysExit,
	}
	if err == nil {
		err = coll.Assign(&objs.bpfTraceMaps)
	}
	if err != nil {
		objs.bpfTracePrograms.Close()
		return loadError(err)
	}
	return nil
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
func (s *bpfSession) finish(handle func([]byte)) ([]uint64, map[bpfTraceRepeatKey]uint64, error) {
	for {
		rec, err := s.read(time.Now())
		if err != nil {
			break
		}
		handle(rec)
	}
	d, err := s.drops()
	if err != nil {
		return nil, nil, err
	}
	counts, err := readRepeats(s.objs.Repeats, true)
	if err != nil {
		// A kernel that refuses the batch: one key at a time.
		if counts, err = readRepeats(s.objs.Repeats, false); err != nil {
			return nil, nil, fmt.Errorf("read the counts of repeated opens: %w", err)
		}
	}
	return d[:], counts, nil
}

func (s *bpfSession) tracked(tgid uint32) (in, known bool) {
	var v uint8
	err := s.objs.Tracked.Lookup(tgid, &v)
	if err != nil && !errors.Is(err, ebpf.ErrKeyNotExist) {
		return false, false
	}
	return err == nil, true
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
	sys                  uint32
	ret                  int64
	flags                uint64
	dirfd                int32
	compat               bool
	path                 []byte // as the process named it, without its NUL; a view into the record
	base                 []byte // for a relative path, the absolute directory it is relative to (or empty)
	// file is, for an open, the file the new descriptor names and, for
	// an exec, the executable that runs, as the kernel names it (or
	// empty).
	file []byte
	// The opened file's inode, when file is set on an open: ino, nlink
	// and mode as fstat gives them, dev in the kernel's encoding and the
	// superblock's magic.
	ino, magic uint64
	dev, nlink uint32
	mode       uint16
	// mnt is the ID of the mount the file was opened on, statx's
	// STATX_MNT_ID; ctime the inode's ctime in nanoseconds.
	mnt   uint64
	ctime int64
	// statDev says that dev is what stat reports, which the kernel
	// side read where the file system's stat reports another device than
	// its superblock's (btrfs's subvolumes).
	statDev bool
	// unsettled says that, when the kernel side looked, the name the
	// open resolved was being removed or renamed over, or gone, or the
	// inode locked: its link count and path may not be those it was
	// opened under.
	unsettled bool
	// counted marks the first open of an access whose repeats the
	// kernel counts under key in its repeats map.
	counted bool
	key     bpfTraceRepeatKey
	// argv and cwd are an EV_ARGS record's command line (NUL-separated)
	// and working directory, for the exec event of the same image
	// (key.Image), which follows it.
	argv, cwd []byte
}

func decodeBPFEvent(b []byte) (bpfEvent, error) {
	var e bpfEvent
	le := binary.LittleEndian
	if len(b) >= bpfArgsHeaderSize && le.Uint32(b) == bpfEvArgs {
		e.kind, e.pid, e.tid = bpfEvArgs, le.Uint32(b[4:]), le.Uint32(b[8:])
		argvLen, cwdLen := int(le.Uint16(b[12:])), int(le.Uint16(b[14:]))
		e.key.Image = le.Uint64(b[16:])
		buf := b[bpfArgsHeaderSize:]
		if argvLen > bpfArgsMax || cwdLen > bpfPathMax || argvLen+cwdLen > len(buf) {
			return e, fmt.Errorf("event command line of %d and working directory of %d bytes beyond its %d", argvLen, cwdLen, len(buf))
		}
		e.argv = buf[:argvLen]
		e.cwd = bytes.TrimSuffix(buf[argvLen:argvLen+cwdLen], []byte{0})
		return e, nil
	}
	if len(b) < bpfHeaderSize {
		return e, fmt.Errorf("short event (%d bytes)", len(b))
	}
	e.kind, e.pid, e.tid, e.ppid = le.Uint32(b[0:]), le.Uint32(b[4:]), le.Uint32(b[8:]), le.Uint32(b[12:])
	e.ret = int64(le.Uint64(b[16:]))
	e.flags = le.Uint64(b[24:])
	e.dirfd = int32(le.Uint32(b[32:]))
	e.sys = le.Uint32(b[40:])
	e.compat = le.Uint16(b[46:]) != 0
	e.ino, e.magic = le.Uint64(b[56:]), le.Uint64(b[64:])
	e.dev, e.nlink = le.Uint32(b[72:]), le.Uint32(b[76:])
	e.mode = le.Uint16(b[80:])
	e.counted = le.Uint16(b[82:]) != 0
	e.statDev = le.Uint16(b[84:]) != 0
	e.unsettled = le.Uint16(b[86:]) != 0
	e.mnt = le.Uint64(b[88:])
	e.ctime = int64(le.Uint64(b[96:]))
	e.key = bpfTraceRepeatKey{Image: le.Uint64(b[104:]), Flags: le.Uint64(b[112:]), Spelled: le.Uint64(b[120:]), File: le.Uint64(b[128:])}
	buf := b[bpfHeaderSize:]
	// The three paths follow one another, each with its NUL.
	for _, f := range []struct {
		what string
		n    int
		dst  *[]byte
	}{
		{"path", int(le.Uint16(b[36:])), &e.path},
		{"base directory", int(le.Uint16(b[38:])), &e.base},
		{"file", int(le.Uint16(b[44:])), &e.file},
	} {
		if f.n > bpfPathMax || f.n > len(buf) {
			return e, fmt.Errorf("event %s of %d bytes beyond its %d", f.what, f.n, min(len(buf), bpfPathMax))
		}
		if f.n > 0 {
			*f.dst = bytes.TrimSuffix(buf[:f.n], []byte{0})
		}
		buf = buf[f.n:]
	}
	return e, nil
}

// Magic numbers (statfs f_type) of file systems whose stat reports another
// device than their superblock's: btrfs and bcachefs give each subvolume a
// device of its own.
const (
	btrfsMagic    = 0x9123683e
	bcachefsMagic = 0xca451a4e
)

// fileInfo is what the kernel said of the file an open returned, as
// fstat of the descriptor would say it: the ptrace backend's record().
// On a file system whose stat reports the subvolume's device rather than
// the superblock's, when the kernel side could not read it (bcachefs, or
// btrfs built as a module, whose types the kernel's BTF lacks), the device
// is taken from the file at real if that is still the same inode;
// otherwise the file is not claimed regular, so that no identity is
// recorded for it rather than a wrong one.
func (e *bpfEvent) fileInfo(real []byte) fileInfo {
	if e.mode == 0 {
		// The kernel side could not look at the file.
		return fileInfo{}
	}
	// MAJOR is the top 12 bits of the kernel's dev_t, MINOR the low 20;
	// unix.Mkdev encodes them as stat's st_dev (new_encode_dev).
	fi := fileInfo{dev: unix.Mkdev(e.dev>>20, e.dev&(1<<20-1)), ino: e.ino, nlink: e.nlink, kind: fileOther}
	switch uint32(e.mode) & unix.S_IFMT {
	case unix.S_IFREG:
		fi.kind = fileRegular
	case unix.S_IFDIR:
		fi.kind = fileDir
	}
	if (e.magic == btrfsMagic || e.magic == bcachefsMagic) && !e.statDev {
		var st unix.Stat_t
		if unix.Lstat(string(real), &st) == nil && st.Ino == e.ino && st.Mode&unix.S_IFMT == uint32(e.mode)&unix.S_IFMT {
			fi.dev = st.Dev
		} else if fi.kind == fileRegular {
			fi.kind = fileOther
		}
	}
	return fi
}

// facts is what the kernel said of the file the event's open returned
// (or its exec runs), as the ptrace backend's statxFacts says it.
func (e *bpfEvent) facts(real []byte) fileFacts {
	fi := e.fileInfo(real)
	return fileFacts{dev: fi.dev, ino: fi.ino, nlink: fi.nlink, kind: fi.kind, mnt: e.mnt, ctime: e.ctime}
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
	// skipRoots are the skipped directories as resolved at the start
	// (skipRoots), to which a skipped open's file must belong.
	skipRoots []skipRoot
	skipped   int64
	ioURing   map[int]uringUse // what process records did with io_uring
	// mounts counts the successful calls that changed mounts or the
	// mount namespace, per process record and call (End.Mounts).
	mounts map[mountKey]int
	// attached holds the processes a traced one attached to with ptrace
	// that the kernel did not trace at the time.
	attached []nestedUse
	// repeats maps the key of each counted open to what it recorded,
	// so that the kernel's count of its repeats can be added at the end.
	repeats map[bpfTraceRepeatKey]bpfRepeat
	// gone holds the live processes the kernel no longer traces, seen so
	// at the last pruneGone.
	gone map[uint32]bool
	// args holds, per process, the command line and working directory
	// the kernel sent for its newest image, until that image's exec event.
	args map[uint32]bpfArgs
}

// bpfArgs is a decoded EV_ARGS record.
type bpfArgs struct {
	image uint64
	argv  []string
	cwd   string
}

// bpfRepeat is what the first open of a repeats key was recorded as.
type bpfRepeat struct {
	ref     accRef // zero when it was not recorded
	skipped bool   // it was below a skipped directory
}

// errBPFLoad is the failure of the source runEBPF waited for: nothing of
// the command ran, so auto can still trace it with ptrace.
type errBPFLoad struct{ err error }

func (e *errBPFLoad) Error() string { return e.err.Error() }
func (e *errBPFLoad) Unwrap() error { return e.err }

// runEBPF is Run with the eBPF backend: the command runs untraced by
// ptrace, with no seccomp filter and no no_new_privs, and the kernel
// reports what its tree opens, through the source getSrc returns (the
// programs loaded in process, or by a loader started through sudo).
//
// The programs take tens of milliseconds to load, and the reaper and the
// helper about twenty to start: runEBPF starts those two first and waits
// for the source only once the helper has stopped itself before the
// command, so both happen at once. Nothing of the command has run when
// the source fails; runEBPF then ends the two and returns an *errBPFLoad.
// Unless the command's standard input is a file, it waits for the source
// before anything else: a failure would otherwise leave input read by
// the copy into the helper's pipe, and lost to the ptrace run that
// follows. The caller closes the source (runEBPF detaches it early, once
// the tree is done, by closing it too).
func runEBPF(ctx context.Context, opts Options, getSrc func() (bpfSource, error), dir string, env []string, grace time.Duration, mode string) (*Trace, error) {
	var src bpfSource
	if _, ok := opts.Stdin.(*os.File); !ok && opts.Stdin != nil {
		var err error
		if src, err = getSrc(); err != nil {
			return nil, &errBPFLoad{err}
		}
	}
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
	refuseURing := canRefuseURing(opts)
	hmode := bpfHelperMode(opts.NoNewPrivs, refuseURing, mode)
	argv := append([]string{os.Args[0], HelperArg, hmode}, opts.Command...)
	attr := &syscall.ProcAttr{
		Dir:   dir,
		Env:   env,
		Files: append(sio.child[:], errW.Fd()),
		Sys:   &syscall.SysProcAttr{},
	}
	rec := newRecorder()
	rec.mounts = ownMounts()
	t := &bpfTracer{
		opts: opts, rec: rec, live: map[uint32]int{},
		link: make([]byte, 4096), shebangs: map[string][]string{}, elf: map[string]string{},
		ioURing: map[int]uringUse{}, mounts: map[mountKey]int{}, repeats: map[bpfTraceRepeatKey]bpfRepeat{}, gone: map[uint32]bool{},
		args: map[uint32]bpfArgs{},
	}
	for _, d := range opts.Skip {
		t.skip = append(t.skip, []byte(strings.TrimSuffix(d, "/")+"/"))
	}
	t.skipRoots, _ = skipRoots(t.skip)
	t.rec.startResolver()
	defer t.rec.stopResolver()

	start := time.Now()
	var (
		pid        int
		rp         *reaper
		reaperGone = make(chan struct{}) // closed once the reaper is reaped
	)
	{
		// The reaper starts the helper and reports once it has stopped
		// itself; it also reports the helper's status, since the helper
		// is its child. The eBPF backend always starts it, whether or
		// not Options.KillDescendants asks: without ptrace's
		// PTRACE_O_EXITKILL nothing else ends the tree when envaudit
		// dies, and the reaper's parent-death signal does.
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
	}
	abandon := func() {
		unix.Kill(pid, unix.SIGKILL)
		rp.ctl.Close()
		<-rp.done
		rp.repR.Close()
	}
	if src == nil {
		var err error
		if src, err = getSrc(); err != nil {
			// The ptrace run that may follow writes to the same
			// streams: the copies into them end first.
			abandon()
			<-reaperGone
			sio.wait()
			return nil, &errBPFLoad{err}
		}
	}
	t.root = uint32(pid)
	t.live[t.root] = 0
	if err := src.track(t.root); err != nil {
		abandon()
		return nil, fmt.Errorf("trace: add the helper to the traced set: %w", err)
	}
	// A file whose inode changes from now on changes during the run.
	t.rec.start = coarseNow()
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
		// What escaped the traced set, the reaper signals.
		if sig == unix.SIGKILL {
			rp.request(reapKill)
		} else {
			rp.request(reapTerm)
		}
	}
	gotRoot := func(x rootExit) {
		rootStatus, rootExited, rootEnd = x.ws, true, x.at
		graceAt = rootEnd.Add(grace)
	}
	var rerr error
	for {
		if len(t.live) == 0 && !rootExited {
			// Every traced process's exit has been read and only the
			// root's status is still to come (the reaper reports it
			// on its own pipe): no event can come before it, so wait
			// for it rather than for the ring buffer's deadline.
			select {
			case x := <-rootDone:
				gotRoot(x)
			case <-time.After(bpfPoll):
			}
		} else if lostLoader == nil {
			rec, err := src.read(time.Now().Add(bpfPoll))
			switch {
			case err == nil:
				if e, derr := decodeBPFEvent(rec); derr != nil {
					rerr = derr
				} else {
					t.handle(e)
				}
			case errors.Is(err, os.ErrDeadlineExceeded):
				if rootExited {
					t.pruneGone(src)
				}
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
			// No exit event can tell any more: the processes say
			// themselves whether they are gone.
			time.Sleep(20 * time.Millisecond)
			t.pruneGone(src)
		}
		select {
		case x := <-rootDone:
			gotRoot(x)
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
	var repeats map[bpfTraceRepeatKey]uint64
	if lostLoader == nil {
		drops, repeats, err = src.finish(func(rec []byte) {
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
	awaitGone(killed)
	sio.wait()
	if msg := readHelperError(errR); msg != "" {
		return nil, helperFailure(opts.Command, msg)
	}
	if rerr != nil {
		return nil, fmt.Errorf("trace %q: %w", strings.Join(opts.Command, " "), rerr)
	}
	lostRepeats := t.addRepeats(repeats)
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
	uringEnd(&end, t.rec.procs, t.ioURing)
	end.Mounts = mountChanges(t.mounts)
	seen := map[nestedUse]bool{}
	for _, u := range t.attached {
		if k := (nestedUse{rec: u.rec, ptrace: true}); !seen[k] {
			seen[k] = true
			p := t.rec.procs[u.rec-1]
			end.Warnings = append(end.Warnings, ptraceOutsideWarning(p, u.pid))
		}
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
	if lostRepeats > 0 {
		end.Lost += lostRepeats
		end.Incomplete = true
		end.Warnings = append(end.Warnings, fmt.Sprintf("the eBPF tracer lost %d repeated opens of files whose first open the ring buffer had no room for: the trace is incomplete", lostRepeats))
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

// awaitGone waits, up to maxTermWait in all, until none of pids runs any
// more. The exit tracepoint fires early in the kernel's exit path, before
// the process has closed its files and become a zombie, so the last exit
// event can be read while the process still runs; what the end of the
// tree killed must be gone when Run returns, as under ptrace, whose tracer
// waits for each exit.
func awaitGone(pids map[int]bool) {
	deadline := time.Now().Add(maxTermWait)
	for pid := range pids {
		for time.Now().Before(deadline) {
			if _, state, ok := statParent(pid); !ok || state == 'Z' || state == 'X' {
				break
			}
			time.Sleep(time.Millisecond)
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
		delete(t.args, e.pid)
	case bpfEvArgs:
		if _, ok := t.live[e.pid]; ok {
			t.args[e.pid] = bpfArgs{image: e.key.Image, argv: splitArgs(e.argv), cwd: string(e.cwd)}
		}
	case bpfEvOpen:
		if e.counted {
			// Its repeats are counted whatever this one becomes;
			// an entry left zero adds nothing.
			t.repeats[e.key] = bpfRepeat{}
		}
		rec, ok := t.live[e.pid]
		if !ok || rec == 0 {
			return
		}
		x := abiX8664
		if e.compat {
			x = abiI386
		}
		op, ok := x.openOp(e.flags)
		if !ok {
			return
		}
		// The kernel's name of the file opened, as the ptrace backend
		// reads it back from /proc/PID/fd/N: a path, or none.
		var real []byte
		if len(e.file) > 0 && e.file[0] == '/' {
			real = e.file
		}
		path := e.path
		named := e.sys != bpfSysOpenHandle && e.sys != bpfSysReceived
		if !named {
			path = real
		}
		if len(path) == 0 {
			return
		}
		// As under ptrace, only a path the process named is skipped,
		// and only when it opened the skipped directory's own file.
		if named && t.skips(path) && t.own(&e, real) {
			t.skipped++
			if e.counted {
				t.repeats[e.key] = bpfRepeat{skipped: true}
			}
			return
		}
		if path[0] != '/' {
			path = t.absolute(int(e.tid), path, e.dirfd, e.base)
		}
		f := e.facts(real)
		ref := t.rec.addAccess(rec, opIndexOf(op), path, real, &f)
		if e.counted {
			t.repeats[e.key] = bpfRepeat{ref: ref}
		}
	case bpfEvExec:
		t.exec(e)
	case bpfEvURing:
		if rec := t.live[e.pid]; rec != 0 {
			switch e.ppid {
			case bpfURingSetUp:
				t.ioURing[rec] |= uringSetUp
			case bpfURingRefused:
				t.ioURing[rec] |= uringRefused
			case bpfURingReceived:
				t.ioURing[rec] |= uringReceived
			}
		}
	case bpfEvMount:
		if rec := t.live[e.pid]; rec != 0 {
			t.mounts[mountKey{rec, sysKind(e.ppid).String()}]++
		}
	case bpfEvPtrace:
		if rec := t.live[e.pid]; rec != 0 && !t.traces(e.ppid) {
			t.attached = append(t.attached, nestedUse{rec: rec, pid: int(e.ppid), ptrace: true})
		}
	}
}

// addRepeats adds the kernel's counts of repeated opens to the accesses
// their first opens recorded, and returns how many it could not place: the
// repeats of an open whose own event was lost.
func (t *bpfTracer) addRepeats(counts map[bpfTraceRepeatKey]uint64) (lost int64) {
	for k, n := range counts {
		r, ok := t.repeats[k]
		switch {
		case !ok:
			lost += int64(n)
		case r.skipped:
			t.skipped += int64(n)
		default:
			t.rec.repeat(r.ref, int64(n))
		}
	}
	return lost
}

// repeatsBatch is how many counters readRepeats reads per system call.
const repeatsBatch = 4096

// readRepeats reads every counter of the repeats map m: in batches of
// repeatsBatch (two system calls per key otherwise, which a run with a
// hundred thousand distinct files would pay at its end), or one key at a
// time.
func readRepeats(m *ebpf.Map, batch bool) (map[bpfTraceRepeatKey]uint64, error) {
	out := map[bpfTraceRepeatKey]uint64{}
	if !batch {
		var k bpfTraceRepeatKey
		var n uint64
		it := m.Iterate()
		for it.Next(&k, &n) {
			out[k] = n
		}
		return out, it.Err()
	}
	keys := make([]bpfTraceRepeatKey, repeatsBatch)
	vals := make([]uint64, repeatsBatch)
	var cursor ebpf.MapBatchCursor
	for {
		n, err := m.BatchLookup(&cursor, keys, vals, nil)
		for i := range n {
			out[keys[i]] = vals[i]
		}
		if errors.Is(err, ebpf.ErrKeyNotExist) {
			return out, nil
		}
		if err != nil {
			return nil, err
		}
	}
}

// pruneGone ends the processes whose exit event was lost (the ring buffer
// had no room for it): without it the run would wait for them forever.
// The kernel drops a process from its traced set when it exits, whether
// or not the event could be sent; one that is absent is removed at the
// next call, when the ring buffer was empty again since, so every event
// it sent before its exit has been read (a fork event read after its
// parent was removed would lose the child).
func (t *bpfTracer) pruneGone(src bpfSource) {
	for tgid := range t.gone {
		delete(t.live, tgid)
	}
	clear(t.gone)
	for tgid := range t.live {
		in, known := src.tracked(tgid)
		if !known {
			// The loader's maps are in another process: the process
			// itself says whether it is gone.
			_, state, ok := statParent(int(tgid))
			in = ok && state != 'Z' && state != 'X'
		}
		if !in {
			t.gone[tgid] = true
		}
	}
}

// traces reports whether thread tid belongs to a process the kernel
// traces: a ptrace target inside the tree is seen anyway.
func (t *bpfTracer) traces(tid uint32) bool {
	if _, ok := t.live[tid]; ok {
		return true
	}
	tgid, _, err := procIDs(int(tid))
	_, traced := t.live[uint32(tgid)]
	return err == nil && traced
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

// own reports whether the file an open below a skipped directory opened,
// whose real path the kernel named real, is that directory's own: the rule
// of the ptrace backend's ownFile, applied to what the kernel says of the
// file the descriptor holds, so that nothing the command does to the path
// between the open and this look can change the answer. It is a regular
// file with no other hard link, or a directory, on the mount of a skipped
// directory as resolved at the start, whose real path lies below it, and
// still under the name the open resolved.
func (t *bpfTracer) own(e *bpfEvent, real []byte) bool {
	if e.unsettled {
		// Its real path and link count may not be those it was
		// opened under.
		return false
	}
	switch uint32(e.mode) & unix.S_IFMT {
	case unix.S_IFREG:
		if e.nlink != 1 {
			return false
		}
	case unix.S_IFDIR:
	default:
		return false
	}
	return belowRoot(t.skipRoots, real, e.mnt)
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
	exe := string(e.file)
	if exe == "" {
		// Deeper than the kernel side walks.
		if l, err := readlinkProc(pid, "exe", t.link); err == nil {
			exe = string(bytes.TrimSuffix(l, []byte(" (deleted)")))
		}
	}
	// The command line and working directory the kernel read at the
	// exec; /proc only where that record was lost (the process may be
	// gone by now, and they are then empty).
	var argv []string
	cwd := ""
	if a, ok := t.args[e.pid]; ok && a.image != 0 && a.image == e.key.Image {
		argv, cwd = a.argv, a.cwd
	} else {
		argv = t.readCmdline(pid)
		if l, err := readlinkProc(pid, "cwd", t.link); err == nil {
			cwd = string(l)
		}
	}
	delete(t.args, e.pid)
	execPath := string(e.path)
	if execPath != "" && execPath[0] != '/' {
		execPath = string(t.absolute(pid, e.path, e.dirfd, e.base))
	}
	rec := t.rec.addProcess(Process{PID: pid, Parent: parent, Exe: exe, Argv: argv, Cwd: cwd, Exec: true})
	t.live[e.pid] = rec
	if len(e.file) > 0 {
		t.rec.setExe(rec, exe, e.facts(e.file))
	}
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
	return interpreterChain(t.shebangs, path, cwd)
}

// splitArgs splits a command line as /proc/PID/cmdline gives it, with at
// most maxArgs arguments, as readCmdline does.
func splitArgs(b []byte) []string {
	b = bytes.TrimSuffix(b, []byte{0})
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
	return splitArgs(t.cmdline[:n])
}

func (e *bpfUnavailable) Is(target error) bool { return target == ErrEBPFUnavailable }

// runBackend runs the command with the eBPF backend when opts ask for it
// or, for BackendAuto, when its programs load here without asking sudo (as
// root, or through opts.Loader); otherwise it returns
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
	if opts.LoaderErr != nil && opts.Loader == nil {
		if opts.Backend == BackendEBPF {
			return nil, "", false, fmt.Errorf("trace --backend ebpf: %w", opts.LoaderErr)
		}
		return nil, opts.LoaderErr.Error(), false, nil
	}
	l := opts.Loader
	if l == nil {
		if opts.Backend == BackendAuto && os.Geteuid() != 0 {
			// Asking sudo is for a caller that chose it (--backend
			// ebpf, or a loader started beforehand, as the Action
			// does): sudo logs, and may mail, every attempt of a
			// user it does not know.
			return nil, "envaudit does not run as root, and auto does not ask sudo (--backend ebpf loads the programs through sudo -n)", false, nil
		}
		l = StartEBPFLoaderAsync()
	}
	// Closed here whatever runEBPF did: it may fail before it waits for
	// the programs (closing a source twice is harmless).
	defer l.Close()
	mode, err := modeFor(opts.Privileged)
	if err != nil {
		return nil, "", false, err
	}
	tr, err = runEBPF(ctx, opts, func() (bpfSource, error) {
		src, err := l.wait()
		if err != nil {
			return nil, err
		}
		return src.(bpfSource), nil
	}, dir, env, grace, mode)
	var lerr *errBPFLoad
	if errors.As(err, &lerr) {
		if opts.Backend == BackendEBPF {
			return nil, "", false, fmt.Errorf("trace --backend ebpf: %w", lerr.err)
		}
		return nil, lerr.err.Error(), false, nil
	}
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
