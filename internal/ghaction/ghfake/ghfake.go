// Package ghfake owns a small in-memory stand-in for the parts of GitHub's
// REST API envaudit uses — the token's user, pull-request files, commits,
// review comments, reviews, issue comments, dependency snapshots — served
// by httptest, that
// records every request it is sent. Tests point GITHUB_API_URL at it; no
// test reaches GitHub.
package ghfake

import (
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"regexp"
	"strconv"
	"strings"
	"sync"
)

// Request is one request the server received.
type Request struct {
	Method string
	Path   string // without the API prefix
	Query  string
	Body   string
	Auth   string // the Authorization header
}

// File is one file of the pull request, as the files API lists it.
type File struct {
	Filename string `json:"filename"`
	Status   string `json:"status"`
	Patch    string `json:"patch,omitempty"`
}

// User is the author of a comment.
type User struct {
	Login string `json:"login"`
}

// ReviewComment is an inline review comment.
type ReviewComment struct {
	ID   int64  `json:"id"`
	Path string `json:"path"`
	Line int    `json:"line"`
	Side string `json:"side,omitempty"`
	Body string `json:"body"`
	User User   `json:"user"`
}

// IssueComment is a pull-request conversation comment.
type IssueComment struct {
	ID   int64  `json:"id"`
	Body string `json:"body"`
	User User   `json:"user"`
}

// ActionsBot is the author of what GitHub Actions' GITHUB_TOKEN writes.
const ActionsBot = "github-actions[bot]"

// Commit is a pull-request commit as the commits API returns it.
type Commit struct {
	SHA    string `json:"sha"`
	Commit struct {
		Message string `json:"message"`
		Author  struct {
			Name  string `json:"name"`
			Email string `json:"email"`
		} `json:"author"`
	} `json:"commit"`
	Author *struct {
		Login string `json:"login"`
	} `json:"author,omitempty"`
}

// Server is the fake API. Its exported fields may be set before requests
// are made and read after; the methods lock.
type Server struct {
	*httptest.Server
	// Prefix is the API's path prefix, "/api/v3" like GitHub Enterprise
	// Server, so tests prove GITHUB_API_URL's path is honoured.
	Prefix string
	// Repo is "owner/name"; PR the pull-request number.
	Repo string
	PR   int
	// ReadOnly makes every write answer 403, like the token of a pull
	// request from a fork.
	ReadOnly bool
	// PageSize is how many items a list page holds (default 2, so
	// pagination is always exercised).
	PageSize int
	// Login is the user of the token, as for a personal access token:
	// GET /user answers with it and it authors what the token writes.
	// "" is an installation token like GITHUB_TOKEN: GET /user answers
	// 403 and ActionsBot authors its writes.
	Login string

	mu             sync.Mutex
	files          []File
	commits        []Commit
	reviewComments []ReviewComment
	issueComments  []IssueComment
	snapshots      []json.RawMessage
	requests       []Request
	nextID         int64
}

// New starts a fake API for pull request pr of repo.
func New(repo string, pr int) *Server {
	s := &Server{Prefix: "/api/v3", Repo: repo, PR: pr, PageSize: 2, nextID: 1000}
	s.Server = httptest.NewServer(http.HandlerFunc(s.serve))
	return s
}

// APIURL is what GITHUB_API_URL should be.
func (s *Server) APIURL() string { return s.URL + s.Prefix }

// SetFiles sets the pull request's files.
func (s *Server) SetFiles(files ...File) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.files = files
}

// SetCommits sets the pull request's commits.
func (s *Server) SetCommits(commits ...Commit) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.commits = commits
}

// AddIssueComment adds a conversation comment (someone else's).
func (s *Server) AddIssueComment(login, body string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.issueComments = append(s.issueComments, IssueComment{ID: s.id(), Body: body, User: User{login}})
}

// AddReviewComment adds an inline review comment (someone else's).
func (s *Server) AddReviewComment(login string, c ReviewComment) {
	s.mu.Lock()
	defer s.mu.Unlock()
	c.ID, c.User = s.id(), User{login}
	s.reviewComments = append(s.reviewComments, c)
}

// author is who the token writes as.
func (s *Server) author() User {
	if s.Login != "" {
		return User{s.Login}
	}
	return User{ActionsBot}
}

// Requests returns the requests received so far.
func (s *Server) Requests() []Request {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]Request(nil), s.requests...)
}

// ReviewComments returns the inline comments posted so far.
func (s *Server) ReviewComments() []ReviewComment {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]ReviewComment(nil), s.reviewComments...)
}

// IssueComments returns the conversation comments.
func (s *Server) IssueComments() []IssueComment {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]IssueComment(nil), s.issueComments...)
}

// Snapshots returns the dependency snapshots submitted, as sent.
func (s *Server) Snapshots() []json.RawMessage {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]json.RawMessage(nil), s.snapshots...)
}

func (s *Server) id() int64 { s.nextID++; return s.nextID }

var (
	rePRFiles       = regexp.MustCompile(`^/repos/([^/]+/[^/]+)/pulls/(\d+)/files$`)
	rePRCommits     = regexp.MustCompile(`^/repos/([^/]+/[^/]+)/pulls/(\d+)/commits$`)
	rePRComments    = regexp.MustCompile(`^/repos/([^/]+/[^/]+)/pulls/(\d+)/comments$`)
	rePRReviews     = regexp.MustCompile(`^/repos/([^/]+/[^/]+)/pulls/(\d+)/reviews$`)
	reIssueComments = regexp.MustCompile(`^/repos/([^/]+/[^/]+)/issues/(\d+)/comments$`)
	reIssueComment  = regexp.MustCompile(`^/repos/([^/]+/[^/]+)/issues/comments/(\d+)$`)
	reSnapshots     = regexp.MustCompile(`^/repos/([^/]+/[^/]+)/dependency-graph/snapshots$`)
)

func (s *Server) serve(w http.ResponseWriter, r *http.Request) {
	body, _ := io.ReadAll(r.Body)
	s.mu.Lock()
	defer s.mu.Unlock()
	p, ok := strings.CutPrefix(r.URL.Path, s.Prefix)
	s.requests = append(s.requests, Request{Method: r.Method, Path: p, Query: r.URL.RawQuery, Body: string(body), Auth: r.Header.Get("Authorization")})
	if !ok {
		s.fail(w, http.StatusNotFound, "not under the API prefix "+s.Prefix)
		return
	}
	if r.Method != http.MethodGet && s.ReadOnly {
		s.fail(w, http.StatusForbidden, "Resource not accessible by integration")
		return
	}
	match := func(re *regexp.Regexp) bool {
		m := re.FindStringSubmatch(p)
		if m == nil || m[1] != s.Repo {
			return false
		}
		if len(m) > 2 && re != reIssueComment {
			if n, _ := strconv.Atoi(m[2]); n != s.PR {
				return false
			}
		}
		return true
	}
	switch {
	case r.Method == http.MethodGet && p == "/user":
		if s.Login == "" {
			s.fail(w, http.StatusForbidden, "Resource not accessible by integration")
			return
		}
		writeJSON(w, http.StatusOK, map[string]any{"login": s.Login, "type": "User"})
	case r.Method == http.MethodGet && match(rePRFiles):
		page(s, w, r, s.files)
	case r.Method == http.MethodGet && match(rePRCommits):
		page(s, w, r, s.commits)
	case r.Method == http.MethodGet && match(rePRComments):
		page(s, w, r, s.reviewComments)
	case r.Method == http.MethodGet && match(reIssueComments):
		page(s, w, r, s.issueComments)
	case r.Method == http.MethodPost && match(rePRReviews):
		var req struct {
			CommitID string          `json:"commit_id"`
			Body     string          `json:"body"`
			Event    string          `json:"event"`
			Comments []ReviewComment `json:"comments"`
		}
		if err := json.Unmarshal(body, &req); err != nil {
			s.fail(w, http.StatusBadRequest, err.Error())
			return
		}
		// Like GitHub: a comment on a line outside the diff fails the whole
		// review with 422.
		for _, c := range req.Comments {
			if !s.inDiff(c.Path, c.Line) {
				s.fail(w, http.StatusUnprocessableEntity, fmt.Sprintf("Line could not be resolved: %s:%d", c.Path, c.Line))
				return
			}
		}
		for _, c := range req.Comments {
			c.ID, c.User = s.id(), s.author()
			s.reviewComments = append(s.reviewComments, c)
		}
		writeJSON(w, http.StatusOK, map[string]any{"id": s.id(), "body": req.Body, "state": "COMMENTED"})
	case r.Method == http.MethodPost && match(reIssueComments):
		var c IssueComment
		if err := json.Unmarshal(body, &c); err != nil {
			s.fail(w, http.StatusBadRequest, err.Error())
			return
		}
		c.ID, c.User = s.id(), s.author()
		s.issueComments = append(s.issueComments, c)
		writeJSON(w, http.StatusCreated, c)
	case r.Method == http.MethodPatch && match(reIssueComment):
		id, _ := strconv.ParseInt(reIssueComment.FindStringSubmatch(p)[2], 10, 64)
		var c IssueComment
		if err := json.Unmarshal(body, &c); err != nil {
			s.fail(w, http.StatusBadRequest, err.Error())
			return
		}
		for i := range s.issueComments {
			if s.issueComments[i].ID == id {
				// Like GitHub: only the author may edit a comment (an
				// administrator could too; the token is none).
				if s.issueComments[i].User != s.author() {
					s.fail(w, http.StatusForbidden, "Resource not accessible by integration")
					return
				}
				s.issueComments[i].Body = c.Body
				writeJSON(w, http.StatusOK, s.issueComments[i])
				return
			}
		}
		s.fail(w, http.StatusNotFound, "Not Found")
	case r.Method == http.MethodPost && match(reSnapshots):
		s.snapshots = append(s.snapshots, json.RawMessage(body))
		writeJSON(w, http.StatusCreated, map[string]any{"id": s.id(), "result": "SUCCESS", "message": "Dependency results for the repo have been successfully updated."})
	default:
		s.fail(w, http.StatusNotFound, "Not Found")
	}
}

// inDiff reports whether line of path is an added line of the pull
// request's patch for it.
func (s *Server) inDiff(path string, line int) bool {
	for _, f := range s.files {
		if f.Filename != path {
			continue
		}
		n := 0
		for _, l := range strings.Split(f.Patch, "\n") {
			switch {
			case strings.HasPrefix(l, "@@"):
				i := strings.Index(l, "+")
				start, _, _ := strings.Cut(l[i+1:], ",")
				start, _, _ = strings.Cut(start, " ")
				n, _ = strconv.Atoi(start)
			case strings.HasPrefix(l, "+"):
				if n == line {
					return true
				}
				n++
			case strings.HasPrefix(l, " "):
				n++
			}
		}
	}
	return false
}

func page[T any](s *Server, w http.ResponseWriter, r *http.Request, items []T) {
	size := s.PageSize
	if size <= 0 {
		size = 30
	}
	if pp, _ := strconv.Atoi(r.URL.Query().Get("per_page")); pp > 0 && pp < size {
		size = pp
	}
	n, _ := strconv.Atoi(r.URL.Query().Get("page"))
	if n < 1 {
		n = 1
	}
	lo := min((n-1)*size, len(items))
	hi := min(lo+size, len(items))
	if hi < len(items) {
		q := r.URL.Query()
		q.Set("page", strconv.Itoa(n+1))
		w.Header().Set("Link", fmt.Sprintf(`<%s%s?%s>; rel="next"`, s.URL, r.URL.Path, q.Encode()))
	}
	out := items[lo:hi]
	if out == nil {
		out = []T{}
	}
	writeJSON(w, http.StatusOK, out)
}

func (s *Server) fail(w http.ResponseWriter, status int, msg string) {
	writeJSON(w, status, map[string]any{"message": msg, "documentation_url": "https://docs.github.com/rest"})
}

func writeJSON(w http.ResponseWriter, status int, v any) {
	w.Header().Set("Content-Type", "application/json; charset=utf-8")
	w.WriteHeader(status)
	_ = json.NewEncoder(w).Encode(v)
}
