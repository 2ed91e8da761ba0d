// Package ghrunner owns an emulation of the GitHub Actions runner for
// tests: a workflow's job run step by step on this machine as the runner
// runs it (runner-like directories and environment variables, run: steps
// with the runner's shells, ${{ }} expressions, per-step file commands,
// composite actions, workflow commands collected as GitHub shows
// annotations, post steps, the job token scoped by permissions:), and a
// whole workflow run (jobs in the order needs: makes, matrices, reusable
// workflows called with their inputs, secrets and outputs), with
// the third-party actions a test needs supplied as Go code that does
// what each real one documents. Tests of the Action need a runner that
// runs the workflows a user copies, offline and without Docker; the
// section "How the Action is tested" of docs/action.md says why this is
// an emulation rather than nektos/act, and what only a real runner shows.
package ghrunner
