package engine

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/envaudit/envaudit/audit"
	"github.com/envaudit/envaudit/basecommit"
	"github.com/envaudit/envaudit/internal/gittest"
	"github.com/envaudit/envaudit/policy"
	"github.com/google/go-cmp/cmp"
)

const (
	ignoreX   = "ignore:\n  - package: x\n    reason: vendored\n"
	ignoreAll = "ignore:\n  - package: \"*\"\n    reason: anything goes\n"
	broken    = "ignore:\n  - package: [\n"
)

// gateRepo makes a git repository whose one commit, "base", is the
// project of project() with the files given; the files of head are then
// written over the work tree, uncommitted. It returns the work tree and
// the commit's hash.
func gateRepo(t *testing.T, base, head map[string]string) (dir, sha string) {
	t.Helper()
	dir = project(t)
	git := gittest.Git(t, dir)
	writeAll := func(files map[string]string) {
		for name, content := range files {
			if err := os.WriteFile(filepath.Join(dir, name), []byte(content), 0o644); err != nil {
				t.Fatal(err)
			}
		}
	}
	git("init", "-q", "-b", "main")
	writeAll(base)
	git("add", "-A")
	git("commit", "-q", "-m", "base")
	writeAll(head)
	return dir, git("rev-parse", "HEAD")
}

// TestLoadGatingErrors holds that every input the sources name is read
// before anything runs, and that what cannot be used is an error the
// front end can put its own flag name on (SourceError), a revision that
// names no commit one it can tell from a broken input (RevisionError).
func TestLoadGatingErrors(t *testing.T) {
	dir, _ := gateRepo(t, map[string]string{".envaudit.yml": broken}, map[string]string{".envaudit.yml": ignoreX, "broken.yml": broken, "baseline.json": "{"})
	if err := os.Mkdir(filepath.Join(dir, "cfgdir"), 0o755); err != nil {
		t.Fatal(err)
	}
	in := func(name string) string { return filepath.Join(dir, name) }
	tests := []struct {
		name     string
		dir      string
		src      GateSources
		source   Source // "" for an error that is no SourceError
		revision bool
		msg      string // a part of the message
	}{
		{"missingDir", in("nowhere"), GateSources{}, "", false, "does not exist"},
		{"both", dir, GateSources{Config: in("broken.yml"), NoConfig: true}, SourceConfig, false, "both"},
		{"missingConfig", dir, GateSources{Config: in("missing.yml")}, SourceConfig, false, "no such file or directory"},
		{"configDir", dir, GateSources{Config: in("cfgdir")}, SourceConfig, false, "is not a regular file"},
		{"brokenConfig", dir, GateSources{Config: in("broken.yml")}, "", false, "broken.yml:"},
		{"noCommit", dir, GateSources{NoConfig: true, Base: "no-such-branch"}, SourceBase, true, `"no-such-branch" is not a commit`},
		{"option", dir, GateSources{NoConfig: true, Base: "--output=x"}, SourceBase, true, "is not a commit"},
		{"baseUnparsable", dir, GateSources{Base: "main"}, SourceBase, false, ".envaudit.yml at main: .envaudit.yml:"},
		{"missingBaseline", dir, GateSources{NoConfig: true, Baseline: in("missing.json")}, SourceBaseline, false, "missing.json"},
		{"brokenBaseline", dir, GateSources{NoConfig: true, Baseline: in("baseline.json")}, SourceBaseline, false, "baseline.json"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			g, err := LoadGating(context.Background(), tt.dir, ecos, tt.src)
			if err == nil {
				t.Fatalf("LoadGating = %+v, want an error", g)
			}
			if !strings.Contains(err.Error(), tt.msg) {
				t.Errorf("error %q does not say %q", err, tt.msg)
			}
			var se *SourceError
			source := Source("")
			if errors.As(err, &se) {
				source = se.Source
			}
			var re *RevisionError
			if source != tt.source || errors.As(err, &re) != tt.revision {
				t.Errorf("error %q: source %q, revision %t; want %q, %t", err, source, errors.As(err, &re), tt.source, tt.revision)
			}
			var de *DirError
			if errors.As(err, &de) != (tt.name == "missingDir") {
				t.Errorf("error %q: DirError %t", err, errors.As(err, &de))
			}
		})
	}
}

// TestLoadGating holds which configuration gates, which files are inputs
// no output may overwrite, and what Apply warns of: with a base and no
// configuration named the base commit's .envaudit.yml gates, and what the
// change edits in it is reported, not applied.
func TestLoadGating(t *testing.T) {
	tests := []struct {
		name       string
		base, head map[string]string
		src        GateSources
		ignored    bool     // x's finding is ignored
		inputs     []string // relative to the project
		warnings   []string // the start of each warning
		existing   bool     // the gate lets existing findings fail
	}{
		{"found", nil, map[string]string{".envaudit.yml": ignoreX}, GateSources{}, true, []string{".envaudit.yml"}, nil, true},
		{"noConfig", nil, map[string]string{".envaudit.yml": ignoreX}, GateSources{NoConfig: true}, false, nil, nil, true},
		{"named", nil, map[string]string{"other.yml": ignoreX}, GateSources{Config: "other.yml"}, true, []string{"other.yml"}, nil, true},
		{
			"baseGates", map[string]string{".envaudit.yml": ignoreX}, map[string]string{".envaudit.yml": ignoreAll}, GateSources{Base: "main"},
			true, []string{".envaudit.yml"}, []string{"this change edits .envaudit.yml, which takes effect after merge"}, false,
		},
		{
			"baseHasNone", nil, map[string]string{".envaudit.yml": ignoreX}, GateSources{Base: "main"},
			false, []string{".envaudit.yml"}, []string{"this change edits .envaudit.yml"}, false,
		},
		{"namedOverBase", nil, map[string]string{"other.yml": ignoreX}, GateSources{Config: "other.yml", Base: "main"}, true, []string{"other.yml"}, nil, false},
		{
			"baseUnparsable", map[string]string{".envaudit.yml": broken}, nil, GateSources{Config: "", NoConfig: true, Base: "main"},
			false, nil, nil, false,
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			dir, _ := gateRepo(t, tt.base, tt.head)
			t.Chdir(dir)
			g, err := LoadGating(context.Background(), ".", ecos, tt.src)
			if err != nil {
				t.Fatal(err)
			}
			var inputs []string
			for _, in := range g.Inputs() {
				inputs = append(inputs, filepath.ToSlash(strings.TrimPrefix(in, dir+string(filepath.Separator))))
			}
			if diff := cmp.Diff(tt.inputs, inputs); diff != "" {
				t.Errorf("Inputs (-want +got):\n%s", diff)
			}
			r := &audit.Report{Ecosystems: []audit.EcosystemReport{{Name: "a", Findings: []audit.Finding{{Kind: audit.Phantom, Package: "x"}}}}}
			warnings := g.Apply(context.Background(), r)
			if len(warnings) != len(tt.warnings) {
				t.Fatalf("Apply warned %q, want %d warnings", warnings, len(tt.warnings))
			}
			for i, w := range warnings {
				if !strings.HasPrefix(w, tt.warnings[i]) {
					t.Errorf("warning %d = %q, want it to start %q", i, w, tt.warnings[i])
				}
			}
			if diff := cmp.Diff(warnings, r.Warnings); diff != "" {
				t.Errorf("report's warnings (-returned +report):\n%s", diff)
			}
			if got := r.Ecosystems[0].Findings[0].Ignored != ""; got != tt.ignored {
				t.Errorf("x ignored = %t, want %t", got, tt.ignored)
			}
			if got := g.Gate(nil).Existing; got != tt.existing {
				t.Errorf("Gate.Existing = %t, want %t", got, tt.existing)
			}
		})
	}
}

// TestBaseConfig holds the choice both front ends make for a change
// compared with its base commit: the base's configuration, what the
// change edits in it, and the cases each front end then decides itself.
func TestBaseConfig(t *testing.T) {
	tests := []struct {
		name       string
		base, head map[string]string
		unreadable bool // the base cannot be read
		ignored    bool // the chosen configuration ignores x
		changes    int
		unread     bool
		err        bool
	}{
		{"same", map[string]string{".envaudit.yml": ignoreX}, nil, false, true, 0, false, false},
		{"loosened", map[string]string{".envaudit.yml": ignoreX}, map[string]string{".envaudit.yml": ignoreAll}, false, true, 2, false, false},
		{"none", nil, map[string]string{".envaudit.yml": ignoreAll}, false, false, 1, false, false},
		{"unparsable", map[string]string{".envaudit.yml": broken}, map[string]string{".envaudit.yml": ignoreX}, false, false, 0, false, true},
		{"unreadable", nil, map[string]string{".envaudit.yml": ignoreX}, true, false, 0, true, false},
		{"unreadableNoSettings", nil, nil, true, false, 0, false, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			dir, sha := gateRepo(t, tt.base, tt.head)
			head, err := policy.LoadConfig(filepath.Join(dir, policy.ConfigFile), policy.ConfigFile, nil)
			if err != nil {
				t.Fatal(err)
			}
			var base *basecommit.Base
			if !tt.unreadable {
				if base, err = (basecommit.Comparison{Dir: dir, Base: sha, Ecosystems: ecos}).Read(context.Background(), policy.ConfigFile); err != nil {
					t.Fatal(err)
				}
			}
			c := BaseConfig(head, base, nil)
			if (c.Err != nil) != tt.err || c.Unread != tt.unread || len(c.Changes) != tt.changes {
				t.Errorf("BaseConfig = err %v, unread %t, changes %q; want err %t, unread %t, %d changes", c.Err, c.Unread, c.Changes, tt.err, tt.unread, tt.changes)
			}
			if c.Config == nil {
				t.Fatal("BaseConfig's Config is nil")
			}
			r := &audit.Report{Ecosystems: []audit.EcosystemReport{{Name: "a", Findings: []audit.Finding{{Kind: audit.Phantom, Package: "x"}}}}}
			if err := c.Config.Enrich(context.Background(), r); err != nil {
				t.Fatal(err)
			}
			if got := r.Ecosystems[0].Findings[0].Ignored != ""; got != tt.ignored {
				t.Errorf("the chosen configuration ignores x: %t, want %t", got, tt.ignored)
			}
		})
	}
}
