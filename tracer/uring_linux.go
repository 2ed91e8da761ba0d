//go:build linux && (amd64 || arm64)

package tracer

import (
	"fmt"
	"sort"
)

// io_uring opens files in the kernel on a ring's behalf, where neither
// backend sees them: no syscall names them, and the only hook that would
// (the BPF LSM's file_open) cannot be loaded here (docs/tracer.md). So
// the traced tree gets no io_uring: the ptrace backend makes
// io_uring_setup fail with EPERM at its seccomp stop, the eBPF backend's
// helper installs a seccomp filter that does (where it may: as root, or
// with no_new_privs); EPERM is what the kernel answers when io_uring is
// disabled (kernel.io_uring_disabled=2), and programs that can do without
// it fall back. An instance the tracer could not refuse, or one received
// from another process, leaves the trace incomplete.

// uringUse is what a process record did with io_uring.
type uringUse uint8

const (
	uringSetUp    uringUse = 1 << iota // set up an instance the tracer could not refuse
	uringRefused                       // was refused one
	uringReceived                      // received one from another process
)

// uringEnd says in end what the records of procs did with io_uring: a gap
// for an instance set up or received (the trace is then incomplete), a
// warning for a refusal, which may have made a program fail.
func uringEnd(end *End, procs []Process, uses map[int]uringUse) {
	recs := make([]int, 0, len(uses))
	for rec := range uses {
		recs = append(recs, rec)
	}
	sort.Ints(recs)
	for _, rec := range recs {
		p, u := procs[rec-1], uses[rec]
		if u&uringSetUp != 0 {
			end.Gaps = append(end.Gaps, fmt.Sprintf("process %d (%s) set up io_uring, which the tracer could not refuse here (the eBPF backend run without root or no_new_privs): the files it opened through io_uring are unseen", p.PID, p.Exe))
		}
		if u&uringReceived != 0 {
			end.Gaps = append(end.Gaps, fmt.Sprintf("process %d (%s) received an io_uring instance from another process: the files opened through it are unseen", p.PID, p.Exe))
		}
		if u&uringRefused != 0 {
			end.Warnings = append(end.Warnings, fmt.Sprintf("process %d (%s) was refused io_uring (io_uring_setup failed with EPERM): the tracer refuses it, since the files io_uring opens are unseen; a program that cannot do without io_uring fails so", p.PID, p.Exe))
		}
	}
	if len(end.Gaps) > 0 {
		end.Incomplete = true
	}
}
