package audit

import "github.com/envaudit/envaudit/ecosystems"

// SchemaVersion is the version of the report JSON written by envaudit.
const SchemaVersion = 1

// Report is the versioned result of an audit (schema version 1). Its JSON
// form is envaudit's stable output: the SBOM, annotations, job summary and
// PR comments are all renderings of it.
type Report struct {
	SchemaVersion int               `json:"schemaVersion"`
	Tool          Tool              `json:"tool"`
	Run           *RunInfo          `json:"run,omitempty"` // absent when no trace was audited
	Ecosystems    []EcosystemReport `json:"ecosystems"`
	Warnings      []string          `json:"warnings,omitempty"`
}

// Tool names the program that wrote the report.
type Tool struct {
	Name    string `json:"name"`
	Version string `json:"version"`
}

// RunInfo describes the traced run.
type RunInfo struct {
	Command        []string `json:"command"`
	Dir            string   `json:"dir"`
	ExitCode       int      `json:"exitCode"`
	Signal         string   `json:"signal,omitempty"`
	Succeeded      bool     `json:"succeeded"`
	TimedOut       bool     `json:"timedOut,omitempty"`
	DurationMs     int64    `json:"durationMs"`
	Processes      int      `json:"processes"`
	EventsRecorded int64    `json:"eventsRecorded"`
	Warnings       []string `json:"warnings,omitempty"`

	// Skipped counts the opens under directories whose files belong to no
	// package (a build cache, the Go toolchain: SkippedDirs), which the
	// tracer counted instead of recording.
	Skipped     int64    `json:"skipped,omitempty"`
	SkippedDirs []string `json:"skippedDirs,omitempty"`

	// Incomplete is set when the trace has no end record: the tracer
	// stopped before the command finished, so the exit status is unknown.
	Incomplete bool `json:"incomplete,omitempty"`
	// IncompleteTrace is set when the command ran to its end but the
	// tracer knows it missed part of the run: it lost events (Lost), the
	// loader of its eBPF programs died, or Gaps says what else. Such a
	// run is audited as a failed one: it did not succeed.
	IncompleteTrace bool  `json:"incompleteTrace,omitempty"`
	Lost            int64 `json:"lost,omitempty"`
	// Gaps says, one sentence each, what made the trace incomplete
	// besides losses: what the tracer could not see (an io_uring instance
	// it could not refuse), and the accesses the audit could not
	// attribute (a file reached under a package's path through an overlay
	// mount, a package's file renamed during the run). Each sets
	// IncompleteTrace.
	Gaps []string `json:"gaps,omitempty"`

	// Backend names the tracer that observed the run, "ptrace" or
	// "ebpf" (traces that predate the field are ptrace's); Hooks the
	// kernel hooks the eBPF programs were attached to; Loader "sudo"
	// when a root process started through sudo loaded them; Fallback
	// why the eBPF backend, asked for with auto, could not run.
	Backend  string   `json:"backend,omitempty"`
	Hooks    []string `json:"hooks,omitempty"`
	Loader   string   `json:"loader,omitempty"`
	Fallback string   `json:"fallback,omitempty"`

	// Interrupted is set when envaudit was interrupted (Ctrl-C, SIGTERM)
	// and stopped the command; InterruptSignal names the signal.
	Interrupted     bool   `json:"interrupted,omitempty"`
	InterruptSignal string `json:"interruptSignal,omitempty"`
}

// EcosystemReport is the audit of one ecosystem.
type EcosystemReport struct {
	Name      string                  `json:"name"`
	Manifests []string                `json:"manifests"`
	Lockfiles []string                `json:"lockfiles,omitempty"` // those of Manifests that are lockfiles
	Evidence  string                  `json:"evidence,omitempty"`  // what D3 rests on
	Declared  []ecosystems.Dependency `json:"declared"`
	Installed []ecosystems.Package    `json:"installed"` // D2 without the excluded toolchain baseline (a baseline package the code imports stays)
	Traced    []TracedPackage         `json:"traced"`
	Findings  []Finding               `json:"findings"`
	Metrics   Metrics                 `json:"metrics"`
	// StudyMetrics are the same figures over the layers exactly as the
	// study defines them (DefinitionStudy), for comparison with its
	// tables; Metrics are envaudit's, over the layers its findings use.
	StudyMetrics Metrics               `json:"studyMetrics"`
	Excluded     []ecosystems.Excluded `json:"excluded,omitempty"`
	Warnings     []string              `json:"warnings,omitempty"`
	// Missing names the layers that could not be obtained: "traced" when no
	// run was traced (or nothing could be attributed without D2),
	// "installed" when the installation could not be enumerated. Metrics
	// that rest on a missing layer are 0 or absent and mean nothing.
	Missing []string `json:"missing,omitempty"`
	// Sources are the project's own files whose imports were read, by what
	// the ecosystem counted each as (its build configuration's shipped
	// code, tests, tooling), so a reader sees what "the project's code"
	// meant; nil when the ecosystem does not tell them apart.
	Sources *Sources `json:"sources,omitempty"`
	// Located names the installed packages, never loaded, that the run
	// read only to find (a resolver read their package.json, as Node's
	// require.resolve and bundlers do) and a loaded package depends on:
	// outside D3 for the metrics, but what read them needs them where
	// they are, so no copy of them that was read is bloat. Sorted.
	Located []string `json:"located,omitempty"`
}

// Sources lists a project's own source files by role, slash-separated and
// relative to the project root.
type Sources struct {
	Code    []string `json:"code"`
	Tests   []string `json:"tests"`
	Tooling []string `json:"tooling,omitempty"`
}

// Layers named in EcosystemReport.Missing.
const (
	LayerInstalled = "installed"
	LayerTraced    = "traced"
)

// HasLayer reports whether the layer ("installed" or "traced") was
// obtained.
func (e EcosystemReport) HasLayer(layer string) bool {
	for _, m := range e.Missing {
		if m == layer {
			return false
		}
	}
	return true
}

// TracedPackage is a package that owns at least one file the traced run
// opened or executed (D3).
type TracedPackage struct {
	Name      string   `json:"name"`
	Version   string   `json:"version,omitempty"`
	Files     []string `json:"files"`               // evidence, capped; relative to the root when inside it
	FileCount int      `json:"fileCount,omitempty"` // total files, when Files is capped
	Processes []string `json:"processes"`           // executables (base names) of the processes that used it
	Use       string   `json:"use,omitempty"`       // "runtime" or "compile"
	Dev       bool     `json:"dev,omitempty"`       // used only by dev/test tooling
}

// Kind is the kind of a finding.
type Kind string

// The finding kinds.
const (
	Phantom Kind = "phantom" // declared, never loaded (D1 \ D3)
	Hidden  Kind = "hidden"  // loaded, never declared (D3 \ D1)
	Bloat   Kind = "bloat"   // installed, never loaded (D2 \ D3)
	Dev     Kind = "dev"     // loaded only by dev/test tooling
	// Manifest: declared and needed, but the manifest's own record of the
	// declaration is stale (go.mod's "// indirect" on a module the
	// project's sources import). It concerns no layer.
	Manifest Kind = "manifest"
)

// Kinds returns the finding kinds, in the order help text shows them.
func Kinds() []Kind { return []Kind{Phantom, Hidden, Bloat, Dev, Manifest} }

// Reasons returns the reasons a finding of kind k can have, in the order
// help text shows them.
func (k Kind) Reasons() []string {
	switch k {
	case Phantom:
		return []string{ReasonUnused, ReasonUntested, ReasonDevOnly, ReasonNotInstalled, ReasonSkipped, ReasonCompileTime}
	case Hidden:
		return []string{ReasonDirect, ReasonDevDeclared, ReasonTransitive, ReasonUndeclared, ReasonMissing, ReasonTampered}
	case Bloat:
		return []string{ReasonInstalled}
	case Dev:
		return []string{ReasonTestRunner, ReasonTooling}
	case Manifest:
		return []string{ReasonIndirect}
	}
	return nil
}

// The reasons of findings.
const (
	ReasonUnused       = "unused"        // phantom: neither loaded (its own installed copy) nor imported by the project's code
	ReasonUntested     = "untested"      // phantom: imported by the project's code, never loaded by this run
	ReasonDevOnly      = "dev-only"      // phantom: a runtime declaration only the test tooling loaded
	ReasonNotInstalled = "not-installed" // phantom: declared (runtime, provided or build) but absent from D2
	ReasonSkipped      = "skipped"       // phantom: a dev, test, peer or optional declaration the install left out of D2
	ReasonCompileTime  = "compile-time"  // phantom: needed only to build
	ReasonDirect       = "direct"        // hidden: imported by the project's code, there only through a declared package
	ReasonDevDeclared  = "dev-declared"  // hidden: imported by the project's code at run time, declared only for development
	ReasonTransitive   = "transitive"    // hidden: reachable from a declared dependency, which alone needs it
	ReasonUndeclared   = "undeclared"    // hidden: reachable from no declaration
	ReasonMissing      = "missing"       // hidden: imported by the project's code, declared nowhere, not installed
	ReasonTampered     = "tampered"      // hidden: its installed metadata changed while the traced command ran
	ReasonInstalled    = "installed"     // bloat: in D2, never loaded
	ReasonTestRunner   = "test-runner"   // dev: loaded by the test tooling only
	ReasonTooling      = "tooling"       // dev: imported only by tooling files (maintainer scripts, examples, tools' configuration), declared nowhere
	ReasonIndirect     = "indirect"      // manifest: marked as only other dependencies' need (go.mod's // indirect), imported by the project's sources
)

// Severity levels, as GitHub annotations name them.
const (
	SeverityError   = "error"
	SeverityWarning = "warning"
	SeverityNotice  = "notice"
)

// Finding is one actionable result.
type Finding struct {
	Kind     Kind            `json:"kind"`
	Reason   string          `json:"reason"`
	Package  string          `json:"package"`
	Version  string          `json:"version,omitempty"`
	Severity string          `json:"severity"`
	Location *ecosystems.Pos `json:"location,omitempty"` // manifest line, where there is one
	Via      []string        `json:"via,omitempty"`      // hidden transitive: declared package(s) it comes through, path first
	Evidence *Evidence       `json:"evidence,omitempty"` // hidden: the files and processes; the imports that need it
	Message  string          `json:"message"`
	// Gating says the finding fails the check that decided the run: set
	// by the gate (policy.Gate.Mark) before the report is written, false
	// where no gate was applied.
	Gating bool `json:"gating"`
	// Grouped marks a finding that needs no decision of its own: a hidden
	// package only other packages need, a dev or test declaration the
	// test command had no reason to load (a linter, a formatter, a release
	// tool). It is still a finding of the report, counted in the metrics,
	// but renderings count such findings in one line per kind and reason,
	// with their names, instead of listing them one by one.
	Grouped bool `json:"grouped,omitempty"`
	// Change says whether a pull request introduced the finding ("new") or
	// it was already there at the base commit ("existing"); empty when no
	// base was compared. The Action gates only on new findings by default.
	Change string `json:"change,omitempty"`
	// Provenance says, for a hidden package when a runner baseline was taken
	// (envaudit baseline), who provided it: "machine" (the runner had it
	// before the workflow's steps ran) or "workflow" (a workflow step
	// installed it outside the manifests).
	Provenance string `json:"provenance,omitempty"`
	// Ignored is the reason of the .envaudit.yml rule that ignores the
	// finding: it is still reported, but never gates.
	Ignored string `json:"ignored,omitempty"`
	// Direct marks a bloat package the project depends on directly, the
	// kind a manifest edit removes; bloat findings are ranked by it.
	Direct bool `json:"direct,omitempty"`
	// PullsIn counts, for a bloat package, the other never-loaded packages
	// reachable from it over the dependency edges: what removing it may
	// take along.
	PullsIn int `json:"pullsIn,omitempty"`
}

// Values of Finding.Change and Finding.Provenance.
const (
	ChangeNew          = "new"
	ChangeExisting     = "existing"
	ProvenanceMachine  = "machine"
	ProvenanceWorkflow = "workflow"
)

// Evidence is why envaudit believes a package was used.
type Evidence struct {
	Files     []string `json:"files,omitempty"`
	Processes []string `json:"processes,omitempty"`
	// Imports are the imports of the project's own sources that need the
	// package (capped), the first one where the finding is placed.
	Imports []ecosystems.Import `json:"imports,omitempty"`
}

// Metrics are the study's per-ecosystem metrics over one definition of the
// layers (Definition). Pointers are nil where a metric is undefined
// (precision, recall and F1 when n1 = n3 = 0; inflation when n1 = 0).
type Metrics struct {
	// Definition names the sets the figures count: DefinitionEnvaudit or
	// DefinitionStudy.
	Definition  string   `json:"definition"`
	Declared    int      `json:"declared"`
	Installed   int      `json:"installed"`
	Traced      int      `json:"traced"`
	PhantomRate float64  `json:"phantomRate"`
	HiddenRate  float64  `json:"hiddenRate"`
	BloatRate   float64  `json:"bloatRate"`
	Precision   *float64 `json:"precision,omitempty"`
	Recall      *float64 `json:"recall,omitempty"`
	F1          *float64 `json:"f1,omitempty"`
	Inflation   *float64 `json:"inflation,omitempty"`
	Transitive  int      `json:"transitive"` // |Δ| = |D2 \ D1|
}
