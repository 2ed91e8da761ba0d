package system

import (
	"os"
	"slices"
	"testing"

	"github.com/envaudit/envaudit/ecosystems"
	"github.com/envaudit/envaudit/ecosystems/internal/ecotest"
	"github.com/google/go-cmp/cmp"
)

// TestCIJobs enumerates the ci-jobs fixture, whose GitHub workflow, GitLab
// CI, CircleCI and Travis CI files each install packages in several jobs,
// as runs in each CI service's jobs and outside CI: only the job being run
// declares packages for the run, and the rest are inapplicable, with why.
func TestCIJobs(t *testing.T) {
	e := Ecosystem{System: os.DirFS("../../testdata/dpkg-root")}
	p := ecotest.Open(t, e, "testdata/ci-jobs")
	all := []string{"cppcheck", "gdb", "jq", "lcov", "libcurl4-openssl-dev", "libsqlite3-dev", "make", "shellcheck", "sqlite3", "tree", "valgrind", "zstd"}
	without := func(keep ...string) []string {
		var out []string
		for _, n := range all {
			if !slices.Contains(keep, n) {
				out = append(out, n)
			}
		}
		return out
	}
	tests := []struct {
		name    string
		environ []string
		execs   []string          // the programs the run executed
		want    []string          // inapplicable names
		why     map[string]string // some of their reasons
	}{
		// Outside CI no job is being run: the lines of CI files declare
		// nothing for this run unless they explain what it loaded.
		{
			name: "local",
			want: all,
			why: map[string]string{
				"jq":         `installed by job "build" of .circleci/config.yml, and this run is in no CI job`,
				"shellcheck": `installed by job "lint" of .gitlab-ci.yml, and this run is in no CI job`,
				"gdb":        "installed by Travis CI (.travis.yml), and this run is in no CI job",
			},
		},
		{
			name:  "localRanJq",
			execs: []string{"/usr/bin/jq"},
			want:  without("jq"),
		},
		{
			name:    "githubTest",
			environ: []string{"GITHUB_ACTIONS=true", "GITHUB_JOB=test", "GITHUB_WORKFLOW_REF=o/r/.github/workflows/ci.yml@refs/pull/7/merge"},
			want:    without("jq"),
			why: map[string]string{
				"lcov": `installed by job "coverage" of .github/workflows/ci.yml, and this run is job "test"`,
				"tree": "installed by GitLab CI (.gitlab-ci.yml), and this run is in GitHub Actions",
			},
		},
		{
			name:    "githubOtherWorkflow",
			environ: []string{"GITHUB_ACTIONS=true", "GITHUB_JOB=test", "GITHUB_WORKFLOW_REF=o/r/.github/workflows/release.yml@refs/heads/main"},
			want:    all,
			why:     map[string]string{"lcov": "installed by .github/workflows/ci.yml, and this run is a job of .github/workflows/release.yml"},
		},
		{
			name:    "gitlabTest",
			environ: []string{"GITLAB_CI=true", "CI_JOB_NAME=test"},
			want:    without("tree", "libsqlite3-dev", "zstd"),
			why:     map[string]string{"shellcheck": `installed by job "lint" of .gitlab-ci.yml, and this run is job "test"`},
		},
		{
			name:    "circleBuild",
			environ: []string{"CIRCLECI=true", "CIRCLE_JOB=build"},
			want:    without("make", "sqlite3", "jq"),
		},
		{
			name:    "travis",
			environ: []string{"TRAVIS=true"},
			want:    without("gdb", "libcurl4-openssl-dev", "valgrind", "cppcheck"),
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			inv, err := p.Installed(t.Context(), ecosystems.Env{Environ: tt.environ, Executables: tt.execs})
			if err != nil {
				t.Fatal(err)
			}
			var got []string
			why := map[string]string{}
			for _, x := range inv.Inapplicable {
				got = append(got, x.Name)
				why[x.Name] = x.Why
			}
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("inapplicable (-want +got):\n%s", diff)
			}
			for name, w := range tt.why {
				if why[name] != w {
					t.Errorf("why %q is inapplicable = %q, want %q", name, why[name], w)
				}
			}
			// An inapplicable declaration installs nothing here: it is no
			// root of D2.
			for _, pkg := range inv.Packages {
				if pkg.Direct && slices.Contains(tt.want, pkg.Name) {
					t.Errorf("inapplicable %q is a direct package of D2", pkg.Name)
				}
			}
		})
	}
}

// TestOutsideCI: without the variables OutsideCI drops, runningCI finds
// no CI service, whichever environ had them.
func TestOutsideCI(t *testing.T) {
	environ := []string{"PATH=/usr/bin", "GITHUB_ACTIONS=true", "GITHUB_JOB=test", "GITHUB_WORKFLOW_REF=o/r/.github/workflows/ci.yml@refs/heads/main",
		"GITLAB_CI=true", "CI_JOB_NAME=test", "CIRCLECI=true", "CIRCLE_JOB=test", "TRAVIS=true", "CI=true"}
	if ci, job, wf := runningCI(environ); ci == "" {
		t.Fatalf("runningCI(%q) = %q %q %q: no CI", environ, ci, job, wf)
	}
	out := OutsideCI(environ)
	if ci, job, wf := runningCI(out); ci != "" || job != "" || wf != "" {
		t.Errorf("runningCI(OutsideCI(...)) = %q %q %q, want no CI", ci, job, wf)
	}
	if want := []string{"PATH=/usr/bin", "CI=true"}; !slices.Equal(out, want) {
		t.Errorf("OutsideCI = %q, want %q", out, want)
	}
}
