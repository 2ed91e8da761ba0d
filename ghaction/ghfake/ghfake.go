// Package ghfake owns a small in-memory stand-in for the parts of GitHub's
// REST API envaudit uses — the token's user, pull-request files, commits,
// review comments, reviews, issue comments, dependency snapshots, check
// runs, a workflow run's artifacts and their download, the pull requests
// of a commit, files at a commit (the contents API, raw), releases and
// their assets, a commit by any name of it and a repository's tags
// (git.go) — served by httptest, that records every request it is
// sent, and that can hold each token to the permissions a workflow gave
// it (tokens.go). Downloads redirect, as GitHub's do, to a storage host of
// their own (another server, so a client that sends the token there is
// caught). Tests point GITHUB_API_URL at it; no test reaches GitHub.
package ghfake

import (
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"net/url"
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
	Accept string // the Accept header
	// Storage marks a request to the storage host a download redirected
	// to; its Path is the storage's own.
	Storage bool
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

// PullRequest is the pull request as the pulls API returns it.
type PullRequest struct {
	Number int    `json:"number"`
	State  string `json:"state"`
	Body   string `json:"body"`
	User   struct {
		Login string `json:"login"`
		Type  string `json:"type"`
	} `json:"user"`
	Head Ref `json:"head"`
	Base Ref `json:"base"`
}

// Ref is a pull request's head or base.
type Ref struct {
	Ref  string `json:"ref"`
	SHA  string `json:"sha"`
	Repo *struct {
		Owner User `json:"owner"`
	} `json:"repo,omitempty"`
}

// Artifact is an artifact of a workflow run, with its zip archive.
type Artifact struct {
	ID    int64  `json:"id"`
	Name  string `json:"name"`
	Size  int64  `json:"size_in_bytes"`
	RunID int64  `json:"-"`
	Zip   []byte `json:"-"`
	// Expired artifacts are listed, but their archive is gone.
	Expired bool `json:"expired"`
}

// CheckRun is a check run as created and then updated: the annotations
// of every request, in order.
type CheckRun struct {
	ID          int64             `json:"id"`
	Name        string            `json:"name"`
	HeadSHA     string            `json:"head_sha"`
	Status      string            `json:"status"`
	Conclusion  string            `json:"conclusion"`
	DetailsURL  string            `json:"details_url,omitempty"`
	Output      CheckRunOutput    `json:"output"`
	Annotations []CheckAnnotation `json:"-"`
}

// CheckRunOutput is a check run's output.
type CheckRunOutput struct {
	Title       string            `json:"title"`
	Summary     string            `json:"summary"`
	Text        string            `json:"text,omitempty"`
	Annotations []CheckAnnotation `json:"annotations,omitempty"`
}

// CheckAnnotation is one annotation of a check run.
type CheckAnnotation struct {
	Path            string `json:"path"`
	StartLine       int    `json:"start_line"`
	EndLine         int    `json:"end_line"`
	AnnotationLevel string `json:"annotation_level"`
	Title           string `json:"title,omitempty"`
	Message         string `json:"message"`
}

// Release is a release of a repository, as the releases API returns it.
type Release struct {
	ID         int64          `json:"id"`
	TagName    string         `json:"tag_name"`
	Name       string         `json:"name"`
	Body       string         `json:"body"`
	Draft      bool           `json:"draft"`
	Prerelease bool           `json:"prerelease"`
	Immutable  bool           `json:"immutable"`
	Author     User           `json:"author"`
	Assets     []ReleaseAsset `json:"assets"`
	repo       string
}

// ReleaseAsset is a file attached to a release, and its content.
type ReleaseAsset struct {
	URL      string `json:"url"`
	ID       int64  `json:"id"`
	Name     string `json:"name"`
	Label    string `json:"label"`
	Uploader struct {
		Login string `json:"login"`
		ID    int64  `json:"id"`
	} `json:"uploader"`
	ContentType        string `json:"content_type"`
	State              string `json:"state"`
	Size               int64  `json:"size"`
	BrowserDownloadURL string `json:"browser_download_url"`
	Data               []byte `json:"-"`
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
	// Private makes the repository private: a token's reads need their
	// scope too (tokens.go).
	Private bool

	mu             sync.Mutex
	files          []File
	commits        []Commit
	reviewComments []ReviewComment
	issueComments  []IssueComment
	snapshots      []json.RawMessage
	pulls          []PullRequest
	artifacts      []Artifact
	checkRuns      []CheckRun
	contents       map[string][]byte // "ref:path" → the file
	releases       []Release
	git            map[string]*gitRepo // repository → its tags and branches
	tokens         map[string]Permissions
	requests       []Request
	nextID         int64
	// storage is the host release downloads redirect to.
	storage *httptest.Server
}

// New starts a fake API for pull request pr of repo.
func New(repo string, pr int) *Server {
	s := &Server{Prefix: "/api/v3", Repo: repo, PR: pr, PageSize: 2, nextID: 1000}
	s.Server = httptest.NewServer(http.HandlerFunc(s.serve))
	s.storage = httptest.NewServer(http.HandlerFunc(s.serveStorage))
	return s
}

// Close shuts down the API and its storage host.
func (s *Server) Close() {
	s.Server.Close()
	s.storage.Close()
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

// SetPullRequests sets the repository's pull requests, which the pulls
// API and the pull requests of a commit answer with.
func (s *Server) SetPullRequests(prs ...PullRequest) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.pulls = prs
}

// AddArtifact adds an artifact to workflow run runID, its archive zip,
// and returns its ID.
func (s *Server) AddArtifact(runID int64, name string, zip []byte) int64 {
	s.mu.Lock()
	defer s.mu.Unlock()
	a := Artifact{ID: s.id(), Name: name, Size: int64(len(zip)), RunID: runID, Zip: zip}
	s.artifacts = append(s.artifacts, a)
	return a.ID
}

// Artifacts returns the artifacts of workflow run runID, in the order
// they were added.
func (s *Server) Artifacts(runID int64) []Artifact {
	s.mu.Lock()
	defer s.mu.Unlock()
	var out []Artifact
	for _, a := range s.artifacts {
		if a.RunID == runID {
			out = append(out, a)
		}
	}
	return out
}

// SetArtifactSize sets the size the API lists for the artifact name of
// run runID, as if the archive were that large.
func (s *Server) SetArtifactSize(runID int64, name string, size int64) {
	s.mu.Lock()
	defer s.mu.Unlock()
	for i := range s.artifacts {
		if a := &s.artifacts[i]; a.RunID == runID && a.Name == name {
			a.Size = size
		}
	}
}

// SetContent makes the contents API answer data for the file at path
// (from the repository's root) at commit ref; nil data takes the file
// away (404).
func (s *Server) SetContent(ref, path string, data []byte) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.contents == nil {
		s.contents = map[string][]byte{}
	}
	if data == nil {
		delete(s.contents, ref+":"+path)
		return
	}
	s.contents[ref+":"+path] = data
}

// AddRelease publishes a release of repo ("owner/name", which need not be
// Repo: an action's releases live in its own repository) for tag, with
// files by name as its assets in the order given, and returns it with
// the IDs the assets got.
func (s *Server) AddRelease(repo, tag string, names []string, files map[string][]byte) Release {
	s.mu.Lock()
	defer s.mu.Unlock()
	// Notes that quote JSON, which a client must not take for the assets.
	r := Release{ID: s.id(), TagName: tag, Name: tag, Body: `Notes: "assets": [{"id": 1, "name": "envaudit-linux-amd64"}]`, Immutable: true, Author: User{"octocat"}, repo: repo}
	for _, name := range names {
		a := ReleaseAsset{ID: s.id(), Name: name, ContentType: "application/octet-stream", State: "uploaded", Size: int64(len(files[name])), Data: files[name]}
		a.URL = fmt.Sprintf("%s%s/repos/%s/releases/assets/%d", s.URL, s.Prefix, repo, a.ID)
		a.BrowserDownloadURL = fmt.Sprintf("https://github.com/%s/releases/download/%s/%s", repo, tag, name)
		// The uploader's id comes first and its name never: a client
		// must tell the asset's keys from its uploader's.
		a.Uploader.Login, a.Uploader.ID = "github-actions[bot]", 41898282
		r.Assets = append(r.Assets, a)
	}
	s.releases = append(s.releases, r)
	return r
}

// Releases returns the releases published so far, of every repository.
func (s *Server) Releases() []Release {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]Release(nil), s.releases...)
}

// SetAssetData replaces the content of asset id, as someone who may
// write to the repository's releases could (unless they are immutable).
func (s *Server) SetAssetData(id int64, data []byte) {
	s.mu.Lock()
	defer s.mu.Unlock()
	for i := range s.releases {
		for j := range s.releases[i].Assets {
			if a := &s.releases[i].Assets[j]; a.ID == id {
				a.Data, a.Size = data, int64(len(data))
			}
		}
	}
}

// asset returns the asset id of repo's releases.
func (s *Server) asset(repo string, id int64) (ReleaseAsset, bool) {
	for _, r := range s.releases {
		for _, a := range r.Assets {
			if r.repo == repo && a.ID == id {
				return a, true
			}
		}
	}
	return ReleaseAsset{}, false
}

// serveStorage is the storage host: it serves an asset at the path the
// API redirected to, and, like a signed storage URL, refuses a request
// that also carries an Authorization header.
func (s *Server) serveStorage(w http.ResponseWriter, r *http.Request) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.requests = append(s.requests, Request{Method: r.Method, Path: r.URL.Path, Query: r.URL.RawQuery, Auth: r.Header.Get("Authorization"), Accept: r.Header.Get("Accept"), Storage: true})
	m := reStorageAsset.FindStringSubmatch(r.URL.Path)
	if m == nil || r.Method != http.MethodGet || r.URL.Query().Get("sig") != "signed" {
		http.Error(w, "AuthenticationFailed", http.StatusForbidden)
		return
	}
	if r.Header.Get("Authorization") != "" {
		http.Error(w, "InvalidAuthenticationInfo: only one authentication method may be given", http.StatusBadRequest)
		return
	}
	id, _ := strconv.ParseInt(m[2], 10, 64)
	a, ok := s.asset(m[1], id)
	if !ok {
		http.Error(w, "BlobNotFound", http.StatusNotFound)
		return
	}
	w.Header().Set("Content-Type", "application/octet-stream")
	_, _ = w.Write(a.Data)
}

// CheckRuns returns the check runs created so far.
func (s *Server) CheckRuns() []CheckRun {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]CheckRun(nil), s.checkRuns...)
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
	rePull          = regexp.MustCompile(`^/repos/([^/]+/[^/]+)/pulls/(\d+)$`)
	rePulls         = regexp.MustCompile(`^/repos/([^/]+/[^/]+)/pulls$`)
	reContents      = regexp.MustCompile(`^/repos/([^/]+/[^/]+)/contents/(.+)$`)
	reCommitPulls   = regexp.MustCompile(`^/repos/([^/]+/[^/]+)/commits/([0-9a-f]+)/pulls$`)
	reRunArtifacts  = regexp.MustCompile(`^/repos/([^/]+/[^/]+)/actions/runs/(\d+)/artifacts$`)
	reArtifactZip   = regexp.MustCompile(`^/repos/([^/]+/[^/]+)/actions/artifacts/(\d+)/zip$`)
	reCheckRuns     = regexp.MustCompile(`^/repos/([^/]+/[^/]+)/check-runs$`)
	reCheckRun      = regexp.MustCompile(`^/repos/([^/]+/[^/]+)/check-runs/(\d+)$`)
	reReleaseByTag  = regexp.MustCompile(`^/repos/([^/]+/[^/]+)/releases/tags/(.+)$`)
	reReleaseAsset  = regexp.MustCompile(`^/repos/([^/]+/[^/]+)/releases/assets/(\d+)$`)
	// reStorageAsset is where the storage host serves a release asset.
	reStorageAsset = regexp.MustCompile(`^/release-assets/([^/]+/[^/]+)/(\d+)$`)
	// reBlob is the storage host's signed URL an artifact download
	// redirects to, outside the API's prefix.
	reBlob = regexp.MustCompile(`^/blob/(\d+)$`)
)

func (s *Server) serve(w http.ResponseWriter, r *http.Request) {
	body, _ := io.ReadAll(r.Body)
	s.mu.Lock()
	defer s.mu.Unlock()
	p, ok := strings.CutPrefix(r.URL.Path, s.Prefix)
	s.requests = append(s.requests, Request{Method: r.Method, Path: p, Query: r.URL.RawQuery, Body: string(body), Auth: r.Header.Get("Authorization"), Accept: r.Header.Get("Accept")})
	if m := reBlob.FindStringSubmatch(r.URL.Path); m != nil && !ok && r.Method == http.MethodGet {
		id, _ := strconv.ParseInt(m[1], 10, 64)
		for _, a := range s.artifacts {
			if a.ID == id && !a.Expired {
				w.Header().Set("Content-Type", "application/zip")
				_, _ = w.Write(a.Zip)
				return
			}
		}
		s.fail(w, http.StatusNotFound, "The specified blob does not exist.")
		return
	}
	if !ok {
		s.fail(w, http.StatusNotFound, "not under the API prefix "+s.Prefix)
		return
	}
	if r.Method != http.MethodGet && s.ReadOnly {
		s.fail(w, http.StatusForbidden, "Resource not accessible by integration")
		return
	}
	if status, msg := s.denied(r.Method, p, r.Header.Get("Authorization")); status != 0 {
		s.fail(w, status, msg)
		return
	}
	match := func(re *regexp.Regexp) bool {
		m := re.FindStringSubmatch(p)
		if m == nil || m[1] != s.Repo {
			return false
		}
		if len(m) > 2 && (re == rePRFiles || re == rePRCommits || re == rePRComments || re == rePRReviews || re == reIssueComments) {
			if n, _ := strconv.Atoi(m[2]); n != s.PR {
				return false
			}
		}
		return true
	}
	// An action's releases, tags and commits live in the action's
	// repository, whichever repository the workflow runs in: their
	// routes match any.
	ep, _ := strings.CutPrefix(r.URL.EscapedPath(), s.Prefix)
	if s.serveGit(w, r, p, ep) {
		return
	}
	if m := reReleaseByTag.FindStringSubmatch(ep); m != nil && r.Method == http.MethodGet {
		tag, err := url.PathUnescape(m[2])
		if err != nil {
			s.fail(w, http.StatusBadRequest, err.Error())
			return
		}
		for _, rel := range s.releases {
			if rel.repo == m[1] && rel.TagName == tag && !rel.Draft {
				writeJSON(w, http.StatusOK, rel)
				return
			}
		}
		s.fail(w, http.StatusNotFound, "Not Found")
		return
	}
	if m := reReleaseAsset.FindStringSubmatch(p); m != nil && r.Method == http.MethodGet {
		id, _ := strconv.ParseInt(m[2], 10, 64)
		a, ok := s.asset(m[1], id)
		switch {
		case !ok:
			s.fail(w, http.StatusNotFound, "Not Found")
		case r.Header.Get("Accept") == "application/octet-stream":
			// Like GitHub: the content is a redirect away, on a storage
			// host, by a signed URL.
			w.Header().Set("Location", fmt.Sprintf("%s/release-assets/%s/%d?sig=signed", s.storage.URL, m[1], id))
			w.WriteHeader(http.StatusFound)
		default:
			writeJSON(w, http.StatusOK, a)
		}
		return
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
	case r.Method == http.MethodGet && match(rePull):
		n, _ := strconv.Atoi(rePull.FindStringSubmatch(p)[2])
		for _, pr := range s.pulls {
			if pr.Number == n {
				writeJSON(w, http.StatusOK, pr)
				return
			}
		}
		s.fail(w, http.StatusNotFound, "Not Found")
	case r.Method == http.MethodGet && match(rePulls):
		q := r.URL.Query()
		var out []PullRequest
		for _, pr := range s.pulls {
			owner := ""
			if pr.Head.Repo != nil {
				owner = pr.Head.Repo.Owner.Login
			}
			if st := q.Get("state"); st != "" && st != "all" && pr.State != st {
				continue
			}
			if h := q.Get("head"); h != "" && h != owner+":"+pr.Head.Ref {
				continue
			}
			out = append(out, pr)
		}
		page(s, w, r, out)
	case r.Method == http.MethodGet && match(reContents):
		// Only the raw media type, the one envaudit asks for.
		data, ok := s.contents[r.URL.Query().Get("ref")+":"+reContents.FindStringSubmatch(p)[2]]
		if !ok || r.Header.Get("Accept") != "application/vnd.github.raw" {
			s.fail(w, http.StatusNotFound, "Not Found")
			return
		}
		w.Header().Set("Content-Type", "application/vnd.github.raw")
		_, _ = w.Write(data)
	case r.Method == http.MethodGet && match(reCommitPulls):
		sha := reCommitPulls.FindStringSubmatch(p)[2]
		var out []PullRequest
		for _, pr := range s.pulls {
			// Like GitHub for a fork's pull request: the commit lives in
			// the fork, and the base repository's list leaves it out.
			if pr.Head.SHA == sha && (pr.Head.Repo == nil || pr.Head.Repo.Owner.Login == strings.Split(s.Repo, "/")[0]) {
				out = append(out, pr)
			}
		}
		page(s, w, r, out)
	case r.Method == http.MethodGet && match(reRunArtifacts):
		run, _ := strconv.ParseInt(reRunArtifacts.FindStringSubmatch(p)[2], 10, 64)
		var list []Artifact
		for _, a := range s.artifacts {
			if a.RunID == run {
				list = append(list, a)
			}
		}
		size := s.PageSize
		if size <= 0 {
			size = 30
		}
		n, _ := strconv.Atoi(r.URL.Query().Get("page"))
		n = max(n, 1)
		lo := min((n-1)*size, len(list))
		hi := min(lo+size, len(list))
		if hi < len(list) {
			q := r.URL.Query()
			q.Set("page", strconv.Itoa(n+1))
			w.Header().Set("Link", fmt.Sprintf(`<%s%s?%s>; rel="next"`, s.URL, r.URL.Path, q.Encode()))
		}
		out := list[lo:hi]
		if out == nil {
			out = []Artifact{}
		}
		writeJSON(w, http.StatusOK, map[string]any{"total_count": len(list), "artifacts": out})
	case r.Method == http.MethodGet && match(reArtifactZip):
		id, _ := strconv.ParseInt(reArtifactZip.FindStringSubmatch(p)[2], 10, 64)
		for _, a := range s.artifacts {
			if a.ID == id {
				if a.Expired {
					s.fail(w, http.StatusGone, "Artifact has expired")
					return
				}
				w.Header().Set("Location", fmt.Sprintf("%s/blob/%d?sig=signed", s.URL, id))
				w.WriteHeader(http.StatusFound)
				return
			}
		}
		s.fail(w, http.StatusNotFound, "Not Found")
	case r.Method == http.MethodPost && match(reCheckRuns):
		var cr CheckRun
		if err := json.Unmarshal(body, &cr); err != nil {
			s.fail(w, http.StatusBadRequest, err.Error())
			return
		}
		if msg := checkAnnotationsValid(cr.Output.Annotations); msg != "" {
			s.fail(w, http.StatusUnprocessableEntity, msg)
			return
		}
		if cr.Name == "" || cr.HeadSHA == "" {
			s.fail(w, http.StatusUnprocessableEntity, "name and head_sha are required")
			return
		}
		cr.ID = s.id()
		cr.Annotations = append([]CheckAnnotation(nil), cr.Output.Annotations...)
		cr.Output.Annotations = nil
		s.checkRuns = append(s.checkRuns, cr)
		writeJSON(w, http.StatusCreated, cr)
	case r.Method == http.MethodPatch && match(reCheckRun):
		id, _ := strconv.ParseInt(reCheckRun.FindStringSubmatch(p)[2], 10, 64)
		var upd CheckRun
		if err := json.Unmarshal(body, &upd); err != nil {
			s.fail(w, http.StatusBadRequest, err.Error())
			return
		}
		if msg := checkAnnotationsValid(upd.Output.Annotations); msg != "" {
			s.fail(w, http.StatusUnprocessableEntity, msg)
			return
		}
		for i := range s.checkRuns {
			if s.checkRuns[i].ID == id {
				cr := &s.checkRuns[i]
				cr.Annotations = append(cr.Annotations, upd.Output.Annotations...)
				if upd.Output.Summary != "" {
					cr.Output.Summary, cr.Output.Title = upd.Output.Summary, upd.Output.Title
				}
				if upd.Conclusion != "" {
					cr.Conclusion = upd.Conclusion
				}
				writeJSON(w, http.StatusOK, cr)
				return
			}
		}
		s.fail(w, http.StatusNotFound, "Not Found")
	default:
		s.fail(w, http.StatusNotFound, "Not Found")
	}
}

// checkAnnotationsValid says what GitHub would refuse in a request's
// annotations: more than 50, or one without a path, a line or a known
// level; "" when nothing.
func checkAnnotationsValid(anns []CheckAnnotation) string {
	if len(anns) > 50 {
		return fmt.Sprintf("Only 50 annotations are allowed per request, not %d", len(anns))
	}
	for _, a := range anns {
		switch {
		case a.Path == "" || a.StartLine < 1 || a.EndLine < a.StartLine:
			return fmt.Sprintf("Invalid annotation: path %q, lines %d-%d", a.Path, a.StartLine, a.EndLine)
		case a.AnnotationLevel != "notice" && a.AnnotationLevel != "warning" && a.AnnotationLevel != "failure":
			return fmt.Sprintf("Invalid annotation level %q", a.AnnotationLevel)
		}
	}
	return ""
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
