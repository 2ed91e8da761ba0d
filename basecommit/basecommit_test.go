package basecommit

import (
	"context"
	"encoding/json"
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/envaudit/envaudit/audit"
	"github.com/envaudit/envaudit/ecosystems"
	"github.com/envaudit/envaudit/ecosystems/gomod"
	"github.com/envaudit/envaudit/ecosystems/python"
	"github.com/envaudit/envaudit/internal/gitcmd"
	"github.com/envaudit/envaudit/internal/gittest"
)

// jsonDeps is a minimal ecosystem for tests: the keys of "dependencies"
// in deps.json, with package-lock.json as its lockfile.
type jsonDeps struct{}

func (jsonDeps) Name() string       { return "npm" }
func (jsonDeps) DevTools() []string { return nil }
func (jsonDeps) Identify(name, version string) ecosystems.Identity {
	return ecosystems.GenericIdentity(name, version)
}

func (jsonDeps) Open(_ context.Context, src ecosystems.Source) (ecosystems.Project, error) {
	data, err := src.ReadFile("deps.json")
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	var m struct{ Dependencies map[string]string }
	if err := json.Unmarshal(data, &m); err != nil {
		return nil, ecosystems.Errorf("deps.json", 1, "%v", err)
	}
	var out []ecosystems.Dependency
	for name, spec := range m.Dependencies {
		out = append(out, ecosystems.Dependency{Name: name, Spec: spec, Scope: ecosystems.ScopeRuntime, Pos: ecosystems.Pos{File: "deps.json", Line: 1}})
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Name < out[j].Name })
	p := &jsonProject{deps: out, files: []ecosystems.File{{Path: "deps.json", Kind: ecosystems.KindManifest}}}
	if src.IsFile("package-lock.json") {
		p.files = append(p.files, ecosystems.File{Path: "package-lock.json", Kind: ecosystems.KindLockfile})
	}
	return p, nil
}

// jsonProject is what jsonDeps read.
type jsonProject struct {
	deps  []ecosystems.Dependency
	files []ecosystems.File
}

func (p *jsonProject) Files() []ecosystems.File { return ecosystems.SortFiles(p.files) }

func (p *jsonProject) Declared() []ecosystems.Dependency { return p.deps }

func (*jsonProject) Installed(context.Context, ecosystems.Env) (*ecosystems.Inventory, error) {
	return nil, ecosystems.ErrNotOnDisk
}

func gitRepo(t *testing.T) (dir string, git func(args ...string) string) {
	t.Helper()
	dir = t.TempDir()
	git = gittest.Git(t, dir)
	git("init", "-q", "-b", "main")
	return dir, git
}

func write(t *testing.T, dir, name, content string) {
	t.Helper()
	p := filepath.Join(dir, filepath.FromSlash(name))
	if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
		t.Fatal(err)
	}
}

// TestEnrich builds a real repository whose pull request adds one
// dependency, removes another, and adds code that imports an undeclared
// package, and checks each finding's verdict.
func TestEnrich(t *testing.T) {
	root, git := gitRepo(t)
	dir := filepath.Join(root, "app") // the project is a subdirectory
	write(t, dir, "deps.json", `{"dependencies": {"debug": "^4", "yargs": "^17", "chalk": "^4", "broken": "1.0.0"}}`)
	write(t, dir, "index.js", "const debug = require('debug')\nconst _ = require('underscore')\n")
	write(t, dir, "package-lock.json", "{}\n")
	git("add", ".")
	git("commit", "-q", "-m", "base")
	base := git("rev-parse", "HEAD")

	// The pull request: adds left-padd, drops chalk, changes the spec of
	// broken, starts using lodash, and adds a file that imports qs.
	write(t, dir, "deps.json", `{"dependencies": {"debug": "^4", "yargs": "^17", "left-padd": "^1", "broken": "2.0.0", "typo": "1"}}`)
	write(t, dir, "index.js", "const debug = require('debug')\nconst _ = require('underscore')\nconst fp = require(\"lodash/fp\") // new\n")
	write(t, dir, "lib/new.js", "require('qs')\n")
	write(t, dir, "package-lock.json", "{\"ms\": \"2.1.2\"}\n")
	git("add", ".")
	git("commit", "-q", "-m", "pr")

	f := func(kind audit.Kind, reason, pkg string, via ...string) audit.Finding {
		return audit.Finding{Kind: kind, Reason: reason, Package: pkg, Via: via}
	}
	imported := func(f audit.Finding, at ...string) audit.Finding {
		f.Evidence = &audit.Evidence{}
		for _, a := range at {
			file, line, _ := strings.Cut(a, ":")
			n, _ := strconv.Atoi(line)
			f.Evidence.Imports = append(f.Evidence.Imports, ecosystems.Import{Package: f.Package, Module: f.Package, Pos: ecosystems.Pos{File: file, Line: n}})
		}
		return f
	}
	r := &audit.Report{Ecosystems: []audit.EcosystemReport{{
		Name:      "npm",
		Manifests: []string{"deps.json"},
		Declared: []ecosystems.Dependency{
			{Name: "debug", Spec: "^4"}, {Name: "yargs", Spec: "^17"}, {Name: "left-padd", Spec: "^1"}, {Name: "broken", Spec: "2.0.0"}, {Name: "typo", Spec: "1"},
		},
		Findings: []audit.Finding{
			f(audit.Phantom, audit.ReasonUnused, "yargs"),                                   // declared at base
			f(audit.Phantom, audit.ReasonNotInstalled, "left-padd"),                         // added
			f(audit.Phantom, audit.ReasonNotInstalled, "broken"),                            // spec changed
			f(audit.Hidden, audit.ReasonTransitive, "chalk"),                                // declaration removed
			imported(f(audit.Hidden, audit.ReasonDirect, "lodash", "debug"), "index.js:3"),  // required on an added line
			imported(f(audit.Hidden, audit.ReasonUndeclared, "underscore"), "index.js:2"),   // required at base already
			imported(f(audit.Hidden, audit.ReasonUndeclared, "qs"), "lib/new.js:1"),         // in a file the base lacks
			imported(f(audit.Hidden, audit.ReasonDirect, "es"), "index.js:3", "index.js:2"), // an import the base had
			f(audit.Hidden, audit.ReasonTransitive, "ms", "debug"),                          // comes through a base declaration
			f(audit.Hidden, audit.ReasonTransitive, "wrap", "left-padd"),                    // comes through a new declaration
			f(audit.Hidden, audit.ReasonUndeclared, "pyyaml"),                               // loaded, imported nowhere
			f(audit.Hidden, audit.ReasonTampered, "underscore"),                             // changed by the run
			f(audit.Bloat, audit.ReasonInstalled, "typo"),                                   // declaration added
			f(audit.Bloat, audit.ReasonInstalled, "y18n"),                                   // transitive
		},
	}, {
		Name:      "python",
		Manifests: []string{"requirements.txt"}, // absent at base
		Findings:  []audit.Finding{f(audit.Phantom, audit.ReasonUnused, "six")},
	}}}
	b, err := (Comparison{Dir: dir, Base: base, Ecosystems: []ecosystems.Ecosystem{jsonDeps{}}}).Read(context.Background(), "")
	if err != nil {
		t.Fatal(err)
	}
	if err := b.Enrich(context.Background(), r); err != nil {
		t.Fatal(err)
	}
	got := map[string]string{}
	for _, e := range r.Ecosystems {
		for _, f := range e.Findings {
			got[string(f.Kind)+":"+f.Reason+":"+f.Package] = f.Change
		}
	}
	want := map[string]string{
		"phantom:unused:yargs": "existing", "phantom:not-installed:left-padd": "new", "phantom:not-installed:broken": "new",
		"hidden:transitive:chalk": "new", "hidden:direct:lodash": "new", "hidden:undeclared:underscore": "existing",
		"hidden:undeclared:qs": "new", "hidden:direct:es": "existing", "hidden:transitive:ms": "existing",
		"hidden:transitive:wrap": "new", "hidden:undeclared:pyyaml": "new", "hidden:tampered:underscore": "new",
		"bloat:installed:typo": "new", "bloat:installed:y18n": "existing", "phantom:unused:six": "new",
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("Change (-want +got):\n%s", diff)
	}
}

// TestEnrichReadsTheBaseTree compares with a real ecosystem whose base
// declarations lie in a file the report does not name (a requirements file
// included with -r) and in a subdirectory: the base is read as a tree, not
// as the report's manifests copied out.
func TestEnrichReadsTheBaseTree(t *testing.T) {
	root, git := gitRepo(t)
	write(t, root, "requirements.txt", "-r requirements/base.txt\n")
	write(t, root, "requirements/base.txt", "requests\nsix\n")
	git("add", ".")
	git("commit", "-q", "-m", "base")
	base := git("rev-parse", "HEAD")
	write(t, root, "requirements/base.txt", "requests\nattrs\n")
	git("add", ".")
	git("commit", "-q", "-m", "pr")
	// The work tree moves on again: only the commit holds the base.
	write(t, root, "requirements.txt", "attrs\n")

	r := &audit.Report{Ecosystems: []audit.EcosystemReport{{
		Name:      "python",
		Manifests: []string{"requirements.txt"},
		Declared:  []ecosystems.Dependency{{Name: "requests"}, {Name: "attrs"}},
		Findings: []audit.Finding{
			{Kind: audit.Phantom, Reason: audit.ReasonUnused, Package: "requests"},
			{Kind: audit.Phantom, Reason: audit.ReasonUnused, Package: "attrs"},
			{Kind: audit.Hidden, Reason: audit.ReasonTransitive, Package: "six"},
		},
	}}}
	enrichAt(t, root, base, python.New(), r)
	got := map[string]string{}
	for _, f := range r.Ecosystems[0].Findings {
		got[f.Package] = f.Change
	}
	// six was declared at the base: its removal makes its hidden use new.
	want := map[string]string{"requests": "existing", "attrs": "new", "six": "new"}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("Change (-want +got):\n%s", diff)
	}
}

// TestEnrichGoIndirect compares with a base go.mod, read by the real Go
// ecosystem, whose requirements marked "// indirect" are no declaration
// of the base's for a hidden package, but are for the stale marks and
// phantoms of the same requirement.
func TestEnrichGoIndirect(t *testing.T) {
	root, git := gitRepo(t)
	write(t, root, "go.mod", "module example.com/m\n\ngo 1.22\n\nrequire example.com/c v1.0.0\n\nrequire (\n\texample.com/a v1.0.0 // indirect\n\texample.com/b v1.0.0 // indirect\n)\n")
	git("add", ".")
	git("commit", "-q", "-m", "base")
	base := git("rev-parse", "HEAD")
	// The pull request marks c indirect and adds d, marked indirect.
	write(t, root, "go.mod", "module example.com/m\n\ngo 1.22\n\nrequire (\n\texample.com/a v1.0.0 // indirect\n\texample.com/b v1.0.0 // indirect\n\texample.com/c v1.0.0 // indirect\n\texample.com/d v1.0.0 // indirect\n)\n")
	git("add", ".")
	git("commit", "-q", "-m", "pr")

	r := &audit.Report{Ecosystems: []audit.EcosystemReport{{
		Name:      "go",
		Manifests: []string{"go.mod"},
		Declared: []ecosystems.Dependency{
			{Name: "example.com/a", Indirect: true}, {Name: "example.com/c", Indirect: true}, {Name: "example.com/d", Indirect: true},
		},
		Findings: []audit.Finding{
			{Kind: audit.Manifest, Reason: audit.ReasonIndirect, Package: "example.com/a"},                                 // marked so at base
			{Kind: audit.Manifest, Reason: audit.ReasonIndirect, Package: "example.com/c"},                                 // direct at base
			{Kind: audit.Manifest, Reason: audit.ReasonIndirect, Package: "example.com/d"},                                 // added
			{Kind: audit.Phantom, Reason: audit.ReasonUntested, Package: "example.com/a"},                                  // required at base
			{Kind: audit.Hidden, Reason: audit.ReasonTransitive, Package: "example.com/b", Via: []string{"example.com/c"}}, // through a base declaration
		},
	}}}
	enrichAt(t, root, base, gomod.New(), r)
	got := map[string]string{}
	for _, f := range r.Ecosystems[0].Findings {
		got[string(f.Kind)+":"+f.Package] = f.Change
	}
	want := map[string]string{
		"manifest:example.com/a": "existing", "manifest:example.com/c": "new", "manifest:example.com/d": "new",
		"phantom:example.com/a": "existing", "hidden:example.com/b": "existing",
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("Change (-want +got):\n%s", diff)
	}
}

// enrichAt marks r's findings against the base commit of the repository
// at dir, read with the ecosystem eco.
func enrichAt(t *testing.T, dir, base string, eco ecosystems.Ecosystem, r *audit.Report) {
	t.Helper()
	b, err := (Comparison{Dir: dir, Base: base, Ecosystems: []ecosystems.Ecosystem{eco}}).Read(context.Background(), "")
	if err != nil {
		t.Fatal(err)
	}
	if err := b.Enrich(context.Background(), r); err != nil {
		t.Fatal(err)
	}
}

// TestEnrichFetch checks, on a real shallow clone of a real repository
// (actions/checkout's one commit), that a base missing from it is
// fetched from origin and then read verified, and that a base that is
// not fetched, cannot be fetched or is not a full commit ID is an error
// that leaves the findings unmarked.
func TestEnrichFetch(t *testing.T) {
	// The upstream repository: the base declares a, the pull request's
	// head b too.
	up, upGit := gitRepo(t)
	write(t, up, "deps.json", `{"dependencies": {"a": "1"}}`)
	upGit("add", ".")
	upGit("commit", "-q", "-m", "base")
	base := upGit("rev-parse", "HEAD")
	write(t, up, "deps.json", `{"dependencies": {"a": "1", "b": "1"}}`)
	upGit("commit", "-q", "-am", "pr")
	tests := []struct {
		name    string
		fetch   bool
		origin  string // the clone's origin, "" for upstream
		base    string // "" for the base commit
		wantErr string
	}{
		{name: "fetched", fetch: true},
		{name: "noFetch", wantErr: "base commit " + base[:7] + " is not in the clone: git cat-file -e " + base + "^{commit}: "},
		{name: "fetchFails", fetch: true, origin: filepath.Join(t.TempDir(), "gone"), wantErr: "fetch base commit " + base[:7] + ": git fetch --no-tags --depth=1 origin " + base + ": "},
		{name: "abbreviated", fetch: true, base: base[:10], wantErr: `base "` + base[:10] + `" is not a full commit ID`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			// actions/checkout's clone: the head commit alone.
			dir := t.TempDir()
			clone := gitcmd.Command(context.Background(), dir, "clone", "-q", "--depth=1", "file://"+up, "work")
			if out, err := clone.CombinedOutput(); err != nil {
				t.Fatalf("git clone: %v\n%s", err, out)
			}
			dir = filepath.Join(dir, "work")
			if tt.origin != "" {
				if out, err := gitcmd.Command(context.Background(), dir, "remote", "set-url", "origin", tt.origin).CombinedOutput(); err != nil {
					t.Fatalf("git remote: %v\n%s", err, out)
				}
			}
			b := tt.base
			if b == "" {
				b = base
			}
			r := &audit.Report{Ecosystems: []audit.EcosystemReport{{Name: "npm", Manifests: []string{"deps.json"},
				Findings: []audit.Finding{{Kind: audit.Phantom, Reason: audit.ReasonUnused, Package: "a"}, {Kind: audit.Phantom, Reason: audit.ReasonUnused, Package: "b"}}}}}
			c, err := (Comparison{Dir: dir, Base: b, Fetch: tt.fetch, Ecosystems: []ecosystems.Ecosystem{jsonDeps{}}}).Read(context.Background(), "")
			if err == nil {
				err = c.Enrich(context.Background(), r)
			}
			if tt.wantErr == "" && err != nil || tt.wantErr != "" && (err == nil || !strings.HasPrefix(err.Error(), tt.wantErr)) {
				t.Fatalf("err = %v, want %q", err, tt.wantErr)
			}
			want := map[string]string{"a": "", "b": ""}
			if tt.wantErr == "" {
				want = map[string]string{"a": "existing", "b": "new"}
			}
			if diff := cmp.Diff(want, changes(r)); diff != "" {
				t.Errorf("changes (-want +got):\n%s", diff)
			}
		})
	}
	if _, err := (Comparison{Base: "0000000000000000000000000000000000000000"}).Read(context.Background(), ""); err == nil {
		t.Error("an all-zero base (a new branch) was compared")
	}
}
