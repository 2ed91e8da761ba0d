// Package ghrunner owns an emulation of the GitHub Actions runner for
// tests: a workflow's job run step by step on this machine as the runner
// runs it (runner-like directories and environment variables, run: steps
// with the runner's shells, ${{ }} expressions, per-step file commands,
// composite actions, workflow commands collected as GitHub shows
// annotations, post steps, the job token scoped by permissions:), with
// the third-party actions a test needs supplied as Go code that does
// what each real one documents.
package ghrunner
