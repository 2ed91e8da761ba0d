// Package ghaction owns envaudit's GitHub-facing side: what the Action
// reads from GitHub (its inputs, the event payload — a pull request's or a
// workflow_run's —, a pull request's changed lines and commits, the pull
// request of a commit, a workflow run's artifact through the API) and
// everything it writes back — workflow annotations within GitHub's
// per-step limits, the job summary, step outputs, pull-request review
// comments and the updatable summary comment, check runs with their
// annotations, dependency-graph snapshots — and the environment filters
// that keep the token and the runner's credentials from the traced
// command and from mode single's audit child.
//
// It renders an audit.Report that is already enriched and gated: which
// findings fail is package policy's decision, SARIF is package sarif's,
// the runner baseline package baseline's and the comparison with the base
// commit package basecommit's. GitHub's API is reached only through
// go-github with an injectable base URL (GITHUB_API_URL for GitHub
// Enterprise, a local server in tests).
package ghaction
