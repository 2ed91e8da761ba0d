// Package engine owns the pipeline every envaudit front end runs: open a
// project and read its declarations (D1), prepare the traced command's
// environment and the ecosystems' own evidence, read what the project's
// sources import and what is installed (D2) before the command runs, run
// it under the tracer, enumerate the installation again and report what
// the run changed in it, attribute the trace to packages (D3), audit the
// three layers, and audit a saved trace with its evidence.
//
// The command is the code under audit, and may rewrite its own sources or
// the installed packages once it has loaded them: the audit rests on what
// was read before it ran. Ecosystems whose evidence is the run's own
// output (ecosystems.RunOutputReader: Maven's resolution and class files,
// the module graph go resolves, the Cargo.lock cargo writes, CMake's build
// directories) are read after it.
//
// The command line and the GitHub Action are thin front ends over it: they
// map their flags or inputs to Options and RunOptions, and decide what to
// print and which exit status to return. The engine parses no flags, prints
// nothing but the progress it is given, and knows nothing of GitHub.
//
// A typical run:
//
//	p, err := engine.Open(engine.Options{Dir: ".", Ecosystems: all.Ecosystems(), Version: v})
//	t, err := p.Trace(ctx, engine.RunOptions{Command: []string{"npm", "test"}})
//	defer t.Close()
//	r, instErr := t.Audit(ctx)
//
// A front end's timeout (WithRunTimeout) bounds the run: opening the
// project, what is read before the command, and the command, which the
// tracer stops when it falls (a run that timed out). It does not bound
// what follows: Traced.Audit takes the deadline off (AfterRun), so a
// command that ended in time is audited in full however long reading the
// installation takes; that reading is bounded by limits of its own (each
// tool's time limit, each file's size cap), and an interrupt still stops
// it.
//
// Evidence of use that ecosystems collect themselves during a traced run
// (the class-load logs Maven's JVMs write, see ecosystems.TraceEnvironer)
// lives in per-ecosystem scratch directories. A saved trace keeps them in
// an evidence directory beside it, so auditing the trace later sees what
// auditing the run at once would have seen:
//
//	trace.jsonl             the trace (tracer's JSON lines format)
//	trace.evidence/         its evidence directory
//	  .envaudit-evidence    marks the directory as envaudit's
//	  maven/                Maven's scratch directory: channel.log, what the
//	                        evidence channel held (class-load logs)
//	  cargo/                ... one per prepared ecosystem, possibly empty
//
// The trace does not name the directory: it is found by the trace's file
// name (EvidenceDir), or named explicitly.
package engine
