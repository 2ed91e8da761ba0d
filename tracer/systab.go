package tracer

// The syscall tables live in this file, without build constraints, so that
// the tables of every architecture (and the seccomp filter built from them)
// can be unit-tested on any machine; only the choice of the native table is
// per architecture (arch_linux_*.go).

// sysKind is what the tracer does with a syscall.
type sysKind uint8

const (
	sysNone         sysKind = iota
	sysOpen                 // open(path, flags, mode)
	sysOpenat               // openat(dirfd, path, flags, mode)
	sysOpenat2              // openat2(dirfd, path, how, size): flags are how.flags
	sysCreat                // creat(path, mode): O_CREAT|O_WRONLY|O_TRUNC
	sysOpenByHandle         // open_by_handle_at(mountfd, handle, flags): no path; read back from the fd
	sysExecve               // execve(path, argv, envp)
	sysExecveat             // execveat(dirfd, path, argv, envp, flags)
	sysIOUringSetup         // io_uring_setup: only warned about
	sysClone                // clone(flags, ...): stops only with CLONE_UNTRACED, which the tracer clears
	sysClone3               // clone3(args, size): fails with ENOSYS in the filter itself (see filterProgram)
	sysPtrace               // ptrace(request, pid, ...): stops only for PTRACE_ATTACH and PTRACE_SEIZE
	sysSeccomp              // seccomp(op, flags, args): stops only for a filter with a user-notification listener
	// The calls that change mounts or the mount namespace: recorded when
	// they succeed (End.Mounts). The accesses made through such mounts
	// are told by their mount (UnprovenMount), whatever the call.
	sysMount        // mount(source, target, type, flags, data)
	sysUmount2      // umount2(target, flags)
	sysUmount       // umount(target): i386's oldumount
	sysPivotRoot    // pivot_root(new_root, put_old)
	sysMoveMount    // move_mount(from_dfd, from, to_dfd, to, flags)
	sysOpenTree     // open_tree(dfd, path, flags): stops only with OPEN_TREE_CLONE, a detached copy of a tree
	sysFsmount      // fsmount(fs_fd, flags, attrs): a new detached mount
	sysMountSetattr // mount_setattr(dfd, path, flags, attr, size)
	sysUnshare      // unshare(flags): stops only with CLONE_NEWNS
	sysSetns        // setns(fd, nstype): stops only for a mount namespace, or any (nstype 0)
	// The calls that receive descriptors from another process, which may
	// be one the tracer does not trace: each received file is recorded as
	// an access of the receiver.
	sysRecvmsg        // recvmsg(fd, msg, flags): SCM_RIGHTS in msg's control data
	sysRecvmmsg       // recvmmsg(fd, msgvec, vlen, flags, timeout)
	sysRecvmmsgTime64 // recvmmsg_time64: recvmmsg of the 32-bit ABIs with a 64-bit timeout
	sysSocketcall     // socketcall(call, args): i386's multiplexer, for SYS_RECVMSG and SYS_RECVMMSG
	sysPidfdGetfd     // pidfd_getfd(pidfd, fd, flags): a copy of another process's descriptor
	numSysKinds
)

var sysKindNames = [numSysKinds]string{"none", "open", "openat", "openat2", "creat", "open_by_handle_at", "execve", "execveat", "io_uring_setup", "clone", "clone3", "ptrace", "seccomp",
	"mount", "umount2", "umount", "pivot_root", "move_mount", "open_tree", "fsmount", "mount_setattr", "unshare", "setns",
	"recvmsg", "recvmmsg", "recvmmsg_time64", "socketcall", "pidfd_getfd"}

func (k sysKind) String() string {
	if k < numSysKinds {
		return sysKindNames[k]
	}
	return "unknown"
}

// Audit architecture numbers (AUDIT_ARCH_* in <linux/audit.h>), as seen in
// seccomp_data.arch and in PTRACE_GET_SYSCALL_INFO.
const (
	auditArchX8664   = 0xc000003e
	auditArchI386    = 0x40000003
	auditArchAArch64 = 0xc00000b7
	auditArchARM     = 0x40000028
)

// x32SyscallBit marks x32 syscalls on x86-64: they share the x86-64 audit
// arch, so only this bit of the number tells them apart.
const x32SyscallBit = 0x40000000

// abi is one syscall ABI a process of the native architecture may use.
type abi struct {
	name      string
	auditArch uint32
	// x32 is set for the x32 ABI, whose numbers carry x32SyscallBit.
	x32 bool
	// calls maps the syscall numbers the tracer cares about to their kind.
	calls map[uint32]sysKind
	// oDirectory is O_DIRECTORY, which differs between x86 and ARM.
	oDirectory uint64
}

// Open flags shared by every supported ABI (<asm-generic/fcntl.h>).
const (
	oAccmode = 0x3
	oWronly  = 0x1
	oRdwr    = 0x2
	oCreat   = 0x40
	oTrunc   = 0x200
	oPath    = 0x200000
)

// atFDCWD is AT_FDCWD. The kernel reads a dirfd as a 32-bit int, so a
// caller may pass it zero-extended (0xffffff9c); compare int32(dirfd).
const atFDCWD = -100

// atEmptyPath is AT_EMPTY_PATH (execveat on the file descriptor itself).
const atEmptyPath = 0x1000

// The numbers below are checked against the kernel's UAPI headers by
// systab_test.go (asm/unistd_64.h, unistd_32.h, unistd_x32.h and
// asm-generic/unistd.h); the AArch32 numbers come from
// arch/arm/tools/syscall.tbl.

var abiX8664 = &abi{
	name:      "x86_64",
	auditArch: auditArchX8664,
	calls: map[uint32]sysKind{
		2:   sysOpen,
		257: sysOpenat,
		437: sysOpenat2,
		85:  sysCreat,
		304: sysOpenByHandle,
		59:  sysExecve,
		322: sysExecveat,
		425: sysIOUringSetup,
		56:  sysClone,
		435: sysClone3,
		101: sysPtrace,
		317: sysSeccomp,
		165: sysMount,
		166: sysUmount2,
		155: sysPivotRoot,
		429: sysMoveMount,
		428: sysOpenTree,
		432: sysFsmount,
		442: sysMountSetattr,
		272: sysUnshare,
		308: sysSetns,
		47:  sysRecvmsg,
		299: sysRecvmmsg,
		438: sysPidfdGetfd,
	},
	oDirectory: 0x10000,
}

var abiI386 = &abi{
	name:      "i386",
	auditArch: auditArchI386,
	calls: map[uint32]sysKind{
		5:   sysOpen,
		295: sysOpenat,
		437: sysOpenat2,
		8:   sysCreat,
		342: sysOpenByHandle,
		11:  sysExecve,
		358: sysExecveat,
		425: sysIOUringSetup,
		120: sysClone,
		435: sysClone3,
		26:  sysPtrace,
		354: sysSeccomp,
		21:  sysMount,
		52:  sysUmount2,
		22:  sysUmount,
		217: sysPivotRoot,
		429: sysMoveMount,
		428: sysOpenTree,
		432: sysFsmount,
		442: sysMountSetattr,
		310: sysUnshare,
		346: sysSetns,
		372: sysRecvmsg,
		337: sysRecvmmsg,
		417: sysRecvmmsgTime64,
		102: sysSocketcall,
		438: sysPidfdGetfd,
	},
	oDirectory: 0x10000,
}

var abiX32 = &abi{
	name:      "x32",
	auditArch: auditArchX8664,
	x32:       true,
	calls: map[uint32]sysKind{
		x32SyscallBit | 2:   sysOpen,
		x32SyscallBit | 257: sysOpenat,
		x32SyscallBit | 437: sysOpenat2,
		x32SyscallBit | 85:  sysCreat,
		x32SyscallBit | 304: sysOpenByHandle,
		x32SyscallBit | 520: sysExecve,
		x32SyscallBit | 545: sysExecveat,
		x32SyscallBit | 425: sysIOUringSetup,
		x32SyscallBit | 56:  sysClone,
		x32SyscallBit | 435: sysClone3,
		x32SyscallBit | 521: sysPtrace,
		x32SyscallBit | 317: sysSeccomp,
		x32SyscallBit | 165: sysMount,
		x32SyscallBit | 166: sysUmount2,
		x32SyscallBit | 155: sysPivotRoot,
		x32SyscallBit | 429: sysMoveMount,
		x32SyscallBit | 428: sysOpenTree,
		x32SyscallBit | 432: sysFsmount,
		x32SyscallBit | 442: sysMountSetattr,
		x32SyscallBit | 272: sysUnshare,
		x32SyscallBit | 308: sysSetns,
		x32SyscallBit | 519: sysRecvmsg,
		x32SyscallBit | 537: sysRecvmmsg,
		x32SyscallBit | 438: sysPidfdGetfd,
	},
	oDirectory: 0x10000,
}

var abiAArch64 = &abi{
	name:      "aarch64",
	auditArch: auditArchAArch64,
	calls: map[uint32]sysKind{
		56:  sysOpenat,
		437: sysOpenat2,
		265: sysOpenByHandle,
		221: sysExecve,
		281: sysExecveat,
		425: sysIOUringSetup,
		220: sysClone,
		435: sysClone3,
		117: sysPtrace,
		277: sysSeccomp,
		40:  sysMount,
		39:  sysUmount2,
		41:  sysPivotRoot,
		429: sysMoveMount,
		428: sysOpenTree,
		432: sysFsmount,
		442: sysMountSetattr,
		97:  sysUnshare,
		268: sysSetns,
		212: sysRecvmsg,
		243: sysRecvmmsg,
		438: sysPidfdGetfd,
	},
	oDirectory: 0x4000,
}

var abiARM = &abi{
	name:      "arm",
	auditArch: auditArchARM,
	calls: map[uint32]sysKind{
		5:   sysOpen,
		322: sysOpenat,
		437: sysOpenat2,
		8:   sysCreat,
		371: sysOpenByHandle,
		11:  sysExecve,
		387: sysExecveat,
		425: sysIOUringSetup,
		120: sysClone,
		435: sysClone3,
		26:  sysPtrace,
		383: sysSeccomp,
		21:  sysMount,
		52:  sysUmount2,
		218: sysPivotRoot,
		429: sysMoveMount,
		428: sysOpenTree,
		432: sysFsmount,
		442: sysMountSetattr,
		337: sysUnshare,
		375: sysSetns,
		297: sysRecvmsg,
		365: sysRecvmmsg,
		417: sysRecvmmsgTime64,
		438: sysPidfdGetfd,
	},
	oDirectory: 0x4000,
}

// arch is a native architecture: its own ABI and the compat ABIs its
// processes can also use (int 0x80 on x86-64, AArch32 on arm64). The seccomp
// filter sends every compat syscall to the tracer, which decodes it here.
type arch struct {
	native *abi
	compat []*abi
}

var (
	archAMD64 = &arch{native: abiX8664, compat: []*abi{abiI386, abiX32}}
	archARM64 = &arch{native: abiAArch64, compat: []*abi{abiARM}}
)

// decode returns the ABI and kind of syscall nr made under audit arch a.
// An ABI the tracer does not know yields (nil, sysNone).
func (ar *arch) decode(a uint32, nr uint64) (*abi, sysKind) {
	if nr > 0xffffffff {
		return nil, sysNone
	}
	n := uint32(nr)
	if a == ar.native.auditArch && n&x32SyscallBit == 0 {
		return ar.native, ar.native.calls[n]
	}
	for _, c := range ar.compat {
		if c.auditArch != a || c.x32 != (n&x32SyscallBit != 0) {
			continue
		}
		return c, c.calls[n]
	}
	return nil, sysNone
}

// number returns the syscall number of kind k in x, or an impossible
// number (all bits set) when x has no such syscall.
func (x *abi) number(k sysKind) uint32 {
	for nr, kk := range x.calls {
		if kk == k {
			return nr
		}
	}
	return ^uint32(0)
}

// pathArg returns the index of the path argument of k and the index of its
// directory fd argument (-1 when the path is relative to the cwd).
func (k sysKind) pathArg() (path, dirfd int) {
	switch k {
	case sysOpen, sysCreat, sysExecve:
		return 0, -1
	case sysOpenat, sysOpenat2, sysExecveat:
		return 1, 0
	}
	return -1, -1
}

// openOp classifies an open by its flags: read, write, or nothing when the
// open only names a directory or a location (O_DIRECTORY, O_PATH, and
// O_TMPFILE, which includes O_DIRECTORY), which loads no file.
func (x *abi) openOp(flags uint64) (Op, bool) {
	if flags&(oPath|x.oDirectory) != 0 {
		return "", false
	}
	if flags&oAccmode == oWronly || flags&oAccmode == oRdwr || flags&(oCreat|oTrunc) != 0 {
		return OpWrite, true
	}
	return OpRead, true
}
