package action

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"go.yaml.in/yaml/v3"
)

// TestReleaseWorkflow holds .github/workflows/release.yml to what
// install.sh downloads: a release of the tag with envaudit-linux-amd64,
// envaudit-linux-arm64 (the architectures install.sh maps RUNNER_ARCH to)
// and their checksums.txt, written by sha256sum; the binaries built
// static with the tag as their version and attested; least privilege per
// job; every uses: pinned by commit and named. (actionlint checks the
// rest, in make check.)
func TestReleaseWorkflow(t *testing.T) {
	raw, err := os.ReadFile(filepath.Join(moduleRoot(t), ".github", "workflows", "release.yml"))
	if err != nil {
		t.Fatal(err)
	}
	type wstep struct {
		Name string            `yaml:"name"`
		Uses string            `yaml:"uses"`
		Run  string            `yaml:"run"`
		With map[string]string `yaml:"with"`
		Env  map[string]string `yaml:"env"`
	}
	var wf struct {
		On          map[string]any    `yaml:"on"`
		Permissions map[string]string `yaml:"permissions"`
		Jobs        map[string]struct {
			If          string            `yaml:"if"`
			Needs       string            `yaml:"needs"`
			Permissions map[string]string `yaml:"permissions"`
			Strategy    struct {
				Matrix struct {
					Include []map[string]string `yaml:"include"`
				} `yaml:"matrix"`
			} `yaml:"strategy"`
			Steps []wstep `yaml:"steps"`
		} `yaml:"jobs"`
	}
	if err := yaml.Unmarshal(raw, &wf); err != nil {
		t.Fatal(err)
	}
	wantOn := map[string]any{"push": map[string]any{"tags": []any{"v*"}}, "workflow_dispatch": nil}
	if diff := cmp.Diff(wantOn, wf.On); diff != "" {
		t.Errorf("on: (-want +got):\n%s", diff)
	}
	if wf.Permissions == nil || len(wf.Permissions) != 0 {
		t.Errorf("top-level permissions %v, want {}", wf.Permissions)
	}
	build, release := wf.Jobs["build"], wf.Jobs["release"]
	if diff := cmp.Diff(map[string]string{"contents": "read"}, build.Permissions); diff != "" {
		t.Errorf("build's permissions (-want +got):\n%s", diff)
	}
	if diff := cmp.Diff(map[string]string{"contents": "write", "id-token": "write", "attestations": "write"}, release.Permissions); diff != "" {
		t.Errorf("release's permissions (-want +got):\n%s", diff)
	}
	if release.Needs != "build" || !strings.Contains(build.If, "github.ref_type == 'tag'") {
		t.Errorf("release needs %q, build runs if %q: want the build first, on a tag only", release.Needs, build.If)
	}
	var arches []string
	for _, m := range build.Strategy.Matrix.Include {
		arches = append(arches, m["goarch"])
	}
	if diff := cmp.Diff([]string{"amd64", "arm64"}, arches); diff != "" {
		t.Errorf("architectures built (-want +got), as install.sh maps X64 and ARM64:\n%s", diff)
	}

	// Every uses: is pinned by commit and named in a comment.
	for name, job := range wf.Jobs {
		for _, s := range job.Steps {
			if s.Uses == "" {
				continue
			}
			action, sha, _ := strings.Cut(s.Uses, "@")
			if !regexp.MustCompile(`^[0-9a-f]{40}$`).MatchString(sha) {
				t.Errorf("job %s: uses %q is not pinned by a commit", name, s.Uses)
			}
			if !regexp.MustCompile(`# ` + regexp.QuoteMeta(action) + ` v\d+\.\d+\.\d+\b`).Match(raw) {
				t.Errorf("job %s: no comment names the release of %s", name, action)
			}
		}
	}

	// The build: static, trimmed, stamped with the tag, named as
	// install.sh asks.
	var buildRun, releaseRun, sums, attest string
	for _, s := range build.Steps {
		if strings.Contains(s.Run, "go build") {
			buildRun = s.Run
		}
	}
	for _, s := range release.Steps {
		switch {
		case strings.Contains(s.Run, "sha256sum"):
			sums = s.Run
		case strings.Contains(s.Run, "gh release create"):
			releaseRun = s.Run
		case strings.HasPrefix(s.Uses, "actions/attest-build-provenance@"):
			attest = s.With["subject-path"]
		}
	}
	for _, want := range []string{"CGO_ENABLED=0", "GOOS=linux", "-trimpath", `-X main.version=$TAG`, `-o "dist/envaudit-linux-$GOARCH"`, "./cmd/envaudit"} {
		if !strings.Contains(buildRun, want) {
			t.Errorf("the build step lacks %s:\n%s", want, buildRun)
		}
	}
	if !strings.Contains(sums, "sha256sum envaudit-linux-amd64 envaudit-linux-arm64 >checksums.txt") {
		t.Errorf("checksums.txt is not sha256sum's listing of both binaries:\n%s", sums)
	}
	if !strings.Contains(releaseRun, "dist/envaudit-linux-amd64 dist/envaudit-linux-arm64 dist/checksums.txt") || !strings.Contains(releaseRun, "--verify-tag") {
		t.Errorf("the release does not attach both binaries and checksums.txt to the existing tag:\n%s", releaseRun)
	}
	if diff := cmp.Diff([]string{"dist/envaudit-linux-amd64", "dist/envaudit-linux-arm64"}, strings.Fields(attest)); diff != "" {
		t.Errorf("attested (-want +got):\n%s", diff)
	}
}
