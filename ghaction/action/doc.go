// Package action owns one run of the GitHub Action (`envaudit action`, as
// action.yml invokes it): reading its inputs, keeping the runner's secrets
// and file commands from the project's code, tracing and auditing the test
// command through package engine, enriching and gating the report, writing
// its files and publishing it to GitHub.
//
// A run is a short sequence of phases, each a method of its own:
//
//	setup    the inputs, the token masked, the process protected
//	         (ProtectProcess), the step's file commands recorded, and
//	         .envaudit.yml read
//	trace    engine.Open, Trace and Audit of the test command, with the
//	         workflow commands it prints stopped
//	enrich   the runner baseline, the comparison with the base commit and
//	         the config, as audit.Enrichers run in that order (the
//	         config's ignores and severities last, over the others' marks);
//	         the baseline and the base commit are read before the test
//	         command runs, which could replace either
//	gate     agent detection from the pull request's commits, and the
//	         gate of package policy
//	write    the file commands put back, then the report, SBOM and SARIF
//	         through internal/outfile
//	publish  the publishers, in order: Annotations, Review, Snapshot,
//	         Summary, Outputs
//
// That is mode audit (the default), which writes nothing through the API:
// its publishers are Annotations, Summary and Outputs, and its write phase
// adds the publish bundle (package bundle). The other modes:
//
//	publish   setup, then the bundle of the workflow_run's triggering run
//	          downloaded (or read from the bundle input's directory) and
//	          validated as untrusted, its head checked against the event's,
//	          the gate applied again (regate), the reasons to fail the
//	          check whatever the bundle says found (trust.go: the run did
//	          not succeed, its workflow is not the default branch's), the
//	          files written, and the publishers Review, Check, Snapshot,
//	          Summary, Outputs
//	single    setup (which protects the process and takes the token out
//	          of its environment), then the audit in a child re-executed
//	          from /proc/self/exe with an environment that never had the
//	          token (single.go), which tells the holder over a pipe of its
//	          own what went wrong and which bundle it wrote (childReport);
//	          that bundle validated as in publish, the gate applied again,
//	          and the publishers Annotations, Review, Snapshot, Summary,
//	          Outputs; the token's holder runs nothing else
//	baseline  setup, engine.TakeBaseline and writing the baseline file
//	study     setup (which reads no .envaudit.yml), then the reports of a
//	          directory read and labelled (package study), and the
//	          study's tables written into a new or empty directory,
//	          printed to the log with the workflow commands stopped and
//	          summarised (ghaction.StudySummary); nothing runs, no token
//	          is used
//
// The timeout input bounds the run up to the end of the test command
// (engine.WithRunTimeout); the phases after it have limits of their own
// (afterRun). Whatever goes wrong, the step says what (failure.go): an
// error annotation, a section of the job summary and the error output,
// beside the findings when the run got as far as them.
//
// A Publisher reports a Result — the gated report with what the earlier
// phases learnt (the pull request, the agent detection, the base, notes)
// — to one place. Each is a small value built from what it writes to (a
// go-github client, a workflow-command writer, a file-command path), so it
// runs alone against a fake GitHub API or a temporary file, and a
// publish-only front end can reuse it on a result it did not trace.
//
// What the Action must do on the runner beyond GitHub's API lives here
// too: the guard that puts the step's file commands back after the
// project's code ran (filecommands.go), the protection that keeps the
// token out of reach of the traced command's /proc reads (ProtectProcess),
// and reading a pull request's commits, from the API or from git. The
// Markdown, annotations, review comments and snapshots themselves are
// rendered by package ghaction.
package action
