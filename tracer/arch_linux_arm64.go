package tracer

import (
	"unsafe"

	"golang.org/x/sys/unix"
)

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

// ntARMSystemCall is NT_ARM_SYSTEM_CALL, the register set of the number of
// the syscall a tracee is stopped in.
const ntARMSystemCall = 0x404

// refuseSyscall makes the call tid is stopped at (a seccomp stop, before
// the call runs) fail with errno without running: a syscall number of -1
// (NT_ARM_SYSTEM_CALL) skips the call, and x0 (r0 for AArch32) is then
// its result.
func refuseSyscall(tid int, x *abi, errno unix.Errno) error {
	var regs unix.PtraceRegs
	if err := unix.PtraceGetRegs(tid, &regs); err != nil {
		return err
	}
	regs.Regs[0] = uint64(-int64(errno))
	if x.auditArch == auditArchARM {
		regs.Regs[0] &= 0xffffffff
	}
	if err := unix.PtraceSetRegs(tid, &regs); err != nil {
		return err
	}
	nr := int32(-1)
	iov := unix.Iovec{Base: (*byte)(unsafe.Pointer(&nr))}
	iov.SetLen(int(unsafe.Sizeof(nr)))
	_, _, e := unix.Syscall6(unix.SYS_PTRACE, unix.PTRACE_SETREGSET, uintptr(tid), ntARMSystemCall, uintptr(unsafe.Pointer(&iov)), 0, 0)
	if e != 0 {
		return e
	}
	return nil
}
