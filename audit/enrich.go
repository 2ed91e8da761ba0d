package audit

import "context"

// Enricher is a step that adds to a finished report what the audit itself
// cannot know: the repository's .envaudit.yml (ignored findings, severity
// overrides), the runner baseline (who provided a hidden package), the
// comparison with a base commit (which findings are new). Each front end
// runs the same list of them, in order, before it gates and renders the
// report; the configuration runs last, so its rules see every other
// step's result.
//
// Enrich changes only the findings' annotations (Change, Provenance,
// Ignored, Severity): never which findings there are, so every rendering
// still shows what the audit found. An error leaves the report as it was
// for that step, and the caller decides whether to go on without it.
type Enricher interface {
	Enrich(ctx context.Context, r *Report) error
}
