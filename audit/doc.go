// Package audit owns combining the declared (D1), installed (D2) and traced
// (D3) layers of each ecosystem into findings and metrics, and the versioned
// report model with its JSON, text and Markdown renderings. It is pure: it
// starts no process and talks to no service.
//
// # Layers
//
// Ecosystem takes one ecosystem's D1 (its declared dependencies), its
// inventory (D2, with the index that attributes paths to packages) and the
// trace. Every successful read or execution in the trace is attributed to
// the package owning the file, by its symlink-resolved path first and then
// by the path as opened. Files that were only written are no evidence of
// use, nor are files the ecosystem marks UseNone (metadata) or UseResolve
// (read to find the package: npm's package.json, which a resolver reads),
// nor files of excluded toolchain packages (pip, npm itself). A package with at least
// one file loaded at run time is in D3; a package whose files were only
// read to build (UseCompile: headers, type declarations) is listed as
// traced with use "compile" but is not in D3, as in the study, where a
// header-only library leaves no run-time trace.
//
// Layers are sets of normalised names: a package installed in two versions
// (npm's nested copies) is one package. A requirement the package manager
// marked as only other dependencies' need (Dependency.Indirect: go.mod's
// "// indirect") is in D1 only when the project's sources import its
// package; the others are the package manager's bookkeeping, not the
// project's declarations, and leave the report's declared list. Declarations the inventory calls
// inapplicable here (Inventory.Inapplicable: a Python environment marker
// that is false for the interpreter the run used) leave D1 for the run and
// are listed as excluded, with no finding.
//
// # Dev tooling
//
// Running the tests loads the test runner. The dev tooling a run loaded is
// the closure, over the installation's dependency edges, of the dev roots
// it loaded — its test runners (Ecosystem.DevTools) and its dev- and
// test-scoped declarations that have files in the trace — minus everything
// a runtime declaration reaches. Being reachable from a test runner or a
// dev declaration is not enough: a loaded package that only an unloaded
// dev declaration brings is hidden (transitive, through that declaration,
// which an install without dev dependencies leaves out), and one that only
// an unloaded runner brings is undeclared. Loaded, undeclared dev tooling
// yields a `dev` notice, never a hidden finding. Installed tooling that was
// not loaded — the closure of every dev root and of what the package
// manager records as dev-only — is left out of D2, so it is not bloat;
// but where the package manager records dev-only packages (npm's
// lockfile), a copy it installs for production stays in D2 even when only
// dev packages reach it in this install (the edge that makes it a
// production package was left out, an optional dependency for another
// platform): a production install has it, and nothing loaded it. A
// declared dev dependency stays a declaration like any other, so loading
// it is a match and not loading it a phantom.
//
// # The project's code first
//
// What the project's own shipped code imports at run time (not optionally,
// not only to build, not from a test or a tooling file) must be in a
// production install, whatever closure the package also sits in: such a
// package is never test tooling, the toolchain baseline does not hide it
// (pkg_resources in the code needs setuptools declared), and when it is
// declared only for development it is a dev-declared finding. Imports of
// tooling files (Import.Tool: maintainer scripts, examples, tools'
// configuration) never gate. What only the tests import is the tests'
// need, whatever else brings the package: a runtime declaration of it is
// dev-only where the manifest has a scope for the tests, and rightly
// placed where it has none (Input.NoTestScope: go.mod, whose requirements
// serve the module's code and its tests alike).
//
// Every other load is explained, before it may be called undeclared, by
// what was loaded already: a walk from the loaded declarations, the
// code's imports, the test runners, the excluded toolchain (what pip,
// setuptools or npm load by themselves, such as setuptools' plugins when
// a test makes pip build a package) and the runtime's start-up that steps
// only into loaded packages, over the recorded dependency edges and the
// ecosystem's links (Inventory.Links: a loaded package's own optional
// imports, the entry points it discovers, start-up hooks). A load so
// explained is transitive when its chain starts at a runtime declaration
// or the code's imports, and test tooling otherwise; only a load nothing
// explains stays undeclared. What the command itself fetched and ran
// (ecosystems.LinkFetched: npx --yes X) is the exception: X is an
// undeclared tool of the test command, hidden undeclared (a version no
// lockfile records, a run that fails offline: declare it as a dev
// dependency), and what it brought along is explained through it.
//
// # Findings
//
// With D1, D2 and D3 as above (toolchain baseline and undeclared dev
// tooling removed), and Input.Imports, what the project's own sources
// import (the code's imports, the tests' imports — the test tooling's
// need — and those only to build or only for another platform):
//
//	phantom  D1 \ D3   not-installed  a runtime, provided or build declaration not in    error
//	                                  D2 (only known when D2 was enumerated)
//	                   skipped        a dev, test, peer or optional declaration not in   notice
//	                                  D2: the install left it out
//	                   compile-time   a CompileOnly declaration, only read to build, or  notice
//	                                  imported only to build (a type-only import)
//	                   untested       installed, never loaded, but imported by the code  notice
//	                                  (or a test, or code for another platform); placed
//	                                  at the import
//	                   unused         installed, never loaded, imported by nothing       warning (notice if dev, test, build, optional, peer or provided)
//	         D1 ∩ D3   unused         the declared copy was never loaded, only another   as above
//	                                  copy of it (a dependency's nested one): audited as
//	                                  never loaded, the message names the copy
//	                   unused         a runtime declaration the code never imports,      warning
//	                                  loaded only by a declared package depending on it
//	                                  (Via)
//	                   dev-only       a runtime declaration the code never imports that  warning
//	                                  only the tests import (none without a test scope),
//	                                  or a test runner
//	                   unused         a runtime declaration only the test tooling        warning
//	                                  loaded, imported by neither the code nor a test
//	hidden   D3 \ D1   direct         imported by the code (or a test), there only       error
//	                                  through a declared package or the test tooling
//	                                  (Via); placed at the import
//	         D1        dev-declared   imported at run time by the code, declared only    error
//	                                  for development; placed at the import, in place
//	                                  of its declaration's phantom finding
//	                   transitive     reachable from a runtime declaration; Via is the   warning; with the imports read, a notice
//	                                  shortest path of names from it; or loaded by a     and Grouped: only other packages need it
//	                                  loaded package through a link (an optional
//	                                  import of its own)
//	                   undeclared     reachable from no declaration                      error
//	                                  (among them what the command fetched and ran
//	                                  itself, npx --yes X: a tool of the test command
//	                                  no lockfile pins; what X brings along is dev)
//	         none      missing        imported at run time by the code (not optionally,  error
//	                                  not only to build, not for another platform),
//	                                  declared nowhere, not installed; placed at the
//	                                  import; needs D2, not a trace
//	bloat    D2 \ D3   installed      one finding per package and version, ranked        notice
//	dev      test-runner    loaded undeclared dev tooling, or a load the test tooling  notice
//	                        or the start-up explains through a link (a pytest plugin)
//	         tooling        imported only by tooling files, declared nowhere, not the  notice
//	                        toolchain baseline; placed at the import
//	manifest indirect       a requirement marked indirect that the code or the tests   warning
//	                        import below its manifest: the mark is stale (go mod
//	                        tidy rewrites it); placed on the requirement, it
//	                        concerns no layer
//
// The reasons resting on imports (untested, dev-only, direct, missing, and
// unused for a loaded declaration) need Imports; without it the audit is
// what the trace alone can tell, and the ecosystem's evidence says so.
// Only imports read in full (Imports.Warnings empty) make the absence of
// an import evidence: then an unused declaration is told "remove it", a
// transitive package is grouped, and a loaded declaration can be a
// phantom. A dev or test declaration that was not loaded and that no test
// imports (a linter, a formatter, a release tool) is an unused notice with
// Grouped set. Renderings count Grouped findings in one line per kind and
// reason, with their names.
//
// Bloat findings are ranked by what is worth acting on first: packages the
// project depends on directly (the only ones a manifest edit removes), then
// by how many other never-loaded packages each pulls in (Finding.PullsIn),
// then by name. A package installed at several versions (a nested copy of
// another version) is one finding per version, with that version and the
// paths of its copies. Bloat is per installed copy: when the run loaded one
// copy of a name and never another (a dependency's nested copy), the idle
// copy is a bloat finding too, as removal-confirmed bloat counts it, though
// β counts names. A copy the run read only to find (UseResolve: Node's
// require.resolve or a bundler read its package.json) is needed where it
// is, and is no bloat, when a loaded package depends on its name (that
// package's resolution read it; a tool that reads every package.json in
// node_modules locates nothing); the report lists such never-loaded names
// as located (β still counts them, as D2 \ D3). A package needed to build
// (read only to build, a build
// tool the run executed while building, or declared or imported only to
// build) has its compile-time finding and is no bloat: one cause, one
// finding. Renderings show bloat as a count and the top of that
// ranking, never as one line or annotation per package.
//
// Without a trace (envaudit audit without --trace), only D1 and D2 are
// known: the only findings are not-installed and skipped phantoms and
// missing packages, and the metrics hold the counts, Δ and ρ, with the
// rates 0 and P, R, F1 absent.
//
// Every finding has Gating, false until a gate marks the report
// (policy.Gate.Mark): the audit itself decides no run.
//
// # Metrics
//
// Measure implements the study's equations. Each ecosystem's report gives
// them over two definitions of the layers. Metrics (DefinitionEnvaudit)
// count the same sets the findings use, so |phantom findings on D1 \ D3| =
// φ·n1, |hidden findings on D3 \ D1| = η·n3 and |packages of the bloat
// findings| = β·n2 (the phantoms of loaded declarations and the missing
// packages refine the findings, not the layers): D1 is every declared name
// (all scopes) except excluded toolchain packages; D2 is the installed
// names without the excluded baseline and without undeclared dev tooling;
// D3 is the packages loaded at run time, without undeclared dev tooling.
// StudyMetrics (DefinitionStudy) count the layers as the study defines
// them: D1 is the runtime declarations only, D2 every installed name
// without the excluded baseline, D3 every package loaded at run time. The
// study's tables (package study, envaudit compare) rest on those.
//
// # Order
//
// Reports are deterministic: declared dependencies by position, installed
// and traced packages by name, findings by kind (phantom, hidden, dev,
// bloat, manifest), then by severity, reason and name (bloat by rank).
package audit
