package e2e

import (
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/envaudit/envaudit/ghaction/ghfake"
)

// The repository every scenario works in, and its pull request.
const (
	repoName = "octo/app"
	prNumber = 7
	author   = "alice"
	branch   = "feature"
)

// origin is the repository on "GitHub": a bare repository that
// actions/checkout's stand-in fetches from by its file URL, and a
// maintainer's clone the test commits through. Its refs are GitHub's:
// main, the pull request's branch, refs/pull/N/head and refs/pull/N/merge
// (a merge commit of the head into the base, as GitHub makes for a
// mergeable pull request).
type origin struct {
	t    *testing.T
	m    *machine
	bare string
	work string
	// project is the fixture (e2e/testdata/<project>) and prefix the
	// directory it lies in ("" at the root).
	project, prefix   string
	base, head, merge string
}

// newOrigin makes the repository with the base commit of fixture
// project on main.
func newOrigin(t *testing.T, m *machine, project, prefix string) *origin {
	t.Helper()
	dir := t.TempDir()
	o := &origin{t: t, m: m, bare: filepath.Join(dir, "app.git"), work: filepath.Join(dir, "work"), project: project, prefix: prefix}
	o.git(dir, "init", "-q", "--bare", "-b", "main", o.bare)
	// GitHub serves any reachable commit by its SHA.
	o.git(o.bare, "config", "uploadpack.allowAnySHA1InWant", "true")
	o.git(dir, "init", "-q", "-b", "main", o.work)
	o.git(o.work, "remote", "add", "origin", o.bare)
	o.overlay("base")
	o.git(o.work, "add", "-A")
	o.commit("maintainer", "the base of the pull request")
	o.base = o.git(o.work, "rev-parse", "HEAD")
	o.git(o.work, "push", "-q", "origin", "main")
	o.git(o.work, "checkout", "-q", "-b", branch)
	return o
}

// url is what actions/checkout's stand-in fetches the repository from.
func (o *origin) url() string { return "file://" + o.bare }

// git runs git in dir, hermetically: no system or global configuration.
func (o *origin) git(dir string, args ...string) string {
	o.t.Helper()
	cmd := exec.Command("git", append([]string{"-c", "core.hooksPath=/dev/null"}, args...)...)
	cmd.Dir = dir
	cmd.Env = []string{"PATH=" + o.m.env["PATH"], "HOME=" + o.t.TempDir(), "GIT_CONFIG_NOSYSTEM=1", "GIT_CONFIG_GLOBAL=/dev/null",
		"GIT_CEILING_DIRECTORIES=" + filepath.Dir(dir), "LANG=C.UTF-8"}
	out, err := cmd.CombinedOutput()
	if err != nil {
		o.t.Fatalf("git %s: %v\n%s", strings.Join(args, " "), err, out)
	}
	return strings.TrimSpace(string(out))
}

// show returns file f at commit sha, byte for byte.
func (o *origin) show(sha, f string) string {
	o.t.Helper()
	cmd := exec.Command("git", "show", sha+":"+f)
	cmd.Dir = o.work
	cmd.Env = []string{"PATH=" + o.m.env["PATH"], "HOME=" + o.t.TempDir(), "GIT_CONFIG_NOSYSTEM=1", "GIT_CONFIG_GLOBAL=/dev/null"}
	out, err := cmd.Output()
	if err != nil {
		o.t.Fatalf("git show %s:%s: %v", sha, f, err)
	}
	return string(out)
}

func (o *origin) commit(who, msg string) {
	o.t.Helper()
	o.git(o.work, "-c", "user.name="+who, "-c", "user.email="+who+"@example.com", "commit", "-q", "--allow-empty", "-m", msg)
}

// overlay writes the files of the fixture's commit directory over the
// work tree, @EVIDENCE@ replaced by the machine's evidence directory.
func (o *origin) overlay(commit string) {
	o.t.Helper()
	src := filepath.Join(o.m.source, "e2e", "testdata", o.project, commit)
	err := filepath.WalkDir(src, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		rel, _ := filepath.Rel(src, p)
		data, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		dst := filepath.Join(o.work, o.prefix, rel)
		if err := os.MkdirAll(filepath.Dir(dst), 0o755); err != nil {
			return err
		}
		return os.WriteFile(dst, []byte(strings.ReplaceAll(string(data), "@EVIDENCE@", o.m.evidence)), 0o644)
	})
	if err != nil {
		o.t.Fatal(err)
	}
}

// push commits the fixture's commit directory on the pull request's
// branch and updates GitHub's refs of the pull request: its head, and
// the merge commit GitHub makes of it into main.
func (o *origin) push(commit, msg string) {
	o.t.Helper()
	o.overlay(commit)
	o.git(o.work, "add", "-A")
	o.commit(author, msg)
	o.head = o.git(o.work, "rev-parse", "HEAD")
	tree := o.git(o.work, "rev-parse", "HEAD^{tree}")
	// main has not moved since the branch left it, so the merge's tree
	// is the head's.
	o.merge = o.git(o.work, "-c", "user.name=GitHub", "-c", "user.email=noreply@github.com", "commit-tree", tree, "-p", o.base, "-p", o.head,
		"-m", fmt.Sprintf("Merge %s into %s", o.head, o.base))
	o.git(o.work, "push", "-q", "-f", "origin", branch,
		fmt.Sprintf("%s:refs/pull/%d/head", o.head, prNumber), fmt.Sprintf("%s:refs/pull/%d/merge", o.merge, prNumber))
}

// serve tells the fake API about the pull request as it now is: its
// files and their patches, its commits, the pull request itself, and the
// files of its base and head commits (the contents API).
func (o *origin) serve(srv *ghfake.Server) {
	o.t.Helper()
	for _, sha := range []string{o.base, o.head} {
		for _, f := range strings.Split(o.git(o.work, "ls-tree", "-r", "--name-only", sha), "\n") {
			srv.SetContent(sha, f, []byte(o.show(sha, f)))
		}
	}
	var files []ghfake.File
	for _, f := range strings.Fields(o.git(o.work, "diff", "--name-only", o.base, o.head)) {
		d := o.git(o.work, "diff", o.base, o.head, "--", f)
		status := "modified"
		if strings.Contains(d, "\nnew file mode") {
			status = "added"
		}
		if i := strings.Index(d, "@@"); i >= 0 {
			files = append(files, ghfake.File{Filename: f, Status: status, Patch: d[i:]})
		}
	}
	srv.SetFiles(files...)
	var commits []ghfake.Commit
	for _, line := range strings.Split(o.git(o.work, "log", "--format=%H%x00%an%x00%ae%x00%B%x01", o.base+".."+o.head), "\x01") {
		parts := strings.SplitN(strings.TrimSpace(line), "\x00", 4)
		if len(parts) != 4 {
			continue
		}
		var c ghfake.Commit
		c.SHA, c.Commit.Author.Name, c.Commit.Author.Email, c.Commit.Message = parts[0], parts[1], parts[2], strings.TrimSpace(parts[3])
		commits = append(commits, c)
	}
	srv.SetCommits(commits...)
	pr := ghfake.PullRequest{Number: prNumber, State: "open", Body: "Greets after a minute.",
		Head: ghfake.Ref{Ref: branch, SHA: o.head}, Base: ghfake.Ref{Ref: "main", SHA: o.base}}
	pr.User.Login, pr.User.Type = author, "User"
	srv.SetPullRequests(pr)
}

// repository is the event payloads' repository object.
func repository() map[string]any {
	owner, name, _ := strings.Cut(repoName, "/")
	return map[string]any{"full_name": repoName, "name": name, "owner": map[string]any{"login": owner}, "default_branch": "main", "private": false}
}

// pullRequestEvent is the payload of the pull_request event of a push
// to the pull request's branch.
func (o *origin) pullRequestEvent(action string) map[string]any {
	return map[string]any{
		"action": action, "number": float64(prNumber),
		"pull_request": o.pullRequest(),
		"repository":   repository(), "sender": map[string]any{"login": author},
	}
}

func (o *origin) pullRequest() map[string]any {
	return map[string]any{
		"number": float64(prNumber), "title": "Greet after a minute", "body": "Greets after a minute.", "draft": false,
		"user": map[string]any{"login": author, "type": "User"},
		"head": map[string]any{"ref": branch, "sha": o.head, "repo": repository()},
		"base": map[string]any{"ref": "main", "sha": o.base, "repo": repository()},
	}
}

// workflowRunEvent is the payload of the workflow_run event GitHub sends
// when the audit run completes.
func (o *origin) workflowRunEvent(runID int64, workflow, path, conclusion string) map[string]any {
	pr := o.pullRequest()
	return map[string]any{
		"action": "completed",
		"workflow_run": map[string]any{
			"id": float64(runID), "name": workflow, "path": path, "event": "pull_request", "status": "completed", "conclusion": conclusion,
			"head_sha": o.head, "head_branch": branch, "run_attempt": float64(1), "run_number": float64(runID % 1000),
			"head_repository": repository(), "repository": repository(),
			"pull_requests": []any{map[string]any{"number": float64(prNumber), "head": pr["head"], "base": pr["base"]}},
		},
		"workflow":   map[string]any{"name": workflow},
		"repository": repository(), "sender": map[string]any{"login": author},
	}
}
