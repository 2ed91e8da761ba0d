// Package gomod owns envaudit's Go modules ecosystem ("go"): the modules a
// project requires in go.mod and go.work (D1), the module graph the go
// command selected (D2), and the attribution of traced files in the module
// cache and vendor directory to those modules (D3).
//
// # Files read
//
// D1 (Declared):
//   - go.work at the project root, when present: its use directives name the
//     workspace modules; each used directory's go.mod is read. Workspace
//     modules are project code, so a requirement naming one is not an
//     external dependency. Without go.work, the root go.mod alone.
//   - In each go.mod: every require without an "// indirect" comment is a
//     runtime dependency, positioned at its require line. Requirements marked
//     "// indirect" are written by the go command itself (go get, go mod
//     tidy) for modules the main module does not import: they are not the
//     author's declaration, so they are listed with Dependency.Indirect set
//     and the audit counts them in D1 only where the project's sources
//     import the module (code, tests, tooling, other platforms: what go mod
//     tidy reads); there the comment is stale, and the audit says go mod
//     tidy fixes it. In D2 they have Direct false. A tool directive (Go
//     1.24) declares the module providing the tool as a dev dependency,
//     positioned at the tool line, unless the module is also required
//     directly. Replace directives are kept in Spec ("v1.2.3 =>
//     ../fork"); exclude directives declare nothing. go.mod has no scope
//     for what only the tests need (HasTestScope): a requirement only the
//     tests import is rightly declared.
//
// D2 (Installed), asked of the go command through an injectable Runner,
// with the traced run's environment (GOFLAGS, GOPROXY, GOMODCACHE, GOWORK,
// ...) plus -mod=readonly so the listing never edits go.mod:
//   - go env -json: GOMODCACHE and GOROOT.
//   - go list -m -json all: the selected module graph with versions and
//     extraction directories; main modules (the project and its workspace
//     modules) are not packages. When it fails, go list -m -e -json all
//     tells the modules the go command cannot resolve (a made-up path, a
//     module an offline cache lacks): they are left out of D2, each with a
//     warning, so their declarations are reported not installed. Offline
//     runs work when the module cache is warm (GOPROXY=off, GOFLAGS=-mod=mod
//     are honoured from the environment).
//   - go mod graph: the requirement edges between selected versions.
//   - vendor/modules.txt, when the project vendors: vendored modules.
//   - The standard library under GOROOT is listed as excluded toolchain
//     baseline.
//
// Open reads go.work, the go.mod files and vendor/modules.txt through the
// Source, once; Files labels go.work and the go.mod files manifests, and
// go.work.sum, the go.sum files and vendor/modules.txt lockfiles (the go
// command's record of the versions it selected and verified).
//
// D3 (attribution): a traced path under GOMODCACHE/<escaped path>@<escaped
// version>/ (module.EscapePath: "github.com/!burnt!sushi/toml@v1.3.2"), under
// the directory of a local replacement, or under vendor/<module path>/
// belongs to that module. What D3 rests on: the go command compiles only the
// packages the build imports, and it opens every source file it compiles
// (.go, .s, .c, .h, .syso, embedded files) — to hash it for the build
// cache's action IDs even when the build and the test result are cached
// (checked with strace: a "(cached)" go test still opens each compiled
// source of each imported package, and no file of a required module the
// code never imports). So no environment adjustment is needed. The module
// graph itself is read for every module: go.mod inside a module directory
// and GOMODCACHE/cache/download/<module>/@v/ (.mod, .info, .zip,
// .ziphash) are metadata, never use.
//
// Module paths are kept as written (case included) as package names; the
// package URL is pkg:golang/<path>@<version> of the module actually
// installed (the replacement, when a module is replaced by another).
package gomod

import (
	"context"

	"github.com/envaudit/envaudit/internal/toolexec"
)

// Runner runs a command in dir with the environment env and returns its
// standard output. Errors should include what the command wrote to
// standard error.
type Runner func(ctx context.Context, dir string, env []string, name string, args ...string) ([]byte, error)

// ExecRunner runs commands as processes (toolexec.Run): env is their whole
// environment, and an error ends with the end of their standard error.
func ExecRunner(ctx context.Context, dir string, env []string, name string, args ...string) ([]byte, error) {
	return toolexec.Run(ctx, toolexec.Cmd{Path: name, Args: args, Dir: dir, Env: env})
}

// Ecosystem is the Go modules ecosystem.
type Ecosystem struct {
	// Run runs the go command; nil means ExecRunner.
	Run Runner
	// Go is the go command to run; "" means "go" looked up in the traced
	// run's PATH.
	Go string
}

// New returns the Go modules ecosystem, asking the real go command.
func New() *Ecosystem { return &Ecosystem{} }

// Name returns "go".
func (*Ecosystem) Name() string { return "go" }

// DevTools returns nothing: go test is part of the toolchain, whose files
// lie under GOROOT, not in the module graph.
func (*Ecosystem) DevTools() []string { return nil }
