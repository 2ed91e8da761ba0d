package action

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/envaudit/envaudit/ghaction/ghfake"
)

// TestPinned installs the release binary for refs that are no release
// tag of their own — the README's major tag, a commit SHA pin, a branch —
// when a release tag points at their commit and the release was built
// from the Action's source: the ref is resolved to its commit through
// the commits API, the tags are listed (two to a page here, so the pages
// are followed), the release of the best tag is verified as a release
// tag's is, and no go runs. What the job sees is unchanged.
func TestPinned(t *testing.T) {
	const api = "/repos/" + actionRepo + "/"
	for _, tt := range []struct {
		name string
		ref  string
		// setup makes the repository's tags and releases.
		setup func(j *job)
		// release is the release whose binary is installed, requests the
		// plan's requests up to its release lookup.
		release  string
		requests []string
	}{
		{"majorTag", "v1", func(j *job) {
			j.srv.SetTag(j.repo, "v0.9.0", commitD)
			j.publish("v0.9.0", j.sources())
			j.srv.SetTag(j.repo, "v1", commitC)
			j.srv.SetTag(j.repo, "v1.0.0", commitC)
			j.publish("v1.0.0", j.sources())
		}, "v1.0.0", []string{api + "releases/tags/v1", api + "commits/v1", api + "tags?per_page=100&page=1", api + "tags?per_page=100&page=2", api + "releases/tags/v1.0.0"}},
		{"commitSHA", commitC, func(j *job) {
			j.srv.SetTag(j.repo, "v1", commitC)
			j.srv.SetTag(j.repo, "v1.0.0", commitC)
			j.publish("v1.0.0", j.sources())
		}, "v1.0.0", []string{api + "tags?per_page=100&page=1", api + "releases/tags/v1.0.0"}},
		{"branch", "main", func(j *job) {
			j.srv.SetBranch(j.repo, "main", commitC)
			j.srv.SetTag(j.repo, "v1.0.0", commitC)
			j.publish("v1.0.0", j.sources())
		}, "v1.0.0", []string{api + "releases/tags/main", api + "commits/main", api + "tags?per_page=100&page=1", api + "releases/tags/v1.0.0"}},
		// A vX.Y.Z tag before any other tag of the commit with a release
		// (the pages are read until one has a vX.Y.Z tag of the commit),
		// and the newest first.
		{"releaseTagFirst", "v1", func(j *job) {
			for _, tag := range []string{"nightly", "v1", "v1.0.0", "v1.0.10", "v1.0.9"} {
				j.srv.SetTag(j.repo, tag, commitC)
				if tag != "v1" {
					j.publish(tag, j.sources())
				}
			}
		}, "v1.0.10", []string{api + "releases/tags/v1", api + "commits/v1", api + "tags?per_page=100&page=1", api + "tags?per_page=100&page=2", api + "releases/tags/v1.0.10"}},
		// A tag of the commit without a release is passed over.
		{"nextCandidate", "v1", func(j *job) {
			j.srv.SetTag(j.repo, "v1.0.1", commitC)
			j.srv.SetTag(j.repo, "v1.0.0", commitC)
			j.srv.SetTag(j.repo, "v1", commitC)
			j.publish("v1.0.0", j.sources())
		}, "v1.0.0", []string{api + "releases/tags/v1", api + "commits/v1", api + "tags?per_page=100&page=1", api + "releases/tags/v1.0.1", api + "releases/tags/v1.0.0"}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			j, srv := pinJob(t, tt.ref)
			tt.setup(j)
			var release ghfake.Release
			for _, r := range srv.Releases() {
				if r.TagName == tt.release {
					release = r
				}
			}
			var bin []byte
			ids := map[string]int64{}
			for _, a := range release.Assets {
				ids[a.Name] = a.ID
				if a.Name == "envaudit-linux-amd64" {
					bin = a.Data
				}
			}
			d := digest(bin)
			dir := filepath.Join(j.temp, "envaudit-bin", "sha256-"+d)

			var plan, build stepResult
			j.checkUnchanged(func() { plan, build = j.install() })
			if plan.code != 0 || build.code != 0 {
				t.Fatalf("install exited %d, %d", plan.code, build.code)
			}
			want := map[string]string{"source": "release", "release": tt.release, "asset": "envaudit-linux-amd64", "asset-id": fmt.Sprint(ids["envaudit-linux-amd64"]),
				"digest": d, "key": "envaudit-Linux-amd64-sha256-" + d, "dir": dir}
			if diff := cmp.Diff(want, plan.outputs); diff != "" {
				t.Errorf("plan's outputs (-want +got):\n%s", diff)
			}
			if diff := cmp.Diff(map[string]string{"bin": filepath.Join(dir, "envaudit")}, build.outputs); diff != "" {
				t.Errorf("install's outputs (-want +got):\n%s", diff)
			}
			onlyOutputs(t, "key", plan)
			onlyOutputs(t, "build", build)
			if got, err := os.ReadFile(filepath.Join(dir, "envaudit")); err != nil || !bytes.Equal(got, bin) {
				t.Errorf("installed %q (%v), want release %s's binary", got, err, tt.release)
			}
			for _, line := range []string{
				fmt.Sprintf("envaudit: envaudit-linux-amd64 of release %q of envaudit/envaudit, SHA-256 %s, built from the source of this Action (", tt.release, d),
			} {
				if !strings.Contains(plan.log, line) {
					t.Errorf("plan's log lacks %q:\n%s", line, plan.log)
				}
			}
			if tt.ref != tt.release && !strings.Contains(plan.log, fmt.Sprintf("envaudit: %q of envaudit/envaudit is commit %s, which tag %q points at\n", tt.ref, commitC, tt.release)) {
				t.Errorf("plan's log does not say which tag of the commit it took:\n%s", plan.log)
			}
			if strings.Contains(plan.log+build.log, "::") {
				t.Errorf("the install annotated:\n%s%s", plan.log, build.log)
			}
			if _, err := os.Stat(j.goLog); err == nil {
				t.Error("go ran")
			}
			if _, err := os.Stat(j.marker); err == nil {
				t.Error("the install ran the binary")
			}
			if left := j.leftovers(); len(left) > 0 {
				t.Errorf("left in RUNNER_TEMP: %q", left)
			}
			// The plan's requests up to the release, then its checksums.txt
			// and the binary, through the API with the token and from the
			// storage host without it.
			wantReqs := append([]string(nil), tt.requests...)
			for _, name := range []string{"checksums.txt", "envaudit-linux-amd64"} {
				id := fmt.Sprint(ids[name])
				wantReqs = append(wantReqs, api+"releases/assets/"+id+" Bearer "+token, "/release-assets/"+actionRepo+"/"+id+" storage")
			}
			if diff := cmp.Diff(wantReqs, requestLines(t, srv)); diff != "" {
				t.Errorf("requests (-want +got):\n%s", diff)
			}
		})
	}
}

// TestPinnedFallback: a ref whose commit no release was built from — no
// release tag points at it, its release tag has no release, the release
// was built from other source or does not say which, the tag lies beyond
// the pages read, the ref names no commit — is built from source, with
// a notice (a warning for a release of the commit built from other
// source) saying why.
func TestPinnedFallback(t *testing.T) {
	const api = "/repos/" + actionRepo + "/"
	// other is the listing of a source tree that is not the Action's.
	other := func(t *testing.T) []byte {
		dir := t.TempDir()
		if err := os.WriteFile(filepath.Join(dir, "go.mod"), []byte("module example.com/other\n"), 0o644); err != nil {
			t.Fatal(err)
		}
		return listing(t, dir)
	}
	for _, tt := range []struct {
		name, ref string
		setup     func(t *testing.T, j *job)
		// log is what the plan step says, requests what it asks.
		log      string
		requests []string
	}{
		{"noReleaseTag", commitD, func(t *testing.T, j *job) {
			j.srv.SetTag(j.repo, "v1.0.0", commitC)
			j.publish("v1.0.0", j.sources())
		}, `::notice::envaudit: no tag of envaudit/envaudit but "` + commitD + `" points at commit ` + commitD + ` among its tags, so no release was built from it: building envaudit from source (uses: envaudit/envaudit@vX.Y.Z, a release tag, or the commit of one installs its prebuilt binary)`,
			[]string{api + "tags?per_page=100&page=1"}},
		{"tagWithoutRelease", "v1", func(t *testing.T, j *job) {
			j.srv.SetTag(j.repo, "v1", commitC)
			j.srv.SetTag(j.repo, "v1.0.0", commitC)
		}, `::notice::envaudit: no release was made of tag "v1.0.0" of envaudit/envaudit at commit ` + commitC + ` of "v1": building envaudit from source`,
			[]string{api + "releases/tags/v1", api + "commits/v1", api + "tags?per_page=100&page=1", api + "releases/tags/v1.0.0"}},
		{"unknownRef", "v7", func(t *testing.T, j *job) {
			j.srv.SetTag(j.repo, "v1.0.0", commitC)
		}, `::notice::envaudit: envaudit/envaudit has neither a release nor a commit "v7" (HTTP status 422): building envaudit from source`,
			[]string{api + "releases/tags/v7", api + "commits/v7"}},
		{"otherSource", "v1", func(t *testing.T, j *job) {
			j.srv.SetTag(j.repo, "v1", commitC)
			j.srv.SetTag(j.repo, "v1.0.0", commitC)
			j.publish("v1.0.0", other(t))
		}, `::warning::envaudit: release "v1.0.0" of envaudit/envaudit was built from source %s (the SHA-256 of its sources.sha256), but the Action's files are source %s: building envaudit from source`,
			nil},
		// The release tag itself, when its release was built from other
		// source (its tag moved since): checked the same way.
		{"releaseTagOtherSource", "v1.2.3", func(t *testing.T, j *job) {
			j.publish("v1.2.3", other(t))
		}, `::warning::envaudit: release "v1.2.3" of envaudit/envaudit was built from source %s (the SHA-256 of its sources.sha256), but the Action's files are source %s: building envaudit from source`,
			nil},
		{"noSources", "v1", func(t *testing.T, j *job) {
			j.srv.SetTag(j.repo, "v1", commitC)
			j.srv.SetTag(j.repo, "v1.0.0", commitC)
			j.publish("v1.0.0", nil)
		}, `::notice::envaudit: checksums.txt of release "v1.0.0" of envaudit/envaudit lists no sources.sha256, so nothing says which source its envaudit-linux-amd64 was built from: building envaudit from source`,
			nil},
		// Ten pages of two tags are read; the release tag of the commit
		// is the 21st.
		{"beyondPages", "v1", func(t *testing.T, j *job) {
			for i := range 20 {
				j.srv.SetTag(j.repo, fmt.Sprintf("v0.%d.0", i), commitD)
			}
			j.srv.SetTag(j.repo, "v1", commitC)
			j.srv.SetTag(j.repo, "v1.0.0", commitC)
			j.publish("v1.0.0", j.sources())
		}, `::notice::envaudit: no tag of envaudit/envaudit but "v1" points at commit ` + commitC + ` among the first 10 pages of its tags, so no release was built from it: building envaudit from source`,
			append([]string{api + "releases/tags/v1", api + "commits/v1"}, func() []string {
				var pages []string
				for i := 1; i <= 10; i++ {
					pages = append(pages, fmt.Sprintf("%stags?per_page=100&page=%d", api, i))
				}
				return pages
			}()...)},
	} {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			j, srv := pinJob(t, tt.ref)
			tt.setup(t, j)
			var plan, build stepResult
			j.checkUnchanged(func() { plan, build = j.install() })
			if plan.code != 0 || build.code != 0 {
				t.Fatalf("install exited %d, %d", plan.code, build.code)
			}
			src := digest(j.sources())
			log := tt.log
			if strings.Contains(log, "%s") {
				var rel []byte
				for _, r := range srv.Releases() {
					for _, a := range r.Assets {
						if a.Name == "sources.sha256" {
							rel = a.Data
						}
					}
				}
				log = fmt.Sprintf(log, digest(rel), src)
			}
			if !strings.Contains(plan.log, log) {
				t.Errorf("plan's log lacks %q:\n%s", log, plan.log)
			}
			if n := strings.Count(plan.log, "::envaudit: "); n != 1 {
				t.Errorf("plan annotated %d times, want once, saying why:\n%s", n, plan.log)
			}
			want := map[string]string{"source": "build", "key": "envaudit-Linux-amd64-source-" + src, "dir": filepath.Join(j.temp, "envaudit-bin", "source-"+src)}
			if diff := cmp.Diff(want, plan.outputs); diff != "" {
				t.Errorf("plan's outputs (-want +got):\n%s", diff)
			}
			if !strings.Contains(build.log, "::notice::envaudit: built envaudit from source with go1.26.8 in ") {
				t.Errorf("install's log does not say it built envaudit:\n%s", build.log)
			}
			if _, err := os.Stat(j.goLog); err != nil {
				t.Errorf("go did not build: %v", err)
			}
			if tt.requests == nil {
				return // the release's checksums.txt is read too
			}
			if diff := cmp.Diff(tt.requests, requestLines(t, srv)); diff != "" {
				t.Errorf("requests (-want +got):\n%s", diff)
			}
		})
	}
}

// pinJob is a job for the Action at ref, with a go on PATH that logs a
// build, against a fake API of its own.
func pinJob(t *testing.T, ref string) (*job, *ghfake.Server) {
	t.Helper()
	srv := ghfake.New("octo/webapp", 1)
	t.Cleanup(srv.Close)
	j := newJob(t, srv)
	j.ref = ref
	j.fakeGo("go1.26.8", false)
	return j, srv
}

// requestLines lists the requests srv received: the API's as path?query,
// a release asset's with its Authorization header, the storage host's as
// "path storage". Any other request sent without the job's token fails
// t.
func requestLines(t *testing.T, srv *ghfake.Server) []string {
	t.Helper()
	var out []string
	for _, r := range srv.Requests() {
		line := r.Path
		switch {
		case r.Storage:
			line += " storage"
		case strings.Contains(r.Path, "/releases/assets/"):
			line += " " + r.Auth
		default:
			if r.Query != "" {
				line += "?" + r.Query
			}
			if r.Auth != "Bearer "+token {
				t.Errorf("%s sent with %q", r.Path, r.Auth)
			}
		}
		out = append(out, line)
	}
	return out
}
