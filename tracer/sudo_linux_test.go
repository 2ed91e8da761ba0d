//go:build linux && amd64

package tracer

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"sort"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/envaudit/envaudit/internal/testenv"
	"github.com/google/go-cmp/cmp"
	"golang.org/x/sys/unix"
)

// The sudo tests run the tracer as an unprivileged user with passwordless
// sudo, as on GitHub-hosted runners: envaudit-rt, which
// scripts/setup.d/redteam.sh makes. The test binary, copied where that
// user may run it, is started through sudo -u with sudoChildEnv set and
// acts as envaudit there (sudoChild); the eBPF backend then loads its
// programs through sudo -n.

// sudoChildEnv selects the unprivileged side of the sudo tests.
const sudoChildEnv = "ENVAUDIT_TRACER_TEST_SUDO"

// rtUser is the unprivileged user with passwordless sudo.
const rtUser = "envaudit-rt"

func init() {
	// The helper, reaper and loader the child starts are this binary too,
	// and must act as such.
	if os.Getenv(sudoChildEnv) == "" || len(os.Args) != 1 {
		return
	}
	// The backend and scenario come on standard input, so that the
	// command line sudo records in SUDO_COMMAND is the same for all.
	var backend, scenario string
	fmt.Fscan(os.Stdin, &backend, &scenario)
	os.Exit(sudoChild(backend, scenario))
}

// probeScript prints what the command's identity and surroundings are:
// what must be the same with and without envaudit.
const probeScript = `id
env | sort
ulimit -a
umask
grep -E '^(Uid|Gid|Groups|NoNewPrivs|Seccomp|Seccomp_filters|CapInh|CapPrm|CapEff|CapBnd|CapAmb):' /proc/self/status
echo "parent $(grep -E '^Uid:' /proc/$PPID/status)"
for f in 0 1 2; do echo "fd $f $(readlink /proc/self/fd/$f | sed 's/[0-9]//g')"; done
echo "fds $(ls /proc/self/fd | wc -l)"
pwd
`

// iouringScript sets up an io_uring instance and prints "ok", or the
// error's name.
const iouringScript = `import ctypes, errno, os
libc = ctypes.CDLL(None, use_errno=True)
params = ctypes.create_string_buffer(120)
fd = libc.syscall(425, 4, params)
print("ok" if fd >= 0 else errno.errorcode[ctypes.get_errno()])
`

// siblingSudo finds the sudo that started the loader: the child named
// sudo of the command's grandparent (the eBPF backend starts the command
// through its reaper, a child of envaudit's, as sudo is). Each stat file
// is read by cat, which skips a process that left /proc after the glob:
// Debian's awk (mawk) stops at the first file it cannot open, so a
// process ending meanwhile hid every later one, sudo included ("no sudo
// found", seen once in a full make test). The search is also tried again
// for up to 5 s.
const siblingSudo = `gp=$(awk '{print $4}' /proc/$PPID/stat)
sudo= tries=0
while [ -z "$sudo" ] && [ $tries -lt 50 ]; do
	sudo=$(for f in /proc/[0-9]*/stat; do cat "$f" 2>/dev/null; echo; done | awk -v pp=$gp '$2 == "(sudo)" && $4 == pp {print $1}')
	[ -n "$sudo" ] || sleep 0.1
	tries=$((tries + 1))
done
[ -n "$sudo" ] || { echo "no sudo found" >&2; exit 9; }
`

// sudoResult is what the child reports.
type sudoResult struct {
	Out     string
	Err     string
	Header  Header
	End     End
	Elapsed time.Duration
	// D3 is what the audit reads of the trace (d3), sorted.
	D3 []string
	// Unavailable says the error matched ErrEBPFUnavailable.
	Unavailable bool
	// Alive lists the pids the command printed (a daemon's) that were
	// still running after Run returned.
	Alive []int
}

// sudoChild traces (or, for backend "none", runs) one scenario and prints
// a sudoResult as JSON.
func sudoChild(backend, scenario string) int {
	opts := Options{Backend: backend, Timeout: time.Minute, Grace: 500 * time.Millisecond}
	ctx := context.Background()
	var cancel context.CancelCauseFunc
	switch scenario {
	case "probe":
		opts.Command = []string{"/bin/sh", "-c", probeScript}
	case "probe-nnp":
		opts.Command = []string{"/bin/sh", "-c", probeScript}
		opts.NoNewPrivs = true
	case "exit":
		opts.Command = []string{"/bin/sh", "-c", "cat /etc/hostname >/dev/null; exit 7"}
	case "iouring", "iouring-nnp":
		opts.Command = []string{"/usr/bin/python3", "-c", iouringScript}
		opts.NoNewPrivs = scenario == "iouring-nnp"
	case "timeout":
		opts.Command = []string{"/bin/sh", "-c", "sleep 30"}
		opts.Timeout = 300 * time.Millisecond
	case "interrupt":
		// Interrupted once the shell has set its trap.
		dir, err := os.MkdirTemp("", "envaudit-interrupt")
		if err != nil {
			fmt.Fprintln(os.Stderr, err)
			return 2
		}
		defer os.RemoveAll(dir)
		opts.Dir = dir
		opts.Command = []string{"/bin/sh", "-c", `trap 'exit 5' INT; : >ready; sleep 30 & wait`}
		ctx, cancel = context.WithCancelCause(ctx)
		go func() {
			for {
				if _, err := os.Stat(filepath.Join(dir, "ready")); err == nil {
					cancel(&Interrupt{Sig: unix.SIGINT})
					return
				}
				time.Sleep(10 * time.Millisecond)
			}
		}()
	case "daemon":
		opts.Command = []string{"/bin/sh", "-c", "setsid sleep 30 </dev/null >/dev/null 2>&1 & echo $!"}
		opts.KillDescendants = true
	case "kill-loader":
		opts.Command = []string{"/bin/sh", "-c", siblingSudo + "kill -KILL $sudo; sleep 0.3; cat /etc/hostname >/dev/null"}
	case "term-sudo":
		opts.Command = []string{"/bin/sh", "-c", siblingSudo + "kill -TERM $sudo; kill -INT $sudo; kill -HUP $sudo; sleep 0.3; cat /etc/hostname >/dev/null"}
	case "die":
		// envaudit killed mid-run: its loader must not outlive it.
		go Run(ctx, Options{Backend: BackendEBPF, Command: []string{"/bin/sleep", "2"}})
		time.Sleep(700 * time.Millisecond)
		fmt.Printf("pid %d loader %d\n", os.Getpid(), findLoader(os.Getpid()))
		os.Stdout.Sync()
		unix.Kill(os.Getpid(), unix.SIGKILL)
		return 2
	case "self-nnp":
		// envaudit itself under no_new_privs, on every thread since
		// its start (the harness starts it through setpriv: set on one
		// thread now, it would not hold for the others, from which the
		// Go runtime may start sudo): sudo cannot give the loader root.
		if st, err := os.ReadFile("/proc/self/status"); err != nil || !bytes.Contains(st, []byte("\nNoNewPrivs:\t1\n")) {
			fmt.Fprintln(os.Stderr, "self-nnp: envaudit is not under no_new_privs", err)
			return 2
		}
		opts.Command = []string{"/bin/sh", "-c", "cat /etc/hostname >/dev/null"}
	default:
		fmt.Fprintln(os.Stderr, "unknown scenario", scenario)
		return 2
	}
	devnull, err := os.Open(os.DevNull)
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 2
	}
	opts.Stdin = devnull
	var out, errb bytes.Buffer
	res := sudoResult{}
	start := time.Now()
	if backend == "none" {
		cmd := exec.Command(opts.Command[0], opts.Command[1:]...)
		cmd.Stdin, cmd.Stdout, cmd.Stderr = devnull, &out, &errb
		err := cmd.Run()
		var ee *exec.ExitError
		if errors.As(err, &ee) {
			res.End.ExitCode = ee.ExitCode()
		} else if err != nil {
			res.Err = err.Error()
		}
	} else {
		opts.Stdout, opts.Stderr = &out, &errb
		tr, err := Run(ctx, opts)
		if err != nil {
			res.Err = err.Error()
			res.Unavailable = errors.Is(err, ErrEBPFUnavailable)
		} else {
			res.Header, res.End = tr.Header, tr.End
			for k := range d3(tr) {
				res.D3 = append(res.D3, k)
			}
			sort.Strings(res.D3)
		}
	}
	res.Elapsed = time.Since(start)
	res.Out = out.String() + errb.String()
	for _, f := range strings.Fields(out.String()) {
		if pid, err := strconv.Atoi(f); err == nil && pid > 0 && unix.Kill(pid, 0) == nil {
			if _, state, ok := statParent(pid); ok && state != 'Z' {
				res.Alive = append(res.Alive, pid)
				unix.Kill(pid, unix.SIGKILL)
			}
		}
	}
	json.NewEncoder(os.Stdout).Encode(res)
	return 0
}

// sudoHarness runs the test binary as rtUser.
type sudoHarness struct {
	bin, dir string
	// asRoot runs the child as root, without sudo: the eBPF backend then
	// loads its programs in process.
	asRoot bool
}

func newSudoHarness(t *testing.T) *sudoHarness {
	t.Helper()
	testenv.RealInstall(t)
	requireEBPF(t)
	if out, err := exec.Command("sudo", "-n", "-u", rtUser, "sudo", "-n", "true").CombinedOutput(); err != nil {
		t.Fatalf("%s: %v %s", testenv.Message(rtUser+", an unprivileged user with passwordless sudo (scripts/setup.d/redteam.sh)"), err, out)
	}
	dir, err := os.MkdirTemp("", "envaudit-sudo-test")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { os.RemoveAll(dir) })
	if err := os.Chmod(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	src, err := os.Open(exe)
	if err != nil {
		t.Fatal(err)
	}
	defer src.Close()
	bin := filepath.Join(dir, "tracer.test")
	dst, err := os.OpenFile(bin, os.O_CREATE|os.O_WRONLY, 0o755)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := io.Copy(dst, src); err != nil {
		t.Fatal(err)
	}
	if err := dst.Close(); err != nil {
		t.Fatal(err)
	}
	return &sudoHarness{bin: bin, dir: dir}
}

// run runs scenario under backend as rtUser.
func (h *sudoHarness) run(t *testing.T, backend, scenario string) sudoResult {
	t.Helper()
	return h.runErr(t, backend, scenario, false)
}

// runErr is run, which fails the test on Run's error unless allowErr.
func (h *sudoHarness) runErr(t *testing.T, backend, scenario string, allowErr bool) sudoResult {
	t.Helper()
	argv := []string{"/usr/bin/env", sudoChildEnv + "=1", h.bin}
	if scenario == "self-nnp" {
		argv = append([]string{"setpriv", "--no-new-privs"}, argv...)
	}
	cmd := exec.Command("sudo", append([]string{"-n", "-u", rtUser, "--"}, argv...)...)
	if h.asRoot {
		cmd = exec.Command(argv[0], argv[1:]...)
	}
	cmd.Dir = h.dir
	cmd.Stdin = strings.NewReader(backend + " " + scenario + "\n")
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("%s %s as %s: %v\n%s", backend, scenario, rtUser, err, stderr.String())
	}
	var res sudoResult
	if err := json.Unmarshal(out, &res); err != nil {
		t.Fatalf("%s %s: %v in %q (stderr %q)", backend, scenario, err, out, stderr.String())
	}
	if res.Err != "" && !allowErr {
		t.Fatalf("%s %s: %s", backend, scenario, res.Err)
	}
	return res
}

// ptraceDifferences are what the ptrace backend documents it changes in an
// unprivileged command: no_new_privs, and its seccomp filter.
var ptraceDifferences = regexp.MustCompile(`(?m)^(NoNewPrivs|Seccomp|Seccomp_filters):\s+\d+$`)

// filtered is the probe's output out of an untraced run as a command under
// no_new_privs and one seccomp filter prints it.
func filtered(out string) string {
	return ptraceDifferences.ReplaceAllStringFunc(out, func(line string) string {
		name, _, _ := strings.Cut(line, ":")
		v := map[string]string{"NoNewPrivs": "1", "Seccomp": "2", "Seccomp_filters": "1"}[name]
		return name + ":\t" + v
	})
}

// TestSudoSameEnvironment runs the probe as an unprivileged user with
// passwordless sudo: untraced, under ptrace and under eBPF through sudo,
// its identity, environment, limits, umask, privileges, parent and
// streams are the same; under ptrace but for no_new_privs and the seccomp
// filter, as documented.
func TestSudoSameEnvironment(t *testing.T) {
	h := newSudoHarness(t)
	untraced := h.run(t, "none", "probe")
	ptrace := h.run(t, BackendPtrace, "probe")
	ebpf := h.run(t, BackendEBPF, "probe")
	for _, want := range []string{"uid=1", "NoNewPrivs:\t0", "CapEff:\t0000000000000000", "parent Uid:", "nofiles"} {
		if !strings.Contains(untraced.Out, want) {
			t.Fatalf("the untraced probe printed no %q:\n%s", want, untraced.Out)
		}
	}
	if strings.Contains(untraced.Out, "Uid:\t0\t") {
		t.Fatalf("the probe ran as root:\n%s", untraced.Out)
	}
	if diff := cmp.Diff(untraced.Out, ebpf.Out); diff != "" {
		t.Errorf("under eBPF through sudo the command's surroundings differ (-untraced +ebpf):\n%s", diff)
	}
	if ebpf.Header.Backend != BackendEBPF || ebpf.Header.Loader != "sudo" || len(ebpf.Header.Hooks) == 0 {
		t.Errorf("eBPF header = backend %q, loader %q, hooks %q; want ebpf, sudo and its hooks", ebpf.Header.Backend, ebpf.Header.Loader, ebpf.Header.Hooks)
	}
	wantPtrace := filtered(untraced.Out)
	if diff := cmp.Diff(wantPtrace, ptrace.Out); diff != "" {
		t.Errorf("under ptrace the command's surroundings differ beyond no_new_privs and the seccomp filter (-want +ptrace):\n%s", diff)
	}
	// Options.NoNewPrivs (the Action's) changes that alone, and lets the
	// helper install the seccomp filter that refuses io_uring.
	nnp := h.run(t, BackendEBPF, "probe-nnp")
	wantNNP := filtered(untraced.Out)
	if diff := cmp.Diff(wantNNP, nnp.Out); diff != "" {
		t.Errorf("under eBPF with NoNewPrivs the command's surroundings differ beyond no_new_privs and the io_uring filter (-want +got):\n%s", diff)
	}
	if ptrace.Header.Backend != BackendPtrace {
		t.Errorf("ptrace header backend = %q", ptrace.Header.Backend)
	}
}

// TestSudoLifecycle checks exit status, timeout, signal forwarding and
// KillDescendants under eBPF, through sudo and as root, as under ptrace,
// and that the
// command can neither stop the loader through sudo's relayed signals nor
// kill it unnoticed.
// TestSudoIOURing: as a user with passwordless sudo, the eBPF backend's
// helper may install the filter that refuses io_uring only with
// no_new_privs (the Action's); without it, an io_uring set up in the tree
// opens files unseen, and the trace is incomplete and says why. ptrace
// refuses it either way.
func TestSudoIOURing(t *testing.T) {
	h := newSudoHarness(t)
	type outcome struct {
		Out        string
		Incomplete bool
		Gaps       int
		Refused    bool
	}
	tests := []struct {
		backend, scenario string
		want              outcome
	}{
		{BackendEBPF, "iouring", outcome{"ok\n", true, 1, false}},
		{BackendEBPF, "iouring-nnp", outcome{"EPERM\n", false, 0, true}},
		{BackendPtrace, "iouring", outcome{"EPERM\n", false, 0, true}},
	}
	for _, tt := range tests {
		t.Run(tt.backend+"-"+tt.scenario, func(t *testing.T) {
			got := h.run(t, tt.backend, tt.scenario)
			refused := false
			for _, w := range got.End.Warnings {
				refused = refused || strings.Contains(w, "was refused io_uring")
			}
			if diff := cmp.Diff(tt.want, outcome{got.Out, got.End.Incomplete, len(got.End.Gaps), refused}); diff != "" {
				t.Errorf("outcome (-want +got):\n%s\ngaps %q, warnings %q", diff, got.End.Gaps, got.End.Warnings)
			}
		})
	}
}

func TestSudoLifecycle(t *testing.T) {
	h := newSudoHarness(t)
	type outcome struct {
		ExitCode        int
		Signal          string
		TimedOut        bool
		Interrupted     bool
		InterruptSignal string
		Survivors       bool
		Incomplete      bool
		Alive           []int
	}
	of := func(r sudoResult) outcome {
		return outcome{r.End.ExitCode, r.End.Signal, r.End.TimedOut, r.End.Interrupted, r.End.InterruptSignal, r.End.Survivors, r.End.Incomplete, r.Alive}
	}
	tests := []struct {
		scenario string
		want     outcome
	}{
		{"exit", outcome{ExitCode: 7}},
		{"timeout", outcome{ExitCode: 128 + 15, Signal: "SIGTERM", TimedOut: true}},
		{"interrupt", outcome{ExitCode: 5, Interrupted: true, InterruptSignal: "SIGINT"}},
		{"daemon", outcome{}},
	}
	root := *h
	root.asRoot = true
	for _, tt := range tests {
		t.Run(tt.scenario, func(t *testing.T) {
			for _, run := range []struct {
				who, backend string
				h            *sudoHarness
			}{
				{rtUser, BackendPtrace, h}, {rtUser, BackendEBPF, h},
				{"root", BackendPtrace, &root}, {"root", BackendEBPF, &root},
			} {
				got := run.h.run(t, run.backend, tt.scenario)
				if diff := cmp.Diff(tt.want, of(got)); diff != "" {
					t.Errorf("%s as %s: outcome (-want +got):\n%s\noutput: %s\nwarnings: %q", run.backend, run.who, diff, got.Out, got.End.Warnings)
				}
				if got.Elapsed > 20*time.Second {
					t.Errorf("%s as %s: took %v", run.backend, run.who, got.Elapsed)
				}
				if run.backend == BackendEBPF && (got.Header.Loader == "") != run.h.asRoot {
					t.Errorf("eBPF as %s: loader %q", run.who, got.Header.Loader)
				}
			}
		})
	}
	t.Run("same-d3", func(t *testing.T) {
		ptrace, ebpf := h.run(t, BackendPtrace, "exit"), h.run(t, BackendEBPF, "exit")
		if !slices.Contains(ebpf.D3, "read /etc/hostname") {
			t.Errorf("eBPF through sudo did not see the command's open: %q", ebpf.D3)
		}
		if diff := cmp.Diff(ptrace.D3, ebpf.D3); diff != "" {
			t.Errorf("D3 (-ptrace +ebpf through sudo):\n%s", diff)
		}
	})
	t.Run("auto-fallback", func(t *testing.T) {
		// auto asks no sudo by itself: not root, it falls back.
		got := h.run(t, BackendAuto, "exit")
		if got.Header.Backend != BackendPtrace || !strings.Contains(got.Header.Fallback, "does not run as root") {
			t.Errorf("auto as a user: backend %q, fallback %q; want ptrace and why", got.Header.Backend, got.Header.Fallback)
		}
		if !slices.Contains(got.D3, "read /etc/hostname") {
			t.Errorf("the fallback traced nothing: %q", got.D3)
		}
		got = h.runErr(t, BackendEBPF, "self-nnp", true)
		if !got.Unavailable || !strings.Contains(got.Err, "no_new_privs") {
			t.Errorf("--backend ebpf under no_new_privs: error %q (ErrEBPFUnavailable %v); want the reason", got.Err, got.Unavailable)
		}
	})
	t.Run("envaudit-killed", func(t *testing.T) {
		cmd := exec.Command("sudo", "-n", "-u", rtUser, "--", "/usr/bin/env", sudoChildEnv+"=1", h.bin)
		cmd.Dir = h.dir
		cmd.Stdin = strings.NewReader(BackendEBPF + " die\n")
		out, _ := cmd.Output()
		var pid, running int
		if _, err := fmt.Sscanf(string(out), "pid %d loader %d", &pid, &running); err != nil {
			t.Fatalf("the child printed %q: %v", out, err)
		}
		if running == 0 {
			t.Fatalf("no loader ran while envaudit (pid %d) traced", pid)
		}
		deadline := time.Now().Add(5 * time.Second)
		for findLoader(pid) != 0 && time.Now().Before(deadline) {
			time.Sleep(50 * time.Millisecond)
		}
		if n := findLoader(pid); n != 0 {
			unix.Kill(n, unix.SIGKILL)
			t.Errorf("the loader (pid %d) outlived the envaudit that started it by 5s", n)
		}
	})
	t.Run("term-sudo", func(t *testing.T) {
		got := h.run(t, BackendEBPF, "term-sudo")
		if got.End.Incomplete || got.End.ExitCode != 0 {
			t.Errorf("signals relayed by sudo ended the loader: exit %d, incomplete %v, warnings %q, output %s", got.End.ExitCode, got.End.Incomplete, got.End.Warnings, got.Out)
		}
	})
	t.Run("kill-loader", func(t *testing.T) {
		got := h.run(t, BackendEBPF, "kill-loader")
		if !got.End.Incomplete || got.End.ExitCode != 0 {
			t.Fatalf("killing sudo: exit %d, incomplete %v; want 0 and an incomplete trace (output %s)", got.End.ExitCode, got.End.Incomplete, got.Out)
		}
		if !strings.Contains(strings.Join(got.End.Warnings, "\n"), "loader") {
			t.Errorf("no warning names the loader: %q", got.End.Warnings)
		}
	})
}

// findLoader returns the pid of the live loader started by the envaudit
// of pid ("/proc/PID/exe __envaudit_bpfload"), 0 when there is none.
func findLoader(pid int) int {
	want := "/proc/" + strconv.Itoa(pid) + "/exe\x00" + LoaderArg + "\x00"
	ents, _ := os.ReadDir("/proc")
	for _, e := range ents {
		n, err := strconv.Atoi(e.Name())
		if err != nil {
			continue
		}
		if b, err := os.ReadFile("/proc/" + e.Name() + "/cmdline"); err == nil && string(b) == want {
			if _, state, ok := statParent(n); ok && state != 'Z' {
				return n
			}
		}
	}
	return 0
}
