// Package e2e owns the end-to-end tier of the Action's tests: the two
// workflows exactly as README.md shows them, read from the README, run
// job by job on an emulated GitHub Actions runner (internal/ghrunner)
// against the fake GitHub API (ghaction/ghfake), with action.yml
// executed step by step as a runner executes a composite action, and
// stand-ins for the third-party actions the workflows use that do what
// each real one documents. The projects are real installs (npm ci, a
// virtual environment over the system's Python, go test on the module
// cache) made offline from what scripts/setup.d/e2e.sh prepared.
//
// The tier proves what a user of the README gets: the audit job annotates
// and gates with a read-only token and makes no API write, the publish
// job posts the review, the summary comment and the check run from the
// audit's artifact and runs nothing of the pull request, the token never
// reaches the tests, the README's @v1 installs the prebuilt binary of the
// release its commit has (the fake API's tags and commits say which)
// without compiling envaudit, and the Action leaves the job's toolchain
// as it was. The study workflow of docs/action.md runs there too, as one
// workflow run: its matrix of projects, the reusable workflow it calls,
// and the study table its last job prints.
// docs/action.md says what the emulation covers and what only a real
// runner shows. The package holds tests only.
package e2e
