package redteam

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"syscall"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// TestAttackInstallState reproduces issue 20's item 6: files that record an
// install beside it, which the runtime never reads, must decide nothing of
// what envaudit thinks is installed. Each row runs the same job twice, once
// as the project is and once with the forgery, and holds when the two
// reports agree — the same findings and the same installed packages — and
// neither names the package only the forgery invents. A forgery that made
// envaudit forget ms (which debug loads) or believe in a package nobody
// installed would steer the findings without touching what ran.
func TestAttackInstallState(t *testing.T) {
	// ghost is the package only the forgeries claim.
	const ghost = "rt-ghost"
	for _, tt := range []struct {
		name string
		// prepare shapes the job the same way for both runs; forge adds
		// the attacker's file. Both run before the commit (committed
		// files) or return a beforeStep (what an install step left).
		prepare func(j *job)
		forge   func(j *job)
	}{
		// npm's hidden lockfile, node_modules/.package-lock.json, as an
		// install script of the pull request could leave it: it drops ms
		// and invents a package. Node's resolution never reads it.
		{
			name:    "hiddenLockfile",
			prepare: func(j *job) {},
			forge: func(j *job) {
				j.beforeStep = func() {
					p := filepath.Join(j.app, "node_modules", ".package-lock.json")
					j.writeFile(p, `{"name": "rt", "lockfileVersion": 3, "requires": true, "packages": {`+
						`"node_modules/debug": {"version": "4.3.4", "dependencies": {}}, `+
						`"node_modules/lodash": {"version": "4.17.4"}, `+
						`"node_modules/`+ghost+`": {"version": "9.9.9"}}}`+"\n", 0o644)
					if err := os.Lchown(p, j.e.uid, j.e.gid); err != nil {
						j.t.Fatal(err)
					}
				}
			},
		},
		// A committed .pnp.data.json with no .pnp.cjs beside it: Yarn's
		// runtime reads the file only when .pnp.cjs says so, so it
		// claims packages for nobody. The project has no node_modules
		// (the Plug'n'Play reader looks only at such a project), and
		// its test loads nothing of its dependencies; the state claims
		// debug and lodash installed (hiding that they are not) and the
		// ghost package.
		{
			name: "strayPnpData",
			prepare: func(j *job) {
				j.inputs["run"] = "node -e \"console.log('ok')\""
				j.beforeStep = func() {
					if err := os.RemoveAll(filepath.Join(j.app, "node_modules")); err != nil {
						j.t.Fatal(err)
					}
				}
			},
			forge: func(j *job) {
				pkg := func(name, version string) string {
					return `["` + name + `",[["npm:` + version + `",{"packageLocation":"./.yarn/unplugged/` + name + `-npm-` + version +
						`/node_modules/` + name + `/","packageDependencies":[["` + name + `","npm:` + version + `"]],"linkType":"HARD"}]]]`
				}
				j.writeFile(filepath.Join(j.app, ".pnp.data.json"), `{"__info":[],"dependencyTreeRoots":[{"name":"rt","reference":"workspace:."}],`+
					`"enableTopLevelFallback":true,"ignorePatternData":null,"fallbackExclusionList":[],"fallbackPool":[],"packageRegistryData":[`+
					`[null,[[null,{"packageLocation":"./","packageDependencies":[["debug","npm:4.3.4"],["lodash","npm:4.17.4"],["`+ghost+`","npm:9.9.9"]],"linkType":"SOFT"}]]],`+
					`["rt",[["workspace:.",{"packageLocation":"./","packageDependencies":[["debug","npm:4.3.4"],["lodash","npm:4.17.4"],["`+ghost+`","npm:9.9.9"]],"linkType":"SOFT"}]]],`+
					pkg("debug", "4.3.4")+","+pkg("lodash", "4.17.4")+","+pkg(ghost, "9.9.9")+`]}`+"\n", 0o644)
			},
		},
	} {
		t.Run(tt.name, func(t *testing.T) {
			seen := func(forged bool) (installState, *result, string) {
				j := newJob(t, "")
				j.inputs["run"] = "node test.js"
				j.inputs["working-directory"] = "app"
				tt.prepare(j)
				if forged {
					tt.forge(j)
				}
				res := j.run(0)
				r := j.report(res)
				if r.Run == nil {
					t.Fatalf("the run did not happen (forged %v), so the attack was not tried", forged)
				}
				return stateOf(r), res, tracedBy(r)
			}
			want, _, _ := seen(false)
			got, res, by := seen(true)
			diff := cmp.Diff(want, got)
			ghostNamed := got.names(ghost) || strings.Contains(res.summary, ghost)
			held := diff == "" && !ghostNamed
			observe(t, held, "installed %s, findings %s; differs from the run without the forgery: %v; %s named: %v; step exited %d (%d without); %s",
				listOrNone(got.Installed, " "), listOrNone(got.Findings, "; "), diff != "", ghost, ghostNamed, res.code, want.Code, by)
			if diff != "" {
				t.Logf("report (-without the forgery +with it):\n%s", diff)
			}
		})
	}
}

// installState is what a report says of the install: the packages
// installed and the findings, each in a stable order, and the step's
// exit status.
type installState struct {
	Installed []string
	Findings  []string
	Code      int
}

func stateOf(r *report) installState {
	var s installState
	for _, e := range r.Ecosystems {
		for _, p := range e.Installed {
			s.Installed = append(s.Installed, e.Name+":"+p.Name+"@"+p.Version)
		}
		for _, f := range e.Findings {
			s.Findings = append(s.Findings, fmt.Sprintf("%s %s %s (%s), gating %v", e.Name, f.Kind, f.Package, f.Reason, f.Gating))
		}
	}
	sort.Strings(s.Installed)
	sort.Strings(s.Findings)
	if r.Run != nil {
		s.Code = r.Run.ExitCode
	}
	return s
}

// listOrNone joins l with sep, or says "none".
func listOrNone(l []string, sep string) string {
	if len(l) == 0 {
		return "none"
	}
	return strings.Join(l, sep)
}

// names reports whether pkg is among the installed packages or findings.
func (s installState) names(pkg string) bool {
	for _, l := range append(append([]string{}, s.Installed...), s.Findings...) {
		if strings.Contains(l, pkg) {
			return true
		}
	}
	return false
}

// TestAttackPrerunDaemon reproduces issue 20's item 7 on the CLI, as the
// red-team user: `envaudit run` asks the project's own interpreter (a
// committed .venv/bin/python) for its sys.path before the command runs,
// and that script leaves a daemon, out of its session, which waits for the
// tests to start and then rewrites a file they read. The defence holds
// when the daemon is ended before the command starts and a warning names
// its process: the command finds it gone and the file as committed.
func TestAttackPrerunDaemon(t *testing.T) {
	if _, err := os.Stat("/usr/bin/python3"); err != nil {
		t.Fatalf("/usr/bin/python3, which the committed interpreter hands over to: %v (make setup)", err)
	}
	j := newJob(t, "")
	dir := filepath.Join(j.ws, "py")
	j.writeFile(filepath.Join(dir, "requirements.txt"), "PyYAML>=6.0\n", 0o644)
	j.writeFile(filepath.Join(dir, "fixture.txt"), "committed\n", 0o644)
	j.writeFile(filepath.Join(dir, ".venv", "pyvenv.cfg"), "home = /usr/bin\ninclude-system-site-packages = true\n", 0o644)
	j.writeFile(filepath.Join(dir, ".venv", "bin", "python"), `#!/bin/sh
# Forks a daemon out of the caller's session, which rewrites fixture.txt
# once the tests have started, then answers as the real interpreter.
root=$(cd "$(dirname "$0")/../.." && pwd)
if [ ! -e "$root/daemon.pid" ]; then
	: >"$root/daemon.pid"
	setsid sh -c 'echo $$ >"$1"; while :; do if [ -e "$2/started" ]; then echo forged >"$2/fixture.txt"; fi; sleep 0.05; done' daemon "$root/daemon.pid" "$root" </dev/null >/dev/null 2>&1 &
	sleep 0.2
fi
exec /usr/bin/python3 "$@"
`, 0o755)
	j.giveToUser()
	test := `touch started; sleep 1; echo "fixture: $(cat fixture.txt)"; ` +
		`if [ -s daemon.pid ] && kill -0 "$(cat daemon.pid)" 2>/dev/null; then echo daemon alive; else echo daemon gone; fi`
	cmd := exec.Command(j.e.bin, "run", "-C", "py", "--fail-on", "hidden:tampered", "--", "sh", "-c", test)
	cmd.Args[0] = "envaudit"
	cmd.Dir = j.ws
	cmd.Env = []string{"PATH=" + j.e.pathDir, "HOME=" + j.home, "USER=" + rtUser, "LOGNAME=" + rtUser, "LANG=C.UTF-8",
		"NO_COLOR=1", "GIT_CEILING_DIRECTORIES=" + j.root}
	cmd.SysProcAttr = &syscall.SysProcAttr{Credential: &syscall.Credential{Uid: uint32(j.e.uid), Gid: uint32(j.e.gid), Groups: []uint32{}}}
	var stdout, stderr strings.Builder
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	err := cmd.Run()
	t.Logf("envaudit run: %v\nstdout:\n%s\nstderr:\n%s", err, clip(stdout.String(), 6000), clip(stderr.String(), 3000))
	data, _ := os.ReadFile(filepath.Join(dir, "daemon.pid"))
	pid, perr := strconv.Atoi(strings.TrimSpace(string(data)))
	if perr != nil {
		t.Fatalf("the committed interpreter started no daemon (daemon.pid %q), so the attack was not tried", data)
	}
	alive := syscall.Kill(pid, 0) == nil
	if alive {
		// It outlived envaudit: end it, as the runner ends a job.
		t.Cleanup(func() { _ = syscall.Kill(pid, syscall.SIGKILL) })
	}
	code := -1
	if cmd.ProcessState != nil {
		code = cmd.ProcessState.ExitCode()
	}
	fixture := "?"
	if m := regexp.MustCompile(`(?m)^fixture: (.*)$`).FindStringSubmatch(stdout.String()); m != nil {
		fixture = m[1]
	}
	gone := strings.Contains(stdout.String(), "daemon gone\n")
	// The warning lists every process left, the daemon's among them
	// (its shell, and the sleep it waits in).
	warned := regexp.MustCompile(`(?m)^envaudit: warning: .* left \d+ process(es)? running \(\[([0-9 ]+ )?` + strconv.Itoa(pid) +
		`( [0-9 ]+)?\]\); (it was|they were) ended before the command started$`).MatchString(stderr.String())
	// Issue 20 asks the CLI to say which interpreter it asked: a note
	// names the project's own.
	named := regexp.MustCompile(`(?m)^envaudit: note: before the command, envaudit read the project by running .*\.venv/bin/python`).MatchString(stderr.String())
	held := gone && !alive && fixture == "committed" && warned && named
	observe(t, held, "the command saw the daemon %s and fixture.txt %q; a warning names process %d: %v; alive after the run: %v; the output names .venv/bin/python: %v; envaudit exited %d",
		map[bool]string{true: "gone", false: "alive"}[gone], fixture, pid, warned, alive, named, code)
}
