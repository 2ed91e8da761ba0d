// Package python owns the Python ecosystem: the dependencies a project
// declares (D1), the distributions installed where its interpreter looks
// (D2), and which of them own the files a traced run opened (D3).
//
// # Files read
//
// D1 (Declared), at the project root:
//   - requirements*.txt and requirements/*.txt, and every file they include
//     with -r/--requirement (relative to the including file); files named
//     only by -c/--constraint are read for errors but declare nothing.
//     A pip-compile output (its header, or `# via` annotations) is a lock
//     of the resolved closure: the inputs its annotations name with -r
//     (requirements.in) are read and declare; of its pins, only those
//     tied to no input in the tree do.
//     Local paths and -e entries are named by the pyproject.toml,
//     setup.cfg or setup.py of the directory they point to.
//   - pyproject.toml: [project] dependencies and optional-dependencies
//     (PEP 621), [dependency-groups] (PEP 735), [tool.poetry]
//     dependencies, dev-dependencies and group.*.dependencies,
//     [tool.pdm] dev-dependencies, [tool.uv] dev-dependencies,
//     [tool.hatch.envs.*] dependencies, and the requirements files named by
//     [tool.setuptools.dynamic].
//   - setup.cfg: [options] install_requires and tests_require,
//     [options.extras_require], and the requirements files of "file:".
//   - Pipfile: [packages], [dev-packages] and custom categories.
//   - setup.py, never run: the install_requires, tests_require and
//     extras_require arguments of its setup() call, read from its syntax
//     when they are literals or names bound to literals (setuppy.go);
//     those computed otherwise are read, once Installed has run, from the
//     Requires-Dist of the project's own installed metadata, when it is
//     installed into its environment.
//
// Open reads these files through the Source, once. Files labels them
// manifests, a requirements file named only by -c or a pip-compile output
// whose pins all come from its inputs a lockfile, and the
// files read only for a local project's name (the root's setup.cfg or
// a setup.py that declares nothing, the pyproject.toml of a -e path)
// configuration; it lists
// poetry.lock, Pipfile.lock, uv.lock and pdm.lock, when present, as
// lockfiles it does not parse.
//
// [build-system] requires and setup_requires are not read: build backends
// are installed into an isolated build environment, not the one the run
// uses.
//
// D2 (Installed): the interpreter the run used (see Installed) is asked
// for sys.path and its marker environment; then, in every sys.path
// directory:
//   - *.dist-info/METADATA (Name, Version, Requires-Dist) and RECORD;
//   - *.egg-info/PKG-INFO (or the *.egg-info file itself), requires.txt
//     and installed-files.txt;
//   - top_level.txt of either kind;
//   - for distributions under /usr, the dpkg database: /var/lib/dpkg/status
//     (Depends, Provides) and /var/lib/dpkg/info/*.list, because Debian's
//     egg-info omits the runtime requirements and the file list; a
//     distribution Debian splits over several packages (python3-pandas and
//     python3-pandas-lib, python3-setuptools and python3-pkg-resources)
//     owns the files that the packages its own depends on, and that hold
//     no distribution's metadata, install under its top-level names;
//   - the __editable__*.pth files and __editable___*_finder.py hooks that
//     editable installs list in their RECORD.
//
// METADATA and PKG-INFO are read as Python's email parser reads them: a
// line that is neither a header nor a continuation ends the headers
// (Debian's python3-passlib), without a warning.
//
// D3 (the attribution index): no further files; a traced path belongs to
// the distribution whose RECORD, installed-files.txt or dpkg list names it
// (with its __pycache__ byte code), else to the one whose top_level.txt
// names the package directory or module it lies in. Python's import
// system reads none of these: it finds modules by name on sys.path, and a
// distribution is only what the metadata says, as for pip and
// importlib.metadata. So a distribution's metadata can claim files (what
// it vendors, what its RECORD lists), and they count as its own: a
// documented limit (docs/action.md, "Install state the runtime does not
// read decides nothing"). sys.path itself is the interpreter's answer,
// with the directories its .pth files add.
//
// Links (Inventory.Links, links.go), after a traced run only: the source
// files of the loaded distributions that the run loaded (their imports,
// guarded ones as optional, parsed by the run's interpreter), the
// entry_points.txt of the loaded distributions (a group's consumer is the
// loaded distribution whose loaded code names the group), and the .pth
// files of the site directories and the sitecustomize and usercustomize
// modules (start-up hooks).
//
// Imports (the importer evidence): the project's own *.py and *.pyw files
// under the root, parsed by the run's interpreter with its ast module (an
// embedded script, imports.py, run with -I -S), never those of virtual
// environments, hidden directories (.venv, .tox, .git), node_modules,
// site-packages, build or dist; then the D2 metadata above (RECORD,
// installed-files.txt, dpkg lists, top_level.txt) to name the distribution
// each imported module comes from, with the interpreter the run used
// (read before the run with the one the environment names, named again
// after it when the run executed another: MapImports). Which files are
// the project's code, its tests and its tooling comes from its build
// configuration (layout.go): pyproject.toml's build-system and
// [tool.setuptools], [tool.hatch.build], [tool.flit.module],
// [tool.poetry] packages, [tool.pdm.build], [tool.maturin]; setup.cfg's
// [options] packages, py_modules and package_dir; setup.py's setup()
// arguments where they are literals.
//
// The toolchain (pip, setuptools, wheel) is excluded from D2 and D3 and
// listed as excluded, though its distributions stay in the inventory and
// own their files, so that the audit can let setuptools back in when the
// project's code imports pkg_resources (or setuptools, or distutils on
// Python 3.12): those modules are setuptools' even where nothing installs
// it. So is the project's own distribution excluded when it is installed
// into its environment, and, unless the project declares it, a
// distribution the interpreter imported at start-up, before any project
// code ran (a .pth file of a site directory importing certifi, a
// sitecustomize): the interpreter names those modules itself (the query's
// first line lists sys.modules), and the .pth file that imports one is
// given as why.
package python

import (
	"github.com/envaudit/envaudit/ecosystems"
)

// Ecosystem is the Python ecosystem. The zero value is ready to use.
type Ecosystem struct {
	// Query asks an interpreter for its sys.path and marker environment;
	// nil means RunQuery, which runs it.
	Query QueryFunc
	// DpkgDir is the dpkg database directory, "/var/lib/dpkg" when empty;
	// "-" disables reading it.
	DpkgDir string
}

var _ ecosystems.Ecosystem = (*Ecosystem)(nil)

// New returns the Python ecosystem.
func New() *Ecosystem { return &Ecosystem{} }

// Name returns "python".
func (e *Ecosystem) Name() string { return "python" }

// DevTools names the test runners and what the runner itself loads:
// pytest (with pluggy, iniconfig and py, which it pulls in) and the common
// pytest plugins, which pytest loads by entry point whether or not a test
// uses them; nose, nose2, tox and nox; coverage, which wraps the run.
// unittest is part of the standard library.
//
// Libraries that tests import themselves (hypothesis, mock, responses,
// freezegun, faker) are deliberately absent: the test code uses them
// like any other dependency, so they must be declared, as test
// dependencies.
func (e *Ecosystem) DevTools() []string {
	return []string{
		"coverage",
		"iniconfig",
		"nose",
		"nose2",
		"nox",
		"pluggy",
		"py",
		"pytest",
		"pytest-asyncio",
		"pytest-benchmark",
		"pytest-cov",
		"pytest-django",
		"pytest-env",
		"pytest-forked",
		"pytest-html",
		"pytest-metadata",
		"pytest-mock",
		"pytest-randomly",
		"pytest-rerunfailures",
		"pytest-sugar",
		"pytest-timeout",
		"pytest-xdist",
		"tox",
	}
}
