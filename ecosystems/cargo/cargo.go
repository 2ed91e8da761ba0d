// Package cargo owns envaudit's Rust ecosystem ("cargo"): the crates a
// project declares in Cargo.toml (D1), the crates Cargo.lock pins (D2), and
// the attribution of a traced cargo build to the crates its code actually
// uses (D3).
//
// # Files read
//
// D1 (Declared):
//   - Cargo.toml at the root and, when it has a [workspace], each member's
//     Cargo.toml (members globs minus exclude). Tables [dependencies]
//     (scope runtime, or optional with `optional = true`),
//     [dev-dependencies] (dev) and [build-dependencies] (build), also inside
//     [target.'cfg(...)'.*] (the cfg becomes the dependency's Group). An
//     entry is a version string or a table (inline, [dependencies.x], or
//     dotted keys such as `x.workspace = true`); `package = "real"` renames
//     (Name is the real package, Raw the key the code uses); `workspace =
//     true` inherits the entry of the root's [workspace.dependencies].
//     Path dependencies on workspace members are project code, not
//     dependencies. Each entry is positioned at its key's line.
//
// D2 (Installed):
//   - Cargo.lock (format versions 1 to 4): each [[package]] that is not a
//     workspace member, with its locked dependencies (written "name" or
//     "name version"); purl pkg:cargo/<name>@<version>.
//   - Target tables: `rustc --print cfg --target <triple>` (RUSTC, else
//     rustc on the run's PATH; the triple from CARGO_BUILD_TARGET,
//     build.target, else `rustc -vV`'s host; with the build's rustflags, as
//     cargo asks it) gives the target's cfg values, against which each
//     [target.'cfg(...)'] key is evaluated (all, any, not, names and
//     key = "value" pairs); a [target.<triple>] key is compared with the
//     triple. A crate declared only in tables that do not hold is
//     Inapplicable: cargo leaves it out of this build.
//   - Where each crate's sources lie: the directory sources configured in
//     .cargo/config.toml files (root, parents, $CARGO_HOME), such as
//     vendor/ or Debian's /usr/share/cargo/registry (<name>-<version>/ or
//     <name>/), and $CARGO_HOME/registry/src/<index>/<name>-<version>/.
//
// Open reads the Cargo.toml files and Cargo.lock through the Source, once;
// Files labels them manifests and a lockfile, and the project's own
// .cargo/config.toml a configuration file (Installed reads it again, with
// its parents' and $CARGO_HOME's, for the directories above).
//
// D3 (attribution): cargo compiles every declared crate, so opening a
// crate's sources is no evidence that the project's code uses it. What D3
// rests on is the compiler's own verdict: TraceEnv names a rustc wrapper
// in RUSTC_WORKSPACE_WRAPPER (wrapper.go) that adds
// --force-warn=unused-crate-dependencies (a warning that -D warnings
// cannot turn into an error) to each compilation of a workspace crate
// (library, binary, test, build script), records in the scratch directory
// the crates the compilation was given and those rustc reported unused,
// and keeps those reports out of the build's output. A declared crate is
// used when some compilation of a workspace crate was given it and did not
// report it unused; a crate locked as a dependency of a used crate is
// compiled into it and counts as used too. A project that sets the lint's
// level itself keeps it, and then the verdict comes from cargo's own
// record of each compilation in the target directory
// (<target>/<profile>/.fingerprint/<package>-<hash>/: <unit>.json lists
// the crates given and the rustflags, output-<unit> the diagnostics). The
// index maps each crate's source directory and its build records and
// outputs in the target directory (.fingerprint/<package>-<hash>/,
// build/<package>-<hash>/, deps/lib<crate>-<hash>.{rlib,rmeta,so}) to the
// crate, as runtime use when the verdict says used and as no use
// otherwise (and a crate's Cargo.toml and .cargo-checksum.json, which
// cargo reads of every crate of a directory source while it resolves, as
// no use); so a crate is in D3 when the traced run compiled it (opened its
// sources) or found it fresh (opened its fingerprint) and the compiler
// says it is used. Doc tests are compiled by rustdoc, which cargo keeps no
// record of and the wrapper does not see: a crate named only by the
// library's doc tests (the code blocks of its /// and //! comments that
// rustdoc compiles, and items under #[cfg(doctest)]) is used when the run
// executed rustdoc (Env.Executables), that is, compiled the doc tests. A
// build that ran without the lint (not through envaudit run) falls back to
// reads alone, says so in the inventory's Evidence and warns.
//
// rustc, the code and the records name a crate by its library's name: a
// renamed dependency's key (`nick = { package = "real" }` is nick), else
// the [lib] name of the crate's own Cargo.toml where the build takes its
// sources (xml-rs's library is xml), else the package name; - is _ in
// each (libname.go).
//
// Imports (imports.go) come from the same records: a declared crate a
// compilation used is an import of that compilation's code — the tests'
// for a test harness or a tests/, benches/ or examples/ target — placed at
// the first line of the target's Rust sources that names it. A crate the
// code uses without declaring it cannot be built (rustc refuses an extern
// crate cargo did not pass), so there is no direct use of a transitive
// crate to report.
package cargo

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"path"
	"regexp"
	"strings"

	"github.com/envaudit/envaudit/ecosystems"
)

// Ecosystem is the Rust/Cargo ecosystem. The zero value is ready to use.
type Ecosystem struct{}

// New returns the Cargo ecosystem.
func New() Ecosystem { return Ecosystem{} }

// Name returns "cargo".
func (Ecosystem) Name() string { return "cargo" }

// DevTools returns nothing: cargo's test harness (libtest) is part of the
// toolchain, not a crate of the project's graph.
func (Ecosystem) DevTools() []string { return nil }

// Open reads Cargo.toml, the workspace members' Cargo.toml files and
// Cargo.lock through the Source, once. Files labels the Cargo.toml files
// manifests, Cargo.lock a lockfile and the project's own .cargo/config.toml
// (or .cargo/config) a configuration file. A Cargo.lock that is missing or
// does not parse is no error here: D1 stands without it, and Installed
// says what is wrong with it. A tree without Cargo.toml is absent.
func (Ecosystem) Open(_ context.Context, src ecosystems.Source) (ecosystems.Project, error) {
	pr, err := readProject(src)
	if err != nil || pr == nil {
		return nil, err
	}
	if pr.decls, err = pr.allDeclared(); err != nil {
		return nil, err
	}
	for _, m := range pr.manifests() {
		pr.files = append(pr.files, ecosystems.File{Path: m, Kind: ecosystems.KindManifest})
	}
	switch data, err := src.ReadFile("Cargo.lock"); {
	case err == nil:
		pr.files = append(pr.files, ecosystems.File{Path: "Cargo.lock", Kind: ecosystems.KindLockfile})
		pr.lock, pr.lockErr = parseLock("Cargo.lock", data)
	case errors.Is(err, fs.ErrNotExist):
		pr.lockErr = errNoLock
	default:
		pr.lockErr = fmt.Errorf("read %q: %w", "Cargo.lock", err)
	}
	for _, n := range configFiles {
		if src.IsFile(".cargo/" + n) {
			pr.files = append(pr.files, ecosystems.File{Path: ".cargo/" + n, Kind: ecosystems.KindConfig})
			break
		}
	}
	pr.files = ecosystems.SortFiles(pr.files)
	return pr, nil
}

// errNoLock is why a project without Cargo.lock has no inventory.
var errNoLock = errors.New("no Cargo.lock")

// ResolvesInstalled reports true: D2 is the Cargo.lock that cargo writes
// when it resolves the project, not what an install step put on the
// machine.
func (Ecosystem) ResolvesInstalled() bool { return true }

// Files returns the files Open read.
func (pr *project) Files() []ecosystems.File { return append([]ecosystems.File(nil), pr.files...) }

// Declared returns the dependencies of the root package and every
// workspace member, each positioned at its key in its Cargo.toml.
func (pr *project) Declared() []ecosystems.Dependency {
	out := make([]ecosystems.Dependency, len(pr.decls))
	for i, d := range pr.decls {
		out[i] = d.dep
	}
	return out
}

// LintFlag is the rustc flag envaudit's rustc wrapper adds to each
// compilation of the workspace's crates in the traced build: it makes
// rustc report every crate a compilation was given but did not use. It is
// --force-warn rather than -W because the build must end as it would
// without envaudit: -D warnings in the user's rustflags, or
// #![deny(warnings)] in a crate, turns a -W lint into an error and fails a
// build that passes, while a forced warning stays a warning whatever other
// flags or attributes say.
const LintFlag = "--force-warn=unused-crate-dependencies"

// TraceEnv implements ecosystems.TraceEnvironer: it writes the rustc
// wrapper (wrapper.go) into scratch and names it in
// RUSTC_WORKSPACE_WRAPPER, chaining the workspace wrapper the user
// configured (RUSTC_WORKSPACE_WRAPPER, CARGO_BUILD_RUSTC_WORKSPACE_WRAPPER
// or build.rustc-workspace-wrapper); a RUSTC_WRAPPER such as sccache is
// left as it is, and cargo runs it around the workspace wrapper. The
// rustflags are not touched, so cargo's build records and the units of
// the dependencies stay those of an untraced build.
//
// The project keeps its own lint level when it names the lint itself —
// unused_crate_dependencies in a [lints.rust] table (its own or the
// workspace's it inherits), in a crate attribute in its sources
// (#![deny(unused_crate_dependencies)], #![warn(...)]), or in the
// rustflags — because the forced warning would override it: a build that
// fails without envaudit must fail with it, and warnings the project asked
// for must still be printed. TraceEnv then sets nothing; the project's own
// lint gives the verdict, from cargo's build records, where its level is
// warn, deny or forbid. It sets nothing either when the script cannot run
// (no sh, awk or mktemp on the run's PATH) or cannot be written: D3 then
// falls back to reads, and says so.
func (pr *project) TraceEnv(scratch string, environ []string) []string {
	if pr.setsLint() || names(rustflags(environ)) {
		return nil
	}
	for _, tool := range []string{"sh", "awk", "mktemp"} {
		if ecosystems.LookPath(environ, tool) == "" {
			return nil
		}
	}
	script, err := writeWrapper(scratch, workspaceWrapper(pr.src, environ))
	if err != nil {
		return nil
	}
	return []string{"RUSTC_WORKSPACE_WRAPPER=" + script}
}

// names reports whether rustflags already name the unused_crate_dependencies
// lint (-D unused-crate-dependencies, -Wunused_crate_dependencies, ...).
func names(flags []string) bool {
	for _, f := range flags {
		if strings.Contains(strings.ReplaceAll(f, "_", "-"), "unused-crate-dependencies") {
			return true
		}
	}
	return false
}

// lintAttr matches a crate attribute that sets the lint's level:
// #![deny(unused_crate_dependencies)], #![warn(..., unused_crate_dependencies)].
var lintAttr = regexp.MustCompile(`#!\[\s*(allow|expect|warn|deny|forbid)\s*\([^)]*\bunused_crate_dependencies\b`)

// setsLint reports whether the project sets the unused_crate_dependencies
// lint's level itself: a member's [lints.rust] entry (its own or the
// workspace's it inherits), or a crate attribute in its Rust sources.
// Sources under target/ and hidden directories are build output or tool
// state, not the crate's.
func (pr *project) setsLint() bool {
	for _, m := range pr.members {
		if lintLevel(pr, m) != "" {
			return true
		}
	}
	for _, m := range pr.members {
		found := false
		_ = fs.WalkDir(pr.src.FS, m.dir, func(p string, d fs.DirEntry, err error) error {
			if found {
				return fs.SkipAll
			}
			if err != nil {
				return nil // unreadable: cargo would not build it either
			}
			if d.IsDir() {
				if p != m.dir && (d.Name() == "target" || strings.HasPrefix(d.Name(), ".") || pr.src.IsFile(path.Join(p, "Cargo.toml")) && !pr.isMemberDir(p)) {
					return fs.SkipDir
				}
				return nil
			}
			if strings.HasSuffix(p, ".rs") {
				if data, err := pr.src.ReadFile(p); err == nil && lintAttr.Match(data) {
					found = true
				}
			}
			return nil
		})
		if found {
			return true
		}
	}
	return false
}

// isMemberDir reports whether dir (slash-separated, from the root) holds a
// workspace member.
func (pr *project) isMemberDir(dir string) bool { return pr.memberDirs()[dir] }

// lookup returns the last value of key in environ and whether it is set.
func lookup(environ []string, key string) (string, bool) {
	for i := len(environ) - 1; i >= 0; i-- {
		if v, ok := strings.CutPrefix(environ[i], key+"="); ok {
			return v, true
		}
	}
	return "", false
}

var (
	_ ecosystems.Ecosystem      = Ecosystem{}
	_ ecosystems.Resolver       = Ecosystem{}
	_ ecosystems.TraceEnvironer = (*project)(nil)
)
