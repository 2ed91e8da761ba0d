package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"

	"github.com/envaudit/envaudit/audit"
	"github.com/envaudit/envaudit/ecosystems"
	"github.com/envaudit/envaudit/engine"
)

// gateFlags are the flags that decide, as the Action decides, which
// findings fail: the repository's .envaudit.yml, a runner baseline and a
// base commit to tell new findings from existing ones (engine.GateSources).
type gateFlags struct {
	src engine.GateSources
	// Set by load, before anything runs; nil for a command without the
	// flags (demo), which gates every finding.
	*engine.Gating
}

func (g *gateFlags) register(flags *flag.FlagSet) {
	flags.StringVar(&g.src.Config, "config", "", "read the gating configuration from `FILE`; default .envaudit.yml in DIR, else at the top of its repository")
	flags.BoolVar(&g.src.NoConfig, "no-config", false, "apply no .envaudit.yml: every finding as the audit reports it")
	flags.StringVar(&g.src.Baseline, "baseline", "", "apply the runner baseline in `FILE` (envaudit baseline): hidden packages the machine had before the install steps are told apart")
	flags.StringVar(&g.src.Base, "base", "", "compare with the commit `REV` (a branch, tag or hash), read before the command runs: findings it already had are existing, only new ones fail, and its .envaudit.yml applies unless --config or --no-config is given")
}

// sourceFlags are the flags that name each gate input, for its errors.
var sourceFlags = map[engine.Source]string{
	engine.SourceConfig:   "--config",
	engine.SourceBaseline: "--baseline",
	engine.SourceBase:     "--base",
}

// load reads what the flags name for the project in dir, so that a bad
// configuration, baseline or revision fails before the command runs.
func (g *gateFlags) load(ctx context.Context, dir string, ecos []ecosystems.Ecosystem) error {
	if g.src.NoConfig && g.src.Config != "" {
		return usagef("--no-config: not with --config")
	}
	g.src.Workspace = os.Getenv("GITHUB_WORKSPACE")
	var err error
	g.Gating, err = engine.LoadGating(ctx, dir, ecos, g.src)
	var (
		de *engine.DirError
		se *engine.SourceError
		re *engine.RevisionError
	)
	switch {
	case errors.As(err, &de):
		return fmt.Errorf("-C: %w", err)
	case errors.As(err, &se) && errors.As(err, &re):
		return usagef("%s: %v", sourceFlags[se.Source], err)
	case errors.As(err, &se):
		return fmt.Errorf("%s: %w", sourceFlags[se.Source], err)
	}
	return err
}

// apply runs the gate's enrichers over the finished report and prints
// what could not be applied as warnings (engine.Gating.Apply).
func (g *gateFlags) apply(ctx context.Context, r *audit.Report, stderr io.Writer) {
	for _, w := range g.Apply(ctx, r) {
		fmt.Fprintf(stderr, "envaudit: warning: %s\n", w)
	}
}
