package action

import (
	"context"
	"errors"
	"fmt"

	"github.com/envaudit/envaudit/baseline"
	"github.com/envaudit/envaudit/ecosystems"
	"github.com/envaudit/envaudit/engine"
	"github.com/envaudit/envaudit/ghaction"
)

// baseline is the run of mode: baseline, after setup: the runner's
// packages recorded before the project's install steps (engine.TakeBaseline),
// written where the audit step will look for them, and named in the
// baseline output.
func (r *run) baseline(ctx context.Context) int {
	b, warnings, err := engine.TakeBaseline(ctx, r.dir, ecosystems.Env{Environ: r.untrusted, Tools: r.tools}, r.a.Ecosystems, r.now())
	var de *engine.DirError
	if errors.As(err, &de) {
		err = fmt.Errorf("working-directory: %w", err)
	}
	if err != nil {
		return r.fail(fmt.Errorf("baseline: %w", err))
	}
	// The ecosystems' tools are the project's (a project's own
	// interpreter): the file commands are put back before envaudit writes
	// to them.
	if _, err := r.restore(); err != nil {
		return r.fail(err)
	}
	for _, w := range warnings {
		fmt.Fprintf(r.stderr, "envaudit: baseline: %s\n", ghaction.CommandData(w))
	}
	if err := baseline.Write(r.baselinePath, b); err != nil {
		return r.fail(err)
	}
	if err := writeOutputs(r.guard, r.getenv("GITHUB_OUTPUT"), map[string]string{"baseline": r.baselinePath}); err != nil {
		return r.fail(err)
	}
	fmt.Fprintf(r.stdout, "envaudit: runner baseline of %s written to %s\n", b.Counts(), r.baselinePath)
	return ExitOK
}
