// Package basecommit owns comparing a report's findings with a base
// commit (a pull request's base, or the commit before a push): which
// findings the change introduced and which were already there. It opens
// the ecosystems on the project's tree at the base (internal/gittree: an
// fs.FS over the commit, nothing checked out or written) and reads the
// diff, with git through an injectable runner, and parses unified diffs.
package basecommit

import (
	"context"
	"fmt"
	"regexp"
	"strings"

	"github.com/envaudit/envaudit/audit"
	"github.com/envaudit/envaudit/ecosystems"
	"github.com/envaudit/envaudit/internal/gitcmd"
	"github.com/envaudit/envaudit/internal/gittree"
)

// Git runs git with args in dir and returns its standard output;
// gitcmd.Output is the real one.
type Git func(ctx context.Context, dir string, args ...string) ([]byte, error)

// A comparison enriches a report with which findings are new.
var _ audit.Enricher = Comparison{}

// Comparison says what to compare a report with; its Enrich makes the
// comparison.
type Comparison struct {
	// Dir is the project directory, inside a git work tree.
	Dir string
	// Base is the commit to compare with: the pull request's base, or the
	// commit before a push.
	Base string
	// Git runs git; nil means gitcmd.Output.
	Git Git
	// Ecosystems are opened on the project's tree at Base, to read its
	// declarations and its manifests and lockfiles as they were there.
	Ecosystems []ecosystems.Ecosystem
	// Fetch allows fetching Base from origin when the clone lacks it
	// (actions/checkout fetches one commit by default).
	Fetch bool
}

// Enrich sets Change on every finding of r, as an audit.Enricher: "new"
// when the pull request introduced it, "existing" when the base commit
// already had it.
// Only manifests are compared — envaudit does not trace the base — so:
//
//   - a phantom is new when the pull request added its declaration (or,
//     for one not installed, changed it);
//   - a hidden package is new when the pull request removed its
//     declaration, or when a line the pull request added (outside
//     manifests and lockfiles) names it or the module it was loaded as;
//     otherwise the base already used it undeclared;
//   - bloat and dev tooling are new when their declaration is.
//
// An ecosystem absent at the base makes all its findings new. On error
// (the base commit cannot be read) no finding is marked.
func (opts Comparison) Enrich(ctx context.Context, r *audit.Report) error {
	git := opts.Git
	if git == nil {
		git = gitcmd.Output
	}
	if strings.Trim(opts.Base, "0") == "" {
		return fmt.Errorf("no base commit to compare with")
	}
	commit := opts.Base + "^{commit}"
	if _, err := git(ctx, opts.Dir, "cat-file", "-e", commit); err != nil {
		if !opts.Fetch {
			return fmt.Errorf("base commit %s is not in the clone: %w", gitcmd.ShortSHA(opts.Base), err)
		}
		if _, ferr := git(ctx, opts.Dir, "fetch", "--no-tags", "--depth=1", "origin", opts.Base); ferr != nil {
			return fmt.Errorf("fetch base commit %s: %w", gitcmd.ShortSHA(opts.Base), ferr)
		}
		if _, err := git(ctx, opts.Dir, "cat-file", "-e", commit); err != nil {
			return fmt.Errorf("base commit %s is not in the clone after fetching it: %w", gitcmd.ShortSHA(opts.Base), err)
		}
	}

	// The project as it was at the base, read from the commit's tree:
	// nothing is checked out or written.
	tree, err := gittree.Open(ctx, gittree.Git(git), opts.Dir, opts.Base)
	if err != nil {
		return fmt.Errorf("read base commit %s: %w", gitcmd.ShortSHA(opts.Base), err)
	}
	src := ecosystems.Source{FS: tree}
	inReport := map[string]bool{}
	for _, e := range r.Ecosystems {
		inReport[e.Name] = true
	}
	// Lines added to manifests and lockfiles show what was declared and
	// installed, not what the code uses: the report's (the head's
	// manifests and lockfiles) and the base's.
	declarations := map[string]bool{}
	for _, e := range r.Ecosystems {
		for _, m := range e.Manifests {
			declarations[m] = true
		}
	}
	bases := map[string]ecosystems.Project{}
	for _, eco := range opts.Ecosystems {
		p, err := eco.Open(ctx, src)
		if err != nil {
			if inReport[eco.Name()] {
				return fmt.Errorf("parse %s manifests at base commit %s: %w", eco.Name(), gitcmd.ShortSHA(opts.Base), err)
			}
			continue // an ecosystem the report leaves out
		}
		if p == nil {
			continue
		}
		bases[eco.Name()] = p
		for _, f := range ecosystems.Paths(p.Files(), ecosystems.KindManifest, ecosystems.KindLockfile) {
			declarations[f] = true
		}
	}
	// --relative makes paths relative to the project directory, like the
	// report's; --no-ext-diff and --no-textconv keep a diff driver that
	// the checkout's .gitattributes names from running.
	diff, err := git(ctx, opts.Dir, "diff", "--no-color", "--no-ext-diff", "--no-textconv", "--relative", "--unified=0", opts.Base, "--", ".")
	if err != nil {
		return fmt.Errorf("diff against base commit %s: %w", gitcmd.ShortSHA(opts.Base), err)
	}
	var added []string
	for file, lines := range AddedText(string(diff)) {
		if !declarations[file] {
			added = append(added, lines...)
		}
	}

	for ei := range r.Ecosystems {
		e := &r.Ecosystems[ei]
		// An ecosystem absent at the base: everything it found is new.
		bp, present := bases[e.Name]
		base := map[string]string{}
		if present {
			for _, d := range bp.Declared() {
				base[d.Name] = d.Spec
			}
		}
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
				isNew = wasDeclared || mentioned(added, mentionTokens(*f))
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

func headSpec(declared []ecosystems.Dependency, name string) string {
	for _, d := range declared {
		if d.Name == name {
			return d.Spec
		}
	}
	return ""
}

// mentionTokens are the names under which code refers to a package: its
// name (and the underscore spelling of a hyphenated one) and the top-level
// module or package directory its loaded files lie in (yaml for PyYAML,
// dateutil for python-dateutil, @scope/name under node_modules), plus a
// Maven group id, the prefix of its Java imports.
func mentionTokens(f audit.Finding) []string {
	seen := map[string]bool{}
	var out []string
	add := func(s string) {
		if len(s) >= 2 && !seen[s] {
			seen[s] = true
			out = append(out, s)
		}
	}
	name := f.Package
	if g, a, ok := strings.Cut(name, ":"); ok { // maven group:artifact
		add(g)
		add(a)
	} else {
		add(name)
		add(strings.ReplaceAll(name, "-", "_"))
	}
	if f.Evidence != nil {
		for _, file := range f.Evidence.Files {
			add(moduleOf(file))
		}
	}
	return out
}

// moduleOf returns the importable top-level name a loaded file belongs to.
func moduleOf(file string) string {
	if i := strings.LastIndex(file, "node_modules/"); i >= 0 {
		rest := strings.Split(file[i+len("node_modules/"):], "/")
		if strings.HasPrefix(rest[0], "@") && len(rest) > 1 {
			return rest[0] + "/" + rest[1]
		}
		return rest[0]
	}
	for _, dir := range []string{"site-packages/", "dist-packages/"} {
		if i := strings.LastIndex(file, dir); i >= 0 {
			top := strings.Split(file[i+len(dir):], "/")[0]
			if strings.HasSuffix(top, ".dist-info") || strings.HasSuffix(top, ".egg-info") {
				return ""
			}
			top, _, _ = strings.Cut(top, ".") // six.py, _yaml.cpython-311-x86_64-linux-gnu.so
			return top
		}
	}
	return ""
}

// mentioned reports whether any line names one of the tokens as a whole
// word: "lodash" in require('lodash/fp') but not in "my-lodash-fork". A
// token shorter than three characters (ms, qs) counts only quoted, as in
// require('ms'): bare, it is an ordinary word ("200 ms").
func mentioned(lines []string, tokens []string) bool {
	if len(lines) == 0 || len(tokens) == 0 {
		return false
	}
	var long, short []string
	for _, t := range tokens {
		if len(t) < 3 {
			short = append(short, regexp.QuoteMeta(t))
		} else {
			long = append(long, regexp.QuoteMeta(t))
		}
	}
	var res []*regexp.Regexp
	if len(long) > 0 {
		res = append(res, regexp.MustCompile(`(?:^|[^A-Za-z0-9_.@/-])(?:`+strings.Join(long, "|")+`)(?:$|[^A-Za-z0-9_-])`))
	}
	if len(short) > 0 {
		res = append(res, regexp.MustCompile("['\"`](?:"+strings.Join(short, "|")+")['\"`/]"))
	}
	for _, l := range lines {
		for _, re := range res {
			if re.MatchString(l) {
				return true
			}
		}
	}
	return false
}
