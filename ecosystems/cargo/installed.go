package cargo

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"

	"github.com/envaudit/envaudit/ecosystems"
	"github.com/envaudit/envaudit/internal/posdoc"
	"github.com/envaudit/envaudit/internal/projfile"
)

// UnusedLint is what the audit says of a crate the run did not use when the
// lint gave the verdict (Evidence.Unused): its sources may well have
// been compiled.
const UnusedLint = "rustc found no use of it"

// The evidence D3 rests on, by mode.
const (
	EvidenceLint = "rustc's unused_crate_dependencies verdict for every compilation of the workspace's crates (added by envaudit's rustc wrapper, " +
		"or the project's own lint level in cargo's build records): a crate counts when the traced cargo run built or checked it (its sources or build records were opened) " +
		"and some compilation used it, or the run compiled the doc tests (ran rustdoc) and they name it, or it is locked as a dependency of a used crate"
	EvidenceReads = "crate sources and build records opened during the traced cargo run; weak: cargo compiles every declared crate, " +
		"and the build ran without rustc's unused_crate_dependencies lint, so a declared crate the code never uses still counts"
)

// Installed enumerates Cargo.lock (D2) and indexes each crate's sources
// and build artifacts with the compiler's verdict on its use (D3).
func (pr *project) Installed(ctx context.Context, env ecosystems.Env) (*ecosystems.Inventory, error) {
	if !pr.src.OnDisk() {
		return nil, ecosystems.ErrNotOnDisk
	}
	root, decls := pr.src.Root, pr.decls
	inv := &ecosystems.Inventory{Index: ecosystems.NewPathIndex(), Evidence: ecosystems.Evidence{Basis: EvidenceReads}}
	if errors.Is(pr.lockErr, errNoLock) {
		inv.Warnings = append(inv.Warnings, "no Cargo.lock: nothing is known to be installed (cargo writes it on the first build)")
		return inv, nil
	}
	if pr.lockErr != nil {
		return nil, pr.lockErr
	}
	lf := pr.lock
	members := pr.memberNames()
	direct := map[string]bool{}
	for _, d := range decls {
		direct[d.dep.Name] = true
	}
	inv.Packages = lf.packages(members, direct)
	locked := map[string]bool{}
	for _, p := range inv.Packages {
		locked[p.Name] = true
	}

	environ := env.Environ
	if environ == nil {
		environ = os.Environ()
	}
	cfg := readConfig(pr.src, environ)
	if pr.hasTargetTables() {
		// Cargo leaves a target table's crates out of a build for
		// another platform: not phantom, not missing.
		if t, err := buildTarget(ctx, root, environ, cfg.target, env); err != nil {
			inv.Warnings = append(inv.Warnings, fmt.Sprintf("target tables not evaluated (every one counts as applying): %v", err))
		} else {
			var ws []string
			inv.Inapplicable, ws = inapplicable(decls, t)
			inv.Warnings = append(inv.Warnings, ws...)
		}
	}
	v := readVerdict(cfg.targetDir, env, pr, decls)
	inv.Warnings = append(inv.Warnings, v.warnings...)
	if v.lintUnits > 0 && ranRustdoc(env.Executables) {
		for _, m := range pr.members {
			externs := map[string]string{}
			for _, d := range decls {
				if d.dep.Pos.File == m.rel {
					externs[d.extern] = d.dep.Name
				}
			}
			for _, u := range pr.doctestCrates(m, externs) {
				v.used[u.pkg] = true
			}
		}
	}
	used := map[string]bool{}
	if v.lintUnits > 0 {
		inv.Evidence = ecosystems.Evidence{Basis: EvidenceLint, Unused: UnusedLint}
		// Crates reached from a used crate are compiled into it: used.
		queue := make([]string, 0, len(v.used))
		for n := range v.used {
			queue = append(queue, n)
		}
		sort.Strings(queue)
		for len(queue) > 0 {
			n := queue[0]
			queue = queue[1:]
			if used[n] {
				continue
			}
			used[n] = true
			queue = append(queue, lf.depsOf(n)...)
		}
	} else {
		if v.wrapped {
			inv.Warnings = append(inv.Warnings, "cargo compiled none of the workspace's crates (it stopped before, or found them all fresh), so rustc gave no verdict: a declared crate counts as used when its sources were read")
		} else {
			inv.Warnings = append(inv.Warnings, "the cargo build ran without rustc's unused_crate_dependencies lint (envaudit run enables it): a declared crate counts as used when its sources were compiled")
		}
	}
	useOf := func(name string) ecosystems.Use {
		if v.lintUnits == 0 || used[name] {
			return ecosystems.UseRuntime
		}
		return ecosystems.UseNone
	}

	for i, p := range inv.Packages {
		for _, dir := range cfg.sourceDirs(p.Name, p.Version) {
			inv.Index.AddDir(dir, p.Name, useOf(p.Name))
			// Cargo reads these of every crate in a directory source
			// while it resolves the project, compiled or not (a
			// target table's crate for another platform, a name it is
			// looking for): no evidence of use.
			for _, meta := range resolverFiles {
				inv.Index.AddFile(filepath.Join(dir, meta), p.Name, ecosystems.UseNone)
			}
			if inv.Packages[i].Path == "" {
				inv.Packages[i].Path = relPath(root, dir)
			}
		}
	}
	for _, a := range v.artifacts {
		if !locked[a.pkg] {
			continue
		}
		if a.dir {
			inv.Index.AddDir(a.path, a.pkg, useOf(a.pkg))
		} else {
			inv.Index.AddFile(a.path, a.pkg, useOf(a.pkg))
		}
	}
	return inv, nil
}

// resolverFiles are the files of a crate's source directory that cargo
// reads to resolve the project, before and apart from compiling anything.
var resolverFiles = []string{"Cargo.toml", ".cargo-checksum.json"}

// hasTargetTables reports whether some declaration lies in a
// [target.<key>] table.
func (pr *project) hasTargetTables() bool {
	for _, d := range pr.decls {
		if d.dep.Group != "" {
			return true
		}
	}
	return false
}

// artifact is a build record or output of a dependency crate in the
// target directory.
type artifact struct {
	path string
	pkg  string
	dir  bool
}

// verdict is what the compiler said about the use of each declared crate.
type verdict struct {
	used       map[string]bool // packages some lint-checked compilation used
	lintUnits  int             // compilations of workspace crates with the lint on
	plainUnits int             // compilations of workspace crates without it
	wrapped    bool            // the run went through envaudit's rustc wrapper
	artifacts  []artifact
	warnings   []string
}

var unusedMsg = regexp.MustCompile("^extern crate `([^`]+)` is unused in crate `[^`]+`")

// readVerdict reads cargo's per-compilation records under the target
// directory's profile directories (debug, release, <triple>/debug, ...):
// .fingerprint/<package>-<hash>/<unit>.json lists the crates a compilation
// was given (by extern name) and the rustflags it ran with, and
// output-<unit> holds rustc's diagnostics, which cargo keeps to replay
// them on later fresh builds. A declared crate is used when a compilation
// with the unused_crate_dependencies lint was given it and did not report
// it unused; a compilation without the lint cannot tell, so a crate given
// to it counts as used.
//
// A run through envaudit's rustc wrapper (TraceEnv) has the verdict in the
// wrapper's records in the evidence channel instead, one for each
// compilation of a workspace crate during that run: those replace the
// workspace crates' build records, which may be an untraced build's.
func readVerdict(target string, env ecosystems.Env, pr *project, decls []decl) verdict {
	v := verdict{used: map[string]bool{}}
	recs, ws := readRecords(env.Channel)
	wrapped := wrappedRun(env.Scratch)
	v.wrapped = wrapped
	v.warnings = append(v.warnings, ws...)
	members := pr.memberNames()
	byMember := map[string]map[string]string{} // member -> extern -> package
	for _, m := range pr.members {
		byMember[m.name] = map[string]string{}
	}
	for _, d := range decls {
		for _, m := range pr.members {
			if m.rel == d.dep.Pos.File {
				byMember[m.name][d.extern] = d.dep.Name
			}
		}
	}
	manifestLint := map[string]bool{}
	for _, m := range pr.members {
		manifestLint[m.name] = lintInManifest(pr, m)
	}
	for _, r := range recs {
		externs, ok := byMember[r.pkg]
		if !ok {
			continue // not a workspace member: cargo runs the wrapper for members only
		}
		v.lintUnits++
		for _, ext := range r.externs {
			if pkg, ok := externs[ext]; ok && !r.unused[ext] {
				v.used[pkg] = true
			}
		}
	}
	if target == "" {
		return v
	}
	for _, prof := range profileDirs(target) {
		fp := filepath.Join(prof, ".fingerprint")
		entries, err := projfile.ReadDir(fp)
		if err != nil {
			continue
		}
		for _, e := range entries {
			name, hash, ok := splitHash(e.Name())
			if !ok || !e.IsDir() {
				continue
			}
			dir := filepath.Join(fp, e.Name())
			if !members[name] {
				v.artifacts = append(v.artifacts,
					artifact{path: dir, pkg: name, dir: true},
					artifact{path: filepath.Join(prof, "build", e.Name()), pkg: name, dir: true})
				v.artifacts = append(v.artifacts, libArtifacts(prof, dir, hash, name)...)
				continue
			}
			if !wrapped {
				v.readUnits(dir, byMember[name], manifestLint[name])
			}
		}
	}
	if v.lintUnits > 0 && v.plainUnits > 0 {
		v.warnings = append(v.warnings, fmt.Sprintf("%d of %d compilations of workspace crates ran without the unused_crate_dependencies lint; crates given to them count as used", v.plainUnits, v.lintUnits+v.plainUnits))
	}
	return v
}

// readUnits reads the compilation records of one workspace crate.
func (v *verdict) readUnits(dir string, externs map[string]string, manifestLint bool) {
	files, _ := filepath.Glob(filepath.Join(dir, "*.json"))
	sort.Strings(files)
	for _, f := range files {
		unit := strings.TrimSuffix(filepath.Base(f), ".json")
		if strings.HasPrefix(unit, "run-") {
			continue // running a build script compiles nothing
		}
		data, err := projfile.ReadFile(f, projfile.MaxMetadata)
		if err != nil {
			continue
		}
		var rec struct {
			Rustflags []string            `json:"rustflags"`
			Deps      [][]json.RawMessage `json:"deps"`
		}
		if err := json.Unmarshal(data, &rec); err != nil {
			v.warnings = append(v.warnings, fmt.Sprintf("cargo build record %q: %v", f, err))
			continue
		}
		type given struct{ ext, pkg string }
		var gs []given
		for _, d := range rec.Deps {
			var ext string
			if len(d) >= 2 && json.Unmarshal(d[1], &ext) == nil {
				if pkg, ok := externs[ext]; ok {
					gs = append(gs, given{ext, pkg})
				}
			}
		}
		lint := manifestLint
		for _, fl := range rec.Rustflags {
			if strings.Contains(strings.ReplaceAll(fl, "_", "-"), "unused-crate-dependencies") {
				lint = true
			}
		}
		var unused map[string]bool
		if lint {
			v.lintUnits++
			unused = unusedExterns(filepath.Join(dir, "output-"+unit))
		} else {
			v.plainUnits++
		}
		for _, g := range gs {
			if !unused[g.ext] {
				v.used[g.pkg] = true
			}
		}
	}
}

// unusedExterns reads rustc's JSON diagnostics kept by cargo and returns
// the extern crates reported by the unused_crate_dependencies lint.
func unusedExterns(file string) map[string]bool {
	out := map[string]bool{}
	data, err := projfile.ReadFile(file, projfile.MaxLockfile)
	if err != nil {
		return out
	}
	sc := bufio.NewScanner(bytes.NewReader(data))
	sc.Buffer(make([]byte, 64*1024), 16*1024*1024)
	for sc.Scan() {
		if ext, ok := unusedExtern(sc.Bytes()); ok {
			out[ext] = true
		}
	}
	return out
}

// lintInManifest reports whether a member enables unused_crate_dependencies
// in its [lints.rust] table (or the workspace's, when it inherits them).
func lintInManifest(pr *project, m *manifest) bool {
	l := lintLevel(pr, m)
	return l == "warn" || l == "deny" || l == "forbid"
}

// lintLevel returns the level a member's [lints.rust] table (or the
// workspace's, when it inherits them) sets for unused_crate_dependencies:
// "allow", "warn", "force-warn", "deny", "forbid", or "" when it sets none.
func lintLevel(pr *project, m *manifest) string {
	level := func(doc *tomlDoc, path ...string) string {
		t, err := doc.table(path...)
		if err != nil || t == nil {
			return ""
		}
		s := text(t, "unused_crate_dependencies")
		if l := t.Get("unused_crate_dependencies"); l != nil && l.Kind == posdoc.Table {
			s = text(l, "level")
		}
		return s
	}
	if lints, err := m.doc.table("lints"); err == nil && lints != nil {
		if isTrue(lints.Get("workspace")) {
			return level(pr.root.doc, "workspace", "lints", "rust")
		}
	}
	return level(m.doc, "lints", "rust")
}

// libArtifacts returns the library files a dependency's compilation wrote
// to deps/: for each lib-<crate> record in its fingerprint directory,
// lib<crate>-<hash>.{rlib,rmeta,so} and <crate>-<hash>.d.
func libArtifacts(prof, fpDir, hash, pkg string) []artifact {
	files, _ := filepath.Glob(filepath.Join(fpDir, "lib-*"))
	var out []artifact
	for _, f := range files {
		crate := strings.TrimPrefix(filepath.Base(f), "lib-")
		if strings.HasSuffix(crate, ".json") {
			continue
		}
		for _, n := range []string{"lib" + crate + "-" + hash + ".rlib", "lib" + crate + "-" + hash + ".rmeta", "lib" + crate + "-" + hash + ".so", crate + "-" + hash + ".d"} {
			out = append(out, artifact{path: filepath.Join(prof, "deps", n), pkg: pkg})
		}
	}
	return out
}

// profileDirs returns the directories under target that hold cargo's
// build records: target/<profile> and target/<triple>/<profile>.
func profileDirs(target string) []string {
	var out []string
	children, _ := projfile.ReadDir(target)
	for _, c := range children {
		if !c.IsDir() {
			continue
		}
		d := filepath.Join(target, c.Name())
		if isDir(filepath.Join(d, ".fingerprint")) {
			out = append(out, d)
			continue
		}
		grand, _ := projfile.ReadDir(d)
		for _, g := range grand {
			gd := filepath.Join(d, g.Name())
			if g.IsDir() && isDir(filepath.Join(gd, ".fingerprint")) {
				out = append(out, gd)
			}
		}
	}
	return out
}

// splitHash splits "<package>-<16 hex digits>" (cargo's unit directory
// names).
func splitHash(s string) (name, hash string, ok bool) {
	i := strings.LastIndexByte(s, '-')
	if i <= 0 || len(s)-i-1 != 16 {
		return "", "", false
	}
	for _, c := range s[i+1:] {
		if !('0' <= c && c <= '9' || 'a' <= c && c <= 'f') {
			return "", "", false
		}
	}
	return s[:i], s[i+1:], true
}

func isDir(p string) bool {
	st, err := os.Stat(p)
	return err == nil && st.IsDir()
}

// relPath returns p relative to root (slash-separated) when it lies inside
// root, else p.
func relPath(root, p string) string {
	if r, err := filepath.Rel(root, p); err == nil && r != ".." && !strings.HasPrefix(r, ".."+string(filepath.Separator)) {
		return filepath.ToSlash(r)
	}
	return filepath.ToSlash(p)
}
