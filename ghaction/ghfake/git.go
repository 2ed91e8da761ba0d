package ghfake

import (
	"crypto/sha1"
	"encoding/hex"
	"fmt"
	"net/http"
	"net/url"
	"regexp"
	"strings"
)

// This file serves a repository's git names as GitHub's API answers for
// them: a commit by any name of it (GET /repos/{o}/{r}/commits/{ref}) and
// the repository's tags with the commits they point at (GET
// /repos/{o}/{r}/tags). Like releases, they belong to any repository
// (an action's live in its own), whichever the server's pull request is in.

// Tag is a tag as the tags API lists it: the commit is the one it points
// at, an annotated tag peeled.
type Tag struct {
	Name   string `json:"name"`
	Commit struct {
		SHA string `json:"sha"`
		URL string `json:"url"`
	} `json:"commit"`
	ZipballURL string `json:"zipball_url"`
	TarballURL string `json:"tarball_url"`
	NodeID     string `json:"node_id"`
}

// gitRepo is what a repository's names point at.
type gitRepo struct {
	tags     []Tag             // in the order they were set
	branches map[string]string // name → commit
}

var (
	reCommit = regexp.MustCompile(`^/repos/([^/]+/[^/]+)/commits/(.+)$`)
	reTags   = regexp.MustCompile(`^/repos/([^/]+/[^/]+)/tags$`)
	reSHA    = regexp.MustCompile(`^[0-9a-f]{40}$`)
	reShort  = regexp.MustCompile(`^[0-9a-f]{7,39}$`)
)

// repoGit returns repo's names, made on first use; s.mu is held.
func (s *Server) repoGit(repo string) *gitRepo {
	if s.git == nil {
		s.git = map[string]*gitRepo{}
	}
	g := s.git[repo]
	if g == nil {
		g = &gitRepo{branches: map[string]string{}}
		s.git[repo] = g
	}
	return g
}

// SetTag points tag name of repo at commit sha (a full SHA), as pushing
// it does; a tag that exists is moved and keeps its place in the list.
func (s *Server) SetTag(repo, name, sha string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	g := s.repoGit(repo)
	t := Tag{Name: name, ZipballURL: fmt.Sprintf("%s%s/repos/%s/zipball/refs/tags/%s", s.URL, s.Prefix, repo, name),
		TarballURL: fmt.Sprintf("%s%s/repos/%s/tarball/refs/tags/%s", s.URL, s.Prefix, repo, name), NodeID: "REF_" + name}
	t.Commit.SHA = sha
	t.Commit.URL = fmt.Sprintf("%s%s/repos/%s/commits/%s", s.URL, s.Prefix, repo, sha)
	for i := range g.tags {
		if g.tags[i].Name == name {
			g.tags[i] = t
			return
		}
	}
	g.tags = append(g.tags, t)
}

// SetBranch points branch name of repo at commit sha (a full SHA).
func (s *Server) SetBranch(repo, name, sha string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.repoGit(repo).branches[name] = sha
}

// resolve returns the commit ref names in g as the commits API resolves
// it: a full SHA of a commit a name points at, a unique abbreviation of
// one, refs/tags/NAME, refs/heads/NAME, or NAME (a tag before a branch,
// as git's own order has it).
func (g *gitRepo) resolve(ref string) (string, bool) {
	known := map[string]bool{}
	tags := map[string]string{}
	for _, t := range g.tags {
		tags[t.Name] = t.Commit.SHA
		known[t.Commit.SHA] = true
	}
	for _, sha := range g.branches {
		known[sha] = true
	}
	if name, ok := strings.CutPrefix(ref, "refs/tags/"); ok {
		sha, ok := tags[name]
		return sha, ok
	}
	if name, ok := strings.CutPrefix(ref, "refs/heads/"); ok {
		sha, ok := g.branches[name]
		return sha, ok
	}
	if sha, ok := tags[ref]; ok {
		return sha, true
	}
	if sha, ok := g.branches[ref]; ok {
		return sha, true
	}
	if reSHA.MatchString(ref) {
		return ref, known[ref]
	}
	if reShort.MatchString(ref) {
		var match string
		for sha := range known {
			if strings.HasPrefix(sha, ref) {
				if match != "" {
					return "", false // ambiguous
				}
				match = sha
			}
		}
		return match, match != ""
	}
	return "", false
}

// serveGit answers the commits and tags endpoints and reports whether
// the request was one of them; s.mu is held. p is the request's path
// without the prefix, ep the same escaped.
func (s *Server) serveGit(w http.ResponseWriter, r *http.Request, p, ep string) bool {
	if r.Method != http.MethodGet || reCommitPulls.MatchString(p) {
		return false
	}
	if m := reTags.FindStringSubmatch(p); m != nil {
		g, ok := s.git[m[1]]
		if !ok {
			s.fail(w, http.StatusNotFound, "Not Found")
			return true
		}
		page(s, w, r, g.tags)
		return true
	}
	m := reCommit.FindStringSubmatch(ep)
	if m == nil {
		return false
	}
	g, ok := s.git[m[1]]
	if !ok {
		s.fail(w, http.StatusNotFound, "Not Found")
		return true
	}
	ref, err := url.PathUnescape(m[2])
	if err != nil {
		s.fail(w, http.StatusBadRequest, err.Error())
		return true
	}
	sha, ok := g.resolve(ref)
	if !ok {
		// Like GitHub: an unknown ref is unprocessable, not missing.
		s.fail(w, http.StatusUnprocessableEntity, "No commit found for SHA: "+ref)
		return true
	}
	switch r.Header.Get("Accept") {
	case "application/vnd.github.sha", "application/vnd.github.v3.sha":
		// The SHA alone, without a line break, as GitHub sends it.
		w.Header().Set("Content-Type", "application/vnd.github.sha; charset=utf-8")
		_, _ = w.Write([]byte(sha))
	default:
		writeJSON(w, http.StatusOK, s.commitJSON(m[1], sha))
	}
	return true
}

// commitJSON is commit sha of repo as the commits API returns it: the
// commit's own "sha" at the top, its tree's and its parent's below, so a
// client must tell them apart.
func (s *Server) commitJSON(repo, sha string) map[string]any {
	derived := func(what string) string {
		sum := sha1.Sum([]byte(what + sha))
		return hex.EncodeToString(sum[:])
	}
	api := fmt.Sprintf("%s%s/repos/%s", s.URL, s.Prefix, repo)
	tree, parent := derived("tree"), derived("parent")
	return map[string]any{
		"sha":     sha,
		"node_id": "C_" + sha[:12],
		"commit": map[string]any{
			"message": "Release",
			"tree":    map[string]any{"sha": tree, "url": api + "/git/trees/" + tree},
			"author":  map[string]any{"name": "octocat", "email": "octocat@example.com"},
		},
		"url":     api + "/commits/" + sha,
		"parents": []map[string]any{{"sha": parent, "url": api + "/commits/" + parent}},
		"files":   []any{},
	}
}
