package tracer

import (
	"encoding/binary"
	"testing"

	"github.com/google/go-cmp/cmp"
	"golang.org/x/net/bpf"
)

func TestDecode(t *testing.T) {
	tests := []struct {
		name     string
		arch     *arch
		audit    uint32
		nr       uint64
		wantABI  string
		wantKind sysKind
	}{
		{"amd64-openat", archAMD64, auditArchX8664, 257, "x86_64", sysOpenat},
		{"amd64-open", archAMD64, auditArchX8664, 2, "x86_64", sysOpen},
		{"amd64-execveat", archAMD64, auditArchX8664, 322, "x86_64", sysExecveat},
		{"amd64-read", archAMD64, auditArchX8664, 0, "x86_64", sysNone},
		{"amd64-int80-open", archAMD64, auditArchI386, 5, "i386", sysOpen},
		{"amd64-int80-fstat", archAMD64, auditArchI386, 108, "i386", sysNone},
		{"amd64-int80-execve", archAMD64, auditArchI386, 11, "i386", sysExecve},
		{"amd64-x32-execve", archAMD64, auditArchX8664, x32SyscallBit | 520, "x32", sysExecve},
		{"amd64-x32-openat", archAMD64, auditArchX8664, x32SyscallBit | 257, "x32", sysOpenat},
		{"amd64-x32-x86execve", archAMD64, auditArchX8664, x32SyscallBit | 59, "x32", sysNone},
		{"amd64-foreign", archAMD64, auditArchAArch64, 56, "", sysNone},
		{"amd64-huge", archAMD64, auditArchX8664, 1<<32 | 257, "", sysNone},
		{"arm64-openat", archARM64, auditArchAArch64, 56, "aarch64", sysOpenat},
		{"arm64-execve", archARM64, auditArchAArch64, 221, "aarch64", sysExecve},
		{"arm64-no-open", archARM64, auditArchAArch64, 2, "aarch64", sysNone},
		{"arm64-aarch32-open", archARM64, auditArchARM, 5, "arm", sysOpen},
		{"arm64-aarch32-openat", archARM64, auditArchARM, 322, "arm", sysOpenat},
		{"arm64-x86", archARM64, auditArchX8664, 257, "", sysNone},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			x, k := tt.arch.decode(tt.audit, tt.nr)
			name := ""
			if x != nil {
				name = x.name
			}
			if diff := cmp.Diff([]any{tt.wantABI, tt.wantKind.String()}, []any{name, k.String()}); diff != "" {
				t.Errorf("decode (-want +got):\n%s", diff)
			}
		})
	}
}

func TestOpenOp(t *testing.T) {
	const (
		x86Dir = 0x10000
		armDir = 0x4000
		tmpx86 = 0x400000 | x86Dir // O_TMPFILE
	)
	tests := []struct {
		name  string
		abi   *abi
		flags uint64
		want  Op
	}{
		{"rdonly", abiX8664, 0, OpRead},
		{"cloexec", abiX8664, 0x80000, OpRead},
		{"wronly", abiX8664, oWronly, OpWrite},
		{"rdwr", abiX8664, oRdwr, OpWrite},
		{"creat", abiX8664, oCreat, OpWrite},
		{"trunc", abiX8664, oTrunc, OpWrite},
		{"path", abiX8664, oPath, ""},
		{"directory-x86", abiX8664, x86Dir, ""},
		{"tmpfile-x86", abiX8664, tmpx86 | oRdwr, ""},
		{"directory-arm64", abiAArch64, armDir, ""},
		{"x86-directory-bit-on-arm64-is-o-direct", abiAArch64, x86Dir, OpRead},
		{"arm64-wronly", abiAArch64, oWronly, OpWrite},
		{"aarch32-directory", abiARM, armDir, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			op, ok := tt.abi.openOp(tt.flags)
			if ok != (tt.want != "") || op != tt.want {
				t.Errorf("openOp(%#x) = %q, %v; want %q", tt.flags, op, ok, tt.want)
			}
		})
	}
}

// seccompData is struct seccomp_data as the x/net/bpf VM reads it: its
// loads are big-endian, the kernel's native-endian, so the words are
// written big-endian here to mean the same numbers.
func seccompData(auditArch, nr uint32, args ...uint32) []byte {
	b := make([]byte, 64)
	binary.BigEndian.PutUint32(b[seccompDataNr:], nr)
	binary.BigEndian.PutUint32(b[seccompDataArch:], auditArch)
	for i, a := range args {
		binary.BigEndian.PutUint32(b[seccompDataArg0+8*i:], a)
	}
	return b
}

// TestFilter runs the seccomp filter of each architecture in the BPF VM
// over every syscall number: exactly the table's syscalls stop at the
// tracer, with their kind as data; every foreign-ABI and x32 syscall stops
// too; everything else is allowed.
func TestFilter(t *testing.T) {
	for _, ar := range []*arch{archAMD64, archARM64} {
		t.Run(ar.native.name, func(t *testing.T) {
			if _, err := assembleFilter(ar); err != nil {
				t.Fatal(err)
			}
			vm, err := bpf.NewVM(filterProgram(ar))
			if err != nil {
				t.Fatal(err)
			}
			run := func(audit, nr uint32, args ...uint32) uint32 {
				t.Helper()
				r, err := vm.Run(seccompData(audit, nr, args...))
				if err != nil {
					t.Fatal(err)
				}
				return uint32(r)
			}
			traced := 0
			for nr := uint32(0); nr < 1024; nr++ {
				want := uint32(seccompRetAllow)
				k, ok := ar.native.calls[nr]
				switch {
				case k == sysClone3:
					want = seccompRetErrno | enosys
				case k == sysSetns:
					// nstype 0: a namespace of any kind.
					want = seccompRetTrace | uint32(k)
				case ok && k != sysClone && k != sysPtrace && k != sysSeccomp && k != sysUnshare && k != sysOpenTree:
					want = seccompRetTrace | uint32(k)
				}
				if ok {
					traced++
				}
				if got := run(ar.native.auditArch, nr); got != want {
					t.Errorf("native syscall %d: filter returns %#x, want %#x", nr, got, want)
				}
			}
			// The calls the filter decides by their arguments.
			for _, tt := range []struct {
				kind sysKind
				args []uint32
				want uint32
			}{
				{sysClone, []uint32{0x11 | 0x01000000 | 0x00200000}, seccompRetAllow}, // fork's flags
				{sysClone, []uint32{0x3d0f00}, seccompRetAllow},                       // pthread_create's
				{sysClone, []uint32{cloneUntraced | 0x11}, seccompRetTrace | uint32(sysClone)},
				{sysPtrace, []uint32{ptraceAttach, 42}, seccompRetTrace | uint32(sysPtrace)},
				{sysPtrace, []uint32{ptraceSeizeReq, 42}, seccompRetTrace | uint32(sysPtrace)},
				{sysPtrace, []uint32{0}, seccompRetAllow},      // PTRACE_TRACEME
				{sysPtrace, []uint32{2, 42}, seccompRetAllow},  // PTRACE_PEEKDATA
				{sysPtrace, []uint32{17, 42}, seccompRetAllow}, // PTRACE_DETACH
				{sysSeccomp, []uint32{seccompSetModeFilter, seccompFilterNewListener | 1}, seccompRetTrace | uint32(sysSeccomp)},
				{sysSeccomp, []uint32{seccompSetModeFilter, 1}, seccompRetAllow}, // TSYNC only
				{sysSeccomp, []uint32{0, seccompFilterNewListener}, seccompRetAllow},
				{sysClone3, []uint32{0}, seccompRetErrno | enosys},
				{sysClone, []uint32{cloneNewNS | 0x11}, seccompRetTrace | uint32(sysClone)},
				{sysUnshare, []uint32{cloneNewNS}, seccompRetTrace | uint32(sysUnshare)},
				{sysUnshare, []uint32{cloneNewNS | 0x10000000}, seccompRetTrace | uint32(sysUnshare)},
				{sysUnshare, []uint32{0x10000000}, seccompRetAllow}, // a user namespace alone
				{sysUnshare, []uint32{0x200}, seccompRetAllow},      // CLONE_FS
				{sysSetns, []uint32{3, cloneNewNS}, seccompRetTrace | uint32(sysSetns)},
				{sysSetns, []uint32{3, 0}, seccompRetTrace | uint32(sysSetns)},
				{sysSetns, []uint32{3, 0x40000000}, seccompRetAllow}, // a network namespace
				{sysOpenTree, []uint32{3, 0, openTreeClone | 0x8000}, seccompRetTrace | uint32(sysOpenTree)},
				{sysOpenTree, []uint32{3, 0, 0x8000}, seccompRetAllow},
				{sysMount, []uint32{0, 0, 0}, seccompRetTrace | uint32(sysMount)},
			} {
				if got := run(ar.native.auditArch, ar.native.number(tt.kind), tt.args...); got != tt.want {
					t.Errorf("%s%#x: filter returns %#x, want %#x", tt.kind, tt.args, got, tt.want)
				}
			}
			if traced != len(ar.native.calls) {
				t.Errorf("%d syscalls traced, table has %d", traced, len(ar.native.calls))
			}
			for _, c := range ar.compat {
				for _, nr := range []uint32{0, 3, 5, 11, 295, 322, 0xffff} {
					if c.x32 {
						nr |= x32SyscallBit
					}
					if got := run(c.auditArch, nr); got != seccompRetTrace {
						t.Errorf("%s syscall %#x: filter returns %#x, want SECCOMP_RET_TRACE", c.name, nr, got)
					}
				}
				// clone3 fails under every ABI; clone stops under a
				// compat ABI whatever its flags (the tracer reads them).
				if got := run(c.auditArch, c.number(sysClone3)); got != seccompRetErrno|enosys {
					t.Errorf("%s clone3: filter returns %#x, want ENOSYS", c.name, got)
				}
				if got := run(c.auditArch, c.number(sysClone)); got != seccompRetTrace {
					t.Errorf("%s clone: filter returns %#x, want SECCOMP_RET_TRACE", c.name, got)
				}
			}
			for _, foreign := range []uint32{auditArchX8664, auditArchAArch64, 0} {
				if foreign == ar.native.auditArch {
					continue
				}
				if got := run(foreign, 0); got != seccompRetTrace {
					t.Errorf("foreign arch %#x: filter returns %#x, want SECCOMP_RET_TRACE", foreign, got)
				}
			}
			if n := longestPath(filterProgram(ar)); n > 20 {
				t.Errorf("a syscall may pass %d instructions of the filter; it runs on every syscall, keep its paths short", n)
			}
		})
	}
}

// longestPath returns how many instructions the longest path through
// prog executes: its jumps only go forward.
func longestPath(prog []bpf.Instruction) int {
	depth := make([]int, len(prog)+1)
	for i := len(prog) - 1; i >= 0; i-- {
		switch ins := prog[i].(type) {
		case bpf.RetConstant:
			depth[i] = 1
		case bpf.JumpIf:
			depth[i] = 1 + max(depth[i+1+int(ins.SkipTrue)], depth[i+1+int(ins.SkipFalse)])
		default:
			depth[i] = 1 + depth[i+1]
		}
	}
	return depth[0]
}

func TestSysKindString(t *testing.T) {
	var got []string
	for k := sysNone; k <= numSysKinds; k++ {
		got = append(got, k.String())
	}
	want := []string{"none", "open", "openat", "openat2", "creat", "open_by_handle_at", "execve", "execveat", "io_uring_setup", "clone", "clone3", "ptrace", "seccomp",
		"mount", "umount2", "umount", "pivot_root", "move_mount", "open_tree", "fsmount", "mount_setattr", "unshare", "setns",
		"recvmsg", "recvmmsg", "recvmmsg_time64", "socketcall", "pidfd_getfd", "unknown"}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("names (-want +got):\n%s", diff)
	}
}
