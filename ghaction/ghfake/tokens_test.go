package ghfake

import (
	"net/http"
	"strings"
	"testing"
)

func TestTokens(t *testing.T) {
	const (
		audit   = "ghs_audit"
		publish = "ghs_publish"
	)
	for _, tt := range []struct {
		name, method, path, token string
		private                   bool
		want                      int
	}{
		{"unknownToken", "GET", "/repos/o/r/pulls/7/files", "ghs_other", false, http.StatusUnauthorized},
		{"publicRead", "GET", "/repos/o/r/pulls/7/files", audit, false, http.StatusOK},
		{"privateReadWithoutScope", "GET", "/repos/o/r/pulls/7/files", audit, true, http.StatusForbidden},
		{"privateReadWithScope", "GET", "/repos/o/r/contents/.envaudit.yml?ref=main", audit, true, http.StatusNotFound},
		{"writeWithoutScope", "POST", "/repos/o/r/issues/7/comments", audit, false, http.StatusForbidden},
		{"writeWithPullRequests", "POST", "/repos/o/r/issues/7/comments", publish, false, http.StatusCreated},
		{"checksWrite", "POST", "/repos/o/r/check-runs", publish, false, http.StatusUnprocessableEntity},
		{"checksWithoutScope", "POST", "/repos/o/r/check-runs", audit, false, http.StatusForbidden},
		{"snapshotNeedsContentsWrite", "POST", "/repos/o/r/dependency-graph/snapshots", publish, false, http.StatusForbidden},
		{"artifactsRead", "GET", "/repos/o/r/actions/runs/1/artifacts", publish, true, http.StatusOK},
	} {
		t.Run(tt.name, func(t *testing.T) {
			s := New("o/r", 7)
			defer s.Close()
			s.Private = tt.private
			s.AddToken(audit, Permissions{"contents": "read", "metadata": "read"})
			s.AddToken(publish, Permissions{"actions": "read", "contents": "read", "pull-requests": "write", "checks": "write"})
			body := ""
			if tt.method != "GET" {
				body = "{}"
			}
			req, err := http.NewRequest(tt.method, s.APIURL()+tt.path, strings.NewReader(body))
			if err != nil {
				t.Fatal(err)
			}
			req.Header.Set("Authorization", "Bearer "+tt.token)
			resp, err := http.DefaultClient.Do(req)
			if err != nil {
				t.Fatal(err)
			}
			resp.Body.Close()
			if resp.StatusCode != tt.want {
				t.Errorf("%s %s with %s: %d, want %d", tt.method, tt.path, tt.token, resp.StatusCode, tt.want)
			}
			if got := len(s.Writes(tt.token)); (tt.method != "GET") != (got == 1) {
				t.Errorf("Writes(%s) has %d requests after a %s", tt.token, got, tt.method)
			}
		})
	}
}
