package ghfake

import (
	"net/http"
	"regexp"
	"strings"
)

// Permissions are a token's scopes, as a workflow's permissions: block
// grants them: scope → "read" or "write".
type Permissions map[string]string

// AddToken makes token known to the server with perms, as GitHub Actions
// issues a job's GITHUB_TOKEN. Once a token is added, every request must
// carry a known token (else 401, "Bad credentials"), and a request its
// token's permissions do not cover answers 403 like GitHub's: a write
// needs the endpoint's scope at write; a read needs it at read in a
// Private repository, and nothing in a public one, whose data anyone may
// read.
func (s *Server) AddToken(token string, perms Permissions) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.tokens == nil {
		s.tokens = map[string]Permissions{}
	}
	p := Permissions{}
	for k, v := range perms {
		p[k] = v
	}
	s.tokens[token] = p
}

// RequestsBy returns the requests made with token, in order.
func (s *Server) RequestsBy(token string) []Request {
	var out []Request
	for _, r := range s.Requests() {
		if tokenOf(r.Auth) == token {
			out = append(out, r)
		}
	}
	return out
}

// Writes returns the requests made with token that were not reads.
func (s *Server) Writes(token string) []Request {
	var out []Request
	for _, r := range s.RequestsBy(token) {
		if r.Method != http.MethodGet && r.Method != http.MethodHead {
			out = append(out, r)
		}
	}
	return out
}

// tokenOf is the token of an Authorization header (Bearer or token).
func tokenOf(auth string) string {
	for _, p := range []string{"Bearer ", "bearer ", "token ", "Token "} {
		if t, ok := strings.CutPrefix(auth, p); ok {
			return t
		}
	}
	return ""
}

// scopeRule says which scopes an endpoint needs: any one of them grants
// it (GitHub takes issues or pull-requests for a pull request's
// conversation comments).
type scopeRule struct {
	re     *regexp.Regexp
	scopes []string
}

// scopeRules map the API's endpoints to the scopes GitHub's
// documentation lists for them.
var scopeRules = []scopeRule{
	{rePRFiles, []string{"pull-requests"}},
	{rePRCommits, []string{"pull-requests"}},
	{rePRComments, []string{"pull-requests"}},
	{rePRReviews, []string{"pull-requests"}},
	{rePull, []string{"pull-requests"}},
	{rePulls, []string{"pull-requests"}},
	{reCommitPulls, []string{"pull-requests"}},
	// After reCommitPulls, which it would take for a commit.
	{reCommit, []string{"contents"}},
	{reTags, []string{"contents"}},
	{reIssueComments, []string{"issues", "pull-requests"}},
	{reIssueComment, []string{"issues", "pull-requests"}},
	{reSnapshots, []string{"contents"}},
	{reContents, []string{"contents"}},
	{reRunArtifacts, []string{"actions"}},
	{reArtifactZip, []string{"actions"}},
	{reCheckRuns, []string{"checks"}},
	{reCheckRun, []string{"checks"}},
}

// denied returns the status and message GitHub answers a request the
// token may not make, 0 when it may; s.mu is held.
func (s *Server) denied(method, path, auth string) (int, string) {
	if s.tokens == nil {
		return 0, ""
	}
	perms, ok := s.tokens[tokenOf(auth)]
	if !ok {
		return http.StatusUnauthorized, "Bad credentials"
	}
	write := method != http.MethodGet && method != http.MethodHead
	for _, r := range scopeRules {
		if !r.re.MatchString(path) {
			continue
		}
		if !write && !s.Private {
			return 0, ""
		}
		for _, sc := range r.scopes {
			if v := perms[sc]; v == "write" || v == "read" && !write {
				return 0, ""
			}
		}
		return http.StatusForbidden, "Resource not accessible by integration"
	}
	return 0, ""
}
