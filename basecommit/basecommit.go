// Package basecommit owns comparing a report's findings with a base
// commit (a pull request's base, or the commit before a push): which
// findings the change introduced and which were already there. It opens
// the ecosystems on the project's tree at the base (internal/gittree: an
// fs.FS over the commit, nothing checked out or written, every object
// verified by hashing against the commit's ID), finds the lines the
// checkout adds to the base's files with a line diff of its own
// (lines.go), and parses unified diffs (the pull-request files API's
// patches).
//
// Everything is read before the test command runs (Read), and the
// comparison itself (Base.Enrich) reads nothing: the traced test command
// may write the checkout and its .git (a replace ref, a rewritten
// source), and what the base says must not depend on it. Nor may what ran
// before envaudit did: an install step can plant objects in the
// checkout's .git, which git reads back without checking them, so
// nothing of the base is taken from git without its hash being checked.
package basecommit

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"syscall"

	"github.com/envaudit/envaudit/audit"
	"github.com/envaudit/envaudit/ecosystems"
	"github.com/envaudit/envaudit/internal/gitcmd"
	"github.com/envaudit/envaudit/internal/gittree"
	"github.com/envaudit/envaudit/internal/projfile"
)

// Git runs git with args in dir and returns its standard output;
// gitcmd.Output is the real one.
type Git func(ctx context.Context, dir string, args ...string) ([]byte, error)

// A base enriches a report with which findings are new.
var _ audit.Enricher = (*Base)(nil)

// Comparison says what to compare a report with; its Read reads the base
// for the comparison.
type Comparison struct {
	// Dir is the project directory, inside a git work tree.
	Dir string
	// Base is the commit to compare with, a full commit ID from a source
	// the pull request cannot write (the event): the pull request's
	// base, or the commit before a push.
	Base string
	// Git runs git; nil means gitcmd.Output. It must take no
	// configuration from the workspace (gitcmd: no replace objects among
	// others, so a refs/replace the checkout holds cannot make the base
	// read as the pull request).
	Git Git
	// Ecosystems are opened on the project's tree at Base, to read its
	// declarations and its manifests and lockfiles as they were there.
	Ecosystems []ecosystems.Ecosystem
	// Fetch allows fetching Base from origin when the clone lacks it
	// (actions/checkout fetches one commit by default).
	Fetch bool
}

// Base is what a base commit says, read by Comparison.Read before the
// pull request's code runs: the declarations of each ecosystem there, the
// project's files there, the lines the checkout adds to them, and the
// configuration file there.
type Base struct {
	// SHA is the commit.
	SHA string
	// ecos holds each ecosystem present at the base: name → declared
	// name → spec.
	ecos map[string]map[string]string
	// broken holds the ecosystems whose files at the base do not parse.
	broken map[string]error
	// files are the project's files at the base, relative to Dir.
	files map[string]bool
	// added are the new-side line numbers of the lines the checkout adds
	// to each file, relative to Dir; whole holds the files it changed
	// that could not be compared line by line: every line of them counts
	// as added.
	added map[string]map[int]bool
	whole map[string]bool
	// config is the base's configuration file, when it has one.
	config *ConfigFile
}

// ConfigFile is a configuration file as a commit has it.
type ConfigFile struct {
	// Name is its path relative to the repository's top directory.
	Name string
	// Data is its contents.
	Data []byte
}

// maxConfig bounds the configuration file read from the base: a real
// .envaudit.yml is a few hundred bytes.
const maxConfig = 1 << 20

// Read reads from git what comparing with the base needs, fetching the
// commit first when the clone lacks it and Fetch allows it. It runs
// before the pull request's code does; on error (the base commit cannot
// be read) there is nothing to compare with.
//
// The object store git reads is the checkout's, which code of the pull
// request that ran before envaudit (an install step) may have written:
// every object of the base is verified by hashing against the chain from
// Base, the commit ID (internal/gittree), so a forged pack can make the
// base unreadable but never make it say something else. For the same
// reason the lines the checkout adds are not asked of `git diff`: each
// file of the project at the base is compared with the work tree's here
// (addedLines), from its verified contents.
func (opts Comparison) Read(ctx context.Context, configName string) (*Base, error) {
	git := opts.Git
	if git == nil {
		git = gitcmd.Output
	}
	if strings.Trim(opts.Base, "0") == "" {
		return nil, fmt.Errorf("no base commit to compare with")
	}
	if gittree.HashOf(opts.Base) == nil {
		return nil, fmt.Errorf("base %q is not a full commit ID", opts.Base)
	}
	commit := opts.Base + "^{commit}"
	if _, err := git(ctx, opts.Dir, "cat-file", "-e", commit); err != nil {
		if !opts.Fetch {
			return nil, fmt.Errorf("base commit %s is not in the clone: %w", gitcmd.ShortSHA(opts.Base), err)
		}
		if _, ferr := git(ctx, opts.Dir, "fetch", "--no-tags", "--depth=1", "origin", opts.Base); ferr != nil {
			return nil, fmt.Errorf("fetch base commit %s: %w", gitcmd.ShortSHA(opts.Base), ferr)
		}
		if _, err := git(ctx, opts.Dir, "cat-file", "-e", commit); err != nil {
			return nil, fmt.Errorf("base commit %s is not in the clone after fetching it: %w", gitcmd.ShortSHA(opts.Base), err)
		}
	}

	// The project as it was at the base, read from the commit's tree:
	// nothing is checked out or written, every object verified.
	tree, err := gittree.Open(ctx, gittree.Git(git), opts.Dir, opts.Base)
	if err != nil {
		return nil, fmt.Errorf("read base commit %s: %w", gitcmd.ShortSHA(opts.Base), err)
	}
	b := &Base{SHA: opts.Base, ecos: map[string]map[string]string{}, broken: map[string]error{}, files: map[string]bool{},
		added: map[string]map[int]bool{}, whole: map[string]bool{}}
	src := ecosystems.Source{FS: tree}
	for _, eco := range opts.Ecosystems {
		p, err := eco.Open(ctx, src)
		if err != nil {
			if errors.Is(err, gittree.ErrForged) {
				return nil, fmt.Errorf("read base commit %s: %w", gitcmd.ShortSHA(opts.Base), err)
			}
			b.broken[eco.Name()] = fmt.Errorf("parse %s manifests at base commit %s: %w", eco.Name(), gitcmd.ShortSHA(opts.Base), err)
			continue
		}
		if p == nil {
			continue
		}
		declared := map[string]string{}
		for _, d := range p.Declared() {
			declared[d.Name] = d.Spec
		}
		b.ecos[eco.Name()] = declared
	}
	if err := listFiles(tree, b.files); err != nil {
		return nil, fmt.Errorf("read base commit %s: %w", gitcmd.ShortSHA(opts.Base), err)
	}
	if configName != "" {
		if b.config, err = readConfig(ctx, git, opts.Dir, tree, configName); err != nil {
			return nil, fmt.Errorf("read %s at base commit %s: %w", configName, gitcmd.ShortSHA(opts.Base), err)
		}
	}
	if err := b.compareWorkTree(tree, opts.Dir); err != nil {
		return nil, fmt.Errorf("compare the checkout with base commit %s: %w", gitcmd.ShortSHA(opts.Base), err)
	}
	return b, nil
}

// maxCompared caps a file of the work tree compared with the base: a
// source file larger than a manifest may be is compared no further, and
// every line of it counts as added.
const maxCompared = projfile.MaxManifest

// compareWorkTree records, for each regular file the project has at the
// base, the lines the work tree in dir adds to it: none when the file is
// as it was (its contents hash to the base's object ID) or is gone, the
// lines a shortest diff adds otherwise, and the whole file when it cannot
// be compared (no longer a regular file, too large, unreadable, or a
// diff past its budget).
func (b *Base) compareWorkTree(tree *gittree.FS, dir string) error {
	return fs.WalkDir(tree, ".", func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		oid, regular := tree.ID(p)
		if !regular {
			return nil
		}
		local := filepath.Join(dir, filepath.FromSlash(p))
		fi, err := os.Lstat(local)
		switch {
		case errors.Is(err, fs.ErrNotExist) || errors.Is(err, syscall.ENOTDIR):
			return nil // deleted: it adds nothing
		case err != nil || !fi.Mode().IsRegular():
			b.whole[p] = true
			return nil
		}
		cur, err := projfile.ReadFile(local, maxCompared)
		if err != nil {
			b.whole[p] = true
			return nil
		}
		if tree.BlobID(cur) == oid {
			return nil
		}
		old, _, _, err := tree.Blob(p)
		if err != nil {
			return err
		}
		added, complete := addedLines(old, cur)
		if !complete {
			b.whole[p] = true
		}
		if len(added) > 0 {
			b.added[p] = added
		}
		return nil
	})
}

// readConfig reads the configuration file named name at the base: the
// project directory's own, else the repository's at its top (as
// policy.FindConfig looks for it in a checkout), both from the verified
// tree. nil means neither.
func readConfig(ctx context.Context, git Git, dir string, tree *gittree.FS, name string) (*ConfigFile, error) {
	prefix, err := git(ctx, dir, "rev-parse", "--show-prefix")
	if err != nil {
		return nil, err
	}
	rel := strings.TrimSpace(string(prefix))
	if st, err := tree.Stat(name); err == nil && st.Mode().IsRegular() {
		data, err := tree.ReadFile(name)
		if err != nil {
			return nil, err
		}
		if len(data) > maxConfig {
			return nil, fmt.Errorf("%d bytes, more than the %d a configuration file may have", len(data), maxConfig)
		}
		return &ConfigFile{Name: rel + name, Data: data}, nil
	}
	if rel == "" {
		return nil, nil
	}
	data, ok, err := tree.TopFile(name)
	switch {
	case err != nil:
		return nil, err
	case !ok:
		return nil, nil
	case len(data) > maxConfig:
		return nil, fmt.Errorf("%d bytes, more than the %d a configuration file may have", len(data), maxConfig)
	}
	return &ConfigFile{Name: name, Data: data}, nil
}

// Config returns the configuration file the base has, nil when none.
func (b *Base) Config() *ConfigFile {
	if b == nil {
		return nil
	}
	return b.config
}

// Enrich sets Change on every finding of r, as an audit.Enricher: "new"
// when the pull request introduced it, "existing" when the base commit
// already had it. It reads nothing: what the base says was read before
// the run (Comparison.Read). The base is not traced, so a finding is
// existing only where the base shows the same package with the same need:
//
//   - a phantom is new when the pull request added its declaration (or,
//     for one not installed, changed it);
//   - a hidden package is new when the pull request removed its
//     declaration; otherwise it is existing only when the base's own
//     sources already imported it on the same lines (an import of the
//     finding's evidence, read before the run, in a file the base has, on
//     a line the pull request did not add), or, for one only declared
//     packages need (transitive), when the base declared the package it
//     comes through. A package loaded without an import the base had (a
//     name built at run time, a require deleted after loading, a plugin)
//     is new;
//   - a tampered package is always new: the run changed it;
//   - bloat and dev tooling are new when their declaration is.
//
// An ecosystem absent at the base makes all its findings new. An
// ecosystem of the report whose files at the base do not parse is an
// error, and then no finding is marked.
func (b *Base) Enrich(_ context.Context, r *audit.Report) error {
	for _, e := range r.Ecosystems {
		if err := b.broken[e.Name]; err != nil {
			return err
		}
	}
	for ei := range r.Ecosystems {
		e := &r.Ecosystems[ei]
		// An ecosystem absent at the base: everything it found is new.
		base, present := b.ecos[e.Name]
		head := map[string]bool{}
		for _, d := range e.Declared {
			head[d.Name] = true
		}
		for fi := range e.Findings {
			f := &e.Findings[fi]
			spec, wasDeclared := base[f.Package]
			isNew := false
			switch {
			case !present:
				isNew = true
			case f.Kind == audit.Phantom:
				isNew = !wasDeclared
				if f.Reason == audit.ReasonNotInstalled && wasDeclared {
					isNew = spec != headSpec(e.Declared, f.Package)
				}
			case f.Kind == audit.Hidden:
				isNew = f.Reason == audit.ReasonTampered || wasDeclared || !b.hadHidden(*f, base)
			default:
				isNew = head[f.Package] && !wasDeclared
			}
			f.Change = audit.ChangeExisting
			if isNew {
				f.Change = audit.ChangeNew
			}
		}
	}
	return nil
}

// hadHidden reports whether the base shows the undeclared need of a
// hidden finding: one of its imports on a line the base already had, or,
// without an import, the declaration it comes through.
func (b *Base) hadHidden(f audit.Finding, declared map[string]string) bool {
	if f.Evidence != nil && len(f.Evidence.Imports) > 0 {
		for _, im := range f.Evidence.Imports {
			if b.files[im.Pos.File] && im.Pos.Line > 0 && !b.added[im.Pos.File][im.Pos.Line] && !b.whole[im.Pos.File] {
				return true
			}
		}
		return false
	}
	if f.Reason == audit.ReasonTransitive && len(f.Via) > 0 {
		_, ok := declared[f.Via[0]]
		return ok
	}
	return false
}

func headSpec(declared []ecosystems.Dependency, name string) string {
	for _, d := range declared {
		if d.Name == name {
			return d.Spec
		}
	}
	return ""
}

// listFiles adds the path of every file of the tree to files; the tree
// was listed when it was opened, so nothing is read.
func listFiles(tree fs.FS, files map[string]bool) error {
	return fs.WalkDir(tree, ".", func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if !d.IsDir() {
			files[p] = true
		}
		return nil
	})
}
