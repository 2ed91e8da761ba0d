package redteam

import (
	"bytes"
	"compress/zlib"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/envaudit/envaudit/ghaction/ghfake"
	"github.com/envaudit/envaudit/internal/inert"
)

// Issue 20's attacks on what the publisher trusts: the bundle rewritten
// after the audit step, an audit workflow the pull request edited, a
// base commit read from an object store the pull request wrote, a runner
// baseline swapped for a pipe, and strings that are neither inert nor
// allowed to be prose.

// auditWorkflowPath is the audit workflow's file, and auditWorkflowYAML
// the default branch's: the README's.
const (
	auditWorkflowPath = ".github/workflows/envaudit.yml"
	auditWorkflowYAML = "name: envaudit\non:\n  pull_request:\npermissions:\n  contents: read\njobs:\n  audit:\n    runs-on: ubuntu-24.04\n    steps:\n      - uses: actions/checkout@11bd71901bbe5b1630ceea73d27597364c9af683\n      - run: npm ci\n      - uses: envaudit/envaudit@v1\n        with:\n          run: npm test\n"
)

// publishFor is publishJob for the audit job a whose run concluded
// conclusion, with headWorkflow as the audit workflow at the pull
// request's head.
func publishFor(t *testing.T, a *job, conclusion, headWorkflow string) *job {
	p := publishJob(t, a)
	p.eventData["workflow_run"].(map[string]any)["conclusion"] = conclusion
	a.srv.SetContent(a.head, auditWorkflowPath, []byte(headWorkflow))
	return p
}

// auditRun runs mode audit on the pull request of fixture (declaring the
// made-up lodahs, which fails the default gate) and returns the job, the
// step and its bundle's path ("" when none was written).
func auditRun(t *testing.T, fixture string, before func(j *job)) (*job, *result, string) {
	a := newJob(t, fixture)
	a.inputs["run"] = "node test.js"
	a.inputs["working-directory"] = "app"
	a.inputs["mode"] = "audit"
	a.commit()
	if before != nil {
		before(a)
	}
	res := a.run(0)
	dir := res.outputs["bundle"]
	if dir == "" {
		return a, res, ""
	}
	if !filepath.IsAbs(dir) {
		dir = filepath.Join(a.ws, dir)
	}
	a.srv.SetPullRequests(ghfake.PullRequest{Number: 7, State: "open", User: struct {
		Login string `json:"login"`
		Type  string `json:"type"`
	}{Login: a.login, Type: "User"}, Head: ghfake.Ref{Ref: a.branch, SHA: a.head}, Base: ghfake.Ref{Ref: "main", SHA: a.base}})
	return a, res, filepath.Join(dir, "envaudit-bundle.json")
}

// cleanBundle rewrites the bundle at path as the attacker does: every
// finding that failed the audit's gate dropped, failing 0, still a bundle
// the validator accepts. It returns how many findings it dropped.
func cleanBundle(path string) (int, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return 0, err
	}
	var b map[string]any
	if err := json.Unmarshal(data, &b); err != nil {
		return 0, err
	}
	dropped := 0
	rep, _ := b["report"].(map[string]any)
	ecos, _ := rep["ecosystems"].([]any)
	for _, e := range ecos {
		em := e.(map[string]any)
		fs, _ := em["findings"].([]any)
		var kept []any
		for _, f := range fs {
			if g, _ := f.(map[string]any)["gating"].(bool); g {
				dropped++
				continue
			}
			kept = append(kept, f)
		}
		em["findings"] = kept
	}
	b["failing"] = 0
	out, err := json.Marshal(b)
	if err != nil {
		return 0, err
	}
	return dropped, os.WriteFile(path, out, 0o644)
}

// checkRun returns the conclusion and title of the publisher's check
// run, or what it posted instead.
func checkRun(p *job) (conclusion, title string) {
	runs := p.srv.CheckRuns()
	if len(runs) != 1 {
		return fmt.Sprintf("%d check runs", len(runs)), ""
	}
	return runs[0].Conclusion, runs[0].Output.Title
}

// rewriter is the program a postinstall script leaves running: it waits
// until the bundle has been written and no envaudit of the job's user
// runs any more, then rewrites the bundle (cleanBundle's edit) before the
// upload step reads it, and writes what it did to its log.
const rewriter = `import json, os, sys, time
bundle, log = sys.argv[1], sys.argv[2]
def envaudit_runs():
    for pid in os.listdir('/proc'):
        if pid.isdigit():
            try:
                if open('/proc/%s/comm' % pid).read().strip() == 'envaudit' and os.stat('/proc/' + pid).st_uid == os.getuid():
                    return True
            except OSError:
                pass
    return False
end = time.time() + 150
while time.time() < end and not (os.path.exists(bundle) and not envaudit_runs()):
    time.sleep(0.05)
if not os.path.exists(bundle):
    open(log, 'w').write('no bundle\n')
    sys.exit(0)
b = json.load(open(bundle))
dropped = 0
for e in b['report']['ecosystems']:
    kept = [f for f in e.get('findings') or [] if not f.get('gating')]
    dropped += len(e.get('findings') or []) - len(kept)
    e['findings'] = kept
b['failing'] = 0
json.dump(b, open(bundle, 'w'))
open(log, 'w').write('dropped %d\n' % dropped)
`

// TestAttackBundleRewritten reproduces issue 20's rewritten bundle: the
// pull request's postinstall script, which npm ci runs before the audit
// step, leaves a daemon that waits for envaudit to exit and rewrites the
// bundle before the upload step — the failing finding dropped, failing
// 0, still valid. The audit step failed, so its run concluded failure;
// the publisher's check must not be green.
func TestAttackBundleRewritten(t *testing.T) {
	var daemon *exec.Cmd
	log := ""
	a, res, bundlePath := auditRun(t, "publish-slop", func(j *job) {
		log = filepath.Join(j.loot, "rewriter.log")
		script := filepath.Join(j.loot, "rewriter.py")
		j.writeFile(script, rewriter, 0o644)
		path := filepath.Join(j.temp, "envaudit-bundle", "envaudit-bundle.json")
		for _, p := range []string{j.loot, script} {
			if err := os.Chown(p, j.e.uid, j.e.gid); err != nil {
				t.Fatal(err)
			}
		}
		// Started now, as the install step would, as the job's user and
		// outside envaudit's process tree.
		daemon = exec.Command(filepath.Join(j.e.pathDir, "python3"), script, path, log)
		daemon.SysProcAttr = &syscall.SysProcAttr{Credential: &syscall.Credential{Uid: uint32(j.e.uid), Gid: uint32(j.e.gid), Groups: []uint32{}}, Setsid: true}
		if err := daemon.Start(); err != nil {
			t.Fatal(err)
		}
	})
	done := make(chan error, 1)
	go func() { done <- daemon.Wait() }()
	select {
	case <-done:
	case <-time.After(3 * time.Minute):
		_ = daemon.Process.Kill()
		<-done
	}
	said, _ := os.ReadFile(log)
	if bundlePath == "" {
		observe(t, false, "mode audit wrote no bundle (step %s)", outcome(res))
		return
	}
	data, err := os.ReadFile(bundlePath)
	if err != nil {
		t.Fatal(err)
	}
	a.srv.AddArtifact(auditRunID, bundleArtifact, zipBundle(t, data))
	conclusion := "success"
	if res.code != 0 {
		conclusion = "failure"
	}
	p := publishFor(t, a, conclusion, auditWorkflowYAML)
	pres := p.run(0)
	got, title := checkRun(p)
	observe(t, res.code != 0 && got == "failure",
		"audit step %s (run %s); the daemon %s; publish step %s: check run %s (%q)",
		outcome(res), conclusion, strings.TrimSpace(string(said)), outcome(pres), got, title)
}

// TestAttackWorkflowEdited reproduces issue 20's edited audit workflow: a
// pull_request workflow runs as the pull request has it, so the pull
// request replaces .github/workflows/envaudit.yml by one of the same name
// whose last step uploads a clean bundle (the audit's, its failing
// finding dropped); that run succeeds. The publisher must not post a
// green check for it.
func TestAttackWorkflowEdited(t *testing.T) {
	a, res, bundlePath := auditRun(t, "publish-slop", nil)
	if bundlePath == "" {
		observe(t, false, "mode audit wrote no bundle (step %s)", outcome(res))
		return
	}
	dropped, err := cleanBundle(bundlePath)
	if err != nil {
		t.Fatal(err)
	}
	data, err := os.ReadFile(bundlePath)
	if err != nil {
		t.Fatal(err)
	}
	a.srv.AddArtifact(auditRunID, bundleArtifact, zipBundle(t, data))
	edited := strings.Replace(auditWorkflowYAML, "          run: npm test\n", "          run: npm test\n        continue-on-error: true\n      - run: python3 clean-bundle.py \"$RUNNER_TEMP/envaudit-bundle/envaudit-bundle.json\"\n", 1)
	p := publishFor(t, a, "success", edited)
	pres := p.run(0)
	got, title := checkRun(p)
	observe(t, got == "failure", "the edited workflow's run succeeded with %d failing %s dropped from its bundle; publish step %s: check run %s (%q)",
		dropped, plural(dropped, "finding", "findings"), outcome(pres), got, title)
}

func plural(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}

// forgeObject replaces the loose object id of the repository in ws by a
// blob holding data, as code of the pull request that runs before the
// audit step (an install script) can: git reads it back unchecked.
func forgeObject(t *testing.T, j *job, id string, data []byte) {
	t.Helper()
	p := filepath.Join(j.ws, ".git", "objects", id[:2], id[2:])
	var b bytes.Buffer
	zw := zlib.NewWriter(&b)
	fmt.Fprintf(zw, "blob %d\x00", len(data))
	zw.Write(data)
	zw.Close()
	if err := os.Chmod(p, 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(p, b.Bytes(), 0o444); err != nil {
		t.Fatal(err)
	}
	if got := j.git("cat-file", "blob", id); got != strings.TrimSpace(string(data)) {
		t.Fatalf("git reads the forged object as %q: the attack does not reproduce", got)
	}
}

// TestAttackForgedBaseStore reproduces issue 20's forged object store:
// the pull request declares the made-up lodahs, and its install step
// rewrites the checkout's .git so that the base commit's package.json,
// as git reads it, declares lodahs too, and the base's .envaudit.yml
// ignores it. The finding would be "existing" (the default gate fails
// only new ones) or ignored, and the step would pass. It must stay
// gating, and the step fail.
func TestAttackForgedBaseStore(t *testing.T) {
	j := newJob(t, "publish-slop")
	j.inputs["run"] = "node test.js"
	j.inputs["working-directory"] = "app"
	j.commit()
	base, err := os.ReadFile(filepath.Join("testdata", "npm", "package.json"))
	if err != nil {
		t.Fatal(err)
	}
	forged := strings.Replace(string(base), `"lodash": "4.17.4"`, `"lodash": "4.17.4",`+"\n    \"lodahs\": \"1.0.0\"", 1)
	forgeObject(t, j, j.git("rev-parse", j.base+":app/package.json"), []byte(forged))
	res := j.run(0)
	f := j.report(res).find("phantom", "lodahs")
	got := "no such finding"
	if f != nil {
		got = fmt.Sprintf("%s %s (%s): change %q, gating %v", f.Kind, f.Package, f.Reason, f.Change, f.Gating)
	}
	observe(t, res.code == 1 && f != nil && f.Gating && f.Change != "existing", "%s; step %s, failing=%s", got, outcome(res), res.outputs["failing"])
}

// TestAttackBaselineSwapped reproduces issue 20's swapped baseline: mode
// baseline wrote the runner baseline into RUNNER_TEMP before the install
// steps; the pull request's test replaces it by a named pipe no one
// writes, or a link to /dev/zero. Read after the run, the first held the
// step past its timeout, the second took all its memory. The step must
// end within the suite's deadline, with the audit.
func TestAttackBaselineSwapped(t *testing.T) {
	for _, swap := range []string{"fifo", "zero"} {
		t.Run(swap, func(t *testing.T) {
			j := newJob(t, "baseline-swap")
			j.inputs["run"] = "SWAP=" + swap + " bash test.sh"
			j.inputs["working-directory"] = "app"
			j.inputs["timeout"] = "60s"
			j.deadline = 2 * time.Minute
			j.memLimit = 4 << 30
			j.writeFile(filepath.Join(j.temp, "envaudit-baseline.json"), `{"version":1,"taken":"2026-12-01T00:00:00Z","ecosystems":{"npm":[{"name":"ms","version":"2.0.0"}]}}`+"\n", 0o644)
			res := j.run(0)
			held := !res.killed && res.signal == "" && (res.code == 0 || res.code == 1) && j.report(res).Run != nil
			observe(t, held, "step %s after %s, max RSS %d MiB (limit %d MiB)", outcome(res), res.elapsed.Round(100*time.Millisecond), res.maxRSS>>20, j.memLimit>>20)
		})
	}
}

// TestAttackInertText reproduces issue 20's strings that are neither
// inert nor allowed to be prose: a file name holding a right-to-left
// override (the pull request's code in it requires ms, a hidden direct
// finding placed on that file) and a package name holding a zero-width
// space reached the job summary and the annotations as they were; and a
// base commit whose fetch fails, whose several-line error became a note,
// made the validator refuse the whole bundle, so nothing was published.
func TestAttackInertText(t *testing.T) {
	t.Run("bidiAndZeroWidth", func(t *testing.T) {
		j := newJob(t, "inert-bidi")
		name := "\u202esj.live.js"
		j.writeFile(filepath.Join(j.app, "lib", name), "module.exports = require('ms');\n", 0o644)
		j.writeFile(filepath.Join(j.app, "test.js"), "require('./index.js');\nrequire('./lib/"+name+"');\n", 0o644)
		j.inputs["run"] = "node test.js"
		j.inputs["working-directory"] = "app"
		res := j.run(0)
		raw := map[string]bool{}
		for where, text := range map[string]string{"job summary": res.summary, "annotations": commandLines(res.stdout)} {
			for _, r := range text {
				if inert.Escaped(r, true) && r != '\u2060' {
					raw[fmt.Sprintf("%U in the %s", r, where)] = true
				}
			}
		}
		var found []string
		for k := range raw {
			found = append(found, k)
		}
		shown := strings.Contains(res.summary, "sj.live.js")
		observe(t, len(found) == 0 && shown, "the file is named in the summary: %v; raw characters: %v; step %s", shown, found, outcome(res))
	})
	t.Run("multiLineNote", func(t *testing.T) {
		j := newJob(t, "publish-slop")
		j.inputs["run"] = "node test.js"
		j.inputs["working-directory"] = "app"
		j.commit()
		// A base the clone lacks and cannot fetch (the checkout has no
		// origin): git's error spans several lines.
		j.base = strings.Repeat("5", 40)
		res := j.run(0)
		dir := res.outputs["bundle"]
		why := ""
		for _, l := range strings.Split(res.stdout, "\n") {
			if strings.HasPrefix(l, "::warning::envaudit: no publish bundle written") {
				why = strings.TrimPrefix(l, "::warning::envaudit: ")
			}
		}
		multi := false
		if dir != "" {
			data, err := os.ReadFile(filepath.Join(dir, "envaudit-bundle.json"))
			var b struct{ Notes []string }
			if err == nil && json.Unmarshal(data, &b) == nil {
				for _, n := range b.Notes {
					multi = multi || strings.Contains(n, "\n")
				}
			}
		}
		observe(t, dir != "", "bundle written: %v (a note over several lines: %v)%s; step %s", dir != "", multi, clipNote(why), outcome(res))
	})
}

// commandLines returns the workflow-command lines of a step's output.
func commandLines(out string) string {
	var b strings.Builder
	for _, l := range strings.Split(out, "\n") {
		if strings.HasPrefix(l, "::") {
			b.WriteString(l + "\n")
		}
	}
	return b.String()
}

func clipNote(why string) string {
	if why == "" {
		return ""
	}
	if len(why) > 160 {
		why = why[:160] + "…"
	}
	return "; " + why
}
