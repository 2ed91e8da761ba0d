//go:build linux && (amd64 || arm64)

package tracer

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"sync"
	"time"
	"unsafe"

	"golang.org/x/net/bpf"
	"golang.org/x/sys/unix"
)

func init() { childMain = child }

// child runs the workload named by mode; its exit status is the result.
func child(mode string, args []string) int {
	switch mode {
	case "open":
		return childOpen(args)
	case "threads":
		return childThreads(args)
	case "exit":
		n, _ := strconv.Atoi(args[0])
		return n
	case "upper":
		b, _ := io.ReadAll(os.Stdin)
		os.Stdout.WriteString(strings.ToUpper(string(b)))
		fmt.Fprintln(os.Stderr, "done")
		return 0
	case "end-descendants":
		// A front end that is a subreaper runs a tool that leaves a
		// daemon, then ends what is left.
		unix.Prctl(unix.PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0)
		out, err := exec.Command("sh", "-c", "setsid sleep 100 >/dev/null 2>&1 </dev/null & echo $!").Output()
		if err != nil {
			fmt.Println("error:", err)
			return 1
		}
		fmt.Print(string(out))
		killed, err := EndDescendants(5 * time.Second)
		fmt.Println("killed:", killed, err)
		return 0
	case "reaped-tracer":
		tr, err := Run(context.Background(), Options{Command: args, Timeout: time.Minute, KillDescendants: true, Backend: os.Getenv(childBackendEnv)})
		if err != nil {
			fmt.Println("error:", err)
			return 1
		}
		fmt.Println("exit:", tr.End.ExitCode)
		return 0
	case "tracer":
		return childTracer(args)
	case "stress-root":
		return stressRoot(args)
	case "stress-worker":
		return stressWorker(args)
	case "deny":
		return childDeny(args)
	}
	fmt.Fprintf(os.Stderr, "unknown child mode %q\n", mode)
	return 100
}

// childOpen opens files as told: each argument is FLAGS:PATH.
func childOpen(args []string) int {
	for _, a := range args {
		kind, path, _ := strings.Cut(a, ":")
		var fd int
		var err error
		switch kind {
		case "r":
			fd, err = unix.Open(path, unix.O_RDONLY, 0)
		case "w":
			fd, err = unix.Open(path, unix.O_WRONLY, 0)
		case "rw":
			fd, err = unix.Open(path, unix.O_RDWR, 0)
		case "creat":
			fd, err = unix.Creat(path, 0o644)
		case "rcreat":
			fd, err = unix.Open(path, unix.O_RDONLY|unix.O_CREAT, 0o644)
		case "dir":
			fd, err = unix.Open(path, unix.O_RDONLY|unix.O_DIRECTORY, 0)
		case "rdir":
			fd, err = unix.Open(path, unix.O_RDONLY, 0)
		case "opath":
			fd, err = unix.Open(path, unix.O_PATH, 0)
		case "openat2":
			fd, err = unix.Openat2(unix.AT_FDCWD, path, &unix.OpenHow{Flags: unix.O_RDONLY})
		case "missing":
			if _, err := unix.Open(path, unix.O_RDONLY, 0); err == nil {
				fmt.Fprintf(os.Stderr, "open %s: unexpected success\n", path)
				return 2
			}
			continue
		default:
			fmt.Fprintf(os.Stderr, "bad open %q\n", a)
			return 100
		}
		if err != nil {
			fmt.Fprintf(os.Stderr, "%s %s: %v\n", kind, path, err)
			return 1
		}
		unix.Close(fd)
	}
	return 0
}

// childThreads opens DIR/gI from N goroutines, each locked to its own
// thread, all at once.
func childThreads(args []string) int {
	dir := args[0]
	n, _ := strconv.Atoi(args[1])
	var start, done sync.WaitGroup
	start.Add(n)
	done.Add(n)
	failed := make(chan error, n)
	for i := range n {
		go func() {
			defer done.Done()
			runtime.LockOSThread()
			start.Done()
			start.Wait()
			f, err := os.Open(filepath.Join(dir, "g"+strconv.Itoa(i)))
			if err != nil {
				failed <- err
				return
			}
			f.Close()
		}()
	}
	done.Wait()
	close(failed)
	for err := range failed {
		fmt.Fprintln(os.Stderr, err)
		return 1
	}
	return 0
}

// childTracer is a tracer of its own: it traces ARGS and prints the exit
// code of the traced command, or the tracing error.
func childTracer(args []string) int {
	tr, err := Run(context.Background(), Options{Command: args, Timeout: time.Minute, Backend: os.Getenv(childBackendEnv)})
	if err != nil {
		fmt.Println("error:", err)
		return 1
	}
	fmt.Println("exit:", tr.End.ExitCode)
	return 0
}

// stressRoot DIR P T F CPROG...: starts P stress workers at once and
// waits for them.
func stressRoot(args []string) int {
	p, _ := strconv.Atoi(args[1])
	var wg sync.WaitGroup
	errs := make(chan error, p)
	for i := range p {
		wg.Add(1)
		go func() {
			defer wg.Done()
			cmd := exec.Command(os.Args[0], append([]string{strconv.Itoa(i)}, args...)...)
			cmd.Env = append(os.Environ(), childEnv+"=stress-worker", "GOMAXPROCS=8")
			cmd.Stdout, cmd.Stderr = os.Stdout, os.Stderr
			if err := cmd.Run(); err != nil {
				errs <- fmt.Errorf("worker %d: %w", i, err)
			}
		}()
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		fmt.Fprintln(os.Stderr, err)
		return 1
	}
	return 0
}

// stressWorker I DIR P T F THREADEXEC VFORK: T threads each open F files
// of DIR/files (every fourth one missing), then the worker runs cat through
// os/exec, and every third worker a non-leader exec and vfork+exec. It logs
// "PID\tPATH" for every open that succeeded to DIR/logs/I.
func stressWorker(args []string) int {
	i := args[0]
	dir := args[1]
	nt, _ := strconv.Atoi(args[3])
	nf, _ := strconv.Atoi(args[4])
	threadExec, vfork := args[5], args[6]
	pid := os.Getpid()
	var mu sync.Mutex
	var log []string
	var wg sync.WaitGroup
	for th := range nt {
		wg.Add(1)
		go func() {
			defer wg.Done()
			runtime.LockOSThread()
			defer runtime.UnlockOSThread()
			for f := range nf {
				name := fmt.Sprintf("p%s_t%d_f%d", i, th, f)
				if f%4 == 3 {
					name = "missing_" + name
				}
				path := filepath.Join(dir, "files", name)
				fd, err := unix.Open(path, unix.O_RDONLY|unix.O_CLOEXEC, 0)
				if err != nil {
					continue
				}
				unix.Close(fd)
				mu.Lock()
				log = append(log, fmt.Sprintf("%d\t%s", pid, path))
				mu.Unlock()
			}
		}()
	}
	wg.Wait()
	catFile := filepath.Join(dir, "files", "cat_"+i)
	cat := exec.Command("/bin/cat", catFile)
	cat.Stdout = io.Discard
	if err := cat.Run(); err != nil {
		fmt.Fprintf(os.Stderr, "cat: %v\n", err)
		return 1
	}
	log = append(log, fmt.Sprintf("%d\t%s", cat.Process.Pid, catFile))
	if n, _ := strconv.Atoi(i); n%3 == 0 {
		execFile := filepath.Join(dir, "files", "texec_"+i)
		te := exec.Command(threadExec, "/bin/cat", execFile)
		out, err := te.Output()
		if err != nil {
			fmt.Fprintf(os.Stderr, "threadexec: %v\n", err)
			return 1
		}
		sc := bufio.NewScanner(strings.NewReader(string(out)))
		sc.Scan()
		log = append(log, sc.Text()+"\t"+execFile)
		if err := exec.Command(vfork, "3").Run(); err != nil {
			fmt.Fprintf(os.Stderr, "vfork: %v\n", err)
			return 1
		}
	}
	if err := os.WriteFile(filepath.Join(dir, "logs", i), []byte(strings.Join(log, "\n")+"\n"), 0o644); err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 1
	}
	return 0
}

// childDeny WHAT COMMAND...: makes tracing impossible in this process with
// a seccomp filter of its own (ptrace fails with EPERM, installing a
// seccomp filter with EINVAL, as where the kernel lacks seccomp-bpf, or bpf
// with EPERM, as under a container's default seccomp profile), then traces
// COMMAND and prints Run's error.
func childDeny(args []string) int {
	deny := []bpf.Instruction{
		bpf.LoadAbsolute{Off: seccompDataArch, Size: 4},
		bpf.JumpIf{Cond: bpf.JumpEqual, Val: nativeArch.native.auditArch, SkipTrue: 1},
		bpf.RetConstant{Val: seccompRetAllow},
		bpf.LoadAbsolute{Off: seccompDataNr, Size: 4},
	}
	const retErrno = 0x00050000
	switch args[0] {
	case "ptrace":
		deny = append(deny,
			bpf.JumpIf{Cond: bpf.JumpEqual, Val: unix.SYS_PTRACE, SkipFalse: 1},
			bpf.RetConstant{Val: retErrno | uint32(unix.EPERM)})
	case "bpf":
		deny = append(deny,
			bpf.JumpIf{Cond: bpf.JumpEqual, Val: unix.SYS_BPF, SkipFalse: 1},
			bpf.RetConstant{Val: retErrno | uint32(unix.EPERM)})
	case "seccomp":
		deny = append(deny,
			bpf.JumpIf{Cond: bpf.JumpEqual, Val: unix.SYS_SECCOMP, SkipFalse: 1},
			bpf.RetConstant{Val: retErrno | uint32(unix.EINVAL)},
			bpf.JumpIf{Cond: bpf.JumpEqual, Val: unix.SYS_PRCTL, SkipFalse: 3},
			bpf.LoadAbsolute{Off: 16, Size: 4}, // args[0], low half (little-endian)
			bpf.JumpIf{Cond: bpf.JumpEqual, Val: unix.PR_SET_SECCOMP, SkipFalse: 1},
			bpf.RetConstant{Val: retErrno | uint32(unix.EINVAL)})
	}
	deny = append(deny, bpf.RetConstant{Val: seccompRetAllow})
	raw, err := bpf.Assemble(deny)
	if err != nil {
		fmt.Println(err)
		return 100
	}
	if err := unix.Prctl(unix.PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0); err != nil {
		fmt.Println(err)
		return 100
	}
	prog := unix.SockFprog{Len: uint16(len(raw)), Filter: (*unix.SockFilter)(unsafe.Pointer(&raw[0]))}
	// TSYNC: every thread, whichever runs the tracer.
	if _, _, e := unix.Syscall(unix.SYS_SECCOMP, unix.SECCOMP_SET_MODE_FILTER, unix.SECCOMP_FILTER_FLAG_TSYNC, uintptr(unsafe.Pointer(&prog))); e != 0 {
		fmt.Println(e)
		return 100
	}
	return childTracer(args[1:])
}
