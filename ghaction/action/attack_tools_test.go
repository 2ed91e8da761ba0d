package action

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/envaudit/envaudit/ecosystems"
	"github.com/envaudit/envaudit/ecosystems/maven"
	"github.com/envaudit/envaudit/ecosystems/python"
)

// TestAttackPlantedGit reproduces issue 10's "a git the test planted in a
// user-writable PATH directory" (~/.local/bin, first on the PATH of
// GitHub's runners), planted by the test command and, before that, by an
// earlier step of the job: envaudit runs neither, and concludes what it
// does on the untouched checkout.
func TestAttackPlantedGit(t *testing.T) {
	want := gitOutcome{Changes: map[string]string{"lib-c": "new"}, Failing: "1", AgentAuthored: "true"}
	for _, tt := range []struct {
		name  string
		early bool
	}{{"byTheTest", false}, {"byAnEarlierStep", true}} {
		t.Run(tt.name, func(t *testing.T) {
			got, marker := runGitAttack(t, `mkdir -p "$HOME/.local/bin"; ln -sf "$EVIL" "$HOME/.local/bin/git"`, tt.early)
			if diff := cmp.Diff(want, got); diff != "" {
				t.Errorf("outcome (-untouched +attacked):\n%s", diff)
			}
			if b, err := os.ReadFile(marker); err == nil {
				t.Errorf("the planted git ran:\n%s", b)
			}
		})
	}
}

// TestAttackProjectPrograms reproduces issue 10's committed `mvnw` (run
// when mvn is not on PATH) and committed `.venv/bin/python` (run even when
// the tests use no Python): envaudit runs neither, with the token or
// without, and says why in the report.
func TestAttackProjectPrograms(t *testing.T) {
	evil := "#!/bin/sh\necho \"$0 $*\" >> \"$(dirname \"$0\")/../ran\"\nexit 1\n"
	tests := []struct {
		name  string
		eco   ecosystems.Ecosystem
		files map[string]string
		prog  string // the planted program, relative to the workspace
	}{
		{
			name: "mavenWrapper",
			eco:  maven.New(),
			files: map[string]string{
				"pom.xml": `<project><modelVersion>4.0.0</modelVersion><groupId>g</groupId><artifactId>a</artifactId><version>1</version></project>`,
				"mvnw":    evil,
			},
			prog: "mvnw",
		},
		{
			name: "venvPython",
			eco:  python.New(),
			files: map[string]string{
				"requirements.txt": "six==1.16.0\n", ".venv/pyvenv.cfg": "home = /usr/bin\n",
				".venv/bin/python": evil, ".venv/bin/python3": evil,
			},
			prog: ".venv/bin/python",
		},
	}
	for _, tt := range tests {
		for _, token := range []string{"", "ghs_envauditToolsToken0123456789"} {
			t.Run(tt.name+map[bool]string{true: "WithToken", false: "WithoutToken"}[token != ""], func(t *testing.T) {
				ws, temp := t.TempDir(), t.TempDir()
				writeFiles(t, ws, tt.files)
				for p := range tt.files {
					must(t, os.Chmod(filepath.Join(ws, p), 0o755))
				}
				writeFiles(t, temp, map[string]string{"set_output": ""})
				// No mvn and no python on PATH: the tests run /bin/true.
				environ := []string{
					"INPUT_RUN=/bin/true", "GITHUB_WORKSPACE=" + ws, "RUNNER_TEMP=" + temp,
					"PATH=" + t.TempDir(), "HOME=" + t.TempDir(), "INPUT_GITHUB_TOKEN=" + token,
					"GITHUB_OUTPUT=" + filepath.Join(temp, "set_output"),
				}
				var stdout, stderr bytes.Buffer
				a := &Action{Environ: func() []string { return environ }, Stdout: &stdout, Stderr: &stderr, Ecosystems: []ecosystems.Ecosystem{tt.eco}, Version: "test"}
				t.Chdir(ws)
				a.Run(t.Context())
				if b, err := os.ReadFile(filepath.Join(ws, filepath.Dir(tt.prog), "..", "ran")); err == nil {
					t.Errorf("envaudit ran the project's %s:\n%s", tt.prog, b)
				}
				report, err := os.ReadFile(filepath.Join(temp, "envaudit-report.json"))
				if err != nil {
					t.Fatalf("no report: %v\nstdout:\n%s\nstderr:\n%s", err, stdout.String(), stderr.String())
				}
				if !strings.Contains(string(report), "not run") && !strings.Contains(string(report), "was not asked") {
					t.Errorf("the report does not say why %s was not run:\n%s", tt.prog, report)
				}
			})
		}
	}
}
