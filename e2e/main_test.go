package e2e

import (
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/envaudit/envaudit/internal/testenv"
)

// machine is what every test shares: the envaudit TestMain's first user
// builds, the Action's files as a runner downloads them, and the runner
// image's environment.
type machine struct {
	source   string // the envaudit source tree under test
	scratch  string // everything the suite makes, removed at exit
	bin      string // envaudit, built once
	action   string // the Action's files (the tree's tracked files)
	evidence string // where the projects' tests write their environment
	// env is the runner image's environment: PATH and the caches that
	// make the jobs' installs offline.
	env map[string]string
	// goroot is the machine's Go, which the stand-ins for setup-go
	// install.
	goroot string
	// cache is actions/cache's store: one repository's caches, shared by
	// the suite's jobs as by a repository's runs.
	cache *cacheStore
	// buildTime is how long building envaudit took.
	buildTime time.Duration
}

var (
	shared     machine
	sharedErr  error
	sharedOnce sync.Once
)

func TestMain(m *testing.M) {
	testenv.Hermetic()
	code := m.Run()
	if shared.scratch != "" {
		os.RemoveAll(shared.scratch)
	}
	os.Exit(code)
}

// setup returns the shared machine, making it the first time; a missing
// prerequisite fails the test, naming make setup.
func setup(t *testing.T) *machine {
	t.Helper()
	testenv.RealInstall(t)
	sharedOnce.Do(func() {
		sharedErr = shared.init()
		if sharedErr == nil {
			t.Logf("envaudit built in %s", shared.buildTime.Round(time.Millisecond))
		}
	})
	if sharedErr != nil {
		t.Fatal(sharedErr)
	}
	return &shared
}

func (m *machine) init() error {
	var err error
	if m.source, err = filepath.Abs(".."); err != nil {
		return err
	}
	for _, prog := range []string{"git", "node", "npm", "python3", "go", "bash", "tar", "jq"} {
		if _, err := exec.LookPath(prog); err != nil {
			return errors.New(testenv.Message(fmt.Sprintf("program %q", prog)))
		}
	}
	stamp, err := os.ReadFile(filepath.Join(m.source, "e2e", "testdata", ".npm-cache", ".envaudit-stamp"))
	if err != nil || strings.TrimSpace(string(stamp)) != lockStamp(filepath.Join(m.source, "e2e", "testdata"), "npm", "study") {
		return errors.New(testenv.Message("a current npm cache e2e/testdata/.npm-cache (scripts/setup.d/e2e.sh)"))
	}
	goBin, _ := exec.LookPath("go")
	goenv := func(k string) (string, error) {
		out, err := exec.Command(goBin, "env", k).Output()
		return strings.TrimSpace(string(out)), err
	}
	gocache, err := goenv("GOCACHE")
	if err != nil {
		return err
	}
	gomodcache, err := goenv("GOMODCACHE")
	if err != nil {
		return err
	}
	if m.goroot, err = goenv("GOROOT"); err != nil {
		return err
	}
	// The image's PATH: the system's directories and the machine's Go,
	// as a hosted image has Go on PATH; nothing of this user's own
	// (~/.local/bin, a version manager's shims).
	path := []string{filepath.Join(m.goroot, "bin")}
	for _, d := range []string{"/usr/local/sbin", "/usr/local/bin", "/usr/sbin", "/usr/bin", "/sbin", "/bin"} {
		if d != path[0] {
			path = append(path, d)
		}
	}
	if out, err := exec.Command("/usr/bin/env", "PATH="+strings.Join(path, ":"), "python3", "-m", "pytest", "--version").CombinedOutput(); err != nil {
		return fmt.Errorf("%s: %v\n%s", testenv.Message("python3 with pytest on the system's PATH (scripts/setup.d/python.apt)"), err, out)
	}
	m.env = map[string]string{
		"PATH": strings.Join(path, ":"),
		"LANG": "C.UTF-8",
		// The runner image's warm Go caches and no network: a job's go
		// test and the Action's build (today's action.yml builds
		// envaudit) find what they need there.
		"GOCACHE": gocache, "GOMODCACHE": gomodcache, "GOPROXY": "off",
		// npm ci installs from the cache make setup filled.
		"npm_config_cache":   filepath.Join(m.source, "e2e", "testdata", ".npm-cache"),
		"npm_config_offline": "true", "npm_config_audit": "false", "npm_config_fund": "false", "npm_config_update_notifier": "false",
		// pip installs nothing from an index: the Python project's
		// requirements are the system's packages.
		"PIP_NO_INDEX": "1", "PIP_DISABLE_PIP_VERSION_CHECK": "1",
		"GIT_CONFIG_NOSYSTEM": "1",
	}
	if m.scratch, err = os.MkdirTemp("", "envaudit-e2e-"); err != nil {
		return err
	}
	m.evidence = filepath.Join(m.scratch, "evidence")
	// Every job writes here, whoever it runs as.
	if err := os.MkdirAll(m.evidence, 0o777); err != nil {
		return err
	}
	m.cache = &cacheStore{dir: filepath.Join(m.scratch, "actions-cache")}
	if err := os.MkdirAll(m.cache.dir, 0o755); err != nil {
		return err
	}
	if err := m.copyAction(); err != nil {
		return err
	}
	return m.build(goBin)
}

// lockStamp is scripts/setup.d/e2e.sh's stamp of the npm cache: the
// SHA-256 of the sha256sum listing of the lockfiles below dir's subdirs,
// named relative to dir.
func lockStamp(dir string, subdirs ...string) string {
	var locks []string
	for _, sub := range subdirs {
		_ = filepath.Walk(filepath.Join(dir, sub), func(p string, fi os.FileInfo, err error) error {
			if err == nil && fi.Name() == "package-lock.json" {
				rel, _ := filepath.Rel(dir, p)
				locks = append(locks, "./"+rel)
			}
			return nil
		})
	}
	sort.Strings(locks)
	var listing strings.Builder
	for _, l := range locks {
		data, err := os.ReadFile(filepath.Join(dir, l))
		if err != nil {
			return ""
		}
		sum := sha256.Sum256(data)
		fmt.Fprintf(&listing, "%s  %s\n", hex.EncodeToString(sum[:]), l)
	}
	sum := sha256.Sum256([]byte(listing.String()))
	return hex.EncodeToString(sum[:])
}

// copyAction copies the source tree's files as the runner downloads an
// action: what git tracks (and what it would track: new files not yet
// committed), without the installs that make setup adds.
func (m *machine) copyAction() error {
	m.action = filepath.Join(m.scratch, "actions", "envaudit", "envaudit", "v1")
	return testenv.CopyCheckout(m.source, m.action)
}

// build builds envaudit once, much as release.yml does (-trimpath, the
// release's tag as version; -buildvcs=false, as the Action's files are no
// checkout; cgo as the machine's build cache has it, which a static build
// would recompile), in the image's Go build cache: the release the jobs
// are served (release_test.go) holds this binary.
func (m *machine) build(goBin string) error {
	m.bin = filepath.Join(m.scratch, "bin", "envaudit-linux-"+goarch())
	start := time.Now()
	cmd := exec.Command(goBin, "build", "-trimpath", "-ldflags", "-X main.version="+release, "-o", m.bin, "./cmd/envaudit")
	cmd.Dir = m.action
	cmd.Env = append(os.Environ(), "GOTOOLCHAIN=local", "GOFLAGS=-buildvcs=false", "GOCACHE="+m.env["GOCACHE"], "GOMODCACHE="+m.env["GOMODCACHE"])
	if out, err := cmd.CombinedOutput(); err != nil {
		return fmt.Errorf("building envaudit: %v\n%s", err, out)
	}
	m.buildTime = time.Since(start)
	return nil
}
