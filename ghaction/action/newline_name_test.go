package action

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/envaudit/envaudit/ecosystems/npm"
	"github.com/envaudit/envaudit/ghaction/bundle"
)

// TestAttackNewlinePackageName declares a package whose name holds a
// line break (a package.json key may), which no bundle may carry raw. The
// bundle is still written, with the name shown as its visible escape and
// a warning saying so: mode audit's bundle validates, and mode single's
// holder publishes the audit, the name inert in its summary.
func TestAttackNewlinePackageName(t *testing.T) {
	files := map[string]string{
		"app/package.json": `{"name": "app", "version": "1.0.0", "dependencies": {"evil\n| forged | row |": "1.0.0", "left-pad": "1.3.0"}}` + "\n",
		// left-pad is installed, the other is not: a phantom the
		// summary lists.
		"app/node_modules/left-pad/package.json": `{"name": "left-pad", "version": "1.3.0"}` + "\n",
	}
	const shown = "evil␊| forged | row |"
	for _, tt := range []struct {
		name string
		env  []string
	}{
		{name: "audit", env: []string{"INPUT_MODE=audit"}},
		{name: "single", env: []string{"INPUT_MODE=single", childVar + "=1", childEcoVar + "=npm"}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			dir := t.TempDir()
			bundleDir, summary := filepath.Join(dir, "bundle"), filepath.Join(dir, "summary.md")
			must(t, os.WriteFile(summary, nil, 0o644))
			env := append([]string{
				"GITHUB_SHA=" + strings.Repeat("d", 40), "INPUT_BUNDLE=" + bundleDir, "GITHUB_STEP_SUMMARY=" + summary,
			}, tt.env...)
			code, stdout, stderr := runAction(t, files, "/bin/true", env, npm.New())
			if code == ExitUsage {
				t.Fatalf("exit %d\nstdout:\n%s\nstderr:\n%s", code, stdout, stderr)
			}
			if strings.Contains(stdout, "no publish bundle written") || strings.Contains(stdout, "bundle refused") {
				t.Errorf("no bundle:\n%s", stdout)
			}
			warned := false
			for _, c := range runnerCommands(stdout) {
				warned = warned || strings.HasPrefix(c, "::warning::") && strings.Contains(c, "control, bidirectional or zero-width character")
			}
			if !warned {
				t.Errorf("no warning says a name was shown otherwise:\n%s", stdout)
			}
			md, err := os.ReadFile(summary)
			if err != nil {
				t.Fatal(err)
			}
			// Mode audit's summary renders its own report, where the line
			// break is a space; the holder's, the bundle's, with the
			// control picture.
			inert := map[string]string{"audit": "evil \\| forged", "single": "evil␊\\| forged"}[tt.name]
			if !strings.Contains(string(md), inert) || strings.Contains(string(md), "\n| forged") {
				t.Errorf("the job summary does not show the package inert (%q):\n%s", inert, md)
			}
			if tt.name != "audit" {
				return
			}
			b, err := bundle.Read(bundleDir)
			if err != nil {
				t.Fatalf("the bundle does not read back: %v", err)
			}
			found := false
			for _, e := range b.Report.Ecosystems {
				for _, d := range e.Declared {
					found = found || d.Name == shown
				}
			}
			if !found {
				t.Errorf("the bundle does not declare %q: %+v", shown, b.Report.Ecosystems)
			}
		})
	}
}
