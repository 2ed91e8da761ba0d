package action

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io/fs"
	"maps"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"go.yaml.in/yaml/v3"

	"github.com/envaudit/envaudit/ghaction/ghfake"
	"github.com/envaudit/envaudit/ghaction/runnertest"
	"github.com/envaudit/envaudit/internal/testenv"
)

// actionRepo is the repository the Action's releases live in, as
// github.action_repository names it.
const actionRepo = "envaudit/envaudit"

// commitC and commitD are commits of the Action's repository.
const (
	commitC = "c0ffeec0ffeec0ffeec0ffeec0ffeec0ffee0001"
	commitD = "d00dfeedd00dfeedd00dfeedd00dfeedd00d0002"
)

// token is the job's token, github.token.
const token = "ghs_installTestToken0123456789abcdef"

// moduleRoot is the Action's checkout: the module root.
func moduleRoot(t *testing.T) string {
	t.Helper()
	root, err := filepath.Abs("../..")
	if err != nil {
		t.Fatal(err)
	}
	return root
}

// step is one step of action.yml as the runner reads it.
type step struct {
	ID    string            `yaml:"id"`
	If    string            `yaml:"if"`
	Uses  string            `yaml:"uses"`
	Shell string            `yaml:"shell"`
	Run   string            `yaml:"run"`
	Env   map[string]string `yaml:"env"`
	With  map[string]string `yaml:"with"`
}

// installSteps returns action.yml's steps that install envaudit: key,
// cache and build, in order, checked to be wired as install.sh expects.
func installSteps(t *testing.T) (key, cache, build step) {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(moduleRoot(t), "action.yml"))
	if err != nil {
		t.Fatal(err)
	}
	var a struct {
		Runs struct {
			Steps []step `yaml:"steps"`
		} `yaml:"runs"`
	}
	if err := yaml.Unmarshal(data, &a); err != nil {
		t.Fatal(err)
	}
	var ids []string
	byID := map[string]step{}
	for _, s := range a.Runs.Steps {
		ids = append(ids, s.ID)
		byID[s.ID] = s
	}
	if want := []string{"key", "cache", "build", "", "envaudit"}; len(ids) < 5 || !slices.Equal(ids[:5], want) {
		t.Fatalf("action.yml's first steps are %q, want %q", ids, want)
	}
	key, cache, build = byID["key"], byID["cache"], byID["build"]
	save := a.Runs.Steps[3]
	if !strings.HasPrefix(cache.Uses, "actions/cache/restore@") {
		t.Errorf("step cache uses %q, want actions/cache/restore", cache.Uses)
	}
	// Saved by a step of its own before the tests, not by actions/cache's
	// post step, which saves only when the job succeeds.
	if !strings.HasPrefix(save.Uses, "actions/cache/save@") || save.If != "steps.cache.outputs.cache-hit != 'true'" {
		t.Errorf("the step after build uses %q if %q, want actions/cache/save on a miss", save.Uses, save.If)
	}
	wantWith := map[string]string{"path": "${{ steps.key.outputs.dir }}", "key": "${{ steps.key.outputs.key }}"}
	for _, s := range []step{cache, save} {
		if diff := cmp.Diff(wantWith, s.With); diff != "" {
			t.Errorf("step %s's with: (-want +got):\n%s", s.Uses, diff)
		}
	}
	for _, s := range []step{key, build} {
		if s.Shell != "bash" || strings.Contains(s.Run, "${{") {
			t.Errorf("step %q: shell %q, run %q: want bash and no expression in the script", s.ID, s.Shell, s.Run)
		}
	}
	return key, cache, build
}

// job is a runner's job around the install steps: its own directories
// and environment, and the file commands its steps wrote, applied to the
// steps after them as the runner applies them.
type job struct {
	t          *testing.T
	srv        *ghfake.Server
	root       string
	temp       string // RUNNER_TEMP
	env        map[string]string
	repo, ref  string // github.action_repository, github.action_ref
	marker     string // made by any stub binary that runs
	goLog      string // what the fake go was asked, when PATH has it
	key, build step
	// setEnv and addPath are what the steps wrote to GITHUB_ENV and
	// GITHUB_PATH, which the runner would apply to every later step.
	setEnv  map[string]string
	addPath []string
}

// newJob makes a job in a fresh directory, with a Go environment a job
// could have (a cross-compiling GOOS, GOFLAGS, GOTOOLCHAIN=local, a
// go.work, its own caches), none of which may reach the build nor change.
func newJob(t *testing.T, srv *ghfake.Server) *job {
	t.Helper()
	key, _, build := installSteps(t)
	root := t.TempDir()
	j := &job{t: t, srv: srv, root: root, temp: filepath.Join(root, "temp"), repo: actionRepo, ref: "v1.2.3",
		marker: filepath.Join(root, "stub-ran"), key: key, build: build, setEnv: map[string]string{}}
	for _, d := range []string{"temp", "home", "ws", "tools", "job-gocache", "job-gomodcache", "job-gopath"} {
		if err := os.MkdirAll(filepath.Join(root, d), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	goroot, err := exec.Command("go", "env", "GOROOT").Output()
	if err != nil {
		t.Fatal(err)
	}
	gobin, err := exec.LookPath("go")
	if err != nil {
		t.Fatal(err)
	}
	j.env = map[string]string{
		"PATH":               filepath.Join(root, "tools") + ":" + filepath.Dir(gobin) + ":/usr/local/bin:/usr/bin:/bin",
		"HOME":               filepath.Join(root, "home"),
		"CI":                 "true",
		"GITHUB_ACTIONS":     "true",
		"GITHUB_WORKSPACE":   filepath.Join(root, "ws"),
		"GITHUB_ACTION_PATH": moduleRoot(t),
		"GITHUB_API_URL":     srv.APIURL(),
		"GITHUB_REPOSITORY":  "octo/webapp",
		"RUNNER_TEMP":        j.temp,
		"RUNNER_OS":          "Linux",
		"RUNNER_ARCH":        "X64",
		// A workflow that exports the token to every step.
		"GITHUB_TOKEN": token,
		"GOROOT":       strings.TrimSpace(string(goroot)),
		"GOFLAGS":      "-mod=vendor -tags=jobtag",
		"GOTOOLCHAIN":  "local",
		"GOOS":         "windows",
		"GOARCH":       "386",
		"CGO_ENABLED":  "1",
		"GOWORK":       filepath.Join(root, "ws", "go.work"),
		"GOENV":        filepath.Join(root, "home", "goenv"),
		"GOCACHE":      filepath.Join(root, "job-gocache"),
		"GOMODCACHE":   filepath.Join(root, "job-gomodcache"),
		"GOPATH":       filepath.Join(root, "job-gopath"),
		"GOPROXY":      "https://proxy.example.com",
		"GONOSUMDB":    "*",
		"GOINSECURE":   "*",
	}
	return j
}

// stub is a release binary that records it ran: none may, before it is
// verified and handed over.
func (j *job) stub(name string) []byte {
	return []byte("#!/bin/sh\n: >" + j.marker + "\necho '" + name + "'\n")
}

// fakeGo puts a go on the job's PATH that reports version v, logs what it
// is asked (arguments, directory, environment) and builds a stub; with
// fail, the build fails.
func (j *job) fakeGo(v string, fail bool) {
	j.t.Helper()
	j.goLog = filepath.Join(j.root, "go.log")
	build := `for ((i = 1; i <= $#; i++)); do [ "${!i}" = -o ] && { n=$((i + 1)); out=${!n}; }; done
printf '#!/bin/sh\necho envaudit built\n' >"$out" && chmod +x "$out"`
	if fail {
		build = `echo "cmd/envaudit/main.go:1:1: expected 'package', found 'EOF'" >&2; exit 1`
	}
	script := `#!/bin/bash
log=` + j.goLog + `
case $1 in
version)
	if [ $# -eq 1 ]; then echo "go version ` + v + ` linux/amd64"; else echo "$2: ` + v + `"; fi ;;
build)
	{ printf 'args:'; printf ' %s' "$@"; echo; echo "dir: $PWD"; env | LC_ALL=C sort | sed 's/^/env: /'; } >>"$log"
	` + build + ` ;;
*) echo "fake go: unexpected $*" >&2; exit 2 ;;
esac
`
	if err := os.WriteFile(filepath.Join(j.root, "tools", "go"), []byte(script), 0o755); err != nil {
		j.t.Fatal(err)
	}
}

// withoutGo gives the job a PATH on which no go is: every program of
// /usr/bin and /bin but go and gofmt.
func (j *job) withoutGo() {
	j.t.Helper()
	dir := filepath.Join(j.root, "nogo")
	if err := os.Mkdir(dir, 0o755); err != nil {
		j.t.Fatal(err)
	}
	for _, src := range []string{"/bin", "/usr/bin"} {
		entries, err := os.ReadDir(src)
		if err != nil {
			j.t.Fatal(err)
		}
		for _, e := range entries {
			n := e.Name()
			if n == "go" || n == "gofmt" {
				continue
			}
			if err := os.Symlink(filepath.Join(src, n), filepath.Join(dir, n)); err != nil && !errors.Is(err, fs.ErrExist) {
				j.t.Fatal(err)
			}
		}
	}
	j.env["PATH"] = dir
}

// stepResult is what the runner sees of a step.
type stepResult struct {
	code    int
	log     string // standard output: workflow commands land here
	stderr  string
	outputs map[string]string
	// files is each file command's content after the step, by variable.
	files map[string]string
	// wall and cpu are how long the step took, and the processor time of
	// its processes.
	wall, cpu time.Duration
}

// exprs is what the steps' env: expressions evaluate to.
func (j *job) exprs(plan map[string]string) map[string]string {
	m := map[string]string{
		"github.action_repository": j.repo,
		"github.action_ref":        j.ref,
		"github.token":             token,
	}
	for k, v := range plan {
		m["steps.key.outputs."+k] = v
	}
	return m
}

var exprRE = regexp.MustCompile(`^\$\{\{\s*(.*?)\s*\}\}$`)

// run runs step s as the runner runs a composite action's bash step: its
// script in a file run by bash --noprofile --norc -eo pipefail, with the
// job's environment, the file commands earlier steps set, the step's
// env: (expressions evaluated) and a fresh file for each file command.
func (j *job) run(s step, plan map[string]string) stepResult {
	t := j.t
	t.Helper()
	values := j.exprs(plan)
	env := maps.Clone(j.env)
	maps.Copy(env, j.setEnv)
	if len(j.addPath) > 0 {
		env["PATH"] = strings.Join(j.addPath, ":") + ":" + env["PATH"]
	}
	for k, v := range s.Env {
		m := exprRE.FindStringSubmatch(v)
		if m == nil {
			t.Fatalf("step %q: env %s = %q is not one expression", s.ID, k, v)
		}
		val, ok := values[m[1]]
		if !ok && !strings.HasPrefix(m[1], "steps.key.outputs.") {
			t.Fatalf("step %q: env %s: the test does not know %q", s.ID, k, m[1])
		}
		env[k] = val
	}
	files := runnertest.StepFiles(t, j.temp)
	for k, p := range files {
		env[k] = p
	}
	script := filepath.Join(j.root, "step-"+s.ID+".sh")
	if err := os.WriteFile(script, []byte(s.Run), 0o644); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command("bash", "--noprofile", "--norc", "-eo", "pipefail", script)
	cmd.Dir = j.env["GITHUB_WORKSPACE"]
	for k, v := range env {
		cmd.Env = append(cmd.Env, k+"="+v)
	}
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	var res stepResult
	start := time.Now()
	if err := cmd.Run(); err != nil {
		var ee *exec.ExitError
		if !errors.As(err, &ee) {
			t.Fatal(err)
		}
		res.code = ee.ExitCode()
	}
	res.wall = time.Since(start)
	res.cpu = cmd.ProcessState.UserTime() + cmd.ProcessState.SystemTime()
	res.log, res.stderr = stdout.String(), stderr.String()
	res.files = map[string]string{}
	for k, p := range files {
		data, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		res.files[k] = string(data)
		if err := os.Remove(p); err != nil {
			t.Fatal(err)
		}
	}
	res.outputs = runnertest.Parse(res.files["GITHUB_OUTPUT"])
	j.apply(res.files)
	t.Logf("step %q exited %d in %v (%v of CPU)\nlog:\n%sstderr:\n%s", s.ID, res.code, res.wall.Round(time.Millisecond), res.cpu.Round(time.Millisecond), res.log, res.stderr)
	return res
}

// apply takes what a step wrote to GITHUB_ENV and GITHUB_PATH into the
// job, as the runner does for the steps after it.
func (j *job) apply(files map[string]string) {
	maps.Copy(j.setEnv, runnertest.Parse(files["GITHUB_ENV"]))
	for _, p := range strings.Split(files["GITHUB_PATH"], "\n") {
		if p != "" {
			j.addPath = append([]string{p}, j.addPath...)
		}
	}
}

// install runs the key step and, when it succeeded, the build step (the
// cache step between them misses, as on a first run: a restore is a test
// putting files in the directory).
func (j *job) install() (plan, build stepResult) {
	plan = j.run(j.key, nil)
	if plan.code != 0 {
		return plan, stepResult{}
	}
	return plan, j.run(j.build, plan.outputs)
}

// nextStep is what a step after the install sees of the job: its
// environment, the go on its PATH, that go's version and environment.
// The go commands run with a HOME of the test's, as the job sets every
// directory go derives from HOME: the go command's telemetry writes
// below HOME, and the job's HOME must show only what the install did.
func (j *job) nextStep() string {
	j.t.Helper()
	s := step{ID: "next", Run: `env | LC_ALL=C sort
echo "go: $(command -v go || echo none)"
export HOME=` + filepath.Join(j.root, "snapshot-home") + `
go version 2>&1 || true
go env GOROOT GOTOOLCHAIN GOFLAGS GOOS GOARCH GOCACHE GOMODCACHE GOPATH GOWORK GOENV CGO_ENABLED GOPROXY 2>&1 || true
`}
	res := j.run(s, nil)
	// The file-command variables name new files for every step.
	return regexp.MustCompile(`(?m)^(GITHUB_(OUTPUT|ENV|PATH|STATE|STEP_SUMMARY))=.*$`).ReplaceAllString(res.log, "$1=...")
}

// tree lists the files under dir with their sizes, to tell that a
// directory of the job's was left alone.
func tree(t *testing.T, dir string) []string {
	t.Helper()
	var out []string
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		info, err := d.Info()
		if err != nil {
			return err
		}
		out = append(out, fmt.Sprintf("%s %v %d", p, info.Mode(), info.Size()))
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// jobDirs lists the job's HOME and Go directories.
func (j *job) jobDirs() []string {
	var out []string
	for _, d := range []string{"home", "job-gocache", "job-gomodcache", "job-gopath"} {
		out = append(out, tree(j.t, filepath.Join(j.root, d))...)
	}
	return out
}

// checkUnchanged runs the install with check around it: the step after
// it sees what it saw before, and the job's own directories are as they
// were.
func (j *job) checkUnchanged(install func()) {
	j.t.Helper()
	before := j.nextStep()
	dirs := j.jobDirs()
	install()
	if diff := cmp.Diff(dirs, j.jobDirs()); diff != "" {
		j.t.Errorf("the install changed the job's HOME or Go directories (-before +after):\n%s", diff)
	}
	if diff := cmp.Diff(before, j.nextStep()); diff != "" {
		j.t.Errorf("the next step sees another job (-before +after):\n%s", diff)
	}
}

// onlyOutputs checks that a step wrote nothing but GITHUB_OUTPUT.
func onlyOutputs(t *testing.T, name string, res stepResult) {
	t.Helper()
	for k, v := range res.files {
		if k != "GITHUB_OUTPUT" && v != "" {
			t.Errorf("step %s wrote %s:\n%s", name, k, v)
		}
	}
}

// leftovers lists what the install left in RUNNER_TEMP besides the
// binaries' directory and the runner's file commands.
func (j *job) leftovers() []string {
	entries, err := os.ReadDir(j.temp)
	if err != nil {
		j.t.Fatal(err)
	}
	var out []string
	for _, e := range entries {
		if n := e.Name(); n != "envaudit-bin" && n != "_runner_file_commands" {
			out = append(out, n)
		}
	}
	return out
}

func digest(data []byte) string {
	sum := sha256.Sum256(data)
	return hex.EncodeToString(sum[:])
}

// release publishes the Action's release ref, built from the Action's
// source: publish(j.ref, j.sources()).
func (j *job) release() (map[string][]byte, map[string]int64) {
	return j.publish(j.ref, j.sources())
}

// publish publishes release tag of the Action's repository as
// release.yml does: stub binaries for both architectures (each naming
// the tag), the listing of the source files they were built from
// (sources.sha256, left out when listing is nil) and their
// checksums.txt, in sha256sum's format; it returns the assets by name
// and their IDs.
func (j *job) publish(tag string, listing []byte) (map[string][]byte, map[string]int64) {
	files := map[string][]byte{
		"envaudit-linux-amd64": j.stub("envaudit-linux-amd64 of " + tag),
		"envaudit-linux-arm64": j.stub("envaudit-linux-arm64 of " + tag),
	}
	names := []string{"envaudit-linux-amd64", "envaudit-linux-arm64"}
	if listing != nil {
		files["sources.sha256"] = listing
		names = append(names, "sources.sha256")
	}
	var sums strings.Builder
	for _, n := range names {
		sums.WriteString(digest(files[n]) + "  " + n + "\n")
	}
	files["checksums.txt"] = []byte(sums.String())
	names = append(names, "checksums.txt")
	r := j.srv.AddRelease(j.repo, tag, names, files)
	ids := map[string]int64{}
	for _, a := range r.Assets {
		ids[a.Name] = a.ID
	}
	return files, ids
}

// sources is the listing of the Action's source files a release built
// from them holds: install.sh's own, as release.yml makes it.
func (j *job) sources() []byte {
	return listing(j.t, j.env["GITHUB_ACTION_PATH"])
}

// listing is install.sh's listing of the source files of dir.
func listing(t *testing.T, dir string) []byte {
	t.Helper()
	cmd := exec.Command("bash", filepath.Join(moduleRoot(t), "scripts", "action", "install.sh"), "sources", dir)
	cmd.Env = []string{"PATH=/usr/bin:/bin"}
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("install.sh sources %s: %v", dir, err)
	}
	return out
}

// request is what the tests compare of a request the API received.
type request struct {
	Path, Accept, Auth string
	Storage            bool
}

func requests(srv *ghfake.Server) []request {
	var out []request
	for _, r := range srv.Requests() {
		out = append(out, request{Path: r.Path, Accept: r.Accept, Auth: r.Auth, Storage: r.Storage})
	}
	return out
}

// TestRelease installs the release's binary for each architecture: plan
// asks for the release of the Action's ref and its checksums.txt, install
// downloads the binary through the asset endpoint (the token to the API
// only, never to the storage host the download redirects to) and hands
// over exactly the asset, unrun. A second install in the same job (an
// earlier step's binary, or actions/cache's restore) downloads no binary.
// Neither writes anything but outputs, nor changes what the next step sees.
func TestRelease(t *testing.T) {
	for _, tt := range []struct{ arch, goarch string }{{"X64", "amd64"}, {"ARM64", "arm64"}} {
		t.Run(tt.goarch, func(t *testing.T) {
			t.Parallel()
			srv := ghfake.New("octo/webapp", 1)
			t.Cleanup(srv.Close)
			j := newJob(t, srv)
			j.env["RUNNER_ARCH"] = tt.arch
			files, ids := j.release()
			asset := "envaudit-linux-" + tt.goarch
			d := digest(files[asset])
			dir := filepath.Join(j.temp, "envaudit-bin", "sha256-"+d)

			var plan, build stepResult
			j.checkUnchanged(func() { plan, build = j.install() })
			if plan.code != 0 || build.code != 0 {
				t.Fatalf("install exited %d, %d", plan.code, build.code)
			}
			want := map[string]string{"source": "release", "release": "v1.2.3", "asset": asset, "asset-id": fmt.Sprint(ids[asset]), "digest": d, "key": "envaudit-Linux-" + tt.goarch + "-sha256-" + d, "dir": dir}
			if diff := cmp.Diff(want, plan.outputs); diff != "" {
				t.Errorf("plan's outputs (-want +got):\n%s", diff)
			}
			bin := filepath.Join(dir, "envaudit")
			if diff := cmp.Diff(map[string]string{"bin": bin}, build.outputs); diff != "" {
				t.Errorf("install's outputs (-want +got):\n%s", diff)
			}
			onlyOutputs(t, "key", plan)
			onlyOutputs(t, "build", build)
			got, err := os.ReadFile(bin)
			if err != nil || !bytes.Equal(got, files[asset]) {
				t.Errorf("installed %q (%v), want the release's %s", got, err, asset)
			}
			if info, err := os.Stat(bin); err != nil || info.Mode().Perm() != 0o755 {
				t.Errorf("installed binary: %v, %v; want mode 0755", info.Mode(), err)
			}
			if _, err := os.Stat(j.marker); err == nil {
				t.Error("the install ran the binary")
			}
			if left := j.leftovers(); len(left) > 0 {
				t.Errorf("left in RUNNER_TEMP: %q", left)
			}
			api := "/repos/" + actionRepo + "/releases/"
			storage := "/release-assets/" + actionRepo + "/"
			auth := "Bearer " + token
			wantReqs := []request{
				{Path: api + "tags/v1.2.3", Accept: "application/vnd.github+json", Auth: auth},
				{Path: api + "assets/" + fmt.Sprint(ids["checksums.txt"]), Accept: "application/octet-stream", Auth: auth},
				{Path: storage + fmt.Sprint(ids["checksums.txt"]), Accept: "application/octet-stream", Storage: true},
				{Path: api + "assets/" + fmt.Sprint(ids[asset]), Accept: "application/octet-stream", Auth: auth},
				{Path: storage + fmt.Sprint(ids[asset]), Accept: "application/octet-stream", Storage: true},
			}
			if diff := cmp.Diff(wantReqs, requests(srv)); diff != "" {
				t.Errorf("requests (-want +got):\n%s", diff)
			}

			// The same job's next envaudit step (mode audit after mode
			// baseline) finds the binary, checks it, and downloads none.
			plan2, build2 := j.install()
			if plan2.code != 0 || build2.code != 0 || build2.outputs["bin"] != bin {
				t.Fatalf("second install: exit %d, %d, outputs %v", plan2.code, build2.code, build2.outputs)
			}
			if diff := cmp.Diff(wantReqs[:3], requests(srv)[len(wantReqs):]); diff != "" {
				t.Errorf("second install's requests (-want +got):\n%s", diff)
			}
		})
	}
}

// TestRefused: a release whose binary is not what its checksums.txt
// lists, or whose checksums.txt does not vouch for it, fails the step
// with an error naming the asset (and, for a changed asset, both
// digests), never falls back, and never runs the binary.
func TestRefused(t *testing.T) {
	amd64 := func(files map[string][]byte) string { return digest(files["envaudit-linux-amd64"]) }
	for _, tt := range []struct {
		name string
		// change breaks the release; it returns the error the step must
		// fail with, given the release's files.
		change func(j *job, files map[string][]byte, ids map[string]int64) string
		step   string // the step that fails
	}{
		{"tampered", func(j *job, files map[string][]byte, ids map[string]int64) string {
			evil := []byte("#!/bin/sh\n: >" + j.marker + "\necho pwned\n")
			j.srv.SetAssetData(ids["envaudit-linux-amd64"], evil)
			return fmt.Sprintf(`envaudit-linux-amd64 of release "v1.2.3" of envaudit/envaudit has SHA-256 %s, but its checksums.txt lists %s: refusing to run it`, digest(evil), amd64(files))
		}, "build"},
		// Found by its commit for uses: @v1: refused the same way, naming
		// the release whose binary it is.
		{"tamperedByCommit", func(j *job, files map[string][]byte, ids map[string]int64) string {
			j.ref = "v1"
			j.srv.SetTag(j.repo, "v1", commitC)
			j.srv.SetTag(j.repo, "v1.2.3", commitC)
			evil := []byte("#!/bin/sh\n: >" + j.marker + "\necho pwned\n")
			j.srv.SetAssetData(ids["envaudit-linux-amd64"], evil)
			return fmt.Sprintf(`envaudit-linux-amd64 of release "v1.2.3" of envaudit/envaudit has SHA-256 %s, but its checksums.txt lists %s: refusing to run it`, digest(evil), amd64(files))
		}, "build"},
		{"unlistedByCommit", func(j *job, files map[string][]byte, ids map[string]int64) string {
			j.ref = commitC
			j.srv.SetTag(j.repo, "v1.2.3", commitC)
			j.srv.SetAssetData(ids["checksums.txt"], []byte(digest(files["envaudit-linux-arm64"])+"  envaudit-linux-arm64\n"))
			return `checksums.txt of release "v1.2.3" of envaudit/envaudit does not list envaudit-linux-amd64: refusing to run a binary it does not vouch for`
		}, "key"},
		{"unlisted", func(j *job, files map[string][]byte, ids map[string]int64) string {
			j.srv.SetAssetData(ids["checksums.txt"], []byte(digest(files["envaudit-linux-arm64"])+"  envaudit-linux-arm64\n"))
			return `checksums.txt of release "v1.2.3" of envaudit/envaudit does not list envaudit-linux-amd64: refusing to run a binary it does not vouch for`
		}, "key"},
		{"listedForAnother", func(j *job, files map[string][]byte, ids map[string]int64) string {
			j.srv.SetAssetData(ids["checksums.txt"], []byte(amd64(files)+"  envaudit-linux-amd64.sig\n"))
			return `checksums.txt of release "v1.2.3" of envaudit/envaudit does not list envaudit-linux-amd64`
		}, "key"},
		{"malformed", func(j *job, files map[string][]byte, ids map[string]int64) string {
			j.srv.SetAssetData(ids["checksums.txt"], []byte(amd64(files)+"  envaudit-linux-amd64\nSHA256 (x) = 00\n"))
			return `checksums.txt of release "v1.2.3" of envaudit/envaudit, line 2: not a sha256sum line`
		}, "key"},
		{"twoDigests", func(j *job, files map[string][]byte, ids map[string]int64) string {
			other := digest([]byte("other"))
			j.srv.SetAssetData(ids["checksums.txt"], []byte(amd64(files)+"  envaudit-linux-amd64\n"+other+" *envaudit-linux-amd64\n"))
			return fmt.Sprintf("line 2: a second SHA-256 for envaudit-linux-amd64, %s, after %s: refusing to choose", other, amd64(files))
		}, "key"},
		{"noChecksums", func(j *job, files map[string][]byte, ids map[string]int64) string {
			j.ref = "v1.2.4"
			j.srv.AddRelease(j.repo, j.ref, []string{"envaudit-linux-amd64"}, files)
			return `release "v1.2.4" of envaudit/envaudit has envaudit-linux-amd64 but no checksums.txt to verify it against: refusing to run it`
		}, "key"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			srv := ghfake.New("octo/webapp", 1)
			t.Cleanup(srv.Close)
			j := newJob(t, srv)
			files, ids := j.release()
			msg := tt.change(j, files, ids)
			plan, build := j.install()
			failed := plan
			if tt.step == "build" {
				if plan.code != 0 {
					t.Fatalf("plan exited %d", plan.code)
				}
				failed = build
			}
			if failed.code != 1 {
				t.Errorf("step %s exited %d, want 1", tt.step, failed.code)
			}
			if !strings.Contains(failed.log, "::error::envaudit: ") || !strings.Contains(failed.log, msg) {
				t.Errorf("step %s's log lacks the error %q:\n%s", tt.step, msg, failed.log)
			}
			if _, ok := failed.outputs["bin"]; ok {
				t.Errorf("step %s set bin", tt.step)
			}
			if _, ok := plan.outputs["source"]; ok && tt.step == "key" {
				t.Errorf("plan chose a source: %v", plan.outputs)
			}
			if _, err := os.Stat(j.marker); err == nil {
				t.Error("the refused binary ran")
			}
			bins, _ := filepath.Glob(filepath.Join(j.temp, "envaudit-bin", "*", "*"))
			hidden, _ := filepath.Glob(filepath.Join(j.temp, "envaudit-bin", "*", ".*"))
			if len(bins)+len(hidden) > 0 {
				t.Errorf("left installed: %q %q", bins, hidden)
			}
			if j.goLog != "" {
				t.Error("a fake go was set up")
			}
		})
	}
}

// TestCachedBinaryChecked: a binary in the install directory that is not
// the one checksums.txt lists (a cache entry, or an earlier step's file,
// changed) is never handed over: it is downloaded again and verified.
func TestCachedBinaryChecked(t *testing.T) {
	srv := ghfake.New("octo/webapp", 1)
	t.Cleanup(srv.Close)
	j := newJob(t, srv)
	files, _ := j.release()
	plan := j.run(j.key, nil)
	if plan.code != 0 {
		t.Fatalf("plan exited %d", plan.code)
	}
	bin := filepath.Join(plan.outputs["dir"], "envaudit")
	if err := os.MkdirAll(plan.outputs["dir"], 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(bin, []byte("#!/bin/sh\n: >"+j.marker+"\n"), 0o755); err != nil {
		t.Fatal(err)
	}
	build := j.run(j.build, plan.outputs)
	if build.code != 0 || build.outputs["bin"] != bin {
		t.Fatalf("install exited %d, outputs %v", build.code, build.outputs)
	}
	if got, _ := os.ReadFile(bin); !bytes.Equal(got, files["envaudit-linux-amd64"]) {
		t.Errorf("installed %q, want the release's binary", got)
	}
	if want := "::warning::envaudit: \"" + bin + "\" is not the envaudit-linux-amd64 that checksums.txt lists"; !strings.Contains(build.log, want) {
		t.Errorf("no warning %q:\n%s", want, build.log)
	}
	if _, err := os.Stat(j.marker); err == nil {
		t.Error("the install ran a binary")
	}
}

// TestFallback: a ref without a release binary for this runner is built
// from the Action's source, with the go on PATH (a fake that logs what it
// is asked), in an environment of the script's own: nothing of the job's
// Go environment, nor the token, reaches the go command; its caches are
// under RUNNER_TEMP and removed; the next step sees the job as before.
func TestFallback(t *testing.T) {
	for _, tt := range []struct {
		name  string
		setup func(j *job)
		// log is what the plan step must say, version what the build
		// stamps, requests the release lookups.
		log      string
		version  string
		requests []string
	}{
		// A branch: its commit is asked for, and the tags that point at
		// it; none does.
		{"noRelease", func(j *job) {
			j.ref = "main"
			j.srv.SetBranch(j.repo, "main", commitC)
			j.srv.SetTag(j.repo, "v1.0.0", commitD)
		}, `::notice::envaudit: no tag of envaudit/envaudit but "main" points at commit ` + commitC + ` among its tags, so no release was built from it: building envaudit from source`,
			"main", []string{"/repos/envaudit/envaudit/releases/tags/main", "/repos/envaudit/envaudit/commits/main", "/repos/envaudit/envaudit/tags"}},
		// A commit is not asked for as a release or resolved: its tags are
		// listed straight away.
		{"commit", func(j *job) {
			j.ref = commitC
			j.srv.SetTag(j.repo, "v1.0.0", commitD)
		}, `no tag of envaudit/envaudit but "` + commitC + `" points at commit ` + commitC,
			commitC, []string{"/repos/envaudit/envaudit/tags"}},
		// The tag is percent-encoded in the URL; the fake records it
		// decoded, as the server saw it. It names no commit of a
		// repository the API knows (404).
		{"branchWithSlash", func(j *job) { j.ref = "feature/x y" },
			`::notice::envaudit: envaudit/envaudit has neither a release nor a commit "feature/x y" (HTTP status 404): building envaudit from source`,
			"feature/x_y", []string{"/repos/envaudit/envaudit/releases/tags/feature/x y", "/repos/envaudit/envaudit/commits/feature/x y"}},
		{"noAsset", func(j *job) {
			j.srv.AddRelease(j.repo, j.ref, []string{"envaudit-linux-arm64", "checksums.txt"}, map[string][]byte{"envaudit-linux-arm64": []byte("x"), "checksums.txt": []byte(digest([]byte("x")) + "  envaudit-linux-arm64\n")})
		}, `::notice::envaudit: release "v1.2.3" of envaudit/envaudit has no envaudit-linux-amd64: building envaudit from source`,
			"v1.2.3", []string{"/repos/envaudit/envaudit/releases/tags/v1.2.3"}},
		{"local", func(j *job) { j.repo, j.ref = "", "" },
			"::notice::envaudit: the Action runs from a local path, which has no release: building envaudit from source",
			"dev", nil},
		{"apiDown", func(j *job) {
			l, err := net.Listen("tcp", "127.0.0.1:0")
			if err != nil {
				j.t.Fatal(err)
			}
			addr := l.Addr().String()
			l.Close()
			j.env["GITHUB_API_URL"] = "http://" + addr + "/api/v3"
		}, "::warning::envaudit: the releases API at http://", "v1.2.3", nil},
	} {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			srv := ghfake.New("octo/webapp", 1)
			t.Cleanup(srv.Close)
			j := newJob(t, srv)
			j.fakeGo("go1.26.8", false)
			tt.setup(j)
			var plan, build stepResult
			j.checkUnchanged(func() { plan, build = j.install() })
			if plan.code != 0 || build.code != 0 {
				t.Fatalf("install exited %d, %d", plan.code, build.code)
			}
			if !strings.Contains(plan.log, tt.log) {
				t.Errorf("plan's log lacks %q:\n%s", tt.log, plan.log)
			}
			if plan.outputs["source"] != "build" || !regexp.MustCompile(`^envaudit-Linux-amd64-source-[0-9a-f]{64}$`).MatchString(plan.outputs["key"]) {
				t.Errorf("plan's outputs %v, want source build and a source key", plan.outputs)
			}
			dir := filepath.Join(j.temp, "envaudit-bin", strings.TrimPrefix(plan.outputs["key"], "envaudit-Linux-amd64-"))
			if diff := cmp.Diff(map[string]string{"source": "build", "key": plan.outputs["key"], "dir": dir}, plan.outputs); diff != "" {
				t.Errorf("plan's outputs (-want +got):\n%s", diff)
			}
			if diff := cmp.Diff(map[string]string{"bin": filepath.Join(dir, "envaudit")}, build.outputs); diff != "" {
				t.Errorf("install's outputs (-want +got):\n%s", diff)
			}
			onlyOutputs(t, "key", plan)
			onlyOutputs(t, "build", build)
			if !strings.Contains(build.log, "::notice::envaudit: built envaudit from source with go1.26.8 in ") {
				t.Errorf("install's log does not say what built envaudit:\n%s", build.log)
			}
			var paths []string
			for _, r := range srv.Requests() {
				paths = append(paths, r.Path)
			}
			if diff := cmp.Diff(tt.requests, paths); diff != "" {
				t.Errorf("requests (-want +got):\n%s", diff)
			}

			logData, err := os.ReadFile(j.goLog)
			if err != nil {
				t.Fatal(err)
			}
			var args, wd string
			env := map[string]string{}
			for _, line := range strings.Split(strings.TrimSpace(string(logData)), "\n") {
				switch {
				case strings.HasPrefix(line, "args: "):
					args = strings.TrimPrefix(line, "args: ")
				case strings.HasPrefix(line, "dir: "):
					wd = strings.TrimPrefix(line, "dir: ")
				case strings.HasPrefix(line, "env: "):
					k, v, _ := strings.Cut(strings.TrimPrefix(line, "env: "), "=")
					env[k] = v
				}
			}
			if wd != moduleRoot(t) {
				t.Errorf("go build ran in %q, want the Action's path", wd)
			}
			work := regexp.MustCompile(`-o (\S+)/envaudit `).FindStringSubmatch(args + " ")
			if work == nil || !strings.HasPrefix(work[1], filepath.Join(j.temp, "envaudit-build.")) {
				t.Fatalf("go build's arguments %q: no -o under RUNNER_TEMP/envaudit-build.*", args)
			}
			if want := "build -trimpath -buildvcs=false -ldflags -X main.version=" + tt.version + " -o " + work[1] + "/envaudit ./cmd/envaudit"; args != want {
				t.Errorf("go build's arguments:\n got %s\nwant %s", args, want)
			}
			// What bash itself adds to the environment of a script.
			for _, k := range []string{"PWD", "SHLVL", "_", "OLDPWD"} {
				delete(env, k)
			}
			wantEnv := map[string]string{
				"PATH": j.env["PATH"], "HOME": work[1] + "/home", "TMPDIR": work[1] + "/tmp",
				"GOENV": "off", "GOWORK": "off", "GOFLAGS": "-modcacherw", "GOTOOLCHAIN": "auto", "CGO_ENABLED": "0",
				"GOPATH": work[1] + "/gopath", "GOCACHE": work[1] + "/cache", "GOMODCACHE": work[1] + "/modcache",
				"GOPROXY": "https://proxy.example.com",
			}
			if diff := cmp.Diff(wantEnv, env); diff != "" {
				t.Errorf("go build's environment (-want +got):\n%s", diff)
			}
			if left := j.leftovers(); len(left) > 0 {
				t.Errorf("left in RUNNER_TEMP: %q", left)
			}

			// An earlier envaudit step of the same job built it: the
			// binary is used, nothing is built again.
			before := len(logData)
			plan2, build2 := j.install()
			if plan2.code != 0 || build2.code != 0 || build2.outputs["bin"] != build.outputs["bin"] {
				t.Fatalf("second install: exit %d, %d, outputs %v", plan2.code, build2.code, build2.outputs)
			}
			if after, _ := os.ReadFile(j.goLog); len(after) != before {
				t.Errorf("the second install built again:\n%s", after[before:])
			}
		})
	}
}

// TestFallbackRefused: without a go that can build envaudit, the step
// fails saying what to do.
func TestFallbackRefused(t *testing.T) {
	for _, tt := range []struct {
		name  string
		setup func(j *job)
		msg   string
	}{
		{"noGo", func(j *job) { j.withoutGo() },
			`::error::envaudit: no go on PATH to build envaudit with: the Action's ref "main" has no release binary built from its source, so it is built from source. Use envaudit at a release tag, or set up Go 1.21 or newer before this step (go.mod needs go1.`},
		{"oldGo", func(j *job) { j.fakeGo("go1.20.14", false) },
			`::error::envaudit: the go1.20.14 on PATH is older than the go1.`},
		{"buildFails", func(j *job) { j.fakeGo("go1.26.8", true) },
			`::error::envaudit: building envaudit from source (ref "main") with the go1.26.8 on PATH, GOTOOLCHAIN=auto, go.mod needing go1.`},
	} {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			srv := ghfake.New("octo/webapp", 1)
			t.Cleanup(srv.Close)
			j := newJob(t, srv)
			j.ref = "main"
			tt.setup(j)
			plan, build := j.install()
			if plan.code != 0 {
				t.Fatalf("plan exited %d", plan.code)
			}
			if build.code != 1 || !strings.Contains(build.log, tt.msg) {
				t.Errorf("install exited %d, want 1 with %q:\n%s", build.code, tt.msg, build.log)
			}
			if _, ok := build.outputs["bin"]; ok {
				t.Error("install set bin")
			}
			if left := j.leftovers(); len(left) > 0 {
				t.Errorf("left in RUNNER_TEMP: %q", left)
			}
		})
	}
}

// TestSourceKey: the fallback's cache key changes with what the go
// command builds from, and not with what it never reads (testdata,
// node_modules, dot directories).
func TestSourceKey(t *testing.T) {
	srv := ghfake.New("octo/webapp", 1)
	t.Cleanup(srv.Close)
	j := newJob(t, srv)
	j.repo, j.ref = "", ""
	src := filepath.Join(j.root, "action")
	j.env["GITHUB_ACTION_PATH"] = src
	write := func(rel, content string) {
		p := filepath.Join(src, rel)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	script, err := os.ReadFile(filepath.Join(moduleRoot(t), "scripts", "action", "install.sh"))
	if err != nil {
		t.Fatal(err)
	}
	write("scripts/action/install.sh", string(script))
	write("go.mod", "module example.com/envaudit\n\ngo 1.26.0\n")
	write("cmd/envaudit/main.go", "package main\n\nfunc main() {}\n")
	key := func() string {
		t.Helper()
		plan := j.run(j.key, nil)
		if plan.code != 0 {
			t.Fatalf("plan exited %d", plan.code)
		}
		return plan.outputs["key"]
	}
	base := key()
	for _, tt := range []struct {
		rel     string
		changes bool
	}{
		{"cmd/envaudit/testdata/x.txt", false},
		{"demo/projects/npm/node_modules/x/index.js", false},
		{".github/workflows/ci.yml", false},
		{"_scratch/notes.go", false},
		{"demo/projects/npm/index.js", true},
		{"tracer/ebpf_bpf_x86_bpfel.o", true},
		{"go.sum", true},
		{"cmd/envaudit/main.go", true},
	} {
		t.Run(strings.ReplaceAll(tt.rel, "/", "_"), func(t *testing.T) {
			write(tt.rel, "changed "+tt.rel)
			got := key()
			if (got != base) != tt.changes {
				t.Errorf("key after writing %s: %s, before %s; want a change: %v", tt.rel, got, base, tt.changes)
			}
			base = got
		})
	}
}

// TestRealBinary installs envaudit for real, both ways, as a runner with
// Go would: a branch ref is built from the Action's source by the go on
// PATH, with a build cache of its own (cold: what a first run on a runner
// costs) and the module cache of this machine as its GOPROXY (so the test
// needs no network); that binary, published as release v1.0.0 with the
// listing of the Action's source and its checksums.txt, is then installed
// in a new job for uses: @v1 — the README's major tag, which points at
// the commit v1.0.0 does — by the release path. Both binaries say the
// version, the built one traces with ptrace and eBPF (static, as the
// release's: no cgo), the job's HOME and Go directories are untouched,
// and the next step sees the same go. The log has how long each install
// took.
func TestRealBinary(t *testing.T) {
	testenv.RealInstall(t)
	list := exec.Command("go", "list", "-deps", "./cmd/envaudit")
	list.Dir = moduleRoot(t)
	if out, err := list.CombinedOutput(); err != nil {
		t.Fatalf("go list -deps ./cmd/envaudit (the modules the build needs, into this machine's module cache): %v\n%s", err, out)
	}
	modcache, err := exec.Command("go", "env", "GOMODCACHE").Output()
	if err != nil {
		t.Fatal(err)
	}
	proxy := "file://" + filepath.Join(strings.TrimSpace(string(modcache)), "cache", "download")

	srv := ghfake.New("octo/webapp", 1)
	t.Cleanup(srv.Close)
	j := newJob(t, srv)
	j.ref = "feature/real"
	j.env["GOPROXY"] = proxy
	var plan, build stepResult
	j.checkUnchanged(func() { plan, build = j.install() })
	if plan.code != 0 || build.code != 0 || plan.outputs["source"] != "build" {
		t.Fatalf("install exited %d, %d; plan's outputs %v", plan.code, build.code, plan.outputs)
	}
	t.Logf("fallback build, cold build cache: %v wall, %v CPU", build.wall.Round(time.Second), build.cpu.Round(time.Second))
	bin := build.outputs["bin"]
	version := func(bin string) string {
		t.Helper()
		out, err := exec.Command(bin, "version").CombinedOutput()
		if err != nil {
			t.Fatalf("%s version: %v\n%s", bin, err, out)
		}
		return strings.TrimSpace(string(out))
	}
	if got := version(bin); got != "envaudit feature/real" {
		t.Errorf("the built binary says %q, want envaudit feature/real", got)
	}
	// Built as the release builds it (CGO_ENABLED=0, -trimpath), it
	// traces with each backend the tracer's tests run under.
	backends := []string{"ptrace", "ebpf"}
	if s, ok := os.LookupEnv("ENVAUDIT_TRACER_BACKENDS"); ok {
		backends = strings.Split(s, ",")
	}
	for _, backend := range backends {
		dir := t.TempDir()
		out, err := exec.Command(bin, "trace", "--backend", backend, "-o", filepath.Join(dir, "t.jsonl"), "--", "true").CombinedOutput()
		if err != nil {
			t.Errorf("trace --backend %s -- true: %v\n%s", backend, err, out)
			continue
		}
		header, err := os.ReadFile(filepath.Join(dir, "t.jsonl"))
		if err != nil || !bytes.Contains(header, []byte(`"backend":"`+backend+`"`)) {
			t.Errorf("trace --backend %s wrote %.200s (%v)", backend, header, err)
		}
	}
	if left := j.leftovers(); len(left) > 0 {
		t.Errorf("left in RUNNER_TEMP: %q", left)
	}

	data, err := os.ReadFile(bin)
	if err != nil {
		t.Fatal(err)
	}
	rel := newJob(t, srv)
	rel.ref = "v1"
	// Another release's tags before v1's, so the tags take two pages.
	srv.SetTag(actionRepo, "v0.9.0", commitD)
	srv.SetTag(actionRepo, "v1", commitC)
	srv.SetTag(actionRepo, "v1.0.0", commitC)
	sources := rel.sources()
	srv.AddRelease(actionRepo, "v1.0.0", []string{"envaudit-linux-amd64", "sources.sha256", "checksums.txt"}, map[string][]byte{
		"envaudit-linux-amd64": data,
		"sources.sha256":       sources,
		"checksums.txt":        []byte(digest(data) + "  envaudit-linux-amd64\n" + digest(sources) + "  sources.sha256\n"),
	})
	var plan2, build2 stepResult
	rel.checkUnchanged(func() { plan2, build2 = rel.install() })
	if plan2.code != 0 || build2.code != 0 || plan2.outputs["source"] != "release" || plan2.outputs["release"] != "v1.0.0" {
		t.Fatalf("release install exited %d, %d; plan's outputs %v", plan2.code, build2.code, plan2.outputs)
	}
	t.Logf("release path for @v1 (release v1.0.0 found by its commit), %d-byte binary from the API on loopback, nothing cached: %v wall, %v CPU (plan %v, install %v)",
		len(data), (plan2.wall + build2.wall).Round(time.Millisecond), (plan2.cpu + build2.cpu).Round(time.Millisecond), plan2.wall.Round(time.Millisecond), build2.wall.Round(time.Millisecond))
	if got := version(build2.outputs["bin"]); got != "envaudit feature/real" {
		t.Errorf("the released binary says %q", got)
	}
}
