package tracer

import (
	"fmt"
	"sort"

	"golang.org/x/net/bpf"
)

// Seccomp filter return values (<linux/seccomp.h>).
const (
	seccompRetAllow = 0x7fff0000
	seccompRetTrace = 0x7ff00000 // the low 16 bits are handed to the tracer
	seccompRetErrno = 0x00050000 // the low 16 bits are the errno
	seccompRetData  = 0x0000ffff
)

// Offsets in struct seccomp_data. An argument is 64 bits wide; the filter
// reads its low 32 bits, at the argument's offset on a little-endian
// machine (both supported architectures are).
const (
	seccompDataNr   = 0
	seccompDataArch = 4
	seccompDataArg0 = 16
	seccompDataArg1 = 24
)

// The argument values the filter looks at.
const (
	cloneUntraced            = 0x00800000 // CLONE_UNTRACED
	cloneNewNS               = 0x00020000 // CLONE_NEWNS
	ptraceAttach             = 16         // PTRACE_ATTACH
	ptraceSeizeReq           = 0x4206     // PTRACE_SEIZE
	seccompSetModeFilter     = 1          // SECCOMP_SET_MODE_FILTER
	seccompFilterNewListener = 1 << 3     // SECCOMP_FILTER_FLAG_NEW_LISTENER
	openTreeClone            = 1          // OPEN_TREE_CLONE
	enosys                   = 38         // ENOSYS, the same number on every supported ABI
)

// seccompDataArg2 is the offset of the third argument.
const seccompDataArg2 = 32

// filterProgram returns the seccomp filter the helper installs before it
// executes the command. Only the syscalls of the native table stop the
// process (SECCOMP_RET_TRACE, with the sysKind as data so the tracer needs
// no table lookup); every other native syscall runs at full speed. A syscall
// of a foreign audit arch (int 0x80 on x86-64, AArch32 on arm64) or with the
// x32 bit always goes to the tracer, which decodes it with the compat
// tables: a filter that let them through would let a program open files
// unseen just by using the other ABI. The native numbers are found by a
// binary search, so that a syscall passes a handful of comparisons however
// many the table holds.
//
// Some syscalls are decided by their arguments, because stopping on every
// call would cost a stop per thread created and per ptrace request of a
// debugger:
//   - clone stops only when its flags hold CLONE_UNTRACED or CLONE_NEWNS: a
//     child made with CLONE_UNTRACED would not be traced
//     (PTRACE_O_TRACECLONE does not apply to it), and its parent could then
//     trace it itself and let its opens run unseen (a tracer with
//     PTRACE_O_TRACESECCOMP receives the filter's stops and may simply
//     continue them). The tracer clears the flag in the register, which no
//     other thread can change, before the call runs. A new mount namespace
//     is recorded (End.Mounts).
//   - clone3 takes its flags in memory (struct clone_args), which the
//     filter cannot read and which another thread of the process could
//     rewrite between the tracer's check and the kernel's copy. It fails
//     with ENOSYS instead, under every ABI, as in Docker's default seccomp
//     profile: glibc, Rust's standard library and systemd then fall back to
//     clone. (Go's syscall package uses clone3 only for
//     SysProcAttr.UseCgroupFD and CLONE_NEWTIME, without a fallback.)
//   - ptrace stops only for PTRACE_ATTACH and PTRACE_SEIZE, the requests
//     that make a traced process a tracer of a process envaudit does not
//     trace; the tracer warns when one succeeds.
//   - seccomp stops only for SECCOMP_SET_MODE_FILTER with
//     SECCOMP_FILTER_FLAG_NEW_LISTENER: a user-notification filter takes
//     precedence over this one's SECCOMP_RET_TRACE, and its supervisor can
//     let an open continue without any stop; the tracer warns when one is
//     installed.
//   - unshare stops only with CLONE_NEWNS, setns only for a mount namespace
//     or any kind (nstype 0), open_tree only with OPEN_TREE_CLONE: the
//     calls that make a process see other mounts, recorded when they
//     succeed.
func filterProgram(ar *arch) []bpf.Instruction {
	native := ar.native
	var prog []bpf.Instruction
	emit := func(ins ...bpf.Instruction) { prog = append(prog, ins...) }
	// Foreign audit archs: clone3 fails, everything else stops.
	var foreign []bpf.Instruction
	for _, c := range ar.compat {
		if c.x32 {
			continue
		}
		foreign = append(foreign,
			bpf.JumpIf{Cond: bpf.JumpEqual, Val: c.auditArch, SkipFalse: 4},
			bpf.LoadAbsolute{Off: seccompDataNr, Size: 4},
			bpf.JumpIf{Cond: bpf.JumpEqual, Val: c.number(sysClone3), SkipFalse: 1},
			bpf.RetConstant{Val: seccompRetErrno | enosys},
			bpf.RetConstant{Val: seccompRetTrace})
	}
	foreign = append(foreign, bpf.RetConstant{Val: seccompRetTrace})
	emit(bpf.LoadAbsolute{Off: seccompDataArch, Size: 4},
		bpf.JumpIf{Cond: bpf.JumpEqual, Val: native.auditArch, SkipTrue: uint8(len(foreign))})
	emit(foreign...)
	emit(bpf.LoadAbsolute{Off: seccompDataNr, Size: 4})
	for _, c := range ar.compat {
		if c.x32 {
			emit(bpf.JumpIf{Cond: bpf.JumpGreaterOrEqual, Val: x32SyscallBit, SkipFalse: 3},
				bpf.JumpIf{Cond: bpf.JumpEqual, Val: c.number(sysClone3), SkipFalse: 1},
				bpf.RetConstant{Val: seccompRetErrno | enosys},
				bpf.RetConstant{Val: seccompRetTrace})
		}
	}
	nrs := make([]uint32, 0, len(native.calls))
	for nr := range native.calls {
		nrs = append(nrs, nr)
	}
	sort.Slice(nrs, func(i, j int) bool { return nrs[i] < nrs[j] })
	emit(searchTree(native, nrs)...)
	return prog
}

// leafSize is how many syscall numbers searchTree compares one after the
// other rather than splitting further.
const leafSize = 3

// searchTree returns the instructions that find the number in the
// accumulator among nrs (sorted) and return what the filter does with it:
// a binary search down to groups of leafSize, each compared in turn.
// Every path through them ends in a return, so no instruction follows.
func searchTree(x *abi, nrs []uint32) []bpf.Instruction {
	if len(nrs) <= leafSize {
		var out []bpf.Instruction
		for _, nr := range nrs {
			body := filterAction(x.calls[nr])
			out = append(out, bpf.JumpIf{Cond: bpf.JumpEqual, Val: nr, SkipFalse: uint8(len(body))})
			out = append(out, body...)
		}
		return append(out, bpf.RetConstant{Val: seccompRetAllow})
	}
	mid := len(nrs) / 2
	left, right := searchTree(x, nrs[:mid]), searchTree(x, nrs[mid:])
	out := []bpf.Instruction{bpf.JumpIf{Cond: bpf.JumpGreaterOrEqual, Val: nrs[mid], SkipTrue: uint8(len(left))}}
	out = append(out, left...)
	return append(out, right...)
}

// filterAction returns what the filter does with a syscall of kind k,
// which ends in a return: the calls decided by their arguments look at
// them (see filterProgram).
func filterAction(k sysKind) []bpf.Instruction {
	trace := bpf.RetConstant{Val: seccompRetTrace | uint32(k)}
	allow := bpf.RetConstant{Val: seccompRetAllow}
	// argBits traces when the argument at off has one of bits set.
	argBits := func(off, bits uint32) []bpf.Instruction {
		return []bpf.Instruction{
			bpf.LoadAbsolute{Off: off, Size: 4},
			bpf.JumpIf{Cond: bpf.JumpBitsSet, Val: bits, SkipFalse: 1},
			trace, allow,
		}
	}
	switch k {
	case sysClone:
		return argBits(seccompDataArg0, cloneUntraced|cloneNewNS)
	case sysClone3:
		return []bpf.Instruction{bpf.RetConstant{Val: seccompRetErrno | enosys}}
	case sysPtrace:
		return []bpf.Instruction{
			bpf.LoadAbsolute{Off: seccompDataArg0, Size: 4},
			bpf.JumpIf{Cond: bpf.JumpEqual, Val: ptraceAttach, SkipTrue: 1},
			bpf.JumpIf{Cond: bpf.JumpEqual, Val: ptraceSeizeReq, SkipFalse: 1},
			trace, allow,
		}
	case sysSeccomp:
		return []bpf.Instruction{
			bpf.LoadAbsolute{Off: seccompDataArg0, Size: 4},
			bpf.JumpIf{Cond: bpf.JumpEqual, Val: seccompSetModeFilter, SkipFalse: 3},
			bpf.LoadAbsolute{Off: seccompDataArg1, Size: 4},
			bpf.JumpIf{Cond: bpf.JumpBitsSet, Val: seccompFilterNewListener, SkipFalse: 1},
			trace, allow,
		}
	case sysUnshare:
		return argBits(seccompDataArg0, cloneNewNS)
	case sysOpenTree:
		return argBits(seccompDataArg2, openTreeClone)
	case sysSetns:
		// nstype 0 joins whatever kind the descriptor is of.
		return []bpf.Instruction{
			bpf.LoadAbsolute{Off: seccompDataArg1, Size: 4},
			bpf.JumpIf{Cond: bpf.JumpEqual, Val: 0, SkipTrue: 1},
			bpf.JumpIf{Cond: bpf.JumpBitsSet, Val: cloneNewNS, SkipFalse: 1},
			trace, allow,
		}
	}
	return []bpf.Instruction{trace}
}

// assembleFilter assembles filterProgram(ar) for the kernel.
func assembleFilter(ar *arch) ([]bpf.RawInstruction, error) {
	raw, err := bpf.Assemble(filterProgram(ar))
	if err != nil {
		return nil, fmt.Errorf("assemble seccomp filter: %w", err)
	}
	return raw, nil
}
