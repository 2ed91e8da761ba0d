// Package tracer owns running a command under a file-access tracer and the
// trace it produces: the processes the command started and the files each of
// them successfully opened or executed.
//
// The trace types and their JSON-lines codec build on every operating system,
// so a trace saved on a Linux runner can be audited anywhere; running a
// command under ptrace is Linux-only (see Run).
//
// # Trace format
//
// A trace is a sequence of JSON objects, one per line, each with a "type":
//
//	{"type":"header","version":1,"command":["npm","test"],"dir":"/src","start":"2026-11-30T09:00:00Z"}
//	{"type":"process","id":1,"pid":4242,"parent":0,"exe":"/usr/bin/node","argv":["node","--test"],"cwd":"/src"}
//	{"type":"access","proc":1,"op":"read","path":"/src/node_modules/debug/src/index.js","count":2}
//	{"type":"access","proc":1,"op":"exec","path":"/bin/sh","real":"/usr/bin/dash"}
//	{"type":"end","exitCode":0,"durationMs":812,"processes":7,"events":1904}
//
// The header comes first and the end record last; process records precede
// the accesses that name them. Each access record is one distinct
// (process, operation, path) triple that succeeded at least once; "count"
// says how many times (omitted when 1). "path" is the absolute path as the
// process named it (relative paths resolved against its cwd or directory
// file descriptor); "real" is the file actually opened, present only when
// its path differs: for an open the kernel's name of the file behind the new
// descriptor (immune to /proc/self/fd/N, /proc/self/root, ".." and symbolic
// links changed later), for an execution the path with every symbolic link
// resolved. "dev" and "ino" identify the file where its real path does not
// (other hard links, or a real path that names another file or none after
// the run). Failed opens are never recorded.
//
// The header's "backend" says which tracer observed the run: "ptrace" or
// "ebpf" (absent in older traces, which ptrace wrote). An end record with
// "lost" counts events the eBPF backend could not deliver, and
// "incomplete" is set then or when the loader of its programs died before
// the run ended: such a trace is incomplete. The header's "hooks" names the
// kernel hooks the eBPF programs used, and "loader": "sudo" says a root
// process started through sudo loaded them.
//
// A header may list "skip" directories (Options.Skip): opens of their own
// files were counted in the end record's "skipped" instead of recorded.
package tracer

import (
	"bufio"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"sort"
	"time"
)

// FormatVersion is the version of the trace format written by WriteJSONL.
const FormatVersion = 1

// Op is what a process did with a file.
type Op string

// The operations a trace records.
const (
	OpRead  Op = "read"  // opened for reading only
	OpWrite Op = "write" // opened for writing (O_WRONLY, O_RDWR, O_CREAT or O_TRUNC)
	OpExec  Op = "exec"  // executed (execve/execveat), or loaded by the kernel as an interpreter
)

// Process is one program image that ran during the trace. A process that
// calls execve gets a new Process record whose Parent is the record of the
// image it replaced, so the exec chain and the fork tree are one tree.
type Process struct {
	ID     int      `json:"id"`               // serial number, unique in the trace (pids are reused)
	PID    int      `json:"pid"`              // operating-system process id
	Parent int      `json:"parent"`           // ID of the parent record; 0 for the root
	Exe    string   `json:"exe,omitempty"`    // executable (resolved /proc/PID/exe) after exec
	Argv   []string `json:"argv,omitempty"`   // command line, possibly truncated
	Cwd    string   `json:"cwd,omitempty"`    // working directory at exec
	Exec   bool     `json:"exec,omitempty"`   // the record starts at an execve of Parent's image
	Thread bool     `json:"thread,omitempty"` // reserved: threads share their process's record
}

// Access is one distinct successful file access by a process.
type Access struct {
	Proc  int    `json:"proc"`            // Process.ID
	Op    Op     `json:"op"`              // read, write or exec
	Path  string `json:"path"`            // absolute path as opened
	Real  string `json:"real,omitempty"`  // the file opened (the kernel's name, or the symlink-resolved path) when it differs from Path
	Count int    `json:"count,omitempty"` // number of successful accesses (0 or absent means 1)
	// Dev and Ino identify the opened file (st_dev, st_ino) where its real
	// path does not: the file has other hard links, or after the run its
	// real path names another file or none (it was moved, its directory
	// renamed, or it was deleted). Both are absent otherwise.
	Dev uint64 `json:"dev,omitempty"`
	Ino uint64 `json:"ino,omitempty"`
	// Unproven says why Path and Real are no evidence of which file was
	// opened, from what the kernel said of it at the open (UnprovenMount
	// and the others); Dev and Ino then identify it, but for
	// UnprovenGone. Empty: the real path is the file's.
	Unproven string `json:"unproven,omitempty"`
}

// The reasons of Access.Unproven.
const (
	// UnprovenMount: the file was opened on a mount that was not the
	// tracer's when the run started (a mount made during the run, such as
	// a bind or overlay mount over a package's directory, or a mount of
	// another mount namespace): its path may name another file, or none,
	// in the tracer's view.
	UnprovenMount = "mount"
	// UnprovenChanged: the file's inode changed during the run without
	// the command having opened it for writing: it was renamed (into a
	// package's directory, say), linked or had its attributes changed,
	// so its path says where it was at the open, not where it came from.
	UnprovenChanged = "changed"
	// UnprovenLong: the kernel could not name the file, whose path
	// exceeds PATH_MAX: the path is the spelling, resolved by the tracer.
	UnprovenLong = "long"
	// UnprovenGone: the tracer could not look at the file (the descriptor
	// was closed by another thread before it did): nothing but the
	// spelling is known.
	UnprovenGone = "gone"
)

// RealPath returns the symlink-resolved path of the access, or Path when no
// resolution was recorded.
func (a Access) RealPath() string {
	if a.Real != "" {
		return a.Real
	}
	return a.Path
}

// Header opens a trace.
type Header struct {
	Version int       `json:"version"`
	Command []string  `json:"command"`
	Dir     string    `json:"dir,omitempty"`
	Start   time.Time `json:"start"`
	// Skip lists the directories whose opens were counted, not recorded
	// (Options.Skip).
	Skip []string `json:"skip,omitempty"`
	// Backend names the tracer that observed the run: BackendPtrace or
	// BackendEBPF; empty in traces written before it was recorded, which
	// all came from ptrace.
	Backend string `json:"backend,omitempty"`
	// Hooks names the kernel hooks the eBPF backend's programs were
	// attached to ("raw_tp/sys_enter", ...); empty for ptrace.
	Hooks []string `json:"hooks,omitempty"`
	// Loader says how the eBPF backend's programs were loaded: "sudo"
	// when a root process started through sudo loaded them for an
	// unprivileged envaudit; empty when envaudit, as root, loaded them
	// itself.
	Loader string `json:"loader,omitempty"`
	// Fallback says why Options.Backend auto traced with ptrace: why
	// the eBPF backend could not run here. Empty otherwise.
	Fallback string `json:"fallback,omitempty"`
}

// End closes a trace: how the traced command finished and what it cost.
type End struct {
	ExitCode   int      `json:"exitCode"`           // exit status, or 128+signal when killed by a signal
	Signal     string   `json:"signal,omitempty"`   // terminating signal name, if any
	TimedOut   bool     `json:"timedOut,omitempty"` // the run was cut short by Options.Timeout or a deadline of Run's context
	DurationMs int64    `json:"durationMs"`         // wall time of the traced command
	Processes  int      `json:"processes"`          // process records
	Events     int64    `json:"events"`             // successful accesses observed, before aggregation
	Skipped    int64    `json:"skipped,omitempty"`  // opens of files under Header.Skip, counted instead of recorded (their success unknown)
	Killed     []int    `json:"killed,omitempty"`   // pids still alive after the root exited and killed by the tracer
	Warnings   []string `json:"warnings,omitempty"` // e.g. io_uring in use, setuid program run without privileges
	// Lost counts the events the eBPF backend observed but could not
	// deliver (a full ring buffer or table): a trace with any loss is
	// incomplete, and Warnings says what was lost.
	Lost int64 `json:"lost,omitempty"`
	// Incomplete is set when the tracer knows it missed part of the run
	// although the command finished: events were lost (Lost), the
	// process that loaded the eBPF programs died before the run ended
	// (Warnings says which), or Gaps names what it could not see. The
	// audit treats the trace as a failed one.
	Incomplete bool `json:"incomplete,omitempty"`
	// Gaps says, one sentence each, what the tracer knows it could not
	// see (a process that set up io_uring where it could not be refused,
	// an io_uring instance received from outside the tree): each makes the
	// trace incomplete, and sets Incomplete.
	Gaps []string `json:"gaps,omitempty"`
	// Mounts lists the calls by which the command's processes changed
	// mounts or entered other mount namespaces, once per process record
	// and call. The accesses they made through such mounts say so
	// (UnprovenMount).
	Mounts []MountChange `json:"mounts,omitempty"`
	// Survivors is set when Options.KillDescendants was asked for and
	// could not be made sure of: the command killed the reaper, or a
	// process would not die. Processes the command started may then
	// still be running; a warning says which.
	Survivors bool `json:"survivors,omitempty"`

	// Interrupted is set when the run was cut short because Run's context
	// was cancelled for another reason than a deadline: the caller was
	// asked to stop (Ctrl-C). InterruptSignal names the signal when the
	// cancellation cause does ("SIGINT"; see Run).
	Interrupted     bool   `json:"interrupted,omitempty"`
	InterruptSignal string `json:"interruptSignal,omitempty"`
}

// MountChange is a successful call by which a traced process changed
// mounts or its mount namespace.
type MountChange struct {
	Proc int `json:"proc"` // Process.ID
	// Call names the system call: "mount", "umount2", "umount",
	// "pivot_root", "move_mount", "open_tree" (a detached copy of a
	// tree), "fsmount", "mount_setattr", "unshare" and "clone" (with a
	// new mount namespace), "setns".
	Call  string `json:"call"`
	Count int    `json:"count,omitempty"` // how many times, when more than once
}

// Trace is a complete trace.
type Trace struct {
	Header    Header
	Processes []Process
	Accesses  []Access
	End       End
}

// WriteJSONL writes t in the trace format, processes sorted by ID and
// accesses by process, path and operation, so equal traces give equal bytes.
func (t *Trace) WriteJSONL(w io.Writer) error {
	bw := bufio.NewWriter(w)
	enc := json.NewEncoder(bw)
	enc.SetEscapeHTML(false)
	h := t.Header
	h.Version = FormatVersion
	if err := enc.Encode(struct {
		Type string `json:"type"`
		Header
	}{"header", h}); err != nil {
		return err
	}
	procs := append([]Process(nil), t.Processes...)
	sort.Slice(procs, func(i, j int) bool { return procs[i].ID < procs[j].ID })
	for _, p := range procs {
		if err := enc.Encode(struct {
			Type string `json:"type"`
			Process
		}{"process", p}); err != nil {
			return err
		}
	}
	acc := append([]Access(nil), t.Accesses...)
	orderAccesses(acc)
	for _, a := range acc {
		if a.Count == 1 {
			a.Count = 0
		}
		if err := enc.Encode(struct {
			Type string `json:"type"`
			Access
		}{"access", a}); err != nil {
			return err
		}
	}
	if err := enc.Encode(struct {
		Type string `json:"type"`
		End
	}{"end", t.End}); err != nil {
		return err
	}
	return bw.Flush()
}

// ReadJSONL reads a trace written by WriteJSONL. name is used in errors,
// which carry the line number: `trace.jsonl:3: unknown record type "x"`.
// A trace without an end record (a tracer that was killed) is accepted; its
// End is zero and complete reports false.
func ReadJSONL(r io.Reader, name string) (t *Trace, complete bool, err error) {
	t = &Trace{}
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 64*1024), 16*1024*1024)
	line := 0
	seenHeader := false
	procs := map[int]bool{}
	for sc.Scan() {
		line++
		b := sc.Bytes()
		if len(b) == 0 {
			continue
		}
		errf := func(format string, args ...any) error {
			return fmt.Errorf("%s:%d: %s", name, line, fmt.Sprintf(format, args...))
		}
		var typ struct {
			Type string `json:"type"`
		}
		if err := json.Unmarshal(b, &typ); err != nil {
			return nil, false, errf("invalid JSON: %v", err)
		}
		if !seenHeader && typ.Type != "header" {
			return nil, false, errf("first record is %q, want \"header\"", typ.Type)
		}
		if complete {
			return nil, false, errf("record %q after the end record", typ.Type)
		}
		switch typ.Type {
		case "header":
			if seenHeader {
				return nil, false, errf("second header record")
			}
			seenHeader = true
			if err := json.Unmarshal(b, &t.Header); err != nil {
				return nil, false, errf("invalid header: %v", err)
			}
			if t.Header.Version != FormatVersion {
				return nil, false, errf("unsupported trace version %d (this envaudit reads version %d)", t.Header.Version, FormatVersion)
			}
		case "process":
			var p Process
			if err := json.Unmarshal(b, &p); err != nil {
				return nil, false, errf("invalid process record: %v", err)
			}
			if p.ID <= 0 {
				return nil, false, errf("process record without a positive id")
			}
			if procs[p.ID] {
				return nil, false, errf("duplicate process id %d", p.ID)
			}
			procs[p.ID] = true
			t.Processes = append(t.Processes, p)
		case "access":
			var a Access
			if err := json.Unmarshal(b, &a); err != nil {
				return nil, false, errf("invalid access record: %v", err)
			}
			if !procs[a.Proc] {
				return nil, false, errf("access names unknown process %d", a.Proc)
			}
			switch a.Op {
			case OpRead, OpWrite, OpExec:
			default:
				return nil, false, errf("unknown access op %q (want read, write or exec)", a.Op)
			}
			if a.Path == "" {
				return nil, false, errf("access without a path")
			}
			if a.Count <= 0 {
				a.Count = 1
			}
			t.Accesses = append(t.Accesses, a)
		case "end":
			if err := json.Unmarshal(b, &t.End); err != nil {
				return nil, false, errf("invalid end record: %v", err)
			}
			complete = true
		default:
			return nil, false, errf("unknown record type %q", typ.Type)
		}
	}
	if err := sc.Err(); err != nil {
		return nil, false, fmt.Errorf("%s:%d: %w", name, line+1, err)
	}
	if !seenHeader {
		return nil, false, fmt.Errorf("%s: empty trace: %w", name, io.ErrUnexpectedEOF)
	}
	return t, complete, nil
}

// ErrUnsupported is returned by Run where tracing is impossible (not Linux,
// or an architecture without syscall tables).
var ErrUnsupported = errors.New("tracing requires Linux on amd64 or arm64")
