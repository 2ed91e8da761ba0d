package system

import (
	"os"
	"path/filepath"
	"slices"
	"testing"

	"github.com/envaudit/envaudit/ecosystems"
	"github.com/envaudit/envaudit/ecosystems/internal/ecotest"
	"github.com/google/go-cmp/cmp"
)

// TestInstalledPackageManager checks that a program only a package
// manager the tests ran executed (pip's lsb_release) is the package
// manager's: excluded with the reason, no root of D2; while a program the
// project's own processes also ran, or one run under something that only
// calls itself pip, stays the project's.
func TestInstalledPackageManager(t *testing.T) {
	pipFiles := []string{"/usr/lib/python3/dist-packages/pip/__main__.py", "/usr/lib/python3/dist-packages/pip/_internal/cli/main.py"}
	tests := "/usr/bin/bash"
	python := "/usr/bin/python3.11"
	root := t.TempDir()
	if r, err := filepath.EvalSymlinks(root); err == nil {
		root = r
	}
	npmFiles := []string{"/usr/lib/node_modules/npm/lib/cli.js"}
	npmCI := []string{"node", "/usr/lib/node_modules/npm/bin/npm-cli.js", "ci"}
	for _, tc := range []struct {
		name         string
		procs        []ecosystems.Process
		wantExcluded string // jq's exclusion, "" when jq stays
	}{
		{
			name: "onlyUnderPip",
			procs: []ecosystems.Process{
				{ID: 1, Exe: tests, Argv: []string{"bash", "test.sh"}},
				{ID: 2, Parent: 1, Exe: python, Argv: []string{".venv/bin/python", "-m", "pip", "install", "x"}, Files: pipFiles},
				{ID: 3, Parent: 2, Exe: "/usr/bin/dash", Argv: []string{"/bin/sh", "-c", "jq"}},
				{ID: 4, Parent: 3, Exe: "/usr/bin/jq", Argv: []string{"jq"}},
			},
			wantExcluded: "used only by pip (.venv/bin/python -m pip install x), a package manager the command ran",
		},
		{
			name: "pipConsoleScript",
			procs: []ecosystems.Process{
				{ID: 1, Exe: tests, Argv: []string{"bash", "test.sh"}},
				{ID: 2, Parent: 1, Exe: python, Argv: []string{"/usr/bin/python3", "/usr/bin/pip3", "download", "x"}, Files: pipFiles},
				{ID: 4, Parent: 2, Exe: "/usr/bin/jq", Argv: []string{"jq"}},
			},
			wantExcluded: "used only by pip (/usr/bin/python3 /usr/bin/pip3 download x), a package manager the command ran",
		},
		{
			name: "npmInstall",
			procs: []ecosystems.Process{
				{ID: 1, Exe: tests, Argv: []string{"bash", "test.sh"}},
				{ID: 2, Parent: 1, Exe: "/usr/bin/node", Argv: []string{"node", "/usr/lib/node_modules/npm/bin/npm-cli.js", "--silent", "ci"}, Files: []string{"/usr/lib/node_modules/npm/lib/cli.js"}},
				{ID: 4, Parent: 2, Exe: "/usr/bin/jq", Argv: []string{"jq"}},
			},
			wantExcluded: "used only by npm (node /usr/lib/node_modules/npm/bin/npm-cli.js --silent ci), a package manager the command ran",
		},
		{
			// npm ci runs the root package's own lifecycle scripts in the
			// project's directory: what they run is the project's.
			name: "npmRootScript",
			procs: []ecosystems.Process{
				{ID: 1, Exe: tests, Argv: []string{"bash", "test.sh"}, Cwd: root},
				{ID: 2, Parent: 1, Exe: "/usr/bin/node", Argv: npmCI, Files: npmFiles, Cwd: root},
				{ID: 3, Parent: 2, Exe: "/usr/bin/dash", Argv: []string{"sh", "-c", "jq . data.json"}, Cwd: root},
				{ID: 4, Parent: 3, Exe: "/usr/bin/jq", Argv: []string{"jq", "."}, Cwd: root},
			},
		},
		{
			// A dependency's install script runs in its own directory.
			name: "npmDependencyScript",
			procs: []ecosystems.Process{
				{ID: 1, Exe: tests, Argv: []string{"bash", "test.sh"}, Cwd: root},
				{ID: 2, Parent: 1, Exe: "/usr/bin/node", Argv: npmCI, Files: npmFiles, Cwd: root},
				{ID: 3, Parent: 2, Exe: "/usr/bin/dash", Argv: []string{"sh", "-c", "jq"}, Cwd: root + "/node_modules/dep"},
				{ID: 4, Parent: 3, Exe: "/usr/bin/jq", Argv: []string{"jq"}, Cwd: root + "/node_modules/dep"},
			},
			wantExcluded: "used only by npm (node /usr/lib/node_modules/npm/bin/npm-cli.js ci), a package manager the command ran",
		},
		{
			// npm test runs the project's own scripts: what they run is
			// the project's.
			name: "npmTestIsNoInstall",
			procs: []ecosystems.Process{
				{ID: 2, Exe: "/usr/bin/node", Argv: []string{"node", "/usr/lib/node_modules/npm/bin/npm-cli.js", "test"}, Files: []string{"/usr/lib/node_modules/npm/lib/cli.js"}},
				{ID: 4, Parent: 2, Exe: "/usr/bin/jq", Argv: []string{"jq"}},
			},
		},
		{
			name: "alsoRunByTheProject",
			procs: []ecosystems.Process{
				{ID: 1, Exe: tests, Argv: []string{"bash", "test.sh"}},
				{ID: 2, Parent: 1, Exe: python, Argv: []string{"python3", "-m", "pip", "install", "x"}, Files: pipFiles},
				{ID: 3, Parent: 2, Exe: "/usr/bin/jq", Argv: []string{"jq"}},
				{ID: 4, Parent: 1, Exe: "/usr/bin/jq", Argv: []string{"jq", "."}},
			},
		},
		{
			// A module of the project named pip, run with -m, loads no
			// pip/_internal: what it runs is the project's.
			name: "pipImpostor",
			procs: []ecosystems.Process{
				{ID: 1, Exe: tests, Argv: []string{"bash", "test.sh"}},
				{ID: 2, Parent: 1, Exe: python, Argv: []string{"python3", "-m", "pip", "install", "x"}, Files: []string{"/home/user/project/pip/__main__.py"}},
				{ID: 3, Parent: 2, Exe: "/usr/bin/jq", Argv: []string{"jq"}},
			},
		},
	} {
		t.Run(tc.name, func(t *testing.T) {
			e := Ecosystem{System: os.DirFS("../../testdata/dpkg-root")}
			inv := ecotest.Installed(t, e, root, ecosystems.Env{Executables: []string{"/usr/bin/jq"}, Processes: tc.procs})
			got := ""
			for _, x := range inv.Excluded {
				if x.Name == "jq" {
					got = x.Why
				}
			}
			if diff := cmp.Diff(tc.wantExcluded, got); diff != "" {
				t.Errorf("jq's exclusion (-want +got):\n%s", diff)
			}
			inD2 := slices.ContainsFunc(inv.Packages, func(p ecosystems.Package) bool { return p.Name == "jq" })
			if inD2 != (tc.wantExcluded == "") {
				t.Errorf("jq in D2 = %v, want %v", inD2, tc.wantExcluded == "")
			}
		})
	}
}
