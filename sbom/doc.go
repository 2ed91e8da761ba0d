// Package sbom owns the mapping of an envaudit report to a CycloneDX 1.6
// bill of materials: one component per package of D1 ∪ D2 ∪ D3 with its
// package URL, scope, identity evidence (manifest analysis for declared and
// installed packages, dynamic analysis for traced ones), the traced files as
// occurrences, and the audit's layers and findings as properties in the
// `envaudit:` namespace.
//
// A BOM is made in two steps, facts first and envelope last. Generate
// builds the facts from a report: components, properties and dependencies
// sorted, so the same report always gives the same facts, and no serial
// number, timestamp or tool metadata, which would make them differ. Stamp
// then adds that envelope as the caller chooses it: a random serial number,
// or one derived from the content for a reproducible build; the time of
// the run, or SOURCE_DATE_EPOCH's; the tool that wrote it. Encode writes
// the result as JSON or XML. The package never recomputes findings; it
// only renders what the report says, and it names packages as their
// ecosystems do (Options.Identify), knowing no ecosystem itself.
//
// # Properties
//
// Component properties (all optional, repeated where a package has several):
//
//	envaudit:ecosystem         npm, python, maven, ...
//	envaudit:layer             declared, installed, traced (one property per layer)
//	envaudit:declared-in       manifest location, "package.json:7"
//	envaudit:declared-scope    runtime, dev, test, build, optional, peer, provided
//	envaudit:declared-spec     the version constraint as written
//	envaudit:installed-path    install location
//	envaudit:direct            "true" when the package manager records a direct dependency
//	envaudit:traced-files      total number of files the run used (occurrences are capped)
//	envaudit:traced-by         executable of a process that used it
//	envaudit:use               runtime or compile
//	envaudit:dev-tooling       "true" when only test tooling loaded it
//	envaudit:finding           phantom, hidden, bloat, dev or manifest
//	envaudit:finding:reason    the finding's reason (audit.Kind.Reasons): unused, not-installed, transitive, installed, indirect, ...
//	envaudit:finding:severity  error, warning or notice
//	envaudit:finding:via       for hidden transitive packages, the declared package path ("express > debug")
//	envaudit:finding:change    new or existing, when compared with a pull request's base
//	envaudit:finding:ignored   the reason of the .envaudit.yml rule that ignores it
//
// Metadata properties carry the traced command (envaudit:command,
// envaudit:exit-code, envaudit:succeeded, ...), the metrics of each ecosystem
// (envaudit:metrics:<ecosystem>:<metric>) and the excluded toolchain
// baselines (envaudit:excluded:<ecosystem>).
//
// CycloneDX keeps component evidence in JSON only: an XML SBOM has the same
// components, properties and dependencies but no evidence element (the
// envaudit:traced-files and envaudit:declared-in properties remain).
package sbom
