package basecommit

import (
	"bytes"
	"compress/zlib"
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/envaudit/envaudit/audit"
	"github.com/envaudit/envaudit/ecosystems"
	"github.com/envaudit/envaudit/internal/gittree"
)

// slopRepo is a repository whose base declares debug and requires it, and
// whose pull request (the work tree and HEAD) declares a made-up
// (slopsquatted) package and requires it and lodash on lines 2 and 3 of
// index.js. It returns the project directory, the base commit and the
// pull request's.
func slopRepo(t *testing.T) (dir, base, head string, git func(args ...string) string) {
	t.Helper()
	dir, git = gitRepo(t)
	write(t, dir, "deps.json", `{"dependencies": {"debug": "^4"}}`)
	write(t, dir, "index.js", "require('debug')\n")
	git("add", ".")
	git("commit", "-q", "-m", "base")
	base = git("rev-parse", "HEAD")
	write(t, dir, "deps.json", `{"dependencies": {"debug": "^4", "reqeusts-toolbelt": "1.0.0"}}`)
	write(t, dir, "index.js", "require('debug')\nrequire('reqeusts-toolbelt')\nrequire('lodash')\n")
	git("add", ".")
	git("commit", "-q", "-m", "pr")
	return dir, base, git("rev-parse", "HEAD"), git
}

// slopReport is the report of a run of slopRepo's pull request: the
// made-up package is declared and not installed, and lodash is loaded
// undeclared, its import (read before the run) on an added line.
func slopReport(lodashImported bool) *audit.Report {
	lodash := audit.Finding{Kind: audit.Hidden, Reason: audit.ReasonUndeclared, Package: "lodash"}
	if lodashImported {
		lodash.Evidence = &audit.Evidence{Imports: []ecosystems.Import{{Package: "lodash", Module: "lodash", Pos: ecosystems.Pos{File: "index.js", Line: 3}}}}
	}
	return &audit.Report{Ecosystems: []audit.EcosystemReport{{
		Name:      "npm",
		Manifests: []string{"deps.json"},
		Declared:  []ecosystems.Dependency{{Name: "debug", Spec: "^4"}, {Name: "reqeusts-toolbelt", Spec: "1.0.0"}},
		Findings: []audit.Finding{
			{Kind: audit.Phantom, Reason: audit.ReasonNotInstalled, Package: "reqeusts-toolbelt"},
			lodash,
		},
	}}}
}

// changes returns package → Change of r's findings.
func changes(r *audit.Report) map[string]string {
	out := map[string]string{}
	for _, e := range r.Ecosystems {
		for _, f := range e.Findings {
			out[f.Package] = f.Change
		}
	}
	return out
}

// compare reads the base with git and marks slopReport's findings.
func compare(t *testing.T, dir, base string, git Git, lodashImported bool) map[string]string {
	t.Helper()
	b, err := (Comparison{Dir: dir, Base: base, Git: git, Ecosystems: []ecosystems.Ecosystem{jsonDeps{}}}).Read(context.Background(), "")
	if err != nil {
		t.Fatal(err)
	}
	r := slopReport(lodashImported)
	if err := b.Enrich(context.Background(), r); err != nil {
		t.Fatal(err)
	}
	return changes(r)
}

// TestAttackReplaceRef reproduces issue 10's replace-ref attack: the test
// plants refs/replace/<base> pointing at the pull request's commit, so
// that a git honouring replace refs reads the base as the pull request and
// every finding, the made-up package's included, would be "existing".
// The comparison's git ignores replace objects, and what it reads is
// verified by hashing anyway: the findings stay new.
func TestAttackReplaceRef(t *testing.T) {
	dir, base, head, git := slopRepo(t)
	git("replace", base, head)

	// The attack works on a git that honours replace refs.
	plain := func(ctx context.Context, dir string, args ...string) ([]byte, error) {
		cmd := exec.CommandContext(ctx, "git", args...)
		cmd.Dir = dir
		cmd.Env = append(os.Environ(), "GIT_CONFIG_NOSYSTEM=1", "GIT_CONFIG_GLOBAL=/dev/null")
		return cmd.Output()
	}
	// A git that honours them reads the base as the pull request: the
	// replaced commit does not hash to the base's ID, and the base is
	// refused rather than read as the pull request.
	if _, err := (Comparison{Dir: dir, Base: base, Git: plain, Ecosystems: []ecosystems.Ecosystem{jsonDeps{}}}).Read(context.Background(), ""); !errors.Is(err, gittree.ErrForged) {
		t.Fatalf("with replace refs honoured, Read: %v, want gittree.ErrForged", err)
	}

	// The comparison's own git (nil: gitcmd.Output) does not.
	for pkg, change := range compare(t, dir, base, nil, true) {
		if change != audit.ChangeNew {
			t.Errorf("%s is %q with a replace ref planted, want new", pkg, change)
		}
	}
}

// TestAttackDeleteRequireAfterLoading reproduces issue 10's attack on the
// diff: the test loads lodash and then deletes the require line it added
// (and plants a replace ref), so that a diff read after the run shows no
// line naming it. The base is read before the run, and what the test does
// afterwards changes nothing.
func TestAttackDeleteRequireAfterLoading(t *testing.T) {
	dir, base, head, git := slopRepo(t)
	b, err := (Comparison{Dir: dir, Base: base, Ecosystems: []ecosystems.Ecosystem{jsonDeps{}}}).Read(context.Background(), "")
	if err != nil {
		t.Fatal(err)
	}
	// The traced run, after loading lodash.
	write(t, dir, "index.js", "require('debug')\nrequire('reqeusts-toolbelt')\n")
	git("replace", base, head)

	r := slopReport(true)
	if err := b.Enrich(context.Background(), r); err != nil {
		t.Fatal(err)
	}
	for pkg, change := range changes(r) {
		if change != audit.ChangeNew {
			t.Errorf("%s is %q after the test rewrote its sources, want new", pkg, change)
		}
	}
	data, err := os.ReadFile(filepath.Join(dir, "index.js"))
	if err != nil || strings.Contains(string(data), "lodash") {
		t.Fatalf("the require is still there: %q, %v", data, err)
	}
}

// TestAttackNameBuiltAtRunTime reproduces issue 10's attack on the
// mention check: the pull request loads lodash by a name it builds at run
// time, so no import names it and no added line does either. A hidden
// package is existing only when the base shows the same need, so it is
// new.
func TestAttackNameBuiltAtRunTime(t *testing.T) {
	dir, base, _, git := slopRepo(t)
	write(t, dir, "index.js", "require('debug')\nrequire(['lo', 'dash'].join(''))\n")
	git("commit", "-q", "-am", "pr: a name built at run time")
	if got := compare(t, dir, base, nil, false); got["lodash"] != audit.ChangeNew {
		t.Errorf("lodash loaded by a name built at run time is %q, want new", got["lodash"])
	}
}

// TestAttackForgedBaseObjects reproduces issue 20's forged object store:
// code of the pull request that runs before envaudit (an install step)
// rewrites the checkout's .git so that the base commit's files, as git
// reads them, declare the made-up package and import lodash on the line
// the pull request adds — every finding would be "existing". Each object
// of the base is verified by hashing: the base is refused, never read as
// the attacker wrote it, and the findings stay new.
func TestAttackForgedBaseObjects(t *testing.T) {
	for _, tt := range []struct{ file, forged string }{
		{"deps.json", `{"dependencies": {"debug": "^4", "reqeusts-toolbelt": "1.0.0"}}`},
		{"index.js", "require('debug')\nrequire('reqeusts-toolbelt')\nrequire('lodash')\n"},
	} {
		t.Run(tt.file, func(t *testing.T) {
			dir, base, _, git := slopRepo(t)
			id := git("rev-parse", base+":"+tt.file)
			p := filepath.Join(dir, ".git", "objects", id[:2], id[2:])
			var b bytes.Buffer
			zw := zlib.NewWriter(&b)
			fmt.Fprintf(zw, "blob %d\x00%s", len(tt.forged), tt.forged)
			zw.Close()
			if err := os.Chmod(p, 0o644); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(p, b.Bytes(), 0o644); err != nil {
				t.Fatal(err)
			}
			if got := git("cat-file", "blob", id); got != strings.TrimSpace(tt.forged) {
				t.Fatalf("git reads %q: the attack does not reproduce", got)
			}
			_, err := (Comparison{Dir: dir, Base: base, Ecosystems: []ecosystems.Ecosystem{jsonDeps{}}}).Read(context.Background(), "")
			if !errors.Is(err, gittree.ErrForged) {
				t.Errorf("Read of the forged base: %v, want gittree.ErrForged", err)
			}
		})
	}
}

// TestAddedLinesVerified checks the lines the comparison takes for added
// against git's own diff on a real change: the same lines, read from
// verified objects and the work tree rather than asked of git.
func TestAddedLinesVerified(t *testing.T) {
	dir, base, _, git := slopRepo(t)
	write(t, dir, "lib/util.js", "module.exports = 1\n")
	write(t, dir, "index.js", "// header\nrequire('debug')\nrequire('reqeusts-toolbelt')\nrequire('lodash')\n")
	b, err := (Comparison{Dir: dir, Base: base, Ecosystems: []ecosystems.Ecosystem{jsonDeps{}}}).Read(context.Background(), "")
	if err != nil {
		t.Fatal(err)
	}
	gitAdded := map[string]map[int]bool{}
	forEachAdded(git("diff", "--no-color", "--unified=0", base, "--", "."), func(file string, line int, _ string) {
		if b.files[file] {
			if gitAdded[file] == nil {
				gitAdded[file] = map[int]bool{}
			}
			gitAdded[file][line] = true
		}
	})
	if diff := cmp.Diff(gitAdded, b.added); diff != "" {
		t.Errorf("added lines (-git +envaudit):\n%s", diff)
	}
}
