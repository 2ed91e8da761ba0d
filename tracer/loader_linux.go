//go:build linux && amd64

package tracer

import (
	"bufio"
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"os"
	"os/signal"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"time"

	"github.com/cilium/ebpf/ringbuf"
	"golang.org/x/sys/unix"
)

// The loader is the tracer's own binary, started by an unprivileged
// envaudit as
//
//	sudo -n -- /proc/ENVAUDIT_PID/exe __envaudit_bpfload
//
// so that the eBPF programs load as root while the traced command runs
// exactly as it would without envaudit: the command is envaudit's child,
// not the loader's, and nothing in its tree is privileged. The path names
// the very binary envaudit runs (the file at its path may have been
// replaced since), and sudo is taken from the system's directories, never
// from PATH: nothing the workspace controls runs as root.
//
// The two talk over the loader's standard streams, the only descriptors
// sudo passes on (it closes the others). On standard input envaudit
// writes lines: "track PID" once, to add the helper to the traced set
// before the helper goes on, then "end" once the tree is gone. On
// standard output the loader writes frames (loaderFrame): ready with the
// hooks it attached, or an error saying why it cannot load; an answer to
// the track request; each ring-buffer record as the kernel wrote it; and
// the drop counters at the end, after the last record. Every frame
// carries a sequence number, so a frame that goes missing (another
// process of the same user reading the pipe through /proc) makes the
// stream fail loudly rather than shrink the trace.
//
// The loader dies with envaudit: end of file on its standard input ends
// it, and so does its parent-death signal when sudo dies. It ignores the
// signals sudo relays (the command, running as the user sudo was started
// by, may signal sudo), so only killing sudo outright ends it early; the
// trace is then marked incomplete.

// Frame kinds of the loader's stream.
const (
	frameReady  = 'R' // payload: the hooks, one per line
	frameError  = 'E' // payload: why the loader cannot go on
	frameAck    = 'A' // the track request was done
	frameRecord = 'V' // payload: one ring-buffer record
	frameDrops  = 'D' // payload: the drop counters, little-endian uint64s
	frameCounts = 'C' // payload: repeated-open counters, repeatEntry bytes each
)

// loaderFrameHeader is a frame's kind, 3 bytes of padding, the payload's
// length (uint32) and the sequence number (uint64), little-endian.
const loaderFrameHeader = 16

// maxLoaderFrame bounds a frame's payload: a record is at most a few
// pages, and a bigger length means the stream is corrupt.
const maxLoaderFrame = 1 << 16

// loaderTimeout bounds the start of the loader (sudo -n never prompts, and
// loading the programs takes well under a second) and each answer.
const loaderTimeout = 30 * time.Second

// sudoDirs are where sudo is looked for: the system's own directories,
// never PATH, which the workspace may control.
var sudoDirs = []string{"/usr/bin", "/bin", "/usr/sbin", "/sbin", "/usr/local/bin"}

// loaderWriter writes frames.
type loaderWriter struct {
	w   *bufio.Writer
	seq uint64
	hdr [loaderFrameHeader]byte
}

func (w *loaderWriter) frame(kind byte, payload []byte) error {
	w.hdr[0] = kind
	binary.LittleEndian.PutUint32(w.hdr[4:], uint32(len(payload)))
	binary.LittleEndian.PutUint64(w.hdr[8:], w.seq)
	w.seq++
	if _, err := w.w.Write(w.hdr[:]); err != nil {
		return err
	}
	_, err := w.w.Write(payload)
	return err
}

// loaderMain is the loader; it never returns.
func loaderMain() {
	// sudo relays the signals it receives to the loader, and the command
	// may signal sudo: none of them may end the loader. envaudit ends it
	// by closing its standard input.
	signal.Ignore(unix.SIGINT, unix.SIGTERM, unix.SIGHUP, unix.SIGQUIT, unix.SIGTSTP, unix.SIGTTIN, unix.SIGTTOU, unix.SIGUSR1, unix.SIGUSR2, unix.SIGALRM)
	parent := os.Getppid()
	unix.Prctl(unix.PR_SET_PDEATHSIG, uintptr(unix.SIGKILL), 0, 0, 0)
	if os.Getppid() != parent {
		os.Exit(1) // sudo died before the signal was set
	}
	out := &loaderWriter{w: bufio.NewWriterSize(os.Stdout, 256<<10)}
	fail := func(msg string) {
		out.frame(frameError, []byte(msg))
		out.w.Flush()
		os.Exit(1)
	}
	if os.Geteuid() != 0 {
		fail("the loader does not run as root (sudo gave it uid " + strconv.Itoa(os.Geteuid()) + ")")
	}
	s, err := loadBPF()
	if err != nil {
		fail(err.Error())
	}
	out.frame(frameReady, []byte(strings.Join(s.hooks(), "\n")))
	out.w.Flush()

	cmds := make(chan string)
	go func() {
		sc := bufio.NewScanner(io.LimitReader(os.Stdin, 1<<10))
		for sc.Scan() {
			// The loop below looks for requests between two reads
			// of the ring buffer: the flush ends the read it is in,
			// so that envaudit's track (the command waits for it)
			// and end are answered at once, not at the read's
			// deadline.
			s.rd.Flush()
			cmds <- sc.Text()
		}
		// envaudit is gone, or closed the pipe: the programs detach
		// when this process exits.
		os.Exit(0)
	}()
	tracked := false
	for {
		rec, err := s.read(time.Now().Add(bpfPoll))
		switch {
		case err == nil:
			if out.frame(frameRecord, rec) != nil {
				os.Exit(1)
			}
			// Batched while records keep coming, sent as soon as the
			// ring buffer is empty: envaudit learns of the tree's end
			// from the last exit record.
			if s.rd.AvailableBytes() == 0 && out.w.Flush() != nil {
				os.Exit(1)
			}
			continue
		case errors.Is(err, os.ErrDeadlineExceeded), errors.Is(err, ringbuf.ErrFlushed):
		default:
			fail("read the ring buffer: " + err.Error())
		}
		if out.w.Flush() != nil {
			os.Exit(1)
		}
		select {
		case c := <-cmds:
			f := strings.Fields(c)
			switch {
			case len(f) == 2 && f[0] == "track" && !tracked:
				pid, err := strconv.Atoi(f[1])
				if err != nil || pid <= 0 {
					fail(fmt.Sprintf("bad request %q", c))
				}
				tracked = true
				if err := s.track(uint32(pid)); err != nil {
					fail("add the helper to the traced set: " + err.Error())
				}
				out.frame(frameAck, nil)
			case len(f) == 1 && f[0] == "end":
				drops, counts, err := s.finish(func(rec []byte) { out.frame(frameRecord, rec) })
				if err != nil {
					fail("read the drop counters: " + err.Error())
				}
				// The counts before the drops, which end the stream.
				buf := make([]byte, 0, maxLoaderFrame)
				for k, n := range counts {
					buf = appendRepeat(buf, k, n)
					if len(buf)+repeatEntry > maxLoaderFrame {
						out.frame(frameCounts, buf)
						buf = buf[:0]
					}
				}
				if len(buf) > 0 {
					out.frame(frameCounts, buf)
				}
				b := make([]byte, 8*len(drops))
				for i, n := range drops {
					binary.LittleEndian.PutUint64(b[8*i:], n)
				}
				out.frame(frameDrops, b)
				out.w.Flush()
				os.Exit(0)
			default:
				// envaudit sends one track request, then end: anything
				// else came from another process.
				fail(fmt.Sprintf("unexpected request %q", c))
			}
			if out.w.Flush() != nil {
				os.Exit(1)
			}
		default:
		}
	}
}

// loaderFrame is a frame read from the loader.
type loaderFrame struct {
	kind byte
	data []byte
	err  error // the stream ended or is corrupt; kind is 0
}

// sudoLoader is envaudit's side of a loader started through sudo.
type sudoLoader struct {
	pid      int
	in       *os.File
	frames   chan loaderFrame
	free     chan []byte
	last     []byte // the record read returned last, given back on the next call
	stderr   *cappedBuffer
	hookList []string
	exited   chan struct{} // closed once sudo has been reaped
	status   unix.WaitStatus
	once     sync.Once
	timer    *time.Timer
}

// cappedBuffer keeps the first bytes written to it.
type cappedBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (c *cappedBuffer) Write(p []byte) (int, error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if room := 4096 - c.b.Len(); room > 0 {
		c.b.Write(p[:min(len(p), room)])
	}
	return len(p), nil
}

func (c *cappedBuffer) String() string {
	c.mu.Lock()
	defer c.mu.Unlock()
	return strings.TrimSpace(c.b.String())
}

// oneLine makes what sudo or the loader said one line of at most max
// bytes: it ends up in a report's single-line fields.
func oneLine(s string, max int) string {
	var lines []string
	for _, l := range strings.Split(s, "\n") {
		if l = strings.Join(strings.Fields(l), " "); l != "" {
			lines = append(lines, l)
		}
	}
	s = strings.Join(lines, "; ")
	if len(s) > max {
		s = strings.ToValidUTF8(s[:max], "") + "..."
	}
	return s
}

// findSudo returns the system's sudo: a root-owned set-user-ID file in one
// of sudoDirs.
func findSudo() (string, error) {
	for _, d := range sudoDirs {
		p := d + "/sudo"
		var st unix.Stat_t
		if unix.Stat(p, &st) != nil || st.Mode&unix.S_IFMT != unix.S_IFREG {
			continue
		}
		if st.Uid == 0 && st.Mode&unix.S_ISUID != 0 {
			return p, nil
		}
	}
	return "", fmt.Errorf("no set-user-ID sudo owned by root in %s", strings.Join(sudoDirs, ", "))
}

// noNewPrivs reports whether no_new_privs is set on this process: sudo
// then cannot gain root.
func noNewPrivs() bool {
	n, err := unix.PrctlRetInt(unix.PR_GET_NO_NEW_PRIVS, 0, 0, 0, 0)
	return err == nil && n == 1
}

// startSudoLoader starts the loader through sudo -n and waits until it has
// loaded the programs.
func startSudoLoader() (*sudoLoader, error) {
	if noNewPrivs() {
		return nil, &bpfUnavailable{"envaudit runs with no_new_privs set, so sudo cannot give the loader of the eBPF programs root", nil}
	}
	sudo, err := findSudo()
	if err != nil {
		return nil, &bpfUnavailable{"loading BPF programs needs root, and " + err.Error(), nil}
	}
	inR, inW, err := os.Pipe()
	if err != nil {
		return nil, fmt.Errorf("trace: %w", err)
	}
	outR, outW, err := os.Pipe()
	if err != nil {
		inR.Close()
		inW.Close()
		return nil, fmt.Errorf("trace: %w", err)
	}
	errR, errW, err := os.Pipe()
	if err != nil {
		inR.Close()
		inW.Close()
		outR.Close()
		outW.Close()
		return nil, fmt.Errorf("trace: %w", err)
	}
	// The trace crosses a pipe whose read end is envaudit's: a process of
	// the same user could open it through /proc/PID/fd and read or write
	// frames. Non-dumpable, envaudit's /proc/PID/fd needs CAP_SYS_PTRACE.
	// (The helper is a new executable, dumpable again.)
	if err := unix.Prctl(unix.PR_SET_DUMPABLE, 0, 0, 0, 0); err != nil {
		return nil, fmt.Errorf("trace: prctl(PR_SET_DUMPABLE): %w", err)
	}
	exe := "/proc/" + strconv.Itoa(os.Getpid()) + "/exe"
	pid, err := syscall.ForkExec(sudo, []string{sudo, "-n", "--", exe, LoaderArg}, &syscall.ProcAttr{
		// sudo resets the environment anyway; this one asks for no
		// locale, askpass or editor of the caller's.
		Env:   []string{"PATH=/usr/sbin:/usr/bin:/sbin:/bin", "LC_ALL=C"},
		Dir:   "/",
		Files: []uintptr{inR.Fd(), outW.Fd(), errW.Fd()},
		// Its own process group: a Ctrl-C at the terminal is envaudit's
		// to forward to the command, not sudo's.
		Sys: &syscall.SysProcAttr{Setpgid: true},
	})
	inR.Close()
	outW.Close()
	errW.Close()
	if err != nil {
		inW.Close()
		outR.Close()
		errR.Close()
		return nil, &bpfUnavailable{"loading BPF programs needs root, and " + sudo + " could not be started", err}
	}
	l := &sudoLoader{
		pid: pid, in: inW, frames: make(chan loaderFrame, 64), free: make(chan []byte, 80),
		stderr: &cappedBuffer{}, exited: make(chan struct{}), timer: time.NewTimer(time.Hour),
	}
	stderrDone := make(chan struct{})
	go func() {
		defer close(stderrDone)
		io.Copy(l.stderr, errR)
		errR.Close()
	}()
	go func() {
		for {
			_, err := unix.Wait4(pid, &l.status, 0, nil)
			if err == unix.EINTR {
				continue
			}
			break
		}
		close(l.exited)
	}()
	go l.readFrames(outR)
	f, ok := l.next(time.Now().Add(loaderTimeout))
	switch {
	case ok && f.kind == frameReady:
		l.hookList = strings.Split(string(f.data), "\n")
		return l, nil
	case ok && f.kind == frameError:
		l.close()
		return nil, &bpfUnavailable{"the loader started through sudo cannot load them: " + oneLine(string(f.data), 500), nil}
	}
	l.close()
	select {
	case <-stderrDone:
	case <-time.After(time.Second):
	}
	why := oneLine(l.stderr.String(), 300)
	if why == "" && f.err != nil {
		why = f.err.Error()
	}
	if why == "" {
		why = "it did not answer within " + loaderTimeout.String()
	}
	return nil, &bpfUnavailable{"loading BPF programs needs root, and sudo -n could not start the loader as root (" + why + ")", nil}
}

// readFrames reads the loader's stream into l.frames until it ends.
func (l *sudoLoader) readFrames(r io.ReadCloser) {
	defer r.Close()
	br := bufio.NewReaderSize(r, 256<<10)
	var hdr [loaderFrameHeader]byte
	var seq uint64
	for {
		if _, err := io.ReadFull(br, hdr[:]); err != nil {
			if err == io.EOF {
				err = io.ErrUnexpectedEOF
			}
			l.frames <- loaderFrame{err: fmt.Errorf("the loader's stream ended: %w", err)}
			return
		}
		n := binary.LittleEndian.Uint32(hdr[4:])
		if got := binary.LittleEndian.Uint64(hdr[8:]); got != seq || n > maxLoaderFrame {
			l.frames <- loaderFrame{err: fmt.Errorf("the loader's stream is corrupt at frame %d (another process may have read from it)", seq)}
			return
		}
		seq++
		var buf []byte
		select {
		case buf = <-l.free:
		default:
		}
		if cap(buf) < int(n) {
			buf = make([]byte, n, max(int(n), 4<<10+64))
		}
		buf = buf[:n]
		if _, err := io.ReadFull(br, buf); err != nil {
			l.frames <- loaderFrame{err: fmt.Errorf("the loader's stream ended in a frame: %w", err)}
			return
		}
		l.frames <- loaderFrame{kind: hdr[0], data: buf}
	}
}

// next returns the next frame, false when none came before deadline.
func (l *sudoLoader) next(deadline time.Time) (loaderFrame, bool) {
	select {
	case f := <-l.frames:
		return f, true
	default:
	}
	d := time.Until(deadline)
	if d <= 0 {
		return loaderFrame{}, false
	}
	l.timer.Reset(d)
	defer l.timer.Stop()
	select {
	case f := <-l.frames:
		return f, true
	case <-l.timer.C:
		return loaderFrame{}, false
	}
}

// giveBack returns the last record's buffer for reuse.
func (l *sudoLoader) giveBack() {
	if l.last != nil {
		select {
		case l.free <- l.last:
		default:
		}
		l.last = nil
	}
}

// errLoaderGone is the error of a loader that ended before the run did.
type errLoaderGone struct{ why string }

func (e *errLoaderGone) Error() string { return e.why }

// gone explains the end of the loader's stream.
func (l *sudoLoader) gone(f loaderFrame) error {
	if f.kind == frameError {
		return &errLoaderGone{"the loader of the eBPF programs failed: " + string(f.data)}
	}
	why := "the loader of the eBPF programs (started through sudo) ended before the run did"
	select {
	case <-l.exited:
		why += " (sudo " + describeStatus(l.status) + ")"
	case <-time.After(100 * time.Millisecond):
	}
	if f.err != nil {
		why += ": " + f.err.Error()
	}
	return &errLoaderGone{why}
}

func (l *sudoLoader) track(pid uint32) error {
	if _, err := fmt.Fprintf(l.in, "track %d\n", pid); err != nil {
		return fmt.Errorf("ask the loader: %w", err)
	}
	deadline := time.Now().Add(loaderTimeout)
	for {
		f, ok := l.next(deadline)
		switch {
		case !ok:
			return fmt.Errorf("the loader did not answer within %v", loaderTimeout)
		case f.kind == frameAck:
			return nil
		case f.kind == frameRecord:
			// Nothing is traced before the helper: none can come.
			continue
		}
		return l.gone(f)
	}
}

func (l *sudoLoader) read(deadline time.Time) ([]byte, error) {
	l.giveBack()
	f, ok := l.next(deadline)
	if !ok {
		return nil, os.ErrDeadlineExceeded
	}
	if f.kind != frameRecord {
		return nil, l.gone(f)
	}
	l.last = f.data
	return f.data, nil
}

func (l *sudoLoader) finish(handle func([]byte)) ([]uint64, map[bpfTraceRepeatKey]uint64, error) {
	l.giveBack()
	if _, err := io.WriteString(l.in, "end\n"); err != nil {
		return nil, nil, &errLoaderGone{"the loader of the eBPF programs (started through sudo) ended before the run did: " + err.Error()}
	}
	deadline := time.Now().Add(loaderTimeout)
	counts := map[bpfTraceRepeatKey]uint64{}
	for {
		f, ok := l.next(deadline)
		switch {
		case !ok:
			return nil, nil, &errLoaderGone{fmt.Sprintf("the loader of the eBPF programs did not send its drop counters within %v", loaderTimeout)}
		case f.kind == frameRecord:
			handle(f.data)
			continue
		case f.kind == frameCounts:
			if err := decodeRepeats(f.data, counts); err != nil {
				return nil, nil, &errLoaderGone{"the loader of the eBPF programs sent " + err.Error()}
			}
			continue
		case f.kind == frameDrops:
			out := make([]uint64, len(f.data)/8)
			for i := range out {
				out[i] = binary.LittleEndian.Uint64(f.data[8*i:])
			}
			return out, counts, nil
		}
		return nil, nil, l.gone(f)
	}
}

// tracked cannot look: the traced set is in the loader's process.
func (l *sudoLoader) tracked(uint32) (in, known bool) { return false, false }

// repeatEntry is the size of one repeated-open counter in a frameCounts
// payload: the key's four uint64s, then the count, little-endian.
const repeatEntry = 5 * 8

func appendRepeat(b []byte, k bpfTraceRepeatKey, n uint64) []byte {
	for _, v := range [...]uint64{k.Image, k.Flags, k.Spelled, k.File, n} {
		b = binary.LittleEndian.AppendUint64(b, v)
	}
	return b
}

// decodeRepeats adds a frameCounts payload to counts.
func decodeRepeats(b []byte, counts map[bpfTraceRepeatKey]uint64) error {
	if len(b)%repeatEntry != 0 {
		return fmt.Errorf("a counts frame of %d bytes, not a multiple of %d", len(b), repeatEntry)
	}
	for ; len(b) > 0; b = b[repeatEntry:] {
		u := func(i int) uint64 { return binary.LittleEndian.Uint64(b[8*i:]) }
		k := bpfTraceRepeatKey{Image: u(0), Flags: u(1), Spelled: u(2), File: u(3)}
		counts[k] += u(4)
	}
	return nil
}

func (l *sudoLoader) hooks() []string { return l.hookList }
func (l *sudoLoader) via() string     { return "sudo" }

// close ends the loader (end of file on its standard input) and waits for
// sudo to exit, so that no process of envaudit's outlives the run.
func (l *sudoLoader) close() {
	l.once.Do(func() {
		l.in.Close()
		select {
		case <-l.exited:
		case <-time.After(loaderTimeout):
		}
		// Unblock readFrames should nobody read any more.
		go func() {
			for f := range l.frames {
				if f.err != nil {
					return
				}
			}
		}()
	})
}
