package tracer

import "golang.org/x/sys/unix"

// nativeArch is the syscall ABI set of the machine the tracer runs on: arm64
// processes may also run AArch32 code where the CPU supports it.
var nativeArch = archARM64

// clearCloneUntraced clears CLONE_UNTRACED in the flags of the clone call
// that tid is stopped at (a seccomp stop, before the call runs): x0, which
// the kernel reads the first argument from after the stop. For an AArch32
// tracee NT_PRSTATUS is the 18-word compat register set, whose r0 is the
// low half of what unix.PtraceRegs calls Regs[0]; the kernel writes back
// only that set's size.
func clearCloneUntraced(tid int, x *abi) error {
	var regs unix.PtraceRegs
	if err := unix.PtraceGetRegs(tid, &regs); err != nil {
		return err
	}
	regs.Regs[0] &^= cloneUntraced
	return unix.PtraceSetRegs(tid, &regs)
}
