// Package ecosystems owns the shared vocabulary of envaudit's package
// ecosystems: the Ecosystem interface, declared dependencies (D1), installed
// packages (D2), and the path index that attributes traced files to the
// packages that own them (D3).
//
// An ecosystem is opened once on a Source, a project tree (an fs.FS, and
// the directory it is on disk for the tools the ecosystem asks): Open reads
// and parses the ecosystem's files there, and the Project it returns
// answers from that state — the files it read, each labelled manifest,
// lockfile or config; D1; and, for a project on disk, D2 with the
// attribution index. What else an ecosystem or a project can do is an
// interface of its own (TraceEnvironer, TraceSkipper, Resolver), asserted
// by the front end, never a switch on its name.
//
// Every place an ecosystem hands out — a declaration's, an import's, a
// positioned error's — is a Pos made by NewPos, the one constructor of
// positions: slash-separated, relative to the project root, clean (never
// "./index.js", which esbuild names a file when the process runs in the
// project's root), never absolute and never outside the root. A position
// is made clean where it is made, so that the text report, the JSON
// report, SARIF, the annotations, the review and the publish bundle all
// take it as it is, at most joined to the project's directory in the
// repository; none of them cleans it. What a project reads from
// outside its root (a requirements file included from ../, a go.work or
// Maven module in a sibling directory) is placed where the project
// reaches it (PosVia); an error in such a file has no position (Errorf).
// The conformance tests in ecosystems/all hold every registered ecosystem
// to it.
//
// Each ecosystem lives in its own subpackage (ecosystems/npm,
// ecosystems/python, ...) and imports only this package and format parsers.
// The list of all ecosystems lives in ecosystems/all, the only package that
// imports the subpackages.
package ecosystems

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"sync"

	"github.com/envaudit/envaudit/internal/toolexec"
)

// Scope says in which phase a declared dependency is needed.
type Scope string

// The scopes of declared dependencies.
const (
	ScopeRuntime  Scope = "runtime"
	ScopeDev      Scope = "dev"
	ScopeTest     Scope = "test"
	ScopeBuild    Scope = "build"
	ScopeOptional Scope = "optional"
	ScopePeer     Scope = "peer"
	ScopeProvided Scope = "provided"
)

// Dependency is one declared dependency (D1).
type Dependency struct {
	Name  string `json:"name"`            // normalised name (PEP 503, group:artifact, module path, ...)
	Spec  string `json:"spec,omitempty"`  // version constraint or source as written
	Scope Scope  `json:"scope"`           // runtime, dev, test, build, optional, peer, provided
	Pos   Pos    `json:"location"`        // manifest line that declares it
	Raw   string `json:"raw,omitempty"`   // the name as written, when it differs from Name
	Group string `json:"group,omitempty"` // optional-dependency group or extra that contains it
	// CompileOnly marks dependencies that by their nature are used only to
	// build (TypeScript @types packages, header-only libraries, annotation
	// processors): never loaded at run time, so a phantom is `compile-time`.
	CompileOnly bool `json:"compileOnly,omitempty"`
	// Indirect marks a requirement the package manager wrote for a package
	// that, as it recorded then, only other dependencies need: go.mod's
	// "// indirect" comment, which go get and go mod tidy maintain. It is
	// not the author's declaration, so the audit counts it in D1 only when
	// the project's sources import the package; then the mark is stale
	// (go mod tidy moves the requirement among the direct ones), which is
	// a manifest finding, never a hidden one.
	Indirect bool `json:"indirect,omitempty"`
}

// Package is one installed package (D2).
type Package struct {
	Name    string   `json:"name"`              // normalised name
	Version string   `json:"version,omitempty"` // installed version
	PURL    string   `json:"purl,omitempty"`    // package URL
	Path    string   `json:"path,omitempty"`    // install location (relative to the root when inside it)
	Direct  bool     `json:"direct,omitempty"`  // the package manager records it as a direct dependency
	Dev     bool     `json:"dev,omitempty"`     // the package manager records it as dev-only (lockfile "dev": true)
	Deps    []string `json:"deps,omitempty"`    // names of the packages it depends on, when recorded
	// Scope is the scope the package manager resolved the package in, where
	// it records one (Maven: runtime, test, provided; "" elsewhere).
	Scope Scope `json:"scope,omitempty"`
}

// Excluded is a package deliberately left out of D2 and D3.
type Excluded struct {
	Name string `json:"name"`
	Why  string `json:"why"`
}

// Use is the kind of evidence a traced file gives for its package.
type Use string

// The kinds of use a traced file can show.
const (
	UseRuntime Use = "runtime" // loaded or executed while the command ran
	UseCompile Use = "compile" // read only to build (headers, type declarations)
	UseNone    Use = "none"    // owned by the package but no evidence of use (metadata, a JAR scanned but no class loaded)
	// UseResolve: read to find the package, not to use it (npm's
	// package.json, which Node's resolution of require("x"), a
	// require.resolve or a bundler reads): no evidence of use, so the
	// package is not in D3 for it, but when a loaded package depends on
	// it, what read it would fail without it, so the copy is not bloat
	// either (the audit decides; a scan of every package.json is no
	// resolution).
	UseResolve Use = "resolve"
)

// Inventory is what an ecosystem's package manager installed (D2), with the
// attribution of traced paths to those packages (D3). Its fields come in
// three groups: D2 (Packages, Unknown, Excluded), what D2 says of D1 in
// this environment (Inapplicable), and what D3 rests on (Index, Observed,
// Evidence).
type Inventory struct {
	// Packages is D2: every installed package the ecosystem enumerated.
	Packages []Package
	// Unknown marks an installation that could not be enumerated (no
	// interpreter to ask, a package manager that failed), returned with
	// Warnings saying why rather than as an error: its Packages are not
	// known rather than absent, so the audit reports no declared package as
	// not installed and attributes no file through Index. Excluded,
	// Inapplicable, Observed and Evidence still hold: Observed evidence
	// names its packages itself and still counts toward D3.
	Unknown bool
	// Excluded are the packages deliberately left out of D2 and D3 (the
	// toolchain baseline), listed in the report with why. An ecosystem
	// may keep them in Packages and Index all the same (Python's
	// setuptools), for the audit lets an excluded package the project's
	// code imports back into the layers (pkg_resources needs setuptools
	// declared); the audit and the runner baseline leave out the others.
	Excluded []Excluded
	// Inapplicable names declared packages that do not apply to this
	// environment, with why: every declaration of the name is conditional
	// on something false here (a Python requirement whose environment
	// marker is false for the interpreter the run used), so its package
	// manager rightly left it out. Only the installation can tell (the
	// condition is evaluated against the interpreter that was found), so
	// it is D2's verdict on D1 rather than part of Project.Declared. The
	// audit drops these names from D1 for this run and lists them with the
	// excluded packages; they are neither phantom nor not installed.
	Inapplicable []Excluded
	// Available names declared packages that are not installed but that
	// the package manager's archive knows (Debian's apt lists): the name
	// is real, so the install was left out or failed, and the audit says
	// to install it rather than to check that the name exists.
	Available []string
	// Unlocked names declarations that are neither installed nor in the
	// project's lockfile, which records every declaration the package
	// manager resolved (npm records an optional dependency it skips for
	// this platform all the same): the lockfile is out of date with the
	// manifest, so a clean install fails or goes without the package.
	// The audit reports them not installed, whatever their scope.
	Unlocked []string
	// Index attributes absolute paths to package names. Ecosystems fill it
	// with the files and directories each package owns.
	Index *PathIndex
	// Observed is evidence of use that the ecosystem collected itself
	// during the traced run, beside the files the tracer saw opened: the
	// classes a JVM logged as loaded (read from Env.Scratch), each naming
	// the JAR it came from. The audit counts each observation like a traced
	// file of its package; the Index then usually marks the same files
	// UseNone, because opening them is no evidence of use.
	Observed []Observation
	// Links are the reasons the environment itself loads installed
	// packages beyond Package.Deps: static and optional imports in a
	// loaded package's own files, entry points a loaded package discovers,
	// start-up hooks. The audit explains a load through them before it
	// calls the package undeclared. Ecosystems may restrict them to what
	// the traced run loaded (Env.Processes).
	Links []Link
	// Evidence describes what Index and Observed rest on, for the report
	// and the audit's messages.
	Evidence Evidence
	// Warnings are problems with third-party metadata (a broken RECORD, an
	// unreadable package.json inside node_modules): reported, never fatal.
	Warnings []string
}

// Evidence describes in words what an ecosystem's D3 rests on. It changes
// with what the run left behind (a JVM class-load log, rustc's lint
// verdict, or only the files the tracer saw opened), so an Installed call
// says it with the inventory rather than the ecosystem once for all.
type Evidence struct {
	// Basis names what D3 rests on, for the report ("files opened under
	// node_modules/<pkg>").
	Basis string
	// Unused says, as a clause for the audit's messages, what that evidence
	// showed of a package the run did not use, when it is not that no file
	// of the package was loaded: "no class of it was loaded" (Maven's
	// class-load log, when a JVM opened the JAR all the same), "rustc found
	// no use of it" (Cargo's unused-crate lint, when its sources were
	// compiled all the same). "" means "no file of it was loaded".
	Unused string
}

// Observation is one piece of evidence of use an ecosystem collected itself
// rather than from a traced file access.
type Observation struct {
	Package string `json:"package"`         // normalised name; need not be in Packages (an undeclared JAR on a class path)
	File    string `json:"file"`            // what was used: a JAR, a JAR nested in a fat JAR ("app.jar!/BOOT-INF/lib/x.jar"); relative to the root when inside it
	Process string `json:"process"`         // the process that used it, named as reports name processes (executable base name, "java")
	Use     Use    `json:"use"`             // UseRuntime or UseCompile
	Count   int    `json:"count,omitempty"` // how many items showed the use (classes loaded); 0 when unknown
}

// Env is what an ecosystem may know of the traced run when it enumerates the
// installation.
type Env struct {
	// Environ is the environment the traced command ran with.
	Environ []string
	// Command is the command the run is about to start, given to the
	// reads before it (nil after the run, which has Executables): an
	// ecosystem that asks a tool what is installed asks the one the
	// command will use (CommandPrograms).
	Command []string
	// Asked, when set, is told of every program of the machine or the
	// project an ecosystem runs to read the project (an interpreter
	// asked for its sys.path), with why that one: the front end says
	// which interpreter it asked.
	Asked *Asked
	// Executables are the absolute paths of the programs the traced run
	// executed, each both as the run named it and with symbolic links
	// resolved: the python3 interpreter actually used, and the venv's
	// bin/python link through which it was started.
	Executables []string
	// Scratch is the directory that was passed to TraceEnv for this run
	// (where the ecosystem asked tools to write evidence such as class-load
	// logs); "" when the run was not prepared by TraceEnv.
	Scratch string
	// Channel is what the run's processes wrote into the evidence
	// channel, the FIFO filepath.Join(Scratch, evchan.Name) that the
	// front end read while the command ran (tracer/evchan): the one
	// record of the run's own an ecosystem may read after it, because the
	// command cannot take back what it wrote there. Files the command
	// wrote into Scratch are not evidence: it could have rewritten them.
	Channel []byte
	// Processes are the traced run's processes that executed a program,
	// each with what it loaded: who needed a shared library is told by the
	// program the process ran and the other objects loaded beside it, not
	// by the file alone. Nil without a trace.
	Processes []Process
	// Attributed are the traced files that the ecosystems audited before
	// this one attribute to their packages, canonical path → "<ecosystem>
	// package <name>": those files are theirs, and are not in this
	// ecosystem's trace; what they need (a Python extension module's
	// DT_NEEDED library) comes with them.
	Attributed map[string]string
	// Tools finds the programs the ecosystem runs (its package manager,
	// an interpreter), as the front end's policy allows: resolved before
	// the traced command ran, and in the Action never a program inside
	// the workspace or in a directory the traced command could write.
	// Nil finds them on Environ's PATH (LookTool).
	Tools *toolexec.Resolver
	// Memo shares what a tool answers to identical questions while the
	// project is read before the traced command starts; nil shares
	// nothing (after the run, the engine gives none).
	Memo *Memo
}

// LookTool returns the first of names found on PATH that the ecosystem
// may run (Tools.Look); without Tools, the first on Environ's PATH. The
// error says why none may be run (a *toolexec.SkippedError names what was
// passed over).
func (e Env) LookTool(names ...string) (string, error) {
	if e.Tools != nil {
		return e.Tools.Look(names...)
	}
	if p := LookPath(e.Environ, names...); p != "" {
		return p, nil
	}
	return "", fmt.Errorf("%s: %w", strings.Join(names, " or "), toolexec.ErrNotFound)
}

// ProjectCode says whether the ecosystem may run a program that runs the
// project's own code whatever the program's path (Tools.ProjectCode);
// without Tools it may.
func (e Env) ProjectCode() error {
	if e.Tools != nil {
		return e.Tools.ProjectCode()
	}
	return nil
}

// CheckTool says whether the ecosystem may run the program at path, named
// otherwise than by PATH (the interpreter the trace shows, the project's
// wrapper, a variable such as RUSTC): Tools.Check, with the programs the
// traced run executed; without Tools, any program may run.
func (e Env) CheckTool(path string) (string, error) {
	if e.Tools != nil {
		return e.Tools.Check(path, e.Executables)
	}
	return path, nil
}

// Process is one traced process as an ecosystem sees it: the program it
// ran and the files it read or executed successfully.
type Process struct {
	// PID is the operating-system process id; Argv the command line the
	// trace recorded when the process executed Exe (possibly truncated),
	// which code running in the process cannot take back.
	PID  int
	Argv []string
	// ID is the process's record in the trace, unique where pids are
	// reused; Parent is the ID of the nearest recorded process that
	// started it (its parent, or the image it replaced by exec), 0 for
	// the traced command itself. They tell who ran what: a program a
	// package manager ran during the tests (pip runs lsb_release) is
	// the package manager's doing.
	ID     int
	Parent int
	// Cwd is the process's working directory when it executed Exe.
	Cwd string
	// Exe is the absolute, symlink-resolved path of the program the
	// process ran.
	Exe string
	// Files are the absolute paths the process read or executed, each
	// symlink-resolved where the tracer resolved it and also as opened
	// when that differs (a linker opening a -dev package's libfoo.so
	// symlink), sorted.
	Files []string
}

// Ecosystem is one package ecosystem, opened once on a source: Open reads
// and parses the ecosystem's files there, and the Project it returns
// answers D1, D2 and the attribution from that state, reading no manifest
// again. An Ecosystem value holds only configuration (the programs to ask,
// the machine to read), never a project's state, so one value opens any
// number of projects.
type Ecosystem interface {
	// Name is the ecosystem's short name: "npm", "python", ...
	Name() string
	// Open reads the ecosystem's files in src once. A tree without them
	// returns (nil, nil): the ecosystem is absent. Errors in project
	// files are *PosError values.
	Open(ctx context.Context, src Source) (Project, error)
	// DevTools names the packages of the ecosystem's test runners (pytest,
	// jest, mocha, ...): they and the packages only they pull in are dev
	// tooling, not hidden dependencies.
	DevTools() []string
	// Identifier builds the identities (package URL, CycloneDX group and
	// name) of the ecosystem's packages.
	Identifier
}

// Project is one ecosystem's view of an opened project.
type Project interface {
	// Files returns every project file Open read, labelled, sorted by
	// path (SortFiles).
	Files() []File
	// Declared returns D1, parsed in Open.
	Declared() []Dependency
	// Installed enumerates D2 and builds the attribution index. It needs
	// the project on disk (Source.Root); without it, it returns
	// ErrNotOnDisk.
	Installed(ctx context.Context, env Env) (*Inventory, error)
}

// TraceEnvironer is implemented by projects that must adjust the
// traced command's environment to collect evidence of use beyond file
// opens: a JVM class-load log through MAVEN_OPTS, a compiler lint
// through RUSTFLAGS. The front end calls TraceEnv before the traced run for
// every opened project that implements it, applies the returned variables
// over the command's environment (later entries win), and passes the same
// scratch directory back in Env.Scratch to Installed.
type TraceEnvironer interface {
	// TraceEnv returns KEY=VALUE entries to set in the traced command's
	// environment. scratch is an empty directory private to this run and
	// this ecosystem; environ is the environment the command would get.
	TraceEnv(scratch string, environ []string) []string
}

// TraceSkipper is implemented by projects whose tools open many
// files that belong to no package and that no ecosystem attributes: the Go
// build cache and the Go toolchain's own tree, opened thousands of times by
// every go build. The front end passes the directories to the tracer
// (tracer.Options.Skip), which counts opens below them instead of
// recording them, at half the cost. Only directories whose files no
// ecosystem could own belong here.
type TraceSkipper interface {
	// TraceSkip returns absolute directories to skip for a command run in
	// the project's root with env.Environ (nil: envaudit's own). It runs
	// before the traced command, and asks its tools as env.Tools allow,
	// like Installed.
	TraceSkip(ctx context.Context, env Env) []string
}

// Resolver is implemented by ecosystems whose D2 is what the build tool
// resolves for the project (mvn dependency:tree, go list -m all, the
// Cargo.lock cargo writes) rather than what an install step put on the
// machine. A runner baseline, taken before the install steps, has nothing
// of theirs to record: resolving would download, or describe nothing the
// machine provides.
type Resolver interface {
	// ResolvesInstalled reports whether D2 comes from resolving the
	// project with the build tool.
	ResolvesInstalled() bool
}

// TestScoper is implemented by ecosystems that say whether their
// manifests can declare a package for the tests alone. go.mod cannot: it
// requires the modules the main module's tests import beside those its
// code imports (go mod tidy adds both alike), so a requirement only the
// tests import is where it belongs, and the audit never tells to move it
// to the dev dependencies. Ecosystems that do not implement it have such
// a scope (devDependencies, a test scope, dev-dependencies).
type TestScoper interface {
	// HasTestScope reports whether a manifest can declare a dependency
	// that only the tests need.
	HasTestScope() bool
}

// MachineInventory is implemented by ecosystems whose packages the machine
// itself has, before and apart from any project (Debian's dpkg database):
// a runner baseline records every one of them, whatever the project, to
// tell a hidden package the runner image provided from one a workflow
// step installed.
type MachineInventory interface {
	// MachinePackages lists the packages installed on the machine.
	MachinePackages(ctx context.Context) ([]Package, error)
}

// Names returns the names of ecos, in their order: what a front end
// lists in its help and checks a configuration's ecosystem names against.
func Names(ecos []Ecosystem) []string {
	out := make([]string, len(ecos))
	for i, e := range ecos {
		out[i] = e.Name()
	}
	return out
}

// Asked records the programs an ecosystem ran to read the project, each
// once, in the order first asked; safe for concurrent use (the ecosystems
// read side by side). A nil *Asked records nothing.
type Asked struct {
	mu   sync.Mutex
	list []string
}

// Add records that eco ran program, chosen for why ("the project's
// virtual environment").
func (a *Asked) Add(eco, program, why string) {
	if a == nil {
		return
	}
	line := fmt.Sprintf("%s: %s (%s)", eco, program, why)
	a.mu.Lock()
	defer a.mu.Unlock()
	if !slices.Contains(a.list, line) {
		a.list = append(a.list, line)
	}
}

// List returns what was recorded.
func (a *Asked) List() []string {
	if a == nil {
		return nil
	}
	a.mu.Lock()
	defer a.mu.Unlock()
	return slices.Clone(a.list)
}
