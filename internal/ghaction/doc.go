// Package ghaction owns envaudit's GitHub-facing side: what the Action
// reads (its inputs, the event payload, the repository's .envaudit.yml, a
// runner baseline) and everything it writes back to GitHub — workflow
// annotations within GitHub's per-step limits, the job summary, step
// outputs, pull-request review comments and the updatable summary comment,
// SARIF for code scanning and dependency-graph snapshots. It also decides
// which findings gate a pull request: only those the pull request introduced
// (compared with the manifests at its base commit), with a stricter policy
// for pull requests written by coding agents.
//
// It renders an audit.Report and never recomputes findings. GitHub's API is
// reached only through go-github with an injectable base URL (GITHUB_API_URL
// for GitHub Enterprise, a local server in tests), and git only through an
// injectable runner.
package ghaction
