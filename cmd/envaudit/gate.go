package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"github.com/envaudit/envaudit/audit"
	"github.com/envaudit/envaudit/basecommit"
	"github.com/envaudit/envaudit/baseline"
	"github.com/envaudit/envaudit/ecosystems"
	"github.com/envaudit/envaudit/engine"
	"github.com/envaudit/envaudit/internal/gitcmd"
	"github.com/envaudit/envaudit/policy"
)

// gateFlags are the flags that decide, as the Action decides, which
// findings fail: the repository's .envaudit.yml, a runner baseline and a
// base commit to tell new findings from existing ones.
type gateFlags struct {
	config   string
	noConfig bool
	baseline string
	base     string

	// Set by load, before anything runs:
	cfg      *policy.Config
	enrich   []audit.Enricher // in order, the config last
	inputs   []string         // the files read, which no output may overwrite
	baseSHA  string           // the commit --base names
	baseErr  error            // why the base could not be read, for apply to warn
	notes    []string         // warnings for the report: the configuration the change edits
	compared bool             // set by apply: the findings were compared with the base
}

func (g *gateFlags) register(flags *flag.FlagSet) {
	flags.StringVar(&g.config, "config", "", "read the gating configuration from `FILE`; default .envaudit.yml in DIR, else at the top of its repository")
	flags.BoolVar(&g.noConfig, "no-config", false, "apply no .envaudit.yml: every finding as the audit reports it")
	flags.StringVar(&g.baseline, "baseline", "", "apply the runner baseline in `FILE` (envaudit baseline): hidden packages the machine had before the install steps are told apart")
	flags.StringVar(&g.base, "base", "", "compare with the commit `REV` (a branch, tag or hash), read before the command runs: findings it already had are existing, only new ones fail, and its .envaudit.yml applies unless --config or --no-config is given")
}

// load reads what the flags name for the project in dir, so that a bad
// configuration, baseline or revision fails before the command runs.
func (g *gateFlags) load(ctx context.Context, dir string, ecos []ecosystems.Ecosystem) error {
	if g.noConfig && g.config != "" {
		return usagef("--no-config: not with --config")
	}
	root, err := engine.Root(dir)
	if err != nil {
		return fmt.Errorf("-C: %w", err)
	}
	names := ecosystems.Names(ecos)
	// The base is read first, and all of it before the command runs: its
	// declarations and the lines the change adds, and its configuration,
	// which decides the gate when the flags name none.
	var base *basecommit.Base
	if g.base != "" {
		out, err := gitcmd.Output(ctx, root, "rev-parse", "--verify", "--quiet", "--end-of-options", g.base+"^{commit}")
		if err != nil {
			return usagef("--base: %q is not a commit of the repository in %s", g.base, dir)
		}
		g.baseSHA = strings.TrimSpace(string(out))
		if base, g.baseErr = (basecommit.Comparison{Dir: root, Base: g.baseSHA, Ecosystems: ecos}).Read(ctx, policy.ConfigFile); g.baseErr == nil {
			g.enrich = append(g.enrich, base)
		}
	}
	g.cfg = &policy.Config{}
	path, name := g.config, g.config
	if path == "" && !g.noConfig {
		path, _ = policy.FindConfig(root, engine.RepoTop(root, os.Getenv("GITHUB_WORKSPACE")))
		name = shownPath(path)
	}
	if path != "" {
		if st, err := os.Stat(path); err != nil {
			return fmt.Errorf("--config: %w", err)
		} else if !st.Mode().IsRegular() {
			return fmt.Errorf("--config: %q is not a regular file", path)
		}
		if g.cfg, err = policy.LoadConfig(path, name, names); err != nil {
			return err
		}
		g.inputs = append(g.inputs, path)
	}
	if g.base != "" && g.config == "" && !g.noConfig {
		// With a base, the base's .envaudit.yml gates, as in the Action: a
		// change may not loosen its own gate. What the change edits in it
		// is reported; it takes effect once merged.
		head := g.cfg
		g.cfg = &policy.Config{}
		if base == nil {
			if len(policy.ConfigChanges(nil, head)) > 0 {
				g.notes = append(g.notes, fmt.Sprintf("the configuration at %s could not be read, so no %s applies", g.base, policy.ConfigFile))
			}
		} else if bc := base.Config(); bc != nil {
			if g.cfg, err = policy.ParseConfig(bc.Data, bc.Name, names); err != nil {
				return fmt.Errorf("--base: %s at %s: %w", bc.Name, g.base, err)
			}
		}
		if msg := policy.ChangesMessage(policy.ConfigFile, policy.ConfigChanges(g.cfg, head)); msg != "" && base != nil {
			g.notes = append(g.notes, msg)
		}
	}
	if g.baseline != "" {
		b, err := baseline.Read(g.baseline)
		if err != nil {
			return fmt.Errorf("--baseline: %w", err)
		}
		g.enrich = append(g.enrich, b)
		g.inputs = append(g.inputs, g.baseline)
	}
	g.enrich = append(g.enrich, g.cfg)
	return nil
}

// devTools is the configuration's test runners, for engine.Options.
func (g *gateFlags) devTools(ecosystem string) []string {
	if g.cfg == nil {
		return nil
	}
	return g.cfg.DevTools(ecosystem)
}

// apply runs the enrichers over the finished report, in order. A base
// that cannot be compared is a warning, as in the Action: every finding
// may then fail.
func (g *gateFlags) apply(ctx context.Context, r *audit.Report, stderr io.Writer) {
	if g.baseErr != nil {
		err := fmt.Errorf("findings were not compared with %s, so every one of them can fail: %w", g.base, g.baseErr)
		fmt.Fprintf(stderr, "envaudit: warning: %v\n", err)
		r.Warnings = append(r.Warnings, err.Error())
	}
	for _, n := range g.notes {
		fmt.Fprintf(stderr, "envaudit: warning: %s\n", n)
		r.Warnings = append(r.Warnings, n)
	}
	for _, e := range g.enrich {
		err := e.Enrich(ctx, r)
		_, isBase := e.(*basecommit.Base)
		switch {
		case err == nil:
			g.compared = g.compared || isBase
			continue
		case isBase:
			err = fmt.Errorf("findings were not compared with %s, so every one of them can fail: %w", g.base, err)
		}
		fmt.Fprintf(stderr, "envaudit: warning: %v\n", err)
		r.Warnings = append(r.Warnings, err.Error())
	}
}

// gate is the gate the flags ask for: --fail-on, and with a base that was
// compared, only new findings.
func (g *gateFlags) gate(sel []policy.Selector) policy.Gate {
	return policy.Gate{FailOn: sel, Existing: !g.compared}
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
