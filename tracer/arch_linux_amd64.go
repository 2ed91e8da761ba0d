package tracer

import "golang.org/x/sys/unix"

// nativeArch is the syscall ABI set of the machine the tracer runs on: x86-64
// processes may also make i386 (int 0x80) and x32 syscalls.
var nativeArch = archAMD64

// clearCloneUntraced clears CLONE_UNTRACED in the flags of the clone call
// that tid is stopped at (a seccomp stop, before the call runs). The flags
// are the first argument: rdi for x86-64 and x32, ebx for int 0x80.
// PTRACE_GETREGS gives a 64-bit tracer the 64-bit view of every tracee.
func clearCloneUntraced(tid int, x *abi) error {
	var regs unix.PtraceRegs
	if err := unix.PtraceGetRegs(tid, &regs); err != nil {
		return err
	}
	if x.auditArch == auditArchI386 {
		regs.Rbx &^= cloneUntraced
	} else {
		regs.Rdi &^= cloneUntraced
	}
	return unix.PtraceSetRegs(tid, &regs)
}

// refuseSyscall makes the call tid is stopped at (a seccomp stop, before
// the call runs) fail with errno without running: a syscall number of -1
// skips the call, and the return register then holds what the tracer put
// there. orig_rax and rax are the number and result under every ABI,
// int 0x80 included, in the 64-bit view PTRACE_GETREGS gives.
func refuseSyscall(tid int, x *abi, errno unix.Errno) error {
	var regs unix.PtraceRegs
	if err := unix.PtraceGetRegs(tid, &regs); err != nil {
		return err
	}
	regs.Orig_rax = ^uint64(0)
	regs.Rax = uint64(-int64(errno))
	return unix.PtraceSetRegs(tid, &regs)
}
