package action

import (
	"context"
	"fmt"
	"strings"

	"github.com/envaudit/envaudit/basecommit"
	"github.com/envaudit/envaudit/ecosystems"
	"github.com/envaudit/envaudit/engine"
	"github.com/envaudit/envaudit/ghaction"
	"github.com/envaudit/envaudit/internal/markdown"
	"github.com/envaudit/envaudit/policy"
)

// baseState is what the trace phase read of the base commit before the
// test command ran, for the enrich phase.
type baseState struct {
	// sha is the commit compared with, "" for none.
	sha string
	// base is what it says; nil when it could not be read (err says why).
	base *basecommit.Base
	err  error
	// configChanges are the settings the pull request changes in
	// .envaudit.yml, which take effect after merge (policy.ConfigChanges).
	configChanges []string
	// configName names the configuration file in messages.
	configName string
	// noConfig is set when the base commit of a pull request, or its
	// configuration, could not be read (configErr says why when the
	// commit could), so that no configuration applies rather than the
	// pull request's.
	noConfig  bool
	configErr error
}

// readBase reads the base commit — its declarations, the lines the pull
// request adds and, for a pull request, its .envaudit.yml — before
// anything of the pull request runs (the trace phase calls it first): the
// test command may write the checkout and its .git, and the gate belongs
// to the base branch. On a pull request the base's configuration replaces
// the checkout's in r.cfg, which was read by setup and stays only to say
// what the pull request changes in it; on a push the commit pushed is the
// branch's own, and its configuration applies as it is. Nothing is
// printed: the enrich phase reports what happened, after the test
// command's workflow commands are resumed.
func (r *run) readBase(ctx context.Context) {
	pr := ghaction.PullRequestFromEvent(r.ghctx.Event)
	sha := r.base(pr)
	if sha == "" {
		return
	}
	st := &baseState{sha: sha, configName: policy.ConfigFile}
	r.baseState = st
	st.base, st.err = (basecommit.Comparison{Dir: r.absDir, Base: sha, Git: r.git, Ecosystems: r.a.Ecosystems, Fetch: true}).Read(ctx, policy.ConfigFile)
	if pr == nil {
		return
	}
	// The base's configuration gates, as on the command line
	// (engine.BaseConfig). They differ on purpose where the base's file
	// does not parse: the command line refuses to run, while the pull
	// request cannot fix its base branch's file, so here no
	// configuration applies rather than the pull request's, and the
	// enrich phase says why.
	c := engine.BaseConfig(r.cfg, st.base, ecosystems.Names(r.a.Ecosystems))
	r.cfg, st.configName, st.configChanges = c.Config, c.Name, c.Changes
	st.noConfig, st.configErr = c.Unread || c.Err != nil, c.Err
}

// baseNotes reports, in the enrich phase, how the base was read: why the
// findings were not compared, and what the pull request changes in
// .envaudit.yml, in the log, the report's warnings and the summary.
func (r *run) baseNotes(res *Result) {
	st := r.baseState
	if st == nil {
		return
	}
	if st.noConfig {
		msg := fmt.Sprintf("the base commit's %s could not be read, so no %s applies to this pull request", policy.ConfigFile, policy.ConfigFile)
		if st.configErr != nil {
			msg += ": " + st.configErr.Error()
		}
		r.gh.Warningf("envaudit: %s", msg)
		res.Report.Warnings = append(res.Report.Warnings, msg)
	}
	if msg := policy.ChangesMessage(policy.ConfigFile, st.configChanges); msg != "" {
		r.gh.Noticef("envaudit: %s", msg)
		res.Report.Warnings = append(res.Report.Warnings, msg)
		note := fmt.Sprintf("This pull request changes `%s`: the changes take effect after merge, and this check used the base branch's. Settings changed:", markdown.Code(st.configName))
		for _, c := range st.configChanges {
			note += " `" + markdown.Code(c) + "`"
		}
		res.Notes = append(res.Notes, note)
		res.BundleNotes = append(res.BundleNotes, fmt.Sprintf("This pull request changes %s: the changes take effect after merge, and this check used the base branch's. Settings changed: %s.", st.configName, strings.Join(st.configChanges, ", ")))
	}
}
