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
	seccompRetData  = 0x0000ffff
)

// Offsets in struct seccomp_data.
const (
	seccompDataNr   = 0
	seccompDataArch = 4
)

// filterProgram returns the seccomp filter the helper installs before it
// executes the command. Only the syscalls of the native table stop the
// process (SECCOMP_RET_TRACE, with the sysKind as data so the tracer needs
// no table lookup); every other native syscall runs at full speed. A syscall
// of a foreign audit arch (int 0x80 on x86-64, AArch32 on arm64) or with the
// x32 bit always goes to the tracer, which decodes it with the compat
// tables: a filter that let them through would let a program open files
// unseen just by using the other ABI.
func filterProgram(ar *arch) []bpf.Instruction {
	native := ar.native
	prog := []bpf.Instruction{
		bpf.LoadAbsolute{Off: seccompDataArch, Size: 4},
		bpf.JumpIf{Cond: bpf.JumpEqual, Val: native.auditArch, SkipTrue: 1},
		bpf.RetConstant{Val: seccompRetTrace},
		bpf.LoadAbsolute{Off: seccompDataNr, Size: 4},
	}
	for _, c := range ar.compat {
		if c.x32 {
			prog = append(prog,
				bpf.JumpIf{Cond: bpf.JumpGreaterOrEqual, Val: x32SyscallBit, SkipFalse: 1},
				bpf.RetConstant{Val: seccompRetTrace})
		}
	}
	nrs := make([]uint32, 0, len(native.calls))
	for nr := range native.calls {
		nrs = append(nrs, nr)
	}
	sort.Slice(nrs, func(i, j int) bool { return nrs[i] < nrs[j] })
	for _, nr := range nrs {
		prog = append(prog,
			bpf.JumpIf{Cond: bpf.JumpEqual, Val: nr, SkipFalse: 1},
			bpf.RetConstant{Val: seccompRetTrace | uint32(native.calls[nr])})
	}
	return append(prog, bpf.RetConstant{Val: seccompRetAllow})
}

// assembleFilter assembles filterProgram(ar) for the kernel.
func assembleFilter(ar *arch) ([]bpf.RawInstruction, error) {
	raw, err := bpf.Assemble(filterProgram(ar))
	if err != nil {
		return nil, fmt.Errorf("assemble seccomp filter: %w", err)
	}
	return raw, nil
}
