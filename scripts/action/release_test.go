package action

import (
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"go.yaml.in/yaml/v3"
)

// TestReleaseWorkflow holds .github/workflows/release.yml to what
// install.sh downloads: a release of the tag with envaudit-linux-amd64,
// envaudit-linux-arm64 (the architectures install.sh maps RUNNER_ARCH to),
// sources.sha256 (install.sh's listing of the checkout, made before
// anything writes in it, the same for both builds) and their
// checksums.txt, written by sha256sum; the binaries built static with the
// tag as their version and attested with the listing; least privilege per
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

	// The listing of the sources, by install.sh, right after the
	// checkout, and uploaded with the binary.
	if len(build.Steps) < 2 || !strings.HasPrefix(build.Steps[0].Uses, "actions/checkout@") {
		t.Fatalf("the build's first step is not the checkout: %+v", build.Steps)
	}
	wantSources := `bash scripts/action/install.sh sources . >"$RUNNER_TEMP/sources.sha256"
mkdir dist
mv "$RUNNER_TEMP/sources.sha256" "dist/sources-$GOARCH.sha256"
`
	if diff := cmp.Diff(wantSources, build.Steps[1].Run); diff != "" {
		t.Errorf("the step after the checkout does not list the sources (-want +got):\n%s", diff)
	}
	var upload map[string]string
	for _, s := range build.Steps {
		if strings.HasPrefix(s.Uses, "actions/upload-artifact@") {
			upload = s.With
		}
	}
	if diff := cmp.Diff([]string{"dist/envaudit-linux-${{ matrix.goarch }}", "dist/sources-${{ matrix.goarch }}.sha256"}, strings.Split(strings.TrimSpace(upload["path"]), "\n")); diff != "" {
		t.Errorf("uploaded from the build (-want +got):\n%s", diff)
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
	for _, want := range []string{
		"cmp sources-amd64.sha256 sources-arm64.sha256\n",
		"mv sources-amd64.sha256 sources.sha256\n",
		"sha256sum envaudit-linux-amd64 envaudit-linux-arm64 sources.sha256 >checksums.txt\n",
	} {
		if !strings.Contains(sums, want) {
			t.Errorf("checksums.txt is not sha256sum's listing of both binaries and the one listing of their sources; the step lacks %q:\n%s", want, sums)
		}
	}
	if !strings.Contains(releaseRun, "dist/envaudit-linux-amd64 dist/envaudit-linux-arm64 dist/sources.sha256 dist/checksums.txt") || !strings.Contains(releaseRun, "--verify-tag") {
		t.Errorf("the release does not attach both binaries, sources.sha256 and checksums.txt to the existing tag:\n%s", releaseRun)
	}
	if diff := cmp.Diff([]string{"dist/envaudit-linux-amd64", "dist/envaudit-linux-arm64", "dist/sources.sha256"}, strings.Fields(attest)); diff != "" {
		t.Errorf("attested (-want +got):\n%s", diff)
	}
}

// TestArchiveIsCheckout: the Action's files a runner downloads (GitHub's
// archive of the ref, which is git archive's) are the files of a
// checkout at the ref, which release.yml lists, only while no
// .gitattributes leaves a file out of the archive (export-ignore),
// rewrites it there (export-subst) or has a filter (Git LFS: the archive
// can hold the object where the checkout holds the pointer): with one,
// no release's sources.sha256 would match a job's Action, and every job
// would build envaudit from source. (text and eol convert a file the same
// way for both.)
func TestArchiveIsCheckout(t *testing.T) {
	root := moduleRoot(t)
	out, err := exec.Command("git", "-C", root, "ls-files", "-z", "--cached", "--others", "--exclude-standard").Output()
	if err != nil {
		t.Fatalf("git ls-files: %v", err)
	}
	attr := regexp.MustCompile(`(?m)^[^#\n]*\s[-!]?(export-ignore|export-subst|filter)\b`)
	for _, rel := range strings.Split(strings.TrimRight(string(out), "\x00"), "\x00") {
		if filepath.Base(rel) != ".gitattributes" {
			continue
		}
		data, err := os.ReadFile(filepath.Join(root, rel))
		if err != nil {
			t.Fatal(err)
		}
		if m := attr.Find(data); m != nil {
			t.Errorf("%s: %q: git archive would write another file than the checkout release.yml lists", rel, m)
		}
	}
}
