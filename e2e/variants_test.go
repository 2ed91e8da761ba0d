package e2e

import (
	"testing"

	"go.yaml.in/yaml/v3"

	"github.com/envaudit/envaudit/policy"
)

// The README shows the audit workflow of an npm project at the
// repository's root. The other projects' workflows are derived from it
// here, each edit what the docs tell a user of that project to change
// ("Python works the same way (run: python -m pytest after pip install
// -r requirements.txt), and so do ... Go"): the set-up step of the
// project's toolchain instead of setup-node, its install command instead
// of npm ci, its test command as the Action's run, and working-directory
// for a project that is not at the root.

// The README's steps the variants replace.
const (
	setupNodeStep = "actions/setup-node@"
	installStep   = "npm ci"
	actionStep    = "envaudit/envaudit@"
)

// edit changes a workflow's YAML.
type edit = func(*testing.T, *yaml.Node)

// pythonEdits make the audit workflow of a Python project:
// actions/setup-python (v5.6.0, pinned as the README pins its actions),
// pip install of the requirements, pytest.
func pythonEdits() []edit {
	return []edit{
		replaceStep(setupNodeStep, `
- uses: actions/setup-python@a26af69be951a213d495a4c3e4e4022e16d87065
  with:
    python-version: "3.x"
`),
		replaceStep(installStep, "- run: pip install -r requirements.txt\n"),
		setWith(actionStep, "run", "python -m pytest"),
	}
}

// goEdits make the audit workflow of a Go project: actions/setup-go
// (v5.5.0, pinned) with the project's go.mod (its own cache off: the
// module cache is the machine's), go mod download, go test.
func goEdits() []edit {
	return []edit{
		replaceStep(setupNodeStep, `
- uses: actions/setup-go@d35c59abb061a4a6fb18e82ac0862c26744d6ab5
  with:
    go-version-file: go.mod
    cache: false
`),
		replaceStep(installStep, "- run: go mod download\n"),
		setWith(actionStep, "run", "go test ./..."),
	}
}

// goGate is the Go project's gate: the default fail-on and stale
// "// indirect" marks, the Go pull request's mistake (the go command
// builds no import of a module go.mod lacks, so an undeclared import is
// a requirement marked indirect).
func goGate() edit {
	return setWith(actionStep, "fail-on", policy.DefaultFailOn+",manifest:indirect")
}

// subdirEdits make the README's audit workflow for an npm project in
// directory dir: npm ci there, and the Action's working-directory.
func subdirEdits(dir string) []edit {
	return []edit{setStep(installStep, "working-directory", dir), setWith(actionStep, "working-directory", dir)}
}

// singleEdits put the README's audit workflow in mode single, with the
// permission docs/action.md lists for it (pull-requests: write).
func singleEdits() []edit {
	return []edit{setWith(actionStep, "mode", "single"), setPermissions("{contents: read, pull-requests: write}")}
}

// withoutAction replaces the Action's step by a plain step that runs the
// same test command in the same directory: the job as it is without the
// Action, whose test command's environment the traced command's must
// equal.
func withoutAction(t *testing.T, root *yaml.Node) {
	ss, i := step(t, root, actionStep)
	with := get(ss.Content[i], "with")
	s := &yaml.Node{Kind: yaml.MappingNode}
	set(s, "run", scalar(get(with, "run").Value))
	if wd := get(with, "working-directory"); wd != nil {
		set(s, "working-directory", scalar(wd.Value))
	}
	ss.Content[i] = s
}
