package evchan

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"sync"
	"time"
	"unsafe"

	"golang.org/x/sys/unix"

	"github.com/envaudit/envaudit/tracer"
)

// Channel is an open evidence channel: the FIFO in a scratch directory,
// the goroutine reading it, and the watch over the scratch tree.
type Channel struct {
	scratch string
	path    string
	f       *os.File
	dev     uint64
	ino     uint64

	watch   int               // inotify descriptor
	watched map[int32]watched // watch descriptor → what it watches

	mu       sync.Mutex
	data     []byte
	overflow bool
	done     chan struct{}
}

// watched is one inotify watch: the path and whether it is a directory
// above the scratch directory (only its own move or deletion matters).
type watched struct {
	path     string
	ancestor bool
}

// Directory, file and ancestor masks. A FIFO's writes raise IN_MODIFY,
// so the FIFO is watched without it.
const (
	dirMask      = unix.IN_CREATE | unix.IN_DELETE | unix.IN_MOVED_FROM | unix.IN_MOVED_TO | unix.IN_ATTRIB | unix.IN_DELETE_SELF | unix.IN_MOVE_SELF | unix.IN_DONT_FOLLOW
	fileMask     = unix.IN_MODIFY | unix.IN_ATTRIB | unix.IN_DELETE_SELF | unix.IN_MOVE_SELF | unix.IN_DONT_FOLLOW
	fifoMask     = unix.IN_ATTRIB | unix.IN_DELETE_SELF | unix.IN_MOVE_SELF | unix.IN_DONT_FOLLOW
	ancestorMask = unix.IN_DELETE_SELF | unix.IN_MOVE_SELF | unix.IN_ONLYDIR
)

// Open makes the channel in scratch (which holds everything the
// ecosystem's TraceEnv wrote there, none of it named Name), starts reading
// it and watches the scratch tree. Call it after TraceEnv and before the
// traced command starts; Close it once the command ended.
func Open(scratch string) (_ *Channel, err error) {
	scratch, err = filepath.Abs(scratch)
	if err != nil {
		return nil, err
	}
	c := &Channel{scratch: scratch, path: Path(scratch), watch: -1, watched: map[int32]watched{}, done: make(chan struct{})}
	defer func() {
		if err != nil {
			c.closeFDs()
		}
	}()
	if err := unix.Mkfifo(c.path, 0o600); err != nil {
		return nil, fmt.Errorf("evidence channel %q: %w", c.path, os.NewSyscallError("mkfifo", err))
	}
	// Read and write: the FIFO then never reads as ended while no tool
	// holds it (a JVM that has not started yet), and a tool's open for
	// writing never blocks. Not blocking, so that Close can drain it.
	fd, err := unix.Open(c.path, unix.O_RDWR|unix.O_NONBLOCK|unix.O_CLOEXEC|unix.O_NOFOLLOW, 0)
	if err != nil {
		return nil, fmt.Errorf("evidence channel %q: %w", c.path, os.NewSyscallError("open", err))
	}
	c.f = os.NewFile(uintptr(fd), c.path)
	var st unix.Stat_t
	if err := unix.Fstat(fd, &st); err != nil {
		return nil, fmt.Errorf("evidence channel %q: %w", c.path, os.NewSyscallError("fstat", err))
	}
	if st.Mode&unix.S_IFMT != unix.S_IFIFO {
		return nil, fmt.Errorf("evidence channel %q: not the FIFO envaudit made", c.path)
	}
	c.dev, c.ino = st.Dev, st.Ino
	// The watch first: inotify needs read permission on what it watches,
	// which the FIFO's owner loses below (root never needs it, so a test
	// run as root would not tell).
	if err := c.startWatch(); err != nil {
		return nil, fmt.Errorf("evidence channel %q: watch %q: %w", c.path, scratch, err)
	}
	// Write-only from now on, for its owner too: reading it takes a
	// chmod, which the watch sees. Another user (a privileged trace's
	// command) may write and can neither read nor chmod it.
	if err := unix.Fchmod(fd, 0o222); err != nil {
		return nil, fmt.Errorf("evidence channel %q: %w", c.path, os.NewSyscallError("fchmod", err))
	}
	// That chmod is the one change the watch has seen so far: the command
	// has not started.
	c.events()
	go c.read()
	return c, nil
}

// Path returns the FIFO's path.
func (c *Channel) Path() string { return c.path }

// read keeps what the tools write, as they write it, so that the pipe's
// buffer never fills and blocks them.
func (c *Channel) read() {
	defer close(c.done)
	buf := make([]byte, 64<<10)
	for {
		n, err := c.f.Read(buf)
		if n > 0 {
			c.keep(buf[:n])
		}
		if err != nil {
			return
		}
	}
}

func (c *Channel) keep(b []byte) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if len(c.data)+len(b) > MaxBytes {
		c.overflow = true
		return
	}
	c.data = append(c.data, b...)
}

// startWatch watches every directory and file of the scratch tree, and
// each directory above it, for what would let the tools write elsewhere
// than the channel, or another program than envaudit's.
func (c *Channel) startWatch() error {
	fd, err := unix.InotifyInit1(unix.IN_CLOEXEC | unix.IN_NONBLOCK)
	if err != nil {
		if err == unix.EMFILE {
			return fmt.Errorf("the user's inotify instances are all in use (raise fs.inotify.max_user_instances): %w", os.NewSyscallError("inotify_init1", err))
		}
		return os.NewSyscallError("inotify_init1", err)
	}
	c.watch = fd
	add := func(path string, mask uint32, ancestor bool) error {
		wd, err := unix.InotifyAddWatch(fd, path, mask)
		if err == unix.EACCES && ancestor && unix.Access(filepath.Dir(path), unix.W_OK) != nil {
			// A directory above that this user may not read, in one it
			// may not change: it cannot be moved by anyone the watch
			// guards against (the command runs as this user, or as one
			// with fewer rights).
			return nil
		}
		if err == unix.ENOSPC {
			return fmt.Errorf("%q: the user's inotify watches are all in use (raise fs.inotify.max_user_watches): %w", path, os.NewSyscallError("inotify_add_watch", err))
		}
		if err != nil {
			return fmt.Errorf("%q: %w", path, os.NewSyscallError("inotify_add_watch", err))
		}
		c.watched[int32(wd)] = watched{path: path, ancestor: ancestor}
		return nil
	}
	err = filepath.WalkDir(c.scratch, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		switch {
		case d.IsDir():
			return add(p, dirMask, false)
		case p == c.path:
			return add(p, fifoMask, false)
		default:
			return add(p, fileMask, false)
		}
	})
	if err != nil {
		return err
	}
	for dir := filepath.Dir(c.scratch); ; dir = filepath.Dir(dir) {
		if err := add(dir, ancestorMask, true); err != nil {
			return err
		}
		if dir == filepath.Dir(dir) {
			return nil
		}
	}
}

// Close stops reading once the traced command has ended and returns what
// the tools wrote. tr is the run's trace (nil: none to check). The error
// says how the channel was tampered with, or that it could not be read;
// the data is then not to be trusted. The FIFO is replaced by SavedName
// holding the data, for a later audit of the saved trace.
func (c *Channel) Close(tr *tracer.Trace) ([]byte, error) {
	// Every process that wrote before the command ended has its lines in
	// the pipe or already read: wake the reader, then take the rest.
	tamper := c.events()
	c.f.SetReadDeadline(aLongTimeAgo)
	<-c.done
	c.f.SetReadDeadline(time.Time{})
	if err := c.drain(); err != nil {
		tamper = append(tamper, "reading it: "+err.Error())
	}
	tamper = append(tamper, c.checkIdentity()...)
	tamper = append(tamper, c.checkTrace(tr)...)
	c.closeFDs()
	c.mu.Lock()
	data, overflow := c.data, c.overflow
	c.mu.Unlock()
	if overflow {
		tamper = append(tamper, fmt.Sprintf("more than %d bytes were written to it", MaxBytes))
	}
	var errs []error
	if len(tamper) > 0 {
		errs = append(errs, &TamperError{Path: c.path, What: tamper})
	}
	if err := c.save(data); err != nil {
		errs = append(errs, err)
	}
	return data, errors.Join(errs...)
}

// drain reads what is left in the pipe, without waiting for more: a
// process that outlived the command (the CLI leaves such processes be)
// may hold the FIFO open, so no end of file is coming.
func (c *Channel) drain() error {
	raw, err := c.f.SyscallConn()
	if err != nil {
		return err
	}
	var rerr error
	buf := make([]byte, 64<<10)
	err = raw.Read(func(fd uintptr) bool {
		for {
			n, err := unix.Read(int(fd), buf)
			if n > 0 {
				c.keep(buf[:n])
				continue
			}
			if err != nil && err != unix.EAGAIN && err != unix.EINTR {
				rerr = os.NewSyscallError("read", err)
			}
			if err == unix.EINTR {
				continue
			}
			return true
		}
	})
	if err != nil {
		return err
	}
	return rerr
}

// events reads the watch's events: each one is a change the tools had no
// reason to make.
func (c *Channel) events() []string {
	var out []string
	buf := make([]byte, 64<<10)
	for {
		n, err := unix.Read(c.watch, buf)
		if err == unix.EINTR {
			continue
		}
		if n <= 0 || err != nil {
			break
		}
		for off := 0; off+unix.SizeofInotifyEvent <= n; {
			ev := (*unix.InotifyEvent)(unsafe.Pointer(&buf[off]))
			name := ""
			if ev.Len > 0 {
				raw := buf[off+unix.SizeofInotifyEvent : off+unix.SizeofInotifyEvent+int(ev.Len)]
				name = strings.TrimRight(string(raw), "\x00")
			}
			off += unix.SizeofInotifyEvent + int(ev.Len)
			if s := c.describe(ev.Wd, ev.Mask, name); s != "" {
				out = append(out, s)
			}
		}
	}
	sort.Strings(out)
	return dedup(out)
}

// describe says what one event shows, "" for one that shows nothing
// (IN_IGNORED after a watch went away, already told by its cause).
func (c *Channel) describe(wd int32, mask uint32, name string) string {
	if mask&unix.IN_Q_OVERFLOW != 0 {
		return "more changes in the scratch directory than the watch could hold"
	}
	w, ok := c.watched[wd]
	if !ok || mask&unix.IN_IGNORED != 0 && mask&^unix.IN_IGNORED == 0 {
		return ""
	}
	target := w.path
	if name != "" {
		target = filepath.Join(w.path, name)
	}
	var what string
	switch {
	case mask&unix.IN_MOVE_SELF != 0, mask&unix.IN_MOVED_FROM != 0:
		what = "renamed"
	case mask&unix.IN_DELETE_SELF != 0, mask&unix.IN_DELETE != 0:
		what = "deleted"
	case mask&unix.IN_MOVED_TO != 0:
		what = "renamed into place"
	case mask&unix.IN_CREATE != 0:
		what = "created"
	case mask&unix.IN_ATTRIB != 0:
		what = "changed in permissions, owner or links"
	case mask&unix.IN_MODIFY != 0:
		what = "written"
	default:
		return ""
	}
	return fmt.Sprintf("%q %s during the run", target, what)
}

// checkIdentity makes sure the channel's path still names the FIFO
// envaudit read: a watch can only see what happens on the paths it holds.
func (c *Channel) checkIdentity() []string {
	var st unix.Stat_t
	if err := unix.Lstat(c.path, &st); err != nil {
		return []string{fmt.Sprintf("%q is gone: %v", c.path, err)}
	}
	if st.Dev != c.dev || st.Ino != c.ino || st.Mode&unix.S_IFMT != unix.S_IFIFO {
		return []string{fmt.Sprintf("%q is no longer the FIFO envaudit read", c.path)}
	}
	if st.Mode&0o7777 != 0o222 {
		return []string{fmt.Sprintf("%q had its permissions changed to %#o", c.path, st.Mode&0o7777)}
	}
	return nil
}

// checkTrace looks in the trace for traced processes that opened the
// channel for reading: root needs no chmod to do so, and each line it
// read would be missing from envaudit's copy. An open for writing is a
// tool's (the trace does not tell O_RDWR from O_WRONLY: reading through
// one is what the write-only mode keeps from any user but root).
func (c *Channel) checkTrace(tr *tracer.Trace) []string {
	if tr == nil {
		return nil
	}
	byID := map[int]*tracer.Process{}
	for i := range tr.Processes {
		byID[tr.Processes[i].ID] = &tr.Processes[i]
	}
	var out []string
	for _, a := range tr.Accesses {
		if a.Op != tracer.OpRead || a.Path != c.path && a.Real != c.path {
			continue
		}
		who := "a traced process"
		if p := byID[a.Proc]; p != nil {
			who = fmt.Sprintf("%s (pid %d)", filepath.Base(p.Exe), p.PID)
		}
		out = append(out, fmt.Sprintf("%s opened %q for reading", who, c.path))
	}
	sort.Strings(out)
	return dedup(out)
}

// save replaces the FIFO with a regular file holding data (and an earlier
// run's, in a scratch directory used again).
func (c *Channel) save(data []byte) error {
	os.Remove(c.path)
	saved := filepath.Join(c.scratch, SavedName)
	os.Remove(saved)
	f, err := os.OpenFile(saved, os.O_WRONLY|os.O_CREATE|os.O_EXCL|unix.O_NOFOLLOW, 0o644)
	if err != nil {
		return fmt.Errorf("keep the evidence channel: %w", err)
	}
	if _, err := f.Write(data); err != nil {
		f.Close()
		return fmt.Errorf("keep the evidence channel: %w", err)
	}
	return f.Close()
}

func (c *Channel) closeFDs() {
	if c.f != nil {
		c.f.Close()
		c.f = nil
	}
	if c.watch >= 0 {
		unix.Close(c.watch)
		c.watch = -1
	}
}

func dedup(s []string) []string {
	out := s[:0]
	for i, v := range s {
		if i == 0 || v != s[i-1] {
			out = append(out, v)
		}
	}
	return out
}
