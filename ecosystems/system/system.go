// Package system owns envaudit's system-package ecosystem: the Debian and
// Ubuntu packages a project declares it needs from the machine (D1), those
// packages as dpkg installed them (D2), and the attribution of executed
// programs and loaded shared libraries to the Debian packages that own them
// (D3). Its findings are the "works on the runner, fails on a clean
// machine" case: a tool or library the tests used that a package outside
// the distribution's base provided and nothing declares.
//
// # Files read
//
// D1 (Declared), each package with the line that names it:
//   - Dockerfile, Containerfile, Dockerfile.*, *.Dockerfile anywhere in the
//     project (three levels deep, skipping .git, node_modules, vendor,
//     testdata and build output): `apt-get install`, `apt install` and
//     `aptitude install` in RUN instructions, in shell form (with line
//     continuations and the escape directive), exec form and here-documents.
//   - .github/workflows/*.yml and *.yaml: the same commands in the `run:`
//     scripts of steps (positions inside `run: |` blocks are the real lines
//     of the workflow), and the `packages:` input of steps using
//     awalsh128/cache-apt-pkgs-action. Workflow files are detected even when
//     they install nothing, so a project audited in CI always has this
//     ecosystem.
//   - .gitlab-ci.yml (the before_script, script and after_script of each
//     job, of the hidden jobs it extends, and of default and the top
//     level), .circleci/config.yml (run steps of jobs and reusable
//     commands) and .travis.yml (the apt addon's packages and the install
//     and script phases, at the top level and in jobs.include): the same
//     commands, each package at its line.
//   - Aptfile at the root: package names, # comments.
//
// A CI file's packages are installed by the job whose script names them.
// When envaudit runs in CI (GITHUB_JOB and GITHUB_WORKFLOW_REF in GitHub
// Actions, CI_JOB_NAME in GitLab CI, CIRCLE_JOB in CircleCI), only the
// job being run declares packages for this run: a package that only other
// jobs, other workflows or another CI service install is inapplicable here
// (Inventory.Inapplicable, with the job that installs it), never "not
// installed". Outside CI no job is being run: a CI file's line (a job's,
// or a script or command its jobs share) says what that service's machines
// install, so it counts only when it explains a package this run loaded
// or executed; one the run did not use is inapplicable (a notice), never
// "not installed" nor "unused". The Aptfile and Dockerfiles, which
// describe the machine the project runs on, count everywhere.
//
// With none of these files the project is still one of this ecosystem,
// declaring nothing: the machine's packages are there all the same, and a
// script that runs sqlite3 with no manifest line for it is the finding.
//
// Names are Debian package names, lowercased, without an :arch qualifier;
// a version or release pin (pkg=1.2-1, pkg/bookworm-backports) is the spec.
// Options (-y, --no-install-recommends, -o X=Y), local .deb files,
// removals (pkg-) and parameter expansions ($PKGS) name no package. A
// virtual package name stays as written.
//
// Open reads these files through the Source, once; Files labels each a
// manifest.
//
// D2 (Installed): /var/lib/dpkg/status. Every installed package is not D2:
// a CI image has a thousand of them and nearly all are nobody's
// declaration. D2 is the declared packages that are installed (by name, or
// through Provides), the packages owning the programs the traced run
// executed (Env.Executables; toolchain aside), and everything they depend
// on (Depends and Pre-Depends), outside the base; each with its version, a
// pkg:deb/<distro>/<name>@<version>?arch=<arch>&distro=<id>-<version>
// package URL, and its dependency edges (so an undeclared library is
// reported as coming through the undeclared tool that loaded it). Bloat is
// therefore what the declarations and the executed tools pulled in and the
// run never used. On a machine without a dpkg database the installation is
// reported as unknown (Inventory.Unknown), not as empty. A declared package
// that is not installed is looked up in apt's lists (`apt-cache policy`,
// Ecosystem.Archive): one the archive knows is a real name
// (Inventory.Available), to install rather than to check.
//
// D3 (attribution): /var/lib/dpkg/info/<package>[:<arch>].list and
// /var/lib/dpkg/diversions give exact file ownership for every installed
// package. Only two kinds of access are evidence of use: executing a file
// (the programs the traced run executed, Env.Executables) and loading a
// shared object (a file named *.so or *.so.N). Reading a package's other
// files (configuration in /etc, data in /usr/share, Python sources) is
// not: it is indexed with no evidence of use, because a program reads many
// files it would work without, and a library's own ecosystem (python,
// cmake) judges its use.
//
// Libraries loaded only for the toolchain are excluded and listed with the
// object that needed them: in every traced process that loaded it, only
// toolchain objects need the library (DT_NEEDED of the program the process
// ran, or of libraries loaded beside it that only the toolchain needs), or
// a build tool's process loaded it for itself (Env.Processes). Python's
// pyexpat module needing libexpat1, cmake needing libcurl4 and libxml2,
// the Rust linker reading libc6-dev's libc.so are the toolchain's; a
// library a program the project ran needs, or one an interpreter loaded
// with no object needing it (ctypes, dlopen), is the project's. A file
// another ecosystem attributes (Env.Attributed) is that ecosystem's, not
// in this one's trace, and a library only such files need (libyaml-0-2
// for PyYAML's _yaml module) is excluded the same way, naming the
// ecosystem's package. Programs and libraries that only a package
// manager the command ran used (pip's platform detection running
// lsb_release, git run by setuptools-scm while pip builds a package; see
// manager.go) are the package manager's, excluded the same way: the
// processes it started are told by the trace's parent records.
//
// The distribution's base is excluded from D2 and D3 and listed: packages
// of priority required or important, essential packages, and everything
// they depend on (Debian gives libc6 priority optional; it is base as a
// dependency of required packages). The build and language toolchain
// (compilers, binutils, cmake, make, pkg-config, git, python3, nodejs,
// openjdk, ...) is dev tooling (DevTools): a CI runner provides it and the
// project's own ecosystems account for it.
package system

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"sort"
	"strings"

	"github.com/envaudit/envaudit/ecosystems"
	"github.com/envaudit/envaudit/ecosystems/internal/dpkg"
	"github.com/envaudit/envaudit/ecosystems/internal/solib"
)

// Ecosystem is the system-package ecosystem. The zero value reads the
// running machine's dpkg database.
//
// D2 is the machine's, not the project's: Installed needs no file of the
// project, yet a project opened on a tree that is not on disk answers D1
// only, like every other.
type Ecosystem struct {
	// System is the file system of the machine whose packages are audited,
	// rooted at its "/"; nil means os.DirFS("/"). Tests set it to a
	// fixture tree.
	System fs.FS
	// Archive tells which of the names the distribution's package
	// archive knows, so that a declared package that is not installed
	// but exists is not taken for a made-up name. Nil asks the running
	// machine's apt (AptArchive) when System is nil, and nothing for a
	// fixture System.
	Archive func(ctx context.Context, names []string) ([]string, error)
}

// New returns the system-package ecosystem of the running machine.
func New() Ecosystem { return Ecosystem{} }

var _ ecosystems.Ecosystem = Ecosystem{}

// Name returns "system".
func (Ecosystem) Name() string { return "system" }

// MachinePackages lists every Debian package the dpkg database records as
// installed (ecosystems.MachineInventory): what the runner image provides.
func (e Ecosystem) MachinePackages(ctx context.Context) ([]ecosystems.Package, error) {
	db, err := dpkg.Open(e.sys())
	if err != nil {
		return nil, err
	}
	var pkgs []ecosystems.Package
	for _, p := range db.Packages {
		if p.Installed() {
			pkgs = append(pkgs, ecosystems.Package{Name: p.Name, Version: p.Version})
		}
	}
	return pkgs, nil
}

func (e Ecosystem) sys() fs.FS {
	if e.System != nil {
		return e.System
	}
	return os.DirFS("/")
}

// skipDirs are directories Open does not descend into: version control,
// other ecosystems' installs, fixtures and build output.
var skipDirs = map[string]bool{
	".git": true, "node_modules": true, "vendor": true, "third_party": true, "testdata": true,
	"build": true, "_deps": true, "target": true, ".venv": true, "venv": true, "dist": true,
}

// maxDepth is how deep below the root Open looks for Dockerfiles.
const maxDepth = 3

// project is the system packages a project declares, read once.
type project struct {
	eco   Ecosystem
	src   ecosystems.Source
	files []ecosystems.File
	deps  []ecosystems.Dependency
	jobs  []string // jobs[i] is the CI job that declares deps[i] (aptInstall.job)
}

// Open reads the Aptfile, the workflow files and the Dockerfiles of the
// project through the Source, once, and parses them; Files labels each a
// manifest. A package named in several places is declared once per place;
// the first error (in file order) is returned as a *ecosystems.PosError.
//
// A tree with none of these files is still a project of the system
// ecosystem, with no Files and nothing declared: the machine's packages
// are there whatever the project's files say, and a project that shells
// out to sqlite3 with no manifest at all is the case the ecosystem exists
// for. The front end leaves such a project out of the report when its
// audit finds nothing (engine).
func (e Ecosystem) Open(_ context.Context, src ecosystems.Source) (ecosystems.Project, error) {
	names, err := manifests(src)
	if err != nil {
		return nil, err
	}
	p := &project{eco: e, src: src}
	for _, f := range names {
		p.files = append(p.files, ecosystems.File{Path: f, Kind: ecosystems.KindManifest})
		data, err := src.ReadFile(f)
		if err != nil {
			return nil, err
		}
		var ps []aptInstall
		switch ciOf(f) {
		case ciGitHub:
			ps, err = parseWorkflow(f, data)
		case ciGitLab:
			ps, err = parseGitLab(f, data)
		case ciCircle:
			ps, err = parseCircleCI(f, data)
		case ciTravis:
			ps, err = parseTravis(f, data)
		default:
			if f == "Aptfile" {
				ps, err = parseAptfile(f, data)
				break
			}
			ps, err = parseDockerfile(f, data)
		}
		if err != nil {
			return nil, err
		}
		for _, a := range ps {
			d := ecosystems.Dependency{Name: a.name, Spec: a.spec, Scope: ecosystems.ScopeRuntime, Pos: ecosystems.PosVia(f, a.line, ecosystems.Pos{})}
			if a.raw != a.name+a.spec {
				d.Raw = a.raw
			}
			p.deps = append(p.deps, d)
			p.jobs = append(p.jobs, a.job)
		}
	}
	return p, nil
}

// Files returns the files Open read.
func (p *project) Files() []ecosystems.File { return append([]ecosystems.File(nil), p.files...) }

// Declared returns the packages the project's files install.
func (p *project) Declared() []ecosystems.Dependency {
	return append([]ecosystems.Dependency(nil), p.deps...)
}

// manifests returns the Aptfile, the workflow files and the Dockerfiles
// of the tree, relative and sorted.
func manifests(src ecosystems.Source) ([]string, error) {
	var out []string
	for _, f := range append([]string{"Aptfile"}, ciFiles...) {
		if src.IsFile(f) {
			out = append(out, f)
		}
	}
	wf, err := src.ReadDir(".github/workflows")
	if err != nil && !errors.Is(err, fs.ErrNotExist) {
		return nil, err
	}
	for _, e := range wf {
		if n := e.Name(); !e.IsDir() && (strings.HasSuffix(n, ".yml") || strings.HasSuffix(n, ".yaml")) {
			out = append(out, ".github/workflows/"+n)
		}
	}
	err = fs.WalkDir(src.FS, ".", func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			if p == "." {
				return err
			}
			return nil // an unreadable subdirectory hides no manifest we could read
		}
		if d.IsDir() {
			if p != "." && (skipDirs[d.Name()] || strings.Count(p, "/") >= maxDepth) {
				return fs.SkipDir
			}
			return nil
		}
		if d.Type().IsRegular() && isDockerfile(d.Name()) && looksLikeDockerfile(src, p) {
			out = append(out, p)
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	sort.Strings(out)
	return out, nil
}

// looksLikeDockerfile reports whether the file's first instruction is FROM
// (or an ARG before it, or a parser directive), as in every Dockerfile, so
// that a name like "dockerfile.go" or "Dockerfile.md" is not taken for one.
func looksLikeDockerfile(src ecosystems.Source, name string) bool {
	f, err := src.FS.Open(name)
	if err != nil {
		return false
	}
	defer f.Close()
	sc := bufio.NewScanner(io.LimitReader(f, 64*1024))
	for sc.Scan() {
		line := strings.TrimSpace(sc.Text())
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		word, _, _ := strings.Cut(line, " ")
		switch strings.ToUpper(word) {
		case "FROM", "ARG":
			return true
		}
		return false
	}
	return false
}

// isDockerfile reports whether a file name is a Dockerfile's or
// Containerfile's.
func isDockerfile(name string) bool {
	lower := strings.ToLower(name)
	for _, b := range []string{"dockerfile", "containerfile"} {
		if lower == b || strings.HasPrefix(lower, b+".") || strings.HasSuffix(lower, "."+b) {
			return true
		}
	}
	return false
}

// Evidence is what the system ecosystem's D3 rests on.
const Evidence = "programs executed and shared objects loaded that a Debian package outside the distribution base owns " +
	"(exact ownership from dpkg's file lists); other files a package owns are no evidence of use. " +
	"D2 is the declared packages and the executed tools' packages with their dependency closure, not every installed package"

// Installed reads the dpkg database: D2 is the declared packages, those of
// the executed programs, and their dependencies outside the base, the index attributes every file of every
// installed package outside the base, and the base is listed as excluded.
func (p *project) Installed(ctx context.Context, env ecosystems.Env) (*ecosystems.Inventory, error) {
	if !p.src.OnDisk() {
		return nil, ecosystems.ErrNotOnDisk
	}
	e := p.eco
	inv := &ecosystems.Inventory{Index: ecosystems.NewPathIndex(), Evidence: ecosystems.Evidence{Basis: Evidence}}
	db, err := dpkg.Open(e.sys())
	if err != nil {
		// Not a Debian-based machine, or a database dpkg itself could not
		// read: what is installed is not known, which is not "nothing".
		inv.Unknown = true
		inv.Warnings = append(inv.Warnings, "system packages not enumerated: "+err.Error())
		return inv, nil
	}
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	base := db.Base()
	names := packageNames(db)

	for p, why := range base {
		inv.Excluded = append(inv.Excluded, ecosystems.Excluded{Name: names[p], Why: why})
	}
	// In CI, only what the job being run installs declares packages for
	// this run: another job's or another CI service's apt lines say
	// nothing of this machine.
	ci, job, workflow := runningCI(env.Environ)
	var loaded map[string]bool // the packages the run loaded or executed a file of, when needed
	declared := map[string]bool{}
	notHere := map[string]string{}
	var deps []ecosystems.Dependency
	for i, d := range p.deps {
		if ok, why := applies(d.Pos.File, p.jobs[i], ci, job, workflow); !ok {
			if _, seen := notHere[d.Name]; !seen {
				notHere[d.Name] = why
			}
			continue
		}
		if own := ciOf(d.Pos.File); ci == "" && own != "" {
			// Outside CI no job is being run: a CI file's apt line (a
			// job's, or a command or script its jobs share) says what
			// that service's machines install, not this one. It still
			// explains a package this run loaded, but one it did not
			// load is neither missing here nor unused by those jobs.
			if loaded == nil {
				loaded = loadedPackages(e.sys(), db, env)
			}
			if !providedBy(db, d.Name, loaded) {
				if _, seen := notHere[d.Name]; !seen {
					by := fmt.Sprintf("installed by %s (%s)", own, d.Pos.File)
					if p.jobs[i] != "" {
						by = fmt.Sprintf("installed by job %q of %s", p.jobs[i], d.Pos.File)
					}
					notHere[d.Name] = by + ", and this run is in no CI job"
				}
				continue
			}
		}
		declared[d.Name] = true
		deps = append(deps, d)
	}
	for name, why := range notHere {
		if !declared[name] {
			inv.Inapplicable = append(inv.Inapplicable, ecosystems.Excluded{Name: name, Why: why})
		}
	}
	sort.Slice(inv.Inapplicable, func(i, j int) bool { return inv.Inapplicable[i].Name < inv.Inapplicable[j].Name })
	// Libraries the run loaded only for the toolchain, or only for files
	// another ecosystem attributes, are not the project's: excluded, with
	// the object that needed them. A declared
	// one stays, so that its declaration is judged like any other.
	for name, why := range toolchainUse(e.sys(), db, base, names, env.Processes, env.Attributed) {
		if !declared[name] {
			inv.Excluded = append(inv.Excluded, ecosystems.Excluded{Name: name, Why: why})
		}
	}
	// Programs and libraries that only a package manager the tests ran
	// used (pip's lsb_release) are the package manager's, excluded the
	// same way.
	executed := map[string]bool{}
	for _, x := range env.Executables {
		executed[ecosystems.Canon(x)] = true
	}
	managerOnly := managerUse(db, base, names, env.Processes, executed, p.src.Root)
	for name, why := range managerOnly {
		if !declared[name] {
			inv.Excluded = append(inv.Excluded, ecosystems.Excluded{Name: name, Why: why})
		}
	}
	sort.Slice(inv.Excluded, func(i, j int) bool { return inv.Excluded[i].Name < inv.Excluded[j].Name })

	// D2: the declared packages, the packages of the programs the run
	// executed (toolchain aside), and their closure, outside the base.
	var roots []*dpkg.Package
	direct := map[*dpkg.Package]bool{}
	for _, d := range deps {
		for _, p := range db.Providers(dpkg.Dep{Name: d.Name}) {
			if _, isBase := base[p]; !isBase {
				roots = append(roots, p)
				direct[p] = true
			}
		}
	}
	for _, x := range env.Executables {
		for _, p := range db.Owners(x) {
			if _, manager := managerOnly[names[p]]; manager {
				continue
			}
			if _, isBase := base[p]; !isBase && dpkg.ToolchainKind(p.Name) == "" {
				roots = append(roots, p)
			}
		}
	}
	p.available(ctx, inv, db, deps, env)
	skipBase := func(p *dpkg.Package) bool { _, ok := base[p]; return ok }
	for p := range db.Closure(roots, skipBase) {
		pkg := ecosystems.Package{
			Name:    names[p],
			Version: p.Version,
			PURL:    db.Distro.PURL(p),
			Direct:  direct[p],
		}
		for _, q := range db.DependsOn(p) {
			if !skipBase(q) {
				pkg.Deps = append(pkg.Deps, names[q])
			}
		}
		inv.Packages = append(inv.Packages, pkg)
	}
	sort.Slice(inv.Packages, func(i, j int) bool { return inv.Packages[i].Name < inv.Packages[j].Name })

	// D3: exact ownership of every file outside the base; only executed
	// files and shared objects show use. Without a trace nothing is looked
	// up; with the traced processes, only the packages owning a file
	// they loaded or ran can be: their files alone are indexed, which
	// spares the tens of thousands of files of a CI image on every run.
	if len(env.Processes) == 0 && len(env.Executables) == 0 {
		return inv, nil // the file lists were not read: nothing to warn of
	}
	var touched map[*dpkg.Package]bool
	if len(env.Processes) > 0 {
		touched = map[*dpkg.Package]bool{}
		for _, pr := range env.Processes {
			for _, f := range append([]string{pr.Exe}, pr.Files...) {
				for _, o := range db.Owners(f) {
					touched[o] = true
				}
			}
		}
		for x := range executed {
			for _, o := range db.Owners(x) {
				touched[o] = true
			}
		}
	}
	for _, p := range db.Packages {
		if skipBase(p) || touched != nil && !touched[p] {
			continue
		}
		files, err := db.Files(p)
		if err != nil {
			return nil, err
		}
		for _, f := range files {
			use := ecosystems.UseNone
			if executed[f] || solib.IsSharedObject(f) {
				use = ecosystems.UseRuntime
			}
			inv.Index.AddFile(f, names[p], use)
		}
	}
	inv.Warnings = append(inv.Warnings, db.Warnings()...)
	return inv, nil
}

// loadedPackages returns the names of the installed packages owning a
// file the traced run executed or loaded as a shared object: the evidence
// of use, as D3 counts it. A file another ecosystem attributes (the
// libcjson.so a link read, cmake's CJSON) is that ecosystem's evidence.
func loadedPackages(sys fs.FS, db *dpkg.DB, env ecosystems.Env) map[string]bool {
	out := map[string]bool{}
	add := func(f string) {
		if env.Attributed[f] != "" {
			return
		}
		// A -dev package's libfoo.so symlink, opened by a linker: the
		// library it resolves to is what another ecosystem attributes.
		if r, err := dpkg.EvalSymlinks(sys, f); err == nil && r != f && env.Attributed[r] != "" {
			return
		}
		for _, o := range db.Owners(f) {
			out[o.Name] = true
		}
	}
	for _, x := range env.Executables {
		add(ecosystems.Canon(x))
	}
	for _, pr := range env.Processes {
		add(ecosystems.Canon(pr.Exe))
		for _, f := range pr.Files {
			if f = ecosystems.Canon(f); solib.IsSharedObject(f) {
				add(f)
			}
		}
	}
	return out
}

// providedBy reports whether an installed package of the name, or one
// providing it, is in loaded.
func providedBy(db *dpkg.DB, name string, loaded map[string]bool) bool {
	for _, p := range db.Providers(dpkg.Dep{Name: name}) {
		if loaded[p.Name] {
			return true
		}
	}
	return false
}

// available records in inv the declared packages that no installed
// package provides but the archive knows (Inventory.Available). An archive
// that cannot be asked leaves every such name unknown, and says so.
func (p *project) available(ctx context.Context, inv *ecosystems.Inventory, db *dpkg.DB, deps []ecosystems.Dependency, env ecosystems.Env) {
	ask := p.eco.Archive
	if ask == nil && p.eco.System == nil {
		ask = AptArchive
		if env.Tools != nil {
			// apt-cache as the front end's policy finds it, not from
			// envaudit's PATH, where the tests could have put one.
			ask = func(ctx context.Context, names []string) ([]string, error) {
				apt, err := env.LookTool("apt-cache")
				if err != nil {
					return nil, err
				}
				return aptArchive(ctx, apt, names)
			}
		}
	}
	if ask == nil {
		return
	}
	var missing []string
	seen := map[string]bool{}
	for _, d := range deps {
		if !seen[d.Name] && len(db.Providers(dpkg.Dep{Name: d.Name})) == 0 {
			missing = append(missing, d.Name)
		}
		seen[d.Name] = true
	}
	if len(missing) == 0 {
		return
	}
	known, err := ask(ctx, missing)
	if err != nil {
		inv.Warnings = append(inv.Warnings, "the package archive was not asked which declared packages exist: "+err.Error())
		return
	}
	isMissing := map[string]bool{}
	for _, n := range missing {
		isMissing[n] = true
	}
	for _, n := range known {
		if isMissing[n] {
			inv.Available = append(inv.Available, n)
			isMissing[n] = false
		}
	}
	sort.Strings(inv.Available)
}

// packageNames names each installed package as reports name it: its
// Debian name, with ":<arch>" for a package also installed for the native
// architecture under the same name (libc6:i386 beside libc6).
func packageNames(db *dpkg.DB) map[*dpkg.Package]string {
	names := map[*dpkg.Package]string{}
	for _, p := range db.Packages {
		names[p] = p.Name
		if len(db.Lookup(p.Name)) > 1 && p.Architecture != db.Native && p.Architecture != "all" {
			names[p] = p.ID()
		}
	}
	return names
}

// DevTools returns the installed packages of the build and language
// toolchain (dpkg.ToolchainKind) outside the base: running a compiler,
// cmake or python3 executes and loads them, and a CI runner provides them.
// The libraries they load are not named here — a library cmake needs may
// be one the project needs too — but told apart in each traced run by who
// needed them (Installed excludes those only the toolchain needed, with
// the evidence). It reads the dpkg status of the machine; without one,
// there is no tooling to name.
func (e Ecosystem) DevTools() []string {
	db, err := dpkg.Open(e.sys())
	if err != nil {
		return nil
	}
	base := db.Base()
	names := packageNames(db)
	var out []string
	for _, p := range db.Packages {
		if _, isBase := base[p]; !isBase && dpkg.ToolchainKind(p.Name) != "" {
			out = append(out, names[p])
		}
	}
	sort.Strings(out)
	return out
}
