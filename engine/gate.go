package engine

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/envaudit/envaudit/audit"
	"github.com/envaudit/envaudit/basecommit"
	"github.com/envaudit/envaudit/baseline"
	"github.com/envaudit/envaudit/ecosystems"
	"github.com/envaudit/envaudit/internal/gitcmd"
	"github.com/envaudit/envaudit/policy"
)

// GateSources name what decides, beside the kinds a front end fails on,
// which findings of a run fail: the project's .envaudit.yml, a runner
// baseline, and a base commit that tells new findings from existing ones.
// The command line's --config, --no-config, --baseline and --base map to
// them one to one.
type GateSources struct {
	// Config is the configuration file to apply; "" looks for
	// .envaudit.yml in the project, else at the top of its repository
	// (policy.FindConfig), unless NoConfig is set. A base commit's own
	// configuration gates instead when Config is "" and Base is set.
	Config string
	// NoConfig applies no configuration: every finding as the audit
	// reports it. It excludes Config.
	NoConfig bool
	// Baseline is a runner baseline file (baseline.Write); "" for none.
	Baseline string
	// Base is a revision of the project's repository (a branch, tag or
	// hash) to compare with; "" for none.
	Base string
	// Workspace is the Actions workspace, the top of the repository when
	// set (RepoTop).
	Workspace string
}

// Source names one of GateSources' inputs in a SourceError.
type Source string

// The sources a SourceError names.
const (
	SourceConfig   Source = "config"
	SourceBaseline Source = "baseline"
	SourceBase     Source = "base"
)

// SourceError is a gate input that cannot be used: a configuration file
// that is missing or not a regular file, a base commit that does not
// exist or whose configuration does not parse, an unreadable baseline.
// It prints as its cause, so that a front end can put the name of its
// own flag or input before it. A configuration that does not parse is
// not one: its error already names the file and line.
type SourceError struct {
	Source Source
	Err    error
}

func (e *SourceError) Error() string { return e.Err.Error() }
func (e *SourceError) Unwrap() error { return e.Err }

// RevisionError is a base revision that names no commit of the project's
// repository: a mistake on the command line rather than a broken input.
type RevisionError struct {
	Rev, Dir string
}

func (e *RevisionError) Error() string {
	return fmt.Sprintf("%q is not a commit of the repository in %s", e.Rev, e.Dir)
}

// Gating is the gate inputs of GateSources, read: everything that could
// fail is read before the project's command runs, which may rewrite the
// checkout and its .git, so a bad input stops the run before it starts
// and the base commit is the one the revision named beforehand.
type Gating struct {
	// Config is the configuration that applies; empty, never nil, when
	// none does.
	Config *policy.Config
	// BaseSHA is the commit Base names; "" without one.
	BaseSHA string

	base     string
	inputs   []string         // the files read
	baseErr  error            // why the base could not be read
	notes    []string         // the configuration the change edits
	enrich   []audit.Enricher // in order, the configuration last
	compared bool             // set by Apply
}

// LoadGating reads the gate inputs src names for the project in dir, whose
// ecosystems are ecos. With a base and no configuration named, the base
// commit's .envaudit.yml gates (BaseConfig), as in the Action: a change
// may not loosen its own gate. A base commit that exists but cannot be
// read is no error: Apply reports it, and every finding may then fail.
func LoadGating(ctx context.Context, dir string, ecos []ecosystems.Ecosystem, src GateSources) (*Gating, error) {
	if src.NoConfig && src.Config != "" {
		return nil, &SourceError{SourceConfig, errors.New("a configuration file and no configuration both asked for")}
	}
	root, err := Root(dir)
	if err != nil {
		return nil, &DirError{Dir: dir, Err: err}
	}
	names := ecosystems.Names(ecos)
	g := &Gating{base: src.Base}
	// The base is read first, and all of it before the command runs: its
	// declarations and the lines the change adds, and its configuration,
	// which decides the gate when src names none.
	var base *basecommit.Base
	if src.Base != "" {
		out, err := gitcmd.Output(ctx, root, "rev-parse", "--verify", "--quiet", "--end-of-options", src.Base+"^{commit}")
		if err != nil {
			return nil, &SourceError{SourceBase, &RevisionError{Rev: src.Base, Dir: dir}}
		}
		g.BaseSHA = strings.TrimSpace(string(out))
		if base, g.baseErr = (basecommit.Comparison{Dir: root, Base: g.BaseSHA, Ecosystems: ecos}).Read(ctx, policy.ConfigFile); g.baseErr == nil {
			g.enrich = append(g.enrich, base)
		}
	}
	path, err := g.loadConfig(root, src, names)
	if err != nil {
		return nil, err
	}
	if path != "" {
		g.inputs = append(g.inputs, path)
	}
	if src.Base != "" && src.Config == "" && !src.NoConfig {
		choice := BaseConfig(g.Config, base, names)
		if choice.Err != nil {
			return nil, &SourceError{SourceBase, fmt.Errorf("%s at %s: %w", choice.Name, src.Base, choice.Err)}
		}
		g.Config = choice.Config
		if choice.Unread {
			g.notes = append(g.notes, fmt.Sprintf("the configuration at %s could not be read, so no %s applies", src.Base, policy.ConfigFile))
		}
		if msg := policy.ChangesMessage(policy.ConfigFile, choice.Changes); msg != "" {
			g.notes = append(g.notes, msg)
		}
	}
	if src.Baseline != "" {
		b, err := baseline.Read(src.Baseline)
		if err != nil {
			return nil, &SourceError{SourceBaseline, err}
		}
		g.enrich = append(g.enrich, b)
		g.inputs = append(g.inputs, src.Baseline)
	}
	g.enrich = append(g.enrich, g.Config)
	return g, nil
}

// loadConfig reads the configuration src names, or the one found for the
// project at root, into g.Config, and returns its path; "" when none
// applies.
func (g *Gating) loadConfig(root string, src GateSources, names []string) (string, error) {
	g.Config = &policy.Config{}
	path, name := src.Config, src.Config
	if path == "" && !src.NoConfig {
		path, _ = policy.FindConfig(root, RepoTop(root, src.Workspace))
		name = shownPath(path)
	}
	if path == "" {
		return "", nil
	}
	if st, err := os.Stat(path); err != nil {
		return "", &SourceError{SourceConfig, err}
	} else if !st.Mode().IsRegular() {
		return "", &SourceError{SourceConfig, fmt.Errorf("%q is not a regular file", path)}
	}
	cfg, err := policy.LoadConfig(path, name, names)
	if err != nil {
		return "", err
	}
	g.Config = cfg
	return path, nil
}

// BaseChoice is the configuration that gates a change compared with its
// base commit (BaseConfig).
type BaseChoice struct {
	// Config applies: the base's, or an empty one when the base has none
	// or could not be read.
	Config *policy.Config
	// Name names the base's configuration file in messages.
	Name string
	// Changes are the settings the change makes to the base's
	// configuration (policy.ConfigChanges), which take effect once it is
	// merged; nil when the base could not be read.
	Changes []string
	// Unread is set when the base could not be read while the change's
	// configuration has settings, none of which then applies.
	Unread bool
	// Err is why the base's configuration does not parse. What then
	// applies is the front end's to decide, and the two decide apart on
	// purpose: the command line refuses to run (its user can fix the
	// file or name another with --config), while the Action, whose base
	// branch the pull request cannot fix, applies no configuration and
	// says why.
	Err error
}

// BaseConfig chooses the configuration that gates a change whose own
// configuration is head, compared with base (nil when the base commit
// could not be read): the base's, never the change's, since a change may
// not loosen its own gate; what the change edits in it takes effect once
// merged. known lists the ecosystem names a configuration may use.
func BaseConfig(head *policy.Config, base *basecommit.Base, known []string) BaseChoice {
	c := BaseChoice{Config: &policy.Config{}, Name: policy.ConfigFile}
	if base == nil {
		c.Unread = len(policy.ConfigChanges(nil, head)) > 0
		return c
	}
	if bc := base.Config(); bc != nil {
		c.Name = bc.Name
		cfg, err := policy.ParseConfig(bc.Data, bc.Name, known)
		if err != nil {
			c.Err = err
			return c
		}
		c.Config = cfg
	}
	c.Changes = policy.ConfigChanges(c.Config, head)
	return c
}

// Inputs are the files read, which no output may overwrite; a nil
// Gating read none.
func (g *Gating) Inputs() []string {
	if g == nil {
		return nil
	}
	return g.inputs
}

// DevTools is the configuration's test runners, for Options.DevTools; a
// nil Gating has none.
func (g *Gating) DevTools(ecosystem string) []string {
	if g == nil {
		return nil
	}
	return g.Config.DevTools(ecosystem)
}

// Apply runs the gate's enrichers over the finished report r, in order:
// the base commit's comparison, the runner baseline, the configuration
// last so that its ignores and severities have the final word. What
// could not be applied, and what the change edits in the configuration,
// is a warning, added to r and returned for the front end to print. A
// base that cannot be compared is one of them: every finding may then
// fail (Gate).
func (g *Gating) Apply(ctx context.Context, r *audit.Report) []string {
	var warnings []string
	warn := func(msg string) {
		warnings = append(warnings, msg)
		r.Warnings = append(r.Warnings, msg)
	}
	if g.baseErr != nil {
		warn(g.notCompared(g.baseErr).Error())
	}
	for _, n := range g.notes {
		warn(n)
	}
	for _, e := range g.enrich {
		err := e.Enrich(ctx, r)
		_, isBase := e.(*basecommit.Base)
		switch {
		case err == nil:
			g.compared = g.compared || isBase
			continue
		case isBase:
			err = g.notCompared(err)
		}
		warn(err.Error())
	}
	return warnings
}

func (g *Gating) notCompared(err error) error {
	return fmt.Errorf("findings were not compared with %s, so every one of them can fail: %w", g.base, err)
}

// Gate is the gate for the kinds failOn selects: with a base that was
// compared (Apply), only new findings fail; with none, or a nil Gating,
// every finding may.
func (g *Gating) Gate(failOn []policy.Selector) policy.Gate {
	return policy.Gate{FailOn: failOn, Existing: g == nil || !g.compared}
}

// shownPath names a file as the user sees it from the working directory
// when it lies below it, else by its absolute path.
func shownPath(path string) string {
	if path == "" {
		return ""
	}
	wd, err := os.Getwd()
	if err != nil {
		return path
	}
	rel, err := filepath.Rel(wd, path)
	if err != nil || strings.HasPrefix(rel, "..") {
		return path
	}
	return filepath.ToSlash(rel)
}
