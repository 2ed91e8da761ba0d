package engine

import (
	"os"
	"path/filepath"
	"testing"
)

// TestRepoTop holds that the repository a location is made relative to is
// found as git finds it: the nearest .git at or above the project, never
// up into a directory GIT_CEILING_DIRECTORIES lists (a stray /.git on a
// crowded machine is then nobody's repository).
func TestRepoTop(t *testing.T) {
	top := resolved(t.TempDir())
	repo := filepath.Join(top, "repo")
	project := filepath.Join(repo, "sub", "app")
	if err := os.MkdirAll(project, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.Mkdir(filepath.Join(repo, ".git"), 0o755); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name, ceiling, root, workspace, want string
	}{
		{"noCeiling", "", project, "", repo},
		{"ceilingAboveRepo", top, project, "", repo},
		{"ceilingAtRepo", repo, project, "", ""},
		{"ceilingBelowRepo", filepath.Join(repo, "sub"), project, "", ""},
		{"rootIsTop", repo, repo, "", repo},
		{"relativeCeilingIgnored", "repo", project, "", repo},
		{"none", top, filepath.Join(top, "elsewhere"), "", ""},
		{"workspaceFirst", repo, project, top, top},
		{"noRoot", "", "", top, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Setenv("GIT_CEILING_DIRECTORIES", tt.ceiling)
			if got := RepoTop(tt.root, tt.workspace); got != tt.want {
				t.Errorf("RepoTop(%s, %q) with ceiling %q = %q, want %q", tt.root, tt.workspace, tt.ceiling, got, tt.want)
			}
		})
	}
}
