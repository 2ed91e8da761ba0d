package ghfake

import (
	"encoding/json"
	"io"
	"net/http"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// TestCommits resolves names to commits as GitHub's commits API does:
// the SHA alone with the sha media type, the commit's JSON otherwise;
// 422 for a name of nothing, 404 for a repository the server does not
// know.
func TestCommits(t *testing.T) {
	const (
		a = "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa"
		b = "bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb"
		c = "bbbbbbbbcccccccccccccccccccccccccccccccc"
	)
	s := New("octo/webapp", 1)
	defer s.Close()
	s.SetTag("act/ion", "v1", a)
	s.SetTag("act/ion", "v1.0.0", a)
	s.SetBranch("act/ion", "main", b)
	s.SetBranch("act/ion", "feature/x", c)
	// A tag and a branch of the same name: the tag wins, as in git.
	s.SetTag("act/ion", "same", a)
	s.SetBranch("act/ion", "same", b)
	sha := "application/vnd.github.sha"
	for _, tt := range []struct {
		name, path, accept string
		status             int
		body               string // the body, or the JSON's sha or message
	}{
		{"majorTag", "/repos/act/ion/commits/v1", sha, 200, a},
		{"majorTagV3", "/repos/act/ion/commits/v1", "application/vnd.github.v3.sha", 200, a},
		{"branch", "/repos/act/ion/commits/main", sha, 200, b},
		{"branchEscaped", "/repos/act/ion/commits/feature%2Fx", sha, 200, c},
		{"branchSlash", "/repos/act/ion/commits/feature/x", sha, 200, c},
		{"fullRefTag", "/repos/act/ion/commits/refs/tags/v1.0.0", sha, 200, a},
		{"fullRefBranch", "/repos/act/ion/commits/refs/heads/same", sha, 200, b},
		{"tagBeforeBranch", "/repos/act/ion/commits/same", sha, 200, a},
		{"fullSHA", "/repos/act/ion/commits/" + b, sha, 200, b},
		{"shortSHA", "/repos/act/ion/commits/aaaaaaa", sha, 200, a},
		{"ambiguousShortSHA", "/repos/act/ion/commits/bbbbbbbb", sha, 422, "No commit found for SHA: bbbbbbbb"},
		{"unknownSHA", "/repos/act/ion/commits/" + strings.Repeat("d", 40), sha, 422, "No commit found for SHA: " + strings.Repeat("d", 40)},
		{"unknownName", "/repos/act/ion/commits/v2", sha, 422, "No commit found for SHA: v2"},
		{"unknownRepo", "/repos/act/other/commits/v1", sha, 404, "Not Found"},
		{"json", "/repos/act/ion/commits/v1", "application/vnd.github+json", 200, a},
	} {
		t.Run(tt.name, func(t *testing.T) {
			status, _, body := get(t, s, tt.path, tt.accept)
			got := body
			if status != 200 || !strings.HasSuffix(tt.accept, ".sha") {
				var v struct{ SHA, Message string }
				if err := json.Unmarshal([]byte(body), &v); err != nil {
					t.Fatalf("%s: %v\n%s", tt.path, err, body)
				}
				got = v.SHA + v.Message
			}
			if status != tt.status || got != tt.body {
				t.Errorf("GET %s: %d %q, want %d %q", tt.path, status, got, tt.status, tt.body)
			}
		})
	}
}

// TestTags lists a repository's tags a page at a time with the Link
// header's next page, each with the commit it points at; a tag set
// again is moved.
func TestTags(t *testing.T) {
	s := New("octo/webapp", 1)
	defer s.Close()
	names := []string{"v1", "v1.0.0", "v0.9.0", "nightly", "v1.0.1"}
	for i, n := range names {
		s.SetTag("act/ion", n, strings.Repeat(string(rune('a'+i)), 40))
	}
	s.SetTag("act/ion", "v1", strings.Repeat("e", 40))
	var got []string
	path := "/repos/act/ion/tags?per_page=100"
	for range 10 {
		status, hdr, body := get(t, s, path, "application/vnd.github+json")
		if status != 200 {
			t.Fatalf("GET %s: %d %s", path, status, body)
		}
		var page []Tag
		if err := json.Unmarshal([]byte(body), &page); err != nil {
			t.Fatal(err)
		}
		for _, tag := range page {
			got = append(got, tag.Name+" "+tag.Commit.SHA[:1])
		}
		next, ok := strings.CutPrefix(hdr.Get("Link"), "<"+s.URL+s.Prefix)
		if !ok {
			break
		}
		path, _, _ = strings.Cut(next, ">")
	}
	want := []string{"v1 e", "v1.0.0 b", "v0.9.0 c", "nightly d", "v1.0.1 e"}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("tags (-want +got):\n%s", diff)
	}
	if status, _, _ := get(t, s, "/repos/act/other/tags", "application/vnd.github+json"); status != 404 {
		t.Errorf("tags of an unknown repository: %d, want 404", status)
	}
}

func get(t *testing.T, s *Server, path, accept string) (int, http.Header, string) {
	t.Helper()
	req, err := http.NewRequest("GET", s.APIURL()+path, nil)
	if err != nil {
		t.Fatal(err)
	}
	req.Header.Set("Accept", accept)
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	body, err := io.ReadAll(resp.Body)
	if err != nil {
		t.Fatal(err)
	}
	return resp.StatusCode, resp.Header, string(body)
}
