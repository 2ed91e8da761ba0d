// Package redteam holds no code: its tests are issue 10's red team, and
// issue 20's (evidence_test.go: the class-load evidence rewritten or
// deleted by the tests; publisher_test.go: the bundle rewritten after the audit
// step, the audit workflow edited, the base commit's objects forged, the
// runner baseline swapped, strings neither inert nor prose;
// computed_test.go: loads whose module name no reader of the sources sees,
// and a tool npx --yes fetches during the tests; installstate_test.go:
// install-state files the runtime never reads, forged, and a daemon the
// project's own interpreter leaves when the CLI asks it before the run).
// Each test is one attack of the issue, run the way an attacker on a
// hosted runner would run it: the built envaudit binary is started as
// `envaudit action` (TestAttackPrerunDaemon: `envaudit run`, the CLI) by
// an unprivileged user with passwordless sudo
// (envaudit-rt, made by scripts/setup.d/redteam.sh), in a runner-like
// environment — RUNNER_TEMP with the runner's file-command files, a
// pull_request event, GITHUB_API_URL pointing at an in-process fake GitHub
// API that records every request, a random token in INPUT_GITHUB_TOKEN —
// on a hostile project whose test command (or a program it plants)
// attacks. Each test asserts that the attack fails: the token is in none of
// the files the attacker wrote, forged file-command values do not survive
// the step, the new finding stays new and gating, the caps hold, the
// strings stay inert, the SBOM describes the install before the run.
//
// The suite builds envaudit from the module it is in, or from the source
// tree ENVAUDIT_REDTEAM_SOURCE names, so the same attacks measure an older
// envaudit (RESULTS.md's "before" column). With ENVAUDIT_REDTEAM_RESULTS
// set, each test appends what it observed, one JSON object a line, to that
// file; ENVAUDIT_REDTEAM_BACKEND, when set, is every job's backend input
// (the default is auto: eBPF through the sudo loader).
package redteam
