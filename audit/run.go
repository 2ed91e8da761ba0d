package audit

import (
	"cmp"
	"fmt"
	"strings"
	"time"

	"github.com/envaudit/envaudit/ecosystems"
	"github.com/envaudit/envaudit/internal/shellquote"
	"github.com/envaudit/envaudit/tracer"
)

// NewReport assembles a report of schema version 1. run is nil when no
// trace was audited.
func NewReport(version string, run *RunInfo, ecos []EcosystemReport) *Report {
	return &Report{
		SchemaVersion: SchemaVersion,
		Tool:          Tool{Name: "envaudit", Version: version},
		Run:           run,
		Ecosystems:    nonNil(ecos),
	}
}

// NewRunInfo describes a traced run. dir is the project directory as the
// report shows it; complete says whether the trace ended with an end
// record. A run succeeded when it exited 0 on its own: not killed by a
// signal, not cut short by the timeout or an interrupt, and fully traced.
func NewRunInfo(t *tracer.Trace, complete bool, dir string) *RunInfo {
	e := t.End
	ri := &RunInfo{
		Command:        nonNil(append([]string(nil), t.Header.Command...)),
		Dir:            dir,
		ExitCode:       e.ExitCode,
		Signal:         e.Signal,
		TimedOut:       e.TimedOut,
		DurationMs:     e.DurationMs,
		Processes:      e.Processes,
		EventsRecorded: e.Events,
		Skipped:        e.Skipped,
		SkippedDirs:    append([]string(nil), t.Header.Skip...),
	}
	ri.Interrupted, ri.InterruptSignal = e.Interrupted, e.InterruptSignal
	ri.Backend = t.Header.Backend
	if ri.Backend == "" {
		ri.Backend = tracer.BackendPtrace
	}
	ri.Hooks = append([]string(nil), t.Header.Hooks...)
	ri.Loader = t.Header.Loader
	ri.Fallback = t.Header.Fallback
	ri.Lost = e.Lost
	ri.Gaps = append([]string(nil), e.Gaps...)
	ri.IncompleteTrace = complete && (e.Incomplete || e.Lost > 0 || len(e.Gaps) > 0)
	if ri.Processes == 0 {
		ri.Processes = len(t.Processes)
	}
	if !complete {
		// Without an end record the tracer's counters are lost; the
		// accesses it wrote still say how much was seen.
		for _, a := range t.Accesses {
			ri.EventsRecorded += int64(max(a.Count, 1))
		}
	}
	ri.Incomplete = !complete
	ri.Succeeded = complete && e.ExitCode == 0 && e.Signal == "" && !e.TimedOut && !e.Interrupted && !ri.IncompleteTrace
	if ri.IncompleteTrace {
		ri.Warnings = append(ri.Warnings, incompleteWarning)
	}
	if !complete {
		ri.Warnings = append(ri.Warnings, "the trace has no end record: the tracer stopped before the command finished, so the audit covers only part of the run")
	}
	if e.TimedOut {
		ri.Warnings = append(ri.Warnings, "the run was cut short by the timeout: packages the rest of the run would have loaded are missing from the traced layer")
	}
	if e.Interrupted {
		ri.Warnings = append(ri.Warnings, fmt.Sprintf("the run was %s: packages the rest of the run would have loaded are missing from the traced layer", ri.interruption()))
	}
	if n := len(e.Killed); n > 0 {
		ri.Warnings = append(ri.Warnings, fmt.Sprintf("%d %s outlived the command and %s stopped by the tracer", n, plural(n, "process", "processes"), plural(n, "was", "were")))
	}
	ri.Warnings = append(ri.Warnings, e.Warnings...)
	ri.Warnings = append(ri.Warnings, mountWarnings(t)...)
	return ri
}

// incompleteWarning leads the warnings of an incompletely traced run.
const incompleteWarning = "the trace is incomplete (the tracer says what it missed below): the audit covers only part of the run, which counts as failed"

// AddGaps records what made the trace incomplete that only the audit
// found (accesses it could not attribute): the run then did not succeed.
func (ri *RunInfo) AddGaps(gaps ...string) {
	if len(gaps) == 0 {
		return
	}
	ri.Gaps = append(ri.Gaps, gaps...)
	if !ri.IncompleteTrace && !ri.Incomplete {
		ri.IncompleteTrace = true
		ri.Warnings = append([]string{incompleteWarning}, ri.Warnings...)
	}
	ri.Succeeded = false
}

// mountWarnings says which processes of t changed mounts or their mount
// namespace, and with which calls: the files they opened through such
// mounts are attributed by their identity, not their paths.
func mountWarnings(t *tracer.Trace) []string {
	byProc := map[int][]string{}
	var procs []int
	for _, m := range t.End.Mounts {
		if byProc[m.Proc] == nil {
			procs = append(procs, m.Proc)
		}
		c := m.Call
		if m.Count > 1 {
			c += fmt.Sprintf(" ×%d", m.Count)
		}
		byProc[m.Proc] = append(byProc[m.Proc], c)
	}
	exe := map[int]tracer.Process{}
	for _, p := range t.Processes {
		exe[p.ID] = p
	}
	var out []string
	for _, id := range procs {
		p := exe[id]
		out = append(out, fmt.Sprintf("process %d (%s) changed mounts or its mount namespace (%s): the files opened through mounts made during the run, or of another namespace, count by their device and inode, not their paths", p.PID, p.Exe, strings.Join(byProc[id], ", ")))
	}
	return out
}

// Status renders how the run ended: "exited 0", "exited 1", "was killed
// by SIGSEGV", "timed out", "interrupted (SIGINT)", "did not finish", each
// followed by " (incompletely traced)" for an incomplete trace.
func (ri *RunInfo) Status() string {
	if ri.IncompleteTrace {
		return ri.status() + " (incompletely traced)"
	}
	return ri.status()
}

func (ri *RunInfo) status() string {
	switch {
	case ri.Incomplete:
		return "did not finish"
	case ri.TimedOut:
		return "timed out"
	case ri.Interrupted:
		return ri.interruption()
	case ri.Signal != "":
		return "was killed by " + ri.Signal
	}
	return fmt.Sprintf("exited %d", ri.ExitCode)
}

// Tracer says which tracer observed the run: "ptrace", "ptrace (eBPF
// cannot run here: REASON)" when auto fell back, or "eBPF (loaded through
// sudo) on raw_tp/sys_enter, ..." with the hooks it used.
func (ri *RunInfo) Tracer() string {
	if ri.Backend != tracer.BackendEBPF {
		s := cmp.Or(ri.Backend, tracer.BackendPtrace)
		if ri.Fallback != "" {
			s += " (eBPF cannot run here: " + ri.Fallback + ")"
		}
		return s
	}
	s := "eBPF"
	if ri.Loader != "" {
		s += " (loaded through " + ri.Loader + ")"
	}
	if len(ri.Hooks) > 0 {
		s += " on " + strings.Join(ri.Hooks, ", ")
	}
	return s
}

// Summary says in one line what the run's trace holds and how the run
// ended, as `envaudit trace` reports it: "traced 3 processes with eBPF
// (loaded through sudo), 120 file accesses (400 events) in 1.2s; npm
// test exited 0". accesses is the number of accesses the trace holds.
func (ri *RunInfo) Summary(accesses int) string {
	with := ""
	if ri.Backend == tracer.BackendEBPF {
		with = " with eBPF"
		if ri.Loader != "" {
			with += " (loaded through " + ri.Loader + ")"
		}
	}
	return fmt.Sprintf("traced %d processes%s, %d file accesses (%d events) in %v; %s %s",
		ri.Processes, with, accesses, ri.EventsRecorded, time.Duration(ri.DurationMs)*time.Millisecond, shellquote.Quoted(ri.Command), ri.Status())
}

// interruption renders an interrupt: "interrupted (SIGINT)", or
// "interrupted" when the signal is unknown.
func (ri *RunInfo) interruption() string {
	if ri.InterruptSignal != "" {
		return "interrupted (" + ri.InterruptSignal + ")"
	}
	return "interrupted"
}

// Executables returns the distinct programs the traced run executed, both
// as the run named them and with symbolic links resolved, sorted: what
// ecosystems.Env.Executables wants (the python3 that really ran, not the one
// first in PATH; a venv's bin/python, which is a link to the system one).
func Executables(t *tracer.Trace) []string {
	s := set{}
	for _, a := range t.Accesses {
		if a.Op == tracer.OpExec {
			s[a.Path] = true
			s[a.RealPath()] = true
		}
	}
	for _, p := range t.Processes {
		if p.Exe != "" {
			s[p.Exe] = true
		}
	}
	return sortedNames(s)
}

// RebaseTrace returns a copy of t in which every path under the directory
// from (the project root where the trace was recorded) lies under to
// instead, so a trace saved on a CI runner can be audited against a
// checkout elsewhere. Paths outside from are kept.
func RebaseTrace(t *tracer.Trace, from, to string) *tracer.Trace {
	from, to = ecosystems.Canon(from), ecosystems.Canon(to)
	if from == "" || to == "" || from == to || from == "/" {
		return t
	}
	move := func(p string) string {
		if p == from {
			return to
		}
		if strings.HasPrefix(p, from+"/") {
			return to + p[len(from):]
		}
		return p
	}
	out := &tracer.Trace{Header: t.Header, End: t.End}
	out.Header.Dir = move(t.Header.Dir)
	out.Processes = make([]tracer.Process, len(t.Processes))
	for i, p := range t.Processes {
		p.Exe, p.Cwd = move(p.Exe), move(p.Cwd)
		out.Processes[i] = p
	}
	out.Accesses = make([]tracer.Access, len(t.Accesses))
	for i, a := range t.Accesses {
		a.Path = move(a.Path)
		if a.Real != "" {
			a.Real = move(a.Real)
		}
		out.Accesses[i] = a
	}
	return out
}

// Covered reports whether another finding stands for f when a check
// decides to fail: f is an undeclared hidden package that comes only
// through another undeclared one (a library an undeclared tool loaded; Via
// names the chain). Declaring the package it comes through fixes both, so
// that package's finding is the one that fails, and f, still reported as a
// warning, never fails by itself: one missing tool is one failure, not one
// per library it brings.
func (f Finding) Covered() bool {
	return f.Kind == Hidden && f.Reason == ReasonUndeclared && len(f.Via) > 0
}

// Counts returns the number of findings of each kind in r.
func (r *Report) Counts() map[Kind]int {
	c := map[Kind]int{}
	for _, e := range r.Ecosystems {
		for _, f := range e.Findings {
			c[f.Kind]++
		}
	}
	return c
}
