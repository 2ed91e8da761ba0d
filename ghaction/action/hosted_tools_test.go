package action

import (
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/envaudit/envaudit/audit"
	"github.com/envaudit/envaudit/ecosystems/gomod"
)

// TestHostedToolCache runs the Action on a Go project whose go command
// lies, as on GitHub's hosted runners after actions/setup-go, in a tool
// cache the runner user can write (here under HOME, which the Action
// counts as the tests' whoever owns it). Mode audit, which holds no
// secret, runs it and enumerates the installation; mode single's audit
// child does not, and says which program it passed over, where, why, and
// what to do instead.
func TestHostedToolCache(t *testing.T) {
	goBin, err := exec.LookPath("go")
	if err != nil {
		t.Fatalf("the go command is needed: %v", err)
	}
	goBin, err = filepath.EvalSymlinks(goBin)
	if err != nil {
		t.Fatal(err)
	}
	files := map[string]string{
		"app/go.mod":  "module example.com/app\n\ngo 1.22\n",
		"app/main.go": "package main\n\nfunc main() {}\n",
	}
	for _, tt := range []struct {
		name   string
		env    []string
		refuse bool
	}{
		{name: "audit", env: []string{"INPUT_MODE=audit"}},
		{name: "single", env: []string{"INPUT_MODE=single", childVar + "=1", childEcoVar + "=go"}, refuse: true},
	} {
		t.Run(tt.name, func(t *testing.T) {
			home := t.TempDir()
			cache := filepath.Join(home, "hostedtoolcache", "go", "1.26.8", "x64", "bin")
			must(t, os.MkdirAll(cache, 0o755))
			cached := filepath.Join(cache, "go")
			must(t, os.Symlink(goBin, cached))
			reportFile := filepath.Join(t.TempDir(), "report.json")
			env := append([]string{
				"INPUT_REPORT=" + reportFile, "HOME=" + home, "PATH=" + cache + string(filepath.ListSeparator) + "/usr/bin:/bin",
				"GITHUB_SHA=" + strings.Repeat("d", 40),
			}, tt.env...)
			code, stdout, stderr := runAction(t, files, "/bin/true", env, gomod.New())
			if code != ExitOK {
				t.Fatalf("exit %d\nstdout:\n%s\nstderr:\n%s", code, stdout, stderr)
			}
			report := readReport(t, reportFile)
			missing, reported := false, false
			for _, e := range report.Ecosystems {
				missing = missing || slices.Contains(e.Missing, audit.LayerInstalled)
				for _, w := range e.Warnings {
					reported = reported || strings.Contains(w, cached) && strings.Contains(w, "mode publish")
				}
			}
			warned := ""
			for _, c := range runnerCommands(stdout) {
				if strings.HasPrefix(c, "::warning::") && strings.Contains(c, cached) {
					warned = c
				}
			}
			if !tt.refuse {
				if missing || warned != "" {
					t.Errorf("mode audit did not run the tool cache's go: installed missing %v, warning %q\nstdout:\n%s", missing, warned, stdout)
				}
				return
			}
			if !missing {
				t.Errorf("mode single enumerated the installation with a go the runner user can write")
			}
			if !reported {
				t.Errorf("the report's warnings do not say why the tool cache's go was not run: %+v", report.Ecosystems)
			}
			for _, want := range []string{`"go" is not run`, cached, home, "the runner user can write", "mode audit", "mode publish", "workflow_run"} {
				if !strings.Contains(warned, want) {
					t.Errorf("the warning does not say %q: %q\nstdout:\n%s", want, warned, stdout)
				}
			}
		})
	}
}
