//go:build linux

package tracer

import (
	"bufio"
	"os"
	"regexp"
	"runtime"
	"strconv"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// headerNumbers reads the syscall numbers a kernel UAPI header defines
// (#define __NR_name N, or (__X32_SYSCALL_BIT + N)).
func headerNumbers(t *testing.T, path string) map[string]uint32 {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatalf("kernel headers are needed to check the syscall tables: run `make setup` (linux-libc-dev): %v", err)
	}
	defer f.Close()
	re := regexp.MustCompile(`^#define __NR(?:3264)?_(\w+)\s+(?:\(__X32_SYSCALL_BIT \+ (\d+)\)|(\d+))\s*$`)
	nums := map[string]uint32{}
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		m := re.FindStringSubmatch(sc.Text())
		if m == nil {
			continue
		}
		if m[2] != "" {
			n, _ := strconv.Atoi(m[2])
			nums[m[1]] = x32SyscallBit | uint32(n)
		} else {
			n, _ := strconv.Atoi(m[3])
			nums[m[1]] = uint32(n)
		}
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	if len(nums) < 200 {
		t.Fatalf("%s: only %d syscall numbers found", path, len(nums))
	}
	return nums
}

// TestSyscallTablesMatchHeaders checks every table against the kernel's
// own headers: each traced syscall the ABI has must be in the table with
// its kind, and the table must hold nothing else. The arm64 table is the
// asm-generic one, present on every architecture's headers; it numbers
// recvmmsg_time64 for the 32-bit ABIs only (under a #if the test does not
// read), so aarch64 has none.
func TestSyscallTablesMatchHeaders(t *testing.T) {
	type check struct {
		abi    *abi
		header string
	}
	// asm-generic is installed on every architecture; the x86 headers
	// only on x86 machines.
	tests := []check{{abiAArch64, "/usr/include/asm-generic/unistd.h"}}
	if runtime.GOARCH == "amd64" {
		tests = append(tests,
			check{abiX8664, "/usr/include/x86_64-linux-gnu/asm/unistd_64.h"},
			check{abiI386, "/usr/include/x86_64-linux-gnu/asm/unistd_32.h"},
			check{abiX32, "/usr/include/x86_64-linux-gnu/asm/unistd_x32.h"})
	}
	for _, tt := range tests {
		t.Run(tt.abi.name, func(t *testing.T) {
			nums := headerNumbers(t, tt.header)
			want := map[uint32]sysKind{}
			for k := sysOpen; k < numSysKinds; k++ {
				if nr, ok := nums[k.String()]; ok && !(k == sysRecvmmsgTime64 && tt.abi == abiAArch64) {
					want[nr] = k
				}
			}
			if diff := cmp.Diff(want, tt.abi.calls); diff != "" {
				t.Errorf("table (-header +table):\n%s", diff)
			}
		})
	}
}

// TestARMTable checks the AArch32 compat table against the numbers of
// arch/arm/tools/syscall.tbl (no AArch32 header ships on other machines).
func TestARMTable(t *testing.T) {
	want := map[uint32]sysKind{
		5: sysOpen, 8: sysCreat, 11: sysExecve, 322: sysOpenat, 371: sysOpenByHandle,
		387: sysExecveat, 425: sysIOUringSetup, 437: sysOpenat2,
		120: sysClone, 435: sysClone3, 26: sysPtrace, 383: sysSeccomp,
		21: sysMount, 52: sysUmount2, 218: sysPivotRoot, 429: sysMoveMount, 428: sysOpenTree,
		432: sysFsmount, 442: sysMountSetattr, 337: sysUnshare, 375: sysSetns,
		297: sysRecvmsg, 365: sysRecvmmsg, 417: sysRecvmmsgTime64, 438: sysPidfdGetfd,
	}
	if diff := cmp.Diff(want, abiARM.calls); diff != "" {
		t.Errorf("arm table (-syscall.tbl +table):\n%s", diff)
	}
}
