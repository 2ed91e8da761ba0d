package ghaction

import (
	"context"
	"fmt"
	"os"
	"path"
	"path/filepath"
	"regexp"
	"strings"

	"github.com/envaudit/envaudit/audit"
	"github.com/envaudit/envaudit/ecosystems"
	"github.com/envaudit/envaudit/internal/toolexec"
)

// Git runs git with args in dir and returns its standard output.
type Git func(ctx context.Context, dir string, args ...string) ([]byte, error)

// ExecGit runs the git program with envaudit's environment, where the
// runner keeps git's configuration (HOME, GIT_*).
func ExecGit(ctx context.Context, dir string, args ...string) ([]byte, error) {
	return toolexec.Run(ctx, toolexec.Cmd{Path: "git", Args: args, Dir: dir, Env: os.Environ()})
}

// Declarer parses an ecosystem's declared dependencies (D1) in a
// directory; every ecosystems.Ecosystem is one.
type Declarer interface {
	Name() string
	Declared(root string) ([]ecosystems.Dependency, error)
}

// BaseOptions says what to compare a report with.
type BaseOptions struct {
	// Dir is the project directory, inside a git work tree.
	Dir string
	// Base is the commit to compare with: the pull request's base, or the
	// commit before a push.
	Base string
	// Git runs git; nil means ExecGit.
	Git Git
	// Ecosystems parse the manifests as they were at Base.
	Ecosystems []Declarer
	// Fetch allows fetching Base from origin when the clone lacks it
	// (actions/checkout fetches one commit by default).
	Fetch bool
}

// lockfiles are files whose changes show what was installed, not what the
// code uses: a hidden package named in a changed lockfile is not
// evidence that the pull request started using it.
var lockfiles = map[string]bool{
	"package-lock.json": true, "npm-shrinkwrap.json": true, "yarn.lock": true, "pnpm-lock.yaml": true,
	"poetry.lock": true, "Pipfile.lock": true, "uv.lock": true, "pdm.lock": true,
	"Cargo.lock": true, "go.sum": true, "gradle.lockfile": true,
}

// CompareBase sets Change on every finding of r: "new" when the pull
// request introduced it, "existing" when the base commit already had it.
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
func CompareBase(ctx context.Context, r *audit.Report, opts BaseOptions) error {
	git := opts.Git
	if git == nil {
		git = ExecGit
	}
	if strings.Trim(opts.Base, "0") == "" {
		return fmt.Errorf("no base commit to compare with")
	}
	commit := opts.Base + "^{commit}"
	if _, err := git(ctx, opts.Dir, "cat-file", "-e", commit); err != nil {
		if !opts.Fetch {
			return fmt.Errorf("base commit %s is not in the clone: %w", ShortSHA(opts.Base), err)
		}
		if _, ferr := git(ctx, opts.Dir, "fetch", "--no-tags", "--depth=1", "origin", opts.Base); ferr != nil {
			return fmt.Errorf("fetch base commit %s: %w", ShortSHA(opts.Base), ferr)
		}
		if _, err := git(ctx, opts.Dir, "cat-file", "-e", commit); err != nil {
			return fmt.Errorf("base commit %s is not in the clone after fetching it: %w", ShortSHA(opts.Base), err)
		}
	}

	manifests := map[string]bool{}
	for _, e := range r.Ecosystems {
		for _, m := range e.Manifests {
			manifests[m] = true
		}
	}
	// --relative makes paths relative to the project directory, like the
	// report's.
	diff, err := git(ctx, opts.Dir, "diff", "--no-color", "--no-ext-diff", "--relative", "--unified=0", opts.Base, "--", ".")
	if err != nil {
		return fmt.Errorf("diff against base commit %s: %w", ShortSHA(opts.Base), err)
	}
	var added []string
	for file, lines := range AddedText(string(diff)) {
		if manifests[file] || lockfiles[path.Base(file)] {
			continue
		}
		added = append(added, lines...)
	}

	parsers := map[string]Declarer{}
	for _, d := range opts.Ecosystems {
		parsers[d.Name()] = d
	}
	for ei := range r.Ecosystems {
		e := &r.Ecosystems[ei]
		base, present, err := declaredAt(ctx, git, opts, parsers[e.Name], e.Manifests)
		if err != nil {
			return err
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

// declaredAt parses D1 of one ecosystem from its manifests as they were
// at the base commit. present is false when none of them existed there.
func declaredAt(ctx context.Context, git Git, opts BaseOptions, d Declarer, manifests []string) (map[string]string, bool, error) {
	tmp, err := os.MkdirTemp("", "envaudit-base")
	if err != nil {
		return nil, false, err
	}
	defer os.RemoveAll(tmp)
	present := false
	for _, m := range manifests {
		// "./" makes git read the path relative to the current directory.
		data, err := git(ctx, opts.Dir, "show", opts.Base+":./"+m)
		if err != nil {
			continue // not in the base: added by the pull request
		}
		dst := filepath.Join(tmp, filepath.FromSlash(m))
		if !strings.HasPrefix(dst, tmp+string(filepath.Separator)) {
			continue // a manifest path escaping the project: never written
		}
		if err := os.MkdirAll(filepath.Dir(dst), 0o755); err != nil {
			return nil, false, err
		}
		if err := os.WriteFile(dst, data, 0o644); err != nil {
			return nil, false, err
		}
		present = true
	}
	out := map[string]string{}
	if !present || d == nil {
		return out, present, nil
	}
	deps, err := d.Declared(tmp)
	if err != nil {
		return nil, false, fmt.Errorf("parse %s manifests at base commit %s: %w", d.Name(), ShortSHA(opts.Base), err)
	}
	for _, dep := range deps {
		out[dep.Name] = dep.Spec
	}
	return out, true, nil
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
