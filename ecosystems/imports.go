package ecosystems

import "context"

// ImportKind says how the project's code needs what it imports.
type ImportKind string

// The kinds of import.
const (
	// ImportRuntime: the code loads the module when the importing code
	// runs (require, import, a Python import at any depth, a class the
	// compiled code references).
	ImportRuntime ImportKind = "runtime"
	// ImportCompile: only to build or type-check (TypeScript `import
	// type`, Python under `if TYPE_CHECKING:`, an annotation processor):
	// never loaded at run time.
	ImportCompile ImportKind = "compile"
	// ImportOptional: the code copes without it (a Python import guarded
	// by `try: ... except ImportError`, an optional require in a
	// try/catch).
	ImportOptional ImportKind = "optional"
	// ImportPlatform: only files excluded for this platform import it (a
	// Go file constrained to windows, a Cargo target table for another
	// cfg): needed elsewhere, not here.
	ImportPlatform ImportKind = "platform"
)

// Import is one import in the project's own sources — never in
// node_modules, site-packages, vendor or build output: evidence that the
// project's code, not a dependency or the toolchain, needs a package.
type Import struct {
	// Package is the normalised name of the package that provides the
	// module (as D1, D2 and D3 name it), resolved by the ecosystem from
	// the installation's metadata (a Python distribution's top_level.txt
	// and RECORD, the node_modules directory a specifier resolves to, the
	// JAR that defines a class); "" when nothing installed provides it and
	// the ecosystem cannot tell the package from the module's name.
	Package string `json:"package,omitempty"`
	// Module is what the source names: a specifier ("lodash/fp"), a module
	// ("urllib3.util"), a package path ("golang.org/x/mod/semver"), a class
	// ("org.apache.commons.lang3.StringUtils").
	Module string `json:"module"`
	// Pos is the import's place in the project's sources, relative to the
	// project root.
	Pos Pos `json:"location"`
	// Kind says how the code needs it.
	Kind ImportKind `json:"kind"`
	// Test is set when the importing file is a test (a test directory,
	// *_test.go, src/test/java, a file only test targets compile): the
	// import is the test tooling's need, which a dev or test declaration
	// covers.
	Test bool `json:"test,omitempty"`
	// Tool is set when the importing file is neither code the project
	// ships nor one of its tests but tooling: a maintainer script, an
	// example, a tool's configuration file. It names the tool or the kind
	// of file ("eslint's configuration", "a maintainer script", "an
	// example"), as the ecosystem tells it from the project's build
	// configuration. Such an import never gates: whoever runs the tool
	// installs what it needs, and the test command need not run it.
	Tool string `json:"tool,omitempty"`
}

// Imports is what an ecosystem read of the project's own sources.
type Imports struct {
	// List holds every import found, sorted by position.
	List []Import
	// Files is how many of the project's source files were read.
	Files int
	// Code, Tests and Tooling list the files read, slash-separated and
	// relative to the project root, by what the ecosystem counted each as:
	// the code the project ships (what its build configuration packages),
	// its tests, and tooling (Import.Tool). The report lists them, so a
	// reader sees what "the project's code" meant. Nil when the ecosystem
	// does not tell them apart.
	Code, Tests, Tooling []string
	// Warnings are problems that left part of the sources unread (a file
	// that does not parse, an interpreter that could not be asked): the
	// imports found are still evidence, but their absence is not.
	Warnings []string
}

// Importer is implemented by projects that can read what their own
// sources import, with the ecosystem's real parser (esbuild for
// JavaScript and TypeScript, Python's ast module, go list, class-file
// constant pools). env is what is known of the run, as for Installed: the
// interpreter the run used tells Python's module names from its
// distributions'. Imports must not run the project's code.
type Importer interface {
	Imports(ctx context.Context, env Env) (*Imports, error)
}

// ImportMapper is implemented by importers whose naming of an import's
// package rests on the installation the run used, which only the run
// shows: a Python module is the distribution's that provides it in the
// interpreter the tests ran with, and the python3 on PATH before the run
// (a version manager's shim) may have another installation or none. The
// front end reads the imports before the run, from sources the run could
// rewrite; after it, it asks MapImports to name their packages again with
// env, which then holds the run's Executables and Processes. The sources
// are not read again.
type ImportMapper interface {
	// MapImports returns imports with each import's Package named for
	// the installation env shows, imports itself (unchanged) when that
	// is the one they were named with. imports is not modified. A
	// failure to ask the installation is a warning in the result, which
	// keeps the names given before the run.
	MapImports(ctx context.Context, env Env, imports *Imports) (*Imports, error)
}
