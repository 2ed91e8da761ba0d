// Package policy owns which findings fail a check: the repository's
// .envaudit.yml (findings ignored with a reason, severity overrides, extra
// test runners, agent signals), the selectors of --fail-on and the Action's
// fail-on input, the one Gate both front ends apply (the CLI gates every
// finding, the Action by default only those a pull request introduced),
// the stricter policy for pull requests written by coding agents, and
// recognising such pull requests from their commit metadata.
//
// It is pure: it reads a report and a pull request's metadata and knows
// nothing of GitHub's API or of git; ghaction fills PullRequest
// from an event payload and the API.
package policy
