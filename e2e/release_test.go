package e2e

import (
	"crypto/sha1"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"github.com/envaudit/envaudit/ghaction/ghfake"
)

func goarch() string { return runtime.GOARCH }

// installScript is the script through which action.yml installs envaudit
// from the release of its ref's commit (and builds it from source only
// when there is none).
const installScript = "scripts/action/install.sh"

const (
	// actionRepo is the Action's repository, where its releases are.
	actionRepo = "envaudit/envaudit"
	// release is the release the README's @v1 resolves to.
	release = "v1.0.0"
)

// serveRelease publishes the envaudit TestMain built as release v1.0.0 of
// envaudit/envaudit, as .github/workflows/release.yml does for that tag —
// the binary envaudit-linux-<arch>, sources.sha256 (install.sh's listing
// of the Action's files the binary was built from) and checksums.txt
// listing both in sha256sum's format — and points the tags v1 and v1.0.0
// at one commit, after an older release's tag (so the tags take two of
// the fake's pages). The README's uses: envaudit/envaudit@v1 has no
// release of its own: a job finds v1.0.0 by v1's commit, as a runner's
// would, and never compiles envaudit (checkInstall checks).
func serveRelease(srv *ghfake.Server, m *machine) error {
	script := filepath.Join(m.action, installScript)
	if _, err := os.Stat(script); err != nil {
		return fmt.Errorf("action.yml installs envaudit through %s: %w", installScript, err)
	}
	bin, err := os.ReadFile(m.bin)
	if err != nil {
		return err
	}
	cmd := exec.Command("bash", script, "sources", m.action)
	cmd.Env = []string{"PATH=/usr/bin:/bin"}
	sources, err := cmd.Output()
	if err != nil {
		return fmt.Errorf("listing the Action's sources with %s: %w", installScript, err)
	}
	name := filepath.Base(m.bin)
	checksums := sha256Hex(bin) + "  " + name + "\n" + sha256Hex(sources) + "  sources.sha256\n"
	files := map[string][]byte{name: bin, "sources.sha256": sources, "checksums.txt": []byte(checksums)}
	srv.AddRelease(actionRepo, release, []string{name, "sources.sha256", "checksums.txt"}, files)
	srv.SetTag(actionRepo, "v0.9.0", commitOf("v0.9.0"))
	srv.SetTag(actionRepo, "v1", commitOf(release))
	srv.SetTag(actionRepo, release, commitOf(release))
	return nil
}

// commitOf is the fake commit of the Action's repository a tag points at.
func commitOf(tag string) string {
	sum := sha1.Sum([]byte("envaudit " + tag))
	return hex.EncodeToString(sum[:])
}

func sha256Hex(data []byte) string {
	sum := sha256.Sum256(data)
	return hex.EncodeToString(sum[:])
}

// checkInstall checks that job j installed envaudit as the README's @v1
// does on a runner: the release v1.0.0 found through v1's commit, its
// binary the one TestMain built (verified against checksums.txt by the
// build step), and nothing compiled. It logs how long the install steps
// took.
func checkInstall(t *testing.T, sc *scenario, j *job) {
	t.Helper()
	bin, err := os.ReadFile(sc.m.bin)
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]string{"source": "release", "release": release, "digest": sha256Hex(bin)}
	var key, cache, build string
	for _, s := range action(t, j).Steps {
		switch {
		case s.ID == "key":
			key = s.Elapsed.String()
			for k, v := range want {
				if s.Outputs[k] != v {
					t.Errorf("the install's plan output %s = %q, want %q (outputs %v)", k, s.Outputs[k], v, s.Outputs)
				}
			}
		case s.ID == "cache":
			cache = "cache-hit " + s.Outputs["cache-hit"]
		case s.ID == "build":
			build = s.Elapsed.String()
		}
	}
	t.Logf("%s run %d: install steps key %s, %s, build %s", j.run.Workflow.Name, j.run.RunID, key, cache, build)
	for _, line := range []string{
		fmt.Sprintf(`envaudit: "v1" of %s is commit %s, which tag %q points at`, actionRepo, commitOf(release), release),
		fmt.Sprintf(`envaudit: %s of release %q of %s, SHA-256 %s, built from the source of this Action`, filepath.Base(sc.m.bin), release, actionRepo, sha256Hex(bin)),
	} {
		if !strings.Contains(j.res.Log, line) {
			t.Errorf("the job's log lacks %q", line)
		}
	}
	if strings.Contains(j.res.Log, "building envaudit from source") || strings.Contains(j.res.Log, "built envaudit from source") {
		t.Errorf("the job built envaudit from source")
	}
	asked := map[string]bool{}
	for _, r := range sc.srv.RequestsBy(j.res.Token) {
		asked[r.Path] = true
	}
	for _, p := range []string{"/repos/" + actionRepo + "/releases/tags/v1", "/repos/" + actionRepo + "/commits/v1", "/repos/" + actionRepo + "/tags", "/repos/" + actionRepo + "/releases/tags/" + release} {
		if !asked[p] {
			t.Errorf("the job did not ask the API for %s", p)
		}
	}
}
