// Package action holds no Go code: its tests prove install.sh, the script
// action.yml installs envaudit with, the way the runner runs it. Each test
// runs the run: scripts of action.yml's key and build steps with bash, with
// the env: those steps map (their expressions evaluated as the runner
// would), fresh file-command files per step and a job environment of its
// own (HOME, RUNNER_TEMP, Go caches and a Go environment a job could have),
// against the fake GitHub API (ghaction/ghfake) serving the
// Action's commits, tags and releases. They check what the steps write to
// GITHUB_OUTPUT and nowhere else, that a major tag, a commit pin or a
// branch installs the release of its commit when that release was built
// from the Action's own source (its sources.sha256), that a binary whose
// SHA-256 is not the one the release's checksums.txt lists is refused and
// never run, that a ref without such a release is built from source with
// nothing of the job's Go environment, and that the step after the install
// sees the job exactly as before; and they hold the release workflow to
// what install.sh reads.
package action
