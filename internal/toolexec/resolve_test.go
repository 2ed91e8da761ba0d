package toolexec

import (
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// TestResolver plants programs where a Strict policy must pass them over
// (the workspace, a directory the tests write, a directory everyone may
// write, one owned by the user the tests run as) before a real program
// the system installed, and checks what Look and Check find, and why they
// pass over the rest.
func TestResolver(t *testing.T) {
	sh, err := exec.LookPath("sh")
	if err != nil {
		t.Fatal(err)
	}
	system := filepath.Dir(realPath(sh)) // root's, as installed
	if st, err := os.Stat(system); err != nil || st.Mode()&0o022 != 0 {
		t.Fatalf("%s is writable by others (%v): the test needs a system directory", system, err)
	}
	base := t.TempDir()
	ws := filepath.Join(base, "ws")
	dirs := map[string]string{
		"workspace": filepath.Join(ws, ".venv", "bin"),
		"home":      filepath.Join(base, "home", ".local", "bin"),
		"shared":    filepath.Join(base, "shared"),
		"owned":     filepath.Join(base, "owned", "bin"),
	}
	for _, d := range dirs {
		plant(t, d, "sh")
	}
	must(t, os.Chmod(dirs["shared"], 0o777))
	// The owned directory belongs to the test user (uid 4242 below),
	// though its own mode lets only them write: they may chmod it.
	must(t, os.Chown(filepath.Dir(dirs["owned"]), 4242, 4242))
	path := strings.Join([]string{dirs["workspace"], dirs["home"], dirs["shared"], dirs["owned"], system}, string(filepath.ListSeparator))
	strict := Policy{
		Environ:      []string{"PATH=" + path},
		Strict:       true,
		Workspace:    ws,
		WritableDirs: []string{filepath.Join(base, "home")},
	}
	reasons := map[string]string{
		dirs["workspace"]: "inside the workspace",
		dirs["home"]:      "which the tests can write",
		dirs["shared"]:    "a directory the tests could change",
		dirs["owned"]:     "a directory the tests could change",
	}
	tests := []struct {
		name     string
		policy   Policy
		look     string
		want     string
		skipped  []string // the directories of the programs passed over
		notFound bool
	}{
		{name: "strict", policy: strict, look: "sh", want: filepath.Join(system, "sh"), skipped: nil},
		{name: "plain", policy: Policy{Environ: strict.Environ}, look: "sh", want: filepath.Join(dirs["workspace"], "sh")},
		{name: "onlyUntrusted", policy: withPath(strict, dirs["workspace"], dirs["home"], dirs["shared"], dirs["owned"]), look: "sh",
			skipped: []string{dirs["workspace"], dirs["home"], dirs["shared"], dirs["owned"]}},
		{name: "missing", policy: strict, look: "no-such-tool-here", notFound: true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := NewResolver(tt.policy)
			// The tests' user is 4242; and the test's directories lie in
			// /tmp, which the Resolver takes as the tests' whoever owns
			// it: only the home directory is kept.
			r.uid = 4242
			r.writable = []string{realPath(filepath.Join(base, "home"))}
			got, err := r.look([]string{tt.look})
			if got != tt.want {
				t.Errorf("Look(%q) = %q, want %q (error %v)", tt.look, got, tt.want, err)
			}
			var se *SkippedError
			var skipped []string
			if errors.As(err, &se) {
				for _, s := range se.Found {
					skipped = append(skipped, filepath.Dir(s.Path))
					if want := reasons[filepath.Dir(s.Path)]; !strings.Contains(s.Reason, want) {
						t.Errorf("%s passed over because it %s, want %q", s.Path, s.Reason, want)
					}
				}
			}
			if diff := cmp.Diff(tt.skipped, skipped); diff != "" {
				t.Errorf("passed over (-want +got):\n%s\nerror: %v", diff, err)
			}
			if errors.Is(err, ErrNotFound) != tt.notFound {
				t.Errorf("error %v, want not found: %v", err, tt.notFound)
			}
		})
	}
}

// TestResolverCheck: a program named otherwise than by PATH passes the
// same rules, and one inside the workspace runs only when the policy
// allows the project's code and the tests ran it themselves.
func TestResolverCheck(t *testing.T) {
	ws := t.TempDir()
	python := filepath.Join(ws, ".venv", "bin", "python")
	plant(t, filepath.Dir(python), "python")
	sh, err := exec.LookPath("sh")
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name     string
		policy   Policy
		path     string
		executed []string
		ok       bool
	}{
		{name: "system", policy: Policy{Strict: true, Workspace: ws}, path: sh, ok: true},
		{name: "workspace", policy: Policy{Strict: true, Workspace: ws}, path: python, executed: []string{python}},
		{name: "workspaceNotRun", policy: Policy{Strict: true, Workspace: ws, Project: true}, path: python},
		{name: "workspaceRun", policy: Policy{Strict: true, Workspace: ws, Project: true}, path: python, executed: []string{python}, ok: true},
		{name: "plain", policy: Policy{Workspace: ws}, path: python, ok: true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := NewResolver(tt.policy).Check(tt.path, tt.executed)
			if (err == nil) != tt.ok || tt.ok && got != tt.path {
				t.Errorf("Check(%q) = %q, %v; want allowed: %v", tt.path, got, err, tt.ok)
			}
		})
	}
}

// TestResolverProjectCode: only a strict policy without Project keeps
// the project's code from running.
func TestResolverProjectCode(t *testing.T) {
	for _, tt := range []struct {
		policy Policy
		want   bool
	}{{Policy{}, true}, {Policy{Strict: true}, false}, {Policy{Strict: true, Project: true}, true}} {
		if err := NewResolver(tt.policy).ProjectCode(); (err == nil) != tt.want || err != nil && !errors.Is(err, ErrProjectCode) {
			t.Errorf("%+v: ProjectCode() = %v, want allowed: %v", tt.policy, err, tt.want)
		}
	}
}

// TestResolverBeforeTheRun: the Tools are looked up when the Resolver is
// made; a program planted on PATH afterwards is not found.
func TestResolverBeforeTheRun(t *testing.T) {
	dir := t.TempDir()
	r := NewResolver(Policy{Environ: []string{"PATH=" + dir}})
	plant(t, dir, "git")
	if got, err := r.Look("git"); err == nil {
		t.Errorf("Look(git) = %q, planted after the Resolver was made", got)
	}
}

func withPath(p Policy, dirs ...string) Policy {
	p.Environ = []string{"PATH=" + strings.Join(dirs, string(filepath.ListSeparator))}
	return p
}

// plant writes an executable script name in dir.
func plant(t *testing.T, dir, name string) {
	t.Helper()
	must(t, os.MkdirAll(dir, 0o755))
	must(t, os.WriteFile(filepath.Join(dir, name), []byte("#!/bin/sh\nexit 0\n"), 0o755))
}

func must(t *testing.T, err error) {
	t.Helper()
	if err != nil {
		t.Fatal(err)
	}
}
